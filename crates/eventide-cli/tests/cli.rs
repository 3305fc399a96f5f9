//! The `eventide` command as a user runs it: exit codes, JSON shapes, diagnostics.

mod common;

use common::{eventide, smartapp};
use serde_json::Value;
use std::path::PathBuf;

fn example(name: &str) -> String {
    common::example("models", name)
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    common::temp_file("cli-test", name, text)
}

fn json(args: &[&str], code: i32) -> Value {
    let out = eventide().args(args).assert().code(code).get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

#[test]
fn check_reports_a_violation_with_its_trace() {
    for por in ["dpor", "none"] {
        let v = json(&["check", &example("paper-fig1.groovy"), "--por", por, "--json"], 1);
        assert_eq!(v["verdict"], "violation");
        assert_eq!(v["por"], por);
        assert_eq!(v["complete"], true);
        let violation = &v["violations"][0];
        assert_eq!(violation["message"], "fig1");
        assert_eq!(violation["line"], 8);
        assert!(violation["column"].as_u64().unwrap() > 0);
        assert!(violation["file"].as_str().unwrap().ends_with("paper-fig1.groovy"));
        let trace: Vec<&str> = violation["trace"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        assert_eq!(trace.last(), Some(&"e3"));
        assert!(trace.contains(&"e1"));
        for key in ["states", "transitions", "executed", "executions", "events", "elapsed_ms", "peak_memory_bytes"] {
            assert!(v[key].is_u64(), "{key} missing: {v}");
        }
    }
}

#[test]
fn check_ok_model_exits_zero_and_counts_match_the_table() {
    let v = json(&["check", &example("fairness.groovy"), "--por", "none", "--json"], 0);
    assert_eq!(v["verdict"], "ok");
    assert_eq!((v["states"].as_u64(), v["transitions"].as_u64()), (Some(2), Some(5)));
    assert_eq!(v["executions"], 1);
}

#[test]
fn all_violations_explores_everything() {
    let path = temp_file(
        "two.groovy",
        "x = 0\nevent(\"a\") { assert x == 1 : \"first\" }\nevent(\"b\") { assert false : \"second\" }\n",
    );
    for flag in ["--all", "--all-violations"] {
        let v = json(&["check", path.to_str().unwrap(), flag, "--json"], 1);
        assert_eq!(v["violations"].as_array().unwrap().len(), 2, "{v}");
    }
    let v = json(&["check", path.to_str().unwrap(), "--json"], 1);
    assert_eq!(v["violations"].as_array().unwrap().len(), 1, "default stops at the first: {v}");
}

#[test]
fn readable_report_shows_the_trace() {
    let out = eventide().args(["check", &example("paper-fig5.groovy")]).assert().code(1).get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("VIOLATION"), "{text}");
    assert!(text.contains("paper-fig5.groovy:8:"), "{text}");
    assert!(text.contains("1. "), "{text}");
}

#[test]
fn limits_make_a_run_incomplete() {
    // Toggles that all count one shared variable: every pair conflicts, so DPOR cannot reduce.
    let mut model = String::from("count = 0\n");
    for i in 0..14 {
        model.push_str(&format!("v{i} = 0\nevent(\"t{i}\") {{ v{i} = 1 - v{i}; count = (count + 1) % 2 }}\n"));
    }
    let path = temp_file("toggles.groovy", &model);
    for por in ["dpor", "none"] {
        let v = json(&["check", path.to_str().unwrap(), "--por", por, "--max-states", "50", "--json"], 3);
        assert_eq!(v["verdict"], "incomplete");
        assert_eq!(v["complete"], false);
        assert_eq!(v["reason"], "states");
        assert!(v["states"].as_u64().unwrap() >= 50);
    }
    // The shortest time limit there is (0 is a usage error): the run stops at its first check.
    let v = json(&["check", path.to_str().unwrap(), "--time-limit", "0.000000001", "--json"], 3);
    assert_eq!(v["reason"], "time");
    let v = json(&["check", path.to_str().unwrap(), "--memory-limit", "1K", "--json"], 3);
    assert_eq!(v["reason"], "memory");
}

#[test]
fn bad_input_exits_two_with_a_located_message() {
    let path = temp_file("bad.groovy", "x = 0\nevent(\"e\") { enable(\"missing\") }\n");
    let out = eventide().args(["check", path.to_str().unwrap()]).assert().code(2).get_output().stderr.clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("bad.groovy:2:21:"), "{text}");
    assert!(text.contains("no event named `missing`"), "{text}");
    let v = json(&["check", path.to_str().unwrap(), "--json"], 2);
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["error"]["line"], 2);
    assert_eq!(v["error"]["column"], 21);
    let syntax = temp_file("syntax.groovy", "x = \nevent(\"e\") {\n");
    let v = json(&["check", syntax.to_str().unwrap(), "--json"], 2);
    assert_eq!(v["reason"], "syntax");
    eventide().args(["check", "/nonexistent/model.groovy"]).assert().code(2);
    eventide().args(["check", &example("cycle.groovy"), "--por", "sometimes"]).assert().code(2);
    eventide().args(["check", &example("cycle.groovy"), "--memory-limit", "lots"]).assert().code(2);
}

#[test]
fn parse_reports_each_file() {
    let good = example("cycle.groovy");
    let bad = temp_file("unterminated.groovy", "def s = \"open\n");
    let out =
        eventide().args(["parse", &good, bad.to_str().unwrap(), "--json"]).assert().code(2).get_output().stdout.clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    let files = v.as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["ok"], true);
    assert!(files[0].get("error").is_none());
    assert_eq!(files[1]["ok"], false);
    assert_eq!(files[1]["error"]["line"], 1);
    assert!(files[1]["error"]["message"].as_str().unwrap().contains("unterminated"));
    eventide().args(["parse", &good]).assert().code(0);
}

#[test]
fn eval_prints_output_and_locates_errors() {
    let script = temp_file(
        "hello.groovy",
        "def xs = [3, 1, 2]\nprintln xs.sort()\nprintln 10 / 4\nprintln \"n=${xs.size()}\"\n",
    );
    let out = eventide().args(["eval", script.to_str().unwrap()]).assert().code(0).get_output().stdout.clone();
    assert_eq!(String::from_utf8(out).unwrap(), "[1, 2, 3]\n2.5\nn=3\n");
    let failing = temp_file("npe.groovy", "println 'before'\ndef m = null\nm.foo()\n");
    let assert = eventide().args(["eval", failing.to_str().unwrap()]).assert().code(1);
    let output = assert.get_output();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "before\n");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("npe.groovy:3:"), "{err}");
    assert!(err.contains("NullPointerException"), "{err}");
}

#[test]
fn pair_finds_the_demo_conflict_in_both_modes_with_a_trace() {
    let (a, b) = (smartapp("smoke-unlock.groovy"), smartapp("away-lock.groovy"));
    let mut per_mode = Vec::new();
    for por in ["dpor", "none"] {
        let v = json(&["pair", &a, &b, "--por", por, "--json"], 1);
        assert_eq!(v["verdict"], "conflict");
        assert_eq!(v["complete"], true);
        let conflicts = v["conflicts"].as_array().unwrap();
        let mut seen: Vec<(String, String)> = conflicts
            .iter()
            .map(|c| {
                assert_eq!((c["device"].as_str(), c["attribute"].as_str()), (Some("lock1"), Some("lock")));
                let trace = c["trace"].as_array().unwrap();
                assert!(trace[0]["event"].as_str().unwrap().starts_with("setup:"), "step 0 is the setup step");
                let marked: Vec<&Value> = trace
                    .iter()
                    .flat_map(|s| s["writes"].as_array().unwrap())
                    .filter(|w| w["conflicting"] == true)
                    .collect();
                assert_eq!(marked.len(), 2, "two conflicting writes are marked: {c}");
                assert_eq!(marked[0]["app"], c["first"]["app"]);
                assert_eq!(marked[1]["value"], c["second"]["value"]);
                (c["first"]["app"].as_str().unwrap().to_string(), c["first"]["value"].as_str().unwrap().to_string())
            })
            .collect();
        seen.sort();
        assert_eq!(
            seen,
            vec![("away-lock".to_string(), "locked".to_string()), ("smoke-unlock".to_string(), "unlocked".to_string())]
        );
        per_mode.push((v["states"].clone(), seen));
    }
    assert_eq!(per_mode[0].1, per_mode[1].1, "dpor and exhaustive conflicts are equal");
    // --first stops at one; --track on another attribute finds none.
    let v = json(&["pair", &a, &b, "--first", "--json"], 1);
    assert_eq!(v["conflicts"].as_array().unwrap().len(), 1);
    let v = json(&["pair", &a, &b, "--track", "switch", "--json"], 0);
    assert_eq!(v["verdict"], "no_conflict");
}

#[test]
fn pair_readable_report_marks_the_writes() {
    let out = eventide()
        .args(["pair", &smartapp("smoke-unlock.groovy"), &smartapp("away-lock.groovy")])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("CONFLICT"), "{text}");
    assert!(text.contains("<-- conflicting write"), "{text}");
    assert!(text.contains("runs smoke-unlock.smokeHandler"), "{text}");
}

#[test]
fn pair_bad_input_exits_two() {
    let bad = temp_file("bad-app.groovy", "definition(name: \"x\"\npreferences {\n");
    eventide().args(["pair", bad.to_str().unwrap(), &smartapp("away-lock.groovy")]).assert().code(2);
    eventide().args(["pair", &smartapp("away-lock.groovy"), "/nonexistent.groovy"]).assert().code(2);
    eventide()
        .args(["pair", &smartapp("away-lock.groovy"), &smartapp("smoke-unlock.groovy"), "--timers", "later"])
        .assert()
        .code(2);
}
