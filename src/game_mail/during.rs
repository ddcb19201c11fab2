//! The mails of a game in progress besides "your move": declined draws, conditional moves, takebacks.

use askama::Template;

use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, UserId};
use crate::games::model::GameRow;
use crate::games::notify::{header, notify, players, render, subject};
use crate::games::GameError;
use crate::i18n::Lang;
use crate::mail::MailKind;
use crate::presets::rules::Rules;

#[derive(Template)]
#[template(path = "mail/draw_declined.txt")]
struct DrawDeclinedMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    decliner: &'a str,
    link: &'a str,
}

/// Tells the player who offered a draw that `decliner` declined it.
pub fn draw_declined(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    decliner: UserId,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let (by, to) = if decliner == white.id {
        (&white, &black)
    } else {
        (&black, &white)
    };
    let lang = config.language_for(to.language.as_deref());
    let variant = &lang.variant(&rules.variant);
    let what = lang.t("mail-what-draw-declined");
    let subject = subject(&lang, game, variant, (&white, &black), &what);
    let body = render(&DrawDeclinedMail {
        lang: &lang,
        header: &header(&lang, game, variant, (&white, &black)),
        decliner: &by.username,
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}

/// `12. e4` for White's move at `ply`, `12… e5` for Black's (as the pages write them).
fn numbered(ply: i64, move_text: &str) -> String {
    let number = (ply + 1) / 2;
    if ply % 2 == 0 {
        format!("{number}… {move_text}")
    } else {
        format!("{number}. {move_text}")
    }
}

#[derive(Template)]
#[template(path = "mail/conditional_played.txt")]
struct ConditionalPlayedMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    opponent: &'a str,
    their_move: &'a str,
    your_move: &'a str,
    link: &'a str,
}

/// Tells the author of conditional moves that one was played: `game` is the row after the
/// answer `answer_text` to the opponent's `move_text`.
pub fn conditional_played(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    (white, black): &(User, User),
    move_text: &str,
    answer_text: &str,
) -> Result<(), GameError> {
    let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
    // After the answer the opponent is to move; the author is the other player.
    let (author, opponent) = if game.player_to_move() == white.id {
        (black, white)
    } else {
        (white, black)
    };
    let lang = config.language_for(author.language.as_deref());
    let variant = &lang.variant(&rules.variant);
    let what = lang.t("mail-what-conditional");
    let body = render(&ConditionalPlayedMail {
        lang: &lang,
        header: &header(&lang, game, variant, (white, black)),
        opponent: &opponent.username,
        their_move: &numbered(game.ply - 1, move_text),
        your_move: &numbered(game.ply, answer_text),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(&lang, game, variant, (white, black), &what);
    notify(
        conn,
        clock,
        config,
        author,
        MailKind::YourTurn,
        &subject,
        body,
    )
}
