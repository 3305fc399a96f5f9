//! Eventide's engine: stateful model checking with dynamic partial order reduction for
//! event-driven programs that never terminate.
//!
//! The engine is independent of any front end. A front end implements [`TransitionSystem`]
//! (states with canonical fingerprints, enabled events, a deterministic `execute` that reports the
//! accesses a handler made and the findings it raised), and [`explore()`](fn@explore) runs one of two explorers:
//! - [`Por::Dpor`]: the stateful DPOR algorithm of Trimananda, Luo, Demsky and Xu — full-cycle
//!   termination, backward search over every path of the state graph with per-location conflicts,
//!   shadow locations for enabling and disabling, and the summary cache;
//! - [`Por::None`]: exhaustive stateful search;
//! - [`Por::R4`]: R4's stateless exploration of the reorderings of one event sequence, with
//!   conflict-reversal bounding, approximate replay and races classified harmful or harmless
//!   ([`explore::r4`]).
//!
//! The explored state graph is one structure, [`Graph`]: DPOR's state graph, built by exhaustive
//! search only when a [`Monitor`] observes the run or [`Config::keep_graph`] asks for it; monitors
//! see transitions as its ids and get it back in [`Outcome::graph`].
//!
//! [`program`] is a small event-program representation written directly in Rust; the engine's
//! tests, randomized differential campaigns and benchmarks use it.

pub mod eventset;
pub mod explore;
pub mod fingerprint;
pub mod memory;
pub mod program;
pub mod system;
pub mod visited;

pub use eventset::EventSet;
pub use explore::Switches;
pub use explore::{
    explore, explore_with_monitor, value_combinations, BacktrackSearch, Config, CutShort, EdgeId, Graph, GraphEdge,
    Growth, Limits, Monitor, NoMonitor, ObservedTransition, Outcome, Por, ReportedFinding, ShortestPaths, StateId,
    Stats, StopReason, Variety, Watchdog, VARIETY_REPORTED,
};
pub use fingerprint::{fingerprint_of, FingerprintHasher};
pub use system::{
    demote_unchanged_writes, Access, AccessKind, EventId, Finding, FindingKind, Fingerprint, Location, Measure,
    SourcePosition, StateDifference, Step, SystemError, TaskStep, TransitionSystem,
};
