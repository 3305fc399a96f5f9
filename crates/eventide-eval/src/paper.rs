//! Our figures beside the paper's, for the pairs its tables list. Paper rows are matched to our
//! pairs by app names (without `.groovy`) in either order; one paper pair can match a pair in
//! several of our groups, and then each match is a line. Our figures are per pair (both orders
//! added, see [`crate::aggregate`]); the paper checked one order, so counts differ in scale and
//! the ratios and finish rates are what compare.

use crate::aggregate::{geometric_mean, Analysis, PairSummary, Ratios};
use crate::corpus::{strip_groovy, PairRow, PaperRow};
use crate::work::Mode;
use std::collections::{BTreeSet, HashMap, HashSet};

/// One paper row and one of our pairs it matches (`None` when nothing matches).
#[derive(Clone, Copy, Debug)]
pub struct PaperLine<'a> {
    pub row: &'a PaperRow,
    pub ours: Option<&'a PairSummary>,
}

/// How our finish status relates to the paper's, over matched (paper pair, our pair) lines.
/// Rows: paper table A1 (finished only with DPOR), A2 (finished both ways). Columns: ours, by
/// [`Finish::index`](crate::aggregate::Finish::index): finished both ways, only with DPOR, only
/// without, neither, not run in both modes.
pub type FinishCross = [[usize; 5]; 2];

/// The comparison with the paper, borrowing the paper's rows and our analysis.
#[derive(Clone, Debug, Default)]
pub struct PaperComparison<'a> {
    pub lines: Vec<PaperLine<'a>>,
    /// Paper rows and distinct paper pairs.
    pub rows: usize,
    pub distinct_pairs: usize,
    /// Distinct paper pairs with at least one match in our results.
    pub matched_pairs: usize,
    pub cross: FinishCross,
    /// The paper's own ratios (exhaustive/DPOR) over its distinct pairs of table A2.
    pub paper_all: Ratios,
    /// Over matches the paper lists in A2 and we finished both ways: the paper's ratios and ours.
    pub paper_common: Ratios,
    pub ours_common: Ratios,
    /// Our DPOR runs on the paper's A1 pairs against its DPOR figures.
    pub a1: A1Summary,
}

/// Our DPOR runs on the pairs of the paper's table A1 (which finished only with DPOR there),
/// per run (one app order; a pair's figures divided by its runs), against the paper's DPOR
/// figures, over the first match of each distinct pair.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct A1Summary {
    /// Distinct A1 pairs matched, and those our DPOR finished in both orders.
    pub pairs: usize,
    pub finished: usize,
    /// The slowest finished DPOR run, in milliseconds.
    pub slowest_ms: u64,
    /// The paper's DPOR time over ours per run: geometric mean, median, least (finished pairs).
    pub speedup: Option<(f64, f64, f64)>,
    /// Our stored states per run over the paper's: geometric mean, and on how many pairs ours
    /// are at most the paper's.
    pub states_ratio: Option<f64>,
    pub states_at_most_paper: usize,
}

impl A1Summary {
    fn add(&mut self, row: &PaperRow, pair: &PairSummary, speedups: &mut Vec<f64>, states: &mut Vec<f64>) {
        self.pairs += 1;
        let dpor = pair.mode(Mode::Dpor);
        if !dpor.finished() {
            return;
        }
        self.finished += 1;
        self.slowest_ms = self.slowest_ms.max(dpor.slowest_ms());
        let runs = dpor.runs.iter().flatten().count().max(1) as f64;
        if let Some(paper_s) = row.time_dpor_s.value() {
            let ours_s = (dpor.elapsed_ms() as f64 / 1000.0 / runs).max(1e-3);
            speedups.push(paper_s / ours_s);
        }
        if let Some(paper_states) = row.states_dpor.value() {
            let ours = dpor.states() as f64 / runs;
            states.push(ours / paper_states.max(1.0));
            self.states_at_most_paper += usize::from(ours <= paper_states);
        }
    }

    fn finish(&mut self, mut speedups: Vec<f64>, states: Vec<f64>) {
        speedups.sort_by(f64::total_cmp);
        if let (Some(mean), Some(&least)) = (geometric_mean(speedups.iter().copied()), speedups.first()) {
            self.speedup = Some((mean, speedups[speedups.len() / 2], least));
        }
        self.states_ratio = geometric_mean(states);
    }
}

/// The pairs of `pairs` that the paper lists, each once: a pair the pair list places in several
/// groups keeps the first device-interaction row (the paper's pairs are device interactions and it
/// dropped duplicates across groups). Order follows the pair list.
pub fn paper_pairs(pairs: &[PairRow], paper: &[PaperRow]) -> Vec<PairRow> {
    let listed: HashSet<(&str, &str)> = paper.iter().map(|r| unordered(&r.app_a, &r.app_b)).collect();
    let mut taken = HashSet::new();
    pairs
        .iter()
        .filter(|p| p.category == "device-interaction")
        .filter(|p| {
            let key = unordered(&p.app_a, &p.app_b);
            listed.contains(&key) && taken.insert(key)
        })
        .cloned()
        .collect()
}

/// Two app names without `.groovy`, in sorted order: a pair's identity across the paper and us.
fn unordered<'a>(a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    let (a, b) = (strip_groovy(a), strip_groovy(b));
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

fn paper_ratios<'a>(rows: impl Iterator<Item = &'a PaperRow> + Clone) -> Ratios {
    let mean = |f: &dyn Fn(&PaperRow) -> Option<f64>, g: &dyn Fn(&PaperRow) -> Option<f64>| {
        geometric_mean(rows.clone().filter_map(|r| Some(f(r)?.max(1e-3) / g(r)?.max(1e-3))))
    };
    Ratios {
        pairs: rows.clone().count(),
        states: mean(&|r| r.states_nodpor.value(), &|r| r.states_dpor.value()),
        transitions: mean(&|r| r.trans_nodpor.value(), &|r| r.trans_dpor.value()),
        executed: None,
        time: mean(&|r| r.time_nodpor_s.value(), &|r| r.time_dpor_s.value()),
    }
}

/// Matches the paper's rows with our pairs.
pub fn compare<'a>(rows: &'a [PaperRow], analysis: &'a Analysis) -> PaperComparison<'a> {
    let mut index: HashMap<(&str, &str), Vec<&PairSummary>> = HashMap::new();
    for pair in &analysis.pairs {
        index.entry(unordered(&pair.id.app_a, &pair.id.app_b)).or_default().push(pair);
    }
    let mut out = PaperComparison { rows: rows.len(), ..PaperComparison::default() };
    let mut seen = BTreeSet::new();
    let mut first_rows: Vec<&PaperRow> = Vec::new();
    // The matches the paper lists in A2 and we finished both ways.
    let (mut common_rows, mut common_pairs): (Vec<&PaperRow>, Vec<&PairSummary>) = (Vec::new(), Vec::new());
    let (mut a1_taken, mut speedups, mut states) = (HashSet::new(), Vec::new(), Vec::new());
    for row in rows {
        let key = unordered(&row.app_a, &row.app_b);
        let matches = index.get(&key).map(Vec::as_slice).unwrap_or(&[]);
        let first = seen.insert(key);
        if first {
            first_rows.push(row);
            if !matches.is_empty() {
                out.matched_pairs += 1;
            }
        }
        if matches.is_empty() {
            out.lines.push(PaperLine { row, ours: None });
        }
        for &pair in matches {
            out.lines.push(PaperLine { row, ours: Some(pair) });
            if !first {
                continue;
            }
            if row.table == "A1" && a1_taken.insert(key) {
                out.a1.add(row, pair, &mut speedups, &mut states);
            }
            let paper_table = if row.table == "A1" { 0 } else { 1 };
            out.cross[paper_table][pair.finish().index()] += 1;
            if row.table == "A2" && pair.finished_both() {
                common_rows.push(row);
                common_pairs.push(pair);
            }
        }
    }
    out.distinct_pairs = first_rows.len();
    out.paper_all = paper_ratios(first_rows.iter().copied().filter(|r| r.table == "A2"));
    out.paper_common = paper_ratios(common_rows.into_iter());
    out.ours_common = Ratios::over(&common_pairs);
    out.a1.finish(speedups, states);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggregate::analyse;
    use crate::corpus::PaperFigure::{Unfinished, Value};
    use crate::record::{tests::record, Verdict};
    use crate::work::{Mode, Order};

    fn row(table: &str, a: &str, b: &str, states: (f64, f64)) -> PaperRow {
        let none = if table == "A1" { Unfinished } else { Value(states.0) };
        PaperRow {
            table: table.into(),
            no: "1".into(),
            app_a: a.into(),
            app_b: b.into(),
            events: Value(4.0),
            states_nodpor: none,
            trans_nodpor: none,
            time_nodpor_s: none,
            states_dpor: Value(states.1),
            trans_dpor: Value(states.1),
            time_dpor_s: Value(states.1),
        }
    }

    #[test]
    fn paper_pairs_are_device_interaction_rows_taken_once() {
        let pair = |category: &str, group: &str, a: &str, b: &str| PairRow {
            category: category.into(),
            group: group.into(),
            app_a: a.into(),
            app_b: b.into(),
            line: 0,
        };
        let pairs = [
            pair("global-state-variable-interaction", "globalStateVariables", "x.groovy", "y.groovy"),
            pair("device-interaction", "switches", "y.groovy", "x.groovy"),
            pair("device-interaction", "lightSwitches", "x.groovy", "y.groovy"),
            pair("device-interaction", "switches", "x.groovy", "z.groovy"),
            pair("device-interaction", "locks", "p.smartapp.groovy", "q.groovy"),
        ];
        let paper = [row("A2", "x", "y", (2.0, 1.0)), row("A1", "q", "p.smartapp", (2.0, 1.0))];
        let chosen = paper_pairs(&pairs, &paper);
        assert_eq!(chosen, [pairs[1].clone(), pairs[4].clone()]);
    }

    #[test]
    fn rows_match_in_either_order_and_ratios_compare() {
        let mut records = Vec::new();
        for (a, b) in [("x.groovy", "y.groovy"), ("p.smartapp.groovy", "q.groovy")] {
            for mode in Mode::BOTH {
                for order in Order::BOTH {
                    let mut r = record("g", a, b, order, mode, Verdict::NoConflict);
                    r.states = if mode == Mode::None { 30 } else { 10 };
                    records.push(r);
                }
            }
        }
        let analysis = analyse(records);
        let rows = [
            row("A2", "y", "x", (200.0, 100.0)),
            row("A2", "y", "x", (999.0, 1.0)),
            row("A1", "p.smartapp", "q", (0.0, 5.0)),
            row("A2", "m", "n", (8.0, 1.0)),
        ];
        let c = compare(&rows, &analysis);
        assert_eq!((c.rows, c.distinct_pairs, c.matched_pairs), (4, 3, 2));
        assert_eq!(c.lines.len(), 4);
        assert!(c.lines[3].ours.is_none());
        assert_eq!(c.lines[0].ours.as_ref().unwrap().id.app_a, "x.groovy");
        assert_eq!(c.cross, [[1, 0, 0, 0, 0], [1, 0, 0, 0, 0]]);
        // The paper's A2 pairs: x–y (2) and m–n (8), first rows only.
        assert_eq!(c.paper_all.pairs, 2);
        assert!((c.paper_all.states.unwrap() - 4.0).abs() < 1e-9);
        assert_eq!((c.paper_common.pairs, c.ours_common.pairs), (1, 1));
        assert!((c.paper_common.states.unwrap() - 2.0).abs() < 1e-9);
        assert!((c.ours_common.states.unwrap() - 3.0).abs() < 1e-9);
        // A1: p–q, DPOR 10 states per run against the paper's 5, 100 ms per run against 5 s.
        assert_eq!((c.a1.pairs, c.a1.finished, c.a1.slowest_ms, c.a1.states_at_most_paper), (1, 1, 100, 0));
        assert!((c.a1.states_ratio.unwrap() - 2.0).abs() < 1e-9);
        let (mean, median, least) = c.a1.speedup.unwrap();
        assert!((mean - 50.0).abs() < 1e-9 && (median - 50.0).abs() < 1e-9 && (least - 50.0).abs() < 1e-9);
    }
}
