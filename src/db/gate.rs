//! A first-come-first-served gate in front of the connection pool.
//!
//! r2d2 wakes one waiter when a connection comes back, but any thread that asks at that
//! moment (often the one that just gave it back) can take it first. Under a load with more
//! requests than connections some waiters lost that race again and again, for up to seconds
//! (BENCHMARKS.md).
//! The gate holds as many permits as the pool has connections and hands a returned permit
//! straight to the oldest waiter, so nobody can overtake.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex};

pub(super) struct FairGate {
    state: Mutex<GateState>,
}

struct GateState {
    free: usize,
    waiting: VecDeque<Arc<Ticket>>,
}

/// One waiter's place in the queue; `granted` is set by whoever hands it a permit.
#[derive(Default)]
struct Ticket {
    granted: Mutex<bool>,
    wake: Condvar,
}

/// Held with a pooled connection; gives the permit to the next waiter when dropped.
pub(super) struct Permit {
    gate: Arc<FairGate>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.gate.release();
    }
}

impl FairGate {
    pub(super) fn new(permits: usize) -> Arc<Self> {
        Arc::new(FairGate {
            state: Mutex::new(GateState {
                free: permits,
                waiting: VecDeque::new(),
            }),
        })
    }

    /// Waits, behind everyone who came earlier, for a permit; `None` after `timeout`.
    pub(super) fn acquire(self: &Arc<Self>, timeout: Duration) -> Option<Permit> {
        let granted = || Some(Permit { gate: self.clone() });
        let ticket = {
            let mut state = self.state.lock();
            if state.free > 0 && state.waiting.is_empty() {
                state.free -= 1;
                return granted();
            }
            let ticket = Arc::new(Ticket::default());
            state.waiting.push_back(ticket.clone());
            ticket
        };
        let deadline = Instant::now() + timeout;
        {
            let mut given = ticket.granted.lock();
            while !*given {
                if ticket.wake.wait_until(&mut given, deadline).timed_out() {
                    break;
                }
            }
            if *given {
                return granted();
            }
        }
        // Timed out: leave the queue, unless a permit arrived in the meantime.
        let mut state = self.state.lock();
        match state.waiting.iter().position(|t| Arc::ptr_eq(t, &ticket)) {
            Some(place) => {
                state.waiting.remove(place);
                None
            }
            None => {
                drop(state);
                granted()
            }
        }
    }

    fn release(&self) {
        let mut state = self.state.lock();
        match state.waiting.pop_front() {
            Some(next) => {
                *next.granted.lock() = true;
                next.wake.notify_one();
            }
            None => state.free += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn never_more_holders_than_permits() {
        let gate = FairGate::new(3);
        let holders = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..12)
            .map(|_| {
                let (gate, holders, most) = (gate.clone(), holders.clone(), most.clone());
                std::thread::spawn(move || {
                    for _ in 0..200 {
                        let permit = gate.acquire(Duration::from_secs(10)).unwrap();
                        let now = holders.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::yield_now();
                        holders.fetch_sub(1, Ordering::SeqCst);
                        drop(permit);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 3);
        assert_eq!(gate.state.lock().free, 3, "every permit came back");
    }

    #[test]
    fn waiters_are_served_in_arrival_order() {
        let gate = FairGate::new(1);
        let first = gate.acquire(Duration::from_secs(1)).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut threads = Vec::new();
        for n in 0..5 {
            let (shared, order) = (gate.clone(), order.clone());
            threads.push(std::thread::spawn(move || {
                let _permit = shared.acquire(Duration::from_secs(10)).unwrap();
                order.lock().push(n);
            }));
            // Wait until this thread is queued before starting the next.
            while gate.state.lock().waiting.len() < n + 1 {
                std::thread::yield_now();
            }
        }
        // Each permit given back goes to the oldest waiter.
        drop(first);
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(*order.lock(), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_waiter_that_gives_up_leaves_the_queue() {
        let gate = FairGate::new(1);
        let held = gate.acquire(Duration::from_secs(1)).unwrap();
        assert!(gate.acquire(Duration::from_millis(20)).is_none());
        assert!(gate.state.lock().waiting.is_empty());
        drop(held);
        assert!(gate.acquire(Duration::from_millis(20)).is_some());
        assert_eq!(gate.state.lock().free, 1);
    }
}
