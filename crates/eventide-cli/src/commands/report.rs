//! `eventide report`: read batch results (one or more JSON Lines files, e.g. the shards of a
//! cluster run) and print the paper's tables: per pair both modes side by side, finish counts,
//! geometric-mean reductions, verdicts per group, DPOR-versus-exhaustive disagreements and,
//! with `--paper`, our figures beside the paper's. `--html` writes the same as a page with plots.
//! Exit code 1 when DPOR and exhaustive search disagree anywhere (a bug), 2 on bad input.

use super::usage_error;
use crate::cli::ReportArgs;
use crate::report::exit;
use eventide_eval::{aggregate, corpus, html, paper, record, text};

pub fn run(args: ReportArgs) -> i32 {
    let mut records = Vec::new();
    for path in &args.results {
        match record::read_records(path) {
            Ok(mut r) => records.append(&mut r),
            Err(e) => return usage_error(&e.to_string()),
        }
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
