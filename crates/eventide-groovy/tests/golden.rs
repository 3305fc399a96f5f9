//! Golden tests: small Groovy programs with the output Groovy 2.4 prints.
//!
//! Each file in `tests/golden/` holds several cases. A case starts with a line `//# name`;
//! the lines `//> text` inside it give the expected standard output, line by line; a line
//! `//! text` says the program ends with an uncaught error whose message starts with `text`.
//! Every case runs as its own script with the clock at 2024-03-05T14:30:15.123Z and the default
//! time zone UTC.

use std::path::Path;

use eventide_groovy::eval::{run_script_text, RunError};

const CLOCK: i64 = 1_709_649_015_123;

struct Case {
    name: String,
    line: usize,
    code: String,
    expected: String,
    error: Option<String>,
}

fn cases(text: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("//#") {
            out.push(Case {
                name: name.trim().to_string(),
                line: i + 1,
                code: String::new(),
                expected: String::new(),
                error: None,
            });
            continue;
        }
        let Some(case) = out.last_mut() else { continue };
        if let Some(exp) = line.strip_prefix("//>") {
            case.expected.push_str(exp.strip_prefix(' ').unwrap_or(exp));
            case.expected.push('\n');
        } else if let Some(err) = line.strip_prefix("//!") {
            case.error = Some(err.trim().to_string());
        }
        // Keep line numbers meaningful: every line of the file stays in the case's code.
        case.code.push_str(line);
        case.code.push('\n');
    }
    out
}

#[test]
fn golden() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    let (mut passed, mut failures) = (0, Vec::new());
    for f in files.iter().filter(|p| p.extension().is_some_and(|e| e == "groovy")) {
        let text = std::fs::read_to_string(f).unwrap();
        let fname = f.file_name().unwrap().to_string_lossy().to_string();
        for c in cases(&text) {
            let label = format!("{}:{} ({})", fname, c.line, c.name);
            let result = run_script_text("Script1.groovy", &c.code, CLOCK);
            let (output, err) = match result {
                Ok(o) => (o, None),
                Err(RunError::Eval { error, output }) => (output, Some(error.message.clone())),
                Err(RunError::Syntax(e)) => (String::new(), Some(format!("syntax error: {e}"))),
            };
            let mut problems = Vec::new();
            if output != c.expected {
                problems.push(format!("--- expected output\n{}--- actual output\n{}", c.expected, output));
            }
            match (&c.error, &err) {
                (None, None) => {}
                (Some(want), Some(got)) if got.starts_with(want.as_str()) => {}
                (want, got) => problems.push(format!("expected error {want:?}, got {got:?}")),
            }
            if problems.is_empty() {
                passed += 1;
            } else {
                failures.push(format!("{label}\n{}", problems.join("\n")));
            }
        }
    }
    println!("golden: {passed} passed, {} failed", failures.len());
    if !failures.is_empty() {
        panic!("{} golden case(s) failed:\n\n{}", failures.len(), failures.join("\n\n"));
    }
}
