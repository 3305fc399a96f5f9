//! A small event-driven program representation written directly in Rust.
//!
//! [`Program`] is a [`TransitionSystem`]: integer variables shared by all events, and events whose
//! handlers are lists of [`Stmt`]s (assignments, `if`, `assert`, `enable`, `disable`). It shows how
//! a Rust user plugs a model into the engine, and it is what the engine's own tests, the randomized
//! differential campaigns ([`Program::random`]) and the benchmarks run: interpreting it costs far
//! less than running Groovy.
//!
//! Semantics follow the model-file format: events start enabled unless declared otherwise,
//! `enable`/`disable` of an event already in that state changes nothing, a failed `assert` stops
//! the handler (earlier writes stay) and is reported as a violation keyed by its message. Accesses
//! are exact, as model files report them: a write that leaves a variable's value unchanged is a
//! read ([`demote_unchanged_writes`]).

use crate::fingerprint::FingerprintHasher;
use crate::system::{
    demote_unchanged_writes, Access, AccessKind, EventId, Finding, FindingKind, Fingerprint, Location, StateDifference,
    Step, TransitionSystem,
};
use std::fmt::Write as _;
use std::hash::Hash;

/// An integer expression. Booleans are integers: 0 is false, anything else true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Const(i64),
    Var(usize),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    /// Remainder by a positive constant, Java/Groovy style (sign of the dividend).
    Mod(Box<Expr>, i64),
    Eq(Box<Expr>, Box<Expr>),
    Ne(Box<Expr>, Box<Expr>),
    Lt(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

/// A handler statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Assign(usize, Expr),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    /// Fails (a violation keyed by the message) when the condition is false.
    Assert(Expr, String),
    /// Reads a variable without using it (`def r = x` in model files): an access, no effect.
    Read(usize),
    Enable(EventId),
    Disable(EventId),
    /// Sets a variable to 1 (`true`) or 0 (`false`) as a [`AccessKind::Set`]: marks of one value
    /// commute with each other. The variable becomes a *flag*: besides its own location it has
    /// two [settable](Location::settable) ones, "set to 1" and "set to 0"; a mark sets its own
    /// and reads the other, every read of the variable reads both, every assignment writes both
    /// (see [`Program::body`], which registers flags).
    Mark(usize, bool),
}

/// One event: a name, whether it starts enabled, and its handler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDef {
    pub name: String,
    pub initially_enabled: bool,
    pub body: Vec<Stmt>,
}

/// A whole program: variables with initial values, and events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub vars: Vec<(String, i64)>,
    pub events: Vec<EventDef>,
    /// The variables some [`Stmt::Mark`] sets (registered by [`Program::body`]).
    pub flags: Vec<bool>,
}

/// Where the settable locations of flags start (two per variable, after the variables').
const FLAG_LOCATIONS: u32 = 1 << 20;

/// The settable location "flag `x` set to `value`".
fn flag_location(x: usize, value: bool) -> Location {
    Location::settable(FLAG_LOCATIONS + 2 * x as u32 + u32::from(!value))
}

/// A program state: variable values and the enabled events.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProgramState {
    pub values: Box<[i64]>,
    pub enabled: Box<[bool]>,
}

/// Shorthands for building expressions in tests and docs.
pub mod build {
    use super::Expr;

    pub fn c(v: i64) -> Expr {
        Expr::Const(v)
    }
    pub fn v(i: usize) -> Expr {
        Expr::Var(i)
    }
    pub fn add(a: Expr, b: Expr) -> Expr {
        Expr::Add(Box::new(a), Box::new(b))
    }
    pub fn sub(a: Expr, b: Expr) -> Expr {
        Expr::Sub(Box::new(a), Box::new(b))
    }
    pub fn modulo(a: Expr, m: i64) -> Expr {
        Expr::Mod(Box::new(a), m)
    }
    pub fn eq(a: Expr, b: Expr) -> Expr {
        Expr::Eq(Box::new(a), Box::new(b))
    }
    pub fn ne(a: Expr, b: Expr) -> Expr {
        Expr::Ne(Box::new(a), Box::new(b))
    }
    pub fn lt(a: Expr, b: Expr) -> Expr {
        Expr::Lt(Box::new(a), Box::new(b))
    }
    pub fn not(a: Expr) -> Expr {
        Expr::Not(Box::new(a))
    }
    pub fn and(a: Expr, b: Expr) -> Expr {
        Expr::And(Box::new(a), Box::new(b))
    }
    pub fn or(a: Expr, b: Expr) -> Expr {
        Expr::Or(Box::new(a), Box::new(b))
    }
}

impl Program {
    pub fn new() -> Program {
        Program::default()
    }

    /// Declares a variable; returns its index.
    pub fn var(&mut self, name: &str, initial: i64) -> usize {
        self.vars.push((name.to_string(), initial));
        self.vars.len() - 1
    }

    /// Declares an event with an empty handler; returns its id. Set the handler with
    /// [`Program::body`] (events can name each other in `enable`/`disable`).
    pub fn event(&mut self, name: &str, initially_enabled: bool) -> EventId {
        self.events.push(EventDef { name: name.to_string(), initially_enabled, body: Vec::new() });
        (self.events.len() - 1) as EventId
    }

    /// Sets an event's handler, registering the variables its marks set as flags.
    pub fn body(&mut self, event: EventId, body: Vec<Stmt>) {
        fn marks(body: &[Stmt], flags: &mut Vec<bool>) {
            for s in body {
                match s {
                    Stmt::Mark(x, _) => {
                        if flags.len() <= *x {
                            flags.resize(*x + 1, false);
                        }
                        flags[*x] = true;
                    }
                    Stmt::If(_, a, b) => {
                        marks(a, flags);
                        marks(b, flags);
                    }
                    _ => {}
                }
            }
        }
        marks(&body, &mut self.flags);
        self.events[event as usize].body = body;
    }

    fn is_flag(&self, x: usize) -> bool {
        self.flags.get(x).copied().unwrap_or(false)
    }

    /// Records an access of variable `x`: its location, and a flag's two settable ones.
    fn access_var(&self, x: usize, kind: AccessKind, accesses: &mut Vec<Access>) {
        accesses.push(Access { location: Location::data(x as u32), kind });
        if self.is_flag(x) {
            for value in [true, false] {
                accesses.push(Access { location: flag_location(x, value), kind });
            }
        }
    }

    /// `n` independent toggles `v_i = 1 - v_i`: 2^n states, n·2^n transitions, never terminates.
    pub fn toggles(n: usize) -> Program {
        use build::*;
        let mut p = Program::new();
        for i in 0..n {
            let x = p.var(&format!("v{i}"), 0);
            let e = p.event(&format!("t{i}"), true);
            p.body(e, vec![Stmt::Assign(x, sub(c(1), v(x)))]);
        }
        p
    }

    /// `n` one-shot independent events (each sets its own variable and disables itself):
    /// exhaustively 2^n states and n·2^(n-1) transitions; with DPOR n+1 states and n transitions.
    pub fn one_shots(n: usize) -> Program {
        let mut p = Program::new();
        for i in 0..n {
            let x = p.var(&format!("v{i}"), 0);
            let e = p.event(&format!("e{i}"), true);
            p.body(e, vec![Stmt::Assign(x, Expr::Const(1)), Stmt::Disable(e)]);
        }
        p
    }

    /// The program as a model file (the Groovy subset the `eventide check` command reads).
    pub fn to_model_file(&self) -> String {
        let mut out = String::new();
        for (name, init) in &self.vars {
            let _ = writeln!(out, "{name} = {init}");
        }
        for e in &self.events {
            let opts = if e.initially_enabled { String::new() } else { ", enabled: false".to_string() };
            let _ = write!(out, "event(\"{}\"{opts}) {{", e.name);
            self.write_block(&mut out, &e.body, 1);
            out.push_str("}\n");
        }
        out
    }

    fn write_block(&self, out: &mut String, body: &[Stmt], depth: usize) {
        out.push('\n');
        for s in body {
            out.push_str(&"    ".repeat(depth));
            match s {
                Stmt::Assign(x, e) => {
                    let _ = write!(out, "{} = {}", self.vars[*x].0, self.expr_text(e));
                }
                Stmt::If(cond, then, els) => {
                    let _ = write!(out, "if ({}) {{", self.cond_text(cond));
                    self.write_block(out, then, depth + 1);
                    out.push_str(&"    ".repeat(depth));
                    out.push('}');
                    if !els.is_empty() {
                        out.push_str(" else {");
                        self.write_block(out, els, depth + 1);
                        out.push_str(&"    ".repeat(depth));
                        out.push('}');
                    }
                }
                Stmt::Assert(cond, msg) => {
                    let _ = write!(out, "assert {} : \"{msg}\"", self.cond_text(cond));
                }
                Stmt::Read(x) => {
                    let _ = write!(out, "def r = {}", self.vars[*x].0);
                }
                Stmt::Enable(e) => {
                    let _ = write!(out, "enable(\"{}\")", self.events[*e as usize].name);
                }
                Stmt::Disable(e) => {
                    let _ = write!(out, "disable(\"{}\")", self.events[*e as usize].name);
                }
                Stmt::Mark(x, value) => {
                    let _ = write!(out, "{} = {}", self.vars[*x].0, i64::from(*value));
                }
            }
            out.push('\n');
        }
    }

    /// An integer-valued Groovy expression.
    fn expr_text(&self, e: &Expr) -> String {
        match e {
            Expr::Const(k) => k.to_string(),
            Expr::Var(x) => self.vars[*x].0.clone(),
            Expr::Add(a, b) => format!("({} + {})", self.expr_text(a), self.expr_text(b)),
            Expr::Sub(a, b) => format!("({} - {})", self.expr_text(a), self.expr_text(b)),
            Expr::Mod(a, m) => format!("({} % {m})", self.expr_text(a)),
            _ => format!("({} ? 1 : 0)", self.cond_text(e)),
        }
    }

    /// A boolean-valued Groovy expression.
    fn cond_text(&self, e: &Expr) -> String {
        match e {
            Expr::Eq(a, b) => format!("({} == {})", self.expr_text(a), self.expr_text(b)),
            Expr::Ne(a, b) => format!("({} != {})", self.expr_text(a), self.expr_text(b)),
            Expr::Lt(a, b) => format!("({} < {})", self.expr_text(a), self.expr_text(b)),
            Expr::Not(a) => format!("!{}", self.cond_text(a)),
            Expr::And(a, b) => format!("({} && {})", self.cond_text(a), self.cond_text(b)),
            Expr::Or(a, b) => format!("({} || {})", self.cond_text(a), self.cond_text(b)),
            _ => format!("({} != 0)", self.expr_text(e)),
        }
    }

    fn eval(&self, e: &Expr, values: &[i64], accesses: &mut Vec<Access>) -> i64 {
        match e {
            Expr::Const(k) => *k,
            Expr::Var(x) => {
                self.access_var(*x, AccessKind::Read, accesses);
                values[*x]
            }
            Expr::Add(a, b) => self.eval(a, values, accesses).wrapping_add(self.eval(b, values, accesses)),
            Expr::Sub(a, b) => self.eval(a, values, accesses).wrapping_sub(self.eval(b, values, accesses)),
            Expr::Mod(a, m) => self.eval(a, values, accesses) % (*m).max(1),
            Expr::Eq(a, b) => (self.eval(a, values, accesses) == self.eval(b, values, accesses)) as i64,
            Expr::Ne(a, b) => (self.eval(a, values, accesses) != self.eval(b, values, accesses)) as i64,
            Expr::Lt(a, b) => (self.eval(a, values, accesses) < self.eval(b, values, accesses)) as i64,
            Expr::Not(a) => (self.eval(a, values, accesses) == 0) as i64,
            // Short-circuit like Groovy: the right side is read only when needed.
            Expr::And(a, b) => (self.eval(a, values, accesses) != 0 && self.eval(b, values, accesses) != 0) as i64,
            Expr::Or(a, b) => (self.eval(a, values, accesses) != 0 || self.eval(b, values, accesses) != 0) as i64,
        }
    }

    /// Runs statements; returns false when an assertion failed (the handler stops).
    fn run(&self, body: &[Stmt], st: &mut ProgramState, acc: &mut Vec<Access>, out: &mut Vec<Finding>) -> bool {
        for s in body {
            match s {
                Stmt::Assign(x, e) => {
                    let value = self.eval(e, &st.values, acc);
                    self.access_var(*x, AccessKind::Write, acc);
                    st.values[*x] = value;
                }
                Stmt::If(cond, then, els) => {
                    let branch = if self.eval(cond, &st.values, acc) != 0 { then } else { els };
                    if !self.run(branch, st, acc, out) {
                        return false;
                    }
                }
                Stmt::Assert(cond, msg) => {
                    if self.eval(cond, &st.values, acc) == 0 {
                        out.push(Finding {
                            kind: FindingKind::Violation,
                            key: msg.clone(),
                            message: msg.clone(),
                            position: None,
                        });
                        return false;
                    }
                }
                Stmt::Read(x) => self.access_var(*x, AccessKind::Read, acc),
                Stmt::Mark(x, value) => {
                    acc.push(Access::set(flag_location(*x, *value)));
                    acc.push(Access::read(flag_location(*x, !*value)));
                    st.values[*x] = i64::from(*value);
                }
                Stmt::Enable(e) => {
                    acc.push(Access::write(Location::shadow(*e)));
                    st.enabled[*e as usize] = true;
                }
                Stmt::Disable(e) => {
                    acc.push(Access::write(Location::shadow(*e)));
                    st.enabled[*e as usize] = false;
                }
            }
        }
        true
    }

    /// Every assertion message in the program.
    pub fn assertion_messages(&self) -> Vec<String> {
        fn walk(body: &[Stmt], out: &mut Vec<String>) {
            for s in body {
                match s {
                    Stmt::Assert(_, m) => out.push(m.clone()),
                    Stmt::If(_, a, b) => {
                        walk(a, out);
                        walk(b, out);
                    }
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        for e in &self.events {
            walk(&e.body, &mut out);
        }
        out
    }
}

impl TransitionSystem for Program {
    type State = ProgramState;
    type Label = ();

    fn initial_state(&mut self) -> ProgramState {
        ProgramState {
            values: self.vars.iter().map(|(_, v)| *v).collect(),
            enabled: self.events.iter().map(|e| e.initially_enabled).collect(),
        }
    }

    fn fingerprint(&self, state: &ProgramState) -> Fingerprint {
        let mut h = FingerprintHasher::new();
        state.hash(&mut h);
        h.fingerprint()
    }

    fn enabled(&mut self, state: &ProgramState, out: &mut Vec<EventId>) {
        out.extend(state.enabled.iter().enumerate().filter(|(_, &on)| on).map(|(i, _)| i as EventId));
    }

    fn execute(&mut self, state: &ProgramState, event: EventId, accesses: &mut Vec<Access>) -> Step<ProgramState> {
        let mut next = state.clone();
        let mut findings = Vec::new();
        self.run(&self.events[event as usize].body, &mut next, accesses, &mut findings);
        demote_unchanged_writes(accesses, |l| {
            l.data_index().is_some_and(|i| {
                let x = if i >= FLAG_LOCATIONS { (i - FLAG_LOCATIONS) / 2 } else { i } as usize;
                state.values[x] == next.values[x]
            })
        });
        Step { next, findings, label: () }
    }

    fn event_name(&self, event: EventId) -> String {
        self.events.get(event as usize).map_or_else(|| format!("event#{event}"), |e| e.name.clone())
    }

    fn states_equal(&self, a: &ProgramState, b: &ProgramState) -> Option<bool> {
        Some(a == b)
    }

    /// The variables whose values differ (enabling is compared by the engine).
    fn state_differences(&self, a: &ProgramState, b: &ProgramState) -> Option<Vec<StateDifference>> {
        let differ = a.values.iter().zip(b.values.iter()).enumerate().filter(|(_, (x, y))| x != y);
        Some(
            differ
                .map(|(i, (x, y))| StateDifference {
                    what: self.vars[i].0.clone(),
                    first: x.to_string(),
                    second: y.to_string(),
                    enabling: false,
                })
                .collect(),
        )
    }
}

/// Parameters of [`Program::random`].
#[derive(Clone, Debug)]
pub struct RandomShape {
    pub max_vars: usize,
    /// Programs have between `min_events` and `max_events` events.
    pub min_events: usize,
    pub max_events: usize,
    /// Variables take values modulo this (2 or more), which keeps state spaces finite and cyclic.
    pub max_modulus: i64,
    pub max_stmts: usize,
    /// The percentage of handler statements that are [`Stmt::Mark`]s (plain, or under a
    /// condition, or choosing the value by the variable's: `if (x == 0) mark 1 else mark 0`).
    pub marks: u64,
}

impl Default for RandomShape {
    fn default() -> Self {
        RandomShape { max_vars: 3, min_events: 1, max_events: 4, max_modulus: 3, max_stmts: 3, marks: 0 }
    }
}

/// A minimal random source so the engine needs no `rand` dependency: SplitMix64.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

impl Program {
    /// A random program with cyclic state space: multi-location handlers, enabling and disabling,
    /// assertions with distinct messages, and the shapes that exact accesses and the exploration
    /// order must get right:
    /// - value-preserving writes: `x = x`, `if (x == k) { x = k }`, constant writes;
    /// - always-enabled cyclic events (about a third of the events only count a variable round,
    ///   `x = (x + 1) % m`, possibly asserting, and no event disables them);
    /// - enabling chains (an event enables the next one and disables itself).
    pub fn random(rng: &mut SplitMix64, shape: &RandomShape) -> Program {
        use build::*;
        let mut p = Program::new();
        let nvars = 1 + rng.below(shape.max_vars as u64) as usize;
        let moduli: Vec<i64> =
            (0..nvars).map(|_| 2 + rng.below((shape.max_modulus - 1).max(1) as u64) as i64).collect();
        for (i, m) in moduli.iter().enumerate() {
            let init = rng.below(*m as u64) as i64;
            p.var(&format!("x{i}"), init);
        }
        let min_events = shape.min_events.clamp(1, shape.max_events.max(1));
        let nevents = min_events + rng.below((shape.max_events.max(1) - min_events + 1) as u64) as usize;
        // Cyclic events: always enabled, never disabled, they only count a variable round.
        let cyclic: Vec<bool> = (0..nevents).map(|_| rng.chance(30)).collect();
        for (i, &is_cyclic) in cyclic.iter().enumerate() {
            let enabled = is_cyclic || rng.chance(80);
            p.event(&format!("e{i}"), enabled);
        }
        let disable_target = |rng: &mut SplitMix64| -> Option<EventId> {
            let t = rng.below(nevents as u64) as usize;
            (!cyclic[t]).then_some(t as EventId)
        };
        let mut asserts = 0;
        let atom = |rng: &mut SplitMix64| -> Expr {
            if rng.chance(60) {
                v(rng.below(nvars as u64) as usize)
            } else {
                c(rng.below(3) as i64)
            }
        };
        let cond = |rng: &mut SplitMix64| -> Expr {
            let a = atom(rng);
            let b = atom(rng);
            match rng.below(4) {
                0 => eq(a, b),
                1 => ne(a, b),
                2 => lt(a, b),
                _ => and(eq(a, c(rng.below(2) as i64)), not(eq(b, c(1)))),
            }
        };
        for ev in 0..nevents as EventId {
            let mut body = Vec::new();
            let nstmts = 1 + rng.below(shape.max_stmts as u64) as usize;
            if cyclic[ev as usize] {
                let x = rng.below(nvars as u64) as usize;
                body.push(Stmt::Assign(x, modulo(add(v(x), c(1)), moduli[x])));
                if rng.chance(40) {
                    asserts += 1;
                    body.push(Stmt::Assert(cond(rng), format!("a{ev}_{asserts}")));
                }
                p.body(ev, body);
                continue;
            }
            for _ in 0..nstmts {
                let x = rng.below(nvars as u64) as usize;
                let k = rng.below(moduli[x] as u64) as i64;
                if shape.marks > 0 && rng.chance(shape.marks) {
                    let value = rng.chance(50);
                    body.push(match rng.below(4) {
                        0 | 1 => Stmt::Mark(x, value),
                        2 => Stmt::If(cond(rng), vec![Stmt::Mark(x, value)], vec![]),
                        _ => Stmt::If(eq(v(x), c(0)), vec![Stmt::Mark(x, true)], vec![Stmt::Mark(x, false)]),
                    });
                    continue;
                }
                match rng.below(14) {
                    0..=3 => {
                        body.push(Stmt::Assign(x, modulo(add(atom(rng), atom(rng)), moduli[x])));
                    }
                    4 => {
                        let y = rng.below(nvars as u64) as usize;
                        body.push(Stmt::If(
                            cond(rng),
                            vec![Stmt::Assign(x, modulo(add(v(y), c(1)), moduli[x]))],
                            vec![Stmt::Read(y)],
                        ));
                    }
                    5 | 6 => {
                        asserts += 1;
                        body.push(Stmt::Assert(cond(rng), format!("a{ev}_{asserts}")));
                    }
                    7 => body.push(Stmt::Enable(rng.below(nevents as u64) as EventId)),
                    8 => body.extend(disable_target(rng).map(Stmt::Disable)),
                    9 => {
                        let target = rng.below(nevents as u64) as EventId;
                        let s = if rng.chance(50) || cyclic[target as usize] {
                            Stmt::Enable(target)
                        } else {
                            Stmt::Disable(target)
                        };
                        body.push(Stmt::If(cond(rng), vec![s], vec![]));
                    }
                    10 => body.push(Stmt::Assign(x, v(x))),
                    11 => body.push(Stmt::If(eq(v(x), c(k)), vec![Stmt::Assign(x, c(k))], vec![])),
                    12 => body.push(Stmt::Assign(x, c(k))),
                    _ => {
                        // An enabling chain: hand over to the next event.
                        let next = (ev + 1) % nevents as EventId;
                        body.push(Stmt::Enable(next));
                        if next != ev {
                            body.push(Stmt::Disable(ev));
                        }
                    }
                }
            }
            p.body(ev, body);
        }
        p
    }
}

impl Program {
    /// A random program whose state space is acyclic, so that every sequence of events ends (what
    /// R4's Theorem 1 is about): [`Program::random`] where every event may run at most once or
    /// twice. Event `e` counts its runs in a variable `n_e` of its own and disables itself when
    /// its budget is spent; every `enable(e)` only enables it while budget remains. Every
    /// transition raises one counter, so no state repeats.
    pub fn random_acyclic(rng: &mut SplitMix64, shape: &RandomShape) -> Program {
        use build::*;
        let mut p = Program::random(rng, shape);
        let budgets: Vec<i64> = (0..p.events.len()).map(|_| 1 + rng.below(2) as i64).collect();
        let counters: Vec<usize> = (0..p.events.len()).map(|e| p.var(&format!("n{e}"), 0)).collect();
        fn guard(body: Vec<Stmt>, counters: &[usize], budgets: &[i64]) -> Vec<Stmt> {
            body.into_iter()
                .map(|s| match s {
                    Stmt::Enable(t) => {
                        Stmt::If(lt(v(counters[t as usize]), c(budgets[t as usize])), vec![Stmt::Enable(t)], vec![])
                    }
                    Stmt::If(cond, a, b) => Stmt::If(cond, guard(a, counters, budgets), guard(b, counters, budgets)),
                    other => other,
                })
                .collect()
        }
        for (e, event) in p.events.iter_mut().enumerate() {
            let n = counters[e];
            let mut body = vec![
                Stmt::Assign(n, add(v(n), c(1))),
                Stmt::If(eq(v(n), c(budgets[e])), vec![Stmt::Disable(e as EventId)], vec![]),
            ];
            body.extend(guard(std::mem::take(&mut event.body), &counters, &budgets));
            event.body = body;
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::build::*;
    use super::*;

    #[test]
    fn model_file_text_is_readable() {
        let mut p = Program::new();
        let x = p.var("x", 0);
        let e = p.event("e1", true);
        p.body(e, vec![Stmt::Assign(x, modulo(add(v(x), c(1)), 3)), Stmt::Assert(ne(v(x), c(2)), "m".into())]);
        let text = p.to_model_file();
        assert_eq!(text, "x = 0\nevent(\"e1\") {\n    x = ((x + 1) % 3)\n    assert (x != 2) : \"m\"\n}\n");
    }

    #[test]
    fn failed_assert_stops_handler_but_keeps_earlier_writes() {
        let mut p = Program::new();
        let x = p.var("x", 0);
        let y = p.var("y", 0);
        let e = p.event("e", true);
        p.body(e, vec![Stmt::Assign(x, c(1)), Stmt::Assert(eq(c(0), c(1)), "f".into()), Stmt::Assign(y, c(1))]);
        let s0 = p.initial_state();
        let step = p.execute(&s0, e, &mut Vec::new());
        assert_eq!(&*step.next.values, &[1, 0]);
        assert_eq!(step.findings.len(), 1);
    }
}
