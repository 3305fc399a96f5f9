//! The growth diagnosis: why a run could not finish.
//!
//! A program whose state keeps a collection that grows without bound (an event buffer appended to
//! on every event and never emptied) has an infinite state space: no explorer finishes it, and a
//! run ends on its time, state or memory limit. While exploring, a `GrowthTracker` measures the
//! growable parts of every newly stored state ([`TransitionSystem::measure`]) and keeps, per
//! location, the smallest and largest size seen, when the largest was last raised, whether a
//! transition was seen to shrink it, its first growth step, and a witness state where it had
//! grown by [`GROWTH_STEPS`] such steps over the smallest size.
//!
//! When a run stops on a limit, `GrowthTracker::report` lists the locations that were **still
//! growing**: grown by at least [`GROWTH_STEPS`] steps, with the largest size raised in the second half
//! of the run, and more than [`MIN_GROWING_VALUES`] distinct values held (a collection that fills up
//! to a fixed size early, a large but finite counter, or a string switching among a few values of
//! different lengths is not reported). Each comes with a shortest trace to its witness state and the location's size
//! after every event of that trace, replayed through the system. A run that finishes never
//! reports growth: its state space was finite.
//!
//! A state space can also be finite but too large: a buffer that holds up to ten event records,
//! a counter that runs to a million. The tracker therefore also counts, per location, the
//! distinct values it held in stored states (up to [`MAX_DISTINCT`]); a stopped run reports every
//! location that held more than one ([`Variety`], most first), which says what multiplies the
//! states: one location with thousands of values (a buffer), or many with a few each (the
//! attributes of a home's devices), whose [`value_combinations`] already span the state space.

use super::graph::{Graph, StateId};
use crate::system::{EventId, Location, Measure, TransitionSystem};
use rustc_hash::{FxHashMap, FxHashSet};

/// A growing location must also have held more distinct values than this: a value that switches
/// among a few strings of different lengths (a mode name) is not growing.
pub const MIN_GROWING_VALUES: usize = 8;

/// Distinct values counted per location, at most (a location past it is reported as "at least").
pub const MAX_DISTINCT: usize = 1 << 16;

/// How many of the most varied locations a report lists by name with their figures (the rest
/// are counted in [`value_combinations`]).
pub const VARIETY_REPORTED: usize = 3;

/// A location that held many distinct values in a run that stopped on a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variety {
    pub location: Location,
    pub owner: Option<String>,
    pub name: String,
    /// Distinct values held in stored states (at most [`MAX_DISTINCT`]: then at least that many),
    /// absence counting as one when some stored states lacked the location.
    pub distinct_values: u64,
    /// The largest size seen (elements or characters; 0 for scalars).
    pub max_size: u64,
}

/// How many growth steps a location must have taken to be reported: it must have grown by this
/// many times its first growth step (one append of one event's record, say), and the witness
/// trace reaches a state that far above the smallest size.
pub const GROWTH_STEPS: u64 = 3;

/// A location whose size kept growing in a run that stopped on a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    pub location: Location,
    /// Who owns the location (an app), if the system says (see
    /// [`TransitionSystem::describe_location`]).
    pub owner: Option<String>,
    /// The location's name, e.g. `atomicState.queue` or a model variable.
    pub name: String,
    /// The smallest and largest sizes seen in stored states.
    pub min_size: u64,
    pub max_size: u64,
    /// Whether some explored transition made it smaller.
    pub shrank: bool,
    /// A shortest trace from the initial state to a state where it had grown by at least
    /// [`GROWTH_STEPS`] times its first growth step.
    pub trace: Vec<EventId>,
    /// The location's size in the initial state and after each event of `trace`.
    pub sizes: Vec<u64>,
}

impl Growth {
    /// How the location grows, in words: "grows by one element per event and was never seen to
    /// shrink", from the sizes along the trace and the shrink flag.
    pub fn describe(&self) -> String {
        let steps: Vec<u64> = self.sizes.windows(2).filter(|w| w[1] > w[0]).map(|w| w[1] - w[0]).collect();
        let by = match steps.as_slice() {
            [] => "grows".to_string(),
            [first, rest @ ..] if rest.iter().all(|s| s == first) => {
                let unit = if *first == 1 { "one element" } else { "elements" };
                let n = if *first == 1 { String::new() } else { format!("{first} ") };
                format!("grows by {n}{unit} per event that adds to it")
            }
            _ => "grows by varying amounts".to_string(),
        };
        if self.shrank {
            format!(
                "{by}; some events shrink it, but sequences without them keep growing it (largest seen: {})",
                self.max_size
            )
        } else {
            format!("{by} and was never seen to shrink: the state space is infinite")
        }
    }
}

/// Where the witness state of a location is: an id of the explored graph (its trace is a
/// shortest path, found when the report is made), or a trace taken when it was found (explorers
/// without a graph).
#[derive(Clone, Debug)]
pub(crate) enum Witness {
    State(StateId),
    Trace(Vec<EventId>),
}

#[derive(Clone, Debug)]
struct Track {
    min: u64,
    max: u64,
    /// The first increase seen on a transition (0 until one is seen): the unit of growth.
    step: u64,
    /// Number of stored states when `max` was last raised.
    raised_at: u64,
    /// Hashes of the distinct values held in stored states (at most [`MAX_DISTINCT`]).
    values: FxHashSet<u64>,
    /// The stored state (by number) where the location was first measured, and in how many
    /// stored states it was: a location missing from some (a state key not yet stored, or
    /// removed) has "absent" as one more value.
    since: u64,
    present: u64,
    shrank: bool,
    witness: Option<Witness>,
}

impl Track {
    fn new(size: u64, states: u64) -> Track {
        Track {
            min: size,
            max: size,
            step: 0,
            raised_at: states,
            values: FxHashSet::default(),
            since: states,
            present: 0,
            shrank: false,
            witness: None,
        }
    }

    fn note_value(&mut self, value: u64) {
        self.present += 1;
        if self.values.len() < MAX_DISTINCT {
            self.values.insert(value);
        }
    }

    /// The distinct values held, with absence as one more when some of the stored states from
    /// `first` to `stored` lacked the location.
    fn distinct(&self, first: u64, stored: u64) -> usize {
        let absent = self.since > first || self.present < (stored + 1).saturating_sub(self.since);
        self.values.len() + absent as usize
    }
}

/// Measures stored states while a run explores (see the module documentation).
#[derive(Default)]
pub(crate) struct GrowthTracker {
    tracks: FxHashMap<Location, Track>,
    before: Vec<Measure>,
    after: Vec<Measure>,
    /// Stored states measured so far.
    stored: u64,
    /// The number of the first stored state whose measure held anything (a SmartApp pair's
    /// states before its setup hold nothing): a location first measured later was absent before.
    first: u64,
}

impl GrowthTracker {
    /// Measures the initial state.
    pub fn start<T: TransitionSystem>(&mut self, system: &mut T, initial: &T::State) {
        self.after.clear();
        system.measure(initial, true, &mut self.after);
        self.stored = 1;
        if !self.after.is_empty() {
            self.first = 1;
        }
        for m in &self.after {
            self.tracks.entry(m.location).or_insert_with(|| Track::new(m.size, 1)).note_value(m.value);
        }
    }

    /// Measures a transition from `src` to `dst`: every transition tells whether it shrank a
    /// location; a transition to a newly stored state (`new_state`, the `states`-th) also updates
    /// the sizes seen. `witness` gives where `dst` is, called only when `dst` becomes a location's
    /// witness.
    pub fn on_transition<T: TransitionSystem>(
        &mut self,
        system: &mut T,
        src: &T::State,
        dst: &T::State,
        new_state: bool,
        states: u64,
        witness: impl FnOnce() -> Witness,
    ) {
        self.before.clear();
        self.after.clear();
        system.measure(src, false, &mut self.before);
        system.measure(dst, new_state, &mut self.after);
        let size_in = |measures: &[Measure], location: Location| {
            measures.iter().find(|m| m.location == location).map_or(0, |m| m.size)
        };
        for m in &self.before {
            let size = size_in(&self.after, m.location);
            if size < m.size {
                if let Some(track) = self.tracks.get_mut(&m.location) {
                    track.shrank = true;
                    track.min = track.min.min(size);
                }
            }
        }
        if !new_state {
            return;
        }
        self.stored = self.stored.max(states);
        if self.first == 0 && !self.after.is_empty() {
            self.first = states;
        }
        let mut witness = Some(witness);
        let mut taken: Option<Witness> = None;
        for m in &self.after {
            let (size, old) = (m.size, size_in(&self.before, m.location));
            let track = self.tracks.entry(m.location).or_insert_with(|| Track::new(old.min(size), states));
            track.note_value(m.value);
            track.min = track.min.min(size).min(old);
            track.shrank |= size < old;
            if size > track.max {
                track.max = size;
                track.raised_at = states;
            }
            if size > old && track.step == 0 {
                track.step = size - old;
            }
            if track.witness.is_none() && track.step > 0 && size >= track.min + GROWTH_STEPS * track.step {
                if taken.is_none() {
                    taken = witness.take().map(|f| f());
                }
                track.witness = taken.clone();
            }
        }
    }

    /// Every location that held more than one distinct value, most values first.
    pub fn variety<T: TransitionSystem>(&self, system: &T) -> Vec<Variety> {
        let mut varied: Vec<(&Location, usize, u64)> = self
            .tracks
            .iter()
            .map(|(l, t)| (l, t.distinct(self.first, self.stored), t.max))
            .filter(|&(_, distinct, _)| distinct > 1)
            .collect();
        varied.sort_by_key(|&(l, distinct, _)| (std::cmp::Reverse(distinct), *l));
        varied
            .into_iter()
            .map(|(&location, distinct, max_size)| {
                let (owner, name) = system.describe_location(location);
                Variety { location, owner, name, distinct_values: distinct as u64, max_size }
            })
            .collect()
    }

    /// The tracks of the locations still growing with `states` stored states.
    fn growing(&self, states: u64) -> Vec<(&Location, &Track)> {
        self.tracks
            .iter()
            .filter(|(_, t)| t.step > 0 && t.max >= t.min + GROWTH_STEPS * t.step)
            .filter(|(_, t)| t.values.len() > MIN_GROWING_VALUES)
            .filter(|(_, t)| t.raised_at.saturating_mul(2) >= states)
            .filter(|(_, t)| t.witness.is_some())
            .collect()
    }

    /// Whether some location was still growing with `states` stored states.
    pub fn any_growing(&self, states: u64) -> bool {
        !self.growing(states).is_empty()
    }

    /// The locations still growing when the run stopped with `states` stored states, each with a
    /// shortest trace to its witness (from `graph` when the witness is a state of it) and the
    /// sizes along that trace (replayed through `system`; the watchdog must be off).
    pub fn report<T: TransitionSystem>(&self, system: &mut T, graph: Option<&Graph>, states: u64) -> Vec<Growth> {
        let mut growing = self.growing(states);
        growing.sort_by_key(|(l, t)| (std::cmp::Reverse(t.max - t.min), **l));
        let mut paths = graph.map(Graph::shortest_paths);
        growing
            .into_iter()
            .map(|(&location, track)| {
                let trace = match (&track.witness, paths.as_mut()) {
                    (Some(Witness::Trace(t)), _) => t.clone(),
                    (Some(Witness::State(s)), Some(p)) => p.trace_to(*s),
                    _ => Vec::new(),
                };
                let sizes = replay_sizes(system, &trace, location);
                let (owner, name) = system.describe_location(location);
                Growth {
                    location,
                    owner,
                    name,
                    min_size: track.min,
                    max_size: track.max,
                    shrank: track.shrank,
                    trace,
                    sizes,
                }
            })
            .collect()
    }
}

/// How many combinations the values of some locations allow, given each one's number of
/// distinct values ([`Variety::distinct_values`]): their product (saturating at `u64::MAX`). Where every piece of a program's data is measured,
/// the stored states are combinations of these values (times what is not measured: which events
/// are enabled, an app's timers and subscriptions), so this says how large a state space the
/// values seen so far already span.
pub fn value_combinations(distinct_values: impl IntoIterator<Item = u64>) -> u64 {
    distinct_values.into_iter().fold(1u64, |product, n| product.saturating_mul(n.max(1)))
}

/// The size of `location` in the initial state and after each event of `trace`.
fn replay_sizes<T: TransitionSystem>(system: &mut T, trace: &[EventId], location: Location) -> Vec<u64> {
    let mut measured = Vec::new();
    let mut size_of = |system: &mut T, state: &T::State| {
        measured.clear();
        system.measure(state, false, &mut measured);
        measured.iter().find(|m: &&Measure| m.location == location).map_or(0, |m| m.size)
    };
    let mut state = system.initial_state();
    let mut sizes = vec![size_of(system, &state)];
    let mut accesses = Vec::new();
    for &event in trace {
        accesses.clear();
        state = system.execute(&state, event, &mut accesses).next;
        sizes.push(size_of(system, &state));
    }
    sizes
}
