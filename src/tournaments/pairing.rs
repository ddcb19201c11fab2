//! Tournament pairings, as pure functions (no database): round-robin schedules with balanced
//! colours, and Swiss rounds.
//!
//! **Round-robin.** The circle method gives each round's pairs (with an odd field, the
//! player paired with the empty seat sits out that round). Colours do not follow the rounds,
//! since a correspondence round-robin plays every game at once: among the first `m - 1`
//! seats (`m` even) player `i` has White against `j` when `(j - i) mod (m - 1)` is at most
//! `(m - 2) / 2`, which gives each of them as many Whites as Blacks against the others, and
//! the last seat has White against the odd seats. So in a single round-robin nobody has
//! more than one White more than Blacks, or the reverse; a double round-robin plays every
//! pair again with the colours swapped.
//!
//! **Swiss** (the rules the help page states):
//! 1. Players are ranked by score, then by rating.
//! 2. With an odd number of players, the lowest-ranked player who has not had a bye gets one
//!    (one point); nobody gets two.
//! 3. Nobody meets the same opponent twice.
//! 4. Players meet others with the same score where possible: each score group is paired
//!    top half against bottom half, and a player who cannot be paired in their group floats
//!    down to the next one.
//! 5. Colours: each player gets the colour they are due — the other one than last time,
//!    and never the same colour three times in a row where that can be avoided; between two
//!    players due the same colour, the higher-ranked one gets it.

use std::collections::HashSet;

/// A player's side in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// One game of a schedule: indexes into the player list, White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub white: usize,
    pub black: usize,
}

/// A round-robin among `players` (single or double): the rounds, each a list of games.
pub fn round_robin(players: usize, double: bool) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    // An even number of seats; with an odd field the last seat is empty.
    let seats = players + players % 2;
    let odd_part = seats - 1;
    let white_first = |a: usize, b: usize| -> bool {
        let last = seats - 1;
        if a == last {
            return b % 2 == 1;
        }
        if b == last {
            return a.is_multiple_of(2);
        }
        let ahead = (b + odd_part - a) % odd_part;
        ahead >= 1 && ahead <= (odd_part - 1) / 2
    };
    let mut rounds = Vec::new();
    // The circle method: seat `last` stays, the others turn one place a round.
    let mut circle: Vec<usize> = (0..seats).collect();
    for _ in 0..seats - 1 {
        let mut games = Vec::new();
        for i in 0..seats / 2 {
            let (a, b) = (circle[i], circle[seats - 1 - i]);
            if a >= players || b >= players {
                continue;
            }
            games.push(if white_first(a, b) {
                Pairing { white: a, black: b }
            } else {
                Pairing { white: b, black: a }
            });
        }
        rounds.push(games);
        let moved = circle.remove(seats - 2);
        circle.insert(0, moved);
    }
    if double {
        let second: Vec<Vec<Pairing>> = rounds
            .iter()
            .map(|games| {
                games
                    .iter()
                    .map(|p| Pairing {
                        white: p.black,
                        black: p.white,
                    })
                    .collect()
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// A player as the Swiss pairing sees them before a round.
#[derive(Debug, Clone)]
pub struct SwissPlayer {
    /// Points times two (a draw is 1).
    pub half_points: u32,
    pub rating: f64,
    /// The colours of their games so far, in order (a bye adds nothing).
    pub colours: Vec<Colour>,
    /// Indexes of the players they have met.
    pub met: HashSet<usize>,
    pub had_bye: bool,
}

impl SwissPlayer {
    /// The colour they are due and whether it is a must (two of the other in a row).
    fn due(&self) -> Option<(Colour, bool)> {
        let last = *self.colours.last()?;
        let twice = self.colours.len() >= 2 && self.colours[self.colours.len() - 2] == last;
        let whites = self.colours.iter().filter(|c| **c == Colour::White).count();
        let blacks = self.colours.len() - whites;
        let strong = twice || whites.abs_diff(blacks) >= 2;
        Some((last.other(), strong))
    }
}

/// One Swiss round: the games and the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    pub games: Vec<Pairing>,
    pub bye: Option<usize>,
}

/// Most search steps one pass of a round's pairing may take (a pass that needs more gives
/// way to the next, looser one).
const SEARCH_BUDGET: usize = 200_000;

/// Pairs the next Swiss round, or `None` when no pairing avoids a repeat.
pub fn swiss_round(players: &[SwissPlayer]) -> Option<SwissRound> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        players[b]
            .half_points
            .cmp(&players[a].half_points)
            .then(players[b].rating.total_cmp(&players[a].rating))
            .then(a.cmp(&b))
    });
    if order.len().is_multiple_of(2) {
        let pairs = pair_all(players, &order)?;
        return Some(SwissRound {
            games: colour(players, &order, pairs),
            bye: None,
        });
    }
    // The bye: the lowest-ranked player without one whose absence leaves a pairing.
    for (at, &candidate) in order.iter().enumerate().rev() {
        if players[candidate].had_bye {
            continue;
        }
        let mut rest = order.clone();
        rest.remove(at);
        if let Some(pairs) = pair_all(players, &rest) {
            return Some(SwissRound {
                games: colour(players, &rest, pairs),
                bye: Some(candidate),
            });
        }
    }
    None
}

/// Pairs every player of `order` (ranked), by depth-first search over the candidates in
/// order of preference.
/// Two players who must both have the same colour meet only when nothing else works.
fn pair_all(players: &[SwissPlayer], order: &[usize]) -> Option<Vec<(usize, usize)>> {
    // First with no more players floating down than there are score groups (one odd player
    // out per group), then with as many as it takes.
    let groups = order
        .iter()
        .map(|&p| players[p].half_points)
        .collect::<HashSet<_>>()
        .len();
    for (strict, floats) in [(true, groups), (true, usize::MAX), (false, usize::MAX)] {
        let mut paired = vec![false; order.len()];
        let mut pairs = Vec::with_capacity(order.len() / 2);
        let mut budget = SEARCH_BUDGET;
        let mut search = Search {
            players,
            order,
            strict,
            floats,
            budget: &mut budget,
        };
        if search.run(&mut paired, &mut pairs) {
            return Some(pairs);
        }
    }
    None
}

struct Search<'a> {
    players: &'a [SwissPlayer],
    order: &'a [usize],
    /// Refuse pairs whose players must both have the same colour.
    strict: bool,
    /// Pairs across scores still allowed.
    floats: usize,
    budget: &'a mut usize,
}

impl Search<'_> {
    fn run(&mut self, paired: &mut Vec<bool>, pairs: &mut Vec<(usize, usize)>) -> bool {
        let (players, order) = (self.players, self.order);
        let Some(first) = paired.iter().position(|p| !p) else {
            return true;
        };
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        let top = order[first];
        let score = players[top].half_points;
        // The score group of the top player, as it stands among the unpaired.
        let group: Vec<usize> = (first..order.len())
            .filter(|&i| !paired[i] && players[order[i]].half_points == score)
            .collect();
        let ideal = group.len() / 2;
        let mut candidates: Vec<(u32, u32, usize, usize)> = (first + 1..order.len())
            .filter(|&i| !paired[i] && !players[top].met.contains(&order[i]))
            .filter_map(|i| {
                let other = order[i];
                let gap = score.abs_diff(players[other].half_points);
                let clash = match (players[top].due(), players[other].due()) {
                    (Some((a, true)), Some((b, true))) if a == b => 2,
                    (Some((a, _)), Some((b, _))) if a == b => 1,
                    _ => 0,
                };
                if (self.strict && clash == 2) || (gap > 0 && self.floats == 0) {
                    return None;
                }
                let position = group.iter().position(|&g| g == i).unwrap_or(group.len());
                Some((gap, clash, position.abs_diff(ideal), i))
            })
            .collect();
        candidates.sort_unstable();
        paired[first] = true;
        for (gap, _, _, i) in candidates {
            paired[i] = true;
            pairs.push((top, order[i]));
            let floated = usize::from(gap > 0);
            self.floats -= floated;
            let done = self.run(paired, pairs);
            self.floats += floated;
            if done {
                return true;
            }
            pairs.pop();
            paired[i] = false;
        }
        paired[first] = false;
        false
    }
}

/// Gives each pair its colours: the colour each is due, a must before a wish, the
/// higher-ranked player's wish before the other's; without history, the higher-ranked
/// player takes White on even boards.
fn colour(players: &[SwissPlayer], order: &[usize], pairs: Vec<(usize, usize)>) -> Vec<Pairing> {
    let rank = |p: usize| order.iter().position(|&o| o == p).unwrap_or(usize::MAX);
    pairs
        .into_iter()
        .enumerate()
        .map(|(board, (a, b))| {
            let (high, low) = if rank(a) <= rank(b) { (a, b) } else { (b, a) };
            let high_white = match (players[high].due(), players[low].due()) {
                (Some((c, true)), Some((_, false))) | (Some((c, _)), None) => c == Colour::White,
                (Some((_, false)), Some((c, true))) | (None, Some((c, _))) => c == Colour::Black,
                (Some((c, _)), Some(_)) => c == Colour::White,
                (None, None) => board % 2 == 0,
            };
            if high_white {
                Pairing {
                    white: high,
                    black: low,
                }
            } else {
                Pairing {
                    white: low,
                    black: high,
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_pair_meets_once_with_balanced_colours() {
        for n in 3..=20 {
            let rounds = round_robin(n, false);
            let mut met = HashSet::new();
            let mut whites = vec![0i32; n];
            let mut games = vec![0usize; n];
            for round in &rounds {
                let mut busy = HashSet::new();
                for p in round {
                    assert!(
                        busy.insert(p.white) && busy.insert(p.black),
                        "n={n}: twice in a round"
                    );
                    assert!(
                        met.insert((p.white.min(p.black), p.white.max(p.black))),
                        "n={n}: a pair twice"
                    );
                    whites[p.white] += 1;
                    games[p.white] += 1;
                    games[p.black] += 1;
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n={n}: every pair");
            for i in 0..n {
                assert_eq!(games[i], n - 1);
                let blacks = games[i] as i32 - whites[i];
                assert!(
                    (whites[i] - blacks).abs() <= 1,
                    "n={n}: player {i} has {} W {blacks} B",
                    whites[i]
                );
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_the_colours() {
        for n in 3..=12 {
            let rounds = round_robin(n, true);
            let mut seen: HashSet<(usize, usize)> = HashSet::new();
            for p in rounds.iter().flatten() {
                assert!(
                    seen.insert((p.white, p.black)),
                    "n={n}: the same colours twice"
                );
            }
            assert_eq!(seen.len(), n * (n - 1));
        }
    }

    /// A simulated Swiss event with random results; checks every rule after each round.
    fn simulate(n: usize, rounds: usize, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut players: Vec<SwissPlayer> = (0..n)
            .map(|_| SwissPlayer {
                half_points: 0,
                rating: rng.gen_range(1200.0..2200.0),
                colours: Vec::new(),
                met: HashSet::new(),
                had_bye: false,
            })
            .collect();
        for round in 0..rounds {
            let paired = swiss_round(&players)
                .unwrap_or_else(|| panic!("n={n} seed={seed}: round {round} could not be paired"));
            assert_eq!(paired.bye.is_some(), n % 2 == 1);
            let mut busy = HashSet::new();
            // Score groups: a float is a pair across scores; each group with an odd count
            // sends at most one down, so floats never outnumber the groups.
            let groups: HashSet<u32> = players.iter().map(|p| p.half_points).collect();
            let floats = paired
                .games
                .iter()
                .filter(|g| players[g.white].half_points != players[g.black].half_points)
                .count();
            assert!(
                floats <= groups.len(),
                "n={n} seed={seed} round {round}: {floats} floats for {} groups",
                groups.len()
            );
            for g in &paired.games {
                assert!(busy.insert(g.white) && busy.insert(g.black));
                assert!(
                    !players[g.white].met.contains(&g.black),
                    "n={n} seed={seed}: a repeat"
                );
            }
            if let Some(bye) = paired.bye {
                assert!(!players[bye].had_bye, "n={n} seed={seed}: a second bye");
                assert!(busy.insert(bye));
                players[bye].had_bye = true;
                players[bye].half_points += 2;
            }
            assert_eq!(busy.len(), n, "everyone plays or has the bye");
            for g in &paired.games {
                let (w, b) = (g.white, g.black);
                players[w].met.insert(b);
                players[b].met.insert(w);
                players[w].colours.push(Colour::White);
                players[b].colours.push(Colour::Black);
                match rng.gen_range(0..3) {
                    0 => players[w].half_points += 2,
                    1 => players[b].half_points += 2,
                    _ => {
                        players[w].half_points += 1;
                        players[b].half_points += 1;
                    }
                }
            }
        }
        for (i, p) in players.iter().enumerate() {
            for three in p.colours.windows(3) {
                assert!(
                    !(three[0] == three[1] && three[1] == three[2]),
                    "n={n} seed={seed}: player {i} has {:?}",
                    p.colours
                );
            }
            let whites = p.colours.iter().filter(|c| **c == Colour::White).count();
            assert!(
                whites.abs_diff(p.colours.len() - whites) <= 2,
                "n={n} seed={seed}: {:?}",
                p.colours
            );
        }
    }

    #[test]
    fn swiss_events_of_7_16_and_33_players_keep_the_rules() {
        for seed in 0..30 {
            simulate(7, 4, seed);
            simulate(16, 5, seed);
            simulate(33, 6, seed);
        }
    }
}
