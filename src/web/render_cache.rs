//! Rendered fragments that are pure functions of a position: the board SVG and the legal-moves
//! JSON of a game page. A correspondence game sits in one position for hours or days while both
//! players (and onlookers) reload its page, and a 16x16 board with its legal moves is most of
//! the page's cost, so each is rendered once per position and shared.
//!
//! The key must contain everything the fragment depends on (definition hash, FEN, side of
//! view, last move); values are immutable, so a stale entry cannot exist — only an unused one,
//! and those are dropped first-in first-out once the byte budget is spent.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// The game page's two caches. 16 MB each holds a few hundred 16x16 positions.
pub struct GameRenders {
    pub boards: RenderCache,
    pub legal_moves: RenderCache,
    /// The move diagrams of a variant's pieces, by definition hash.
    pub legends: RenderCache,
    /// A game's moves in SAN (one per line), by game and moves.
    pub san: RenderCache,
    /// The piece drawings of a variant's boards, by definition hash.
    pub sprites: RenderCache,
}

impl Default for GameRenders {
    fn default() -> Self {
        const BUDGET: usize = 16 * 1024 * 1024;
        Self {
            boards: RenderCache::new(BUDGET),
            legal_moves: RenderCache::new(BUDGET),
            legends: RenderCache::new(BUDGET / 4),
            san: RenderCache::new(BUDGET / 4),
            sprites: RenderCache::new(BUDGET / 4),
        }
    }
}

/// A byte-bounded map from key to rendered text.
pub struct RenderCache {
    budget: usize,
    inner: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    map: HashMap<String, Arc<str>>,
    /// Keys in insertion order, oldest first.
    order: VecDeque<String>,
    bytes: usize,
}

impl RenderCache {
    /// A cache holding at most about `budget` bytes of keys and values.
    pub fn new(budget: usize) -> Self {
        Self {
            budget,
            inner: Mutex::new(Entries::default()),
        }
    }

    /// The cached text for `key`, or `render()`'s, stored for next time. Rendering happens
    /// outside the lock: two threads may both render a new key, and one copy is kept.
    pub fn get_or_render(&self, key: String, render: impl FnOnce() -> String) -> Arc<str> {
        if let Some(hit) = self.lock().map.get(&key) {
            return Arc::clone(hit);
        }
        let value: Arc<str> = Arc::from(render());
        let size = key.len() + value.len();
        if size > self.budget {
            return value;
        }
        let mut entries = self.lock();
        if let Some(existing) = entries.map.get(&key) {
            return Arc::clone(existing);
        }
        entries.bytes += size;
        entries.order.push_back(key.clone());
        entries.map.insert(key, Arc::clone(&value));
        while entries.bytes > self.budget {
            let Some(oldest) = entries.order.pop_front() else {
                break;
            };
            if let Some(old) = entries.map.remove(&oldest) {
                entries.bytes -= oldest.len() + old.len();
            }
        }
        value
    }

    /// Bytes held (keys and values).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        // The entries stay consistent even if a holder panicked: every update is complete
        // before the guard drops.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_once_per_key() {
        let cache = RenderCache::new(1_000);
        let mut calls = 0;
        let a = cache.get_or_render("k".into(), || {
            calls += 1;
            "value".into()
        });
        let b = cache.get_or_render("k".into(), || {
            calls += 1;
            "other".into()
        });
        assert_eq!((&*a, &*b, calls), ("value", "value", 1));
        let c = cache.get_or_render("k2".into(), || "second".into());
        assert_eq!(&*c, "second");
        assert_eq!(cache.len(), 2);
    }

    #[test]
    fn stays_within_its_budget_dropping_the_oldest() {
        let cache = RenderCache::new(100);
        for i in 0..50 {
            cache.get_or_render(format!("key{i:02}"), || "x".repeat(15));
        }
        assert!(cache.bytes() <= 100, "{} bytes", cache.bytes());
        assert_eq!(cache.len(), 100 / 20);
        // The newest entries are the ones kept.
        let newest = cache.get_or_render("key49".into(), || "rendered again".into());
        assert_eq!(&*newest, "x".repeat(15));
        let oldest = cache.get_or_render("key00".into(), || "rendered again".into());
        assert_eq!(&*oldest, "rendered again");
    }

    #[test]
    fn oversized_values_are_returned_not_kept() {
        let cache = RenderCache::new(10);
        let v = cache.get_or_render("k".into(), || "much too long for the budget".into());
        assert_eq!(&*v, "much too long for the budget");
        assert!(cache.is_empty());
        assert_eq!(cache.bytes(), 0);
    }
}
