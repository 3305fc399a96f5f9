//! Monitors: observers of every executed transition that report findings about paths.
//!
//! Some properties span several transitions — a SmartThings conflict is two writes by different
//! apps on one execution, possibly joined through a state that two explorations share. The
//! engine's state matching deliberately ignores such path information (so that state counts stay
//! program-state counts); a [`Monitor`] keeps it on the side. It sees every executed transition
//! (re-executions included) with its [`TransitionSystem::Label`], as ids of the engine's explored
//! [`Graph`], which it is handed with every call: it keeps only its own data per state and per
//! edge, indexed by those ids, and reports [`ReportedFinding`]s with traces it builds itself. The
//! engine deduplicates them by key and honours `stop_at_first` for them like for any finding. After
//! the run the graph comes back in [`Outcome::graph`](super::Outcome::graph).

use super::findings::ReportedFinding;
use super::graph::{EdgeId, Graph, StateId};
use crate::system::{EventId, Finding, TransitionSystem};

/// One executed transition as a monitor sees it: an edge of the graph, already stored.
pub struct ObservedTransition<'a, L> {
    pub src: StateId,
    pub event: EventId,
    pub dst: StateId,
    pub edge: EdgeId,
    pub label: &'a L,
    /// True when `dst` was not stored before this transition.
    pub new_state: bool,
    /// True when this is the first execution of `event` at `src` (the edge is new); false for a
    /// re-execution, which (execution being deterministic) repeats an observed transition.
    pub new_edge: bool,
    /// The findings the transition raised (each run of it raises the same), whether or not the
    /// run had recorded them before.
    pub raised: &'a [Finding],
}

/// Observes the exploration of a `T`.
pub trait Monitor<T: TransitionSystem> {
    /// False for a monitor that observes nothing ([`NoMonitor`]): exploring with it is exploring
    /// without a monitor, and exhaustive search then keeps no graph.
    fn observes(&self) -> bool {
        true
    }

    /// Called once with the initial state, before any transition.
    fn on_initial(&mut self, _graph: &Graph, _initial: StateId) {}

    /// Called after every executed transition that was stored, with the graph that holds it;
    /// findings go to `found`.
    fn on_transition(
        &mut self,
        system: &T,
        graph: &Graph,
        transition: ObservedTransition<'_, T::Label>,
        found: &mut Vec<ReportedFinding>,
    );
}

/// The monitor that observes nothing.
pub struct NoMonitor;

impl<T: TransitionSystem> Monitor<T> for NoMonitor {
    fn observes(&self) -> bool {
        false
    }

    #[inline]
    fn on_transition(&mut self, _: &T, _: &Graph, _: ObservedTransition<'_, T::Label>, _: &mut Vec<ReportedFinding>) {}
}
