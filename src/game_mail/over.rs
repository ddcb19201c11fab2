//! The mail that ends a game: to both players, the result and how it came, in words, with
//! the final position. It asks for nothing, so it carries no reply address.

use askama::Template;

use crate::accounts::User;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbConn;
use crate::domain::{EndReason, GameResult, GameStatus};
use crate::games::board_image::position_of;
use crate::games::model::Ending;
use crate::games::model::GameRow;
use crate::games::notify::{diagram, header, notify, players, render, subject};
use crate::games::GameError;
use crate::i18n::{DateStyle, Lang};
use crate::mail::MailKind;
use crate::presets::rules::Rules;

/// How a game ended, in words of `lang`.
pub fn reason_text(lang: &Lang, reason: EndReason) -> String {
    lang.t1("end-reason", "reason", reason.as_str())
}

/// The result in words of `lang`: "1-0, checkmate"; "no result, abandoned"; "in progress".
pub fn result_text(lang: &Lang, game: &GameRow) -> String {
    match (game.status, game.result, game.result_reason) {
        (GameStatus::Active, ..) => lang.t("result-in-progress"),
        (_, Some(result), Some(reason)) => lang.t2(
            "result-with-reason",
            "result",
            result.as_str(),
            "reason",
            reason_text(lang, reason),
        ),
        (_, Some(result), None) => result.to_string(),
        (_, None, Some(reason)) => {
            lang.t1("result-none-reason", "reason", reason_text(lang, reason))
        }
        (_, None, None) => lang.t("result-none"),
    }
}

#[derive(Template)]
#[template(path = "mail/game_over.txt")]
struct GameOverMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    /// What ended the game, as the recipient reads it.
    line: &'a str,
    result: &'a str,
    /// The final position, the last move marked.
    diagram: &'a str,
    link: &'a str,
}

/// The sentence that says what ended the game, for `to`, in `lang`. `white` and `black` are
/// the players; the names are theirs.
fn what_ended_it(
    lang: &Lang,
    game: &GameRow,
    ending: &Ending,
    to: &User,
    (white, black): (&User, &User),
) -> String {
    let name = |id| {
        if id == white.id {
            white.username.clone()
        } else {
            black.username.clone()
        }
    };
    // A sentence about `who`: "You resigned." to them, "alice resigned." to the other.
    let about = |id: crate::db::UserId, message: &str| {
        let you = if id == to.id { "yes" } else { "no" };
        lang.t2(message, "you", you, "by", name(id))
    };
    let to_move = game.player_to_move();
    let opponent_of_to_move = game.opponent_of(to_move);
    match ending.reason {
        EndReason::Checkmate
        | EndReason::Stalemate
        | EndReason::Repetition
        | EndReason::MoveCount
        | EndReason::BareKing => {
            let mover = if opponent_of_to_move == to.id {
                lang.t("mail-you")
            } else {
                name(opponent_of_to_move)
            };
            match ending.last_move {
                Some((long, san)) => {
                    let text = if to.long_notation { long } else { san };
                    let number = (game.ply + 1) / 2;
                    let dots = if game.ply % 2 == 0 { "…" } else { "." };
                    let numbered = format!("{number}{dots} {text}");
                    let mine = opponent_of_to_move == to.id;
                    let id = match (ending.conditional, mine) {
                        (false, _) => "mail-ended-played",
                        (true, true) => "mail-ended-conditional-mine",
                        (true, false) => "mail-ended-conditional",
                    };
                    lang.t2(id, "mover", mover, "move", numbered)
                }
                None => String::new(),
            }
        }
        EndReason::Resignation | EndReason::Agreement | EndReason::Withdrawal => {
            let id = match ending.reason {
                EndReason::Resignation => "mail-ended-resigned",
                EndReason::Agreement => "mail-ended-agreed",
                _ => "mail-ended-withdrawal",
            };
            ending.by.map(|by| about(by, id)).unwrap_or_default()
        }
        EndReason::Time => {
            let at = lang.datetime(ending.at, &to.time_zone, DateStyle::DateTime);
            let you = if to_move == to.id { "yes" } else { "no" };
            let mut line = lang.t3("mail-ended-time", "you", you, "by", name(to_move), "at", at);
            if game.result == Some(GameResult::Draw) {
                line.push('\n');
                line.push_str(&about(opponent_of_to_move, "mail-ended-time-draw"));
            }
            line
        }
        EndReason::Abandoned => {
            let you = if ending.by == Some(to.id) {
                "yes"
            } else {
                "no"
            };
            lang.t3(
                "mail-ended-abandoned",
                "you",
                you,
                "by",
                ending.by.map(name).unwrap_or_default(),
                "days",
                crate::time_control::ABANDON_AFTER.num_days(),
            )
        }
        EndReason::Adjudication => lang.t("mail-ended-adjudication"),
        EndReason::Aborted => match ending.by {
            Some(by) => about(by, "mail-ended-aborted"),
            None => lang.t("mail-ended-aborted-admin"),
        },
        EndReason::AccountDeleted => match ending.by {
            Some(by) if by == to.id => {
                lang.t1("mail-ended-account-deleted", "by", lang.t("mail-you"))
            }
            Some(by) => lang.t1("mail-ended-account-deleted", "by", name(by)),
            None => String::new(),
        },
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
    let (position, last) = position_of(conn, game, &rules.variant, game.ply)?;
    for to in [&white, &black] {
        let lang = config.language_for(to.language.as_deref());
        let variant = &lang.variant(&rules.variant);
        let what = lang.t1(
            "mail-what-over",
            "result",
            game.result
                .map_or_else(|| lang.t("result-none"), |r| r.as_str().to_owned()),
        );
        let subject = subject(&lang, game, variant, (&white, &black), &what);
        let result = result_text(&lang, game);
        let line = what_ended_it(&lang, game, ending, to, (&white, &black));
        let board_text = diagram(&lang, &position, to.id == black.id, last);
        let body = render(&GameOverMail {
            lang: &lang,
            header: &header(&lang, game, variant, (&white, &black)),
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

#[cfg(test)]
mod tests {
    use super::reason_text;
    use crate::domain::EndReason;
    use crate::i18n::Lang;

    #[test]
    fn every_end_reason_has_words_in_every_language() {
        let en = Lang::default();
        assert_eq!(reason_text(&en, EndReason::Agreement), "draw agreed");
        assert_eq!(reason_text(&en, EndReason::BareKing), "bare King");
        for lang in Lang::all() {
            for &reason in EndReason::ALL {
                let text = reason_text(&lang, reason);
                assert!(
                    !text.is_empty() && text != "end-reason",
                    "{lang}: {reason:?}"
                );
            }
        }
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(reason_text(&fr, EndReason::Checkmate), "échec et mat");
    }
}
