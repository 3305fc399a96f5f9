//! The label of a pair transition: the handlers it ran and the writes the apps made, in order.
//! Conflict detection (a [`Monitor`](eventide_engine::Monitor)) consumes it; state matching
//! ignores it.

use std::sync::Arc;

/// Which app: `App1` is the first app (its handlers run first), `App2` the second; a home of
/// more apps numbers the rest `App(i)` by their index from 0 (so `App(2)` is the third app).
/// Build one with [`AppId::from_index`], which never makes `App(0)` or `App(1)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AppId {
    App1,
    App2,
    /// The app at this index (2 or more) of a home of more than two apps.
    App(u8),
}

impl AppId {
    /// The app at `index` (0 is `App1`).
    pub fn from_index(index: usize) -> AppId {
        match index {
            0 => AppId::App1,
            1 => AppId::App2,
            n => AppId::App(n.min(u8::MAX as usize) as u8),
        }
    }

    pub fn index(self) -> usize {
        match self {
            AppId::App1 => 0,
            AppId::App2 => 1,
            AppId::App(n) => n as usize,
        }
    }

    /// The other app of a pair (`App1` for any app but `App1`).
    pub fn other(self) -> AppId {
        match self {
            AppId::App1 => AppId::App2,
            _ => AppId::App1,
        }
    }
}

/// `App1`, `App2`, `App3`, ...: the app's position counted from 1.
impl std::fmt::Debug for AppId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "App{}", self.index() + 1)
    }
}

impl serde::Serialize for AppId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{self:?}"))
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
