//! Small sets of events as growable bitsets.
//!
//! Per-state `enabled`, `backtrack` and `done` sets are the hottest data of DPOR; a bitset keeps
//! them two words long for up to 128 events without a heap allocation.

use crate::system::EventId;
use smallvec::SmallVec;

/// A set of [`EventId`]s.
#[derive(Clone, Default)]
pub struct EventSet {
    words: SmallVec<[u64; 2]>,
}

impl EventSet {
    pub fn new() -> EventSet {
        EventSet::default()
    }

    pub fn from_events(events: impl IntoIterator<Item = EventId>) -> EventSet {
        let mut set = EventSet::new();
        for e in events {
            set.insert(e);
        }
        set
    }

    /// Adds `e`; returns true when it was not present.
    pub fn insert(&mut self, e: EventId) -> bool {
        let (w, b) = (e as usize / 64, e % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let had = self.words[w] & (1 << b) != 0;
        self.words[w] |= 1 << b;
        !had
    }

    pub fn remove(&mut self, e: EventId) {
        let (w, b) = (e as usize / 64, e % 64);
        if let Some(word) = self.words.get_mut(w) {
            *word &= !(1 << b);
        }
    }

    #[inline]
    pub fn contains(&self, e: EventId) -> bool {
        let (w, b) = (e as usize / 64, e % 64);
        self.words.get(w).is_some_and(|word| word & (1 << b) != 0)
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Adds every element of `other`; returns true when the set grew.
    pub fn union_with(&mut self, other: &EventSet) -> bool {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut grew = false;
        for (mine, theirs) in self.words.iter_mut().zip(other.words.iter()) {
            let before = *mine;
            *mine |= theirs;
            grew |= *mine != before;
        }
        grew
    }

    /// True when every element of `self` is in `other`.
    pub fn is_subset(&self, other: &EventSet) -> bool {
        self.words.iter().enumerate().all(|(i, &w)| w & !other.words.get(i).copied().unwrap_or(0) == 0)
    }

    /// The smallest element of `self \ other`.
    pub fn first_not_in(&self, other: &EventSet) -> Option<EventId> {
        for (i, &w) in self.words.iter().enumerate() {
            let rest = w & !other.words.get(i).copied().unwrap_or(0);
            if rest != 0 {
                return Some(i as EventId * 64 + rest.trailing_zeros());
            }
        }
        None
    }

    /// The smallest element greater than `after` (or the smallest element when `after` is `None`).
    pub fn next_after(&self, after: Option<EventId>) -> Option<EventId> {
        let start = after.map_or(0, |a| a as usize + 1);
        let mut w = start / 64;
        if w >= self.words.len() {
            return None;
        }
        let mut word = self.words[w] & (!0u64 << (start % 64));
        loop {
            if word != 0 {
                return Some(w as EventId * 64 + word.trailing_zeros());
            }
            w += 1;
            if w >= self.words.len() {
                return None;
            }
            word = self.words[w];
        }
    }

    /// Elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = EventId> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut word = w;
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let b = word.trailing_zeros();
                word &= word - 1;
                Some(i as EventId * 64 + b)
            })
        })
    }

    /// Heap bytes used beyond the inline words.
    pub fn heap_bytes(&self) -> usize {
        if self.words.spilled() {
            self.words.capacity() * 8
        } else {
            0
        }
    }
}

impl PartialEq for EventSet {
    fn eq(&self, other: &EventSet) -> bool {
        let n = self.words.len().max(other.words.len());
        (0..n).all(|i| self.words.get(i).copied().unwrap_or(0) == other.words.get(i).copied().unwrap_or(0))
    }
}

impl Eq for EventSet {}

impl std::fmt::Debug for EventSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut a = EventSet::from_events([1, 5, 70, 130]);
        let b = EventSet::from_events([5, 130]);
        assert!(b.is_subset(&a));
        assert!(!a.is_subset(&b));
        assert_eq!(a.first_not_in(&b), Some(1));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![1, 5, 70, 130]);
        assert_eq!(a.next_after(Some(5)), Some(70));
        assert_eq!(a.next_after(Some(130)), None);
        assert_eq!(a.next_after(None), Some(1));
        assert!(!a.insert(5));
        a.remove(5);
        assert!(!a.contains(5));
        assert_eq!(a.len(), 3);
        let mut c = EventSet::new();
        assert!(c.union_with(&a));
        assert!(!c.union_with(&a));
        assert_eq!(c, a);
    }
}
