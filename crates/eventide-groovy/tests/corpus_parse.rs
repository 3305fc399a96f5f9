//! Parses every SmartApp in the shared corpus and requires all of them to parse.
//!
//! The apps are the corpus's `smartapps` folder, the corpus found by
//! [`eventide_groovy::corpus_location`]. When the folder is missing the test says so on stderr
//! and passes.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_groovy::syntax::{parse, SourceFile};

#[test]
fn every_corpus_file_parses() {
    let Some(corpus) = shared_corpus_or_skip("every_corpus_file_parses") else { return };
    let dir = corpus.join("smartapps");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("every_corpus_file_parses: skipped: no smartapps folder at {}", dir.display());
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "groovy"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .groovy files in {}", dir.display());

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
