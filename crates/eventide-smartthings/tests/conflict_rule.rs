//! The conflict rule on hand-made transition systems whose labels say exactly which writes each
//! transition makes, explored in both modes.

use eventide_engine::{
    explore_with_monitor, Access, Config, EventId, Finding, FindingKind, Fingerprint, Location, Por, Step,
    TransitionSystem,
};
use eventide_smartthings::conflicts::{ConflictMonitor, Tracked};
use eventide_smartthings::label::{AppId, AppWrite, HandlerRun, TransitionLabel, WriteTarget};
use std::collections::BTreeSet;

/// One row of a scripted system: (state, event, next state, writes (app, attribute, value),
/// user-initiated). A value written as `timer:v` is the write of `v` by a scheduled handler run
/// inline ([`AppWrite::scheduled`]).
type Row = (u32, EventId, u32, Vec<(AppId, &'static str, &'static str)>, bool);

/// A system given as a table of [`Row`]s.
struct Scripted {
    events: Vec<&'static str>,
    table: Vec<Row>,
}

impl TransitionSystem for Scripted {
    type State = u32;
    type Label = TransitionLabel;

    fn initial_state(&mut self) -> u32 {
        0
    }
    fn fingerprint(&self, s: &u32) -> Fingerprint {
        Fingerprint(*s as u128 + 1)
    }
    fn enabled(&mut self, s: &u32, out: &mut Vec<EventId>) {
        out.extend(self.table.iter().filter(|r| r.0 == *s).map(|r| r.1));
    }
    fn execute(&mut self, s: &u32, e: EventId, accesses: &mut Vec<Access>) -> Step<u32, TransitionLabel> {
        let row = self.table.iter().find(|r| r.0 == *s && r.1 == e).expect("enabled");
        let mut label = TransitionLabel { user_initiated: row.4, ..TransitionLabel::default() };
        for (app, attr, value) in &row.3 {
            let target = WriteTarget { device: "dev1".into(), attribute: (*attr).into() };
            let (value, scheduled) = match value.strip_prefix("timer:") {
                Some(v) => (v, true),
                None => (*value, false),
            };
            label.writes.push(AppWrite { app: *app, target, value: value.into(), scheduled });
            label.handlers.push(HandlerRun { app: *app, handler: "h".into() });
        }
        // Every transition touches one location, so DPOR explores all orders here.
        accesses.push(Access::write(Location::data(0)));
        // An event named `boom...` raises an app exception (the same one for all).
        let findings = if self.events[e as usize].starts_with("boom") {
            vec![Finding {
                kind: FindingKind::AppException,
                key: "boom".into(),
                message: "boom".into(),
                position: None,
            }]
        } else {
            Vec::new()
        };
        Step { next: row.2, findings, label }
    }
    fn event_name(&self, e: EventId) -> String {
        self.events[e as usize].to_string()
    }
}

use AppId::{App1, App2};

fn conflicts(system: impl Fn() -> Scripted, tracked: Tracked) -> BTreeSet<String> {
    let mut sets = Vec::new();
    for por in [Por::None, Por::Dpor] {
        let mut monitor = ConflictMonitor::new(tracked.clone());
        let mut outcome = explore_with_monitor(&mut system(), &Config::new(por), &mut monitor);
        monitor.shorten_traces(&mut system(), &mut outcome);
        let keys: BTreeSet<String> = monitor.conflicts().iter().map(|c| c.key()).collect();
        let reported: BTreeSet<String> = outcome.findings.iter().map(|f| f.finding.key.clone()).collect();
        assert_eq!(keys, reported, "{por:?}: every conflict is reported once");
        // Every trace replays and its two marked writes are the conflict's.
        for c in monitor.conflicts() {
            let mut sys = system();
            let mut s = sys.initial_state();
            let mut labels = Vec::new();
            for &e in &c.trace {
                let step = sys.execute(&s, e, &mut Vec::new());
                labels.push(step.label);
                s = step.next;
            }
            let first = &labels[c.first.step].writes[c.first.write];
            let second = &labels[c.second.step].writes[c.second.write];
            assert_eq!((first.app, &first.value, &first.target), (c.first.app, &c.first.value, &c.target));
            assert_eq!((second.app, &second.value, &second.target), (c.second.app, &c.second.value, &c.target));
            assert_eq!(c.second.step, c.trace.len() - 1);
            // The first write is the last write to the target before the second.
            let between = labels
                .iter()
                .enumerate()
                .flat_map(|(step, l)| l.writes.iter().enumerate().map(move |(write, w)| ((step, write), &w.target)));
            let mut between = between.filter(|&(at, target)| {
                at > (c.first.step, c.first.write) && at < (c.second.step, c.second.write) && *target == c.target
            });
            assert!(between.next().is_none(), "{por:?}: {} has a write to the target between its writes", c.key());
            assert!((c.first.step, c.first.write) < (c.second.step, c.second.write), "{por:?}: {}", c.key());
        }
        sets.push(keys);
    }
    assert_eq!(sets[0], sets[1], "dpor and exhaustive must find the same conflicts");
    sets.pop().unwrap()
}

fn one(k: &str) -> BTreeSet<String> {
    BTreeSet::from([k.to_string()])
}

#[test]
fn different_apps_different_values_conflict() {
    let sys = || Scripted {
        events: vec!["a", "b"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![(App2, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App1=locked:App2=unlocked"));
}

#[test]
fn same_app_or_equal_values_do_not_conflict() {
    let sys = || Scripted {
        events: vec!["a", "b", "c"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![(App1, "lock", "unlocked")], false),
            (2, 2, 3, vec![(App2, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(sys, Tracked::All), BTreeSet::new());
}

#[test]
fn only_the_previous_write_counts() {
    // App1 locked, then App2 locked (no conflict: equal values), then App1 unlocked: the previous
    // write is App2's `locked`, a conflict App2 -> App1.
    let sys = || Scripted {
        events: vec!["a", "b", "c"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![(App2, "lock", "locked")], false),
            (2, 2, 3, vec![(App1, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App2=locked:App1=unlocked"));
}

#[test]
fn writes_in_one_transition_conflict_and_setup_writes_count() {
    // The setup transition runs both apps' installed(): App1 turns the switch on, App2 off.
    let sys = || Scripted {
        events: vec!["setup:A"],
        table: vec![(0, 0, 1, vec![(App1, "switch", "on"), (App2, "switch", "off")], false)],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.switch:App1=on:App2=off"));
}

#[test]
fn user_initiated_writes_are_exempt_as_the_later_write_only() {
    let later = || Scripted {
        events: vec!["a", "app2.touch"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![(App2, "lock", "unlocked")], true),
        ],
    };
    assert_eq!(conflicts(later, Tracked::All), BTreeSet::new());
    let earlier = || Scripted {
        events: vec!["app1.touch", "b"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], true),
            (1, 1, 2, vec![(App2, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(earlier, Tracked::All), one("conflict:dev1.lock:App1=locked:App2=unlocked"));
}

#[test]
fn untracked_attributes_are_ignored() {
    let sys = || Scripted {
        events: vec!["a", "b"],
        table: vec![(0, 0, 1, vec![(App1, "switch", "on")], false), (1, 1, 2, vec![(App2, "switch", "off")], false)],
    };
    assert_eq!(conflicts(sys, Tracked::from_list(&["lock".to_string()])), BTreeSet::new());
    assert_eq!(conflicts(sys, Tracked::from_list(&["switch".to_string()])).len(), 1);
}

#[test]
fn writes_on_different_explorations_meet_at_a_shared_state() {
    // Two paths reach state 3: one through App1's write (0 -a-> 1 -x-> 3), one without
    // (0 -b-> 2 -y-> 3). App2's write happens after 3. Whichever path is explored first, the
    // conflict App1 -> App2 must be found; the state 3 is shared, so the second path is cut off
    // at the state match and only propagation over the graph connects the writes.
    let sys = || Scripted {
        events: vec!["b", "y", "a", "x", "c"],
        table: vec![
            (0, 0, 2, vec![], false),
            (2, 1, 3, vec![], false),
            (0, 2, 1, vec![(App1, "lock", "locked")], false),
            (1, 3, 3, vec![], false),
            (3, 4, 4, vec![(App2, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App1=locked:App2=unlocked"));
}

#[test]
fn environment_events_do_not_reset_the_previous_write() {
    let sys = || Scripted {
        events: vec!["a", "env", "b"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![], false),
            (2, 2, 3, vec![(App2, "lock", "unlocked")], false),
        ],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App1=locked:App2=unlocked"));
}

#[test]
fn traces_are_shortest_paths_of_the_explored_graph() {
    // From state 0, `walk` (explored first: lower event id) goes round a long chain 0 -> 1 -> ...
    // -> 20 where App1 writes at the end; `jump` goes straight from 0 to 20. App2's write from 20
    // conflicts. Exhaustive depth-first search meets the conflict at the end of the chain, but
    // the finished graph has the 3-step witness jump, write, conflict.
    let sys = || {
        let mut table: Vec<Row> = (0..20).map(|i| (i, 0, i + 1, vec![], false)).collect();
        table.push((0, 1, 20, vec![], false));
        table.push((20, 2, 21, vec![(App1, "lock", "locked")], false));
        table.push((21, 3, 22, vec![(App2, "lock", "unlocked")], false));
        Scripted { events: vec!["walk", "jump", "write", "conflict"], table }
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App1=locked:App2=unlocked"));
    for por in [Por::None, Por::Dpor] {
        let mut monitor = ConflictMonitor::new(Tracked::All);
        let mut outcome = explore_with_monitor(&mut sys(), &Config::new(por), &mut monitor);
        monitor.shorten_traces(&mut sys(), &mut outcome);
        let names: Vec<&str> =
            monitor.conflicts()[0].trace.iter().map(|&e| ["walk", "jump", "write", "conflict"][e as usize]).collect();
        assert_eq!(names, ["jump", "write", "conflict"], "{por:?}");
    }
}

/// The events of each conflict's trace, by key, in both modes (the same in both).
fn traces(system: impl Fn() -> Scripted) -> Vec<(String, Vec<&'static str>)> {
    let mut per_mode = Vec::new();
    for por in [Por::None, Por::Dpor] {
        let mut monitor = ConflictMonitor::new(Tracked::All);
        let mut outcome = explore_with_monitor(&mut system(), &Config::new(por), &mut monitor);
        monitor.shorten_traces(&mut system(), &mut outcome);
        let names = system().events;
        let mut traces: Vec<(String, Vec<&str>)> = monitor
            .conflicts()
            .iter()
            .map(|c| (c.key(), c.trace.iter().map(|&e| names[e as usize]).collect()))
            .collect();
        traces.sort();
        per_mode.push(traces);
    }
    assert_eq!(per_mode[0], per_mode[1], "exhaustive search and DPOR give the same shortest traces");
    per_mode.pop().unwrap()
}

#[test]
fn a_conflict_through_a_cycle_takes_the_cycle_in_its_trace() {
    // One event, a self-loop: App1 writes on, then App2 writes off. App2's off, then App1's on
    // needs the event twice: the off of the first run reaches the on of the second.
    let sys = || Scripted {
        events: vec!["press"],
        table: vec![(0, 0, 0, vec![(App1, "switch", "on"), (App2, "switch", "off")], false)],
    };
    let traces = traces(sys);
    assert_eq!(
        traces,
        [
            ("conflict:dev1.switch:App1=on:App2=off".to_string(), vec!["press"]),
            ("conflict:dev1.switch:App2=off:App1=on".to_string(), vec!["press", "press"]),
        ]
    );
}

#[test]
fn a_trace_takes_the_shortest_way_from_any_first_write() {
    // App1 locks at setup and again at each sunset (which changes nothing: self-loops). App2
    // unlocks on `open` after `on`. The conflict needs no sunset: setup, on, open. (A backward
    // search from the conflicting transition meets the sunset's write first and gave four.)
    let sys = || Scripted {
        events: vec!["setup", "on", "sunset", "open"],
        table: vec![
            (0, 0, 1, vec![(App1, "lock", "locked")], false),
            (1, 2, 1, vec![(App1, "lock", "locked")], false),
            (1, 1, 2, vec![], false),
            (2, 2, 2, vec![(App1, "lock", "locked")], false),
            (2, 3, 3, vec![(App2, "lock", "unlocked")], false),
            (3, 2, 4, vec![(App1, "lock", "locked")], false),
        ],
    };
    let traces = traces(sys);
    assert_eq!(
        traces,
        [
            ("conflict:dev1.lock:App1=locked:App2=unlocked".to_string(), vec!["setup", "on", "open"]),
            ("conflict:dev1.lock:App2=unlocked:App1=locked".to_string(), vec!["setup", "on", "open", "sunset"]),
        ]
    );
}

#[test]
fn exception_traces_are_shortest_paths_of_the_explored_graph() {
    // As above, with an app exception instead of a conflict at state 20.
    let sys = || {
        let mut table: Vec<Row> = (0..20).map(|i| (i, 0, i + 1, vec![], false)).collect();
        table.push((0, 1, 20, vec![], false));
        table.push((20, 2, 21, vec![], false));
        Scripted { events: vec!["walk", "jump", "boom"], table }
    };
    for por in [Por::None, Por::Dpor] {
        let mut system = sys();
        let mut monitor = ConflictMonitor::new(Tracked::All);
        let mut outcome = explore_with_monitor(&mut system, &Config::new(por), &mut monitor);
        monitor.shorten_traces(&mut system, &mut outcome);
        let boom = outcome.findings.iter().find(|f| f.finding.key == "boom").expect("the exception is found");
        let names: Vec<&str> = boom.trace.iter().map(|&e| ["walk", "jump", "boom"][e as usize]).collect();
        assert_eq!(names, ["jump", "boom"], "{por:?}");
    }
}

#[test]
fn an_exception_trace_goes_to_the_nearest_transition_that_raises_it() {
    // The depth-first search meets the exception at the end of a chain of `walk`s (the event
    // explored first); another event raises the same exception from the initial state.
    let sys = || {
        let mut table: Vec<Row> = (0..10).map(|i| (i, 0, i + 1, vec![], false)).collect();
        table.push((10, 1, 11, vec![], false));
        table.push((0, 2, 12, vec![], false));
        Scripted { events: vec!["walk", "boom", "boom-early"], table }
    };
    for por in [Por::None, Por::Dpor] {
        let mut system = sys();
        let mut monitor = ConflictMonitor::new(Tracked::All);
        let mut outcome = explore_with_monitor(&mut system, &Config::new(por), &mut monitor);
        assert_eq!(outcome.findings[0].trace.len(), 11, "{por:?}: the run meets it deep first");
        monitor.shorten_traces(&mut system, &mut outcome);
        let boom = outcome.findings.iter().find(|f| f.finding.key == "boom").expect("the exception is found");
        assert_eq!(boom.trace, [2], "{por:?}");
    }
}

#[test]
fn scheduled_handlers_run_inline_are_not_exempt_in_a_user_initiated_transition() {
    // A touch (user-initiated) where App2 unlocks and App1's scheduled handler, run at once,
    // locks: the scheduled write stands for a later timer event, so it conflicts with App2's.
    let sys = || Scripted {
        events: vec!["touch"],
        table: vec![(0, 0, 1, vec![(App2, "lock", "unlocked"), (App1, "lock", "timer:locked")], true)],
    };
    assert_eq!(conflicts(sys, Tracked::All), one("conflict:dev1.lock:App2=unlocked:App1=locked"));
    // The same writes made by ordinary handlers of the touch's cascade are exempt.
    let sys = || Scripted {
        events: vec!["touch"],
        table: vec![(0, 0, 1, vec![(App2, "lock", "unlocked"), (App1, "lock", "locked")], true)],
    };
    assert!(conflicts(sys, Tracked::All).is_empty());
}
