//! The SmartThings platform as a Groovy [`Host`]: what apps see while their preferences are
//! discovered and while their handlers run.
//!
//! One [`StHost`] serves one transition (or one discovery run). It works on a copy of the
//! [`PairState`], records every access to shared data for DPOR, the transition's label (handler
//! runs and app writes, in order), its findings, and the outputs the apps produced (messages,
//! HTTP requests, routines), which are recorded and never sent.
//!
//! - [`objects`]: devices (a `multiple: true` input is a list of them), events and states, `location`, `app`, `log`, the hub.
//! - [`children`]: child devices (`addChildDevice`, `getChildDevices`, ...), part of the state.
//! - [`platform`]: the global functions (`subscribe`, scheduling, `setLocationMode`, messaging,
//!   HTTP, time helpers) and the preferences DSL.
//! - [`state`]: `state`, `atomicState` and app fields, with per-key accesses.
//! - [`services`]: what the platform answers from outside the home: weather, LAN messages.
//!
//! A handler runs in a fresh [`Interpreter`] over the app's parsed script (cheap: the script is
//! shared), which keeps `execute` deterministic (`Math.random()` and `new Random()` start from the
//! same seed in every run).

mod children;
mod objects;
pub(crate) use objects::typed as typed_value;
mod platform;
mod services;
mod state;

use std::sync::Arc;

use eventide_engine::{Access, Finding, FindingKind, Location, SourcePosition};
use eventide_groovy::eval::{ErrorKind, EvalError, Host, HostRef, Interpreter, Interrupt, InterruptReason, Tz, Value};
use eventide_groovy::syntax::LineCol;
use eventide_groovy::syntax::{Script, SourceFile};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::app::InputDecl;
use crate::binding::Device;
use crate::catalogue::{AttrKind, Source};
use crate::intern::{Interner, Sym};
use crate::label::{AppId, AppWrite, HandlerRun, TransitionLabel, WriteTarget};
use crate::system::{CustomCommand, EventKind, PairState, TimerMode, CASCADE_DEPTH_KEY, MAX_CASCADE_DEPTH};
use crate::time::CLOCK_MILLIS;

/// Host object kinds (`HostRef::kind`).
pub(crate) mod kind {
    /// A device; id = device index.
    pub const DEVICE: u32 = 1;
    /// `state`; id = app index.
    pub const STATE: u32 = 3;
    /// `atomicState`; id = app index.
    pub const ATOMIC_STATE: u32 = 4;
    /// `location`.
    pub const LOCATION: u32 = 5;
    /// `app`; id = app index.
    pub const APP: u32 = 6;
    /// `log`.
    pub const LOG: u32 = 7;
    /// An event or a device state; id = index in the transition's event table.
    pub const EVENT: u32 = 8;
    /// A location mode; id = the mode name's symbol.
    pub const MODE: u32 = 9;
    /// `location.helloHome`.
    pub const HELLO_HOME: u32 = 10;
    /// A `physicalgraph.device.HubAction`.
    pub const HUB_ACTION: u32 = 11;
    /// The location's hub (`location.hubs[0]`, a `hub` input, `device.hub`).
    pub const HUB: u32 = 12;
    /// A child device of an app; id = app index << 24 | the symbol of its network id.
    pub const CHILD_DEVICE: u32 = 13;
    /// A name under the platform's `physicalgraph` package (`physicalgraph.device.Protocol.LAN`);
    /// id = the symbol of the dotted path.
    pub const PACKAGE: u32 = 14;
    /// `parent` of a child app (its parent app is not installed); id = app index.
    pub const PARENT_APP: u32 = 15;
}

/// A parsed app: its source file and syntax tree.
#[derive(Debug)]
pub(crate) struct AppSource {
    pub file: Arc<SourceFile>,
    pub script: Arc<Script>,
}

/// One app of the world: its script, label and bound settings.
pub(crate) struct AppWorld {
    pub source: Arc<AppSource>,
    /// `app.label` / `app.name`: the definition's name.
    pub label: Arc<str>,
    /// The settings map (input name → bound value); copied per transition before use.
    pub settings: Value,
    /// The parent app a child app's definition names (`parent: "ns:Name"`), which is not installed.
    pub parent: Option<Arc<str>>,
}

/// What does not change while exploring: the apps, the devices and the options.
pub(crate) struct World {
    pub timers: TimerMode,
    pub apps: Vec<AppWorld>,
    pub devices: Vec<Device>,
    /// Slot → (device, attribute index within the device).
    pub slots: Vec<(u32, u32)>,
    /// Whether some app's source mentions `subscribeToCommand`: only then does a device command
    /// look for subscriptions to it (decided once, so that a command's accesses never vary).
    pub command_subscriptions: bool,
}

/// The location's own attributes that apps and the environment change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LocationAttr {
    Mode,
    /// The Smart Home Monitor's status (`alarmSystemStatus`).
    AlarmSystem,
}

impl LocationAttr {
    /// The attribute by its platform name (`currentState("mode")`).
    pub fn named(name: &str) -> Option<LocationAttr> {
        match name {
            "mode" => Some(LocationAttr::Mode),
            "alarmSystemStatus" => Some(LocationAttr::AlarmSystem),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            LocationAttr::Mode => "mode",
            LocationAttr::AlarmSystem => "alarmSystemStatus",
        }
    }

    fn key(self) -> LocKey {
        match self {
            LocationAttr::Mode => LocKey::Mode,
            LocationAttr::AlarmSystem => LocKey::AlarmSystem,
        }
    }
}

/// A shared location as the platform names it; interned to a [`Location`] index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LocKey {
    Attr(u32),
    Mode,
    /// The Smart Home Monitor's status (`alarmSystemStatus`).
    AlarmSystem,
    /// One key of `state` (`atomic: false`) or `atomicState`.
    StateKey {
        app: u8,
        atomic: bool,
        key: Sym,
    },
    /// Whether one key of `state`/`atomicState` is present, as two settable locations (see
    /// `host::state`): every store into the key sets `removed: false` and reads `removed: true`,
    /// every removal the other way round, so stores commute with stores and conflict with
    /// removals.
    StatePresence {
        app: u8,
        atomic: bool,
        key: Sym,
        removed: bool,
    },
    /// The key set of `state`/`atomicState`: written when a key appears or disappears, read by
    /// whole-map operations.
    StateKeys {
        app: u8,
        atomic: bool,
    },
    /// An app-level field (a global assigned at run time).
    Field {
        app: u8,
        key: Sym,
    },
    Subscriptions(u8),
    Timers(u8),
    /// An app's child devices (the set and every child's label, data and attributes).
    Children(u8),
}

/// What a subscription listens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SubSource {
    Device(u32),
    Location,
    /// The app itself (`subscribe(app, handler)`: app touch).
    App,
}

/// A subscription: source, attribute (`None`: every attribute), value filter, handler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SubKey {
    pub source: SubSource,
    pub attr: Option<Sym>,
    pub filter: Option<Sym>,
    pub handler: Sym,
}

/// Interned names, locations, subscriptions and events: grows while exploring, never shrinks.
#[derive(Default)]
pub(crate) struct Tables {
    pub syms: Interner,
    locs: FxHashMap<LocKey, u32>,
    /// Location index → key (the inverse of `locs`).
    loc_keys: Vec<LocKey>,
    pub subs: Vec<SubKey>,
    sub_ids: FxHashMap<SubKey, u32>,
    pub events: Vec<EventKind>,
    pub event_ids: FxHashMap<EventKind, u32>,
    /// Distinct runtime maps stored in states, by canonical hash (see [`Tables::share`]).
    shared_maps: FxHashMap<u64, SmallVec<[Value; 1]>>,
    /// Idle interpreters per app, reused across handler runs (they keep their compiled regular
    /// expressions; randomness goes through the host, so reuse stays deterministic).
    pool: Vec<Vec<Interpreter>>,
    /// The limits every handler run checks (the engine's watchdog while a run is under way).
    pub interrupt: Option<Interrupt>,
    /// `--bound-collections K` (see [`crate::Options::bound_collections`]).
    pub bound_collections: Option<usize>,
    /// Where an app named a handler it does not declare (`subscribe(x, "a", "noSuchMethod")`),
    /// first call per (app, handler): the location of the finding when the handler is due.
    handler_sites: FxHashMap<(usize, Sym), LineCol>,
    /// The event and device-state objects handed to apps, interned by content: a handle
    /// (`HostRef` of kind [`kind::EVENT`]) names the same object in every transition, so one kept
    /// in a field or a closure reads later as it was, and equal objects are one handle (the
    /// state hash stays canonical).
    event_objects: Vec<EventObj>,
    event_object_ids: FxHashMap<EventObj, u32>,
}

impl Tables {
    /// The location of `key`; the presence of state keys and the key sets are
    /// [settable](Location::settable) (see `host::state`).
    pub fn location(&mut self, key: LocKey) -> Location {
        let n = self.locs.len() as u32;
        let index = *self.locs.entry(key).or_insert(n);
        if index == n {
            self.loc_keys.push(key);
        }
        match key {
            LocKey::StatePresence { .. } | LocKey::StateKeys { .. } => Location::settable(index),
            _ => Location::data(index),
        }
    }

    /// The key of a data location handed out by [`Tables::location`].
    pub fn location_key(&self, location: Location) -> Option<LocKey> {
        self.loc_keys.get(location.data_index()? as usize).copied()
    }

    pub fn subscription(&mut self, key: SubKey) -> u32 {
        let n = self.subs.len() as u32;
        let id = *self.sub_ids.entry(key).or_insert(n);
        if id == n {
            self.subs.push(key);
        }
        id
    }

    /// An equal map stored earlier, or `map` itself (remembered for later transitions). Stored maps
    /// are never changed in place (handlers work on copies), so sharing them is safe.
    pub fn share(&mut self, map: Value) -> Value {
        use std::hash::Hasher;
        let mut h = rustc_hash::FxHasher::default();
        map.hash_state(&mut h);
        let bucket = self.shared_maps.entry(h.finish()).or_default();
        if let Some(v) = bucket.iter().find(|v| v.state_eq(&map)) {
            return v.clone();
        }
        bucket.push(map.clone());
        map
    }

    pub fn event(&mut self, kind: EventKind) -> u32 {
        let n = self.events.len() as u32;
        let id = *self.event_ids.entry(kind).or_insert(n);
        if id == n {
            self.events.push(kind);
        }
        id
    }
}

/// Whether the host is discovering preferences or running handlers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Running the top level and page methods to learn the inputs (unknown names read as null, as
    /// in every phase: see `get_global` below).
    Loading,
    /// The setup transition (`installed()` of each app).
    Setup,
    /// An event transition.
    Running,
}

/// What discovery collects.
#[derive(Default)]
pub(crate) struct Discovery {
    pub inputs: Vec<InputDecl>,
    /// Page methods referenced (`page(name: "x")` without content, `href(page: "x")`, ...).
    pub pages: Vec<String>,
    /// The distinct `params:` of the `href`s to pages (page, params map), in the order met.
    pub page_params: Vec<(String, Value)>,
    pub definition_name: Option<String>,
    /// The definition's `parent:` (a child app's parent app).
    pub parent_app: Option<String>,
    pub current_page: Option<String>,
    /// Whether the top level called `definition(...)` or `preferences`: what makes a file a
    /// SmartApp.
    pub declared: bool,
    /// Whether the top level called `metadata` (a device handler, not a SmartApp).
    pub device_metadata: bool,
}

/// An event or device-state object handed to apps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EventObj {
    pub name: Arc<str>,
    pub value: Arc<str>,
    pub device: Option<u32>,
    /// `DEVICE`, `LOCATION` or `APP`.
    pub source: &'static str,
    /// A device state (`currentState`), not an event.
    pub is_state: bool,
    /// The event's `data` (JSON text), e.g. `{"buttonNumber":1}` for button events.
    pub data: Option<Arc<str>>,
    /// Produced by the environment (physical) rather than an app command (digital).
    pub physical: bool,
}

/// Something that happened that subscriptions may match.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Occurrence {
    pub source: SubSource,
    pub attr: Sym,
    pub value: Sym,
    /// For app touch: the touched app.
    pub app: Option<usize>,
}

/// Which of an app's runtime maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MapKind {
    State = 0,
    Atomic = 1,
    Fields = 2,
    Children = 3,
}

/// The platform for one transition or discovery run.
pub(crate) struct StHost<'a> {
    pub world: &'a World,
    pub tables: &'a mut Tables,
    pub st: &'a mut PairState,
    pub accesses: &'a mut Vec<Access>,
    pub label: TransitionLabel,
    pub findings: Vec<Finding>,
    /// Messages, HTTP requests and routines the apps produced (recorded, never sent).
    pub outputs: Vec<String>,
    /// Custom commands sent to devices whose capabilities do not define them, each once.
    pub custom_commands: Vec<CustomCommand>,
    pub phase: Phase,
    /// The handlers running, innermost last: (app, handler).
    stack: Vec<(usize, Sym)>,
    depth: u32,
    /// Set when a cascade went deeper than [`MAX_CASCADE_DEPTH`] or a limit interrupted a
    /// handler: the transition ends.
    pub aborted: bool,
    /// Scheduled handlers being run inline (their writes are [`AppWrite::scheduled`]).
    inline_timers: u32,
    /// The scheduled handlers this transition has run inline: each at most once (see
    /// [`StHost::schedule`]).
    inline_ran: Vec<(usize, Sym)>,
    /// Set when the [`Tables::interrupt`] limits stopped a handler: the transition is void.
    /// With where the handler was when it stopped.
    pub interrupted: Option<(InterruptReason, Option<SourcePosition>)>,
    /// Keys of the findings that are interpreter errors (an unsupported construct, an evaluator
    /// limit) rather than faults of the app's own code.
    pub interpreter_errors: Vec<String>,
    /// Which runtime maps have been copied out of the stored state in this transition.
    copied: Vec<[bool; 4]>,
    /// Each app's copy of its settings for this transition, once it has touched `settings`.
    settings: Vec<Option<Value>>,
    pub discovery: Option<Discovery>,
    /// Handler runs in this transition (nested and inline timers included).
    pub handler_runs: u32,
    /// State of the transition's pseudo-random sequence.
    rng: u64,
    /// Set while `state` is being shown as text (it may contain itself).
    pub displaying_state: bool,
}

/// The `data` of button events: button 1.
pub(crate) const BUTTON_DATA: &str = r#"{"buttonNumber":1}"#;

/// The error that unwinds a transition whose cascade went too deep. Not catchable by apps.
pub(crate) fn cascade_error() -> EvalError {
    EvalError::internal(format!(
        "cascade_depth: nested device events deeper than {MAX_CASCADE_DEPTH}; the transition ends here"
    ))
}

/// A platform error apps see as an exception.
pub(crate) fn platform_error(message: impl Into<String>) -> EvalError {
    EvalError::exception("java.lang.IllegalArgumentException", Some(message.into()))
}

/// Where an error arose, when it is located.
fn error_position(e: &EvalError) -> Option<SourcePosition> {
    match (&e.file, e.location) {
        (Some(file), Some(lc)) => Some(SourcePosition { file: file.to_string(), line: lc.line, column: lc.column }),
        _ => None,
    }
}

/// A finding for an error raised by app code.
pub(crate) fn finding_from(e: &EvalError) -> Finding {
    let position = error_position(e);
    let (kind, message) = match &e.kind {
        ErrorKind::AssertionFailed { message } => (FindingKind::Violation, message.clone()),
        _ => (FindingKind::AppException, e.message.clone()),
    };
    let at = position.as_ref().map(|p| p.to_string()).unwrap_or_default();
    Finding { kind, key: format!("{at}:{message}"), message, position }
}

/// The name of a handler given as a method reference, a string or a GString.
pub(crate) fn handler_name(v: &Value) -> Option<&str> {
    match v {
        Value::MethodRef(n) => Some(n),
        Value::Str(s) | Value::GString(s) => Some(s),
        _ => None,
    }
}

impl<'a> StHost<'a> {
    pub fn new(
        world: &'a World,
        tables: &'a mut Tables,
        st: &'a mut PairState,
        accesses: &'a mut Vec<Access>,
        phase: Phase,
    ) -> StHost<'a> {
        let apps = st.apps.len();
        StHost {
            world,
            tables,
            st,
            accesses,
            label: TransitionLabel::default(),
            findings: Vec::new(),
            outputs: Vec::new(),
            custom_commands: Vec::new(),
            phase,
            stack: Vec::new(),
            depth: 0,
            aborted: false,
            inline_timers: 0,
            inline_ran: Vec::new(),
            interrupted: None,
            interpreter_errors: Vec::new(),
            copied: vec![[false; 4]; apps],
            settings: vec![None; apps],
            discovery: None,
            handler_runs: 0,
            rng: 0x2545_F491_4F6C_DD1D,
            displaying_state: false,
        }
    }

    /// The app whose code is running.
    pub fn app(&self) -> usize {
        self.stack.last().map_or(0, |(a, _)| *a)
    }

    pub fn app_id(app: usize) -> AppId {
        AppId::from_index(app)
    }

    pub fn read(&mut self, key: LocKey) {
        let l = self.tables.location(key);
        self.accesses.push(Access::read(l));
    }

    pub fn write(&mut self, key: LocKey) {
        let l = self.tables.location(key);
        self.accesses.push(Access::write(l));
    }

    /// A [`Set`](eventide_engine::AccessKind::Set) of a settable location (see
    /// [`Tables::location`]).
    pub fn set(&mut self, key: LocKey) {
        let l = self.tables.location(key);
        self.accesses.push(Access::set(l));
    }

    pub fn sym(&mut self, s: &str) -> Sym {
        self.tables.syms.intern(s)
    }

    pub fn name(&self, s: Sym) -> Arc<str> {
        self.tables.syms.name(s).clone()
    }

    /// The settings map of an app (a private copy for this transition).
    pub fn settings(&mut self, app: usize) -> Value {
        if let Some(v) = &self.settings[app] {
            return v.clone();
        }
        let v = self.world.apps.get(app).map(|a| a.settings.deep_copy()).unwrap_or_else(Value::empty_map);
        self.settings[app] = Some(v.clone());
        v
    }

    /// One of an app's runtime maps, copied out of the stored state on first use.
    pub fn runtime_map(&mut self, app: usize, which: MapKind) -> eventide_groovy::eval::MapRef {
        let i = which as usize;
        let rt = &mut self.st.apps[app];
        let slot = &mut rt.maps[i];
        if !self.copied[app][i] {
            *slot = slot.deep_copy();
            self.copied[app][i] = true;
        }
        if let Value::Map(m) = slot {
            return m.clone();
        }
        // The maps are always maps; should one not be, it starts over empty.
        let m: eventide_groovy::eval::MapRef = Default::default();
        *slot = Value::Map(m.clone());
        m
    }

    /// A scalar entry of one of an app's runtime maps, read without copying the map out of the
    /// stored state. `None` when the key is absent; `Some(None)` when the value is a collection or
    /// an object with state of its own (which the caller must read from a private copy, since it
    /// may be changed in place: a `StringBuilder` or `Random` kept in a field).
    pub fn runtime_scalar(&self, app: usize, which: MapKind, key: &str) -> Option<Option<Value>> {
        match &self.st.apps.get(app)?.maps[which as usize] {
            Value::Map(m) => match m.borrow().get_str(key) {
                None => None,
                Some(v) if v.may_change_in_place() => Some(None),
                Some(v) => Some(Some(v.clone())),
            },
            _ => None,
        }
    }

    /// The handle of an event or state object (interned: see [`Tables::event_objects`]).
    pub fn new_event(&mut self, obj: EventObj) -> Value {
        let t = &mut *self.tables;
        let id = match t.event_object_ids.get(&obj) {
            Some(&id) => id,
            None => {
                let id = t.event_objects.len() as u32;
                t.event_object_ids.insert(obj.clone(), id);
                t.event_objects.push(obj);
                id
            }
        };
        Value::Host(HostRef { kind: kind::EVENT, id })
    }

    pub fn event_obj(&self, id: u32) -> Option<&EventObj> {
        self.tables.event_objects.get(id as usize)
    }

    pub fn device(&self, d: u32) -> Option<&'a Device> {
        self.world.devices.get(d as usize)
    }

    /// The current value of a device attribute (records a read).
    pub fn attr_text(&mut self, d: u32, attr: &str) -> Option<(Arc<str>, AttrKind)> {
        let device = self.device(d)?;
        let a = device.attribute(attr)?;
        self.read(LocKey::Attr(a.slot));
        let sym = self.st.attrs.get(a.slot as usize).copied()?;
        Some((self.name(sym), a.row.kind))
    }

    /// A state object for the current value of a device attribute.
    pub fn state_object(&mut self, d: u32, attr: &str) -> Value {
        match self.attr_text(d, attr) {
            Some((value, _)) => self.new_state(attr.into(), value, Some(d), "DEVICE"),
            None => Value::Null,
        }
    }

    /// A state object (`currentState`): `name` at `value`, of a device of the home (`device`),
    /// a child device or the location (`source`); only a device of the home reports physically.
    pub fn new_state(&mut self, name: Arc<str>, value: Arc<str>, device: Option<u32>, source: &'static str) -> Value {
        let physical = device.is_some();
        self.new_event(EventObj { name, value, device, source, is_state: true, data: None, physical })
    }

    // ------------------------------------------------------------------------------------------
    // Handlers and cascades

    /// Runs a handler of an app with an optional argument; an error it raises becomes a finding
    /// (the handler stops, its writes stay).
    pub fn run_handler(&mut self, app: usize, handler: Sym, arg: Option<Value>) {
        if self.aborted {
            return;
        }
        let name = self.name(handler);
        self.label.handlers.push(HandlerRun { app: Self::app_id(app), handler: name.clone() });
        self.handler_runs += 1;
        let Some(source) = self.world.apps.get(app).map(|a| a.source.clone()) else { return };
        let mut interp = match self.tables.pool.get_mut(app).and_then(Vec::pop) {
            Some(i) => i,
            None => Interpreter::new(source.script.clone(), source.file.clone()),
        };
        interp.set_interrupt(self.tables.interrupt);
        let decls = interp.method_decls(&name);
        if decls.is_empty() {
            let message = format!("handler `{name}` is not a method of {}", source.file.name());
            let site =
                self.tables.handler_sites.get(&(app, handler)).copied().unwrap_or(LineCol { line: 1, column: 1 });
            self.findings.push(Finding {
                kind: FindingKind::AppException,
                key: format!("{}:missing-handler:{name}", source.file.name()),
                message,
                position: Some(SourcePosition {
                    file: source.file.name().to_string(),
                    line: site.line,
                    column: site.column,
                }),
            });
            return;
        }
        let takes_arg = decls.iter().any(|d| !d.params.is_empty());
        let args = match arg {
            Some(v) if takes_arg => vec![v],
            _ => Vec::new(),
        };
        self.stack.push((app, handler));
        let result = interp.call_function(self, &name, args);
        self.stack.pop();
        match result {
            Ok(_) => {
                // Only an interpreter that finished normally goes back to the pool.
                if self.tables.pool.len() <= app {
                    self.tables.pool.resize_with(app + 1, Vec::new);
                }
                self.tables.pool[app].push(interp);
            }
            Err(e) => {
                if let Some(reason) = e.interrupt_reason() {
                    self.aborted = true;
                    self.interrupted.get_or_insert((reason, error_position(&e)));
                } else if !self.aborted {
                    let finding = finding_from(&e);
                    if matches!(e.kind, ErrorKind::Unsupported { .. } | ErrorKind::Internal) {
                        self.interpreter_errors.push(finding.key.clone());
                    }
                    self.findings.push(finding);
                }
            }
        }
    }

    /// Remembers where the running app names `handler` when it is not one of its methods, so that
    /// the finding raised when the handler is due points at the name: the first call in the
    /// source that passes the name as a literal argument (`subscribe(door, "contact", nope)`,
    /// `runIn(60, "nope")`), whichever of them ran first, so that the report does not depend on
    /// the order the explorer took; for a name built at run time, the call being handled when
    /// it was first seen.
    pub fn note_handler_site(&mut self, interp: &Interpreter, handler: &str) {
        if interp.has_method(handler) {
            return;
        }
        let app = self.app();
        let key = (app, self.sym(handler));
        if self.tables.handler_sites.contains_key(&key) {
            return;
        }
        let source = &self.world.apps[app].source;
        let site = first_call_naming(&source.file, &source.script.stmts, handler).or_else(|| interp.call_site());
        if let Some(site) = site {
            self.tables.handler_sites.insert(key, site);
        }
    }

    /// The next value of the transition's pseudo-random sequence in [0, 1) (`Math.random()`,
    /// seeds of `new Random()`, `UUID.randomUUID()`): the same in every run of a transition.
    fn next_random(&mut self) -> f64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Runs every handler subscribed to `occ`: App1's subscriptions first, then App2's, each in
    /// subscription order. The subscriptions are those in force when the event occurs.
    pub fn dispatch(&mut self, occ: Occurrence, event: Value) -> Result<(), EvalError> {
        let mut runs: SmallVec<[(usize, Sym); 4]> = SmallVec::new();
        for app in 0..self.st.apps.len() {
            self.read(LocKey::Subscriptions(app as u8));
            let subs = self.st.apps[app].subs.clone();
            for &sid in subs.iter() {
                let Some(key) = self.tables.subs.get(sid as usize).copied() else { continue };
                let source_matches = match (key.source, occ.source) {
                    (SubSource::Device(a), SubSource::Device(b)) => a == b,
                    (SubSource::Location, SubSource::Location) => match key.attr {
                        None => self.tables.syms.lookup("mode") == Some(occ.attr),
                        Some(a) => a == occ.attr,
                    },
                    (SubSource::App, SubSource::App) => occ.app == Some(app),
                    _ => false,
                };
                let attr_matches = match (key.source, key.attr) {
                    (SubSource::Device(_), Some(a)) => a == occ.attr,
                    _ => true,
                };
                let value_matches = key.filter.is_none_or(|f| f == occ.value);
                if source_matches && attr_matches && value_matches {
                    runs.push((app, key.handler));
                }
            }
        }
        for (app, handler) in runs {
            if self.aborted {
                break;
            }
            self.run_handler(app, handler, Some(event.clone()));
        }
        if self.aborted {
            Err(cascade_error())
        } else {
            Ok(())
        }
    }

    /// A nested event caused by a command: dispatched depth first, bounded by
    /// [`MAX_CASCADE_DEPTH`].
    pub fn nested(&mut self, occ: Occurrence, event: Value) -> Result<(), EvalError> {
        if self.phase == Phase::Loading {
            return Ok(());
        }
        self.enter_nested()?;
        let r = self.dispatch(occ, event);
        self.depth -= 1;
        r
    }

    /// Goes one level deeper in the cascade, or ends the transition with a `cascade_depth`
    /// finding.
    fn enter_nested(&mut self) -> Result<(), EvalError> {
        if self.aborted {
            return Err(cascade_error());
        }
        if self.depth >= MAX_CASCADE_DEPTH {
            self.aborted = true;
            // Located at the declaration of the handler whose command would go deeper.
            let position = self.stack.last().and_then(|&(app, handler)| {
                let source = &self.world.apps.get(app)?.source;
                let lc = method_declared(&source.file, &source.script.stmts, &self.name(handler))?;
                Some(SourcePosition { file: source.file.name().to_string(), line: lc.line, column: lc.column })
            });
            // One finding per place, whichever the explorer meets first.
            let key = match &position {
                Some(p) => format!("{CASCADE_DEPTH_KEY}@{p}"),
                None => CASCADE_DEPTH_KEY.to_string(),
            };
            self.findings.push(Finding {
                kind: FindingKind::AppException,
                key,
                message: format!("cascade_depth: a cascade of nested events went deeper than {MAX_CASCADE_DEPTH}"),
                position,
            });
            return Err(cascade_error());
        }
        self.depth += 1;
        Ok(())
    }

    /// An app command sets a device attribute: an app write (even to the same value); a change
    /// (or any momentary value) dispatches a nested event.
    pub fn set_attribute(&mut self, d: u32, attr: &str, text: &str) -> Result<(), EvalError> {
        let Some(device) = self.device(d) else { return Ok(()) };
        let Some(a) = device.attribute(attr).copied() else { return Ok(()) };
        let text = normalize_attr_text(a.row.kind, text);
        self.write(LocKey::Attr(a.slot));
        let app = self.app();
        if self.phase != Phase::Loading {
            self.label.writes.push(AppWrite {
                app: Self::app_id(app),
                target: WriteTarget { device: device.name.clone(), attribute: a.name.into() },
                value: text.as_str().into(),
                scheduled: self.inline_timers > 0,
            });
        }
        let sym = self.sym(&text);
        let slot = a.slot as usize;
        let changed = self.st.attrs.get(slot).copied() != Some(sym) || a.row.source == Source::Momentary;
        if let Some(v) = self.st.attrs.get_mut(slot) {
            *v = sym;
        }
        if changed {
            let attr_sym = self.sym(a.name);
            let event = self.new_event(EventObj {
                name: a.name.into(),
                value: text.as_str().into(),
                device: Some(d),
                source: "DEVICE",
                is_state: false,
                data: None,
                physical: false,
            });
            return self
                .nested(Occurrence { source: SubSource::Device(d), attr: attr_sym, value: sym, app: None }, event);
        }
        Ok(())
    }

    /// An app sent `command` to device `d`: the handlers subscribed to it with
    /// `subscribeToCommand(device, command, handler)` run (nested, as for an attribute change),
    /// with an event named `command` whose value is the command's name.
    pub fn command_sent(&mut self, d: u32, command: &str) -> Result<(), EvalError> {
        if !self.world.command_subscriptions || self.phase == Phase::Loading {
            return Ok(());
        }
        let attr = self.sym(&format!("command:{command}"));
        let value = self.sym(command);
        let event = self.new_event(EventObj {
            name: "command".into(),
            value: command.into(),
            device: Some(d),
            source: "DEVICE",
            is_state: false,
            data: None,
            physical: false,
        });
        self.nested(Occurrence { source: SubSource::Device(d), attr, value, app: None }, event)
    }

    /// An app changes the location mode (`setLocationMode`, `location.setMode`,
    /// `location.mode = m`).
    /// A mode the location does not have (`"Home"`: names compare exactly) is refused, as the
    /// Smart Home Monitor's unknown states are: the state could not exist on the hub.
    pub fn set_mode(&mut self, mode: &str) -> Result<(), EvalError> {
        if !crate::catalogue::LOCATION_MODES.contains(&mode) {
            return Err(platform_error(format!(
                "the location has no mode `{mode}`: its modes are home, away and night (names compare exactly)"
            )));
        }
        self.set_location_attr(LocationAttr::Mode, mode)
    }

    /// An app sets the Smart Home Monitor's status (`sendLocationEvent(name:
    /// "alarmSystemStatus", value: v)`).
    pub fn set_alarm_system(&mut self, status: &str) -> Result<(), EvalError> {
        if !crate::catalogue::ALARM_SYSTEM_STATES.contains(&status) {
            return Err(platform_error(format!(
                "alarmSystemStatus `{status}`: the Smart Home Monitor's states are off, stay and away"
            )));
        }
        self.set_location_attr(LocationAttr::AlarmSystem, status)
    }

    /// An app sends a location event of its own (`sendLocationEvent(name: "houseEvent", value:
    /// v)`): it changes nothing of the home and runs, nested, the handlers subscribed to its name
    /// (`subscribe(location, "houseEvent", h)`, or `"houseEvent.v"`).
    pub fn send_location_event(&mut self, name: &str, value: &str) -> Result<(), EvalError> {
        let event = self.location_event(name, value);
        let (attr, value) = (self.sym(name), self.sym(value));
        self.nested(Occurrence { source: SubSource::Location, attr, value, app: None }, event)
    }

    /// An app sets one of the location's attributes: an app write of `location.<attribute>`
    /// (even of the value it has), and when the value changes, a nested location event.
    fn set_location_attr(&mut self, attr: LocationAttr, value: &str) -> Result<(), EvalError> {
        self.write(attr.key());
        let app = self.app();
        if self.phase != Phase::Loading {
            self.label.writes.push(AppWrite {
                app: Self::app_id(app),
                target: WriteTarget { device: "location".into(), attribute: attr.name().into() },
                value: value.into(),
                scheduled: self.inline_timers > 0,
            });
        }
        let sym = self.sym(value);
        if *self.location_slot(attr) == sym {
            return Ok(());
        }
        *self.location_slot(attr) = sym;
        let event = self.location_event(attr.name(), value);
        let name = self.sym(attr.name());
        self.nested(Occurrence { source: SubSource::Location, attr: name, value: sym, app: None }, event)
    }

    /// The environment changes one of the location's attributes (the user picks a mode or arms
    /// the monitor) and the cascade runs; to the value it has, it changes nothing, only reads it
    /// and is `None`.
    fn location_changes(&mut self, attr: LocationAttr, value: Sym) -> Option<Result<(), EvalError>> {
        if *self.location_slot(attr) == value {
            self.read(attr.key());
            return None;
        }
        self.write(attr.key());
        *self.location_slot(attr) = value;
        let text = self.name(value);
        let obj = self.location_event(attr.name(), &text);
        let name = self.sym(attr.name());
        Some(self.dispatch(Occurrence { source: SubSource::Location, attr: name, value, app: None }, obj))
    }

    fn location_slot(&mut self, attr: LocationAttr) -> &mut Sym {
        match attr {
            LocationAttr::Mode => &mut self.st.mode,
            LocationAttr::AlarmSystem => &mut self.st.alarm_system,
        }
    }

    /// Reads one of the location's attributes (an access of its location).
    pub(crate) fn location_attr(&mut self, attr: LocationAttr) -> Sym {
        self.read(attr.key());
        *self.location_slot(attr)
    }

    /// The parent app a child app's definition names (while loading, as discovery found it).
    pub(crate) fn parent_app(&self, app: usize) -> Option<Arc<str>> {
        let loading = self.discovery.as_ref().and_then(|d| d.parent_app.as_deref()).map(Arc::from);
        self.world.apps.get(app).and_then(|a| a.parent.clone()).or(loading)
    }

    pub fn location_event(&mut self, name: &str, value: &str) -> Value {
        self.new_event(EventObj {
            name: name.into(),
            value: value.into(),
            device: None,
            source: "LOCATION",
            is_state: false,
            data: None,
            physical: false,
        })
    }

    /// Schedules a handler: runs it now (inline timers; a periodic schedule made during setup
    /// also becomes an always-enabled timer event) or makes it a pending timer (deferred).
    pub fn schedule(&mut self, handler: &str, periodic: bool, data: Option<Value>) -> Result<(), EvalError> {
        let app = self.app();
        let h = self.sym(handler);
        if self.phase == Phase::Loading {
            return Ok(());
        }
        // The platform keeps a schedule's `data:` as JSON: the handler gets a copy with string
        // keys and GStrings as strings, whatever the caller does to its map afterwards.
        let data = data.map(|d| self.stored_data(&d, handler));
        let keep = match self.world.timers {
            TimerMode::Deferred => true,
            TimerMode::Inline => periodic && self.phase == Phase::Setup,
        };
        if keep {
            self.write(LocKey::Timers(app as u8));
            let data_v = data.clone().unwrap_or(Value::Null);
            let timers = std::rc::Rc::make_mut(&mut self.st.apps[app].timers);
            match timers.iter_mut().find(|t| t.handler == h) {
                Some(t) => {
                    t.periodic = periodic;
                    t.data = data_v;
                }
                None => timers.push(crate::system::Timer { handler: h, periodic, data: data_v }),
            }
        }
        if self.world.timers == TimerMode::Inline {
            // An inline handler stands for one that runs later, once: a transition runs each
            // scheduled handler at most once (scheduling it again replaces the pending run, as
            // `overwrite: true` does), so a handler that schedules itself (a polling loop) is not
            // run again inside itself, and a cascade whose every level schedules the same
            // handler ends instead of going on to the depth bound.
            if self.inline_ran.contains(&(app, h)) || self.stack.iter().any(|&(a, s)| a == app && s == h) {
                return Ok(());
            }
            self.inline_ran.push((app, h));
            self.enter_nested()?;
            self.inline_timers += 1;
            self.run_handler(app, h, data);
            self.inline_timers -= 1;
            self.depth -= 1;
            if self.aborted {
                return Err(cascade_error());
            }
        }
        Ok(())
    }

    /// `unschedule()` / `unschedule(handler)`.
    pub fn unschedule(&mut self, handler: Option<&str>) {
        let app = self.app();
        self.write(LocKey::Timers(app as u8));
        let h = handler.map(|n| self.sym(n));
        let timers = &mut self.st.apps[app].timers;
        if timers.iter().any(|t| h.is_none_or(|h| t.handler == h)) {
            std::rc::Rc::make_mut(timers).retain(|t| h.is_some_and(|h| t.handler != h));
        }
    }

    /// Subscribes the running app.
    pub fn subscribe(&mut self, key: SubKey) {
        let app = self.app();
        self.write(LocKey::Subscriptions(app as u8));
        let id = self.tables.subscription(key);
        let subs = &mut self.st.apps[app].subs;
        if !subs.contains(&id) {
            std::rc::Rc::make_mut(subs).push(id);
        }
    }

    /// Normalises `state` and `atomicState` as the platform's JSON storage would (map keys become
    /// strings, dates and non-device objects become text), at the end of the transition.
    ///
    /// Every map the transition copied is then shared with an equal map stored earlier, if there
    /// is one, so that states that agree on an app's `state` hold one copy of it.
    pub fn finish(&mut self) {
        for app in 0..self.st.apps.len() {
            for which in [MapKind::State, MapKind::Atomic, MapKind::Fields, MapKind::Children] {
                if !self.copied[app][which as usize] {
                    continue;
                }
                let mut v = self.st.apps[app].maps[which as usize].clone();
                if which == MapKind::Fields {
                    self.captured_locals(app, &v);
                }
                if matches!(which, MapKind::State | MapKind::Atomic) && (needs_json(&v, 0) || shares_parts(&v)) {
                    let mut budget = JsonBudget { elements: MAX_JSON_ELEMENTS, path: Vec::new(), failed: false };
                    v = self.jsonify(&v, 0, &mut budget);
                    if budget.failed {
                        let store = if which == MapKind::State { "state" } else { "atomicState" };
                        self.unstorable(app, store, &format!("{store} holds"));
                    }
                }
                if let Some(k) = self.tables.bound_collections {
                    bound_entries(&v, k);
                }
                self.st.apps[app].maps[which as usize] = self.tables.share(v);
            }
        }
    }
}

/// Where the method `name` is declared at the top level of `stmts`.
fn method_declared(file: &SourceFile, stmts: &[eventide_groovy::syntax::ast::Stmt], name: &str) -> Option<LineCol> {
    stmts.iter().find_map(|s| match &s.kind {
        eventide_groovy::syntax::StmtKind::Method(m) if &*m.name == name => Some(file.line_col(s.span.start)),
        _ => None,
    })
}

/// Where the first call of the platform's that takes a handler (`subscribe*`, `run*`,
/// `schedule`) in `stmts` (source order) passes `name` as an argument, as a string literal or a
/// bare name.
fn first_call_naming(file: &SourceFile, stmts: &[eventide_groovy::syntax::ast::Stmt], name: &str) -> Option<LineCol> {
    use eventide_groovy::syntax::ast::{ExprKind, Member};
    let mut found = None;
    eventide_groovy::syntax::visit::for_each_expr(stmts, &mut |e| {
        if found.is_some() {
            return;
        }
        // The platform's calls that take a handler: `subscribe*`, `run*`, `schedule`.
        let args = match &e.kind {
            ExprKind::MethodCall { object: None, member: Member::Name(call), args, .. }
                if ["subscribe", "run", "schedule"].iter().any(|p| call.starts_with(p)) =>
            {
                args
            }
            _ => return,
        };
        let names_it = |a: &eventide_groovy::syntax::ast::Expr| matches!(&a.kind, ExprKind::Str(n) | ExprKind::Ident(n) if &**n == name);
        let named = args.named.iter().filter_map(|m| match m {
            eventide_groovy::syntax::ast::MapEntry::Pair { value, .. } => Some(value),
            eventide_groovy::syntax::ast::MapEntry::Spread(_) => None,
        });
        if args.positional.iter().any(names_it) || named.into_iter().any(names_it) {
            found = Some(file.line_col(e.span.start));
        }
    });
    found
}

/// `--bound-collections k`: cuts every value kept under a key of `map` (`state`, `atomicState`,
/// fields) to its last `k` elements (see [`Value::bounded`]).
pub(crate) fn bound_entries(map: &Value, k: usize) {
    if let Value::Map(m) = map {
        let cut: Vec<(Value, Value)> =
            m.borrow().iter().filter_map(|(key, x)| x.bounded(k).map(|b| (key.clone(), b))).collect();
        for (key, b) in cut {
            m.borrow_mut().insert(key, b);
        }
    }
}

impl StHost<'_> {
    /// A schedule's `data:` as the platform stores it (JSON); a value that cannot be stored is an
    /// app exception, as for `state`, and that part is null.
    fn stored_data(&mut self, data: &Value, handler: &str) -> Value {
        if !needs_json(data, 0) {
            return data.deep_copy();
        }
        let mut budget = JsonBudget { elements: MAX_JSON_ELEMENTS, path: Vec::new(), failed: false };
        let stored = self.jsonify(data, 0, &mut budget);
        if budget.failed {
            let app = self.app();
            self.unstorable(app, &format!("data-{handler}"), &format!("the data scheduled for {handler} holds"));
        }
        stored
    }

    /// An unsupported construct for every closure an app field holds that captures local variables
    /// of the code that made it (`def k = 0; counter = { -> k++ }`): what it captures lives outside
    /// the state, so states that differ only there would be taken for one, and calling the
    /// closure changes what no transition records. The field is set to `null`, so that the state
    /// after the transition is what its fields say and every explorer goes on from the same one.
    fn captured_locals(&mut self, app: usize, fields: &Value) {
        let Value::Map(m) = fields else { return };
        let held: Vec<(Value, Vec<eventide_groovy::eval::Capture>)> = m
            .borrow()
            .iter()
            .map(|(k, v)| (k.clone(), v.captures()))
            .filter(|(_, captures)| !captures.is_empty())
            .collect();
        let file = &self.world.apps[app].source.file;
        for (key, captures) in held {
            m.borrow_mut().insert(key.clone(), Value::Null);
            let name = key.to_string();
            for capture in captures {
                let lc = file.line_col(capture.span.start);
                let position = SourcePosition { file: file.name().to_string(), line: lc.line, column: lc.column };
                let message = capture.unsupported_message(&name);
                let key = format!("{position}:{message}");
                self.interpreter_errors.push(key.clone());
                self.findings.push(Finding { kind: FindingKind::AppException, key, message, position: Some(position) });
            }
        }
    }

    /// The app exception of a value the platform cannot store as JSON (`what` names it: "state
    /// holds"); `key` tells it apart from the app's other such findings.
    fn unstorable(&mut self, app: usize, key: &str, what: &str) {
        let file = self.world.apps.get(app).map(|a| a.source.file.name().to_string()).unwrap_or_default();
        self.findings.push(Finding {
            kind: FindingKind::AppException,
            key: format!("{file}:unstorable-{key}"),
            message: format!(
                "java.lang.StackOverflowError: {what} a value that cannot be stored as JSON (a collection that holds \
                 itself, nested deeper than {MAX_JSON_DEPTH}, or more than {MAX_JSON_ELEMENTS} elements): that part \
                 is stored as null"
            ),
            position: None,
        });
    }

    /// The value as the platform stores it (JSON), within `budget`: a collection that holds
    /// itself, nests too deep or passes the budget is stored as null (and `budget.failed` set).
    fn jsonify(&mut self, v: &Value, depth: u32, budget: &mut JsonBudget) -> Value {
        let ptr = match v {
            Value::Map(m) => Some(std::rc::Rc::as_ptr(m) as *const u8 as usize),
            Value::List(l) => Some(std::rc::Rc::as_ptr(l) as *const u8 as usize),
            _ => None,
        };
        if let Some(ptr) = ptr {
            let len = match v {
                Value::Map(m) => m.borrow().len(),
                Value::List(l) => l.borrow().len(),
                _ => 0,
            };
            if depth > MAX_JSON_DEPTH || budget.path.contains(&ptr) || budget.elements < len + 1 {
                budget.failed = true;
                return Value::Null;
            }
            budget.elements -= len + 1;
            budget.path.push(ptr);
        }
        let out = self.jsonify_inner(v, depth, budget);
        if ptr.is_some() {
            budget.path.pop();
        }
        out
    }

    fn jsonify_inner(&mut self, v: &Value, depth: u32, budget: &mut JsonBudget) -> Value {
        match v {
            Value::Map(m) => {
                let entries: Vec<(Value, Value)> = m.borrow().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                let mut out = eventide_groovy::eval::GMap::with_capacity(entries.len());
                for (k, x) in entries {
                    let key = match &k {
                        Value::Str(_) => k.clone(),
                        other => Value::str(&eventide_groovy::eval::display(self, other)),
                    };
                    let x = self.jsonify(&x, depth + 1, budget);
                    out.insert(key, x);
                }
                Value::new_map(out)
            }
            Value::List(l) => {
                let items: Vec<Value> = l.borrow().to_vec();
                Value::new_list(items.iter().map(|x| self.jsonify(x, depth + 1, budget)).collect())
            }
            Value::Range(_) => match v.deep_copy() {
                Value::Range(r) => Value::new_list(r.iter().map(Value::Int).collect()),
                other => other,
            },
            Value::GString(s) => Value::Str(s.clone()),
            Value::Date(ms) => Value::str(
                &eventide_groovy::eval::format_date(*ms, "yyyy-MM-dd'T'HH:mm:ssZ", Tz::UTC).unwrap_or_default(),
            ),
            Value::Host(r) if r.kind == kind::DEVICE => v.clone(),
            Value::Host(_) | Value::Obj(_) => Value::str(&eventide_groovy::eval::display(self, v)),
            other => other.clone(),
        }
    }

    // ------------------------------------------------------------------------------------------
    // Root events

    /// Runs the setup transition: the initial configuration, then `installed()` of each app.
    pub fn setup(&mut self, config: usize) {
        for slot in 0..self.world.slots.len() {
            let (d, a) = self.world.slots[slot];
            let Some(attr) = self.world.devices.get(d as usize).and_then(|d| d.attributes.get(a as usize)) else {
                continue;
            };
            let sym = self.sym(attr.row.initial[config.min(1)]);
            self.st.attrs[slot] = sym;
            self.write(LocKey::Attr(slot as u32));
        }
        self.st.mode = self.sym("home");
        self.write(LocKey::Mode);
        self.st.alarm_system = self.sym("off");
        self.write(LocKey::AlarmSystem);
        self.phase = Phase::Setup;
        let installed = self.sym("installed");
        for app in 0..self.world.apps.len() {
            if self.aborted {
                break;
            }
            if self.world.apps[app]
                .source
                .script
                .stmts
                .iter()
                .any(|s| matches!(&s.kind, eventide_groovy::syntax::StmtKind::Method(m) if &*m.name == "installed"))
            {
                self.run_handler(app, installed, None);
            }
        }
        self.st.setup_done = true;
    }

    /// Runs one environment event and its cascade.
    pub fn environment_event(&mut self, event: EventKind) {
        self.phase = Phase::Running;
        // A cascade that went too deep has already been recorded as a finding.
        let _cascade: Result<(), EvalError> = match event {
            EventKind::Setup(c) => {
                self.setup(c as usize);
                Ok(())
            }
            EventKind::Device { slot, value } => {
                let (d, a) = self.world.slots.get(slot as usize).copied().unwrap_or((0, 0));
                let Some(attr) = self.world.devices.get(d as usize).and_then(|x| x.attributes.get(a as usize)).copied()
                else {
                    return;
                };
                // A report of the value the attribute already has changes nothing and reaches no
                // handler (the platform drops events that are not state changes); it only
                // depends on the attribute's value.
                let momentary = attr.row.source == Source::Momentary;
                if !momentary && self.st.attrs.get(slot as usize) == Some(&value) {
                    self.read(LocKey::Attr(slot));
                    return;
                }
                self.write(LocKey::Attr(slot));
                if let Some(v) = self.st.attrs.get_mut(slot as usize) {
                    *v = value;
                }
                let text = self.name(value);
                let beacon = self.world.devices.get(d as usize).is_some_and(|x| x.has_capability("beacon"));
                let data: Option<Arc<str>> = match attr.name {
                    "button" => Some(Arc::from(BUTTON_DATA)),
                    "presence" if beacon => {
                        let dni = self.world.devices.get(d as usize).map(|x| x.name.to_string()).unwrap_or_default();
                        let present = if &*text == "present" { "1" } else { "0" };
                        Some(format!(r#"{{"dni":"{dni}","presence":"{present}"}}"#).into())
                    }
                    _ => None,
                };
                let obj = self.new_event(EventObj {
                    name: attr.name.into(),
                    value: text,
                    device: Some(d),
                    source: "DEVICE",
                    is_state: false,
                    data,
                    physical: true,
                });
                let attr_sym = self.sym(attr.name);
                self.dispatch(Occurrence { source: SubSource::Device(d), attr: attr_sym, value, app: None }, obj)
            }
            EventKind::AlarmSystem(v) => match self.location_changes(LocationAttr::AlarmSystem, v) {
                Some(cascade) => cascade,
                None => return,
            },
            EventKind::Mode(m) => match self.location_changes(LocationAttr::Mode, m) {
                Some(cascade) => cascade,
                None => return,
            },
            EventKind::Location(attr) => {
                let name = self.name(attr);
                let value = crate::time::sun_time(&name).unwrap_or_else(|| name.to_string());
                let obj = self.location_event(&name, &value);
                let v = self.sym(&value);
                self.dispatch(Occurrence { source: SubSource::Location, attr, value: v, app: None }, obj)
            }
            EventKind::Touch(app) => {
                let obj = self.new_event(EventObj {
                    name: "touch".into(),
                    value: "touched".into(),
                    device: None,
                    source: "APP",
                    is_state: false,
                    data: None,
                    physical: true,
                });
                let attr = self.sym("touch");
                let value = self.sym("touched");
                self.dispatch(Occurrence { source: SubSource::App, attr, value, app: Some(app as usize) }, obj)
            }
            // Property observers are run by the system, never through the host.
            EventKind::Property(_) => Ok(()),
            EventKind::Timer { app, handler } => {
                let app = app as usize;
                self.read(LocKey::Timers(app as u8));
                self.write(LocKey::Timers(app as u8));
                let timers = &mut self.st.apps[app].timers;
                let pos = timers.iter().position(|t| t.handler == handler);
                let data = match pos {
                    Some(i) => {
                        let t = timers[i].clone();
                        if self.world.timers == TimerMode::Deferred && !t.periodic {
                            std::rc::Rc::make_mut(timers).remove(i);
                        }
                        (!t.data.is_null()).then(|| t.data.deep_copy())
                    }
                    None => None,
                };
                self.run_handler(app, handler, data);
                Ok(())
            }
        };
        self.finish();
    }
}

/// How deep a value stored in `state` may nest, and how many elements it may hold in all, before
/// it is refused as one the platform could not store.
const MAX_JSON_DEPTH: u32 = 64;
const MAX_JSON_ELEMENTS: usize = 1_000_000;

/// What is left of the elements a store into `state` may make, the collections being converted
/// (to see one that holds itself), and whether the store failed.
struct JsonBudget {
    elements: usize,
    path: Vec<usize>,
    failed: bool,
}

/// Whether two places of a value hold one list or map (`state.b = state.a`): stored as JSON, they
/// become two equal lists, as the platform's storage makes them.
fn shares_parts(v: &Value) -> bool {
    fn walk(v: &Value, seen: &mut rustc_hash::FxHashSet<usize>, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        let (ptr, children): (usize, Vec<Value>) = match v {
            Value::List(l) => (std::rc::Rc::as_ptr(l) as *const u8 as usize, l.borrow().to_vec()),
            Value::Map(m) => (std::rc::Rc::as_ptr(m) as *const u8 as usize, m.borrow().values().cloned().collect()),
            _ => return false,
        };
        !seen.insert(ptr) || children.iter().any(|c| walk(c, seen, depth + 1))
    }
    walk(v, &mut rustc_hash::FxHashSet::default(), 0)
}

/// Whether a value would change when stored as JSON (see [`StHost::finish`]).
fn needs_json(v: &Value, depth: u32) -> bool {
    if depth > 64 {
        return true;
    }
    match v {
        Value::Map(m) => m.borrow().iter().any(|(k, x)| !matches!(k, Value::Str(_)) || needs_json(x, depth + 1)),
        Value::List(l) => l.borrow().iter().any(|x| needs_json(x, depth + 1)),
        Value::Range(_) | Value::GString(_) | Value::Date(_) | Value::Obj(_) => true,
        Value::Host(r) => r.kind != kind::DEVICE,
        _ => false,
    }
}

/// The text a command stores for an attribute: numbers without a needless `.0` for numeric
/// attributes (`setLevel(50.0)` sets `50`).
pub(crate) fn normalize_attr_text(kind: AttrKind, text: &str) -> String {
    if kind == AttrKind::Number {
        if let Some(stripped) = text.strip_suffix(".0") {
            if stripped.parse::<i64>().is_ok() {
                return stripped.to_string();
            }
        }
        if let Ok(f) = text.parse::<f64>() {
            if f.fract() == 0.0 && f.abs() < 1e15 && text.contains('.') {
                return format!("{}", f as i64);
            }
        }
    }
    text.to_string()
}

impl Host for StHost<'_> {
    fn get_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        // The platform resolves any other name as a setting: an input that is not declared (or
        // not set) reads as null.
        Ok(Some(self.bound_global(interp, name)?.unwrap_or(Value::Null)))
    }

    fn bound_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        let app = self.app();
        let v = match name {
            "state" => Value::Host(HostRef { kind: kind::STATE, id: app as u32 }),
            "atomicState" => Value::Host(HostRef { kind: kind::ATOMIC_STATE, id: app as u32 }),
            "location" => Value::Host(HostRef { kind: kind::LOCATION, id: 0 }),
            "app" => Value::Host(HostRef { kind: kind::APP, id: app as u32 }),
            "log" => Value::Host(HostRef { kind: kind::LOG, id: 0 }),
            "settings" => self.settings(app),
            // App settings are configured by the app's developer, not the user: none is set.
            "appSettings" => Value::empty_map(),
            // The platform's classes and constants as values (`physicalgraph.device.Protocol.LAN`).
            "physicalgraph" if self.field_get(app, name).is_none() => {
                Value::Host(HostRef { kind: kind::PACKAGE, id: self.sym("physicalgraph") })
            }
            "childDevices" if self.field_get(app, name).is_none() => children::all(self),
            "childApps" if self.field_get(app, name).is_none() => Value::new_list(Vec::new()),
            "parent" if self.field_get(app, name).is_none() && self.parent_app(app).is_some() => {
                Value::Host(HostRef { kind: kind::PARENT_APP, id: app as u32 })
            }
            _ => {
                // A field the app assigned at run time shadows an input of the same name.
                if let Some(v) = self.field_get(app, name) {
                    return Ok(Some(v));
                }
                // An input: from this transition's copy of the settings when the app has touched
                // `settings`, else straight from the bound values (collections copied).
                let settings = match &self.settings[app] {
                    Some(copy) => copy.clone(),
                    None => self.world.apps.get(app).map_or(Value::Null, |a| a.settings.clone()),
                };
                if let Value::Map(m) = &settings {
                    if let Some(v) = m.borrow().get_str(name) {
                        return Ok(Some(match v {
                            Value::List(_) | Value::Map(_) if self.settings[app].is_none() => v.deep_copy(),
                            _ => v.clone(),
                        }));
                    }
                }
                return Ok(None);
            }
        };
        Ok(Some(v))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        let app = self.app();
        self.field_set(app, name, value);
        Ok(())
    }

    fn call_function(
        &mut self,
        interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        platform::call(self, interp, name, args)
    }

    fn get_property(&mut self, interp: &mut Interpreter, obj: HostRef, name: &str) -> Result<Option<Value>, EvalError> {
        objects::get_property(self, interp, obj, name)
    }

    fn set_property(
        &mut self,
        interp: &mut Interpreter,
        obj: HostRef,
        name: &str,
        value: Value,
    ) -> Result<bool, EvalError> {
        objects::set_property(self, interp, obj, name, value)
    }

    fn call_method(
        &mut self,
        interp: &mut Interpreter,
        obj: HostRef,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        objects::call_method(self, interp, obj, name, args)
    }

    fn call_list_method(
        &mut self,
        interp: &mut Interpreter,
        items: &[Value],
        name: &str,
        args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        objects::list_method(self, interp, items, name, args)
    }

    fn class_name(&self, obj: HostRef) -> String {
        objects::class_name(self, obj)
    }

    fn to_display_string(&mut self, obj: HostRef) -> String {
        objects::display_object(self, obj)
    }

    fn construct(
        &mut self,
        _interp: &mut Interpreter,
        class: &str,
        args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        if class.rsplit('.').next() == Some("Random") && args.is_empty() {
            let seed = (self.next_random() * u64::MAX as f64) as u64 | 1;
            return Ok(Some(Value::obj(eventide_groovy::eval::Obj::Random(seed.into()))));
        }
        if class.ends_with("HubAction") || class.ends_with("HubMultiAction") {
            let text = args.iter().map(|a| eventide_groovy::eval::display(self, a)).collect::<Vec<_>>().join(", ");
            self.outputs.push(format!("hubAction: {text}"));
            return Ok(Some(Value::Host(HostRef { kind: kind::HUB_ACTION, id: 0 })));
        }
        Ok(None)
    }

    fn call_static(
        &mut self,
        _interp: &mut Interpreter,
        class: &str,
        method: &str,
        args: &[Value],
    ) -> Result<Option<Value>, EvalError> {
        let simple = class.rsplit('.').next().unwrap_or(class);
        Ok(match (simple, method, args) {
            ("Math", "random", []) => Some(Value::Double(self.next_random())),
            ("UUID", "randomUUID", []) => {
                let mut hex = String::new();
                for _ in 0..4 {
                    hex.push_str(&format!("{:08x}", (self.next_random() * u32::MAX as f64) as u32));
                }
                let uuid =
                    format!("{}-{}-4{}-a{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], &hex[17..20], &hex[20..32]);
                Some(Value::str(&uuid))
            }
            _ => None,
        })
    }

    fn now_millis(&mut self) -> i64 {
        CLOCK_MILLIS
    }

    fn default_time_zone(&self) -> Tz {
        Tz::UTC
    }

    fn print(&mut self, _text: &str) {}
}
