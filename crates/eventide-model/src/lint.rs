//! Load-time checks of a model file's handlers, so that mistakes are reported with exit code 2
//! and a location before any exploration: assignments to names that are neither shared
//! variables nor locals, assignments to top-level `def` locals (state the checker could not
//! see), and `enable`/`disable` of events that do not exist.

use eventide_groovy::syntax::{Args, Expr, ExprKind, GStringPart, MapEntry, MapKey, Member, Span, Stmt, StmtKind};
use rustc_hash::FxHashSet;

/// A problem found by the checks: where and what.
pub struct LintError {
    pub span: Span,
    pub message: String,
}

/// What the checks need to know about the model.
pub struct ModelNames<'a> {
    pub shared: &'a FxHashSet<String>,
    pub events: &'a FxHashSet<String>,
    /// Locals declared with `def`/a type at the top level of the file.
    pub top_locals: &'a FxHashSet<String>,
    /// Those of them whose initial value is not a plain constant (a number, string, boolean or
    /// null): a collection a handler could change in place, state the checker could not see.
    pub top_mutable: &'a FxHashSet<String>,
}

/// The locals declared at the top level of a file (outside the shared variables), and those
/// among them whose initializer is not a plain constant (see [`ModelNames::top_mutable`]).
pub fn top_level_locals(stmts: &[Stmt], shared: &FxHashSet<String>) -> (FxHashSet<String>, FxHashSet<String>) {
    let (mut locals, mut mutable) = (FxHashSet::default(), FxHashSet::default());
    for s in stmts {
        let StmtKind::LocalVar { vars, .. } = &s.kind else { continue };
        for v in vars.iter().filter(|v| !shared.contains(&*v.name)) {
            locals.insert(v.name.to_string());
            let constant = v.init.as_ref().is_none_or(|e| {
                matches!(e.kind, ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Str(_))
            });
            if !constant {
                mutable.insert(v.name.to_string());
            }
        }
    }
    (locals, mutable)
}

/// Checks one handler body. `params` are the closure's parameters (`it` when implicit).
pub fn check_handler(body: &[Stmt], params: &[String], names: &ModelNames) -> Result<(), LintError> {
    let mut walker = Walker { names, threads: None, scopes: vec![params.iter().cloned().collect()], in_with: 0 };
    walker.block(body)
}

/// What the checks of a program of threads need to know besides [`ModelNames`].
pub struct ThreadNames<'a> {
    /// Every thread, and the loopers among them (the threads with an event queue).
    pub threads: &'a FxHashSet<String>,
    pub loopers: &'a FxHashSet<String>,
    pub handlers: &'a FxHashSet<String>,
    /// The locks some `acquire` takes.
    pub locks: &'a FxHashSet<String>,
}

/// The lock of a statement that is a call `acquire("name")`, with the argument's span; `Err`
/// with the call's span when it is an `acquire` call of another shape.
pub fn top_level_acquire(stmt: &Stmt) -> Option<Result<(&str, Span), Span>> {
    let StmtKind::Expr(e) = &stmt.kind else { return None };
    let ExprKind::MethodCall { object: None, member: Member::Name(name), args, .. } = &e.kind else { return None };
    if &**name != "acquire" {
        return None;
    }
    match (args.positional.as_slice(), args.named.is_empty()) {
        ([Expr { kind: ExprKind::Str(lock), span }], true) => Some(Ok((lock, *span))),
        _ => Some(Err(e.span)),
    }
}

/// Checks a method of a program of threads: its body runs inside some step, so it gets the checks
/// of a step's statements (`acquire` is never a step there). `params` are its parameters.
pub fn check_thread_method(
    body: &[Stmt],
    params: &[String],
    names: &ModelNames,
    threads: &ThreadNames,
) -> Result<(), LintError> {
    let mut walker =
        Walker { names, threads: Some(threads), scopes: vec![params.iter().cloned().collect()], in_with: 0 };
    walker.block(body)
}

/// Checks the body of a thread or handler of a program of threads: its top-level statements
/// are its steps (locals declared by one are seen by the next). Besides the handler checks:
/// `post("thread", "event")` must name a looper thread and a handler, `acquire("lock")` must be
/// a step of its own with a literal lock name, `release` must name a lock some `acquire` takes,
/// and `enable`/`disable` do not exist.
pub fn check_thread_body(body: &[Stmt], names: &ModelNames, threads: &ThreadNames) -> Result<(), LintError> {
    let mut walker = Walker { names, threads: Some(threads), scopes: vec![FxHashSet::default()], in_with: 0 };
    for stmt in body {
        match top_level_acquire(stmt) {
            Some(Ok(_)) => {}
            Some(Err(span)) => {
                return Err(LintError { span, message: "acquire() takes one lock name: acquire(\"name\")".into() })
            }
            None => walker.stmt(stmt)?,
        }
    }
    Ok(())
}

struct Walker<'a, 'b> {
    names: &'a ModelNames<'b>,
    threads: Option<&'a ThreadNames<'b>>,
    scopes: Vec<FxHashSet<String>>,
    /// Nesting of closures passed to `with`/`tap`: there a bare name may be the delegate's
    /// property (`m.with { a = 1 }` sets the map's key), which only running it tells.
    in_with: u32,
}

impl Walker<'_, '_> {
    fn is_local(&self, name: &str) -> bool {
        self.scopes.iter().any(|s| s.contains(name))
    }

    fn declare(&mut self, name: &str) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string());
        }
    }

    fn scoped<T>(&mut self, names: &[String], f: impl FnOnce(&mut Self) -> T) -> T {
        self.scopes.push(names.iter().cloned().collect());
        let r = f(self);
        self.scopes.pop();
        r
    }

    fn block(&mut self, body: &[Stmt]) -> Result<(), LintError> {
        self.scoped(&[], |w| body.iter().try_for_each(|s| w.stmt(s)))
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), LintError> {
        match &s.kind {
            StmtKind::Expr(e) | StmtKind::Throw(e) => self.expr(e),
            StmtKind::LocalVar { vars, .. } => {
                for v in vars {
                    if let Some(init) = &v.init {
                        self.expr(init)?;
                    }
                    self.declare(&v.name);
                }
                Ok(())
            }
            StmtKind::Method(_) | StmtKind::Import { .. } | StmtKind::TypeDecl { .. } | StmtKind::Empty => Ok(()),
            StmtKind::Block(b) => self.block(b),
            StmtKind::If { cond, then_branch, else_branch } => {
                self.expr(cond)?;
                self.scoped(&[], |w| w.stmt(then_branch))?;
                match else_branch {
                    Some(e) => self.scoped(&[], |w| w.stmt(e)),
                    None => Ok(()),
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond)?;
                self.scoped(&[], |w| w.stmt(body))
            }
            StmtKind::ForIn { var, iterable, body, .. } => {
                self.expr(iterable)?;
                self.scoped(&[var.to_string()], |w| w.stmt(body))
            }
            StmtKind::For { init, cond, update, body } => self.scoped(&[], |w| {
                init.iter().try_for_each(|s| w.stmt(s))?;
                if let Some(c) = cond {
                    w.expr(c)?;
                }
                update.iter().try_for_each(|e| w.expr(e))?;
                w.stmt(body)
            }),
            StmtKind::Switch { subject, cases } => {
                self.expr(subject)?;
                for case in cases {
                    case.labels.iter().try_for_each(|l| self.expr(l))?;
                    self.block(&case.body)?;
                }
                Ok(())
            }
            StmtKind::Try { body, catches, finally } => {
                self.block(body)?;
                for c in catches {
                    self.scoped(&[c.name.to_string()], |w| w.block(&c.body))?;
                }
                match finally {
                    Some(f) => self.block(f),
                    None => Ok(()),
                }
            }
            StmtKind::Return(e) => e.as_ref().map_or(Ok(()), |e| self.expr(e)),
            StmtKind::Break(_) | StmtKind::Continue(_) => Ok(()),
            StmtKind::Assert { cond, message } => {
                self.expr(cond)?;
                message.as_ref().map_or(Ok(()), |m| self.expr(m))
            }
            StmtKind::Labeled { body, .. } => self.stmt(body),
        }
    }

    fn args(&mut self, args: &Args) -> Result<(), LintError> {
        args.positional.iter().try_for_each(|e| self.expr(e))?;
        self.map_entries(&args.named)
    }

    fn map_entries(&mut self, entries: &[MapEntry]) -> Result<(), LintError> {
        for entry in entries {
            match entry {
                MapEntry::Pair { key, value, .. } => {
                    if let MapKey::Expr(k) = key {
                        self.expr(k)?;
                    }
                    self.expr(value)?;
                }
                MapEntry::Spread(e) => self.expr(e)?,
            }
        }
        Ok(())
    }

    fn assign_target(&mut self, target: &Expr) -> Result<(), LintError> {
        match &target.kind {
            ExprKind::Ident(name) => {
                if self.is_local(name) || self.names.shared.contains(&**name) || self.in_with > 0 {
                    Ok(())
                } else if self.names.top_locals.contains(&**name) {
                    Err(LintError {
                        span: target.span,
                        message: format!(
                            "`{name}` is a local variable of the file's top level, which handlers cannot change; \
                             declare it as a shared variable (`{name} = ...` without `def`)"
                        ),
                    })
                } else {
                    Err(LintError {
                        span: target.span,
                        message: format!(
                            "assignment to undeclared variable `{name}`: declare shared variables at the top of the file \
                             (`{name} = 0`) or locals with `def {name}`"
                        ),
                    })
                }
            }
            _ => self.expr(target),
        }
    }

    fn event_name_arg(&self, call: &str, args: &Args, span: Span) -> Result<(), LintError> {
        if let [Expr { kind: ExprKind::Str(name), span: arg_span }] = args.positional.as_slice() {
            if !self.names.events.contains(&**name) {
                return Err(LintError {
                    span: *arg_span,
                    message: format!("{call}(\"{name}\"): no event named `{name}` is declared"),
                });
            }
        } else if args.positional.len() != 1 || !args.named.is_empty() {
            return Err(LintError { span, message: format!("{call}() takes one event name") });
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> Result<(), LintError> {
        match &e.kind {
            ExprKind::Ident(name)
                if self.names.top_mutable.contains(&**name)
                    && !self.is_local(name)
                    && !self.names.shared.contains(&**name) =>
            {
                Err(LintError {
                    span: e.span,
                    message: format!(
                        "`{name}` is a local variable of the file's top level holding a value a handler can change in \
                         place, which the checker could not see; declare it as a shared variable (`{name} = ...` \
                         without `def`)"
                    ),
                })
            }
            ExprKind::Null
            | ExprKind::Bool(_)
            | ExprKind::Number(_)
            | ExprKind::Str(_)
            | ExprKind::Ident(_)
            | ExprKind::This
            | ExprKind::Super => Ok(()),
            ExprKind::GString(parts) => parts.iter().try_for_each(|p| match p {
                GStringPart::Expr(e) => self.expr(e),
                GStringPart::Text(_) => Ok(()),
            }),
            ExprKind::List(items) => items.iter().try_for_each(|i| self.expr(i)),
            ExprKind::Map(entries) => self.map_entries(entries),
            ExprKind::Range { from, to, .. } => {
                self.expr(from)?;
                self.expr(to)
            }
            ExprKind::Unary { operand, op } => {
                use eventide_groovy::syntax::UnaryOp::*;
                match op {
                    PreInc | PreDec | PostInc | PostDec => self.assign_target(operand),
                    _ => self.expr(operand),
                }
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs)?;
                self.expr(rhs)
            }
            ExprKind::InstanceOf { expr, .. } | ExprKind::As { expr, .. } | ExprKind::Cast { expr, .. } => {
                self.expr(expr)
            }
            ExprKind::Assign { target, value, .. } => {
                self.expr(value)?;
                self.assign_target(target)
            }
            ExprKind::Ternary { cond, then_expr, else_expr } => {
                self.expr(cond)?;
                self.expr(then_expr)?;
                self.expr(else_expr)
            }
            ExprKind::Elvis { lhs, rhs } => {
                self.expr(lhs)?;
                self.expr(rhs)
            }
            ExprKind::Property { object, member, .. } => {
                self.expr(object)?;
                if let Member::Dynamic(m) = member {
                    self.expr(m)?;
                }
                Ok(())
            }
            ExprKind::Index { object, index, .. } => {
                self.expr(object)?;
                index.iter().try_for_each(|i| self.expr(i))
            }
            ExprKind::MethodCall { object, member, args, .. } => {
                if object.is_none() {
                    if let Member::Name(name) = member {
                        // `bump()` where `def bump = { n++ }` at the top level: a closure with
                        // state of its own.
                        let callee = Expr { kind: ExprKind::Ident(name.clone()), span: e.span };
                        self.expr(&callee)?;
                        if let Some(threads) = self.threads {
                            thread_call(threads, name, args, e.span)?;
                        } else if &**name == "enable" || &**name == "disable" {
                            self.event_name_arg(name, args, e.span)?;
                        }
                    }
                }
                if let Some(o) = object {
                    self.expr(o)?;
                }
                if let Member::Dynamic(m) = member {
                    self.expr(m)?;
                }
                let with = object.is_some() && matches!(member, Member::Name(n) if matches!(&**n, "with" | "tap"));
                self.in_with += u32::from(with);
                let r = self.args(args);
                self.in_with -= u32::from(with);
                r
            }
            ExprKind::Call { callee, args } => {
                self.expr(callee)?;
                self.args(args)
            }
            ExprKind::Closure(c) => {
                let params: Vec<String> = match &c.params {
                    Some(ps) => ps.iter().map(|p| p.name.to_string()).collect(),
                    None => vec!["it".to_string()],
                };
                self.scoped(&params, |w| w.block(&c.body))
            }
            ExprKind::New { args, .. } => self.args(args),
            ExprKind::Spread(inner) => self.expr(inner),
            ExprKind::MethodPointer { object, .. } => self.expr(object),
        }
    }
}

/// The checks of `post`, `acquire`, `release`, `enable` and `disable` inside a step.
fn thread_call(threads: &ThreadNames, name: &str, args: &Args, span: Span) -> Result<(), LintError> {
    let literal = |i: usize| match args.positional.get(i) {
        Some(Expr { kind: ExprKind::Str(s), span }) => Some((&**s, *span)),
        _ => None,
    };
    // A constant that is not text (`post(1, "e")`, `release(null)`) can never name anything.
    let not_text = |i: usize| {
        args.positional.get(i).is_some_and(|a| {
            matches!(
                a.kind,
                ExprKind::Number(_) | ExprKind::Null | ExprKind::Bool(_) | ExprKind::List(_) | ExprKind::Map(_)
            )
        })
    };
    match name {
        "post" => {
            if args.positional.len() != 2 || !args.named.is_empty() || not_text(0) || not_text(1) {
                return Err(LintError {
                    span,
                    message: "post() takes a thread name and an event name: post(\"thread\", \"event\")".into(),
                });
            }
            if let Some((thread, at)) = literal(0) {
                if !threads.threads.contains(thread) {
                    return Err(LintError { span: at, message: format!("post(): no thread named `{thread}`") });
                }
                if !threads.loopers.contains(thread) {
                    return Err(LintError {
                        span: at,
                        message: format!(
                            "post(): thread `{thread}` has no event queue; declare it with thread(\"{thread}\", looper: true)"
                        ),
                    });
                }
            }
            if let Some((event, at)) = literal(1) {
                if !threads.handlers.contains(event) {
                    return Err(LintError {
                        span: at,
                        message: format!(
                            "post(): event `{event}` has no handler (declare handler(\"{event}\") {{ ... }})"
                        ),
                    });
                }
            }
            Ok(())
        }
        "acquire" => Err(LintError {
            span,
            message: "acquire() must be a step of its own: a top-level statement of a thread or handler body".into(),
        }),
        "release" => {
            if args.positional.len() != 1 || !args.named.is_empty() || not_text(0) {
                return Err(LintError { span, message: "release() takes one lock name: release(\"name\")".into() });
            }
            if let Some((lock, at)) = literal(0) {
                if !threads.locks.contains(lock) {
                    return Err(LintError {
                        span: at,
                        message: format!("release(\"{lock}\"): no acquire(\"{lock}\") in the program"),
                    });
                }
            }
            Ok(())
        }
        "enable" | "disable" => Err(LintError {
            span,
            message: format!("{name}() is for event models; threads post events with post(\"thread\", \"event\")"),
        }),
        "thread" | "handler" => Err(LintError {
            span,
            message: format!(
                "{name}() declares a {name} when the file is loaded; a step cannot declare one (call it from the top level)"
            ),
        }),
        _ => Ok(()),
    }
}
