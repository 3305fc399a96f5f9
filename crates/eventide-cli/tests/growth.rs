//! Runs that cannot finish say why: the growth diagnosis of `check` and `pair`, the documented
//! `--bound-collections` bound, and the memory ceiling, as a user sees them.

mod common;

use common::{eventide, example, temp_file};
use serde_json::Value;

fn json(args: &[&str], code: i32) -> Value {
    let out = eventide().args(args).assert().code(code).get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out)))
}

fn text(args: &[&str], code: i32) -> String {
    let out = eventide().args(args).assert().code(code).get_output().stdout.clone();
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn a_growing_model_names_the_location_and_the_bound_makes_it_finish() {
    let model = example("models", "growing-queue.groovy");
    for por in ["dpor", "none"] {
        let v = json(&["check", &model, "--por", por, "--max-states", "1500", "--json"], 3);
        assert_eq!((v["verdict"].as_str(), v["reason"].as_str()), (Some("incomplete"), Some("states")));
        let growth = v["growth"].as_array().expect("growth on a stopped run");
        assert_eq!(growth.len(), 1, "{v}");
        assert_eq!(growth[0]["location"], "queue");
        assert!(growth[0]["app"].is_null());
        assert!(growth[0]["max_size"].as_u64().unwrap() >= 3);
        let sizes: Vec<u64> = growth[0]["sizes"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
        assert_eq!(sizes.len(), growth[0]["trace"].as_array().unwrap().len() + 1);
        assert!(sizes.windows(2).filter(|w| w[1] > w[0]).count() >= 3, "{sizes:?}");
        assert!(v.get("bounded").is_none());

        let bounded = json(&["check", &model, "--por", por, "--bound-collections", "3", "--json"], 0);
        assert_eq!((bounded["verdict"].as_str(), bounded["complete"].as_bool()), (Some("ok"), Some(true)));
        assert_eq!(bounded["bounded"], true);
        assert!(bounded.get("growth").is_none(), "a finished run reports no growth: {bounded}");
    }
    let readable = text(&["check", &model, "--bound-collections", "3"], 0);
    assert!(readable.starts_with("OK (bounded: collections cut to their last 3 elements)"), "{readable}");
    let readable = text(&["check", &model, "--max-states", "1500"], 3);
    assert!(readable.contains("queue reached size"), "{readable}");
    assert!(readable.contains("the state space is infinite"), "{readable}");
    assert!(readable.contains("hint: `--bound-collections K`"), "{readable}");
}

#[test]
fn a_large_finite_model_names_no_growth_but_the_variable_that_multiplies_its_states() {
    let model = common::temp_file(
        "growth-test",
        "counter-1000.groovy",
        "recent = []\nn = 0\nevent(\"tick\") { n = (n + 1) % 1000; recent << 1; if (recent.size() > 4) { recent.remove(0) } }\n\
         event(\"tock\") { n = (n + 7) % 1000 }\n",
    );
    let model = model.to_str().unwrap();
    for por in ["dpor", "none"] {
        let v = json(&["check", model, "--por", por, "--max-states", "1500", "--json"], 3);
        assert_eq!(v["growth"], serde_json::json!([]), "{v}");
        let variety = v["variety"].as_array().expect("variety on a stopped run");
        assert_eq!(variety[0]["location"], "n", "{v}");
        assert!(variety[0]["distinct_values"].as_u64().unwrap() >= 500, "{v}");
    }
    let readable = text(&["check", model, "--max-states", "1500"], 3);
    assert!(readable.contains("state that took the most values"), "{readable}");
    assert!(!readable.contains("kept growing"), "{readable}");
    // A number multiplies the states most: bounding collections would not help.
    assert!(!readable.contains("--bound-collections"), "{readable}");
}

#[test]
fn a_growing_smartapp_is_named_by_file_and_the_bound_makes_the_pair_finish() {
    let logger = example("smartapps", "event-logger.groovy");
    let lock = example("smartapps", "away-lock.groovy");
    let v = json(&["pair", &logger, &lock, "--max-states", "400", "--json"], 3);
    let growth = v["growth"].as_array().expect("growth on a stopped run");
    assert_eq!(growth.len(), 1, "{v}");
    assert_eq!(
        (growth[0]["app"].as_str(), growth[0]["location"].as_str()),
        (Some("event-logger"), Some("atomicState.buffer"))
    );
    let bounded = json(&["pair", &logger, &lock, "--bound-collections", "3", "--json"], 0);
    assert_eq!((bounded["verdict"].as_str(), bounded["complete"].as_bool()), (Some("no_conflict"), Some(true)));
    assert_eq!(bounded["bounded"], true);
    let readable = text(&["pair", &logger, &lock, "--bound-collections", "3"], 0);
    assert!(readable.lines().next().unwrap().contains("NO CONFLICT (bounded"), "{readable}");
}

#[test]
fn a_memory_ceiling_ends_a_growing_run_as_incomplete_with_the_diagnosis() {
    let model = example("models", "growing-queue.groovy");
    let v = json(&["check", &model, "--por", "none", "--memory-limit", "64M", "--json"], 3);
    assert_eq!(v["reason"], "memory");
    assert_eq!(v["growth"][0]["location"], "queue");
    let readable = text(&["check", &model, "--por", "none", "--memory-limit", "64M"], 3);
    assert!(readable.contains("memory limit reached (64.0 MiB)"), "{readable}");
}

#[test]
fn the_default_memory_ceiling_is_documented_and_none_turns_it_off() {
    let help = text(&["check", "--help"], 0);
    assert!(help.contains("80% of the memory available"), "{help}");
    let v = json(&["check", &example("models", "fairness.groovy"), "--memory-limit", "none", "--json"], 0);
    assert_eq!(v["complete"], true);
}

#[test]
fn a_model_of_many_small_variables_says_how_many_combinations_its_states_span() {
    // Six flags and a three-valued counter: no location stands out, but together they span
    // 2^6 * 3 = 192 states, which exhaustive search stops in the middle of.
    let mut source = String::from("n = 0\n");
    for i in 0..6 {
        source.push_str(&format!("f{i} = false\nevent(\"flip{i}\") {{ f{i} = !f{i}; n = (n + 1) % 3 }}\n"));
    }
    let model = common::temp_file("growth-test", "flags.groovy", &source);
    let model = model.to_str().unwrap();
    let v = json(&["check", model, "--por", "none", "--max-states", "150", "--json"], 3);
    assert_eq!(v["varied_locations"], 7, "{v}");
    assert_eq!(v["value_combinations"], 192, "{v}");
    assert_eq!(v["variety"].as_array().map(Vec::len), Some(3), "the JSON names the first three: {v}");
    let readable = text(&["check", model, "--por", "none", "--max-states", "150"], 3);
    assert!(
        readable.contains("what the states combine: 7 locations took more than one value; their values combine in up to 192 ways (150 states stored)"),
        "{readable}"
    );
    assert!(readable.contains("n 3, f0 2, f1 2, f2 2, f3 2, f4 2, f5 2"), "{readable}");
}

#[test]
fn a_stopped_pair_names_the_device_attributes_that_multiply_its_states() {
    let smoke = example("smartapps", "smoke-unlock.groovy");
    let lock = example("smartapps", "away-lock.groovy");
    let v = json(&["pair", &smoke, &lock, "--max-states", "6", "--json"], 1);
    let variety = v["variety"].as_array().expect("variety on a stopped run");
    let device_attributes: Vec<&str> =
        variety.iter().filter(|e| e["app"].is_null()).filter_map(|e| e["location"].as_str()).collect();
    assert!(device_attributes.contains(&"lock1.lock"), "{v}");
    assert!(v["value_combinations"].as_u64().unwrap() >= 8, "{v}");
}

#[test]
fn thread_programs_take_the_bound_and_name_a_growing_queue() {
    let log = common::temp_file(
        "growth-test",
        "thread-log.groovy",
        "log = []\nthread(\"ui\", looper: true) { post(\"ui\", \"tick\") }\nhandler(\"tick\") { log = log + [1]; post(\"ui\", \"tick\") }\n",
    );
    let log = log.to_str().unwrap();
    let v = json(&["check", log, "--max-states", "200", "--json"], 3);
    assert_eq!(v["growth"][0]["location"], "log", "{v}");
    // The stateless explorer gives the same diagnosis, its witness the trace it was on.
    let v = json(&["check", log, "--por", "em-dpor", "--max-states", "200", "--json"], 3);
    assert_eq!(v["growth"][0]["location"], "log", "{v}");
    assert!(v["growth"][0]["trace"].as_array().is_some_and(|t| !t.is_empty()), "{v}");
    assert_eq!(v["variety"][0]["location"], "log", "{v}");
    let bounded = json(&["check", log, "--bound-collections", "3", "--max-states", "2000", "--json"], 0);
    assert_eq!((bounded["verdict"].as_str(), bounded["bounded"].as_bool()), (Some("ok"), Some(true)), "{bounded}");
    assert!(bounded["states"].as_u64().unwrap() < 20, "{bounded}");

    // Each run of `tick` posts two more: the looper's queue grows, which no bound cuts.
    let queue = common::temp_file(
        "growth-test",
        "thread-queue.groovy",
        "n = 0\nthread(\"ui\", looper: true) { post(\"ui\", \"tick\") }\nhandler(\"tick\") {\n  n = (n + 1) % 3\n  post(\"ui\", \"tick\")\n  post(\"ui\", \"tick\")\n}\n",
    );
    let queue = queue.to_str().unwrap();
    let v = json(&["check", queue, "--max-states", "300", "--json"], 3);
    assert_eq!(v["growth"][0]["location"], "queue of ui", "{v}");
    let readable = text(&["check", queue, "--max-states", "300"], 3);
    assert!(readable.contains("a looper's queue that keeps growing"), "{readable}");
    assert!(!readable.contains("hint: `--bound-collections K`"), "no bound cuts a queue: {readable}");
}

#[test]
fn a_bounded_run_stopped_early_does_not_call_its_state_space_infinite() {
    let model = common::temp_file("growth-test", "arrivals.groovy", "queue = []\nevent(\"arrive\") { queue << 1 }\n");
    let model = model.to_str().unwrap();
    let readable = text(&["check", model, "--bound-collections", "100", "--max-states", "50"], 3);
    assert!(readable.contains("the bounded state space is finite"), "{readable}");
    assert!(!readable.contains("the state space is infinite"), "{readable}");
    assert!(!readable.contains("hint: `--bound-collections K`"), "{readable}");
    let unbounded = text(&["check", model, "--max-states", "50"], 3);
    assert!(unbounded.contains("the state space is infinite"), "{unbounded}");
}

#[test]
fn em_dpor_refuses_a_model_of_events() {
    let model = common::temp_file(
        "growth-test",
        "disabling.groovy",
        "x = 0\nevent(\"a\") { disable(\"a\"); disable(\"c\") }\nevent(\"c\") { disable(\"c\"); assert false : \"c ran\" }\n",
    );
    let model = model.to_str().unwrap();
    let out = eventide().args(["check", model, "--por", "em-dpor"]).assert().code(2).get_output().stderr.clone();
    let message = String::from_utf8_lossy(&out);
    assert!(message.contains("--por em-dpor explores programs of threads"), "{message}");
    let v = json(&["check", model, "--por", "em-dpor", "--json"], 2);
    assert_eq!((v["verdict"].as_str(), v["reason"].as_str()), (Some("error"), Some("usage")), "{v}");
    // The other explorers find the violation.
    for por in ["dpor", "none"] {
        let v = json(&["check", model, "--por", por, "--json"], 1);
        assert_eq!(v["violations"][0]["message"], "c ran", "{v}");
    }
}

#[test]
fn a_deadlock_is_reported_as_one_at_the_blocked_statement() {
    let model = common::temp_file(
        "growth-test",
        "deadlock.groovy",
        "thread(\"a\") {\n    acquire(\"l1\")\n    acquire(\"l2\")\n    release(\"l2\")\n    release(\"l1\")\n}\n\
         thread(\"b\") {\n    acquire(\"l2\")\n    acquire(\"l1\")\n    release(\"l1\")\n    release(\"l2\")\n}\n",
    );
    let model = model.to_str().unwrap();
    let readable = text(&["check", model], 1);
    assert!(readable.contains("deadlock.groovy:3:5: a waits at line 3 for lock `l2`, held by b"), "{readable}");
    assert!(readable.contains("\ndeadlock at "), "{readable}");
    assert!(!readable.contains("assertion failed"), "{readable}");
    let v = json(&["check", model, "--json"], 1);
    assert_eq!(v["violations"][0]["column"], 5, "{v}");
}

#[test]
fn a_run_whose_every_state_raises_another_message_lists_a_thousand_and_counts_the_rest() {
    // Every state raises an exception with a message of its own, each listed with a trace as
    // long as the path to it: listing all of them took memory quadratic in the states (gigabytes
    // past a 1G limit, hundreds of megabytes of JSON) while the report was written.
    let model = temp_file(
        "unlisted",
        "boom.groovy",
        "d = 0\nevent(\"e\") { d = d + 1; throw new RuntimeException(\"boom ${d}\") }\n",
    );
    let model = model.display().to_string();
    for por in ["dpor", "none"] {
        let v = json(&["check", &model, "--all", "--por", por, "--max-states", "3000", "--json"], 1);
        assert_eq!(v["exceptions"].as_array().map(Vec::len), Some(1_000), "{por}");
        assert_eq!(v["findings_not_listed"], 3000 - 1 - 1_000, "{por}: one finding per transition");
    }
    let readable = text(&["check", &model, "--all", "--max-states", "1100"], 1);
    assert!(readable.contains("99 more distinct finding(s) not listed: a run lists the first 1000"), "{readable}");
}
