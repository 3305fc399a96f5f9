//! The interface between the engine and a front end: an event-driven transition system.
//!
//! A front end (model files, SmartThings app pairs, or a model written directly in Rust) describes
//! its program as a [`TransitionSystem`]: a state with a canonical 128-bit fingerprint, the events
//! enabled in a state, and a deterministic `execute(state, event)` that runs one event handler to
//! completion and reports the next state, the shared locations it read and wrote, and any findings
//! (failed assertions, runtime faults).
//!
//! The engine adds the enabling accesses itself: executing event `e` reads `e`'s shadow location,
//! and a transition that changes whether an event is enabled writes that event's shadow location
//! (see [`Location::shadow`]). Front ends report their own data accesses, and a write of `e`'s
//! shadow location for every explicit `enable(e)`/`disable(e)` a handler makes: the engine turns
//! it into a read when `e`'s enabling did not change. Such a call still depends on the enabling
//! (`enable(e)` while `e` is enabled changes nothing here, but re-enables `e` after a transition
//! that disabled it), so it must not commute with transitions that change it.

use std::fmt;

/// A dense event identifier chosen by the front end (`0..event_count`). Events may be numbered
/// lazily as the front end discovers them; the engine only needs the numbers to be small.
pub type EventId = u32;

/// A shared memory location as the DPOR conflict check sees it.
///
/// Front ends number their data locations freely in `0..2^30`; the engine reserves the upper half
/// of the space for the shadow locations that model event enabling, and one bit below it marks
/// the *settable* locations (those that may receive [`AccessKind::Set`] accesses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location(u32);

const SHADOW_BIT: u32 = 1 << 31;
const SETTABLE_BIT: u32 = 1 << 30;

impl Location {
    /// A front-end data location. `index` must be below `2^30`.
    pub fn data(index: u32) -> Location {
        debug_assert!(index < SETTABLE_BIT, "data location index too large");
        Location(index & !(SHADOW_BIT | SETTABLE_BIT))
    }

    /// A front-end data location that may receive [`AccessKind::Set`] accesses besides reads and
    /// writes. `index` must be below `2^30`; `settable(i)` and `data(i)` are different locations
    /// with the same [`data_index`](Location::data_index), so a front end uses one form per index.
    pub fn settable(index: u32) -> Location {
        Location(Location::data(index).0 | SETTABLE_BIT)
    }

    /// Whether this location may receive [`AccessKind::Set`] accesses.
    pub fn is_settable(self) -> bool {
        self.0 & (SHADOW_BIT | SETTABLE_BIT) == SETTABLE_BIT
    }

    /// The shadow location of an event: read by executing it, written by enabling or disabling it.
    pub fn shadow(event: EventId) -> Location {
        Location(event | SHADOW_BIT)
    }

    /// The data index, or `None` for a shadow location.
    pub fn data_index(self) -> Option<u32> {
        (self.0 & SHADOW_BIT == 0).then_some(self.0 & !SETTABLE_BIT)
    }

    /// The event of a shadow location.
    pub fn shadow_event(self) -> Option<EventId> {
        (self.0 & SHADOW_BIT != 0).then_some(self.0 & !SHADOW_BIT)
    }
}

/// Whether an access reads or writes its location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AccessKind {
    Read,
    Write,
    /// A write of the one value every `Set` of the location stores, whatever the state (a
    /// [settable](Location::settable) location's "this key is present"). Two `Set`s of a location
    /// commute (either order leaves that value), so they do not conflict with each other; a `Set`
    /// conflicts with reads and writes like a write. The operation must not depend on the
    /// location's value (a transition that decides whether to set by looking at the location
    /// records that read), which is what makes the independence hold in every state: unlike a
    /// write that happens to leave a value unchanged, a `Set` is the same access in every order.
    Set,
}

impl AccessKind {
    /// Whether the access changes (or may change) its location: a write or a set.
    #[inline]
    pub fn writes(self) -> bool {
        self != AccessKind::Read
    }

    /// Whether two accesses of one location conflict: at least one writes, and they are not both
    /// sets.
    #[inline]
    pub fn conflicts_with(self, other: AccessKind) -> bool {
        (self.writes() || other.writes()) && !(self == AccessKind::Set && other == AccessKind::Set)
    }
}

/// One access of a transition to a shared location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Access {
    pub location: Location,
    pub kind: AccessKind,
}

impl Access {
    pub fn read(location: Location) -> Access {
        Access { location, kind: AccessKind::Read }
    }

    pub fn write(location: Location) -> Access {
        Access { location, kind: AccessKind::Write }
    }

    /// A [`AccessKind::Set`] of a settable location (a write, on any other location).
    pub fn set(location: Location) -> Access {
        let kind = if location.is_settable() { AccessKind::Set } else { AccessKind::Write };
        Access { location, kind }
    }

    /// Two accesses conflict when they touch the same location and at least one writes (two
    /// [`AccessKind::Set`]s do not conflict).
    #[inline]
    pub fn conflicts_with(self, other: Access) -> bool {
        self.location == other.location && self.kind.conflicts_with(other.kind)
    }
}

/// Makes accesses exact: every write of a location that the transition left with the value it
/// had before becomes a read. `unchanged(location)` compares the location in the state before and
/// after the transition.
///
/// A handler that stores a value a location already holds (`x = x`, a flag set again, a
/// collection read out of the state and not modified) does not change the state there, so it
/// commutes with every transition that only reads the location; it still depends on the
/// location's value (run after a transition that changed it, it would write), which the read
/// records. Without this every such handler would conflict with every other one that touches the
/// location, and DPOR would have to explore all their orders. R4 filters such writes for the same
/// reason. Front ends call this at the end of `execute`; where a write must stay a write for a
/// monitor (SmartThings app writes of device attributes are "last writes" for the conflict
/// rule), `unchanged` answers false for that location.
pub fn demote_unchanged_writes(accesses: &mut [Access], mut unchanged: impl FnMut(Location) -> bool) {
    for a in accesses.iter_mut() {
        if a.kind == AccessKind::Write && unchanged(a.location) {
            a.kind = AccessKind::Read;
        }
    }
}

/// One piece of program data in a state, as the diagnosis of unfinished runs sees it (see
/// [`TransitionSystem::measure`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    pub location: Location,
    /// How big the value is: a collection's elements or a string's characters; 0 for a scalar.
    pub size: u64,
    /// A hash of the value (equal values, equal hashes); 0 when not asked for.
    pub value: u64,
}

/// A 128-bit canonical fingerprint of a state. Equal states must have equal fingerprints; the
/// engine treats equal fingerprints as equal states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub u128);

/// Where in a source file a finding was raised.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourcePosition {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// What kind of problem a transition found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    /// A failed assertion: a property violation.
    Violation,
    /// A runtime fault in the program while handling an event (division by zero, null receiver,
    /// missing property, cascade too deep, ...).
    AppException,
}

/// A problem found while executing one transition. Findings with the same `kind` and `key` are
/// the same finding (the engine reports each once, with the first trace that reached it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    /// Identity of the finding, e.g. the assertion's file, line, column and message.
    pub key: String,
    pub message: String,
    pub position: Option<SourcePosition>,
}

/// The result of executing one event in one state (the accesses go to the buffer the engine
/// passes to [`TransitionSystem::execute`]).
#[derive(Debug)]
pub struct Step<S, L = ()> {
    /// The successor state.
    pub next: S,
    /// Problems found during the transition. A failed assertion stops the handler; its earlier
    /// writes stay in `next`, which is explored normally.
    pub findings: Vec<Finding>,
    /// What a [`Monitor`](crate::Monitor) needs to know about the transition (e.g. the writes a
    /// SmartThings transition made); `()` for systems without one.
    pub label: L,
}

/// An error that makes a transition system unusable (as opposed to a [`Finding`], which is a
/// property of one transition).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SystemError {
    pub message: String,
    pub position: Option<SourcePosition>,
}

/// One step of a program made of threads with FIFO event queues, as
/// [`Por::EmDpor`](crate::Por::EmDpor) needs to know it: which thread made the step, which task
/// (the thread's own body, or one run of a handler taken from the thread's queue) it belongs to,
/// and which events it posted. A front end for such programs numbers its events by thread (event
/// `t` is "thread `t` makes its next step") and returns this from
/// [`TransitionSystem::task_step`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TaskStep {
    /// The thread that made the step (equal to the step's [`EventId`]).
    pub thread: u32,
    /// The handler the step runs, `None` for the thread's own body.
    pub handler: Option<u32>,
    /// The step is the first of a handler run: the handler was taken from the front of the
    /// thread's queue.
    pub begins: bool,
    /// The task (body or handler run) finished with this step.
    pub ends: bool,
    /// Events posted by the step, in order: (target thread, handler).
    pub posts: Vec<(u32, u32)>,
    /// Locations among the step's accesses that stand for event queues (a post writes the target
    /// queue, taking a handler writes the thread's queue). DPOR treats them as shared data, so
    /// that two posts to one queue conflict; EM-DPOR ignores them and orders handler runs with
    /// the FIFO rule instead.
    pub queues: Vec<Location>,
}

/// An event-driven program the engine can explore.
///
/// Contract:
/// - `execute(s, e)` is deterministic: same state, same event, same result (same successor
///   fingerprint, same accesses, same findings).
/// - `fingerprint` is canonical: states that behave the same have the same fingerprint, and it
///   includes everything a later handler can read, including which events are enabled.
/// - `enabled(s)` depends only on `s`.
///
/// # Example: a system written directly in Rust
/// ```
/// use eventide_engine::{Access, EventId, Fingerprint, Location, Step, TransitionSystem};
///
/// /// Two events: `inc` adds one to a counter modulo 3, `reset` sets it to zero.
/// struct Counter;
///
/// impl TransitionSystem for Counter {
///     type State = u8;
///     type Label = ();
///     fn initial_state(&mut self) -> u8 { 0 }
///     fn fingerprint(&self, s: &u8) -> Fingerprint { Fingerprint(*s as u128) }
///     fn enabled(&mut self, _s: &u8, out: &mut Vec<EventId>) { out.extend([0, 1]) }
///     fn execute(&mut self, s: &u8, e: EventId, accesses: &mut Vec<Access>) -> Step<u8> {
///         let counter = Location::data(0);
///         match e {
///             0 => {
///                 accesses.extend([Access::read(counter), Access::write(counter)]);
///                 Step { next: (s + 1) % 3, findings: vec![], label: () }
///             }
///             _ => {
///                 accesses.push(Access::write(counter));
///                 Step { next: 0, findings: vec![], label: () }
///             }
///         }
///     }
///     fn event_name(&self, e: EventId) -> String { ["inc", "reset"][e as usize].to_string() }
/// }
///
/// let outcome = eventide_engine::explore(&mut Counter, &eventide_engine::Config::default());
/// assert_eq!(outcome.stats.states, 3);
/// assert_eq!(outcome.stats.transitions, 6);
/// let exhaustive = eventide_engine::explore(&mut Counter, &eventide_engine::Config::new(eventide_engine::Por::None));
/// assert_eq!((exhaustive.stats.states, exhaustive.stats.transitions), (3, 6));
/// ```
pub trait TransitionSystem {
    /// A program state. The engine clones it only when it stores a newly discovered state.
    type State: Clone;

    /// Data about one transition handed to a [`Monitor`](crate::Monitor); `()` when unused.
    type Label;

    /// The initial state.
    fn initial_state(&mut self) -> Self::State;

    /// The canonical fingerprint of a state.
    fn fingerprint(&self, state: &Self::State) -> Fingerprint;

    /// Appends the events enabled in `state` to `out` (in a stable order; the engine sorts them).
    fn enabled(&mut self, state: &Self::State, out: &mut Vec<EventId>);

    /// Executes `event` (enabled in `state`) to completion, appending the data accesses the
    /// handler made to `accesses` (an empty buffer the engine reuses; duplicates are allowed).
    fn execute(
        &mut self,
        state: &Self::State,
        event: EventId,
        accesses: &mut Vec<Access>,
    ) -> Step<Self::State, Self::Label>;

    /// A readable name for an event, used in traces.
    fn event_name(&self, event: EventId) -> String;

    /// Exact state equality, used only by the fingerprint verification mode. The default trusts
    /// fingerprints.
    fn states_equal(&self, _a: &Self::State, _b: &Self::State) -> Option<bool> {
        None
    }

    /// Checks a state the run has just stored for the findings that belong to states rather
    /// than to transitions (a home's safety invariants). Explorers call it once per stored
    /// state, so a run reports such a finding as soon as it stores a state that has it, whatever
    /// the order it takes events in, and a run stopped by a limit has checked every state it
    /// stored. Soundness under reduction is the system's own business (a home's invariants are
    /// also observer events, which DPOR orders); this check adds nothing DPOR relies on. A
    /// watchdog interruption is reported through [`TransitionSystem::interrupted`], as for
    /// [`TransitionSystem::execute`]. The default finds nothing.
    fn check_state(&mut self, _state: &Self::State) -> Vec<Finding> {
        Vec::new()
    }

    /// For programs of threads with event queues: what the transition that produced `label` did
    /// as a step of a thread (see [`TaskStep`]). The default, `None`, says the system is not such
    /// a program; EM-DPOR then takes each event as a thread whose steps form one task.
    fn task_step(&self, _label: &Self::Label) -> Option<TaskStep> {
        None
    }

    /// Whether the events are the threads of a program of threads (event `t` = "thread `t` makes
    /// its next step"), a disabled thread being enabled only by the post that gives its idle
    /// looper a handler run or by the release of the lock its next step takes. Stateful DPOR then
    /// takes **enabling as an order, not a race**: the post or release that enabled a thread
    /// happens before the steps the thread then makes, so a conflict between them sets no
    /// backtrack point, where DPOR otherwise adds every event enabled before the enabling
    /// transition. That fallback is for events that any of several handlers may enable (a model
    /// file's `enable`), where another enabler may let the same step run before the conflicting
    /// transition; a thread enabled another way, by another post first, makes other steps, whose
    /// order the posts' own accesses decide. The default, `false`, suits events that are whole
    /// handler runs, as SmartApps' and model files' are.
    fn events_are_threads(&self) -> bool {
        false
    }

    /// For programs of threads with locks: appends, for every thread blocked in `state`, its
    /// event and the access its blocked step would make (the acquire of a held lock). EM-DPOR
    /// uses it at the end of a run where threads are left blocked. The default appends nothing.
    fn blocked(&mut self, _state: &Self::State, _out: &mut Vec<(EventId, Access)>) {}

    /// Called when a run starts (with the run's [`Watchdog`](crate::Watchdog)) and when it ends (with `None`). A
    /// system whose transitions run arbitrary code (interpreted handlers that may loop forever)
    /// checks the watchdog inside `execute` and reports a stop through
    /// [`TransitionSystem::interrupted`]. The default ignores it: transitions are short.
    fn set_watchdog(&mut self, _watchdog: Option<crate::Watchdog>) {}

    /// Whether the last `execute` was cut short by the watchdog. The engine then discards that
    /// step (its successor is not a real state) and stops the run with the reason.
    fn interrupted(&mut self) -> Option<crate::StopReason> {
        None
    }

    /// Where the step that [`TransitionSystem::interrupted`] reports was when the watchdog cut
    /// it short (a handler stuck in a loop), for the report; `None` when unknown.
    fn interrupted_at(&mut self) -> Option<SourcePosition> {
        None
    }

    /// Appends a [`Measure`] of every piece of program data in `state` (a model variable, a key
    /// of an app's state), for the diagnosis of runs that stop on a limit (see
    /// [`crate::explore::growth`]): its size, and with `values` a hash of its value. The default
    /// measures nothing.
    fn measure(&mut self, _state: &Self::State, _values: bool, _out: &mut Vec<Measure>) {}

    /// Who owns a location and what it is called, for reports: e.g. (`Some("groveStreams")`,
    /// `"atomicState.queue"`), or (`None`, `"x"`) for a model file's variable.
    fn describe_location(&self, location: Location) -> (Option<String>, String) {
        (None, format!("{location:?}"))
    }

    /// How two states differ, for reports that compare the ends of two runs (R4's race
    /// classification): one entry per part that differs (a variable, a device attribute, a key of
    /// an app's state, a pending timer), with the part's value in `a` and in `b`, marked
    /// `enabling` when the part only decides which events are enabled. The engine compares the
    /// enabled events itself. The default, `None`, says the system does not describe its states;
    /// any difference then counts as a difference of data.
    fn state_differences(&self, _a: &Self::State, _b: &Self::State) -> Option<Vec<StateDifference>> {
        None
    }
}

/// One part in which two states differ (see [`TransitionSystem::state_differences`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateDifference {
    /// What differs: `x`, `lock1.lock`, `location.mode`, `away-lock state.count`.
    pub what: String,
    /// Its value in the first and in the second state, as text.
    pub first: String,
    pub second: String,
    /// True when the part only decides which events are enabled (a pending timer, a
    /// subscription), not data.
    pub enabling: bool,
}

impl fmt::Display for SourcePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadow_and_data_locations_are_disjoint() {
        assert_ne!(Location::data(3), Location::shadow(3));
        assert_eq!(Location::shadow(7).shadow_event(), Some(7));
        assert_eq!(Location::data(7).data_index(), Some(7));
        assert_eq!(Location::data(7).shadow_event(), None);
    }

    #[test]
    fn conflicts_need_a_write_on_the_same_location() {
        let a = Location::data(0);
        let b = Location::data(1);
        assert!(Access::write(a).conflicts_with(Access::read(a)));
        assert!(Access::read(a).conflicts_with(Access::write(a)));
        assert!(!Access::read(a).conflicts_with(Access::read(a)));
        assert!(!Access::write(a).conflicts_with(Access::write(b)));
    }
}
