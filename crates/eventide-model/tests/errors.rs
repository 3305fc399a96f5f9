//! Bad model files are rejected at load time with a located message, never a panic.

use eventide_groovy::syntax::SourceFile;
use eventide_model::ModelSystem;

fn load_error(text: &str) -> (u32, u32, String, &'static str) {
    match ModelSystem::from_source(SourceFile::new("bad.groovy", text)) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => (e.diagnostic.line, e.diagnostic.column, e.diagnostic.message.clone(), e.reason()),
    }
}

#[test]
fn syntax_errors_are_located() {
    let (line, col, msg, reason) = load_error("x = 0\nevent(\"e\") { x = (x + 1 }\n");
    assert_eq!((line, reason), (2, "syntax"));
    assert!(col > 1, "{msg}");
}

#[test]
fn unknown_event_names_are_rejected() {
    let (line, col, msg, _) = load_error("x = 0\nevent(\"e\") { enable(\"nope\") }\n");
    assert_eq!((line, col), (2, 21));
    assert!(msg.contains("no event named `nope`"), "{msg}");
}

#[test]
fn undeclared_assignments_are_rejected() {
    let (line, col, msg, _) = load_error("x = 0\nevent(\"e\") {\n  if (x == 0) { y = 1 }\n}\n");
    assert_eq!((line, col), (3, 17));
    assert!(msg.contains("undeclared variable `y`"), "{msg}");
}

#[test]
fn a_name_assigned_inside_with_is_the_delegates_and_loads() {
    // `m.with { a = 1 }` sets the map's key `a`; outside `with` the same line is rejected.
    let ok = "m = [a: 0]\nevent(\"e\") { m.with { a = 1; b = 2 }; assert m.b == 2 : \"set\" }\n";
    let model = ModelSystem::from_source(SourceFile::new("ok.groovy", ok));
    assert!(model.is_ok(), "{:?}", model.err().map(|e| e.diagnostic.message));
    let (line, _, msg, _) = load_error("m = [a: 0]\nevent(\"e\") { [1].each { a = 1 } }\n");
    assert_eq!(line, 2);
    assert!(msg.contains("undeclared variable `a`"), "{msg}");
}

#[test]
fn locals_and_closure_parameters_may_be_assigned() {
    let ok = "x = 0\nevent(\"e\") { def t = 1; t = t + 1; [1, 2].each { v -> def u = v; u = 2 }; x = t % 2 }\n";
    assert!(ModelSystem::from_source(SourceFile::new("ok.groovy", ok)).is_ok());
}

#[test]
fn top_level_locals_cannot_be_handler_state() {
    let (_, _, msg, _) = load_error("def hidden = 0\nevent(\"e\") { hidden = 1 }\n");
    assert!(msg.contains("cannot change"), "{msg}");
    // A collection a handler changes in place (through a top-level local or a field) would be
    // state outside every fingerprint: the states would merge whatever it held.
    for decl in ["def seen = [] as Set", "def seen = [0]", "def seen = [:]"] {
        let text = format!("{decl}\nw = 0\nevent(\"e\") {{ seen << w; assert seen.size() < 2 : \"two\" }}\n");
        let (line, col, msg, _) = load_error(&text);
        assert_eq!((line, col), (3, 14), "{decl}: {msg}");
        assert!(msg.contains("declare it as a shared variable (`seen = ...`"), "{decl}: {msg}");
    }
    // Or a top-level closure with state of its own.
    let (line, _, msg, _) = load_error("def n = 0\ndef bump = { n++ }\nw = 0\nevent(\"e\") { bump() }\n");
    assert_eq!(line, 4, "{msg}");
    assert!(msg.contains("`bump`"), "{msg}");
    // So does a method the handlers call.
    let (line, _, msg, _) = load_error("def seen = []\ndef note(v) { seen << v }\nevent(\"e\") { note(1) }\n");
    assert_eq!(line, 2, "{msg}");
    // A `@Field` is a script-level variable: a shared variable of the model.
    let field = "@groovy.transform.Field List seen = [0]\nw = 0\nevent(\"e\") { seen << w }\n";
    let model = ModelSystem::from_source(SourceFile::new("field.groovy", field)).unwrap();
    assert!(model.variable_names().iter().any(|n| &**n == "seen"));
    // Constants are fine.
    let ok = "def LIMIT = 3\nx = 0\nevent(\"e\") { x = (x + 1) % LIMIT }\n";
    assert!(ModelSystem::from_source(SourceFile::new("ok.groovy", ok)).is_ok());
}

#[test]
fn methods_are_checked_like_handlers() {
    let (line, col, msg, _) = load_error("x = 0\ndef bump() { cache = 1 }\nevent(\"e\") { bump() }\n");
    assert_eq!((line, col), (2, 14));
    assert!(msg.contains("undeclared variable `cache`"), "{msg}");
}

#[test]
fn malformed_declarations_are_rejected() {
    for (text, needle) in [
        ("x = 0\n", "declares no events"),
        ("event(\"e\") { }\nevent(\"e\") { }\n", "declared twice"),
        ("event(\"e\", enabled: 3) { }\n", "must be true or false"),
        ("event(\"e\", color: true) { }\n", "unknown event option"),
        ("event(\"e\")\n", "takes a name and a handler"),
        ("enable(\"e\")\nevent(\"e\") { }\n", "only be called inside an event handler"),
        ("x = 1 + true\nevent(\"e\") { }\n", "No signature of method"),
    ] {
        let (_, _, msg, _) = load_error(text);
        assert!(msg.contains(needle), "{text:?}: {msg}");
    }
}

#[test]
fn runtime_faults_in_handlers_are_findings() {
    use eventide_engine::{explore, Config, FindingKind, Por};
    let text = "x = 0\nevent(\"div\") { x = 1 / x }\nevent(\"bad\") { x = x + true }\n";
    let mut model = ModelSystem::from_source(SourceFile::new("faults.groovy", text)).unwrap();
    let outcome = explore(&mut model, &Config::new(Por::None));
    let kinds: Vec<_> =
        outcome.findings.iter().map(|f| (f.finding.kind, f.finding.position.as_ref().unwrap().line)).collect();
    assert!(kinds.contains(&(FindingKind::AppException, 2)), "{kinds:?}");
    assert!(kinds.contains(&(FindingKind::AppException, 3)), "{kinds:?}");
}
