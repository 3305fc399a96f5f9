//! Where the shared SmartThings corpus lives, for tests, benchmarks and on-demand campaigns.
//!
//! The corpus (SmartApps, the pair lists, the paper's results) is kept outside the repository, in
//! `$EVENTIDE_SHARED/corpus` when `EVENTIDE_SHARED` is set, else in `../shared/corpus` beside the
//! workspace root. It is never copied into the repository: code that needs it asks here, and
//! skips with a message when it is absent. The workspace root is fixed when this crate is
//! compiled (two levels above its manifest directory), so the location does not depend on the
//! directory a test or benchmark runs in.
//!
//! Nothing in the checker itself uses this module; the command line takes corpus paths as
//! arguments.

use std::path::{Path, PathBuf};

/// The corpus directory, when it exists: `$EVENTIDE_SHARED/corpus` if `EVENTIDE_SHARED` is set,
/// else `<workspace root>/../shared/corpus`. A set but wrong `EVENTIDE_SHARED` gives `None`; the
/// default location is not tried instead.
pub fn shared_corpus_dir() -> Option<PathBuf> {
    let shared = match std::env::var_os("EVENTIDE_SHARED") {
        Some(shared) => PathBuf::from(shared),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..").join("..").join("shared"),
    };
    let dir = shared.join("corpus");
    dir.is_dir().then(|| dir.canonicalize().unwrap_or(dir))
}

/// [`shared_corpus_dir`], saying on stderr that `test` is skipped when the corpus is absent.
pub fn shared_corpus_or_skip(test: &str) -> Option<PathBuf> {
    let dir = shared_corpus_dir();
    if dir.is_none() {
        eprintln!("{test}: skipped: the corpus (../shared/corpus or $EVENTIDE_SHARED/corpus) is absent");
    }
    dir
}

/// The corpus's `.groovy` files in `smartapps/` (SmartApps and a few device handlers), sorted, or
/// `None` with a message on stderr saying that `test` is skipped when the corpus or the folder is
/// absent. A present folder without `.groovy` files is an error (panics: this is for tests).
pub fn corpus_smartapps_or_skip(test: &str) -> Option<Vec<PathBuf>> {
    let dir = shared_corpus_or_skip(test)?.join("smartapps");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("{test}: skipped: no smartapps folder at {}", dir.display());
        return None;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "groovy"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{test}: no .groovy files in {}", dir.display());
    Some(files)
}
