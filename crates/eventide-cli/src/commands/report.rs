//! `eventide report`: read batch results (one or more JSON Lines files, e.g. the shards of a
//! cluster run) and print the paper's tables: per pair both modes side by side, finish counts,
//! geometric-mean reductions, verdicts per group, DPOR-versus-exhaustive disagreements and,
//! with `--paper`, our figures beside the paper's. `--html` writes the same as a page with plots.
//! Exit code 1 when DPOR and exhaustive search disagree anywhere (a bug), 2 on bad input.
//!
//! Bad input is a results line that is not a complete run record (a missing or ill-typed field
//! is an error at `file:line` naming the field, see [`eventide_eval::record`]; nothing is read as
//! 0), an unreadable file, or no runs at all: when every results file given is empty (or blank)
//! there is nothing to report, and the command says `no runs in FILE` and exits 2 rather than
//! print tables of zeros. An empty file among others that hold runs (a shard that had nothing
//! to do leaves one behind) is only noted on standard error.

use super::usage_error;
use crate::cli::ReportArgs;
use crate::report::exit;
use eventide_eval::{aggregate, corpus, html, paper, record, text};

pub fn run(args: ReportArgs) -> i32 {
    let mut records = Vec::new();
    let mut empty_files = Vec::new();
    for path in &args.results {
        match record::read_records(path) {
            Ok(r) if r.is_empty() => empty_files.push(path.display().to_string()),
            Ok(mut r) => records.append(&mut r),
            Err(e) => return usage_error(&e.to_string()),
        }
    }
    if records.is_empty() {
        return usage_error(&format!(
            "no runs in {}: nothing to report (results files are written by `eventide batch --out`)",
            empty_files.join(", ")
        ));
    }
    for file in &empty_files {
        eprintln!("note: no runs in {file}; reporting the other files");
    }
    let comparison_rows = match &args.paper {
        Some(path) => match corpus::read_paper(path) {
            Ok(rows) => Some(rows),
            Err(e) => return usage_error(&e.to_string()),
        },
        None => None,
    };
    let analysis = aggregate::analyse(records);
    let comparison = comparison_rows.as_deref().map(|rows| paper::compare(rows, &analysis));
    let sections = text::sections(&analysis, comparison.as_ref());
    print!("{}", text::render_text(&sections));
    if let Some(path) = &args.html {
        let page = html::render_html(&sections, &analysis, "Eventide: DPOR against exhaustive search");
        if let Err(e) = std::fs::write(path, page) {
            return usage_error(&format!("{}: {e}", path.display()));
        }
        eprintln!("wrote {}", path.display());
    }
    if analysis.disagreements.is_empty() {
        exit::OK
    } else {
        eprintln!(
            "error: {} DISAGREEMENT(S) between DPOR and exhaustive search (bugs): see the DISAGREEMENTS section",
            analysis.disagreements.len()
        );
        exit::FOUND
    }
}
