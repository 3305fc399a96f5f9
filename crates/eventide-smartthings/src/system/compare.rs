//! Comparing two states of the simulated home and naming events, for R4's reports: the device
//! attributes, location mode and app state keys that differ (data), the subscriptions and pending
//! timers that differ (which events are enabled), and event names resolved back to events (a
//! trace file names events as the reports print them).

use super::{EventKind, PairState, PairSystem};
use eventide_engine::{EventId, StateDifference, TransitionSystem};
use eventide_groovy::eval::Value;

impl PairSystem {
    /// How two states differ (see [`TransitionSystem::state_differences`]): device attributes
    /// (`lock1.lock`), the location mode, and keys of each app's `state`, `atomicState` and fields
    /// (`away-lock state.count`) and its child devices, the Smart Home Monitor's status, and the
    /// data of pending timers (the same timers pending in both) are data; an app's subscriptions
    /// and which timers are pending, and whether setup has run, decide which events are enabled.
    pub fn differences(&self, a: &PairState, b: &PairState) -> Vec<StateDifference> {
        let mut out = Vec::new();
        let name = |s: u32| self.tables.syms.name(s).to_string();
        let mut push = |what: String, first: String, second: String, enabling: bool| {
            out.push(StateDifference { what, first, second, enabling })
        };
        if a.setup_done != b.setup_done {
            push("setup".into(), a.setup_done.to_string(), b.setup_done.to_string(), true);
        }
        for (slot, (x, y)) in a.attrs.iter().zip(b.attrs.iter()).enumerate() {
            if x != y {
                let what = match self.device_attr(slot as u32) {
                    Some((d, at)) => format!("{}.{}", d.name, at.name),
                    None => format!("slot{slot}"),
                };
                push(what, name(*x), name(*y), false);
            }
        }
        if a.mode != b.mode {
            push("location.mode".into(), name(a.mode), name(b.mode), false);
        }
        if a.alarm_system != b.alarm_system {
            push("location.alarmSystemStatus".into(), name(a.alarm_system), name(b.alarm_system), false);
        }
        for (i, (x, y)) in a.apps.iter().zip(b.apps.iter()).enumerate() {
            let app = self.apps.get(i).map_or_else(|| format!("app{}", i + 1), |a| a.name.clone());
            for (which, (p, q)) in x.maps.iter().zip(y.maps.iter()).enumerate() {
                let prefix = ["state.", "atomicState.", "", "child device "][which];
                let (Value::Map(p), Value::Map(q)) = (p, q) else { continue };
                let (p, q) = (p.borrow(), q.borrow());
                let mut keys: Vec<String> = p.keys().chain(q.keys()).map(|k| k.to_string()).collect();
                keys.sort();
                keys.dedup();
                for key in keys {
                    let (u, v) = (p.get_str(&key), q.get_str(&key));
                    let same = match (u, v) {
                        (Some(u), Some(v)) => u.state_eq(v),
                        (None, None) => true,
                        _ => false,
                    };
                    if !same {
                        let show = |v: Option<&Value>| v.map_or("(absent)".to_string(), |v| v.to_string());
                        push(format!("{app} {prefix}{key}"), show(u), show(v), false);
                    }
                }
            }
            if x.subs != y.subs {
                push(format!("{app} subscriptions"), x.subs.len().to_string(), y.subs.len().to_string(), true);
            }
            let timers = |t: &[super::Timer]| t.iter().map(|t| name(t.handler)).collect::<Vec<_>>().join(",");
            let same_timers = x.timers.len() == y.timers.len()
                && x.timers
                    .iter()
                    .zip(y.timers.iter())
                    .all(|(s, t)| s.handler == t.handler && s.periodic == t.periodic);
            if same_timers {
                // The same timers pending, with other data: what they will do differs (data).
                for (s, t) in x.timers.iter().zip(y.timers.iter()).filter(|(s, t)| !s.data.state_eq(&t.data)) {
                    push(
                        format!("{app} timer {} data", name(s.handler)),
                        s.data.to_string(),
                        t.data.to_string(),
                        false,
                    );
                }
            } else {
                push(format!("{app} timers"), timers(&x.timers), timers(&y.timers), true);
            }
        }
        out
    }

    /// The event with this name (`lock1.lock=locked`, `location.mode=away`, `app1.touch`,
    /// `timer:app1.handler`, `setup:A`), numbering it if it was not seen yet; `None` when the
    /// pair has no such event.
    pub fn event_named(&mut self, wanted: &str) -> Option<EventId> {
        if let Some(e) = (0..self.tables.events.len() as EventId).find(|&e| self.event_name(e) == wanted) {
            return Some(e);
        }
        let mut kinds = vec![EventKind::Setup(0), EventKind::Setup(1)];
        for slot in 0..self.slots.len() as u32 {
            for &value in &self.slots[slot as usize].domain {
                kinds.push(EventKind::Device { slot, value });
            }
        }
        kinds.extend(self.modes.iter().map(|&m| EventKind::Mode(m)));
        kinds.extend(self.sun_events.iter().map(|&s| EventKind::Location(s)));
        kinds.extend((0..self.apps.len() as u8).map(EventKind::Touch));
        if let Some((app, handler)) = wanted.strip_prefix("timer:app").and_then(|r| r.split_once('.')) {
            if let Ok(app) = app.parse::<u8>() {
                // Only a method of the app can be a timer's handler (a misspelt one is unknown).
                let has_method = self.apps.get(app as usize - 1).is_some_and(|a| a.has_method(handler));
                if (1..=self.apps.len()).contains(&(app as usize)) && has_method {
                    let handler = self.tables.syms.intern(handler);
                    kinds.push(EventKind::Timer { app: app - 1, handler });
                }
            }
        }
        let kind = kinds.into_iter().find(|&k| self.describe(k) == wanted)?;
        Some(self.tables.event(kind))
    }
}
