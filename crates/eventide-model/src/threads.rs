//! Programs of threads with FIFO event queues: model files with `thread(...)`, `handler(...)`,
//! `post(...)`, `acquire(...)` and `release(...)`, as a [`TransitionSystem`] whose events are the
//! threads (event `t` = "thread `t` makes its next step").
//!
//! ```groovy
//! x = 0                                   // shared variables
//! thread("main") {                        // a thread: each top-level statement is one step
//!     x = 1
//!     post("ui", "refresh")               // append "refresh" to thread ui's queue
//! }
//! thread("ui", looper: true) { }          // a looper: after its body, it runs the handlers of
//!                                         // the events in its queue one at a time, FIFO
//! handler("refresh") {                    // a handler: each top-level statement is one step
//!     def v = x                           // locals live in the thread's frame (in the state)
//!     assert v == 1 : "stale"
//! }
//! ```
//!
//! - Threads start at load, in declaration order. A thread's body and a handler are run a
//!   top-level statement at a time; other threads' steps interleave between them. A statement is
//!   atomic, however much it does (`x = y + 1` reads and writes in one step).
//! - `post("thread", "event")` (anywhere in a step) appends the event to the queue of a looper
//!   thread; the looper runs the event's handler when it is idle and the event is first in its
//!   queue. A non-looper thread ends after its body; a looper waits for events.
//! - `acquire("lock")` is a step of its own that blocks while another thread holds the lock;
//!   `release("lock")` frees it. Locks are not re-entrant: acquiring a lock one holds, or
//!   releasing a lock one does not hold, is an `app_exception`.
//! - Findings: a failed `assert` (a violation), a runtime fault (an `app_exception`), either of
//!   which ends the current body or handler run; and a **deadlock** — a state where some thread
//!   is blocked and no thread can move — reported as a violation whose message starts with
//!   `deadlock:`, with the trace that reaches it.
//! - Load-time errors, located: posting to an unknown thread or a thread without a queue, an
//!   event without a handler, an `acquire` nested inside a statement, releasing a lock no
//!   `acquire` takes, duplicate names, mixing `event(...)` with threads.
//!
//! Accesses: a shared variable's location per read and write (as for event models, with exact
//! writes); `acquire` writes the lock's location, and a step after which a thread's next step
//! is an `acquire` (the thread's own step, or a post to an idle looper) reads it, since whether
//! that thread can move now depends on the lock; `release` writes the lock's location (a failed
//! one reads it): whether a looper's release succeeds depends on which of its handler runs
//! acquired the lock first, so two such runs must be ordered by their accesses; a post writes the target's queue location. Taking the
//! handler at the head of a queue accesses nothing: it commutes with posts, which append at the
//! tail, and a post to an empty queue enables it (enabling again). The queue locations make two
//! posts to one thread conflict for `--por dpor` (the paper's baseline); EM-DPOR drops them
//! (they are listed in each step's [`TaskStep::queues`]) and orders handler runs with its FIFO
//! rule. The system says its events are threads ([`TransitionSystem::events_are_threads`]):
//! stateful DPOR takes the post or release that enables a thread as happening before the
//! thread's steps.

use crate::lint::{self, ModelNames, ThreadNames};
use crate::{
    eval_diagnostic, flag_option, model_error, undeclared_assignment, LoadError, LoadErrorKind, SharedVariables,
    MODEL_CLOCK_MILLIS,
};
use eventide_engine::{
    demote_unchanged_writes, Access, EventId, Finding, FindingKind, Fingerprint, FingerprintHasher, Location,
    SourcePosition, Step, StopReason, TaskStep, TransitionSystem, Watchdog,
};
use eventide_groovy::eval::{ErrorKind, EvalError, Host, Interpreter, Interrupt, Value};
use eventide_groovy::syntax::visit::for_each_expr;
use eventide_groovy::syntax::{Args, Expr, ExprKind, Member, Name, Script, SourceFile, Span, StmtKind};
use eventide_groovy::Diagnostic;
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hasher;
use std::sync::Arc;

/// One step of a body: where it is and whether it is an `acquire`.
#[derive(Clone, Debug)]
struct StepInfo {
    line: u32,
    column: u32,
    /// The statement's first line, trimmed, for traces.
    text: String,
    acquire: Option<u32>,
}

/// A thread body or a handler.
struct Code {
    name: String,
    closure: Value,
    steps: Vec<StepInfo>,
}

struct ThreadDecl {
    code: Code,
    looper: bool,
}

/// The names a running step looks up.
struct Names {
    var_index: FxHashMap<Arc<str>, usize>,
    thread_index: FxHashMap<String, u32>,
    thread_names: Vec<String>,
    loopers: Vec<bool>,
    handler_index: FxHashMap<String, u32>,
    lock_index: FxHashMap<String, u32>,
    vars: usize,
    locks: usize,
}

impl Names {
    fn lock_location(&self, lock: u32) -> Location {
        Location::data((self.vars + lock as usize) as u32)
    }

    fn queue_location(&self, thread: u32) -> Location {
        Location::data((self.vars + self.locks + thread as usize) as u32)
    }
}

/// A loaded program of threads.
pub struct ThreadSystem {
    file: Arc<SourceFile>,
    interp: Interpreter,
    var_names: Vec<Arc<str>>,
    initial_values: Vec<Value>,
    threads: Vec<ThreadDecl>,
    handlers: Vec<Code>,
    locks: Vec<String>,
    names: Names,
    /// Why and where the watchdog interrupted the last step, if it did.
    last_interrupt: Option<crate::Interruption>,
    /// `--bound-collections`: every shared variable and local keeps at most its last K
    /// elements after each step (see [`ThreadSystem::set_bound_collections`]).
    bound_collections: Option<usize>,
}

/// Where a thread is: the code it runs (`None` = its body, `Some(h)` = handler `h`) and the
/// index of its next step.
type At = (Option<u32>, u32);

/// One thread's part of a state.
#[derive(Clone, Debug)]
struct ThreadFrame {
    /// `None` when idle (a looper waiting for events) or finished.
    at: Option<At>,
    locals: Vec<(Name, Value)>,
    queue: Vec<u32>,
}

/// A state: the shared variables, every thread's position, locals and queue, and the holder of
/// every lock.
#[derive(Clone, Debug)]
pub struct ThreadState {
    values: Box<[Value]>,
    threads: Box<[ThreadFrame]>,
    locks: Box<[Option<u32>]>,
}

impl ThreadState {
    /// The values of the shared variables, in declaration order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// The step a thread would make next.
struct NextStep {
    at: At,
    /// The step takes the handler from the front of the queue.
    begins: bool,
}

/// The host while the file's top level runs: collects variables, threads and handlers.
#[derive(Default)]
struct LoadHost {
    vars: SharedVariables,
    threads: Vec<(String, bool, Value)>,
    handlers: Vec<(String, Value)>,
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
            "thread" => {
                let mut args = args.into_iter().peekable();
                let looper = flag_option(&mut args, "thread", "looper", false)?;
                let (Some(name), Some(body), None) = (args.next(), args.next(), args.next()) else {
                    return Err(model_error("thread() takes a name and a body: thread(\"name\") { ... }".into()));
                };
                let name = named("thread", &name, &body)?;
                if self.threads.iter().any(|(n, _, _)| *n == name) {
                    return Err(model_error(format!("thread `{name}` is declared twice")));
                }
                self.threads.push((name, looper, body));
                Ok(Some(Value::Null))
            }
            "handler" => {
                let (Some(name), Some(body), None) = (args.first(), args.get(1), args.get(2)) else {
                    return Err(model_error("handler() takes an event name and a body: handler(\"e\") { ... }".into()));
                };
                let name = named("handler", name, body)?;
                if self.handlers.iter().any(|(n, _)| *n == name) {
                    return Err(model_error(format!("the handler of `{name}` is declared twice")));
                }
                self.handlers.push((name, body.clone()));
                Ok(Some(Value::Null))
            }
            "event" => Err(model_error(
                "a model file declares either events (`event`) or threads (`thread`, `handler`), not both".into(),
            )),
            "post" | "acquire" | "release" => {
                Err(model_error(format!("{name}() can only be called inside a thread or a handler")))
            }
            _ => Ok(None),
        }
    }

    fn now_millis(&mut self) -> i64 {
        MODEL_CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

/// The name of a thread or handler declaration, checked with its body.
fn named(what: &str, name: &Value, body: &Value) -> Result<String, EvalError> {
    let Some(name) = name.as_str().map(str::to_string) else {
        return Err(model_error(format!("a {what}'s name must be a string")));
    };
    // Traces show `thread · handler · step`: a name must be seen, and must not look like that.
    if name.trim().is_empty() || name.contains('\u{b7}') {
        return Err(model_error(format!("a {what}'s name must be non-empty text without `\u{b7}`: {name:?}")));
    }
    if Interpreter::closure_statements(body).is_none() {
        return Err(model_error(format!("{what} `{name}` needs a body written as a closure: {{ ... }}")));
    }
    Ok(name)
}

/// A call `thread(...)` or `handler(...)` (no receiver): its name and arguments.
fn declaration_call(e: &Expr) -> Option<(&str, &Args)> {
    match &e.kind {
        ExprKind::MethodCall { object: None, member: Member::Name(name), args, .. }
            if &**name == "thread" || &**name == "handler" =>
        {
            Some((name, args))
        }
        _ => None,
    }
}

/// Whether a parsed model file is a program of threads: it calls `thread(...)` somewhere (at the
/// top level, in a loop or in a method it runs), or declares handlers without any `event(...)`,
/// and declares no method of those names itself.
pub(crate) fn declares_threads(script: &Script) -> bool {
    let own: Vec<&str> = script
        .stmts
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Method(m) => Some(&*m.name),
            _ => None,
        })
        .collect();
    let (mut threads, mut handlers, mut events) = (false, false, false);
    for_each_expr(&script.stmts, &mut |e| {
        if let ExprKind::MethodCall { object: None, member: Member::Name(name), .. } = &e.kind {
            match &**name {
                "thread" if !own.contains(&"thread") => threads = true,
                "handler" if !own.contains(&"handler") => handlers = true,
                "event" => events = true,
                _ => {}
            }
        }
    });
    threads || (handlers && !events)
}

impl ThreadSystem {
    /// Loads a program of threads from parsed source (see [`crate::load_program`]).
    pub(crate) fn from_script(file: Arc<SourceFile>, script: Arc<Script>) -> Result<ThreadSystem, LoadError> {
        let mut interp = Interpreter::new(script.clone(), file.clone());
        let mut host = LoadHost::default();
        // A top level that never ends is a load error, not a hang.
        let loaded = crate::run_top_level(&mut interp, &mut host);
        if let Err(e) = loaded {
            if let Some(error) = crate::stopped_loading(&file, &e, "program") {
                return Err(error);
            }
            let kind = match e.kind {
                ErrorKind::Unsupported { .. } => LoadErrorKind::Unsupported,
                _ => LoadErrorKind::Model,
            };
            return Err(LoadError { diagnostic: eval_diagnostic(&file, &e), kind });
        }
        let model_error = |span: Span, message: String| LoadError {
            diagnostic: Diagnostic::at(&file, span, message),
            kind: LoadErrorKind::Model,
        };
        // Locks: the names of top-level acquire statements.
        let mut locks: Vec<String> = Vec::new();
        let bodies: Vec<&Value> =
            host.threads.iter().map(|(_, _, b)| b).chain(host.handlers.iter().map(|(_, b)| b)).collect();
        for body in &bodies {
            for stmt in Interpreter::closure_statements(body).unwrap_or(&[]) {
                if let Some(Ok((lock, _))) = lint::top_level_acquire(stmt) {
                    if !locks.iter().any(|l| l == lock) {
                        locks.push(lock.to_string());
                    }
                }
            }
        }
        let lock_index: FxHashMap<String, u32> = locks.iter().enumerate().map(|(i, l)| (l.clone(), i as u32)).collect();
        let code = |name: &str, closure: &Value| -> Code {
            let steps = Interpreter::closure_statements(closure)
                .unwrap_or(&[])
                .iter()
                .map(|stmt| {
                    let lc = file.line_col(stmt.span.start);
                    let text = file.text().get(stmt.span.start as usize..stmt.span.end as usize).unwrap_or("");
                    let text = text.lines().next().unwrap_or("").trim().to_string();
                    let acquire = match lint::top_level_acquire(stmt) {
                        Some(Ok((lock, _))) => lock_index.get(lock).copied(),
                        _ => None,
                    };
                    StepInfo { line: lc.line, column: lc.column, text, acquire }
                })
                .collect();
            Code { name: name.to_string(), closure: closure.clone(), steps }
        };
        if host.threads.is_empty() {
            let mut first = None;
            for_each_expr(&script.stmts, &mut |e| {
                if first.is_none() && declaration_call(e).is_some() {
                    first = Some(e.span);
                }
            });
            let span = first.unwrap_or(Span { start: 0, end: 0 });
            return Err(model_error(span, "a program of threads needs a thread: declare one with thread(\"name\") { ... } (handlers run on loopers)".into()));
        }
        let threads: Vec<ThreadDecl> =
            host.threads.iter().map(|(n, looper, b)| ThreadDecl { code: code(n, b), looper: *looper }).collect();
        let handlers: Vec<Code> = host.handlers.iter().map(|(n, b)| code(n, b)).collect();
        // Checks of the bodies written as closure literals.
        let shared: FxHashSet<String> = host.vars.names().map(|n| n.to_string()).collect();
        let no_events = FxHashSet::default();
        let (top_locals, top_mutable) = lint::top_level_locals(&script.stmts, &shared);
        let names =
            ModelNames { shared: &shared, events: &no_events, top_locals: &top_locals, top_mutable: &top_mutable };
        let thread_names: FxHashSet<String> = threads.iter().map(|t| t.code.name.clone()).collect();
        let loopers: FxHashSet<String> = threads.iter().filter(|t| t.looper).map(|t| t.code.name.clone()).collect();
        let handler_names: FxHashSet<String> = handlers.iter().map(|h| h.name.clone()).collect();
        let lock_names: FxHashSet<String> = locks.iter().cloned().collect();
        let tn =
            ThreadNames { threads: &thread_names, loopers: &loopers, handlers: &handler_names, locks: &lock_names };
        // The file's methods run inside steps and get a step's checks; a method that declares
        // threads runs at load instead (its bodies were checked above).
        for stmt in &script.stmts {
            let StmtKind::Method(m) = &stmt.kind else { continue };
            let mut declares = false;
            for_each_expr(&m.body, &mut |e| declares |= declaration_call(e).is_some());
            if declares {
                continue;
            }
            let params: Vec<String> = m.params.iter().map(|p| p.name.to_string()).collect();
            lint::check_thread_method(&m.body, &params, &names, &tn).map_err(|e| model_error(e.span, e.message))?;
        }
        // Every `thread(...)`/`handler(...)` call, wherever it is (a loop declaring workers, a
        // method the top level calls): the bodies written as closure literals. A call inside a
        // body is refused there, since a step cannot declare a thread.
        let mut first_error: Option<LoadError> = None;
        for_each_expr(&script.stmts, &mut |e| {
            let Some((name, args)) = declaration_call(e) else { return };
            for arg in &args.positional {
                let ExprKind::Closure(c) = &arg.kind else { continue };
                let error = if c.params.as_ref().is_some_and(|p| !p.is_empty()) {
                    Some(model_error(c.span, format!("a {name} body takes no parameters")))
                } else {
                    lint::check_thread_body(&c.body, &names, &tn).err().map(|e| model_error(e.span, e.message))
                };
                if first_error.is_none() {
                    first_error = error;
                }
            }
        });
        if let Some(error) = first_error {
            return Err(error);
        }
        let names = Names {
            var_index: host.vars.names().enumerate().map(|(i, n)| (n.clone(), i)).collect(),
            thread_index: threads.iter().enumerate().map(|(i, t)| (t.code.name.clone(), i as u32)).collect(),
            thread_names: threads.iter().map(|t| t.code.name.clone()).collect(),
            loopers: threads.iter().map(|t| t.looper).collect(),
            handler_index: handlers.iter().enumerate().map(|(i, h)| (h.name.clone(), i as u32)).collect(),
            lock_index,
            vars: host.vars.len(),
            locks: locks.len(),
        };
        Ok(ThreadSystem {
            var_names: host.vars.names().cloned().collect(),
            initial_values: host.vars.into_values(),
            threads,
            handlers,
            locks,
            names,
            file,
            interp,
            last_interrupt: None,
            bound_collections: None,
        })
    }

    /// The names of the threads, in declaration order (thread `t` is event `t`).
    /// `--bound-collections K`: after every step each shared variable and each local of the
    /// stepping thread keeps at most its last K elements (the bound of model files of events;
    /// it changes the program). Event queues are not cut: a queue is the program's control.
    pub fn set_bound_collections(&mut self, k: Option<usize>) {
        self.bound_collections = k;
    }

    pub fn thread_names(&self) -> impl Iterator<Item = &str> {
        self.threads.iter().map(|t| t.code.name.as_str())
    }

    /// The names of the shared variables, in declaration order.
    pub fn variable_names(&self) -> &[Arc<str>] {
        &self.var_names
    }

    fn code(&self, which: Option<u32>, thread: usize) -> &Code {
        match which {
            None => &self.threads[thread].code,
            Some(h) => &self.handlers[h as usize],
        }
    }

    /// The step thread `t` would make next, blocked or not.
    fn next_step(&self, state: &ThreadState, t: usize) -> Option<NextStep> {
        let frame = &state.threads[t];
        match frame.at {
            Some(at) => Some(NextStep { at, begins: false }),
            None if self.threads[t].looper => frame.queue.first().map(|&h| NextStep { at: (Some(h), 0), begins: true }),
            None => None,
        }
    }

    fn step_info(&self, t: usize, at: At) -> Option<&StepInfo> {
        self.code(at.0, t).steps.get(at.1 as usize)
    }

    /// The lock thread `t`'s next step waits for, when another thread holds it.
    fn blocked_on(&self, state: &ThreadState, t: usize) -> Option<(u32, u32)> {
        let next = self.next_step(state, t)?;
        let lock = self.step_info(t, next.at)?.acquire?;
        match state.locks[lock as usize] {
            Some(holder) if holder as usize != t => Some((lock, holder)),
            _ => None,
        }
    }

    fn can_move(&self, state: &ThreadState, t: usize) -> bool {
        self.next_step(state, t).is_some() && self.blocked_on(state, t).is_none()
    }

    /// A deadlock finding when some thread is blocked in `state` and no thread can move.
    fn deadlock(&self, state: &ThreadState) -> Option<Finding> {
        if (0..self.threads.len()).any(|t| self.can_move(state, t)) {
            return None;
        }
        let mut parts = Vec::new();
        let mut position = None;
        for t in 0..self.threads.len() {
            let Some((lock, holder)) = self.blocked_on(state, t) else { continue };
            let next = self.next_step(state, t).expect("a blocked thread has a next step");
            let (line, column) = self.step_info(t, next.at).map_or((0, 0), |s| (s.line, s.column));
            if position.is_none() {
                position = Some(SourcePosition { file: self.file.name().to_string(), line, column });
            }
            parts.push(format!(
                "{} waits at line {line} for lock `{}`, held by {}",
                self.threads[t].code.name, self.locks[lock as usize], self.threads[holder as usize].code.name
            ));
        }
        if parts.is_empty() {
            return None;
        }
        let message = format!("deadlock: {}", parts.join("; "));
        Some(Finding { kind: FindingKind::Violation, key: message.clone(), message, position })
    }

    fn finding(&self, error: &EvalError) -> Finding {
        crate::finding_of(error)
    }

    /// A readable line per step of `trace` (thread, handler or body, step, line, statement),
    /// found by replaying it from the initial state.
    pub fn describe_trace(&mut self, trace: &[EventId]) -> Vec<String> {
        let mut state = self.initial_state();
        let mut lines = Vec::new();
        let mut accesses = Vec::new();
        for &event in trace {
            let t = event as usize;
            let line = match (t < self.threads.len()).then(|| self.next_step(&state, t)).flatten() {
                Some(next) => {
                    let info = self.step_info(t, next.at);
                    let code = match next.at.0 {
                        None => "body".to_string(),
                        Some(h) => format!("handler {}", self.handlers[h as usize].name),
                    };
                    match info {
                        Some(info) => format!(
                            "{} · {code} · step {} (line {}): {}",
                            self.threads[t].code.name,
                            next.at.1 + 1,
                            info.line,
                            info.text
                        ),
                        None => format!("{} · {code} · (empty)", self.threads[t].code.name),
                    }
                }
                None => format!("{} (cannot move)", self.event_name(event)),
            };
            lines.push(line);
            accesses.clear();
            state = self.execute(&state, event, &mut accesses).next;
        }
        lines
    }
}

/// The host while a step runs: the shared variables, the queues and locks, and what the step did.
struct ExecHost<'a> {
    names: &'a Names,
    thread: u32,
    values: &'a mut [Value],
    threads: &'a mut [ThreadFrame],
    locks: &'a mut [Option<u32>],
    accesses: &'a mut Vec<Access>,
    posts: &'a mut Vec<(u32, u32)>,
    queues: &'a mut Vec<Location>,
}

impl Host for ExecHost<'_> {
    /// The model's shared variables are the script's binding, read before its getters and
    /// its methods as values, as Groovy reads the binding first.
    fn bound_global(&mut self, interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        self.get_global(interp, name)
    }

    fn get_global(&mut self, _interp: &mut Interpreter, name: &str) -> Result<Option<Value>, EvalError> {
        let Some(&i) = self.names.var_index.get(name) else { return Ok(None) };
        let location = Location::data(i as u32);
        crate::record(self.accesses, Access::read(location));
        let value = self.values[i].clone();
        if value.may_change_in_place() {
            crate::record(self.accesses, Access::write(location));
        }
        Ok(Some(value))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, name: &str, value: Value) -> Result<(), EvalError> {
        let Some(&i) = self.names.var_index.get(name) else {
            return Err(undeclared_assignment(name));
        };
        crate::record(self.accesses, Access::write(Location::data(i as u32)));
        self.values[i] = value;
        Ok(())
    }

    fn call_function(
        &mut self,
        _interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        let me = &self.names.thread_names[self.thread as usize];
        match name {
            "post" => {
                let (Some(thread), Some(event), None) =
                    (args.first().and_then(Value::as_str), args.get(1).and_then(Value::as_str), args.get(2))
                else {
                    return Err(model_error("post() takes a thread name and an event name".into()));
                };
                let Some(&target) = self.names.thread_index.get(thread) else {
                    return Err(model_error(format!("post(): no thread named `{thread}`")));
                };
                if !self.names.loopers[target as usize] {
                    return Err(model_error(format!("post(): thread `{thread}` has no event queue")));
                }
                let Some(&handler) = self.names.handler_index.get(event) else {
                    return Err(model_error(format!("post(): event `{event}` has no handler")));
                };
                self.threads[target as usize].queue.push(handler);
                let queue = self.names.queue_location(target);
                self.accesses.push(Access::write(queue));
                self.queues.push(queue);
                self.posts.push((target, handler));
                Ok(Some(Value::Null))
            }
            "release" => {
                let lock = args.first().and_then(Value::as_str).unwrap_or("?");
                let Some(&l) = self.names.lock_index.get(lock) else {
                    return Err(model_error(format!("release(\"{lock}\"): no such lock")));
                };
                // Whether the release succeeds depends on whether this thread holds the lock,
                // which its own earlier handler runs may decide: a failed release reads the
                // lock, a release frees it (writes).
                let location = self.names.lock_location(l);
                if self.locks[l as usize] != Some(self.thread) {
                    self.accesses.push(Access::read(location));
                    return Err(model_error(format!("release(\"{lock}\"): thread {me} does not hold the lock")));
                }
                self.accesses.push(Access::write(location));
                self.locks[l as usize] = None;
                Ok(Some(Value::Null))
            }
            "acquire" => Err(model_error("acquire() must be a step of its own".into())),
            "enable" | "disable" => Err(model_error(format!("{name}() does not exist in programs of threads"))),
            _ => Ok(None),
        }
    }

    fn now_millis(&mut self) -> i64 {
        MODEL_CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

impl TransitionSystem for ThreadSystem {
    type State = ThreadState;
    type Label = TaskStep;

    fn initial_state(&mut self) -> ThreadState {
        ThreadState {
            values: self.initial_values.iter().map(Value::deep_copy).collect(),
            threads: self
                .threads
                .iter()
                .map(|t| ThreadFrame {
                    at: (!t.code.steps.is_empty()).then_some((None, 0)),
                    locals: Vec::new(),
                    queue: Vec::new(),
                })
                .collect(),
            locks: vec![None; self.locks.len()].into_boxed_slice(),
        }
    }

    fn fingerprint(&self, state: &ThreadState) -> Fingerprint {
        let mut h = FingerprintHasher::new();
        for v in state.values.iter() {
            v.hash_state(&mut h);
        }
        for frame in state.threads.iter() {
            match frame.at {
                None => h.write_u8(0),
                Some((code, step)) => {
                    h.write_u8(1);
                    h.write_u32(code.map_or(u32::MAX, |c| c));
                    h.write_u32(step);
                }
            }
            h.write_usize(frame.locals.len());
            for (name, value) in &frame.locals {
                h.write(name.as_bytes());
                h.write_u8(0xff);
                value.hash_state(&mut h);
            }
            h.write_usize(frame.queue.len());
            for &e in &frame.queue {
                h.write_u32(e);
            }
        }
        for holder in state.locks.iter() {
            h.write_u32(holder.map_or(u32::MAX, |t| t));
        }
        h.fingerprint()
    }

    fn enabled(&mut self, state: &ThreadState, out: &mut Vec<EventId>) {
        out.extend((0..self.threads.len()).filter(|&t| self.can_move(state, t)).map(|t| t as EventId));
    }

    fn execute(
        &mut self,
        state: &ThreadState,
        event: EventId,
        accesses: &mut Vec<Access>,
    ) -> Step<ThreadState, TaskStep> {
        let t = event as usize;
        let mut next = state.clone();
        let mut label = TaskStep { thread: event, ..TaskStep::default() };
        self.last_interrupt = None;
        let Some(step) = self.next_step(state, t) else {
            // Not enabled: nothing happens (the engine only executes enabled threads).
            return Step { next, findings: Vec::new(), label };
        };
        label.handler = step.at.0;
        label.begins = step.begins;
        let mut locals = std::mem::take(&mut next.threads[t].locals);
        if step.begins {
            next.threads[t].queue.remove(0);
            locals.clear();
        }
        for v in next.values.iter_mut() {
            *v = v.deep_copy();
        }
        for (_, v) in locals.iter_mut() {
            *v = v.deep_copy();
        }
        let code_len = self.code(step.at.0, t).steps.len();
        let info = self.step_info(t, step.at).cloned();
        let mut findings = Vec::new();
        let result: Result<bool, EvalError> = match info.as_ref().and_then(|i| i.acquire) {
            Some(lock) => {
                accesses.push(Access::write(self.names.lock_location(lock)));
                if next.locks[lock as usize] == Some(event) {
                    // Worded as the other faults of locks and posts (an `eventide.ModelError`).
                    let message = format!(
                        "eventide.ModelError: acquire(\"{}\"): thread {} already holds the lock",
                        self.locks[lock as usize], self.threads[t].code.name
                    );
                    let (line, column) = info.as_ref().map_or((0, 0), |i| (i.line, i.column));
                    let position = SourcePosition { file: self.file.name().to_string(), line, column };
                    findings.push(Finding {
                        kind: FindingKind::AppException,
                        key: format!("{position}:{message}"),
                        message,
                        position: Some(position),
                    });
                    Ok(true)
                } else {
                    next.locks[lock as usize] = Some(event);
                    Ok(false)
                }
            }
            None if code_len == 0 => Ok(true),
            None => {
                let closure = self.code(step.at.0, t).closure.clone();
                let mut posts = Vec::new();
                let mut queues = Vec::new();
                let ThreadState { values, threads, locks } = &mut next;
                let r = {
                    let mut host = ExecHost {
                        names: &self.names,
                        thread: event,
                        values,
                        threads,
                        locks,
                        accesses,
                        posts: &mut posts,
                        queues: &mut queues,
                    };
                    self.interp.restart_random();
                    self.interp.run_closure_step(&mut host, &closure, step.at.1 as usize, &mut locals)
                };
                label.posts = posts;
                label.queues.extend(queues);
                r
            }
        };
        let ended = match result {
            Ok(returned) => returned || step.at.1 as usize + 1 >= code_len,
            Err(e) => {
                match crate::interruption(&e) {
                    Some(interrupted) => self.last_interrupt = Some(interrupted),
                    None => findings.push(self.finding(&e)),
                }
                true
            }
        };
        label.ends = ended;
        let frame = &mut next.threads[t];
        if ended {
            frame.at = None;
            frame.locals = Vec::new();
        } else {
            frame.at = Some((step.at.0, step.at.1 + 1));
            frame.locals = locals;
        }
        if let Some(k) = self.bound_collections {
            crate::bound_values(&mut next.values, k);
            for (_, v) in next.threads[t].locals.iter_mut() {
                if let Some(b) = v.bounded(k) {
                    *v = b;
                }
            }
        }
        let vars = self.var_names.len();
        let written = |i: usize| accesses.iter().any(|a| a.kind.writes() && a.location.data_index() == Some(i as u32));
        let ThreadState { values, threads, .. } = &mut next;
        let shared = values.iter_mut().enumerate().filter(|(i, _)| *i < vars && written(*i));
        let shared = shared.map(|(i, v)| (&*self.var_names[i], v));
        findings.extend(crate::drop_captured_locals(&self.file, shared));
        let locals = threads[t].locals.iter_mut().map(|(n, v)| (&**n, v));
        let captured = crate::drop_captured_locals(&self.file, locals);
        if !captured.is_empty() {
            // The run cannot go on with a local it could not keep (its later steps would see
            // null): it ends here, as at an exception.
            findings.extend(captured);
            label.ends = true;
            threads[t].at = None;
            threads[t].locals = Vec::new();
        }
        demote_unchanged_writes(accesses, |l| {
            l.data_index()
                .filter(|&i| (i as usize) < vars)
                .is_some_and(|i| state.values[i as usize].state_eq(&next.values[i as usize]))
        });
        // Whether a thread whose next step this step chose (its own, or a looper it posted to)
        // can move now depends on the lock that step acquires: the step reads the lock.
        let chosen = std::iter::once(event).chain(label.posts.iter().map(|&(target, _)| target));
        for u in chosen {
            let lock = self.next_step(&next, u as usize).and_then(|n| self.step_info(u as usize, n.at)?.acquire);
            if let Some(lock) = lock {
                accesses.push(Access::read(self.names.lock_location(lock)));
            }
        }
        if let Some(deadlock) = self.deadlock(&next) {
            findings.push(deadlock);
        }
        Step { next, findings, label }
    }

    fn event_name(&self, event: EventId) -> String {
        self.threads.get(event as usize).map_or_else(|| format!("thread#{event}"), |t| t.code.name.clone())
    }

    /// The shared variables (as a model file of events measures them) and every looper's queue
    /// (its length, and with `values` the handlers in it), for the diagnosis of unfinished runs:
    /// a looper that posts to itself more than it handles has a queue that grows forever.
    fn measure(&mut self, state: &ThreadState, values: bool, out: &mut Vec<eventide_engine::Measure>) {
        for (i, v) in state.values.iter().enumerate() {
            let value = if values { crate::hash_of(v) } else { 0 };
            out.push(eventide_engine::Measure { location: Location::data(i as u32), size: v.growth_size(), value });
        }
        for (t, frame) in state.threads.iter().enumerate() {
            if !self.names.loopers.get(t).copied().unwrap_or(false) {
                continue;
            }
            let value = if values {
                let mut h = rustc_hash::FxHasher::default();
                h.write_usize(frame.queue.len());
                frame.queue.iter().for_each(|&e| h.write_u32(e + 1));
                h.finish()
            } else {
                0
            };
            let location = self.names.queue_location(t as u32);
            out.push(eventide_engine::Measure { location, size: frame.queue.len() as u64, value });
        }
    }

    fn describe_location(&self, location: Location) -> (Option<String>, String) {
        let Some(i) = location.data_index().map(|i| i as usize) else { return (None, format!("{location:?}")) };
        let (vars, locks) = (self.var_names.len(), self.locks.len());
        let name = if i < vars {
            self.var_names[i].to_string()
        } else if i < vars + locks {
            format!("lock {}", self.locks[i - vars])
        } else {
            let thread = self.names.thread_names.get(i - vars - locks).map_or("?", String::as_str);
            format!("queue of {thread}")
        };
        (None, name)
    }

    fn states_equal(&self, a: &ThreadState, b: &ThreadState) -> Option<bool> {
        let frames_equal = |x: &ThreadFrame, y: &ThreadFrame| {
            x.at == y.at
                && x.queue == y.queue
                && x.locals.len() == y.locals.len()
                && x.locals.iter().zip(y.locals.iter()).all(|((n, v), (m, w))| n == m && v.state_eq(w))
        };
        Some(
            a.locks == b.locks
                && a.values.len() == b.values.len()
                && a.values.iter().zip(b.values.iter()).all(|(x, y)| x.state_eq(y))
                && a.threads.len() == b.threads.len()
                && a.threads.iter().zip(b.threads.iter()).all(|(x, y)| frames_equal(x, y)),
        )
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

    fn task_step(&self, label: &TaskStep) -> Option<TaskStep> {
        Some(label.clone())
    }

    /// A thread is enabled by the post that gives its idle looper a run, or by the release of the
    /// lock its next step takes: both happen before the steps it then makes.
    fn events_are_threads(&self) -> bool {
        true
    }

    fn blocked(&mut self, state: &ThreadState, out: &mut Vec<(EventId, Access)>) {
        for t in 0..self.threads.len() {
            if let Some((lock, _)) = self.blocked_on(state, t) {
                out.push((t as EventId, Access::write(self.names.lock_location(lock))));
            }
        }
    }
}
