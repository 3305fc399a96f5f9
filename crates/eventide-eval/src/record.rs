//! One JSON line per finished run (the batch line of the conventions): the pair check's result
//! plus `group`, `app_a`, `app_b`, `order` and `mode`, the conflicts without traces
//! (`conflict_list`) so modes can be compared, and the limits the run had. Reading a results
//! file back reports a malformed line with its file and line number.

use crate::error::read_text;
use crate::work::{Mode, Order, RunKey};
use crate::Error;
use serde::{Deserialize, Serialize};
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

/// One line of a results file.
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
    #[serde(default)]
    pub complete: bool,
    /// Why an incomplete or failed run stopped: `time`, `memory`, `states`, `cascade_depth`,
    /// `unsupported`, `syntax`, `usage`, `crash`, `output`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The number of distinct conflicts.
    #[serde(default)]
    pub conflicts: u64,
    #[serde(default)]
    pub events: u64,
    #[serde(default)]
    pub states: u64,
    #[serde(default)]
    pub transitions: u64,
    #[serde(default)]
    pub executed: u64,
    #[serde(default)]
    pub executions: u64,
    /// Exploration time reported by the check.
    #[serde(default)]
    pub elapsed_ms: u64,
    /// Wall time of the whole child process (loading included).
    #[serde(default)]
    pub wall_ms: u64,
    #[serde(default)]
    pub peak_memory_bytes: u64,
    /// The number of distinct app exceptions.
    #[serde(default)]
    pub exceptions: u64,
    #[serde(default)]
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
            wall_ms: 0,
            peak_memory_bytes: 0,
            exceptions: 0,
            conflict_list: Vec::new(),
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
        let record: Record = serde_json::from_str(line).map_err(|e| Error::at(path, i + 1, e.to_string()))?;
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
        if serde_json::from_str::<Record>(&String::from_utf8_lossy(&bytes[start..])).is_err() {
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
