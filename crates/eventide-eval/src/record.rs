//! One JSON line per finished run (the batch line of the conventions): the pair check's result
//! plus `group`, `app_a`, `app_b`, `order` and `mode`, the conflicts without traces
//! (`conflict_list`) so modes can be compared, and the limits the run had.
//!
//! Reading a results file back checks every line against [`FIELDS`] before taking it: the
//! conventions' fields (the run key, `verdict`, `complete`, the counters, `conflict_list`) are
//! required, and a line that lacks one or holds the wrong kind of value is an error naming the
//! file, the line, every field at fault and what it should hold — never a figure quietly read as
//! 0. Only the fields a batch adds for its own bookkeeping may be absent: `reason` and `error`
//! (none), `wall_ms`, `time_limit_ms` and `memory_limit_bytes` (0, "not recorded"; the report
//! then uses `elapsed_ms`), and what a batch with `--properties` adds (`violation_list`,
//! `properties`). Fields the record does not know are ignored.

use crate::error::read_text;
use crate::work::{Mode, Order, RunKey};
use crate::Error;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// The verdict of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Conflict,
    NoConflict,
    Incomplete,
    Error,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Conflict => "conflict",
            Verdict::NoConflict => "no_conflict",
            Verdict::Incomplete => "incomplete",
            Verdict::Error => "error",
        }
    }
}

/// One side of a conflict: the app (file name without `.groovy`) and the value it wrote.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Side {
    pub app: String,
    pub value: String,
}

/// A conflict's identity: (device, attribute, first app and value, second app and value).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ConflictKey {
    pub device: String,
    pub attribute: String,
    pub first: Side,
    pub second: Side,
}

impl std::fmt::Display for ConflictKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}.{}: {} writes {}, then {} writes {}",
            self.device, self.attribute, self.first.app, self.first.value, self.second.app, self.second.value
        )
    }
}

/// One line of a results file. [`FIELDS`] says which fields a line must have and what each holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub group: String,
    /// The pair list's app names, whatever the order.
    pub app_a: String,
    pub app_b: String,
    pub order: Order,
    pub mode: Mode,
    pub verdict: Verdict,
    /// Whether the whole state space was explored.
    pub complete: bool,
    /// Why an incomplete or failed run stopped: `time`, `memory`, `states`, `cascade_depth`,
    /// `unsupported`, `syntax`, `usage`, `crash`, `output`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The number of distinct conflicts.
    pub conflicts: u64,
    pub events: u64,
    pub states: u64,
    pub transitions: u64,
    pub executed: u64,
    pub executions: u64,
    /// Exploration time reported by the check.
    pub elapsed_ms: u64,
    /// The same in microseconds (0 in files written before it was recorded).
    #[serde(default)]
    pub elapsed_us: u64,
    /// Wall time of the whole child process (loading included; 0 = none recorded).
    #[serde(default)]
    pub wall_ms: u64,
    pub peak_memory_bytes: u64,
    /// The number of distinct app exceptions.
    pub exceptions: u64,
    pub conflict_list: Vec<ConflictKey>,
    /// The run's time limit (0 = none recorded).
    #[serde(default)]
    pub time_limit_ms: u64,
    /// The run's memory limit (0 = none recorded).
    #[serde(default)]
    pub memory_limit_bytes: u64,
    /// What went wrong, for `error` runs and runs the watchdog stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the run cut app-state collections to a bound (`--bound-collections`); its
    /// verdicts hold for the bounded apps only. Absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bounded: bool,
    /// For a run stopped by a limit: the app-state locations that kept growing (the growth
    /// diagnosis), largest first. Absent: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub growth: Vec<GrowthEntry>,
    /// For a run stopped by a limit: the app-state locations that held the most distinct values
    /// (what multiplies its states), most first. Absent: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variety: Vec<VarietyEntry>,
    /// For a run stopped by a limit: how many locations (device attributes, app state, ...) took
    /// more than one value, and how many combinations their values allow (saturating). Absent: 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub varied_locations: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub value_combinations: u64,
    /// With `batch --properties`: the invariants the run found violated (names, sorted). Absent:
    /// none (or no property file).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub violation_list: Vec<String>,
    /// Whether the run checked a property file (`batch --properties`). Absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub properties: bool,
}

/// A location that held many distinct values in a run stopped by a limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VarietyEntry {
    #[serde(default)]
    pub app: Option<String>,
    pub location: String,
    pub distinct_values: u64,
    #[serde(default)]
    pub max_size: u64,
}

/// A location that kept growing in a run stopped by a limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrowthEntry {
    /// The app that owns it (file name without `.groovy`), if known.
    #[serde(default)]
    pub app: Option<String>,
    pub location: String,
    pub max_size: u64,
    /// How it grew, in words.
    #[serde(default)]
    pub how: String,
}

/// What a field of a results line holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// A string.
    Text,
    /// A string, or `null` for none.
    TextOrNull,
    /// A whole number, 0 or more.
    Count,
    /// `true` or `false`.
    Flag,
    /// One of these strings.
    OneOf(&'static [&'static str]),
    /// A list of conflicts, each `{"device", "attribute", "first": SIDE, "second": SIDE}`.
    Conflicts,
    /// One side of a conflict: `{"app", "value"}`, two strings.
    Side,
    /// The growth diagnosis: a list of `{"app", "location", "max_size", "how"}`.
    Growth,
    /// The most varied locations: a list of `{"app", "location", "distinct_values", "max_size"}`.
    Variety,
    /// A list of strings.
    Texts,
}

impl Holds {
    /// What a value of this kind looks like, for error messages.
    pub fn expected(self) -> String {
        match self {
            Holds::Text => "a string".to_string(),
            Holds::TextOrNull => "a string or null".to_string(),
            Holds::Count => "a whole number, 0 or more".to_string(),
            Holds::Flag => "true or false".to_string(),
            Holds::OneOf(names) => {
                let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
                format!("one of {}", quoted.join(", "))
            }
            Holds::Conflicts => format!("a list of conflicts, each {}", Holds::CONFLICT),
            Holds::Side => Holds::SIDE.to_string(),
            Holds::Growth => r#"a list of {"app", "location", "max_size", "how"}"#.to_string(),
            Holds::Variety => r#"a list of {"app", "location", "distinct_values", "max_size"}"#.to_string(),
            Holds::Texts => "a list of strings".to_string(),
        }
    }

    /// A conflict of `conflict_list` as error messages describe it.
    const CONFLICT: &'static str = r#"{"device", "attribute", "first": {"app", "value"}, "second": {"app", "value"}}"#;

    /// One side of a conflict as error messages describe it.
    const SIDE: &'static str = r#"an object {"app", "value"}"#;

    /// Whether `value` is of this kind.
    fn admits(self, value: &Value) -> bool {
        match self {
            Holds::Text => value.is_string(),
            Holds::TextOrNull => value.is_string() || value.is_null(),
            Holds::Count => value.is_u64(),
            Holds::Flag => value.is_boolean(),
            Holds::OneOf(names) => value.as_str().is_some_and(|v| names.contains(&v)),
            // Entries and members are checked one by one by `member_problems`.
            Holds::Conflicts => value.is_array(),
            Holds::Side => value.is_object(),
            Holds::Growth => listed(value, "max_size"),
            Holds::Variety => listed(value, "distinct_values"),
            Holds::Texts => value.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
        }
    }
}

/// Whether `value` is a list of objects, each with a string `location` and a count `figure`.
fn listed(value: &Value, figure: &str) -> bool {
    value.as_array().is_some_and(|a| {
        a.iter().all(|g| g.get("location").is_some_and(Value::is_string) && g.get(figure).is_some_and(Value::is_u64))
    })
}

/// One field of a results line: its name, what it holds, and whether a line must have it.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub holds: Holds,
    pub required: bool,
}

const fn required(name: &'static str, holds: Holds) -> Field {
    Field { name, holds, required: true }
}

const fn optional(name: &'static str, holds: Holds) -> Field {
    Field { name, holds, required: false }
}

/// The fields of a results line, in the order [`Record`] writes them.
pub const FIELDS: [Field; 30] = [
    required("group", Holds::Text),
    required("app_a", Holds::Text),
    required("app_b", Holds::Text),
    required("order", Holds::OneOf(&["ab", "ba"])),
    required("mode", Holds::OneOf(&["dpor", "none"])),
    required("verdict", Holds::OneOf(&["conflict", "no_conflict", "incomplete", "error"])),
    required("complete", Holds::Flag),
    optional("reason", Holds::TextOrNull),
    required("conflicts", Holds::Count),
    required("events", Holds::Count),
    required("states", Holds::Count),
    required("transitions", Holds::Count),
    required("executed", Holds::Count),
    required("executions", Holds::Count),
    required("elapsed_ms", Holds::Count),
    optional("elapsed_us", Holds::Count),
    optional("wall_ms", Holds::Count),
    required("peak_memory_bytes", Holds::Count),
    required("exceptions", Holds::Count),
    required("conflict_list", Holds::Conflicts),
    optional("time_limit_ms", Holds::Count),
    optional("memory_limit_bytes", Holds::Count),
    optional("error", Holds::TextOrNull),
    optional("bounded", Holds::Flag),
    optional("growth", Holds::Growth),
    optional("variety", Holds::Variety),
    optional("varied_locations", Holds::Count),
    optional("value_combinations", Holds::Count),
    optional("violation_list", Holds::Texts),
    optional("properties", Holds::Flag),
];

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A value as an error message shows it: short values in full, long ones cut, containers by kind.
fn shown(value: &Value) -> String {
    const MAX: usize = 40;
    match value {
        Value::Object(_) => "an object".to_string(),
        Value::Array(_) => "a list".to_string(),
        Value::Null => "null".to_string(),
        other => {
            let text = other.to_string();
            if text.chars().count() > MAX {
                format!("{}...", text.chars().take(MAX).collect::<String>())
            } else {
                text
            }
        }
    }
}

/// The problems of the members `fields` of `object`, each prefixed with `at` (a path such as
/// `conflict_list[2].`): missing members (listed together) and members of the wrong kind.
fn member_problems(object: &Map<String, Value>, fields: &[Field], at: &str) -> Vec<String> {
    // Missing fields grouped by what they hold, groups in the order of their first field.
    let mut missing: Vec<(String, Vec<String>)> = Vec::new();
    for field in fields.iter().filter(|f| f.required && !object.contains_key(f.name)) {
        let name = format!("`{at}{}`", field.name);
        let expected = field.holds.expected();
        match missing.iter_mut().find(|(e, _)| *e == expected) {
            Some((_, names)) => names.push(name),
            None => missing.push((expected, vec![name])),
        }
    }
    let mut problems = Vec::new();
    if !missing.is_empty() {
        let count: usize = missing.iter().map(|(_, names)| names.len()).sum();
        let groups: Vec<String> = missing
            .iter()
            .map(|(expected, names)| match names.len() {
                1 => format!("{} ({expected})", names[0]),
                _ => format!("{} (each {expected})", names.join(", ")),
            })
            .collect();
        problems.push(format!("missing field{} {}", if count == 1 { "" } else { "s" }, groups.join(", ")));
    }
    for field in fields {
        let Some(value) = object.get(field.name) else { continue };
        if !field.holds.admits(value) {
            problems.push(format!("`{at}{}` is {}: expected {}", field.name, shown(value), field.holds.expected()));
        } else if field.holds == Holds::Conflicts {
            problems.extend(conflict_problems(value, &format!("{at}{}", field.name)));
        } else if let (Holds::Side, Value::Object(side)) = (field.holds, value) {
            problems.extend(member_problems(side, &SIDE_FIELDS, &format!("{at}{}.", field.name)));
        }
    }
    problems
}

/// The members of a conflict of `conflict_list`.
const CONFLICT_FIELDS: [Field; 4] = [
    required("device", Holds::Text),
    required("attribute", Holds::Text),
    required("first", Holds::Side),
    required("second", Holds::Side),
];

/// The members of one side of a conflict.
const SIDE_FIELDS: [Field; 2] = [required("app", Holds::Text), required("value", Holds::Text)];

/// The problems of the entries of a conflict list (`at` names the list).
fn conflict_problems(list: &Value, at: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, entry) in list.as_array().into_iter().flatten().enumerate() {
        match entry.as_object() {
            Some(conflict) => problems.extend(member_problems(conflict, &CONFLICT_FIELDS, &format!("{at}[{i}]."))),
            None => problems.push(format!("`{at}[{i}]` is {}: expected a conflict {}", shown(entry), Holds::CONFLICT)),
        }
    }
    problems
}

/// Reads one line of a results file as a record. The error says, in words, every field that is
/// missing or wrong and what it should hold (without the file and line, which the caller adds).
pub fn parse_record(line: &str) -> Result<Record, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| {
        let problem = if e.is_eof() {
            "the line ends before its JSON does (cut short?)".to_string()
        } else {
            // serde_json ends its messages with "at line L column C"; the line is always 1 here.
            let message = e.to_string();
            let detail =
                message.split(" at line ").next().unwrap_or(&message).replace("expected ident", "unknown word");
            format!("not valid JSON at column {} ({detail})", e.column())
        };
        format!("{problem}: expected one JSON object per line")
    })?;
    let Value::Object(object) = &value else {
        return Err(format!("found {}: expected a JSON object with the fields of a run", shown(&value)));
    };
    let problems = member_problems(object, &FIELDS, "");
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    // Every field was checked above, so this only fails if `FIELDS` and `Record` disagree.
    serde_json::from_value(value).map_err(|e| format!("unreadable run record: {e}"))
}

impl Record {
    /// The record of run `key` with `verdict` and nothing else: not complete, no reason, every
    /// figure and limit 0, no conflicts.
    pub fn new(key: RunKey, verdict: Verdict) -> Record {
        let RunKey { group, app_a, app_b, order, mode } = key;
        Record {
            group,
            app_a,
            app_b,
            order,
            mode,
            verdict,
            complete: false,
            reason: None,
            conflicts: 0,
            events: 0,
            states: 0,
            transitions: 0,
            executed: 0,
            executions: 0,
            elapsed_ms: 0,
            elapsed_us: 0,
            wall_ms: 0,
            peak_memory_bytes: 0,
            exceptions: 0,
            conflict_list: Vec::new(),
            bounded: false,
            growth: Vec::new(),
            variety: Vec::new(),
            varied_locations: 0,
            value_combinations: 0,
            violation_list: Vec::new(),
            properties: false,
            time_limit_ms: 0,
            memory_limit_bytes: 0,
            error: None,
        }
    }

    pub fn key(&self) -> RunKey {
        RunKey::new(&self.group, &self.app_a, &self.app_b, self.order, self.mode)
    }

    /// The record as one JSON line, newline included.
    pub fn to_line(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"serialization_error\":\"{e}\"}}"));
        line.push('\n');
        line
    }
}

/// Parses a results file's text (`path` only names it in errors). Blank lines are skipped.
pub fn parse_records(path: &Path, text: &str) -> Result<Vec<Record>, Error> {
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = parse_record(line).map_err(|message| Error::at(path, i + 1, message))?;
        records.push(record);
    }
    Ok(records)
}

/// Reads a results file.
pub fn read_records(path: &Path) -> Result<Vec<Record>, Error> {
    parse_records(path, &read_text(path)?)
}

/// What `--resume` found in an existing results file.
#[derive(Debug, Default)]
pub struct Resume {
    /// Keys of the runs already recorded.
    pub done: HashSet<RunKey>,
    /// Set when the last line was cut short (the batch was killed while writing it): the line
    /// number, removed from the file so the run is done again.
    pub truncated_line: Option<usize>,
}

/// Prepares `path` for `--resume`: reads the keys already there and removes a last line that was
/// cut short (no newline and not valid JSON). Any other malformed line is an error. A missing
/// file is an empty one.
pub fn prepare_resume(path: &Path) -> Result<Resume, Error> {
    let mut file = match std::fs::OpenOptions::new().read(true).write(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resume::default()),
        Err(e) => return Err(Error::io(path, &e)),
    };
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|e| Error::io(path, &e))?;
    let mut resume = Resume::default();
    let mut keep = bytes.len();
    let unterminated = !bytes.is_empty() && !bytes.ends_with(b"\n");
    if unterminated {
        let start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        if parse_record(&String::from_utf8_lossy(&bytes[start..])).is_err() {
            keep = start;
            resume.truncated_line = Some(bytes[..start].iter().filter(|&&b| b == b'\n').count() + 1);
        }
    }
    let text = std::str::from_utf8(&bytes[..keep]).map_err(|_| Error::file(path, "not UTF-8 text"))?;
    resume.done = parse_records(path, text)?.iter().map(Record::key).collect();
    if keep < bytes.len() {
        file.set_len(keep as u64).map_err(|e| Error::io(path, &e))?;
    } else if unterminated {
        // A complete last record without its newline: finish the line before appending.
        file.seek(SeekFrom::End(0)).map_err(|e| Error::io(path, &e))?;
        std::io::Write::write_all(&mut file, b"\n").map_err(|e| Error::io(path, &e))?;
    }
    Ok(resume)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A finished run with the given figures, for tests.
    pub fn record(group: &str, a: &str, b: &str, order: Order, mode: Mode, verdict: Verdict) -> Record {
        let complete = matches!(verdict, Verdict::Conflict | Verdict::NoConflict);
        Record {
            complete,
            reason: (!complete).then(|| "time".to_string()),
            events: 3,
            states: 10,
            transitions: 20,
            executed: 20,
            executions: 1,
            elapsed_ms: 100,
            elapsed_us: 100_000,
            wall_ms: 120,
            peak_memory_bytes: 1 << 20,
            time_limit_ms: 10_000,
            memory_limit_bytes: 1 << 30,
            ..Record::new(RunKey::new(group, a, b, order, mode), verdict)
        }
    }

    #[test]
    fn records_round_trip_and_errors_are_located() {
        let r = record("valves", "a.groovy", "b.groovy", Order::Ba, Mode::None, Verdict::Incomplete);
        let line = r.to_line();
        assert!(line.contains("\"order\":\"ba\"") && line.contains("\"mode\":\"none\""), "{line}");
        assert!(line.contains("\"verdict\":\"incomplete\"") && line.contains("\"reason\":\"time\""), "{line}");
        let p = Path::new("r.jsonl");
        let text = format!("{line}\n{line}");
        assert_eq!(parse_records(p, &text).unwrap(), vec![r.clone(), r]);
        let err = parse_records(p, &format!("{line}{{\"group\": 1}}\n")).unwrap_err();
        assert_eq!(err.line, Some(2));
        assert!(err.to_string().starts_with("r.jsonl:2: "), "{err}");
    }

    /// `record`'s line as a JSON object, to take fields out of or change.
    fn object(r: &Record) -> Map<String, Value> {
        match serde_json::to_value(r).unwrap() {
            Value::Object(object) => object,
            other => panic!("not an object: {other}"),
        }
    }

    /// The error of reading `r.jsonl` whose lines 1 and 3 are `object` (the first is at fault).
    fn error_of(object: &Map<String, Value>) -> String {
        let line = serde_json::to_string(object).unwrap();
        let text = format!("{line}\n\n{line}\n");
        parse_records(Path::new("r.jsonl"), &text).map(|_| ()).unwrap_err().to_string()
    }

    fn assert_plain(message: &str) {
        let internals =
            ["struct Record", "u64", "Int(", "invalid type", "invalid value", "variant", "elements", "ident"];
        for internal in internals {
            assert!(!message.contains(internal), "{internal:?} leaks into {message:?}");
        }
    }

    #[test]
    fn the_field_table_matches_what_a_record_writes() {
        let mut r = record("g", "a", "b", Order::Ab, Mode::Dpor, Verdict::Error);
        r.error = Some("boom".into());
        r.bounded = true;
        r.growth.push(GrowthEntry {
            app: Some("a".into()),
            location: "state.q".into(),
            max_size: 9,
            how: "grows".into(),
        });
        r.variety.push(VarietyEntry { app: None, location: "x".into(), distinct_values: 7, max_size: 0 });
        (r.varied_locations, r.value_combinations) = (3, 28);
        r.violation_list.push("door locked when everyone is away".into());
        r.properties = true;
        r.conflict_list.push(ConflictKey {
            device: "d".into(),
            attribute: "switch".into(),
            first: Side { app: "a".into(), value: "on".into() },
            second: Side { app: "b".into(), value: "off".into() },
        });
        let written: Vec<String> = object(&r).keys().cloned().collect();
        let mut table: Vec<String> = FIELDS.iter().map(|f| f.name.to_string()).collect();
        let mut sorted = written.clone();
        sorted.sort();
        table.sort();
        assert_eq!(sorted, table);
        assert_eq!(parse_record(&r.to_line()).unwrap(), r);
    }

    #[test]
    fn missing_required_fields_are_errors_not_zeros() {
        let full = object(&record("g", "a", "b", Order::Ab, Mode::Dpor, Verdict::NoConflict));
        for field in FIELDS.iter().filter(|f| f.required) {
            let mut line = full.clone();
            line.remove(field.name);
            let err = error_of(&line);
            assert!(err.starts_with("r.jsonl:1: missing field "), "{err}");
            assert!(err.contains(&format!("`{}` ({})", field.name, field.holds.expected())), "{err}");
            assert_plain(&err);
        }
        let mut line = full.clone();
        for name in ["states", "transitions", "peak_memory_bytes"] {
            line.remove(name);
        }
        line.remove("complete");
        let err = error_of(&line);
        assert_eq!(
            err,
            "r.jsonl:1: missing fields `complete` (true or false), \
             `states`, `transitions`, `peak_memory_bytes` (each a whole number, 0 or more)"
        );

        // The bookkeeping fields may be absent (0 or none); a null reason is none.
        let mut line = full.clone();
        for name in ["wall_ms", "time_limit_ms", "memory_limit_bytes", "reason", "error"] {
            line.remove(name);
        }
        line.insert("reason".into(), Value::Null);
        line.insert("some_future_field".into(), Value::from(7));
        let text = serde_json::to_string(&line).unwrap();
        let r = parse_record(&text).unwrap();
        assert_eq!((r.wall_ms, r.time_limit_ms, r.memory_limit_bytes, r.reason), (0, 0, 0, None));
    }

    #[test]
    fn wrong_values_say_which_field_and_what_was_expected() {
        let full = object(&record("g", "a", "b", Order::Ab, Mode::Dpor, Verdict::NoConflict));
        let cases: [(&str, Value, &str); 9] = [
            ("states", Value::from("x"), r#"`states` is "x": expected a whole number, 0 or more"#),
            ("states", Value::from(-1), "`states` is -1: expected a whole number, 0 or more"),
            ("elapsed_ms", Value::from(1.5), "`elapsed_ms` is 1.5: expected a whole number, 0 or more"),
            ("wall_ms", Value::Null, "`wall_ms` is null: expected a whole number, 0 or more"),
            ("mode", Value::from("fast"), r#"`mode` is "fast": expected one of "dpor", "none""#),
            ("order", Value::from(0), r#"`order` is 0: expected one of "ab", "ba""#),
            ("group", Value::from(0), "`group` is 0: expected a string"),
            ("complete", Value::from("yes"), r#"`complete` is "yes": expected true or false"#),
            ("conflict_list", Value::from(3), "`conflict_list` is 3: expected a list of conflicts, each {"),
        ];
        for (name, value, expected) in cases {
            let mut line = full.clone();
            line.insert(name.into(), value);
            let err = error_of(&line);
            assert!(err.starts_with("r.jsonl:1: "), "{err}");
            assert!(err.contains(expected), "{expected:?} not in {err:?}");
            assert_plain(&err);
        }
        let mut line = full.clone();
        let conflicts = serde_json::json!([
            {"device": "d", "attribute": "switch", "first": {"app": "a", "value": "on"}, "second": {"app": "b", "value": "off"}},
            {"device": 1, "attribute": "switch", "first": {"app": "a"}, "second": "b"},
            "x"
        ]);
        line.insert("conflict_list".into(), conflicts);
        let err = error_of(&line);
        for expected in [
            "`conflict_list[1].device` is 1: expected a string",
            "missing field `conflict_list[1].first.value` (a string)",
            r#"`conflict_list[1].second` is "b": expected an object {"app", "value"}"#,
            r#"`conflict_list[2]` is "x": expected a conflict {"device""#,
        ] {
            assert!(err.contains(expected), "{expected:?} not in {err:?}");
        }
        assert!(!err.contains("conflict_list[0]"), "{err}");
        assert_plain(&err);
    }

    #[test]
    fn lines_that_are_not_records_say_so_in_words() {
        let p = Path::new("r.jsonl");
        for (text, expected) in [
            ("[]", "r.jsonl:1: found a list: expected a JSON object with the fields of a run"),
            ("5", "r.jsonl:1: found 5: expected a JSON object"),
            ("{\"group\":", "r.jsonl:1: the line ends before its JSON does (cut short?): expected one JSON object"),
            ("not json", "r.jsonl:1: not valid JSON at column 2 (unknown word): expected one JSON object per line"),
            ("{} x", "r.jsonl:1: not valid JSON at column 4 (trailing characters)"),
        ] {
            let err = parse_records(p, text).unwrap_err().to_string();
            assert!(err.starts_with(expected), "{expected:?} is not the start of {err:?}");
            assert_plain(&err);
        }
    }

    #[test]
    fn resume_drops_a_cut_last_line() {
        let dir = std::env::temp_dir().join(format!("eventide-eval-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let r = record("valves", "a", "b", Order::Ab, Mode::Dpor, Verdict::NoConflict);
        let line = r.to_line();
        std::fs::write(&path, format!("{line}{}", &line[..20])).unwrap();
        let resume = prepare_resume(&path).unwrap();
        assert_eq!(resume.done.len(), 1);
        assert_eq!(resume.truncated_line, Some(2));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), line);

        std::fs::write(&path, line.trim_end()).unwrap();
        let resume = prepare_resume(&path).unwrap();
        assert_eq!((resume.done.len(), resume.truncated_line), (1, None));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), line);

        std::fs::write(&path, format!("garbage\n{line}")).unwrap();
        assert_eq!(prepare_resume(&path).unwrap_err().line, Some(1));
        assert!(prepare_resume(&dir.join("missing.jsonl")).unwrap().done.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
