//! The work list of a batch: for every pair of the selected groups (in the pair list's order),
//! both app orders, and for each order every mode. The list is deterministic, so a run is
//! identified by its [`RunKey`] and `--shard I/N` can take every N-th run starting at the I-th
//! without coordination between machines.

use crate::corpus::{GroupRow, PairRow};
use crate::Error;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// Which app is App1 (its handlers run first): `ab` = the pair list's `app_a`, `ba` = `app_b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Ab,
    Ba,
}

impl Order {
    pub const BOTH: [Order; 2] = [Order::Ab, Order::Ba];

    pub fn as_str(self) -> &'static str {
        match self {
            Order::Ab => "ab",
            Order::Ba => "ba",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// (App1, App2) in this order, from the pair list's (`app_a`, `app_b`).
    pub fn apps<'a>(self, app_a: &'a str, app_b: &'a str) -> (&'a str, &'a str) {
        match self {
            Order::Ab => (app_a, app_b),
            Order::Ba => (app_b, app_a),
        }
    }
}

/// The exploration mode: stateful DPOR or exhaustive stateful search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Dpor,
    None,
}

impl Mode {
    pub const BOTH: [Mode; 2] = [Mode::Dpor, Mode::None];

    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Dpor => "dpor",
            Mode::None => "none",
        }
    }

    pub fn parse(text: &str) -> Result<Mode, Error> {
        match text.trim() {
            "dpor" => Ok(Mode::Dpor),
            "none" => Ok(Mode::None),
            other => Err(Error::msg(format!("unknown mode `{other}` (expected `dpor` or `none`)"))),
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The identity of a run: `--resume` skips runs whose key is already in the results file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RunKey {
    pub group: String,
    pub app_a: String,
    pub app_b: String,
    pub order: Order,
    pub mode: Mode,
}

impl RunKey {
    pub fn new(group: &str, app_a: &str, app_b: &str, order: Order, mode: Mode) -> RunKey {
        RunKey { group: group.to_string(), app_a: app_a.to_string(), app_b: app_b.to_string(), order, mode }
    }
}

/// One check to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunSpec {
    pub group: String,
    /// The pair list's app names (file names in the apps folder).
    pub app_a: String,
    pub app_b: String,
    pub order: Order,
    pub mode: Mode,
    /// The group's tracked attributes.
    pub tracked: Vec<String>,
    /// `device` or `global`.
    pub profile: &'static str,
}

impl RunSpec {
    pub fn key(&self) -> RunKey {
        RunKey::new(&self.group, &self.app_a, &self.app_b, self.order, self.mode)
    }

    /// (App1, App2) for this run's order.
    pub fn apps(&self) -> (&str, &str) {
        self.order.apps(&self.app_a, &self.app_b)
    }
}

/// The files the pair and group lists were read from, to locate errors about their rows.
#[derive(Clone, Copy, Debug)]
pub struct ListFiles<'a> {
    pub pairs: &'a Path,
    pub groups: &'a Path,
}

/// Builds the work list: the pairs of `selected` groups (all groups when empty), in the pair
/// list's order, each in both orders, each order in every mode of `modes`. A selected group the
/// group list does not define is an error naming the group list; a selected pair whose group it
/// does not define is an error at the pair's row of the pair list.
pub fn work_list(
    pairs: &[PairRow],
    groups: &[GroupRow],
    selected: &[String],
    modes: &[Mode],
    files: ListFiles<'_>,
) -> Result<Vec<RunSpec>, Error> {
    let known = || groups.iter().map(|g| g.group.as_str()).collect::<Vec<_>>().join(", ");
    for name in selected {
        if !groups.iter().any(|g| &g.group == name) {
            return Err(Error::file(
                files.groups,
                format!("unknown group `{name}` (--group): the group list defines {}", known()),
            ));
        }
    }
    if modes.is_empty() {
        return Err(Error::msg("no mode selected"));
    }
    let mut modes_seen = Vec::new();
    for &m in modes {
        if !modes_seen.contains(&m) {
            modes_seen.push(m);
        }
    }
    let mut list = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pair in pairs {
        if !selected.is_empty() && !selected.contains(&pair.group) {
            continue;
        }
        let Some(group) = groups.iter().find(|g| g.group == pair.group) else {
            return Err(Error::at(
                files.pairs,
                pair.line,
                format!(
                    "pair {} / {} is in group `{}`, which the group list {} does not define (it defines {})",
                    pair.app_a,
                    pair.app_b,
                    pair.group,
                    files.groups.display(),
                    known()
                ),
            ));
        };
        if !seen.insert((&pair.group, &pair.app_a, &pair.app_b)) {
            continue;
        }
        for order in Order::BOTH {
            for &mode in &modes_seen {
                list.push(RunSpec {
                    group: group.group.clone(),
                    app_a: pair.app_a.clone(),
                    app_b: pair.app_b.clone(),
                    order,
                    mode,
                    tracked: group.tracked.clone(),
                    profile: group.profile(),
                });
            }
        }
    }
    Ok(list)
}

/// `--shard I/N`: the I-th (1-based) of N disjoint slices of the work list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parses `I/N` with 1 <= I <= N.
    pub fn parse(text: &str) -> Result<Shard, Error> {
        let bad = || Error::msg(format!("invalid shard `{text}`: expected I/N with 1 <= I <= N, e.g. 3/8"));
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the run at `position` of the full work list belongs to this shard. Runs are dealt
    /// round-robin, so every shard gets a similar mix of groups.
    pub fn contains(self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// This shard's runs, in work-list order.
    pub fn select<T>(self, list: &[T]) -> Vec<&T> {
        list.iter().enumerate().filter(|(i, _)| self.contains(*i)).map(|(_, r)| r).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(group: &str, a: &str, b: &str) -> PairRow {
        PairRow {
            category: "device-interaction".into(),
            group: group.into(),
            app_a: a.into(),
            app_b: b.into(),
            line: 0,
        }
    }

    /// Where the test lists claim to come from.
    fn files() -> ListFiles<'static> {
        ListFiles { pairs: Path::new("pairs.csv"), groups: Path::new("groups.csv") }
    }

    fn groups() -> Vec<GroupRow> {
        vec![
            GroupRow { group: "locks".into(), category: "device-interaction".into(), tracked: vec!["lock".into()] },
            GroupRow {
                group: "globalStateVariables".into(),
                category: "global-variable".into(),
                tracked: vec!["mode".into()],
            },
        ]
    }

    #[test]
    fn work_list_is_pairs_times_orders_times_modes() {
        let pairs = [pair("locks", "a", "b"), pair("globalStateVariables", "a", "c"), pair("locks", "c", "d")];
        let list = work_list(&pairs, &groups(), &[], &Mode::BOTH, files()).unwrap();
        assert_eq!(list.len(), 12);
        let first: Vec<(Order, Mode)> = list[..4].iter().map(|r| (r.order, r.mode)).collect();
        assert_eq!(
            first,
            [(Order::Ab, Mode::Dpor), (Order::Ab, Mode::None), (Order::Ba, Mode::Dpor), (Order::Ba, Mode::None)]
        );
        assert_eq!(list[2].apps(), ("b", "a"));
        assert_eq!(list[4].profile, "global");
        assert_eq!(list[4].tracked, ["mode"]);
        let locks = work_list(&pairs, &groups(), &["locks".into()], &[Mode::Dpor], files()).unwrap();
        assert_eq!(locks.len(), 4);
        assert!(work_list(&pairs, &groups(), &["nope".into()], &[Mode::Dpor], files()).is_err());
        assert!(work_list(&[pair("other", "a", "b")], &groups(), &[], &[Mode::Dpor], files()).is_err());
    }

    #[test]
    fn unknown_groups_are_located() {
        let pairs = [pair("locks", "a", "b"), PairRow { line: 3, ..pair("lokcs", "c", "d") }];
        let err = work_list(&pairs, &groups(), &[], &[Mode::Dpor], files()).unwrap_err();
        assert_eq!((err.file.as_deref(), err.line), (Some(Path::new("pairs.csv")), Some(3)));
        assert_eq!(
            err.to_string(),
            "pairs.csv:3: pair c / d is in group `lokcs`, which the group list groups.csv does not define \
             (it defines locks, globalStateVariables)"
        );
        let err = work_list(&pairs, &groups(), &["nope".into()], &[Mode::Dpor], files()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "groups.csv: unknown group `nope` (--group): the group list defines locks, globalStateVariables"
        );
        // A pair whose group is not selected is not looked up.
        assert_eq!(work_list(&pairs, &groups(), &["locks".into()], &[Mode::Dpor], files()).unwrap().len(), 2);
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_list() {
        let list: Vec<usize> = (0..23).collect();
        let mut all: Vec<usize> = (1..=4).flat_map(|i| Shard { index: i, count: 4 }.select(&list)).copied().collect();
        all.sort();
        assert_eq!(all, list);
        assert_eq!(Shard::parse("2/5").unwrap(), Shard { index: 2, count: 5 });
        for bad in ["0/2", "3/2", "1/0", "x", "1/2/3", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
