//! The mail that ends a game: to both players, the result and how it came, in words, with
//! the final position. It asks for nothing, so it carries no reply address.

use askama::Template;

use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbConn;
use crate::domain::{EndReason, GameResult, GameStatus};
use crate::format::datetime_in;
use crate::games::board_image::position_of;
use crate::games::model::Ending;
use crate::games::model::GameRow;
use crate::games::notify::{diagram, header, notify, players, render, subject};
use crate::games::GameError;
use crate::mail::MailKind;
use crate::presets::rules::Rules;

/// How a game ended, in words: "checkmate", "draw agreed".
pub fn reason_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time",
        EndReason::Agreement => "draw agreed",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "threefold repetition",
        EndReason::MoveCount => "move-count rule",
        EndReason::BareKing => "bare King",
        EndReason::Abandoned => "abandoned",
        EndReason::Withdrawal => "withdrawal from the tournament",
        EndReason::Adjudication => "adjudicated by an admin",
        EndReason::Aborted => "aborted",
        EndReason::AccountDeleted => "account deleted",
    }
}

/// The result in words: "1-0, checkmate"; "no result, abandoned"; "in progress".
pub fn result_words(game: &GameRow) -> String {
    match (game.status, game.result, game.result_reason) {
        (GameStatus::Active, ..) => "in progress".to_owned(),
        (_, Some(result), Some(reason)) => format!("{result}, {}", reason_words(reason)),
        (_, Some(result), None) => result.to_string(),
        (_, None, Some(reason)) => format!("no result, {}", reason_words(reason)),
        (_, None, None) => "no result".to_owned(),
    }
}

#[derive(Template)]
#[template(path = "mail/game_over.txt")]
struct GameOverMail<'a> {
    header: &'a str,
    /// What ended the game, as the recipient reads it.
    line: &'a str,
    result: &'a str,
    /// The final position, the last move marked.
    diagram: &'a str,
    link: &'a str,
}

/// The sentence that says what ended the game, for `to`. `white` and `black` are the
/// players; the names are theirs.
fn what_ended_it(
    game: &GameRow,
    ending: &Ending,
    to: &User,
    (white, black): (&User, &User),
) -> String {
    let name = |id| {
        if id == to.id {
            "You".to_owned()
        } else if id == white.id {
            white.username.clone()
        } else {
            black.username.clone()
        }
    };
    let by = ending.by.map(name).unwrap_or_default();
    let to_move = name(game.player_to_move());
    let opponent_of_to_move = name(game.opponent_of(game.player_to_move()));
    match ending.reason {
        EndReason::Checkmate
        | EndReason::Stalemate
        | EndReason::Repetition
        | EndReason::MoveCount
        | EndReason::BareKing => {
            let mover = opponent_of_to_move;
            match ending.last_move {
                Some((long, san)) => {
                    let text = if to.long_notation { long } else { san };
                    let number = (game.ply + 1) / 2;
                    let dots = if game.ply % 2 == 0 { "…" } else { "." };
                    let numbered = format!("{number}{dots} {text}");
                    let mine = game.opponent_of(game.player_to_move()) == to.id;
                    match (ending.conditional, mine) {
                        (false, _) => format!("{mover} played {numbered}."),
                        (true, true) => format!(
                            "Your conditional move {numbered} was played for you, at once in reply."
                        ),
                        (true, false) => format!(
                            "{mover} played {numbered}, one of their conditional moves, at once in reply."
                        ),
                    }
                }
                None => String::new(),
            }
        }
        EndReason::Resignation => format!("{by} resigned."),
        EndReason::Agreement => format!("{by} accepted the draw offer."),
        EndReason::Time => {
            let at = datetime_in(ending.at, &to.time_zone);
            let mut line = format!("{to_move} ran out of time ({at}).");
            if game.result == Some(GameResult::Draw) {
                line.push_str(&format!(
                    "\nIt is a draw because {opponent_of_to_move} could never checkmate."
                ));
            }
            line
        }
        EndReason::Abandoned => format!(
            "{by} closed this untimed game as abandoned: no move was played for {} days.",
            crate::time_control::ABANDON_AFTER.num_days()
        ),
        EndReason::Withdrawal => format!("{by} withdrew from the tournament."),
        EndReason::Adjudication => "An administrator decided the result.".to_owned(),
        EndReason::Aborted if ending.by.is_some() => {
            format!("{by} aborted the game before both sides had moved: it has no result and is not rated.")
        }
        EndReason::Aborted => {
            "An administrator aborted the game: it has no result and is not rated.".to_owned()
        }
        EndReason::AccountDeleted => format!("{by} deleted their account."),
    }
}

/// The end of `game` (as it ended: finished): mailed to both players, each from their side
/// of the board, as they asked for game-end mails.
pub fn game_over(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    ending: &Ending,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let link = config.absolute_url(&format!("/games/{}", game.id));
    let variant = rules.variant.display_name();
    let what = format!(
        "game over, {}",
        game.result.map_or("no result", GameResult::as_str)
    );
    let subject = subject(game, variant, &white, &black, &what);
    let head = header(game, variant, &white, &black);
    let result = result_words(game);
    let (position, last) = position_of(conn, game, &rules.variant, game.ply)?;
    for to in [&white, &black] {
        let line = what_ended_it(game, ending, to, (&white, &black));
        let board_text = diagram(&position, to.id == black.id, last);
        let body = render(&GameOverMail {
            header: &head,
            line: &line,
            result: &result,
            diagram: &board_text,
            link: &link,
        })?;
        let subject = subject.clone().with_diagram(&board_text);
        notify(conn, clock, config, to, MailKind::GameEnd, &subject, body)?;
    }
    Ok(())
}
