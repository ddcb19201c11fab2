//! Changing a game: moves, resignation, draw agreement. Each is one transaction that checks
//! who may act, changes the game and queues the mails.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use plypost_rules::{Color, DecisiveReason, DrawReason, Game, Outcome, Position};

use super::clocks::TurnClock;
use super::model::{
    GameId, GameRow, MoveRow, NewMove, PresetVersionRow, STATUS_ACTIVE, STATUS_FINISHED,
};
use super::move_log::{LoggedMove, MoveLog, MoveLogCache};
use super::move_update::MoveUpdate;
use super::time_control::TimeControl;
use super::variants::{self, Rules};
use super::{clean_text, mail, GameError};
use crate::accounts::vacation::VacationRow;
use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{game_moves, games, preset_versions, users, vacations};
use crate::db::{is_unique_violation, write_transaction, DbConn, UserId};

/// A move as submitted from the game page.
#[derive(Debug, Clone, Default)]
pub struct MoveInput {
    /// The ply this move was made for (the number it will have in the move list).
    pub ply: i64,
    pub text: String,
    pub comment: String,
    pub offer_draw: bool,
}

/// What happened after a successful move.
#[derive(Debug, Clone)]
pub struct Played {
    pub ply: i64,
    pub move_text: String,
    /// Set when the move ended the game.
    pub result: Option<(String, String)>,
}

/// `1-0` / `0-1` / `1/2-1/2` and the reason stored for an engine outcome.
pub fn outcome_result(outcome: Outcome) -> (&'static str, &'static str) {
    match outcome {
        Outcome::Decisive { winner, reason } => (
            win_for(winner),
            match reason {
                DecisiveReason::Checkmate => "checkmate",
            },
        ),
        Outcome::Draw { reason } => (
            "1/2-1/2",
            match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::Repetition => "repetition",
                DrawReason::MoveCount => "move_count",
            },
        ),
    }
}

fn win_for(color: Color) -> &'static str {
    match color {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Takes the game's row lock for the rest of the transaction, so that every later read sees
/// the game as the previous writer committed it, not a mix of before and after. Every caller
/// runs in `write_transaction`.
pub(crate) fn lock_game(conn: &mut DbConn, id: GameId) -> Result<GameRow, GameError> {
    match conn {
        // `BEGIN IMMEDIATE` already holds the database's only write lock.
        DbConn::Sqlite(_) => load_game(conn, id),
        DbConn::Postgres(pg) => games::table
            .find(id)
            .for_update()
            .select(GameRow::as_select())
            .first(pg)
            .optional()?
            .ok_or(GameError::NotFound),
    }
}

pub(crate) fn load_game(conn: &mut DbConn, id: GameId) -> Result<GameRow, GameError> {
    crate::on_backend!(conn, |c| games::table
        .find(id)
        .select(GameRow::as_select())
        .first(c)
        .optional())?
    .ok_or(GameError::NotFound)
}

/// How many times the position `after` (written `fen_after`) has now occurred in the game,
/// itself included, for the repetition rule. The earlier positions are the stored FENs of the
/// start and of every move (`history`); only those with the same placement and side to move
/// (which equal positions must have) are parsed to compare repetition keys, so a move costs
/// no replay.
fn occurrences(
    history: &MoveLog,
    game: &GameRow,
    rules: &Rules,
    after: &Position,
    fen_after: &str,
) -> Result<usize, GameError> {
    if !rules.options.repetition {
        return Ok(1);
    }
    let board_and_side = |fen: &str| {
        let mut fields = fen.split_whitespace();
        (
            fields.next().map(str::to_owned),
            fields.next().map(str::to_owned),
        )
    };
    let wanted = board_and_side(fen_after);
    let key = after.repetition_key();
    let mut count = 1;
    for fen in std::iter::once(&game.start_fen).chain(history.iter().map(|m| &m.fen_after)) {
        if board_and_side(fen) != wanted {
            continue;
        }
        let earlier = Position::from_fen(&rules.variant, fen)
            .map_err(|e| GameError::Corrupt(format!("game {}: stored FEN: {e}", game.id)))?;
        if earlier.repetition_key() == key {
            count += 1;
        }
    }
    Ok(count)
}

/// Plays a move for `user`. Exactly one submission per ply can succeed: the expected ply is
/// checked, the update is conditional on it, and UNIQUE (game_id, ply) backs both up.
pub fn play_move(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    user: UserId,
    id: GameId,
    input: &MoveInput,
) -> Result<Played, GameError> {
    let comment = clean_text(&input.comment, "comment")?;
    // On SQLite the expensive part (rules, legality, repetition) is worked out before the
    // write transaction, from the game as it stands; the transaction uses it only if the
    // game is still at the same ply, so the single writer is held for the writes alone. On
    // PostgreSQL the game's row lock holds up only moves of the same game: the work is done
    // after it is taken, and the game is read once.
    let prepared = match conn {
        DbConn::Sqlite(_) => prepare(conn, log, user, id, input)?,
        DbConn::Postgres(_) => None,
    };
    let result = write_transaction(conn, |conn| {
        play_in_transaction(
            conn,
            clock,
            config,
            log,
            user,
            id,
            input,
            comment.as_deref(),
            prepared,
        )
    });
    match result {
        Ok((played, game, history, logged)) => {
            log.store_committed(&game, &history, logged);
            Ok(played)
        }
        // The other submission committed first: tell which case it was.
        Err(GameError::Db(e)) if is_unique_violation(&e) => {
            Err(classify_late_submission(conn, id, user, input))
        }
        // The move came too late: the game is lost on time, whether or not the time-out
        // job has run yet; end it now (the move's transaction was rolled back).
        Err(GameError::TimeRanOut) => {
            super::clocks::time_out(conn, clock, config, id)?;
            Err(GameError::TimeRanOut)
        }
        Err(other) => Err(other),
    }
}

fn classify_late_submission(
    conn: &mut DbConn,
    id: GameId,
    user: UserId,
    input: &MoveInput,
) -> GameError {
    let played: Option<(String, String, UserId)> = game_moves::table
        .filter(game_moves::game_id.eq(id))
        .filter(game_moves::ply.eq(input.ply))
        .select((
            game_moves::move_text,
            game_moves::compact,
            game_moves::user_id,
        ))
        .first(conn)
        .optional()
        .unwrap_or(None);
    match played {
        Some((text, compact, by)) if by == user && same_move_text(&input.text, &text, &compact) => {
            GameError::AlreadyPlayed
        }
        _ => GameError::MovedOn,
    }
}

/// Whether a submitted text names the stored move (canonical or compact form).
fn same_move_text(submitted: &str, text: &str, compact: &str) -> bool {
    let s = submitted.trim().trim_end_matches(['+', '#', '!', '?']);
    let without_letter = text.trim_start_matches(|c: char| c.is_ascii_uppercase() || c == '+');
    s == text || s == compact || s == without_letter || s.replace(['-', 'x'], "") == compact
}

/// A move worked out against the game at ply `ply_before`.
struct Prepared {
    ply_before: i64,
    rules: Rules,
    after: Position,
    move_text: String,
    compact: String,
    fen_after: String,
    outcome: Option<Outcome>,
    /// The moves before this one.
    history: MoveLog,
    /// The opponent's mail diagram: from Black's side?, the text.
    diagram: (bool, String),
    /// White and Black, for the mail (read before the write transaction: the writer is
    /// shared, so what can be read earlier is).
    players: (User, User),
}

/// Works the move out from a snapshot of the game (no lock). `None` when the snapshot shows
/// the move cannot be played, or it is not legal: the transaction then works out why, from
/// the locked row and in the usual order (turn and time before legality).
fn prepare(
    conn: &mut DbConn,
    log: &MoveLogCache,
    user: UserId,
    id: GameId,
    input: &MoveInput,
) -> Result<Option<Prepared>, GameError> {
    let game = load_game(conn, id)?;
    let playable = game.is_active()
        && game.is_player(user)
        && game.player_to_move() == user
        && input.ply == game.ply + 1;
    if !playable {
        return Ok(None);
    }
    Ok(move_context(conn, &game)
        .and_then(|context| {
            let players = (context.white.0, context.black.0);
            work_out(conn, log, &game, input, players, context.version)
        })
        .ok())
}

/// What a move needs besides its game row.
struct MoveContext {
    /// White and Black, each with the vacation they are on.
    white: (User, Option<VacationRow>),
    black: (User, Option<VacationRow>),
    /// The preset version the game is played under.
    version: PresetVersionRow,
}

/// Both players with their vacations and the game's preset version, in one query (on
/// PostgreSQL each query is a round trip). It takes no lock: on PostgreSQL the game's row
/// lock is taken by [`lock_game`], and a lock on the players or the preset version would
/// hold up every other game they are in.
fn move_context(conn: &mut DbConn, game: &GameRow) -> Result<MoveContext, GameError> {
    type Found = (User, Option<VacationRow>, PresetVersionRow);
    // The same user twice comes back once.
    let found: Vec<Found> = crate::on_backend!(conn, |c| users::table
        .left_join(
            vacations::table.on(vacations::user_id
                .eq(users::id)
                .and(vacations::ended_at.is_null())),
        )
        .inner_join(preset_versions::table.on(preset_versions::id.eq(game.preset_version_id)))
        .filter(users::id.eq(game.white_id).or(users::id.eq(game.black_id)))
        .select((
            User::as_select(),
            Option::<VacationRow>::as_select(),
            PresetVersionRow::as_select(),
        ))
        .load(c))?;
    let pick = |id: UserId| {
        found
            .iter()
            .find(|(user, _, _)| user.id == id)
            .cloned()
            .ok_or(GameError::Db(diesel::result::Error::NotFound))
    };
    let (white, white_away, version) = pick(game.white_id)?;
    let (black, black_away, _) = pick(game.black_id)?;
    Ok(MoveContext {
        white: (white, white_away),
        black: (black, black_away),
        version,
    })
}

/// `players`: White and Black; `version`: the game's preset version.
fn work_out(
    conn: &mut DbConn,
    log: &MoveLogCache,
    game: &GameRow,
    input: &MoveInput,
    players: (User, User),
    version: PresetVersionRow,
) -> Result<Prepared, GameError> {
    let rules = variants::from_row(conn, version)?;
    let before = Position::from_fen(&rules.variant, &game.current_fen)
        .map_err(|e| GameError::Corrupt(format!("game {}: current FEN: {e}", game.id)))?;
    let mv = before
        .parse_move(&input.text)
        .map_err(|e| GameError::Illegal(e.to_string()))?;
    let move_text = before.move_text(&mv);
    let compact = before.move_compact(&mv);
    // `parse_move` returns only legal moves.
    let after = before.play_unchecked(&mv);
    let fen_after = after.to_fen();
    // Read even without the repetition rule: stored with the new move after the commit, it
    // spares the game's next move this read.
    let history = log.moves_of(conn, game)?;
    let occurrences = occurrences(&history, game, &rules, &after, &fen_after)?;
    let outcome = Game::outcome_at(&after, occurrences, rules.options);
    // The mail goes to the player now to move.
    let black_view = after.side_to_move() == Color::Black;
    let diagram = (black_view, mail::diagram(&after, black_view));
    Ok(Prepared {
        ply_before: game.ply,
        rules,
        after,
        move_text,
        compact,
        fen_after,
        outcome,
        history,
        diagram,
        players,
    })
}

#[allow(clippy::too_many_arguments)]
fn play_in_transaction(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    user: UserId,
    id: GameId,
    input: &MoveInput,
    comment: Option<&str>,
    prepared: Option<Prepared>,
) -> Result<(Played, GameRow, MoveLog, LoggedMove), GameError> {
    let game = lock_game(conn, id)?;
    if !game.is_player(user) {
        return Err(GameError::Forbidden(
            "Only the players of this game can move.",
        ));
    }
    let ply = game.ply + 1;
    if input.ply != ply {
        if input.ply >= 1 && input.ply < ply {
            return Err(classify_late_submission(conn, id, user, input));
        }
        return Err(GameError::MovedOn);
    }
    if !game.is_active() {
        return Err(GameError::Finished);
    }
    if game.player_to_move() != user {
        return Err(GameError::Forbidden("It is not your turn to move."));
    }
    let now = clock.now_db();
    let in_time = |turn: &Option<TurnClock>| match turn {
        Some(t) if t.deadline <= now => Err(GameError::TimeRanOut),
        _ => Ok(()),
    };
    // Moves are only ever appended: at the same ply the game is in the same position, and
    // what was worked out before the transaction still holds.
    let (turn, prepared) = match prepared.filter(|p| p.ply_before == game.ply) {
        Some(prepared) => {
            let turn = super::clocks::turn_clock(conn, &game, now)?;
            in_time(&turn)?;
            (turn, prepared)
        }
        None => {
            let MoveContext {
                white: (white, white_away),
                black: (black, black_away),
                version,
            } = move_context(conn, &game)?;
            let away = if game.player_to_move() == game.white_id {
                white_away
            } else {
                black_away
            };
            let turn = super::clocks::turn_clock_given(&game, now, away);
            in_time(&turn)?;
            (
                turn,
                work_out(conn, log, &game, input, (white, black), version)?,
            )
        }
    };
    let Prepared {
        rules,
        after,
        move_text,
        compact,
        fen_after,
        outcome,
        history,
        diagram,
        players,
        ..
    } = prepared;
    let after = &after;
    let next = TimeControl::of_game(&game).after_move(
        now,
        turn.as_ref().map_or(Duration::zero(), |t| t.left(now)),
        if user == game.white_id {
            game.black_reserve_secs
        } else {
            game.white_reserve_secs
        },
    );
    let (white_reserve, black_reserve) = match next.mover_reserve {
        Some(kept) if user == game.white_id => (Some(kept), game.black_reserve_secs),
        Some(kept) => (game.white_reserve_secs, Some(kept)),
        None => (game.white_reserve_secs, game.black_reserve_secs),
    };

    // The two writes of a move run on the backend's own connection: through diesel's
    // MultiConnection every run writes the query's SQL text out again, prepared or not.
    let insert = diesel::insert_into(game_moves::table).values(NewMove {
        game_id: id,
        ply,
        move_text: &move_text,
        compact: &compact,
        fen_after: &fen_after,
        comment,
        played_at: now,
        user_id: user,
    });
    match conn {
        DbConn::Sqlite(c) => insert.execute(c)?,
        DbConn::Postgres(c) => insert.execute(c)?,
    };

    // The row as it will be, written from these same values (so no reading it back).
    let mut updated = game.clone();
    updated.current_fen = fen_after;
    updated.ply = ply;
    updated.side_to_move = color_name(after.side_to_move()).to_owned();
    updated.last_move_at = Some(now);
    match outcome {
        None => {
            updated.draw_offer_by = input.offer_draw.then_some(user);
            updated.deadline_at = next.deadline;
            updated.white_reserve_secs = white_reserve;
            updated.black_reserve_secs = black_reserve;
        }
        Some(outcome) => {
            let (result, reason) = outcome_result(outcome);
            updated.draw_offer_by = None;
            updated.deadline_at = None;
            updated.status = STATUS_FINISHED.to_owned();
            updated.result = Some(result.to_owned());
            updated.result_reason = Some(reason.to_owned());
            updated.finished_at = Some(now);
        }
    }
    let update = MoveUpdate {
        after: &updated,
        ply_before: game.ply,
        status: STATUS_ACTIVE,
    };
    let changed = crate::on_backend!(conn, |c| update.execute(c))?;
    if changed != 1 {
        return Err(GameError::MovedOn);
    }
    let result = updated.result.clone().zip(updated.result_reason.clone());
    mail::after_move(
        conn, clock, config, &updated, &rules, after, &diagram, &players, &move_text, comment, user,
    )?;
    let logged = LoggedMove {
        row: MoveRow {
            ply,
            move_text: move_text.clone(),
            compact,
            comment: comment.map(str::to_owned),
            played_at: now,
            user_id: user,
        },
        fen_after: updated.current_fen.clone(),
    };
    let played = Played {
        ply,
        move_text,
        result,
    };
    Ok((played, updated, history, logged))
}

/// Resigns `user`'s game: the opponent wins.
pub fn resign(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    write_transaction(conn, |conn| {
        let game = lock_game(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(
                "Only the players of this game can resign.",
            ));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        let result = if user == game.white_id { "0-1" } else { "1-0" };
        finish(conn, clock, &game, result, "resignation")?;
        let updated = load_game(conn, id)?;
        let rules = variants::load(conn, game.preset_version_id)?;
        mail::game_over(conn, clock, config, &updated, &rules, Some(user))?;
        Ok(())
    })
}

/// Accepts the opponent's standing draw offer.
pub fn accept_draw(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    write_transaction(conn, |conn| {
        let game = lock_game(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(
                "Only the players of this game can accept a draw.",
            ));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        if game.draw_offer_by != Some(game.opponent_of(user)) {
            return Err(GameError::NoDrawOffer);
        }
        finish(conn, clock, &game, "1/2-1/2", "agreement")?;
        let updated = load_game(conn, id)?;
        let rules = variants::load(conn, game.preset_version_id)?;
        mail::game_over(conn, clock, config, &updated, &rules, Some(user))?;
        Ok(())
    })
}

fn finish(
    conn: &mut DbConn,
    clock: &dyn Clock,
    game: &GameRow,
    result: &str,
    reason: &str,
) -> Result<(), GameError> {
    let now = clock.now_db();
    let changed = diesel::update(
        games::table
            .filter(games::id.eq(game.id))
            .filter(games::status.eq(STATUS_ACTIVE)),
    )
    .set((
        games::status.eq(STATUS_FINISHED),
        games::result.eq(Some(result)),
        games::result_reason.eq(Some(reason)),
        games::finished_at.eq(Some(now)),
        games::deadline_at.eq(None::<NaiveDateTime>),
        games::draw_offer_by.eq(None::<UserId>),
    ))
    .execute(conn)?;
    if changed != 1 {
        return Err(GameError::Finished);
    }
    Ok(())
}
