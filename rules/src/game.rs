//! A game: start position, moves, and the game-end rules (8.5).

use crate::notation::{IllegalMove, MoveError};
use crate::position::{Move, Position};
use crate::square::Color;
use crate::variant::{RuleOptions, StalemateRule};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DecisiveReason {
    Checkmate,
    /// The stalemated side loses (or wins) by the variant's `[end]` rule.
    Stalemate,
    /// A side was left with its royal piece alone (the variant's bare-King rule).
    BareKing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DrawReason {
    Stalemate,
    Repetition,
    MoveCount,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    Decisive {
        winner: Color,
        reason: DecisiveReason,
    },
    Draw {
        reason: DrawReason,
    },
}

/// A start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    current: Position,
    /// Repetition keys of every position so far, the start included.
    keys: Vec<u64>,
    options: RuleOptions,
}

impl Game {
    /// A game from `start` with the variant's own draw rules.
    pub fn new(start: Position) -> Game {
        let options = start.variant().rule_options();
        Game::with_options(start, options)
    }

    /// A game from `start` with the given draw rules (presets).
    pub fn with_options(start: Position, options: RuleOptions) -> Game {
        let key = start.repetition_key();
        Game {
            current: start.clone(),
            start,
            moves: Vec::new(),
            keys: vec![key],
            options,
        }
    }

    pub fn start(&self) -> &Position {
        &self.start
    }
    pub fn position(&self) -> &Position {
        &self.current
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    pub fn options(&self) -> RuleOptions {
        self.options
    }

    /// Plays a legal move; refused once the game is over.
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let next = self.current.play(mv)?;
        self.push(*mv, next);
        Ok(())
    }

    /// Parses and plays a move text; returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::Illegal(IllegalMove::GameOver));
        }
        // `parse_move` only returns legal moves: no second legality test.
        let mv = self.current.parse_move(text)?;
        self.push(mv, self.current.play_unchecked(&mv));
        Ok(mv)
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.keys.push(next.repetition_key());
        self.moves.push(mv);
        self.current = next;
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn occurrences(&self) -> usize {
        let key = self.keys.last().copied().unwrap_or(0);
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// The result, if the game is over: checkmate, stalemate, repetition or move count.
    pub fn outcome(&self) -> Option<Outcome> {
        Game::outcome_at(&self.current, self.occurrences(), self.options)
    }

    /// The bare-King rule's verdict at `position`, when the variant has the rule and it
    /// applies: the side that just moved loses when it is left alone against two pieces or
    /// more; the side to move loses when it is alone against three or more (against two it
    /// may still take one and bare the opponent in turn, which the next position judges).
    pub fn bare_king_outcome(position: &Position) -> Option<Outcome> {
        if !position.variant().end_rules().bare_king {
            return None;
        }
        let to_move = position.side_to_move();
        let moved = to_move.opposite();
        let (mover_count, other_count) =
            (position.piece_count(to_move), position.piece_count(moved));
        let winner = if other_count <= 1 && mover_count >= 2 {
            to_move
        } else if mover_count <= 1 && other_count >= 3 {
            moved
        } else {
            return None;
        };
        Some(Outcome::Decisive {
            winner,
            reason: DecisiveReason::BareKing,
        })
    }

    /// The result at `position`, reached for the `occurrences`-th time (1 = first time), under
    /// the draw rules `options`. For callers that keep a game's history themselves (a server
    /// storing positions) and need not rebuild a [`Game`] to judge one move.
    pub fn outcome_at(
        position: &Position,
        occurrences: usize,
        options: RuleOptions,
    ) -> Option<Outcome> {
        let end = position.variant().end_rules();
        let mover = position.side_to_move();
        if let Some(outcome) = Game::bare_king_outcome(position) {
            return Some(outcome);
        }
        if position.legal_moves().is_empty() {
            return Some(if position.is_check() {
                Outcome::Decisive {
                    winner: mover.opposite(),
                    reason: DecisiveReason::Checkmate,
                }
            } else {
                match end.stalemate {
                    StalemateRule::Draw => Outcome::Draw {
                        reason: DrawReason::Stalemate,
                    },
                    StalemateRule::Loss => Outcome::Decisive {
                        winner: mover.opposite(),
                        reason: DecisiveReason::Stalemate,
                    },
                    StalemateRule::Win => Outcome::Decisive {
                        winner: mover,
                        reason: DecisiveReason::Stalemate,
                    },
                }
            });
        }
        if options.repetition && occurrences >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if let Some(limit) = options.move_count_limit {
            if position.halfmove_clock() >= limit {
                return Some(Outcome::Draw {
                    reason: DrawReason::MoveCount,
                });
            }
        }
        None
    }
}
