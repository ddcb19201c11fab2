//! Reminders: a player with reminders on gets a mail when their time left in a game falls
//! below 24 hours and again below 2 hours, each once per move. A row in `reminders_sent`
//! (UNIQUE game, ply, threshold) is written in the transaction that queues the mail, under
//! the game's row lock, so two runners never send the same reminder. Nothing is sent while
//! the clock is stopped by a vacation.

use askama::Template;
use chrono::Duration;
use diesel::prelude::*;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{games, reminders_sent};
use crate::db::{is_unique_violation, Db};
use crate::domain::GameStatus;
use crate::games::clocks;
use crate::games::model::{GameId, GameRow};
use crate::games::notify::{header, notify, players, subject};
use crate::games::GameError;
use crate::i18n::{DateStyle, Lang};
use crate::mail::MailKind;
use crate::presets::rules;
use crate::time_control::REMINDER_HOURS;

#[derive(Template)]
#[template(path = "mail/reminder.txt")]
struct ReminderMail<'a> {
    lang: &'a Lang,
    header: &'a str,
    left: &'a str,
    deadline: &'a str,
    diagram: &'a str,
    link: &'a str,
}

/// Queues the reminders that are due; returns how many were queued.
pub fn send_due(db: &mut Db, clock: &dyn Clock, config: &Config) -> Result<usize, GameError> {
    let now = clock.now_db();
    let widest = Duration::hours(REMINDER_HOURS[0]);
    // A vacation only moves the effective deadline later, so this finds every candidate
    // (past deadlines are the time-out step's, or paused by a vacation).
    let candidates: Vec<GameId> = games::table
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::deadline_at.gt(now))
        .filter(games::deadline_at.le(now + widest))
        .select(games::id)
        .load(db.conn())?;
    let mut sent = 0;
    for id in candidates {
        match remind(db, clock, config, id) {
            Ok(true) => sent += 1,
            Ok(false) => {}
            // One damaged game must not hold up the others' reminders.
            Err(e @ GameError::Corrupt(_)) => {
                tracing::error!(game = %id, error = %e, "cannot send a reminder")
            }
            Err(e) => return Err(e),
        }
    }
    Ok(sent)
}

/// Sends game `id`'s reminder if one is due; returns whether it queued one.
fn remind(db: &mut Db, clock: &dyn Clock, config: &Config, id: GameId) -> Result<bool, GameError> {
    let now = clock.now_db();
    db.write(|conn| {
        let game = GameRow::lock(conn, id)?;
        let Some(turn) = clocks::turn_clock(conn, &game, now)? else {
            return Ok(false);
        };
        let left = turn.left(now);
        if turn.paused_by.is_some() || left <= Duration::zero() {
            return Ok(false);
        }
        // Every threshold already crossed, largest first; only the smallest is mailed (the
        // larger ones are marked done so they are not sent late after a catch-up).
        let crossed: Vec<i64> = REMINDER_HOURS
            .iter()
            .copied()
            .filter(|h| left < Duration::hours(*h))
            .collect();
        let Some(&smallest) = crossed.last() else {
            return Ok(false);
        };
        let (white, black) = players(conn, &game)?;
        let to = if game.player_to_move() == white.id {
            &white
        } else {
            &black
        };
        // Reminders off: nothing to record (switching them on later in the turn works).
        if !to.notify_reminder {
            return Ok(false);
        }
        let already: Vec<i64> = reminders_sent::table
            .filter(reminders_sent::game_id.eq(id))
            .filter(reminders_sent::ply.eq(game.ply))
            .select(reminders_sent::threshold_hours)
            .load(conn)?;
        if already.contains(&smallest) {
            return Ok(false);
        }
        for hours in crossed.iter().filter(|h| !already.contains(h)) {
            let inserted = diesel::insert_into(reminders_sent::table)
                .values((
                    reminders_sent::game_id.eq(id),
                    reminders_sent::ply.eq(game.ply),
                    reminders_sent::threshold_hours.eq(*hours),
                    reminders_sent::sent_at.eq(now),
                ))
                .execute(conn);
            match inserted {
                Ok(_) => {}
                // Another runner got here first (the lock makes this a backstop).
                Err(e) if is_unique_violation(&e) => return Ok(false),
                Err(e) => return Err(e.into()),
            }
        }
        let rules = rules::load(conn, game.preset_version_id)?;
        let lang = config.language_for(to.language.as_deref());
        let variant = &lang.variant(&rules.variant);
        let left_text = lang.duration(left);
        let (position, last) =
            crate::games::board_image::position_of(conn, &game, &rules.variant, game.ply)?;
        let diagram = crate::games::notify::diagram(&lang, &position, to.id == black.id, last);
        let body = ReminderMail {
            lang: &lang,
            header: &header(&lang, &game, variant, (&white, &black)),
            left: &left_text,
            deadline: &lang.datetime(turn.deadline, &to.time_zone, DateStyle::DateTime),
            diagram: &diagram,
            link: &config.absolute_url(&format!("/games/{id}")),
        }
        .render()
        .map_err(|e| GameError::Corrupt(format!("mail template: {e}")))?;
        let what = lang.t1("mail-what-reminder", "left", &left_text);
        let subject = subject(&lang, &game, variant, (&white, &black), &what);
        notify(conn, clock, config, to, MailKind::Reminder, &subject, body)?;
        Ok(true)
    })
}
