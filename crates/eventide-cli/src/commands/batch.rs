//! `eventide batch`: check every pair of the corpus (or of some groups) in both app orders and
//! every mode. Each run is this same binary's `pair` command in a child process, so a crash, a
//! hang or a memory blow-up costs one run, not the batch; each result is appended to the results
//! file as one JSON line as soon as it exists. See [`eventide_eval`] for the work list, the
//! watchdog and the line format.

use super::usage_error;
use crate::cli::BatchArgs;
use crate::report::exit;
use eventide_engine::memory;
use eventide_eval::batch::{run_batch, BatchSummary};
use eventide_eval::record::{prepare_resume, read_records, Record};
use eventide_eval::runner::{self, RunnerConfig};
use eventide_eval::text::seconds;
use eventide_eval::work::{work_list, ListFiles, Mode, RunSpec, Shard};
use eventide_eval::{corpus, Error};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;

/// Memory shared by the parallel runs by default: fits a 24 GB machine with room to spare.
const DEFAULT_TOTAL_MEMORY: u64 = 20 << 30;

/// The largest time limit or grace period accepted, in seconds (a year).
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

pub fn run(args: BatchArgs) -> i32 {
    match batch(args) {
        Ok(code) => code,
        Err(e) => usage_error(&e.to_string()),
    }
}

fn batch(args: BatchArgs) -> Result<i32, Error> {
    if !(args.time_limit.is_finite() && args.time_limit > 0.0 && args.time_limit <= MAX_SECONDS) {
        return Err(Error::msg(format!(
            "invalid --time-limit {}: expected a positive number of seconds, at most a year",
            args.time_limit
        )));
    }
    let jobs = match args.jobs {
        Some(0) => return Err(Error::msg("--jobs must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let memory_limit = match &args.memory_limit {
        Some(text) => match memory::parse_size(text).map_err(Error::msg)? as u64 {
            0 => return Err(Error::msg(format!("invalid --memory-limit {text}: expected at least 1 byte (e.g. 4G)"))),
            bytes => bytes,
        },
        None => DEFAULT_TOTAL_MEMORY / jobs as u64,
    };
    if let Some(total) = runner::total_memory_bytes() {
        if memory_limit.saturating_mul(jobs as u64) > total {
            eprintln!(
                "warning: {jobs} runs of up to {} each can exceed this machine's {}: lower --jobs or --memory-limit",
                crate::report::human_bytes(memory_limit),
                crate::report::human_bytes(total)
            );
        }
    }
    let time_limit = Duration::from_secs_f64(args.time_limit);
    let grace = match args.grace {
        Some(g) if g.is_finite() && (0.0..=MAX_SECONDS).contains(&g) => Duration::from_secs_f64(g),
        Some(g) => return Err(Error::msg(format!("invalid --grace {g}"))),
        None => RunnerConfig::default_grace(time_limit),
    };
    if args.out.is_dir() {
        return Err(Error::file(
            &args.out,
            "is a directory (--out expects the results file, e.g. --out DIR/results.jsonl)",
        ));
    }
    let modes = args.modes.iter().map(|m| Mode::parse(m)).collect::<Result<Vec<_>, _>>()?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    if !args.apps.is_dir() {
        return Err(Error::file(&args.apps, "not a folder (--apps)"));
    }
    let mut pairs = corpus::read_pairs(&args.pairs)?;
    if let Some(paper) = &args.paper_pairs {
        pairs = eventide_eval::paper::paper_pairs(&pairs, &corpus::read_paper(paper)?);
    }
    let groups = corpus::read_groups(&args.groups)?;
    let all = work_list(&pairs, &groups, &args.group, &modes, ListFiles { pairs: &args.pairs, groups: &args.groups })?;
    let all: Vec<RunSpec> = all.into_iter().filter(|r| args.orders.iter().any(|o| o == r.order.as_str())).collect();
    let all = match &args.rerun_incomplete {
        Some(earlier) => {
            let unfinished: std::collections::HashSet<_> =
                read_records(earlier)?.into_iter().filter(|r| !r.complete).map(|r| r.key()).collect();
            all.into_iter().filter(|r| unfinished.contains(&r.key())).collect()
        }
        None => all,
    };
    let mine: Vec<&RunSpec> = match shard {
        Some(s) => s.select(&all),
        None => all.iter().collect(),
    };

    let already = if args.resume {
        let resume = prepare_resume(&args.out)?;
        if let Some(line) = resume.truncated_line {
            eprintln!(
                "{}:{line}: the last line was cut short; removed, its run will be done again",
                args.out.display()
            );
        }
        resume.done
    } else {
        if std::fs::metadata(&args.out).is_ok_and(|m| m.len() > 0) {
            return Err(Error::file(
                &args.out,
                "already holds results: pass --resume to continue it, or choose another --out",
            ));
        }
        Default::default()
    };
    let todo: Vec<RunSpec> = mine.iter().copied().filter(|r| !already.contains(&r.key())).cloned().collect();
    let slice = shard.map(|s| format!(" (shard {}/{}: {} runs)", s.index, s.count, mine.len())).unwrap_or_default();
    eprintln!(
        "{} runs in the work list{slice}; {} already in {}; {} to run with {jobs} job(s), {} s and {} each",
        all.len(),
        mine.len() - todo.len(),
        args.out.display(),
        todo.len(),
        args.time_limit,
        crate::report::human_bytes(memory_limit)
    );
    if todo.is_empty() {
        // Still create the file, so a shard with nothing to do leaves an (empty) part behind.
        std::fs::OpenOptions::new().create(true).append(true).open(&args.out).map_err(|e| Error::io(&args.out, &e))?;
        println!("nothing to run: {} is complete", args.out.display());
        return Ok(exit::OK);
    }

    // A property file that does not load would fail every run: say so once, before starting.
    if let Some(p) = &args.properties {
        let file = eventide_smartthings::properties::PropertyFile::load(p).map_err(|d| Error::msg(d.render()))?;
        for warning in file.invariants().iter().flat_map(|i| &i.warnings) {
            eprintln!("warning: {}", warning.render());
        }
    }
    let program = std::env::current_exe().map_err(|e| Error::msg(format!("cannot find the eventide binary: {e}")))?;
    let runner = RunnerConfig {
        program,
        apps: args.apps.clone(),
        time_limit,
        memory_limit,
        grace,
        bound_collections: args.bound_collections,
        properties: args.properties.clone(),
        device_handlers: args.device_handlers.clone(),
    };
    let progress = Progress::new(&todo);
    let summary = run_batch(&todo, &runner, jobs, &args.out, &|spec, record| progress.done(spec, record))?;
    progress.finish();
    print_summary(&summary, &args.out);
    Ok(exit::OK)
}

fn print_summary(s: &BatchSummary, out: &std::path::Path) {
    println!(
        "{} runs: {} conflict, {} no_conflict, {} incomplete, {} error{}; results in {}",
        s.runs - s.interrupted,
        s.conflict,
        s.no_conflict,
        s.incomplete,
        s.error,
        if s.interrupted > 0 { format!(" ({} interrupted, not recorded)", s.interrupted) } else { String::new() },
        out.display()
    );
}

/// The progress display: a bar on a terminal, one line per finished run otherwise.
struct Progress {
    bar: ProgressBar,
    terminal: bool,
    total: usize,
    pairs_total: usize,
    state: Mutex<ProgressState>,
}

struct ProgressState {
    /// The runs finished so far.
    summary: BatchSummary,
    /// Runs left per pair.
    left: HashMap<(String, String, String), usize>,
    /// Pairs with no run left.
    pairs_done: usize,
}

/// The pair of a run: (group, app_a, app_b).
fn pair_of(spec: &RunSpec) -> (String, String, String) {
    (spec.group.clone(), spec.app_a.clone(), spec.app_b.clone())
}

impl Progress {
    fn new(todo: &[RunSpec]) -> Progress {
        let mut left: HashMap<(String, String, String), usize> = HashMap::new();
        for r in todo {
            *left.entry(pair_of(r)).or_default() += 1;
        }
        let terminal = std::io::stderr().is_terminal();
        let bar = if terminal {
            let bar = ProgressBar::with_draw_target(Some(todo.len() as u64), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30.cyan/blue}] {pos}/{len} runs, {msg} (ETA {eta})",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.enable_steady_tick(Duration::from_millis(500));
            bar
        } else {
            ProgressBar::hidden()
        };
        let state = ProgressState { summary: BatchSummary::default(), pairs_done: 0, left };
        let progress =
            Progress { bar, terminal, total: todo.len(), pairs_total: state.left.len(), state: Mutex::new(state) };
        progress.bar.set_message(progress.message(&progress.state()));
        progress
    }

    fn state(&self) -> std::sync::MutexGuard<'_, ProgressState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn message(&self, state: &ProgressState) -> String {
        let s = &state.summary;
        format!(
            "pairs {}/{}, {} conflict, {} incomplete, {} error",
            state.pairs_done, self.pairs_total, s.conflict, s.incomplete, s.error
        )
    }

    fn done(&self, spec: &RunSpec, record: Option<&Record>) {
        let (k, message) = {
            let mut state = self.state();
            state.summary.add(record);
            if let Some(n) = state.left.get_mut(&pair_of(spec)) {
                *n -= 1;
                if *n == 0 {
                    state.pairs_done += 1;
                }
            }
            (state.summary.runs, self.terminal.then(|| self.message(&state)))
        };
        if let Some(message) = message {
            self.bar.set_message(message);
            self.bar.inc(1);
        } else {
            let (app1, app2) = spec.apps();
            let outcome = match record {
                Some(r) => {
                    let reason = r.reason.as_deref().map(|x| format!(" ({x})")).unwrap_or_default();
                    format!("{}{reason}, {} s", r.verdict.as_str(), seconds(r.wall_ms))
                }
                None => "interrupted".to_string(),
            };
            eprintln!("[{k}/{}] {} {app1} + {app2} {}: {outcome}", self.total, spec.group, spec.mode);
        }
    }

    fn finish(&self) {
        if self.terminal {
            self.bar.finish_with_message(self.message(&self.state()));
        }
    }
}
