//! Runs a work list: `jobs` worker threads take runs in work-list order, each run is a child
//! process (see [`crate::runner`]), and each record is appended to the results file as one line
//! and flushed as soon as it exists, so an interrupted batch loses only the runs in flight.

use crate::record::{Record, Verdict};
use crate::runner::{self, RunnerConfig};
use crate::work::RunSpec;
use crate::Error;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Counts of a finished batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchSummary {
    pub runs: usize,
    pub conflict: usize,
    pub no_conflict: usize,
    pub incomplete: usize,
    pub error: usize,
    /// Runs whose child was stopped by an interrupt (not recorded).
    pub interrupted: usize,
}

impl BatchSummary {
    pub fn add(&mut self, record: Option<&Record>) {
        match record.map(|r| r.verdict) {
            Some(Verdict::Conflict) => self.conflict += 1,
            Some(Verdict::NoConflict) => self.no_conflict += 1,
            Some(Verdict::Incomplete) => self.incomplete += 1,
            Some(Verdict::Error) => self.error += 1,
            None => self.interrupted += 1,
        }
        self.runs += 1;
    }
}

/// Runs every run of `runs` with at most `jobs` at once, appending each record to `out` (opened
/// for appending; created if missing). `on_done` is called after each run (with `None` for an
/// interrupted one), from the worker thread that ran it.
pub fn run_batch(
    runs: &[RunSpec],
    runner: &RunnerConfig,
    jobs: usize,
    out: &Path,
    on_done: &(dyn Fn(&RunSpec, Option<&Record>) + Sync),
) -> Result<BatchSummary, Error> {
    run_batch_with(runs, jobs, out, on_done, &|spec| runner::run_one(runner, spec))
}

/// [`run_batch`] with the function that performs one run given (for tests).
pub fn run_batch_with(
    runs: &[RunSpec],
    jobs: usize,
    out: &Path,
    on_done: &(dyn Fn(&RunSpec, Option<&Record>) + Sync),
    run: &(dyn Fn(&RunSpec) -> Option<Record> + Sync),
) -> Result<BatchSummary, Error> {
    let file = std::fs::OpenOptions::new().create(true).append(true).open(out).map_err(|e| Error::io(out, &e))?;
    let file = Mutex::new(file);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let write_error: Mutex<Option<Error>> = Mutex::new(None);
    let summary = Mutex::new(BatchSummary::default());
    let workers = jobs.clamp(1, runs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                if failed.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(spec) = runs.get(i) else { return };
                let record = run(spec);
                if let Some(record) = &record {
                    let line = record.to_line();
                    let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
                    if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
                        failed.store(true, Ordering::SeqCst);
                        let mut slot = write_error.lock().unwrap_or_else(|p| p.into_inner());
                        slot.get_or_insert_with(|| Error::io(out, &e));
                        return;
                    }
                }
                summary.lock().unwrap_or_else(|p| p.into_inner()).add(record.as_ref());
                on_done(spec, record.as_ref());
            });
        }
    });
    if let Some(e) = write_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(summary.into_inner().unwrap_or_else(|p| p.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{parse_records, tests::record};
    use crate::work::{Mode, Order};

    #[test]
    fn every_run_becomes_one_line_and_interrupted_runs_none() {
        let dir = std::env::temp_dir().join(format!("eventide-eval-batch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("out.jsonl");
        let _ = std::fs::remove_file(&out);
        let runs: Vec<RunSpec> = (0..10)
            .map(|i| RunSpec {
                group: "g".into(),
                app_a: format!("a{i}"),
                app_b: "b".into(),
                order: Order::Ab,
                mode: Mode::Dpor,
                tracked: vec!["switch".into()],
                profile: "device",
            })
            .collect();
        let calls = AtomicUsize::new(0);
        let on_done = |_: &RunSpec, _: Option<&Record>| {
            calls.fetch_add(1, Ordering::SeqCst);
        };
        let run = |spec: &RunSpec| {
            (spec.app_a != "a3").then(|| record("g", &spec.app_a, "b", Order::Ab, Mode::Dpor, Verdict::Conflict))
        };
        let summary = run_batch_with(&runs, 3, &out, &on_done, &run).unwrap();
        assert_eq!((summary.runs, summary.conflict, summary.interrupted), (10, 9, 1));
        assert_eq!(calls.load(Ordering::SeqCst), 10);
        let records = parse_records(&out, &std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(records.len(), 9);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
