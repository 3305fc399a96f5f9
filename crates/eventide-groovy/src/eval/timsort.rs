//! Java's `List.sort`: the TimSort of `java.util.TimSort` (JDK 17), step for step.
//!
//! A stable sort gives one answer for a comparator that is a total order, whichever algorithm
//! runs. A program's comparator need not be one (`{ a, b -> a.k > b.k ? 1 : -1 }` never answers
//! 0), and then the order of equal elements, and whether Java raises "Comparison method violates
//! its general contract!", depend on the algorithm: this is Java's, so that such a sort gives
//! what it gives on the platform. (The standard library's sort may panic on such a comparator.)

use std::cmp::Ordering;

use super::error::{class, EvalError};
use super::interp::R;

/// Below this many elements a run is sorted by binary insertion alone.
const MIN_MERGE: usize = 32;
/// Elements won in a row by one run before merging gallops.
const MIN_GALLOP: usize = 7;

/// Sorts `a` as `java.util.Arrays.sort(a, comparator)` does; an error of the comparator stops
/// the sort and is returned (the elements are then in some order of the same multiset).
pub fn sort<T: Clone>(a: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>) -> R<()> {
    let n = a.len();
    if n < 2 {
        return Ok(());
    }
    if n < MIN_MERGE {
        let run = count_run_and_make_ascending(a, 0, n, cmp)?;
        return binary_sort(a, 0, n, run, cmp);
    }
    let mut ts = TimSort { min_gallop: MIN_GALLOP, runs: Vec::new() };
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = count_run_and_make_ascending(a, lo, n, cmp)?;
        if run < min_run {
            let force = remaining.min(min_run);
            binary_sort(a, lo, lo + force, lo + run, cmp)?;
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse(a, cmp)?;
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse(a, cmp)
}

fn less(o: Ordering) -> bool {
    o == Ordering::Less
}

fn contract_violated() -> EvalError {
    EvalError::exception(class::ILLEGAL_ARGUMENT, Some("Comparison method violates its general contract!".into()))
}

/// Insertion sort of `a[lo..hi]` whose prefix `a[lo..start]` is sorted, finding each place by
/// binary search.
fn binary_sort<T: Clone>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    start: usize,
    cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
) -> R<()> {
    let mut start = if start == lo { start + 1 } else { start };
    while start < hi {
        let pivot = a[start].clone();
        let (mut left, mut right) = (lo, start);
        while left < right {
            let mid = (left + right) / 2;
            if less(cmp(&pivot, &a[mid])?) {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a[left..=start].rotate_right(1);
        start += 1;
    }
    Ok(())
}

/// The length of the run starting at `lo`; a strictly descending run is reversed in place.
fn count_run_and_make_ascending<T: Clone>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
) -> R<usize> {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return Ok(1);
    }
    run_hi += 1;
    if less(cmp(&a[run_hi - 1], &a[lo])?) {
        while run_hi < hi && less(cmp(&a[run_hi], &a[run_hi - 1])?) {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        while run_hi < hi && !less(cmp(&a[run_hi], &a[run_hi - 1])?) {
            run_hi += 1;
        }
    }
    Ok(run_hi - lo)
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// Where `key` goes in the sorted `a[base..base + len]`, before any equal element, searching
/// from `hint` (Java's `gallopLeft`).
fn gallop_left<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
) -> R<usize> {
    gallop(key, a, base, len, hint, cmp, |o| o == Ordering::Greater)
}

/// Where `key` goes in the sorted `a[base..base + len]`, after any equal element, searching
/// from `hint` (Java's `gallopRight`).
fn gallop_right<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
) -> R<usize> {
    gallop(key, a, base, len, hint, cmp, |o| o != Ordering::Less)
}

/// Both gallops: `after(cmp(key, x))` says that `key` goes after `x` (`>` for the left gallop,
/// `>=` for the right one). Exponential search from `hint`, then binary search, in Java's order
/// of comparisons.
fn gallop<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
    after: fn(Ordering) -> bool,
) -> R<usize> {
    let (len, hint) = (len as isize, hint as isize);
    let at = |i: isize| &a[base + i as usize];
    let (mut last_ofs, mut ofs): (isize, isize) = (0, 1);
    if after(cmp(key, at(hint))?) {
        // Gallop right until a[base + hint + last_ofs] < key <= a[base + hint + ofs].
        let max_ofs = len - hint;
        while ofs < max_ofs && after(cmp(key, at(hint + ofs))?) {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint;
        ofs += hint;
    } else {
        // Gallop left until a[base + hint - ofs] < key <= a[base + hint - last_ofs].
        let max_ofs = hint + 1;
        while ofs < max_ofs && !after(cmp(key, at(hint - ofs))?) {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        let tmp = last_ofs;
        last_ofs = hint - ofs;
        ofs = hint - tmp;
    }
    last_ofs += 1;
    while last_ofs < ofs {
        let m = last_ofs + ((ofs - last_ofs) >> 1);
        if after(cmp(key, at(m))?) {
            last_ofs = m + 1;
        } else {
            ofs = m;
        }
    }
    Ok(ofs as usize)
}

struct TimSort {
    min_gallop: usize,
    /// The pending runs: (base, length).
    runs: Vec<(usize, usize)>,
}

impl TimSort {
    fn len(&self, i: usize) -> usize {
        self.runs[i].1
    }

    fn merge_collapse<T: Clone>(&mut self, a: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>) -> R<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if (n > 0 && self.len(n - 1) <= self.len(n) + self.len(n + 1))
                || (n > 1 && self.len(n - 2) <= self.len(n) + self.len(n - 1))
            {
                if self.len(n - 1) < self.len(n + 1) {
                    n -= 1;
                }
            } else if self.len(n) > self.len(n + 1) {
                break;
            }
            self.merge_at(a, n, cmp)?;
        }
        Ok(())
    }

    fn merge_force_collapse<T: Clone>(&mut self, a: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>) -> R<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.len(n - 1) < self.len(n + 1) {
                n -= 1;
            }
            self.merge_at(a, n, cmp)?;
        }
        Ok(())
    }

    fn merge_at<T: Clone>(&mut self, a: &mut [T], i: usize, cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>) -> R<()> {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let k = gallop_right(&a[base2], a, base1, len1, 0, cmp)?;
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return Ok(());
        }
        len2 = gallop_left(&a[base1 + len1 - 1], a, base2, len2, len2 - 1, cmp)?;
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2, cmp)
        } else {
            self.merge_hi(a, base1, len1, base2, len2, cmp)
        }
    }

    /// Merges the adjacent runs `a[base1..base1 + len1]` and `a[base2..base2 + len2]` from their
    /// starts, the first run copied aside (Java's `mergeLo`).
    fn merge_lo<T: Clone>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
    ) -> R<()> {
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut cursor1, mut cursor2, mut dest) = (0usize, base2, base1);
        a[dest] = a[cursor2].clone();
        dest += 1;
        cursor2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[cursor1..cursor1 + len1]);
            return Ok(());
        }
        if len1 == 1 {
            for k in 0..len2 {
                a[dest + k] = a[cursor2 + k].clone();
            }
            a[dest + len2] = tmp[cursor1].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if less(cmp(&a[cursor2], &tmp[cursor1])?) {
                    a[dest] = a[cursor2].clone();
                    dest += 1;
                    cursor2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[cursor1].clone();
                    dest += 1;
                    cursor1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = gallop_right(&a[cursor2], &tmp, cursor1, len1, 0, cmp)?;
                if count1 != 0 {
                    a[dest..dest + count1].clone_from_slice(&tmp[cursor1..cursor1 + count1]);
                    dest += count1;
                    cursor1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[cursor2].clone();
                dest += 1;
                cursor2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                count2 = gallop_left(&tmp[cursor1], a, cursor2, len2, 0, cmp)?;
                if count2 != 0 {
                    for k in 0..count2 {
                        a[dest + k] = a[cursor2 + k].clone();
                    }
                    dest += count2;
                    cursor2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[cursor1].clone();
                dest += 1;
                cursor1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len1 == 1 {
            for k in 0..len2 {
                a[dest + k] = a[cursor2 + k].clone();
            }
            a[dest + len2] = tmp[cursor1].clone();
        } else if len1 == 0 {
            return Err(contract_violated());
        } else {
            a[dest..dest + len1].clone_from_slice(&tmp[cursor1..cursor1 + len1]);
        }
        Ok(())
    }

    /// The mirror image of [`TimSort::merge_lo`], merging from the ends (Java's `mergeHi`): the
    /// two stay separate, as in Java, so that each can be read against its original.
    fn merge_hi<T: Clone>(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>,
    ) -> R<()> {
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        // Cursors and destination may pass below their bases by one: signed.
        let mut cursor1 = (base1 + len1) as isize - 1;
        let mut cursor2 = len2 as isize - 1;
        let mut dest = (base2 + len2) as isize - 1;
        let at = |i: isize| i as usize;
        a[at(dest)] = a[at(cursor1)].clone();
        dest -= 1;
        cursor1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            let start = at(dest - (len2 as isize - 1));
            a[start..start + len2].clone_from_slice(&tmp[..len2]);
            return Ok(());
        }
        if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            for k in (0..len1).rev() {
                a[at(dest + 1) + k] = a[at(cursor1 + 1) + k].clone();
            }
            a[at(dest)] = tmp[at(cursor2)].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if less(cmp(&tmp[at(cursor2)], &a[at(cursor1)])?) {
                    a[at(dest)] = a[at(cursor1)].clone();
                    dest -= 1;
                    cursor1 -= 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[at(dest)] = tmp[at(cursor2)].clone();
                    dest -= 1;
                    cursor2 -= 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = len1 - gallop_right(&tmp[at(cursor2)], a, base1, len1, len1 - 1, cmp)?;
                if count1 != 0 {
                    dest -= count1 as isize;
                    cursor1 -= count1 as isize;
                    len1 -= count1;
                    for k in (0..count1).rev() {
                        a[at(dest + 1) + k] = a[at(cursor1 + 1) + k].clone();
                    }
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[at(dest)] = tmp[at(cursor2)].clone();
                dest -= 1;
                cursor2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                count2 = len2 - gallop_left(&a[at(cursor1)], &tmp, 0, len2, len2 - 1, cmp)?;
                if count2 != 0 {
                    dest -= count2 as isize;
                    cursor2 -= count2 as isize;
                    len2 -= count2;
                    a[at(dest + 1)..at(dest + 1) + count2]
                        .clone_from_slice(&tmp[at(cursor2 + 1)..at(cursor2 + 1) + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[at(dest)] = a[at(cursor1)].clone();
                dest -= 1;
                cursor1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            for k in (0..len1).rev() {
                a[at(dest + 1) + k] = a[at(cursor1 + 1) + k].clone();
            }
            a[at(dest)] = tmp[at(cursor2)].clone();
        } else if len2 == 0 {
            return Err(contract_violated());
        } else {
            let start = at(dest - (len2 as isize - 1));
            a[start..start + len2].clone_from_slice(&tmp[..len2]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<(i32, usize)>, cmp: fn(&(i32, usize), &(i32, usize)) -> Ordering) -> Vec<(i32, usize)> {
        sort(&mut v, &mut |a, b| Ok(cmp(a, b))).unwrap();
        v
    }

    /// A small deterministic generator (the tests need no randomness crate).
    fn keys(n: usize, seed: u64, range: i32) -> Vec<(i32, usize)> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (((x >> 33) % range as u64) as i32, i)
            })
            .collect()
    }

    #[test]
    fn a_total_order_gives_the_stable_order_at_every_size() {
        for n in [0, 1, 2, 5, 31, 32, 33, 64, 65, 100, 257, 1000, 5000] {
            for range in [2, 10, 1000] {
                let v = keys(n, n as u64 * 31 + range as u64, range);
                let mut expected = v.clone();
                expected.sort_by_key(|&(k, _)| k);
                assert_eq!(sorted(v, |a, b| a.0.cmp(&b.0)), expected, "n = {n}, range = {range}");
            }
        }
    }

    #[test]
    fn presorted_and_reversed_runs_and_descending_ties() {
        let up: Vec<(i32, usize)> = (0..300).map(|i| (i / 3, i as usize)).collect();
        let mut expected = up.clone();
        expected.sort_by_key(|&(k, _)| k);
        assert_eq!(sorted(up.clone(), |a, b| a.0.cmp(&b.0)), expected);
        let down: Vec<(i32, usize)> = up.iter().rev().copied().collect();
        let mut expected = down.clone();
        expected.sort_by_key(|&(k, _)| k);
        assert_eq!(sorted(down, |a, b| a.0.cmp(&b.0)), expected);
    }

    /// What Java 17's `Collections.sort` gives for a comparator that never answers 0, checked
    /// with `java.util.ArrayList.sort` (a Groovy 2.4.21 script).
    #[test]
    fn a_comparator_that_never_answers_zero_orders_ties_as_java_does() {
        let ks = [
            2, 2, 0, 3, 1, 0, 1, 0, 2, 3, 1, 3, 0, 1, 0, 1, 3, 2, 1, 3, 1, 0, 1, 3, 1, 1, 0, 0, 1, 1, 1, 1, 2, 2, 1, 1,
            1, 1, 3, 2,
        ];
        let v: Vec<(i32, usize)> = ks.iter().enumerate().map(|(i, &k)| (k, i)).collect();
        let out = sorted(v, |a, b| if a.0 > b.0 { Ordering::Greater } else { Ordering::Less });
        let order: Vec<usize> = out.iter().map(|&(_, i)| i).collect();
        assert_eq!(
            order,
            vec![
                27, 26, 21, 14, 12, 7, 5, 2, 18, 15, 13, 10, 6, 4, 37, 36, 35, 34, 31, 30, 29, 28, 25, 24, 22, 20, 39,
                33, 32, 17, 8, 1, 0, 19, 16, 11, 9, 3, 38, 23
            ]
        );
    }

    #[test]
    fn an_inconsistent_comparator_never_panics() {
        for n in [10, 40, 200, 3000] {
            let mut v = keys(n, 7, 1000);
            let mut x = 1u64;
            let r = sort(&mut v, &mut |_, _| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                Ok(match (x >> 40) % 3 {
                    0 => Ordering::Less,
                    1 => Ordering::Equal,
                    _ => Ordering::Greater,
                })
            });
            // Either an order or Java's IllegalArgumentException; the elements stay.
            if let Err(e) = r {
                assert!(e.to_string().contains("Comparison method violates its general contract"), "{e}");
            }
            let mut ids: Vec<usize> = v.iter().map(|&(_, i)| i).collect();
            ids.sort_unstable();
            assert_eq!(ids, (0..n).collect::<Vec<_>>());
        }
    }
}
