//! Monitors: observers of every executed transition that report findings about paths.
//!
//! Some properties span several transitions — a SmartThings conflict is two writes by different
//! apps on one execution, possibly joined through a state that two explorations share. The
//! engine's state matching deliberately ignores such path information (so that state counts stay
//! program-state counts); a [`Monitor`] keeps it on the side. It sees every executed transition
//! (re-executions included) with its [`TransitionSystem::Label`], can keep its own graph of
//! fingerprints, and reports [`ReportedFinding`]s with traces it builds itself. The engine
//! deduplicates them by key and honours `stop_at_first` for them like for any finding.

use super::findings::ReportedFinding;
use crate::system::{EventId, Fingerprint, TransitionSystem};

/// One executed transition as a monitor sees it.
pub struct ObservedTransition<'a, L> {
    pub src: Fingerprint,
    pub event: EventId,
    pub dst: Fingerprint,
    pub label: &'a L,
    /// True when `dst` was not stored before this transition.
    pub new_state: bool,
}

/// Observes the exploration of a `T`.
pub trait Monitor<T: TransitionSystem> {
    /// Called once with the initial state's fingerprint, before any transition.
    fn on_initial(&mut self, _initial: Fingerprint) {}

    /// Called after every executed transition; findings go to `found`.
    fn on_transition(
        &mut self,
        system: &T,
        transition: ObservedTransition<'_, T::Label>,
        found: &mut Vec<ReportedFinding>,
    );
}

/// The monitor that observes nothing.
pub struct NoMonitor;

impl<T: TransitionSystem> Monitor<T> for NoMonitor {
    #[inline]
    fn on_transition(&mut self, _: &T, _: ObservedTransition<'_, T::Label>, _: &mut Vec<ReportedFinding>) {}
}
