//! `--por r4` from the command line: the JSON additions, trace files (names per line and the
//! JSON trace a violation prints), located errors for unknown events, and R4 options without
//! `--por r4`.

mod common;
use common::{eventide, example, smartapp, temp_file};

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    common::exit_and_json(args)
}

#[test]
fn the_gallery_explores_seven_sequences_with_two_reversals() {
    let model = example("models", "r4-gallery.groovy");
    let trace = example("models", "r4-gallery.trace");
    let (code, v) = json(&["check", &model, "--por", "r4", "--trace", &trace, "--reversals", "2", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["por"].as_str(), v["sequences"].as_u64(), v["max_reversals"].as_u64()),
        (Some("r4"), Some(7), Some(2))
    );
    let races = v["races"].as_array().unwrap();
    assert_eq!(races.len(), 6);
    // Harmful races come first.
    let classes: Vec<&str> = races.iter().map(|r| r["classification"].as_str().unwrap()).collect();
    assert!(classes.windows(2).all(|w| !(w[0] == "harmless" && w[1] == "harmful")), "{classes:?}");
    let e2e3 = races.iter().find(|r| r["first"] == "click2" && r["second"] == "load3" && r["depth"] == 1).unwrap();
    assert_eq!((e2e3["classification"].as_str(), e2e3["reason"].as_str()), (Some("harmless"), Some("enabled-only")));
    let (_, one) = json(&["check", &model, "--por", "r4", "--trace", &trace, "--reversals", "0", "--json"]);
    assert_eq!(one["sequences"], 1);
}

#[test]
fn a_violation_trace_feeds_back_as_the_initial_sequence() {
    let model = example("models", "door-lock.groovy");
    let (code, v) = json(&["check", &model, "--json"]);
    assert_eq!(code, 1);
    let trace = temp_file("r4", "door-lock.json", &v["violations"][0]["trace"].to_string());
    let (code, r) = json(&["check", &model, "--por", "r4", "--trace", trace.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{r}");
    assert_eq!(r["initial"], v["violations"][0]["trace"]);
    assert_eq!(r["violations"][0]["message"], v["violations"][0]["message"]);
}

#[test]
fn unknown_events_and_misplaced_options_are_usage_errors() {
    let model = example("models", "r4-gallery.groovy");
    let trace = temp_file("r4", "bad.trace", "load2\n\n# a comment\n  click9\n");
    let out = eventide().args(["check", &model, "--por", "r4", "--trace", trace.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.trace:4:3: unknown event `click9`"), "{stderr}");
    let out = eventide().args(["check", &model, "--reversals", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = eventide().args(["check", &model, "--por", "r4", "--reversals", "x"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let pair = temp_file("r4", "pair.trace", "setup:A\nlock1.lock=sideways\n");
    let (code, v) = json(&[
        "pair",
        &smartapp("smoke-unlock.groovy"),
        &smartapp("away-lock.groovy"),
        "--por",
        "r4",
        "--trace",
        pair.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!((v["verdict"].as_str(), v["error"]["line"].as_u64()), (Some("error"), Some(2)));
}

#[test]
fn a_reordering_that_fails_an_assertion_is_a_harmful_race() {
    // The recorded order passes; draining before filling fails the assertion (and its final
    // state differs too): the race is harmful because it fails, which the report says first.
    let model = temp_file(
        "r4",
        "tank.groovy",
        "level = 0\nevent(\"fill\") { level = level + 5; disable(\"fill\") }\n\
         event(\"drain\") { level = level - 3; assert level >= 0 : \"level went negative\"; disable(\"drain\") }\n\
         event(\"noise\") { disable(\"noise\") }\n",
    );
    let trace = temp_file("r4", "tank.trace", "fill\nnoise\ndrain\n");
    let (code, v) =
        json(&["check", model.to_str().unwrap(), "--por", "r4", "--trace", trace.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(code, 1, "{v}");
    let race = v["races"].as_array().unwrap().iter().find(|r| r["first"] == "fill" && r["second"] == "drain").unwrap();
    assert_eq!((race["classification"].as_str(), race["reason"].as_str()), (Some("harmful"), Some("fails")), "{v}");
    let at = format!("{}:3:37", model.display());
    assert_eq!(
        race["differences"],
        serde_json::json!([format!("finding `level went negative at {at}`: not raised / raised")])
    );
}

#[test]
fn a_reordering_that_avoids_the_recorded_failure_is_a_harmful_race_too() {
    // The recorded order fails (`c` after `a`); the reversal `c a` passes: the race decides
    // whether the assertion fails, whichever order was recorded.
    let model = temp_file(
        "r4",
        "lost.groovy",
        "ran = 0
event(\"a\") { ran = 1; disable(\"a\") }
         event(\"c\") { assert ran == 0 : \"a ran before c\"; disable(\"c\") }
",
    );
    let trace = temp_file("r4", "lost.trace", "a\nc\n");
    let (code, v) =
        json(&["check", model.to_str().unwrap(), "--por", "r4", "--trace", trace.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(code, 1, "{v}");
    let race = v["races"].as_array().unwrap().iter().find(|r| r["first"] == "a" && r["second"] == "c").unwrap();
    assert_eq!((race["classification"].as_str(), race["reason"].as_str()), (Some("harmful"), Some("fails")), "{v}");
    let at = format!("{}:3:23", model.display());
    assert_eq!(
        race["differences"],
        serde_json::json!([format!("finding `a ran before c at {at}`: raised / not raised")])
    );
}

#[test]
fn trace_files_that_give_r4_nothing_to_run_are_located_errors() {
    let model = example("models", "r4-gallery.groovy");
    let error = |name: &str, text: &str| {
        let trace = temp_file("r4", name, text);
        let out =
            eventide().args(["check", &model, "--por", "r4", "--trace", trace.to_str().unwrap()]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}: {}", String::from_utf8_lossy(&out.stdout));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    for (name, text) in [("empty.trace", ""), ("comments.trace", "# nothing\n\n"), ("empty-array.trace", "[]")] {
        let stderr = error(name, text);
        assert!(stderr.contains(&format!("{name}:1:1: the trace holds no event")), "{stderr}");
    }
    // click2 is disabled until click1 runs: nothing of this trace can run.
    let stderr = error("disabled.trace", "click2\n");
    assert!(stderr.contains("disabled.trace:1:1: no event of the trace could run"), "{stderr}");
    assert!(stderr.contains("click2"), "{stderr}");
    let stderr = error("report.json", "{\"verdict\": \"violation\", \"findings\": []}");
    assert!(stderr.contains("not a whole report"), "{stderr}");
    // A comment after an event name is a comment; `#` inside a name is not.
    let trace = temp_file("r4", "commented.trace", "load2   # the image arrives\nclick1\n");
    let (code, v) = json(&["check", &model, "--por", "r4", "--trace", trace.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["initial"], serde_json::json!(["load2", "click1"]));
    let stderr = error("hash.trace", "load#2\n");
    assert!(stderr.contains("unknown event `load#2`"), "{stderr}");
    // A NUL byte in a name is shown escaped, not raw.
    let stderr = error("nul.trace", "load2\0\n");
    assert!(stderr.contains("unknown event `load2\\0`"), "{stderr}");
    // A name longer than a line is cut.
    let stderr = error("long.trace", &format!("{}\n", "x".repeat(100_000)));
    assert!(stderr.contains(&format!("unknown event `{}… (100000 characters)`", "x".repeat(80))), "{stderr}");
    assert!(stderr.len() < 1_000, "{} bytes", stderr.len());
    let out =
        eventide().args(["check", &model, "--por", "r4", "--reversals", "99999999999999999999"]).output().unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("at most 4294967295"),
        "a number too large is not `no number`"
    );
    // A trace that cannot be read is located at 1:1 (it said 0:0).
    let missing = temp_file("r4", "exists.trace", "").with_file_name("missing.trace");
    let out = eventide().args(["check", &model, "--por", "r4", "--trace", missing.to_str().unwrap()]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("missing.trace:1:1: cannot read trace"), "{stderr}");
}

#[test]
fn a_pair_reports_conflicts_and_races() {
    let (code, v) = json(&[
        "pair",
        &smartapp("smoke-unlock.groovy"),
        &smartapp("away-lock.groovy"),
        "--por",
        "r4",
        "--depth",
        "8",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert!(!v["conflicts"].as_array().unwrap().is_empty());
    let races = v["races"].as_array().unwrap();
    assert!(races.iter().any(|r| r["classification"] == "harmful"
        && r["differences"].as_array().unwrap().iter().any(|d| d.as_str().unwrap().starts_with("lock1.lock:"))));
    assert!(races.iter().any(|r| r["classification"] == "harmless"));
}

#[test]
fn a_run_stopped_at_its_first_finding_says_so() {
    let (a, b) = (smartapp("smoke-unlock.groovy"), smartapp("away-lock.groovy"));
    let pair = ["pair", a.as_str(), b.as_str(), "--por", "r4", "--depth", "8"];
    let (code, v) = json(&[&pair[..], &["--first", "--json"]].concat());
    assert_eq!(code, 1);
    assert_eq!(v["stopped_at_first"], true);
    assert_eq!(v["sequences"], 1);
    let (_, v) = json(&[&pair[..], &["--json"]].concat());
    assert!(v.get("stopped_at_first").is_none(), "a run that explored everything has no such field");
    let out = eventide().args(pair).arg("--first").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the run stopped at the first finding"), "{text}");
}

#[test]
fn the_limits_apply_to_the_analysis_of_a_long_sequence() {
    // Recording 5,000 events takes a fraction of a second; analysing their races takes far
    // longer than the 1 s limit (it used to run to the end and report `ok`, complete).
    let model = temp_file(
        "r4",
        "toggles.groovy",
        "x = 0\ny = 0\nevent(\"tx\") { x = (x + 1) % 2 }\nevent(\"ty\") { y = (y + 1) % 2 }\n",
    );
    let (code, v) = json(&[
        "check",
        model.to_str().unwrap(),
        "--por",
        "r4",
        "--depth",
        "5000",
        "--reversals",
        "1",
        "--time-limit",
        "1",
        "--json",
    ]);
    assert_eq!((code, v["verdict"].as_str(), v["reason"].as_str()), (3, Some("incomplete"), Some("time")), "{v}");
    assert_eq!(v["complete"], false);
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_event_and_long_skip_lists_are_cut_in_text() {
    let model = temp_file(
        "r4",
        "bom.groovy",
        "n = 0\nevent(\"once\") { n = 1; disable(\"once\") }\nevent(\"other\") { n = n }\n",
    );
    let trace = temp_file("r4", "bom.trace", &format!("\u{feff}once\n{}other\n", "once\n".repeat(30)));
    let (code, v) =
        json(&["check", model.to_str().unwrap(), "--por", "r4", "--trace", trace.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["initial"][0], "once", "{v}");
    assert_eq!(v["initial_skipped"].as_array().map(Vec::len), Some(30), "{v}");
    let out = eventide()
        .args(["check", model.to_str().unwrap(), "--por", "r4", "--trace", trace.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("skipped in the given trace (not enabled, 30): once, once"), "{text}");
    assert!(text.contains(", ... and 10 more"), "{text}");
}
