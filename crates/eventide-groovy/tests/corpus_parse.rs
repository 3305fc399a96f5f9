//! Parses every SmartApp in the shared corpus and requires all of them to parse.
//!
//! The apps are the corpus's `smartapps` folder, the corpus found by
//! [`eventide_groovy::corpus_location`]. When the folder is missing the test says so on stderr
//! and passes.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eventide_groovy::corpus_location::corpus_smartapps_or_skip;
use eventide_groovy::syntax::{parse, SourceFile};

#[test]
fn every_corpus_file_parses() {
    let Some(files) = corpus_smartapps_or_skip("every_corpus_file_parses") else { return };

    let mut failures = Vec::new();
    let mut total = Duration::ZERO;
    let mut slowest = (Duration::ZERO, 0usize, PathBuf::new());
    for path in &files {
        let file = SourceFile::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let started = Instant::now();
        let result = parse(&file);
        let took = started.elapsed();
        total += took;
        if took > slowest.0 {
            slowest = (took, file.text().lines().count(), path.clone());
        }
        if let Err(err) = result {
            let lc = err.line_col(&file);
            failures.push(format!("{}:{}:{}: {}", path.display(), lc.line, lc.column, err.message));
        }
    }
    eprintln!(
        "parsed {}/{} corpus files in {:.1} ms; slowest {} ({} lines) in {:.2} ms",
        files.len() - failures.len(),
        files.len(),
        total.as_secs_f64() * 1000.0,
        slowest.2.display(),
        slowest.1,
        slowest.0.as_secs_f64() * 1000.0
    );
    for f in &failures {
        eprintln!("{f}");
    }
    assert!(failures.is_empty(), "{} of {} corpus files failed to parse", failures.len(), files.len());
}
