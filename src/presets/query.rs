//! Reading presets for pages: the index grouped by variant, one preset with its history and
//! games, the presets a player may challenge with, and the preset version of a game.

use std::collections::HashMap;
use std::sync::OnceLock;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::{RuleOptions, Variant};

use super::model::PresetVersionRow;
use super::model::{PresetId, PresetRow, VersionRow, Visibility};
use super::PresetError;
use crate::db::schema::{challenges, games, preset_versions, presets};
use crate::db::{DbConn, UserId};
use crate::db::{GameId, PresetVersionId};
use crate::domain::ChallengeStatus;
use crate::domain::{GameResult, GameStatus};
use crate::i18n::Lang;
use crate::i18n::Message;

/// Built-in variants parsed once per process (the index needs their sizes on every view).
fn builtin_variant(name: &str) -> Option<Variant> {
    static CACHE: OnceLock<HashMap<&'static str, Variant>> = OnceLock::new();
    CACHE
        .get_or_init(|| {
            Variant::builtin_names()
                .iter()
                .filter_map(|n| Variant::builtin(n).ok().map(|v| (*n, v)))
                .collect()
        })
        .get(name)
        .cloned()
}

pub fn find_by_slug(conn: &mut DbConn, slug: &str) -> Result<PresetRow, PresetError> {
    presets::table
        .filter(presets::slug.eq(slug))
        .select(PresetRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(PresetError::NotFound)
}

pub fn version(
    conn: &mut DbConn,
    preset: PresetId,
    number: i64,
) -> Result<VersionRow, PresetError> {
    preset_versions::table
        .filter(preset_versions::preset_id.eq(preset))
        .filter(preset_versions::version.eq(number))
        .select(VersionRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(PresetError::NotFound)
}

/// The variant and draw rules a version pins (parsed once per definition, shared with games).
pub fn rules_of(
    conn: &mut DbConn,
    id: PresetVersionId,
) -> Result<(Variant, RuleOptions), PresetError> {
    let rules = super::rules::load(conn, id)?;
    Ok((rules.variant, rules.options))
}

/// kind, days per move, reserve days, increment hours, cap days.
type TimeRow = (String, i64, Option<i64>, Option<i64>, Option<i64>);

/// Games played with each of these presets.
/// Games played with each preset (kept as games start: [`super::count_game`]).
fn game_counts(conn: &mut DbConn, ids: &[PresetId]) -> Result<HashMap<PresetId, i64>, PresetError> {
    let rows: Vec<(PresetId, i64)> = presets::table
        .filter(presets::id.eq_any(ids))
        .select((presets::id, presets::games_played))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// A preset in the index.
#[derive(Debug, Clone)]
pub struct IndexEntry {
    pub slug: String,
    pub name: String,
    /// None: built-in.
    pub author: Option<String>,
    pub version: i64,
    pub games: i64,
    pub unlisted: bool,
    pub retired: bool,
    /// The viewer's own preset.
    pub mine: bool,
    /// The default time control of the current version.
    pub time_control: crate::time_control::TimeControl,
    pub days_per_move: i64,
    /// When the current version has its own variant definition: its board and pieces
    /// ("10 × 8, 7 kinds of piece").
    pub own_definition: Option<String>,
}

/// The presets of one variant.
#[derive(Debug, Clone)]
pub struct VariantGroup {
    pub variant_name: String,
    pub display_name: String,
    pub width: u8,
    pub height: u8,
    pub piece_kinds: usize,
    pub games: i64,
    pub presets: Vec<IndexEntry>,
}

impl VariantGroup {
    /// The variant's name in `lang`.
    pub fn title(&self, lang: &Lang) -> String {
        crate::i18n::variant_name(lang, &self.variant_name, &self.display_name)
    }
}

/// How many players' presets one page of the index lists.
pub const INDEX_PAGE: i64 = 50;

/// One page of the preset index.
#[derive(Debug, Clone, Default)]
pub struct IndexPage {
    pub groups: Vec<VariantGroup>,
    /// Where the next page of players' presets starts, when there is one: pass it as
    /// `before`.
    pub older: Option<PresetId>,
}

/// A preset with its current version's id, definition hash and time control.
type IndexRow = (PresetRow, PresetVersionId, String, TimeRow);

/// Public presets that are not retired, and all of the viewer's own, grouped by variant in
/// the engine's order; in a group the built-in preset first, then the most played. The
/// built-in presets come on the first page; players' presets come newest first,
/// [`INDEX_PAGE`] at a time, from `before` on (keyset paging: the cost of a page does not
/// grow with the number of presets).
pub fn index(
    conn: &mut DbConn,
    viewer: Option<UserId>,
    before: Option<PresetId>,
) -> Result<IndexPage, PresetError> {
    let mut rows = if before.is_none() {
        index_rows(conn, viewer, Rows::Builtin)?
    } else {
        Vec::new()
    };
    let mut players = index_rows(conn, viewer, Rows::Players { before })?;
    let more = players.len() > INDEX_PAGE as usize;
    players.truncate(INDEX_PAGE as usize);
    let older = more.then(|| players.last().map(|r| r.0.id)).flatten();
    rows.extend(players);
    Ok(IndexPage {
        groups: group_by_variant(conn, viewer, rows)?,
        older,
    })
}

/// Which presets of the index to read.
enum Rows<'a> {
    /// The built-in presets.
    Builtin,
    /// One page (plus one row, to tell whether more follow) of the players' presets.
    Players { before: Option<PresetId> },
    /// The one with this slug.
    Slug(&'a str),
}

/// Presets of the index that the viewer may see, each with its current version.
fn index_rows(
    conn: &mut DbConn,
    viewer: Option<UserId>,
    rows: Rows<'_>,
) -> Result<Vec<IndexRow>, PresetError> {
    let listed = presets::visibility
        .eq(Visibility::Public.as_str())
        .and(presets::retired.eq(false));
    // Each preset with its current version.
    let mut query = presets::table
        .inner_join(
            preset_versions::table.on(preset_versions::preset_id
                .eq(presets::id)
                .and(preset_versions::version.eq(presets::current_version))),
        )
        .select((
            PresetRow::as_select(),
            preset_versions::id,
            preset_versions::definition_hash,
            (
                preset_versions::time_kind,
                preset_versions::days_per_move,
                preset_versions::reserve_days,
                preset_versions::increment_hours,
                preset_versions::cap_days,
            ),
        ))
        .into_boxed();
    let before = match rows {
        Rows::Builtin => {
            return Ok(query
                .filter(presets::owner_id.is_null())
                .filter(listed)
                .load(conn)?)
        }
        Rows::Slug(slug) => {
            query = query.filter(presets::slug.eq(slug.to_owned()));
            None
        }
        Rows::Players { before } => {
            query = query.filter(presets::owner_id.is_not_null());
            before
        }
    };
    query = match viewer {
        Some(me) => query.filter(listed.or(presets::owner_id.eq(me))),
        None => query.filter(listed),
    };
    if let Some(before) = before {
        query = query.filter(presets::id.lt(before));
    }
    Ok(query
        .order(presets::id.desc())
        .limit(INDEX_PAGE + 1)
        .load(conn)?)
}

/// The rows of a page grouped by variant, in the engine's order.
fn group_by_variant(
    conn: &mut DbConn,
    viewer: Option<UserId>,
    rows: Vec<IndexRow>,
) -> Result<Vec<VariantGroup>, PresetError> {
    let owners: Vec<UserId> = rows.iter().filter_map(|r| r.0.owner_id).collect();
    let names = crate::accounts::usernames(conn, &owners)?;
    let ids: Vec<PresetId> = rows.iter().map(|r| r.0.id).collect();
    let counts = game_counts(conn, &ids)?;
    let mut groups: Vec<VariantGroup> = Vec::new();
    for (p, version_id, hash, (kind, days_per_move, reserve, increment, cap)) in rows {
        let builtin_hash = builtin_variant(&p.variant_name)
            .map(|v| super::definition_hash(v.source_text()))
            .unwrap_or_default();
        // Built-in presets follow the engine; only a player's own definition is told apart.
        let own_definition = if p.is_builtin() || hash == builtin_hash {
            None
        } else {
            let (v, _) = rules_of(conn, version_id)?;
            Some(format!(
                "{} × {}, {} kinds of piece",
                v.width(),
                v.height(),
                v.pieces().len()
            ))
        };
        let entry = IndexEntry {
            slug: p.slug.clone(),
            name: p.name.clone(),
            author: p.owner_id.and_then(|o| names.get(&o).cloned()),
            version: p.current_version,
            games: counts.get(&p.id).copied().unwrap_or(0),
            unlisted: p.is_unlisted(),
            retired: p.retired,
            mine: p.is_owned_by(viewer),
            time_control: super::settings::time_control_of(
                &kind,
                days_per_move,
                reserve,
                increment,
                cap,
            ),
            days_per_move,
            own_definition,
        };
        match groups.iter_mut().find(|g| g.variant_name == p.variant_name) {
            Some(g) => g.presets.push(entry),
            None => {
                let variant = builtin_variant(&p.variant_name);
                groups.push(VariantGroup {
                    display_name: variant
                        .as_ref()
                        .map_or_else(|| p.variant_name.clone(), |v| v.display_name().to_owned()),
                    width: variant.as_ref().map_or(0, Variant::width),
                    height: variant.as_ref().map_or(0, Variant::height),
                    piece_kinds: variant.as_ref().map_or(0, |v| v.pieces().len()),
                    variant_name: p.variant_name.clone(),
                    games: 0,
                    presets: vec![entry],
                });
            }
        }
    }
    let order = |name: &str| {
        Variant::builtin_names()
            .iter()
            .position(|n| *n == name)
            .unwrap_or(usize::MAX)
    };
    groups.sort_by(|a, b| {
        order(&a.variant_name)
            .cmp(&order(&b.variant_name))
            .then_with(|| a.variant_name.cmp(&b.variant_name))
    });
    for g in &mut groups {
        g.games = g.presets.iter().map(|p| p.games).sum();
        g.presets.sort_by(|a, b| {
            a.author
                .is_some()
                .cmp(&b.author.is_some())
                .then(b.games.cmp(&a.games))
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
        });
    }
    Ok(groups)
}

/// One line of a preset's version history.
#[derive(Debug, Clone)]
pub struct HistoryEntry {
    pub version: i64,
    pub created_at: NaiveDateTime,
    /// None: the server (built-in presets).
    pub author: Option<String>,
    pub notes: String,
}

/// A game played with a preset.
#[derive(Debug, Clone)]
pub struct GameEntry {
    pub id: GameId,
    pub white: String,
    pub black: String,
    pub version: i64,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub created_at: NaiveDateTime,
}

/// id, White, Black, preset version, status, result, start.
type GameTuple = (
    GameId,
    UserId,
    UserId,
    i64,
    GameStatus,
    Option<GameResult>,
    NaiveDateTime,
);

/// How many games the preset page lists.
pub const GAMES_LIST_LIMIT: i64 = 100;

/// Everything the preset page shows.
pub struct PresetDetail {
    pub preset: PresetRow,
    pub owner: Option<String>,
    /// The version shown (the current one unless an older one was asked for).
    pub version: VersionRow,
    pub variant: Variant,
    pub options: RuleOptions,
    pub history: Vec<HistoryEntry>,
    pub games: Vec<GameEntry>,
    pub games_total: i64,
    /// Games and open challenges using any version: deleting is refused then.
    pub in_use: bool,
    pub forked_from: Option<(String, String)>,
}

pub fn detail(
    conn: &mut DbConn,
    slug: &str,
    version_number: Option<i64>,
) -> Result<PresetDetail, PresetError> {
    let preset = find_by_slug(conn, slug)?;
    let shown = version(
        conn,
        preset.id,
        version_number.unwrap_or(preset.current_version),
    )?;
    let (variant, options) = rules_of(conn, shown.id)?;
    let versions: Vec<VersionRow> = preset_versions::table
        .filter(preset_versions::preset_id.eq(preset.id))
        .order(preset_versions::version.desc())
        .select(VersionRow::as_select())
        .load(conn)?;
    let game_rows: Vec<GameTuple> = games::table
        .inner_join(preset_versions::table)
        .filter(preset_versions::preset_id.eq(preset.id))
        .order(games::created_at.desc())
        .limit(GAMES_LIST_LIMIT)
        .select((
            games::id,
            games::white_id,
            games::black_id,
            preset_versions::version,
            games::status,
            games::result,
            games::created_at,
        ))
        .load(conn)?;
    let games_total: i64 = presets::table
        .find(preset.id)
        .select(presets::games_played)
        .first(conn)?;
    let open_challenges = open_challenge_count(conn, preset.id)?;
    let ids: Vec<UserId> = versions
        .iter()
        .filter_map(|v| v.created_by)
        .chain(preset.owner_id)
        .chain(game_rows.iter().flat_map(|g| [g.1, g.2]))
        .collect();
    let names = crate::accounts::usernames(conn, &ids)?;
    let name = |id: UserId| names.get(&id).cloned().unwrap_or_default();
    let forked_from = match preset.forked_from {
        Some(id) => presets::table
            .find(id)
            .select((presets::slug, presets::name))
            .first(conn)
            .optional()?,
        None => None,
    };
    Ok(PresetDetail {
        owner: preset.owner_id.map(name),
        history: versions
            .iter()
            .map(|v| HistoryEntry {
                version: v.version,
                created_at: v.created_at,
                author: v.created_by.map(name),
                notes: v.notes.clone(),
            })
            .collect(),
        games: game_rows
            .into_iter()
            .map(
                |(id, w, b, version, status, result, created_at)| GameEntry {
                    id,
                    white: name(w),
                    black: name(b),
                    version,
                    status,
                    result,
                    created_at,
                },
            )
            .collect(),
        in_use: games_total > 0 || open_challenges > 0,
        games_total,
        preset,
        version: shown,
        variant,
        options,
        forked_from,
    })
}

pub(crate) fn open_challenge_count(
    conn: &mut DbConn,
    preset: PresetId,
) -> Result<i64, PresetError> {
    Ok(challenges::table
        .inner_join(preset_versions::table)
        .filter(preset_versions::preset_id.eq(preset))
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .count()
        .get_result(conn)?)
}

/// A preset offered on the challenge form, with its default time control in the form's
/// fields.
#[derive(Debug, Clone)]
pub struct ChallengeChoice {
    pub slug: String,
    /// The preset's own name and its author (none for a built-in preset).
    pub name: String,
    pub author: Option<String>,
    pub variant_name: String,
    /// The variant's own (English) display name; [`ChallengeChoice::label`] translates it.
    pub variant_display: String,
    pub days_per_move: i64,
    /// "3 days per move", "untimed", ...
    pub time_control: String,
    pub time_kind: String,
    pub reserve_days: String,
    pub increment_hours: String,
    pub cap_days: String,
    /// The names of its start positions, when it lists several, and the default's.
    pub setups: Vec<String>,
    pub default_setup: String,
}

/// What a player may challenge with: the first page of the index (the built-in presets and
/// the newest public presets and the player's own, unlisted ones included), and `wanted`
/// (an older one chosen from its page) when the player may use it; built-in presets first
/// in each variant.
pub fn challenge_choices(
    conn: &mut DbConn,
    user: UserId,
    wanted: Option<&str>,
) -> Result<Vec<ChallengeChoice>, PresetError> {
    let mut rows = index_rows(conn, Some(user), Rows::Builtin)?;
    let mut players = index_rows(conn, Some(user), Rows::Players { before: None })?;
    players.truncate(INDEX_PAGE as usize);
    if let Some(slug) = wanted.filter(|s| !rows.iter().chain(&players).any(|r| r.0.slug == *s)) {
        players.extend(index_rows(conn, Some(user), Rows::Slug(slug))?);
    }
    rows.extend(players);
    let groups = group_by_variant(conn, Some(user), rows)?;
    // The few presets with several start positions: (slug, default FEN, list).
    let with_setups: Vec<(String, String, String)> = presets::table
        .inner_join(
            preset_versions::table.on(preset_versions::preset_id
                .eq(presets::id)
                .and(preset_versions::version.eq(presets::current_version))),
        )
        .filter(preset_versions::setups.ne(""))
        .select((
            presets::slug,
            preset_versions::setup_fen,
            preset_versions::setups,
        ))
        .load(conn)?;
    let mut out = Vec::new();
    for group in groups {
        for p in group.presets.into_iter().filter(|p| !p.retired) {
            let clock = p.time_control.day_columns();
            let text = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
            let (reserve_days, increment_hours, cap_days) = (
                text(clock.reserve_days),
                text(clock.increment_hours),
                text(clock.cap_days),
            );
            let (setups, default_setup) = with_setups
                .iter()
                .find(|(slug, _, _)| *slug == p.slug)
                .map(|(_, default_fen, stored)| {
                    let list = super::setups::decode(stored);
                    let default = list
                        .iter()
                        .find(|s| s.fen == *default_fen)
                        .map(|s| s.name.clone())
                        .unwrap_or_default();
                    (list.into_iter().map(|s| s.name).collect(), default)
                })
                .unwrap_or_default();
            out.push(ChallengeChoice {
                setups,
                default_setup,
                time_control: p.time_control.describe(),
                time_kind: p.time_control.kind().as_str().to_owned(),
                reserve_days,
                increment_hours,
                cap_days,
                name: p.name,
                author: p.author,
                slug: p.slug,
                variant_name: group.variant_name.clone(),
                variant_display: group.display_name.clone(),
                days_per_move: p.days_per_move,
            });
        }
    }
    Ok(out)
}

impl ChallengeChoice {
    /// The preset as the form lists it in `lang`: "Terachess II — built-in",
    /// "Terachess II — Fast (alice)".
    pub fn label(&self, lang: &Lang) -> String {
        let variant = crate::i18n::variant_name(lang, &self.variant_name, &self.variant_display);
        match &self.author {
            None => lang.t1("games-preset-builtin", "variant", variant),
            Some(author) => format!("{variant} — {} ({author})", self.name),
        }
    }
}

/// The current version of a preset to start a challenge with, and its default days per
/// move. Retired presets start no new games.
pub fn for_challenge(
    conn: &mut DbConn,
    slug: &str,
) -> Result<(PresetVersionRow, i64), PresetError> {
    let preset = find_by_slug(conn, slug)?;
    if preset.retired {
        return Err(PresetError::Invalid(
            Message::new("error-preset-retired").arg("name", &preset.name),
        ));
    }
    let row: PresetVersionRow = preset_versions::table
        .filter(preset_versions::preset_id.eq(preset.id))
        .filter(preset_versions::version.eq(preset.current_version))
        .select(PresetVersionRow::as_select())
        .first(conn)?;
    let days: i64 = preset_versions::table
        .find(row.id)
        .select(preset_versions::days_per_move)
        .first(conn)?;
    Ok((row, days))
}

/// Which preset version a game pins, for its page (read with the game: `games::query`).
#[derive(Debug, Clone)]
pub struct VersionLabel {
    pub slug: String,
    pub name: String,
    pub version: i64,
    pub current_version: i64,
}
