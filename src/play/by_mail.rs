//! Moving by replying to the mail. One handler for both ways in (`plypost mail-in` from an
//! MTA, and the IMAP watcher): read the message, find the reply token in its recipients,
//! carry out the command with the same services as the web page, and answer in the game's
//! thread. Junk, forgeries, auto-replies and bounces are dropped without an answer (no
//! backscatter); a message delivered twice is handled once.

use chrono::Duration;
use plypost_rules::Position;

use super::moves::{self as play, MoveInput};
use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::game_mail::result_text;
use crate::games::model::GameRow;
use crate::games::move_log::MoveLogCache;
use crate::games::notify::{
    after_ply, diagram, header, reply_address, subject, thread_key, white_moves_first, MailedAt,
    Subject,
};
use crate::games::GameError;
use crate::mail::inbound::{self, Command, InboundMail};
use crate::mail::reply_token::ReplyToken;
use crate::mail::{self as outbox, received, MailError, MailKind, Outgoing};
use crate::presets::rules;

/// Larger messages are dropped unread (a reply with a move is a few kilobytes; this leaves
/// room for a signature image or a small attachment).
pub const MAX_MESSAGE_BYTES: usize = 1024 * 1024;
/// Refused mails answered per player and hour; further refused mails get no answer. A
/// legal move by the player is always played and answered.
pub const MAX_REFUSALS_PER_HOUR: i64 = 30;

/// What became of a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// The command was carried out; an answer says what happened.
    Played(String),
    /// The command was refused; an answer says why.
    Refused(String),
    /// Dropped without an answer; the reason is for the log.
    Dropped(String),
    /// The same message was handled before.
    Duplicate,
}

/// Handles one raw RFC 5322 message. `Err` only for failures worth a retry (the database);
/// everything about the message itself is an `Ok` outcome.
pub fn handle(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    raw: &[u8],
) -> Result<Handled, GameError> {
    if config.mail_reply_to.is_none() {
        return Ok(dropped(
            "inbound mail is off (PLYPOST_MAIL_REPLY_TO is not set)",
        ));
    }
    let mail = match inbound::read(raw, MAX_MESSAGE_BYTES) {
        Ok(mail) => mail,
        Err(e) => return Ok(dropped(&e.to_string())),
    };
    if let Some(automatic) = &mail.automatic {
        return Ok(dropped(&format!("automatic message: {automatic}")));
    }
    let Some(token) = mail
        .recipients
        .iter()
        .find_map(|address| ReplyToken::from_address(address, config))
    else {
        return Ok(dropped("no valid reply token among the recipients"));
    };
    let key = received::message_key(&mail, raw);
    if received::was_handled(db, &key)? {
        return Ok(Handled::Duplicate);
    }
    let Some(user) = crate::games::notify::user(db, token.user)? else {
        return Ok(dropped("the token's player no longer exists"));
    };
    if user.reply_generation != token.generation {
        return Ok(dropped("revoked reply token"));
    }
    let game = match GameRow::load(db, token.game) {
        Ok(game) if game.is_player(user.id) => game,
        Ok(_) | Err(GameError::NotFound) => return Ok(dropped("the token's game is gone")),
        Err(e) => return Err(e),
    };
    if let Some(evidence) = &mail.authentication_failed {
        return Ok(dropped(&format!(
            "the sender's domain failed the receiving server's check: {evidence}"
        )));
    }
    let sender = mail.from.as_deref().unwrap_or_default();
    if !user.email_verified() {
        return Ok(dropped("the player's address is not confirmed yet"));
    }
    if user.is_bot {
        return Ok(dropped("a bot moves through the bot API, not by mail"));
    }
    if !sender.eq_ignore_ascii_case(user.email.trim()) {
        tell_of_foreign_reply(db, clock, config, &user, &game, &key, sender)?;
        return Ok(dropped(&format!(
            "sent from {sender}, not from the player's address"
        )));
    }
    let outcome = carry_out(db, clock, config, log, &user, &game, &token, &mail)?;
    let hour_ago = clock.now_db() - Duration::hours(1);
    if matches!(outcome, Handled::Refused(_))
        && received::refused_since(db, user.id, hour_ago)? >= MAX_REFUSALS_PER_HOUR
    {
        return Ok(dropped(&format!(
            "more than {MAX_REFUSALS_PER_HOUR} refused mails for {} in the last hour",
            user.username
        )));
    }
    answer(db, clock, config, &user, &game, &key, &mail, outcome)
}

#[derive(askama::Template)]
#[template(path = "mail/foreign_reply.txt")]
struct ForeignReplyNote<'a> {
    lang: &'a crate::i18n::Lang,
    game: i64,
    from: &'a str,
    address: &'a str,
    link: &'a str,
    settings: &'a str,
}

/// A reply came from another address than the player's: nothing is played and its sender
/// gets nothing (no backscatter); the player's own address gets a note, at most once a day.
#[allow(clippy::too_many_arguments)]
fn tell_of_foreign_reply(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: &User,
    game: &GameRow,
    key: &str,
    sender: &str,
) -> Result<(), GameError> {
    let day_ago = clock.now_db() - Duration::days(1);
    db.write(|conn| {
        let noted_today = received::outcomes_since(conn, user.id, FOREIGN, day_ago)? > 0;
        if !received::record(conn, clock, key, FOREIGN, user.id)? || noted_today {
            return Ok(());
        }
        let lang = config.language_for(user.language.as_deref());
        let body = crate::games::notify::render(&ForeignReplyNote {
            lang: &lang,
            game: game.id.0,
            from: sender,
            address: &user.email,
            link: &config.absolute_url(&format!("/games/{}", game.id)),
            settings: &config.absolute_url("/settings"),
        })?;
        let outgoing = Outgoing::new(
            MailKind::MailAnswer,
            &user.email,
            &lang.t1("mail-subject-foreign-reply", "game", game.id.0),
            body,
        )
        .in_language(&lang);
        match outbox::queue(conn, clock, &outgoing) {
            Ok(_) | Err(MailError::Address(_)) => Ok(()),
            Err(e) => Err(e.into()),
        }
    })
}

/// The outcome recorded for a reply from another address than the player's.
const FOREIGN: &str = "foreign";

/// A first line that is a sentence rather than a move: moves and the keywords have no
/// spaces inside and are short.
fn looks_like_prose(text: &str) -> bool {
    text.trim().contains(char::is_whitespace) || text.chars().count() > 16
}

/// The answer to a reply whose first line is not a move: what the first line must be, with
/// a move that is legal in the game's position as the example.
fn explain_first_line(
    lang: &crate::i18n::Lang,
    db: &mut Db,
    game: &GameRow,
    first_line: &str,
) -> Result<String, GameError> {
    let rules = rules::load(db, game.preset_version_id)?;
    let position = Position::from_fen(&rules.variant, &game.current_fen)
        .map_err(|e| GameError::Corrupt(format!("game {}: stored FEN: {e}", game.id)))?;
    let example = position
        .legal_moves()
        .first()
        .map(|mv| position.move_san(mv))
        .unwrap_or_else(|| "e4".to_owned());
    let quoted: String = first_line.chars().take(80).collect();
    Ok(lang.t2(
        "mail-answer-first-line",
        "example",
        example,
        "quoted",
        quoted,
    ))
}

fn dropped(reason: &str) -> Handled {
    Handled::Dropped(reason.to_owned())
}

/// Runs the command: `Played` or `Refused` with the words for the answer.
#[allow(clippy::too_many_arguments)]
fn carry_out(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    log: &MoveLogCache,
    user: &User,
    game: &GameRow,
    token: &ReplyToken,
    mail: &InboundMail,
) -> Result<Handled, GameError> {
    let lang = config.language_for(user.language.as_deref());
    let command = match inbound::command(&mail.text) {
        Ok(command) => command,
        Err(e) => return Ok(Handled::Refused(e.to_string())),
    };
    let done = match &command {
        Command::Move {
            text,
            comment,
            offer_draw,
        } => {
            if game.takebacks != token.takebacks {
                return Ok(Handled::Refused(lang.t1(
                    "mail-answer-taken-back",
                    "move",
                    text,
                )));
            }
            if game.ply != token.ply || game.takebacks != token.takebacks {
                return Ok(Handled::Refused(lang.t3(
                    "mail-answer-moved-on",
                    "then",
                    after_ply(&lang, token.ply, white_moves_first(game)),
                    "now",
                    after_ply(&lang, game.ply, white_moves_first(game)),
                    "move",
                    text,
                )));
            }
            let input = MoveInput {
                ply: token.ply + 1,
                text: text.clone(),
                comment: comment.clone().unwrap_or_default(),
                offer_draw: *offer_draw,
            };
            play::play_move(db, clock, config, log, user.id, game.id, &input).map(|played| {
                let offer = if *offer_draw { "yes" } else { "no" };
                match &played.conditional_reply {
                    Some(reply) => lang.t3(
                        "mail-answer-played-reply",
                        "move",
                        &played.move_text,
                        "offer",
                        offer,
                        "reply",
                        reply,
                    ),
                    None => lang.t2(
                        "mail-answer-played",
                        "move",
                        &played.move_text,
                        "offer",
                        offer,
                    ),
                }
            })
        }
        Command::Resign => super::resign(db, clock, config, user.id, game.id)
            .map(|()| lang.t("mail-answer-resigned")),
        Command::AcceptDraw => super::accept_draw(db, clock, config, user.id, game.id)
            .map(|()| lang.t("mail-answer-accepted-draw")),
    };
    if let (Err(GameError::Illegal(_)), Command::Move { text, .. }) = (&done, &command) {
        if looks_like_prose(text) {
            return Ok(Handled::Refused(explain_first_line(&lang, db, game, text)?));
        }
    }
    match done {
        Ok(words) => Ok(Handled::Played(words)),
        // Submitted twice (the first delivery's answer was lost with a crash): it counts once.
        Err(GameError::AlreadyPlayed) => {
            Ok(Handled::Played(GameError::AlreadyPlayed.localized(&lang)))
        }
        Err(e) if e.is_user_error() => Ok(Handled::Refused(lang.t1(
            "mail-answer-not-played",
            "error",
            e.to_string(),
        ))),
        Err(e) => Err(e),
    }
}

#[derive(askama::Template)]
#[template(path = "mail/mail_answer.txt")]
struct AnswerMail<'a> {
    lang: &'a crate::i18n::Lang,
    header: &'a str,
    /// What was done with the mail.
    words: &'a str,
    diagram: &'a str,
    /// Whose move it is now, or the result.
    state: &'a str,
    link: &'a str,
}

/// Queues the answer and remembers the message, in one transaction.
#[allow(clippy::too_many_arguments)]
fn answer(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: &User,
    game: &GameRow,
    key: &str,
    mail: &InboundMail,
    outcome: Handled,
) -> Result<Handled, GameError> {
    let (label, words) = match &outcome {
        Handled::Played(words) => ("played", words.as_str()),
        Handled::Refused(words) => (received::REFUSED, words.as_str()),
        Handled::Dropped(_) | Handled::Duplicate => return Ok(outcome),
    };
    let lang = config.language_for(user.language.as_deref());
    let first = db.write(|conn| {
        if !received::record(conn, clock, key, label, user.id)? {
            return Ok::<_, GameError>(false);
        }
        let now = GameRow::load(conn, game.id)?;
        let (white, black) = crate::games::notify::players(conn, &now)?;
        let rules = rules::load(conn, now.preset_version_id)?;
        let position = Position::from_fen(&rules.variant, &now.current_fen)
            .map_err(|e| GameError::Corrupt(format!("game {}: stored FEN: {e}", now.id)))?;
        let state = if now.is_active() {
            let to_move = if now.player_to_move() == white.id {
                &white
            } else {
                &black
            };
            if to_move.id == user.id {
                lang.t("mail-your-move")
            } else {
                lang.t1("mail-answer-their-move", "name", &to_move.username)
            }
        } else {
            lang.t1("mail-game-over", "result", result_text(&lang, &now))
        };
        let variant = &lang.variant(&rules.variant);
        let what = lang.t(if label == "played" {
            "mail-what-played"
        } else {
            "mail-what-not-played"
        });
        let Subject { text: title, .. } = subject(&lang, &now, variant, (&white, &black), &what);
        let quoted = mail
            .subject
            .as_deref()
            .filter(|s| !s.trim().is_empty())
            .map(|s| format!("Re: {}", s.trim_start_matches("Re: ")))
            .unwrap_or(title);
        let body = crate::games::notify::render(&AnswerMail {
            lang: &lang,
            header: &header(&lang, &now, variant, (&white, &black)),
            words,
            diagram: &diagram(&lang, &position, user.id == now.black_id, None),
            state: &state,
            link: &config.absolute_url(&format!("/games/{}", now.id)),
        })? + "\n";
        let outgoing = Outgoing::new(MailKind::MailAnswer, &user.email, &quoted, body)
            .in_thread(thread_key(now.id))
            .with_reply_to(reply_address(config, user, MailedAt::of(&now)))
            .in_language(&lang);
        match outbox::queue(conn, clock, &outgoing) {
            Ok(_) => Ok(true),
            Err(MailError::Address(address)) => {
                tracing::warn!(user = %user.id, %address, "no answer: the stored address does not parse");
                Ok(true)
            }
            Err(e) => Err(e.into()),
        }
    })?;
    Ok(if first { outcome } else { Handled::Duplicate })
}
