//! The mails of an event as a whole: its start (each player's games) and its final table.
//! A game's own mails are `game_mail`'s.

use askama::Template;

use super::{games_of, Table, TournamentRow};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, UserId};
use crate::games::notify::{notify, render, user, Subject};
use crate::games::GameError;
use crate::mail::MailKind;

/// One game in the start mail's list.
struct GameLine {
    id: i64,
    round: i64,
    colour: &'static str,
    opponent: String,
    link: String,
}

#[derive(Template)]
#[template(path = "mail/tournament_started.txt")]
struct StartedMail<'a> {
    name: &'a str,
    games: Vec<GameLine>,
    event: &'a str,
}

#[derive(Template)]
#[template(path = "mail/tournament_finished.txt")]
struct FinishedMail<'a> {
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
        let lines = games
            .iter()
            .filter(|g| g.white == player || g.black == player)
            .map(|g| {
                let (colour, other) = if g.white == player {
                    ("White", g.black)
                } else {
                    ("Black", g.white)
                };
                GameLine {
                    id: g.id.0,
                    round: g.round,
                    colour,
                    opponent: names.get(&other).cloned().unwrap_or_default(),
                    link: config.absolute_url(&format!("/games/{}", g.id)),
                }
            })
            .collect();
        let body = render(&StartedMail {
            name: &t.name,
            games: lines,
            event: &event,
        })?;
        let subject = Subject::plain(format!("[plypost] Tournament “{}” — started", t.name));
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
    let rows: Vec<String> = table
        .rows
        .iter()
        .map(|row| {
            let breaks: Vec<String> = table
                .tiebreak_names
                .iter()
                .zip(&row.tiebreaks)
                .map(|(name, value)| format!("{name} {value:.2}"))
                .collect();
            format!(
                "{:>3}. {:<20} {:>5}  {}{}",
                row.rank,
                row.username,
                row.score(),
                breaks.join(", "),
                if row.withdrawn { " (withdrew)" } else { "" }
            )
        })
        .collect();
    let winner = table.rows.first().map_or("nobody", |r| r.username.as_str());
    let event = config.absolute_url(&format!("/tournaments/{}", t.id));
    let body = render(&FinishedMail {
        name: &t.name,
        winner,
        rows: &rows,
        event: &event,
    })?;
    let subject = Subject::plain(format!("[plypost] Tournament “{}” — final table", t.name));
    for row in &table.rows {
        let Some(to) = user(conn, row.user_id)? else {
            continue;
        };
        notify(
            conn,
            clock,
            config,
            &to,
            MailKind::GameEnd,
            &subject,
            body.clone(),
        )?;
    }
    Ok(())
}
