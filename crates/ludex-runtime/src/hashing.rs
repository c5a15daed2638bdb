//! The runtime's one hand-written hasher: position hashes for `repetitions` and the keys of the
//! walk search's set of effects seen are a few small integers each, for which a word-at-a-time
//! multiply-rotate hash is both deterministic and much cheaper than SipHash.

use std::hash::Hasher;

/// A small, fast, deterministic hasher (the same hash on every run and machine) that takes a
/// word at a time.
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl WordHasher {
    /// A hasher that starts from a hash already made (the board's, kept as the board changes).
    pub(super) fn seeded(seed: u64) -> WordHasher {
        WordHasher(seed)
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(byte.into());
    }

    fn write_u16(&mut self, word: u16) {
        self.write_u64(word.into());
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(word.into());
    }

    fn write_i32(&mut self, word: i32) {
        self.write_u64(word as u32 as u64);
    }

    fn write_i64(&mut self, word: i64) {
        self.write_u64(word as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
