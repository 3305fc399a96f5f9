//! Loading a SmartApp: parse it, then learn its inputs by running its preferences.
//!
//! Inputs are discovered by execution, not pattern matching: the top level runs with a host that
//! implements `definition(...)`, `preferences { ... }`, `page` (with a content closure, or naming
//! a method), `dynamicPage`, `section`, `input` (positional name and type, named options,
//! nested input closures), `paragraph`, `href`, `label`, `mode`, `app`, `icon`. Page methods
//! (named by `page(name:)` without a closure, `page(content:)`, `href(page:)`,
//! `dynamicPage(nextPage:)`, `preferences(oauthPage:)`) are then run until no new page is
//! referenced, so inputs created in loops or helpers are found.
//!
//! Discovery runs with every input unset (`settings` empty, unknown names read as `null`, as the
//! platform reads an unset input), which reveals the inputs of `ifUnset`-style helpers and lets a
//! page read an input before declaring it (`if (switch1 || masterSwitch) { input "masterSwitch" }`);
//! [`PairSystem`](crate::PairSystem) runs it again with the bound settings to find inputs that
//! depend on other inputs (`input "type_${dev.id}"`, the `masterSwitch` above).
//! An error in a page method does not stop loading: it is kept in [`App::warnings`].

use std::path::Path;
use std::sync::Arc;

use eventide_groovy::eval::{ErrorKind, EvalError, Interpreter, Interrupt, Value};
use eventide_groovy::syntax::{parse, SourceFile};
use eventide_groovy::Diagnostic;

use crate::binding::{Binding, BoundValue};
use crate::error::LoadError;
use crate::host::{AppSource, AppWorld, Discovery, Phase, StHost, Tables, World};
use crate::system::{AppRuntime, PairState, TimerMode};

/// One input an app declares in its preferences.
#[derive(Clone, Debug, PartialEq)]
pub struct InputDecl {
    pub name: String,
    /// `capability.switch`, `device.mobilePresence`, `number`, `enum`, `mode`, ...
    pub input_type: String,
    pub title: Option<String>,
    pub multiple: bool,
    pub required: bool,
    pub submit_on_change: bool,
    /// The options of an `enum` input (`options:` or `metadata: [values:]`), as values.
    pub options: Vec<BoundValue>,
    pub default_value: Option<String>,
    /// The page that declares it, when it is declared inside a named page.
    pub page: Option<String>,
    /// Where the `input` call is written (0 when unknown).
    pub line: u32,
    pub column: u32,
}

impl InputDecl {
    /// A diagnostic at the input's `input` call (the whole file when the call is not known).
    pub fn diagnostic(&self, file: &SourceFile, message: String) -> Diagnostic {
        if self.line == 0 {
            return Diagnostic::whole_file(file.name(), message);
        }
        let text = file.text();
        let line_start: usize = text.split_inclusive('\n').take(self.line as usize - 1).map(str::len).sum();
        let line = text.get(line_start..).unwrap_or("").lines().next().unwrap_or("");
        let skip = self.column.saturating_sub(1) as usize;
        let col_bytes: usize = line.chars().take(skip).map(char::len_utf8).sum();
        let start = (line_start + col_bytes).min(text.len());
        let end = line_start + line.len();
        Diagnostic::at(file, eventide_groovy::syntax::Span::new(start as u32, end.max(start) as u32), message)
    }

    /// A warning when the type repeats its prefix (`capability.capability.switch`): the platform
    /// knows no such type; Eventide reads it as the capability the author meant.
    fn doubled_prefix(&self, file: &SourceFile) -> Option<Diagnostic> {
        let lower = self.input_type.to_ascii_lowercase();
        let (first, rest) = lower.split_once('.')?;
        let (second, _) = rest.split_once('.')?;
        let prefixes = ["capability", "device"];
        if !(prefixes.contains(&first) && prefixes.contains(&second)) {
            return None;
        }
        let meant = &self.input_type[first.len() + 1..];
        Some(self.diagnostic(
            file,
            format!(
                "input `{}` has type `{}`, which repeats its prefix: read as `{meant}`",
                self.name, self.input_type
            ),
        ))
    }

    /// The first option of an `enum` input (`null` when it has none).
    pub fn first_option(&self) -> BoundValue {
        self.options.first().cloned().unwrap_or(BoundValue::Null)
    }
}

/// A loaded SmartApp.
#[derive(Clone, Debug)]
pub struct App {
    pub(crate) source: Arc<AppSource>,
    /// The definition's `name` (the file name when it has none).
    pub name: String,
    /// Every input, in declaration order.
    pub inputs: Vec<InputDecl>,
    /// The page methods that were run to discover inputs.
    pub pages: Vec<String>,
    /// Errors raised by page methods during discovery (loading continued without them).
    pub warnings: Vec<Diagnostic>,
    /// Comparisons of the location mode or a device attribute with a value it never takes in
    /// the model (`location.mode == "Away"`): each gives the same answer in every state.
    pub constant_comparisons: Vec<Diagnostic>,
    /// A child app's parent (`definition(parent: "namespace:Name")`); the parent is not
    /// installed: calls to `parent` are recorded and answer `null`.
    pub parent: Option<String>,
}

/// What one discovery run found.
pub(crate) struct Discovered {
    pub inputs: Vec<InputDecl>,
    pub pages: Vec<String>,
    pub definition_name: Option<String>,
    pub parent_app: Option<String>,
    /// App fields assigned by the top level.
    pub fields: Value,
    /// `state` and `atomicState` as the top level and the page runs left them: the installed
    /// app starts with them (pages run on the app being configured).
    pub page_state: [Value; 2],
    /// Whether the top level called `definition(...)` or `preferences`, and whether it called
    /// `metadata` (a device handler).
    pub declared: bool,
    pub device_metadata: bool,
    pub warnings: Vec<Diagnostic>,
}

fn eval_diagnostic(file: &SourceFile, e: &EvalError) -> Diagnostic {
    match e.span {
        Some(span) => Diagnostic::at(file, span, e.message.clone()),
        None => Diagnostic::whole_file(file.name(), e.message.clone()),
    }
}

/// How many page-method runs discovery makes at most.
const MAX_PAGE_RUNS: usize = 200;

/// Whether every declaration of script method `page` needs an argument.
fn takes_params(interp: &Interpreter, page: &str) -> bool {
    let decls = interp.method_decls(page);
    !decls.is_empty() && decls.iter().all(|m| m.params.iter().any(|p| p.default.is_none()))
}

/// Runs the app's top level and its page methods against `settings` (and the devices of
/// `binding`, in configuration A, when there is one).
pub(crate) fn discover(
    source: &Arc<AppSource>,
    settings: Value,
    binding: Option<&Binding>,
) -> Result<Discovered, LoadError> {
    let world = World {
        timers: TimerMode::Inline,
        apps: vec![AppWorld { source: source.clone(), label: source.file.name().into(), settings, parent: None }],
        devices: binding.map(|b| b.devices.clone()).unwrap_or_default(),
        slots: binding.map(|b| b.slots.clone()).unwrap_or_default(),
        command_subscriptions: false,
    };
    let mut tables = Tables::default();
    let mode = tables.syms.intern("home");
    let attrs: Box<[u32]> = world
        .slots
        .iter()
        .map(|&(d, a)| {
            let initial = world.devices[d as usize].attributes[a as usize].row.initial[0];
            tables.syms.intern(initial)
        })
        .collect();
    let alarm_system = tables.syms.intern(crate::catalogue::ALARM_SYSTEM_STATES[0]);
    let mut st = PairState { setup_done: false, attrs, mode, alarm_system, apps: vec![AppRuntime::default()].into() };
    let mut accesses = Vec::new();
    let mut host = StHost::new(&world, &mut tables, &mut st, &mut accesses, Phase::Loading);
    host.discovery = Some(Discovery::default());
    let limits = Interrupt::for_loading(std::time::Instant::now(), eventide_engine::memory::memory_in_use);
    let mut interp = Interpreter::new(source.script.clone(), source.file.clone());
    interp.set_interrupt(Some(limits));
    let interrupted = |e: &EvalError| {
        let reason = e.interrupt_reason();
        let limit = Interrupt::load_limit_text(reason);
        let diagnostic = Diagnostic {
            message: format!("loading the app did not finish within {limit} (a loop that never ends?)"),
            ..eval_diagnostic(&source.file, e)
        };
        if Interrupt::load_stopped_by_run_limit(reason) {
            let reason = reason.map_or("time", |r| r.as_str());
            return LoadError::Limit { reason, diagnostic };
        }
        LoadError::App(diagnostic)
    };
    if let Err(e) = interp.run_script(&mut host) {
        let diagnostic = eval_diagnostic(&source.file, &e);
        return Err(match e.kind {
            ErrorKind::Unsupported { .. } => LoadError::Unsupported(diagnostic),
            ErrorKind::Interrupted { .. } => interrupted(&e),
            _ => LoadError::App(diagnostic),
        });
    }
    let mut warnings: Vec<Diagnostic> = Vec::new();
    // Page methods run in the order they are referenced. One that takes a parameter runs once
    // per distinct `params:` of the `href`s to it (`def pageEditButton(params)`), as the
    // platform calls it; one that no such `href` reaches runs last, with an empty map. The first
    // page always runs first (with an empty map if it takes one): the platform opens it first.
    // A page that changed the app's state runs once more (before those last runs), as when the
    // user opens the app again: `if (state.installed == null) { state.installed = false; return
    // aboutPage() }` shows its inputs the second time.
    let (mut next_page, mut next_call, mut deferred, mut again) = (0, 0, Vec::new(), Vec::new());
    let mut ran_again: Vec<(String, String)> = Vec::new();
    let state_hash = |st: &PairState| {
        use std::hash::Hasher;
        let mut h = rustc_hash::FxHasher::default();
        st.apps.iter().flat_map(|a| &a.maps[..2]).for_each(|m| m.hash_state(&mut h));
        h.finish()
    };
    for _ in 0..MAX_PAGE_RUNS {
        let Some(d) = host.discovery.as_ref() else { break };
        let (page, args) = if let Some(page) = d.pages.get(next_page).cloned() {
            next_page += 1;
            match takes_params(&interp, &page) {
                true if next_page == 1 => (page, vec![Value::empty_map()]),
                true => {
                    deferred.push(page);
                    continue;
                }
                false => (page, Vec::new()),
            }
        } else if let Some((page, params)) = d.page_params.get(next_call).cloned() {
            next_call += 1;
            if !takes_params(&interp, &page) {
                continue;
            }
            (page, vec![params])
        } else if let Some((page, args)) = again.pop() {
            (page, args)
        } else if let Some(page) = deferred.pop() {
            if d.page_params.iter().any(|(p, _)| *p == page) {
                continue;
            }
            (page, vec![Value::empty_map()])
        } else {
            break;
        };
        let rerun = (page.clone(), args.clone());
        let before = state_hash(host.st);
        if !interp.has_method(&page) {
            continue;
        }
        if let Some(d) = &mut host.discovery {
            d.current_page = Some(page.clone());
        }
        let mut page_interp = Interpreter::new(source.script.clone(), source.file.clone());
        page_interp.set_interrupt(Some(limits));
        if let Err(e) = page_interp.call_function(&mut host, &page, args) {
            if e.interrupt_reason().is_some() {
                return Err(interrupted(&e));
            }
            // Pages that run again (or several pages sharing a helper) raise the same error
            // again: each is listed once.
            let d = eval_diagnostic(&source.file, &e);
            if !warnings.iter().any(|w| w.line == d.line && w.column == d.column && w.message == d.message) {
                warnings.push(d);
            }
        }
        let key = (rerun.0.clone(), rerun.1.iter().map(Value::to_string).collect::<Vec<_>>().join(","));
        if state_hash(host.st) != before && !ran_again.contains(&key) {
            ran_again.push(key);
            again.insert(0, rerun);
        }
    }
    // What the pages left in `state` is stored as the platform stores it (JSON) before the app is
    // installed, as every transition's state is: otherwise the first handler that touches
    // `state` would convert keys it never accessed (an integer map key a page stored becoming a
    // string), a change no transition records, and DPOR would miss the orders it affects.
    host.finish();
    let discovery = host.discovery.take().unwrap_or_default();
    drop(host);
    warnings.extend(discovery.inputs.iter().filter_map(|i| i.doubled_prefix(&source.file)));
    let fields = st.apps.first().map(|a| a.maps[2].clone()).unwrap_or_else(Value::empty_map);
    let page_state = st
        .apps
        .first()
        .map(|a| [a.maps[0].clone(), a.maps[1].clone()])
        .unwrap_or_else(|| [Value::empty_map(), Value::empty_map()]);
    let pages = discovery.pages.into_iter().filter(|p| interp.has_method(p)).collect();
    Ok(Discovered {
        inputs: discovery.inputs,
        pages,
        definition_name: discovery.definition_name,
        parent_app: discovery.parent_app,
        fields,
        page_state,
        warnings,
        declared: discovery.declared,
        device_metadata: discovery.device_metadata,
    })
}

impl App {
    /// Reads, parses and loads an app.
    pub fn load(path: &Path) -> Result<App, LoadError> {
        let file = SourceFile::read(path).map_err(|e| {
            LoadError::Io(Diagnostic::whole_file(&path.display().to_string(), format!("cannot read app: {e}")))
        })?;
        App::from_source(file)
    }

    /// Loads an app from source text.
    pub fn from_source(file: SourceFile) -> Result<App, LoadError> {
        let file = Arc::new(file);
        let script = parse(&file).map_err(|e| LoadError::Syntax(Diagnostic::from_syntax(&file, &e)))?;
        let source = Arc::new(AppSource { file: file.clone(), script: Arc::new(script) });
        let found = discover(&source, Value::empty_map(), None)?;
        // A device handler may declare preferences too; `metadata { ... }` is what makes it one.
        if !found.declared || found.device_metadata {
            let what = if found.device_metadata {
                "it is a device handler (`metadata { ... }`), not a SmartApp"
            } else if file.text().trim().is_empty() {
                "the file is empty"
            } else {
                "its top level has neither `definition(...)` nor `preferences { ... }`"
            };
            return Err(LoadError::App(Diagnostic::at(
                &file,
                eventide_groovy::syntax::Span::new(0, 0),
                format!("not a SmartApp: {what}"),
            )));
        }
        let stem = Path::new(file.name()).file_stem().and_then(|s| s.to_str()).unwrap_or("app").to_string();
        let constant_comparisons = constant_comparisons(&source.file, &source.script.stmts);
        Ok(App {
            source,
            name: found.definition_name.unwrap_or(stem),
            inputs: found.inputs,
            pages: found.pages,
            warnings: found.warnings,
            constant_comparisons,
            parent: found.parent_app,
        })
    }

    /// The file the app was loaded from, as given.
    pub fn file_name(&self) -> &str {
        self.source.file.name()
    }

    /// The source file.
    pub fn file(&self) -> &Arc<SourceFile> {
        &self.source.file
    }

    /// Whether the app declares a method with this name.
    pub fn has_method(&self, name: &str) -> bool {
        self.source
            .script
            .stmts
            .iter()
            .any(|s| matches!(&s.kind, eventide_groovy::syntax::StmtKind::Method(m) if &*m.name == name))
    }

    pub fn input(&self, name: &str) -> Option<&InputDecl> {
        self.inputs.iter().find(|i| i.name == name)
    }

    /// Merges inputs found by a later discovery run (new names only, in order); its page errors
    /// replace the earlier ones (a page that failed with every input unset may work once the
    /// inputs are bound).
    pub(crate) fn merge(&mut self, found: Discovered) -> bool {
        let mut added = false;
        for input in found.inputs {
            if self.input(&input.name).is_none() {
                self.inputs.push(input);
                added = true;
            }
        }
        for page in found.pages {
            if !self.pages.contains(&page) {
                self.pages.push(page);
            }
        }
        self.warnings = found.warnings;
        added
    }
}

/// The comparisons of an app's code with values the mode or an attribute never takes (see
/// [`crate::comparisons`]): `location.mode` / `location.currentMode`, `d.currentValue("a")`,
/// `d.latestValue("a")`, `d.currentState("a").value` and `d.currentA` against a string. Only
/// attributes whose values are the same on every hub are judged
/// ([`catalogue::CLOSED_DOMAINS`](crate::catalogue::CLOSED_DOMAINS)): an app's device may be
/// one of its own device handlers, with an attribute of the same name and other values
/// (`status`), and a real lock can report `unknown`.
fn constant_comparisons(file: &SourceFile, stmts: &[eventide_groovy::syntax::Stmt]) -> Vec<Diagnostic> {
    use crate::comparisons::{values_never_taken, Compared};
    use eventide_groovy::syntax::{Expr, ExprKind, Member};
    fn attribute_argument(e: &Expr, methods: &[&str]) -> Option<String> {
        let ExprKind::MethodCall { member: Member::Name(m), args, .. } = &e.kind else { return None };
        match args.positional.as_slice() {
            [Expr { kind: ExprKind::Str(a), .. }] if methods.contains(&&**m) => Some(a.to_string()),
            _ => None,
        }
    }
    let closed = |attribute: String| {
        crate::catalogue::CLOSED_DOMAINS.contains(&attribute.as_str()).then_some(Compared::Attribute(attribute))
    };
    values_never_taken(file, stmts, &|e| match &e.kind {
        ExprKind::Property { object, member: Member::Name(m), .. } => {
            if matches!(&object.kind, ExprKind::Ident(o) if &**o == "location")
                && matches!(&**m, "mode" | "currentMode")
            {
                return Some(Compared::Mode);
            }
            if &**m == "value" {
                return attribute_argument(object, &["currentState", "latestState"]).and_then(closed);
            }
            let rest = m.strip_prefix("current").filter(|r| r.starts_with(|c: char| c.is_ascii_uppercase()))?;
            let mut chars = rest.chars();
            let first = chars.next()?;
            closed(format!("{}{}", first.to_ascii_lowercase(), chars.as_str()))
        }
        ExprKind::MethodCall { .. } => attribute_argument(e, &["currentValue", "latestValue"]).and_then(closed),
        _ => None,
    })
}
