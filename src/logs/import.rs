//! Importing PGN files: every move is checked with the rules engine; a game with an illegal
//! or unknown move is refused with its move number and the reason, and the other games of
//! the file are still imported.
//!
//! An imported game belongs to the reserved user `(imported)` on both sides (its
//! `username_key` is upper case, which no log-in or lookup ever produces, and it has no
//! usable password); the names from the PGN are kept on the game. Imported games are
//! finished (read-only) and marked `imported`; they are not rated and count for nobody.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use diesel::prelude::*;
use plypost_rules::{Game, Position};

use super::pgn::{self, PgnGame};
use super::record::fen_turn;
use super::LogError;
use crate::clock::Clock;
use crate::db::schema::{game_moves, games, preset_versions, presets, users};
use crate::db::{is_unique_violation, write_transaction, DbConn, UserId};
use crate::games::model::{
    PresetVersionRow, STATUS_FINISHED, TIME_KIND_DAYS, TIME_KIND_FISCHER, TIME_KIND_UNTIMED,
};
use crate::games::play::outcome_result;
use crate::games::{variants, GameId};

/// Largest PGN upload accepted by the web form.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;

const SYSTEM_USERNAME: &str = "(imported)";
const SYSTEM_KEY: &str = "(IMPORTED)";

/// What happened to one game of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportOutcome {
    Imported {
        id: GameId,
        white: String,
        black: String,
        plies: usize,
    },
    Refused {
        white: String,
        black: String,
        reason: String,
    },
}

/// One entry per game found in the file, in file order (1-based `index`).
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    pub games: Vec<(usize, ImportOutcome)>,
}

impl ImportReport {
    pub fn imported(&self) -> usize {
        self.games
            .iter()
            .filter(|(_, o)| matches!(o, ImportOutcome::Imported { .. }))
            .count()
    }

    pub fn refused(&self) -> usize {
        self.games.len() - self.imported()
    }
}

/// Imports every game of `text`. `by`: the user who uploaded it (none from the command line).
pub fn import_pgn(
    conn: &mut DbConn,
    clock: &dyn Clock,
    text: &str,
    by: Option<UserId>,
) -> Result<ImportReport, LogError> {
    let mut report = ImportReport::default();
    // PostgreSQL refuses NUL in text; no PGN needs one.
    let text = text.replace('\0', "");
    for (i, parsed) in pgn::read_games(&text).into_iter().enumerate() {
        let index = i + 1;
        let outcome = match parsed {
            Err(e) => ImportOutcome::Refused {
                white: String::new(),
                black: String::new(),
                reason: format!("line {}: {}", e.line, e.message),
            },
            Ok(game) => {
                let white = game.tag("White").unwrap_or("?").to_owned();
                let black = game.tag("Black").unwrap_or("?").to_owned();
                match import_game(conn, clock, &game, by) {
                    Ok((id, plies)) => ImportOutcome::Imported {
                        id,
                        white,
                        black,
                        plies,
                    },
                    Err(LogError::Invalid(reason)) => ImportOutcome::Refused {
                        white,
                        black,
                        reason,
                    },
                    Err(e) => return Err(e),
                }
            }
        };
        report.games.push((index, outcome));
    }
    Ok(report)
}

/// The reserved owner of imported games, created on first use.
pub fn system_user(conn: &mut DbConn, clock: &dyn Clock) -> Result<UserId, LogError> {
    let find = |conn: &mut DbConn| {
        users::table
            .filter(users::username_key.eq(SYSTEM_KEY))
            .select(users::id)
            .first::<UserId>(conn)
            .optional()
    };
    if let Some(id) = find(conn)? {
        return Ok(id);
    }
    let now = clock.now_db();
    let inserted = diesel::insert_into(users::table)
        .values((
            users::username.eq(SYSTEM_USERNAME),
            users::username_key.eq(SYSTEM_KEY),
            users::email.eq("imported@plypost.invalid"),
            users::email_key.eq(SYSTEM_KEY),
            // Not a password hash: no password matches it.
            users::password_hash.eq("!"),
            users::session_epoch.eq(0i64),
            users::notify_turn.eq(false),
            users::notify_reminder.eq(false),
            users::time_zone.eq("UTC"),
            users::unsubscribe_token.eq(SYSTEM_KEY),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => {}
        // Another import created it at the same time.
        Err(e) if is_unique_violation(&e) => {}
        Err(e) => return Err(e.into()),
    }
    find(conn)?.ok_or_else(|| LogError::Corrupt("the (imported) user is missing".into()))
}

fn invalid(text: impl Into<String>) -> LogError {
    LogError::Invalid(text.into())
}

/// `12.` or `12...` for the ply at `index` (0-based) of a game starting with `fen`.
fn move_number(fen: &str, index: usize) -> String {
    let (white_first, first) = fen_turn(fen);
    let offset = usize::from(!white_first);
    let number = first as usize + (index + offset) / 2;
    let white = index.is_multiple_of(2) == white_first;
    format!("{number}{}", if white { "." } else { "..." })
}

/// Finds the preset version named by the `Preset` tag, or the built-in preset of the variant.
fn find_version(
    conn: &mut DbConn,
    clock: &dyn Clock,
    game: &PgnGame,
) -> Result<PresetVersionRow, LogError> {
    let variant = game.tag("Variant").map(str::trim).unwrap_or("");
    if let Some(tag) = game.tag("Preset") {
        let (slug, version) = super::list::split_preset(tag);
        if let Some(version) = version {
            let found: Option<(PresetVersionRow, String)> = preset_versions::table
                .inner_join(presets::table)
                .filter(presets::slug.eq(slug))
                .filter(preset_versions::version.eq(version))
                .select((PresetVersionRow::as_select(), presets::variant_name))
                .first(conn)
                .optional()?;
            if let Some((row, name)) = found {
                if variant.is_empty() || name == variant {
                    return Ok(row);
                }
            }
        }
    }
    if variant.is_empty() {
        return Err(invalid("the game has no Variant tag"));
    }
    crate::presets::builtin_version(conn, clock, variant)?.ok_or_else(|| {
        invalid(format!(
            "unknown variant “{variant}” and no preset of this server matches its Preset tag"
        ))
    })
}

/// A time control read from its PGN tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TimeTag {
    Days(i64),
    Fischer { reserve: i64, increment: i64 },
    Untimed,
}

/// `1/259200` → 3 days per move; `864000+86400` → Fischer; `-`, `?` or absent → untimed.
fn time_tag(tag: Option<&str>) -> Result<TimeTag, LogError> {
    let Some(tag) = tag
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "-" && *t != "?")
    else {
        return Ok(TimeTag::Untimed);
    };
    let secs = |s: &str| s.parse::<i64>().ok().filter(|n| *n >= 0);
    if let Some(seconds) = tag.strip_prefix("1/").and_then(secs) {
        if seconds > 0 && seconds % 86_400 == 0 {
            return Ok(TimeTag::Days(seconds / 86_400));
        }
    }
    if let Some((reserve, increment)) = tag.split_once('+') {
        if let (Some(reserve), Some(increment)) = (secs(reserve), secs(increment)) {
            return Ok(TimeTag::Fischer { reserve, increment });
        }
    }
    Err(invalid(format!(
        "TimeControl “{tag}” is neither days per move (1/<seconds>) nor a reserve and \
         increment (<seconds>+<seconds>)"
    )))
}

fn import_game(
    conn: &mut DbConn,
    clock: &dyn Clock,
    game: &PgnGame,
    by: Option<UserId>,
) -> Result<(GameId, usize), LogError> {
    let version = find_version(conn, clock, game)?;
    let rules = variants::load(conn, version.id).map_err(|e| LogError::Corrupt(e.to_string()))?;
    let start_fen = match game.tag("FEN") {
        Some(fen) => fen.trim().to_owned(),
        None => version.setup_fen.clone(),
    };
    let start = Position::from_fen(&rules.variant, &start_fen).map_err(|e| {
        invalid(format!(
            "the FEN tag is not a position of this variant: {e}"
        ))
    })?;
    let created_at = match game.tag("Date") {
        Some(d) => NaiveDate::parse_from_str(d.trim(), "%Y.%m.%d")
            .ok()
            .map(|d| d.and_time(NaiveTime::MIN)),
        None => None,
    }
    .unwrap_or_else(|| clock.now_db());
    let (time_kind, days, reserve, increment) = match time_tag(game.tag("TimeControl"))? {
        TimeTag::Days(d) => (TIME_KIND_DAYS, Some(d), None, None),
        TimeTag::Fischer { reserve, increment } => {
            (TIME_KIND_FISCHER, None, Some(reserve), Some(increment))
        }
        TimeTag::Untimed => (TIME_KIND_UNTIMED, None, None, None),
    };

    let mut replay = Game::with_options(start, rules.options);
    struct Checked {
        text: String,
        compact: String,
        fen_after: String,
        comment: Option<String>,
        played_at: NaiveDateTime,
    }
    let mut checked = Vec::with_capacity(game.moves.len());
    for (i, mv) in game.moves.iter().enumerate() {
        let before = replay.position().clone();
        let fail = |reason: String| {
            invalid(format!(
                "move {} {}: {reason}",
                move_number(&start_fen, i),
                mv.text
            ))
        };
        let parsed = before
            .parse_move(&mv.text)
            .map_err(|e| fail(e.to_string()))?;
        replay.play(&parsed).map_err(|e| fail(e.to_string()))?;
        checked.push(Checked {
            text: before.move_text(&parsed),
            compact: before.move_compact(&parsed),
            fen_after: replay.position().to_fen(),
            comment: mv
                .comment
                .clone()
                .map(|c| c.chars().take(crate::games::MAX_COMMENT_CHARS).collect()),
            played_at: mv.played_at.unwrap_or(created_at),
        });
    }

    let tag_result = game.tag("Result").unwrap_or(game.result.as_str()).trim();
    if tag_result != game.result {
        return Err(invalid(format!(
            "the Result tag ({tag_result}) and the result after the moves ({}) differ",
            game.result
        )));
    }
    let termination = game
        .tag("Termination")
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "unterminated");
    let (result, reason): (Option<String>, Option<String>) = match replay.outcome() {
        Some(outcome) => {
            let (result, reason) = outcome_result(outcome);
            if game.result != result {
                return Err(invalid(format!(
                    "the moves end the game ({result} by {reason}) but the result says {}",
                    game.result
                )));
            }
            (Some(result.to_owned()), Some(reason.to_owned()))
        }
        None if game.result == "*" => (None, None),
        None => {
            let reason = match termination {
                None => None,
                Some(t @ ("resignation" | "time" | "agreement" | "abandoned")) => {
                    Some(t.to_owned())
                }
                Some("time forfeit") => Some("time".to_owned()),
                Some(t) => {
                    return Err(invalid(format!(
                        "Termination “{t}” does not fit the final position"
                    )))
                }
            };
            (Some(game.result.clone()), reason)
        }
    };

    let system = system_user(conn, clock)?;
    let last_move_at = checked.last().map(|m| m.played_at);
    let final_position = replay.position();
    let side = crate::games::play::color_name(final_position.side_to_move());
    let plies = checked.len();
    let white_name = game.tag("White").unwrap_or("?").to_owned();
    let black_name = game.tag("Black").unwrap_or("?").to_owned();
    let id = write_transaction(conn, |conn| -> Result<GameId, LogError> {
        let values = (
            games::preset_version_id.eq(version.id),
            games::white_id.eq(system),
            games::black_id.eq(system),
            games::status.eq(STATUS_FINISHED),
            games::result.eq(result.as_deref()),
            games::result_reason.eq(reason.as_deref()),
            games::start_fen.eq(&start_fen),
            games::current_fen.eq(final_position.to_fen()),
            games::ply.eq(plies as i64),
            games::side_to_move.eq(side),
            games::time_kind.eq(time_kind),
            games::days_per_move.eq(days),
            games::last_move_at.eq(last_move_at),
            games::created_at.eq(created_at),
            games::finished_at.eq(result.as_ref().map(|_| last_move_at.unwrap_or(created_at))),
            (
                games::imported.eq(true),
                games::white_name.eq(&white_name),
                games::black_name.eq(&black_name),
                games::imported_by.eq(by),
                games::source_event.eq(game.tag("Event")),
                games::source_site.eq(game.tag("Site")),
            ),
            (
                games::reserve_secs.eq(reserve),
                games::increment_secs.eq(increment),
            ),
        );
        let query = diesel::insert_into(games::table).values(values);
        let id = match conn {
            DbConn::Sqlite(c) => query.returning(games::id).get_result::<GameId>(c)?,
            DbConn::Postgres(c) => query.returning(games::id).get_result::<GameId>(c)?,
        };
        for (i, m) in checked.iter().enumerate() {
            diesel::insert_into(game_moves::table)
                .values((
                    game_moves::game_id.eq(id),
                    game_moves::ply.eq(i as i64 + 1),
                    game_moves::move_text.eq(&m.text),
                    game_moves::compact.eq(&m.compact),
                    game_moves::fen_after.eq(&m.fen_after),
                    game_moves::comment.eq(m.comment.as_deref()),
                    game_moves::played_at.eq(m.played_at),
                    game_moves::user_id.eq(system),
                ))
                .execute(conn)?;
        }
        Ok(id)
    })?;
    Ok((id, plies))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_tags() {
        assert_eq!(time_tag(Some("1/259200")).unwrap(), TimeTag::Days(3));
        assert_eq!(
            time_tag(Some("864000+86400")).unwrap(),
            TimeTag::Fischer {
                reserve: 864_000,
                increment: 86_400
            }
        );
        assert_eq!(time_tag(Some("-")).unwrap(), TimeTag::Untimed);
        assert_eq!(time_tag(None).unwrap(), TimeTag::Untimed);
        assert!(time_tag(Some("1/100")).is_err());
        assert!(time_tag(Some("40/9000")).is_err());
    }
}
