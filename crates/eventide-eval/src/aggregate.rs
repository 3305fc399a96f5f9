//! From run records to the paper's figures.
//!
//! A **pair** is (group, app_a, app_b): the same two apps in two groups are two pairs, since each
//! group tracks its own attributes. Per pair and mode the two app orders combine:
//! - finished: both orders completed (when the records hold one app order only, e.g. a batch run
//!   with `--orders ab`, pairs are judged on that order alone);
//! - verdict: `conflict` if either order found one, else `no_conflict` if both completed, else
//!   `error` if either failed, else `incomplete` (`missing` when an order has no record);
//! - figures: states, transitions, executed transitions and time add up over the two orders (the
//!   work of deciding the pair); events and peak memory are the larger of the two.
//!
//! Ratios are exhaustive over DPOR (how many times fewer with DPOR), geometric means over pairs
//! finished both ways; every figure counts as at least 1 so a 0 ms run stays defined.
//!
//! Disagreements are checked per order: when both modes completed an order, their verdicts and
//! conflict sets must be equal; when only one did, it must have found every conflict the other
//! found. Any difference is a bug in one of the explorers.

use crate::record::{ConflictKey, Record, Verdict};
use crate::work::{Mode, Order};
use std::collections::{BTreeMap, BTreeSet};

/// A pair of a group.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PairId {
    pub group: String,
    pub app_a: String,
    pub app_b: String,
}

impl PairId {
    /// `a – b` without `.groovy`.
    pub fn name(&self) -> String {
        format!("{} \u{2013} {}", crate::corpus::strip_groovy(&self.app_a), crate::corpus::strip_groovy(&self.app_b))
    }
}

/// The verdict of a pair in one mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PairVerdict {
    Conflict,
    NoConflict,
    Incomplete,
    Error,
    Missing,
}

impl PairVerdict {
    pub const ALL: [PairVerdict; 5] = [
        PairVerdict::Conflict,
        PairVerdict::NoConflict,
        PairVerdict::Incomplete,
        PairVerdict::Error,
        PairVerdict::Missing,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PairVerdict::Conflict => "conflict",
            PairVerdict::NoConflict => "no_conflict",
            PairVerdict::Incomplete => "incomplete",
            PairVerdict::Error => "error",
            PairVerdict::Missing => "missing",
        }
    }

    /// The position in [`PairVerdict::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A pair's runs in one mode, indexed by [`Order::index`].
#[derive(Clone, Debug, PartialEq)]
pub struct ModeResult {
    pub runs: [Option<Record>; 2],
    /// The app orders a pair needs to be finished, by [`Order::index`]: both, unless the records
    /// analysed hold one order only.
    pub orders: [bool; 2],
}

impl Default for ModeResult {
    fn default() -> Self {
        ModeResult { runs: [None, None], orders: [true, true] }
    }
}

impl ModeResult {
    fn present(&self) -> impl Iterator<Item = &Record> {
        self.runs.iter().flatten()
    }

    /// The runs of the orders a pair needs (`None` where such an order has no record).
    fn needed(&self) -> impl Iterator<Item = Option<&Record>> {
        self.runs.iter().zip(self.orders).filter(|(_, needed)| *needed).map(|(r, _)| r.as_ref())
    }

    /// Whether some order of this mode ran with app-state collections bounded
    /// (`--bound-collections`): its verdict holds for the bounded apps only.
    pub fn bounded(&self) -> bool {
        self.present().any(|r| r.bounded)
    }

    /// Whether any order of this mode was run.
    pub fn was_run(&self) -> bool {
        self.runs.iter().any(Option::is_some)
    }

    /// Both orders completed (the needed ones, see [`ModeResult::orders`]).
    pub fn finished(&self) -> bool {
        self.needed().all(|r| r.is_some_and(|r| r.complete))
    }

    pub fn verdict(&self) -> PairVerdict {
        if self.present().any(|r| r.verdict == Verdict::Conflict || r.conflicts > 0) {
            PairVerdict::Conflict
        } else if self.finished() {
            PairVerdict::NoConflict
        } else if self.present().any(|r| r.verdict == Verdict::Error) {
            PairVerdict::Error
        } else if self.needed().all(|r| r.is_some()) {
            PairVerdict::Incomplete
        } else {
            PairVerdict::Missing
        }
    }

    /// Why the unfinished orders stopped (`time`, `memory`, ...), without repeats.
    pub fn reasons(&self) -> Vec<String> {
        let mut reasons: Vec<String> = self
            .present()
            .filter(|r| !r.complete)
            .map(|r| r.reason.clone().unwrap_or_else(|| r.verdict.as_str().to_string()))
            .collect();
        if self.needed().any(|r| r.is_none()) {
            reasons.push("missing".to_string());
        }
        reasons.sort();
        reasons.dedup();
        reasons
    }

    pub fn events(&self) -> u64 {
        self.present().map(|r| r.events).max().unwrap_or(0)
    }
    pub fn states(&self) -> u64 {
        self.present().map(|r| r.states).sum()
    }
    pub fn transitions(&self) -> u64 {
        self.present().map(|r| r.transitions).sum()
    }
    pub fn executed(&self) -> u64 {
        self.present().map(|r| r.executed).sum()
    }
    pub fn elapsed_ms(&self) -> u64 {
        self.present().map(|r| r.elapsed_ms).sum()
    }
    /// Exploration time in microseconds, when every run recorded it (files written before it
    /// was recorded have only milliseconds): what time ratios use, since many runs take a few
    /// milliseconds.
    pub fn elapsed_us(&self) -> Option<u64> {
        self.present().map(|r| (r.elapsed_us > 0).then_some(r.elapsed_us)).sum()
    }
    /// The longest exploration time of one run, in milliseconds.
    pub fn slowest_ms(&self) -> u64 {
        self.present().map(|r| r.elapsed_ms).max().unwrap_or(0)
    }
    pub fn peak_memory_bytes(&self) -> u64 {
        self.present().map(|r| r.peak_memory_bytes).max().unwrap_or(0)
    }

    /// The time of the pair with every unfinished order counted at its time limit (the paper's
    /// "Unf = 7,200 s").
    pub fn time_at_limit_ms(&self) -> u64 {
        self.time_at_limit(|r| Some(r.elapsed_ms), 1).unwrap_or(0)
    }

    /// [`ModeResult::time_at_limit_ms`] in microseconds, when every finished run recorded them
    /// (as [`ModeResult::elapsed_us`]): what the time ratio at the limit uses.
    pub fn time_at_limit_us(&self) -> Option<u64> {
        self.time_at_limit(|r| (r.elapsed_us > 0).then_some(r.elapsed_us), 1000)
    }

    /// The time at the limit in the unit of `elapsed` (a finished run's time, if recorded), of
    /// which a millisecond is `per_ms`.
    fn time_at_limit(&self, elapsed: impl Fn(&Record) -> Option<u64>, per_ms: u64) -> Option<u64> {
        let limit = self.present().map(|r| r.time_limit_ms).max().unwrap_or(0) * per_ms;
        self.needed()
            .map(|r| match r {
                Some(r) if r.complete => elapsed(r),
                Some(r) if r.time_limit_ms > 0 => Some((r.time_limit_ms * per_ms).max(elapsed(r).unwrap_or(0))),
                Some(r) => Some((r.elapsed_ms.max(r.wall_ms) * per_ms).max(elapsed(r).unwrap_or(0))),
                None => Some(limit),
            })
            .sum()
    }

    /// Every conflict either order found.
    pub fn conflicts(&self) -> BTreeSet<ConflictKey> {
        self.present().flat_map(|r| r.conflict_list.iter().cloned()).collect()
    }
}

/// How a pair finished: in both modes, in one, in neither; or it was not run in both modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    Both,
    OnlyDpor,
    OnlyNone,
    Neither,
    OneModeOnly,
}

impl Finish {
    /// The position in the order above.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One pair, both modes, indexed by [`Mode::index`].
#[derive(Clone, Debug, PartialEq)]
pub struct PairSummary {
    pub id: PairId,
    pub modes: [ModeResult; 2],
}

impl PairSummary {
    pub fn mode(&self, mode: Mode) -> &ModeResult {
        &self.modes[mode.index()]
    }

    pub fn finished_both(&self) -> bool {
        self.modes.iter().all(ModeResult::finished)
    }

    /// In which modes the pair finished (both orders completed).
    pub fn finish(&self) -> Finish {
        let [dpor, none] = &self.modes;
        if !(dpor.was_run() && none.was_run()) {
            return Finish::OneModeOnly;
        }
        match (dpor.finished(), none.finished()) {
            (true, true) => Finish::Both,
            (true, false) => Finish::OnlyDpor,
            (false, true) => Finish::OnlyNone,
            (false, false) => Finish::Neither,
        }
    }

    /// Events of the pair: the most either mode saw.
    pub fn events(&self) -> u64 {
        self.modes.iter().map(ModeResult::events).max().unwrap_or(0)
    }
}

/// How many pairs finished in which modes (over pairs run in both modes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FinishCounts {
    pub both: usize,
    pub only_dpor: usize,
    pub only_none: usize,
    pub neither: usize,
    /// Pairs with records for only one mode (not counted above).
    pub one_mode_only: usize,
}

impl FinishCounts {
    fn add(&mut self, finish: Finish) {
        match finish {
            Finish::Both => self.both += 1,
            Finish::OnlyDpor => self.only_dpor += 1,
            Finish::OnlyNone => self.only_none += 1,
            Finish::Neither => self.neither += 1,
            Finish::OneModeOnly => self.one_mode_only += 1,
        }
    }

    /// Pairs run in both modes.
    pub fn compared(&self) -> usize {
        self.both + self.only_dpor + self.only_none + self.neither
    }
}

/// Geometric means of exhaustive/DPOR ratios.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ratios {
    /// Pairs the means are over.
    pub pairs: usize,
    pub states: Option<f64>,
    pub transitions: Option<f64>,
    pub executed: Option<f64>,
    pub time: Option<f64>,
}

impl Ratios {
    /// Geometric means of our exhaustive/DPOR figures over `pairs`, which should have finished
    /// both ways (an unfinished mode's figures cover only what it explored).
    pub fn over(pairs: &[&PairSummary]) -> Ratios {
        let mean = |f: fn(&ModeResult) -> u64| {
            geometric_mean(pairs.iter().map(|p| ratio(f(p.mode(Mode::None)), f(p.mode(Mode::Dpor)))))
        };
        Ratios {
            pairs: pairs.len(),
            states: mean(ModeResult::states),
            transitions: mean(ModeResult::transitions),
            executed: mean(ModeResult::executed),
            time: geometric_mean(pairs.iter().map(|p| time_ratio(p.mode(Mode::None), p.mode(Mode::Dpor)))),
        }
    }
}

/// Verdict counts of one group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupCounts {
    pub group: String,
    pub pairs: usize,
    /// Pairs finished, per mode.
    pub finished: [usize; 2],
    /// Per mode, pairs per [`PairVerdict::ALL`] entry.
    pub verdicts: [[usize; 5]; 2],
}

impl GroupCounts {
    pub fn count(&self, mode: Mode, verdict: PairVerdict) -> usize {
        self.verdicts[mode.index()][verdict.index()]
    }

    /// Counts `pair` in.
    fn add_pair(&mut self, pair: &PairSummary) {
        self.pairs += 1;
        for mode in Mode::BOTH {
            let m = pair.mode(mode);
            if m.finished() {
                self.finished[mode.index()] += 1;
            }
            self.verdicts[mode.index()][m.verdict().index()] += 1;
        }
    }

    /// Adds the counts of `other` (for totals).
    pub fn add(&mut self, other: &GroupCounts) {
        self.pairs += other.pairs;
        for m in 0..2 {
            self.finished[m] += other.finished[m];
            for v in 0..PairVerdict::ALL.len() {
                self.verdicts[m][v] += other.verdicts[m][v];
            }
        }
    }

    /// Finished pairs over pairs run in `mode`, as a fraction.
    pub fn finish_rate(&self, mode: Mode) -> Option<f64> {
        let run = self.pairs - self.count(mode, PairVerdict::Missing);
        (run > 0).then(|| self.finished[mode.index()] as f64 / run as f64)
    }
}

/// What kind of difference between the modes was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisagreementKind {
    /// Both completed, with different verdicts.
    Verdict,
    /// Both completed with the same verdict but different conflicts.
    ConflictSet,
    /// Only `complete` completed, and it misses conflicts the other mode found.
    Missed { complete: Mode },
}

/// A difference between DPOR and exhaustive search on one order of a pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub id: PairId,
    pub order: Order,
    pub kind: DisagreementKind,
    /// Per mode (by [`Mode::index`]).
    pub verdicts: [Verdict; 2],
    pub only_dpor: Vec<ConflictKey>,
    pub only_none: Vec<ConflictKey>,
}

impl Disagreement {
    pub fn describe(&self) -> String {
        match self.kind {
            DisagreementKind::Verdict => {
                format!("verdicts differ: dpor {}, none {}", self.verdicts[0].as_str(), self.verdicts[1].as_str())
            }
            DisagreementKind::ConflictSet => "same verdict, different conflicts".to_string(),
            DisagreementKind::Missed { complete } => {
                format!("{complete} completed but misses conflicts the other mode found")
            }
        }
    }
}

/// Everything the report shows, computed from the records.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Records read.
    pub runs: usize,
    /// Records whose run key appeared before (the last one is kept).
    pub duplicates: usize,
    /// Pairs, sorted by group and names.
    pub pairs: Vec<PairSummary>,
    /// The app orders a pair needs to be finished (see [`ModeResult::orders`]).
    pub orders: [bool; 2],
    pub finish: FinishCounts,
    /// Over pairs finished both ways.
    pub ratios: Ratios,
    /// Geometric mean of exhaustive/DPOR time over pairs finished at least one way, unfinished
    /// orders counted at their time limit, and the number of such pairs.
    pub time_ratio_at_limit: (usize, Option<f64>),
    pub groups: Vec<GroupCounts>,
    pub disagreements: Vec<Disagreement>,
    /// Runs per verdict (by [`Verdict`] order: conflict, no_conflict, incomplete, error).
    pub run_verdicts: [usize; 4],
}

impl Analysis {
    /// Every record kept (the last of duplicates), pair by pair, DPOR first, order `ab` first.
    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.pairs.iter().flat_map(|p| p.modes.iter().flat_map(|m| m.runs.iter().flatten()))
    }

    /// The pairs finished both ways.
    pub fn finished_both(&self) -> Vec<&PairSummary> {
        self.pairs.iter().filter(|p| p.finished_both()).collect()
    }
}

/// The geometric mean of positive values (non-positive values count as 1); `None` when empty.
pub fn geometric_mean(values: impl IntoIterator<Item = f64>) -> Option<f64> {
    let mut n = 0usize;
    let mut log_sum = 0.0;
    for v in values {
        log_sum += v.max(1e-300).ln();
        n += 1;
    }
    (n > 0).then(|| (log_sum / n as f64).exp())
}

/// Exhaustive over DPOR, each counted as at least 1.
pub fn ratio(none: u64, dpor: u64) -> f64 {
    none.max(1) as f64 / dpor.max(1) as f64
}

/// Exhaustive over DPOR exploration time: in microseconds when both modes recorded them, else in
/// milliseconds (a run under a millisecond then counts as one).
fn time_ratio(none: &ModeResult, dpor: &ModeResult) -> f64 {
    match (none.elapsed_us(), dpor.elapsed_us()) {
        (Some(n), Some(d)) => ratio(n, d),
        _ => ratio(none.elapsed_ms(), dpor.elapsed_ms()),
    }
}

/// Groups records into pairs and computes every table of the report.
pub fn analyse(records: Vec<Record>) -> Analysis {
    let mut analysis = Analysis { runs: records.len(), ..Analysis::default() };
    let mut pairs: BTreeMap<PairId, [ModeResult; 2]> = BTreeMap::new();
    // The app orders the records hold: a pair needs both only when both were run.
    let mut orders = [false; 2];
    for record in &records {
        orders[record.order.index()] = true;
    }
    if orders == [false; 2] {
        orders = [true; 2];
    }
    for record in records {
        analysis.run_verdicts[record.verdict as usize] += 1;
        let id = PairId { group: record.group.clone(), app_a: record.app_a.clone(), app_b: record.app_b.clone() };
        let modes = pairs.entry(id).or_insert_with(|| {
            let mode = ModeResult { orders, ..ModeResult::default() };
            [mode.clone(), mode]
        });
        let slot = &mut modes[record.mode.index()].runs[record.order.index()];
        if slot.is_some() {
            analysis.duplicates += 1;
        }
        *slot = Some(record);
    }
    analysis.pairs = pairs.into_iter().map(|(id, modes)| PairSummary { id, modes }).collect();
    analysis.orders = orders;

    for pair in &analysis.pairs {
        analysis.finish.add(pair.finish());
    }

    analysis.ratios = Ratios::over(&analysis.finished_both());
    let any: Vec<f64> = analysis
        .pairs
        .iter()
        .filter(|p| matches!(p.finish(), Finish::Both | Finish::OnlyDpor | Finish::OnlyNone))
        .map(|p| match (p.modes[1].time_at_limit_us(), p.modes[0].time_at_limit_us()) {
            (Some(none), Some(dpor)) => ratio(none, dpor),
            _ => ratio(p.modes[1].time_at_limit_ms(), p.modes[0].time_at_limit_ms()),
        })
        .collect();
    analysis.time_ratio_at_limit = (any.len(), geometric_mean(any));

    let mut groups: BTreeMap<String, GroupCounts> = BTreeMap::new();
    for pair in &analysis.pairs {
        groups
            .entry(pair.id.group.clone())
            .or_insert_with(|| GroupCounts { group: pair.id.group.clone(), ..GroupCounts::default() })
            .add_pair(pair);
    }
    analysis.groups = groups.into_values().collect();

    for pair in &analysis.pairs {
        for order in Order::BOTH {
            let (Some(d), Some(n)) = (
                &pair.modes[Mode::Dpor.index()].runs[order.index()],
                &pair.modes[Mode::None.index()].runs[order.index()],
            ) else {
                continue;
            };
            if let Some(disagreement) = compare(&pair.id, order, d, n) {
                analysis.disagreements.push(disagreement);
            }
        }
    }
    analysis
}

/// Compares the DPOR and exhaustive runs of one order of a pair.
fn compare(id: &PairId, order: Order, dpor: &Record, none: &Record) -> Option<Disagreement> {
    let d: BTreeSet<&ConflictKey> = dpor.conflict_list.iter().collect();
    let n: BTreeSet<&ConflictKey> = none.conflict_list.iter().collect();
    let only_dpor: Vec<ConflictKey> = d.difference(&n).map(|c| (*c).clone()).collect();
    let only_none: Vec<ConflictKey> = n.difference(&d).map(|c| (*c).clone()).collect();
    let kind = match (dpor.complete, none.complete) {
        (true, true) if dpor.verdict != none.verdict => DisagreementKind::Verdict,
        (true, true) if !only_dpor.is_empty() || !only_none.is_empty() => DisagreementKind::ConflictSet,
        (true, false) if !only_none.is_empty() => DisagreementKind::Missed { complete: Mode::Dpor },
        (false, true) if !only_dpor.is_empty() => DisagreementKind::Missed { complete: Mode::None },
        _ => return None,
    };
    Some(Disagreement { id: id.clone(), order, kind, verdicts: [dpor.verdict, none.verdict], only_dpor, only_none })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{tests::record, Side};

    fn conflict(device: &str) -> ConflictKey {
        ConflictKey {
            device: device.into(),
            attribute: "switch".into(),
            first: Side { app: "a".into(), value: "on".into() },
            second: Side { app: "b".into(), value: "off".into() },
        }
    }

    /// Four records of one pair: both orders in both modes, with the given verdicts and states.
    fn pair(name: &str, dpor: (Verdict, u64), none: (Verdict, u64)) -> Vec<Record> {
        let mut out = Vec::new();
        for (mode, (verdict, states)) in [(Mode::Dpor, dpor), (Mode::None, none)] {
            for order in Order::BOTH {
                let mut r = record("switches", name, "b", order, mode, verdict);
                r.states = states;
                r.transitions = states * 3;
                r.executed = states * 3;
                r.elapsed_ms = states;
                r.elapsed_us = states * 1000;
                if verdict == Verdict::Conflict {
                    r.conflicts = 1;
                    r.conflict_list = vec![conflict("switch1")];
                }
                out.push(r);
            }
        }
        out
    }

    #[test]
    fn geometric_means() {
        assert_eq!(geometric_mean([]), None);
        assert!((geometric_mean([2.0, 8.0]).unwrap() - 4.0).abs() < 1e-12);
        assert!((geometric_mean([1.0, 10.0, 100.0]).unwrap() - 10.0).abs() < 1e-9);
        assert!((ratio(0, 0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn time_ratios_use_microseconds_and_fall_back_to_milliseconds() {
        // Runs under a millisecond: the ratio comes from the microseconds.
        let mut records = pair("fast", (Verdict::NoConflict, 10), (Verdict::NoConflict, 10));
        for r in &mut records {
            r.elapsed_ms = 0;
            r.elapsed_us = if r.mode == Mode::Dpor { 300 } else { 900 };
        }
        assert!((analyse(records).ratios.time.unwrap() - 3.0).abs() < 1e-9);
        // A file written before microseconds were recorded.
        let mut records = pair("old", (Verdict::NoConflict, 10), (Verdict::NoConflict, 10));
        for r in &mut records {
            r.elapsed_us = 0;
            r.elapsed_ms = if r.mode == Mode::Dpor { 2 } else { 5 };
        }
        assert!((analyse(records).ratios.time.unwrap() - 2.5).abs() < 1e-9);
    }

    #[test]
    fn finish_counts_and_ratios() {
        let mut records = Vec::new();
        records.extend(pair("both1", (Verdict::NoConflict, 10), (Verdict::NoConflict, 20)));
        records.extend(pair("both2", (Verdict::Conflict, 10), (Verdict::Conflict, 80)));
        records.extend(pair("dpor", (Verdict::NoConflict, 10), (Verdict::Incomplete, 1000)));
        records.extend(pair("none", (Verdict::Incomplete, 10), (Verdict::NoConflict, 1000)));
        records.extend(pair("neither", (Verdict::Incomplete, 10), (Verdict::Incomplete, 1000)));
        // One order of the exhaustive run did not finish: the pair did not finish that way.
        let mut half = pair("half", (Verdict::NoConflict, 10), (Verdict::NoConflict, 10));
        half[3].complete = false;
        half[3].verdict = Verdict::Incomplete;
        records.extend(half);
        // Only DPOR was run.
        records.extend(pair("lonely", (Verdict::NoConflict, 10), (Verdict::NoConflict, 10)).into_iter().take(2));
        let a = analyse(records);
        assert_eq!(a.pairs.len(), 7);
        assert_eq!(a.finish, FinishCounts { both: 2, only_dpor: 2, only_none: 1, neither: 1, one_mode_only: 1 });
        assert_eq!(a.ratios.pairs, 2);
        // States: 40/20 and 160/20 -> ratios 2 and 8 -> geometric mean 4.
        assert!((a.ratios.states.unwrap() - 4.0).abs() < 1e-9);
        assert!((a.ratios.transitions.unwrap() - 4.0).abs() < 1e-9);
        assert!((a.ratios.time.unwrap() - 4.0).abs() < 1e-9);
        // At the limit: both1 2, both2 8, dpor 10000*2/20 = 1000, none 2000/20000 = 0.1, half:
        // (10 + 10000) / 20.
        assert_eq!(a.time_ratio_at_limit.0, 5);
        let expected = geometric_mean([2.0, 8.0, 1000.0, 0.1, 10010.0 / 20.0]).unwrap();
        assert!((a.time_ratio_at_limit.1.unwrap() - expected).abs() < 1e-9);
        assert!(a.disagreements.is_empty());
        assert_eq!(a.groups.len(), 1);
        let g = &a.groups[0];
        assert_eq!(g.pairs, 7);
        assert_eq!(g.finished, [5, 3]);
        assert_eq!(g.count(Mode::Dpor, PairVerdict::Conflict), 1);
        assert_eq!(g.count(Mode::None, PairVerdict::Incomplete), 3);
        assert_eq!(g.count(Mode::None, PairVerdict::Missing), 1);
        assert_eq!(g.finish_rate(Mode::None), Some(0.5));
    }

    #[test]
    fn records_of_one_app_order_judge_pairs_on_that_order() {
        // A batch run with `--orders ab`: only the `ab` records of the pairs above.
        let mut records = Vec::new();
        records.extend(pair("both", (Verdict::NoConflict, 10), (Verdict::NoConflict, 20)));
        records.extend(pair("dpor", (Verdict::Conflict, 10), (Verdict::Incomplete, 1000)));
        records.retain(|r| r.order == Order::Ab);
        let a = analyse(records.clone());
        assert_eq!(a.finish, FinishCounts { both: 1, only_dpor: 1, only_none: 0, neither: 0, one_mode_only: 0 });
        let both = &a.pairs[0];
        assert_eq!(both.modes[0].verdict(), PairVerdict::NoConflict);
        assert!(both.modes[1].reasons().is_empty());
        // States 20/10 over the one order.
        assert!((a.ratios.states.unwrap() - 2.0).abs() < 1e-9);
        assert_eq!(a.pairs[1].modes[1].time_at_limit_ms(), 10_000);
        // Once a `ba` record appears, every pair needs both orders again.
        let mut ba = records[0].clone();
        ba.order = Order::Ba;
        records.push(ba);
        let a = analyse(records);
        assert_eq!(a.finish, FinishCounts { both: 0, only_dpor: 1, only_none: 0, neither: 1, one_mode_only: 0 });
        assert_eq!(a.pairs[1].modes[0].verdict(), PairVerdict::Conflict);
        assert_eq!(a.pairs[0].modes[1].verdict(), PairVerdict::Missing);
    }

    #[test]
    fn pair_verdicts_combine_orders() {
        let mut m = ModeResult::default();
        assert_eq!(m.verdict(), PairVerdict::Missing);
        m.runs[0] = Some(record("g", "a", "b", Order::Ab, Mode::Dpor, Verdict::NoConflict));
        assert_eq!(m.verdict(), PairVerdict::Missing);
        let mut ba = record("g", "a", "b", Order::Ba, Mode::Dpor, Verdict::Incomplete);
        m.runs[1] = Some(ba.clone());
        assert_eq!((m.verdict(), m.finished()), (PairVerdict::Incomplete, false));
        assert_eq!(m.reasons(), ["time"]);
        ba.verdict = Verdict::Conflict;
        ba.conflicts = 1;
        m.runs[1] = Some(ba);
        assert_eq!((m.verdict(), m.finished()), (PairVerdict::Conflict, false));
        assert_eq!(m.time_at_limit_ms(), 100 + 10_000);
        // In microseconds, which a run under a millisecond needs (its milliseconds are 0); none
        // when a finished run did not record them.
        assert_eq!(m.time_at_limit_us(), Some(100_000 + 10_000_000));
        m.runs[0].as_mut().unwrap().elapsed_us = 250;
        assert_eq!(m.time_at_limit_us(), Some(250 + 10_000_000));
        m.runs[0].as_mut().unwrap().elapsed_us = 0;
        assert_eq!(m.time_at_limit_us(), None);
    }

    #[test]
    fn disagreements_are_found() {
        // Verdicts differ on a pair finished both ways.
        let mut records = pair("p1", (Verdict::NoConflict, 5), (Verdict::Conflict, 9));
        // Same verdict, different conflict sets, in order ba only.
        let mut p2 = pair("p2", (Verdict::Conflict, 5), (Verdict::Conflict, 9));
        p2[3].conflict_list.push(conflict("switch2"));
        p2[3].conflicts = 2;
        records.extend(p2);
        // DPOR completed and misses a conflict the unfinished exhaustive run found.
        let mut p3 = pair("p3", (Verdict::NoConflict, 5), (Verdict::Incomplete, 9));
        p3[2].verdict = Verdict::Conflict;
        p3[2].conflict_list = vec![conflict("switch1")];
        records.extend(p3);
        // An unfinished DPOR run that found less than a complete exhaustive one is fine.
        let mut p4 = pair("p4", (Verdict::Incomplete, 5), (Verdict::Conflict, 9));
        p4[0].conflict_list = vec![conflict("switch1")];
        records.extend(p4);
        // Records in another order of lines change nothing.
        records.reverse();
        let a = analyse(records);
        let found: Vec<(&str, Order, DisagreementKind)> =
            a.disagreements.iter().map(|d| (d.id.app_a.as_str(), d.order, d.kind)).collect();
        assert_eq!(
            found,
            [
                ("p1", Order::Ab, DisagreementKind::Verdict),
                ("p1", Order::Ba, DisagreementKind::Verdict),
                ("p2", Order::Ba, DisagreementKind::ConflictSet),
                ("p3", Order::Ab, DisagreementKind::Missed { complete: Mode::Dpor }),
            ]
        );
        assert_eq!(a.disagreements[2].only_none, [conflict("switch2")]);
        assert!(a.disagreements[2].only_dpor.is_empty());
        assert_eq!(a.disagreements[0].only_none.len(), 1);
    }

    #[test]
    fn duplicates_keep_the_last_record() {
        let mut records = pair("p", (Verdict::NoConflict, 5), (Verdict::NoConflict, 9));
        let mut again = records[0].clone();
        again.states = 77;
        records.push(again);
        let a = analyse(records);
        assert_eq!(a.duplicates, 1);
        assert_eq!(a.pairs[0].mode(Mode::Dpor).states(), 77 + 5);
    }
}
