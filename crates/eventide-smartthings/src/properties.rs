//! Safety properties of the home: property files of `invariant("name") { expr }` declarations,
//! checked on every state of the simulated home reached after a whole transition.
//!
//! **The file** is Groovy, read by the same front end as the apps. Its top level may declare
//! local helpers (`def away = "not present"`) and calls `invariant(name) { ... }`; nothing else
//! is a function. Inside an invariant the home is visible as:
//! - one list per kind of device ([`DEVICE_LISTS`]: `locks`, `switches`, `presences`,
//!   `contactSensors`, `smokeDetectors`, `alarms`, `valves`, `waterSensors`, `thermostats`, ...;
//!   `devices` holds every device), each device once per list it belongs to, in device order;
//! - each device's attributes as properties (`it.lock`, `it.temperature`: numbers for numeric
//!   attributes, as apps read them), and `name` (`lock1`); an attribute of the catalogue that the
//!   device does not have reads as `null`, any other name is an error;
//! - `mode`, the location mode (`home`, `away`, `night`).
//!
//! The closure must give `true` or `false`. Loading evaluates every invariant once on a probe
//! home (one device per list, with every attribute of the list's capabilities), so a misspelt
//! name or attribute is a located error before any exploration.
//!
//! **Vacuity.** An invariant that names a device list that is empty in the home being checked
//! (no device has the capability) is vacuously true: it is not checked, and a warning says so.
//!
//! **Constant comparisons.** A comparison of the mode or of a closed-domain attribute with a
//! string it never takes (`mode == "Away"`) is a located warning of the invariant
//! ([`Invariant::warnings`]), found at load from the closure's syntax.
//!
//! **Evaluation** goes through [`HomeView`], which the system implements over one state and which
//! records each attribute and mode read as an access: the observer event that checks an invariant
//! (see `system::observe`) reads exactly the locations the invariant read.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use eventide_engine::SourcePosition;
use eventide_groovy::eval::{EvalError, Host, HostRef, Interpreter, Interrupt, InterruptReason, Value};
use eventide_groovy::syntax::{parse, ExprKind, Member, Name, Script, SourceFile};
use eventide_groovy::Diagnostic;

use crate::binding::Device;
use crate::catalogue;
use crate::comparisons::{self, Compared};

/// The device lists an invariant can name, and the capabilities that put a device in each.
pub const DEVICE_LISTS: &[(&str, &[&str])] = &[
    ("locks", &["lock"]),
    ("switches", &["switch", "switchLevel", "colorControl", "colorTemperature", "relaySwitch", "outlet"]),
    ("dimmers", &["switchLevel", "colorControl", "colorTemperature"]),
    ("presences", &["presenceSensor", "beacon", "mobilePresence"]),
    ("contactSensors", &["contactSensor"]),
    ("motionSensors", &["motionSensor"]),
    ("accelerationSensors", &["accelerationSensor"]),
    ("smokeDetectors", &["smokeDetector"]),
    ("coDetectors", &["carbonMonoxideDetector"]),
    ("alarms", &["alarm"]),
    ("valves", &["valve"]),
    ("waterSensors", &["waterSensor"]),
    ("thermostats", &["thermostat"]),
    ("temperatureSensors", &["temperatureMeasurement", "thermostat"]),
    ("humiditySensors", &["relativeHumidityMeasurement"]),
    ("illuminanceSensors", &["illuminanceMeasurement"]),
    ("doors", &["doorControl", "garageDoorControl"]),
    ("garageDoors", &["garageDoorControl"]),
    ("windowShades", &["windowShade"]),
    ("musicPlayers", &["musicPlayer"]),
    ("speakers", &["speechSynthesis"]),
    ("cameras", &["imageCapture", "videoCapture"]),
    ("buttons", &["button", "aeonKeyFob"]),
    ("sleepSensors", &["sleepSensor"]),
    ("powerMeters", &["powerMeter"]),
    ("energyMeters", &["energyMeter"]),
];

/// The list of every device.
pub const ALL_DEVICES: &str = "devices";

/// The `HostRef::kind` of a device inside a property.
const DEVICE: u32 = 1;

/// Whether `device` belongs to the device list `list` (`devices`: every device).
pub fn in_list(device: &Device, list: &str) -> bool {
    if list == ALL_DEVICES {
        return true;
    }
    DEVICE_LISTS.iter().find(|(n, _)| *n == list).is_some_and(|(_, caps)| caps.iter().any(|c| device.has_capability(c)))
}

/// One `invariant("name") { ... }` declaration.
#[derive(Clone, Debug)]
pub struct Invariant {
    pub name: String,
    /// Where it is declared (the `invariant` call).
    pub position: SourcePosition,
    /// The device lists its closure names (for vacuity).
    pub lists: Vec<&'static str>,
    /// Comparisons that can never hold as written: an attribute or the mode compared with a
    /// value it never takes (`mode == "Away"`, `it.lock != "Locked"`), found at load.
    pub warnings: Vec<Diagnostic>,
    closure: Value,
    /// The variables declared outside the invariant that it can see (helpers and constants of
    /// the file), each with the hash of its value when the file was loaded: an evaluation that
    /// changes one is an error, since what an invariant keeps between evaluations is no part of
    /// any state the checker compares.
    outside: Vec<(Name, u64)>,
}

/// A loaded property file.
pub struct PropertyFile {
    file: Arc<SourceFile>,
    interp: Interpreter,
    invariants: Vec<Invariant>,
}

impl std::fmt::Debug for PropertyFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PropertyFile")
            .field("file", &self.file.name())
            .field("invariants", &self.invariants.iter().map(|i| &i.name).collect::<Vec<_>>())
            .finish()
    }
}

/// What an invariant reads of one state. The system implements it and records every read as an
/// access.
pub trait HomeView {
    /// The devices of the home.
    fn devices(&self) -> &[Device];
    /// A device attribute's value as apps read it (`None`: the device has no such attribute).
    fn attribute(&mut self, device: usize, attribute: &str) -> Option<Value>;
    /// The location mode.
    fn mode(&mut self) -> Value;
}

impl PropertyFile {
    /// Reads and loads a property file: a syntax error, an unknown function, a malformed
    /// declaration or an invariant that fails on the probe home is a located diagnostic.
    pub fn load(path: &Path) -> Result<PropertyFile, Diagnostic> {
        Self::load_with_reason(path).map_err(|(_, d)| d)
    }

    /// [`PropertyFile::load`], with the `reason` of the JSON conventions beside a diagnostic:
    /// `syntax` when the file does not parse, else `usage`.
    pub fn load_with_reason(path: &Path) -> Result<PropertyFile, (&'static str, Diagnostic)> {
        let file = SourceFile::read(path).map_err(|e| {
            let d = Diagnostic::whole_file(&path.display().to_string(), format!("cannot read property file: {e}"));
            ("usage", d)
        })?;
        let file = Arc::new(file);
        let script = Arc::new(parse(&file).map_err(|e| ("syntax", Diagnostic::from_syntax(&file, &e)))?);
        Self::from_script(file, script, Duration::from_secs(PROBE_SECONDS)).map_err(|d| ("usage", d))
    }

    /// Loads a property file from source text.
    pub fn from_source(file: SourceFile) -> Result<PropertyFile, Diagnostic> {
        Self::from_source_within(file, Duration::from_secs(PROBE_SECONDS))
    }

    /// Loads a property file from source text, letting each invariant run for at most `probe`
    /// on the probe home.
    pub fn from_source_within(file: SourceFile, probe: Duration) -> Result<PropertyFile, Diagnostic> {
        let file = Arc::new(file);
        let script = Arc::new(parse(&file).map_err(|e| Diagnostic::from_syntax(&file, &e))?);
        Self::from_script(file, script, probe)
    }

    /// Runs a parsed property file's top level (collecting its invariants) and probes them.
    fn from_script(file: Arc<SourceFile>, script: Arc<Script>, probe: Duration) -> Result<PropertyFile, Diagnostic> {
        let mut interp = Interpreter::new(script, file.clone());
        let mut host = LoadHost { file: file.name().to_string(), invariants: Vec::new() };
        if let Err(e) = interp.run_script(&mut host) {
            return Err(diagnostic(&file, &e));
        }
        if host.invariants.is_empty() {
            return Err(Diagnostic::whole_file(
                file.name(),
                "the property file declares no invariant (`invariant(\"name\") { ... }`)",
            ));
        }
        for invariant in &mut host.invariants {
            invariant.warnings = values_never_taken(&file, &invariant.closure);
            invariant.outside = outside_hashes(&invariant.closure);
        }
        let mut properties = PropertyFile { file, interp, invariants: host.invariants };
        properties.probe(probe)?;
        Ok(properties)
    }

    /// The file's name as given.
    pub fn file_name(&self) -> &str {
        self.file.name()
    }

    /// The invariants, in declaration order.
    pub fn invariants(&self) -> &[Invariant] {
        &self.invariants
    }

    /// Sets the limits the evaluations check while they run (a run's watchdog), or none.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interp.set_interrupt(interrupt);
    }

    /// Evaluates invariant `index` on the state `view` shows: `Ok(holds)`, or the located error
    /// (with the reason when the limits set by [`PropertyFile::set_interrupt`] stopped it).
    pub fn evaluate(&mut self, index: usize, view: &mut dyn HomeView) -> Result<bool, EvaluationError> {
        self.evaluate_noting(index, view, None)
    }

    /// [`PropertyFile::evaluate`], noting every attribute read (name, device, whether the device
    /// has the attribute) in `reads` when given.
    fn evaluate_noting(
        &mut self,
        index: usize,
        view: &mut dyn HomeView,
        reads: Option<&mut Vec<AttributeRead>>,
    ) -> Result<bool, EvaluationError> {
        let invariant = &self.invariants[index];
        let closure = invariant.closure.clone();
        let name = invariant.name.clone();
        let position = invariant.position.clone();
        let mut host = EvalHost { view, reads };
        let result = self.interp.call_value(&mut host, &closure, Vec::new());
        // Every variable an invariant sees outside itself exists once the file has loaded: an
        // invariant that saw none then has none to change (no hashing on every evaluation).
        let outside = &self.invariants[index].outside;
        let changed = if outside.is_empty() {
            None
        } else {
            outside_hashes(&closure).into_iter().find(|now| !outside.contains(now))
        };
        if let Some((variable, _)) = changed {
            return Err(EvaluationError {
                diagnostic: Diagnostic {
                    file: position.file,
                    line: position.line,
                    column: position.column,
                    message: format!(
                        "invariant `{name}` changes `{variable}`, a variable declared outside it: an invariant may \
                         only read the home (what it keeps between evaluations is no part of the states the \
                         checker compares)"
                    ),
                    source: None,
                },
                interrupted: None,
            });
        }
        match result {
            Ok(Value::Bool(b)) => Ok(b),
            Ok(other) => Err(EvaluationError {
                diagnostic: Diagnostic {
                    file: position.file,
                    line: position.line,
                    column: position.column,
                    message: format!("invariant `{name}` must give true or false, not {}", other.type_name()),
                    source: None,
                },
                interrupted: None,
            }),
            Err(e) => {
                Err(EvaluationError { diagnostic: diagnostic(&self.file, &e), interrupted: e.interrupt_reason() })
            }
        }
    }

    /// Evaluates every invariant on a probe home with one device per list, every attribute of
    /// the list's capabilities at configuration A's initial value, and mode `home`. An
    /// evaluation still running after `limit` is an error where it was (an invariant that never
    /// ends would otherwise hang the run before its limits apply).
    fn probe(&mut self, limit: Duration) -> Result<(), Diagnostic> {
        let mut probe = Probe::new();
        let mut result = Ok(());
        for i in 0..self.invariants.len() {
            let deadline = Some(Instant::now() + limit);
            self.set_interrupt(Some(Interrupt { deadline, memory_limit: None, memory_in_use: || 0 }));
            let mut reads = Vec::new();
            let failed = match self.evaluate_noting(i, &mut probe, Some(&mut reads)) {
                Ok(_) => self.attribute_never_there(i, &reads),
                Err(EvaluationError { diagnostic, interrupted: None }) => Some(diagnostic),
                Err(EvaluationError { mut diagnostic, interrupted: Some(_) }) => {
                    diagnostic.message = format!(
                        "invariant `{}` did not finish on the probe home within {limit:?} (does it loop forever?)",
                        self.invariants[i].name
                    );
                    Some(diagnostic)
                }
            };
            if let Some(d) = failed {
                result = Err(d);
                break;
            }
        }
        self.set_interrupt(None);
        result
    }

    /// The error of invariant `index` when it reads an attribute only on probe devices that do
    /// not have it (`locks.every { it.switch != "on" }`): it would read null in every home, so
    /// the invariant would pass or fail whatever the apps do. Reading it on devices of several
    /// kinds (`devices.any { it.switch == "on" }`), some with it, is fine.
    fn attribute_never_there(&self, index: usize, reads: &[AttributeRead]) -> Option<Diagnostic> {
        let (name, _, _) = reads.iter().find(|(a, _, _)| !reads.iter().any(|(b, _, had)| b == a && *had))?;
        let lists: Vec<&str> = reads
            .iter()
            .filter(|(a, _, _)| a == name)
            .map(|(_, device, _)| device.strip_prefix("probe-").unwrap_or(device))
            .fold(Vec::new(), |mut v, d| {
                if !v.contains(&d) {
                    v.push(d);
                }
                v
            });
        let invariant = &self.invariants[index];
        Some(Diagnostic {
            file: invariant.position.file.clone(),
            line: invariant.position.line,
            column: invariant.position.column,
            message: format!(
                "invariant `{}` reads `{name}` only on devices of lists whose capabilities have no such attribute ({}): \
                 it reads null there",
                invariant.name,
                lists.join(", ")
            ),
            source: None,
        })
    }
}

/// The variables an invariant's closure sees outside itself, with the hash of each value.
fn outside_hashes(closure: &Value) -> Vec<(Name, u64)> {
    use std::hash::Hasher;
    let hash = |v: &Value| {
        let mut h = rustc_hash::FxHasher::default();
        v.hash_state(&mut h);
        h.finish()
    };
    closure.enclosing_variables().into_iter().map(|(name, v)| (name, hash(&v))).collect()
}

/// How long loading lets each invariant run on the probe home.
pub const PROBE_SECONDS: u64 = 10;

/// Why an invariant could not be evaluated: the located error, and whether a limit stopped it.
#[derive(Clone, Debug)]
pub struct EvaluationError {
    pub diagnostic: Diagnostic,
    /// Set when the limits of [`PropertyFile::set_interrupt`] stopped the evaluation.
    pub interrupted: Option<InterruptReason>,
}

/// An attribute an invariant read on the probe home: its name, the device, and whether the
/// device has it.
type AttributeRead = (String, String, bool);

fn diagnostic(file: &SourceFile, e: &EvalError) -> Diagnostic {
    match (e.span, &e.file, e.location) {
        (_, Some(name), Some(lc)) if **name != *file.name() => Diagnostic {
            file: name.to_string(),
            line: lc.line,
            column: lc.column,
            message: e.message.clone(),
            source: None,
        },
        (Some(span), _, _) => Diagnostic::at(file, span, e.message.clone()),
        _ => Diagnostic::whole_file(file.name(), e.message.clone()),
    }
}

fn property_error(message: String) -> EvalError {
    EvalError::exception("eventide.PropertyError", Some(message))
}

/// The names of the device lists, for messages.
fn list_names() -> String {
    let mut names: Vec<&str> = DEVICE_LISTS.iter().map(|(n, _)| *n).collect();
    names.push(ALL_DEVICES);
    names.join(", ")
}

/// The device lists a closure names: identifiers of its body that are list names. (The AST's
/// debug form spells every identifier as `Ident("name")`; a list name that a local shadows still
/// counts, which only makes vacuity more cautious.)
fn named_lists(closure: &Value) -> Vec<&'static str> {
    let Some(body) = Interpreter::closure_statements(closure) else { return Vec::new() };
    let text = format!("{body:?}");
    DEVICE_LISTS
        .iter()
        .map(|(n, _)| *n)
        .chain([ALL_DEVICES])
        .filter(|n| text.contains(&format!("Ident({n:?})")))
        .collect()
}

/// The comparisons of a closure between `mode` or a device attribute (`it.lock`) and a string
/// it never takes (see [`crate::comparisons`]).
fn values_never_taken(file: &SourceFile, closure: &Value) -> Vec<Diagnostic> {
    let Some(body) = Interpreter::closure_statements(closure) else { return Vec::new() };
    comparisons::values_never_taken(file, body, &|e| match &e.kind {
        ExprKind::Ident(name) if &**name == "mode" => Some(Compared::Mode),
        ExprKind::Property { member: Member::Name(attribute), .. } => Some(Compared::Attribute(attribute.to_string())),
        _ => None,
    })
}

/// The host while the file's top level runs: collects the invariants.
struct LoadHost {
    file: String,
    invariants: Vec<Invariant>,
}

impl Host for LoadHost {
    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        Err(property_error(format!("unknown name `{name}` at the top level of a property file")))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, _value: Value) -> Result<(), EvalError> {
        Err(property_error(format!("a property file has no global `{name}` (declare helpers with `def`)")))
    }

    fn call_function(
        &mut self,
        interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        if name != "invariant" {
            return Err(property_error(format!(
                "unknown function `{name}` in a property file (declare properties with `invariant(\"name\") {{ ... }}`)"
            )));
        }
        let (Some(true), Some(closure), 2) = (args.first().map(Value::is_string), args.get(1), args.len()) else {
            return Err(property_error("invariant() takes a name and a closure: invariant(\"name\") { ... }".into()));
        };
        let invariant_name = args[0].as_str().map(str::to_string).unwrap_or_else(|| args[0].to_string());
        if !closure.is_callable() {
            return Err(property_error(format!("invariant `{invariant_name}` needs a closure")));
        }
        if self.invariants.iter().any(|i| i.name == invariant_name) {
            return Err(property_error(format!("invariant `{invariant_name}` is declared twice")));
        }
        let lc = interp.call_site();
        let position = SourcePosition {
            file: self.file.clone(),
            line: lc.map_or(1, |l| l.line),
            column: lc.map_or(1, |l| l.column),
        };
        let lists = named_lists(closure);
        self.invariants.push(Invariant {
            name: invariant_name,
            position,
            lists,
            warnings: Vec::new(),
            closure: closure.clone(),
            outside: Vec::new(),
        });
        Ok(Some(Value::Null))
    }

    fn now_millis(&mut self) -> i64 {
        crate::time::CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

/// The host while an invariant runs: the home through a [`HomeView`].
struct EvalHost<'a> {
    view: &'a mut dyn HomeView,
    /// When given, every attribute read is noted (see [`AttributeRead`]).
    reads: Option<&'a mut Vec<AttributeRead>>,
}

impl Host for EvalHost<'_> {
    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        if name == "mode" {
            return Ok(Some(self.view.mode()));
        }
        if name == ALL_DEVICES || DEVICE_LISTS.iter().any(|(n, _)| *n == name) {
            let items = self
                .view
                .devices()
                .iter()
                .enumerate()
                .filter(|(_, d)| in_list(d, name))
                .map(|(i, _)| Value::Host(HostRef { kind: DEVICE, id: i as u32 }))
                .collect();
            return Ok(Some(Value::new_list(items)));
        }
        Err(property_error(format!(
            "unknown name `{name}` in an invariant (the device lists are {}; and mode)",
            list_names()
        )))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, _value: Value) -> Result<(), EvalError> {
        Err(property_error(format!("an invariant cannot assign `{name}` (properties only read the home)")))
    }

    fn call_function(
        &mut self,
        _interp: &mut Interpreter,
        name: &str,
        _args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Err(property_error(format!("unknown function `{name}` in an invariant")))
    }

    fn get_property(
        &mut self,
        _interp: &mut Interpreter,
        obj: HostRef,
        name: &str,
    ) -> Result<Option<Value>, EvalError> {
        let index = obj.id as usize;
        let Some(device) = self.view.devices().get(index) else { return Ok(None) };
        if matches!(name, "name" | "label" | "displayName" | "id") {
            return Ok(Some(Value::str(&device.name)));
        }
        let device_name = device.name.clone();
        let value = self.view.attribute(index, name);
        let known = value.is_some() || catalogue::ATTRIBUTES.iter().any(|r| r.attribute == name);
        if let Some(reads) = self.reads.as_mut().filter(|_| known) {
            reads.push((name.to_string(), device_name.to_string(), value.is_some()));
        }
        if let Some(v) = value {
            return Ok(Some(v));
        }
        if known {
            return Ok(Some(Value::Null));
        }
        Err(property_error(format!("no device has an attribute `{name}` (reading it on {device_name})")))
    }

    fn class_name(&self, _obj: HostRef) -> String {
        "physicalgraph.app.DeviceWrapper".to_string()
    }

    fn to_display_string(&mut self, obj: HostRef) -> String {
        self.view.devices().get(obj.id as usize).map_or_else(|| "device".to_string(), |d| d.name.to_string())
    }

    fn now_millis(&mut self) -> i64 {
        crate::time::CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

/// The probe home of [`PropertyFile::probe`].
struct Probe {
    devices: Vec<Device>,
}

impl Probe {
    fn new() -> Probe {
        let devices = DEVICE_LISTS
            .iter()
            .map(|(list, caps)| {
                let rows: Vec<&'static catalogue::AttributeRow> = catalogue::ATTRIBUTES
                    .iter()
                    .filter(|r| caps.contains(&r.capability))
                    .fold(Vec::new(), |mut rows, r| {
                        if !rows.iter().any(|x: &&catalogue::AttributeRow| x.attribute == r.attribute) {
                            rows.push(r);
                        }
                        rows
                    });
                Device {
                    name: format!("probe-{list}").into(),
                    capabilities: caps.to_vec(),
                    attributes: rows
                        .iter()
                        .enumerate()
                        .map(|(i, r)| crate::binding::DeviceAttribute { name: r.attribute, row: r, slot: i as u32 })
                        .collect(),
                    ..Device::default()
                }
            })
            .collect();
        Probe { devices }
    }
}

impl HomeView for Probe {
    fn devices(&self) -> &[Device] {
        &self.devices
    }

    fn attribute(&mut self, device: usize, attribute: &str) -> Option<Value> {
        let a = self.devices.get(device)?.attribute(attribute)?;
        Some(crate::host::typed_value(a.row.kind, a.row.initial[0]))
    }

    fn mode(&mut self) -> Value {
        Value::str("home")
    }
}
