//! `eventide app`: what counts as an error (the interpreter or platform could not run the app:
//! `ok` false) and what is a fault of the app's own code (an `app_exception`: listed under
//! `exceptions`, `ok` stays true), with the exit codes of each.

mod common;

use serde_json::Value;

fn temp_app(name: &str, text: &str) -> String {
    common::temp_file("app-command", name, text).display().to_string()
}

fn app_json(path: &str, code: i32) -> Value {
    let out = common::eventide().args(["app", path, "--json"]).assert().code(code).get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

const HEADER: &str = r#"definition(name: "T", namespace: "test", author: "test", description: "d", category: "Safety & Security")
preferences { section("s") { input "switch1", "capability.switch" } }
def installed() { subscribe(switch1, "switch", switchHandler) }
"#;

#[test]
fn a_fault_of_the_app_is_an_exception_not_an_error() {
    let path = temp_app(
        "faulty.groovy",
        &format!("{HEADER}def switchHandler(evt) {{\n    def n = 0\n    state.x = 1 / n\n}}\n"),
    );
    let v = app_json(&path, 1);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["complete"], true);
    assert_eq!(v["errors"].as_array().unwrap().len(), 0, "{v}");
    let exceptions = v["exceptions"].as_array().unwrap();
    assert_eq!(exceptions.len(), 1, "{v}");
    assert_eq!(exceptions[0]["line"], 6, "{v}");
    assert!(exceptions[0]["message"].as_str().unwrap().contains("ArithmeticException"), "{v}");
}

#[test]
fn an_unsupported_construct_in_a_handler_is_an_error() {
    let path =
        temp_app("unsupported.groovy", &format!("{HEADER}def switchHandler(evt) {{\n    super.toString()\n}}\n"));
    let v = app_json(&path, 2);
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["reason"], "unsupported", "{v}");
    let errors = v["errors"].as_array().unwrap();
    assert!(!errors.is_empty(), "{v}");
    assert!(errors[0]["message"].as_str().unwrap().contains("unsupported construct: super"), "{v}");
    assert_eq!(errors[0]["line"], 5, "{v}");
    assert_eq!(v["exceptions"].as_array().unwrap().len(), 0, "{v}");
}

#[test]
fn a_clean_app_is_ok_with_exit_zero() {
    let path = temp_app("clean.groovy", &format!("{HEADER}def switchHandler(evt) {{ state.last = evt.value }}\n"));
    let v = app_json(&path, 0);
    assert_eq!((v["ok"].as_bool(), v["complete"].as_bool()), (Some(true), Some(true)), "{v}");
    // Every value of a subscribed attribute is an event. The switch starts off in configuration
    // A, so reporting `off` there changes nothing; it runs from configuration B (the switch on)
    // instead, and every handler runs.
    assert_eq!(v["event_names"], serde_json::json!(["switch1.switch=on", "switch1.switch=off"]), "{v}");
    assert_eq!(v["handlers_run"], 3, "installed() and the handler of each event: {v}");
}

#[test]
fn the_corpus_app_with_a_fault_of_its_own_is_ok_with_one_exception() {
    let Some(corpus) = eventide_groovy::corpus_location::shared_corpus_or_skip(
        "the_corpus_app_with_a_fault_of_its_own_is_ok_with_one_exception",
    ) else {
        return;
    };
    let path = corpus.join("smartapps/auto-humidity-vent.groovy").display().to_string();
    let v = app_json(&path, 1);
    assert_eq!(v["ok"], true, "{v}");
    let exceptions = v["exceptions"].as_array().unwrap();
    assert_eq!(exceptions.len(), 1, "{v}");
    assert!(exceptions[0]["message"].as_str().unwrap().contains("div"), "{v}");
}

#[test]
fn a_handler_name_that_is_not_a_method_is_located_where_it_is_named() {
    let path = temp_app(
        "misnamed.groovy",
        "definition(name: \"T\", namespace: \"test\", author: \"test\", description: \"d\", category: \"Safety & Security\")\n\
         preferences { section(\"s\") { input \"switch1\", \"capability.switch\" } }\n\
         def installed() {\n    subscribe(switch1, \"switch\", \"switchHandlr\")\n}\n\
         def switchHandler(evt) { }\n",
    );
    let v = app_json(&path, 1);
    let exceptions = v["exceptions"].as_array().unwrap();
    assert_eq!(exceptions.len(), 1, "{v}");
    assert_eq!((&exceptions[0]["line"], &exceptions[0]["column"]), (&4.into(), &5.into()), "{v}");
    assert!(exceptions[0]["message"].as_str().unwrap().contains("`switchHandlr` is not a method"), "{v}");
}

#[test]
fn comparisons_with_values_the_model_never_gives_are_warned_about_where_they_are() {
    let path = temp_app(
        "capitals.groovy",
        &format!(
            "{HEADER}def switchHandler(evt) {{\n\
             \x20   if (location.mode == \"Away\" && switch1.currentValue(\"switch\") != \"On\") {{ state.a = 1 }}\n\
             \x20   if (switch1.currentSwitch in [\"on\", \"Off\"] || location.mode == \"night\") {{ state.b = 1 }}\n\
             \x20   if (switch1.currentValue(\"lock\") == \"unknown\" || switch1.currentStatus == \"Online\") {{ state.c = 1 }}\n\
             }}\n"
        ),
    );
    let v = app_json(&path, 0);
    let warned: Vec<(u64, u64)> = v["constant_comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["line"].as_u64().unwrap(), c["column"].as_u64().unwrap()))
        .collect();
    // `"Away"`, `"On"` and `"Off"`; a lock may report `unknown` on a real hub and `status` may be
    // a device handler's own attribute: not judged.
    assert_eq!(warned, [(5, 26), (5, 70), (6, 41)], "{v}");
    let message = v["constant_comparisons"][0]["message"].as_str().unwrap();
    assert!(message.contains("the location mode is never \"Away\"") && message.contains("did you mean \"away\""));
    let out = common::eventide().args(["app", &path]).assert().code(0).get_output().stdout.clone();
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains("warning: comparisons with a value the model never gives"), "{text}");
    assert!(text.contains("capitals.groovy:5:26: the location mode is never \"Away\""), "{text}");
}

#[test]
fn handlers_no_event_of_the_pass_ran_are_named_and_a_command_subscription_is_not_called_silent() {
    // `onCmd` runs only when an app sends `on` to the switch, which this app never does;
    // `switchHandler` runs on the switch's events.
    let path = temp_app(
        "unrun.groovy",
        r#"definition(name: "T", namespace: "test", author: "test", description: "d", category: "Safety & Security")
preferences { section("s") { input "switch1", "capability.switch"; input "lock1", "capability.lock" } }
def installed() {
    subscribe(switch1, "switch", switchHandler)
    subscribeToCommand(switch1, "on", onCmd)
}
def switchHandler(evt) { lock1.lock() }
def onCmd(evt) { lock1.unlock() }
"#,
    );
    let v = app_json(&path, 0);
    assert_eq!(v["handlers_not_run"], serde_json::json!(["onCmd"]), "{v}");
    assert_eq!(v["silent_subscriptions"], serde_json::json!([]), "{v}");
    let out = common::eventide().args(["app", &path]).assert().code(0).get_output().stdout.clone();
    assert!(String::from_utf8_lossy(&out).contains("handlers no event of this pass ran (1; "), "{out:?}");
}
