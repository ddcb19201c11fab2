//! The mails that start a game: a named challenge, a declined one, and the first move asked for.

use askama::Template;
use plypost_rules::Position;

use super::due;
use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbConn;
use crate::games::board_image::MailPicture;
use crate::games::model::{ChallengeRow, GameRow};
use crate::games::notify::{diagram, header, notify, players, render, subject, user, Subject};
use crate::games::GameError;
use crate::i18n::Lang;
use crate::mail::MailKind;
use crate::presets::rules::Rules;

#[derive(Template)]
#[template(path = "mail/game_started.txt")]
struct GameStartedMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    colour: &'a str,
    /// The board, for the player to move.
    diagram: Option<String>,
    due: Option<String>,
    link: &'a str,
}

/// A new game: both players learn their colour; the one to move is asked to.
pub fn game_started(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    start: &Position,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let link = config.absolute_url(&format!("/games/{}", game.id));
    for to in [&white, &black] {
        let lang = config.language_for(to.language.as_deref());
        let variant = &lang.variant(&rules.variant);
        let to_move = to.id == game.player_to_move();
        let what = lang.t(if to_move {
            "mail-what-your-move"
        } else {
            "mail-what-started"
        });
        let board_text = to_move.then(|| diagram(&lang, start, to.id == game.black_id, None));
        let mut subject = subject(&lang, game, variant, (&white, &black), &what);
        subject.diagram = board_text.clone();
        let body = render(&GameStartedMail {
            lang: &lang,
            header: &header(&lang, game, variant, (&white, &black)),
            colour: if to.id == white.id { "white" } else { "black" },
            diagram: board_text,
            due: due(&lang, game, to).filter(|_| to_move),
            link: &link,
        })?;
        // The player to move is asked to; the other learns that the challenge was taken.
        let kind = if to_move {
            MailKind::YourTurn
        } else {
            MailKind::Challenge
        };
        notify(conn, clock, config, to, kind, &subject, body)?;
    }
    Ok(())
}

#[derive(Template)]
#[template(path = "mail/invitation.txt")]
struct InvitationMail<'a> {
    lang: &'a Lang,
    intro: &'a str,
    message: &'a str,
    setup_note: &'a str,
    diagram: &'a str,
    link: &'a str,
}

/// A named challenge: tells the invited player.
pub fn invitation(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    challenge: &ChallengeRow,
    author: &User,
    to: &User,
    variant: &plypost_rules::Variant,
) -> Result<(), GameError> {
    // The start position, from the invited player's side when their colour is known.
    let (start, name) = crate::games::board_image::challenge_start(conn, challenge.id)?;
    let lang = config.language_for(to.language.as_deref());
    let variant = &lang.variant(variant);
    let setup_note = match (challenge.setup_choice.as_deref(), name) {
        (Some(crate::presets::setups::RANDOM), _) => lang.t("mail-setup-random"),
        (_, Some(name)) => lang.t1("mail-setup-named", "name", name),
        (_, None) => lang.t("mail-setup"),
    };
    let intro = lang.t_args(
        "mail-invitation",
        &[
            ("author", &author.username),
            ("variant", &variant),
            ("control", &challenge.describe_terms(&lang)),
            ("colour", &challenge.author_color.as_str()),
        ],
    );
    let black_view = challenge.author_color == crate::domain::ColorChoice::White;
    let board_text = diagram(&lang, &start, black_view, None);
    let body = render(&InvitationMail {
        lang: &lang,
        intro: &intro,
        message: &challenge.message,
        setup_note: &setup_note,
        diagram: &board_text,
        link: &config.absolute_url("/games"),
    })?;
    let mut subject = Subject::plain(lang.t3(
        "mail-subject-invitation",
        "id",
        challenge.id.0,
        "author",
        &author.username,
        "variant",
        variant,
    ));
    subject.board = Some(MailPicture::Challenge {
        challenge: challenge.id,
        black_view,
    });
    subject.diagram = Some(board_text);
    notify(conn, clock, config, to, MailKind::Challenge, &subject, body)
}

#[derive(Template)]
#[template(path = "mail/challenge_declined.txt")]
struct DeclinedMail<'a> {
    lang: &'a Lang,
    intro: &'a str,
    link: &'a str,
}

/// The invited player declined `challenge`: its author is told.
pub fn challenge_declined(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    challenge: &ChallengeRow,
) -> Result<(), GameError> {
    use crate::db::schema::{preset_versions, presets};
    use diesel::prelude::*;
    let Some(by) = challenge.opponent_id else {
        return Ok(());
    };
    let (Some(author), Some(by)) = (user(conn, challenge.author_id)?, user(conn, by)?) else {
        return Ok(());
    };
    let variant: String = preset_versions::table
        .inner_join(presets::table)
        .filter(preset_versions::id.eq(challenge.preset_version_id))
        .select(presets::name)
        .first(conn)?;
    let lang = config.language_for(author.language.as_deref());
    let intro = lang.t_args(
        "mail-challenge-declined",
        &[
            ("by", &by.username),
            ("id", &challenge.id.0),
            ("variant", &variant),
            ("control", &challenge.describe_terms(&lang)),
        ],
    );
    let body = render(&DeclinedMail {
        lang: &lang,
        intro: &intro,
        link: &config.absolute_url("/games"),
    })?;
    let subject = Subject::plain(lang.t2(
        "mail-subject-declined",
        "id",
        challenge.id.0,
        "by",
        &by.username,
    ));
    notify(
        conn,
        clock,
        config,
        &author,
        MailKind::Challenge,
        &subject,
        body,
    )
}
