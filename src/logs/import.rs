//! Importing PGN files: every move is checked with the rules engine; a game with an illegal
//! or unknown move is refused with its move number and the reason, and the other games of
//! the file are still imported. A game already in the logs (same players, start, date and
//! moves) is refused as a duplicate.
//!
//! The games are stored by `games::imported`, on behalf of the reserved user `(imported)`
//! (`accounts::users::system_user`).

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use diesel::prelude::*;
use plypost_rules::{Game, Position};

use super::list::PresetInfo;
use super::pgn::{self, PgnGame};
use super::record::{custom_variant, fen_turn};
use super::LogError;
use crate::accounts;
use crate::clock::Clock;
use crate::db::schema::{game_moves, games as games_table, preset_versions, presets};
use crate::db::{Db, DbConn, GameId, UserId};
use crate::domain::{engine_outcome, EndReason, GameResult};
use crate::games::{self, imported::ImportedGame, imported::ImportedMove};
use crate::i18n::Message;
use crate::presets::model::PresetVersionRow;
use crate::presets::rules;
use crate::time_control::TimeControl;

/// Largest PGN upload accepted by the web form.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// Bounds on one upload through the web form, so that an upload costs seconds, not minutes
/// (the command-line import, run by the operator, has none): games per upload, moves per
/// game, moves in all, and uploads per player per day.
pub const MAX_GAMES_PER_UPLOAD: usize = 50;
pub const MAX_PLIES_PER_GAME: usize = 3_000;
pub const MAX_PLIES_PER_UPLOAD: usize = 30_000;
pub const MAX_UPLOADS_PER_DAY: i64 = 20;
/// Longest tag value; names, event and site are shorter still (they are indexed and shown).
pub const MAX_TAG_CHARS: usize = 1_000;
pub const MAX_NAME_CHARS: usize = 200;

/// What happened to one game of the file.
#[derive(Debug, Clone, PartialEq)]
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
        reason: Message,
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
    db: &mut Db,
    clock: &dyn Clock,
    text: &str,
    by: Option<UserId>,
) -> Result<ImportReport, LogError> {
    import_part(db, clock, text, by, Place::default())
}

/// Where a part of a longer file starts: games and lines before it (reports count from the
/// file's start).
#[derive(Debug, Clone, Copy, Default)]
pub struct Place {
    pub games: usize,
    pub lines: usize,
}

/// [`import_pgn`] for a part of a longer file (the command line reads files a game at a
/// time, [`super::pgn::GameTexts`], so that their size does not matter).
pub fn import_part(
    db: &mut Db,
    clock: &dyn Clock,
    text: &str,
    by: Option<UserId>,
    place: Place,
) -> Result<ImportReport, LogError> {
    let mut report = ImportReport::default();
    if let Some(user) = by {
        count_upload(db, clock, user)?;
    }
    // PostgreSQL refuses NUL in text; no PGN needs one.
    let text = text.replace('\0', "");
    let mut plies_left = MAX_PLIES_PER_UPLOAD;
    for (i, parsed) in pgn::read_games(&text).into_iter().enumerate() {
        let index = place.games + i + 1;
        let bounded = by.is_some();
        if bounded && index > MAX_GAMES_PER_UPLOAD {
            report.games.push((
                index,
                ImportOutcome::Refused {
                    white: String::new(),
                    black: String::new(),
                    reason: Message::new("error-log-upload-games").arg("max", MAX_GAMES_PER_UPLOAD),
                },
            ));
            break;
        }
        let parsed = match parsed {
            Ok(game) if bounded => within_bounds(game, &mut plies_left),
            other => other.map_err(|e| {
                Message::new("error-log-pgn-line")
                    .arg("line", place.lines + e.line)
                    .arg("reason", e.message)
            }),
        };
        let outcome = match parsed {
            Err(reason) => ImportOutcome::Refused {
                white: String::new(),
                black: String::new(),
                reason,
            },
            Ok(game) => {
                let white = game.tag("White").unwrap_or("?").to_owned();
                let black = game.tag("Black").unwrap_or("?").to_owned();
                match import_game(db, clock, &game, by) {
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

/// Counts an upload of `user`; refused past [`MAX_UPLOADS_PER_DAY`].
fn count_upload(db: &mut Db, clock: &dyn Clock, user: UserId) -> Result<(), LogError> {
    use crate::db::schema::pgn_uploads;
    let now = clock.now_db();
    db.write(|conn| {
        let today: i64 = pgn_uploads::table
            .filter(pgn_uploads::user_id.eq(user))
            .filter(pgn_uploads::uploaded_at.gt(now - chrono::Duration::days(1)))
            .count()
            .get_result(conn)?;
        if today >= MAX_UPLOADS_PER_DAY {
            return Err(LogError::Limit(
                Message::new("error-log-upload-limit").arg("max", MAX_UPLOADS_PER_DAY),
            ));
        }
        diesel::insert_into(pgn_uploads::table)
            .values((
                pgn_uploads::user_id.eq(user),
                pgn_uploads::uploaded_at.eq(now),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// A game of a web upload within the bounds on tags and moves (`plies_left` in the upload).
fn within_bounds(game: PgnGame, plies_left: &mut usize) -> Result<PgnGame, Message> {
    for (name, value) in &game.tags {
        let limit = match name.as_str() {
            "White" | "Black" | "Event" | "Site" => MAX_NAME_CHARS,
            _ => MAX_TAG_CHARS,
        };
        if value.chars().count() > limit {
            return Err(Message::new("error-log-tag-too-long")
                .arg("tag", name)
                .arg("max", limit));
        }
    }
    if game.moves.len() > MAX_PLIES_PER_GAME {
        return Err(Message::new("error-log-game-too-long")
            .arg("count", game.moves.len())
            .arg("max", MAX_PLIES_PER_GAME));
    }
    if game.moves.len() > *plies_left {
        return Err(Message::new("error-log-upload-plies").arg("max", MAX_PLIES_PER_UPLOAD));
    }
    *plies_left -= game.moves.len();
    Ok(game)
}

fn invalid(message: Message) -> LogError {
    LogError::Invalid(message)
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
                // A preset with its own definition exports that variant's name.
                let info = PresetInfo {
                    slug: slug.to_owned(),
                    name: String::new(),
                    version,
                    variant_name: name.clone(),
                    definition_hash: row.definition_hash.clone(),
                };
                let own = custom_variant(conn, row.id, &info)?.map(|c| c.tag);
                if variant.is_empty() || name == variant || own.as_deref() == Some(variant) {
                    return Ok(row);
                }
            }
        }
    }
    if variant.is_empty() {
        return Err(invalid(Message::new("error-log-no-variant")));
    }
    crate::presets::builtin_version(conn, clock, variant)?
        .ok_or_else(|| invalid(Message::new("error-log-unknown-variant").arg("variant", variant)))
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
    Err(invalid(
        Message::new("error-log-time-control").arg("tag", tag),
    ))
}

/// One game of a PGN file: checks every move with the rules engine, then stores the game
/// and its moves in one write.
fn import_game(
    db: &mut Db,
    clock: &dyn Clock,
    game: &PgnGame,
    by: Option<UserId>,
) -> Result<(GameId, usize), LogError> {
    let version = find_version(db, clock, game)?;
    let rules = rules::load(db, version.id).map_err(|e| LogError::Corrupt(e.to_string()))?;
    let start_fen = match game.tag("FEN") {
        Some(fen) => fen.trim().to_owned(),
        None => version.setup_fen.clone(),
    };
    let start = Position::from_fen(&rules.variant, &start_fen).map_err(|e| {
        invalid(
            Message::new("error-log-bad-fen")
                .arg("reason", crate::presets::fen_problems::fen_error(&e)),
        )
    })?;
    let date = game
        .tag("Date")
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y.%m.%d").ok());
    let created_at = date
        .map(|d| d.and_time(NaiveTime::MIN))
        .unwrap_or_else(|| clock.now_db());
    let mut replay = Game::with_options(start, rules.options);
    let checked = replay_moves(&mut replay, game, &start_fen, created_at)?;
    let (result, reason) = stored_result(game, &replay)?;
    let time_control = match time_tag(game.tag("TimeControl"))? {
        TimeTag::Days(days) => TimeControl::DaysPerMove(days),
        TimeTag::Fischer { reserve, increment } => TimeControl::Fischer {
            reserve,
            increment,
            cap: None,
        },
        TimeTag::Untimed => TimeControl::Untimed,
    };
    let imported = ImportedGame {
        version: version.id,
        start_fen: &start_fen,
        final_position: replay.position(),
        time_control,
        created_at,
        result,
        reason,
        by,
        white_name: game.tag("White").unwrap_or("?"),
        black_name: game.tag("Black").unwrap_or("?"),
        event: game.tag("Event"),
        site: game.tag("Site"),
    };
    let id = db.write(|conn| -> Result<GameId, LogError> {
        if let Some(existing) = duplicate_of(conn, &imported, date, &checked)? {
            return Err(invalid(
                Message::new("error-log-duplicate").arg("game", existing.to_string()),
            ));
        }
        let owner = accounts::users::system_user(conn, clock)?;
        Ok(games::imported::store(conn, owner, &imported, &checked)?)
    })?;
    Ok((id, checked.len()))
}

/// A game already in the logs with the same tags (players, event, start, date when the PGN
/// gives one) and moves.
fn duplicate_of(
    conn: &mut DbConn,
    game: &ImportedGame,
    date: Option<NaiveDate>,
    moves: &[ImportedMove],
) -> Result<Option<GameId>, LogError> {
    let mut query = games_table::table
        .filter(games_table::start_fen.eq(game.start_fen))
        .filter(games_table::ply.eq(moves.len() as i64))
        .into_boxed();
    if let Some(day) = date {
        let from = day.and_time(NaiveTime::MIN);
        query = query
            .filter(games_table::created_at.ge(from))
            .filter(games_table::created_at.lt(from + chrono::Duration::days(1)));
    }
    type Candidate = (
        GameId,
        UserId,
        UserId,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let candidates: Vec<Candidate> = query
        .select((
            games_table::id,
            games_table::white_id,
            games_table::black_id,
            games_table::white_name,
            games_table::black_name,
            games_table::source_event,
        ))
        .limit(50)
        .load(conn)?;
    if candidates.is_empty() {
        return Ok(None);
    }
    let ids: Vec<UserId> = candidates.iter().flat_map(|c| [c.1, c.2]).collect();
    let names = crate::accounts::usernames(conn, &ids)?;
    let name_of = |stored: &Option<String>, id: &UserId| {
        stored
            .clone()
            .or_else(|| names.get(id).cloned())
            .unwrap_or_default()
    };
    for (id, white, black, white_name, black_name, event) in &candidates {
        // The Event tag as the logs export it.
        let event = event
            .clone()
            .unwrap_or_else(|| format!("plypost game {id}"));
        if name_of(white_name, white) != game.white_name
            || name_of(black_name, black) != game.black_name
            || Some(event.as_str()) != game.event
        {
            continue;
        }
        let stored: Vec<String> = game_moves::table
            .filter(game_moves::game_id.eq(*id))
            .order(game_moves::ply)
            .select(game_moves::compact)
            .load(conn)?;
        if stored.iter().eq(moves.iter().map(|m| &m.compact)) {
            return Ok(Some(*id));
        }
    }
    Ok(None)
}

/// Plays the game's moves on `replay`; the first illegal one is an error that names it.
fn replay_moves(
    replay: &mut Game,
    game: &PgnGame,
    start_fen: &str,
    created_at: NaiveDateTime,
) -> Result<Vec<ImportedMove>, LogError> {
    let mut checked = Vec::with_capacity(game.moves.len());
    for (i, mv) in game.moves.iter().enumerate() {
        let before = replay.position().clone();
        let fail = |reason: String| {
            invalid(
                Message::new("error-log-bad-move")
                    .arg("number", move_number(start_fen, i))
                    .arg("move", &mv.text)
                    .arg("reason", reason),
            )
        };
        let parsed = before
            .parse_move(&mv.text)
            .map_err(|e| fail(e.to_string()))?;
        replay.play(&parsed).map_err(|e| fail(e.to_string()))?;
        checked.push(ImportedMove {
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
    Ok(checked)
}

/// The result and reason to store: what the moves decide, else what the tags say, which
/// must agree with each other and with the final position.
fn stored_result(
    game: &PgnGame,
    replay: &Game,
) -> Result<(Option<GameResult>, Option<EndReason>), LogError> {
    let tag_result = game.tag("Result").unwrap_or(game.result.as_str()).trim();
    if tag_result != game.result {
        return Err(invalid(
            Message::new("error-log-result-tag")
                .arg("tag", tag_result)
                .arg("result", &game.result),
        ));
    }
    if let Some(outcome) = replay.outcome() {
        let (result, reason) = engine_outcome(outcome);
        if game.result != result.as_str() {
            return Err(invalid(
                Message::new("error-log-result-moves")
                    .arg("ending", result.as_str())
                    .arg("reason", reason.as_str())
                    .arg("result", &game.result),
            ));
        }
        return Ok((Some(result), Some(reason)));
    }
    if game.result == "*" {
        return Ok((None, None));
    }
    let result = game
        .result
        .parse::<GameResult>()
        .map_err(|e| invalid(Message::new("error-log-bad-result").arg("result", e.text)))?;
    let termination = game
        .tag("Termination")
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "unterminated");
    let reason = match termination {
        None => None,
        Some("time forfeit") => Some(EndReason::Time),
        Some(t) => match t.parse::<EndReason>() {
            Ok(
                reason @ (EndReason::Resignation
                | EndReason::Time
                | EndReason::Agreement
                | EndReason::Abandoned),
            ) => Some(reason),
            _ => {
                return Err(invalid(
                    Message::new("error-log-termination").arg("termination", t),
                ))
            }
        },
    };
    Ok((Some(result), reason))
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

    #[test]
    fn refusals_read_as_before_in_english() {
        let refused = time_tag(Some("1/100")).unwrap_err().to_string();
        assert_eq!(
            refused,
            "TimeControl “1/100” is neither days per move (1/<seconds>) nor a reserve and \
             increment (<seconds>+<seconds>)"
        );
        let moves = Message::new("error-log-result-moves")
            .arg("ending", "1-0")
            .arg("reason", "checkmate")
            .arg("result", "0-1");
        assert_eq!(
            moves.to_string(),
            "the moves end the game (1-0 by checkmate) but the result says 0-1"
        );
        let fr = crate::i18n::Lang::from_tag("fr").expect("French");
        assert!(
            moves.text(&fr).contains("échec et mat"),
            "{}",
            moves.text(&fr)
        );
        let plies = Message::new("error-log-upload-plies").arg("max", MAX_PLIES_PER_UPLOAD);
        assert_eq!(
            plies.to_string(),
            "an upload imports at most 30000 moves (plies) in all; upload the rest as another file"
        );
        let parsed = "2-0".parse::<GameResult>().unwrap_err();
        assert_eq!(
            Message::new("error-log-bad-result")
                .arg("result", parsed.text.clone())
                .to_string(),
            parsed.to_string()
        );
    }
}
