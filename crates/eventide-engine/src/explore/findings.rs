//! Collecting distinct findings with the first trace that reached each.

use crate::system::{EventId, Finding, FindingKind};
use rustc_hash::FxHashSet;

/// A finding with the event trace, from the initial state, of the transition that raised it.
#[derive(Clone, Debug)]
pub struct ReportedFinding {
    pub finding: Finding,
    pub trace: Vec<EventId>,
}

/// The distinct findings of a run, in the order found.
#[derive(Default)]
pub(crate) struct FindingLog {
    seen: FxHashSet<(FindingKind, String)>,
    pub found: Vec<ReportedFinding>,
    /// Distinct findings past [`MAX_LISTED_FINDINGS`]: counted, not kept.
    pub unlisted: u64,
}

/// How many distinct findings a run lists with their traces. A program whose every state raises
/// another message (`throw new Exception("n=${n}")` over a growing `n`) has as many findings as
/// states, each with a trace as long as the path to it: listing them all took memory quadratic
/// in the states, far past the run's memory limit, while the report was written. The rest are
/// counted ([`super::Stats::unlisted_findings`]).
pub const MAX_LISTED_FINDINGS: usize = 1_000;

impl FindingLog {
    /// Records the findings of one transition. `trace` builds the trace lazily (only for new
    /// findings that are listed). Returns true when a new finding was recorded.
    pub fn record(&mut self, findings: Vec<Finding>, trace: impl Fn() -> Vec<EventId>) -> bool {
        let mut new_finding = false;
        for finding in findings {
            if self.seen.insert((finding.kind, finding.key.clone())) {
                new_finding = true;
                if self.found.len() < MAX_LISTED_FINDINGS {
                    self.found.push(ReportedFinding { finding, trace: trace() });
                } else {
                    self.unlisted += 1;
                }
            }
        }
        new_finding
    }

    /// Records findings that come with their own traces (from a monitor). Returns true when a
    /// new finding was recorded.
    pub fn record_reported(&mut self, reported: &mut Vec<ReportedFinding>) -> bool {
        let mut new_finding = false;
        for r in reported.drain(..) {
            if self.seen.insert((r.finding.kind, r.finding.key.clone())) {
                new_finding = true;
                if self.found.len() < MAX_LISTED_FINDINGS {
                    self.found.push(r);
                } else {
                    self.unlisted += 1;
                }
            }
        }
        new_finding
    }
}
