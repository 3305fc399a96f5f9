//! The growth diagnosis: a run stopped by a limit names the locations whose size kept growing,
//! with a trace that shows the growth; a finished run and a large but finite state space name
//! none.

use eventide_engine::{explore, Access, Config, EventId, Fingerprint, Location, Measure, Por, Step, TransitionSystem};

/// A system written in Rust: `queue` (location 0) grows by `step` elements on event 0 unless
/// `cap` stops it (then it is emptied); event 1 steps a counter modulo `modulus` (location 1,
/// never measured: it is not a collection) and, with `drain_on_wrap`, empties the queue when the
/// counter wraps to 0.
struct Queue {
    step: u64,
    cap: Option<u64>,
    modulus: u64,
    drain_on_wrap: bool,
}

impl TransitionSystem for Queue {
    type State = (u64, u64);
    type Label = ();

    fn initial_state(&mut self) -> (u64, u64) {
        (0, 0)
    }

    fn fingerprint(&self, s: &(u64, u64)) -> Fingerprint {
        Fingerprint(((s.0 as u128) << 64) | s.1 as u128)
    }

    fn enabled(&mut self, _s: &(u64, u64), out: &mut Vec<EventId>) {
        out.extend([0, 1]);
    }

    fn execute(&mut self, s: &(u64, u64), e: EventId, accesses: &mut Vec<Access>) -> Step<(u64, u64)> {
        let next = match e {
            0 => {
                accesses.push(Access::write(Location::data(0)));
                let grown = s.0 + self.step;
                (if self.cap.is_some_and(|c| grown > c) { 0 } else { grown }, s.1)
            }
            _ => {
                accesses.extend([Access::write(Location::data(0)), Access::write(Location::data(1))]);
                let counter = (s.1 + 1) % self.modulus;
                (if self.drain_on_wrap && counter == 0 { 0 } else { s.0 }, counter)
            }
        };
        Step { next, findings: Vec::new(), label: () }
    }

    fn event_name(&self, e: EventId) -> String {
        ["append", "count"][e as usize].to_string()
    }

    fn measure(&mut self, s: &(u64, u64), values: bool, out: &mut Vec<Measure>) {
        let value = |v: u64| if values { v } else { 0 };
        out.push(Measure { location: Location::data(0), size: s.0, value: value(s.0) });
        out.push(Measure { location: Location::data(1), size: 0, value: value(s.1) });
    }

    fn describe_location(&self, location: Location) -> (Option<String>, String) {
        (Some("app".to_string()), format!("var{}", location.data_index().unwrap_or(99)))
    }
}

fn run(system: &mut Queue, por: Por, max_states: u64) -> eventide_engine::Outcome {
    let mut config = Config::new(por);
    config.limits.max_states = Some(max_states);
    explore(system, &config)
}

#[test]
fn an_unbounded_queue_is_named_with_a_trace_that_shows_it_growing() {
    for por in [Por::None, Por::Dpor] {
        for step in [1, 4] {
            let mut system = Queue { step, cap: None, modulus: 3, drain_on_wrap: false };
            let outcome = run(&mut system, por, 500);
            assert!(!outcome.complete, "{por:?}");
            assert_eq!(outcome.growth.len(), 1, "{por:?} step {step}: {:?}", outcome.growth);
            let g = &outcome.growth[0];
            assert_eq!((g.owner.as_deref(), g.name.as_str()), (Some("app"), "var0"));
            assert!(!g.shrank);
            assert!(g.max_size >= 3 * step && g.max_size.is_multiple_of(step), "{g:?}");
            // The sizes replay the trace: one more than its events, starting empty, and at
            // least three growth steps of `step` each.
            assert_eq!(g.sizes.len(), g.trace.len() + 1);
            assert_eq!(g.sizes[0], 0);
            let growth_steps = g.sizes.windows(2).filter(|w| w[1] == w[0] + step).count();
            assert!(growth_steps >= 3, "{g:?}");
            assert!(g.describe().contains("never seen to shrink"), "{}", g.describe());
        }
    }
}

#[test]
fn a_finished_run_reports_no_growth() {
    for por in [Por::None, Por::Dpor] {
        let mut system = Queue { step: 1, cap: Some(40), modulus: 5, drain_on_wrap: false };
        let outcome = run(&mut system, por, 100_000);
        assert!(outcome.complete, "{por:?}");
        assert!(outcome.growth.is_empty(), "{por:?}: {:?}", outcome.growth);
        assert!(outcome.variety.is_empty(), "{por:?}: {:?}", outcome.variety);
    }
}

#[test]
fn a_large_finite_space_that_stopped_growing_early_is_not_growth_but_its_counter_is_the_most_varied() {
    // The queue fills to 4 and is emptied; the counter modulo 1,000 makes the space large enough
    // to stop on the states limit long after the queue's largest size was first reached.
    for por in [Por::None, Por::Dpor] {
        let mut system = Queue { step: 1, cap: Some(4), modulus: 1_000, drain_on_wrap: false };
        let outcome = run(&mut system, por, 2_000);
        assert!(!outcome.complete, "{por:?}");
        assert!(outcome.growth.is_empty(), "{por:?}: {:?}", outcome.growth);
        // What multiplies the states: the counter took hundreds of values, the queue five.
        let varied: Vec<(&str, u64)> = outcome.variety.iter().map(|v| (v.name.as_str(), v.distinct_values)).collect();
        assert_eq!(varied.len(), 2, "{por:?}: {varied:?}");
        assert_eq!(varied[0].0, "var1", "{por:?}: {varied:?}");
        assert!(varied[0].1 >= 300, "{por:?}: {varied:?}");
        assert_eq!(varied[1], ("var0", 5), "{por:?}");
    }
}

/// DPOR takes the events in turn, so its run sees `count` drain the queue; depth-first search
/// appends all the way down to the states limit and never sees a drain.
#[test]
fn a_queue_that_some_events_empty_still_grows_and_the_report_says_it_shrinks_too() {
    let mut system = Queue { step: 1, cap: None, modulus: 2, drain_on_wrap: true };
    let outcome = run(&mut system, Por::Dpor, 1_000);
    assert_eq!(outcome.growth.len(), 1);
    let g = &outcome.growth[0];
    assert!(g.shrank, "{g:?}");
    assert!(g.describe().contains("some events shrink it"), "{}", g.describe());
}

/// A mode name that switches between "off" and "heat", and only late in the run (past counter
/// 1,500) becomes "emergency heat": its size rises late and by more than three steps, but it holds
/// three values, so it is not reported as growing.
struct ModeName;

impl TransitionSystem for ModeName {
    type State = u32;
    type Label = ();

    fn initial_state(&mut self) -> u32 {
        0
    }

    fn fingerprint(&self, s: &u32) -> Fingerprint {
        Fingerprint(*s as u128)
    }

    fn enabled(&mut self, _s: &u32, out: &mut Vec<EventId>) {
        out.push(0);
    }

    fn execute(&mut self, s: &u32, _e: EventId, accesses: &mut Vec<Access>) -> Step<u32> {
        accesses.push(Access::write(Location::data(0)));
        Step { next: (s + 1) % 4_000, findings: Vec::new(), label: () }
    }

    fn event_name(&self, _e: EventId) -> String {
        "tick".to_string()
    }

    fn measure(&mut self, s: &u32, values: bool, out: &mut Vec<Measure>) {
        let name = if *s > 1_500 {
            "emergency heat"
        } else if s.is_multiple_of(2) {
            "off"
        } else {
            "heat"
        };
        let value = if values { name.len() as u64 } else { 0 };
        out.push(Measure { location: Location::data(0), size: name.len() as u64, value });
    }
}

#[test]
fn a_value_switching_among_a_few_lengths_is_not_growth() {
    for por in [Por::None, Por::Dpor] {
        let mut config = Config::new(por);
        config.limits.max_states = Some(2_000);
        let outcome = explore(&mut ModeName, &config);
        assert!(!outcome.complete, "{por:?}");
        assert!(outcome.growth.is_empty(), "{por:?}: {:?}", outcome.growth);
        assert_eq!(outcome.variety.first().map(|v| v.distinct_values), Some(3), "{por:?}");
    }
}

/// `n` flags that events `0..n` toggle, each its own location, plus a "seen" key (location `n`)
/// that event 0 stores the first time it runs and that stays: nothing grows, and no location
/// takes more than two values, yet the states are every combination of them.
struct Flags {
    n: u32,
}

impl TransitionSystem for Flags {
    /// The flags as bits; bit `n`: the seen key is present.
    type State = u32;
    type Label = ();

    fn initial_state(&mut self) -> u32 {
        0
    }

    fn fingerprint(&self, s: &u32) -> Fingerprint {
        Fingerprint(*s as u128)
    }

    fn enabled(&mut self, _s: &u32, out: &mut Vec<EventId>) {
        out.extend(0..self.n);
    }

    fn execute(&mut self, s: &u32, e: EventId, accesses: &mut Vec<Access>) -> Step<u32> {
        accesses.extend([Access::read(Location::data(e)), Access::write(Location::data(e))]);
        let mut next = s ^ (1 << e);
        if e == 0 {
            accesses.push(Access::write(Location::data(self.n)));
            next |= 1 << self.n;
        }
        Step { next, findings: Vec::new(), label: () }
    }

    fn event_name(&self, e: EventId) -> String {
        format!("toggle{e}")
    }

    fn measure(&mut self, s: &u32, values: bool, out: &mut Vec<Measure>) {
        let value = |v: u32| if values { u64::from(v) + 1 } else { 0 };
        for i in 0..self.n {
            out.push(Measure { location: Location::data(i), size: 0, value: value(s >> i & 1) });
        }
        if s >> self.n & 1 == 1 {
            out.push(Measure { location: Location::data(self.n), size: 0, value: value(1) });
        }
    }
}

#[test]
fn many_locations_of_two_values_each_are_all_listed_and_their_combinations_counted() {
    // Independent toggles: DPOR needs a few states per flag and finishes.
    let outcome = explore(&mut Flags { n: 12 }, &Config::new(Por::Dpor));
    assert!(outcome.complete && outcome.stats.states < 100, "{:?}", outcome.stats);
    assert!(outcome.variety.is_empty(), "a finished run lists nothing");
    {
        let por = Por::None;
        let mut config = Config::new(por);
        config.limits.max_states = Some(6_000);
        let outcome = explore(&mut Flags { n: 12 }, &config);
        assert!(!outcome.complete, "{por:?}");
        assert!(outcome.growth.is_empty(), "{por:?}: {:?}", outcome.growth);
        // Every flag and the seen key (absent, then present: two values) is listed, not only the
        // first few.
        let distinct: Vec<u64> = outcome.variety.iter().map(|v| v.distinct_values).collect();
        assert_eq!(distinct, vec![2; 13], "{por:?}: {:?}", outcome.variety);
        let names: Vec<&str> = outcome.variety.iter().map(|v| v.name.as_str()).collect();
        assert!(names.contains(&"Location(12)"), "{por:?}: {names:?}");
        assert_eq!(eventide_engine::value_combinations(distinct.iter().copied()), 1 << 13);
    }
    assert_eq!(eventide_engine::value_combinations([3, 0, u64::MAX]), u64::MAX, "saturates");
}
