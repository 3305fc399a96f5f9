//! Runs one pair check as a child process (`eventide pair A B --por M --track ... --json`) and
//! turns what it printed into a [`Record`]. A watchdog polls the child: past the time limit plus
//! a grace period, or when its resident memory goes well past the memory limit (the child's own
//! `--memory-limit` should have stopped it first), the child is killed and the run is recorded as
//! incomplete (`time` or `memory`). A crash or unreadable output is recorded as an `error` run,
//! so one bad pair never stops a batch.

use crate::record::{ConflictKey, GrowthEntry, Record, VarietyEntry, Verdict};
use crate::work::RunSpec;
use serde::Deserialize;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a supervised child ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exited by itself with this code.
    Code(i32),
    /// Ended by a signal that the watchdog did not send.
    Signal(i32),
    /// Killed by the watchdog at the wall-clock deadline.
    KilledTime,
    /// Killed by the watchdog for resident memory over the bound.
    KilledMemory,
    /// Could not be started.
    SpawnFailed(String),
}

/// Limits the watchdog enforces on a child.
#[derive(Clone, Copy, Debug)]
pub struct Watchdog {
    /// Kill the child when it has run this long.
    pub deadline: Duration,
    /// Kill the child when its resident set exceeds this many bytes (Linux only).
    pub max_resident: Option<u64>,
}

/// What a supervised child did.
#[derive(Clone, Debug)]
pub struct ChildOutcome {
    pub exit: Exit,
    pub stdout: Vec<u8>,
    /// The last few kilobytes of standard error.
    pub stderr_tail: String,
    pub wall: Duration,
    /// The largest resident set seen (the kernel's high-water mark when available).
    pub peak_resident: u64,
}

const STDERR_TAIL: usize = 4096;

/// Runs `command` with piped output under `watchdog`.
pub fn supervise(mut command: Command, watchdog: Watchdog) -> ChildOutcome {
    let start = Instant::now();
    command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            return ChildOutcome {
                exit: Exit::SpawnFailed(e.to_string()),
                stdout: Vec::new(),
                stderr_tail: String::new(),
                wall: start.elapsed(),
                peak_resident: 0,
            }
        }
    };
    let stdout = child.stdout.take().map(|mut out| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = out.read_to_end(&mut buf);
            buf
        })
    });
    let stderr = child.stderr.take().map(|mut err| {
        std::thread::spawn(move || {
            let mut tail: Vec<u8> = Vec::new();
            let mut chunk = [0u8; 8192];
            while let Ok(n) = err.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    tail.drain(..tail.len() - STDERR_TAIL);
                }
            }
            let from = tail.len().saturating_sub(STDERR_TAIL);
            String::from_utf8_lossy(&tail[from..]).into_owned()
        })
    });
    let mut poll = Duration::from_millis(2);
    let mut peak_resident = 0u64;
    let exit = loop {
        let stop = match child.try_wait() {
            Ok(Some(status)) => break exit_of(status),
            Ok(None) => {
                let resident = resident_bytes(child.id());
                if let Some(resident) = &resident {
                    peak_resident = peak_resident.max(resident.peak);
                }
                if resident.zip(watchdog.max_resident).is_some_and(|(resident, max)| resident.now > max) {
                    Some(Exit::KilledMemory)
                } else if start.elapsed() >= watchdog.deadline {
                    Some(Exit::KilledTime)
                } else {
                    None
                }
            }
            Err(e) => Some(Exit::SpawnFailed(format!("waiting for the child failed: {e}"))),
        };
        if let Some(exit) = stop {
            let _ = child.kill();
            let _ = child.wait();
            break exit;
        }
        std::thread::sleep(poll);
        poll = (poll * 2).min(Duration::from_millis(100));
    };
    let wall = start.elapsed();
    let stdout = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let stderr_tail = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    ChildOutcome { exit, stdout, stderr_tail, wall, peak_resident }
}

#[cfg(unix)]
fn exit_of(status: std::process::ExitStatus) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Code(code),
        (None, Some(signal)) => Exit::Signal(signal),
        (None, None) => Exit::Code(-1),
    }
}

#[cfg(not(unix))]
fn exit_of(status: std::process::ExitStatus) -> Exit {
    Exit::Code(status.code().unwrap_or(-1))
}

struct Resident {
    now: u64,
    peak: u64,
}

/// The value in bytes of a `Name:   123 kB` line of a `/proc` file (`name` with its colon).
fn proc_kb_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kb: u64 = line[name.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}

/// The resident set of process `pid` now and at its peak, from `/proc` (Linux only).
fn resident_bytes(pid: u32) -> Option<Resident> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let now = proc_kb_field(&status, "VmRSS:")?;
    Some(Resident { now, peak: proc_kb_field(&status, "VmHWM:").unwrap_or(now).max(now) })
}

/// The machine's physical memory, from `/proc/meminfo` (Linux only).
pub fn total_memory_bytes() -> Option<u64> {
    proc_kb_field(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemTotal:")
}

/// How batch runs are started.
#[derive(Clone, Debug)]
pub struct RunnerConfig {
    /// The `eventide` binary.
    pub program: PathBuf,
    /// The folder holding the apps.
    pub apps: PathBuf,
    /// The time limit passed to each check.
    pub time_limit: Duration,
    /// The memory limit passed to each check, in bytes.
    pub memory_limit: u64,
    /// How long past the time limit a check may run before it is killed.
    pub grace: Duration,
    /// `--bound-collections K` passed to each check, if any.
    pub bound_collections: Option<usize>,
    /// `--properties FILE` passed to each check, if any.
    pub properties: Option<PathBuf>,
    /// `--device-handlers DIR` passed to each check, if any.
    pub device_handlers: Option<PathBuf>,
}

impl RunnerConfig {
    /// The grace period the batch uses by default: 10% of the time limit, at least 10 s.
    pub fn default_grace(time_limit: Duration) -> Duration {
        (time_limit / 10).max(Duration::from_secs(10))
    }

    /// The resident-memory bound of the watchdog: the limit plus an eighth and 256 MiB of slack
    /// for what the child's allocator accounting does not see.
    pub fn resident_bound(&self) -> u64 {
        self.memory_limit.saturating_add(self.memory_limit / 8).saturating_add(256 << 20)
    }

    /// The child command for one run.
    pub fn command(&self, spec: &RunSpec) -> Command {
        let (app1, app2) = spec.apps();
        let mut command = Command::new(&self.program);
        command
            .arg("pair")
            .arg(self.apps.join(app1))
            .arg(self.apps.join(app2))
            .args(["--por", spec.mode.as_str(), "--profile", spec.profile, "--json"])
            .arg("--track")
            .arg(spec.tracked.join(","))
            .arg("--time-limit")
            .arg(format!("{}", self.time_limit.as_secs_f64()))
            .arg("--memory-limit")
            .arg(self.memory_limit.to_string());
        if let Some(k) = self.bound_collections {
            command.arg("--bound-collections").arg(k.to_string());
        }
        if let Some(p) = &self.properties {
            command.arg("--properties").arg(p);
        }
        if let Some(d) = &self.device_handlers {
            command.arg("--device-handlers").arg(d);
        }
        command
    }
}

/// The part of `eventide pair --json` output a batch line keeps.
#[derive(Deserialize, Debug)]
struct PairOutput {
    /// `violation` (with `--properties`) or a [`Verdict`].
    verdict: String,
    #[serde(default)]
    complete: bool,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    events: u64,
    #[serde(default)]
    states: u64,
    #[serde(default)]
    transitions: u64,
    #[serde(default)]
    executed: u64,
    #[serde(default)]
    executions: u64,
    #[serde(default)]
    elapsed_ms: u64,
    #[serde(default)]
    elapsed_us: u64,
    #[serde(default)]
    peak_memory_bytes: u64,
    #[serde(default)]
    conflicts: Vec<ConflictKey>,
    #[serde(default)]
    exceptions: Vec<serde_json::Value>,
    #[serde(default)]
    error: Option<DiagnosticOutput>,
    #[serde(default)]
    bounded: bool,
    #[serde(default)]
    growth: Vec<GrowthEntry>,
    #[serde(default)]
    variety: Vec<VarietyEntry>,
    #[serde(default)]
    varied_locations: u64,
    #[serde(default)]
    value_combinations: u64,
    /// With `--properties`: the violated invariants.
    #[serde(default)]
    violations: Vec<ViolationOutput>,
}

#[derive(Deserialize, Debug)]
struct ViolationOutput {
    property: String,
}

impl PairOutput {
    /// The run's verdict as a batch line holds it: a run with violations (verdict `violation`)
    /// is a conflict when it found conflicts too, else finished without conflict or incomplete;
    /// the violations go to `violation_list`.
    fn verdict(&self) -> Result<Verdict, serde_json::Error> {
        match self.verdict.as_str() {
            "violation" if !self.conflicts.is_empty() => Ok(Verdict::Conflict),
            "violation" if self.complete => Ok(Verdict::NoConflict),
            "violation" => Ok(Verdict::Incomplete),
            other => serde_json::from_value(serde_json::Value::String(other.to_string())),
        }
    }
}

#[derive(Deserialize, Debug)]
struct DiagnosticOutput {
    #[serde(default)]
    file: String,
    #[serde(default)]
    line: u64,
    #[serde(default)]
    column: u64,
    #[serde(default)]
    message: String,
}

/// Runs one check and returns its record, or `None` when the child was stopped by an interrupt
/// (SIGINT, SIGTERM, SIGHUP): the run is then left for `--resume`.
pub fn run_one(config: &RunnerConfig, spec: &RunSpec) -> Option<Record> {
    let watchdog = Watchdog { deadline: config.time_limit + config.grace, max_resident: Some(config.resident_bound()) };
    let outcome = supervise(config.command(spec), watchdog);
    record_of(config, spec, &outcome)
}

/// Builds the record of a run from what the child did.
pub fn record_of(config: &RunnerConfig, spec: &RunSpec, outcome: &ChildOutcome) -> Option<Record> {
    let mut record = Record {
        wall_ms: outcome.wall.as_millis() as u64,
        peak_memory_bytes: outcome.peak_resident,
        time_limit_ms: config.time_limit.as_millis() as u64,
        memory_limit_bytes: config.memory_limit,
        ..Record::new(spec.key(), Verdict::Error)
    };
    let stderr_line = last_line(&outcome.stderr_tail);
    let mut fail = |verdict: Verdict, reason: &str, message: String| {
        record.verdict = verdict;
        record.reason = Some(reason.to_string());
        record.error = Some(message);
    };
    match &outcome.exit {
        Exit::Code(code) => match serde_json::from_slice::<PairOutput>(&outcome.stdout)
            .and_then(|out| out.verdict().map(|v| (out, v)))
        {
            Ok((out, verdict)) => {
                let mut conflicts = out.conflicts;
                conflicts.sort();
                conflicts.dedup();
                record.verdict = verdict;
                record.properties = config.properties.is_some();
                let mut violations: Vec<String> = out.violations.into_iter().map(|v| v.property).collect();
                violations.sort();
                violations.dedup();
                record.violation_list = violations;
                record.complete = out.complete;
                record.reason = out.reason;
                record.conflicts = conflicts.len() as u64;
                record.events = out.events;
                record.states = out.states;
                record.transitions = out.transitions;
                record.executed = out.executed;
                record.executions = out.executions;
                record.elapsed_ms = out.elapsed_ms;
                record.elapsed_us = out.elapsed_us;
                record.peak_memory_bytes = out.peak_memory_bytes.max(outcome.peak_resident);
                record.exceptions = out.exceptions.len() as u64;
                record.conflict_list = conflicts;
                record.bounded = out.bounded;
                record.growth = out.growth;
                record.variety = out.variety;
                record.varied_locations = out.varied_locations;
                record.value_combinations = out.value_combinations;
                if let Some(e) = out.error {
                    record.error = Some(format!("{}:{}:{}: {}", e.file, e.line, e.column, e.message));
                } else if record.verdict == Verdict::Error && !stderr_line.is_empty() {
                    record.error = Some(stderr_line);
                }
                if record.verdict == Verdict::Error && record.reason.is_none() {
                    record.reason = Some("usage".to_string());
                }
            }
            Err(e) => {
                let what = if *code == 101 { "crash" } else { "output" };
                let detail = if stderr_line.is_empty() { format!("unreadable output ({e})") } else { stderr_line };
                fail(Verdict::Error, what, format!("exit code {code}: {detail}"));
            }
        },
        Exit::Signal(signal) => match *signal {
            1 | 2 | 15 => return None,
            9 => fail(
                Verdict::Incomplete,
                "memory",
                "killed by signal 9 from outside the batch (the system's out-of-memory killer?)".to_string(),
            ),
            s => {
                let detail = if stderr_line.is_empty() { String::new() } else { format!(": {stderr_line}") };
                fail(Verdict::Error, "crash", format!("killed by signal {s}{detail}"));
            }
        },
        Exit::KilledTime => fail(
            Verdict::Incomplete,
            "time",
            format!("no result after {:.1} s; killed", (config.time_limit + config.grace).as_secs_f64()),
        ),
        Exit::KilledMemory => fail(
            Verdict::Incomplete,
            "memory",
            format!("resident memory over {} bytes; killed", config.resident_bound()),
        ),
        Exit::SpawnFailed(e) => fail(Verdict::Error, "spawn", format!("cannot run {}: {e}", config.program.display())),
    }
    Some(record)
}

fn last_line(text: &str) -> String {
    text.lines().rev().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::work::{Mode, Order};

    fn spec() -> RunSpec {
        RunSpec {
            group: "valves".into(),
            app_a: "a.groovy".into(),
            app_b: "b c.groovy".into(),
            order: Order::Ba,
            mode: Mode::None,
            tracked: vec!["valve".into(), "switch".into()],
            profile: "device",
        }
    }

    fn config() -> RunnerConfig {
        RunnerConfig {
            program: PathBuf::from("/bin/sh"),
            apps: PathBuf::from("/apps"),
            time_limit: Duration::from_millis(1500),
            memory_limit: 1 << 30,
            grace: Duration::from_millis(500),
            bound_collections: None,
            properties: None,
            device_handlers: None,
        }
    }

    fn outcome(exit: Exit, stdout: &str) -> ChildOutcome {
        ChildOutcome {
            exit,
            stdout: stdout.as_bytes().to_vec(),
            stderr_tail: "warning\nthread 'main' panicked at boom\n".into(),
            wall: Duration::from_millis(42),
            peak_resident: 7,
        }
    }

    #[test]
    fn the_child_command_names_the_apps_in_run_order() {
        let command = config().command(&spec());
        let args: Vec<String> = command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        assert_eq!(
            args,
            [
                "pair",
                "/apps/b c.groovy",
                "/apps/a.groovy",
                "--por",
                "none",
                "--profile",
                "device",
                "--json",
                "--track",
                "valve,switch",
                "--time-limit",
                "1.5",
                "--memory-limit",
                "1073741824"
            ]
        );
    }

    #[test]
    fn device_handlers_are_passed_to_every_run() {
        let with = RunnerConfig { device_handlers: Some(PathBuf::from("handlers")), ..config() };
        let args: Vec<String> = with.command(&spec()).get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        assert!(args.windows(2).any(|w| w == ["--device-handlers", "handlers"]), "{args:?}");
        let without: Vec<String> =
            config().command(&spec()).get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        assert!(!without.iter().any(|a| a == "--device-handlers"), "{without:?}");
    }

    #[test]
    fn violations_become_the_violation_list() {
        let json = r#"{"verdict":"violation","complete":true,"por":"dpor","events":4,"states":5,"transitions":8,
            "executed":9,"executions":1,"elapsed_ms":3,"peak_memory_bytes":1000,"conflicts":[],"exceptions":[],
            "violations":[{"property":"z","trace":["setup:B"]},{"property":"a b","trace":[]}]}"#;
        let with = RunnerConfig { properties: Some(PathBuf::from("p.groovy")), ..config() };
        let r = record_of(&with, &spec(), &outcome(Exit::Code(1), json)).unwrap();
        assert_eq!((r.verdict, r.complete, r.properties), (Verdict::NoConflict, true, true));
        assert_eq!(r.violation_list, ["a b", "z"]);
        let args: Vec<String> = with.command(&spec()).get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        assert!(args.windows(2).any(|w| w == ["--properties", "p.groovy"]), "{args:?}");
        let unfinished = json.replace(r#""complete":true"#, r#""complete":false"#);
        let r = record_of(&with, &spec(), &outcome(Exit::Code(1), &unfinished)).unwrap();
        assert_eq!(r.verdict, Verdict::Incomplete);
    }

    #[test]
    fn pair_output_becomes_a_record() {
        let json = r#"{"verdict":"conflict","complete":true,"por":"none","events":4,"states":5,"transitions":8,
            "executed":9,"executions":1,"elapsed_ms":3,"peak_memory_bytes":1000,
            "conflicts":[{"attribute":"valve","device":"valve1","first":{"app":"b c","value":"open"},
              "second":{"app":"a","value":"closed"},"trace":[{"event":"setup:A","handlers":[],"writes":[]}]},
              {"attribute":"valve","device":"valve1","first":{"app":"b c","value":"open"},
              "second":{"app":"a","value":"closed"},"trace":[]}],
            "exceptions":[{"message":"x","trace":[]}]}"#;
        let r = record_of(&config(), &spec(), &outcome(Exit::Code(1), json)).unwrap();
        assert_eq!((r.verdict, r.complete, r.conflicts, r.exceptions), (Verdict::Conflict, true, 1, 1));
        assert_eq!((r.states, r.transitions, r.executed, r.events, r.elapsed_ms), (5, 8, 9, 4, 3));
        assert_eq!((r.wall_ms, r.peak_memory_bytes, r.time_limit_ms), (42, 1000, 1500));
        assert_eq!(r.conflict_list[0].to_string(), "valve1.valve: b c writes open, then a writes closed");

        let error = r#"{"verdict":"error","complete":false,"reason":"syntax","por":"none","events":0,"states":0,
            "conflicts":[],"exceptions":[],"error":{"file":"a.groovy","line":3,"column":4,"message":"bad"}}"#;
        let r = record_of(&config(), &spec(), &outcome(Exit::Code(2), error)).unwrap();
        assert_eq!(
            (r.verdict, r.reason.as_deref(), r.error.as_deref()),
            (Verdict::Error, Some("syntax"), Some("a.groovy:3:4: bad"))
        );
    }

    #[test]
    fn crashes_kills_and_interrupts() {
        let r = record_of(&config(), &spec(), &outcome(Exit::Code(101), "")).unwrap();
        assert_eq!((r.verdict, r.reason.as_deref()), (Verdict::Error, Some("crash")));
        assert_eq!(r.error.as_deref(), Some("exit code 101: thread 'main' panicked at boom"));
        let r = record_of(&config(), &spec(), &outcome(Exit::Signal(11), "")).unwrap();
        assert_eq!((r.verdict, r.reason.as_deref()), (Verdict::Error, Some("crash")));
        let r = record_of(&config(), &spec(), &outcome(Exit::KilledTime, "")).unwrap();
        assert_eq!((r.verdict, r.reason.as_deref(), r.complete), (Verdict::Incomplete, Some("time"), false));
        assert_eq!(r.peak_memory_bytes, 7);
        let r = record_of(&config(), &spec(), &outcome(Exit::KilledMemory, "")).unwrap();
        assert_eq!((r.verdict, r.reason.as_deref()), (Verdict::Incomplete, Some("memory")));
        assert!(record_of(&config(), &spec(), &outcome(Exit::Signal(2), "")).is_none());
        let r = record_of(&config(), &spec(), &outcome(Exit::SpawnFailed("nope".into()), "")).unwrap();
        assert_eq!(r.verdict, Verdict::Error);
    }

    #[cfg(unix)]
    #[test]
    fn the_watchdog_kills_a_hung_child() {
        let mut command = Command::new("sh");
        command.args(["-c", "echo started; exec sleep 30"]);
        let start = Instant::now();
        let out = supervise(command, Watchdog { deadline: Duration::from_millis(300), max_resident: None });
        assert_eq!(out.exit, Exit::KilledTime);
        assert!(start.elapsed() < Duration::from_secs(10));

        let mut command = Command::new("sh");
        command.args(["-c", "echo '{}'; echo oops >&2; exit 3"]);
        let out = supervise(command, Watchdog { deadline: Duration::from_secs(20), max_resident: None });
        assert_eq!(out.exit, Exit::Code(3));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "{}\n");
        assert_eq!(out.stderr_tail, "oops\n");

        let out = supervise(
            Command::new("/nonexistent/program"),
            Watchdog { deadline: Duration::from_secs(1), max_resident: None },
        );
        assert!(matches!(out.exit, Exit::SpawnFailed(_)));
    }
}
