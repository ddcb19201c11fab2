//! Takebacks by agreement in casual games: a player asks to take back their own last move
//! while the opponent has not replied; the opponent accepts (the move is removed and the
//! position, the clocks and the repetition history are as they were before it) or declines.
//! Rated games never allow it.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::model::{GameId, GameRow};
use super::move_log::MoveLogCache;
use super::notify::{header, notify, players, render, subject};
use super::{conditional, GameError};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{game_moves, games};
use crate::db::{Db, DbConn, UserId};
use crate::domain::MailKind;
use crate::i18n::Message;
use crate::presets::rules;
use askama::Template;

/// The clocks of a game before a move, kept on its row until the next move.
#[derive(Debug, Serialize, Deserialize)]
struct UndoClock {
    deadline_at: Option<NaiveDateTime>,
    last_move_at: Option<NaiveDateTime>,
    white_reserve_secs: Option<i64>,
    black_reserve_secs: Option<i64>,
    draw_offer_by: Option<UserId>,
}

/// What a move made in `before` keeps for a takeback: the clocks as they stand, in a
/// casual game; nothing in a rated one.
pub(crate) fn undo_clock(before: &GameRow) -> Option<String> {
    if before.rated_variant.is_some() || before.tournament_id.is_some() {
        return None;
    }
    serde_json::to_string(&UndoClock {
        deadline_at: before.deadline_at,
        last_move_at: before.last_move_at,
        white_reserve_secs: before.white_reserve_secs,
        black_reserve_secs: before.black_reserve_secs,
        draw_offer_by: before.draw_offer_by,
    })
    .ok()
}

/// Whether `user` may ask to take back their last move in `game` now.
pub fn may_ask(game: &GameRow, user: UserId) -> Result<(), GameError> {
    if !game.is_player(user) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-takeback-players-only",
        )));
    }
    if game.rated_variant.is_some() {
        return Err(GameError::Forbidden(Message::new(
            "error-game-takeback-rated",
        )));
    }
    if game.tournament_id.is_some() {
        return Err(GameError::Forbidden(Message::new(
            "error-game-takeback-tournament",
        )));
    }
    if !game.is_active() {
        return Err(GameError::Finished);
    }
    if game.ply == 0 || game.player_to_move() == user || game.undo_clock.is_none() {
        return Err(GameError::Invalid(Message::new(
            "error-game-takeback-own-last-move",
        )));
    }
    if game.takeback_by == Some(user) {
        return Err(GameError::Invalid(Message::new(
            "error-game-takeback-asked-already",
        )));
    }
    Ok(())
}

/// `user` asks to take back their last move; the opponent is mailed.
pub fn request(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: GameId,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        may_ask(&game, user)?;
        let changed = diesel::update(
            games::table
                .filter(games::id.eq(id))
                .filter(games::ply.eq(game.ply)),
        )
        .set(games::takeback_by.eq(Some(user)))
        .execute(conn)?;
        if changed != 1 {
            return Err(GameError::MovedOn);
        }
        mail(conn, clock, config, &game, user, TakebackNews::Asked)
    })
}

/// The opponent of the asking player accepts (`accept`) or declines the request. Accepting
/// removes the last move and puts back the position and the clocks before it.
pub fn answer(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    user: UserId,
    id: GameId,
    accept: bool,
) -> Result<(), GameError> {
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        if !game.is_player(user) {
            return Err(GameError::Forbidden(Message::new(
                "error-game-takeback-answer-players-only",
            )));
        }
        if !game.is_active() {
            return Err(GameError::Finished);
        }
        let asker = game.opponent_of(user);
        if game.takeback_by != Some(asker) || asker == user {
            return Err(GameError::NoTakeback);
        }
        if accept {
            take_back(conn, &game)?;
        } else {
            diesel::update(games::table.filter(games::id.eq(id)))
                .set(games::takeback_by.eq(None::<UserId>))
                .execute(conn)?;
        }
        let news = if accept {
            TakebackNews::Accepted
        } else {
            TakebackNews::Declined
        };
        mail(conn, clock, config, &game, asker, news)
    })?;
    if accept {
        log.forget(id);
    }
    Ok(())
}

/// Removes the last move of `game` and restores the row as it was before it.
fn take_back(conn: &mut DbConn, game: &GameRow) -> Result<(), GameError> {
    let corrupt = |what: &str| GameError::Corrupt(format!("game {}: takeback: {what}", game.id));
    let undo: UndoClock = game
        .undo_clock
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .ok_or_else(|| corrupt("no clocks kept"))?;
    let previous_fen: String = if game.ply >= 2 {
        game_moves::table
            .filter(game_moves::game_id.eq(game.id))
            .filter(game_moves::ply.eq(game.ply - 1))
            .select(game_moves::fen_after)
            .first(conn)?
    } else {
        game.start_fen.clone()
    };
    diesel::delete(
        game_moves::table
            .filter(game_moves::game_id.eq(game.id))
            .filter(game_moves::ply.eq(game.ply)),
    )
    .execute(conn)?;
    let side = game.side_to_move.other();
    let changed = diesel::update(
        games::table
            .filter(games::id.eq(game.id))
            .filter(games::ply.eq(game.ply)),
    )
    .set((
        games::current_fen.eq(&previous_fen),
        games::ply.eq(game.ply - 1),
        games::side_to_move.eq(side),
        games::deadline_at.eq(undo.deadline_at),
        games::last_move_at.eq(undo.last_move_at),
        games::white_reserve_secs.eq(undo.white_reserve_secs),
        games::black_reserve_secs.eq(undo.black_reserve_secs),
        games::draw_offer_by.eq(undo.draw_offer_by),
        games::takeback_by.eq(None::<UserId>),
        games::undo_clock.eq(None::<String>),
        games::takebacks.eq(games::takebacks + 1),
    ))
    .execute(conn)?;
    if changed != 1 {
        return Err(GameError::MovedOn);
    }
    // The trees were written for a position that is gone.
    conditional::forget_all(conn, game.id)?;
    // The rules are loaded only to check that the position reads back.
    let rules = rules::load(conn, game.preset_version_id)?;
    plypost_rules::Position::from_fen(&rules.variant, &previous_fen)
        .map_err(|e| corrupt(&format!("previous FEN: {e}")))?;
    Ok(())
}

/// What happened to a takeback request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TakebackNews {
    Asked,
    Accepted,
    Declined,
}

#[derive(Template)]
#[template(path = "mail/takeback.txt")]
struct TakebackMail<'a> {
    lang: &'a crate::i18n::Lang,
    header: &'a str,
    line: String,
    link: &'a str,
}

/// A takeback asked (mailed to the opponent of `asker`), accepted or declined (mailed to
/// `asker`).
fn mail(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    asker: UserId,
    news: TakebackNews,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
    let (asking, other) = if asker == white.id {
        (&white, &black)
    } else {
        (&black, &white)
    };
    let (to, name, id, what) = match news {
        TakebackNews::Asked => (
            other,
            asking,
            "mail-takeback-asked",
            "mail-what-takeback-asked",
        ),
        TakebackNews::Accepted => (
            asking,
            other,
            "mail-takeback-accepted",
            "mail-what-takeback-accepted",
        ),
        TakebackNews::Declined => (
            asking,
            other,
            "mail-takeback-declined",
            "mail-what-takeback-declined",
        ),
    };
    let lang = config.language_for(to.language.as_deref());
    let variant = &lang.variant(&rules.variant);
    let body = render(&TakebackMail {
        lang: &lang,
        header: &header(&lang, game, variant, (&white, &black)),
        line: lang.t1(id, "name", &name.username),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(&lang, game, variant, (&white, &black), &lang.t(what));
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}
