//! Exploration: the configuration, the explorers, and what they report.
//!
//! [`explore`] runs one of two explorers over a [`TransitionSystem`]:
//! - [`Por::Dpor`]: the stateful DPOR of Trimananda et al. ([`dpor`]);
//! - [`Por::None`]: exhaustive stateful depth-first search ([`exhaustive`]), the baseline.
//!
//! and, with their own questions, [`Por::EmDpor`] ([`em_dpor`]) and [`Por::R4`] ([`r4`]: which
//! reorderings of one event sequence change its outcome; [`r4::explore`] returns its race report).
//!
//! All report the same [`Stats`] and [`Outcome`] shapes, stop cleanly at the [`Limits`], and report
//! each distinct [`Finding`](crate::Finding) once with the event trace that first reached it. They share the
//! per-step bookkeeping (`step`: limits, findings, fingerprint verification, the monitor, the
//! stop at the first finding, the diagnosis of unfinished runs in [`growth`]); the two stateful
//! ones also share the explored-graph structure ([`graph`]): DPOR's state graph,
//! built by exhaustive search only for a [`Monitor`] or when [`Config::keep_graph`] asks for it,
//! and handed to monitors and, in [`Outcome::graph`], to whoever rebuilds traces after the run.

mod access_bits;
pub mod dpor;
pub mod em_dpor;
pub mod exhaustive;
mod findings;
pub mod graph;
pub mod growth;
mod limits;
mod monitor;
pub mod r4;
mod step;

pub use findings::{ReportedFinding, MAX_LISTED_FINDINGS};
pub use graph::{Adjacent, EdgeId, Graph, GraphEdge, ShortestPaths, StateId};
pub use growth::{value_combinations, Growth, Variety, VARIETY_REPORTED};
pub use limits::{Limits, StopReason, Watchdog};
pub use monitor::{Monitor, NoMonitor, ObservedTransition};

use crate::system::{EventId, TransitionSystem};
use std::time::Duration;

/// Which exploration to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Por {
    /// Stateful dynamic partial order reduction.
    #[default]
    Dpor,
    /// Exhaustive stateful search.
    None,
    /// EM-DPOR (Maiya, Gupta, Kanade, Majumdar): stateless DPOR with dependence-covering sets for
    /// programs of threads with FIFO event queues ([`em_dpor`]). Acyclic state spaces only.
    EmDpor,
    /// R4 (Jensen, Møller, Raychev, Dimitrov, Vechev): stateless exploration of the reorderings
    /// of one event sequence, with conflict-reversal bounding, approximate replay and race
    /// classification ([`r4`]; [`r4::explore`] returns its report, configured by [`Config::r4`]).
    R4,
}

impl Por {
    pub fn name(self) -> &'static str {
        match self {
            Por::Dpor => "dpor",
            Por::None => "none",
            Por::EmDpor => "em-dpor",
            Por::R4 => "r4",
        }
    }
}

/// How DPOR's backward search over the state graph is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BacktrackSearch {
    /// Appendix D: the per-state summary cache. Polynomial; the default.
    #[default]
    Summary,
    /// Algorithm 5 literally: every simple backward path of the graph, and Algorithm 3's forward
    /// walk at state matches. Exponential; kept as a test oracle for small programs.
    Literal,
}

/// The mechanisms of the DPOR algorithm, each of which can be switched off so that tests can
/// show it is needed. Only the `testing-switches` feature lets a [`Config`] change them; outside
/// tests all are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// Algorithm 4: end an execution at a revisited state only when the cycle is full. Off: stop
    /// at any state already seen.
    pub full_cycle_termination: bool,
    /// Algorithm 5: search backwards over every path of the state graph. Off: only over the
    /// transitions of the current execution.
    pub graph_wide_backtracking: bool,
    /// Per-location conflicts: keep searching with the accesses not yet matched. Off: stop at the
    /// first conflict.
    pub per_location_conflicts: bool,
    /// Algorithm 3: update backtrack sets from the graph beyond a matched state.
    pub graph_update_at_match: bool,
    /// Add to backtrack(s) the events a transition from s disables.
    pub disabled_events_rule: bool,
    /// Re-pick events at a fully explored state round-robin per state. Off: one global round-robin pointer.
    pub fair_reselection: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            full_cycle_termination: true,
            graph_wide_backtracking: true,
            per_location_conflicts: true,
            graph_update_at_match: true,
            disabled_events_rule: true,
            fair_reselection: true,
        }
    }
}

/// What to explore and when to stop.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub por: Por,
    /// Stop at the first finding (`--first`); otherwise explore everything (`--all`).
    pub stop_at_first: bool,
    pub limits: Limits,
    /// Keep every state and check that equal fingerprints mean equal states (slow; for tests).
    pub verify_fingerprints: bool,
    /// Return the explored graph in [`Outcome::graph`] (exhaustive search then builds one even
    /// without a monitor). A run with a monitor always returns it.
    pub keep_graph: bool,
    pub backtrack_search: BacktrackSearch,
    /// R4's initial sequence, reversal bound and replay ([`Por::R4`] only).
    pub r4: r4::R4Config,
    #[cfg(feature = "testing-switches")]
    pub switches: Switches,
}

impl Config {
    pub fn new(por: Por) -> Config {
        Config { por, ..Config::default() }
    }

    /// The mechanisms in force.
    pub(crate) fn mechanisms(&self) -> Switches {
        #[cfg(feature = "testing-switches")]
        return self.switches;
        #[cfg(not(feature = "testing-switches"))]
        Switches::default()
    }
}

/// Counters shared by the explorers (see the conventions document for exact meanings).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Distinct states stored.
    pub states: u64,
    /// Distinct explored edges of the state graph ("unique transitions").
    pub transitions: u64,
    /// Every handler execution, re-executions included.
    pub executed: u64,
    /// Paths started: the first one plus every restart from a backtrack point (1 for exhaustive).
    pub executions: u64,
    /// Distinct events enabled in at least one explored state.
    pub events: u64,
    pub elapsed: Duration,
    /// Peak memory during the run (allocator accounting when installed, else resident set size).
    pub peak_memory_bytes: u64,
    /// Bytes of the visited-state table (exhaustive without a graph) or of the graph's fingerprint
    /// index, slack included.
    pub visited_table_bytes: u64,
    /// Bytes of the explored graph besides its fingerprint index, with DPOR's per-state and
    /// per-edge data (backtrack sets, access sets, summaries); 0 for exhaustive without a graph.
    pub graph_bytes: u64,
    /// Distinct findings found past the first [`MAX_LISTED_FINDINGS`], which are not
    /// listed in [`Outcome::findings`].
    pub unlisted_findings: u64,
}

/// A step that a time or memory limit stopped while it ran (a handler stuck in a loop): its event
/// and, when the front end knows it, where the step was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutShort {
    pub event: EventId,
    pub position: Option<crate::system::SourcePosition>,
}

/// The result of one exploration.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub por: Por,
    /// False when a limit stopped the run.
    pub complete: bool,
    /// Why the run stopped early, if it did (a limit, or the first finding with `stop_at_first`).
    pub stop_reason: Option<StopReason>,
    pub stats: Stats,
    /// Each distinct finding once, in the order found.
    pub findings: Vec<ReportedFinding>,
    /// Names of all events, indexed by [`EventId`], for rendering traces.
    pub event_names: Vec<String>,
    /// The explored graph, when a monitor observed the run or [`Config::keep_graph`] asked for it.
    pub graph: Option<Graph>,
    /// When the run stopped on a limit: the locations whose size was still growing (see
    /// [`growth`]), largest growth first. Empty for runs that finished.
    pub growth: Vec<Growth>,
    /// When the run stopped on a limit: every location that held more than one distinct value,
    /// most values first (what multiplies the states; see [`growth`]). Empty for runs that
    /// finished.
    pub variety: Vec<Variety>,
    /// The step a time or memory limit cut short, if one did (the run stopped there).
    pub cut_short: Option<CutShort>,
}

impl Outcome {
    /// True when anything was found (a failed assertion or a handler exception).
    pub fn has_findings(&self) -> bool {
        !self.findings.is_empty()
    }

    /// True when some assertion failed.
    pub fn has_violation(&self) -> bool {
        self.findings.iter().any(|f| f.finding.kind == crate::FindingKind::Violation)
    }

    /// Trace of a finding as event names.
    pub fn trace_names(&self, finding: &ReportedFinding) -> Vec<String> {
        finding.trace.iter().map(|&e| self.event_name(e)).collect()
    }

    pub fn event_name(&self, e: EventId) -> String {
        self.event_names.get(e as usize).cloned().unwrap_or_else(|| format!("event#{e}"))
    }
}

/// Explores `system` as `config` says.
pub fn explore<T: TransitionSystem>(system: &mut T, config: &Config) -> Outcome {
    explore_with_monitor(system, config, &mut NoMonitor)
}

/// Explores `system`, showing every executed transition to `monitor`.
pub fn explore_with_monitor<T: TransitionSystem, M: Monitor<T>>(
    system: &mut T,
    config: &Config,
    monitor: &mut M,
) -> Outcome {
    match config.por {
        Por::Dpor => dpor::DporExplorer::new(system, config, monitor).run(),
        Por::None => exhaustive::explore(system, config, monitor),
        Por::EmDpor => em_dpor::explore(system, config, monitor),
        Por::R4 => r4::explore(system, config, monitor).outcome,
    }
}

/// Collects event names `0..=max` for an outcome.
pub(crate) fn event_names<T: TransitionSystem>(system: &T, max_event: Option<EventId>) -> Vec<String> {
    match max_event {
        Some(m) => (0..=m).map(|e| system.event_name(e)).collect(),
        None => Vec::new(),
    }
}
