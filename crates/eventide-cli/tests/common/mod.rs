//! Helpers shared by the CLI test files: the built binary, the bundled examples, temporary files.

#![allow(dead_code)] // each test file uses a subset

use assert_cmd::Command;
use std::path::PathBuf;

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

/// Writes `text` to `name` in a temporary folder of this test process (`group` keeps test files
/// apart) and returns its path.
pub fn temp_file(group: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("eventide-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
