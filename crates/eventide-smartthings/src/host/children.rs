//! Child devices: the devices an app creates with `addChildDevice` (service-manager apps that
//! connect a cloud or LAN service, virtual devices).
//!
//! Each app's children are part of the state (its fourth runtime map: network id → the child's
//! `namespace`, `typeName`, `name`, `label`, `data` and `attributes`), so creating, relabelling,
//! updating the data of and deleting children are state changes, with one shared location per app
//! for DPOR ([`LocKey::Children`]). A child is a generic device: it accepts every command
//! (recorded as an output, changing nothing), its attributes are what `sendEvent(name:, value:)`
//! on it set (else `null`), and the environment produces no events for it (a subscription to it is
//! accepted and never fires). Child apps are not modelled: an app has none (and a child app's
//! `parent` is a stand-in that records calls, see `objects::call_method`).
//!
//! - `addChildDevice(namespace, typeName, networkId[, hubId][, properties])` and
//!   `addChildDevice(typeName, networkId[, hubId][, properties])` (properties: `label`, `name`,
//!   `data`); a network id already in use is the platform's exception;
//! - `getChildDevices()`, `getAllChildDevices()`, `childDevices`, `app.childDevices`: the children
//!   in network id order; `getChildDevice(networkId)`: one, or `null`;
//! - `deleteChildDevice(networkId)`: removes it (nothing when there is none);
//! - on a child: `deviceNetworkId`, `id`, `name`, `label`, `displayName`, `typeName`, `hub`,
//!   `data`, `currentX`, `getDataValue`, `updateDataValue`, `currentValue`, `latestValue`,
//!   `currentState`, `latestState` (a state with `value` and `name`, null before the child sent it),
//!   `sendEvent`, `setLabel`, `setDisplayName` (also as `child.label = ...`), `hasCommand`,
//!   `hasAttribute`.

use std::sync::Arc;

use eventide_groovy::eval::{display, EvalError, GMap, HostRef, Value};

use super::{kind, LocKey, MapKind, StHost};

fn text(h: &mut StHost, v: &Value) -> String {
    match v.as_str() {
        Some(s) => s.to_string(),
        None => display(h, v),
    }
}

fn get(m: &Value, key: &str) -> Value {
    match m {
        Value::Map(m) => m.borrow().get_str(key).cloned().unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// The handle of app `app`'s child with this network id.
fn handle(h: &mut StHost, app: usize, dni: &str) -> Value {
    let sym = h.sym(dni);
    Value::Host(HostRef { kind: kind::CHILD_DEVICE, id: ((app as u32) << 24) | (sym & 0x00FF_FFFF) })
}

/// The app and network id of a child handle.
fn parts(h: &StHost, id: u32) -> (usize, Arc<str>) {
    ((id >> 24) as usize, h.name(id & 0x00FF_FFFF))
}

/// The stored map of a child (a private copy for this transition), if it exists.
fn entry(h: &mut StHost, id: u32) -> Option<Value> {
    let (app, dni) = parts(h, id);
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    let v = m.borrow().get_str(&dni).cloned();
    v
}

/// `addChildDevice(...)`.
pub(super) fn add(h: &mut StHost, args: &[Value]) -> Result<Value, EvalError> {
    let app = h.app();
    let props = args.iter().rev().find(|a| matches!(a, Value::Map(_))).cloned().unwrap_or(Value::Null);
    let positional: Vec<&Value> = args.iter().filter(|a| !matches!(a, Value::Map(_) | Value::Closure(_))).collect();
    let is_hub = |v: &Value| v.is_null() || matches!(v, Value::Host(r) if r.kind == kind::HUB);
    let (namespace, type_name, dni) = match positional.as_slice() {
        [ns, t, d, _, ..] => (Some(*ns), *t, *d),
        [t, d, hub] if is_hub(hub) => (None, *t, *d),
        [ns, t, d] => (Some(*ns), *t, *d),
        [t, d] => (None, *t, *d),
        _ => {
            return Err(super::platform_error(
                "addChildDevice() takes (namespace, typeName, deviceNetworkId, hubId, properties)",
            ))
        }
    };
    if dni.is_null() {
        return Err(super::platform_error("addChildDevice(): the device network id is null"));
    }
    let dni = text(h, dni);
    let type_name = if type_name.is_null() { "Device".to_string() } else { text(h, type_name) };
    let namespace = namespace.filter(|v| !v.is_null()).map(|v| text(h, v));
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    if m.borrow().get_str(&dni).is_some() {
        return Err(EvalError::exception(
            "physicalgraph.exception.ConflictException",
            Some(format!("a device with network id {dni} already exists")),
        ));
    }
    h.write(LocKey::Children(app as u8));
    let name = match get(&props, "name") {
        Value::Null => type_name.clone(),
        v => text(h, &v),
    };
    let label = match get(&props, "label") {
        Value::Null => name.clone(),
        v => text(h, &v),
    };
    let data = match get(&props, "data") {
        Value::Map(d) => {
            let entries: Vec<(Value, Value)> = d.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            let mut out = GMap::with_capacity(entries.len());
            for (k, v) in entries {
                let k = Value::str(&text(h, &k));
                let v = if v.is_null() { Value::Null } else { Value::str(&text(h, &v)) };
                out.insert(k, v);
            }
            Value::new_map(out)
        }
        _ => Value::empty_map(),
    };
    let mut child = GMap::new();
    child.insert(Value::str("namespace"), namespace.as_deref().map_or(Value::Null, Value::str));
    child.insert(Value::str("typeName"), Value::str(&type_name));
    child.insert(Value::str("name"), Value::str(&name));
    child.insert(Value::str("label"), Value::str(&label));
    child.insert(Value::str("data"), data);
    child.insert(Value::str("attributes"), Value::empty_map());
    m.borrow_mut().insert(Value::str(&dni), Value::new_map(child));
    h.outputs.push(format!("addChildDevice: {type_name} {dni} ({label})"));
    Ok(handle(h, app, &dni))
}

/// `getChildDevices()` and its other names: the running app's children, by network id.
pub(super) fn all(h: &mut StHost) -> Value {
    let app = h.app();
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    let mut ids: Vec<String> = m.borrow().keys().filter_map(|k| k.as_str().map(str::to_string)).collect();
    ids.sort();
    Value::new_list(ids.iter().map(|d| handle(h, app, d)).collect())
}

/// `getChildDevice(networkId)`.
pub(super) fn one(h: &mut StHost, dni: &Value) -> Value {
    let app = h.app();
    if dni.is_null() {
        return Value::Null;
    }
    let dni = text(h, dni);
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    let exists = m.borrow().get_str(&dni).is_some();
    if exists {
        handle(h, app, &dni)
    } else {
        Value::Null
    }
}

/// `deleteChildDevice(networkId)`.
pub(super) fn delete(h: &mut StHost, dni: &Value) -> Value {
    let app = h.app();
    let dni = text(h, dni);
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    let removed = m.borrow_mut().remove(&Value::str(&dni)).is_some();
    if removed {
        h.write(LocKey::Children(app as u8));
        h.outputs.push(format!("deleteChildDevice: {dni}"));
    }
    Value::Null
}

/// A property of a child: a known one, else `null` (as for every device).
pub(super) fn property(h: &mut StHost, id: u32, name: &str) -> Option<Value> {
    let (_, dni) = parts(h, id);
    let Some(child) = entry(h, id) else {
        // A deleted child: its handle still names it.
        return Some(match name {
            "deviceNetworkId" | "id" => Value::Str(dni),
            "class" => return None,
            _ => Value::Null,
        });
    };
    Some(match name {
        "deviceNetworkId" | "id" => Value::Str(dni),
        "name" | "typeName" | "type" | "namespace" => get(&child, if name == "type" { "typeName" } else { name }),
        "label" | "displayName" => get(&child, "label"),
        "hub" => Value::Host(HostRef { kind: kind::HUB, id: 0 }),
        "status" => Value::str("ONLINE"),
        "device" => Value::Host(HostRef { kind: kind::CHILD_DEVICE, id }),
        "data" => get(&child, "data").deep_copy(),
        "class" => return None,
        _ => match name.strip_prefix("current").filter(|r| r.chars().next().is_some_and(char::is_uppercase)) {
            Some(rest) => {
                let mut c = rest.chars();
                let attr: String = c.next().map(|f| f.to_lowercase().chain(c).collect()).unwrap_or_default();
                get(&get(&child, "attributes"), &attr)
            }
            None => Value::Null,
        },
    })
}

/// Updates one entry of a child's map (`data`, `attributes`, or a top-level key).
fn update(h: &mut StHost, id: u32, section: Option<&str>, key: &str, value: Value) {
    let (app, dni) = parts(h, id);
    h.read(LocKey::Children(app as u8));
    let m = h.runtime_map(app, MapKind::Children);
    let child = m.borrow().get_str(&dni).cloned();
    let Some(Value::Map(child)) = child else { return };
    let target = match section {
        Some(s) => match child.borrow().get_str(s).cloned() {
            Some(Value::Map(inner)) => inner,
            _ => return,
        },
        None => child.clone(),
    };
    let same = target.borrow().get_str(key).is_some_and(|v| v.state_eq(&value));
    if !same {
        h.write(LocKey::Children(app as u8));
        target.borrow_mut().insert(Value::str(key), value);
    }
}

/// A method of a child. `groovy_answers`: whether Groovy answers the name on every object (then
/// it is not a command).
pub(super) fn method(
    h: &mut StHost,
    id: u32,
    name: &str,
    args: &[Value],
    groovy_answers: bool,
) -> Result<Option<Value>, EvalError> {
    let arg = |h: &mut StHost, i: usize| args.get(i).map(|v| text(h, v));
    Ok(Some(match (name, args) {
        ("getDataValue", [_]) => {
            let key = arg(h, 0).unwrap_or_default();
            entry(h, id).map_or(Value::Null, |c| get(&get(&c, "data"), &key))
        }
        ("updateDataValue", [_, v]) => {
            let key = arg(h, 0).unwrap_or_default();
            let v = if v.is_null() { Value::Null } else { Value::str(&text(h, v)) };
            update(h, id, Some("data"), &key, v);
            Value::Null
        }
        ("currentValue" | "latestValue", [_]) => {
            let key = arg(h, 0).unwrap_or_default();
            entry(h, id).map_or(Value::Null, |c| get(&get(&c, "attributes"), &key))
        }
        // A state of the attribute (`.value`, `.name`), or null when the child never sent it.
        ("currentState" | "latestState", [_]) => {
            let key = arg(h, 0).unwrap_or_default();
            match entry(h, id).map(|c| get(&get(&c, "attributes"), &key)).filter(|v| !v.is_null()) {
                Some(v) => {
                    let value: Arc<str> = text(h, &v).into();
                    h.new_state(key.as_str().into(), value, None, "DEVICE")
                }
                None => Value::Null,
            }
        }
        ("sendEvent", [Value::Map(m)]) => {
            let (n, v) = {
                let m = m.borrow();
                (m.get_str("name").cloned(), m.get_str("value").cloned())
            };
            if let Some(n) = n.filter(|n| !n.is_null()) {
                let n = text(h, &n);
                let v = match v {
                    Some(v) if !v.is_null() => Value::str(&text(h, &v)),
                    _ => Value::Null,
                };
                update(h, id, Some("attributes"), &n, v);
            }
            Value::Null
        }
        ("setLabel" | "setDisplayName", [v]) => {
            let v = Value::str(&text(h, v));
            update(h, id, None, "label", v);
            Value::Null
        }
        ("hasCommand", [_]) => Value::Bool(true),
        ("hasAttribute", [_]) => {
            let key = arg(h, 0).unwrap_or_default();
            Value::Bool(entry(h, id).is_some_and(|c| !get(&get(&c, "attributes"), &key).is_null()))
        }
        _ => {
            let getter = name.strip_prefix("get").filter(|r| r.chars().next().is_some_and(char::is_uppercase));
            if let Some(rest) = getter.filter(|_| args.is_empty()) {
                let mut c = rest.chars();
                let prop: String = c.next().map(|f| f.to_lowercase().chain(c).collect()).unwrap_or_default();
                return Ok(property(h, id, &prop));
            }
            if groovy_answers {
                return Ok(None);
            }
            let label = property(h, id, "label").map(|v| text(h, &v)).unwrap_or_default();
            let shown: Vec<String> = args.iter().map(|a| display(h, a)).collect();
            h.outputs.push(format!("command: {label}.{name}({})", shown.join(", ")));
            Value::Null
        }
    }))
}

/// The readable name of a child (its label, else its network id).
pub(super) fn display_name(h: &mut StHost, id: u32) -> String {
    match property(h, id, "label") {
        Some(Value::Null) | None => parts(h, id).1.to_string(),
        Some(v) => text(h, &v),
    }
}
