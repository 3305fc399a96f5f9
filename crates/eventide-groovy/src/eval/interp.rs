//! The tree-walking interpreter: statements, expressions, name resolution and calls.
//!
//! Name resolution follows the order SmartApps rely on. A bare-name read tries the locals, the
//! delegates of the running closures, the script's methods (as method references) and getters,
//! then the host's globals; a bare call tries a local closure, the delegates, the script's
//! methods, the host's functions, then the evaluator's own global functions (`println`, `now`...).
//! Every read and write of a global name goes through the [`Host`].

use std::rc::Rc;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::convert;
use super::env::{Assigned, ClosureCtx, Env};
use super::error::{class, is_subclass, EvalError};
use super::host::Host;
use super::interrupt::{Interrupt, InterruptReason};
use super::ops::{self, Arith};
use super::value::{Closure, ClosureBody, GMap, Obj, Range, Strategy, Value};
use crate::syntax::*;

pub(crate) type R<T> = Result<T, EvalError>;

/// Non-local control flow out of a statement.
pub(crate) enum Flow {
    Normal,
    Return(Value),
    Break(Option<Name>),
    Continue(Option<Name>),
}

/// The dynamic context an expression is evaluated in.
#[derive(Clone)]
pub(crate) struct Frame {
    pub env: Rc<Env>,
    pub ctx: Option<Rc<ClosureCtx>>,
}

/// The native stack is checked (and grown on the heap if short) every this many nested
/// statements and expressions; the red zone covers the frames in between.
const STACK_CHECK_EVERY: u32 = 8;
const STACK_RED_ZONE: usize = 256 * 1024;
const STACK_SEGMENT: usize = 2 * 1024 * 1024;

/// Where `Math.random()`, `new Random()` and random UUIDs start (see
/// [`Interpreter::restart_random`]).
const RNG_SEED: u64 = 0x2545_F491_4F6C_DD1D;

/// Default limit of nested script-method and closure calls: deeper than the Groovy programs of
/// this domain recurse (the JVM's default stack holds a few thousand Groovy frames), shallow
/// enough that runaway recursion is reported at once (`StackOverflowError`). The native stack
/// grows on the heap as needed.
pub const DEFAULT_MAX_CALL_DEPTH: u32 = 3_000;

/// Evaluates one parsed script. Cheap to create per run; the script and its file are shared.
pub struct Interpreter {
    script: Arc<Script>,
    file: Arc<SourceFile>,
    methods: FxHashMap<Name, SmallVec<[Arc<MethodDecl>; 1]>>,
    /// `foo` → `getFoo()` for zero-parameter script methods named `getXxx` / `isXxx`.
    getters: FxHashMap<String, Arc<MethodDecl>>,
    /// `import a.b.C as D`: D → a.b.C.
    aliases: FxHashMap<String, String>,
    script_class: String,
    depth: u32,
    max_depth: u32,
    /// Nesting of statements and expressions being evaluated (for stack checks).
    nesting: u32,
    /// Nesting of `use(TimeCategory) { }` blocks.
    pub(crate) time_category: u32,
    pub(crate) regex_cache: FxHashMap<String, Rc<super::value::Pattern>>,
    pub(crate) rng_state: u64,
    /// The closures whose bodies are running, innermost last, with the call depth of each body:
    /// a bare `call(...)` in a body calls its own closure (recursion without a name).
    running_closures: Vec<(Rc<Closure>, u32)>,
    /// The span of the innermost bare call handed to the host (see [`Interpreter::call_site`]).
    call_span: Option<Span>,
    /// The limits checked every [`CHECK_EVERY`](super::interrupt::CHECK_EVERY) loop iterations
    /// and calls.
    interrupt: Option<Interrupt>,
    /// Loop iterations and calls since the last check.
    ticks: u32,
    /// Set once the interrupt tripped: every later check fails at once.
    interrupted: Option<InterruptReason>,
}

impl std::fmt::Debug for Interpreter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interpreter").field("file", &self.file.name()).finish()
    }
}

/// Names the evaluator resolves to classes when nothing else claims them.
const KNOWN_CLASSES: &[(&str, &str)] = &[
    ("Math", "java.lang.Math"),
    ("Integer", "java.lang.Integer"),
    ("Long", "java.lang.Long"),
    ("Double", "java.lang.Double"),
    ("Float", "java.lang.Float"),
    ("Short", "java.lang.Short"),
    ("Byte", "java.lang.Byte"),
    ("Character", "java.lang.Character"),
    ("Boolean", "java.lang.Boolean"),
    ("String", "java.lang.String"),
    ("Number", "java.lang.Number"),
    ("Object", "java.lang.Object"),
    ("System", "java.lang.System"),
    ("BigDecimal", "java.math.BigDecimal"),
    ("BigInteger", "java.math.BigInteger"),
    ("RoundingMode", "java.math.RoundingMode"),
    ("Date", "java.util.Date"),
    ("TimeZone", "java.util.TimeZone"),
    ("Calendar", "java.util.Calendar"),
    ("GregorianCalendar", "java.util.GregorianCalendar"),
    ("List", "java.util.List"),
    ("ArrayList", "java.util.ArrayList"),
    ("LinkedList", "java.util.LinkedList"),
    ("Map", "java.util.Map"),
    ("HashMap", "java.util.HashMap"),
    ("LinkedHashMap", "java.util.LinkedHashMap"),
    ("TreeMap", "java.util.TreeMap"),
    ("Set", "java.util.Set"),
    ("HashSet", "java.util.HashSet"),
    ("LinkedHashSet", "java.util.LinkedHashSet"),
    ("Collection", "java.util.Collection"),
    ("Collections", "java.util.Collections"),
    ("Arrays", "java.util.Arrays"),
    ("Random", "java.util.Random"),
    ("UUID", "java.util.UUID"),
    ("Locale", "java.util.Locale"),
    ("SimpleDateFormat", "java.text.SimpleDateFormat"),
    ("DecimalFormat", "java.text.DecimalFormat"),
    ("NumberFormat", "java.text.NumberFormat"),
    ("Pattern", "java.util.regex.Pattern"),
    ("Matcher", "java.util.regex.Matcher"),
    ("Closure", "groovy.lang.Closure"),
    ("GString", "groovy.lang.GString"),
    ("TimeCategory", "groovy.time.TimeCategory"),
    ("JsonSlurper", "groovy.json.JsonSlurper"),
    ("JsonOutput", "groovy.json.JsonOutput"),
    ("JsonBuilder", "groovy.json.JsonBuilder"),
    ("StringBuilder", "java.lang.StringBuilder"),
    ("StringBuffer", "java.lang.StringBuffer"),
    ("Thread", "java.lang.Thread"),
    ("URLEncoder", "java.net.URLEncoder"),
    ("URLDecoder", "java.net.URLDecoder"),
    ("Exception", "java.lang.Exception"),
    ("RuntimeException", "java.lang.RuntimeException"),
    ("Throwable", "java.lang.Throwable"),
    ("Error", "java.lang.Error"),
    ("IllegalArgumentException", "java.lang.IllegalArgumentException"),
    ("IllegalStateException", "java.lang.IllegalStateException"),
    ("NullPointerException", "java.lang.NullPointerException"),
    ("NumberFormatException", "java.lang.NumberFormatException"),
    ("ArithmeticException", "java.lang.ArithmeticException"),
    ("ClassCastException", "java.lang.ClassCastException"),
    ("UnsupportedOperationException", "java.lang.UnsupportedOperationException"),
    ("IndexOutOfBoundsException", "java.lang.IndexOutOfBoundsException"),
    ("MissingPropertyException", "groovy.lang.MissingPropertyException"),
    ("MissingMethodException", "groovy.lang.MissingMethodException"),
];

/// The fully qualified name of a class written in source, if the evaluator knows it.
pub(crate) fn known_class(name: &str) -> Option<&'static str> {
    KNOWN_CLASSES.iter().find(|(s, q)| *s == name || *q == name).map(|(_, q)| *q)
}

fn starts_upper(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_uppercase())
}

impl Interpreter {
    /// Prepares a script: hoists its methods and imports. Nothing runs yet.
    pub fn new(script: Arc<Script>, file: Arc<SourceFile>) -> Interpreter {
        let mut methods: FxHashMap<Name, SmallVec<[Arc<MethodDecl>; 1]>> = FxHashMap::default();
        let mut getters = FxHashMap::default();
        let mut aliases = FxHashMap::default();
        for stmt in &script.stmts {
            match &stmt.kind {
                StmtKind::Method(m) => {
                    methods.entry(m.name.clone()).or_default().push(m.clone());
                    if m.params.is_empty() {
                        let prop = m
                            .name
                            .strip_prefix("get")
                            .or_else(|| m.name.strip_prefix("is"))
                            .filter(|p| starts_upper(p))
                            .map(decapitalize);
                        if let Some(p) = prop {
                            getters.entry(p).or_insert_with(|| m.clone());
                        }
                    }
                }
                StmtKind::Import { path, is_static: false, wildcard: false, alias } => {
                    let simple = alias.as_deref().unwrap_or_else(|| path.rsplit('.').next().unwrap_or(path));
                    aliases.insert(simple.to_string(), path.to_string());
                }
                _ => {}
            }
        }
        let stem = std::path::Path::new(file.name())
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("Script1")
            .replace(|c: char| !c.is_alphanumeric() && c != '_', "_");
        Interpreter {
            script,
            file,
            methods,
            getters,
            aliases,
            script_class: stem,
            depth: 0,
            max_depth: DEFAULT_MAX_CALL_DEPTH,
            nesting: 0,
            time_category: 0,
            regex_cache: FxHashMap::default(),
            rng_state: RNG_SEED,
            running_closures: Vec::new(),
            call_span: None,
            interrupt: None,
            ticks: 0,
            interrupted: None,
        }
    }

    pub fn script(&self) -> &Arc<Script> {
        &self.script
    }
    pub fn file(&self) -> &Arc<SourceFile> {
        &self.file
    }
    /// The class name Groovy would give the script (the file name without extension).
    pub fn script_class(&self) -> &str {
        &self.script_class
    }
    /// Whether the script declares a method with this name.
    pub fn has_method(&self, name: &str) -> bool {
        self.methods.contains_key(name)
    }
    /// The declarations of a script method (several for overloads).
    pub fn method_decls(&self, name: &str) -> &[Arc<MethodDecl>] {
        self.methods.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }
    /// Where the bare call being handled was written (`input "x", ...` inside `preferences`), for
    /// a host that wants to locate what a call declares. Set before each bare call reaches
    /// [`Host::call_function`], and before a method call on a host object (`device.x()`) reaches
    /// [`Host::call_method`].
    pub fn call_site(&self) -> Option<LineCol> {
        self.call_span.map(|s| self.file.line_col(s.start))
    }

    /// Restarts the pseudo-random sequence (`Math.random()`, `new Random()`, random UUIDs): a
    /// model checker calls it before every transition, so that what a handler draws depends on
    /// nothing but the state it runs in, as `execute` must.
    pub fn restart_random(&mut self) {
        self.rng_state = RNG_SEED;
    }

    /// Sets (or clears) the limits checked while the script runs, and forgets an earlier
    /// interruption.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
        self.ticks = 0;
        self.interrupted = None;
    }

    /// Why the last run was interrupted, if it was.
    pub fn interrupted(&self) -> Option<InterruptReason> {
        self.interrupted
    }

    /// Counts one loop iteration or call; every [`CHECK_EVERY`](super::interrupt::CHECK_EVERY)
    /// of them, checks the interrupt's limits.
    #[inline]
    fn tick(&mut self) -> R<()> {
        if let Some(reason) = self.interrupted {
            return Err(EvalError::interrupted(reason));
        }
        self.ticks += 1;
        if self.ticks >= super::interrupt::CHECK_EVERY {
            self.ticks = 0;
            if let Some(reason) = self.interrupt.as_ref().and_then(Interrupt::exceeded) {
                self.interrupted = Some(reason);
                return Err(EvalError::interrupted(reason));
            }
        }
        Ok(())
    }

    pub(crate) fn loc(&self, e: EvalError, span: Span) -> EvalError {
        e.located(span, &self.file)
    }

    // ----------------------------------------------------------------------------------------
    // Public entry points

    /// Runs the top-level statements of the script (method declarations were hoisted by
    /// [`Interpreter::new`]). Returns the value of the last expression statement.
    pub fn run_script(&mut self, host: &mut dyn Host) -> Result<Value, EvalError> {
        let script = self.script.clone();
        let frame = Frame { env: Env::root(), ctx: None };
        let mut last = Value::Null;
        for stmt in &script.stmts {
            if let StmtKind::Expr(e) = &stmt.kind {
                last = self.eval(host, &frame, e)?;
                continue;
            }
            match self.exec(host, &frame, stmt)? {
                Flow::Normal => {}
                Flow::Return(v) => return Ok(v),
                Flow::Break(_) | Flow::Continue(_) => {
                    return Err(self.loc(EvalError::unsupported("break or continue outside a loop"), stmt.span))
                }
            }
        }
        Ok(last)
    }

    /// Calls a script method by name (e.g. `installed`, an event handler).
    pub fn call_function(&mut self, host: &mut dyn Host, name: &str, args: Vec<Value>) -> Result<Value, EvalError> {
        match self.try_script_method(host, name, args)? {
            Ok(v) => Ok(v),
            Err(args) => Err(self.missing_method(&self.script_class.clone(), name, &args)),
        }
    }

    /// Calls a closure or method reference (or any value with a `call` method).
    pub fn call_value(&mut self, host: &mut dyn Host, callee: &Value, args: Vec<Value>) -> Result<Value, EvalError> {
        match callee {
            Value::Closure(c) => self.call_closure(host, c, args, None),
            Value::MethodRef(name) => {
                let name = name.clone();
                self.call_script_function(host, &name, args, None)
            }
            Value::Null => Err(EvalError::npe("Cannot invoke method call() on null object")),
            other => self.call_method(host, other.clone(), "call", args),
        }
    }

    /// Calls a closure with `delegate` as its delegate (the closure itself is not changed), as
    /// DSL methods such as `section("x") { ... }` do.
    pub fn call_closure_with_delegate(
        &mut self,
        host: &mut dyn Host,
        closure: &Value,
        delegate: Value,
        args: Vec<Value>,
    ) -> Result<Value, EvalError> {
        match closure {
            Value::Closure(c) => self.call_closure(host, c, args, Some((delegate, c.strategy()))),
            other => self.call_value(host, other, args),
        }
    }

    /// The statements of a closure literal's body (`None` for other values and curried closures).
    pub fn closure_statements(closure: &Value) -> Option<&[Stmt]> {
        match closure {
            Value::Closure(c) => match &c.body {
                ClosureBody::Lit { expr, .. } => Some(&expr.body),
                ClosureBody::Curried { .. } => None,
            },
            _ => None,
        }
    }

    /// Runs statement `index` of a closure literal's body as one step of a body run a statement
    /// at a time: the variables in `locals` are declared in a fresh scope under the closure's
    /// captured scope, the statement runs there, and `locals` then holds every variable of that
    /// scope (the earlier ones with their new values, and those the statement declared). Returns
    /// true when the statement returned from the body (`return`), false when it completed
    /// normally. Used to run threads and handlers whose top-level statements are atomic steps
    /// that other threads' steps interleave with.
    pub fn run_closure_step(
        &mut self,
        host: &mut dyn Host,
        closure: &Value,
        index: usize,
        locals: &mut Vec<(Name, Value)>,
    ) -> Result<bool, EvalError> {
        let Value::Closure(c) = closure else {
            return Err(EvalError::internal("run_closure_step: not a closure"));
        };
        let ClosureBody::Lit { expr, env, ctx } = &c.body else {
            return Err(EvalError::internal("run_closure_step: not a closure literal"));
        };
        let Some(stmt) = expr.body.get(index) else {
            return Err(EvalError::internal("run_closure_step: no such statement"));
        };
        let frame = Frame { env: Env::child(env), ctx: ctx.clone() };
        for (name, value) in locals.drain(..) {
            frame.env.declare(name, value);
        }
        let stmt = stmt.clone();
        self.enter()?;
        let r = self.exec(host, &frame, &stmt);
        self.depth -= 1;
        locals.extend(frame.env.variables());
        frame.env.clear_if_unshared();
        match r? {
            Flow::Normal => Ok(false),
            Flow::Return(_) => Ok(true),
            Flow::Break(_) | Flow::Continue(_) => {
                Err(self.loc(EvalError::unsupported("break or continue outside a loop"), stmt.span))
            }
        }
    }

    /// `toString()` of a value as Groovy prints it (host objects and dates through the host).
    pub fn display(&mut self, host: &mut dyn Host, v: &Value) -> String {
        super::show::display(host, v)
    }

    // ----------------------------------------------------------------------------------------
    // Statements

    fn needs_scope(stmts: &[Stmt]) -> bool {
        stmts.iter().any(|s| matches!(s.kind, StmtKind::LocalVar { .. }))
    }

    pub(crate) fn exec_block(&mut self, h: &mut dyn Host, f: &Frame, stmts: &[Stmt]) -> R<Flow> {
        if Self::needs_scope(stmts) {
            let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
            let r = self.exec_stmts(h, &inner, stmts);
            inner.env.clear_if_unshared();
            r
        } else {
            self.exec_stmts(h, f, stmts)
        }
    }

    fn exec_stmts(&mut self, h: &mut dyn Host, f: &Frame, stmts: &[Stmt]) -> R<Flow> {
        for s in stmts {
            match self.exec(h, f, s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    /// Executes a loop body: a block gets a fresh scope per iteration when it declares variables.
    fn exec_body(&mut self, h: &mut dyn Host, f: &Frame, body: &Stmt) -> R<Flow> {
        self.tick().map_err(|e| self.loc(e, body.span))?;
        match &body.kind {
            StmtKind::Block(stmts) => self.exec_block(h, f, stmts),
            // `if (c) def v = 1`: the declaration is the body's own, gone after it.
            StmtKind::LocalVar { .. } => self.exec(h, &Frame { env: Env::child(&f.env), ctx: f.ctx.clone() }, body),
            _ => self.exec(h, f, body),
        }
    }

    pub(crate) fn exec(&mut self, h: &mut dyn Host, f: &Frame, s: &Stmt) -> R<Flow> {
        self.nesting += 1;
        let r = if self.nesting.is_multiple_of(STACK_CHECK_EVERY) {
            stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.exec_inner(h, f, s))
        } else {
            self.exec_inner(h, f, s)
        };
        self.nesting -= 1;
        r
    }

    fn exec_inner(&mut self, h: &mut dyn Host, f: &Frame, s: &Stmt) -> R<Flow> {
        match &s.kind {
            StmtKind::Expr(e) => {
                self.eval(h, f, e)?;
                Ok(Flow::Normal)
            }
            StmtKind::LocalVar { ty, vars } => {
                for v in vars {
                    let primitive = ty.as_ref().filter(|t| t.array_dims == 0).map(|t| &*t.name);
                    let value = match &v.init {
                        Some(e) => match self.integer_division_for_primitive(h, f, primitive, e)? {
                            Some(quotient) => quotient,
                            None => self.eval(h, f, e)?,
                        },
                        None => match ty {
                            Some(t) => convert::default_for_type(&t.name),
                            None => Value::Null,
                        },
                    };
                    let value = match ty {
                        Some(t) if v.init.is_some() => {
                            convert::coerce_to_type(h, &value, t).map_err(|e| self.loc(e, v.span))?
                        }
                        _ => value,
                    };
                    f.env.declare_typed(v.name.clone(), value, ty.as_ref().and_then(convert::assignment_type));
                }
                Ok(Flow::Normal)
            }
            StmtKind::Method(_) | StmtKind::Empty | StmtKind::Import { .. } => Ok(Flow::Normal),
            StmtKind::Block(stmts) => self.exec_block(h, f, stmts),
            StmtKind::If { cond, then_branch, else_branch } => {
                if self.eval_truth(h, f, cond)? {
                    self.exec_body(h, f, then_branch)
                } else if let Some(e) = else_branch {
                    self.exec_body(h, f, e)
                } else {
                    Ok(Flow::Normal)
                }
            }
            StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::ForIn { .. } | StmtKind::For { .. } => {
                self.exec_loop(h, f, s, None)
            }
            StmtKind::Switch { subject, cases } => Ok(self.exec_switch(h, f, subject, cases, false)?.0),
            StmtKind::Try { body, catches, finally } => self.exec_try(h, f, body, catches, finally.as_deref()),
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(h, f, e)?,
                    None => Value::Null,
                };
                Ok(Flow::Return(v))
            }
            StmtKind::Break(l) => Ok(Flow::Break(l.clone())),
            StmtKind::Continue(l) => Ok(Flow::Continue(l.clone())),
            StmtKind::Throw(e) => {
                let v = self.eval(h, f, e)?;
                match &v {
                    Value::Obj(o) => match &**o {
                        Obj::Exception(data) => Err(self.loc(EvalError::thrown(data), s.span)),
                        _ => Err(self.loc(self.cast_error(h, &v, "java.lang.Throwable"), s.span)),
                    },
                    Value::Null => Err(self.loc(EvalError::npe("Cannot throw null"), s.span)),
                    _ => Err(self.loc(self.cast_error(h, &v, "java.lang.Throwable"), s.span)),
                }
            }
            StmtKind::Assert { cond, message } => {
                if self.eval_truth(h, f, cond)? {
                    return Ok(Flow::Normal);
                }
                let text = self.source_text(cond.span).to_string();
                let (msg, full) = match message {
                    Some(m) => {
                        let mv = self.eval(h, f, m)?;
                        let shown = super::show::display(h, &mv);
                        let full = format!("{shown}. Expression: {text}");
                        (shown, full)
                    }
                    None => (format!("assert {text}"), format!("assert {text}")),
                };
                Err(self.loc(EvalError::assertion_failed(msg, full), s.span))
            }
            StmtKind::Labeled { label, body } => match &body.kind {
                StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::ForIn { .. } | StmtKind::For { .. } => {
                    self.exec_loop(h, f, body, Some(label))
                }
                StmtKind::Expr(e) => {
                    let v = self.eval(h, f, e)?;
                    h.labeled_statement(self, label, v).map_err(|e| self.loc(e, s.span))?;
                    Ok(Flow::Normal)
                }
                _ => match self.exec(h, f, body)? {
                    Flow::Break(Some(l)) if l == *label => Ok(Flow::Normal),
                    other => Ok(other),
                },
            },
            StmtKind::TypeDecl { keyword, name } => {
                Err(self.loc(EvalError::unsupported(format!("{keyword} declaration ({name})")), s.span))
            }
        }
    }

    pub(crate) fn source_text(&self, span: Span) -> &str {
        self.file.text().get(span.start as usize..span.end as usize).unwrap_or("")
    }

    /// Handles a loop body's flow; returns Some(flow) when the loop must stop with it.
    fn loop_flow(flow: Flow, label: Option<&Name>) -> Option<Flow> {
        match flow {
            Flow::Normal => None,
            Flow::Continue(None) => None,
            Flow::Continue(Some(l)) if Some(&l) == label => None,
            Flow::Break(None) => Some(Flow::Normal),
            Flow::Break(Some(l)) if Some(&l) == label => Some(Flow::Normal),
            other => Some(other),
        }
    }

    fn exec_loop(&mut self, h: &mut dyn Host, f: &Frame, s: &Stmt, label: Option<&Name>) -> R<Flow> {
        match &s.kind {
            StmtKind::While { cond, body } => {
                while self.eval_truth(h, f, cond)? {
                    let flow = self.exec_body(h, f, body)?;
                    if let Some(fl) = Self::loop_flow(flow, label) {
                        return Ok(fl);
                    }
                }
                Ok(Flow::Normal)
            }
            StmtKind::DoWhile { body, cond } => loop {
                let flow = self.exec_body(h, f, body)?;
                if let Some(fl) = Self::loop_flow(flow, label) {
                    return Ok(fl);
                }
                if !self.eval_truth(h, f, cond)? {
                    return Ok(Flow::Normal);
                }
            },
            StmtKind::ForIn { var, ty, iterable, body } => {
                let coll = self.eval(h, f, iterable)?;
                if let (Value::Range(r), None) = (&coll, ty) {
                    // Integer ranges are walked without building a list.
                    let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
                    for i in r.iter() {
                        inner.env.declare(var.clone(), Value::Int(i));
                        let flow = self.exec_body(h, &inner, body)?;
                        if let Some(fl) = Self::loop_flow(flow, label) {
                            return Ok(fl);
                        }
                    }
                    return Ok(Flow::Normal);
                }
                let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
                if let Value::List(l) = &coll {
                    // Java's iterator over the live list (see `walk_list`).
                    let mut exit = None;
                    let walked = super::collections::walk_list(l, |_, item| {
                        let item = match ty {
                            Some(t) => convert::coerce_to_type(h, &item, t).map_err(|e| self.loc(e, s.span))?,
                            None => item,
                        };
                        inner.env.declare(var.clone(), item);
                        let flow = self.exec_body(h, &inner, body)?;
                        exit = Self::loop_flow(flow, label);
                        Ok(exit.is_none())
                    });
                    walked.map_err(|e| self.loc(e, iterable.span))?;
                    return Ok(exit.unwrap_or(Flow::Normal));
                }
                let items = self.iterate(h, &coll).map_err(|e| self.loc(e, iterable.span))?;
                for item in items {
                    let item = match ty {
                        Some(t) => convert::coerce_to_type(h, &item, t).map_err(|e| self.loc(e, s.span))?,
                        None => item,
                    };
                    inner.env.declare(var.clone(), item);
                    let flow = self.exec_body(h, &inner, body)?;
                    if let Some(fl) = Self::loop_flow(flow, label) {
                        return Ok(fl);
                    }
                }
                Ok(Flow::Normal)
            }
            StmtKind::For { init, cond, update, body } => {
                let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
                for st in init {
                    self.exec(h, &inner, st)?;
                }
                loop {
                    if let Some(c) = cond {
                        if !self.eval_truth(h, &inner, c)? {
                            break;
                        }
                    }
                    let flow = self.exec_body(h, &inner, body)?;
                    if let Some(fl) = Self::loop_flow(flow, label) {
                        return Ok(fl);
                    }
                    for u in update {
                        self.eval(h, &inner, u)?;
                    }
                }
                Ok(Flow::Normal)
            }
            _ => self.exec(h, f, s),
        }
    }

    /// A `switch`; with `tail` (a method's or closure's last statement), its value as Groovy's
    /// implicit return gives it: the last statement of the case that ends with `break` (the
    /// `break` dropped) or of the `default` case; a case that falls through gives none.
    fn exec_switch(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        subject: &Expr,
        cases: &[SwitchCase],
        tail: bool,
    ) -> R<(Flow, Value)> {
        let v = self.eval(h, f, subject)?;
        let mut start = None;
        'find: for (i, c) in cases.iter().enumerate() {
            for l in &c.labels {
                let cv = self.eval(h, f, l)?;
                if self.is_case(h, &cv, &v).map_err(|e| self.loc(e, l.span))? {
                    start = Some(i);
                    break 'find;
                }
            }
        }
        // Groovy runs the `default` case last wherever it is written: a case before it falls
        // through into the cases after it, and the last case falls through into `default`.
        let order: SmallVec<[&SwitchCase; 8]> =
            cases.iter().filter(|c| !c.is_default).chain(cases.iter().filter(|c| c.is_default)).collect();
        let start = match start.map(|i| &cases[i]).or_else(|| cases.iter().find(|c| c.is_default)) {
            Some(s) => order.iter().position(|c| std::ptr::eq(*c, s)).unwrap_or(0),
            None => return Ok((Flow::Normal, Value::Null)),
        };
        let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
        for c in order[start..].iter().copied() {
            let (flow, value) = match c.body.split_last() {
                Some((last, body)) if tail && matches!(last.kind, StmtKind::Break(None)) => {
                    match self.exec_stmts_tail(h, &inner, body)? {
                        (Flow::Normal, value) => (Flow::Break(None), value),
                        other => other,
                    }
                }
                _ if tail && c.is_default => self.exec_stmts_tail(h, &inner, &c.body)?,
                _ => (self.exec_stmts(h, &inner, &c.body)?, Value::Null),
            };
            match flow {
                Flow::Normal if !(tail && c.is_default) => {}
                Flow::Normal | Flow::Break(None) => return Ok((Flow::Normal, value)),
                other => return Ok((other, Value::Null)),
            }
        }
        Ok((Flow::Normal, Value::Null))
    }

    fn exec_try(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        body: &[Stmt],
        catches: &[CatchClause],
        finally: Option<&[Stmt]>,
    ) -> R<Flow> {
        self.exec_try_tail(h, f, body, catches, finally, false).map(|(flow, _)| flow)
    }

    /// `try`/`catch`/`finally`; with `tail`, the value of the last expression of the try block
    /// (or of the catch block that ran) is the statement's value, as in a method's last statement.
    fn exec_try_tail(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        body: &[Stmt],
        catches: &[CatchClause],
        finally: Option<&[Stmt]>,
        tail: bool,
    ) -> R<(Flow, Value)> {
        let mut run = |this: &mut Self, frame: &Frame, stmts: &[Stmt]| -> R<(Flow, Value)> {
            if tail {
                this.exec_stmts_tail(h, frame, stmts)
            } else {
                this.exec_stmts(h, frame, stmts).map(|fl| (fl, Value::Null))
            }
        };
        let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
        let mut result = run(self, &inner, body);
        if let Err(err) = &result {
            if let Some(data) = err.to_exception_data() {
                let clause = catches.iter().find(|c| {
                    if c.types.is_empty() {
                        // `catch (e)` catches Exception, not Error.
                        is_subclass(&data.class, "java.lang.Exception")
                    } else {
                        c.types.iter().any(|t| {
                            let name = self.aliases.get(&*t.name).map(|s| s.as_str()).unwrap_or(&t.name);
                            is_subclass(&data.class, name)
                        })
                    }
                });
                if let Some(c) = clause {
                    let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
                    inner.env.declare(c.name.clone(), Value::obj(Obj::Exception(data)));
                    result = run(self, &inner, &c.body);
                }
            }
        }
        if let Some(fin) = finally {
            match self.exec_block(h, f, fin)? {
                Flow::Normal => {}
                other => return Ok((other, Value::Null)),
            }
        }
        result
    }

    // ----------------------------------------------------------------------------------------
    // Expressions

    pub(crate) fn eval_truth(&mut self, h: &mut dyn Host, f: &Frame, e: &Expr) -> R<bool> {
        let v = self.eval(h, f, e)?;
        Ok(self.truthy(h, &v))
    }

    /// Groovy truth, asking the host object for `asBoolean` when it is one.
    pub(crate) fn truthy(&mut self, h: &mut dyn Host, v: &Value) -> bool {
        match v {
            Value::Host(r) => match h.call_method(self, *r, "asBoolean", Vec::new()) {
                Ok(Some(b)) => b.truthy(),
                _ => true,
            },
            _ => v.truthy(),
        }
    }

    pub(crate) fn eval(&mut self, h: &mut dyn Host, f: &Frame, e: &Expr) -> R<Value> {
        match &e.kind {
            // Fast paths that cannot fail.
            ExprKind::Null => Ok(Value::Null),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Number(NumberLit::Integer(i)) => Ok(Value::Int(*i)),
            _ => {
                self.nesting += 1;
                let r = if self.nesting.is_multiple_of(STACK_CHECK_EVERY) {
                    stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.eval_inner(h, f, e))
                } else {
                    self.eval_inner(h, f, e)
                };
                self.nesting -= 1;
                r.map_err(|err| self.loc(err, e.span))
            }
        }
    }

    fn eval_inner(&mut self, h: &mut dyn Host, f: &Frame, e: &Expr) -> R<Value> {
        match &e.kind {
            ExprKind::Null => Ok(Value::Null),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Number(n) => convert::number_literal(n),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::GString(parts) => {
                let mut out = String::new();
                for p in parts {
                    match p {
                        GStringPart::Text(t) => out.push_str(t),
                        GStringPart::Expr(x) => {
                            let v = self.eval(h, f, x)?;
                            // `"${-> x}"`: a zero-parameter closure is called.
                            let v = match &v {
                                Value::Closure(c) if c.param_count() == 0 => self.call_closure(h, c, vec![], None)?,
                                _ => v,
                            };
                            super::show::write_display(h, &mut out, &v);
                        }
                    }
                }
                Ok(Value::GString(out.into()))
            }
            ExprKind::Ident(name) => self.read_name(h, f, name),
            ExprKind::This => Ok(Value::Script),
            ExprKind::Super => Err(EvalError::unsupported("super")),
            ExprKind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    if let ExprKind::Spread(inner) = &it.kind {
                        let v = self.eval(h, f, inner)?;
                        out.extend(self.iterate(h, &v)?);
                    } else {
                        out.push(self.eval(h, f, it)?);
                    }
                }
                Ok(Value::new_list(out))
            }
            ExprKind::Map(entries) => {
                let m = self.eval_map_entries(h, f, entries)?;
                Ok(Value::new_map(m))
            }
            ExprKind::Range { from, to, exclusive } => {
                let a = self.eval(h, f, from)?;
                let b = self.eval(h, f, to)?;
                self.make_range(&a, &b, *exclusive)
            }
            ExprKind::Unary { op, operand } => self.eval_unary(h, f, *op, operand),
            ExprKind::Binary { op, lhs, rhs } => self.eval_binary(h, f, *op, lhs, rhs),
            ExprKind::InstanceOf { expr, ty, negated } => {
                let v = self.eval(h, f, expr)?;
                let r = if ty.array_dims > 0 {
                    convert::array_instance_of(&v, &ty.name, ty.array_dims)
                } else {
                    convert::instance_of(h, &v, &self.resolve_type_name(&ty.name))
                };
                Ok(Value::Bool(r != *negated))
            }
            ExprKind::As { expr, ty } => {
                let v = self.eval(h, f, expr)?;
                let tn = self.resolve_type_name(&ty.name);
                convert::as_type(self, h, &v, &tn, ty.array_dims > 0)
            }
            ExprKind::Cast { ty, expr } => {
                let v = self.eval(h, f, expr)?;
                convert::coerce_to_type(h, &v, ty)
            }
            ExprKind::Assign { op, target, value } => self.eval_assign(h, f, *op, target, value),
            ExprKind::Ternary { cond, then_expr, else_expr } => {
                if self.eval_truth(h, f, cond)? {
                    self.eval(h, f, then_expr)
                } else {
                    self.eval(h, f, else_expr)
                }
            }
            ExprKind::Elvis { lhs, rhs } => {
                let v = self.eval(h, f, lhs)?;
                if self.truthy(h, &v) {
                    Ok(v)
                } else {
                    self.eval(h, f, rhs)
                }
            }
            ExprKind::Property { object, member, nav } => {
                if let Some(v) = self.try_package_path(e) {
                    return Ok(v);
                }
                let recv = self.eval(h, f, object)?;
                let name = self.member_name(h, f, member)?;
                match nav {
                    Navigation::Safe if recv.is_null() => Ok(Value::Null),
                    Navigation::Spread => {
                        if recv.is_null() {
                            return Ok(Value::Null);
                        }
                        let items = self.iterate(h, &recv)?;
                        let mut out = Vec::with_capacity(items.len());
                        for it in items {
                            out.push(if it.is_null() { Value::Null } else { self.get_property(h, &it, &name)? });
                        }
                        Ok(Value::new_list(out))
                    }
                    _ => self.get_property(h, &recv, &name),
                }
            }
            ExprKind::Index { object, index, safe } => {
                let recv = self.eval(h, f, object)?;
                if *safe && recv.is_null() {
                    return Ok(Value::Null);
                }
                let idx = self.eval_index(h, f, index)?;
                self.get_index(h, &recv, &idx)
            }
            ExprKind::MethodCall { object, member, args, nav } => {
                self.eval_method_call(h, f, object.as_deref(), member, args, *nav, e.span)
            }
            ExprKind::Call { callee, args } => {
                let c = self.eval(h, f, callee)?;
                let a = self.eval_args(h, f, args)?;
                self.call_value(h, &c, a)
            }
            ExprKind::Closure(c) => Ok(Value::Closure(Rc::new(Closure::new(ClosureBody::Lit {
                expr: c.clone(),
                env: f.env.clone(),
                ctx: f.ctx.clone(),
            })))),
            ExprKind::New { ty, args } => {
                let a = self.eval_args(h, f, args)?;
                if ty.array_dims > 0 {
                    return new_array(&ty.name, ty.array_dims, &a);
                }
                let name = self.resolve_type_name(&ty.name);
                super::statics::construct(self, h, &name, a)
            }
            ExprKind::Spread(_) => Err(EvalError::unsupported("spread outside a list or argument list")),
            ExprKind::MethodPointer { object, name } => {
                if let ExprKind::This = object.kind {
                    if self.has_method(name) {
                        return Ok(Value::MethodRef(name.clone()));
                    }
                }
                Err(EvalError::unsupported("method pointer (.&)"))
            }
        }
    }

    /// `java.util.Date` written as a property chain in expression position.
    fn try_package_path(&self, e: &Expr) -> Option<Value> {
        fn path(e: &Expr, out: &mut String) -> bool {
            match &e.kind {
                ExprKind::Ident(n) => {
                    if !matches!(&**n, "java" | "groovy" | "javax" | "org") {
                        return false;
                    }
                    out.push_str(n);
                    true
                }
                ExprKind::Property { object, member: Member::Name(n), nav: Navigation::Normal } => {
                    if !path(object, out) {
                        return false;
                    }
                    out.push('.');
                    out.push_str(n);
                    true
                }
                _ => false,
            }
        }
        if !matches!(&e.kind, ExprKind::Property { member: Member::Name(n), .. } if starts_upper(n)) {
            return None;
        }
        let mut s = String::new();
        if !path(e, &mut s) {
            return None;
        }
        // `java.util.Calendar.MONDAY`: a static field of a known class, not a class.
        if known_class(&s).is_none() && s.rsplit_once('.').is_some_and(|(class, _)| known_class(class).is_some()) {
            return None;
        }
        Some(Value::Class(s.into()))
    }

    pub(crate) fn resolve_type_name(&self, name: &str) -> String {
        if let Some(a) = self.aliases.get(name) {
            return a.clone();
        }
        known_class(name).map(|s| s.to_string()).unwrap_or_else(|| name.to_string())
    }

    fn member_name(&mut self, h: &mut dyn Host, f: &Frame, m: &Member) -> R<Name> {
        match m {
            Member::Name(n) => Ok(n.clone()),
            Member::Dynamic(e) => {
                let v = self.eval(h, f, e)?;
                Ok(super::show::display(h, &v).into())
            }
        }
    }

    fn eval_map_entries(&mut self, h: &mut dyn Host, f: &Frame, entries: &[MapEntry]) -> R<GMap> {
        let mut m = GMap::with_capacity(entries.len());
        for en in entries {
            match en {
                MapEntry::Pair { key, value, .. } => {
                    let k = match key {
                        MapKey::Name(n) => Value::Str(n.clone()),
                        MapKey::Expr(e) => self.eval(h, f, e)?,
                    };
                    let v = self.eval(h, f, value)?;
                    m.insert(k, v);
                }
                MapEntry::Spread(e) => {
                    let v = self.eval(h, f, e)?;
                    match &v {
                        Value::Map(other) => {
                            for (k, v) in other.borrow().iter() {
                                m.insert(k.clone(), v.clone());
                            }
                        }
                        Value::Null => {}
                        _ => return Err(EvalError::unsupported("spread of a non-map into a map")),
                    }
                }
            }
        }
        Ok(m)
    }

    fn make_range(&mut self, a: &Value, b: &Value, exclusive: bool) -> R<Value> {
        let as_int = |v: &Value| -> Option<i32> {
            match v {
                Value::Int(i) => Some(*i),
                Value::Long(l) => i32::try_from(*l).ok(),
                Value::BigInt(_) | Value::Decimal(_) | Value::Double(_) | Value::Float(_) => {
                    let d = ops::to_f64(v);
                    if d.fract() == 0.0 && d.abs() < i32::MAX as f64 {
                        Some(d as i32)
                    } else {
                        None
                    }
                }
                _ => None,
            }
        };
        match (as_int(a), as_int(b)) {
            (Some(x), Some(y)) => Ok(Value::Range(Range::new(x, y, exclusive))),
            _ => {
                // Single-character string ranges ('a'..'e') become lists of strings.
                if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
                    let (mut xc, mut yc) = (x.chars(), y.chars());
                    if let (Some(c1), None, Some(c2), None) = (xc.next(), xc.next(), yc.next(), yc.next()) {
                        let r = Range::new(c1 as i32, c2 as i32, exclusive);
                        let items = r
                            .iter()
                            .filter_map(|c| char::from_u32(c as u32))
                            .map(|c| Value::Str(c.to_string().into()))
                            .collect();
                        return Ok(Value::new_list(items));
                    }
                }
                Err(EvalError::unsupported("range of non-integer values"))
            }
        }
    }

    fn eval_index(&mut self, h: &mut dyn Host, f: &Frame, index: &[Expr]) -> R<Value> {
        if index.len() == 1 {
            if let ExprKind::Spread(_) = index[0].kind {
            } else {
                return self.eval(h, f, &index[0]);
            }
        }
        let mut out = Vec::new();
        for e in index {
            if let ExprKind::Spread(inner) = &e.kind {
                let v = self.eval(h, f, inner)?;
                out.extend(self.iterate(h, &v)?);
            } else {
                out.push(self.eval(h, f, e)?);
            }
        }
        Ok(Value::new_list(out))
    }

    /// Evaluates call arguments Groovy-style: named arguments as a map in front, spreads
    /// expanded.
    pub(crate) fn eval_args(&mut self, h: &mut dyn Host, f: &Frame, args: &Args) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(args.positional.len() + 1);
        if !args.named.is_empty() {
            let m = self.eval_map_entries(h, f, &args.named)?;
            out.push(Value::new_map(m));
        }
        for a in &args.positional {
            if let ExprKind::Spread(inner) = &a.kind {
                let v = self.eval(h, f, inner)?;
                out.extend(self.iterate(h, &v)?);
            } else {
                out.push(self.eval(h, f, a)?);
            }
        }
        Ok(out)
    }

    fn eval_unary(&mut self, h: &mut dyn Host, f: &Frame, op: UnaryOp, operand: &Expr) -> R<Value> {
        match op {
            UnaryOp::Not => Ok(Value::Bool(!self.eval_truth(h, f, operand)?)),
            UnaryOp::Neg => {
                let v = self.eval(h, f, operand)?;
                match ops::negate(&v) {
                    Some(n) => Ok(n),
                    None => match &v {
                        Value::List(l) => {
                            let items = l.borrow().to_vec();
                            let mut out = Vec::with_capacity(items.len());
                            for x in items {
                                out.push(
                                    ops::negate(&x).ok_or_else(|| self.missing_method_err(h, &x, "negative", &[]))?,
                                );
                            }
                            Ok(Value::new_list(out))
                        }
                        Value::Null => Err(EvalError::npe("Cannot invoke method negative() on null object")),
                        _ => Err(self.missing_method_err(h, &v, "negative", &[])),
                    },
                }
            }
            UnaryOp::Plus => {
                let v = self.eval(h, f, operand)?;
                if v.is_number() {
                    Ok(v)
                } else {
                    Err(self.missing_method_err(h, &v, "positive", &[]))
                }
            }
            UnaryOp::BitNot => {
                let v = self.eval(h, f, operand)?;
                match v {
                    Value::Int(i) => Ok(Value::Int(!i)),
                    Value::Long(i) => Ok(Value::Long(!i)),
                    Value::Str(s) | Value::GString(s) => Ok(Value::obj(Obj::Pattern(super::regex::compile(self, &s)?))),
                    other => Err(self.missing_method_err(h, &other, "bitwiseNegate", &[])),
                }
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let inc = matches!(op, UnaryOp::PreInc | UnaryOp::PostInc);
                let post = matches!(op, UnaryOp::PostInc | UnaryOp::PostDec);
                let target = self.eval_target(h, f, operand)?;
                let old = self.read_target(h, f, &target)?;
                let new = self.next_value(h, &old, inc)?;
                self.write_target(h, f, &target, new.clone())?;
                Ok(if post { old } else { new })
            }
        }
    }

    fn next_value(&mut self, h: &mut dyn Host, v: &Value, inc: bool) -> R<Value> {
        match v {
            Value::Null => Err(EvalError::npe(format!(
                "Cannot invoke method {}() on null object",
                if inc { "next" } else { "previous" }
            ))),
            Value::Date(ms) => Ok(Value::Date(ms + if inc { 86_400_000 } else { -86_400_000 })),
            Value::Str(s) | Value::GString(s) => Ok(Value::str(&super::strings::next_string(s, inc))),
            _ if v.is_number() => {
                let one = Value::Int(1);
                ops::arith(if inc { Arith::Add } else { Arith::Sub }, v, &one).map_err(EvalError::from)
            }
            _ => Err(self.missing_method_err(h, v, if inc { "next" } else { "previous" }, &[])),
        }
    }

    fn eval_binary(&mut self, h: &mut dyn Host, f: &Frame, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> R<Value> {
        match op {
            BinaryOp::And => {
                if !self.eval_truth(h, f, lhs)? {
                    return Ok(Value::Bool(false));
                }
                Ok(Value::Bool(self.eval_truth(h, f, rhs)?))
            }
            BinaryOp::Or => {
                if self.eval_truth(h, f, lhs)? {
                    return Ok(Value::Bool(true));
                }
                Ok(Value::Bool(self.eval_truth(h, f, rhs)?))
            }
            _ => {
                let a = self.eval(h, f, lhs)?;
                let b = self.eval(h, f, rhs)?;
                self.binary(h, op, &a, &b)
            }
        }
    }

    /// A binary operator on two evaluated operands (not `&&`/`||`).
    pub fn binary(&mut self, h: &mut dyn Host, op: BinaryOp, a: &Value, b: &Value) -> R<Value> {
        // Integer fast paths.
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            let (x, y) = (*x, *y);
            match op {
                BinaryOp::Add => return Ok(Value::Int(x.wrapping_add(y))),
                BinaryOp::Sub => return Ok(Value::Int(x.wrapping_sub(y))),
                BinaryOp::Mul => return Ok(Value::Int(x.wrapping_mul(y))),
                BinaryOp::Lt => return Ok(Value::Bool(x < y)),
                BinaryOp::Le => return Ok(Value::Bool(x <= y)),
                BinaryOp::Gt => return Ok(Value::Bool(x > y)),
                BinaryOp::Ge => return Ok(Value::Bool(x >= y)),
                BinaryOp::Eq => return Ok(Value::Bool(x == y)),
                BinaryOp::NotEq => return Ok(Value::Bool(x != y)),
                _ => {}
            }
        }
        match op {
            BinaryOp::Eq => Ok(Value::Bool(self.equals(h, a, b)?)),
            BinaryOp::NotEq => Ok(Value::Bool(!self.equals(h, a, b)?)),
            BinaryOp::Identical => Ok(Value::Bool(convert::identical(a, b))),
            BinaryOp::NotIdentical => Ok(Value::Bool(!convert::identical(a, b))),
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                let c = self.compare(h, a, b)?;
                Ok(Value::Bool(match op {
                    BinaryOp::Lt => c.is_lt(),
                    BinaryOp::Le => c.is_le(),
                    BinaryOp::Gt => c.is_gt(),
                    _ => c.is_ge(),
                }))
            }
            BinaryOp::Compare => {
                if a.is_null() && b.is_null() {
                    return Ok(Value::Int(0));
                }
                Ok(Value::Int(self.compare(h, a, b)? as i32))
            }
            BinaryOp::In => Ok(Value::Bool(self.is_case(h, b, a)?)),
            BinaryOp::NotIn => Ok(Value::Bool(!self.is_case(h, b, a)?)),
            BinaryOp::RegexFind => super::regex::find_op(self, h, a, b),
            BinaryOp::RegexMatch => super::regex::match_op(self, h, a, b),
            BinaryOp::And => Ok(Value::Bool(self.truthy(h, a) && self.truthy(h, b))),
            BinaryOp::Or => Ok(Value::Bool(self.truthy(h, a) || self.truthy(h, b))),
            _ => super::arith::binary_op(self, h, op, a, b),
        }
    }

    /// Groovy `==`, consulting the host for host objects' `equals`.
    pub(crate) fn equals(&mut self, _h: &mut dyn Host, a: &Value, b: &Value) -> R<bool> {
        Ok(ops::values_equal(a, b))
    }

    /// `a <=> b` as an ordering; incomparable operands raise what Groovy raises: the
    /// `ClassCastException` of a `Comparable` left side's `compareTo`, else `IllegalArgumentException`.
    pub(crate) fn compare(&mut self, h: &mut dyn Host, a: &Value, b: &Value) -> R<std::cmp::Ordering> {
        super::arith::compare(self, h, a, b)
    }

    // ----------------------------------------------------------------------------------------
    // Assignment targets

    /// Groovy 2.4's primitive arithmetic: a `double` or `float` variable given `a / b` where both
    /// operands are statically of an integral primitive type (an integer literal, a local or
    /// parameter declared `int`, `long`, `short` or `byte`, or `+ - * %` of such) gets the
    /// *integer* quotient (`int n = 10; double avg = n / 4` is 2.0, where `def avg = n / 4` is
    /// 2.5). `None` when the rule does not apply.
    fn integer_division_for_primitive(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        target: Option<&str>,
        e: &Expr,
    ) -> R<Option<Value>> {
        if !matches!(target, Some("double" | "float")) {
            return Ok(None);
        }
        let ExprKind::Binary { op: BinaryOp::Div, lhs, rhs } = &e.kind else { return Ok(None) };
        if !statically_integral(f, lhs) || !statically_integral(f, rhs) {
            return Ok(None);
        }
        let (a, b) = (self.eval(h, f, lhs)?, self.eval(h, f, rhs)?);
        let by_zero = || self.loc(EvalError::exception(class::ARITHMETIC, Some("/ by zero".into())), e.span);
        Ok(Some(match (&a, &b) {
            (Value::Int(_), Value::Int(0)) => return Err(by_zero()),
            (Value::Int(x), Value::Int(y)) => Value::Int(x.wrapping_div(*y)),
            _ => {
                let (x, y) = (ops::to_i64(&a), ops::to_i64(&b));
                if y == 0 {
                    return Err(by_zero());
                }
                Value::Long(x.wrapping_div(y))
            }
        }))
    }

    fn eval_assign(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        op: Option<AssignOp>,
        target: &Expr,
        value: &Expr,
    ) -> R<Value> {
        match op {
            None => {
                if let ExprKind::Ident(name) = &target.kind {
                    let declared = f.env.declared_type(name);
                    let v = match self.integer_division_for_primitive(h, f, declared.as_deref(), value)? {
                        Some(quotient) => quotient,
                        None => self.eval(h, f, value)?,
                    };
                    self.write_name(h, f, name, v.clone())?;
                    return Ok(v);
                }
                let t = self.eval_target(h, f, target)?;
                let v = self.eval(h, f, value)?;
                self.write_assigned(h, f, target, &t, v.clone())?;
                Ok(v)
            }
            Some(AssignOp::Elvis) => {
                let t = self.eval_target(h, f, target)?;
                let old = self.read_target(h, f, &t)?;
                if self.truthy(h, &old) {
                    return Ok(old);
                }
                let v = self.eval(h, f, value)?;
                self.write_assigned(h, f, target, &t, v.clone())?;
                Ok(v)
            }
            Some(AssignOp::Binary(bop)) => {
                let t = self.eval_target(h, f, target)?;
                let old = self.read_target(h, f, &t)?;
                let rhs = self.eval(h, f, value)?;
                let new = match bop {
                    BinaryOp::And => Value::Bool(self.truthy(h, &old) && self.truthy(h, &rhs)),
                    BinaryOp::Or => Value::Bool(self.truthy(h, &old) || self.truthy(h, &rhs)),
                    _ => self.binary(h, bop, &old, &rhs)?,
                };
                self.write_assigned(h, f, target, &t, new.clone())?;
                Ok(new)
            }
        }
    }

    /// Writes an assignment's value to its target. A date's property (`d.time = ms`,
    /// `d.hours = 5`) is its setter, which changes the date in place: dates are values here, so
    /// the changed date is stored back where the receiver came from (see
    /// [`Interpreter::mutate_stored_date`]).
    fn write_assigned(&mut self, h: &mut dyn Host, f: &Frame, target: &Expr, t: &Target, v: Value) -> R<()> {
        if let (Target::Prop(Value::Date(ms), name, _), ExprKind::Property { object, .. }) = (t, &target.kind) {
            let setter = format!("set{}", capitalize(name));
            if super::date::is_date_mutator(&setter)
                && self.mutate_stored_date(h, f, object, *ms, &setter, std::slice::from_ref(&v))?.is_some()
            {
                return Ok(());
            }
        }
        self.write_target(h, f, t, v)
    }

    fn eval_target(&mut self, h: &mut dyn Host, f: &Frame, e: &Expr) -> R<Target> {
        match &e.kind {
            ExprKind::Ident(n) => Ok(Target::Name(n.clone())),
            ExprKind::Property { object, member, nav } => {
                let recv = self.eval(h, f, object)?;
                let name = self.member_name(h, f, member)?;
                Ok(Target::Prop(recv, name, *nav == Navigation::Safe))
            }
            ExprKind::Index { object, index, safe } => {
                let recv = self.eval(h, f, object)?;
                let idx = self.eval_index(h, f, index)?;
                Ok(Target::Index(recv, idx, *safe))
            }
            _ => Err(EvalError::unsupported("assignment to this kind of expression")),
        }
    }

    fn read_target(&mut self, h: &mut dyn Host, f: &Frame, t: &Target) -> R<Value> {
        match t {
            Target::Name(n) => self.read_name(h, f, n),
            Target::Prop(recv, _, true) | Target::Index(recv, _, true) if recv.is_null() => Ok(Value::Null),
            Target::Prop(recv, name, _) => self.get_property(h, recv, name),
            Target::Index(recv, idx, _) => self.get_index(h, recv, idx),
        }
    }

    fn write_target(&mut self, h: &mut dyn Host, f: &Frame, t: &Target, v: Value) -> R<()> {
        match t {
            Target::Name(n) => self.write_name(h, f, n, v),
            Target::Prop(recv, _, true) | Target::Index(recv, _, true) if recv.is_null() => Ok(()),
            Target::Prop(recv, name, _) => self.set_property(h, recv, name, v),
            Target::Index(recv, idx, _) => self.set_index(h, recv, idx, v),
        }
    }

    // ----------------------------------------------------------------------------------------
    // Names

    fn read_name(&mut self, h: &mut dyn Host, f: &Frame, name: &Name) -> R<Value> {
        if let Some(v) = f.env.lookup(name) {
            return Ok(v);
        }
        if let Some(ctx) = &f.ctx {
            match &**name {
                "delegate" => return Ok(ctx.delegate.clone().unwrap_or(Value::Script)),
                "owner" | "thisObject" => return Ok(Value::Script),
                _ => {}
            }
        }
        if starts_upper(name) {
            if let Some(a) = self.aliases.get(&**name) {
                return Ok(Value::Class(a.as_str().into()));
            }
            if let Some(c) = known_class(name) {
                return Ok(Value::Class(c.into()));
            }
        }
        let owner_first = f.ctx.as_ref().is_some_and(|c| c.strategy == Strategy::OwnerFirst);
        if !owner_first {
            if let Some(ctx) = &f.ctx {
                if let Some(v) = self.delegate_property(h, ctx, name)? {
                    return Ok(v);
                }
            }
        }
        if let Some(v) = self.script_property(h, name)? {
            return Ok(v);
        }
        if owner_first {
            if let Some(ctx) = &f.ctx {
                if let Some(v) = self.delegate_property(h, ctx, name)? {
                    return Ok(v);
                }
            }
        }
        if let Some(v) = h.get_global(self, name)? {
            return Ok(v);
        }
        if matches!(&**name, "java" | "groovy" | "javax" | "org") {
            return Ok(Value::Class(name.clone()));
        }
        Err(EvalError::exception(
            class::MISSING_PROPERTY,
            Some(format!("No such property: {} for class: {}", name, self.script_class)),
        ))
    }

    /// A property of the script: what the platform binds under the name ([`Host::bound_global`]),
    /// else a getter's result, else a script method as a value (a handler passed by name). The
    /// binding goes first, as in Groovy's `Script.getProperty`: a getter that reads the input of
    /// its own name (`def getDelay() { delay ?: 5 }`) reads the input, not itself again.
    fn script_property(&mut self, h: &mut dyn Host, name: &str) -> R<Option<Value>> {
        if let Some(v) = h.bound_global(self, name)? {
            return Ok(Some(v));
        }
        if let Some(g) = self.getters.get(name).cloned() {
            return self.call_decl(h, &g, Vec::new()).map(Some);
        }
        if let Some((k, _)) = self.methods.get_key_value(name) {
            return Ok(Some(Value::MethodRef(k.clone())));
        }
        Ok(None)
    }

    fn delegate_property(&mut self, h: &mut dyn Host, ctx: &Rc<ClosureCtx>, name: &str) -> R<Option<Value>> {
        let delegates: SmallVec<[Value; 2]> = ctx.delegates().map(|(d, _)| d.clone()).collect();
        for d in delegates {
            match &d {
                Value::Host(r) => {
                    if let Some(v) = h.get_property(self, *r, name)? {
                        return Ok(Some(v));
                    }
                }
                // A map has every property: a key it lacks reads as null (in Groovy, `m.with { x }`
                // is `m.x`, not a variable `x` of the script).
                Value::Map(m) => return Ok(Some(m.borrow().get_str(name).cloned().unwrap_or(Value::Null))),
                Value::Script => {}
                other => {
                    if let Some(v) = super::methods::builtin_property(self, h, other, name)? {
                        return Ok(Some(v));
                    }
                }
            }
        }
        Ok(None)
    }

    fn write_name(&mut self, h: &mut dyn Host, f: &Frame, name: &Name, v: Value) -> R<()> {
        let v = match f.env.assign(name, v) {
            Assigned::Done => return Ok(()),
            Assigned::Typed(ty, v) => {
                f.env.assign_converted(name, convert::coerce_named(h, &v, &ty)?);
                return Ok(());
            }
            Assigned::Undeclared(v) => v,
        };
        if let Some(ctx) = &f.ctx {
            let delegates: SmallVec<[(Value, Strategy); 2]> = ctx.delegates().map(|(d, s)| (d.clone(), s)).collect();
            for (d, strategy) in delegates {
                let handled = match &d {
                    Value::Host(r) => h.set_property(self, *r, name, v.clone())?,
                    // A map takes every property (`m.with { k = v }` adds the key) unless the
                    // script, which takes every variable, is asked first.
                    Value::Map(m) if strategy == Strategy::DelegateFirst => {
                        m.borrow_mut().insert(Value::Str(name.clone()), v.clone());
                        true
                    }
                    _ => false,
                };
                if handled {
                    return Ok(());
                }
            }
        }
        h.set_global(self, name, v)
    }

    // ----------------------------------------------------------------------------------------
    // Calls

    #[allow(clippy::too_many_arguments)]
    fn eval_method_call(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        object: Option<&Expr>,
        member: &Member,
        args: &Args,
        nav: Navigation,
        span: Span,
    ) -> R<Value> {
        let object = match object {
            None => {
                let name = self.member_name(h, f, member)?;
                let a = self.eval_args(h, f, args)?;
                return self.call_bare(h, f, &name, a, span);
            }
            Some(o) => o,
        };
        // `java.util.TimeZone.getTimeZone(...)`
        let recv = match self.try_package_path(object) {
            Some(v) => v,
            None => self.eval(h, f, object)?,
        };
        let name = self.member_name(h, f, member)?;
        match nav {
            Navigation::Safe if recv.is_null() => Ok(Value::Null),
            Navigation::Spread => {
                if recv.is_null() {
                    return Ok(Value::Null);
                }
                let items = self.iterate(h, &recv)?;
                let a = self.eval_args(h, f, args)?;
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(if it.is_null() { Value::Null } else { self.call_method(h, it, &name, a.clone())? });
                }
                Ok(Value::new_list(out))
            }
            _ => {
                let a = self.eval_args(h, f, args)?;
                // A host object's method, or a method a list of them takes from its elements
                // (`[lamp, fan].off()`), may ask where it was called.
                if matches!(recv, Value::Host(_) | Value::List(_)) {
                    self.call_span = Some(span);
                }
                if let Value::Date(ms) = recv {
                    if super::date::is_date_mutator(&name) {
                        if let Some(r) = self.mutate_stored_date(h, f, object, ms, &name, &a)? {
                            return Ok(r);
                        }
                    }
                }
                self.call_method(h, recv, &name, a)
            }
        }
    }

    /// `d.clearTime()`, `d.setHours(5)`... on a date held by a variable or by an element of a
    /// plain list or map. Dates are values here, so the changed date is stored back where
    /// the receiver came from; other holders (platform objects) keep theirs, as when the
    /// platform hands out a copy. `None` when the call is not such a mutation.
    fn mutate_stored_date(
        &mut self,
        h: &mut dyn Host,
        f: &Frame,
        object: &Expr,
        ms: i64,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        // A name (a local, or a variable of the script or program), a property or an element.
        let stored = matches!(&object.kind, ExprKind::Ident(_) | ExprKind::Property { .. } | ExprKind::Index { .. });
        if !stored {
            return Ok(None);
        }
        let tz = h.default_time_zone();
        let Some((new, result)) = super::date::mutate_date(ms, name, args, tz) else { return Ok(None) };
        let t = self.eval_target(h, f, object)?;
        match &t {
            Target::Name(_) => {}
            Target::Prop(recv, ..) | Target::Index(recv, ..) if matches!(recv, Value::Map(_) | Value::List(_)) => {}
            _ => return Ok(None),
        }
        self.write_target(h, f, &t, Value::Date(new))?;
        Ok(Some(result))
    }

    /// A call without receiver: local closure, delegates, script method, host function, builtin.
    fn call_bare(&mut self, h: &mut dyn Host, f: &Frame, name: &Name, args: Vec<Value>, span: Span) -> R<Value> {
        if let Some(v) = f.env.lookup(name) {
            if v.is_callable() {
                return self.call_value(h, &v, args);
            }
            if !v.is_null() && !matches!(v, Value::Str(_) | Value::GString(_) | Value::Int(_) | Value::Bool(_)) {
                return self.call_method(h, v, "call", args);
            }
        }
        // `call(...)` in a closure's own body (not in a method it calls) is the closure's.
        if &**name == "call" {
            if let Some((c, depth)) = self.running_closures.last() {
                if *depth == self.depth {
                    let c = c.clone();
                    return self.call_closure(h, &c, args, None);
                }
            }
        }
        let owner_first = f.ctx.as_ref().is_some_and(|c| c.strategy == Strategy::OwnerFirst);
        let mut args = args;
        if owner_first {
            match self.try_script_method(h, name, args)? {
                Ok(v) => return Ok(v),
                Err(a) => args = a,
            }
        }
        if let Some(ctx) = f.ctx.clone() {
            match self.call_on_delegates(h, &ctx, name, args)? {
                Ok(v) => return Ok(v),
                Err(a) => args = a,
            }
        }
        self.call_script_function(h, name, args, Some(span))
    }

    fn call_on_delegates(
        &mut self,
        h: &mut dyn Host,
        ctx: &Rc<ClosureCtx>,
        name: &str,
        args: Vec<Value>,
    ) -> R<Result<Value, Vec<Value>>> {
        let delegates: SmallVec<[Value; 2]> = ctx.delegates().map(|(d, _)| d.clone()).collect();
        for d in delegates {
            match &d {
                Value::Host(r) => {
                    if let Some(v) = h.call_method(self, *r, name, args.clone())? {
                        return Ok(Ok(v));
                    }
                }
                Value::Script => {}
                Value::Map(m) => {
                    let c = m.borrow().get_str(name).cloned();
                    if let Some(c) = c.filter(|c| c.is_callable()) {
                        return self.call_value(h, &c, args).map(Ok);
                    }
                    if let Some(v) = super::methods::builtin_method(self, h, &d, name, args.clone())? {
                        return Ok(Ok(v));
                    }
                }
                other => {
                    if let Some(v) = super::methods::builtin_method(self, h, other, name, args.clone())? {
                        return Ok(Ok(v));
                    }
                }
            }
        }
        Ok(Err(args))
    }

    /// Script method → host function → builtin global function → MissingMethodException.
    pub(crate) fn call_script_function(
        &mut self,
        h: &mut dyn Host,
        name: &str,
        args: Vec<Value>,
        span: Option<Span>,
    ) -> R<Value> {
        let args = match self.try_script_method(h, name, args)? {
            Ok(v) => return Ok(v),
            Err(a) => a,
        };
        if let Some(v) = super::globals::call_early(self, h, name, &args)? {
            return Ok(v);
        }
        if span.is_some() {
            self.call_span = span;
        }
        if let Some(v) = h.call_function(self, name, args.clone())? {
            return Ok(v);
        }
        if let Some(v) = super::globals::call_global(self, h, name, args.clone())? {
            return Ok(v);
        }
        // A closure stored in a global variable.
        if let Some(v) = h.get_global(self, name)? {
            if v.is_callable() {
                return self.call_value(h, &v, args);
            }
        }
        Err(self.missing_method(&self.script_class.clone(), name, &args))
    }

    /// Calls a script method by name if one matches the arguments; gives the arguments back
    /// otherwise.
    pub(crate) fn try_script_method(
        &mut self,
        h: &mut dyn Host,
        name: &str,
        args: Vec<Value>,
    ) -> R<Result<Value, Vec<Value>>> {
        let args = match self.methods.get(name) {
            Some(decls) => pack_varargs(decls, args),
            None => args,
        };
        let decl = match self.methods.get(name) {
            None => return Ok(Err(args)),
            Some(decls) => {
                let n = args.len();
                // A call without arguments passes null to a lone parameter that can hold it.
                let lone_null = |d: &Arc<MethodDecl>| {
                    d.params.len() == 1
                        && !d.params[0].ty.as_ref().is_some_and(|t| t.array_dims == 0 && convert::is_primitive(&t.name))
                };
                let fits = |d: &&Arc<MethodDecl>| {
                    let total = d.params.len();
                    let required = d.params.iter().filter(|p| p.default.is_none()).count();
                    (required..=total).contains(&n) || (n == 0 && lone_null(d))
                };
                let first = decls.iter().find(|d| d.params.len() == n).or_else(|| decls.iter().find(fits));
                let chosen = if decls.iter().filter(fits).nth(1).is_some() {
                    // Overloads (a method with defaults stands for one per number of arguments):
                    // Groovy dispatches on the arguments' runtime types; take the declaration
                    // whose typed parameters all accept them, the most specific one (the smallest
                    // distance from the arguments), on a tie one of exactly `n` parameters, then
                    // the first declared.
                    let distance = |d: &Arc<MethodDecl>, h: &mut dyn Host| -> Option<(u32, bool)> {
                        let mut sum = 0;
                        for (p, v) in params_taking_args(&d.params, n).zip(&args) {
                            if let Some(ty) = &p.ty {
                                if !super::convert::accepts_argument(h, v, ty) {
                                    return None;
                                }
                            }
                            sum += super::convert::argument_distance(h, v, p.ty.as_ref());
                        }
                        Some((sum, d.params.len() != n))
                    };
                    let mut best: Option<(&Arc<MethodDecl>, (u32, bool))> = None;
                    for d in decls.iter().filter(fits) {
                        if let Some(score) = distance(d, h) {
                            if best.is_none_or(|(_, s)| score < s) {
                                best = Some((d, score));
                            }
                        }
                    }
                    best.map(|(d, _)| d).or(first)
                } else {
                    first
                };
                match chosen {
                    Some(d) => d.clone(),
                    None => return Ok(Err(args)),
                }
            }
        };
        // Groovy dispatches on the arguments' runtime types: a typed parameter that cannot take
        // its argument means no method matches.
        let refused = params_taking_args(&decl.params, args.len())
            .zip(&args)
            .any(|(p, v)| p.ty.as_ref().is_some_and(|t| convert::refuses_argument(v, t)));
        if refused {
            return Err(self.missing_method(&self.script_class.clone(), name, &args));
        }
        self.call_decl(h, &decl, args).map(Ok)
    }

    fn enter(&mut self) -> R<()> {
        self.tick()?;
        if self.depth >= self.max_depth {
            return Err(EvalError::exception(
                class::STACK_OVERFLOW,
                Some(format!("call depth exceeded {}", self.max_depth)),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Calls a script method declaration with positional arguments.
    pub(crate) fn call_decl(&mut self, h: &mut dyn Host, decl: &Arc<MethodDecl>, args: Vec<Value>) -> R<Value> {
        self.enter()?;
        let r = self.call_decl_inner(h, decl, args);
        self.depth -= 1;
        r
    }

    fn bind_params(&mut self, h: &mut dyn Host, f: &Frame, params: &[Param], mut args: Vec<Value>) -> R<()> {
        let n = args.len();
        let total = params.len();
        if n == 0 && total == 1 && params[0].default.is_none() {
            args.push(Value::Null);
        }
        let n = args.len().max(n);
        let mut it = args.into_iter();
        for (p, takes_arg) in params.iter().zip(taking_args(params, n)) {
            let v = if takes_arg {
                it.next().unwrap_or(Value::Null)
            } else {
                match &p.default {
                    Some(d) => self.eval(h, f, d)?,
                    None => Value::Null,
                }
            };
            let v = match &p.ty {
                Some(t) => convert::coerce_param(h, &v, t).map_err(|e| self.loc(e, p.span))?,
                None => v,
            };
            f.env.declare_typed(p.name.clone(), v, p.ty.as_ref().and_then(convert::assignment_type));
        }
        Ok(())
    }

    fn call_decl_inner(&mut self, h: &mut dyn Host, decl: &Arc<MethodDecl>, args: Vec<Value>) -> R<Value> {
        let frame = Frame { env: Env::root(), ctx: None };
        self.bind_params(h, &frame, &decl.params, args)?;
        let r = match self.exec_stmts_tail(h, &frame, &decl.body)? {
            (Flow::Return(v), _) => Ok(v),
            (Flow::Normal, last) => Ok(last),
            (Flow::Break(_) | Flow::Continue(_), _) => {
                Err(self.loc(EvalError::unsupported("break or continue outside a loop"), decl.span))
            }
        };
        frame.env.clear_if_unshared();
        let r = r?;
        Ok(match &decl.return_type {
            Some(t) if &*t.name == "void" => Value::Null,
            Some(t) => convert::coerce_to_type(h, &r, t).map_err(|e| self.loc(e, decl.name_span))?,
            None => r,
        })
    }

    /// Runs a method or closure body; the value of a final expression statement or declaration
    /// (or `if`/`switch`/`try` ending in one) is the implicit return value.
    fn exec_stmts_tail(&mut self, h: &mut dyn Host, f: &Frame, stmts: &[Stmt]) -> R<(Flow, Value)> {
        let Some((last, init)) = stmts.split_last() else {
            return Ok((Flow::Normal, Value::Null));
        };
        for s in init {
            match self.exec(h, f, s)? {
                Flow::Normal => {}
                other => return Ok((other, Value::Null)),
            }
        }
        self.exec_tail(h, f, last)
    }

    fn exec_tail(&mut self, h: &mut dyn Host, f: &Frame, s: &Stmt) -> R<(Flow, Value)> {
        match &s.kind {
            StmtKind::Expr(e) => Ok((Flow::Normal, self.eval(h, f, e)?)),
            StmtKind::If { cond, then_branch, else_branch } => {
                if self.eval_truth(h, f, cond)? {
                    self.exec_tail_body(h, f, then_branch)
                } else if let Some(e) = else_branch {
                    self.exec_tail_body(h, f, e)
                } else {
                    Ok((Flow::Normal, Value::Null))
                }
            }
            StmtKind::Block(stmts) => {
                if Self::needs_scope(stmts) {
                    let inner = Frame { env: Env::child(&f.env), ctx: f.ctx.clone() };
                    self.exec_stmts_tail(h, &inner, stmts)
                } else {
                    self.exec_stmts_tail(h, f, stmts)
                }
            }
            StmtKind::Try { body, catches, finally } => {
                self.exec_try_tail(h, f, body, catches, finally.as_deref(), true)
            }
            // A declaration's value is the value declared (`def v = 42` returns 42).
            StmtKind::LocalVar { vars, .. } => {
                let flow = self.exec(h, f, s)?;
                Ok((flow, vars.last().and_then(|v| f.env.lookup(&v.name)).unwrap_or(Value::Null)))
            }
            StmtKind::Switch { subject, cases } => self.exec_switch(h, f, subject, cases, true),
            _ => Ok((self.exec(h, f, s)?, Value::Null)),
        }
    }

    fn exec_tail_body(&mut self, h: &mut dyn Host, f: &Frame, s: &Stmt) -> R<(Flow, Value)> {
        match &s.kind {
            StmtKind::LocalVar { .. } => self.exec_tail(h, &Frame { env: Env::child(&f.env), ctx: f.ctx.clone() }, s),
            _ => self.exec_tail(h, f, s),
        }
    }

    /// Calls a closure value.
    pub(crate) fn call_closure(
        &mut self,
        h: &mut dyn Host,
        c: &Rc<Closure>,
        args: Vec<Value>,
        delegate: Option<(Value, Strategy)>,
    ) -> R<Value> {
        match &c.body {
            ClosureBody::Curried { base, args: bound, right } => {
                let mut all = Vec::with_capacity(bound.len() + args.len());
                if *right {
                    all.extend(args);
                    all.extend(bound.iter().cloned());
                } else {
                    all.extend(bound.iter().cloned());
                    all.extend(args);
                }
                match (base, delegate) {
                    (Value::Closure(b), d) => {
                        let d = d.or_else(|| c.delegate().map(|v| (v, c.strategy())));
                        let b = b.clone();
                        self.call_closure(h, &b, all, d)
                    }
                    (other, _) => {
                        let other = other.clone();
                        self.call_value(h, &other, all)
                    }
                }
            }
            ClosureBody::Lit { expr, env, ctx } => {
                let delegate = delegate.or_else(|| c.delegate().map(|v| (v, c.strategy())));
                let new_ctx = match delegate {
                    Some((d, strategy)) => {
                        Some(Rc::new(ClosureCtx { delegate: Some(d), strategy, parent: ctx.clone() }))
                    }
                    None => ctx.clone(),
                };
                let frame = Frame { env: Env::child(env), ctx: new_ctx };
                let expr = expr.clone();
                self.enter()?;
                self.running_closures.push((c.clone(), self.depth));
                let r = self.run_closure_body(h, &frame, &expr, args);
                self.running_closures.pop();
                self.depth -= 1;
                frame.env.clear_if_unshared();
                r
            }
        }
    }

    fn run_closure_body(
        &mut self,
        h: &mut dyn Host,
        frame: &Frame,
        expr: &Arc<ClosureExpr>,
        args: Vec<Value>,
    ) -> R<Value> {
        match &expr.params {
            None => {
                if args.len() > 1 {
                    return Err(self.closure_arity_error(h, &args));
                }
                let it = args.into_iter().next().unwrap_or(Value::Null);
                frame.env.declare(Name::from("it"), it);
            }
            Some(params) => {
                let mut args = args;
                let required = params.iter().filter(|p| p.default.is_none()).count();
                // A single list argument is spread over the parameters when the closure cannot
                // take one argument (Groovy spreads only when no `doCall` fits the list itself).
                if required > 1 && args.len() == 1 {
                    if let Value::List(l) = &args[0] {
                        let items = l.borrow().to_vec();
                        args = items;
                    }
                }
                let lone_param_without_arg = params.len() == 1 && args.is_empty();
                if (args.len() < required || args.len() > params.len()) && !lone_param_without_arg {
                    return Err(self.closure_arity_error(h, &args));
                }
                self.bind_params(h, frame, params, args)?;
            }
        }
        match self.exec_stmts_tail(h, frame, &expr.body)? {
            (Flow::Return(v), _) => Ok(v),
            (Flow::Normal, v) => Ok(v),
            (Flow::Break(_) | Flow::Continue(_), _) => {
                Err(self.loc(EvalError::unsupported("break or continue outside a loop"), expr.span))
            }
        }
    }

    fn closure_arity_error(&mut self, h: &mut dyn Host, args: &[Value]) -> EvalError {
        let types: Vec<String> = args.iter().map(|a| convert::class_name(h, a)).collect();
        let values: Vec<String> = args.iter().map(|a| super::show::display(h, a)).collect();
        EvalError::exception(
            class::MISSING_METHOD,
            Some(format!(
                "No signature of method: {}$_closure.doCall() is applicable for argument types: ({}) values: [{}]",
                self.script_class,
                types.join(", "),
                values.join(", ")
            )),
        )
    }

    /// Calls `recv.name(args)`.
    pub fn call_method(&mut self, h: &mut dyn Host, recv: Value, name: &str, args: Vec<Value>) -> R<Value> {
        match &recv {
            Value::Null => {
                if let Some(v) = super::methods::null_method(self, h, name, &args)? {
                    return Ok(v);
                }
                if let [arg] = &args[..] {
                    return Err(super::arith::null_operand(h, name, arg));
                }
                Err(EvalError::npe(format!("Cannot invoke method {name}() on null object")))
            }
            Value::Script => self.call_script_function(h, name, args, None),
            Value::Host(r) => {
                if let Some(v) = h.call_method(self, *r, name, args.clone())? {
                    return Ok(v);
                }
                if let Some(v) = super::methods::object_method(self, h, &recv, name, args.clone())? {
                    return Ok(v);
                }
                let cls = h.class_name(*r);
                Err(self.missing_method(&cls, name, &args))
            }
            Value::Class(c) => {
                let c = c.clone();
                if let Some(v) = h.call_static(self, &c, name, &args)? {
                    return Ok(v);
                }
                if let Some(v) = super::statics::call_static(self, h, &c, name, args.clone())? {
                    return Ok(v);
                }
                // A class the evaluator does not model (an imported `MessageDigest`): the call is
                // an unsupported construct, not the app's mistake.
                if known_class(&c).is_none() {
                    return Err(EvalError::unsupported(format!("the static method {c}.{name}")));
                }
                Err(self.missing_method(&c, name, &args))
            }
            _ => {
                if let Some(v) = super::methods::builtin_method(self, h, &recv, name, args.clone())? {
                    return Ok(v);
                }
                if let Value::Map(m) = &recv {
                    let c = m.borrow().get_str(name).cloned();
                    if let Some(c) = c.filter(|c| c.is_callable()) {
                        return self.call_value(h, &c, args);
                    }
                }
                if let Value::List(l) = &recv {
                    let items = l.borrow().to_vec();
                    if let Some(v) = h.call_list_method(self, &items, name, &args)? {
                        return Ok(v);
                    }
                }
                Err(self.missing_method_err(h, &recv, name, &args))
            }
        }
    }

    pub(crate) fn missing_method(&self, class_name: &str, name: &str, args: &[Value]) -> EvalError {
        let types: Vec<String> = args.iter().map(|a| a.type_name().to_string()).collect();
        let values: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        EvalError::exception(
            class::MISSING_METHOD,
            Some(format!(
                "No signature of method: {}.{}() is applicable for argument types: ({}) values: [{}]",
                class_name,
                name,
                types.join(", "),
                values.join(", ")
            )),
        )
    }

    /// No method `name` of the library takes `args` on `recv`: Groovy's MissingMethodException
    /// when Groovy 2.4 has no such method either, else an unsupported construct (a gap of the
    /// interpreter, not a fault of the program).
    pub(crate) fn missing_method_err(&self, h: &mut dyn Host, recv: &Value, name: &str, args: &[Value]) -> EvalError {
        let class = convert::class_name(h, recv);
        let candidates = convert::groovy_candidates(&class, name, args);
        if let Some(overlapping) = convert::ambiguous_for_null(&candidates, args) {
            let prototype = |params: &[&str]| {
                let shown: Vec<String> =
                    params.iter().map(|p| if p.contains('.') { format!("class {p}") } else { p.to_string() }).collect();
                format!("[{}]", shown.join(", "))
            };
            let given: Vec<String> = args
                .iter()
                .map(|a| if a.is_null() { "null".to_string() } else { format!("class {}", a.type_name()) })
                .collect();
            let prototypes: Vec<String> = overlapping.iter().map(|p| prototype(p)).collect();
            return EvalError::ambiguous_overload(&format!("{class}#{name}"), &given.join(", "), &prototypes);
        }
        if !candidates.is_empty() {
            let types: Vec<&str> = args.iter().map(Value::type_name).collect();
            return EvalError::unsupported(format!(
                "the Groovy method {class}.{name}({}), which Eventide's interpreter does not implement",
                types.join(", ")
            ));
        }
        self.missing_method(&class, name, args)
    }

    pub(crate) fn cast_error(&self, h: &mut dyn Host, v: &Value, target: &str) -> EvalError {
        convert::cast_error(h, v, target)
    }

    // ----------------------------------------------------------------------------------------
    // Properties and subscripts

    /// Reads `recv.name`.
    pub fn get_property(&mut self, h: &mut dyn Host, recv: &Value, name: &str) -> R<Value> {
        match recv {
            // Even `null.class` (only the method `null.getClass()` answers `NullObject`).
            Value::Null => Err(EvalError::npe(format!("Cannot get property '{name}' on null object"))),
            Value::Map(m) => {
                let v = m.borrow().get_str(name).cloned();
                Ok(v.unwrap_or(Value::Null))
            }
            Value::Script => {
                if let Some(v) = self.script_property(h, name)? {
                    return Ok(v);
                }
                if let Some(v) = h.get_global(self, name)? {
                    return Ok(v);
                }
                Err(EvalError::exception(
                    class::MISSING_PROPERTY,
                    Some(format!("No such property: {} for class: {}", name, self.script_class)),
                ))
            }
            Value::Host(r) => {
                if let Some(v) = h.get_property(self, *r, name)? {
                    return Ok(v);
                }
                if name == "class" {
                    return Ok(Value::Class(h.class_name(*r).into()));
                }
                let cls = h.class_name(*r);
                Err(EvalError::exception(
                    class::MISSING_PROPERTY,
                    Some(format!("No such property: {name} for class: {cls}")),
                ))
            }
            _ => {
                if let Some(v) = super::methods::builtin_property(self, h, recv, name)? {
                    return Ok(v);
                }
                // Lists spread property reads over their elements.
                if let Value::List(l) = recv {
                    let items = l.borrow().to_vec();
                    let mut out = Vec::with_capacity(items.len());
                    for it in items {
                        out.push(if it.is_null() { Value::Null } else { self.get_property(h, &it, name)? });
                    }
                    return Ok(Value::new_list(out));
                }
                let cls = convert::class_name(h, recv);
                // A property Groovy reads through a getter the library lacks is a gap of the
                // interpreter, not a fault of the program.
                let capitalized = capitalize(name);
                let getter = [format!("get{capitalized}"), format!("is{capitalized}")]
                    .into_iter()
                    .find(|g| convert::groovy_takes(&cls, g, &[]));
                if let Some(getter) = getter {
                    return Err(EvalError::unsupported(format!(
                        "the Groovy property {cls}.{name} (read through {getter}()), which Eventide's interpreter does not implement"
                    )));
                }
                Err(EvalError::exception(
                    class::MISSING_PROPERTY,
                    Some(format!("No such property: {name} for class: {cls}")),
                ))
            }
        }
    }

    /// Writes `recv.name = v`.
    pub fn set_property(&mut self, h: &mut dyn Host, recv: &Value, name: &str, v: Value) -> R<()> {
        match recv {
            Value::Null => Err(EvalError::npe(format!("Cannot set property '{name}' on null object"))),
            Value::Map(m) => {
                m.borrow_mut().insert(Value::str(name), v);
                Ok(())
            }
            Value::Script => h.set_global(self, name, v),
            Value::Host(r) => {
                if h.set_property(self, *r, name, v)? {
                    return Ok(());
                }
                let cls = h.class_name(*r);
                Err(EvalError::exception(
                    class::MISSING_PROPERTY,
                    Some(format!("No such property: {name} for class: {cls}")),
                ))
            }
            Value::Closure(c) => match name {
                "delegate" => {
                    c.set_delegate(if v.is_null() { None } else { Some(v) });
                    Ok(())
                }
                "resolveStrategy" => {
                    let s = v.as_i64().unwrap_or(0);
                    c.set_strategy(if s == 1 || s == 3 { Strategy::DelegateFirst } else { Strategy::OwnerFirst });
                    Ok(())
                }
                _ => Err(EvalError::exception(
                    class::MISSING_PROPERTY,
                    Some(format!("No such property: {name} for class: groovy.lang.Closure")),
                )),
            },
            Value::List(l) => {
                // Spread assignment over elements.
                let items = l.borrow().to_vec();
                for it in items {
                    self.set_property(h, &it, name, v.clone())?;
                }
                Ok(())
            }
            _ => {
                let setter = format!("set{}", capitalize(name));
                if super::methods::builtin_method(self, h, recv, &setter, vec![v])?.is_some() {
                    return Ok(());
                }
                let cls = convert::class_name(h, recv);
                Err(EvalError::exception(
                    class::READ_ONLY,
                    Some(format!("Cannot set readonly property: {name} for class: {cls}")),
                ))
            }
        }
    }

    /// Reads `recv[idx]`.
    pub fn get_index(&mut self, h: &mut dyn Host, recv: &Value, idx: &Value) -> R<Value> {
        super::methods::get_at(self, h, recv, idx)
    }

    /// Writes `recv[idx] = v`.
    pub fn set_index(&mut self, h: &mut dyn Host, recv: &Value, idx: &Value, v: Value) -> R<()> {
        super::methods::put_at(self, h, recv, idx, v)
    }

    // ----------------------------------------------------------------------------------------
    // Iteration and isCase

    /// The elements a value iterates over (`for (x in v)`, `v.each`).
    pub fn iterate(&mut self, h: &mut dyn Host, v: &Value) -> R<Vec<Value>> {
        Ok(match v {
            Value::Null => Vec::new(),
            Value::List(l) => l.borrow().to_vec(),
            Value::Range(r) => r.to_values()?,
            Value::Map(m) => m.borrow().iter().map(|(k, v)| Value::obj(Obj::MapEntry(k.clone(), v.clone()))).collect(),
            Value::Str(s) | Value::GString(s) => s.chars().map(|c| Value::Str(c.to_string().into())).collect(),
            Value::Host(r) => match h.call_method(self, *r, "iterator", Vec::new())? {
                Some(Value::Host(r2)) if r2 == *r => vec![v.clone()],
                Some(inner) => self.iterate(h, &inner)?,
                None => vec![v.clone()],
            },
            Value::Obj(o) => match &**o {
                Obj::Matcher(m) => {
                    let m = m.borrow();
                    m.matches.iter().map(|g| super::regex::match_value(g)).collect()
                }
                // An iterator gives what it has not returned yet, and is used up.
                Obj::Iterator(it) => {
                    let mut it = it.borrow_mut();
                    it.check_unchanged()?;
                    let remaining: Vec<Value> = (it.next..it.len()).filter_map(|i| it.element(i)).collect();
                    it.next += remaining.len();
                    it.can_remove = false;
                    remaining
                }
                _ => vec![v.clone()],
            },
            other => vec![other.clone()],
        })
    }

    /// Whether `v` is a collection whose elements Groovy's collection operators take (`[1] + v`
    /// adds them, `[v].flatten()` opens it): a list or a range.
    pub fn is_collection(v: &Value) -> bool {
        matches!(v, Value::List(_) | Value::Range(_))
    }

    /// `caseValue.isCase(subject)`: switch labels and `in`.
    pub fn is_case(&mut self, h: &mut dyn Host, case: &Value, subject: &Value) -> R<bool> {
        Ok(match case {
            Value::Null => subject.is_null(),
            Value::Str(s) | Value::GString(s) => match subject {
                Value::Null => false,
                _ => **s == *super::show::display(h, subject),
            },
            // `Collection.isCase` is the JDK's `contains`: Java's `equals`.
            Value::List(l) => {
                let items = l.borrow().to_vec();
                items.iter().any(|x| ops::java_equals(x, subject))
            }
            // `IntRange.contains`: only an Integer (or a BigInteger) is in it (`45L in 40..60` and
            // `4.5 in 1..10` are false in Groovy 2.4).
            Value::Range(r) => range_contains(r, subject),
            Value::Map(m) => {
                let v = m.borrow().get(subject).cloned();
                v.is_some_and(|v| v.truthy())
            }
            Value::Class(c) => convert::instance_of(h, subject, c),
            Value::Closure(_) | Value::MethodRef(_) => {
                let r = self.call_value(h, case, vec![subject.clone()])?;
                self.truthy(h, &r)
            }
            Value::Obj(o) => match &**o {
                Obj::Pattern(p) => match subject.as_str() {
                    Some(s) => super::regex::full_match(p, s),
                    None => {
                        let s = super::show::display(h, subject);
                        !subject.is_null() && super::regex::full_match(p, &s)
                    }
                },
                _ => ops::values_equal(case, subject),
            },
            Value::Host(r) => match h.call_method(self, *r, "isCase", vec![subject.clone()])? {
                Some(v) => v.truthy(),
                None => ops::values_equal(case, subject),
            },
            _ => ops::values_equal(case, subject),
        })
    }

    /// A pseudo-random number in [0, 1) for `Math.random()` when the host does not own it.
    pub(crate) fn next_random(&mut self) -> f64 {
        let mut x = self.rng_state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng_state = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// An evaluated assignment target.
enum Target {
    Name(Name),
    Prop(Value, Name, bool),
    Index(Value, Value, bool),
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn decapitalize(s: &str) -> String {
    // Java bean rules: `URL` stays `URL`, `Foo` becomes `foo`.
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(a), Some(b)) if a.is_uppercase() && b.is_uppercase() => s.to_string(),
        (Some(a), _) => a.to_lowercase().chain(s.chars().skip(1)).collect(),
        _ => String::new(),
    }
}

/// The arguments of a call to a varargs method (`def f(String... xs)`, or a last parameter of an
/// array type): when no declaration takes exactly these arguments, the ones from the last
/// parameter on become one array, as Groovy passes them (`f("a", "b")`, `f()`); an array or
/// `null` in the last place is passed as it is.
/// Whether `e` is statically of an integral primitive type for Groovy 2.4's primitive arithmetic
/// (see `Interpreter::integer_division_for_primitive`).
fn statically_integral(f: &Frame, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Number(NumberLit::Integer(_) | NumberLit::Long(_)) => true,
        ExprKind::Ident(name) => {
            f.env.declared_type(name).is_some_and(|t| matches!(&*t, "int" | "long" | "short" | "byte"))
        }
        ExprKind::Binary { op: BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Mod, lhs, rhs } => {
            statically_integral(f, lhs) && statically_integral(f, rhs)
        }
        _ => false,
    }
}

/// Which parameters take the `n` arguments of a call, one flag per parameter: defaults are
/// dropped from the right, so the first `n - required` defaulted parameters take arguments and
/// the others their defaults.
fn taking_args(params: &[Param], n: usize) -> impl Iterator<Item = bool> + '_ {
    let required = params.iter().filter(|p| p.default.is_none()).count();
    let mut optional_slots = n.saturating_sub(required);
    params.iter().map(move |p| {
        if p.default.is_none() {
            return true;
        }
        let takes = optional_slots > 0;
        optional_slots = optional_slots.saturating_sub(1);
        takes
    })
}

/// The parameters that take the `n` arguments of a call, in order (see [`taking_args`]).
fn params_taking_args(params: &[Param], n: usize) -> impl Iterator<Item = &Param> {
    params.iter().zip(taking_args(params, n)).filter_map(|(p, takes)| takes.then_some(p))
}

fn pack_varargs(decls: &[Arc<MethodDecl>], mut args: Vec<Value>) -> Vec<Value> {
    let n = args.len();
    let is_varargs =
        |d: &Arc<MethodDecl>| d.params.last().and_then(|p| p.ty.as_ref()).is_some_and(|t| t.array_dims > 0);
    let exact = |d: &Arc<MethodDecl>| {
        d.params.len() == n && (!is_varargs(d) || matches!(args.last(), Some(Value::List(_) | Value::Null)))
    };
    if decls.iter().any(exact) {
        return args;
    }
    let Some(d) = decls.iter().find(|d| is_varargs(d) && n + 1 >= d.params.len()) else { return args };
    let last = d.params.last().and_then(|p| p.ty.as_ref()).expect("a varargs parameter");
    let rest = args.split_off(d.params.len() - 1);
    args.push(Value::new_list_of(convert::array_kind(&last.name), rest));
    args
}

/// `new T[n]`: an array of `n` zeros (`0`, `0L`, `0.0`, `false` for primitive types) or nulls.
fn new_array(element: &str, dims: u8, args: &[Value]) -> R<Value> {
    let [n] = args else { return Err(EvalError::unsupported("array creation with several dimensions")) };
    if dims != 1 {
        return Err(EvalError::unsupported("array creation with several dimensions"));
    }
    let Some(n) = n.as_i64().filter(|_| matches!(n, Value::Int(_) | Value::Long(_))) else {
        return Err(EvalError::unsupported("array creation with a length that is not an integer"));
    };
    if n < 0 {
        return Err(EvalError::exception("java.lang.NegativeArraySizeException", Some(n.to_string())));
    }
    if n as usize > super::value::MAX_ELEMENTS {
        return Err(super::value::too_large());
    }
    let zero = convert::default_for_type(element);
    Ok(Value::new_list_of(convert::array_kind(element), vec![zero; n as usize]))
}

/// `IntRange.contains(value)`: an Integer or BigInteger within the bounds; any other value,
/// whatever its number, is not in the range.
pub(crate) fn range_contains(r: &super::value::Range, subject: &Value) -> bool {
    match subject {
        Value::Int(_) | Value::BigInt(_) => subject.as_i64().is_some_and(|i| r.contains(i)),
        _ => false,
    }
}
