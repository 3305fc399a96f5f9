//! Resource limits and the periodic check that enforces them.

use crate::memory;
use std::time::{Duration, Instant};

/// Limits that stop a run cleanly (verdict `incomplete` unless something was already found).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many distinct states are stored.
    pub max_states: Option<u64>,
    /// Stop once this much wall time has passed.
    pub time_limit: Option<Duration>,
    /// Stop once memory in use exceeds this many bytes.
    pub memory_limit: Option<usize>,
    /// Stop once this many transitions have been executed (a guard for tests).
    pub max_executed: Option<u64>,
}

/// Why a run stopped before exploring everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    Time,
    Memory,
    States,
    Executed,
    /// `stop_at_first` and a finding (violation or exception) was made.
    FirstFinding,
    /// A stateless explorer ([`Por::EmDpor`](crate::Por::EmDpor)) returned to a state on its
    /// current path: the state space has a cycle, which it does not explore.
    Cyclic,
}

impl StopReason {
    /// The `reason` string of the JSON conventions.
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Time => "time",
            StopReason::Memory => "memory",
            StopReason::States => "states",
            StopReason::Executed => "executed",
            StopReason::FirstFinding => "first_finding",
            StopReason::Cyclic => "cyclic",
        }
    }

    /// True for the reasons that make a run incomplete (a limit was hit).
    pub fn is_limit(self) -> bool {
        !matches!(self, StopReason::FirstFinding)
    }
}

/// The time and memory limits of one run as a [`TransitionSystem`](crate::TransitionSystem)
/// checks them inside a long transition (see
/// [`TransitionSystem::set_watchdog`](crate::TransitionSystem::set_watchdog)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Watchdog {
    /// The instant the run's time limit expires.
    pub deadline: Option<Instant>,
    /// The run's memory limit in bytes (compare with [`memory::memory_in_use`]).
    pub memory_limit: Option<usize>,
}

impl Watchdog {
    /// Whether a limit is exceeded now.
    pub fn exceeded(&self) -> Option<StopReason> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(StopReason::Time);
        }
        if self.memory_limit.is_some_and(|m| memory::memory_in_use() > m) {
            return Some(StopReason::Memory);
        }
        None
    }
}

/// Tracks elapsed time and memory for one run; checks the limits cheaply and often.
pub(crate) struct Budget {
    limits: Limits,
    start: Instant,
    ticks: u32,
    peak: usize,
}

impl Budget {
    pub fn start(limits: &Limits) -> Budget {
        memory::reset_peak();
        Budget { limits: limits.clone(), start: Instant::now(), ticks: 0, peak: memory::memory_in_use() }
    }

    /// Checks the limits given the current counters. Time and memory are sampled every 64 calls.
    pub fn check(&mut self, states: u64, executed: u64) -> Option<StopReason> {
        if self.limits.max_states.is_some_and(|m| states >= m) {
            return Some(StopReason::States);
        }
        if self.limits.max_executed.is_some_and(|m| executed >= m) {
            return Some(StopReason::Executed);
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(64) {
            if let Some(t) = self.limits.time_limit {
                if self.start.elapsed() >= t {
                    return Some(StopReason::Time);
                }
            }
            let in_use = self.sample_memory();
            if self.limits.memory_limit.is_some_and(|m| in_use > m) {
                return Some(StopReason::Memory);
            }
        }
        None
    }

    fn sample_memory(&mut self) -> usize {
        let in_use = memory::memory_in_use();
        self.peak = self.peak.max(in_use);
        in_use
    }

    /// The watchdog a system checks inside long transitions of this run.
    pub fn watchdog(&self) -> Watchdog {
        Watchdog {
            deadline: self.limits.time_limit.and_then(|t| self.start.checked_add(t)),
            memory_limit: self.limits.memory_limit,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Peak memory seen: the allocator's exact peak when installed, else the sampled maximum.
    pub fn peak_memory(&mut self) -> u64 {
        let sampled = self.sample_memory();
        memory::peak_allocated_bytes().unwrap_or(sampled).max(self.peak) as u64
    }
}
