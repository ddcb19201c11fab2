//! Changing a game: moves, resignation, draw agreement. Each is one transaction that checks
//! who may act, changes the game and queues the mails.

use crate::games::illegal::IllegalReason;
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use plypost_rules::{Color, Game, Outcome, Position, Square};

use super::end::{end, Ending};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::game_moves;
use crate::db::{is_unique_violation, Db, DbConn, UserId};
use crate::domain::{engine_outcome, EndReason, GameResult};
use crate::game_mail as mail;
use crate::games::clocks::{self, TurnClock};
use crate::games::conditional::{self, Reply};
use crate::games::model::{GameId, GameRow, MoveRow, NewMove};
use crate::games::move_log::{LoggedMove, MoveLog, MoveLogCache};
use crate::games::players::{self, Players};
use crate::games::{clean_text, record, GameError};
use crate::i18n::Message;
use crate::presets::rules::{self, Rules};

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
    /// Set when the move (or the conditional reply to it) ended the game.
    pub result: Option<(GameResult, EndReason)>,
    /// The opponent's conditional move played in reply, if any.
    pub conditional_reply: Option<String>,
}

/// How many times the position `after` (written `fen_after`) has now occurred in the game,
/// itself included, for the repetition rule. The earlier positions are the stored FENs of the
/// start and of every move (`history`, then `also`, a move not in it yet); only those with the same placement and side to move
/// (which equal positions must have) are parsed to compare repetition keys, so a move costs
/// no replay.
fn occurrences(
    history: &MoveLog,
    also: Option<&str>,
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
    let earlier = std::iter::once(game.start_fen.as_str())
        .chain(history.iter().map(|m| m.fen_after.as_str()))
        .chain(also);
    for fen in earlier {
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

/// How often a move is worked out again when its game changed between the read and the write
/// (a vacation moved its deadline, say). A second miss is a real conflict, which the next
/// read names (moved on, finished, already played).
const MOVE_ATTEMPTS: usize = 3;

/// Plays a move for `user`: the game and both players are read once, the move is worked out
/// from that read (the rules, legality, repetition and the mail's diagram, outside the write
/// so they never hold up other writes), and the write is conditional on the game being as
/// read. Exactly one submission per ply can succeed: the update checks the ply, and UNIQUE
/// (game_id, ply) backs it up.
pub fn play_move(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    user: UserId,
    id: GameId,
    input: &MoveInput,
) -> Result<Played, GameError> {
    let comment = clean_text(&input.comment, "comment")?;
    for _ in 0..MOVE_ATTEMPTS {
        let players::GameWithPlayers {
            game,
            players,
            version,
            ..
        } = players::game_with_players(db, id)?;
        check_may_move(db, &game, user, input)?;
        let now = clock.now_db();
        let turn = clocks::turn_clock_given(&game, now, players.to_move(&game).away.clone());
        if turn.as_ref().is_some_and(|t| t.deadline <= now) {
            // Lost on time, whether or not the time-out job has run yet: end it now.
            super::time::time_out(db, clock, config, id)?;
            return Err(GameError::TimeRanOut);
        }
        let rules = rules::from_row(db, version)?;
        let worked = work_out(db, log, &game, input, rules)?;
        let updated = game_after_move(&game, &worked, turn.as_ref(), now, user, input.offer_draw);
        let written = db.write(|conn| {
            let context = MoveContext {
                clock,
                config,
                user,
                comment: comment.as_deref(),
                now,
            };
            write_move(conn, &context, &game, &updated, &worked, &players)
        });
        match written {
            Ok((answered, last)) => {
                let logged = LoggedMove {
                    row: MoveRow {
                        ply: updated.ply,
                        move_text: worked.move_text.clone(),
                        compact: worked.compact.clone(),
                        comment,
                        played_at: now,
                        user_id: user,
                    },
                    fen_after: updated.current_fen.clone(),
                };
                let mut played = vec![logged];
                if let Some(Answered { row, worked: reply }) = &answered {
                    played.push(LoggedMove {
                        row: MoveRow {
                            ply: row.ply,
                            move_text: reply.move_text.clone(),
                            compact: reply.compact.clone(),
                            comment: None,
                            played_at: now,
                            user_id: updated.player_to_move(),
                        },
                        fen_after: row.current_fen.clone(),
                    });
                }
                crate::metrics::METRICS.moves.inc_by(played.len() as u64);
                log.store_committed(&last, &worked.history, played);
                return Ok(Played {
                    ply: updated.ply,
                    move_text: worked.move_text,
                    result: last.result.zip(last.result_reason),
                    conditional_reply: answered.map(|a| a.worked.move_text),
                });
            }
            // The game changed since it was read: read it again, which tells what changed.
            Err(GameError::MovedOn) => continue,
            // The other submission for this ply committed first: tell which case it was.
            Err(GameError::Db(e)) if is_unique_violation(&e) => {
                return Err(classify_late_submission(db, id, user, input))
            }
            Err(other) => return Err(other),
        }
    }
    Err(GameError::MovedOn)
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

/// What a move's write needs besides the game.
struct MoveContext<'a> {
    clock: &'a dyn Clock,
    config: &'a Config,
    user: UserId,
    comment: Option<&'a str>,
    now: NaiveDateTime,
}

/// A legal move worked out against the game as read.
struct WorkedOut {
    rules: Rules,
    after: Position,
    move_text: String,
    /// The move in SAN, as players read it unless they chose long notation.
    san: String,
    compact: String,
    fen_after: String,
    outcome: Option<Outcome>,
    /// The moves before this one.
    history: MoveLog,
    /// For the opponent's mail diagram: from Black's side?, and the move's squares (marked
    /// when the mail is seen from that side).
    diagram: (bool, Option<(Square, Square)>),
}

/// The move's write: the move, the game as `updated` has it (only if the game is still as
/// `game` was read), the author's conditional answer if their tree has one, the end of the
/// game if the move or the answer ended it, and the mails. Returns the answer and the game
/// as the write leaves it. [`GameError::MovedOn`] when the game had changed since it was
/// read; the write is rolled back then.
fn write_move(
    conn: &mut DbConn,
    context: &MoveContext,
    game: &GameRow,
    updated: &GameRow,
    worked: &WorkedOut,
    players: &Players,
) -> Result<(Option<Answered>, GameRow), GameError> {
    let MoveContext {
        clock,
        config,
        user,
        comment,
        now,
    } = *context;
    store(conn, game, updated, worked, user, comment, now)?;
    if let Some(outcome) = worked.outcome {
        let ended = end_by_move(conn, context, updated, outcome, worked, false)?;
        return Ok((None, ended));
    }
    let users = (players.white.user.clone(), players.black.user.clone());
    let author = updated.player_to_move();
    let mut news = mail::MoveNews::Plain;
    let answered = match conditional::reply_to(conn, updated, author, &worked.compact, now)? {
        Reply::Play { answer } => {
            answer_conditionally(conn, now, updated, worked, &answer, players)?
        }
        Reply::Dropped => {
            news = mail::MoveNews::DroppedConditionals;
            None
        }
        Reply::Nothing => None,
    };
    let Some(Answered { row, worked: reply }) = answered else {
        // The computer's reply within a minute of the player's move finds them on the page:
        // no "your move" mail for it, unless they asked for one.
        if by_computer(updated, players, user) && !mail_computer_reply(game, players, now) {
            return Ok((None, updated.clone()));
        }
        mail::after_move(
            conn,
            clock,
            config,
            updated,
            &worked.rules,
            &worked.after,
            &worked.diagram,
            &users,
            (&worked.move_text, &worked.san),
            comment,
            user,
            news,
        )?;
        return Ok((None, updated.clone()));
    };
    let last = match reply.outcome {
        // The game-over mails say the answer was a conditional move.
        Some(outcome) => end_by_move(conn, context, &row, outcome, &reply, true)?,
        None => {
            mail::conditional_played(
                conn,
                clock,
                config,
                &row,
                &users,
                &worked.move_text,
                &reply.move_text,
            )?;
            mail::after_move(
                conn,
                clock,
                config,
                &row,
                &reply.rules,
                &reply.after,
                &reply.diagram,
                &users,
                (&reply.move_text, &reply.san),
                None,
                author,
                mail::MoveNews::Conditional,
            )?;
            row.clone()
        }
    };
    Ok((Some(Answered { row, worked: reply }), last))
}

/// Whether the computer's reply to the move `game` last had, played `now`, is mailed to the
/// player: when they asked for such mails, or when it comes over a minute after their move
/// (or the game's start), as after a restart.
fn mail_computer_reply(game: &GameRow, players: &Players, now: NaiveDateTime) -> bool {
    let player = players.to_move(game);
    let human = if crate::accounts::users::is_computer(&player.user.username) {
        if player.user.id == game.white_id {
            &players.black.user
        } else {
            &players.white.user
        }
    } else {
        &player.user
    };
    human.notify_computer || now - game.turn_started() > Duration::minutes(1)
}

/// Whether `user`'s move in `game` is the computer's, in a game against it.
fn by_computer(game: &GameRow, players: &Players, user: UserId) -> bool {
    game.computer_level.is_some()
        && [&players.white.user, &players.black.user]
            .iter()
            .any(|u| u.id == user && crate::accounts::users::is_computer(&u.username))
}

/// Ends the game the move `worked` left as `row` with the rules' verdict on it.
fn end_by_move(
    conn: &mut DbConn,
    context: &MoveContext,
    row: &GameRow,
    outcome: Outcome,
    worked: &WorkedOut,
    conditional: bool,
) -> Result<GameRow, GameError> {
    let (result, reason) = engine_outcome(outcome);
    end(
        conn,
        context.clock,
        context.config,
        row,
        &Ending {
            result: Some(result),
            reason,
            at: context.now,
            by: None,
            last_move: Some((&worked.move_text, &worked.san)),
            conditional,
        },
    )
}

/// Stores a worked-out move and the game row it leaves, if the game is still as read.
fn store(
    conn: &mut DbConn,
    game: &GameRow,
    updated: &GameRow,
    worked: &WorkedOut,
    user: UserId,
    comment: Option<&str>,
    now: NaiveDateTime,
) -> Result<(), GameError> {
    record::store_move(
        conn,
        game,
        updated,
        NewMove {
            game_id: game.id,
            ply: updated.ply,
            move_text: &worked.move_text,
            compact: &worked.compact,
            fen_after: &worked.fen_after,
            comment,
            played_at: now,
            user_id: user,
        },
    )
}

/// A conditional answer played in the same write as the move it answers.
struct Answered {
    /// The game as the answer left it.
    row: GameRow,
    worked: WorkedOut,
}

/// Plays the author's conditional `answer` (compact) to the move `worked` that left the game
/// as `updated`: no time used, every rule applied as to any move.
fn answer_conditionally(
    conn: &mut DbConn,
    now: NaiveDateTime,
    updated: &GameRow,
    worked: &WorkedOut,
    answer: &str,
    players: &Players,
) -> Result<Option<Answered>, GameError> {
    let author = updated.player_to_move();
    // Checked when saved against this very position; if it no longer reads (an engine
    // change), the tree is simply gone.
    let Ok(mv) = worked.after.parse_move(answer) else {
        return Ok(None);
    };
    let reply = work_out_move(
        updated,
        &worked.after,
        &mv,
        worked.rules.clone(),
        worked.history.clone(),
        Some(&worked.fen_after),
    )?;
    let turn = clocks::turn_clock_given(updated, now, players.to_move(updated).away.clone());
    let row = game_after_move(updated, &reply, turn.as_ref(), now, author, false);
    store(conn, updated, &row, &reply, author, None, now)?;
    Ok(Some(Answered { row, worked: reply }))
}

/// Whether `user` may make the move `input` in `game` now (the clock aside).
fn check_may_move(
    conn: &mut DbConn,
    game: &GameRow,
    user: UserId,
    input: &MoveInput,
) -> Result<(), GameError> {
    if !game.is_player(user) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-move-players-only",
        )));
    }
    let ply = game.ply + 1;
    if input.ply != ply {
        if input.ply >= 1 && input.ply < ply {
            return Err(classify_late_submission(conn, game.id, user, input));
        }
        return Err(GameError::MovedOn);
    }
    if !game.is_active() {
        return Err(GameError::Finished);
    }
    if game.player_to_move() != user {
        return Err(GameError::NotYourTurn);
    }
    Ok(())
}

/// The game row as the move leaves it: position, turn, clocks or the result.
fn game_after_move(
    game: &GameRow,
    worked: &WorkedOut,
    turn: Option<&TurnClock>,
    now: NaiveDateTime,
    user: UserId,
    offer_draw: bool,
) -> GameRow {
    let mut updated = game.clone();
    updated.current_fen = worked.fen_after.clone();
    updated.ply = game.ply + 1;
    // A move answers any takeback request; a casual game keeps the clocks it replaces.
    updated.takeback_by = None;
    updated.undo_clock = crate::games::takeback::undo_clock(game);
    updated.side_to_move = worked.after.side_to_move().into();
    updated.last_move_at = Some(now);
    // A move that ends the game leaves the clocks to `end`, which stops them.
    if worked.outcome.is_some() {
        return updated;
    }
    let mover_is_white = user == game.white_id;
    let next = game.time_control().after_move(
        now,
        turn.map_or(Duration::zero(), |t| t.left(now)),
        if mover_is_white {
            game.black_reserve_secs
        } else {
            game.white_reserve_secs
        },
    );
    if let Some(kept) = next.mover_reserve {
        if mover_is_white {
            updated.white_reserve_secs = Some(kept);
        } else {
            updated.black_reserve_secs = Some(kept);
        }
    }
    updated.draw_offer_by = offer_draw.then_some(user);
    updated.deadline_at = next.deadline;
    updated
}

/// Parses and checks the move against the game's position, and works out what follows.
fn work_out(
    conn: &mut DbConn,
    log: &MoveLogCache,
    game: &GameRow,
    input: &MoveInput,
    rules: Rules,
) -> Result<WorkedOut, GameError> {
    let before = Position::from_fen(&rules.variant, &game.current_fen)
        .map_err(|e| GameError::Corrupt(format!("game {}: current FEN: {e}", game.id)))?;
    // Any notation the rules read; else UCI as Fairy-Stockfish writes it (a promotion to a
    // promoted form is `e7e8+`, which the rules would read as a check mark).
    let mv = match before.parse_move(&input.text) {
        Ok(mv) => mv,
        Err(e) => plypost_engine::move_from_uci(&before, &input.text)
            .map_err(|_| GameError::Illegal(IllegalReason::Rules(e)))?,
    };
    // Read even without the repetition rule: stored with the new move after the commit, it
    // spares the game's next move this read.
    let history = log.moves_of(conn, game)?;
    work_out_move(game, &before, &mv, rules, history, None)
}

/// Works out what the legal move `mv` from `before` (the game's position) leads to.
/// `history` is the game's moves; `also` the FEN after one more move not in it yet (the
/// opponent's move a conditional answer replies to).
fn work_out_move(
    game: &GameRow,
    before: &Position,
    mv: &plypost_rules::Move,
    rules: Rules,
    history: MoveLog,
    also: Option<&str>,
) -> Result<WorkedOut, GameError> {
    let move_text = before.move_text(mv);
    let san = before.move_san(mv);
    let compact = before.move_compact(mv);
    // `parse_move` returns only legal moves.
    let after = before.play_unchecked(mv);
    let fen_after = after.to_fen();
    let occurrences = occurrences(&history, also, game, &rules, &after, &fen_after)?;
    let outcome = Game::outcome_at(&after, occurrences, rules.options);
    // The mail goes to the player now to move.
    let black_view = after.side_to_move() == Color::Black;
    let diagram = (black_view, Some((mv.from(), mv.to())));
    Ok(WorkedOut {
        rules,
        after,
        move_text,
        san,
        compact,
        fen_after,
        outcome,
        history,
        diagram,
    })
}
