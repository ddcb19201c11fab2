//! A game's complete record (players, preset version, every move with its time and the
//! position after it), and its two file forms: PGN and JSON.

use std::collections::HashMap;

use crate::time_control::TimeControl;

use chrono::{NaiveDateTime, SecondsFormat};
use diesel::prelude::*;
use serde_json::json;

use super::list::{preset_infos, PresetInfo};
use super::pgn::{self, PgnGame, PgnMove};
use super::LogError;
use crate::db::schema::{game_moves, games, preset_versions};
use crate::db::{DbConn, UserId};
use crate::domain::{EndReason, GameResult, GameStatus, TimeKind};

use crate::games::{GameId, PresetVersionId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct RecordGame {
    pub id: GameId,
    pub preset_version_id: PresetVersionId,
    pub white_id: UserId,
    pub black_id: UserId,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub result_reason: Option<EndReason>,
    pub start_fen: String,
    pub current_fen: String,
    pub ply: i64,
    pub side_to_move: crate::domain::Side,
    pub time_kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub imported: bool,
    pub white_name: Option<String>,
    pub black_name: Option<String>,
    /// A game against the computer: its level.
    pub computer_level: Option<i64>,
    pub source_event: Option<String>,
    pub source_site: Option<String>,
    pub reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
    pub allow_vacation: bool,
    pub setup_name: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_moves)]
pub struct RecordMove {
    pub game_id: GameId,
    pub ply: i64,
    pub move_text: String,
    pub compact: String,
    pub fen_after: String,
    pub comment: Option<String>,
    pub played_at: NaiveDateTime,
    pub user_id: UserId,
}

/// Everything about one game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub game: RecordGame,
    pub white: String,
    pub black: String,
    pub preset: PresetInfo,
    pub moves: Vec<RecordMove>,
    /// The preset's own variant definition, when it is not a built-in's.
    pub custom: Option<CustomVariant>,
    /// The variant the game is played in, to write its moves in SAN.
    pub variant: plypost_rules::Variant,
}

/// A preset's own variant, as its logs name and carry it.
#[derive(Debug, Clone)]
pub struct CustomVariant {
    /// The PGN `Variant`: the definition's name, or the preset's slug when that name is a
    /// built-in variant's (a fork of chess that kept `name = "chess"`).
    pub tag: String,
    pub display_name: String,
    pub definition: String,
}

impl GameRecord {
    /// The variant as the PGN's `Variant` tag and the JSON name it.
    pub fn variant_tag(&self) -> &str {
        self.custom
            .as_ref()
            .map_or(&self.preset.variant_name, |c| &c.tag)
    }
}

/// The first line of the PGN comment that carries a preset's own variant definition.
pub const DEFINITION_PREAMBLE: &str = "plypost variant definition (TOML):";

/// The own variant of a preset version, `None` when it plays a built-in's definition.
pub fn custom_variant(
    conn: &mut DbConn,
    version: PresetVersionId,
    info: &PresetInfo,
) -> Result<Option<CustomVariant>, LogError> {
    if crate::presets::is_builtin_definition(&info.variant_name, &info.definition_hash) {
        return Ok(None);
    }
    let rules =
        crate::presets::rules::load(conn, version).map_err(|e| LogError::Corrupt(e.to_string()))?;
    let name = rules.variant.name();
    let tag = if plypost_rules::Variant::builtin_names().contains(&name) {
        info.slug.clone()
    } else {
        name.to_owned()
    };
    Ok(Some(CustomVariant {
        tag,
        display_name: rules.variant.display_name().to_owned(),
        definition: rules.variant.source_text().to_owned(),
    }))
}

/// The rules a preset version pins (only the JSON export needs them).
#[derive(Debug, Clone, Queryable)]
pub struct PresetRules {
    pub definition: String,
    pub setup_fen: String,
    pub move_count_limit: Option<i64>,
    pub repetition: bool,
}

/// One game's record; `NotFound` if there is no such game.
pub fn load(conn: &mut DbConn, id: GameId) -> Result<GameRecord, LogError> {
    let game: RecordGame = games::table
        .find(id)
        .select(RecordGame::as_select())
        .first(conn)
        .optional()?
        .ok_or(LogError::NotFound)?;
    let mut records = assemble(conn, vec![game])?;
    records.pop().ok_or(LogError::NotFound)
}

/// The records of these games (in this order), with three queries in all.
pub fn load_many(conn: &mut DbConn, ids: &[GameId]) -> Result<Vec<GameRecord>, LogError> {
    let mut found: Vec<RecordGame> = games::table
        .filter(games::id.eq_any(ids))
        .select(RecordGame::as_select())
        .load(conn)?;
    let order: HashMap<GameId, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    found.sort_by_key(|g| order.get(&g.id).copied().unwrap_or(usize::MAX));
    assemble(conn, found)
}

fn assemble(conn: &mut DbConn, found: Vec<RecordGame>) -> Result<Vec<GameRecord>, LogError> {
    let ids: Vec<GameId> = found.iter().map(|g| g.id).collect();
    let all_moves: Vec<RecordMove> = game_moves::table
        .filter(game_moves::game_id.eq_any(&ids))
        .order((game_moves::game_id, game_moves::ply))
        .select(RecordMove::as_select())
        .load(conn)?;
    let mut by_game: HashMap<GameId, Vec<RecordMove>> = HashMap::new();
    for m in all_moves {
        by_game.entry(m.game_id).or_default().push(m);
    }
    let user_ids: Vec<UserId> = found
        .iter()
        .flat_map(|g| [g.white_id, g.black_id])
        .collect();
    let names = crate::accounts::usernames(conn, &user_ids)?;
    let versions: Vec<PresetVersionId> = found.iter().map(|g| g.preset_version_id).collect();
    let presets = preset_infos(conn, &versions)?;
    let mut customs = HashMap::new();
    let mut variants = HashMap::new();
    for (id, info) in &presets {
        customs.insert(*id, custom_variant(conn, *id, info)?);
        let rules =
            crate::presets::rules::load(conn, *id).map_err(|e| LogError::Corrupt(e.to_string()))?;
        variants.insert(*id, rules.variant);
    }
    found
        .into_iter()
        .map(|game| {
            let preset = presets
                .get(&game.preset_version_id)
                .cloned()
                .ok_or_else(|| {
                    LogError::Corrupt(format!("game {}: its preset version is missing", game.id))
                })?;
            let name = |stored: &Option<String>, id: UserId| {
                stored
                    .clone()
                    .or_else(|| names.get(&id).cloned())
                    .map(|name| super::list::computer_name(name, game.computer_level))
                    .unwrap_or_default()
            };
            Ok(GameRecord {
                white: name(&game.white_name, game.white_id),
                black: name(&game.black_name, game.black_id),
                moves: by_game.remove(&game.id).unwrap_or_default(),
                custom: customs.get(&game.preset_version_id).cloned().flatten(),
                variant: variants
                    .get(&game.preset_version_id)
                    .cloned()
                    .ok_or_else(|| {
                        LogError::Corrupt(format!("game {}: its variant is missing", game.id))
                    })?,
                preset,
                game,
            })
        })
        .collect()
}

pub fn preset_rules(conn: &mut DbConn, id: PresetVersionId) -> Result<PresetRules, LogError> {
    Ok(preset_versions::table
        .find(id)
        .select((
            preset_versions::definition,
            preset_versions::setup_fen,
            preset_versions::move_count_limit,
            preset_versions::repetition,
        ))
        .first(conn)?)
}

/// The side to move and full-move number written in a FEN (White and 1 if unreadable).
pub fn fen_turn(fen: &str) -> (bool, u32) {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let white = fields.get(1).is_none_or(|s| *s != "b");
    let number = if fields.len() >= 6 {
        fields.last().and_then(|n| n.parse().ok()).unwrap_or(1)
    } else {
        1
    };
    (white, number.max(1))
}

/// The PGN TimeControl: `1/259200` (one move in three days), `864000+86400` (a Fischer
/// reserve and increment, in seconds; a cap on the reserve has no PGN form and is only in
/// the JSON), or `-` for an untimed game.
pub fn time_control_tag(g: &RecordGame) -> String {
    match (g.time_kind, g.days_per_move, g.reserve_secs) {
        (TimeKind::Days, Some(d), _) => format!("1/{}", d * 86_400),
        (TimeKind::Fischer, _, Some(reserve)) => {
            format!("{reserve}+{}", g.increment_secs.unwrap_or(0))
        }
        _ => "-".to_owned(),
    }
}

/// "1 day", "3 days", "1.5 days".
/// The game's time control, for the log page to word.
pub fn time_control(g: &RecordGame) -> TimeControl {
    TimeControl::from_parts(
        g.time_kind,
        g.days_per_move,
        g.reserve_secs,
        g.increment_secs,
        g.reserve_cap_secs,
    )
}

/// The game as PGN. `base_url`: this server's address, for the Site tag.
pub fn to_pgn(record: &GameRecord, base_url: &str) -> String {
    let g = &record.game;
    // A game that does not replay (damaged data) keeps its stored long texts.
    let san = crate::games::query::san_of(
        &record.variant,
        &g.start_fen,
        record.moves.iter().map(|m| m.compact.as_str()),
    )
    .unwrap_or_else(|_| record.moves.iter().map(|m| m.move_text.clone()).collect());
    let base = base_url.trim_end_matches('/');
    let result = g.result.map_or("*", GameResult::as_str).to_owned();
    let termination = g
        .result_reason
        .map_or("unterminated", EndReason::as_str)
        .to_owned();
    let tags = vec![
        (
            "Event",
            g.source_event
                .clone()
                .unwrap_or_else(|| format!("plypost game {}", g.id)),
        ),
        (
            "Site",
            g.source_site
                .clone()
                .unwrap_or_else(|| format!("{base}/logs/{}", g.id)),
        ),
        ("Date", g.created_at.format("%Y.%m.%d").to_string()),
        ("Round", "-".to_owned()),
        ("White", record.white.clone()),
        ("Black", record.black.clone()),
        ("Result", result.clone()),
        ("Variant", record.variant_tag().to_owned()),
        ("SetUp", "1".to_owned()),
        ("FEN", g.start_fen.clone()),
        ("TimeControl", time_control_tag(g)),
        (
            "Preset",
            format!("{} v{}", record.preset.slug, record.preset.version),
        ),
        ("Termination", termination),
    ];
    let game = PgnGame {
        tags: tags.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
        // A preset's own variant travels with the game, so any reader can replay it.
        preamble: record
            .custom
            .as_ref()
            .map(|c| format!("{DEFINITION_PREAMBLE}\n{}", c.definition.trim_end())),
        moves: record
            .moves
            .iter()
            .zip(&san)
            .map(|(m, san)| PgnMove {
                // SAN, as other programs read PGN (python-chess, pychess).
                text: san.clone(),
                comment: m.comment.clone(),
                // Seconds are what a log needs; the export stays exact through an import.
                played_at: Some(m.played_at),
            })
            .collect(),
        result,
    };
    let (white_first, number) = fen_turn(&g.start_fen);
    let mut out = String::new();
    pgn::write_game(&mut out, &game, number, white_first);
    out
}

fn utc(t: NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// The complete record as JSON: enough to replay the game with nothing else (the preset
/// version's full variant definition is included).
pub fn to_json(record: &GameRecord, rules: &PresetRules, base_url: &str) -> String {
    let g = &record.game;
    let (white_first, first_number) = fen_turn(&g.start_fen);
    let moves: Vec<serde_json::Value> = record
        .moves
        .iter()
        .map(|m| {
            // Which side made ply `m.ply` follows from who moved first.
            let index = m.ply - 1;
            let white = (index % 2 == 0) == white_first;
            let offset = i64::from(!white_first);
            let number = i64::from(first_number) + (index + offset) / 2;
            json!({
                "ply": m.ply,
                "number": number,
                "side": if white { "white" } else { "black" },
                "player": if white { &record.white } else { &record.black },
                "text": m.move_text,
                "compact": m.compact,
                "comment": m.comment,
                "played_at": utc(m.played_at),
                "fen_after": m.fen_after,
            })
        })
        .collect();
    let value = json!({
        "format": "plypost-game",
        "format_version": 1,
        "id": g.id,
        "url": format!("{}/logs/{}", base_url.trim_end_matches('/'), g.id),
        "imported": g.imported,
        "event": g.source_event,
        "site": g.source_site,
        "white": { "name": record.white },
        "black": { "name": record.black },
        "variant": {
            "name": record.variant_tag(),
            "display_name": record.custom.as_ref().map_or_else(
                || super::list::variant_display(&record.preset.variant_name),
                |c| c.display_name.clone(),
            ),
        },
        "preset": {
            "slug": record.preset.slug,
            "name": record.preset.name,
            "version": record.preset.version,
            "setup_fen": rules.setup_fen,
            "rule_options": {
                "move_count_limit": rules.move_count_limit,
                "repetition": rules.repetition,
            },
            "definition": rules.definition,
        },
        "time_control": {
            "kind": g.time_kind,
            "days_per_move": g.days_per_move,
            "reserve_secs": g.reserve_secs,
            "increment_secs": g.increment_secs,
            "reserve_cap_secs": g.reserve_cap_secs,
            "allow_vacation": g.allow_vacation,
        },
        "status": g.status,
        "result": g.result,
        "result_reason": g.result_reason,
        "created_at": utc(g.created_at),
        "last_move_at": g.last_move_at.map(utc),
        "finished_at": g.finished_at.map(utc),
        "start_fen": g.start_fen,
        "setup": g.setup_name,
        "current_fen": g.current_fen,
        "ply": g.ply,
        "side_to_move": g.side_to_move,
        "moves": moves,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| "{}".to_owned());
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_turns() {
        assert_eq!(fen_turn("8/8 w - - 0 1"), (true, 1));
        assert_eq!(fen_turn("8/8 b - - 3 17"), (false, 17));
        assert_eq!(fen_turn("garbage"), (true, 1));
    }
}
