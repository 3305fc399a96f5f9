//! Bad input to `report`, `batch`, `check`, `pair` and `app`: each is a usage or input error (exit 2)
//! whose message says where the fault is (`file:line` for a results line or a pair-list row,
//! the flag for a flag) and what was expected, in words rather than parser internals; with
//! `--json`, `check` and `pair` print their JSON error object for a bad limit flag too.
//!
//! None of these tests needs the corpus: the files are written to a temporary folder.

mod common;

use common::example;
use serde_json::Value;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Runs `eventide` with `args`, checks its exit code, and returns what it printed.
fn eventide<S: AsRef<OsStr>>(args: &[S], code: i32) -> Output {
    common::eventide().args(args).assert().code(code).get_output().clone()
}

fn stderr_text(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Standard output as one JSON value.
fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stdout)))
}

fn temp_dir(name: &str) -> PathBuf {
    common::scratch_dir(&format!("bad-input-test-{name}"))
}

/// A complete results line of a run of `app_a` + `b.groovy` in group `switches`.
fn record_line(app_a: &str, order: &str, mode: &str) -> Value {
    serde_json::json!({
        "group": "switches", "app_a": app_a, "app_b": "b.groovy", "order": order, "mode": mode,
        "verdict": "no_conflict", "complete": true, "conflicts": 0, "events": 3, "states": 10,
        "transitions": 20, "executed": 20, "executions": 1, "elapsed_ms": 5, "wall_ms": 7,
        "peak_memory_bytes": 100, "exceptions": 0, "conflict_list": [],
        "time_limit_ms": 10000, "memory_limit_bytes": 1000000
    })
}

/// The four runs (both orders, both modes) of one pair, as results lines.
fn pair_lines(app_a: &str) -> String {
    let mut text = String::new();
    for order in ["ab", "ba"] {
        for mode in ["dpor", "none"] {
            text += &record_line(app_a, order, mode).to_string();
            text += "\n";
        }
    }
    text
}

/// Runs `eventide report` on `lines` (written to `name` in `dir`) expecting exit 2, and returns
/// its error message after checking it is located at `file:line` and free of serde's wording.
fn report_error(dir: &Path, name: &str, lines: &str, line: usize) -> String {
    let path = dir.join(name);
    std::fs::write(&path, lines).unwrap();
    let stderr = stderr_text(&eventide(&[OsStr::new("report"), path.as_os_str()], 2));
    assert!(stderr.starts_with(&format!("error: {}:{line}: ", path.display())), "{stderr}");
    for internal in ["struct Record", "u64", "Int(", "invalid type", "invalid value", "variant", "elements"] {
        assert!(!stderr.contains(internal), "{internal:?} leaks into {stderr:?}");
    }
    stderr
}

#[test]
fn report_refuses_records_with_missing_fields_instead_of_reading_zeros() {
    let dir = temp_dir("missing");
    let good = record_line("a.groovy", "ab", "dpor").to_string();
    for field in ["states", "elapsed_ms", "peak_memory_bytes", "complete", "conflict_list", "verdict"] {
        let mut record = record_line("a.groovy", "ab", "none");
        record.as_object_mut().unwrap().remove(field);
        let stderr = report_error(&dir, "r.jsonl", &format!("{good}\n{record}\n"), 2);
        assert!(stderr.contains(&format!("missing field `{field}` (")), "{stderr}");
    }
    let mut record = record_line("a.groovy", "ab", "none");
    for field in ["states", "transitions"] {
        record.as_object_mut().unwrap().remove(field);
    }
    let stderr = report_error(&dir, "r.jsonl", &format!("{good}\n\n{record}\n"), 3);
    assert!(stderr.contains("missing fields `states`, `transitions` (each a whole number, 0 or more)"), "{stderr}");

    // The bookkeeping fields a batch adds may be absent.
    let mut lines = String::new();
    for line in pair_lines("a.groovy").lines() {
        let mut record: Value = serde_json::from_str(line).unwrap();
        for field in ["wall_ms", "time_limit_ms", "memory_limit_bytes"] {
            record.as_object_mut().unwrap().remove(field);
        }
        lines += &format!("{record}\n");
    }
    let path = dir.join("lean.jsonl");
    std::fs::write(&path, lines).unwrap();
    let out = String::from_utf8(eventide(&[OsStr::new("report"), path.as_os_str()], 0).stdout).unwrap();
    assert!(out.contains("4 runs: 0 conflict, 4 no_conflict"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_explains_wrong_values_in_words() {
    let dir = temp_dir("wrong");
    let good = record_line("a.groovy", "ab", "dpor").to_string();
    let with = |field: &str, value: Value| {
        let mut record = record_line("a.groovy", "ba", "dpor");
        record.as_object_mut().unwrap().insert(field.to_string(), value);
        format!("{good}\n{record}\n")
    };
    for (lines, expected) in [
        (with("states", Value::from("many")), r#"`states` is "many": expected a whole number, 0 or more"#),
        (with("states", Value::from(-3)), "`states` is -3: expected a whole number, 0 or more"),
        (with("mode", Value::from("fast")), r#"`mode` is "fast": expected one of "dpor", "none""#),
        (with("group", Value::from(0)), "`group` is 0: expected a string"),
        (
            with("conflict_list", serde_json::json!([{"device": "d", "attribute": "switch", "first": {"app": "a"}}])),
            r#"missing field `conflict_list[0].second` (an object {"app", "value"}); missing field `conflict_list[0].first.value` (a string)"#,
        ),
        (format!("{good}\n[]\n"), "found a list: expected a JSON object with the fields of a run"),
        (format!("{good}\n{}\n", &good[..30]), "the line ends before its JSON does (cut short?)"),
    ] {
        let stderr = report_error(&dir, "r.jsonl", &lines, 2);
        assert!(stderr.contains(expected), "{expected:?} not in {stderr:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_of_no_runs_is_an_error_and_an_empty_shard_a_note() {
    let dir = temp_dir("empty");
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let blank = dir.join("blank.jsonl");
    std::fs::write(&blank, "\n  \n").unwrap();
    let output = eventide(&[OsStr::new("report"), empty.as_os_str()], 2);
    assert!(output.stdout.is_empty(), "no tables of zeros: {}", String::from_utf8_lossy(&output.stdout));
    let stderr = stderr_text(&output);
    assert!(stderr.contains(&format!("no runs in {}", empty.display())), "{stderr}");
    let stderr = stderr_text(&eventide(&[OsStr::new("report"), empty.as_os_str(), blank.as_os_str()], 2));
    assert!(stderr.contains(&format!("no runs in {}, {}", empty.display(), blank.display())), "{stderr}");

    // An empty shard beside one with runs: the report of the runs, and a note.
    let runs = dir.join("runs.jsonl");
    std::fs::write(&runs, pair_lines("a.groovy")).unwrap();
    let output = eventide(&[OsStr::new("report"), runs.as_os_str(), empty.as_os_str()], 0);
    assert!(String::from_utf8_lossy(&output.stdout).contains("4 runs"));
    assert!(stderr_text(&output).contains(&format!("note: no runs in {}", empty.display())));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A batch folder: an apps folder with one (unparsable) app, a pair list and a group list; returns
/// the arguments of a batch over them, without `--out`. Every test fails before a run starts.
fn batch_inputs(dir: &Path, pairs: &str) -> Vec<String> {
    let apps = dir.join("apps");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::write(apps.join("a.groovy"), "definition(name: 'x'\n").unwrap();
    std::fs::write(dir.join("pairs.csv"), pairs).unwrap();
    std::fs::write(dir.join("groups.csv"), "group,category,tracked_attributes\nswitches,d,switch\nlocks,d,lock\n")
        .unwrap();
    let mut args = vec!["batch".to_string()];
    for (flag, path) in [("--pairs", dir.join("pairs.csv")), ("--apps", apps), ("--groups", dir.join("groups.csv"))] {
        args.extend([flag.to_string(), path.display().to_string()]);
    }
    args.extend(["--jobs", "1"].map(String::from));
    args
}

#[test]
fn batch_locates_a_pair_whose_group_is_not_defined() {
    let dir = temp_dir("group");
    let pairs = "category,group,app_a,app_b\nd,switches,a.groovy,a.groovy\n\nd,lcoks,a.groovy,b.groovy\n";
    let mut args = batch_inputs(&dir, pairs);
    let out = dir.join("out.jsonl");
    args.extend(["--out".to_string(), out.display().to_string()]);
    let stderr = stderr_text(&eventide(&args, 2));
    let pairs_csv = dir.join("pairs.csv");
    let expected = format!(
        "error: {}:4: pair a.groovy / b.groovy is in group `lcoks`, which the group list {} does not define (it defines switches, locks)",
        pairs_csv.display(),
        dir.join("groups.csv").display()
    );
    assert!(stderr.contains(&expected), "{expected:?} not in {stderr:?}");
    assert!(!out.exists(), "nothing is run or written");

    args.extend(["--group", "nope"].map(String::from));
    let stderr = stderr_text(&eventide(&args, 2));
    let expected = format!("{}: unknown group `nope` (--group)", dir.join("groups.csv").display());
    assert!(stderr.contains(&expected), "{expected:?} not in {stderr:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batch_out_must_not_be_a_directory() {
    let dir = temp_dir("out-dir");
    let args = batch_inputs(&dir, "category,group,app_a,app_b\nd,switches,a.groovy,a.groovy\n");
    for extra in [&[][..], &["--resume"][..]] {
        let mut args = args.clone();
        args.extend(["--out".to_string(), dir.display().to_string()]);
        args.extend(extra.iter().map(|s| s.to_string()));
        let stderr = stderr_text(&eventide(&args, 2));
        assert!(stderr.contains(&format!("{}: is a directory", dir.display())), "{stderr}");
        assert!(!stderr.contains("already holds results"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn zero_and_negative_limits_are_usage_errors() {
    let model = example("models", "cycle.groovy");
    let (a, b) = (example("smartapps", "smoke-unlock.groovy"), example("smartapps", "away-lock.groovy"));
    for limit in [
        ["--time-limit", "0"],
        ["--time-limit=-1", ""],
        ["--memory-limit", "0"],
        ["--memory-limit", "0.5"],
        ["--max-states", "0"],
    ] {
        let limit: Vec<&str> = limit.into_iter().filter(|s| !s.is_empty()).collect();
        let flag = limit[0].split('=').next().unwrap();
        let stderr = stderr_text(&eventide(&[&["check", &model][..], &limit].concat(), 2));
        assert!(stderr.contains(&format!("invalid {flag}")), "{stderr}");
        let stderr = stderr_text(&eventide(&[&["pair", &a, &b][..], &limit].concat(), 2));
        assert!(stderr.contains(&format!("invalid {flag}")), "{stderr}");
    }
    let dir = temp_dir("limits");
    let args = batch_inputs(&dir, "category,group,app_a,app_b\nd,switches,a.groovy,a.groovy\n");
    let out = dir.join("out.jsonl").display().to_string();
    for limit in [["--time-limit", "0"], ["--time-limit", "-1"], ["--memory-limit", "0"]] {
        let mut args = args.clone();
        args.extend(["--out".to_string(), out.clone()]);
        args.push(format!("{}={}", limit[0], limit[1]));
        let stderr = stderr_text(&eventide(&args, 2));
        assert!(stderr.contains(&format!("invalid {}", limit[0])), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap_or_else(|| panic!("not an object: {v}")).keys().cloned().collect()
}

#[test]
fn json_usage_errors_are_the_commands_error_objects() {
    let model = example("models", "cycle.groovy");
    let (a, b) = (example("smartapps", "smoke-unlock.groovy"), example("smartapps", "away-lock.groovy"));
    let check = stdout_json(&eventide(&["check", &model, "--por", "none", "--time-limit", "0", "--json"], 2));
    assert_eq!(
        (&check["verdict"], &check["reason"], &check["complete"]),
        (&"error".into(), &"usage".into(), &false.into())
    );
    assert_eq!(check["por"], "none");
    assert!(check["error"]["message"].as_str().unwrap().contains("invalid --time-limit 0"), "{check}");
    assert_eq!((&check["error"]["file"], &check["error"]["line"]), (&"".into(), &0.into()));
    // The same object as `check`'s other errors.
    let missing = stdout_json(&eventide(&["check", "/nonexistent/model.groovy", "--json"], 2));
    assert_eq!(keys(&check), keys(&missing));

    let pair = stdout_json(&eventide(&["pair", &a, &b, "--memory-limit", "0", "--json"], 2));
    assert_eq!((&pair["verdict"], &pair["reason"]), (&"error".into(), &"usage".into()));
    assert_eq!(pair["conflicts"], serde_json::json!([]));
    assert!(pair["error"]["message"].as_str().unwrap().contains("invalid --memory-limit 0"), "{pair}");
    let missing = stdout_json(&eventide(&["pair", &a, "/nonexistent.groovy", "--json"], 2));
    assert_eq!(keys(&pair), keys(&missing));
    assert_eq!(keys(&pair["error"]), keys(&missing["error"]));
    // Without --json, the message alone on standard error.
    let output = eventide(&["pair", &a, &b, "--memory-limit", "0"], 2);
    assert!(output.stdout.is_empty());
    assert!(stderr_text(&output).starts_with("error: invalid --memory-limit 0"));
}

#[test]
fn pair_track_names_must_be_attributes() {
    let (a, b) = (example("smartapps", "smoke-unlock.groovy"), example("smartapps", "away-lock.groovy"));
    let v = stdout_json(&eventide(&["pair", &a, &b, "--track", "lokc", "--json"], 2));
    assert_eq!((&v["verdict"], &v["reason"]), (&"error".into(), &"usage".into()));
    assert!(v["error"]["message"].as_str().unwrap().contains("unknown attribute `lokc`"), "{v}");
    let output = eventide(&["pair", &a, &b, "--track", ""], 2);
    assert!(stderr_text(&output).contains("empty attribute name"), "{}", stderr_text(&output));
    // A catalogue attribute these apps do not write is fine: it has no conflicts.
    let v = stdout_json(&eventide(&["pair", &a, &b, "--track", "switch,mode", "--json"], 0));
    assert_eq!(v["verdict"], "no_conflict");
}

#[test]
fn files_that_are_not_smartapps_are_refused() {
    let dir = temp_dir("not-smartapps");
    let cases = [
        ("empty.groovy", "", "the file is empty"),
        ("script.groovy", "def installed() { }\n", "neither `definition(...)` nor `preferences"),
        ("device.groovy", "metadata {\n  definition(name: \"x\") { }\n}\n", "device handler"),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let output = eventide(&["app", path.to_str().unwrap()], 2);
        let err = stderr_text(&output);
        assert!(err.contains(&format!("{name}:1:1: not a SmartApp")) && err.contains(expected), "{name}: {err}");
    }
}

#[test]
fn flags_clap_rejects_are_json_errors_with_json() {
    let (a, b) = (example("smartapps", "smoke-unlock.groovy"), example("smartapps", "away-lock.groovy"));
    let v = stdout_json(&eventide(&["pair", &a, &b, "--por", "sometimes", "--json"], 2));
    assert_eq!((&v["verdict"], &v["reason"]), (&"error".into(), &"usage".into()), "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("invalid value 'sometimes' for '--por"), "{v}");
    let v = stdout_json(&eventide(&["app", "--json"], 2));
    assert_eq!((&v["ok"], &v["reason"]), (&false.into(), &"usage".into()), "{v}");
    // Without --json, clap's own message on standard error.
    let output = eventide(&["pair", &a, &b, "--por", "sometimes"], 2);
    assert!(output.stdout.is_empty());
    assert!(stderr_text(&output).contains("possible values: dpor, none"), "{}", stderr_text(&output));
}

#[test]
fn an_unsupported_construct_met_while_exploring_makes_pair_and_home_an_error_not_a_clean_answer() {
    // `subscribe(device.attribute)` is refused when `installed()` runs, inside the exploration.
    let early = common::temp_file(
        "bad-input",
        "early.groovy",
        "definition(name: \"Early\", namespace: \"t\", author: \"t\", description: \"d\")\n\
         preferences { section(\"s\") { input \"door\", \"capability.contactSensor\"\n input \"lock1\", \"capability.lock\" } }\n\
         def installed() {\n    subscribe(door.contact)\n}\n\
         def contact(evt) { lock1.unlock() }\n",
    );
    let away = common::smartapp("away-lock.groovy");
    for command in ["pair", "home"] {
        let (code, v) = common::exit_and_json(&[command, &away, early.to_str().unwrap(), "--json"]);
        assert_eq!((code, v["verdict"].as_str(), v["reason"].as_str()), (2, Some("error"), Some("unsupported")), "{v}");
        assert_eq!((v["error"]["line"].as_u64(), v["error"]["column"].as_u64()), (Some(5), Some(5)), "{v}");
        assert!(v["error"]["message"].as_str().unwrap().contains("unsupported construct"), "{v}");
        assert_eq!(v["exceptions"], serde_json::json!([]), "not an app exception: {v}");
    }
    let out = eventide(&["pair", &away, early.to_str().unwrap()], 2);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("ERROR: the model could not run an app"), "{text}");
    assert!(text.contains("error: ") && text.contains("early.groovy:5:5"), "{text}");
}

#[test]
fn an_unsupported_construct_met_while_exploring_a_model_is_bad_input_not_a_violation() {
    let dir = temp_dir("unsupported-at-run-time");
    let model = dir.join("huge-literal.groovy");
    std::fs::write(&model, "x = 0\nevent(\"e\") { x = 1e99999999999999999999 }\n").unwrap();
    for por in ["dpor", "none", "r4"] {
        let out =
            eventide(&["check".as_ref(), model.as_os_str(), "--por".as_ref(), por.as_ref(), "--json".as_ref()], 2);
        let v = stdout_json(&out);
        assert_eq!((v["verdict"].as_str(), v["reason"].as_str()), (Some("error"), Some("unsupported")), "{por}: {v}");
        assert_eq!((v["error"]["line"].as_u64(), v["error"]["column"].as_u64()), (Some(2), Some(18)), "{v}");
        assert!(v["error"]["message"].as_str().unwrap().starts_with("unsupported construct: decimal literal"), "{v}");
        // The exploration ran: its counters are reported.
        assert_eq!((v["states"].as_u64(), v["transitions"].as_u64()), (Some(1), Some(1)), "{v}");
        assert_eq!(v["exceptions"], serde_json::json!([]), "not an app exception: {v}");
    }
    // A real violation is still reported as one.
    let both = dir.join("violation-too.groovy");
    std::fs::write(&both, "x = 0\nevent(\"e\") { x = 1e99999999999999999999 }\nevent(\"f\") { assert x == 1 }\n")
        .unwrap();
    let out = eventide(&["check".as_ref(), both.as_os_str(), "--all".as_ref(), "--json".as_ref()], 1);
    assert_eq!(stdout_json(&out)["verdict"], "violation");
}
