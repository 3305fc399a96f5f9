//! R4 on the paper's running example (`examples/models/r4-gallery.groovy`, Figures 1–2 of Jensen
//! et al.): from the recorded sequence Q1 with k = 2, the exploration tree of Figure 2b and the
//! classification of the e2/e3 reversal as harmless ad-hoc synchronisation.

use eventide_engine::explore::r4::{self, Classification, InitialSequence, R4Config, R4Outcome};
use eventide_engine::{Config, NoMonitor, Por};
use eventide_model::ModelSystem;
use std::path::{Path, PathBuf};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/models").join(name)
}

fn gallery(k: Option<u32>) -> (ModelSystem, R4Outcome) {
    let mut model = ModelSystem::load(&example("r4-gallery.groovy")).expect("the example loads");
    let names: Vec<String> = model.event_names().map(str::to_string).collect();
    let trace = std::fs::read_to_string(example("r4-gallery.trace")).expect("the trace");
    let initial =
        trace.lines().map(|l| names.iter().position(|n| n == l.trim()).expect("a declared event") as u32).collect();
    let config = Config {
        verify_fingerprints: true,
        r4: R4Config { initial: InitialSequence::Trace(initial), reversals: k, ..R4Config::default() },
        ..Config::new(Por::R4)
    };
    let outcome = r4::explore(&mut model, &config, &mut NoMonitor);
    (model, outcome)
}

fn names(model: &ModelSystem, events: &[u32]) -> String {
    let all: Vec<&str> = model.event_names().collect();
    events.iter().map(|&e| all[e as usize]).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_gallery_reproduces_figure_2b_with_two_reversals() {
    let (model, r) = gallery(Some(2));
    assert!(r.outcome.complete && r.outcome.findings.is_empty());
    let tree: Vec<(String, u32, Option<usize>)> =
        r.sequences.iter().map(|s| (names(&model, &s.events), s.depth, s.parent)).collect();
    // Exploration order is depth-first, deepest race first; the paper numbers Q1..Q7 by the
    // parent's races from the last one back: Q2 (s3), Q3 (s2), Q4 (s0), Q5 from Q3, Q6 and Q7
    // from Q4.
    let q = |s: &str| s.to_string();
    let want = vec![
        (q("load2 click1 click2 load3 timer2 stats"), 0, None),    // Q1
        (q("load2 click1 click2 timer2 load3 stats"), 1, Some(0)), // Q2: e3/e4 at s3
        (q("load2 click1 load3 click2 stats"), 1, Some(0)),        // Q3: e2/e3 at s2, e4 skipped
        (q("load2 load3 click1 click2 stats"), 2, Some(2)),        // Q5: e1/e3 in Q3
        (q("click1 load2 click2 load3 stats"), 1, Some(0)),        // Q4: e0/e1 at s0, e4 skipped
        (q("click1 load2 load3 click2 stats"), 2, Some(4)),        // Q7: e2/e3 in Q4
        (q("click1 click2 load2 load3 stats"), 2, Some(4)),        // Q6: e0/e2 in Q4
    ];
    assert_eq!(tree, want);
    assert_eq!(r.max_reversals, 2);
    assert_eq!(r.outcome.stats.executions, 7);

    // The e2/e3 reversal: the image is there when the user clicks, the retry timer is never set
    // and the replay skips it; the final state is Q1's. Harmless ad-hoc synchronisation.
    let e2e3 = &r.races[r.sequences[2].race.expect("a race")];
    assert_eq!(names(&model, &[e2e3.first, e2e3.second]), "click2 load3");
    assert_eq!(r.sequences[2].skipped, vec![model.event_names().position(|n| n == "timer2").unwrap() as u32]);
    assert_eq!(e2e3.classification, Classification::EnabledOnly);
    assert_eq!(e2e3.classification.as_str(), "harmless");
    // Clicking before image 2 arrived (Q4) leaves the user on image 2 with image 3 queued.
    let e0e1 = &r.races[r.sequences[4].race.expect("a race")];
    assert_eq!(e0e1.classification, Classification::Harmful);
    let what: Vec<&str> = e0e1.differences.iter().filter(|d| !d.enabling).map(|d| d.what.as_str()).collect();
    assert_eq!(what, vec!["queue", "shown"]);
}

#[test]
fn the_gallery_tree_grows_with_the_bound() {
    let counts: Vec<usize> =
        [Some(0), Some(1), Some(2), Some(3), None].iter().map(|&k| gallery(k).1.sequences.len()).collect();
    assert_eq!(&counts[..3], &[1, 4, 7]);
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    // With k = 3, Q5's e0/e3 race is explored, as the paper says.
    let (model, r) = gallery(Some(3));
    assert!(r.sequences.iter().any(|s| s.parent == Some(3) && names(&model, &s.events).starts_with("load3 load2")));
}

#[test]
fn a_race_that_loses_a_finding_raised_elsewhere_with_the_same_message_fails() {
    // `a, c, b` divides by zero in `a` (line 2) and in `c` (line 3). Reversing `c` and `b` gives
    // `a, b` with `c` disabled: the division at line 3 is no longer raised, though one with the
    // same message still is. The race was once called harmless (findings compared by message).
    let text = "x = 0\n\
                event(\"a\") { disable(\"a\"); x = 6.intdiv(x) }\n\
                event(\"c\") { disable(\"c\"); x = 6.intdiv(x) }\n\
                event(\"b\") { disable(\"b\"); disable(\"c\") }\n";
    let mut model =
        ModelSystem::from_source(eventide_groovy::syntax::SourceFile::new("same-message.groovy", text)).expect("loads");
    let config = Config {
        stop_at_first: false,
        r4: R4Config { initial: InitialSequence::Trace(vec![0, 1, 2]), reversals: None, ..R4Config::default() },
        ..Config::new(Por::R4)
    };
    let r = r4::explore(&mut model, &config, &mut NoMonitor);
    let race = r.races.iter().find(|race| names(&model, &[race.first, race.second]) == "c b").expect("the c/b race");
    assert_eq!(race.classification, Classification::Fails, "{:?}", race.differences);
    let what: Vec<&str> = race.differences.iter().map(|d| d.what.as_str()).collect();
    assert_eq!(what, ["finding `java.lang.ArithmeticException: / by zero at same-message.groovy:3:32`"]);
}

#[test]
fn values_that_print_alike_are_told_apart_in_a_race_report() {
    // `1` and `1L` print alike; the report names their types.
    let text = "x = 0\nevent(\"a\") { x = 1; disable(\"a\") }\nevent(\"b\") { x = 1L; disable(\"b\") }\n";
    let mut model =
        ModelSystem::from_source(eventide_groovy::syntax::SourceFile::new("kinds.groovy", text)).expect("loads");
    let config = Config { stop_at_first: false, ..Config::new(Por::R4) };
    let r = r4::explore(&mut model, &config, &mut NoMonitor);
    let race = r.races.first().expect("the a/b race");
    assert_eq!(race.classification, Classification::Harmful);
    let shown: Vec<String> =
        race.differences.iter().map(|d| format!("{}: {} / {}", d.what, d.first, d.second)).collect();
    assert_eq!(shown, ["x: 1 (java.lang.Long) / 1 (java.lang.Integer)"]);
}
