//! Conditional moves (Lichess's "forecast", with branches): while the opponent is to move, a
//! player may leave lines "if you play X, I reply Y, then if Z, I reply W...". When the
//! opponent moves, the write of that move looks for a line starting with it and plays the
//! answer at once, in the same transaction; a move no line expected drops the whole tree.
//! Only the author ever sees their tree. This module owns the `conditional_moves` table.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::{Game, Position};

use super::model::{GameId, GameRow};
use super::GameError;
use crate::clock::Clock;
use crate::db::schema::conditional_moves;
use crate::db::{Db, DbConn, UserId};
use crate::i18n::{Message, MessageValue};
use crate::presets::rules;

/// Most lines in a tree, and most plies in one line.
pub const MAX_LINES: usize = 64;
pub const MAX_LINE_PLIES: usize = 40;

/// A player's tree, as lines of compact moves from the opponent's next move (ply
/// `base_ply + 1`). Lines sharing a prefix form the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    pub base_ply: i64,
    pub lines: Vec<Vec<String>>,
}

/// A tree checked against its position: each line in compact form (stored) and in standard
/// notation (shown).
#[derive(Debug, Clone)]
pub struct CheckedTree {
    pub tree: Tree,
    pub san: Vec<Vec<String>>,
}

/// What the opponent's move does to the author's tree.
#[derive(Debug)]
pub(crate) enum Reply {
    /// No tree.
    Nothing,
    /// The move matched no line (or the tree was for another ply): it is gone.
    Dropped,
    /// Play `answer` (compact) for the author.
    Play { answer: String },
}

/// A refused move of a line: `why` is a message, or the engine's reason as it gave it.
fn refused(line: usize, ply: i64, text: &str, why: impl Into<MessageValue>) -> GameError {
    let message = if line == 0 {
        Message::new("error-game-conditional-ply")
    } else {
        Message::new("error-game-conditional-line-ply").arg("line", line)
    };
    GameError::Invalid(
        message
            .arg("ply", ply)
            .arg("move", text)
            .arg("why", why.into()),
    )
}

/// One move of a line, checked: stored form, standard notation, and the position after it.
#[derive(Debug, Clone)]
pub struct Step {
    pub compact: String,
    pub san: String,
    pub after: Position,
}

/// Plays `moves` (any accepted notation) from `position`, whose next ply is `first_ply`,
/// checking each; an error names the line (`line_number`, 0 for none), the ply and why.
pub fn follow(
    position: &Position,
    rules: &rules::Rules,
    first_ply: i64,
    line_number: usize,
    moves: &[String],
) -> Result<Vec<Step>, GameError> {
    let mut at = position.clone();
    let mut steps = Vec::with_capacity(moves.len());
    for (k, text) in moves.iter().enumerate() {
        let ply = first_ply + k as i64;
        if Game::outcome_at(&at, 1, rules.options).is_some() {
            return Err(refused(
                line_number,
                ply,
                text,
                Message::new("error-game-conditional-over-here"),
            ));
        }
        let mv = at
            .parse_move(text)
            .map_err(|e| refused(line_number, ply, text, e.to_string()))?;
        let after = at.play_unchecked(&mv);
        steps.push(Step {
            compact: at.move_compact(&mv),
            san: at.move_san(&mv),
            after: after.clone(),
        });
        at = after;
    }
    Ok(steps)
}

/// Reads lines typed one per text line ("e5 Nf3 Nc6 Bb5"); move numbers (`12.`, `12...`)
/// are skipped.
pub fn parse_text(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .filter(|word| {
                    !word
                        .trim_end_matches('.')
                        .chars()
                        .all(|c| c.is_ascii_digit())
                })
                .map(|word| {
                    // "12.e4" and "12...e5" carry their number in front.
                    let bare = word.trim_start_matches(|c: char| c.is_ascii_digit());
                    match bare.strip_prefix('.') {
                        Some(rest) => rest.trim_start_matches('.').to_owned(),
                        None => word.to_owned(),
                    }
                })
                .collect::<Vec<_>>()
        })
        .filter(|line| !line.is_empty())
        .collect()
}

/// Checks `lines` (moves in any accepted notation) from `position`, the game at `base_ply`:
/// every move legal where it stands, lines of opponent move and answer pairs, and one answer
/// for each expected move.
pub fn check(
    position: &Position,
    rules: &rules::Rules,
    base_ply: i64,
    lines: &[Vec<String>],
) -> Result<CheckedTree, GameError> {
    if lines.len() > MAX_LINES {
        return Err(GameError::Invalid(
            Message::new("error-game-conditional-too-many-lines")
                .arg("max", MAX_LINES)
                .arg("count", lines.len()),
        ));
    }
    let mut tree = Tree {
        base_ply,
        lines: Vec::new(),
    };
    let mut san: Vec<Vec<String>> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let number = i + 1;
        if line.is_empty() {
            continue;
        }
        if line.len() > MAX_LINE_PLIES {
            return Err(GameError::Invalid(
                Message::new("error-game-conditional-line-too-long")
                    .arg("line", number)
                    .arg("count", line.len())
                    .arg("max", MAX_LINE_PLIES),
            ));
        }
        if line.len() % 2 == 1 {
            return Err(GameError::Invalid(
                Message::new("error-game-conditional-line-ends-unanswered")
                    .arg("line", number)
                    .arg("move", &line[line.len() - 1]),
            ));
        }
        let steps = follow(position, rules, base_ply + 1, number, line)?;
        let compact: Vec<String> = steps.iter().map(|s| s.compact.clone()).collect();
        let written: Vec<String> = steps.into_iter().map(|s| s.san).collect();
        // One answer per expected move: lines that agree so far must give the same reply.
        for (j, earlier) in tree.lines.iter().enumerate() {
            let shared = earlier
                .iter()
                .zip(&compact)
                .take_while(|(a, b)| a == b)
                .count();
            if shared % 2 == 1 && shared < compact.len() && shared < earlier.len() {
                return Err(refused(
                    number,
                    base_ply + 1 + shared as i64,
                    &line[shared],
                    Message::new("error-game-conditional-two-answers")
                        .arg("other", j + 1)
                        .arg("move", &san[j][shared - 1])
                        .arg("answer", &san[j][shared]),
                ));
            }
        }
        tree.lines.push(compact);
        san.push(written);
    }
    Ok(CheckedTree { tree, san })
}

/// `user`'s tree in game `id`, if they have one.
pub fn of(conn: &mut DbConn, id: GameId, user: UserId) -> Result<Option<Tree>, GameError> {
    let row: Option<(i64, String)> = conditional_moves::table
        .find((id, user))
        .select((conditional_moves::base_ply, conditional_moves::lines))
        .first(conn)
        .optional()?;
    row.map(|(base_ply, lines)| {
        let lines = serde_json::from_str(&lines)
            .map_err(|e| GameError::Corrupt(format!("game {id}: conditional moves: {e}")))?;
        Ok(Tree { base_ply, lines })
    })
    .transpose()
}

/// Reads `user`'s tree with the standard notation of its moves (for their page or the API).
pub fn shown(
    conn: &mut DbConn,
    id: GameId,
    user: UserId,
) -> Result<Option<CheckedTree>, GameError> {
    let Some(tree) = of(conn, id, user)? else {
        return Ok(None);
    };
    let game = GameRow::load(conn, id)?;
    if tree.base_ply != game.ply {
        return Ok(None);
    }
    let rules = rules::load(conn, game.preset_version_id)?;
    let position = Position::from_fen(&rules.variant, &game.current_fen)
        .map_err(|e| GameError::Corrupt(format!("game {id}: current FEN: {e}")))?;
    check(&position, &rules, tree.base_ply, &tree.lines).map(Some)
}

fn store(
    conn: &mut DbConn,
    id: GameId,
    user: UserId,
    tree: &Tree,
    now: NaiveDateTime,
) -> Result<(), GameError> {
    let lines = serde_json::to_string(&tree.lines)
        .map_err(|e| GameError::Corrupt(format!("conditional moves: {e}")))?;
    forget(conn, id, user)?;
    diesel::insert_into(conditional_moves::table)
        .values((
            conditional_moves::game_id.eq(id),
            conditional_moves::user_id.eq(user),
            conditional_moves::base_ply.eq(tree.base_ply),
            conditional_moves::lines.eq(lines),
            conditional_moves::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

fn forget(conn: &mut DbConn, id: GameId, user: UserId) -> Result<(), GameError> {
    diesel::delete(
        conditional_moves::table
            .filter(conditional_moves::game_id.eq(id))
            .filter(conditional_moves::user_id.eq(user)),
    )
    .execute(conn)?;
    Ok(())
}

/// Replaces `user`'s tree in game `id` with `lines` (any accepted notation), checked against
/// the game as it is. Allowed to a player of an active game while the opponent is to move.
/// The game row is locked first, so a move racing this save either comes before it (and the
/// save is refused: the game moved on) or sees the saved tree.
pub fn save(
    db: &mut Db,
    clock: &dyn Clock,
    id: GameId,
    user: UserId,
    expected_ply: Option<i64>,
    lines: &[Vec<String>],
) -> Result<CheckedTree, GameError> {
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(Message::new(
                "error-game-conditional-players-only",
            )));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        if expected_ply.is_some_and(|ply| ply != game.ply) {
            return Err(GameError::MovedOn);
        }
        if game.player_to_move() == user {
            return Err(GameError::Invalid(Message::new(
                "error-game-conditional-your-move",
            )));
        }
        let rules = rules::load(conn, game.preset_version_id)?;
        let position = Position::from_fen(&rules.variant, &game.current_fen)
            .map_err(|e| GameError::Corrupt(format!("game {id}: current FEN: {e}")))?;
        let checked = check(&position, &rules, game.ply, lines)?;
        if checked.tree.lines.is_empty() {
            forget(conn, id, user)?;
        } else {
            store(conn, id, user, &checked.tree, clock.now_db())?;
        }
        Ok(checked)
    })
}

/// Adds one line (any notation) to `user`'s tree in game `id`: the analysis board's "save
/// this line".
pub fn add_line(
    db: &mut Db,
    clock: &dyn Clock,
    id: GameId,
    user: UserId,
    expected_ply: Option<i64>,
    line: Vec<String>,
) -> Result<CheckedTree, GameError> {
    let game = GameRow::load(db, id)?;
    let mut lines = of(db, id, user)?
        .filter(|tree| tree.base_ply == game.ply)
        .map(|tree| tree.lines)
        .unwrap_or_default();
    lines.push(line);
    save(db, clock, id, user, expected_ply, &lines)
}

/// Deletes `user`'s tree in game `id` (nothing happens when there is none).
pub fn delete(db: &mut Db, id: GameId, user: UserId) -> Result<(), GameError> {
    db.write(|conn| forget(conn, id, user))
}

/// Inside the write of a move: what the author's tree (the player now to move in `game`,
/// the row as the opponent's move `played` left it) says. Advances the tree past the answer,
/// or drops it.
pub(crate) fn reply_to(
    conn: &mut DbConn,
    game: &GameRow,
    author: UserId,
    played: &str,
    now: NaiveDateTime,
) -> Result<Reply, GameError> {
    let Some(tree) = of(conn, game.id, author)? else {
        return Ok(Reply::Nothing);
    };
    let answer = (tree.base_ply == game.ply - 1)
        .then(|| {
            tree.lines
                .iter()
                .find(|line| line.first().map(String::as_str) == Some(played))
                .and_then(|line| line.get(1).cloned())
        })
        .flatten();
    let Some(answer) = answer else {
        forget(conn, game.id, author)?;
        return Ok(Reply::Dropped);
    };
    let rest = Tree {
        base_ply: tree.base_ply + 2,
        lines: tree
            .lines
            .iter()
            .filter(|line| line.len() > 2 && line[0] == played && line[1] == answer)
            .map(|line| line[2..].to_vec())
            .collect(),
    };
    if rest.lines.is_empty() {
        forget(conn, game.id, author)?;
    } else {
        store(conn, game.id, author, &rest, now)?;
    }
    Ok(Reply::Play { answer })
}

/// Drops every tree of a game (its position was changed otherwise: a takeback).
pub(crate) fn forget_all(conn: &mut DbConn, id: GameId) -> Result<(), GameError> {
    diesel::delete(conditional_moves::table.filter(conditional_moves::game_id.eq(id)))
        .execute(conn)?;
    Ok(())
}
