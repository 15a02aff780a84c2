//! What more than one program needs: included by `mod support;` from
//! `gen_vectors.rs` and, by path, from `yono-core/selfplay/main.rs`.

/// xorshift64: deterministic for a seed, no dependency. The test vectors were
/// generated with it, so changing it changes `tests/vectors/*.json`.
pub struct Rng(pub u64);

impl Rng {
    /// A value in `0..n` (`n` > 0); the seed must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
