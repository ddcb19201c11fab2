//! The mails of an event as a whole: its start (each player's games) and its final table.
//! A game's own mails are `game_mail`'s.

use askama::Template;

use super::{games_of, Table, TournamentRow};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, UserId};
use crate::games::notify::{notify, render, user, Subject};
use crate::games::GameError;
use crate::i18n::Lang;
use crate::mail::MailKind;

/// One game in the start mail's list.
struct GameLine {
    /// "Game #12 (round 2): you play White against bob:".
    line: String,
    link: String,
}

#[derive(Template)]
#[template(path = "mail/tournament_started.txt")]
struct StartedMail<'a> {
    lang: &'a Lang,
    name: &'a str,
    games: Vec<GameLine>,
    event: &'a str,
}

#[derive(Template)]
#[template(path = "mail/tournament_finished.txt")]
struct FinishedMail<'a> {
    lang: &'a Lang,
    name: &'a str,
    winner: &'a str,
    /// The table's rows as aligned text.
    rows: &'a [String],
    event: &'a str,
}

/// The start of a tournament: each player gets the list of their games.
pub(super) fn tournament_started(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
    players: &[UserId],
) -> Result<(), GameError> {
    let games = games_of(conn, t.id)?;
    let names = crate::accounts::usernames(conn, players)?;
    let event = config.absolute_url(&format!("/tournaments/{}", t.id));
    for &player in players {
        let Some(to) = user(conn, player)? else {
            continue;
        };
        let lang = config.language_for(to.language.as_deref());
        let lines = games
            .iter()
            .filter(|g| g.white == player || g.black == player)
            .map(|g| {
                let (colour, other) = if g.white == player {
                    ("white", g.black)
                } else {
                    ("black", g.white)
                };
                let opponent = names.get(&other).cloned().unwrap_or_default();
                GameLine {
                    line: lang.t_args(
                        "mail-tournament-game",
                        &[
                            ("id", &g.id.0),
                            ("round", &g.round),
                            ("colour", &colour),
                            ("opponent", &opponent),
                        ],
                    ),
                    link: config.absolute_url(&format!("/games/{}", g.id)),
                }
            })
            .collect();
        let body = render(&StartedMail {
            lang: &lang,
            name: &t.name,
            games: lines,
            event: &event,
        })?;
        let subject = Subject::plain(lang.t1("mail-subject-tournament-started", "name", &t.name));
        notify(
            conn,
            clock,
            config,
            &to,
            MailKind::Challenge,
            &subject,
            body,
        )?;
    }
    Ok(())
}

/// The end of a tournament: everyone who played is mailed the final table.
pub(super) fn tournament_finished(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
    table: &Table,
) -> Result<(), GameError> {
    let event = config.absolute_url(&format!("/tournaments/{}", t.id));
    for row in &table.rows {
        let Some(to) = user(conn, row.user_id)? else {
            continue;
        };
        let lang = config.language_for(to.language.as_deref());
        let rows = final_table(&lang, table);
        let nobody = lang.t("mail-tournament-nobody");
        let winner = table
            .rows
            .first()
            .map_or(nobody.as_str(), |r| r.username.as_str());
        let body = render(&FinishedMail {
            lang: &lang,
            name: &t.name,
            winner,
            rows: &rows,
            event: &event,
        })?;
        let subject = Subject::plain(lang.t1("mail-subject-tournament-finished", "name", &t.name));
        notify(conn, clock, config, &to, MailKind::GameEnd, &subject, body)?;
    }
    Ok(())
}

/// The final table as aligned text, numbers written the way of `lang`.
fn final_table(lang: &Lang, table: &Table) -> Vec<String> {
    table
        .rows
        .iter()
        .map(|row| {
            let breaks: Vec<String> = table
                .tiebreak_names
                .iter()
                .zip(&row.tiebreaks)
                .map(|(name, value)| format!("{name} {}", lang.decimal(*value, 2)))
                .collect();
            let withdrew = if row.withdrawn {
                format!(" {}", lang.t("mail-tournament-withdrew"))
            } else {
                String::new()
            };
            format!(
                "{:>3}. {:<20} {:>5}  {}{withdrew}",
                row.rank,
                row.username,
                row.score(),
                breaks.join(", "),
            )
        })
        .collect()
}
