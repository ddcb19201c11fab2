//! The transposition table: a fixed number of entries chosen from a size in megabytes,
//! indexed by the position's Zobrist hash, one entry per slot (deeper or newer wins).

use plypost_rules::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    /// The search (generation) that stored it.
    pub age: u8,
}

pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    age: u8,
}

impl Table {
    /// A table of about `megabytes` MB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Option<Entry>>();
        let count = (megabytes.max(1) * 1024 * 1024 / entry).max(1);
        Table {
            slots: vec![None; count],
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// A new search begins: older entries become the first to be replaced.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Multiply-shift: the high bits of the product spread any key over the table.
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots
            .get(self.slot(key))
            .copied()
            .flatten()
            .filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.slot(key);
        let age = self.age;
        let Some(slot) = self.slots.get_mut(i) else {
            return;
        };
        let depth = depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        if let Some(old) = slot {
            let same = old.key == key;
            let keep = old.age == age && old.depth > depth + 2 && !same;
            if keep {
                return;
            }
            // Keep the old move when the new search of the same position found none.
            let mv = if same && mv.is_none() { old.mv } else { mv };
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age,
            });
            return;
        }
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
            age,
        });
    }

    /// Per mille of the slots in use by this search (UCI `hashfull`), from the first 1000.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| s.is_some_and(|e| e.age == self.age))
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}
