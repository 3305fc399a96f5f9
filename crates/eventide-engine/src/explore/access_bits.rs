//! Access sets as bit sets, for the summary-cached backward search of stateful DPOR.
//!
//! Every location the exploration meets gets a dense index `i` when first seen; its read is bit
//! `2i` and its write bit `2i + 1`. An access set is then a short bit set, and the operations the
//! backward search repeats for every state it walks through become word operations:
//! - "the accesses not yet in the summary": `a & !known`;
//! - "the accesses that conflict with a transition": `a & conflict_mask(t)`, where the mask of a
//!   transition holds the write of each location it touches and, for the locations it writes, the
//!   read too. Because both bits of a location are reserved when the location is first seen, a
//!   mask never needs recomputing when later locations appear.
//!
//! A [settable](crate::Location::settable) location reserves a second index `j = i + 1` when first
//! seen: its [`Set`](AccessKind::Set) accesses are bit `2j + 1`, which the masks of its reads and
//! writes hold and the mask of a set does not (two sets commute). Bit `2j` stays empty, so
//! [`AccessBits::reads`] (the even bits) never takes a set for a read.
//!
//! Bit sets are stored trimmed (no trailing zero words), so equal sets have equal representations
//! and can be interned by value.

use crate::system::{Access, AccessKind, Location};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A set of accesses as bits (see the module docs). Trailing zero words are allowed in working
/// values; [`AccessBits::trimmed`] gives the canonical form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct AccessBits(SmallVec<[u64; 8]>);

impl AccessBits {
    pub(crate) fn from_words(words: &[u64]) -> AccessBits {
        AccessBits(words.into())
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn set(&mut self, bit: usize) {
        let word = bit / 64;
        if self.0.len() <= word {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (bit % 64);
    }

    /// `self & other`.
    #[cfg(test)]
    pub(crate) fn and(&self, other: &[u64]) -> AccessBits {
        AccessBits(self.0.iter().zip(other).map(|(a, b)| a & b).collect())
    }

    /// `self & !other`.
    pub(crate) fn and_not(&self, other: &[u64]) -> AccessBits {
        let mut out = self.clone();
        for (w, b) in out.0.iter_mut().zip(other) {
            *w &= !b;
        }
        out
    }

    /// `self | other`.
    pub(crate) fn or(&self, other: &[u64]) -> AccessBits {
        let mut out = self.clone();
        if out.0.len() < other.len() {
            out.0.resize(other.len(), 0);
        }
        for (w, b) in out.0.iter_mut().zip(other) {
            *w |= b;
        }
        out
    }

    /// Whether every bit of `self` is in `other`.
    pub(crate) fn is_subset_of(&self, other: &[u64]) -> bool {
        words_subset(&self.0, other)
    }

    /// Whether `self & other` is non-empty.
    pub(crate) fn intersects(&self, other: &[u64]) -> bool {
        self.0.iter().zip(other).any(|(a, b)| a & b != 0)
    }

    /// The reads of `self` (the even bits).
    pub(crate) fn reads(&self) -> AccessBits {
        AccessBits(self.0.iter().map(|w| w & 0x5555_5555_5555_5555).collect())
    }

    pub(crate) fn words(&self) -> &[u64] {
        &self.0
    }

    /// The canonical form: no trailing zero words.
    pub(crate) fn trimmed(&self) -> &[u64] {
        let len = self.0.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        &self.0[..len]
    }
}

/// Whether every bit of `a` is in `b` (bit sets as words, either may be shorter).
pub(crate) fn words_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().enumerate().all(|(i, &w)| w & !b.get(i).copied().unwrap_or(0) == 0)
}

/// Interned bit sets: many summaries (the same conflict event at neighbouring states) share one.
#[derive(Default)]
pub(crate) struct BitSets {
    sets: Vec<Box<[u64]>>,
    index: FxHashMap<Box<[u64]>, u32>,
    bytes: usize,
}

impl BitSets {
    pub(crate) fn intern(&mut self, bits: &AccessBits) -> u32 {
        let key = bits.trimmed();
        if let Some(&id) = self.index.get(key) {
            return id;
        }
        let key: Box<[u64]> = key.into();
        let id = self.sets.len() as u32;
        self.bytes += 2 * key.len() * 8 + 48;
        self.sets.push(key.clone());
        self.index.insert(key, id);
        id
    }

    pub(crate) fn get(&self, id: u32) -> &[u64] {
        &self.sets[id as usize]
    }

    /// Heap bytes held (approximate).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// The dense numbering of locations, and the bit forms of access lists.
#[derive(Default)]
pub(crate) struct AccessUniverse {
    locations: FxHashMap<Location, u32>,
    /// The next free index.
    next: u32,
}

impl AccessUniverse {
    /// The index of `location`, reserved (with the set index after it, for a settable location)
    /// when first seen.
    fn location_index(&mut self, location: Location) -> usize {
        let next = self.next;
        let i = *self.locations.entry(location).or_insert(next) as usize;
        if i == next as usize {
            self.next += if location.is_settable() { 2 } else { 1 };
        }
        i
    }

    /// The bit of a set of the settable location at index `i` (the write bit of its second index).
    fn set_bit(i: usize) -> usize {
        2 * (i + 1) + 1
    }

    /// The bit set of `accesses`.
    pub(crate) fn bits_of(&mut self, accesses: &[Access]) -> AccessBits {
        let mut bits = AccessBits::default();
        for a in accesses {
            let i = self.location_index(a.location);
            bits.set(match a.kind {
                AccessKind::Read => 2 * i,
                AccessKind::Write => 2 * i + 1,
                // `Access::set` makes a set of a plain location a write.
                AccessKind::Set if a.location.is_settable() => Self::set_bit(i),
                AccessKind::Set => 2 * i + 1,
            });
        }
        bits
    }

    /// The accesses that conflict with some access of `accesses`: for each location, its write,
    /// its read too when `accesses` writes or sets it, and its set when `accesses` reads or
    /// writes it.
    pub(crate) fn conflict_mask_of(&mut self, accesses: &[Access]) -> AccessBits {
        let mut bits = AccessBits::default();
        for a in accesses {
            let i = self.location_index(a.location);
            bits.set(2 * i + 1);
            if a.kind.writes() {
                bits.set(2 * i);
            }
            if a.kind != AccessKind::Set && a.location.is_settable() {
                bits.set(Self::set_bit(i));
            }
        }
        bits
    }

    /// The reads of the locations `accesses` writes or sets: the accesses of a later transition
    /// that saw what this one wrote.
    pub(crate) fn reads_of_writes_of(&mut self, accesses: &[Access]) -> AccessBits {
        let mut bits = AccessBits::default();
        for a in accesses.iter().filter(|a| a.kind.writes()) {
            let i = self.location_index(a.location);
            bits.set(2 * i);
        }
        bits
    }

    /// Heap bytes held (approximate).
    pub(crate) fn bytes(&self) -> usize {
        self.locations.capacity() * 9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc(i: u32) -> Location {
        Location::data(i)
    }

    #[test]
    fn masks_hit_exactly_the_conflicting_accesses() {
        let mut u = AccessUniverse::default();
        let t = [Access::read(loc(1)), Access::write(loc(2))];
        let mask = u.conflict_mask_of(&t);
        for (a, conflicts) in [
            (Access::read(loc(1)), false),
            (Access::write(loc(1)), true),
            (Access::read(loc(2)), true),
            (Access::write(loc(2)), true),
            (Access::write(loc(3)), false),
            (Access::read(Location::shadow(1)), false),
        ] {
            let bits = u.bits_of(&[a]);
            assert_eq!(bits.intersects(mask.words()), conflicts, "{a:?}");
            assert_eq!(t.iter().any(|&o| a.conflicts_with(o)), conflicts, "{a:?}");
        }
    }

    #[test]
    fn sets_of_a_settable_location_conflict_with_its_reads_and_writes_but_not_with_each_other() {
        let mut u = AccessUniverse::default();
        let p = Location::settable(7);
        let q = Location::settable(8);
        let accesses = [Access::read(p), Access::write(p), Access::set(p), Access::set(q), Access::read(q)];
        for &t in &accesses {
            let mask = u.conflict_mask_of(&[t]);
            for &a in &accesses {
                let bits = u.bits_of(&[a]);
                assert_eq!(bits.intersects(mask.words()), t.conflicts_with(a), "{t:?} against {a:?}");
            }
        }
        assert!(!Access::set(p).conflicts_with(Access::set(p)));
        assert!(Access::set(p).conflicts_with(Access::read(p)) && Access::write(p).conflicts_with(Access::set(p)));
        assert_eq!(Access::set(loc(7)).kind, AccessKind::Write, "a set of a plain location is a write");
        // A set is never taken for a read.
        assert!(u.bits_of(&[Access::set(p)]).reads().is_empty());
        assert_eq!(u.reads_of_writes_of(&[Access::set(p)]), u.bits_of(&[Access::read(p)]));
    }

    #[test]
    fn set_operations_and_interning_ignore_trailing_zero_words() {
        let mut u = AccessUniverse::default();
        let locations: Vec<Access> = (0..100).map(|i| Access::write(loc(i))).collect();
        let all = u.bits_of(&locations);
        let first = u.bits_of(&locations[..3]);
        let rest = all.and_not(first.words());
        assert!(!rest.intersects(first.words()));
        assert_eq!(rest.or(first.words()), all);
        let none = first.and_not(all.words());
        assert!(none.is_empty());
        assert!(first.is_subset_of(all.words()) && !all.is_subset_of(first.words()));
        assert!(AccessBits::default().is_subset_of(&[]));
        let mut sets = BitSets::default();
        let a = sets.intern(&first);
        let b = sets.intern(&all.and(first.words()));
        assert_eq!(a, b, "equal sets with different lengths intern to one id");
        assert_eq!(sets.get(a), first.trimmed());
    }
}
