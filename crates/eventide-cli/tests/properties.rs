//! `--properties` from the command line (`pair`, `app`, `home`): verdicts and exit codes,
//! invariants that do not apply to a home, and located errors of property files.

mod common;
use common::{eventide, smartapp, temp_file};

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    common::exit_and_json(args)
}

/// `pair` of the two bundled example apps with `args`.
fn bundled_pair(args: &[&str]) -> (i32, serde_json::Value) {
    let (a, b) = (smartapp("smoke-unlock.groovy"), smartapp("away-lock.groovy"));
    let mut all = vec!["pair", a.as_str(), b.as_str()];
    all.extend_from_slice(args);
    json(&all)
}

const LOCKED: &str = "// the door stays locked\ninvariant(\"door locked\") { locks.every { it.lock == \"locked\" } }\n\
                      // the valve stays closed\ninvariant(\"valve closed\") { valves.every { it.valve == \"closed\" } }\n";

#[test]
fn a_violated_invariant_is_a_violation_with_a_trace_and_the_state() {
    let props = temp_file("properties", "locked.groovy", LOCKED);
    let props = props.to_str().unwrap();
    for por in ["dpor", "none"] {
        let (code, v) = bundled_pair(&["--properties", props, "--por", por, "--json"]);
        assert_eq!((code, v["verdict"].as_str()), (1, Some("violation")), "{v}");
        let violations = v["violations"].as_array().unwrap();
        assert_eq!(violations.len(), 1, "{v}");
        assert_eq!(violations[0]["property"], "door locked");
        assert_eq!(violations[0]["message"], "invariant `door locked` is false");
        assert_eq!(violations[0]["line"], 2);
        // Configuration B starts with the door unlocked: the nearest violating state.
        assert_eq!(violations[0]["trace"], serde_json::json!(["setup:B"]), "{por}");
        assert_eq!(violations[0]["state"]["lock1.lock"], "unlocked");
        // The valve invariant does not apply: the home has no valve.
        let valve = v["properties"].as_array().unwrap().iter().find(|p| p["name"] == "valve closed").unwrap();
        assert_eq!((valve["checked"].as_bool(), valve["empty_lists"][0].as_str()), (Some(false), Some("valves")));
    }
    let out = eventide()
        .args(["pair", &smartapp("smoke-unlock.groovy"), &smartapp("away-lock.groovy"), "--properties", props])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("invariant `valve closed` does not apply to this home"), "{stderr}");
}

#[test]
fn a_comparison_with_a_value_never_taken_is_warned_about_where_it_is() {
    let props = temp_file(
        "properties",
        "away.groovy",
        "// capitalised as in the SmartThings app, not as in the model\n\
         invariant(\"locked when away\") { mode != \"Away\" || locks.every { it.lock == \"locked\" } }\n",
    );
    let props = props.to_str().unwrap();
    let (code, v) = bundled_pair(&["--properties", props, "--json"]);
    // `mode != "Away"` always holds: the invariant is never violated, but the user is told why.
    assert_eq!((code, v["verdict"].as_str()), (1, Some("conflict")), "{v}");
    let warning = &v["properties"][0]["warnings"][0];
    assert_eq!((warning["line"].as_u64(), warning["column"].as_u64()), (Some(2), Some(41)), "{v}");
    assert!(warning["message"].as_str().unwrap().contains("did you mean \"away\""), "{v}");
    let out = eventide()
        .args(["pair", &smartapp("smoke-unlock.groovy"), &smartapp("away-lock.groovy"), "--properties", props])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning:") && stderr.contains("away.groovy:2:41"), "{stderr}");
}

#[test]
fn app_with_properties_still_reports_app_exceptions_in_its_exit_code() {
    let faulty = temp_file(
        "properties",
        "faulty.groovy",
        "definition(name: \"F\", namespace: \"t\", author: \"t\", description: \"d\")\n\
         preferences { section(\"s\") { input \"door\", \"capability.lock\" } }\n\
         def installed() { subscribe(door, \"lock\", h) }\n\
         def h(evt) { def n = 0; state.x = 1 / n }\n",
    );
    let holds = temp_file("properties", "true.groovy", "invariant(\"always\") { locks.size() >= 0 }\n");
    let (code, v) = json(&["app", faulty.to_str().unwrap(), "--properties", holds.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{v}");
    assert!(v["exceptions"].as_array().is_some_and(|e| !e.is_empty()), "{v}");
    assert!(v["violations"].as_array().is_some_and(Vec::is_empty), "{v}");
    // Without the fault, exit 0.
    let (code, v) = json(&["app", &smartapp("away-lock.groovy"), "--properties", holds.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{v}");
}

#[test]
fn property_file_errors_are_located_and_a_looping_invariant_does_not_hang() {
    let bad = temp_file("properties", "bad.groovy", "invariant(\"a\") {\n  locks.every { it.lokc == \"locked\" }\n}\n");
    let (code, v) = bundled_pair(&["--properties", bad.to_str().unwrap(), "--json"]);
    assert_eq!((code, v["verdict"].as_str(), v["reason"].as_str()), (2, Some("error"), Some("usage")), "{v}");
    assert_eq!(v["error"]["line"], 2, "{v}");
    let unparsable = temp_file("properties", "unparsable.groovy", "invariant(\"a\") {\n  locks.every { \n");
    let (code, v) = bundled_pair(&["--properties", unparsable.to_str().unwrap(), "--json"]);
    assert_eq!((code, v["reason"].as_str()), (2, Some("syntax")), "{v}");
    // Loops only once the door is unlocked (the probe home's door is locked): the run's time
    // limit stops it.
    let looping = temp_file(
        "properties",
        "looping.groovy",
        "invariant(\"a\") {\n  locks.every { l -> while (l.lock == \"unlocked\") { }; true }\n}\n",
    );
    let (code, v) = json(&[
        "app",
        &smartapp("smoke-unlock.groovy"),
        "--properties",
        looping.to_str().unwrap(),
        "--time-limit",
        "1",
        "--json",
    ]);
    assert_eq!((code, v["verdict"].as_str(), v["reason"].as_str()), (3, Some("incomplete"), Some("time")), "{v}");
}
