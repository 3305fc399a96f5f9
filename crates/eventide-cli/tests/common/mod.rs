//! Helpers shared by the CLI test files: the built binary, the bundled examples, temporary files.

#![allow(dead_code)] // each test file uses a subset

use assert_cmd::Command;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

/// The `eventide` binary under test.
pub fn eventide() -> Command {
    Command::cargo_bin("eventide").unwrap()
}

/// A file of the repository's `examples/<folder>`.
pub fn example(folder: &str, name: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join("examples").join(folder).join(name).display().to_string()
}

/// A bundled SmartApp (`examples/smartapps`).
pub fn smartapp(name: &str) -> String {
    example("smartapps", name)
}

/// An empty scratch folder `name` under Cargo's folder for integration tests' files
/// (`target/tmp`), emptied when first asked for in this test process, so that runs leave nothing
/// behind outside the build folder and never read an earlier run's files.
pub fn scratch_dir(name: &str) -> PathBuf {
    static EMPTIED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    // Held until the folder exists: no other test writes into it while it is emptied.
    let mut emptied = EMPTIED.lock().unwrap_or_else(|e| e.into_inner());
    if emptied.insert(name.to_string()) {
        let _ = std::fs::remove_dir_all(&dir);
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `name` in the scratch folder `group` (see [`scratch_dir`]) and returns its
/// path.
pub fn temp_file(group: &str, name: &str, text: &str) -> PathBuf {
    let path = scratch_dir(group).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `eventide ARGS` and returns its exit code and standard output as one JSON value.
pub fn exit_and_json(args: &[&str]) -> (i32, serde_json::Value) {
    let out = eventide().args(args).output().unwrap();
    let v =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap(), v)
}
