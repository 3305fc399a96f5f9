//! The label of a pair transition: the handlers it ran and the writes the apps made, in order.
//! Conflict detection (a [`Monitor`](eventide_engine::Monitor)) consumes it; state matching
//! ignores it.

use std::sync::Arc;

/// Which of the two apps: `App1` is the first app of the pair (its handlers run first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum AppId {
    App1,
    App2,
}

impl AppId {
    pub fn index(self) -> usize {
        match self {
            AppId::App1 => 0,
            AppId::App2 => 1,
        }
    }

    pub fn other(self) -> AppId {
        match self {
            AppId::App1 => AppId::App2,
            AppId::App2 => AppId::App1,
        }
    }
}

/// The target of a write: an attribute of a device, or the location mode.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WriteTarget {
    /// The device's name (e.g. `lock1`), or `location` for the location mode.
    pub device: Arc<str>,
    /// The attribute (e.g. `lock`, `switch`, `mode`).
    pub attribute: Arc<str>,
}

/// One app write: a device command that sets an attribute (even to the value it already has), or
/// a location mode change.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AppWrite {
    pub app: AppId,
    pub target: WriteTarget,
    /// The value written, as text (`locked`, `on`, `50`, `away`).
    pub value: Arc<str>,
    /// Made by a scheduled handler that inline timers ran at once (`runIn`, `schedule`, ... and
    /// its cascade). Such a handler stands for a timer event that fires later, so its writes are
    /// not exempt as the later write even when the transition is user-initiated — as with
    /// deferred timers, where the timer is an event of its own.
    pub scheduled: bool,
}

/// A handler run during a transition, in order (`App1.lockHandler`, `App2.installed`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandlerRun {
    pub app: AppId,
    pub handler: Arc<str>,
}

/// What one transition did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TransitionLabel {
    /// The handlers run, in execution order (nested device events included).
    pub handlers: Vec<HandlerRun>,
    /// Every app write, in execution order.
    pub writes: Vec<AppWrite>,
    /// True when the event is user-initiated (app touch, button, NFC touch, momentary): every
    /// write of the transition is exempt as the later write of a conflict, except those of
    /// scheduled handlers run inline ([`AppWrite::scheduled`]).
    pub user_initiated: bool,
}
