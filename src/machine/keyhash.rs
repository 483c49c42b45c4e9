//! A fast hasher for keys made of tagged cells (already well spread), used
//! by the clause indexes and the answer tables instead of SipHash.

use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher, word by word.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let w = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
            self.write_u64(w);
        }
        for &b in words.remainder() {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
    fn finish(&self) -> u64 {
        // A product's low bits depend only on the factors' low bits, and
        // the table picks buckets by the low bits: rotating the well-mixed
        // high bits down keeps keys that differ only above their low bits
        // (integers shifted past a tag) from piling into a few buckets.
        self.0.rotate_left(26)
    }
}

/// Builds `KeyHasher`s for a `HashMap` or `HashSet`.
pub type BuildKeyHasher = BuildHasherDefault<KeyHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::hash::BuildHasher;

    #[test]
    fn keys_differing_only_in_high_bits_spread_over_low_bits() {
        // Tagged integers: the value sits above a few tag bits.
        let build = BuildKeyHasher::default();
        for shift in [3u32, 8, 16] {
            let low: HashSet<u64> = (0..4096u64)
                .map(|i| build.hash_one((i << shift) | 1) & 0xfff)
                .collect();
            assert!(low.len() > 1700, "shift {shift}: {} buckets", low.len());
        }
    }
}
