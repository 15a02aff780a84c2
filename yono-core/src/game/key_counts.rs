//! How often each position of a game has occurred: the table behind the fourfold
//! repetition rule, kept up to date by play and undo.

/// How many times each position key occurs in the game so far: an open-addressing
/// table with linear probing, indexed by the key's low bits (Zobrist keys are already
/// uniformly random, so they need no hashing), at most half full so a probe rarely
/// goes past the first slot. A key leaves when its count falls to zero (backward-shift
/// deletion, so no tombstones pile up); the table holds at most one entry per position
/// of the game and never shrinks, so play and undo allocate nothing once it has grown.
/// Play and undo each cost a few instructions, the same at any game length (a
/// `HashMap` with an identity hasher cost about twice as much).
#[derive(Clone, Debug)]
pub(super) struct KeyCounts {
    /// `(key, count)`; a count of 0 marks an empty slot. The length is a power of two.
    slots: Box<[(u64, u32)]>,
    /// Occupied slots.
    len: usize,
}

impl Default for KeyCounts {
    fn default() -> KeyCounts {
        KeyCounts {
            slots: vec![(0, 0); 16].into_boxed_slice(),
            len: 0,
        }
    }
}

impl KeyCounts {
    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.mask();
        let mut i = key as usize & mask;
        loop {
            let (k, n) = self.slots[i];
            if n == 0 || k == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// How often `key` has occurred.
    pub(super) fn get(&self, key: u64) -> u32 {
        self.slots[self.find(key)].1
    }

    /// Counts one more occurrence of `key`; returns the new count.
    #[inline]
    pub(super) fn add(&mut self, key: u64) -> u32 {
        let i = self.find(key);
        let slot = &mut self.slots[i];
        if slot.1 > 0 {
            slot.1 = slot.1.saturating_add(1);
            return slot.1;
        }
        *slot = (key, 1);
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
        1
    }

    /// Counts one occurrence of `key` less (nothing if it has none).
    #[inline]
    pub(super) fn remove_one(&mut self, key: u64) {
        let mut hole = self.find(key);
        match self.slots[hole].1 {
            0 => return,
            1 => {}
            _ => {
                self.slots[hole].1 -= 1;
                return;
            }
        }
        // Backward-shift deletion: move up each later entry of the run that may live
        // in the hole (its home slot is not cyclically between the hole and it).
        let mask = self.mask();
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let (k, n) = self.slots[j];
            if n == 0 {
                break;
            }
            let home = k as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = (k, n);
                hole = j;
            }
        }
        self.slots[hole] = (0, 0);
        self.len -= 1;
    }

    /// Doubles the table.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![(0, 0); self.slots.len() * 2].into_boxed_slice();
        let old = std::mem::replace(&mut self.slots, doubled);
        for (key, count) in old.iter().copied().filter(|&(_, n)| n > 0) {
            let i = self.find(key);
            self.slots[i] = (key, count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::KeyCounts;
    use std::collections::HashMap;

    /// The table against a `HashMap` model, over random adds and removes of keys that
    /// crowd a few home slots (long runs, runs that wrap past the end, growth), checking
    /// every count after every step.
    #[test]
    fn key_counts_agree_with_a_map() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        // Keys whose low bits fall on few slots: 40 keys, 6 home slots near the end of
        // a 16-slot table (so runs wrap), different high bits.
        let keys: Vec<u64> = (0..40u64)
            .map(|i| (i << 40) | [11, 12, 13, 14, 15, 0][i as usize % 6])
            .collect();
        let mut table = KeyCounts::default();
        let mut model: HashMap<u64, u32> = HashMap::new();
        for step in 0..20_000 {
            let key = keys[(next() % keys.len() as u64) as usize];
            // More adds than removes at first (the table grows), then balanced.
            let add = next() % 100 < if step < 2_000 { 70 } else { 50 };
            if add {
                let n = model.entry(key).or_insert(0);
                *n += 1;
                assert_eq!(table.add(key), *n);
            } else {
                table.remove_one(key);
                if let Some(n) = model.get_mut(&key) {
                    *n -= 1;
                    if *n == 0 {
                        model.remove(&key);
                    }
                }
            }
            assert_eq!(table.len, model.len(), "step {step}");
            for &k in &keys {
                assert_eq!(
                    table.get(k),
                    model.get(&k).copied().unwrap_or(0),
                    "step {step}"
                );
            }
        }
        // Emptied again: every slot is free.
        for &k in &keys {
            while table.get(k) > 0 {
                table.remove_one(k);
            }
        }
        assert_eq!(table.len, 0);
        assert!(table.slots.iter().all(|&(_, n)| n == 0));
    }
}
