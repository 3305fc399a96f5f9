//! IoTCheck's published conflict example: `enhanced-auto-lock-door.groovy` (App1) with
//! `nfc-tag-toggle.groovy` (App2), conflicts tracked on `lock` (IoTCheck's README, "Conflict
//! Examples"). The pair must report a conflict on the lock, with a trace, and DPOR and exhaustive
//! search must report the same conflicts.
//!
//! nfc-tag-toggle's dynamic page reads `masterSwitch` before declaring it (`if (switch1 ||
//! masterSwitch) { input "masterSwitch", ... }`): the page runs with the input unset, which reads as
//! `null` as on the platform, and declares it once `switch1` is bound.
//!
//! **Timers.** Both timer modes report the conflict. Every write of a user-initiated transition
//! (the NFC touch and its cascade, either app) is exempt as the later write, except the writes of
//! scheduled handlers: with inline timers App1's `runIn(..., lockDoor)` runs inside the touch's
//! cascade, but it stands for a timer that fires later, so its write counts as a later write
//! (`nfc-tag-toggle writes unlocked, then enhanced-auto-lock-door writes locked` in one touch) —
//! as with deferred timers, where `lockDoor` fires in a transition of its own.
//!
//! The corpus is found by [`eventide_groovy::corpus_location`]. When it is missing the test says so
//! on stderr and passes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use eventide_engine::{Config, FindingKind, Por};
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_smartthings::check::{check_pair, PairVerdict};
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::{AppId, Options, TimerMode};

/// The two apps, or `None` (with a message) when the corpus or the apps are absent.
fn example_apps(test: &str) -> Option<(PathBuf, PathBuf)> {
    let apps = shared_corpus_or_skip(test)?.join("smartapps");
    let app1 = apps.join("enhanced-auto-lock-door.groovy");
    let app2 = apps.join("nfc-tag-toggle.groovy");
    if app1.exists() && app2.exists() {
        Some((app1, app2))
    } else {
        eprintln!("{test}: skipped: IoTCheck's example apps not found in {}", apps.display());
        None
    }
}

/// Checks the pair with `lock` tracked; returns the verdict and the conflict keys.
fn run(app1: &Path, app2: &Path, timers: TimerMode, por: Por) -> (PairVerdict, BTreeSet<String>) {
    let options = Options { timers, ..Options::default() };
    let tracked = Tracked::from_list(&["lock".to_string()]);
    let check = check_pair(app1, app2, options, tracked, &Config::new(por))
        .unwrap_or_else(|e| panic!("loading IoTCheck's example: {e}"));
    assert!(check.outcome.complete, "{timers:?} {por:?}: the exploration must finish");
    let exceptions: Vec<_> =
        check.outcome.findings.iter().filter(|f| f.finding.kind == FindingKind::AppException).collect();
    assert!(exceptions.is_empty(), "{timers:?} {por:?}: app exceptions {exceptions:?}");
    for c in &check.conflicts {
        assert_eq!(&*c.target.attribute, "lock", "only the lock is tracked: {}", c.key());
        assert_ne!(c.first.app, c.second.app, "{}", c.key());
        assert_ne!(c.first.value, c.second.value, "{}", c.key());
        assert!(!c.trace.is_empty(), "{timers:?} {por:?}: conflict {} without a trace", c.key());
        assert!(c.first.step <= c.second.step && c.second.step < c.trace.len(), "{}", c.key());
    }
    (check.verdict(), check.conflict_keys())
}

#[test]
fn iotchecks_example_reports_a_lock_conflict_in_both_modes() {
    let Some((app1, app2)) = example_apps("iotchecks_example_reports_a_lock_conflict_in_both_modes") else { return };
    for timers in [TimerMode::Inline, TimerMode::Deferred] {
        let dpor = run(&app1, &app2, timers, Por::Dpor);
        let none = run(&app1, &app2, timers, Por::None);
        assert_eq!(dpor.0, PairVerdict::Conflict, "{timers:?} dpor: {:?}", dpor.1);
        assert_eq!(none.0, PairVerdict::Conflict, "{timers:?} none: {:?}", none.1);
        assert_eq!(dpor.1, none.1, "{timers:?}: DPOR and exhaustive search report the same conflicts");
        // The NFC toggle unlocks, then the auto-lock app locks again: IoTCheck's example, and
        // the reverse (the toggle locks an open door, the app unlocks it).
        let expected = BTreeSet::from([
            format!("conflict:lock1.lock:{:?}=unlocked:{:?}=locked", AppId::App2, AppId::App1),
            format!("conflict:lock1.lock:{:?}=locked:{:?}=unlocked", AppId::App2, AppId::App1),
        ]);
        assert_eq!(dpor.1, expected, "{timers:?}");
    }
}
