//! Computing 128-bit state fingerprints.
//!
//! Front ends feed a state's canonical content into a [`FingerprintHasher`] (it implements
//! [`std::hash::Hasher`], so `#[derive(Hash)]` types work) and take the 128-bit XXH3 digest.
//! 128 bits make an accidental collision negligible even for billions of states; the engine's
//! verification mode (see [`crate::Config::verify_fingerprints`]) checks it on small runs.

use crate::system::Fingerprint;
use std::hash::Hasher;
use xxhash_rust::xxh3::Xxh3;

/// A streaming 128-bit hasher for state fingerprints.
#[derive(Clone, Default)]
pub struct FingerprintHasher {
    inner: Xxh3,
}

impl FingerprintHasher {
    pub fn new() -> FingerprintHasher {
        FingerprintHasher::default()
    }

    /// The 128-bit fingerprint of everything written so far.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint(self.inner.digest128())
    }
}

impl Hasher for FingerprintHasher {
    fn finish(&self) -> u64 {
        self.inner.digest()
    }

    fn write(&mut self, bytes: &[u8]) {
        self.inner.update(bytes);
    }
}

/// Fingerprint of any hashable value.
pub fn fingerprint_of<T: std::hash::Hash + ?Sized>(value: &T) -> Fingerprint {
    let mut h = FingerprintHasher::new();
    value.hash(&mut h);
    h.fingerprint()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_equal_fingerprints() {
        assert_eq!(fingerprint_of(&(1u32, "a")), fingerprint_of(&(1u32, "a")));
        assert_ne!(fingerprint_of(&(1u32, "a")), fingerprint_of(&(2u32, "a")));
    }
}
