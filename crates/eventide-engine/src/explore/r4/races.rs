//! The dependence analysis of one executed sequence: transitive dependence, races and their
//! reversal witnesses (Algorithm 2's `findRaceWitness`), and the equivalence check that keeps R4
//! from replaying a sequence that only reorders independent events of one already explored.
//!
//! Positions `0..n` are the events of the sequence in order; each comes with its access set
//! (sorted, deduplicated, shadow locations of enabling included). Two positions are *directly
//! dependent* when their accesses conflict (same location, one writes). Transitive dependence
//! `→τ` is the transitive closure of direct dependence from earlier to later positions. A pair
//! `(i, j)` with `i < j` directly dependent is a race; it is *uncovered* when no `k` between them
//! has `i →τ k →τ j` (Section 4.4): only then can `τ_i` and `τ_j` be made adjacent in a
//! linearization of `→τ` and reversed without reversing any other dependence.

use crate::system::{Access, EventId};

/// Whether two sorted, deduplicated access sets conflict: some location is touched by both, with
/// two accesses that conflict (see [`AccessKind::conflicts_with`](crate::AccessKind::conflicts_with)).
pub(crate) fn conflict(a: &[Access], b: &[Access]) -> bool {
    let (mut x, mut y) = (0, 0);
    while x < a.len() && y < b.len() {
        let (la, lb) = (a[x].location, b[y].location);
        if la < lb {
            x += 1;
        } else if lb < la {
            y += 1;
        } else {
            let x_end = x + a[x..].iter().take_while(|p| p.location == la).count();
            let y_end = y + b[y..].iter().take_while(|p| p.location == la).count();
            if a[x..x_end].iter().any(|p| b[y..y_end].iter().any(|q| p.kind.conflicts_with(q.kind))) {
                return true;
            }
            (x, y) = (x_end, y_end);
        }
    }
    false
}

/// Bit sets over the positions of one sequence, one row per position.
struct Rows {
    words: usize,
    bits: Vec<u64>,
}

impl Rows {
    fn new(n: usize) -> Rows {
        let words = n.div_ceil(64).max(1);
        Rows { words, bits: vec![0; words * n] }
    }

    fn row(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }

    fn set(&mut self, i: usize, k: usize) {
        self.bits[i * self.words + k / 64] |= 1 << (k % 64);
    }

    fn get(&self, i: usize, k: usize) -> bool {
        self.bits[i * self.words + k / 64] & (1 << (k % 64)) != 0
    }

    /// Row `i` |= row `k` (k < i).
    fn or_into(&mut self, i: usize, k: usize) {
        for w in 0..self.words {
            let v = self.bits[k * self.words + w];
            self.bits[i * self.words + w] |= v;
        }
    }
}

/// Direct and transitive dependence between the positions of one executed sequence.
pub(crate) struct Dependence {
    n: usize,
    /// `direct[j]` holds the `i < j` directly dependent with `j`.
    direct: Rows,
    /// `preds[j]` holds the `i < j` with `i →τ j`.
    preds: Rows,
    /// `succs[i]` holds the `j > i` with `i →τ j`.
    succs: Rows,
}

impl Dependence {
    /// The dependence of a sequence whose `k`-th event made `accesses[k]`.
    #[cfg(test)]
    pub fn new(accesses: &[&[Access]]) -> Dependence {
        Self::new_unless(accesses, &mut || false).expect("never stopped")
    }

    /// The dependence of a sequence whose `k`-th event made `accesses[k]`, asking `stop` before
    /// each position (the relation of a long sequence costs up to cubic time): `None` when it
    /// says to stop.
    pub fn new_unless(accesses: &[&[Access]], stop: &mut dyn FnMut() -> bool) -> Option<Dependence> {
        let n = accesses.len();
        let mut d = Dependence { n, direct: Rows::new(n), preds: Rows::new(n), succs: Rows::new(n) };
        for j in 0..n {
            if stop() {
                return None;
            }
            for i in 0..j {
                if conflict(accesses[i], accesses[j]) {
                    d.direct.set(j, i);
                    if !d.preds.get(j, i) {
                        d.preds.set(j, i);
                        d.preds.or_into(j, i);
                    }
                }
            }
        }
        for j in 0..n {
            for i in 0..j {
                if d.preds.get(j, i) {
                    d.succs.set(i, j);
                }
            }
        }
        Some(d)
    }

    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether `i < j` are directly dependent.
    pub fn direct(&self, i: usize, j: usize) -> bool {
        i < j && self.direct.get(j, i)
    }

    /// Whether `i →τ j`.
    pub fn before(&self, i: usize, j: usize) -> bool {
        i < j && self.preds.get(j, i)
    }

    /// Whether the race `(i, j)` (directly dependent, `i < j`) is uncovered: no `k` between them
    /// with `i →τ k →τ j`.
    pub fn uncovered(&self, i: usize, j: usize) -> bool {
        self.direct(i, j) && self.succs.row(i).iter().zip(self.preds.row(j)).all(|(a, b)| a & b == 0)
    }

    /// The reversal witness of the uncovered race `(i, j)` as positions: `λ · j · i · μ`, where
    /// `λ` are the positions between `i` and `j` that `j` depends on (in order) and `μ` the other
    /// positions after `i` (in order). `τ_1..τ_{i-1} · λ · τ_i · τ_j · μ` is a linearization of
    /// `→τ`, so the witness reverses exactly the one dependence `i →τ j`.
    pub fn witness(&self, i: usize, j: usize) -> Vec<usize> {
        let mut out: Vec<usize> = (i + 1..j).filter(|&k| self.before(k, j)).collect();
        out.push(j);
        out.push(i);
        out.extend((i + 1..self.n).filter(|&k| k != j && !(k < j && self.before(k, j))));
        out
    }

    /// Whether `seq`, run from position `start`, is (a prefix of) a linearization of `→τ`
    /// restricted to the positions `start..n` whose events are `events[start..]`: every event of
    /// `seq` matches the earliest unmatched position with that event, and every position it
    /// depends on at or after `start` is matched before it. Such a sequence only reorders
    /// independent events of the explored one, so it reaches a state the explored one reached
    /// (Mazurkiewicz equivalence), and exploring it again would add nothing.
    pub fn covers(&self, start: usize, events: &[EventId], seq: &[EventId]) -> bool {
        let mut matched = vec![false; self.n];
        for &e in seq {
            let Some(m) = (start..self.n).find(|&m| !matched[m] && events[m] == e) else { return false };
            if (start..m).any(|k| !matched[k] && self.before(k, m)) {
                return false;
            }
            matched[m] = true;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::Location;

    fn r(l: u32) -> Access {
        Access::read(Location::data(l))
    }
    fn w(l: u32) -> Access {
        Access::write(Location::data(l))
    }

    #[test]
    fn conflicts_need_a_shared_location_and_a_write() {
        assert!(conflict(&[r(1), w(2)], &[r(2)]));
        assert!(conflict(&[r(2)], &[r(1), w(2)]));
        assert!(!conflict(&[r(1), r(2)], &[r(1), r(2)]));
        assert!(!conflict(&[w(1)], &[w(2), w(3)]));
        assert!(conflict(&[r(0), r(5)], &[r(5), w(5)]));
    }

    /// Access sets are sorted by location (as the explorer keeps them).
    #[test]
    fn witnesses_move_the_dependencies_of_the_later_event_first() {
        let acc: Vec<Vec<Access>> =
            vec![vec![r(0), w(0)], vec![w(1)], vec![r(0)], vec![w(0), r(1)], vec![w(9)], vec![r(1)]];
        let refs: Vec<&[Access]> = acc.iter().map(|a| a.as_slice()).collect();
        let d = Dependence::new(&refs);
        // 0 →τ 2 →τ 3 (location 0), 1 →τ 3 and 1 →τ 5 (location 1); 4 is independent.
        assert!(d.direct(0, 2) && d.direct(2, 3) && d.direct(0, 3));
        assert!(d.uncovered(0, 2));
        assert!(!d.uncovered(0, 3), "covered by 2");
        assert!(d.uncovered(2, 3));
        assert!(d.uncovered(1, 3));
        // Reversing (1, 3): 3 depends on 0 and 2, which move before 1.
        assert_eq!(d.witness(1, 3), vec![2, 3, 1, 4, 5]);
        assert_eq!(d.witness(0, 2), vec![2, 0, 1, 3, 4, 5]);
        let events = [10, 11, 12, 13, 14, 15];
        assert!(d.covers(0, &events, &[11, 14, 10, 12]));
        assert!(d.covers(0, &events, &[14, 10, 11, 12, 13, 15]));
        assert!(!d.covers(0, &events, &[12]), "12 depends on 10");
        assert!(!d.covers(0, &events, &[10, 13]), "13 depends on 12");
        assert!(!d.covers(0, &events, &[16]));
        assert!(d.covers(1, &events, &[12, 11]));
    }
}
