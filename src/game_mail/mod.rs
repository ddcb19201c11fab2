//! The mails of a game's life: its start (and the challenge before it), "your move", the
//! mails of a game in progress, and its end. All are queued in the caller's transaction and
//! respect the recipient's settings for each kind; the shared parts are in `games::notify`.

mod during;
mod over;
mod start;

pub use during::{conditional_played, draw_declined};
pub use over::{game_over, reason_text, result_text};
pub use start::{challenge_declined, game_started, invitation};

use askama::Template;
use plypost_rules::{Position, Square};

use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, UserId};
use crate::games::model::GameRow;
use crate::games::notify::{diagram, header, notify, render, subject};
use crate::games::GameError;
use crate::i18n::{DateStyle, Lang};
use crate::mail::MailKind;
use crate::presets::rules::Rules;

/// "Please move by ..." in `to`'s time zone and language, for a timed game.
fn due(lang: &Lang, game: &GameRow, to: &User) -> Option<String> {
    game.deadline_at
        .map(|at| lang.datetime(at, &to.time_zone, DateStyle::DateTime))
}

#[derive(Template)]
#[template(path = "mail/your_move.txt")]
struct YourMoveMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    mover: &'a str,
    /// `12. e4` or `12… e5`, as the pages write them.
    numbered_move: &'a str,
    comment: Option<&'a str>,
    /// Played from the mover's conditional moves.
    conditional: bool,
    /// The move matched none of the recipient's conditional lines, which are gone.
    dropped: bool,
    draw_offered: bool,
    diagram: &'a str,
    due: Option<String>,
    link: &'a str,
}

/// What the "your move" mail says of the move besides the move itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveNews {
    /// A move as any other.
    Plain,
    /// One of the mover's conditional moves, played at once in reply.
    Conditional,
    /// It matched none of the recipient's conditional lines, which are deleted.
    DroppedConditionals,
}

/// After a move that did not end the game: "your move" to the opponent.
#[allow(clippy::too_many_arguments)]
pub fn after_move(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    after: &Position,
    drawn: &(bool, Option<(Square, Square)>),
    (white, black): &(User, User),
    (long, san): (&str, &str),
    comment: Option<&str>,
    mover: UserId,
    how: MoveNews,
) -> Result<(), GameError> {
    let (mover_user, to) = if mover == white.id {
        (white, black)
    } else {
        (black, white)
    };
    // `drawn`: the side the move was meant to be seen from, and its squares.
    let black_view = to.id == game.black_id;
    let lang = config.language_for(to.language.as_deref());
    let last = match drawn {
        (side, last) if *side == black_view => *last,
        _ => None,
    };
    let diagram = diagram(&lang, after, black_view, last);
    // The recipient's notation: SAN unless they chose long notation.
    let move_text = if to.long_notation { long } else { san };
    let number = (game.ply + 1) / 2;
    let numbered_move = if game.ply % 2 == 0 {
        format!("{number}… {move_text}")
    } else {
        format!("{number}. {move_text}")
    };
    let draw_offered = game.draw_offer_by == Some(mover);
    let what = lang.t(if draw_offered {
        "mail-what-your-move-draw"
    } else {
        "mail-what-your-move"
    });
    let variant = &lang.variant(&rules.variant);
    let body = render(&YourMoveMail {
        lang: &lang,
        header: &header(&lang, game, variant, (white, black)),
        mover: &mover_user.username,
        numbered_move: &numbered_move,
        comment,
        conditional: how == MoveNews::Conditional,
        dropped: how == MoveNews::DroppedConditionals,
        draw_offered,
        diagram: &diagram,
        due: due(&lang, game, to),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(&lang, game, variant, (white, black), &what).with_diagram(&diagram);
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}
