//! Device handler files: the device types a user's SmartApps ask for with `device.<name>` inputs.
//!
//! A device handler declares what its devices are in its metadata:
//!
//! ```groovy
//! metadata {
//!     definition(name: "My Ecobee Device", namespace: "yracine", author: "...") {
//!         capability "Thermostat"
//!         attribute "programScheduleName", "string"
//!         attribute "fanMode", "enum", ["on", "auto"]
//!         command "resumeThisTstat"
//!     }
//!     tiles { ... }
//! }
//! ```
//!
//! [`DeviceHandlers::load_dir`] reads every `*.groovy` file under a directory (recursively, in
//! path order) and learns each handler by execution, as apps' inputs are learnt: the file's top
//! level runs with a host that implements `metadata { ... }`, `definition(...) { ... }`,
//! `capability`, `attribute` and `command`, and ignores everything else (tiles, simulator,
//! preferences and fingerprints are not run). Files without a `metadata { definition(...) }` (the
//! SmartApps of a mixed directory) are skipped. A file that does not parse, or whose metadata
//! fails, is an error located at its line and column.
//!
//! An input `device.<type>` names a handler when the type and the handler's definition name agree
//! after dropping everything but letters and digits and ignoring case ([`type_key`]):
//! `device.myEcobeeDevice`, `device.MyEcobeeDevice` and `device.my_ecobee_device` all name
//! "My Ecobee Device". When two handlers share a key, the first in path order is used.
//!
//! How a handler's device is modelled (binding and docs/smartthings.md): the catalogue rows of its
//! capabilities that the catalogue knows (others, such as `Indicator` or `Health Check`, add
//! nothing); its own `enum` attributes with declared values are attributes the environment sets
//! (initial value: the first value in configuration A, the second in B); its other attributes are
//! declared but read `null` (the model does not know what the handler reports); its own commands
//! that no capability of the device defines are custom commands, recorded as outputs and changing
//! no attribute.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use eventide_groovy::eval::{display, EvalError, Host, HostRef, Interpreter, Value};
use eventide_groovy::syntax::{parse, SourceFile, Span};
use eventide_groovy::Diagnostic;

use crate::catalogue::{AttrKind, AttributeRow, Source};
use crate::error::LoadError;

/// One attribute a handler declares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandlerAttribute {
    pub name: String,
    /// As written: `string`, `number`, `enum`, `json_object`, ...
    pub attr_type: String,
    /// The values of an `enum` attribute (`attribute "x", "enum", ["a", "b"]`).
    pub values: Vec<String>,
}

/// One device handler: its definition's name and what its metadata declares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DeviceHandler {
    /// The definition's `name` ("My Ecobee Device").
    pub name: String,
    pub namespace: Option<String>,
    /// The file it was read from, as given.
    pub file: String,
    /// Where `definition(...)` is written.
    pub line: u32,
    pub column: u32,
    /// The capabilities as written (`Switch Level`, `Music Player`, `Indicator`).
    pub capabilities: Vec<String>,
    pub attributes: Vec<HandlerAttribute>,
    /// The commands it declares, in order, each once.
    pub commands: Vec<String>,
}

impl DeviceHandler {
    /// The handler's name in camel case (`My Ecobee Device` → `myEcobeeDevice`): the base of its
    /// devices' readable names.
    pub fn camel_name(&self) -> String {
        camel_case(&self.name)
    }
}

/// The lenient key under which device types and handler names are compared: letters and digits
/// only, lower case (`My Ecobee Device`, `myEcobeeDevice` and `my-ecobee-device` all give
/// `myecobeedevice`).
pub fn type_key(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// `My Ecobee Device` → `myEcobeeDevice`; `jawboneUser` stays as it is.
pub fn camel_case(name: &str) -> String {
    let words: Vec<&str> = name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        let mut chars = w.chars();
        let Some(first) = chars.next() else { continue };
        if i == 0 {
            if w.chars().all(|c| !c.is_lowercase()) {
                out.extend(w.chars().flat_map(char::to_lowercase));
            } else {
                out.extend(first.to_lowercase());
                out.push_str(chars.as_str());
            }
        } else {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    if out.is_empty() {
        "device".to_string()
    } else {
        out
    }
}

/// The device handlers given with `--device-handlers`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DeviceHandlers {
    handlers: Vec<Arc<DeviceHandler>>,
}

impl DeviceHandlers {
    /// No handlers: every `device.<type>` input that the catalogue does not know is a generic
    /// device.
    pub fn none() -> DeviceHandlers {
        DeviceHandlers::default()
    }

    /// Reads every `*.groovy` file under `dir` (recursively, in path order); files that are not
    /// device handlers are skipped.
    pub fn load_dir(dir: &Path) -> Result<DeviceHandlers, LoadError> {
        let shown = dir.display().to_string();
        let meta = std::fs::metadata(dir).map_err(|e| {
            LoadError::Io(Diagnostic::whole_file(&shown, format!("cannot read the device handler directory: {e}")))
        })?;
        if !meta.is_dir() {
            return Err(LoadError::Io(Diagnostic::whole_file(
                &shown,
                "--device-handlers needs a directory of device handler files (*.groovy)",
            )));
        }
        let mut files = Vec::new();
        collect_groovy(dir, &mut files, 0)?;
        files.sort();
        let mut out = DeviceHandlers::default();
        for f in files {
            if let Some(h) = DeviceHandlers::load_file(&f)? {
                out.push(h);
            }
        }
        Ok(out)
    }

    /// Reads one file: `None` when it is not a device handler.
    pub fn load_file(path: &Path) -> Result<Option<DeviceHandler>, LoadError> {
        let file = SourceFile::read(path).map_err(|e| {
            LoadError::Io(Diagnostic::whole_file(
                &path.display().to_string(),
                format!("cannot read device handler: {e}"),
            ))
        })?;
        parse_handler(file)
    }

    /// Keeps the handlers for the rest of the program, as [`Options`](crate::Options) holds them
    /// (a run reads its handlers once).
    pub fn leak(self) -> &'static DeviceHandlers {
        Box::leak(Box::new(self))
    }

    /// Adds a handler (a later handler with the same [`type_key`] is never found).
    pub fn push(&mut self, handler: DeviceHandler) {
        self.handlers.push(Arc::new(handler));
    }

    /// The handler a `device.<type>` input names (see [`type_key`]).
    pub fn find(&self, type_name: &str) -> Option<&Arc<DeviceHandler>> {
        let key = type_key(type_name);
        if key.is_empty() {
            return None;
        }
        self.handlers.iter().find(|h| type_key(&h.name) == key)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<DeviceHandler>> {
        self.handlers.iter()
    }

    pub fn len(&self) -> usize {
        self.handlers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.handlers.is_empty()
    }
}

fn collect_groovy(dir: &Path, out: &mut Vec<PathBuf>, depth: u32) -> Result<(), LoadError> {
    if depth > 16 {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| {
        LoadError::Io(Diagnostic::whole_file(&dir.display().to_string(), format!("cannot read directory: {e}")))
    })?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_groovy(&path, out, depth + 1)?;
        } else if path.extension().is_some_and(|e| e == "groovy") {
            out.push(path);
        }
    }
    Ok(())
}

/// Parses a device handler from source text: `Ok(None)` when the file has no
/// `metadata { definition(...) }`.
pub fn parse_handler(file: SourceFile) -> Result<Option<DeviceHandler>, LoadError> {
    let file = Arc::new(file);
    let script = parse(&file).map_err(|e| LoadError::Syntax(Diagnostic::from_syntax(&file, &e)))?;
    let mut host = MetadataHost::default();
    let mut interp = Interpreter::new(Arc::new(script), file.clone());
    let located = |e: &EvalError, message: String| match e.span {
        Some(span) => Diagnostic::at(&file, span, message),
        None => Diagnostic::whole_file(file.name(), message),
    };
    if let Err(e) = interp.run_script(&mut host) {
        let message = format!("device handler metadata: {}", e.message);
        return Err(match e.kind {
            eventide_groovy::eval::ErrorKind::Unsupported { .. } => LoadError::Unsupported(located(&e, message)),
            _ => LoadError::App(located(&e, message)),
        });
    }
    if let Some((message, lc)) = host.error {
        let line_start: usize =
            file.text().split_inclusive('\n').take(lc.0.saturating_sub(1) as usize).map(str::len).sum();
        let start = (line_start + lc.1.saturating_sub(1) as usize).min(file.text().len());
        return Err(LoadError::App(Diagnostic::at(&file, Span::new(start as u32, start as u32), message)));
    }
    let Some(def) = host.definition else { return Ok(None) };
    Ok(Some(DeviceHandler {
        name: def.name,
        namespace: def.namespace,
        file: file.name().to_string(),
        line: def.line,
        column: def.column,
        capabilities: host.capabilities,
        attributes: host.attributes,
        commands: host.commands,
    }))
}

struct Definition {
    name: String,
    namespace: Option<String>,
    line: u32,
    column: u32,
}

/// Runs a handler's top level: records `metadata { definition(...) { ... } }`, ignores the rest.
#[derive(Default)]
struct MetadataHost {
    in_metadata: u32,
    in_definition: u32,
    definition: Option<Definition>,
    capabilities: Vec<String>,
    attributes: Vec<HandlerAttribute>,
    commands: Vec<String>,
    /// A malformed declaration: the message and where (line, column).
    error: Option<(String, (u32, u32))>,
}

impl MetadataHost {
    fn fail(&mut self, interp: &Interpreter, message: String) {
        if self.error.is_none() {
            let lc = interp.call_site().map_or((1, 1), |lc| (lc.line, lc.column));
            self.error = Some((message, lc));
        }
    }
}

fn text_of(h: &mut dyn Host, v: &Value) -> String {
    match v.as_str() {
        Some(s) => s.to_string(),
        None => display(h, v),
    }
}

fn named(args: &[Value], key: &str) -> Option<Value> {
    args.iter().find_map(|a| match a {
        Value::Map(m) => m.borrow().get_str(key).cloned(),
        _ => None,
    })
}

fn positional(args: &[Value]) -> Vec<Value> {
    args.iter().filter(|a| !matches!(a, Value::Map(_) | Value::Closure(_))).cloned().collect()
}

fn closure(args: &[Value]) -> Option<Value> {
    args.last().filter(|a| matches!(a, Value::Closure(_))).cloned()
}

impl Host for MetadataHost {
    fn get_global(&mut self, _interp: &mut Interpreter, _name: &str) -> Result<Option<Value>, EvalError> {
        // Handlers' top levels read `device`, `state`, settings...: none matter to the metadata.
        Ok(Some(Value::Null))
    }

    fn set_global(&mut self, _interp: &mut Interpreter, _name: &str, _value: Value) -> Result<(), EvalError> {
        Ok(())
    }

    fn call_function(
        &mut self,
        interp: &mut Interpreter,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        match name {
            "metadata" if self.in_metadata == 0 => {
                if let Some(c) = closure(&args) {
                    self.in_metadata += 1;
                    let r = interp.call_value(self, &c, Vec::new());
                    self.in_metadata -= 1;
                    r?;
                }
            }
            "definition" if self.in_metadata > 0 && self.definition.is_none() => {
                let lc = interp.call_site().map_or((1, 1), |lc| (lc.line, lc.column));
                let Some(n) = named(&args, "name").filter(|v| !v.is_null()) else {
                    self.fail(interp, "device handler definition(...) needs a name".to_string());
                    return Ok(Some(Value::Null));
                };
                let name = text_of(self, &n);
                let namespace = named(&args, "namespace").filter(|v| !v.is_null()).map(|v| text_of(self, &v));
                self.definition = Some(Definition { name, namespace, line: lc.0, column: lc.1 });
                if let Some(c) = closure(&args) {
                    self.in_definition += 1;
                    let r = interp.call_value(self, &c, Vec::new());
                    self.in_definition -= 1;
                    r?;
                }
            }
            "capability" if self.in_definition > 0 => match positional(&args).first() {
                Some(v) if !v.is_null() => {
                    let c = text_of(self, v);
                    if !self.capabilities.contains(&c) {
                        self.capabilities.push(c);
                    }
                }
                _ => self.fail(interp, "capability needs a name".to_string()),
            },
            "attribute" if self.in_definition > 0 => {
                let p = positional(&args);
                let (Some(n), Some(t)) = (p.first().filter(|v| !v.is_null()), p.get(1).filter(|v| !v.is_null())) else {
                    self.fail(interp, "attribute needs a name and a type (attribute \"x\", \"string\")".to_string());
                    return Ok(Some(Value::Null));
                };
                let name = text_of(self, n);
                let attr_type = text_of(self, t);
                let values = match p.get(2).or(named(&args, "values").as_ref()) {
                    Some(Value::List(l)) => {
                        let items: Vec<Value> = l.borrow().to_vec();
                        items.iter().filter(|v| !v.is_null()).map(|v| text_of(self, v)).collect()
                    }
                    _ => Vec::new(),
                };
                if !self.attributes.iter().any(|a| a.name == name) {
                    self.attributes.push(HandlerAttribute { name, attr_type, values });
                }
            }
            "command" if self.in_definition > 0 => match positional(&args).first() {
                Some(v) if !v.is_null() => {
                    let c = text_of(self, v);
                    if !self.commands.contains(&c) {
                        self.commands.push(c);
                    }
                }
                _ => self.fail(interp, "command needs a name".to_string()),
            },
            // Everything else of a handler (tiles, simulator, preferences, fingerprints, imports
            // of helpers) says nothing about its attributes and commands.
            _ => {}
        }
        // A placeholder that answers anything: `command "x" "string"` (Groovy reads it as
        // `command("x").string`) is accepted as the platform accepts it.
        Ok(Some(Value::Host(HostRef { kind: 0, id: 0 })))
    }

    fn get_property(
        &mut self,
        _interp: &mut Interpreter,
        _obj: HostRef,
        _name: &str,
    ) -> Result<Option<Value>, EvalError> {
        Ok(Some(Value::Null))
    }

    fn call_method(
        &mut self,
        _interp: &mut Interpreter,
        _obj: HostRef,
        _name: &str,
        _args: Vec<Value>,
    ) -> Result<Option<Value>, EvalError> {
        Ok(Some(Value::Null))
    }

    fn now_millis(&mut self) -> i64 {
        crate::time::CLOCK_MILLIS
    }

    fn print(&mut self, _text: &str) {}
}

// ----------------------------------------------------------------------------------------------
// Catalogue rows of handlers

/// Strings and rows made from handler files live as long as the program: a device's attributes
/// refer to catalogue rows (`&'static`), and handlers are read once per run. Equal strings and
/// rows are stored once, so loading the same handlers again does not grow memory.
fn leak_str(s: &str) -> &'static str {
    static STRINGS: OnceLock<Mutex<rustc_hash::FxHashSet<&'static str>>> = OnceLock::new();
    let mut set = STRINGS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = set.get(s) {
        return found;
    }
    let leaked: &'static str = Box::leak(s.to_string().into_boxed_str());
    set.insert(leaked);
    leaked
}

pub(crate) fn static_name(s: &str) -> &'static str {
    leak_str(s)
}

/// The attribute row of a handler's own `enum` attribute (with declared values): a sensor that
/// reports any of them; initial values the first (A) and the second, or the first again (B).
pub(crate) fn enum_row(type_name: &str, attribute: &HandlerAttribute) -> Option<&'static AttributeRow> {
    static ROWS: OnceLock<Mutex<Vec<&'static AttributeRow>>> = OnceLock::new();
    if attribute.values.is_empty() {
        return None;
    }
    let capability = leak_str(type_name);
    let name = leak_str(&attribute.name);
    let values: Vec<&'static str> = attribute.values.iter().map(|v| leak_str(v)).collect();
    let mut distinct: Vec<&'static str> = Vec::new();
    for v in values {
        if !distinct.contains(&v) {
            distinct.push(v);
        }
    }
    let initial = [distinct[0], *distinct.get(1).unwrap_or(&distinct[0])];
    let kind = if type_key(&attribute.attr_type) == "number" { AttrKind::Number } else { AttrKind::Text };
    let kind = if kind == AttrKind::Number && distinct.iter().any(|v| v.parse::<f64>().is_err()) {
        AttrKind::Text
    } else {
        kind
    };
    let mut rows = ROWS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&r) = rows.iter().find(|r| {
        r.capability == capability && r.attribute == name && r.values == distinct.as_slice() && r.kind == kind
    }) {
        return Some(r);
    }
    let values: &'static [&'static str] = Box::leak(distinct.into_boxed_slice());
    let row: &'static AttributeRow = Box::leak(Box::new(AttributeRow {
        capability,
        attribute: name,
        kind,
        values,
        initial,
        source: Source::Sensor,
    }));
    rows.push(row);
    Some(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handler(text: &str) -> Result<Option<DeviceHandler>, LoadError> {
        parse_handler(SourceFile::new("h.groovy", text.to_string()))
    }

    #[test]
    fn keys_and_names() {
        assert_eq!(type_key("My Ecobee Device"), "myecobeedevice");
        assert_eq!(type_key("myEcobeeDevice"), type_key("My Ecobee Device"));
        assert_eq!(type_key("my_ecobee-device"), "myecobeedevice");
        assert_eq!(camel_case("My Ecobee Device"), "myEcobeeDevice");
        assert_eq!(camel_case("jawboneUser"), "jawboneUser");
        assert_eq!(camel_case("ZWN-SC7 Enerwave"), "zwnSC7Enerwave");
        assert_eq!(camel_case("--"), "device");
    }

    #[test]
    fn metadata_is_read() {
        let h = handler(
            r#"
import groovy.json.JsonSlurper
metadata {
    definition(name: "Pet Feeder", namespace: "example", author: "someone") {
        capability "Switch"
        capability "Health Check"
        attribute "food", "enum", ["full", "low", "empty"]
        attribute "lastFed", "string"
        command "feed"
        command "feed", ["number"]
        fingerprint deviceId: "0x01"
    }
    tiles { standardTile("x", "device.switch") { state "on", action: "switch.off" } }
}
def parse(String description) { undefinedThing.explode() }
"#,
        )
        .unwrap()
        .unwrap();
        assert_eq!(h.name, "Pet Feeder");
        assert_eq!(h.namespace.as_deref(), Some("example"));
        assert_eq!(h.capabilities, ["Switch", "Health Check"]);
        assert_eq!(h.attributes.len(), 2);
        assert_eq!(h.attributes[0].values, ["full", "low", "empty"]);
        assert_eq!(h.commands, ["feed"]);
        assert_eq!((h.line, h.column), (4, 5));
        let row = enum_row("petFeeder", &h.attributes[0]).unwrap();
        assert_eq!(row.initial, ["full", "low"]);
        assert!(enum_row("petFeeder", &h.attributes[1]).is_none());
        // Equal rows are made once.
        assert!(std::ptr::eq(row, enum_row("petFeeder", &h.attributes[0]).unwrap()));
    }

    #[test]
    fn not_a_handler_and_malformed_handlers() {
        assert_eq!(handler("definition(name: \"app\")\npreferences { }\n").unwrap(), None);
        match handler("metadata {\n  definition(namespace: \"x\") { }\n}\n") {
            Err(LoadError::App(d)) => {
                assert_eq!((d.line, d.column), (2, 3));
                assert!(d.message.contains("needs a name"), "{}", d.message);
            }
            other => panic!("{other:?}"),
        }
        match handler("metadata {\n  definition(name: \"x\") {\n    attribute \"a\"\n  }\n}\n") {
            Err(LoadError::App(d)) => assert_eq!((d.line, d.column), (3, 5)),
            other => panic!("{other:?}"),
        }
        match handler("metadata {\n  definition(name: \"x\") {\n") {
            Err(LoadError::Syntax(d)) => assert!(d.line >= 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn corpus_handlers() {
        let Some(dir) = eventide_groovy::corpus_location::shared_corpus_or_skip("corpus_handlers") else {
            return;
        };
        let dir = dir.join("smartapps");
        let expect: &[(&str, &str, &[&str])] = &[
            ("AeonMinimote.groovy", "Aeon Minimote", &["Actuator", "Button", "Configuration", "Sensor"]),
            ("VirtualButton.groovy", "Virtual Button", &["Button", "Sensor"]),
            ("ZWN-SC7.groovy", "ZWN-SC7 Enerwave 7 Button Scene Controller", &["Actuator", "Button"]),
            ("Sonos.groovy", "Sonos Player", &["Actuator", "Switch", "Refresh", "Sensor", "Music Player"]),
        ];
        for (file, name, caps) in expect {
            let path = dir.join(file);
            if !path.exists() {
                eprintln!("skipped: {} is absent", path.display());
                continue;
            }
            let h = DeviceHandlers::load_file(&path).unwrap().unwrap();
            assert_eq!(h.name, *name);
            for c in *caps {
                assert!(h.capabilities.iter().any(|x| x == c), "{file}: {c} in {:?}", h.capabilities);
            }
        }
        let sonos = DeviceHandlers::load_file(&dir.join("Sonos.groovy")).ok().flatten();
        if let Some(s) = sonos {
            assert!(s.commands.iter().any(|c| c == "playTrackAtVolume"));
            assert!(s.attributes.iter().any(|a| a.name == "trackUri"));
        }
        let all = DeviceHandlers::load_dir(&dir).unwrap();
        assert!(all.len() >= 9, "{} handlers", all.len());
        assert!(all.find("virtualButton").is_some());
        assert!(all.find("aeon minimote").is_some());
    }
}
