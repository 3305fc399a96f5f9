//! The platform's objects: devices, events and device states, `location`,
//! `location.helloHome`, modes, `app`, `log`, `state`/`atomicState`.
//!
//! A name an object does not know is answered with `None`, so the interpreter raises Groovy's
//! `MissingPropertyException` / `MissingMethodException` naming it, located at the call. Devices
//! differ (docs/smartthings.md): an unknown device property reads as `null`; a command that
//! another capability of the catalogue defines is accepted, setting only the attributes the
//! device has, and recorded among the outputs (`unsupported command: ...`); any other method
//! that Groovy does not answer on every object is a custom command the user's device handler may
//! define: recorded among the outputs and in [`StHost::custom_commands`] (a warning of `eventide
//! app`), changing nothing. A `multiple: true` input is a Groovy list of devices (a fresh copy
//! at each read): a method Groovy's lists lack runs on each device ([`list_method`]). Generic devices (no handler, no catalogue entry) accept every command the same way,
//! without a warning.

use eventide_groovy::eval::num::Dec;
use eventide_groovy::eval::{display, parse_json, EvalError, GMap, HostRef, Interpreter, Obj, Tz, Value};

use super::{kind, platform_error, EventObj, LocationAttr, StHost};
use crate::catalogue::{self, AttrKind, Effect, LOCATION_MODES};
use crate::time::{iso, sun_time, CLOCK_MILLIS};

/// Names of routines (`location.helloHome.getPhrases()`).
pub(crate) const PHRASES: &[&str] = &["Goodbye!", "Good Morning!", "Good Night!", "I'm Back!"];

/// Location facts.
const LOCATION_NAME: &str = "Home";
const LOCATION_ID: &str = "location1";

/// The hub's facts (`location.hubs[0]`, `device.hub`, a `hub` input): its properties, which are
/// also its data values (`hub.getDataValue("localIP")`).
const HUB_FACTS: &[(&str, &str)] = &[
    ("id", crate::binding::HUB_ID),
    ("name", "Home Hub"),
    ("displayName", "Home Hub"),
    ("label", "Home Hub"),
    ("type", "PHYSICAL"),
    ("status", "ACTIVE"),
    ("localIP", "192.168.1.2"),
    ("localSrvPortTCP", "39500"),
    ("firmwareVersionString", "000.025.00032"),
    ("zigbeeId", "000D6F0001A2B3C4"),
    ("zigbeeEui", "000D6F0001A2B3C4"),
    ("hardwareID", "000D"),
];

fn hub_value() -> Value {
    Value::Host(HostRef { kind: kind::HUB, id: 0 })
}

fn hub_property(name: &str) -> Option<Value> {
    if let Some((_, v)) = HUB_FACTS.iter().find(|(k, _)| *k == name) {
        return Some(Value::str(v));
    }
    Some(match name {
        "hub" => hub_value(),
        "data" => map_of(&HUB_FACTS.iter().map(|(k, v)| (*k, Value::str(v))).collect::<Vec<_>>()),
        "location" => Value::Host(HostRef { kind: kind::LOCATION, id: 0 }),
        _ => return None,
    })
}

/// Methods Groovy answers on every object (or the interpreter asks hosts for), which are never
/// device commands.
const OBJECT_METHODS: &[&str] = &[
    "toString",
    "inspect",
    "dump",
    "equals",
    "is",
    "hashCode",
    "getClass",
    "asBoolean",
    "isCase",
    "asType",
    "with",
    "tap",
    "identity",
    "invokeMethod",
    "getProperty",
    "setProperty",
    "respondsTo",
    "hasProperty",
    "getMetaClass",
    "getProperties",
    "sleep",
    "println",
    "print",
    "iterator",
    "getAt",
    "putAt",
    "call",
    "compareTo",
    "plus",
    "minus",
    "multiply",
    "div",
    "leftShift",
    "size",
    "length",
    "isEmpty",
    "wait",
    "notifyAll",
];

/// Whether Groovy answers `name` on an object or a list itself (then it is not a device command).
fn groovy_answers(h: &mut StHost, interp: &mut Interpreter, name: &str) -> bool {
    if OBJECT_METHODS.contains(&name) {
        return true;
    }
    let probe = interp.call_method(h, Value::new_list(Vec::new()), "respondsTo", vec![Value::str(name)]);
    matches!(probe, Ok(Value::Bool(true)))
}

/// `name(a, b)` as a command is shown among the outputs.
fn call_text(h: &mut StHost, name: &str, args: &[Value]) -> String {
    let shown: Vec<String> = args.iter().map(|a| display(h, a)).collect();
    format!("{name}({})", shown.join(", "))
}

fn decapitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn map_of(entries: &[(&str, Value)]) -> Value {
    let mut m = GMap::with_capacity(entries.len());
    for (k, v) in entries {
        m.insert(Value::str(k), v.clone());
    }
    Value::new_map(m)
}

/// An attribute's text as apps read it: numbers for numeric attributes.
pub(crate) fn typed(kind: AttrKind, text: &str) -> Value {
    if kind == AttrKind::Number {
        if let Ok(i) = text.parse::<i64>() {
            return match i32::try_from(i) {
                Ok(i) => Value::Int(i),
                Err(_) => Value::Long(i),
            };
        }
        if let Some(d) = Dec::parse(text) {
            return Value::Decimal(d);
        }
    }
    Value::str(text)
}

fn number_format(text: &str) -> EvalError {
    EvalError::exception("java.lang.NumberFormatException", Some(format!("For input string: \"{text}\"")))
}

fn arg_text(h: &mut StHost, v: &Value) -> String {
    match v.as_str() {
        Some(s) => s.to_string(),
        None => display(h, v),
    }
}

// ----------------------------------------------------------------------------------------------
// Properties

pub(super) fn get_property(
    h: &mut StHost,
    _interp: &mut Interpreter,
    obj: HostRef,
    name: &str,
) -> Result<Option<Value>, EvalError> {
    match obj.kind {
        kind::DEVICE => Ok(device_property_or_null(h, obj.id, name)),
        kind::PARENT_APP => Ok(Some(Value::Null)),
        kind::STATE | kind::ATOMIC_STATE => {
            let atomic = obj.kind == kind::ATOMIC_STATE;
            Ok(Some(h.state_get(obj.id as usize, atomic, name)))
        }
        kind::LOCATION => Ok(location_property(h, name)),
        kind::APP => Ok(match name {
            "label" | "name" => Some(Value::Str(app_label(h, obj.id))),
            "id" => Some(Value::str(&format!("app{}", obj.id + 1))),
            "installationState" => Some(Value::str("COMPLETE")),
            "childDevices" | "allChildDevices" => Some(super::children::all(h)),
            "childApps" | "allChildApps" => Some(Value::new_list(Vec::new())),
            _ => None,
        }),
        kind::EVENT => event_property(h, obj.id, name),
        kind::MODE => Ok(match name {
            "name" | "id" | "displayName" => Some(Value::Str(h.name(obj.id))),
            _ => None,
        }),
        kind::HELLO_HOME => Ok(match name {
            "phrases" => Some(phrases()),
            _ => None,
        }),
        kind::HUB => Ok(hub_property(name)),
        kind::CHILD_DEVICE => Ok(super::children::property(h, obj.id, name)),
        kind::PACKAGE if name != "class" => {
            let path = format!("{}.{name}", h.name(obj.id));
            Ok(Some(Value::Host(HostRef { kind: kind::PACKAGE, id: h.sym(&path) })))
        }
        _ => Ok(None),
    }
}

fn app_label(h: &StHost, app: u32) -> eventide_groovy::eval::Str {
    h.world.apps.get(app as usize).map(|a| a.label.clone()).unwrap_or_else(|| "app".into())
}

fn phrases() -> Value {
    Value::new_list(
        PHRASES
            .iter()
            .enumerate()
            .map(|(i, p)| map_of(&[("id", Value::str(&format!("phrase{}", i + 1))), ("label", Value::str(p))]))
            .collect(),
    )
}

/// A property read on a device: a known property, else `null`. The platform's devices resolve
/// property names dynamically (`currentX`, `xState`); a name that resolves to nothing reads as
/// `null` rather than failing (`openSensor.latestValue`, logged by an app on every event).
/// `class` is left to the interpreter.
fn device_property_or_null(h: &mut StHost, d: u32, name: &str) -> Option<Value> {
    h.device(d)?;
    match device_property(h, d, name) {
        Some(v) => Some(v),
        None if name == "class" => None,
        None => Some(Value::Null),
    }
}

fn device_property(h: &mut StHost, d: u32, name: &str) -> Option<Value> {
    let device = h.device(d)?;
    Some(match name {
        "displayName" | "label" | "name" | "id" | "deviceNetworkId" => Value::Str(device.name.clone()),
        "typeName" | "type" => match &device.handler {
            Some(handler) => Value::str(handler),
            None => Value::str(&format!("Simulated {}", device.capabilities.first().unwrap_or(&"Device"))),
        },
        "hub" => Value::Host(HostRef { kind: kind::HUB, id: 0 }),
        "status" => Value::str("ONLINE"),
        "capabilities" => Value::new_list(
            device.capabilities.iter().map(|c| map_of(&[("name", Value::str(&capability_display_name(c)))])).collect(),
        ),
        "supportedAttributes" => Value::new_list(
            device
                .attributes
                .iter()
                .map(|a| a.name)
                .chain(device.declared_attributes.iter().copied())
                .map(|a| map_of(&[("name", Value::str(a))]))
                .collect(),
        ),
        "supportedCommands" => {
            Value::new_list(device.commands().iter().map(|c| map_of(&[("name", Value::str(c))])).collect())
        }
        "currentStates" => {
            let attrs: Vec<&str> = device.attributes.iter().map(|a| a.name).collect();
            Value::new_list(attrs.into_iter().map(|a| h.state_object(d, a)).collect())
        }
        "lastActivity" => Value::Date(CLOCK_MILLIS),
        "device" => Value::Host(HostRef { kind: kind::DEVICE, id: d }),
        _ => {
            if let Some(rest) =
                name.strip_prefix("current").filter(|r| r.chars().next().is_some_and(char::is_uppercase))
            {
                let attr = decapitalize(rest);
                return Some(match h.attr_text(d, &attr) {
                    Some((text, kind)) => typed(kind, &text),
                    None => Value::Null,
                });
            }
            if let Some(attr) = name.strip_suffix("State") {
                if device.attribute(attr).is_some() {
                    return Some(h.state_object(d, attr));
                }
            }
            return None;
        }
    })
}

fn location_property(h: &mut StHost, name: &str) -> Option<Value> {
    Some(match name {
        "mode" => {
            let mode = h.location_attr(LocationAttr::Mode);
            Value::Str(h.name(mode))
        }
        "currentMode" => Value::Host(HostRef { kind: kind::MODE, id: h.location_attr(LocationAttr::Mode) }),
        "modes" => {
            let ids: Vec<u32> = LOCATION_MODES.iter().map(|m| h.sym(m)).collect();
            Value::new_list(ids.into_iter().map(|id| Value::Host(HostRef { kind: kind::MODE, id })).collect())
        }
        "timeZone" => Value::obj(Obj::TimeZone(Tz::UTC)),
        "name" => Value::str(LOCATION_NAME),
        "id" => Value::str(LOCATION_ID),
        "latitude" => Value::Decimal(Dec::parse("40.7128").unwrap_or_else(Dec::zero)),
        "longitude" => Value::Decimal(Dec::parse("-74.0060").unwrap_or_else(Dec::zero)),
        "zipCode" => Value::str("10001"),
        "contactBookEnabled" => Value::Bool(false),
        "temperatureScale" => Value::str("F"),
        "channelName" => Value::str("production"),
        "helloHome" => Value::Host(HostRef { kind: kind::HELLO_HOME, id: 0 }),
        "hubs" => Value::new_list(vec![hub_value()]),
        "location" => Value::Host(HostRef { kind: kind::LOCATION, id: 0 }),
        _ => return None,
    })
}

fn event_property(h: &mut StHost, id: u32, name: &str) -> Result<Option<Value>, EvalError> {
    let Some(e) = h.event_obj(id).cloned() else { return Ok(None) };
    let display_name = match e.device.and_then(|d| h.device(d)) {
        Some(d) => d.name.clone(),
        None if e.source == "APP" => app_label(h, h.app() as u32),
        None => LOCATION_NAME.into(),
    };
    let number = |e: &EventObj| Dec::parse(e.value.trim()).ok_or_else(|| number_format(&e.value));
    Ok(Some(match name {
        "name" => Value::Str(e.name.clone()),
        "value" | "stringValue" => Value::Str(e.value.clone()),
        "displayName" | "linkText" => Value::Str(display_name),
        "descriptionText" | "description" => Value::str(&format!("{display_name} {} is {}", e.name, e.value)),
        "device" => e.device.map_or(Value::Null, |d| Value::Host(HostRef { kind: kind::DEVICE, id: d })),
        "deviceId" => e.device.and_then(|d| h.device(d)).map_or(Value::Null, |d| Value::Str(d.name.clone())),
        "date" | "dateValue" | "dateCreated" | "rawDateCreated" => Value::Date(CLOCK_MILLIS),
        "isoDate" => Value::str(&iso(CLOCK_MILLIS)),
        "unixTime" => Value::Long(CLOCK_MILLIS),
        "source" => Value::str(e.source),
        "numericValue" | "numberValue" => Value::Decimal(number(&e)?),
        "doubleValue" => Value::Double(number(&e)?.to_f64()),
        "floatValue" => Value::Float(number(&e)?.to_f64() as f32),
        "integerValue" => Value::Int(number(&e)?.to_f64() as i32),
        "longValue" => Value::Long(number(&e)?.to_f64() as i64),
        "jsonValue" => parse_json(&e.value)?,
        "jsonData" => match &e.data {
            Some(data) => parse_json(data)?,
            None => Value::Null,
        },
        "data" => e.data.clone().map_or(Value::Null, Value::Str),
        "xyzValue" => {
            let parts: Vec<i32> = e.value.split(',').filter_map(|p| p.trim().parse().ok()).collect();
            match parts.as_slice() {
                [x, y, z] => map_of(&[("x", Value::Int(*x)), ("y", Value::Int(*y)), ("z", Value::Int(*z))]),
                _ => Value::Null,
            }
        }
        "unit" | "installedSmartAppId" | "type" => Value::Null,
        "location" => Value::Host(HostRef { kind: kind::LOCATION, id: 0 }),
        "locationId" => Value::str(LOCATION_ID),
        "hubId" => Value::str("hub1"),
        // Decided by what the event is, not by when it was made: every explorer sees one id.
        "id" => Value::str(&format!("event-{:016x}", {
            use std::hash::{Hash, Hasher};
            let mut hasher = rustc_hash::FxHasher::default();
            e.hash(&mut hasher);
            hasher.finish()
        })),
        "isStateChange" | "stateChange" => Value::Bool(true),
        "physical" => Value::Bool(e.physical),
        "digital" => Value::Bool(!e.physical),
        _ => return Ok(None),
    }))
}

pub(super) fn set_property(
    h: &mut StHost,
    _interp: &mut Interpreter,
    obj: HostRef,
    name: &str,
    value: Value,
) -> Result<bool, EvalError> {
    match obj.kind {
        kind::STATE | kind::ATOMIC_STATE => {
            h.state_put(obj.id as usize, obj.kind == kind::ATOMIC_STATE, name, value);
            Ok(true)
        }
        kind::LOCATION if name == "mode" => {
            let m = arg_text(h, &value);
            h.set_mode(&m)?;
            Ok(true)
        }
        // `child.label = "Kitchen"`, as `child.setLabel("Kitchen")`.
        kind::CHILD_DEVICE if matches!(name, "label" | "displayName") => {
            super::children::method(h, obj.id, "setLabel", &[value], false)?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

// ----------------------------------------------------------------------------------------------
// Methods

pub(super) fn call_method(
    h: &mut StHost,
    interp: &mut Interpreter,
    obj: HostRef,
    name: &str,
    args: Vec<Value>,
) -> Result<Option<Value>, EvalError> {
    match obj.kind {
        kind::DEVICE => device_method(h, interp, obj.id, name, args),
        kind::STATE | kind::ATOMIC_STATE => {
            h.state_method(interp, obj.id as usize, obj.kind == kind::ATOMIC_STATE, name, args)
        }
        kind::LOCATION => location_method(h, interp, name, args),
        kind::LOG => Ok(match name {
            "debug" | "info" | "warn" | "error" | "trace" => Some(Value::Null),
            _ => None,
        }),
        kind::HELLO_HOME => Ok(match (name, args.as_slice()) {
            ("execute", [phrase, ..]) => {
                let p = arg_text(h, phrase);
                h.outputs.push(format!("routine: {p}"));
                Some(Value::Null)
            }
            ("getPhrases", []) => Some(phrases()),
            _ => None,
        }),
        kind::APP => Ok(match name {
            "updateLabel" | "updateSetting" | "clearSetting" | "removeSetting" => Some(Value::Null),
            _ => getter(h, interp, obj, name, &args)?,
        }),
        kind::EVENT => Ok(match name {
            "isStateChange" => Some(Value::Bool(true)),
            "isPhysical" | "isDigital" => {
                let physical = h.event_obj(obj.id).is_some_and(|e| e.physical);
                Some(Value::Bool(if name == "isPhysical" { physical } else { !physical }))
            }
            _ => getter(h, interp, obj, name, &args)?,
        }),
        kind::MODE => getter(h, interp, obj, name, &args),
        kind::HUB => Ok(match (name, args.as_slice()) {
            ("getDataValue", [key]) => {
                let key = arg_text(h, key);
                Some(HUB_FACTS.iter().find(|(k, _)| *k == key).map_or(Value::Null, |(_, v)| Value::str(v)))
            }
            _ => getter(h, interp, obj, name, &args)?,
        }),
        kind::HUB_ACTION => Ok(None),
        // A child app's parent is not installed: a call to it is recorded and answers null.
        kind::PARENT_APP if OBJECT_METHODS.contains(&name) => Ok(None),
        kind::PARENT_APP => {
            let parent = h.parent_app(obj.id as usize).unwrap_or_default();
            let shown: Vec<String> = args.iter().map(|a| display(h, a)).collect();
            h.outputs.push(format!("parent app {parent}: {name}({})", shown.join(", ")));
            Ok(Some(Value::Null))
        }
        kind::CHILD_DEVICE => {
            let answers = groovy_answers(h, interp, name);
            super::children::method(h, obj.id, name, &args, answers)
        }
        _ => Ok(None),
    }
}

/// `getFoo()` as the property `foo`.
fn getter(
    h: &mut StHost,
    interp: &mut Interpreter,
    obj: HostRef,
    name: &str,
    args: &[Value],
) -> Result<Option<Value>, EvalError> {
    match name.strip_prefix("get").filter(|r| r.chars().next().is_some_and(char::is_uppercase)) {
        Some(rest) if args.is_empty() => get_property(h, interp, obj, &decapitalize(rest)),
        _ => Ok(None),
    }
}

fn location_method(
    h: &mut StHost,
    interp: &mut Interpreter,
    name: &str,
    args: Vec<Value>,
) -> Result<Option<Value>, EvalError> {
    // The mode and the Smart Home Monitor's status: their value, or a state with it.
    if let ("currentValue" | "currentState", [a]) = (name, args.as_slice()) {
        if let Some(attr) = a.as_str().and_then(LocationAttr::named) {
            let value = h.location_attr(attr);
            let value = h.name(value);
            if name == "currentValue" {
                return Ok(Some(Value::Str(value)));
            }
            return Ok(Some(h.new_state(attr.name().into(), value, None, "LOCATION")));
        }
    }
    Ok(Some(match (name, args.as_slice()) {
        ("setMode", [m]) => {
            if m.is_null() {
                return Err(platform_error("setMode(null): no such mode"));
            }
            let m = arg_text(h, m);
            h.set_mode(&m)?;
            Value::Null
        }
        ("currentValue", [attr]) => attr.as_str().and_then(sun_time).map_or(Value::Null, |t| Value::str(&t)),
        // The location has no other attribute.
        ("currentState", [_]) => Value::Null,
        _ => return getter(h, interp, HostRef { kind: kind::LOCATION, id: 0 }, name, &args),
    }))
}

fn device_method(
    h: &mut StHost,
    interp: &mut Interpreter,
    d: u32,
    name: &str,
    args: Vec<Value>,
) -> Result<Option<Value>, EvalError> {
    let Some(device) = h.device(d) else { return Ok(None) };
    let attr_arg = |h: &mut StHost, args: &[Value]| args.first().map(|a| arg_text(h, a));
    Ok(Some(match name {
        "currentValue" | "latestValue" => match attr_arg(h, &args) {
            Some(attr) => match h.attr_text(d, &attr) {
                Some((text, kind)) => typed(kind, &text),
                None => Value::Null,
            },
            None => return Err(platform_error(format!("{name}() needs an attribute name"))),
        },
        "currentState" | "latestState" => match attr_arg(h, &args) {
            Some(attr) => h.state_object(d, &attr),
            None => return Err(platform_error(format!("{name}() needs an attribute name"))),
        },
        "statesSince" | "statesBetween" => match attr_arg(h, &args) {
            Some(attr) => match h.state_object(d, &attr) {
                Value::Null => Value::new_list(Vec::new()),
                s => Value::new_list(vec![s]),
            },
            None => return Err(platform_error(format!("{name}() needs an attribute name"))),
        },
        "eventsSince" | "eventsBetween" | "events" => {
            let attrs: Vec<&str> = device.attributes.iter().map(|a| a.name).collect();
            let mut out = Vec::with_capacity(attrs.len());
            for a in attrs {
                if let Some((value, _)) = h.attr_text(d, a) {
                    let data = (a == "button").then(|| std::sync::Arc::from(super::BUTTON_DATA));
                    out.push(h.new_event(EventObj {
                        name: a.into(),
                        value,
                        device: Some(d),
                        source: "DEVICE",
                        is_state: false,
                        data,
                        physical: true,
                    }));
                }
            }
            Value::new_list(out)
        }
        "hasCapability" => {
            let c = attr_arg(h, &args).unwrap_or_default().replace(' ', "");
            Value::Bool(device.has_capability(&c))
        }
        "hasAttribute" => {
            let a = attr_arg(h, &args).unwrap_or_default();
            Value::Bool(device.has_attribute(&a))
        }
        "hasCommand" => {
            let c = attr_arg(h, &args).unwrap_or_default();
            Value::Bool(device.has_command(&c) || catalogue::UNIVERSAL_COMMANDS.contains(&c.as_str()))
        }
        "getDataValue" | "updateDataValue" => Value::Null,
        _ if catalogue::UNIVERSAL_COMMANDS.contains(&name) => Value::Null,
        _ if device.commands.contains(&name) => {
            command(h, d, name, args)?;
            h.command_sent(d, name)?;
            Value::Null
        }
        _ => {
            let getter = name.strip_prefix("get").filter(|r| r.chars().next().is_some_and(char::is_uppercase));
            if let Some(rest) = getter.filter(|_| args.is_empty()) {
                if let Some(v) = device_property(h, d, &decapitalize(rest)) {
                    return Ok(Some(v));
                }
            }
            if name.starts_with("current") && args.is_empty() {
                return Ok(device_property(h, d, name));
            }
            if groovy_answers(h, interp, name) {
                return Ok(None);
            }
            if device.generic {
                let call = call_text(h, name, &args);
                h.outputs.push(format!("command: {}.{call}", device.name));
            } else if catalogue::is_catalogue_command(name) {
                unsupported_command(h, d, name, args)?;
            } else {
                custom_command(h, interp, d, name, &args);
            }
            h.command_sent(d, name)?;
            return Ok(Some(Value::Null));
        }
    }))
}

/// A method no capability of the device defines and Groovy does not answer (`resumeThisTstat()`
/// on a thermostat): the user's device handler may define it, as SmartThings forwards any method
/// of a device to its handler. It is recorded among the outputs and as a warning
/// ([`StHost::custom_commands`]) and changes no attribute.
fn custom_command(h: &mut StHost, interp: &Interpreter, d: u32, name: &str, args: &[Value]) {
    let Some(device) = h.device(d) else { return };
    let call = call_text(h, name, args);
    let caps = if device.capabilities.is_empty() { "none".to_string() } else { device.capabilities.join(", ") };
    h.outputs.push(format!(
        "custom command: {}.{call} (not a command of its capabilities: {caps}; a device handler may define it) changes nothing",
        device.name
    ));
    let position = interp.call_site().map(|lc| eventide_engine::SourcePosition {
        file: interp.file().name().to_string(),
        line: lc.line,
        column: lc.column,
    });
    let entry = super::CustomCommand { device: device.name.to_string(), command: name.to_string(), position };
    if !h.custom_commands.contains(&entry) {
        h.custom_commands.push(entry);
    }
}

/// Runs a device command: every attribute it sets is an app write; changes dispatch nested
/// events. Options maps (`[delay: 1000]`) are dropped: delayed commands run at once.
fn command(h: &mut StHost, d: u32, name: &str, args: Vec<Value>) -> Result<(), EvalError> {
    let Some(device) = h.device(d) else { return Ok(()) };
    if device.is_custom_command(name) {
        // A command of the device's handler that no capability defines: recorded, no effect.
        let call = call_text(h, name, &args);
        h.outputs.push(format!("command: {}.{call}", device.name));
        return Ok(());
    }
    let rows = device.capabilities.iter().flat_map(|cap| catalogue::commands_of(cap, name));
    let effects = distinct_effects(rows);
    apply_effects(h, d, &effects, &args)
}

/// A command the device's capabilities do not define but another capability of the catalogue
/// does (`on()` sent to a contact sensor, `setColor()` to a dimmer): the device accepts it, as the
/// device a user selects for the input would (real devices implement more capabilities than the
/// one an input asks for). The command sets those of its attributes that the device has (a
/// dimmer's `level` for `setColor`) and nothing else; the call is recorded among the outputs.
fn unsupported_command(h: &mut StHost, d: u32, name: &str, args: Vec<Value>) -> Result<(), EvalError> {
    let Some(device) = h.device(d) else { return Ok(()) };
    let mut effects: Vec<Effect> = Vec::new();
    let mut set: Vec<&str> = Vec::new();
    for e in distinct_effects(catalogue::command_rows_named(name)) {
        let has: Vec<&str> = effect_attributes(&e).into_iter().filter(|a| device.attribute(a).is_some()).collect();
        if !has.is_empty() {
            set.extend(has);
            effects.push(e);
        }
    }
    let what = if set.is_empty() { "changes nothing".to_string() } else { format!("sets {}", set.join(", ")) };
    h.outputs.push(format!(
        "unsupported command: {}.{name}() (capabilities: {}) {what}",
        device.name,
        device.capabilities.join(", ")
    ));
    apply_effects(h, d, &effects, &args)
}

/// The attributes an effect may set.
fn effect_attributes(e: &Effect) -> Vec<&'static str> {
    match *e {
        Effect::Set(a, _) | Effect::Arg(a, _) => vec![a],
        Effect::Color => vec!["hue", "saturation", "level", "color"],
    }
}

/// The effects of command rows, each attribute once (the first row that sets it wins).
fn distinct_effects<'r>(rows: impl Iterator<Item = &'r catalogue::CommandRow>) -> Vec<Effect> {
    let mut effects: Vec<Effect> = Vec::new();
    for row in rows {
        for e in row.effects {
            if !effects.iter().any(|x| effect_attributes(x) == effect_attributes(e)) {
                effects.push(*e);
            }
        }
    }
    effects
}

/// Applies a command's effects to a device (attributes the device does not have are skipped).
fn apply_effects(h: &mut StHost, d: u32, effects: &[Effect], args: &[Value]) -> Result<(), EvalError> {
    let is_options = |v: &Value| match v {
        Value::Map(m) => m.borrow().get_str("delay").is_some(),
        _ => false,
    };
    let positional: Vec<Value> = args.iter().filter(|v| !is_options(v)).cloned().collect();
    for &effect in effects {
        match effect {
            Effect::Set(attr, value) => h.set_attribute(d, attr, value)?,
            Effect::Arg(attr, i) => {
                if let Some(v) = positional.get(i).filter(|v| !v.is_null()) {
                    let text = arg_text(h, v);
                    h.set_attribute(d, attr, &text)?;
                }
            }
            Effect::Color => {
                let Some(Value::Map(m)) = positional.first() else {
                    return Err(platform_error("setColor() needs a map such as [hue: 50, saturation: 100]"));
                };
                let entries: Vec<(String, Value)> =
                    m.borrow().iter().filter_map(|(k, v)| k.as_str().map(|k| (k.to_string(), v.clone()))).collect();
                for key in ["hue", "saturation", "level"] {
                    if let Some((_, v)) = entries.iter().find(|(k, v)| k == key && !v.is_null()) {
                        let text = arg_text(h, v);
                        h.set_attribute(d, key, &text)?;
                    }
                }
                let color = match entries.iter().find(|(k, v)| (k == "hex" || k == "color") && !v.is_null()) {
                    Some((_, v)) => arg_text(h, v),
                    None => display(h, &positional[0]),
                };
                h.set_attribute(d, "color", &color)?;
            }
        }
    }
    Ok(())
}

/// A method Groovy's lists do not answer, called on a list whose elements are all devices (or
/// device inputs): `(switches + moreSwitches).on()`, `[lamp, fan]*.off()` written without the
/// spread. The platform sends it to each device, as it does for a `multiple: true` input; the
/// result is the list of the devices' results. `None` when an element is not a device, or the
/// first device does not answer the method either.
pub(super) fn list_method(
    h: &mut StHost,
    interp: &mut Interpreter,
    items: &[Value],
    name: &str,
    args: &[Value],
) -> Result<Option<Value>, EvalError> {
    let devices: Option<Vec<u32>> = items
        .iter()
        .map(|item| match item {
            Value::Host(r) if r.kind == kind::DEVICE => Some(r.id),
            _ => None,
        })
        .collect();
    let Some(devices) = devices.filter(|d| !d.is_empty()) else { return Ok(None) };
    let mut results = Vec::with_capacity(devices.len());
    for d in devices {
        match device_method(h, interp, d, name, args.to_vec())? {
            Some(v) => results.push(v),
            None if results.is_empty() => return Ok(None),
            None => results.push(Value::Null),
        }
    }
    Ok(Some(Value::new_list(results)))
}

// ----------------------------------------------------------------------------------------------
// Names

pub(super) fn class_name(h: &StHost, obj: HostRef) -> String {
    match obj.kind {
        kind::DEVICE => "physicalgraph.app.DeviceWrapper",
        kind::STATE | kind::ATOMIC_STATE => "physicalgraph.app.StateWrapper",
        kind::LOCATION => "physicalgraph.app.LocationWrapper",
        kind::APP | kind::PARENT_APP => "physicalgraph.app.InstalledSmartAppWrapper",
        kind::LOG => "physicalgraph.app.LogWrapper",
        kind::EVENT => match h.event_obj(obj.id) {
            Some(e) if e.is_state => "physicalgraph.app.StateWrapper",
            _ => "physicalgraph.app.EventWrapper",
        },
        kind::MODE => "physicalgraph.app.ModeWrapper",
        kind::HELLO_HOME => "physicalgraph.app.HelloHomeWrapper",
        kind::HUB_ACTION => "physicalgraph.device.HubAction",
        kind::HUB => "physicalgraph.app.HubWrapper",
        kind::CHILD_DEVICE => "physicalgraph.app.DeviceWrapper",
        kind::PACKAGE => return h.name(obj.id).to_string(),
        _ => "java.lang.Object",
    }
    .to_string()
}

pub(super) fn display_object(h: &mut StHost, obj: HostRef) -> String {
    match obj.kind {
        kind::DEVICE => h.device(obj.id).map(|d| d.name.to_string()).unwrap_or_default(),
        kind::STATE | kind::ATOMIC_STATE => {
            // `state` may hold itself (`state.me = state`): show the inner one by name.
            if h.displaying_state {
                return if obj.kind == kind::STATE { "state" } else { "atomicState" }.to_string();
            }
            h.displaying_state = true;
            let v = h.state_value(obj.id as usize, obj.kind == kind::ATOMIC_STATE);
            let text = eventide_groovy::eval::display(h, &v);
            h.displaying_state = false;
            text
        }
        kind::LOCATION => LOCATION_NAME.to_string(),
        kind::APP => app_label(h, obj.id).to_string(),
        kind::PARENT_APP => h.parent_app(obj.id as usize).unwrap_or_default().to_string(),
        kind::LOG => "log".to_string(),
        kind::EVENT => match h.event_obj(obj.id) {
            Some(e) if e.is_state => e.value.to_string(),
            Some(e) => format!("{}: {}", e.name, e.value),
            None => "event".to_string(),
        },
        kind::MODE => h.name(obj.id).to_string(),
        kind::HELLO_HOME => "helloHome".to_string(),
        kind::HUB_ACTION => "HubAction".to_string(),
        kind::HUB => crate::binding::HUB_ID.to_string(),
        kind::CHILD_DEVICE => super::children::display_name(h, obj.id),
        // An enum constant shows its name (`LAN`).
        kind::PACKAGE => h.name(obj.id).rsplit('.').next().unwrap_or_default().to_string(),
        _ => "object".to_string(),
    }
}

/// The name the platform gives a capability (`switchLevel` is `Switch Level`, `pHMeasurement`
/// `pH Measurement`): words split where a capital starts one, the first capitalised.
fn capability_display_name(id: &str) -> String {
    let cs: Vec<char> = id.chars().collect();
    let mut out = String::with_capacity(id.len() + 4);
    for (i, &c) in cs.iter().enumerate() {
        if i == 0 {
            if cs.get(1).is_some_and(|n| n.is_uppercase()) {
                out.push(c);
            } else {
                out.extend(c.to_uppercase());
            }
            continue;
        }
        let starts_word = c.is_uppercase()
            && i > 1
            && (cs[i - 1].is_lowercase()
                || (cs[i - 1].is_uppercase() && cs.get(i + 1).is_some_and(|n| n.is_lowercase())));
        if starts_word {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::capability_display_name;

    #[test]
    fn capability_names_read_as_the_platform_gives_them() {
        for (id, name) in [
            ("switch", "Switch"),
            ("switchLevel", "Switch Level"),
            ("relativeHumidityMeasurement", "Relative Humidity Measurement"),
            ("pHMeasurement", "pH Measurement"),
            ("carbonMonoxideDetector", "Carbon Monoxide Detector"),
        ] {
            assert_eq!(capability_display_name(id), name);
        }
    }
}
