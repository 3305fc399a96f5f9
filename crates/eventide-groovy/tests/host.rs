//! The host interface: a small SmartApp-like platform that supplies globals, functions, objects
//! and DSL delegates, stores handlers, calls them back, and records every global access.

use std::collections::BTreeMap;
use std::sync::Arc;

use eventide_groovy::eval::{
    ErrorKind, EvalError, GMap, Host, HostRef, Interpreter, Interrupt, InterruptReason, Value,
};
use eventide_groovy::syntax::{parse, SourceFile};

const LOCATION: u32 = 1;
const LOG: u32 = 2;
const DEVICE: u32 = 3;
const PAGE: u32 = 4;
const EVENT: u32 = 5;

#[derive(Default)]
struct TestHost {
    out: String,
    accesses: Vec<String>,
    state: Option<Value>,
    binding: BTreeMap<String, Value>,
    inputs: Vec<String>,
    handlers: Vec<(String, Value)>,
    scheduled: Vec<(i64, Value)>,
    commands: Vec<String>,
    labels: Vec<String>,
    switch_value: String,
    mode: String,
}

impl TestHost {
    fn new() -> TestHost {
        TestHost {
            switch_value: "off".into(),
            mode: "Home".into(),
            state: Some(Value::new_map(GMap::new())),
            ..TestHost::default()
        }
    }
}

impl Host for TestHost {
    fn get_global(&mut self, _i: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        self.accesses.push(format!("read {name}"));
        Ok(match name {
            "state" => self.state.clone(),
            "location" => Some(Value::Host(HostRef { kind: LOCATION, id: 0 })),
            "log" => Some(Value::Host(HostRef { kind: LOG, id: 0 })),
            "switch1" => Some(Value::Host(HostRef { kind: DEVICE, id: 1 })),
            "threshold" => Some(Value::Int(5)),
            other => self.binding.get(other).cloned(),
        })
    }

    fn set_global(&mut self, _i: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        self.accesses.push(format!("write {name}"));
        self.binding.insert(name.to_string(), value);
        Ok(())
    }

    fn call_function(
        &mut self,
        interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Ok(Some(match name {
            "definition" => Value::Null,
            "preferences" | "section" => {
                // section("title") { ... } runs its closure with the page as delegate.
                let closure = args.last().cloned().unwrap_or(Value::Null);
                let page = Value::Host(HostRef { kind: PAGE, id: 0 });
                interp.call_closure_with_delegate(self, &closure, page, Vec::new())?;
                Value::Null
            }
            "subscribe" => {
                let attr = args.get(1).map(|v| v.to_string()).unwrap_or_default();
                self.handlers.push((attr, args[2].clone()));
                Value::Null
            }
            "runIn" => {
                let secs = args.first().and_then(|v| v.as_i64()).unwrap_or(0);
                self.scheduled.push((secs, args[1].clone()));
                Value::Null
            }
            "fail" => return Err(EvalError::exception("java.lang.IllegalStateException", Some("host says no".into()))),
            "mappings" | "path" => {
                let closure = args.last().cloned().unwrap_or(Value::Null);
                interp.call_value(self, &closure, Vec::new())?;
                Value::Null
            }
            _ => return Ok(None),
        }))
    }

    fn get_property(&mut self, _i: &mut Interpreter, obj: HostRef, name: &str) -> Result<Option<Value>, EvalError> {
        Ok(match (obj.kind, name) {
            (LOCATION, "mode") => Some(Value::str(&self.mode)),
            (DEVICE, "currentSwitch") => Some(Value::str(&self.switch_value)),
            (DEVICE, "displayName") => Some(Value::str("Lamp")),
            (EVENT, "value") => Some(Value::str("on")),
            (EVENT, "name") => Some(Value::str("switch")),
            _ => None,
        })
    }

    fn set_property(
        &mut self,
        _i: &mut Interpreter,
        obj: HostRef,
        name: &str,
        value: Value,
    ) -> Result<bool, EvalError> {
        if obj.kind == LOCATION && name == "mode" {
            self.mode = value.to_string();
            return Ok(true);
        }
        Ok(false)
    }

    fn call_method(
        &mut self,
        _i: &mut Interpreter,
        obj: HostRef,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Ok(match (obj.kind, name) {
            (LOG, "debug" | "info") => {
                self.out.push_str(&format!("log: {}\n", args[0]));
                Some(Value::Null)
            }
            (DEVICE, "on" | "off") => {
                self.commands.push(name.to_string());
                self.switch_value = name.to_string();
                Some(Value::Null)
            }
            (DEVICE, "currentValue") => Some(Value::str(&self.switch_value)),
            (PAGE, "input") => {
                // Named arguments come first, as a map.
                let names: Vec<String> = args.iter().filter(|a| a.is_string()).map(|a| a.to_string()).collect();
                self.inputs.push(names.join(":"));
                Some(Value::Null)
            }
            _ => None,
        })
    }

    fn class_name(&self, obj: HostRef) -> String {
        match obj.kind {
            DEVICE => "physicalgraph.app.DeviceWrapper".into(),
            EVENT => "physicalgraph.app.EventWrapper".into(),
            _ => "physicalgraph.app.Other".into(),
        }
    }

    fn to_display_string(&mut self, obj: HostRef) -> String {
        match obj.kind {
            DEVICE => "Lamp".into(),
            _ => format!("obj{}", obj.id),
        }
    }

    fn labeled_statement(&mut self, _i: &mut Interpreter, label: &str, value: Value) -> Result<(), EvalError> {
        self.labels.push(format!("{label} {value}"));
        Ok(())
    }

    fn now_millis(&mut self) -> i64 {
        1_000_000
    }

    fn print(&mut self, text: &str) {
        self.out.push_str(text);
    }
}

fn interp(src: &str) -> Interpreter {
    let file = Arc::new(SourceFile::new("App.groovy", src));
    let script = parse(&file).unwrap_or_else(|e| panic!("parse error: {e}"));
    Interpreter::new(Arc::new(script), file)
}

const APP: &str = r#"
definition(name: "Test", namespace: "t")

preferences {
    section("Pick a switch") {
        input "switch1", "capability.switch", title: "Which?", required: true
    }
}

def installed() {
    initialize()
}

def initialize() {
    subscribe(switch1, "switch", switchHandler)
    state.count = 0
}

def switchHandler(evt) {
    state.count = state.count + 1
    log.debug "switch is ${evt.value} (${switch1.currentSwitch}) count=${state.count}"
    if (state.count >= 2) {
        switch1.off()
        runIn(threshold * 60, turnBackOn)
    } else {
        switch1.on()
    }
}

def turnBackOn() {
    switch1.on()
    location.mode = "Away"
}

def getAllOk() { location.mode == "Home" }
"#;

#[test]
fn dsl_closures_run_with_a_delegate() {
    let mut i = interp(APP);
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.inputs, vec!["switch1:capability.switch"]);
}

#[test]
fn handlers_are_stored_as_method_references_and_called_back() {
    let mut i = interp(APP);
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    i.call_function(&mut h, "installed", vec![]).unwrap();
    assert_eq!(h.handlers.len(), 1);
    let (attr, handler) = h.handlers[0].clone();
    assert_eq!(attr, "switch");
    assert_eq!(handler.method_name(), Some("switchHandler"));

    let evt = Value::Host(HostRef { kind: EVENT, id: 9 });
    i.call_value(&mut h, &handler, vec![evt.clone()]).unwrap();
    assert_eq!(h.commands, vec!["on"]);
    i.call_value(&mut h, &handler, vec![evt]).unwrap();
    assert_eq!(h.commands, vec!["on", "off"]);
    assert_eq!(h.scheduled.len(), 1);
    assert_eq!(h.scheduled[0].0, 300);
    assert_eq!(h.out, "log: switch is on (off) count=1\nlog: switch is on (on) count=2\n");

    // The scheduled handler.
    let later = h.scheduled[0].1.clone();
    i.call_value(&mut h, &later, vec![]).unwrap();
    assert_eq!(h.mode, "Away");
    assert_eq!(h.state.as_ref().unwrap().to_string(), "[count:2]");

    // The getter reads through the host.
    let ok = i.call_function(&mut h, "getAllOk", vec![]).unwrap();
    assert!(matches!(ok, Value::Bool(false)));
}

#[test]
fn every_global_access_goes_through_the_host() {
    let mut i = interp("x = 1\ndef y = x + threshold\nstate.k = y\nprintln missingName");
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert_eq!(h.accesses, vec!["write x", "read x", "read threshold", "read state", "read missingName"]);
    assert!(matches!(&err.kind, ErrorKind::Exception { class, .. } if class == "groovy.lang.MissingPropertyException"));
    assert_eq!(
        err.to_string(),
        "App.groovy:4:9: groovy.lang.MissingPropertyException: No such property: missingName for class: App"
    );
}

#[test]
fn host_errors_are_located_at_the_call_site_and_catchable() {
    let mut i = interp("def a = 1\n  fail()\n");
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert_eq!(err.to_string(), "App.groovy:2:3: java.lang.IllegalStateException: host says no");

    let mut i = interp("try { fail() } catch (IllegalStateException e) { println e.message }");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out, "host says no\n");
}

#[test]
fn labelled_dsl_statements_reach_the_host() {
    let mut i = interp("mappings {\n  path(\"/switches\") {\n    action: [GET: \"list\", PUT: \"update\"]\n  }\n}");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.labels, vec!["action [GET:list, PUT:update]"]);
}

#[test]
fn host_objects_print_through_the_host_and_compare_by_handle() {
    let mut i = interp("println \"${switch1}\"\nprintln switch1 == switch1\nprintln switch1 instanceof physicalgraph.app.DeviceWrapper");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out, "Lamp\ntrue\ntrue\n");
}

#[test]
fn recursion_a_few_thousand_calls_deep_runs() {
    let mut i = interp(
        "def sumTo(k) { k == 0 ? 0 : k + sumTo(k - 1) }\nprintln sumTo(2500)\n\
         def g\ng = { n -> n == 0 ? 0 : 1 + g(n - 1) }\nprintln g(2000)",
    );
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out, "3126250\n2000\n");
}

#[test]
fn runaway_recursion_is_a_clean_error() {
    let mut i = interp("def f(n) { f(n + 1) }\nf(0)");
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::Exception { class, .. } if class == "java.lang.StackOverflowError"),
        "{err}"
    );

    let mut i = interp("def c\nc = { n -> c(n + 1) }\nc(0)");
    let err = i.run_script(&mut h).unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::Exception { class, .. } if class == "java.lang.StackOverflowError"),
        "{err}"
    );
}

#[test]
fn unsupported_constructs_are_reported() {
    let mut i = interp("class Foo { }\nprintln 1");
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert!(matches!(&err.kind, ErrorKind::Unsupported { .. }), "{err}");
    assert!(err.to_string().starts_with("App.groovy:1:1: unsupported construct: class declaration"), "{err}");
}

#[test]
fn a_host_with_a_fixed_time_zone_accepts_only_that_zone_as_the_default() {
    let src = "TimeZone.setDefault(TimeZone.getTimeZone('UTC'))\nprintln TimeZone.getDefault().ID\n\
               TimeZone.setDefault(TimeZone.getTimeZone('Europe/Paris'))";
    let mut i = interp(src);
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert_eq!(h.out, "UTC\n");
    assert!(matches!(&err.kind, ErrorKind::Unsupported { .. }), "{err}");
    assert!(
        err.to_string().starts_with(
            "App.groovy:3:1: unsupported construct: TimeZone.setDefault(Europe/Paris): the default time zone is fixed at UTC"
        ),
        "{err}"
    );
}

#[test]
fn assertion_failures_are_a_distinct_kind_with_a_caret() {
    let src = "def x = 1\nassert x == 2 : \"x must be two\"\n";
    let file = SourceFile::new("App.groovy", src);
    let mut i = interp(src);
    let mut h = TestHost::new();
    let err = i.run_script(&mut h).unwrap_err();
    assert!(matches!(&err.kind, ErrorKind::AssertionFailed { message } if message.starts_with("x must be two")));
    let rendered = err.render(&file);
    assert!(rendered.contains("2 | assert x == 2"), "{rendered}");
    assert!(rendered.ends_with("  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"), "{rendered}");
}

#[test]
fn state_snapshots_copy_deeply_and_hash_exactly() {
    use std::hash::Hasher;
    let mut i = interp("state.list = [1, 2]\nstate.m = [a: 1.0]\n");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    let state = h.state.clone().unwrap();
    let snapshot = state.deep_copy();
    let hash = |v: &Value| {
        let mut s = std::collections::hash_map::DefaultHasher::new();
        v.hash_canonical(&mut s);
        s.finish()
    };
    assert_eq!(hash(&state), hash(&snapshot));
    assert!(state.state_eq(&snapshot));

    // Mutating the live state leaves the snapshot alone.
    let mut i = interp("state.list << 3\nstate.m.a = 1");
    i.run_script(&mut h).unwrap();
    assert_eq!(snapshot.to_string(), "[list:[1, 2], m:[a:1.0]]");
    assert_eq!(h.state.as_ref().unwrap().to_string(), "[list:[1, 2, 3], m:[a:1]]");

    // Equal numbers of different types hash the same canonically (as map keys do), but they
    // are different states: `1` and `1.0` print and compute differently.
    let mut i = interp("state.list.remove(2)\n");
    i.run_script(&mut h).unwrap();
    let live = h.state.as_ref().unwrap();
    assert_eq!(hash(live), hash(&snapshot));
    let state_hash = |v: &Value| {
        let mut s = std::collections::hash_map::DefaultHasher::new();
        v.hash_state(&mut s);
        s.finish()
    };
    assert_ne!(state_hash(live), state_hash(&snapshot));
    assert!(!live.state_eq(&snapshot));
    let mut i = interp("state.m.a = 1.0\n");
    i.run_script(&mut h).unwrap();
    let live = h.state.as_ref().unwrap();
    assert_eq!(state_hash(live), state_hash(&snapshot));
    assert!(live.state_eq(&snapshot));
}

#[test]
fn gstring_keys_find_string_keys() {
    let mut i = interp("def k = 'a'\ndef m = [:]\nm[\"${k}\"] = 1\nprintln m.a\nprintln m['a']\nm.a = 2\nprintln m");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out, "1\n1\n[a:2]\n");
}

#[test]
fn closures_survive_between_calls_and_keep_their_captures() {
    let mut i = interp("def make() { def n = 0; return { n += 1; n } }\nhandler = make()");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    let c = h.binding.get("handler").cloned().unwrap();
    i.call_value(&mut h, &c, vec![]).unwrap();
    let r = i.call_value(&mut h, &c, vec![]).unwrap();
    assert!(matches!(r, Value::Int(2)));
}

#[test]
fn string_handler_names_call_script_methods() {
    let mut i = interp("def h(evt) { \"got ${evt}\" }");
    let mut h = TestHost::new();
    i.run_script(&mut h).unwrap();
    let r = i.call_function(&mut h, "h", vec![Value::Int(3)]).unwrap();
    assert_eq!(r.to_string(), "got 3");
    let err = i.call_function(&mut h, "nope", vec![]).unwrap_err();
    assert!(err.message.contains("No signature of method: App.nope()"), "{err}");
}

#[test]
fn errors_cross_threads() {
    fn is_send_sync<T: Send + Sync + 'static>() {}
    is_send_sync::<EvalError>();
    is_send_sync::<eventide_groovy::syntax::Script>();
}

/// A memory figure that grows with every question, standing in for allocator accounting.
fn growing_memory() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    CALLS.fetch_add(1 << 20, Ordering::Relaxed)
}

#[test]
fn endless_loops_stop_at_the_deadline_and_cannot_be_caught() {
    let programs = [
        "while (true) { }",
        "for (;;) { def x = 1 }",
        "def f() { while (true) { } }\ntry { f() } catch (Throwable t) { println 'caught' } finally { while (true) { } }",
        "def c = { -> c2() }\ndef c2() { while (true) { } }\ntry { c() } catch (e) { println 'caught' }",
        "(1..1000000000).each { n -> }",
    ];
    for src in programs {
        let mut i = interp(src);
        let mut h = TestHost::new();
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(50);
        i.set_interrupt(Some(Interrupt { deadline: Some(deadline), memory_limit: None, memory_in_use: || 0 }));
        let err = i.run_script(&mut h).unwrap_err();
        assert_eq!(err.interrupt_reason(), Some(InterruptReason::Time), "{src}: {err}");
        assert_eq!(i.interrupted(), Some(InterruptReason::Time), "{src}");
        assert!(!h.out.contains("caught"), "{src}: the interruption was caught");
        assert!(err.location.is_some(), "{src}: {err} has no location");
    }
}

#[test]
fn unbounded_growth_stops_at_the_memory_ceiling() {
    let mut i = interp("def l = []\nwhile (true) { l << 'x' * 100 }");
    let mut h = TestHost::new();
    i.set_interrupt(Some(Interrupt { deadline: None, memory_limit: Some(64 << 20), memory_in_use: growing_memory }));
    let err = i.run_script(&mut h).unwrap_err();
    assert_eq!(err.interrupt_reason(), Some(InterruptReason::Memory), "{err}");
    assert_eq!(err.to_string(), "App.groovy:2:14: interrupted: memory limit reached");
}

#[test]
fn an_interrupt_with_room_to_spare_changes_nothing_and_can_be_reset() {
    let src = "def n = 0\nfor (i in 0..<10000) { n += i }\nprintln n";
    let mut i = interp(src);
    let mut h = TestHost::new();
    let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
    i.set_interrupt(Some(Interrupt { deadline: Some(far), memory_limit: Some(usize::MAX), memory_in_use: || 0 }));
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out.trim(), "49995000");
    // A tripped interpreter fails at once until its interrupt is set again.
    i.set_interrupt(Some(Interrupt {
        deadline: Some(std::time::Instant::now()),
        memory_limit: None,
        memory_in_use: || 0,
    }));
    assert!(i.run_script(&mut h).is_err());
    assert!(i.run_script(&mut h).unwrap_err().interrupt_reason().is_some());
    i.set_interrupt(None);
    h.out.clear();
    i.run_script(&mut h).unwrap();
    assert_eq!(h.out.trim(), "49995000");
}
