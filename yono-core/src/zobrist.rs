//! Zobrist keys, generated at compile time, for incremental position hashing.

/// One step of SplitMix64 (Steele, Lea and Flood): returns the next state and the
/// output drawn from it. The crate's one pseudo-random generator, used for the Zobrist
/// keys at compile time and exported for the bindings' seeded random play.
///
/// ```
/// let (state, out) = yono::splitmix(0);
/// assert_eq!(out, 0xE220_A839_7B1D_CDAF);
/// assert_ne!(yono::splitmix(state).1, out);
/// ```
pub const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A small seeded random number generator: [`splitmix`] stepped on its state. What
/// the bindings and `yono-ml` draw random moves with, so that a seed gives the same
/// games everywhere.
///
/// ```
/// let mut rng = yono::SplitMix64(7);
/// let first = rng.next_u64();
/// assert_eq!(first, yono::splitmix(7).1);
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (`n > 0`; 0 when `n` is 0), by a multiply-shift, so without
    /// the bias of a remainder.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// Largest reserve count with its own key; larger counts (impossible in play) share it.
pub(crate) const MAX_RESERVE_KEY: usize = 20;

pub(crate) struct Keys {
    pub piece: [[[u64; 81]; 14]; 4],
    pub reserve: [[[u64; MAX_RESERVE_KEY + 1]; 7]; 4],
    pub turn: [u64; 4],
    pub in_game: [u64; 4],
}

const fn build() -> Keys {
    let mut keys = Keys {
        piece: [[[0; 81]; 14]; 4],
        reserve: [[[0; MAX_RESERVE_KEY + 1]; 7]; 4],
        turn: [0; 4],
        in_game: [0; 4],
    };
    let mut state = 0x5945_4E4F_5348_4F47; // "YENOSHOG"
    let mut s = 0;
    while s < 4 {
        let mut k = 0;
        while k < 14 {
            let mut q = 0;
            while q < 81 {
                let (st, v) = splitmix(state);
                state = st;
                keys.piece[s][k][q] = v;
                q += 1;
            }
            k += 1;
        }
        let mut h = 0;
        while h < 7 {
            // Count 0 keeps key 0 so an empty reserve adds nothing.
            let mut c = 1;
            while c <= MAX_RESERVE_KEY {
                let (st, v) = splitmix(state);
                state = st;
                keys.reserve[s][h][c] = v;
                c += 1;
            }
            h += 1;
        }
        let (st, v) = splitmix(state);
        keys.turn[s] = v;
        let (st, v2) = splitmix(st);
        keys.in_game[s] = v2;
        state = st;
        s += 1;
    }
    keys
}

pub(crate) static KEYS: Keys = build();

#[inline]
pub(crate) fn reserve_key(seat: usize, hand: usize, count: u8) -> u64 {
    KEYS.reserve[seat][hand][(count as usize).min(MAX_RESERVE_KEY)]
}
