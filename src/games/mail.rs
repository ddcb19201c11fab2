//! The mails of a game: invitation, start, "your move" (with draw offers), end. All are
//! queued in the caller's transaction and respect the recipient's "email on my turn" setting.

use diesel::prelude::*;
use plypost_rules::Position;

use super::model::{ChallengeRow, GameRow};
use super::GameError;
use crate::accounts::{self, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::users;
use crate::db::{DbConn, UserId};
use crate::domain::{EndReason, GameResult};
use crate::format::datetime_in;
use crate::mail::{self, MailError, MailKind, Outgoing};
use crate::presets::rules::Rules;

/// Both players of a game: (White, Black).
pub fn players(conn: &mut DbConn, game: &GameRow) -> Result<(User, User), GameError> {
    // One query for both (the same user twice comes back once).
    let found: Vec<User> = users::table
        .filter(users::id.eq(game.white_id).or(users::id.eq(game.black_id)))
        .select(User::as_select())
        .load(conn)?;
    let pick = |id: UserId| {
        found
            .iter()
            .find(|u| u.id == id)
            .cloned()
            .ok_or(GameError::Db(diesel::result::Error::NotFound))
    };
    Ok((pick(game.white_id)?, pick(game.black_id)?))
}

/// `[plypost] Game #42 Terachess II: alice vs bob — your move`: one thread per game.
pub fn subject(game: &GameRow, variant: &str, white: &User, black: &User, what: &str) -> String {
    format!(
        "[plypost] Game #{} {variant}: {} vs {} — {what}",
        game.id, white.username, black.username
    )
}

/// A plain-text board from `to`'s side (Black sees rank 1 at the top).
pub fn diagram(position: &Position, black_view: bool) -> String {
    let variant = position.variant();
    let (w, h) = (variant.width(), variant.height());
    let mut cells = Vec::with_capacity(usize::from(w) * usize::from(h));
    for rank in 0..h {
        for file in 0..w {
            let cell = plypost_rules::Square::new(file, rank)
                .and_then(|sq| position.piece_at(sq))
                .map(|p| {
                    let letter = p.kind.letter.chars().last().unwrap_or('?');
                    (letter, p.color == plypost_rules::Color::White)
                });
            cells.push(cell);
        }
    }
    plypost_board::text_diagram(w, h, black_view, &cells)
}

/// Queues a notification of `kind` to `to` if they want that kind, with the usual footer. A
/// stored address that no longer parses costs the mail, not the move (or whatever caused
/// it): it is logged and skipped.
pub(crate) fn notify(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    to: &User,
    kind: MailKind,
    subject: &str,
    body: String,
) -> Result<(), GameError> {
    let Some(address) = accounts::notification_address(to, kind) else {
        return Ok(());
    };
    let settings = config.absolute_url("/settings");
    let text = format!(
        "{body}\n-- \nplypost. You get these mails because you play on plypost.\n\
         Change your mail settings: {settings}\n"
    );
    let unsubscribe = accounts::unsubscribe_url(config, to, kind);
    let queued = mail::queue(
        conn,
        clock,
        &Outgoing::notification(kind, address, subject, text, unsubscribe),
    );
    match queued {
        Ok(_) => Ok(()),
        Err(MailError::Address(address)) => {
            tracing::warn!(user = %to.id, %address, kind = kind.as_str(), "mail not queued: the stored address does not parse");
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

fn header(game: &GameRow, rules: &Rules, white: &User, black: &User) -> String {
    format!(
        "Game #{}, {}: {} (White) vs {} (Black)\n",
        game.id,
        rules.variant.display_name(),
        white.username,
        black.username
    )
}

fn due_line(game: &GameRow, to: &User) -> String {
    match game.deadline_at {
        Some(at) => format!("Please move by {}.\n", datetime_in(at, &to.time_zone)),
        None => String::new(),
    }
}

/// After a move: "your move" to the opponent, or the result when the move ended the game.
#[allow(clippy::too_many_arguments)]
pub fn after_move(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    after: &Position,
    drawn: &(bool, String),
    (white, black): &(User, User),
    move_text: &str,
    comment: Option<&str>,
    mover: UserId,
) -> Result<(), GameError> {
    // `drawn`: the diagram drawn before the transaction, and whether from Black's side.
    let diagram = |black_view: bool| match drawn {
        (side, text) if *side == black_view => text.clone(),
        _ => diagram(after, black_view),
    };
    let (mover_user, to) = if mover == white.id {
        (&white, &black)
    } else {
        (&black, &white)
    };
    let link = config.absolute_url(&format!("/games/{}", game.id));
    let mut body = header(game, rules, white, black);
    body.push_str(&format!(
        "\n{} played {}. {}\n",
        mover_user.username,
        (game.ply + 1) / 2,
        if game.ply % 2 == 0 {
            format!("... {move_text}")
        } else {
            move_text.to_owned()
        }
    ));
    if let Some(comment) = comment {
        body.push_str(&format!("Comment: {comment}\n"));
    }
    let what = if game.is_active() {
        if game.draw_offer_by == Some(mover) {
            body.push_str(&format!(
                "\n{} offers a draw. Accept it on the game page, or decline it by moving.\n",
                mover_user.username
            ));
        }
        body.push_str(&format!(
            "\n{}\nIt is your move.\n",
            diagram(to.id == game.black_id)
        ));
        body.push_str(&due_line(game, to));
        if game.draw_offer_by == Some(mover) {
            "your move (draw offered)".to_owned()
        } else {
            "your move".to_owned()
        }
    } else {
        body.push_str(&format!("\n{}\n", diagram(to.id == game.black_id)));
        body.push_str(&format!("The game is over: {}.\n", result_words(game)));
        format!("game over, {}", game.result.map_or("", GameResult::as_str))
    };
    body.push_str(&format!("\nThe game: {link}\n"));
    let subject = subject(game, rules.variant.display_name(), white, black, &what);
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}

/// The result in words: "1-0, checkmate".
pub fn result_words(game: &GameRow) -> String {
    let reason = game.result_reason.map_or("", |reason| match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time",
        EndReason::Agreement => "draw agreed",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "threefold repetition",
        EndReason::MoveCount => "move-count rule",
        EndReason::Abandoned => "abandoned",
    });
    match game.result {
        Some(result) if !reason.is_empty() => format!("{result}, {reason}"),
        Some(result) => result.to_string(),
        None => "in progress".to_owned(),
    }
}

/// The end of a game by resignation or agreement: mailed to the other player than `actor`.
pub fn game_over(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    actor: Option<UserId>,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let link = config.absolute_url(&format!("/games/{}", game.id));
    let what = format!("game over, {}", game.result.map_or("", GameResult::as_str));
    let subject = subject(game, rules.variant.display_name(), &white, &black, &what);
    for to in [&white, &black] {
        if Some(to.id) == actor {
            continue;
        }
        let mut body = header(game, rules, &white, &black);
        match (game.result_reason, actor) {
            (Some(EndReason::Resignation), Some(_)) => {
                let by = if to.id == white.id { &black } else { &white };
                body.push_str(&format!("\n{} resigned.\n", by.username));
            }
            (Some(EndReason::Agreement), Some(_)) => {
                let by = if to.id == white.id { &black } else { &white };
                body.push_str(&format!("\n{} accepted your draw offer.\n", by.username));
            }
            _ => {}
        }
        body.push_str(&format!(
            "The game is over: {}.\n\nThe game: {link}\n",
            result_words(game)
        ));
        notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)?;
    }
    Ok(())
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
        let to_move = to.id == game.player_to_move();
        let what = if to_move { "your move" } else { "game started" };
        let subject = subject(game, rules.variant.display_name(), &white, &black, what);
        let mut body = header(game, rules, &white, &black);
        let colour = if to.id == white.id { "White" } else { "Black" };
        body.push_str(&format!("\nThe game has started. You play {colour}.\n"));
        if to_move {
            body.push_str(&format!(
                "\n{}\nIt is your move.\n",
                diagram(start, to.id == game.black_id)
            ));
            body.push_str(&due_line(game, to));
        }
        body.push_str(&format!("\nThe game: {link}\n"));
        notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)?;
    }
    Ok(())
}

/// A named challenge: tells the invited player.
pub fn invitation(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    challenge: &ChallengeRow,
    author: &User,
    to: &User,
    variant: &str,
) -> Result<(), GameError> {
    let link = config.absolute_url("/games");
    let mut body = format!(
        "{} invites you to a game of {variant} ({}; {} plays {}).\n",
        author.username,
        challenge.describe_time_control(),
        author.username,
        challenge.author_color
    );
    if !challenge.message.is_empty() {
        body.push_str(&format!("\nTheir message: {}\n", challenge.message));
    }
    body.push_str(&format!("\nAccept or decline it here: {link}\n"));
    let subject = format!(
        "[plypost] Challenge #{}: {} invites you to {variant}",
        challenge.id, author.username
    );
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}
