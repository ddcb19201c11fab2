//! Ratings: Glicko-2 per variant ([`glicko2`]). Every rated game is one rating period for
//! both players, recorded in the transaction that ends it; a full 30 days without a rated
//! game widens the deviation (step 6), applied when the rating is shown or next updated.
//! This module owns the `ratings` and `rating_history` tables.

pub mod glicko2;

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

use crate::db::schema::{rating_history, ratings, users};
use crate::db::{DbConn, GameId, UserId};
use crate::domain::GameResult;
use glicko2::{Outcome, Rating};

/// A rating is provisional (shown with `?`) while its deviation is above this.
pub const PROVISIONAL_ABOVE: f64 = 110.0;
/// The leaderboard lists players whose deviation is below this ...
pub const LEADERBOARD_DEVIATION_BELOW: f64 = 150.0;
/// ... and who played a rated game within this many days.
pub const LEADERBOARD_ACTIVE_DAYS: i64 = 180;
/// One idle rating period.
pub const IDLE_PERIOD_DAYS: i64 = 30;

/// A player's stored rating in one variant, as of their last rated game.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = ratings)]
pub struct RatingRow {
    pub user_id: UserId,
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub rated_at: NaiveDateTime,
}

impl RatingRow {
    /// The rating as of `now`: the deviation widened once per full idle period since the
    /// last rated game.
    pub fn as_of(&self, now: NaiveDateTime) -> Rating {
        let idle = (now - self.rated_at).num_days().max(0) / IDLE_PERIOD_DAYS;
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
        .after_idle_periods(u32::try_from(idle).unwrap_or(u32::MAX))
    }
}

/// Whether a rating with this deviation is still provisional.
pub fn is_provisional(rating: &Rating) -> bool {
    rating.deviation > PROVISIONAL_ABOVE
}

/// A rating as players read it: `1662` or `1662?` while provisional.
pub fn label(rating: &Rating) -> String {
    let mark = if is_provisional(rating) { "?" } else { "" };
    format!("{:.0}{mark}", rating.rating)
}

/// A rated game that just ended.
#[derive(Debug, Clone, Copy)]
pub struct RatedEnding<'a> {
    pub game: GameId,
    pub variant: &'a str,
    pub white: UserId,
    pub black: UserId,
    /// `None`: ended with no winner (abandoned), which rates as a draw.
    pub result: Option<GameResult>,
    pub at: NaiveDateTime,
}

/// White's score: 1, ½ or 0.
fn white_score(result: Option<GameResult>) -> f64 {
    match result {
        Some(GameResult::WhiteWins) => 1.0,
        Some(GameResult::BlackWins) => 0.0,
        Some(GameResult::Draw) | None => 0.5,
    }
}

/// Records a rated game's result for both players: one Glicko-2 period each, against the
/// other's rating before the game. Call it inside the write that ends the game. The two
/// rating rows are locked (PostgreSQL) in user order, so two games of one player ending at
/// once are rated one after the other.
pub fn record(conn: &mut DbConn, ending: &RatedEnding) -> QueryResult<()> {
    if ending.white == ending.black {
        return Ok(());
    }
    let (first, second) = if ending.white.0 < ending.black.0 {
        (ending.white, ending.black)
    } else {
        (ending.black, ending.white)
    };
    let first_row = lock(conn, first, ending.variant)?;
    let second_row = lock(conn, second, ending.variant)?;
    let (white_row, black_row) = if first == ending.white {
        (first_row, second_row)
    } else {
        (second_row, first_row)
    };
    let before = |row: &Option<RatingRow>| {
        row.as_ref()
            .map_or_else(Rating::default, |r| r.as_of(ending.at))
    };
    let (white_before, black_before) = (before(&white_row), before(&black_row));
    let score = white_score(ending.result);
    let white_after = white_before.after(&[Outcome {
        opponent: black_before,
        score,
    }]);
    let black_after = black_before.after(&[Outcome {
        opponent: white_before,
        score: 1.0 - score,
    }]);
    store(conn, ending, ending.white, white_row, white_after, score)?;
    store(
        conn,
        ending,
        ending.black,
        black_row,
        black_after,
        1.0 - score,
    )?;
    Ok(())
}

fn lock(conn: &mut DbConn, user: UserId, variant: &str) -> QueryResult<Option<RatingRow>> {
    crate::first_for_update!(
        conn,
        ratings::table
            .filter(ratings::user_id.eq(user))
            .filter(ratings::variant.eq(variant))
            .select(RatingRow::as_select())
    )
}

fn store(
    conn: &mut DbConn,
    ending: &RatedEnding,
    user: UserId,
    existing: Option<RatingRow>,
    after: Rating,
    score: f64,
) -> QueryResult<()> {
    let (win, draw, loss) = match score {
        s if s > 0.75 => (1, 0, 0),
        s if s < 0.25 => (0, 0, 1),
        _ => (0, 1, 0),
    };
    let (games, wins, draws, losses) = existing
        .as_ref()
        .map_or((0, 0, 0, 0), |r| (r.games, r.wins, r.draws, r.losses));
    let values = (
        ratings::rating.eq(after.rating),
        ratings::deviation.eq(after.deviation),
        ratings::volatility.eq(after.volatility),
        ratings::games.eq(games + 1),
        ratings::wins.eq(wins + win),
        ratings::draws.eq(draws + draw),
        ratings::losses.eq(losses + loss),
        ratings::rated_at.eq(ending.at),
    );
    if existing.is_none() {
        diesel::insert_into(ratings::table)
            .values((
                ratings::user_id.eq(user),
                ratings::variant.eq(ending.variant),
                values,
            ))
            .execute(conn)?;
    } else {
        diesel::update(
            ratings::table
                .filter(ratings::user_id.eq(user))
                .filter(ratings::variant.eq(ending.variant)),
        )
        .set(values)
        .execute(conn)?;
    }
    diesel::insert_into(rating_history::table)
        .values((
            rating_history::user_id.eq(user),
            rating_history::variant.eq(ending.variant),
            rating_history::game_id.eq(ending.game),
            rating_history::rating.eq(after.rating),
            rating_history::deviation.eq(after.deviation),
            rating_history::recorded_at.eq(ending.at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A player's ratings, one per variant they have played rated, as of `now`.
pub fn of_user(
    conn: &mut DbConn,
    user: UserId,
    now: NaiveDateTime,
) -> QueryResult<Vec<(RatingRow, Rating)>> {
    let rows: Vec<RatingRow> = ratings::table
        .filter(ratings::user_id.eq(user))
        .order(ratings::variant.asc())
        .select(RatingRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let now_rating = row.as_of(now);
            (row, now_rating)
        })
        .collect())
}

/// The stored ratings of `users`, every variant (for lists that show several).
pub fn of_users(conn: &mut DbConn, users: &[UserId]) -> QueryResult<Vec<RatingRow>> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    ratings::table
        .filter(ratings::user_id.eq_any(users))
        .select(RatingRow::as_select())
        .load(conn)
}

/// The ratings of `users` in `variant` as of `now` (for names shown beside a game).
pub fn in_variant(
    conn: &mut DbConn,
    users: &[UserId],
    variant: &str,
    now: NaiveDateTime,
) -> QueryResult<Vec<(UserId, Rating)>> {
    let rows: Vec<RatingRow> = ratings::table
        .filter(ratings::variant.eq(variant))
        .filter(ratings::user_id.eq_any(users))
        .select(RatingRow::as_select())
        .load(conn)?;
    Ok(rows.iter().map(|r| (r.user_id, r.as_of(now))).collect())
}

/// The ratings both players came out of `games` with, for lists of finished games:
/// `(game, player) → rating`.
pub fn after_games(
    conn: &mut DbConn,
    games: &[GameId],
) -> QueryResult<std::collections::HashMap<(GameId, UserId), Rating>> {
    if games.is_empty() {
        return Ok(Default::default());
    }
    let rows: Vec<(GameId, UserId, f64, f64)> = rating_history::table
        .filter(rating_history::game_id.eq_any(games))
        .select((
            rating_history::game_id,
            rating_history::user_id,
            rating_history::rating,
            rating_history::deviation,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game, user, rating, deviation)| {
            let after = Rating {
                rating,
                deviation,
                ..Rating::default()
            };
            ((game, user), after)
        })
        .collect())
}

/// One point of a rating chart.
#[derive(Debug, Clone, Queryable)]
pub struct HistoryPoint {
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    pub recorded_at: NaiveDateTime,
}

/// How many of a variant's latest rating changes a profile's chart shows.
pub const HISTORY_POINTS: i64 = 120;

/// A player's rating after each of their last [`HISTORY_POINTS`] rated games of each variant
/// they are rated in, oldest first within a variant. One index range a variant, so a player
/// with thousands of rated games costs what one with three hundred does.
pub fn history(conn: &mut DbConn, user: UserId) -> QueryResult<Vec<HistoryPoint>> {
    let variants: Vec<String> = ratings::table
        .filter(ratings::user_id.eq(user))
        .select(ratings::variant)
        .load(conn)?;
    let mut out = Vec::new();
    for variant in variants {
        let mut points: Vec<HistoryPoint> = rating_history::table
            .filter(rating_history::user_id.eq(user))
            .filter(rating_history::variant.eq(&variant))
            .order((
                rating_history::recorded_at.desc(),
                rating_history::id.desc(),
            ))
            .limit(HISTORY_POINTS)
            .select((
                rating_history::variant,
                rating_history::rating,
                rating_history::deviation,
                rating_history::recorded_at,
            ))
            .load(conn)?;
        points.reverse();
        out.extend(points);
    }
    Ok(out)
}

/// A leaderboard line.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub username: String,
    pub is_bot: bool,
    pub row: RatingRow,
    pub now: Rating,
}

/// The players of `variant` with a settled rating (deviation below
/// [`LEADERBOARD_DEVIATION_BELOW`] as of `now`) and a rated game within
/// [`LEADERBOARD_ACTIVE_DAYS`], best first.
pub fn leaderboard(
    conn: &mut DbConn,
    variant: &str,
    now: NaiveDateTime,
    limit: usize,
) -> QueryResult<Vec<Ranked>> {
    let since = now - Duration::days(LEADERBOARD_ACTIVE_DAYS);
    // Read down the (variant, rating) index a batch at a time until `limit` players pass:
    // the cost follows the board's length, not the number of rated players.
    let batch = (limit as i64).max(1) * 2;
    let mut ranked = Vec::with_capacity(limit);
    let mut offset = 0;
    while ranked.len() < limit {
        let rows: Vec<(String, bool, RatingRow)> = ratings::table
            .inner_join(users::table)
            .filter(ratings::variant.eq(variant))
            .filter(ratings::rated_at.ge(since))
            .filter(ratings::deviation.lt(LEADERBOARD_DEVIATION_BELOW))
            .order((ratings::rating.desc(), ratings::user_id))
            .select((users::username, users::is_bot, RatingRow::as_select()))
            .limit(batch)
            .offset(offset)
            .load(conn)?;
        let read = rows.len() as i64;
        // The stored deviation is as of the last game; idle periods may have widened it since.
        ranked.extend(
            rows.into_iter()
                .map(|(username, is_bot, row)| {
                    let now_rating = row.as_of(now);
                    Ranked {
                        username,
                        is_bot,
                        row,
                        now: now_rating,
                    }
                })
                .filter(|r| r.now.deviation < LEADERBOARD_DEVIATION_BELOW),
        );
        if read < batch {
            break;
        }
        offset += batch;
    }
    ranked.truncate(limit);
    Ok(ranked)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(deviation: f64, rated_at: NaiveDateTime) -> RatingRow {
        RatingRow {
            user_id: UserId(1),
            variant: "chess".into(),
            rating: 1600.0,
            deviation,
            volatility: glicko2::NEW_VOLATILITY,
            games: 10,
            wins: 5,
            draws: 0,
            losses: 5,
            rated_at,
        }
    }

    #[test]
    fn idle_time_counts_in_full_thirty_day_periods() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 1, 1)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .unwrap();
        let r = row(80.0, at);
        assert_eq!(r.as_of(at + Duration::days(29)).deviation, 80.0);
        let one = r.as_of(at + Duration::days(30)).deviation;
        assert!(one > 80.0);
        assert_eq!(r.as_of(at + Duration::days(59)).deviation, one);
        assert!(r.as_of(at + Duration::days(60)).deviation > one);
        assert!(r.as_of(at + Duration::days(100_000)).deviation <= glicko2::NEW_DEVIATION);
    }

    #[test]
    fn provisional_ratings_are_marked() {
        let settled = Rating {
            rating: 1712.4,
            deviation: 90.0,
            volatility: 0.06,
        };
        assert_eq!(label(&settled), "1712");
        assert_eq!(label(&Rating::default()), "1500?");
    }
}
