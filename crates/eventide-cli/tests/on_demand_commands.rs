//! The on-demand test commands the documentation gives (`cargo test ... -- --ignored [FILTER]` in
//! the README, the other Markdown files and the test sources' comments) run tests: the named crate
//! and test target exist, and at least one `#[ignore]`d test of that target matches the filter. A
//! filter that matches no test, or only tests that are not ignored, runs nothing and fails here.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// One `cargo test` command found in a file.
#[derive(Debug)]
struct Command {
    /// Where it was found (`file:line`).
    place: String,
    package: Option<String>,
    target: Option<String>,
    /// Passes `--ignored` or `--include-ignored` to the test binary.
    ignored: bool,
    exact: bool,
    filter: Option<String>,
}

/// The `cargo test` commands in `text`: each runs from `cargo test` to the end of the line or a
/// closing backtick.
fn commands(place: &str, text: &str) -> Vec<Command> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("cargo test") {
            let tail = &rest[at..];
            let end = tail.find('`').unwrap_or(tail.len());
            found.push(parse(&format!("{place}:{}", n + 1), &tail[..end]));
            rest = &tail[end..];
        }
    }
    found
}

fn parse(place: &str, command: &str) -> Command {
    let words: Vec<&str> = command.split_whitespace().skip(2).collect();
    let split = words.iter().position(|w| *w == "--").unwrap_or(words.len());
    let (cargo, binary) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let value = |flags: &[&str]| {
        cargo.iter().position(|w| flags.contains(w)).and_then(|i| cargo.get(i + 1)).map(|s| s.to_string())
    };
    Command {
        place: place.to_string(),
        package: value(&["-p", "--package"]),
        target: value(&["--test"]),
        ignored: binary.iter().any(|w| *w == "--ignored" || *w == "--include-ignored"),
        exact: binary.contains(&"--exact"),
        filter: binary.iter().find(|w| !w.starts_with('-')).map(|s| s.to_string()),
    }
}

/// The test functions of a Rust source file: name, and whether it is `#[ignore]`d.
fn tests_in(source: &str) -> Vec<(String, bool)> {
    let mut tests = Vec::new();
    let mut attributes: Vec<&str> = Vec::new();
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[") {
            attributes.push(line);
        } else if line.starts_with("//") || line.is_empty() {
        } else {
            let signature = line.strip_prefix("pub ").unwrap_or(line);
            if let Some(name) = signature.strip_prefix("fn ").and_then(|s| s.split(['(', '<']).next()) {
                if attributes.contains(&"#[test]") {
                    tests.push((name.trim().to_string(), attributes.iter().any(|a| a.starts_with("#[ignore"))));
                }
            }
            attributes.clear();
        }
    }
    tests
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The ignored tests `command` runs, or why it runs none.
fn check(root: &Path, command: &Command) -> Result<Vec<String>, String> {
    let package = command.package.as_deref().ok_or("names no package (-p)")?;
    let dir = root.join("crates").join(package);
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).map_err(|_| format!("no crate {package}"))?;
    if !manifest.contains(&format!("name = \"{package}\"")) {
        return Err(format!("crates/{package} is not the package {package}"));
    }
    let files = match &command.target {
        Some(target) => {
            let files = [dir.join(format!("tests/{target}.rs")), dir.join(format!("tests/{target}/main.rs"))];
            let file =
                files.into_iter().find(|f| f.exists()).ok_or(format!("{package} has no test target {target}"))?;
            let mut files = vec![file.clone()];
            if file.ends_with("main.rs") {
                files.clear();
                rust_files(file.parent().unwrap(), &mut files);
            }
            files
        }
        None => {
            let mut files = Vec::new();
            rust_files(&dir.join("src"), &mut files);
            rust_files(&dir.join("tests"), &mut files);
            files
        }
    };
    let tests: Vec<(String, bool)> =
        files.iter().flat_map(|f| tests_in(&std::fs::read_to_string(f).unwrap())).collect();
    let matches = |name: &str| match &command.filter {
        None => true,
        Some(f) if command.exact => name == f,
        Some(f) => name.contains(f.as_str()),
    };
    let matched: Vec<&(String, bool)> = tests.iter().filter(|(name, _)| matches(name)).collect();
    let run: Vec<String> = matched.iter().filter(|(_, ignored)| *ignored).map(|(name, _)| name.clone()).collect();
    if run.is_empty() {
        let filter = command.filter.as_deref().unwrap_or("(none)");
        return Err(if matched.is_empty() {
            format!("the filter {filter} matches no test")
        } else {
            format!("the filter {filter} matches only tests that are not ignored: {matched:?}")
        });
    }
    Ok(run)
}

/// The documentation files searched for commands: Markdown at the root and under `docs/`, and
/// the crates' Rust sources (their comments), this file excepted.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [root.to_path_buf(), root.join("docs")] {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.path().extension().is_some_and(|e| e == "md") {
                files.push(entry.path());
            }
        }
    }
    rust_files(&root.join("crates"), &mut files);
    let this = Path::new(file!()).file_name().unwrap();
    files.retain(|f| !(f.file_name() == Some(this) && f.parent().is_some_and(|p| p.ends_with("eventide-cli/tests"))));
    files.sort();
    files
}

#[test]
fn every_documented_on_demand_command_runs_ignored_tests() {
    let root = root();
    let (mut checked, mut from_readme, mut failures) = (0, 0, Vec::new());
    for file in documents(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        let place = file.strip_prefix(&root).unwrap().display().to_string();
        for command in commands(&place, &text).into_iter().filter(|c| c.ignored) {
            checked += 1;
            from_readme += (place == "README.md") as usize;
            match check(&root, &command) {
                Ok(tests) => eprintln!("{}: runs {}", command.place, tests.join(", ")),
                Err(e) => failures.push(format!("{}: {e}", command.place)),
            }
        }
    }
    assert!(failures.is_empty(), "on-demand commands that run no test:\n{}", failures.join("\n"));
    // The README lists five; fewer found means the search broke, not that they are all fine.
    assert!(from_readme >= 5, "found {from_readme} on-demand commands in README.md ({checked} in all)");
}

#[test]
fn a_command_that_runs_no_ignored_test_is_rejected() {
    let root = root();
    let command =
        |tail: &str| parse("x", &format!("cargo test --release -p eventide-smartthings --test groups -- {tail}"));
    assert_eq!(check(&root, &command("--ignored named_groups")).unwrap(), ["named_groups"]);
    assert_eq!(check(&root, &command("--ignored unbounded")).unwrap().len(), 2);
    // Not ignored: `--ignored` runs nothing.
    let e = check(&root, &command("--ignored locks_group_dpor_equals_exhaustive")).unwrap_err();
    assert!(e.contains("only tests that are not ignored"), "{e}");
    let e = check(&root, &command("--ignored no_such_test")).unwrap_err();
    assert!(e.contains("matches no test"), "{e}");
    let e = check(&root, &command("--ignored --exact named")).unwrap_err();
    assert!(e.contains("matches no test"), "{e}");
    let e =
        check(&root, &parse("x", "cargo test -p eventide-smartthings --test no_such_target -- --ignored")).unwrap_err();
    assert!(e.contains("no test target"), "{e}");
    let e = check(&root, &parse("x", "cargo test -p eventide-nothing -- --ignored")).unwrap_err();
    assert!(e.contains("no crate"), "{e}");
}

#[test]
fn test_functions_and_their_ignore_attributes_are_found() {
    let source = "#[test]\nfn plain() {}\n/// Doc.\n#[test]\n#[ignore = \"slow\"]\nfn slow() {}\n\
                  #[ignore]\n#[test]\npub fn slow_too() {}\nfn helper() {}\n#[test]\nfn generic<T>() {}\n";
    assert_eq!(
        tests_in(source),
        [("plain".into(), false), ("slow".into(), true), ("slow_too".into(), true), ("generic".into(), false)]
    );
}
