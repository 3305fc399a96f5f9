//! Model files: event-driven programs written in a subset of Groovy, run by Eventide's Groovy
//! interpreter and explored by its engine.
//!
//! ```groovy
//! x = 0                      // shared variables with initial values
//! y = 0
//! event("e1") { x = 1; y = (y + 1) % 3; enable("e2") }
//! event("e2", enabled: false) { if (x == 1) { assert y != 2 : "y overflow" }; disable("e2") }
//! ```
//!
//! - Script-level `name = value` statements declare shared variables (the model's state).
//! - `event("name") { ... }` declares an event and its handler; events start enabled unless
//!   declared with `enabled: false`. Handlers run atomically and may use any Groovy the
//!   interpreter supports: locals, `if`/`else`, loops, arithmetic (Groovy's: `/` on integers gives
//!   a BigDecimal, use `intdiv` or `%`), `assert cond : "message"`, `enable("e")`, `disable("e")`.
//! - A failed assertion is a violation; any other runtime error in a handler (division by zero,
//!   a missing property, ...) is an `app_exception` finding. Either stops the handler; writes made
//!   before it stay.
//!
//! [`ModelSystem`] is the model as a [`TransitionSystem`]: the state is the shared variables'
//! values and the enabled events; every read or write of a shared variable is an access to that
//! variable's location. Reading a variable that holds a list, a map or an object with state of
//! its own (`StringBuilder`, `Random`, ...: [`Value::may_change_in_place`]) also counts as a
//! write, since the handler may change it in place. Accesses are exact: when the handler ends, every write of a
//! variable whose value is the same as before (`x = x`, a flag set again, a list read and left
//! alone) becomes a read, so such handlers commute with others that only read the variable.

mod lint;
pub mod threads;

pub use threads::{ThreadState, ThreadSystem};

use eventide_engine::{
    demote_unchanged_writes, Access, EventId, Finding, FindingKind, Fingerprint, FingerprintHasher, Location, Measure,
    SourcePosition, Step, StopReason, TransitionSystem, Watchdog,
};
use eventide_groovy::eval::{ErrorKind, EvalError, Host, Interpreter, Interrupt, InterruptReason, Value};
use eventide_groovy::syntax::{parse, ExprKind, Member, Script, SourceFile, StmtKind};
use eventide_groovy::Diagnostic;
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hasher;
use std::path::Path;
use std::sync::Arc;

/// The clock of model files: a fixed instant (2026-01-01T00:00:00Z), so that handlers are
/// deterministic.
pub const MODEL_CLOCK_MILLIS: i64 = 1_767_225_600_000;

/// Why a model file could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("{diagnostic}")]
pub struct LoadError {
    pub diagnostic: Diagnostic,
    kind: LoadErrorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LoadErrorKind {
    Io,
    Syntax,
    Unsupported,
    Model,
    /// The run's time limit passed while the top level ran.
    Time,
    /// The run's memory limit was exceeded while the top level ran.
    Memory,
}

impl LoadError {
    /// The run's limit that stopped the load, not the file (the run is incomplete).
    pub fn limit(&self) -> Option<eventide_engine::StopReason> {
        match self.kind {
            LoadErrorKind::Time => Some(eventide_engine::StopReason::Time),
            LoadErrorKind::Memory => Some(eventide_engine::StopReason::Memory),
            _ => None,
        }
    }

    /// The `reason` of the JSON conventions: `usage` (unreadable file), `syntax` (parse errors
    /// and malformed models), `unsupported` (a construct the interpreter does not implement).
    pub fn reason(&self) -> &'static str {
        match self.kind {
            LoadErrorKind::Io => "usage",
            LoadErrorKind::Syntax | LoadErrorKind::Model => "syntax",
            LoadErrorKind::Unsupported => "unsupported",
            LoadErrorKind::Time => "time",
            LoadErrorKind::Memory => "memory",
        }
    }
}

struct EventDecl {
    name: String,
    initially_enabled: bool,
    handler: Value,
}

/// A loaded model file.
pub struct ModelSystem {
    file: Arc<SourceFile>,
    interp: Interpreter,
    var_names: Vec<Arc<str>>,
    var_index: FxHashMap<Arc<str>, usize>,
    initial_values: Vec<Value>,
    events: Vec<EventDecl>,
    event_index: FxHashMap<String, EventId>,
    /// Why and where the watchdog interrupted the last handler run, if it did.
    last_interrupt: Option<Interruption>,
    /// `--bound-collections K`: variables' collections keep their last K elements.
    bound_collections: Option<usize>,
}

/// A model state: the shared variables' values and which events are enabled.
#[derive(Clone, Debug)]
pub struct ModelState {
    values: Box<[Value]>,
    enabled: Box<[bool]>,
}

impl ModelState {
    /// The values of the shared variables, in declaration order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

impl ModelSystem {
    /// Reads, parses and loads a model file.
    pub fn load(path: &Path) -> Result<ModelSystem, LoadError> {
        let file = SourceFile::read(path).map_err(|e| LoadError {
            diagnostic: Diagnostic::whole_file(&path.display().to_string(), format!("cannot read model file: {e}")),
            kind: LoadErrorKind::Io,
        })?;
        ModelSystem::from_source(file)
    }

    /// Loads a model from source text.
    pub fn from_source(file: SourceFile) -> Result<ModelSystem, LoadError> {
        let file = Arc::new(file);
        let script = parse(&file)
            .map_err(|e| LoadError { diagnostic: Diagnostic::from_syntax(&file, &e), kind: LoadErrorKind::Syntax })?;
        let script = Arc::new(script);
        let mut interp = Interpreter::new(script.clone(), file.clone());
        let mut host = LoadHost::default();
        // A top level that never ends is a load error, not a hang.
        let loaded = run_top_level(&mut interp, &mut host);
        if let Err(e) = loaded {
            if let Some(error) = stopped_loading(&file, &e, "model") {
                return Err(error);
            }
            let kind = match e.kind {
                ErrorKind::Unsupported { .. } => LoadErrorKind::Unsupported,
                _ => LoadErrorKind::Model,
            };
            let diagnostic = host.error.take().unwrap_or_else(|| eval_diagnostic(&file, &e));
            return Err(LoadError { diagnostic, kind });
        }
        if let Some(diagnostic) = host.error.take() {
            return Err(LoadError { diagnostic, kind: LoadErrorKind::Model });
        }
        if host.events.is_empty() {
            return Err(LoadError {
                diagnostic: Diagnostic::whole_file(
                    file.name(),
                    "the model declares no events (`event(\"name\") { ... }`)",
                ),
                kind: LoadErrorKind::Model,
            });
        }
        let system = ModelSystem {
            var_index: host.vars.names().enumerate().map(|(i, n)| (n.clone(), i)).collect(),
            var_names: host.vars.names().cloned().collect(),
            initial_values: host.vars.into_values(),
            event_index: host.events.iter().enumerate().map(|(i, e)| (e.name.clone(), i as EventId)).collect(),
            events: host.events,
            file,
            interp,
            last_interrupt: None,
            bound_collections: None,
        };
        system.lint(&script)?;
        Ok(system)
    }

    /// The names of the shared variables, in declaration order.
    pub fn variable_names(&self) -> &[Arc<str>] {
        &self.var_names
    }

    /// Bounds the collections held in variables (`--bound-collections K`): after every handler,
    /// and in the initial state, a list keeps its last `k` elements, a map its last `k` entries
    /// and a string its last `max(k, 64)` characters, recursively (see
    /// [`Value::bounded`]). This changes the program's semantics; it makes a model whose state
    /// grows without bound finite. `None` (the default) keeps values whole.
    pub fn set_bound_collections(&mut self, k: Option<usize>) {
        self.bound_collections = k;
    }

    /// The declared events, in declaration order.
    pub fn event_names(&self) -> impl Iterator<Item = &str> {
        self.events.iter().map(|e| e.name.as_str())
    }

    /// Checks every handler written as a closure literal in an `event(...)` call.
    fn lint(&self, script: &Script) -> Result<(), LoadError> {
        let shared: FxHashSet<String> = self.var_names.iter().map(|n| n.to_string()).collect();
        let events: FxHashSet<String> = self.events.iter().map(|e| e.name.clone()).collect();
        let (top_locals, top_mutable) = lint::top_level_locals(&script.stmts, &shared);
        let names =
            lint::ModelNames { shared: &shared, events: &events, top_locals: &top_locals, top_mutable: &top_mutable };
        let located = |e: lint::LintError| LoadError {
            diagnostic: Diagnostic::at(&self.file, e.span, e.message),
            kind: LoadErrorKind::Model,
        };
        // The file's methods run inside handlers: the same checks hold for them.
        for stmt in &script.stmts {
            if let StmtKind::Method(m) = &stmt.kind {
                let params: Vec<String> = m.params.iter().map(|p| p.name.to_string()).collect();
                lint::check_handler(&m.body, &params, &names).map_err(located)?;
            }
        }
        for stmt in &script.stmts {
            let StmtKind::Expr(e) = &stmt.kind else { continue };
            let ExprKind::MethodCall { object: None, member: Member::Name(name), args, .. } = &e.kind else { continue };
            if &**name != "event" {
                continue;
            }
            for arg in &args.positional {
                if let ExprKind::Closure(c) = &arg.kind {
                    let params: Vec<String> = match &c.params {
                        Some(ps) => ps.iter().map(|p| p.name.to_string()).collect(),
                        None => vec!["it".to_string()],
                    };
                    lint::check_handler(&c.body, &params, &names).map_err(located)?;
                }
            }
        }
        Ok(())
    }

    fn finding(&self, error: &EvalError) -> Finding {
        finding_of(error)
    }
}

/// Runs a model file's top level within the limits of loading ([`Interrupt::for_loading`]).
pub(crate) fn run_top_level(interp: &mut Interpreter, host: &mut dyn Host) -> Result<(), EvalError> {
    interp
        .set_interrupt(Some(Interrupt::for_loading(std::time::Instant::now(), eventide_engine::memory::memory_in_use)));
    let loaded = interp.run_script(host);
    interp.set_interrupt(None);
    loaded.map(|_| ())
}

/// The load error of a top level that the limits of loading stopped (`what`: `model`,
/// `program`): the run's own limit (an incomplete run) or the load's (a loop that never ends).
/// `None` for any other error.
pub(crate) fn stopped_loading(file: &SourceFile, e: &EvalError, what: &str) -> Option<LoadError> {
    let reason = e.interrupt_reason()?;
    let limit = Interrupt::load_limit_text(Some(reason));
    let message = format!("loading the {what} did not finish within {limit} (a loop that never ends?)");
    let diagnostic = Diagnostic { message, ..eval_diagnostic(file, e) };
    let kind = match reason {
        _ if !Interrupt::load_stopped_by_run_limit(Some(reason)) => LoadErrorKind::Model,
        InterruptReason::Memory => LoadErrorKind::Memory,
        InterruptReason::Time => LoadErrorKind::Time,
    };
    Some(LoadError { diagnostic, kind })
}

/// The finding a handler's error makes: a failed assertion is a violation, anything else an
/// exception; one the interpreter raised for a construct it does not support has a key that
/// [`is_unsupported`] recognises (not a fault of the program: `check` reports it as bad input).
/// Why and where the run's watchdog stopped a handler or step.
pub(crate) type Interruption = (StopReason, Option<SourcePosition>);

/// The interruption an error stands for, if it is the watchdog's.
pub(crate) fn interruption(error: &EvalError) -> Option<Interruption> {
    let reason = match error.interrupt_reason()? {
        InterruptReason::Time => StopReason::Time,
        InterruptReason::Memory => StopReason::Memory,
    };
    Some((reason, finding_of(error).position))
}

pub(crate) fn finding_of(error: &EvalError) -> Finding {
    let position = match (&error.file, error.location) {
        (Some(file), Some(lc)) => Some(SourcePosition { file: file.to_string(), line: lc.line, column: lc.column }),
        _ => None,
    };
    let (kind, message) = match &error.kind {
        ErrorKind::AssertionFailed { message } => (FindingKind::Violation, message.clone()),
        _ => (FindingKind::AppException, error.message.clone()),
    };
    let at = position.as_ref().map(|p| p.to_string()).unwrap_or_default();
    let tag = if matches!(error.kind, ErrorKind::Unsupported { .. }) { UNSUPPORTED_KEY } else { "" };
    Finding { kind, key: format!("{tag}{at}:{message}"), message, position }
}

const UNSUPPORTED_KEY: &str = "unsupported@";

/// The unsupported-construct findings of closures that `(name, value)` pairs hold and that
/// capture local variables where they were made (`def k = n; cl = { -> k }`): what such a closure
/// captures lives in its environment, outside every variable of the state, so states that differ
/// only there would be taken for one (and calling the closure could change it). Each variable
/// that holds one is set to `null`: the state after the transition is then what its variables
/// say, and every explorer goes on from the same state.
pub(crate) fn drop_captured_locals<'a>(
    file: &SourceFile,
    held: impl Iterator<Item = (&'a str, &'a mut Value)>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for (name, value) in held {
        let captures = value.captures();
        if !captures.is_empty() {
            *value = Value::Null;
        }
        for capture in captures {
            let lc = file.line_col(capture.span.start);
            let position = SourcePosition { file: file.name().to_string(), line: lc.line, column: lc.column };
            let message = capture.unsupported_message(name);
            out.push(Finding {
                kind: FindingKind::AppException,
                key: format!("{UNSUPPORTED_KEY}{position}:{message}"),
                message,
                position: Some(position),
            });
        }
    }
    out
}

/// Whether a finding is an unsupported construct the interpreter met while running a handler.
pub fn is_unsupported(finding: &Finding) -> bool {
    finding.key.starts_with(UNSUPPORTED_KEY)
}

/// A hash of a value for the diagnosis of unfinished runs (equal values, equal hashes).
pub(crate) fn hash_of(v: &Value) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    v.hash_state(&mut h);
    h.finish()
}

/// Records an access once per transition: a handler that loops over a variable (`while (true) {
/// x = x + 1 }`, stopped by the time limit) must not fill memory with copies of one access.
/// Handlers touch few variables, so the scan is short.
pub(crate) fn record(accesses: &mut Vec<Access>, access: Access) {
    if !accesses.contains(&access) {
        accesses.push(access);
    }
}

/// Cuts every value to the bound (see [`ModelSystem::set_bound_collections`]).
pub(crate) fn bound_values(values: &mut [Value], k: usize) {
    for v in values.iter_mut() {
        if let Some(b) = v.bounded(k) {
            *v = b;
        }
    }
}

fn eval_diagnostic(file: &SourceFile, e: &EvalError) -> Diagnostic {
    match e.span {
        Some(span) => Diagnostic::at(file, span, e.message.clone()),
        None => Diagnostic::whole_file(file.name(), e.message.clone()),
    }
}

/// The host while the file's top level runs: collects variables and events.
#[derive(Default)]
struct LoadHost {
    vars: SharedVariables,
    events: Vec<EventDecl>,
    error: Option<Diagnostic>,
}

fn model_error(message: String) -> EvalError {
    EvalError::exception("eventide.ModelError", Some(message))
}

/// The shared variables a model file's top level declares, in declaration order (both forms of
/// model file collect them the same way while the top level runs).
#[derive(Default)]
struct SharedVariables(Vec<(Arc<str>, Value)>);

impl SharedVariables {
    fn get(&self, name: &str) -> Option<Value> {
        self.0.iter().find(|(n, _)| &**n == name).map(|(_, v)| v.clone())
    }

    fn set(&mut self, name: &str, value: Value) {
        match self.0.iter_mut().find(|(n, _)| &**n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.into(), value)),
        }
    }

    fn names(&self) -> impl Iterator<Item = &Arc<str>> {
        self.0.iter().map(|(n, _)| n)
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn into_values(self) -> Vec<Value> {
        self.0.into_iter().map(|(_, v)| v).collect()
    }
}

/// A handler assigned a variable the file does not declare.
fn undeclared_assignment(name: &str) -> EvalError {
    EvalError::exception(
        "groovy.lang.MissingPropertyException",
        Some(format!("No such property: {name}: assignment to an undeclared variable")),
    )
}

/// The one true/false option a declaration takes (`event("e", enabled: false)`,
/// `thread("t", looper: true)`): read from a leading options map, which is then taken off `args`;
/// `default` without one. Another option, or a value that is not a boolean, is a model error.
fn flag_option(
    args: &mut std::iter::Peekable<std::vec::IntoIter<Value>>,
    call: &str,
    option: &str,
    default: bool,
) -> Result<bool, EvalError> {
    let Some(Value::Map(options)) = args.peek() else { return Ok(default) };
    let mut flag = default;
    for (key, value) in options.borrow().iter() {
        match (key.as_str(), value) {
            (Some(k), Value::Bool(b)) if k == option => flag = *b,
            (Some(k), _) if k == option => {
                return Err(model_error(format!("{call} option `{option}` must be true or false")))
            }
            (k, _) => {
                return Err(model_error(format!(
                    "unknown {call} option `{}` (the only option is `{option}`)",
                    k.unwrap_or("?")
                )))
            }
        }
    }
    args.next();
    Ok(flag)
}

impl Host for LoadHost {
    /// The model's shared variables are the script's binding, read before its getters and
    /// its methods as values, as Groovy reads the binding first.
    fn bound_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        self.get_global(interp, name)
    }

    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        Ok(self.vars.get(name))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        self.vars.set(name, value);
        Ok(())
    }

    fn call_function(
        &mut self,
        _interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        match name {
            "event" => {
                let mut args = args.into_iter().peekable();
                let initially_enabled = flag_option(&mut args, "event", "enabled", true)?;
                let (Some(event_name), Some(handler), None) = (args.next(), args.next(), args.next()) else {
                    return Err(model_error("event() takes a name and a handler: event(\"name\") { ... }".into()));
                };
                let Some(event_name) = event_name.as_str().map(str::to_string) else {
                    return Err(model_error("an event's name must be a string".into()));
                };
                if !handler.is_callable() {
                    return Err(model_error(format!("event `{event_name}` needs a handler closure")));
                }
                if self.events.iter().any(|e| e.name == event_name) {
                    return Err(model_error(format!("event `{event_name}` is declared twice")));
                }
                self.events.push(EventDecl { name: event_name, initially_enabled, handler });
                Ok(Some(Value::Null))
            }
            "enable" | "disable" => Err(model_error(format!("{name}() can only be called inside an event handler"))),
            _ => Ok(None),
        }
    }

    fn now_millis(&mut self) -> i64 {
        MODEL_CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

/// The host while a handler runs: a working copy of the state, and the accesses made.
struct ExecHost<'a> {
    var_index: &'a FxHashMap<Arc<str>, usize>,
    event_index: &'a FxHashMap<String, EventId>,
    values: &'a mut [Value],
    /// Which variables were already copied out of the (shared) stored state.
    copied: Vec<bool>,
    enabled: &'a mut [bool],
    accesses: &'a mut Vec<Access>,
}

impl ExecHost<'_> {
    fn variable(&mut self, i: usize) -> &Value {
        if !self.copied[i] {
            self.values[i] = self.values[i].deep_copy();
            self.copied[i] = true;
        }
        &self.values[i]
    }
}

impl Host for ExecHost<'_> {
    /// The model's shared variables are the script's binding, read before its getters and
    /// its methods as values, as Groovy reads the binding first.
    fn bound_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        self.get_global(interp, name)
    }

    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        let Some(&i) = self.var_index.get(name) else { return Ok(None) };
        let location = Location::data(i as u32);
        crate::record(self.accesses, Access::read(location));
        let value = self.variable(i).clone();
        if value.may_change_in_place() {
            crate::record(self.accesses, Access::write(location));
        }
        Ok(Some(value))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        let Some(&i) = self.var_index.get(name) else {
            return Err(undeclared_assignment(name));
        };
        crate::record(self.accesses, Access::write(Location::data(i as u32)));
        self.values[i] = value;
        self.copied[i] = true;
        Ok(())
    }

    fn call_function(
        &mut self,
        _interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        let on = match name {
            "enable" => true,
            "disable" => false,
            _ => return Ok(None),
        };
        let event = match args.as_slice() {
            [v] => v.as_str().and_then(|n| self.event_index.get(n)).copied(),
            _ => None,
        };
        let Some(event) = event else {
            let shown = match args.as_slice() {
                [Value::Str(n) | Value::GString(n)] => format!("`{n}`"),
                [v] => format!("{v} (not an event name)"),
                _ => "(it takes one event name)".to_string(),
            };
            return Err(model_error(format!("{name}(): no event named {shown}")));
        };
        self.accesses.push(Access::write(Location::shadow(event)));
        self.enabled[event as usize] = on;
        Ok(Some(Value::Null))
    }

    fn now_millis(&mut self) -> i64 {
        MODEL_CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

impl TransitionSystem for ModelSystem {
    type State = ModelState;
    type Label = ();

    fn initial_state(&mut self) -> ModelState {
        let mut state = ModelState {
            values: self.initial_values.iter().map(Value::deep_copy).collect(),
            enabled: self.events.iter().map(|e| e.initially_enabled).collect(),
        };
        if let Some(k) = self.bound_collections {
            bound_values(&mut state.values, k);
        }
        state
    }

    fn fingerprint(&self, state: &ModelState) -> Fingerprint {
        let mut h = FingerprintHasher::new();
        for v in state.values.iter() {
            v.hash_state(&mut h);
        }
        for &on in state.enabled.iter() {
            h.write_u8(on as u8);
        }
        h.fingerprint()
    }

    fn enabled(&mut self, state: &ModelState, out: &mut Vec<EventId>) {
        out.extend(state.enabled.iter().enumerate().filter(|(_, &on)| on).map(|(i, _)| i as EventId));
    }

    fn execute(&mut self, state: &ModelState, event: EventId, accesses: &mut Vec<Access>) -> Step<ModelState> {
        let mut next = state.clone();
        let handler = self.events[event as usize].handler.clone();
        let result = {
            let mut host = ExecHost {
                var_index: &self.var_index,
                event_index: &self.event_index,
                copied: vec![false; next.values.len()],
                values: &mut next.values,
                enabled: &mut next.enabled,
                accesses,
            };
            self.interp.restart_random();
            self.interp.call_value(&mut host, &handler, Vec::new())
        };
        if let Some(k) = self.bound_collections {
            bound_values(&mut next.values, k);
        }
        // A write that left the variable as it was (including a collection read out of a
        // variable and not changed in place) is a read.
        demote_unchanged_writes(accesses, |l| {
            l.data_index().is_some_and(|i| state.values[i as usize].state_eq(&next.values[i as usize]))
        });
        self.last_interrupt = None;
        let written = |i: usize| accesses.iter().any(|a| a.kind.writes() && a.location.data_index() == Some(i as u32));
        let held = next.values.iter_mut().enumerate().filter(|(i, _)| written(*i));
        let captures = drop_captured_locals(&self.file, held.map(|(i, v)| (&*self.var_names[i], v)));
        let mut findings = match result {
            Ok(_) => Vec::new(),
            Err(e) => match interruption(&e) {
                Some(interrupted) => {
                    self.last_interrupt = Some(interrupted);
                    Vec::new()
                }
                None => vec![self.finding(&e)],
            },
        };
        findings.extend(captures);
        Step { next, findings, label: () }
    }

    fn set_watchdog(&mut self, watchdog: Option<Watchdog>) {
        self.interp.set_interrupt(watchdog.map(|w| Interrupt {
            deadline: w.deadline,
            memory_limit: w.memory_limit,
            memory_in_use: eventide_engine::memory::memory_in_use,
        }));
        self.last_interrupt = None;
    }

    fn interrupted(&mut self) -> Option<StopReason> {
        self.last_interrupt.as_ref().map(|(reason, _)| *reason)
    }

    fn interrupted_at(&mut self) -> Option<SourcePosition> {
        self.last_interrupt.as_ref().and_then(|(_, at)| at.clone())
    }

    fn event_name(&self, event: EventId) -> String {
        self.events.get(event as usize).map_or_else(|| format!("event#{event}"), |e| e.name.clone())
    }

    fn measure(&mut self, state: &ModelState, values: bool, out: &mut Vec<Measure>) {
        for (i, v) in state.values.iter().enumerate() {
            let value = if values { hash_of(v) } else { 0 };
            out.push(Measure { location: Location::data(i as u32), size: v.growth_size(), value });
        }
    }

    fn describe_location(&self, location: Location) -> (Option<String>, String) {
        let name = location.data_index().and_then(|i| self.var_names.get(i as usize));
        (None, name.map_or_else(|| format!("{location:?}"), |n| n.to_string()))
    }

    fn states_equal(&self, a: &ModelState, b: &ModelState) -> Option<bool> {
        Some(
            a.enabled == b.enabled
                && a.values.len() == b.values.len()
                && a.values.iter().zip(b.values.iter()).all(|(x, y)| x.state_eq(y)),
        )
    }

    /// The shared variables whose values differ (the engine compares enabled events itself).
    fn state_differences(&self, a: &ModelState, b: &ModelState) -> Option<Vec<eventide_engine::StateDifference>> {
        let differ = a.values.iter().zip(b.values.iter()).enumerate().filter(|(_, (x, y))| !x.state_eq(y));
        Some(
            differ
                .map(|(i, (x, y))| {
                    let (first, second) = shown_apart(x, y);
                    eventide_engine::StateDifference {
                        what: self.var_names[i].to_string(),
                        first,
                        second,
                        enabling: false,
                    }
                })
                .collect(),
        )
    }
}

/// Two values that differ as state, shown so that a reader sees how: as Groovy prints them, with
/// their types when the texts agree (`1` and `1L`), or noting that they differ only in what
/// printing does not show.
pub(crate) fn shown_apart(x: &Value, y: &Value) -> (String, String) {
    let (a, b) = (x.to_string(), y.to_string());
    if a != b {
        return (a, b);
    }
    let (ta, tb) = (x.type_name(), y.type_name());
    if ta != tb {
        return (format!("{a} ({ta})"), format!("{b} ({tb})"));
    }
    (a, format!("{b} (printed alike; they differ in what printing does not show: which parts are shared, a closure's delegate, a generator's seed)"))
}

/// A loaded model file: an event model, or a program of threads with event queues
/// ([`threads`]).
pub enum Program {
    Events(ModelSystem),
    Threads(ThreadSystem),
}

/// Reads, parses and loads a model file of either form: a file whose top level calls
/// `thread(...)` is a program of threads, any other an event model.
pub fn load_program(path: &Path) -> Result<Program, LoadError> {
    let file = SourceFile::read(path).map_err(|e| LoadError {
        diagnostic: Diagnostic::whole_file(&path.display().to_string(), format!("cannot read model file: {e}")),
        kind: LoadErrorKind::Io,
    })?;
    program_from_source(file)
}

/// Loads a model file of either form from source text (see [`load_program`]).
pub fn program_from_source(file: SourceFile) -> Result<Program, LoadError> {
    let file = Arc::new(file);
    let script = parse(&file)
        .map_err(|e| LoadError { diagnostic: Diagnostic::from_syntax(&file, &e), kind: LoadErrorKind::Syntax })?;
    if threads::declares_threads(&script) {
        return ThreadSystem::from_script(file, Arc::new(script)).map(Program::Threads);
    }
    let file = SourceFile::new(file.name_arc(), file.text_arc());
    ModelSystem::from_source(file).map(Program::Events)
}
