//! The platform's global functions: the preferences DSL, subscriptions, scheduling, location
//! modes, messaging and HTTP (recorded, never sent), time helpers and JSON.
//!
//! A function the platform does not know returns `None`: the interpreter then raises
//! `MissingMethodException` naming the call, located at the call site.

use eventide_groovy::eval::{display, parse_json, EvalError, GMap, HostRef, Interpreter, Value};

use super::{handler_name, kind, platform_error, StHost, SubKey, SubSource};
use crate::app::InputDecl;
use crate::binding::BoundValue;
use crate::time;

/// Arguments split into the named-argument map, the positional values and a trailing closure.
struct Args {
    named: Option<Value>,
    positional: Vec<Value>,
    closure: Option<Value>,
}

fn split(args: Vec<Value>) -> Args {
    let mut named = None;
    let mut positional = Vec::new();
    let mut closure = None;
    let n = args.len();
    for (i, a) in args.into_iter().enumerate() {
        match a {
            Value::Map(_) if named.is_none() => named = Some(a),
            Value::Closure(_) if i + 1 == n => closure = Some(a),
            other => positional.push(other),
        }
    }
    Args { named, positional, closure }
}

impl Args {
    fn get(&self, key: &str) -> Option<Value> {
        match &self.named {
            Some(Value::Map(m)) => m.borrow().get_str(key).cloned(),
            _ => None,
        }
    }
}

fn text(h: &mut StHost, v: &Value) -> String {
    match v.as_str() {
        Some(s) => s.to_string(),
        None => display(h, v),
    }
}

fn option_value(v: &Value) -> BoundValue {
    match v {
        Value::Int(_) | Value::Long(_) => BoundValue::Integer(v.as_i64().unwrap_or(0)),
        Value::Decimal(d) => BoundValue::Decimal(d.to_string()),
        Value::Double(d) => BoundValue::Decimal(d.to_string()),
        Value::Bool(b) => BoundValue::Bool(*b),
        Value::Map(m) => match m.borrow().iter().next() {
            Some((k, _)) => option_value(k),
            None => BoundValue::Null,
        },
        Value::Null => BoundValue::Null,
        other => BoundValue::Text(other.as_str().map(str::to_string).unwrap_or_else(|| other.to_string())),
    }
}

fn options_of(v: &Value) -> Vec<BoundValue> {
    match v {
        Value::List(l) => l.borrow().iter().map(option_value).collect(),
        Value::Map(m) => m.borrow().keys().map(option_value).collect(),
        Value::Range(r) => r.iter().map(|i| BoundValue::Integer(i as i64)).collect(),
        Value::Null => Vec::new(),
        other => vec![option_value(other)],
    }
}

fn add_page(h: &mut StHost, page: String) {
    if let Some(d) = &mut h.discovery {
        if !d.pages.contains(&page) {
            d.pages.push(page);
        }
    }
}

fn run_closure(h: &mut StHost, interp: &mut Interpreter, closure: &Option<Value>) -> Result<(), EvalError> {
    if let Some(c) = closure {
        interp.call_value(h, c, Vec::new())?;
    }
    Ok(())
}

fn input(h: &mut StHost, interp: &mut Interpreter, args: Args) -> Result<Value, EvalError> {
    let name = match args.get("name").or_else(|| args.positional.first().cloned()) {
        Some(v) if !v.is_null() => text(h, &v),
        // An input without a name (`input title: "Advanced", type: "paragraph"`) is shown on the
        // page but holds no setting.
        _ => {
            run_closure(h, interp, &args.closure)?;
            return Ok(Value::Null);
        }
    };
    let input_type = match args.get("type").or_else(|| args.positional.get(1).cloned()) {
        Some(v) if !v.is_null() => text(h, &v),
        _ => return Err(platform_error(format!("input `{name}` needs a type"))),
    };
    let options = match args.get("options") {
        Some(v) => options_of(&v),
        None => match args.get("metadata") {
            Some(Value::Map(m)) => m.borrow().get_str("values").map(options_of).unwrap_or_default(),
            _ => Vec::new(),
        },
    };
    let title = args.get("title").filter(|v| !v.is_null()).map(|v| text(h, &v));
    let default_value = args.get("defaultValue").filter(|v| !v.is_null()).map(|v| text(h, &v));
    let (line, column) = interp.call_site().map_or((0, 0), |lc| (lc.line, lc.column));
    let decl = InputDecl {
        name,
        input_type,
        title,
        multiple: args.get("multiple").is_some_and(|v| v.truthy()),
        required: args.get("required").is_some_and(|v| v.truthy()),
        submit_on_change: args.get("submitOnChange").is_some_and(|v| v.truthy()),
        options,
        default_value,
        page: h.discovery.as_ref().and_then(|d| d.current_page.clone()),
        line,
        column,
    };
    if let Some(d) = &mut h.discovery {
        if !d.inputs.iter().any(|i| i.name == decl.name) {
            d.inputs.push(decl);
        }
    }
    run_closure(h, interp, &args.closure)?;
    Ok(Value::Null)
}

/// The early platform's preferences written as data: a `preferences() { return [sections: [[title:
/// ..., input: [[name: ..., type: ..., ...], ...]], ...]] }` block declares its inputs in the map
/// it returns, each input map holding what `input`'s named arguments hold.
fn map_preferences(h: &mut StHost, interp: &mut Interpreter, declared: &Value) -> Result<(), EvalError> {
    let list = |v: Option<&Value>| -> Vec<Value> {
        match v {
            Some(Value::List(l)) => l.borrow().to_vec(),
            Some(m @ Value::Map(_)) => vec![m.clone()],
            _ => Vec::new(),
        }
    };
    let Value::Map(m) = declared else { return Ok(()) };
    let sections = list(m.borrow().get_str("sections"));
    for section in sections {
        let Value::Map(section) = section else { continue };
        let inputs = list(section.borrow().get_str("input"));
        for decl in inputs.into_iter().filter(|d| matches!(d, Value::Map(_))) {
            input(h, interp, Args { named: Some(decl), positional: Vec::new(), closure: None })?;
        }
    }
    Ok(())
}

fn with_page(
    h: &mut StHost,
    interp: &mut Interpreter,
    page: Option<String>,
    closure: &Option<Value>,
) -> Result<(), EvalError> {
    let saved = h.discovery.as_mut().map(|d| std::mem::replace(&mut d.current_page, page.clone()));
    let r = run_closure(h, interp, closure);
    if let (Some(d), Some(saved)) = (&mut h.discovery, saved) {
        d.current_page = saved;
    }
    r
}

/// The sources of a subscription: devices, `location`, `app`, or lists of them.
fn sources(h: &mut StHost, interp: &mut Interpreter, v: &Value, out: &mut Vec<SubSource>) -> Result<(), EvalError> {
    match v {
        Value::Null => {}
        Value::Host(r) => match r.kind {
            kind::DEVICE => out.push(SubSource::Device(r.id)),
            kind::LOCATION => out.push(SubSource::Location),
            kind::APP => out.push(SubSource::App),
            // The hub's own events (`hubInfo` when it registers) and a child device's events are
            // not simulated: the subscription is accepted and never fires.
            kind::HUB | kind::CHILD_DEVICE => {}
            _ => {
                let shown = display(h, v);
                return Err(platform_error(format!("subscribe(): cannot subscribe to {shown}")));
            }
        },
        Value::List(_) => {
            for item in interp.iterate(h, v)? {
                sources(h, interp, &item, out)?;
            }
        }
        other => {
            let shown = display(h, other);
            return Err(platform_error(format!("subscribe(): cannot subscribe to {shown} (not a device)")));
        }
    }
    Ok(())
}

fn subscribe(h: &mut StHost, interp: &mut Interpreter, args: Vec<Value>) -> Result<Value, EvalError> {
    let positional: Vec<Value> = args.into_iter().filter(|v| !matches!(v, Value::Map(_))).collect();
    let (source, attr, handler) = match positional.as_slice() {
        [s, h] => (s.clone(), None, h.clone()),
        [s, a, h, ..] => (s.clone(), Some(a.clone()), h.clone()),
        // The early platform's `subscribe(app)`: the handler is the app's `appTouch` method.
        [s] if matches!(s, Value::Host(r) if r.kind == kind::APP) => (s.clone(), None, Value::from("appTouch")),
        // Its `subscribe(location)`: mode changes, to the app's `changedLocationMode` method.
        [s] if matches!(s, Value::Host(r) if r.kind == kind::LOCATION) => {
            (s.clone(), None, Value::from("changedLocationMode"))
        }
        // The early platform's `subscribe(device.attribute)`, whose handler is the method named
        // after the attribute: the model reads `device.attribute` as the attribute's value, so the
        // subscription cannot be told from a mistake.
        [_] => {
            return Err(EvalError::unsupported(
                "`subscribe(device.attribute)` (the early form whose handler is the method named after the \
                 attribute); write `subscribe(device, \"attribute\", handler)`",
            ))
        }
        _ => return Err(platform_error("subscribe() takes (source, [attribute,] handler)")),
    };
    let Some(handler) = handler_name(&handler).map(str::to_string) else {
        let shown = display(h, &handler);
        return Err(platform_error(format!("subscribe(): the handler must be a method name, not {shown}")));
    };
    h.note_handler_site(interp, &handler);
    let mut srcs = Vec::new();
    sources(h, interp, &source, &mut srcs)?;
    let (attr, filter) = match attr {
        Some(a) if !a.is_null() => {
            let a = text(h, &a);
            match a.split_once('.') {
                Some((attr, value)) => (Some(attr.to_string()), Some(value.to_string())),
                None => (Some(a), None),
            }
        }
        _ => (None, None),
    };
    let handler = h.sym(&handler);
    let attr = attr.map(|a| h.sym(&a));
    let filter = filter.map(|f| h.sym(&f));
    for source in srcs {
        let attr = if source == SubSource::App { None } else { attr };
        h.subscribe(SubKey { source, attr, filter, handler });
    }
    Ok(Value::Null)
}

/// `subscribeToCommand(device, command, handler)`: the handler runs when an app sends the command
/// to the device (see `StHost::command_sent`).
fn subscribe_to_command(h: &mut StHost, interp: &mut Interpreter, args: Vec<Value>) -> Result<Value, EvalError> {
    let [source, command, handler] = args.as_slice() else {
        return Err(platform_error("subscribeToCommand() takes (device, command, handler)"));
    };
    let Some(handler) = handler_name(handler).map(str::to_string) else {
        let shown = display(h, handler);
        return Err(platform_error(format!("subscribeToCommand(): the handler must be a method name, not {shown}")));
    };
    h.note_handler_site(interp, &handler);
    let mut srcs = Vec::new();
    sources(h, interp, source, &mut srcs)?;
    let command = text(h, command);
    let attr = Some(h.sym(&format!("command:{command}")));
    let handler = h.sym(&handler);
    for source in srcs.into_iter().filter(|s| matches!(s, SubSource::Device(_))) {
        h.subscribe(SubKey { source, attr, filter: None, handler });
    }
    Ok(Value::Null)
}

fn unsubscribe(h: &mut StHost, interp: &mut Interpreter, args: Vec<Value>) -> Result<Value, EvalError> {
    let app = h.app();
    h.write(super::LocKey::Subscriptions(app as u8));
    let mut srcs = Vec::new();
    let mut handler = None;
    for a in &args {
        match a {
            Value::Str(_) | Value::GString(_) | Value::MethodRef(_) => {
                handler = handler_name(a).map(|n| h.sym(n));
            }
            other => sources(h, interp, other, &mut srcs)?,
        }
    }
    let all = args.is_empty();
    let subs = h.st.apps[app].subs.clone();
    let keep: Vec<u32> = subs
        .iter()
        .copied()
        .filter(|&id| {
            let Some(k) = h.tables.subs.get(id as usize) else { return false };
            if all {
                return false;
            }
            let by_source = !srcs.is_empty() && srcs.contains(&k.source);
            let by_handler = handler.is_some_and(|hd| hd == k.handler);
            !(by_source || by_handler)
        })
        .collect();
    if keep.len() != subs.len() {
        h.st.apps[app].subs = std::rc::Rc::new(keep);
    }
    Ok(Value::Null)
}

/// The handler and options of `runIn(seconds, handler, [options])`-style calls; `at` is the
/// position of the handler among the positional arguments.
fn timer_args(
    h: &mut StHost,
    interp: &Interpreter,
    args: Vec<Value>,
    at: usize,
    call: &str,
) -> Result<(String, Option<Value>), EvalError> {
    let mut options = None;
    let mut positional = Vec::new();
    for a in args {
        match a {
            Value::Map(_) => options = Some(a),
            other => positional.push(other),
        }
    }
    let Some(handler) = positional.get(at) else {
        return Err(platform_error(format!("{call}() needs a handler")));
    };
    let Some(name) = handler_name(handler).map(str::to_string) else {
        let shown = display(h, handler);
        return Err(platform_error(format!("{call}(): the handler must be a method name, not {shown}")));
    };
    h.note_handler_site(interp, &name);
    let data = match &options {
        Some(Value::Map(m)) => m.borrow().get_str("data").cloned(),
        _ => None,
    };
    Ok((name, data))
}

/// The status a `sendLocationEvent(name: "alarmSystemStatus", value: v)` sets, if it is one.
fn alarm_system_value(h: &mut StHost, args: &[Value]) -> Option<String> {
    let Some(Value::Map(m)) = args.first() else { return None };
    let (name, value) = {
        let m = m.borrow();
        (m.get_str("name").cloned(), m.get_str("value").cloned())
    };
    if name.as_ref().and_then(|n| n.as_str()) != Some("alarmSystemStatus") {
        return None;
    }
    Some(value.map(|v| text(h, &v)).unwrap_or_default())
}

/// The name and value of a location event other than the Smart Home Monitor's that
/// `sendLocationEvent(name: n, value: v, ...)` sends, if it names one.
fn custom_location_event(h: &mut StHost, args: &[Value]) -> Option<(String, String)> {
    let Some(Value::Map(m)) = args.first() else { return None };
    let (name, value) = {
        let m = m.borrow();
        (m.get_str("name").cloned(), m.get_str("value").cloned())
    };
    let name = name.filter(|n| !n.is_null()).map(|n| text(h, &n))?;
    if name.is_empty() || name == "alarmSystemStatus" {
        return None;
    }
    Some((name, value.filter(|v| !v.is_null()).map(|v| text(h, &v)).unwrap_or_default()))
}

fn record(h: &mut StHost, what: &str, args: &[Value]) -> Value {
    let shown: Vec<String> = args.iter().filter(|a| !a.is_callable()).map(|a| text(h, a)).collect();
    h.outputs.push(format!("{what}: {}", shown.join(", ")));
    Value::Null
}

fn map_of(entries: Vec<(&str, Value)>) -> Value {
    let mut m = GMap::with_capacity(entries.len());
    for (k, v) in entries {
        m.insert(Value::str(k), v);
    }
    Value::new_map(m)
}

/// A global function call. `None`: not a platform function.
pub(super) fn call(
    h: &mut StHost,
    interp: &mut Interpreter,
    name: &str,
    args: Vec<Value>,
) -> Result<Option<Value>, EvalError> {
    Ok(Some(match name {
        // ---- preferences DSL
        "definition" => {
            if let Some(d) = &mut h.discovery {
                d.declared = true;
            }
            let a = split(args);
            if let Some(n) = a.get("name").filter(|v| !v.is_null()) {
                let n = text(h, &n);
                if let Some(d) = &mut h.discovery {
                    d.definition_name.get_or_insert(n);
                }
            }
            if let Some(p) = a.get("parent").filter(|v| !v.is_null()) {
                let p = text(h, &p);
                if let Some(d) = &mut h.discovery {
                    d.parent_app.get_or_insert(p);
                }
            }
            Value::Null
        }
        "preferences" => {
            if let Some(d) = &mut h.discovery {
                d.declared = true;
            }
            let a = split(args);
            for key in ["oauthPage", "page"] {
                if let Some(p) = a.get(key).filter(|v| !v.is_null()) {
                    let p = text(h, &p);
                    add_page(h, p);
                }
            }
            let declared = match &a.closure {
                Some(c) => interp.call_value(h, c, Vec::new())?,
                None => Value::Null,
            };
            map_preferences(h, interp, &declared)?;
            Value::Null
        }
        "page" => {
            let a = split(args);
            let page = a.get("name").or_else(|| a.positional.first().cloned()).filter(|v| !v.is_null());
            let page = page.map(|p| text(h, &p));
            if a.closure.is_some() {
                with_page(h, interp, page, &a.closure)?;
            } else {
                let content = a.get("content").filter(|v| !v.is_null()).map(|c| text(h, &c));
                if let Some(p) = content.or(page) {
                    add_page(h, p);
                }
            }
            Value::Null
        }
        "dynamicPage" => {
            let a = split(args);
            let page = a.get("name").filter(|v| !v.is_null()).map(|p| text(h, &p));
            for key in ["nextPage", "previousPage"] {
                if let Some(p) = a.get(key).filter(|v| !v.is_null()) {
                    let p = text(h, &p);
                    add_page(h, p);
                }
            }
            with_page(h, interp, page, &a.closure)?;
            a.named.unwrap_or_else(Value::empty_map)
        }
        "section" => {
            let a = split(args);
            run_closure(h, interp, &a.closure)?;
            Value::Null
        }
        "input" => input(h, interp, split(args))?,
        "href" => {
            let a = split(args);
            // `href "timeIntervalInput", title: ...`: without `page:`, the first argument names
            // the page (an external `url:` link names no page method, and none is run).
            let page = a.get("page").or_else(|| a.positional.first().cloned());
            if let Some(p) = page.filter(|v| !v.is_null()) {
                let p = text(h, &p);
                if let Some(params @ Value::Map(_)) = a.get("params") {
                    let shown = params.to_string();
                    if let Some(d) = &mut h.discovery {
                        let known = d.page_params.iter().any(|(q, v)| *q == p && v.to_string() == shown);
                        if !known {
                            d.page_params.push((p.clone(), params));
                        }
                    }
                }
                add_page(h, p);
            }
            Value::Null
        }
        "metadata" => {
            if let Some(d) = &mut h.discovery {
                d.device_metadata = true;
            }
            Value::Null
        }
        "paragraph" | "label" | "mode" | "icon" | "app" | "image" | "mappings" | "path" | "include" | "cards"
        | "card" | "appSetting" => Value::Null,
        // A page's "remove this app" button (`remove("Remove", "Are you sure?")`).
        "remove" if h.discovery.is_some() => Value::Null,

        // ---- subscriptions and scheduling
        "subscribe" => subscribe(h, interp, args)?,
        "unsubscribe" => unsubscribe(h, interp, args)?,
        "subscribeToCommand" => subscribe_to_command(h, interp, args)?,
        "runIn" | "runOnce" => {
            let (handler, data) = timer_args(h, interp, args, 1, name)?;
            h.schedule(&handler, false, data)?;
            Value::Null
        }
        "schedule" | "runDaily" => {
            let (handler, data) = timer_args(h, interp, args, 1, name)?;
            h.schedule(&handler, true, data)?;
            Value::Null
        }
        "runEvery1Minute" | "runEvery5Minutes" | "runEvery10Minutes" | "runEvery15Minutes" | "runEvery30Minutes"
        | "runEvery1Hour" | "runEvery3Hours" => {
            let (handler, data) = timer_args(h, interp, args, 0, name)?;
            h.schedule(&handler, true, data)?;
            Value::Null
        }
        "unschedule" => {
            let handler = args.first().and_then(handler_name).map(str::to_string);
            h.unschedule(handler.as_deref());
            Value::Null
        }
        "canSchedule" => Value::Bool(true),

        // ---- location
        "setLocationMode" => {
            let Some(m) = args.first().filter(|m| !m.is_null()) else {
                return Err(platform_error("setLocationMode() needs a mode"));
            };
            let m = text(h, m);
            h.set_mode(&m)?;
            Value::Null
        }
        "getLocation" if args.is_empty() => Value::Host(HostRef { kind: kind::LOCATION, id: 0 }),

        // ---- the Smart Home Monitor: `sendLocationEvent(name: "alarmSystemStatus", value: v)`
        // arms or disarms it (recorded too, as every location event an app sends)
        "sendLocationEvent" if alarm_system_value(h, &args).is_some() => {
            let status = alarm_system_value(h, &args).unwrap_or_default();
            record(h, name, &args);
            h.set_alarm_system(&status)?;
            Value::Null
        }

        // ---- any other location event an app sends (`sendLocationEvent(name: "houseEvent",
        // value: "doorOpened")`): recorded, and delivered to the apps subscribed to its name, as
        // a nested event (it changes nothing of the home)
        "sendLocationEvent" if custom_location_event(h, &args).is_some() => {
            let (event, value) = custom_location_event(h, &args).unwrap_or_default();
            record(h, name, &args);
            h.send_location_event(&event, &value)?;
            Value::Null
        }

        // ---- outputs: recorded, never sent
        "sendPush"
        | "sendPushMessage"
        | "sendSms"
        | "sendSMS"
        | "sendSmsMessage"
        | "sendNotification"
        | "sendNotificationEvent"
        | "sendNotificationToContacts"
        | "sendLocationEvent"
        | "sendEvent"
        | "sendHubCommand"
        | "httpGet"
        | "httpPost"
        | "httpPostJson"
        | "httpPut"
        | "httpPutJson"
        | "httpDelete"
        | "httpHead" => record(h, name, &args),

        // ---- time
        "timeToday" => match args.as_slice() {
            [t] | [t, _] => Value::Date(time::time_today(t, time::zone_of(args.get(1)))?),
            _ => return Err(platform_error("timeToday() takes (time, [timeZone])")),
        },
        "timeTodayAfter" => match args.as_slice() {
            [start, t] | [start, t, _] => Value::Date(time::time_today_after(start, t, time::zone_of(args.get(2)))?),
            _ => return Err(platform_error("timeTodayAfter() takes (start, time, [timeZone])")),
        },
        // A time input holds `HH:mm` in this model (the platform's hold an ISO date-time of the
        // day they were set): it reads as that time today, as `timeToday` reads it.
        "toDateTime" => match args.first().and_then(|v| v.as_str()) {
            Some(t) => match time::parse_iso(t) {
                Some(ms) => Value::Date(ms),
                None => match time::time_today(&args[0], time::zone_of(None)) {
                    Ok(ms) => Value::Date(ms),
                    _ => return Err(platform_error(format!("toDateTime(): not an ISO date-time: {t}"))),
                },
            },
            None => return Err(platform_error("toDateTime() needs a string")),
        },
        "timeOfDayIsBetween" => match args.as_slice() {
            [s, e, v] | [s, e, v, _] => Value::Bool(time::time_of_day_is_between(s, e, v, time::zone_of(args.get(3)))?),
            _ => return Err(platform_error("timeOfDayIsBetween() takes (start, end, value, [timeZone])")),
        },
        "getSunriseAndSunset" => {
            let a = split(args);
            let sunrise = a.get("sunriseOffset").map_or(0, |v| time::parse_offset(&v));
            let sunset = a.get("sunsetOffset").map_or(0, |v| time::parse_offset(&v));
            map_of(vec![
                ("sunrise", Value::Date(time::SUNRISE_MILLIS + sunrise)),
                ("sunset", Value::Date(time::SUNSET_MILLIS + sunset)),
            ])
        }

        // ---- odds and ends
        "parseJson" => match args.first().and_then(|v| v.as_str()) {
            Some(t) => parse_json(t)?,
            None => return Err(platform_error("parseJson() needs a string")),
        },
        "textToSpeech" => {
            let t = args.first().map(|v| text(h, v)).unwrap_or_default();
            map_of(vec![("uri", Value::str(&format!("tts://{t}"))), ("duration", Value::str("5"))])
        }
        "createAccessToken" => {
            let app = h.app();
            h.state_put(app, false, "accessToken", Value::str("token"));
            Value::str("token")
        }
        "apiServerUrl" => {
            let path = args.first().map(|v| text(h, v)).unwrap_or_default();
            Value::str(&format!("https://graph.api.smartthings.com{path}"))
        }
        "getApiServerUrl" => Value::str("https://graph.api.smartthings.com"),
        "getTemperatureScale" => Value::str("F"),
        "pause" => Value::Null,
        "addChildDevice" => super::children::add(h, &args)?,
        "getChildDevices" | "getAllChildDevices" => super::children::all(h),
        "getChildDevice" => match args.first() {
            Some(dni) => super::children::one(h, dni),
            None => return Err(platform_error("getChildDevice() needs a device network id")),
        },
        "deleteChildDevice" => match args.first() {
            Some(dni) => super::children::delete(h, dni),
            None => return Err(platform_error("deleteChildDevice() needs a device network id")),
        },
        // Child apps are installed by the user, not simulated: an app has none.
        "getChildApps" | "getAllChildApps" | "findAllChildAppsByName" | "findAllChildAppsByNamespaceAndName" => {
            Value::new_list(Vec::new())
        }
        "getChildApp" | "findChildAppByName" => Value::Null,
        "getWeatherFeature" => {
            let feature = args.first().map(|v| text(h, v)).unwrap_or_default();
            super::services::weather_feature(&feature)
        }
        "getTwcConditions" => super::services::twc_conditions(),
        "getTwcForecast" => super::services::twc_forecast(),
        "getTwcLocation" => super::services::twc_location(),
        "parseLanMessage" => match args.first() {
            Some(v) => {
                let description = text(h, v);
                super::services::parse_lan_message(&description)
            }
            None => return Err(platform_error("parseLanMessage() needs the message's description")),
        },
        _ => return Ok(None),
    }))
}
