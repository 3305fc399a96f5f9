//! [`PairSystem`]: SmartApps (one, a pair, or a home of several) against one simulated home, as
//! a [`TransitionSystem`]; with a property file installed, an observer event per invariant
//! (`observe`).
//!
//! **State** ([`PairState`]): every device attribute (interned values), the location mode, the
//! Smart Home Monitor's status (`alarmSystemStatus`: off, stay, away), and per
//! app its `state` and `atomicState` contents, its run-time fields, its subscriptions (in
//! subscription order) and its timers (pending timers with `--timers deferred`; with inline timers,
//! the periodic schedules made during setup). Not the clock, event objects or outputs.
//!
//! **Events** are derived from the state:
//! - before setup, exactly `setup:A` and `setup:B` (the two initial configurations);
//! - for each subscribed device attribute, each value of its domain (only the filter value for a
//!   value-filtered subscription; none for a filter outside the values of an attribute whose
//!   values the catalogue lists in full, such as `"switch.On"`: filters compare exactly), always
//!   enabled: a report of the current value changes nothing
//!   and runs no handler (momentary sources — button, NFC touch, momentary, three-axis — always
//!   dispatch); a subscription without attribute covers every attribute of the device;
//! - `subscribe(location, h)` or `subscribe(location, "mode", h)`: an event for each of home, away,
//!   night (the current mode: nothing happens); `"sunrise"`, `"sunset"`, `"sunriseTime"`, `"sunsetTime"`
//!   one always-enabled event each (the mode does not change); `"alarmSystemStatus"` an event for
//!   each of off, stay, away (the user arming or disarming the monitor); other location attributes
//!   (`position`) produce nothing;
//! - `subscribe(app, h)`: the app's touch (always enabled);
//! - a timer event per pending (deferred) or periodic (inline, from setup) timer.
//!
//! **One transition** runs the event and its synchronous cascade: the attribute changes, the
//! matching handlers run (App1's subscriptions first, then App2's, each in subscription order),
//! device commands they call set attributes and, when the value changes, dispatch nested events
//! depth first, up to [`MAX_CASCADE_DEPTH`] (then the transition ends with an `app_exception`
//! finding whose key starts with [`CASCADE_DEPTH_KEY`]). A runtime fault in a handler is an `app_exception`
//! finding: the handler stops, its writes stay, the rest of the cascade runs.
//!
//! **Accesses** (for DPOR), each an interned
//! [`Location::data`](eventide_engine::Location::data): (device, attribute), the location mode,
//! (app, state key) and (app, state key set) for `state` and `atomicState`, (app, field),
//! (app, subscriptions), (app, timers). Accesses are exact: a location written but left unchanged
//! is a read, except app writes of the attributes a monitor observes
//! ([`PairSystem::observe_writes`]).
//!
//! **Labels**: every handler run, and every app write in execution order (a command that sets an
//! attribute, even to the value it already has; a location mode change), and whether the event is
//! user-initiated.

use std::hash::Hasher;
use std::path::Path;
use std::rc::Rc;
use std::str::FromStr;

mod compare;
mod observe;

pub use observe::{PropertyStatus, PROPERTY_ERROR_KEY, PROPERTY_KEY};

use eventide_engine::{
    demote_unchanged_writes, Access, EventId, Finding, Fingerprint, FingerprintHasher, SourcePosition, Step,
    StopReason, TransitionSystem, Watchdog,
};
use eventide_groovy::eval::num::Dec;
use eventide_groovy::eval::{GMap, HostRef, Interrupt, InterruptReason, Value};

use crate::app::{discover, App};
use crate::binding::{bind_with, Binding, BoundValue, Device};
use crate::catalogue::{Source, ALARM_SYSTEM_STATES, LOCATION_MODES, SUN_EVENTS};
use crate::error::LoadError;
use crate::host::{kind, AppWorld, LocKey, Phase, StHost, SubKey, SubSource, Tables, World};
use crate::intern::Sym;
use crate::label::{AppId, TransitionLabel};

/// Nested device events deeper than this end the transition (`cascade_depth`).
pub const MAX_CASCADE_DEPTH: u32 = 64;
/// The key prefix (and message prefix) of the finding raised when a cascade is too deep (the
/// key then names the handler's place: `cascade_depth@file:line:column`).
pub const CASCADE_DEPTH_KEY: &str = "cascade_depth";

/// How scheduled handlers run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimerMode {
    /// `runIn`, `runOnce`, `schedule`, `runEvery*` run their handler immediately, inside the
    /// caller; a periodic schedule made during setup also adds an always-enabled timer event.
    #[default]
    Inline,
    /// A scheduled handler becomes a pending timer event of its app; firing it runs the handler
    /// and clears it (periodic schedules stay pending); `unschedule` clears it.
    Deferred,
}

/// Which input values the apps get.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Mode inputs are `home`.
    #[default]
    Device,
    /// Mode inputs differ between the apps (the global-variable experiments).
    Global,
}

impl FromStr for TimerMode {
    type Err = String;
    fn from_str(s: &str) -> Result<TimerMode, String> {
        match s {
            "inline" => Ok(TimerMode::Inline),
            "deferred" => Ok(TimerMode::Deferred),
            _ => Err(format!("unknown timer mode `{s}` (inline or deferred)")),
        }
    }
}

impl FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        match s {
            "device" => Ok(Profile::Device),
            "global" => Ok(Profile::Global),
            _ => Err(format!("unknown profile `{s}` (device or global)")),
        }
    }
}

/// Options of a pair system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub timers: TimerMode,
    pub profile: Profile,
    /// `--bound-collections K`: the collections an app keeps in `state`, `atomicState` and fields
    /// hold at most their last K elements (strings their last `max(K, 64)` characters), cut at
    /// the end of every transition. This changes the apps' semantics; it makes an app whose state
    /// grows without bound (an event buffer never emptied) finite. `None`: values are kept whole.
    pub bound_collections: Option<usize>,
    /// `--device-handlers DIR`: the device handlers `device.<type>` inputs follow (see
    /// [`crate::handlers`]); `None`: every `device.<type>` input the catalogue does not know is a
    /// generic device. Read once per run and kept for the program's lifetime
    /// ([`DeviceHandlers::leak`](crate::handlers::DeviceHandlers::leak)).
    pub device_handlers: Option<&'static crate::handlers::DeviceHandlers>,
}

/// A scheduled handler of an app.
#[derive(Clone, Debug)]
pub(crate) struct Timer {
    pub handler: Sym,
    pub periodic: bool,
    /// The `data:` option, passed to the handler (null when absent).
    pub data: Value,
}

/// The run-time part of one app: `state`, `atomicState`, fields, subscriptions, timers.
#[derive(Clone, Debug)]
pub(crate) struct AppRuntime {
    /// `state`, `atomicState`, fields, child devices (network id → the child's map, see
    /// `host::children`): always maps.
    pub maps: [Value; 4],
    pub subs: Rc<Vec<u32>>,
    pub timers: Rc<Vec<Timer>>,
}

impl Default for AppRuntime {
    fn default() -> AppRuntime {
        AppRuntime {
            maps: [Value::empty_map(), Value::empty_map(), Value::empty_map(), Value::empty_map()],
            subs: Rc::new(Vec::new()),
            timers: Rc::new(Vec::new()),
        }
    }
}

/// A state of the simulated home. Cloning is cheap (shared maps are copied on first write).
#[derive(Clone, Debug)]
pub struct PairState {
    pub(crate) setup_done: bool,
    /// Every device attribute's value (interned), by slot.
    pub(crate) attrs: Box<[Sym]>,
    pub(crate) mode: Sym,
    /// The Smart Home Monitor's status (`off` until something arms it).
    pub(crate) alarm_system: Sym,
    pub(crate) apps: Box<[AppRuntime]>,
}

/// What an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// `setup:A` (0) or `setup:B` (1).
    Setup(u8),
    /// A device attribute takes a value (slot, interned value).
    Device { slot: u32, value: u32 },
    /// The location mode changes (interned mode name).
    Mode(u32),
    /// The user sets the Smart Home Monitor's status (interned `off`, `stay` or `away`).
    AlarmSystem(u32),
    /// `sunrise`, `sunset`, `sunriseTime`, `sunsetTime` (interned name).
    Location(u32),
    /// An app is touched (app index).
    Touch(u8),
    /// A timer of an app fires (app index, interned handler name).
    Timer { app: u8, handler: u32 },
    /// The observer of installed invariant N checks the state (always enabled after setup, reads
    /// what the invariant reads, changes nothing; see [`PairSystem::install_properties`]).
    Property(u16),
}

/// A readable description of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventInfo {
    /// The event name of the conventions (`lock1.lock=unlocked`, `location.mode=away`,
    /// `app1.touch`, `timer:app1.handler`, `setup:A`).
    pub name: String,
    pub kind: EventKind,
    /// App touch, button, NFC touch, momentary, three-axis.
    pub user_initiated: bool,
}

/// A custom command sent to a device whose capabilities do not define it
/// (`thermostat1.resumeThisTstat()`): the user's device handler may define it; it was recorded as
/// an output and changed nothing. A warning of `eventide app`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomCommand {
    /// The device's readable name.
    pub device: String,
    pub command: String,
    /// Where the app calls it.
    pub position: Option<SourcePosition>,
}

/// The result of one transition with the details the `app` command shows.
#[derive(Debug)]
pub struct Executed {
    pub step: Step<PairState, TransitionLabel>,
    /// Handler runs (nested and inline timers included).
    pub handler_runs: u32,
    /// Messages, HTTP requests and routines the apps produced (recorded, never sent).
    pub outputs: Vec<String>,
    /// Set when the limits of the run's [`Watchdog`] stopped a
    /// handler (with where it was): the step is void.
    pub interrupted: Option<(InterruptReason, Option<SourcePosition>)>,
    /// Keys of the findings that are interpreter errors (unsupported constructs, evaluator
    /// limits), not faults of the apps' own code.
    pub interpreter_errors: Vec<String>,
    /// Custom commands sent to devices whose capabilities do not define them.
    pub custom_commands: Vec<CustomCommand>,
}

/// What [`PairSystem::exercise`] saw: setup, then every event once from the state after setup.
#[derive(Debug, Default)]
pub struct Exercise {
    /// Subscriptions in force after setup (`contact1.contact=open -> opened`).
    pub subscriptions: Vec<String>,
    /// Those of them that no event of the model can run, with why (see
    /// [`PairSystem::silent_subscriptions`]).
    pub silent_subscriptions: Vec<(String, String)>,
    /// Timers after setup: (handler, periodic).
    pub schedules: Vec<(String, bool)>,
    /// The events enabled after setup.
    pub events: Vec<String>,
    /// Handler runs, setup included.
    pub handlers_run: u32,
    /// Messages, HTTP requests and routines produced (recorded, never sent).
    pub outputs: Vec<String>,
    /// Interpreter errors (unsupported constructs, evaluator limits), each once, with the event
    /// that raised it (`setup:A` for `installed()`).
    pub errors: Vec<(Finding, String)>,
    /// Runtime faults of the app's own code (`app_exception` findings) and failed assertions,
    /// each once, with the event that raised it.
    pub exceptions: Vec<(Finding, String)>,
    /// Set when the pass's limits stopped a handler. The pass ends there.
    pub interrupted: Option<Interruption>,
    /// The handlers that subscriptions and timers name (after setup) which no transition of
    /// the pass ran, in the order named.
    pub handlers_not_run: Vec<String>,
    /// Custom commands sent to devices whose capabilities do not define them, each once.
    pub custom_commands: Vec<CustomCommand>,
}

/// A handler stopped by a time or memory limit.
#[derive(Debug, Clone)]
pub struct Interruption {
    pub reason: InterruptReason,
    /// The event whose transition was running (`setup:A` for `installed()`).
    pub event: String,
    /// Where the handler was when it stopped.
    pub position: Option<SourcePosition>,
}

impl Exercise {
    /// Files the findings and interruption of one transition under `event`.
    fn record(&mut self, run: &Executed, event: &str) {
        for f in &run.step.findings {
            let list = if run.interpreter_errors.contains(&f.key) { &mut self.errors } else { &mut self.exceptions };
            if !list.iter().any(|(g, _)| g.key == f.key) {
                list.push((f.clone(), event.to_string()));
            }
        }
        for c in &run.custom_commands {
            if !self.custom_commands.contains(c) {
                self.custom_commands.push(c.clone());
            }
        }
        if let Some((reason, position)) = &run.interrupted {
            self.interrupted =
                Some(Interruption { reason: *reason, event: event.to_string(), position: position.clone() });
        }
    }
}

/// Two SmartApps (or one) and the simulated home, as a transition system.
pub struct PairSystem {
    world: World,
    /// Per attribute slot: the attribute's name and environment values as symbols.
    slots: Vec<SlotInfo>,
    /// `mode`, the location modes and the sun events as symbols.
    mode_sym: Sym,
    /// `alarmSystemStatus`, and the Smart Home Monitor's states (`off` first) as symbols.
    alarm_system_sym: Sym,
    alarm_states: Vec<Sym>,
    alarm_off: Sym,
    modes: Vec<Sym>,
    sun_events: Vec<Sym>,
    tables: Tables,
    apps: Vec<App>,
    binding: Binding,
    initial: PairState,
    options: Options,
    /// Why the last transition was interrupted, if it was, and where its handler was.
    last_interrupt: Option<(InterruptReason, Option<SourcePosition>)>,
    /// Per attribute slot, and for the location mode: whether a monitor observes app writes of it
    /// (see [`PairSystem::observe_writes`]).
    observed_slots: Vec<bool>,
    observed_mode: bool,
    observed_alarm_system: bool,
    /// The invariants checked by observer events, when a property file is installed.
    properties: Option<Box<observe::Installed>>,
    /// The finding keys of the interpreter errors (unsupported constructs, evaluator faults) the
    /// transitions executed so far raised: the model could not run the app there.
    interpreter_errors: rustc_hash::FxHashSet<String>,
}

/// What event derivation needs about one attribute slot.
struct SlotInfo {
    name: Sym,
    domain: Vec<Sym>,
    /// The domain is every value the attribute has ([`crate::catalogue::CLOSED_DOMAINS`]): a subscription filter
    /// outside it (`"switch.On"`) matches no event the device sends.
    closed: bool,
}

fn bound_to_value(v: &BoundValue) -> Value {
    match v {
        BoundValue::Device(d) => Value::Host(HostRef { kind: kind::DEVICE, id: *d }),
        BoundValue::DeviceList(d) => Value::new_list(vec![Value::Host(HostRef { kind: kind::DEVICE, id: *d })]),
        BoundValue::Text(s) => Value::str(s),
        BoundValue::Integer(i) => match i32::try_from(*i) {
            Ok(i) => Value::Int(i),
            Err(_) => Value::Long(*i),
        },
        BoundValue::Decimal(s) => Dec::parse(s).map_or_else(|| Value::str(s), Value::Decimal),
        BoundValue::Bool(b) => Value::Bool(*b),
        BoundValue::List(items) => Value::new_list(items.iter().map(bound_to_value).collect()),
        BoundValue::Hub => Value::Host(HostRef { kind: kind::HUB, id: 0 }),
        BoundValue::Null => Value::Null,
    }
}

fn settings_of(binding: &Binding, app: usize) -> Value {
    let mut m = GMap::new();
    for input in binding.inputs.get(app).into_iter().flatten() {
        m.insert(Value::str(&input.name), bound_to_value(&input.value));
    }
    Value::new_map(m)
}

impl PairSystem {
    /// Loads two apps (App1 first) and binds them.
    pub fn load(app1: &Path, app2: &Path, options: Options) -> Result<PairSystem, LoadError> {
        PairSystem::new(vec![App::load(app1)?, App::load(app2)?], options)
    }

    /// Loads one app on its own (the `eventide app` command).
    pub fn load_single(app: &Path, options: Options) -> Result<PairSystem, LoadError> {
        PairSystem::new(vec![App::load(app)?], options)
    }

    /// Binds loaded apps (App1 first; a pair is two, a home any number up to 255). Discovery runs again with the bound settings,
    /// until no new input appears, so that inputs depending on other inputs are found.
    pub fn new(apps: Vec<App>, options: Options) -> Result<PairSystem, LoadError> {
        let mut apps: Vec<App> = apps.into_iter().take(u8::MAX as usize).collect();
        if apps.is_empty() {
            return Err(LoadError::App(eventide_groovy::Diagnostic::whole_file("", "no app to load")));
        }
        let none = crate::handlers::DeviceHandlers::none();
        let handlers = options.device_handlers.unwrap_or(&none);
        let mut binding;
        let mut fields: Vec<(Value, [Value; 2])>;
        let mut round = 0;
        loop {
            round += 1;
            binding = bind_with(&apps.iter().collect::<Vec<_>>(), options.profile, handlers)?;
            fields = Vec::new();
            let mut added = false;
            for (i, app) in apps.iter_mut().enumerate() {
                let found = discover(&app.source, settings_of(&binding, i), Some(&binding))?;
                fields.push((found.fields.clone(), found.page_state.clone()));
                added |= app.merge(found);
            }
            if !added {
                break;
            }
            if round >= 3 {
                binding = bind_with(&apps.iter().collect::<Vec<_>>(), options.profile, handlers)?;
                break;
            }
        }
        let world = World {
            timers: options.timers,
            apps: apps
                .iter()
                .enumerate()
                .map(|(i, a)| AppWorld {
                    source: a.source.clone(),
                    label: a.name.as_str().into(),
                    settings: settings_of(&binding, i),
                    parent: a.parent.as_deref().map(Into::into),
                })
                .collect(),
            devices: binding.devices.clone(),
            slots: binding.slots.clone(),
            command_subscriptions: apps.iter().any(|a| a.file().text().contains("subscribeToCommand")),
        };
        let mut tables = Tables::default();
        tables.bound_collections = options.bound_collections;
        tables.event(EventKind::Setup(0));
        tables.event(EventKind::Setup(1));
        let attrs: Box<[Sym]> = binding
            .slots
            .iter()
            .map(|&(d, a)| {
                let row = binding.devices[d as usize].attributes[a as usize].row;
                tables.syms.intern(row.initial[0])
            })
            .collect();
        let mode = tables.syms.intern("home");
        let alarm_system = tables.syms.intern(ALARM_SYSTEM_STATES[0]);
        let slots: Vec<SlotInfo> = binding
            .slots
            .iter()
            .map(|&(d, a)| {
                let attr = &binding.devices[d as usize].attributes[a as usize];
                SlotInfo {
                    name: tables.syms.intern(attr.name),
                    domain: attr.row.values.iter().map(|v| tables.syms.intern(v)).collect(),
                    closed: crate::catalogue::CLOSED_DOMAINS.contains(&attr.name),
                }
            })
            .collect();
        let mode_sym = tables.syms.intern("mode");
        let modes: Vec<Sym> = LOCATION_MODES.iter().map(|m| tables.syms.intern(m)).collect();
        let sun_events: Vec<Sym> = SUN_EVENTS.iter().map(|m| tables.syms.intern(m)).collect();
        // Number the environment's events up front, the values of one attribute next to each
        // other, so that ids are stable across runs.
        for (slot, info) in slots.iter().enumerate() {
            for &value in &info.domain {
                tables.event(EventKind::Device { slot: slot as u32, value });
            }
        }
        for &m in &modes {
            tables.event(EventKind::Mode(m));
        }
        for &a in &sun_events {
            tables.event(EventKind::Location(a));
        }
        for app in 0..world.apps.len() {
            tables.event(EventKind::Touch(app as u8));
        }
        let initial = PairState {
            setup_done: false,
            attrs,
            mode,
            alarm_system,
            apps: fields
                .iter()
                .map(|(f, [state, atomic])| {
                    let maps = [state.deep_copy(), atomic.deep_copy(), f.deep_copy(), Value::empty_map()];
                    // Bounded runs start bounded: a transition cuts only the maps it touched.
                    if let Some(k) = options.bound_collections {
                        maps[..3].iter().for_each(|m| crate::host::bound_entries(m, k));
                    }
                    AppRuntime { maps, ..AppRuntime::default() }
                })
                .collect(),
        };
        let observed_slots = vec![true; slots.len()];
        Ok(PairSystem {
            world,
            slots,
            mode_sym,
            alarm_system_sym: tables.syms.intern("alarmSystemStatus"),
            alarm_states: ALARM_SYSTEM_STATES.iter().map(|s| tables.syms.intern(s)).collect(),
            alarm_off: alarm_system,
            modes,
            sun_events,
            tables,
            apps,
            binding,
            initial,
            options,
            last_interrupt: None,
            observed_slots,
            observed_mode: true,
            observed_alarm_system: true,
            properties: None,
            interpreter_errors: rustc_hash::FxHashSet::default(),
        })
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Says which app writes a monitor observes: `observes(attribute)` for each device attribute
    /// (`"mode"` for the location mode). By default every app write is observed.
    ///
    /// An app command that sets an attribute to the value it already has changes no state, but
    /// it makes the app the attribute's last writer, which the conflict rule sees; so it stays a
    /// write for DPOR where a monitor observes the attribute. Elsewhere it is a read, like every
    /// other write that leaves its location unchanged.
    pub fn observe_writes(&mut self, observes: impl Fn(&str) -> bool) {
        self.observed_slots = self.slots.iter().map(|s| observes(self.tables.syms.name(s.name))).collect();
        self.observed_mode = observes("mode");
        self.observed_alarm_system = observes("alarmSystemStatus");
    }

    /// Whether a transition from `before` to `after` left the location it wrote as it was.
    /// Observed app writes (see [`PairSystem::observe_writes`]) never count as unchanged.
    fn unchanged(&self, before: &PairState, after: &PairState, location: eventide_engine::Location) -> bool {
        let Some(key) = self.tables.location_key(location) else { return false };
        let map_entry = |st: &PairState, app: u8, which: usize, key: Sym| -> Option<Value> {
            match &st.apps.get(app as usize)?.maps[which] {
                Value::Map(m) => m.borrow().get_str(self.tables.syms.name(key)).cloned(),
                _ => None,
            }
        };
        let same_entry = |app: u8, which: usize, key: Sym| match (
            map_entry(before, app, which, key),
            map_entry(after, app, which, key),
        ) {
            (None, None) => true,
            (Some(a), Some(b)) => a.state_eq(&b),
            _ => false,
        };
        // A state key's location holds what reading it returns (absent reads null); whether it
        // is present is the business of its presence locations.
        let same_read = |app: u8, which: usize, key: Sym| {
            let read = |st: &PairState| map_entry(st, app, which, key).unwrap_or(Value::Null);
            read(before).state_eq(&read(after))
        };
        let same_presence = |app: u8, which: usize, key: Sym| {
            map_entry(before, app, which, key).is_some() == map_entry(after, app, which, key).is_some()
        };
        match key {
            LocKey::Attr(slot) => {
                !self.observed_slots.get(slot as usize).copied().unwrap_or(true)
                    && before.attrs.get(slot as usize) == after.attrs.get(slot as usize)
            }
            LocKey::Mode => !self.observed_mode && before.mode == after.mode,
            LocKey::AlarmSystem => !self.observed_alarm_system && before.alarm_system == after.alarm_system,
            LocKey::StateKey { app, atomic, key } => same_read(app, atomic as usize, key),
            LocKey::StatePresence { app, atomic, key, .. } => same_presence(app, atomic as usize, key),
            LocKey::Field { app, key } => same_entry(app, 2, key),
            LocKey::Children(app) => match (before.apps.get(app as usize), after.apps.get(app as usize)) {
                (Some(a), Some(b)) => a.maps[3].state_eq(&b.maps[3]),
                (a, b) => a.is_none() && b.is_none(),
            },
            LocKey::StateKeys { app, atomic } => {
                let keys = |st: &PairState| -> Option<Vec<Value>> {
                    match &st.apps.get(app as usize)?.maps[atomic as usize] {
                        Value::Map(m) => Some(m.borrow().keys().cloned().collect()),
                        _ => None,
                    }
                };
                match (keys(before), keys(after)) {
                    (Some(a), Some(b)) => a.len() == b.len() && a.iter().all(|k| b.iter().any(|l| k.state_eq(l))),
                    (a, b) => a.is_none() && b.is_none(),
                }
            }
            LocKey::Subscriptions(app) => {
                let subs = |st: &PairState| st.apps.get(app as usize).map(|a| a.subs.clone());
                subs(before) == subs(after)
            }
            LocKey::Timers(app) => match (before.apps.get(app as usize), after.apps.get(app as usize)) {
                (Some(a), Some(b)) => timers_equal(&a.timers, &b.timers),
                (a, b) => a.is_none() && b.is_none(),
            },
        }
    }

    /// The apps, App1 first (with the inputs found by every discovery run).
    pub fn apps(&self) -> &[App] {
        &self.apps
    }

    /// The simulated devices.
    pub fn devices(&self) -> &[Device] {
        &self.binding.devices
    }

    /// The devices and the value of every input of each app.
    pub fn binding(&self) -> &Binding {
        &self.binding
    }

    /// A description of an event.
    pub fn event_info(&self, event: EventId) -> Option<EventInfo> {
        let kind = *self.tables.events.get(event as usize)?;
        Some(EventInfo { name: self.describe(kind), kind, user_initiated: self.user_initiated(kind) })
    }

    fn device_attr(&self, slot: u32) -> Option<(&Device, &crate::binding::DeviceAttribute)> {
        let (d, a) = *self.world.slots.get(slot as usize)?;
        let device = self.world.devices.get(d as usize)?;
        Some((device, device.attributes.get(a as usize)?))
    }

    fn user_initiated(&self, kind: EventKind) -> bool {
        match kind {
            EventKind::Touch(_) => true,
            EventKind::Device { slot, .. } => {
                self.device_attr(slot).is_some_and(|(_, a)| a.row.source == Source::Momentary)
            }
            _ => false,
        }
    }

    fn describe(&self, kind: EventKind) -> String {
        let name = |s: u32| self.tables.syms.name(s).to_string();
        match kind {
            EventKind::Setup(0) => "setup:A".to_string(),
            EventKind::Setup(_) => "setup:B".to_string(),
            EventKind::Device { slot, value } => match self.device_attr(slot) {
                Some((d, a)) => format!("{}.{}={}", d.name, a.name, name(value)),
                None => format!("slot{slot}={}", name(value)),
            },
            EventKind::Mode(m) => format!("location.mode={}", name(m)),
            EventKind::AlarmSystem(v) => format!("location.alarmSystemStatus={}", name(v)),
            EventKind::Location(a) => format!("location.{}", name(a)),
            EventKind::Touch(app) => format!("app{}.touch", app + 1),
            EventKind::Timer { app, handler } => format!("timer:app{}.{}", app + 1, name(handler)),
            EventKind::Property(i) => self.property_event_name(i),
        }
    }

    /// A shared location as the platform names it: `lock1.lock`, `location.mode`,
    /// `app1.state.key`, `app1.state.key(added)` and `(removed)` (the key's presence),
    /// `app2.atomicState[keys]`, `app1.field`, `app1.subscriptions`,
    /// `app2.timers`, `app1.childDevices`, or `enabled(event)` for an engine shadow location.
    pub fn location_name(&self, location: eventide_engine::Location) -> String {
        if let Some(event) = location.shadow_event() {
            return format!("enabled({})", self.event_name(event));
        }
        let name = |s: Sym| self.tables.syms.name(s);
        let map = |atomic: bool| if atomic { "atomicState" } else { "state" };
        match self.tables.location_key(location) {
            Some(LocKey::Attr(slot)) => match self.device_attr(slot) {
                Some((d, a)) => format!("{}.{}", d.name, a.name),
                None => format!("slot{slot}"),
            },
            Some(LocKey::Mode) => "location.mode".to_string(),
            Some(LocKey::AlarmSystem) => "location.alarmSystemStatus".to_string(),
            Some(LocKey::StateKey { app, atomic, key }) => format!("app{}.{}.{}", app + 1, map(atomic), name(key)),
            Some(LocKey::StatePresence { app, atomic, key, removed }) => {
                let way = if removed { "removed" } else { "added" };
                format!("app{}.{}.{}({way})", app + 1, map(atomic), name(key))
            }
            Some(LocKey::StateKeys { app, atomic }) => format!("app{}.{}[keys]", app + 1, map(atomic)),
            Some(LocKey::Field { app, key }) => format!("app{}.{}", app + 1, name(key)),
            Some(LocKey::Subscriptions(app)) => format!("app{}.subscriptions", app + 1),
            Some(LocKey::Timers(app)) => format!("app{}.timers", app + 1),
            Some(LocKey::Children(app)) => format!("app{}.childDevices", app + 1),
            None => format!("location#{location:?}"),
        }
    }

    /// The location mode of a state.
    pub fn mode(&self, state: &PairState) -> String {
        self.tables.syms.name(state.mode).to_string()
    }

    /// The value of a device attribute in a state.
    pub fn attribute(&self, state: &PairState, device: &str, attribute: &str) -> Option<String> {
        let d = self.world.devices.iter().find(|d| &*d.name == device)?;
        let a = d.attribute(attribute)?;
        Some(self.tables.syms.name(*state.attrs.get(a.slot as usize)?).to_string())
    }

    /// Whether the setup transition has run.
    pub fn is_set_up(&self, state: &PairState) -> bool {
        state.setup_done
    }

    /// The subscriptions in force, per app in subscription order, as readable text
    /// (`lock1.lock -> lockHandler`, `location.mode -> modeHandler`, `app -> appTouch`).
    pub fn subscriptions(&self, state: &PairState) -> Vec<(AppId, String)> {
        let mut out = Vec::new();
        for (i, app) in state.apps.iter().enumerate() {
            for &sid in app.subs.iter() {
                let Some(&k) = self.tables.subs.get(sid as usize) else { continue };
                out.push((StHost::app_id(i), self.subscription_text(k)));
            }
        }
        out
    }

    /// A subscription as `eventide app` shows it: `contact1.contact=open -> opened`.
    fn subscription_text(&self, k: SubKey) -> String {
        let mut what = match k.source {
            SubSource::Device(d) => self.world.devices.get(d as usize).map_or("?".into(), |d| d.name.to_string()),
            SubSource::Location => "location".to_string(),
            SubSource::App => "app".to_string(),
        };
        if let Some(a) = k.attr {
            what.push('.');
            what.push_str(self.tables.syms.name(a));
        }
        if let Some(f) = k.filter {
            what.push('=');
            what.push_str(self.tables.syms.name(f));
        }
        format!("{what} -> {}", self.tables.syms.name(k.handler))
    }

    /// The events that can run subscription `key` of app `ai` (some may change nothing in a
    /// given state: a sensor reporting the value it has).
    fn subscription_events(&self, ai: usize, key: SubKey, kinds: &mut Vec<EventKind>) {
        match key.source {
            SubSource::Device(d) => {
                let Some(device) = self.world.devices.get(d as usize) else { return };
                for attr in &device.attributes {
                    let slot = &self.slots[attr.slot as usize];
                    if key.attr.is_some_and(|a| a != slot.name) {
                        continue;
                    }
                    let mut push = |v: Sym| kinds.push(EventKind::Device { slot: attr.slot, value: v });
                    match key.filter {
                        Some(f) if slot.closed && !slot.domain.contains(&f) => {}
                        Some(f) => push(f),
                        None => slot.domain.iter().for_each(|&v| push(v)),
                    }
                }
            }
            SubSource::Location => {
                let attr = key.attr.unwrap_or(self.mode_sym);
                if attr == self.mode_sym {
                    for &m in &self.modes {
                        if key.filter.is_none_or(|f| f == m) {
                            kinds.push(EventKind::Mode(m));
                        }
                    }
                } else if attr == self.alarm_system_sym {
                    for &v in &self.alarm_states {
                        if key.filter.is_none_or(|f| f == v) {
                            kinds.push(EventKind::AlarmSystem(v));
                        }
                    }
                } else if self.sun_events.contains(&attr) {
                    kinds.push(EventKind::Location(attr));
                }
            }
            SubSource::App => kinds.push(EventKind::Touch(ai as u8)),
        }
    }

    /// When every event of `kinds` is a device reporting the value its attribute starts with in
    /// both configurations, of an attribute no command changes (a sensor with one sample value):
    /// that attribute and value (one of them, for the message).
    fn only_unchanging_reports(&self, kinds: &[EventKind]) -> Option<(Sym, Sym)> {
        let mut found = None;
        for k in kinds {
            let EventKind::Device { slot, value } = *k else { return None };
            let attr = self.world.devices.iter().flat_map(|d| &d.attributes).find(|a| a.slot == slot)?;
            let v = self.tables.syms.name(value);
            let changing = attr.row.initial.iter().any(|i| *i != &**v) || attr.row.source != Source::Sensor;
            if changing || crate::catalogue::some_command_sets(attr.name) {
                return None;
            }
            found = Some((self.slots[slot as usize].name, value));
        }
        found
    }

    /// The subscriptions in force in `state` that no event of the model can run
    /// (`routineExecuted` on the location, `switch.on` on a device without a `switch`, a value
    /// outside an attribute's values), as [`PairSystem::subscriptions`] shows them, with why.
    pub fn silent_subscriptions(&self, state: &PairState) -> Vec<(AppId, String, String)> {
        let shown = self.subscriptions(state);
        let keys = state.apps.iter().enumerate().flat_map(|(ai, app)| app.subs.iter().map(move |&sid| (ai, sid)));
        let mut out = Vec::new();
        let mut kinds = Vec::new();
        for ((ai, sid), (app, text)) in keys.zip(shown) {
            let Some(key) = self.tables.subs.get(sid as usize).copied() else { continue };
            kinds.clear();
            self.subscription_events(ai, key, &mut kinds);
            let name = |s: Sym| self.tables.syms.name(s).to_string();
            if let Some((attribute, value)) = self.only_unchanging_reports(&kinds) {
                let (attribute, value) = (name(attribute), name(value));
                let why = format!(
                    "`{attribute}` is only ever reported as \"{value}\", its value from the start in both configurations, \
                     and no command changes it: the events change nothing and run no handler"
                );
                out.push((app, text, why));
                continue;
            }
            if !kinds.is_empty() {
                continue;
            }
            // `subscribeToCommand`: no event of the environment runs it, an app sending the
            // command does (`Exercise::handlers_not_run` says whether one did).
            if key.attr.is_some_and(|a| name(a).starts_with("command:")) {
                continue;
            }
            let reason = match key.source {
                SubSource::Device(d) => {
                    let attributes = self.world.devices.get(d as usize).map(|dev| &dev.attributes[..]).unwrap_or(&[]);
                    let slot = attributes
                        .iter()
                        .map(|a| &self.slots[a.slot as usize])
                        .find(|slot| key.attr.is_none_or(|a| a == slot.name));
                    match (slot, key.attr) {
                        (Some(slot), _) => {
                            let values: Vec<String> = slot.domain.iter().map(|&v| format!("\"{}\"", name(v))).collect();
                            let value = key.filter.map(name).unwrap_or_default();
                            format!("`{}` is never \"{value}\" (its values: {})", name(slot.name), values.join(", "))
                        }
                        (None, Some(a)) => format!("the device has no attribute `{}`", name(a)),
                        (None, None) => "the device has no attributes".to_string(),
                    }
                }
                SubSource::Location => format!(
                    "the model has no location event `{0}` (it has mode, alarmSystemStatus, {1}); only an app's \
                     sendLocationEvent(name: \"{0}\", ...) runs it",
                    key.attr.map(name).unwrap_or_default(),
                    SUN_EVENTS.join(", ")
                ),
                SubSource::App => continue,
            };
            out.push((app, text, reason));
        }
        out
    }

    /// The timers of a state, per app: (handler, periodic).
    pub fn timers(&self, state: &PairState) -> Vec<(AppId, String, bool)> {
        let mut out = Vec::new();
        for (i, app) in state.apps.iter().enumerate() {
            for t in app.timers.iter() {
                out.push((StHost::app_id(i), self.tables.syms.name(t.handler).to_string(), t.periodic));
            }
        }
        out
    }

    /// The value of a key of an app's `state` in a state, as Groovy shows it.
    pub fn state_value(&self, state: &PairState, app: AppId, key: &str) -> Option<String> {
        match &state.apps.get(app.index())?.maps[0] {
            Value::Map(m) => m.borrow().get_str(key).map(|v| v.to_string()),
            _ => None,
        }
    }

    /// The enabled events of a state (sorted, deduplicated).
    pub fn enabled_events(&mut self, state: &PairState) -> Vec<EventId> {
        let mut out = Vec::new();
        self.enabled(state, &mut out);
        out
    }

    /// Runs the setup transition (configuration A), then every event enabled after it once, from
    /// the state after setup (what `eventide app` shows), each handler within `limits`. An event
    /// that runs no handler there (a device reporting the value configuration A gave its
    /// attribute changes nothing) runs from the state after configuration B instead, so that its
    /// handlers run too.
    pub fn exercise(&mut self, limits: Watchdog) -> Exercise {
        self.set_watchdog(Some(limits));
        let out = self.exercise_within_limits();
        self.set_watchdog(None);
        out
    }

    fn exercise_within_limits(&mut self) -> Exercise {
        let mut out = Exercise::default();
        let initial = self.initial_state();
        let mut accesses = Vec::new();
        let setup = self.run_event(&initial, 0, &mut accesses);
        out.handlers_run = setup.handler_runs;
        out.outputs = setup.outputs.clone();
        out.record(&setup, "setup:A");
        if out.interrupted.is_some() {
            return out;
        }
        let after = setup.step.next;
        out.subscriptions = self.subscriptions(&after).into_iter().map(|(_, s)| s).collect();
        out.silent_subscriptions = self.silent_subscriptions(&after).into_iter().map(|(_, s, why)| (s, why)).collect();
        out.schedules = self.timers(&after).into_iter().map(|(_, h, p)| (h, p)).collect();
        let events = self.enabled_events(&after);
        out.events = events.iter().map(|&e| self.event_name(e)).collect();
        let mut ran: Vec<String> = setup.step.label.handlers.iter().map(|r| r.handler.to_string()).collect();
        let named = self.named_handlers(&after);
        // The state after configuration B, once needed (`None` inside when its setup failed).
        let mut after_b: Option<Option<PairState>> = None;
        for &e in &events {
            accesses.clear();
            let mut run = self.run_event(&after, e, &mut accesses);
            if run.handler_runs == 0 && run.step.findings.is_empty() {
                let b = after_b.get_or_insert_with(|| {
                    let setup_b = self.run_event(&initial, 1, &mut Vec::new());
                    let clean = setup_b.step.findings.is_empty() && setup_b.interrupted.is_none();
                    clean.then_some(setup_b.step.next)
                });
                if let Some(b) = b.clone().filter(|b| self.enabled_events(b).contains(&e)) {
                    accesses.clear();
                    run = self.run_event(&b, e, &mut accesses);
                }
            }
            out.handlers_run += run.handler_runs;
            ran.extend(run.step.label.handlers.iter().map(|r| r.handler.to_string()));
            out.outputs.extend(run.outputs.iter().cloned());
            out.record(&run, &self.event_name(e));
            if out.interrupted.is_some() {
                break;
            }
        }
        out.handlers_not_run = named.into_iter().filter(|h| !ran.contains(h)).collect();
        out
    }

    /// The handlers the subscriptions and timers of a state name, each once, in order.
    fn named_handlers(&self, state: &PairState) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let subs =
            state.apps.iter().flat_map(|app| app.subs.iter()).filter_map(|&sid| self.tables.subs.get(sid as usize));
        let timers = state.apps.iter().flat_map(|app| app.timers.iter().map(|t| t.handler));
        for handler in subs.map(|key| key.handler).chain(timers) {
            let name = self.tables.syms.name(handler).to_string();
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }

    /// Whether the finding with this key is an interpreter error (an unsupported construct or an
    /// evaluator fault) that a transition executed so far raised, rather than a fault of the
    /// app's own code.
    pub fn is_interpreter_error(&self, key: &str) -> bool {
        self.interpreter_errors.contains(key)
    }

    /// Runs one event with the details the `app` command shows.
    pub fn run_event(&mut self, state: &PairState, event: EventId, accesses: &mut Vec<Access>) -> Executed {
        let mut next = state.clone();
        let kind = self.tables.events.get(event as usize).copied().unwrap_or(EventKind::Setup(0));
        if let EventKind::Property(i) = kind {
            return self.observe(state, i, accesses);
        }
        let user_initiated = self.user_initiated(kind);
        let mut host = StHost::new(&self.world, &mut self.tables, &mut next, accesses, Phase::Running);
        host.environment_event(kind);
        let mut label = std::mem::take(&mut host.label);
        let findings = std::mem::take(&mut host.findings);
        let (handler_runs, outputs, interrupted, interpreter_errors, custom_commands) =
            (host.handler_runs, host.outputs, host.interrupted, host.interpreter_errors, host.custom_commands);
        self.last_interrupt = interrupted.clone();
        label.user_initiated = user_initiated;
        demote_unchanged_writes(accesses, |l| self.unchanged(state, &next, l));
        Executed {
            step: Step { next, findings, label },
            handler_runs,
            outputs,
            interrupted,
            interpreter_errors,
            custom_commands,
        }
    }
}

/// Whether two timer lists are the same state (handlers, periodicity and data, in order).
fn timers_equal(a: &[Timer], b: &[Timer]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(s, t)| s.handler == t.handler && s.periodic == t.periodic && s.data.state_eq(&t.data))
}

fn hash_value<H: Hasher>(v: &Value, h: &mut H) {
    v.hash_state(h);
}

impl TransitionSystem for PairSystem {
    type State = PairState;
    type Label = TransitionLabel;

    fn initial_state(&mut self) -> PairState {
        let mut s = self.initial.clone();
        for app in s.apps.iter_mut() {
            for m in app.maps.iter_mut() {
                *m = m.deep_copy();
            }
        }
        s
    }

    fn check_state(&mut self, state: &PairState) -> Vec<Finding> {
        self.check_all_invariants(state)
    }

    fn fingerprint(&self, state: &PairState) -> Fingerprint {
        let mut h = FingerprintHasher::new();
        h.write_u8(state.setup_done as u8);
        for &a in state.attrs.iter() {
            h.write_u32(a);
        }
        h.write_u32(state.mode);
        // Armed only: a home whose apps never touch the monitor keeps the fingerprints it had
        // before the monitor was modelled.
        if state.alarm_system != self.alarm_off {
            h.write_u32(state.alarm_system);
        }
        for app in state.apps.iter() {
            for m in &app.maps {
                hash_value(m, &mut h);
            }
            h.write_usize(app.subs.len());
            for &s in app.subs.iter() {
                h.write_u32(s);
            }
            h.write_usize(app.timers.len());
            for t in app.timers.iter() {
                h.write_u32(t.handler);
                h.write_u8(t.periodic as u8);
                hash_value(&t.data, &mut h);
            }
        }
        h.fingerprint()
    }

    fn enabled(&mut self, state: &PairState, out: &mut Vec<EventId>) {
        if !state.setup_done {
            out.extend([0, 1]);
            return;
        }
        let mut kinds: Vec<EventKind> = Vec::new();
        for (ai, app) in state.apps.iter().enumerate() {
            for &sid in app.subs.iter() {
                let Some(key) = self.tables.subs.get(sid as usize).copied() else { continue };
                self.subscription_events(ai, key, &mut kinds);
            }
            for t in app.timers.iter() {
                kinds.push(EventKind::Timer { app: ai as u8, handler: t.handler });
            }
        }
        let mut ids: Vec<EventId> = kinds.into_iter().map(|k| self.tables.event(k)).collect();
        ids.extend(self.property_events());
        ids.sort_unstable();
        ids.dedup();
        out.extend(ids);
    }

    fn execute(
        &mut self,
        state: &PairState,
        event: EventId,
        accesses: &mut Vec<Access>,
    ) -> Step<PairState, TransitionLabel> {
        let executed = self.run_event(state, event, accesses);
        self.interpreter_errors.extend(executed.interpreter_errors);
        executed.step
    }

    /// Every handler run checks the watchdog's limits; a transition whose handlers exceed them
    /// ends early and reports [`Executed::interrupted`].
    fn set_watchdog(&mut self, watchdog: Option<Watchdog>) {
        self.tables.interrupt = watchdog.map(|w| Interrupt {
            deadline: w.deadline,
            memory_limit: w.memory_limit,
            memory_in_use: eventide_engine::memory::memory_in_use,
        });
        self.last_interrupt = None;
    }

    fn interrupted(&mut self) -> Option<StopReason> {
        self.last_interrupt.as_ref().map(|(r, _)| match r {
            InterruptReason::Time => StopReason::Time,
            InterruptReason::Memory => StopReason::Memory,
        })
    }

    fn interrupted_at(&mut self) -> Option<SourcePosition> {
        self.last_interrupt.as_ref().and_then(|(_, at)| at.clone())
    }

    /// The sizes of the collections and strings each app keeps under a key of `state`,
    /// `atomicState` or a field.
    fn measure(&mut self, state: &PairState, values: bool, out: &mut Vec<eventide_engine::Measure>) {
        // Before setup the home holds only what the apps declare; the states that matter (and
        // the values that multiply them) come after it.
        if !state.setup_done {
            return;
        }
        // The home's scalars (every device attribute, the mode, the Smart Home Monitor) never
        // grow; they are measured only for their values, which say how many combinations of
        // device state the stored states span.
        if values {
            let scalars = state.attrs.iter().enumerate().map(|(slot, &v)| (LocKey::Attr(slot as u32), v));
            let location = [(LocKey::Mode, state.mode), (LocKey::AlarmSystem, state.alarm_system)];
            for (key, value) in scalars.chain(location) {
                let location = self.tables.location(key);
                out.push(eventide_engine::Measure { location, size: 0, value: u64::from(value) + 1 });
            }
            // What each app has subscribed and scheduled is state too.
            for (app, runtime) in state.apps.iter().enumerate() {
                let subs = {
                    let mut h = rustc_hash::FxHasher::default();
                    runtime.subs.iter().for_each(|&s| h.write_u32(s));
                    h.finish()
                };
                let timers = {
                    let mut h = rustc_hash::FxHasher::default();
                    for t in runtime.timers.iter() {
                        h.write_u32(t.handler);
                        h.write_u8(t.periodic as u8);
                        hash_value(&t.data, &mut h);
                    }
                    h.finish()
                };
                for (key, value) in [(LocKey::Subscriptions(app as u8), subs), (LocKey::Timers(app as u8), timers)] {
                    out.push(eventide_engine::Measure { location: self.tables.location(key), size: 0, value });
                }
            }
        }
        for (app, runtime) in state.apps.iter().enumerate() {
            for (which, map) in runtime.maps.iter().enumerate() {
                let Value::Map(m) = map else { continue };
                for (key, value) in m.borrow().iter() {
                    let Some(key) = key.as_str() else { continue };
                    let key = self.tables.syms.intern(key);
                    let loc = match which {
                        2 => LocKey::Field { app: app as u8, key },
                        3 => LocKey::Children(app as u8),
                        _ => LocKey::StateKey { app: app as u8, atomic: which == 1, key },
                    };
                    let hash = if values {
                        let mut h = rustc_hash::FxHasher::default();
                        hash_value(value, &mut h);
                        h.finish()
                    } else {
                        0
                    };
                    let location = self.tables.location(loc);
                    out.push(eventide_engine::Measure { location, size: value.growth_size(), value: hash });
                }
            }
        }
    }

    /// The owning app's name and the location as the app writes it (`atomicState.queue`).
    fn describe_location(&self, location: eventide_engine::Location) -> (Option<String>, String) {
        // An app's name, with its place in the home when another app has the same name (a home
        // of two copies of one app).
        let app_name = |app: u8| {
            let a = self.apps.get(app as usize)?;
            let shared = self.apps.iter().filter(|b| b.name == a.name).count() > 1;
            Some(if shared { format!("{} (App{})", a.name, app as usize + 1) } else { a.name.clone() })
        };
        let name = |s: Sym| self.tables.syms.name(s).to_string();
        match self.tables.location_key(location) {
            Some(LocKey::StateKey { app, atomic, key }) => {
                (app_name(app), format!("{}.{}", if atomic { "atomicState" } else { "state" }, name(key)))
            }
            Some(LocKey::Field { app, key }) => (app_name(app), name(key)),
            _ => (None, self.location_name(location)),
        }
    }

    fn event_name(&self, event: EventId) -> String {
        match self.tables.events.get(event as usize) {
            Some(&k) => self.describe(k),
            None => format!("event#{event}"),
        }
    }

    /// Device attributes, the mode and app state keys (data); subscriptions and timers (enabling).
    fn state_differences(&self, a: &PairState, b: &PairState) -> Option<Vec<eventide_engine::StateDifference>> {
        Some(self.differences(a, b))
    }

    fn states_equal(&self, a: &PairState, b: &PairState) -> Option<bool> {
        Some(
            a.setup_done == b.setup_done
                && a.attrs == b.attrs
                && a.mode == b.mode
                && a.alarm_system == b.alarm_system
                && a.apps.len() == b.apps.len()
                && a.apps.iter().zip(b.apps.iter()).all(|(x, y)| {
                    x.maps.iter().zip(y.maps.iter()).all(|(p, q)| p.state_eq(q))
                        && x.subs == y.subs
                        && timers_equal(&x.timers, &y.timers)
                }),
        )
    }
}

impl std::fmt::Debug for PairSystem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PairSystem")
            .field("apps", &self.apps.iter().map(|a| a.file_name()).collect::<Vec<_>>())
            .field("devices", &self.binding.devices.iter().map(|d| &*d.name).collect::<Vec<_>>())
            .finish()
    }
}
