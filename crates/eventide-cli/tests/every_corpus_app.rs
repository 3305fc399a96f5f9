//! `eventide app` on every SmartApp of the shared corpus, in both timer modes.
//!
//! Every file of the corpus's `smartapps` folder is loaded and run by the built binary
//! (`eventide app FILE --json --timers inline|deferred`); the runs go in parallel threads.
//! Device handlers (`eventide app` says "not a SmartApp" for a `metadata { ... }` file) are left
//! out. The test asserts that
//! - every app not in [`EXPECTED_FAILURES`] is `ok` in both modes, and every entry of that list
//!   still fails in the modes it names (an entry that starts passing must be removed: the list
//!   only shrinks);
//! - no handler of an `ok` app raises a `MissingMethodException` or `MissingPropertyException`
//!   (on a JDK, GDK or platform class, or on the app's own script object, where the platform's
//!   functions live) unless [`ALLOWED_MISSING`] lists it with its cause, and every entry of that
//!   list still occurs.
//!
//! When the corpus is absent the test says so on stderr and passes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use eventide_groovy::corpus_location::corpus_smartapps_or_skip;

/// The timer modes every app runs in.
const MODES: [&str; 2] = ["inline", "deferred"];

/// An app that `eventide app` does not run to `ok`, and why.
struct ExpectedFailure {
    file: &'static str,
    /// The timer modes it fails in (empty: both).
    modes: &'static [&'static str],
    cause: &'static str,
}

/// Apps expected to fail, each with its cause (`ExpectedFailure { file, modes: &[], cause }`).
/// Empty: every SmartApp of the corpus runs.
const EXPECTED_FAILURES: &[ExpectedFailure] = &[];

/// Missing-method and missing-property exceptions allowed in `ok` apps: the file, a fragment of
/// the exception message, and the cause. Each is the app's own fault: real Groovy on SmartThings
/// raises the same exception.
const ALLOWED_MISSING: &[(&str, &str, &str)] = &[
    (
        "auto-humidity-vent.groovy",
        "java.util.ArrayList.div()",
        "the app's fault: `currentValue` of a multi-device input is a list, list * n repeats it, and a list has no `/`",
    ),
    (
        "DoubleTapModeChange.groovy",
        "java.util.Date.plus() is applicable for argument types: (java.lang.String)",
        "the app's fault: `date + ':'` (the GDK has Date.plus(int) only)",
    ),
    (
        "DoubleTapTimedLight.groovy",
        "java.util.Date.plus() is applicable for argument types: (java.lang.String)",
        "the app's fault: the same `date + ':'` as DoubleTapModeChange",
    ),
    (
        "opent2t-smartapp-test.groovy",
        "registerChangeHandler()",
        "the app's fault: it calls `registerChangeHandler`, which it never defines",
    ),
    (
        "smart-energy-service.groovy",
        "LogWrapper.warning()",
        "the app's fault: the platform's `log` has `warn`, not `warning`",
    ),
    (
        "spruce-scheduler.groovy",
        "java.math.BigDecimal.isNumber()",
        "the app's fault: `isNumber()` is a String method and the forecast's `qpf_allday.in` is a JSON number",
    ),
];

/// What one run of `eventide app` reported.
struct Run {
    file: String,
    mode: &'static str,
    ok: bool,
    device_handler: bool,
    errors: Vec<String>,
    exceptions: Vec<String>,
}

fn messages(json: &serde_json::Value, key: &str) -> Vec<String> {
    json[key]
        .as_array()
        .map(|a| a.iter().map(|e| e["message"].as_str().map_or_else(|| e.to_string(), str::to_string)).collect())
        .unwrap_or_default()
}

fn run_app(path: &Path, mode: &'static str) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_eventide"))
        .args(["app", &path.display().to_string(), "--json", "--timers", mode])
        .output()
        .unwrap_or_else(|e| panic!("running eventide on {}: {e}", path.display()));
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{file} ({mode}): no JSON report ({e}); exit {:?}, stderr: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let errors = messages(&json, "errors");
    Run {
        ok: json["ok"].as_bool().unwrap_or(false),
        device_handler: errors.iter().any(|m| m.starts_with("not a SmartApp: it is a device handler")),
        exceptions: messages(&json, "exceptions"),
        errors,
        file,
        mode,
    }
}

fn is_missing(message: &str) -> bool {
    message.contains("MissingMethodException") || message.contains("MissingPropertyException")
}

#[test]
fn every_corpus_smartapp_runs() {
    let Some(files) = corpus_smartapps_or_skip("every_corpus_smartapp_runs") else { return };
    let dir = files[0].parent().map(Path::to_path_buf).unwrap_or_default();

    let started = Instant::now();
    let jobs: Vec<(PathBuf, &'static str)> =
        files.iter().flat_map(|f| MODES.iter().map(move |m| (f.clone(), *m))).collect();
    let next = AtomicUsize::new(0);
    let runs = Mutex::new(Vec::with_capacity(jobs.len()));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((path, mode)) = jobs.get(i) else { break };
                let run = run_app(path, mode);
                runs.lock().unwrap().push(run);
            });
        }
    });
    let runs = runs.into_inner().unwrap();

    let expected: BTreeMap<&str, &ExpectedFailure> = EXPECTED_FAILURES.iter().map(|e| (e.file, e)).collect();
    assert_eq!(expected.len(), EXPECTED_FAILURES.len(), "a file is listed twice in EXPECTED_FAILURES");
    let mut problems = Vec::new();
    let mut used_allowances = vec![false; ALLOWED_MISSING.len()];
    let mut ok = BTreeMap::<&str, usize>::new();
    let mut apps = BTreeMap::<&str, usize>::new();
    let mut handlers = std::collections::BTreeSet::new();
    for run in &runs {
        if run.device_handler {
            let text = std::fs::read_to_string(dir.join(&run.file)).unwrap_or_default();
            assert!(text.contains("metadata"), "{}: reported as a device handler without a `metadata` block", run.file);
            handlers.insert(run.file.as_str());
            continue;
        }
        *apps.entry(run.mode).or_default() += 1;
        let listed = expected.get(run.file.as_str()).filter(|e| e.modes.is_empty() || e.modes.contains(&run.mode));
        match (run.ok, listed) {
            (true, Some(e)) => problems.push(format!(
                "{} ({}): now ok; remove it from EXPECTED_FAILURES (was: {})",
                run.file, run.mode, e.cause
            )),
            (false, None) => problems.push(format!("{} ({}): not ok: {}", run.file, run.mode, run.errors.join("; "))),
            _ => {}
        }
        if !run.ok {
            continue;
        }
        *ok.entry(run.mode).or_default() += 1;
        for m in run.exceptions.iter().filter(|m| is_missing(m)) {
            let allowed = ALLOWED_MISSING.iter().position(|(f, fragment, _)| *f == run.file && m.contains(fragment));
            match allowed {
                Some(i) => used_allowances[i] = true,
                None => problems.push(format!("{} ({}): handler exception {m}", run.file, run.mode)),
            }
        }
    }
    for (i, (file, fragment, cause)) in ALLOWED_MISSING.iter().enumerate() {
        if !used_allowances[i] {
            problems.push(format!(
                "{file}: `{fragment}` no longer raised by an ok app; remove it from ALLOWED_MISSING (was: {cause})"
            ));
        }
    }
    for e in EXPECTED_FAILURES {
        if !runs.iter().any(|r| r.file == e.file) {
            problems.push(format!("{}: listed in EXPECTED_FAILURES but not in the corpus", e.file));
        }
    }
    eprintln!(
        "every_corpus_smartapp_runs: {} files ({} device handlers left out), ok: inline {}/{}, deferred {}/{}, {} runs in {:.1} s on {threads} threads",
        files.len(),
        handlers.len(),
        ok.get("inline").unwrap_or(&0),
        apps.get("inline").unwrap_or(&0),
        ok.get("deferred").unwrap_or(&0),
        apps.get("deferred").unwrap_or(&0),
        runs.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
