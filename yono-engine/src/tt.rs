//! The transposition table: buckets of four entries (one 64-byte cache line),
//! depth-preferred replacement, the static evaluation kept beside the searched value,
//! shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64` words: `data` and `key ^ data`. A reader accepts an
//! entry only when the two words give back its key, so an entry torn by two threads
//! writing at once (one word from each) is simply a miss (Hyatt's lockless hashing).
//! Everything is a relaxed atomic in safe Rust: there is no data race to find, only
//! entries that read as misses.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::score::Value;

/// How a stored value bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
    /// The value itself.
    Exact,
}

impl Bound {
    /// Whether a value `value` bounded so ends a node searched in the window
    /// (`alpha`, `beta`): it is exact, or a bound that already lies outside the window.
    #[inline]
    pub(crate) fn ends_window(self, value: Value, alpha: Value, beta: Value) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }

    /// How the best value `best` of a node searched in the window (`alpha`, `beta`)
    /// bounds its true value: a cutoff at beta is a lower bound, a value inside the
    /// window of a PV node is exact, and anything else (every move failed low, or a
    /// null window) is an upper bound.
    #[inline]
    pub(crate) fn of_result(best: Value, alpha: Value, beta: Value, pv_node: bool) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The best (or refuting) move's code, if one was stored.
    pub mv: Option<u16>,
    /// The searched value (node-relative mate distances, see `score.rs`).
    pub value: Value,
    /// The static evaluation, if stored (not when the node was in check).
    pub eval: Option<Value>,
    /// The depth searched (0 for quiescence).
    pub depth: i32,
    pub bound: Bound,
}

const WAYS: usize = 4;
/// Entries of the last `GENERATIONS` searches are told apart (older ones are
/// replaced first); a search sees the entries of the searches before it since the
/// table was last wiped.
const GENERATIONS: u8 = 8;

// The data word: move 16 bits | value 20 | eval 16 | depth 7 | bound 2 | generation 3.
const MOVE_BITS: u32 = 16;
const VALUE_BITS: u32 = 20;
const EVAL_BITS: u32 = 16;
const DEPTH_BITS: u32 = 7;
const BOUND_BITS: u32 = 2;
const VALUE_SHIFT: u32 = MOVE_BITS;
const EVAL_SHIFT: u32 = VALUE_SHIFT + VALUE_BITS;
const DEPTH_SHIFT: u32 = EVAL_SHIFT + EVAL_BITS;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + DEPTH_BITS;
const GEN_SHIFT: u32 = BOUND_SHIFT + BOUND_BITS;
const NO_MOVE: u64 = 0xFFFE;
const NO_EVAL: i64 = -(1 << (EVAL_BITS - 1));
/// Largest value the 20-bit field holds (search values stay well inside it).
pub(crate) const MAX_STORED: Value = (1 << (VALUE_BITS - 1)) - 1;
/// The evaluation field holds 16 bits: evaluations are stored divided by this
/// (exact in standard Shogi, where they are centi-pawns; a 1/128 milli-point step in
/// Yo\[n\]o, where they are already multiples of 128).
pub(crate) struct EvalStep(pub i32);

fn field(word: u64, shift: u32, bits: u32) -> u64 {
    (word >> shift) & ((1 << bits) - 1)
}

fn signed(raw: u64, bits: u32) -> i64 {
    let shift = 64 - bits;
    ((raw << shift) as i64) >> shift
}

/// One bucket: its `WAYS` entries, each a check word (`key ^ data`) and a data
/// word, aligned to a cache line so that a probe touches one line, not two.
#[repr(align(64))]
struct Bucket([[AtomicU64; 2]; WAYS]);

impl Bucket {
    /// The entry at `way`: its (check, data) words.
    #[inline]
    fn load(&self, way: usize) -> (u64, u64) {
        let [check, data] = &self.0[way];
        (check.load(Relaxed), data.load(Relaxed))
    }
}

/// The shared table.
pub(crate) struct Table {
    slots: Vec<Bucket>,
    generation: std::sync::atomic::AtomicU8,
}

impl Table {
    /// A table of about `mb` MiB (a power of two of buckets, at least 1024).
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let fit = bytes / (WAYS * 16);
        let buckets = if fit.is_power_of_two() {
            fit
        } else {
            fit.next_power_of_two() / 2
        }
        .max(1024);
        Table {
            slots: (0..buckets)
                .map(|_| {
                    Bucket(std::array::from_fn(|_| {
                        [AtomicU64::new(0), AtomicU64::new(0)]
                    }))
                })
                .collect(),
            generation: std::sync::atomic::AtomicU8::new(0),
        }
    }

    /// Starts a new search. With `keep` it sees the entries of the searches before
    /// it (the same root seat of the same game: their values mean the same);
    /// without, the table is wiped first.
    pub(crate) fn new_search(&mut self, keep: bool) {
        let generation = self.generation.get_mut();
        // Generation 0 is a new table's, before any search: nothing to wipe.
        if !keep && *generation != 0 {
            for w in self.slots.iter_mut().flat_map(|b| b.0.iter_mut().flatten()) {
                *w.get_mut() = 0;
            }
        }
        // Generation 0 is never used again: a wiped (all-zero) entry is never current.
        *generation = *generation % (GENERATIONS - 1) + 1;
    }

    fn generation(&self) -> u64 {
        self.generation.load(Relaxed) as u64
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits choose the bucket (the low bits are the core's own index).
        &self.slots[(key >> 32) as usize & (self.slots.len() - 1)]
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that the probe
    /// a little later does not wait on memory.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let line = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: a prefetch is a hint: it reads nothing into the program and
            // cannot fault, and `line` points into the table.
            #[allow(unsafe_code)]
            unsafe {
                std::arch::x86_64::_mm_prefetch(line, std::arch::x86_64::_MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    #[inline]
    pub(crate) fn probe(&self, key: u64, step: &EvalStep) -> Option<Hit> {
        let bucket = self.bucket(key);
        for way in 0..WAYS {
            let (check, data) = bucket.load(way);
            if check ^ data != key {
                continue;
            }
            let mv = field(data, 0, MOVE_BITS);
            let eval = signed(field(data, EVAL_SHIFT, EVAL_BITS), EVAL_BITS);
            let bound = match field(data, BOUND_SHIFT, BOUND_BITS) {
                1 => Bound::Lower,
                2 => Bound::Upper,
                3 => Bound::Exact,
                _ => continue,
            };
            return Some(Hit {
                mv: (mv != NO_MOVE).then_some(mv as u16),
                value: signed(field(data, VALUE_SHIFT, VALUE_BITS), VALUE_BITS) as Value,
                eval: (eval != NO_EVAL).then(|| eval as i32 * step.0),
                depth: field(data, DEPTH_SHIFT, DEPTH_BITS) as i32 - 1,
                bound,
            });
        }
        None
    }

    /// Stores a search result. In the bucket it replaces, in this order: the entry
    /// of the same key (unless that one is deeper and the new one no exact value),
    /// an entry of an earlier search, the shallowest entry.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<u16>,
        value: Value,
        eval: Option<Value>,
        depth: i32,
        bound: Bound,
        step: &EvalStep,
    ) {
        let bucket = self.bucket(key);
        let generation = self.generation();
        let mut target = 0;
        let mut target_score = i32::MAX;
        let mut old_move = None;
        for way in 0..WAYS {
            let (check, data) = bucket.load(way);
            if check ^ data == key {
                let old_depth = field(data, DEPTH_SHIFT, DEPTH_BITS) as i32 - 1;
                if bound != Bound::Exact && old_depth > depth + 2 {
                    return;
                }
                let m = field(data, 0, MOVE_BITS);
                old_move = (m != NO_MOVE).then_some(m as u16);
                target = way;
                break;
            }
            let score = if field(data, GEN_SHIFT, 3) != generation {
                -1
            } else {
                field(data, DEPTH_SHIFT, DEPTH_BITS) as i32
            };
            if score < target_score {
                target_score = score;
                target = way;
            }
        }
        let mv = mv.or(old_move).map_or(NO_MOVE, u64::from);
        let value = value.clamp(-MAX_STORED, MAX_STORED) as i64;
        let eval = eval.map_or(NO_EVAL, |e| {
            (e / step.0).clamp(NO_EVAL as i32 + 1, -(NO_EVAL as i32) - 1) as i64
        });
        let bound = match bound {
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        };
        let depth = (depth + 1).clamp(0, (1 << DEPTH_BITS) - 1) as u64;
        let data = mv
            | ((value as u64) & ((1 << VALUE_BITS) - 1)) << VALUE_SHIFT
            | ((eval as u64) & ((1 << EVAL_BITS) - 1)) << EVAL_SHIFT
            | depth << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | generation << GEN_SHIFT;
        let [check_word, data_word] = &bucket.0[target];
        check_word.store(key ^ data, Relaxed);
        data_word.store(data, Relaxed);
    }

    /// Permille of the first thousand entries that belong to this search.
    pub(crate) fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let n = (self.slots.len() * WAYS).min(1000);
        let used = (0..n)
            .filter(|&e| {
                let (_, data) = self.slots[e / WAYS].load(e % WAYS);
                field(data, GEN_SHIFT, 3) == generation && field(data, BOUND_SHIFT, 2) != 0
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        let t = Table::new(1);
        for bucket in &t.slots {
            assert_eq!(bucket as *const Bucket as usize % 64, 0);
        }
        // A prefetch is a hint only: what a probe finds is the same after it.
        let step = EvalStep(1);
        t.store(
            0xABCD_0000_1234,
            Some(7),
            5,
            Some(3),
            4,
            Bound::Lower,
            &step,
        );
        let before = t
            .probe(0xABCD_0000_1234, &step)
            .map(|h| (h.mv, h.value, h.depth));
        t.prefetch(0xABCD_0000_1234);
        t.prefetch(u64::MAX);
        let after = t
            .probe(0xABCD_0000_1234, &step)
            .map(|h| (h.mv, h.value, h.depth));
        assert_eq!(before, Some((Some(7), 5, 4)));
        assert_eq!(after, before);
    }

    #[test]
    fn stores_and_finds_every_field() {
        let mut t = Table::new(1);
        t.new_search(false);
        let step = EvalStep(1);
        for (value, eval, depth) in [
            (-31_999, Some(-30_000), 0),
            (191_000, None, 60),
            (0, Some(5), -1),
        ] {
            let key = 0x1234_5678_9ABC_DEF0 ^ value as u64;
            t.store(key, Some(0x8350), value, eval, depth, Bound::Exact, &step);
            let hit = t.probe(key, &step).unwrap();
            assert_eq!(
                hit,
                Hit {
                    mv: Some(0x8350),
                    value,
                    eval,
                    depth,
                    bound: Bound::Exact
                }
            );
        }
    }

    #[test]
    fn a_kept_search_sees_the_earlier_ones_and_a_fresh_one_nothing() {
        let mut t = Table::new(1);
        t.new_search(false);
        let step = EvalStep(1);
        t.store(99, None, 5, None, 3, Bound::Lower, &step);
        assert!(t.probe(99, &step).is_some());
        for _ in 0..20 {
            t.new_search(true);
            assert_eq!(t.probe(99, &step).map(|h| h.value), Some(5));
        }
        t.new_search(false);
        assert!(t.probe(99, &step).is_none());
    }

    #[test]
    fn an_entry_of_an_earlier_search_is_replaced_first() {
        let mut t = Table::new(1);
        t.new_search(false);
        let step = EvalStep(1);
        // Four keys of one bucket (the high half picks it), the first the deepest.
        let keys: Vec<u64> = (0..4u64).map(|i| 5 << 32 | i).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, None, 0, None, 20 - i as i32, Bound::Exact, &step);
        }
        t.new_search(true);
        t.store(keys[3], None, 1, None, 1, Bound::Exact, &step);
        // A new key takes the slot of an entry of the earlier search, not the one
        // just stored, shallow as it is.
        t.store(5 << 32 | 99, None, 2, None, 1, Bound::Exact, &step);
        assert!(t.probe(keys[3], &step).is_some());
    }

    #[test]
    fn a_deeper_entry_survives_a_shallow_bound() {
        let mut t = Table::new(1);
        t.new_search(false);
        let step = EvalStep(1);
        t.store(7, Some(1), 10, None, 9, Bound::Lower, &step);
        t.store(7, Some(2), 20, None, 1, Bound::Upper, &step);
        assert_eq!(t.probe(7, &step).unwrap().depth, 9);
        t.store(7, None, 30, None, 1, Bound::Exact, &step);
        let hit = t.probe(7, &step).unwrap();
        // An exact value replaces it, keeping the stored move when it has none.
        assert_eq!((hit.depth, hit.value, hit.mv), (1, 30, Some(1)));
    }

    #[test]
    fn an_entry_torn_between_two_writers_reads_as_a_miss() {
        let mut t = Table::new(1);
        t.new_search(false);
        let step = EvalStep(1);
        // Two keys of one bucket, each stored once: then the first way is given the
        // check word of one and the data word of the other, as two threads writing at
        // once could leave it.
        let (a, b) = (0x0000_0001_0000_0001, 0x0000_0001_0000_0002);
        t.store(a, Some(1), 10, None, 5, Bound::Exact, &step);
        let [check, data] = &t.bucket(a).0[0];
        let check_a = check.load(Relaxed);
        check.store(0, Relaxed);
        data.store(0, Relaxed);
        t.store(b, Some(2), 20, None, 5, Bound::Exact, &step);
        assert_eq!(t.probe(b, &step).map(|h| h.value), Some(20));
        check.store(check_a, Relaxed);
        assert!(t.probe(a, &step).is_none());
        assert!(t.probe(b, &step).is_none());
    }

    #[test]
    fn threads_writing_one_bucket_never_read_another_keys_entry() {
        // Every key's entry carries a value made from the key: a reader that found
        // another key's value (or a mix of two) would have read a torn entry as a hit.
        let mut table = Table::new(1);
        table.new_search(false);
        let table = &table;
        let value_of = |key: u64| (key % 1000) as Value;
        let keys: Vec<u64> = (0..64).map(|n| (1 << 32) | n).collect(); // one bucket
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let keys = &keys;
                scope.spawn(move || {
                    let step = EvalStep(1);
                    let mut hits = 0;
                    for round in 0..20_000u64 {
                        let key = keys[((round * 7 + thread * 13) % 64) as usize];
                        let depth = (round % 20) as i32;
                        table.store(
                            key,
                            Some(key as u16),
                            value_of(key),
                            None,
                            depth,
                            Bound::Exact,
                            &step,
                        );
                        let probed = keys[((round * 11 + thread) % 64) as usize];
                        if let Some(hit) = table.probe(probed, &step) {
                            assert_eq!(
                                (hit.value, hit.mv),
                                (value_of(probed), Some(probed as u16))
                            );
                            hits += 1;
                        }
                    }
                    assert!(hits > 0, "no probe found its entry");
                });
            }
        });
    }
}
