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

impl Interrupt {
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
