//! `state`, `atomicState` and app fields.
//!
//! Each key of `state` is its own shared location, so that handlers touching different keys stay
//! independent for DPOR. A key's location holds what reading the key returns: an absent key and a
//! key holding `null` both read `null`, so storing `null` into an absent key leaves that location
//! as it was. Whether the key is present is recorded apart, as two
//! [settable](eventide_engine::Location::settable) locations per key ([`LocKey::StatePresence`]),
//! `added` and `removed`, plus the map's key set:
//!
//! | operation | `added` | `removed` | key set |
//! |---|---|---|---|
//! | store into a key | set | read | set |
//! | remove a key | read | set | set |
//! | `containsKey` | read | read | – |
//! | whole-map reads (`size()`, `each`, `toString`…) | – | – | read |
//!
//! The same accesses whatever the key's presence: two stores into a key commute (both leave it
//! present), so the lazy initialisation `if (!state.x) state.x = …` that every handler of an app
//! runs conflicts only through the value it reads, not through the key's appearing; a store and a
//! removal of one key conflict; stores and removals of different keys commute with each other and
//! all conflict with whole-map reads. (Recording the presence only when it changes would make a
//! store's accesses depend on the key's presence without reading it, and DPOR would miss orders:
//! the randomized campaign `tests/state_differential.rs` finds such misses.) Reading a key whose
//! value is a list or a map also counts as a write of the key, since the handler may change the
//! value in place; when the transition ends, a write that left its location as it was becomes a
//! read ([`PairSystem`](crate::PairSystem)'s exact accesses), so only a real change conflicts.
//! Whole-map mutations (`clear()`, `putAll`, …) write the key set and every key's value and
//! presence.

use eventide_groovy::eval::{display, EvalError, Interpreter, MapRef, Value};

use super::{LocKey, MapKind, StHost};
use crate::intern::Sym;

/// Methods of a map that do not change it (their closures may still change values in place).
const READ_ONLY: &[&str] = &[
    "size",
    "isEmpty",
    "keySet",
    "values",
    "entrySet",
    "containsValue",
    "toString",
    "inspect",
    "each",
    "eachWithIndex",
    "find",
    "findAll",
    "findResult",
    "collect",
    "collectEntries",
    "any",
    "every",
    "count",
    "groupBy",
    "inject",
    "sort",
    "max",
    "min",
    "sum",
    "getClass",
    "equals",
    "hashCode",
    "asType",
    "subMap",
    "keys",
];

impl StHost<'_> {
    fn state_kind(atomic: bool) -> MapKind {
        if atomic {
            MapKind::Atomic
        } else {
            MapKind::State
        }
    }

    fn state_map(&mut self, app: usize, atomic: bool) -> MapRef {
        self.runtime_map(app, Self::state_kind(atomic))
    }

    pub(crate) fn state_get(&mut self, app: usize, atomic: bool, key: &str) -> Value {
        let k = self.sym(key);
        self.read(LocKey::StateKey { app: app as u8, atomic, key: k });
        let v = match self.runtime_scalar(app, Self::state_kind(atomic), key) {
            Some(Some(scalar)) => return scalar,
            None => None,
            Some(None) => {
                let m = self.state_map(app, atomic);
                let v = m.borrow().get_str(key).cloned();
                v
            }
        };
        match v {
            None => Value::Null,
            Some(v) => {
                if v.may_change_in_place() {
                    self.write(LocKey::StateKey { app: app as u8, atomic, key: k });
                }
                v
            }
        }
    }

    pub(crate) fn state_put(&mut self, app: usize, atomic: bool, key: &str, value: Value) -> Value {
        let k = self.sym(key);
        self.write(LocKey::StateKey { app: app as u8, atomic, key: k });
        let m = self.state_map(app, atomic);
        let prev = m.borrow_mut().insert(Value::str(key), value);
        self.presence_update(app, atomic, k, false);
        prev.unwrap_or(Value::Null)
    }

    /// Records the presence accesses of a store (`removed: false`) or a removal (`removed:
    /// true`) of a key (see the module docs): the same whether or not the key was present.
    fn presence_update(&mut self, app: usize, atomic: bool, key: Sym, removed: bool) {
        let app = app as u8;
        self.set(LocKey::StatePresence { app, atomic, key, removed });
        self.read(LocKey::StatePresence { app, atomic, key, removed: !removed });
        self.set(LocKey::StateKeys { app, atomic });
    }

    fn state_remove(&mut self, app: usize, atomic: bool, key: &str) -> Value {
        let k = self.sym(key);
        self.write(LocKey::StateKey { app: app as u8, atomic, key: k });
        let m = self.state_map(app, atomic);
        let prev = m.borrow_mut().remove(&Value::str(key));
        self.presence_update(app, atomic, k, true);
        prev.unwrap_or(Value::Null)
    }

    /// Records a whole-map access: the key set and every key (writes of values and presence, or
    /// reads plus writes of keys holding collections). A mutating operation calls this before and
    /// after it runs, so keys it adds are recorded too.
    fn state_whole(&mut self, app: usize, atomic: bool, write: bool) {
        let keys_loc = LocKey::StateKeys { app: app as u8, atomic };
        if write {
            self.write(keys_loc);
        } else {
            self.read(keys_loc);
        }
        let m = self.state_map(app, atomic);
        let entries: Vec<(String, bool)> = m
            .borrow()
            .iter()
            .map(|(k, v)| (k.as_str().map(str::to_string).unwrap_or_else(|| k.to_string()), v.may_change_in_place()))
            .collect();
        for (key, collection) in entries {
            let k = self.sym(&key);
            let loc = LocKey::StateKey { app: app as u8, atomic, key: k };
            self.read(loc);
            if write || collection {
                self.write(loc);
            }
            if write {
                for removed in [false, true] {
                    self.write(LocKey::StatePresence { app: app as u8, atomic, key: k, removed });
                }
            }
        }
    }

    /// The state map as a value, after recording a whole-map read (for `toString`).
    pub(crate) fn state_value(&mut self, app: usize, atomic: bool) -> Value {
        self.state_whole(app, atomic, false);
        Value::Map(self.state_map(app, atomic))
    }

    pub(crate) fn state_method(
        &mut self,
        interp: &mut Interpreter,
        app: usize,
        atomic: bool,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        let key = |h: &mut Self, k: &Value| match k.as_str() {
            Some(s) => s.to_string(),
            None => display(h, k),
        };
        Ok(Some(match (name, args.as_slice()) {
            ("getAt" | "get" | "getProperty", [k]) => {
                let k = key(self, k);
                self.state_get(app, atomic, &k)
            }
            ("get", [k, default]) => {
                let k = key(self, k);
                match self.state_get(app, atomic, &k) {
                    Value::Null => default.clone(),
                    v => v,
                }
            }
            ("putAt" | "setProperty", [k, v]) => {
                let k = key(self, k);
                self.state_put(app, atomic, &k, v.clone());
                Value::Null
            }
            ("put", [k, v]) => {
                let k = key(self, k);
                self.state_put(app, atomic, &k, v.clone())
            }
            ("containsKey", [k]) => {
                let k = key(self, k);
                let s = self.sym(&k);
                for removed in [false, true] {
                    self.read(LocKey::StatePresence { app: app as u8, atomic, key: s, removed });
                }
                let m = self.state_map(app, atomic);
                let present = m.borrow().get_str(&k).is_some();
                Value::Bool(present)
            }
            ("remove", [k]) => {
                let k = key(self, k);
                self.state_remove(app, atomic, &k)
            }
            ("iterator", []) => {
                self.state_whole(app, atomic, false);
                Value::Map(self.state_map(app, atomic)).deep_copy()
            }
            ("asBoolean", []) => {
                self.state_whole(app, atomic, false);
                Value::Bool(!self.state_map(app, atomic).borrow().is_empty())
            }
            ("clear", []) => {
                self.state_whole(app, atomic, true);
                self.state_map(app, atomic).borrow_mut().clear();
                Value::Null
            }
            _ => {
                let read_only = READ_ONLY.contains(&name);
                self.state_whole(app, atomic, !read_only);
                let m = self.state_map(app, atomic);
                let r = interp.call_method(self, Value::Map(m.clone()), name, args)?;
                if !read_only {
                    self.state_whole(app, atomic, true);
                }
                // A method that returns the map itself (`each`, `asType(Map)`) hands out a copy:
                // stores through the live map would change `state` with no access recorded.
                match &r {
                    Value::Map(returned) if std::rc::Rc::ptr_eq(returned, &m) => r.deep_copy(),
                    _ => r,
                }
            }
        }))
    }

    /// Reads an app field (a global assigned at run time), if it exists.
    pub(crate) fn field_get(&mut self, app: usize, name: &str) -> Option<Value> {
        let k = self.sym(name);
        self.read(LocKey::Field { app: app as u8, key: k });
        match self.runtime_scalar(app, MapKind::Fields, name) {
            Some(Some(scalar)) => return Some(scalar),
            None => return None,
            Some(None) => {}
        }
        let m = self.runtime_map(app, MapKind::Fields);
        let v = m.borrow().get_str(name).cloned();
        if v.as_ref().is_some_and(Value::may_change_in_place) {
            self.write(LocKey::Field { app: app as u8, key: k });
        }
        v
    }

    pub(crate) fn field_set(&mut self, app: usize, name: &str, value: Value) {
        let k = self.sym(name);
        self.write(LocKey::Field { app: app as u8, key: k });
        let m = self.runtime_map(app, MapKind::Fields);
        m.borrow_mut().insert(Value::str(name), value);
    }
}
