//! Time and memory limits hold inside a handler that never returns: `pair` and `app` end with
//! `incomplete` (exit 3) instead of hanging, and say where the handler was.

mod common;

use common::{eventide, smartapp};
use serde_json::Value;
use std::time::{Duration, Instant};

fn temp_app(name: &str, text: &str) -> String {
    common::temp_file("handler-limits", name, text).display().to_string()
}

/// An app whose handler loops forever once the smoke detector goes off (line 7).
const LOOPING: &str = r#"definition(name: "Looping", namespace: "test", author: "test", description: "d", category: "Safety & Security")
preferences { section("s") { input "smoke1", "capability.smokeDetector" } }
def installed() { subscribe(smoke1, "smoke.detected", smokeHandler) }
def smokeHandler(evt) {
    def n = 0
    while (true) {
        n = n + 1
    }
}
"#;

/// An app whose handler grows a list without bound.
const GROWING: &str = r#"definition(name: "Growing", namespace: "test", author: "test", description: "d", category: "Safety & Security")
preferences { section("s") { input "smoke1", "capability.smokeDetector" } }
def installed() { subscribe(smoke1, "smoke.detected", smokeHandler) }
def smokeHandler(evt) {
    def all = []
    while (true) {
        all << "a string long enough to make memory grow quickly, again and again"
    }
}
"#;

fn json_with_code(args: &[&str], code: i32) -> Value {
    let out = eventide().args(args).timeout(Duration::from_secs(60)).assert().code(code).get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

#[test]
fn pair_time_limit_holds_inside_a_looping_handler() {
    let looping = temp_app("looping.groovy", LOOPING);
    let other = smartapp("away-lock.groovy");
    for por in ["dpor", "none"] {
        let start = Instant::now();
        let v = json_with_code(&["pair", &looping, &other, "--por", por, "--time-limit", "1", "--json"], 3);
        assert!(start.elapsed() < Duration::from_secs(20), "{por}: took {:?}", start.elapsed());
        assert_eq!(v["verdict"], "incomplete", "{por}: {v}");
        assert_eq!(v["complete"], false, "{por}");
        assert_eq!(v["reason"], "time", "{por}");
        // The run says which step the limit stopped, and where its handler was.
        let running = &v["still_running"];
        assert_eq!(running["event"], "smoke1.smoke=detected", "{por}: {v}");
        assert!(running["file"].as_str().unwrap().ends_with("looping.groovy"), "{por}: {v}");
        assert!((6..=7).contains(&running["line"].as_u64().unwrap()), "{por}: {v}");
    }
    let out =
        eventide().args(["pair", &looping, &other, "--time-limit", "1"]).assert().code(3).get_output().stdout.clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("event smoke1.smoke=detected was still running at ") && text.contains("looping.groovy:"),
        "{text}"
    );
}

#[test]
fn pair_memory_limit_holds_inside_a_growing_handler() {
    let growing = temp_app("growing.groovy", GROWING);
    let other = smartapp("away-lock.groovy");
    let v = json_with_code(&["pair", &growing, &other, "--memory-limit", "200M", "--json"], 3);
    assert_eq!(v["verdict"], "incomplete", "{v}");
    assert_eq!(v["reason"], "memory", "{v}");
}

#[test]
fn app_stops_a_looping_handler_and_says_where() {
    let looping = temp_app("looping-app.groovy", LOOPING);
    let v = json_with_code(&["app", &looping, "--time-limit", "0.5", "--json"], 3);
    assert_eq!(v["ok"], false);
    assert_eq!(v["complete"], false);
    assert_eq!(v["reason"], "time");
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{v}");
    assert!(errors[0]["file"].as_str().unwrap().ends_with("looping-app.groovy"));
    assert!((6..=7).contains(&errors[0]["line"].as_u64().unwrap()), "{v}");
    assert!(errors[0]["message"].as_str().unwrap().contains("smoke1.smoke=detected"), "{v}");
    let v = json_with_code(&["app", &temp_app("growing-app.groovy", GROWING), "--memory-limit", "200M", "--json"], 3);
    assert_eq!(v["reason"], "memory", "{v}");
}

#[test]
fn check_time_limit_holds_inside_a_looping_model_handler() {
    let model =
        temp_app("looping-model.groovy", "x = 0\nevent(\"e1\") { x = 1 }\nevent(\"e2\") { while (true) { x = x } }\n");
    for por in ["dpor", "none"] {
        let v = json_with_code(&["check", &model, "--por", por, "--time-limit", "1", "--json"], 3);
        assert_eq!(v["verdict"], "incomplete", "{por}: {v}");
        assert_eq!(v["reason"], "time", "{por}: {v}");
        assert_eq!(v["still_running"]["event"], "e2", "{por}: {v}");
        assert_eq!(v["still_running"]["line"], 3, "{por}: {v}");
    }
}

#[test]
fn a_value_that_shares_its_parts_is_hashed_in_time_linear_in_its_parts() {
    // `q = [q, q]` sixty times: 2^60 paths through 61 distinct lists. Hashing the state and
    // measuring its growth walked every path, so the run never came back.
    let model = temp_app(
        "sharing-model.groovy",
        "n = 0\nq = []\nevent(\"e\") { if (n < 60) { def t = q; q = [t, t]; n = n + 1 } }\n",
    );
    let started = std::time::Instant::now();
    for por in ["dpor", "none"] {
        let v = json_with_code(&["check", &model, "--por", por, "--time-limit", "20", "--json"], 0);
        assert_eq!(v["states"], 61, "{por}: {v}");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());
}

#[test]
fn loading_stops_at_the_run_time_limit_as_an_incomplete_run() {
    // A top level that never ends ran until killed (model files) or for a fixed 30 s (apps).
    let model = temp_app("looping-top-level.groovy", "x = 0\nwhile (true) { }\nevent(\"e\") { x = 1 }\n");
    let app = temp_app(
        "looping-preferences.groovy",
        "definition(name: \"loops\", namespace: \"t\", author: \"t\", description: \"d\", category: \"c\")\n\
         preferences { section(\"s\") { while (true) { } } }\n\
         def installed() { }\n",
    );
    let away = smartapp("away-lock.groovy");
    let runs: [(&[&str], &str); 4] = [
        (&["check", &model], "check"),
        (&["app", &app], "app"),
        (&["pair", &app, &away], "pair"),
        (&["home", &app, &away], "home"),
    ];
    for (args, what) in runs {
        let started = Instant::now();
        let v = json_with_code(&[args, &["--time-limit", "1", "--json"]].concat(), 3);
        assert_eq!(v["reason"], "time", "{what}: {v}");
        assert_eq!(v["complete"], false, "{what}: {v}");
        assert!(started.elapsed() < Duration::from_secs(10), "{what} took {:?}", started.elapsed());
    }
}
