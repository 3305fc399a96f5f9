//! The report's safety-property section, for results of `batch --properties`: per invariant, the
//! pairs where some run found it violated (by mode, and per group); the pairs with at least one
//! violation; and every ordered pair both modes finished whose violated invariants differ between
//! DPOR and exhaustive search (a bug in an explorer, shown loudly).

use crate::aggregate::Analysis;
use crate::record::Record;
use crate::text::{Section, Table};
use crate::work::Mode;
use std::collections::{BTreeMap, BTreeSet};

/// A pair of a group, whatever the order: (group, app_a, app_b).
type PairId = (String, String, String);

fn pair_of(r: &Record) -> PairId {
    (r.group.clone(), r.app_a.clone(), r.app_b.clone())
}

/// The section, or `None` when no run checked a property file.
pub fn section(a: &Analysis) -> Option<Section> {
    let runs: Vec<&Record> = a.records().filter(|r| r.properties).collect();
    if runs.is_empty() {
        return None;
    }
    // invariant -> mode -> pairs
    let mut by_property: BTreeMap<&str, BTreeMap<Mode, BTreeSet<PairId>>> = BTreeMap::new();
    let mut pairs_checked: BTreeSet<PairId> = BTreeSet::new();
    let mut pairs_violating: BTreeSet<PairId> = BTreeSet::new();
    for r in &runs {
        pairs_checked.insert(pair_of(r));
        for p in &r.violation_list {
            by_property.entry(p).or_default().entry(r.mode).or_default().insert(pair_of(r));
            pairs_violating.insert(pair_of(r));
        }
    }
    let mut lines = vec![
        format!(
            "{} runs of {} pairs checked the property file; {} pairs violate at least one invariant in some run.",
            runs.len(),
            pairs_checked.len(),
            pairs_violating.len()
        ),
        "pairs: distinct pairs (either order) where a run of that mode found the invariant false.".to_string(),
    ];
    let mut t = Table::new(&["invariant", "pairs", "dpor", "none", "groups"], &[false, true, true, true, false]);
    for (property, modes) in &by_property {
        let all: BTreeSet<&PairId> = modes.values().flatten().collect();
        let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
        for (g, _, _) in &all {
            *groups.entry(g.as_str()).or_default() += 1;
        }
        let in_mode = |m: Mode| modes.get(&m).map_or(0, BTreeSet::len);
        t.push(vec![
            property.to_string(),
            all.len().to_string(),
            in_mode(Mode::Dpor).to_string(),
            in_mode(Mode::None).to_string(),
            groups.iter().map(|(g, n)| format!("{g} {n}")).collect::<Vec<_>>().join(", "),
        ]);
    }
    // DPOR against exhaustive search, per ordered pair both finished.
    let mut finished: BTreeMap<(PairId, String), BTreeMap<Mode, &Record>> = BTreeMap::new();
    for r in runs.iter().filter(|r| r.complete) {
        finished.entry((pair_of(r), r.order.as_str().to_string())).or_default().insert(r.mode, r);
    }
    let mut d = Table::new(&["group", "pair", "order", "dpor", "none"], &[false; 5]);
    let mut compared = 0;
    for (((group, a1, a2), order), modes) in &finished {
        let (Some(dpor), Some(none)) = (modes.get(&Mode::Dpor), modes.get(&Mode::None)) else { continue };
        compared += 1;
        if dpor.violation_list != none.violation_list {
            d.push(vec![
                group.clone(),
                format!("{a1} + {a2}"),
                order.clone(),
                dpor.violation_list.join("; "),
                none.violation_list.join("; "),
            ]);
        }
    }
    let alarm = !d.rows.is_empty();
    lines.push(if alarm {
        format!("{} of {compared} ordered pairs finished both ways violate different invariants by mode (bugs):", d.rows.len())
    } else {
        format!("DPOR and exhaustive search find the same violated invariants on all {compared} ordered pairs both finished.")
    });
    let mut tables = vec![t];
    if alarm {
        tables.push(d);
    }
    Some(Section { title: "Safety properties".into(), lines, tables, alarm })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Record, Verdict};
    use crate::work::{Order, RunKey};

    fn run(a: &str, order: Order, mode: Mode, violated: &[&str]) -> Record {
        let mut r = Record::new(RunKey::new("locks", a, "b", order, mode), Verdict::NoConflict);
        r.complete = true;
        r.properties = true;
        r.violation_list = violated.iter().map(|s| s.to_string()).collect();
        r
    }

    #[test]
    fn counts_pairs_per_invariant_and_flags_mode_disagreements() {
        let records = vec![
            run("a", Order::Ab, Mode::Dpor, &["p"]),
            run("a", Order::Ab, Mode::None, &["p"]),
            run("a", Order::Ba, Mode::Dpor, &["p", "q"]),
            run("a", Order::Ba, Mode::None, &["p"]),
            run("c", Order::Ab, Mode::None, &[]),
        ];
        let analysis = crate::aggregate::analyse(records);
        let s = section(&analysis).expect("a section");
        assert!(s.alarm, "the ba order disagrees on q");
        assert_eq!(s.tables[0].rows[0][..4], ["p", "1", "1", "1"]);
        assert_eq!(s.tables[0].rows[1][..4], ["q", "1", "1", "0"]);
        assert_eq!(s.tables[1].rows.len(), 1);
        assert!(s.lines[0].starts_with("5 runs of 2 pairs"), "{}", s.lines[0]);
        assert!(s.lines[0].contains("1 pairs violate"), "{}", s.lines[0]);
    }
}
