//! `eventide batch` and `eventide report` end to end: a batch over a small corpus group in both
//! modes, `--resume`, `--shard`, the report's tables and HTML page, and the error paths.
//!
//! Corpus tests read the corpus found by [`eventide_groovy::corpus_location`], and pass with a
//! message on stderr when it is absent. The fast test uses the `acfanheaterSwitches` group (3 pairs, 12 runs of a few
//! milliseconds): all but one pair of the `valves` group run into the time limit, so the valves
//! test (84 runs, the shards and a resume: about 18 minutes on two cores) is `#[ignore]`d
//! (`cargo test --release -p eventide-cli --test batch -- --ignored`).

mod common;

use assert_cmd::Command;
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use serde_json::Value;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Runs `eventide` with `args`, checks its exit code, and returns what it printed.
fn eventide<S: AsRef<OsStr>>(args: &[S], code: i32) -> Output {
    Command::cargo_bin("eventide").unwrap().args(args).assert().code(code).get_output().clone()
}

fn stdout_text(output: Output) -> String {
    String::from_utf8(output.stdout).unwrap()
}

/// The corpus folder, or `None` (with a message) when it, its pair list or its apps are absent.
fn corpus(test: &str) -> Option<PathBuf> {
    let dir = shared_corpus_or_skip(test)?;
    let complete = dir.join("pairs").join("all-pairs.csv").is_file() && dir.join("smartapps").is_dir();
    if !complete {
        eprintln!("{test}: skipped: no pairs/all-pairs.csv or smartapps in {}", dir.display());
    }
    complete.then_some(dir)
}

fn temp_dir(name: &str) -> PathBuf {
    common::scratch_dir(&format!("batch-test-{name}"))
}

fn lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

type Key = (String, String, String, String, String);

fn key(v: &Value) -> Key {
    let s = |k: &str| v[k].as_str().unwrap_or_else(|| panic!("{k} missing in {v}")).to_string();
    (s("group"), s("app_a"), s("app_b"), s("order"), s("mode"))
}

fn keys(records: &[Value]) -> BTreeSet<Key> {
    records.iter().map(key).collect()
}

/// The arguments of `eventide batch` over a pair list, an apps folder and a group list, then
/// `extra`.
fn batch_args(pairs: &Path, apps: &Path, groups: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["batch".to_string()];
    for (flag, path) in [("--pairs", pairs), ("--apps", apps), ("--groups", groups)] {
        args.extend([flag.to_string(), path.display().to_string()]);
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

/// `eventide batch` over one group of the corpus in both modes, writing `out`, with the given
/// extra arguments; checks the exit code and returns the output.
fn batch(corpus: &Path, group: &str, out: &Path, extra: &[&str], code: i32) -> Output {
    let out = out.display().to_string();
    let common = ["--group", group, "--modes", "dpor,none", "--jobs", "2", "--time-limit", "10", "--out", &out];
    let args = batch_args(
        &corpus.join("pairs/all-pairs.csv"),
        &corpus.join("smartapps"),
        &corpus.join("pairs/groups.csv"),
        &[&common[..], extra].concat(),
    );
    eventide(&args, code)
}

/// The number of pairs the corpus's pair list has in `group`.
fn group_pairs(corpus: &Path, group: &str) -> usize {
    let pairs = eventide_eval::corpus::read_pairs(&corpus.join("pairs/all-pairs.csv")).unwrap();
    pairs.iter().filter(|p| p.group == group).count()
}

fn check_fields(records: &[Value]) {
    for r in records {
        for k in ["app_a", "app_b", "order", "group", "mode", "verdict"] {
            assert!(r[k].is_string(), "{k} missing: {r}");
        }
        for k in [
            "conflicts",
            "events",
            "states",
            "transitions",
            "executed",
            "executions",
            "elapsed_ms",
            "peak_memory_bytes",
            "exceptions",
        ] {
            assert!(r[k].is_u64(), "{k} missing: {r}");
        }
        assert!(r["complete"].is_boolean(), "complete missing: {r}");
        assert!(r["conflict_list"].is_array(), "conflict_list missing: {r}");
        assert_eq!(r["conflicts"].as_u64().unwrap() as usize, r["conflict_list"].as_array().unwrap().len(), "{r}");
        assert!(["ab", "ba"].contains(&r["order"].as_str().unwrap()), "{r}");
        assert!(["dpor", "none"].contains(&r["mode"].as_str().unwrap()), "{r}");
        let verdict = r["verdict"].as_str().unwrap();
        assert!(["conflict", "no_conflict", "incomplete", "error"].contains(&verdict), "{r}");
        if verdict == "incomplete" || verdict == "error" {
            assert!(r["reason"].is_string(), "reason missing: {r}");
            assert_eq!(r["complete"], false, "{r}");
        }
        for c in r["conflict_list"].as_array().unwrap() {
            for k in ["device", "attribute"] {
                assert!(c[k].is_string(), "{c}");
            }
            for side in ["first", "second"] {
                assert!(c[side]["app"].is_string() && c[side]["value"].is_string(), "{c}");
                assert!(c[side].get("trace").is_none());
            }
            assert!(c.get("trace").is_none(), "conflict_list carries no traces: {c}");
        }
    }
}

fn batch_resume_shard_report(group: &str) {
    let Some(corpus) = corpus(&format!("batch over {group}")) else { return };
    let dir = temp_dir(group);
    let out = dir.join("results.jsonl");
    let expected = group_pairs(&corpus, group) * 2 * 2;
    assert!(expected > 0, "group {group} has no pairs");

    batch(&corpus, group, &out, &[], 0);
    let records = lines(&out);
    assert_eq!(records.len(), expected, "one line per pair, order and mode");
    check_fields(&records);
    let all = keys(&records);
    assert_eq!(all.len(), expected, "every run key once");
    assert!(records.iter().all(|r| r["group"] == group));

    // --resume finds everything done and adds nothing.
    let before = std::fs::read_to_string(&out).unwrap();
    let output = batch(&corpus, group, &out, &["--resume"], 0);
    assert!(String::from_utf8_lossy(&output.stdout).contains("nothing to run"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);
    // Without --resume an existing results file is refused rather than appended to.
    batch(&corpus, group, &out, &[], 2);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before);

    // Two shards cover the group exactly once.
    let (a, b) = (dir.join("shard1.jsonl"), dir.join("shard2.jsonl"));
    batch(&corpus, group, &a, &["--shard", "1/2"], 0);
    batch(&corpus, group, &b, &["--shard", "2/2"], 0);
    let (la, lb) = (lines(&a), lines(&b));
    let (ka, kb) = (keys(&la), keys(&lb));
    assert_eq!(la.len() + lb.len(), expected);
    assert!(ka.is_disjoint(&kb));
    assert_eq!(ka.union(&kb).cloned().collect::<BTreeSet<_>>(), all);

    // --resume after a cut: drop half the lines and a partial line, and the batch completes them.
    let text = std::fs::read_to_string(&out).unwrap();
    let kept: Vec<&str> = text.lines().take(expected / 2).collect();
    let cut = dir.join("cut.jsonl");
    std::fs::write(&cut, format!("{}\n{}", kept.join("\n"), &text.lines().last().unwrap()[..10])).unwrap();
    batch(&corpus, group, &cut, &["--resume"], 0);
    let resumed = lines(&cut);
    assert_eq!(resumed.len(), expected);
    assert_eq!(keys(&resumed), all);

    // The report: the tables on stdout, the page on disk; exit 0 unless the modes disagree.
    let html = dir.join("report.html");
    let text = stdout_text(eventide(&["report", &out.display().to_string(), "--html", &html.display().to_string()], 0));
    for title in [
        "Pairs: with DPOR (dpor) and without (none)",
        "Finish counts",
        "Reduction (geometric means)",
        "Verdicts per group",
        "DISAGREEMENTS (bugs)",
    ] {
        assert!(text.contains(title), "{title} missing from the report:\n{text}");
    }
    assert!(text.contains(group), "{text}");
    let first = records[0]["app_a"].as_str().unwrap().trim_end_matches(".groovy");
    assert!(text.contains(first), "{text}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert_eq!(page.matches("<svg").count(), 3);
    assert!(page.contains("Finish counts") && !page.contains("<script"));

    // The shards together give the same tables as the single file (apart from timings).
    let merged = stdout_text(eventide(&["report", &a.display().to_string(), &b.display().to_string()], 0));
    let finish = |t: &str| t.split("Finish counts").nth(1).and_then(|s| s.split("Reduction").next()).map(String::from);
    assert_eq!(finish(&merged), finish(&text));

    // With the paper's table.
    let paper = corpus.join("paper-results.csv");
    if paper.is_file() {
        let text =
            stdout_text(eventide(&["report", &out.display().to_string(), "--paper", &paper.display().to_string()], 0));
        assert!(text.contains("Comparison with the paper") && text.contains("298 paper rows"), "{text}");
    } else {
        eprintln!("batch over {group}: report --paper skipped: no {}", paper.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batch_over_a_small_group_resumes_shards_and_reports() {
    batch_resume_shard_report("acfanheaterSwitches");
}

/// The valves group in both modes: 21 pairs, 84 runs that mostly reach the 10 s time limit.
#[test]
#[ignore = "about 18 minutes: valves pairs run into the time limit"]
fn batch_over_valves() {
    batch_resume_shard_report("valves");
}

#[test]
fn bad_apps_become_error_lines_and_the_batch_goes_on() {
    let dir = temp_dir("errors");
    let apps = dir.join("apps");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::write(apps.join("broken app.groovy"), "definition(name: 'x'\npreferences {").unwrap();
    std::fs::write(dir.join("pairs.csv"), "category,group,app_a,app_b\nd,g,broken app.groovy,missing.groovy\n")
        .unwrap();
    std::fs::write(dir.join("groups.csv"), "group,category,tracked_attributes\ng,d,switch;lock\n").unwrap();
    let out = dir.join("out.jsonl");
    let args = |extra: &[&str]| {
        let common = ["--jobs", "2", "--time-limit", "5"];
        batch_args(&dir.join("pairs.csv"), &apps, &dir.join("groups.csv"), &[&common[..], extra].concat())
    };
    eventide(&args(&["--out", &out.display().to_string()]), 0);
    let records = lines(&out);
    assert_eq!(records.len(), 4);
    check_fields(&records);
    for r in &records {
        assert_eq!(r["verdict"], "error", "{r}");
        assert!(r["error"].is_string(), "{r}");
    }

    // Bad input is a usage error with a located message.
    let bad = |extra: &[&str], needle: &str| {
        let output = eventide(&args(extra), 2);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(stderr.contains(needle), "{needle:?} not in {stderr:?}");
    };
    let other = dir.join("other.jsonl").display().to_string();
    bad(&["--out", &other, "--group", "nope"], "unknown group `nope`");
    bad(&["--out", &other, "--shard", "3/2"], "invalid shard");
    bad(&["--out", &other, "--modes", "dpor,fast"], "unknown mode `fast`");
    bad(&["--out", &other, "--jobs", "0"], "--jobs");
    std::fs::write(dir.join("pairs.csv"), "category,group,app_a,app_b\nd,g,a.groovy\n").unwrap();
    bad(&["--out", &other], "pairs.csv:2: expected 4 fields");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A batch line for the report tests.
fn line(app_a: &str, order: &str, mode: &str, verdict: &str, conflicts: &[&str]) -> String {
    let complete = verdict == "conflict" || verdict == "no_conflict";
    let list: Vec<String> = conflicts
        .iter()
        .map(|d| {
            format!(
                r#"{{"device":"{d}","attribute":"switch","first":{{"app":"a","value":"on"}},"second":{{"app":"b","value":"off"}}}}"#
            )
        })
        .collect();
    format!(
        r#"{{"group":"switches","app_a":"{app_a}.groovy","app_b":"b.groovy","order":"{order}","mode":"{mode}","verdict":"{verdict}","complete":{complete},{}"conflicts":{},"events":3,"states":10,"transitions":20,"executed":20,"executions":1,"elapsed_ms":5,"peak_memory_bytes":100,"exceptions":0,"conflict_list":[{}]}}"#,
        if complete { "" } else { r#""reason":"time","# },
        conflicts.len(),
        list.join(",")
    )
}

#[test]
fn report_flags_disagreements_and_exits_one() {
    let dir = temp_dir("disagree");
    let path = dir.join("r.jsonl");
    let mut text = String::new();
    for order in ["ab", "ba"] {
        text += &line("agree", order, "dpor", "conflict", &["switch1"]);
        text += "\n";
        text += &line("agree", order, "none", "conflict", &["switch1"]);
        text += "\n";
        text += &line("differ", order, "dpor", "conflict", &["switch1"]);
        text += "\n";
        text += &line("differ", order, "none", "conflict", &["switch1", "switch2"]);
        text += "\n";
    }
    std::fs::write(&path, &text).unwrap();
    let output = eventide(&["report", &path.display().to_string()], 1);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("!!! DISAGREEMENTS (bugs) !!!"), "{stdout}");
    assert!(stdout.contains("same verdict, different conflicts"), "{stdout}");
    assert!(stdout.contains("switch2.switch: a writes on, then b writes off"), "{stdout}");
    let section = stdout.split("DISAGREEMENTS (bugs) !!!").nth(1).unwrap();
    assert!(!section.contains("agree \u{2013}"), "{section}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("DISAGREEMENT"));

    // A malformed line is a located error.
    std::fs::write(&path, format!("{}\nnot json\n", line("x", "ab", "dpor", "no_conflict", &[]))).unwrap();
    let output = eventide(&["report", &path.display().to_string()], 2);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(stderr.contains(&format!("{}:2:", path.display())), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
