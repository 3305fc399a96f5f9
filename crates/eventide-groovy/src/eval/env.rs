//! Lexical scopes and closure contexts.
//!
//! A scope is a small vector of (name, value) slots with a parent link. Closures capture the scope
//! they are created in by reference, so writes to captured locals are seen by both sides, as in
//! Groovy. A new scope is only created for blocks that declare variables, for method and closure
//! calls, and per loop iteration when the loop body declares variables.

use std::cell::RefCell;
use std::rc::Rc;

use smallvec::SmallVec;

use super::value::{ClosureBody, Strategy, Value};
use crate::syntax::Name;

/// One lexical scope.
#[derive(Debug, Default)]
pub struct Env {
    vars: RefCell<SmallVec<[Slot; 4]>>,
    parent: Option<Rc<Env>>,
}

/// A variable: its name, value, and the type it was declared with (`int x`, `String s`), to
/// which every later assignment is converted as Groovy converts it (`x = x / 2` keeps `x` an
/// `int`). `None` for `def` and untyped parameters.
#[derive(Debug)]
struct Slot {
    name: Name,
    value: Value,
    ty: Option<Name>,
}

/// What [`Env::assign`] did.
pub enum Assigned {
    Done,
    /// The variable was declared with this type: convert the value and call
    /// [`Env::assign_converted`].
    Typed(Name, Value),
    /// No scope declares the variable; the value comes back.
    Undeclared(Value),
}

#[inline]
fn same_name(a: &Name, b: &str) -> bool {
    std::ptr::eq(a.as_ptr(), b.as_ptr()) && a.len() == b.len() || **a == *b
}

impl Env {
    pub fn root() -> Rc<Env> {
        Rc::new(Env::default())
    }
    pub fn child(parent: &Rc<Env>) -> Rc<Env> {
        Rc::new(Env { vars: RefCell::new(SmallVec::new()), parent: Some(parent.clone()) })
    }
    /// Declares (or redeclares) an untyped variable in this scope.
    pub fn declare(&self, name: Name, v: Value) {
        self.declare_typed(name, v, None)
    }
    /// Declares (or redeclares) a variable in this scope with the type later assignments are
    /// converted to (`None`: any value).
    pub fn declare_typed(&self, name: Name, value: Value, ty: Option<Name>) {
        let mut vars = self.vars.borrow_mut();
        if let Some(slot) = vars.iter_mut().find(|s| same_name(&s.name, &name)) {
            slot.value = value;
            slot.ty = ty;
        } else {
            vars.push(Slot { name, value, ty });
        }
    }
    /// The variables declared in this scope (not its parents'), in declaration order.
    pub fn variables(&self) -> Vec<(Name, Value)> {
        self.vars.borrow().iter().map(|s| (s.name.clone(), s.value.clone())).collect()
    }
    /// The enclosing scope, if any.
    pub fn parent(&self) -> Option<&Rc<Env>> {
        self.parent.as_ref()
    }
    pub fn lookup(&self, name: &str) -> Option<Value> {
        let mut env = self;
        loop {
            if let Some(s) = env.vars.borrow().iter().find(|s| same_name(&s.name, name)) {
                return Some(s.value.clone());
            }
            env = env.parent.as_deref()?;
        }
    }
    /// The declared type of the variable `name` (`None` for an untyped one or none at all).
    pub fn declared_type(&self, name: &str) -> Option<Name> {
        let mut env = self;
        loop {
            if let Some(s) = env.vars.borrow().iter().find(|s| same_name(&s.name, name)) {
                return s.ty.clone();
            }
            env = env.parent.as_deref()?;
        }
    }
    /// Assigns an existing untyped variable; a typed one is left for the caller to convert the
    /// value first ([`Assigned::Typed`]).
    pub fn assign(&self, name: &str, v: Value) -> Assigned {
        let mut env = self;
        loop {
            {
                let mut vars = env.vars.borrow_mut();
                if let Some(slot) = vars.iter_mut().find(|s| same_name(&s.name, name)) {
                    if let Some(ty) = &slot.ty {
                        return Assigned::Typed(ty.clone(), v);
                    }
                    slot.value = v;
                    return Assigned::Done;
                }
            }
            match env.parent.as_deref() {
                Some(p) => env = p,
                None => return Assigned::Undeclared(v),
            }
        }
    }
    /// Assigns an existing variable a value already converted to its type.
    pub fn assign_converted(&self, name: &str, v: Value) {
        let mut env = self;
        loop {
            if let Some(slot) = env.vars.borrow_mut().iter_mut().find(|s| same_name(&s.name, name)) {
                slot.value = v;
                return;
            }
            match env.parent.as_deref() {
                Some(p) => env = p,
                None => return,
            }
        }
    }
    /// Drops the variables of this scope (breaks reference cycles through closures stored in
    /// locals once a call returns and nothing captured the scope).
    pub fn clear_if_unshared(self: &Rc<Env>) {
        let strong = Rc::strong_count(self);
        if strong == 1 {
            self.vars.borrow_mut().clear();
            return;
        }
        // References held only by closures stored in this scope's own variables (a local closure,
        // a recursive closure) form a cycle with it; nothing outside can reach them.
        let internal = {
            let vars = self.vars.borrow();
            vars.iter()
                .filter(|s| match &s.value {
                    Value::Closure(c) if Rc::strong_count(c) == 1 => match &c.body {
                        ClosureBody::Lit { env, .. } => captures(env, self),
                        ClosureBody::Curried { .. } => false,
                    },
                    _ => false,
                })
                .count()
        };
        if internal > 0 && strong == 1 + internal {
            let taken = std::mem::take(&mut *self.vars.borrow_mut());
            drop(taken);
        }
    }
}

/// Whether `env` is `target` or a scope nested in it (only held through that chain).
fn captures(env: &Rc<Env>, target: &Rc<Env>) -> bool {
    let mut cur = Some(env);
    for _ in 0..16 {
        match cur {
            Some(e) if Rc::ptr_eq(e, target) => return true,
            Some(e) => {
                if !Rc::ptr_eq(e, target) && Rc::strong_count(e) > 1 {
                    return false;
                }
                cur = e.parent.as_ref();
            }
            None => return false,
        }
    }
    false
}

/// The delegate chain of the closure being run: its delegate, and the context of the code that
/// created it (the owner).
#[derive(Debug)]
pub struct ClosureCtx {
    pub delegate: Option<Value>,
    pub strategy: Strategy,
    pub parent: Option<Rc<ClosureCtx>>,
}

impl ClosureCtx {
    /// The delegates from the innermost closure outwards.
    pub fn delegates(self: &Rc<ClosureCtx>) -> impl Iterator<Item = (&Value, Strategy)> {
        let mut cur: Option<&ClosureCtx> = Some(self);
        std::iter::from_fn(move || loop {
            let c = cur?;
            cur = c.parent.as_deref();
            if let Some(d) = &c.delegate {
                return Some((d, c.strategy));
            }
        })
    }
}
