//! Standings and the crosstable of an event, from its games (pure: no database).
//!
//! A win is a point, a draw half (a finished game without a result, which only an
//! abandoned untimed game has, counts as a draw), a bye a point. Tie-breaks: a round-robin
//! uses Sonneborn-Berger (the scores of the opponents one beat, plus half those of the
//! opponents one drew); a Swiss event uses Buchholz (the sum of the opponents' scores; a bye
//! adds nothing) and then Sonneborn-Berger.

use std::collections::HashMap;

use super::{Entrant, TournamentGame, TournamentRow};
use crate::db::UserId;
use crate::domain::{GameResult, GameStatus};
use crate::games::GameId;

/// One player's line of the standings.
#[derive(Debug, Clone)]
pub struct Standing {
    pub rank: usize,
    pub user_id: UserId,
    pub username: String,
    /// Points times two.
    pub half_points: u32,
    /// In the order they break ties.
    pub tiebreaks: Vec<f64>,
    pub withdrawn: bool,
    pub games_played: usize,
}

impl Standing {
    /// `2½`, `3`, `0`.
    pub fn score(&self) -> String {
        points_text(self.half_points)
    }
}

pub fn points_text(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// One cell of the crosstable: a game and the row player's result in it.
#[derive(Debug, Clone)]
pub struct Cell {
    pub game: GameId,
    /// `1`, `½`, `0`, or `*` while it is played.
    pub symbol: &'static str,
    /// The row player had White.
    pub white: bool,
    /// Swiss: the opponent's rank.
    pub opponent_rank: usize,
}

/// Standings with the crosstable.
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub rows: Vec<Standing>,
    /// Round-robin: `cells[row][column]` (columns in row order), each the games of that pair.
    /// Swiss: `cells[row][round - 1]`, one game or none (a bye, or not yet paired).
    pub cells: Vec<Vec<Vec<Cell>>>,
    /// Swiss: the round each row's bye was in.
    pub byes: Vec<Option<i64>>,
    pub tiebreak_names: Vec<&'static str>,
    half_points: HashMap<UserId, u32>,
}

fn half_points_of(game: &TournamentGame, player: UserId) -> Option<u32> {
    if game.status != GameStatus::Finished {
        return None;
    }
    let white = game.white == player;
    Some(match game.result {
        Some(GameResult::WhiteWins) => {
            if white {
                2
            } else {
                0
            }
        }
        Some(GameResult::BlackWins) => {
            if white {
                0
            } else {
                2
            }
        }
        Some(GameResult::Draw) | None => 1,
    })
}

impl Table {
    pub fn build(t: &TournamentRow, entrants: &[Entrant], games: &[TournamentGame]) -> Table {
        let players: Vec<&Entrant> = entrants.iter().filter(|e| !e.is_invited()).collect();
        let mut points: HashMap<UserId, u32> = players
            .iter()
            .map(|p| (p.user_id, if p.bye_round.is_some() { 2 } else { 0 }))
            .collect();
        for g in games {
            for player in [g.white, g.black] {
                if let (Some(p), Some(score)) = (half_points_of(g, player), points.get_mut(&player))
                {
                    *score += p;
                }
            }
        }
        let score = |u: UserId| f64::from(points.get(&u).copied().unwrap_or(0)) / 2.0;
        let tiebreaks = |user: UserId| -> Vec<f64> {
            let mut buchholz = 0.0;
            let mut sonneborn = 0.0;
            for g in games.iter().filter(|g| g.white == user || g.black == user) {
                let Some(mine) = half_points_of(g, user) else {
                    continue;
                };
                let other = if g.white == user { g.black } else { g.white };
                buchholz += score(other);
                sonneborn += score(other) * f64::from(mine) / 2.0;
            }
            if t.is_swiss() {
                vec![buchholz, sonneborn]
            } else {
                vec![sonneborn]
            }
        };
        let mut rows: Vec<Standing> = players
            .iter()
            .map(|p| Standing {
                rank: 0,
                user_id: p.user_id,
                username: p.username.clone(),
                half_points: points.get(&p.user_id).copied().unwrap_or(0),
                tiebreaks: tiebreaks(p.user_id),
                withdrawn: p.is_withdrawn(),
                games_played: games
                    .iter()
                    .filter(|g| {
                        (g.white == p.user_id || g.black == p.user_id)
                            && g.status == GameStatus::Finished
                    })
                    .count(),
            })
            .collect();
        rows.sort_by(|a, b| {
            b.half_points
                .cmp(&a.half_points)
                .then_with(|| {
                    for (x, y) in a.tiebreaks.iter().zip(&b.tiebreaks) {
                        let order = y.total_cmp(x);
                        if order.is_ne() {
                            return order;
                        }
                    }
                    std::cmp::Ordering::Equal
                })
                .then_with(|| a.username.to_lowercase().cmp(&b.username.to_lowercase()))
        });
        for (i, row) in rows.iter_mut().enumerate() {
            row.rank = i + 1;
        }
        let cells = crosstable(t, &rows, games);
        let byes = rows
            .iter()
            .map(|r| {
                players
                    .iter()
                    .find(|p| p.user_id == r.user_id)
                    .and_then(|p| p.bye_round)
            })
            .collect();
        Table {
            rows,
            cells,
            byes,
            tiebreak_names: if t.is_swiss() {
                vec!["Buchholz", "Sonneborn-Berger"]
            } else {
                vec!["Sonneborn-Berger"]
            },
            half_points: points,
        }
    }

    /// A player's points times two.
    pub fn half_points(&self, user: UserId) -> u32 {
        self.half_points.get(&user).copied().unwrap_or(0)
    }
}

/// The crosstable's cells for `rows` (ranked): see [`Table::cells`].
fn crosstable(
    t: &TournamentRow,
    rows: &[Standing],
    games: &[TournamentGame],
) -> Vec<Vec<Vec<Cell>>> {
    let rank: HashMap<UserId, usize> = rows.iter().map(|r| (r.user_id, r.rank)).collect();
    let cell = |g: &TournamentGame, user: UserId| Cell {
        game: g.id,
        symbol: match half_points_of(g, user) {
            Some(2) => "1",
            Some(1) => "½",
            Some(_) => "0",
            None => "*",
        },
        white: g.white == user,
        opponent_rank: rank
            .get(&if g.white == user { g.black } else { g.white })
            .copied()
            .unwrap_or(0),
    };
    if t.is_swiss() {
        let rounds = games
            .iter()
            .map(|g| g.round)
            .max()
            .unwrap_or(0)
            .max(t.current_round);
        rows.iter()
            .map(|r| {
                (1..=rounds)
                    .map(|round| {
                        games
                            .iter()
                            .filter(|g| {
                                g.round == round && (g.white == r.user_id || g.black == r.user_id)
                            })
                            .map(|g| cell(g, r.user_id))
                            .collect()
                    })
                    .collect()
            })
            .collect()
    } else {
        rows.iter()
            .map(|r| {
                rows.iter()
                    .map(|c| {
                        games
                            .iter()
                            .filter(|g| {
                                (g.white == r.user_id && g.black == c.user_id)
                                    || (g.black == r.user_id && g.white == c.user_id)
                            })
                            .map(|g| cell(g, r.user_id))
                            .collect()
                    })
                    .collect()
            })
            .collect()
    }
}
