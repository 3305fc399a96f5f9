//! Interruption of long computations: a wall-clock deadline and a memory ceiling that a host sets
//! on an [`Interpreter`](super::Interpreter), checked every few thousand loop iterations and
//! calls.
//!
//! A handler that loops forever or grows a list without bound would otherwise hold a model
//! checker inside one transition, out of reach of its time and memory limits. When a check trips,
//! the interpreter raises an [`ErrorKind::Interrupted`](super::ErrorKind::Interrupted) error that
//! Groovy code cannot catch, and every later check of the same interpreter fails at once, so that
//! `finally` blocks and host callbacks unwind quickly too.

use std::time::Instant;

/// Why a computation was interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterruptReason {
    /// The deadline passed.
    Time,
    /// Memory in use exceeded the ceiling.
    Memory,
}

impl InterruptReason {
    /// The `reason` string of the JSON conventions.
    pub fn as_str(self) -> &'static str {
        match self {
            InterruptReason::Time => "time",
            InterruptReason::Memory => "memory",
        }
    }
}

/// The limits an interpreter checks while it runs.
#[derive(Clone, Copy, Debug)]
pub struct Interrupt {
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop once `memory_in_use()` exceeds this many bytes.
    pub memory_limit: Option<usize>,
    /// Bytes in use by the process (the host's allocator accounting).
    pub memory_in_use: fn() -> usize,
}

/// How long a program's top level (and an app's page methods) may run while it is loaded, and
/// how much memory the process may hold meanwhile: a top level that loops forever is a load
/// error, not a hang.
pub const LOAD_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);
pub const LOAD_MEMORY_LIMIT: usize = 4 << 30;

thread_local! {
    /// The time and memory limits of the run a load belongs to (see [`set_run_limits`]).
    static RUN_LIMITS: std::cell::Cell<(Option<Instant>, Option<usize>)> = const { std::cell::Cell::new((None, None)) };
}

/// Holds the loads of this thread to the limits of the run they belong to from now on (its
/// deadline and memory ceiling), where they are tighter than [`LOAD_TIME_LIMIT`] and
/// [`LOAD_MEMORY_LIMIT`].
pub fn set_run_limits(deadline: Option<Instant>, memory_limit: Option<usize>) {
    RUN_LIMITS.with(|l| l.set((deadline, memory_limit)));
}

impl Interrupt {
    /// The limits of loading a program, from `start`: [`LOAD_TIME_LIMIT`] and
    /// [`LOAD_MEMORY_LIMIT`], or the run's own where tighter ([`set_run_limits`]).
    pub fn for_loading(start: Instant, memory_in_use: fn() -> usize) -> Interrupt {
        let (run_deadline, run_memory) = RUN_LIMITS.with(|l| l.get());
        Interrupt {
            deadline: start.checked_add(LOAD_TIME_LIMIT).into_iter().chain(run_deadline).min(),
            memory_limit: Some(run_memory.map_or(LOAD_MEMORY_LIMIT, |m| m.min(LOAD_MEMORY_LIMIT))),
            memory_in_use,
        }
    }

    /// Whether a load stopped for `reason` was stopped by its run's limits (the user's time or
    /// memory limit) rather than by the load's own.
    pub fn load_stopped_by_run_limit(reason: Option<InterruptReason>) -> bool {
        let (run_deadline, run_memory) = RUN_LIMITS.with(|l| l.get());
        match reason {
            Some(InterruptReason::Time) => run_deadline.is_some_and(|d| Instant::now() >= d),
            Some(InterruptReason::Memory) => run_memory.is_some_and(|m| m < LOAD_MEMORY_LIMIT),
            None => false,
        }
    }

    /// What a load stopped by these limits did not finish within (`30 s`, `4 GiB of memory`, `the
    /// time limit`, `the memory limit`).
    pub fn load_limit_text(reason: Option<InterruptReason>) -> String {
        match reason {
            Some(InterruptReason::Memory) if Interrupt::load_stopped_by_run_limit(reason) => "the memory limit".into(),
            Some(InterruptReason::Memory) => format!("{} GiB of memory", LOAD_MEMORY_LIMIT >> 30),
            _ if Interrupt::load_stopped_by_run_limit(reason) => "the time limit".into(),
            _ => format!("{} s", LOAD_TIME_LIMIT.as_secs()),
        }
    }

    /// Whether a limit is exceeded now.
    pub fn exceeded(&self) -> Option<InterruptReason> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(InterruptReason::Time);
        }
        if self.memory_limit.is_some_and(|m| (self.memory_in_use)() > m) {
            return Some(InterruptReason::Memory);
        }
        None
    }
}

/// Loop iterations and calls between two checks of the limits.
pub(crate) const CHECK_EVERY: u32 = 1024;
