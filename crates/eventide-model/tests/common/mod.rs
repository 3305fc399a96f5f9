//! What the differential campaigns of model files share.

use eventide_engine::{explore, Config, Limits, Outcome, Por};
use eventide_groovy::syntax::SourceFile;
use eventide_model::ModelSystem;
use std::collections::BTreeSet;

/// The messages of a run's findings.
pub fn messages(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.message.clone()).collect()
}

/// Explores the model file `text` (named `name`) with exhaustive search and with DPOR, every
/// finding, fingerprints verified, within `limits`; asserts that both finish and report the
/// same findings, and returns them.
pub fn dpor_agrees_with_exhaustive(name: &str, text: &str, limits: Limits) -> BTreeSet<String> {
    let load = || {
        ModelSystem::from_source(SourceFile::new(name.to_string(), text.to_string()))
            .unwrap_or_else(|e| panic!("{}\n{text}", e.diagnostic.render()))
    };
    let all =
        |por| Config { verify_fingerprints: true, stop_at_first: false, limits: limits.clone(), ..Config::new(por) };
    let exhaustive = explore(&mut load(), &all(Por::None));
    let dpor = explore(&mut load(), &all(Por::Dpor));
    assert!(exhaustive.complete && dpor.complete, "{name}: a run did not finish\n{text}");
    let found = messages(&exhaustive);
    assert_eq!(messages(&dpor), found, "{name}: dpor differs from exhaustive search\n{text}");
    found
}
