//! The visited-state set of exhaustive search: 96-bit fingerprints in 12-byte slots.
//!
//! An open-addressing table with Robin Hood linear probing. A slot holds a 96-bit key derived
//! from the state's 128-bit fingerprint; the home slot is a mixed hash of the key reduced with
//! Lemire's multiply-shift (so the capacity need not be a power of two), so it can be recomputed
//! from the slot itself when entries move. The table grows by a fifth when it is 90% full,
//! so a stored state costs 12 / load ≈ 13.3–16 bytes, slack included. 96 bits keep the chance of
//! any collision among 10^9 states below 10^-11.

use crate::system::Fingerprint;

type Key = [u32; 3];
const EMPTY: Key = [0, 0, 0];
const MAX_LOAD_NUM: usize = 9;
/// Growth factor 6/5: right after growing the load is 0.75, so a state never costs more than 16 bytes.
const GROWTH_NUM: usize = 6;
const GROWTH_DEN: usize = 5;
const MAX_LOAD_DEN: usize = 10;

/// A set of state fingerprints (96 significant bits).
pub struct FingerprintSet {
    slots: Vec<Key>,
    len: usize,
    /// The all-zero key marks empty slots, so its presence is kept here.
    has_zero: bool,
}

/// The 96-bit key of a fingerprint: its low 96 bits with the high 32 folded in. For the random
/// fingerprints of real systems this is a random 96-bit value; for systems that use small
/// integers as fingerprints it is the identity, so they never collide.
fn key_of(fp: Fingerprint) -> Key {
    let folded = (fp.0 & ((1u128 << 96) - 1)) ^ ((fp.0 >> 96) << 64);
    [(folded >> 64) as u32, (folded >> 32) as u32, folded as u32]
}

/// The home slot: a well-mixed 64-bit hash of the key, reduced to the capacity (Lemire).
#[inline]
fn home(key: &Key, capacity: usize) -> usize {
    let mut h = (((key[1] as u64) << 32) | key[2] as u64) ^ (key[0] as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    ((h as u128 * capacity as u128) >> 64) as usize
}

impl Default for FingerprintSet {
    fn default() -> Self {
        FingerprintSet::with_capacity(1024)
    }
}

impl FingerprintSet {
    pub fn with_capacity(states: usize) -> FingerprintSet {
        let capacity = (states * MAX_LOAD_DEN / MAX_LOAD_NUM).max(16);
        FingerprintSet { slots: vec![EMPTY; capacity], len: 0, has_zero: false }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the table (all slots, empty ones included).
    pub fn table_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Key>()
    }

    pub fn contains(&self, fp: Fingerprint) -> bool {
        let key = key_of(fp);
        if key == EMPTY {
            return self.has_zero;
        }
        let cap = self.slots.len();
        let mut i = home(&key, cap);
        let mut dist = 0usize;
        loop {
            let slot = &self.slots[i];
            if *slot == EMPTY {
                return false;
            }
            if *slot == key {
                return true;
            }
            let slot_dist = (i + cap - home(slot, cap)) % cap;
            if slot_dist < dist {
                return false;
            }
            dist += 1;
            i = if i + 1 == cap { 0 } else { i + 1 };
        }
    }

    /// Inserts `fp`; returns true when it was new.
    pub fn insert(&mut self, fp: Fingerprint) -> bool {
        if self.contains(fp) {
            return false;
        }
        if key_of(fp) == EMPTY {
            self.has_zero = true;
            self.len += 1;
            return true;
        }
        if (self.len + 1) * MAX_LOAD_DEN > self.slots.len() * MAX_LOAD_NUM {
            self.grow();
        }
        Self::place(&mut self.slots, key_of(fp));
        self.len += 1;
        true
    }

    fn place(slots: &mut [Key], mut key: Key) {
        let cap = slots.len();
        let mut i = home(&key, cap);
        let mut dist = 0usize;
        loop {
            let slot = slots[i];
            if slot == EMPTY {
                slots[i] = key;
                return;
            }
            let slot_dist = (i + cap - home(&slot, cap)) % cap;
            if slot_dist < dist {
                slots[i] = key;
                key = slot;
                dist = slot_dist;
            }
            dist += 1;
            i = if i + 1 == cap { 0 } else { i + 1 };
        }
    }

    fn grow(&mut self) {
        let new_cap = self.slots.len() * GROWTH_NUM / GROWTH_DEN + 1;
        let mut slots = vec![EMPTY; new_cap];
        for &key in &self.slots {
            if key != EMPTY {
                Self::place(&mut slots, key);
            }
        }
        self.slots = slots;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fingerprint::fingerprint_of;

    #[test]
    fn inserts_and_finds_many() {
        let mut set = FingerprintSet::with_capacity(4);
        for i in 0..100_000u64 {
            assert!(set.insert(fingerprint_of(&i)), "{i} new");
        }
        for i in 0..100_000u64 {
            assert!(!set.insert(fingerprint_of(&i)));
            assert!(set.contains(fingerprint_of(&i)));
        }
        for i in 100_000..110_000u64 {
            assert!(!set.contains(fingerprint_of(&i)));
        }
        assert_eq!(set.len(), 100_000);
        let bytes_per_state = set.table_bytes() as f64 / set.len() as f64;
        assert!(bytes_per_state <= 16.1, "{bytes_per_state}");
    }

    #[test]
    fn small_integer_fingerprints_do_not_collide() {
        let mut set = FingerprintSet::with_capacity(4);
        for i in 0..10_000u128 {
            assert!(set.insert(Fingerprint(i)), "{i}");
        }
        assert!(set.insert(Fingerprint(1 << 100)));
        assert_eq!(set.len(), 10_001);
        assert!((0..10_000u128).all(|i| set.contains(Fingerprint(i))));
    }

    #[test]
    fn zero_fingerprint_is_storable() {
        let mut set = FingerprintSet::default();
        assert!(set.insert(Fingerprint(0)));
        assert!(set.contains(Fingerprint(0)));
        assert!(!set.insert(Fingerprint(0)));
    }
}
