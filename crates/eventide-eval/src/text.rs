//! The report's content as sections of tables, and its plain-text rendering with aligned
//! columns. The HTML page ([`crate::html`]) renders the same sections.

use crate::aggregate::{ratio, Analysis, GroupCounts, ModeResult, PairVerdict, Ratios};
use crate::corpus::{strip_groovy, PaperFigure};
use crate::paper::PaperComparison;
use crate::record::{ConflictKey, Record, Verdict};
use crate::work::Mode;
use std::fmt::Write as _;

/// A table: headers, rows of cells, and which columns are numeric (right-aligned).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    pub numeric: Vec<bool>,
}

impl Table {
    /// A table whose columns are numeric where `numeric` says.
    pub fn new(headers: &[&str], numeric: &[bool]) -> Table {
        Table {
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            numeric: (0..headers.len()).map(|i| numeric.get(i).copied().unwrap_or(false)).collect(),
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// Whether column `i` is numeric.
    pub fn is_numeric(&self, i: usize) -> bool {
        self.numeric.get(i).copied().unwrap_or(false)
    }

    /// The table as text: columns separated by two spaces, numbers right-aligned, a dashed rule
    /// under the header.
    pub fn render(&self) -> String {
        let columns = self.headers.len().max(self.rows.iter().map(Vec::len).max().unwrap_or(0));
        let mut widths = vec![0usize; columns];
        for row in std::iter::once(&self.headers).chain(&self.rows) {
            for (i, cell) in row.iter().enumerate() {
                widths[i] = widths[i].max(cell.chars().count());
            }
        }
        let mut out = String::new();
        let line = |out: &mut String, row: &[String]| {
            let mut text = String::new();
            for (i, width) in widths.iter().enumerate() {
                let cell = row.get(i).map(String::as_str).unwrap_or("");
                let pad = width - cell.chars().count();
                if i > 0 {
                    text.push_str("  ");
                }
                if self.is_numeric(i) {
                    text.push_str(&" ".repeat(pad));
                    text.push_str(cell);
                } else {
                    text.push_str(cell);
                    text.push_str(&" ".repeat(pad));
                }
            }
            out.push_str(text.trim_end());
            out.push('\n');
        };
        line(&mut out, &self.headers);
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&mut out, &rule);
        for row in &self.rows {
            line(&mut out, row);
        }
        out
    }
}

/// A titled part of the report: lines of text, then tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
    pub tables: Vec<Table>,
    /// Shown loudly (the disagreements when there are any).
    pub alarm: bool,
}

/// A count as text.
pub fn count(n: u64) -> String {
    n.to_string()
}

/// Milliseconds as seconds with two decimals.
pub fn seconds(ms: u64) -> String {
    format!("{:.2}", ms as f64 / 1000.0)
}

/// A ratio as `2.13x`, or `-`.
pub fn times(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_string(), |r| format!("{r:.2}x"))
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// A pair's verdict in one mode, with the reasons it did not finish, marked `[bounded]` when
/// the runs cut app-state collections (`--bound-collections`).
pub fn verdict_cell(m: &ModeResult) -> String {
    if !m.was_run() {
        return "-".to_string();
    }
    let cell = unbounded_verdict_cell(m);
    if m.bounded() {
        format!("{cell} [bounded]")
    } else {
        cell
    }
}

fn unbounded_verdict_cell(m: &ModeResult) -> String {
    let v = m.verdict();
    if m.finished() {
        return v.as_str().to_string();
    }
    let reasons = m.reasons().join(",");
    match v {
        PairVerdict::Conflict => format!("conflict (unf: {reasons})"),
        PairVerdict::Incomplete => format!("unf ({reasons})"),
        other => format!("{} ({reasons})", other.as_str()),
    }
}

/// A figure of a finished mode, `Unf` otherwise (as in the paper's tables).
fn figure(m: &ModeResult, value: u64) -> String {
    if !m.was_run() {
        "-".to_string()
    } else if m.finished() {
        count(value)
    } else {
        "Unf".to_string()
    }
}

/// The exploration time of a finished mode in seconds, `Unf` otherwise.
fn time_figure(m: &ModeResult) -> String {
    if m.finished() {
        seconds(m.elapsed_ms())
    } else {
        figure(m, 0)
    }
}

fn paper_figure(f: PaperFigure, decimals: bool) -> String {
    match f {
        PaperFigure::Unfinished => "Unf".to_string(),
        PaperFigure::Value(v) if decimals && v.fract() != 0.0 => format!("{v:.2}"),
        PaperFigure::Value(v) => format!("{v:.0}"),
    }
}

fn ratio_lines(r: &Ratios) -> Vec<String> {
    vec![
        format!("states       {}", times(r.states)),
        format!("transitions  {}", times(r.transitions)),
        format!("executed     {}", times(r.executed)),
        format!("time         {}", times(r.time)),
    ]
}

/// Builds the report's sections.
pub fn sections(a: &Analysis, paper: Option<&PaperComparison<'_>>) -> Vec<Section> {
    let mut out = Vec::new();

    let [c, n, i, e] = a.run_verdicts;
    let mut summary = vec![
        format!("{} runs: {c} conflict, {n} no_conflict, {i} incomplete, {e} error", a.runs),
        format!("{} pairs (group, app pair)", a.pairs.len()),
    ];
    if a.duplicates > 0 {
        summary.push(format!("{} duplicate run lines (the same run key twice): the last one counts", a.duplicates));
    }
    let one_order = one_order(a);
    summary.push(match one_order {
        Some(order) => format!(
            "The records hold app order {order} only: a pair's figures are those of that order; a pair finished \
             in a mode when that order completed."
        ),
        None => "A pair's figures add up both app orders; a pair finished in a mode when both orders completed; \
                 its verdict is conflict if either order found one."
            .to_string(),
    });
    out.push(Section { title: "Runs".into(), lines: summary, ..Section::default() });

    let mut pairs = Table::new(
        &[
            "group",
            "pair",
            "events",
            "dpor verdict",
            "dpor states",
            "dpor trans",
            "dpor s",
            "none verdict",
            "none states",
            "none trans",
            "none s",
            "state ratio",
        ],
        &[false, false, true, false, true, true, true, false, true, true, true, true],
    );
    for p in &a.pairs {
        let (d, x) = (p.mode(Mode::Dpor), p.mode(Mode::None));
        let state_ratio = p.finished_both().then(|| ratio(x.states(), d.states()));
        pairs.push(vec![
            p.id.group.clone(),
            p.id.name(),
            count(p.events()),
            verdict_cell(d),
            figure(d, d.states()),
            figure(d, d.transitions()),
            time_figure(d),
            verdict_cell(x),
            figure(x, x.states()),
            figure(x, x.transitions()),
            time_figure(x),
            times(state_ratio),
        ]);
    }
    out.push(Section {
        title: "Pairs: with DPOR (dpor) and without (none)".into(),
        lines: vec!["Unf: did not finish (reasons in the verdict column); ratio = states without / with DPOR.".into()],
        tables: vec![pairs],
        alarm: false,
    });

    let f = &a.finish;
    let mut finish = Table::new(&["finished", "pairs", "share"], &[false, true, true]);
    let total = f.compared();
    for (label, k) in [
        ("both ways", f.both),
        ("only with DPOR", f.only_dpor),
        ("only without DPOR", f.only_none),
        ("neither", f.neither),
    ] {
        finish.push(vec![label.into(), k.to_string(), percent(k, total)]);
    }
    finish.push(vec!["total".into(), total.to_string(), percent(total, total)]);
    let mut lines = Vec::new();
    if f.one_mode_only > 0 {
        lines.push(format!("{} pairs have runs in one mode only and are not counted here", f.one_mode_only));
    }
    out.push(Section { title: "Finish counts".into(), lines, tables: vec![finish], alarm: false });

    let mut lines =
        vec![format!("Exhaustive / DPOR, geometric means over the {} pairs finished both ways:", a.ratios.pairs)];
    lines.extend(ratio_lines(&a.ratios).into_iter().map(|l| format!("  {l}")));
    lines.push(format!(
        "Time with unfinished runs counted at their time limit, over the {} pairs finished at least one way: {}",
        a.time_ratio_at_limit.0,
        times(a.time_ratio_at_limit.1)
    ));
    out.push(Section { title: "Reduction (geometric means)".into(), lines, ..Section::default() });

    out.push(run_times_section(a));
    out.extend(growth_section(a));
    out.extend(crate::properties::section(a));

    let mut groups = Table::new(
        &[
            "group",
            "pairs",
            "dpor fin",
            "dpor confl",
            "dpor no_c",
            "dpor unf",
            "dpor err",
            "none fin",
            "none confl",
            "none no_c",
            "none unf",
            "none err",
        ],
        &[false, true, true, true, true, true, true, true, true, true, true, true],
    );
    let mut totals = GroupCounts { group: "total".into(), ..Default::default() };
    for g in &a.groups {
        totals.add(g);
    }
    for g in a.groups.iter().chain(std::iter::once(&totals)) {
        let mut row = vec![g.group.clone(), g.pairs.to_string()];
        for mode in Mode::BOTH {
            row.push(g.finished[mode.index()].to_string());
            for v in [PairVerdict::Conflict, PairVerdict::NoConflict, PairVerdict::Incomplete, PairVerdict::Error] {
                row.push(g.count(mode, v).to_string());
            }
        }
        groups.push(row);
    }
    out.push(Section {
        title: "Verdicts per group (pairs)".into(),
        lines: vec!["fin: finished; confl: conflict; no_c: no conflict; unf: incomplete; err: error.".into()],
        tables: vec![groups],
        alarm: false,
    });

    let mut lines = Vec::new();
    let mut tables = Vec::new();
    if a.disagreements.is_empty() {
        lines.push(
            "None: on every order completed by both modes the verdicts and conflict sets agree, and no complete \
             run misses a conflict the other mode found."
                .into(),
        );
    } else {
        lines.push(format!(
            "{} disagreement(s) between DPOR and exhaustive search: each is a bug in an explorer.",
            a.disagreements.len()
        ));
        let mut t = Table::new(&["group", "pair", "order", "what", "only with dpor", "only with none"], &[false; 6]);
        let list = |v: &[ConflictKey]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
            }
        };
        for d in &a.disagreements {
            t.push(vec![
                d.id.group.clone(),
                d.id.name(),
                d.order.as_str().into(),
                d.describe(),
                list(&d.only_dpor),
                list(&d.only_none),
            ]);
        }
        tables.push(t);
    }
    out.push(Section { title: "DISAGREEMENTS (bugs)".into(), lines, tables, alarm: !a.disagreements.is_empty() });

    if let Some(p) = paper {
        out.push(paper_section(p, one_order));
    }
    out
}

/// ", and N locations took several values in the median run, whose values combine in up to M
/// ways" for the runs whose records carry those figures (records of binaries before them do not).
fn combined(runs: &[(u64, u64, u64)]) -> String {
    let mut measured: Vec<(u64, u64)> = runs.iter().filter(|r| r.1 > 0).map(|r| (r.1, r.2)).collect();
    if measured.is_empty() {
        return String::new();
    }
    measured.sort_unstable();
    let (locations, _) = measured[measured.len() / 2];
    let mut ways: Vec<u64> = measured.iter().map(|m| m.1).collect();
    ways.sort_unstable();
    let median = ways[ways.len() / 2];
    format!(
        "; in the median run {locations} locations took several values, whose values combine in up to {} ways",
        count(median)
    )
}

/// The unfinished runs by what their diagnosis named (see `eventide pair`'s `growth` and
/// `variety`): the app-state location that kept growing, or else the one that held the most
/// distinct values; `None` when every run finished.
fn growth_section(a: &Analysis) -> Option<Section> {
    use std::collections::BTreeMap;
    let unfinished: Vec<&Record> = a.records().filter(|r| r.verdict == Verdict::Incomplete).collect();
    if unfinished.is_empty() {
        return None;
    }
    // (app, location) -> (runs, largest size or count, how)
    let mut growing: BTreeMap<(String, String), (usize, u64, String)> = BTreeMap::new();
    let mut varied: BTreeMap<(String, String), (usize, u64, String)> = BTreeMap::new();
    let (mut grew, mut device) = (0, Vec::new());
    for r in &unfinished {
        let many_values = r.variety.first().filter(|v| v.distinct_values >= MANY_VALUES);
        let named = match (r.growth.first(), many_values) {
            (Some(_), _) => {
                grew += 1;
                r.growth.iter().map(|g| (g.app.clone(), g.location.clone(), g.max_size, g.how.clone())).collect()
            }
            (None, Some(v)) => {
                let size = if v.max_size > 0 { format!("largest size {}", v.max_size) } else { "a scalar".to_string() };
                vec![(v.app.clone(), v.location.clone(), v.distinct_values, size)]
            }
            (None, None) => {
                device.push((r.events, r.varied_locations, r.value_combinations));
                Vec::new()
            }
        };
        let table = if r.growth.is_empty() { &mut varied } else { &mut growing };
        for (app, location, figure, how) in named {
            let entry = table.entry((app.unwrap_or_default(), location)).or_insert((0, 0, how));
            entry.0 += 1;
            entry.1 = entry.1.max(figure);
        }
    }
    let mut lines = vec![
        format!("{} unfinished runs:", unfinished.len()),
        format!("- {grew}: an app-state location kept growing (an infinite state space; first table)"),
        format!(
            "- {}: an app-state location took {MANY_VALUES} or more distinct values (a large finite state space; \
             second table)",
            unfinished.len() - grew - device.len()
        ),
        format!(
            "- {}: no app-state location grew or took {MANY_VALUES} values, so the states combine many locations of \
             a few values each, device attributes above all (a large finite state space of the home; these runs \
             see {} events on average{}): a longer time limit, or fewer devices, is what finishes them",
            device.len(),
            device.iter().map(|d| d.0).sum::<u64>().checked_div(device.len() as u64).unwrap_or(0),
            combined(&device)
        ),
    ];
    let bounded = a.records().filter(|r| r.bounded).count();
    if bounded > 0 {
        lines.push(format!(
            "{bounded} runs cut app-state collections to a bound (--bound-collections): marked [bounded]"
        ));
    }
    let table = |map: BTreeMap<(String, String), (usize, u64, String)>, figure: &str, how: &str| {
        let mut t = Table::new(&["app", "location", "runs", figure, how], &[false, false, true, true, false]);
        let mut rows: Vec<_> = map.into_iter().collect();
        rows.sort_by_key(|(_, (runs, _, _))| std::cmp::Reverse(*runs));
        for ((app, location), (runs, max, how)) in rows {
            t.push(vec![app, location, runs.to_string(), count(max), how]);
        }
        t
    };
    let tables =
        vec![table(growing, "largest size", "how it grows"), table(varied, "most distinct values", "its size")];
    Some(Section { title: "Why runs did not finish".into(), lines, tables, alarm: false })
}

/// Distinct values from which an app-state location counts as what multiplies a run's states.
const MANY_VALUES: u64 = 16;

/// How many of the slowest completed runs the report lists.
const SLOWEST_RUNS: usize = 10;

/// Total run time per mode, and the slowest runs that completed.
fn run_times_section(a: &Analysis) -> Section {
    let records: Vec<&Record> = a.records().collect();
    let mut lines = Vec::new();
    for mode in Mode::BOTH {
        let of_mode = records.iter().filter(|r| r.mode == mode);
        let (runs, wall, complete) = of_mode.fold((0usize, 0u64, 0usize), |(n, w, c), r| {
            (n + 1, w + r.wall_ms.max(r.elapsed_ms), c + usize::from(r.complete))
        });
        lines.push(format!("{mode}: {runs} runs ({complete} completed), {} s in all", seconds(wall)));
    }
    let mut slowest: Vec<&Record> = records.iter().copied().filter(|r| r.complete).collect();
    slowest.sort_by_key(|r| std::cmp::Reverse(r.elapsed_ms));
    let mut t = Table::new(
        &["group", "app1 + app2", "mode", "verdict", "events", "states", "transitions", "s", "peak memory"],
        &[false, false, false, false, true, true, true, true, true],
    );
    for r in slowest.into_iter().take(SLOWEST_RUNS) {
        let (app1, app2) = r.order.apps(&r.app_a, &r.app_b);
        t.push(vec![
            r.group.clone(),
            format!("{} + {}", strip_groovy(app1), strip_groovy(app2)),
            r.mode.to_string(),
            r.verdict.as_str().to_string(),
            count(r.events),
            count(r.states),
            count(r.transitions),
            seconds(r.elapsed_ms),
            format!("{:.1} MiB", r.peak_memory_bytes as f64 / (1024.0 * 1024.0)),
        ]);
    }
    lines.push(format!("The {SLOWEST_RUNS} slowest completed runs (one app order, one mode):"));
    Section { title: "Run times".into(), lines, tables: vec![t], alarm: false }
}

/// The one app order the analysed records hold, if they hold one only.
fn one_order(a: &Analysis) -> Option<&'static str> {
    match a.orders {
        [true, false] => Some("ab"),
        [false, true] => Some("ba"),
        _ => None,
    }
}

fn paper_section(p: &PaperComparison<'_>, one_order: Option<&str>) -> Section {
    let ours = match one_order {
        Some(order) => format!("Ours are app order {order} only, as the paper ran one order"),
        None => "Ours add both app orders; the paper ran one, so compare ratios and finish status rather than \
                 raw counts"
            .to_string(),
    };
    let mut lines = vec![format!(
        "{} paper rows, {} distinct pairs; {} of them are in our results. {ours}.",
        p.rows, p.distinct_pairs, p.matched_pairs
    )];
    let mut cross = Table::new(
        &["paper", "ours: both", "only dpor", "only none", "neither", "one mode run"],
        &[false, true, true, true, true, true],
    );
    for (label, row) in [("A1", p.cross[0]), ("A2", p.cross[1])] {
        let mut cells = vec![label.to_string()];
        cells.extend(row.iter().map(|n| n.to_string()));
        cross.push(cells);
    }
    lines.push(format!(
        "Paper, exhaustive / DPOR over its {} distinct A2 pairs: states {}, transitions {}, time {}",
        p.paper_all.pairs,
        times(p.paper_all.states),
        times(p.paper_all.transitions),
        times(p.paper_all.time)
    ));
    lines.push(format!(
        "Over the {} pairs in A2 that we finished both ways: paper states {}, transitions {}, time {}; \
         ours states {}, transitions {}, time {}",
        p.ours_common.pairs,
        times(p.paper_common.states),
        times(p.paper_common.transitions),
        times(p.paper_common.time),
        times(p.ours_common.states),
        times(p.ours_common.transitions),
        times(p.ours_common.time)
    ));
    let a1 = &p.a1;
    lines.push(format!(
        "A1 (finished only with DPOR in the paper): {} of {} pairs finish with DPOR here, the slowest run in {} s",
        a1.finished,
        a1.pairs,
        seconds(a1.slowest_ms)
    ));
    if let (Some((mean, median, least)), Some(states)) = (a1.speedup, a1.states_ratio) {
        lines.push(format!(
            "  per run: DPOR time {mean:.0}x below the paper's (geometric mean; median {median:.0}x, least \
             {least:.0}x); stored states {states:.2}x the paper's (geometric mean), at most the paper's on {} of {}",
            a1.states_at_most_paper, a1.finished
        ));
    }
    let mut t = Table::new(
        &[
            "row",
            "pair (paper order)",
            "our group",
            "events p",
            "events o",
            "states none p",
            "states none o",
            "states dpor p",
            "states dpor o",
            "trans none p",
            "trans none o",
            "trans dpor p",
            "trans dpor o",
            "s none p",
            "s none o",
            "s dpor p",
            "s dpor o",
        ],
        &[false, false, false, true, true, true, true, true, true, true, true, true, true, true, true, true, true],
    );
    for line in &p.lines {
        let r = line.row;
        let mut row = vec![format!("{}-{}", r.table, r.no), format!("{} \u{2013} {}", r.app_a, r.app_b)];
        let ours = line.ours;
        row.push(ours.map_or_else(|| "(not run)".to_string(), |o| o.id.group.clone()));
        let (d, x) = (ours.map(|o| o.mode(Mode::Dpor)), ours.map(|o| o.mode(Mode::None)));
        row.push(paper_figure(r.events, false));
        row.push(ours.map_or_else(|| "-".into(), |o| count(o.events())));
        let fig = |m: Option<&ModeResult>, f: fn(&ModeResult) -> u64| m.map_or_else(|| "-".into(), |m| figure(m, f(m)));
        let secs = |m: Option<&ModeResult>| m.map_or_else(|| "-".into(), time_figure);
        row.push(paper_figure(r.states_nodpor, false));
        row.push(fig(x, ModeResult::states));
        row.push(paper_figure(r.states_dpor, false));
        row.push(fig(d, ModeResult::states));
        row.push(paper_figure(r.trans_nodpor, false));
        row.push(fig(x, ModeResult::transitions));
        row.push(paper_figure(r.trans_dpor, false));
        row.push(fig(d, ModeResult::transitions));
        row.push(paper_figure(r.time_nodpor_s, true));
        row.push(secs(x));
        row.push(paper_figure(r.time_dpor_s, true));
        row.push(secs(d));
        t.push(row);
    }
    lines.push(
        "First table: finish status, the paper's table (A1: finished only with DPOR, A2: both ways) against ours \
         (one count per paper pair and matching group). Second: per paper row, p = the paper, o = ours \
         (seconds are exploration time)."
            .into(),
    );
    Section { title: "Comparison with the paper".into(), lines, tables: vec![cross, t], alarm: false }
}

/// The whole report as text.
pub fn render_text(sections: &[Section]) -> String {
    let mut out = String::new();
    for (i, s) in sections.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if s.alarm {
            let bar = "!".repeat(s.title.chars().count() + 8);
            let _ = writeln!(out, "{bar}\n!!! {} !!!\n{bar}", s.title);
        } else {
            let _ = writeln!(out, "{}\n{}", s.title, "=".repeat(s.title.chars().count()));
        }
        for l in &s.lines {
            let _ = writeln!(out, "{l}");
        }
        for (k, t) in s.tables.iter().enumerate() {
            if k > 0 || !s.lines.is_empty() {
                out.push('\n');
            }
            out.push_str(&t.render());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggregate::analyse;
    use crate::record::{tests::record, Verdict};
    use crate::work::Order;

    #[test]
    fn tables_align_numbers_right() {
        let mut t = Table::new(&["name", "n"], &[false, true]);
        t.push(vec!["long name".into(), "5".into()]);
        t.push(vec!["x".into(), "12345".into()]);
        assert_eq!(t.render(), "name           n\n---------  -----\nlong name      5\nx          12345\n");
    }

    #[test]
    fn runs_large_in_device_state_say_how_many_combinations_their_values_span() {
        let unfinished = |app_b: &str, varied: u64, ways: u64| {
            let mut r = record("locks", "a.groovy", app_b, Order::Ab, Mode::Dpor, Verdict::Incomplete);
            r.complete = false;
            (r.events, r.varied_locations, r.value_combinations) = (20, varied, ways);
            r
        };
        let records = vec![
            unfinished("b.groovy", 19, 1_769_472),
            unfinished("c.groovy", 12, 4_096),
            unfinished("d.groovy", 25, 1 << 30),
        ];
        let text = render_text(&sections(&analyse(records), None));
        assert!(text.contains("- 3: no app-state location grew"), "{text}");
        assert!(
            text.contains("20 events on average; in the median run 19 locations took several values, whose values combine in up to 1769472 ways"),
            "{text}"
        );
        // Records written before these figures existed say nothing about them.
        let text = render_text(&sections(&analyse(vec![unfinished("b.groovy", 0, 0)]), None));
        assert!(text.contains("20 events on average): a longer"), "{text}");
    }

    #[test]
    fn records_of_one_app_order_say_so() {
        let records: Vec<_> = Mode::BOTH
            .into_iter()
            .map(|mode| record("locks", "a.groovy", "b.groovy", Order::Ab, mode, Verdict::NoConflict))
            .collect();
        let text = render_text(&sections(&analyse(records.clone()), None));
        assert!(text.contains("The records hold app order ab only"), "{text}");
        assert!(!text.contains("add up both app orders"), "{text}");
        let mut both = records;
        both.push(record("locks", "a.groovy", "b.groovy", Order::Ba, Mode::Dpor, Verdict::NoConflict));
        let text = render_text(&sections(&analyse(both), None));
        assert!(text.contains("add up both app orders"), "{text}");
    }

    #[test]
    fn report_has_every_section_and_flags_disagreements() {
        let mut records = Vec::new();
        for mode in Mode::BOTH {
            for order in Order::BOTH {
                let verdict = if mode == Mode::None { Verdict::Conflict } else { Verdict::NoConflict };
                let mut r = record("locks", "a.groovy", "b.groovy", order, mode, verdict);
                if verdict == Verdict::Conflict {
                    r.conflicts = 1;
                }
                records.push(r);
            }
        }
        let a = analyse(records);
        let s = sections(&a, None);
        let text = render_text(&s);
        for title in
            ["Runs", "Pairs", "Finish counts", "Reduction", "Verdicts per group", "!!! DISAGREEMENTS (bugs) !!!"]
        {
            assert!(text.contains(title), "{title} missing in\n{text}");
        }
        assert!(text.contains("a \u{2013} b"), "{text}");
        assert!(text.contains("verdicts differ: dpor no_conflict, none conflict"), "{text}");
    }

    #[test]
    fn run_times_list_the_slowest_completed_runs_first() {
        let mut records = Vec::new();
        for (i, (a, b)) in [("a.groovy", "b.groovy"), ("c.groovy", "d.groovy")].into_iter().enumerate() {
            for mode in Mode::BOTH {
                for order in Order::BOTH {
                    let mut r = record("locks", a, b, order, mode, Verdict::NoConflict);
                    r.elapsed_ms = 1000 * (i as u64 + 1) + if order == Order::Ba { 500 } else { 0 };
                    r.wall_ms = r.elapsed_ms + 10;
                    records.push(r);
                }
            }
        }
        records[0].complete = false;
        records[0].verdict = Verdict::Incomplete;
        records[0].elapsed_ms = 99_000;
        let text = render_text(&[run_times_section(&analyse(records))]);
        assert!(text.contains("dpor: 4 runs (3 completed)"), "{text}");
        let d_c = text.find("d + c").expect(&text);
        let c_d = text.find("c + d").expect(&text);
        let b_a = text.find("b + a").expect(&text);
        assert!(d_c < c_d && c_d < b_a, "slowest first:\n{text}");
        assert!(!text.contains("99.00"), "an incomplete run is not among the slowest completed:\n{text}");
    }
}
