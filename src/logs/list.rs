//! The list of the logs page: games (or open challenges) matching a [`LogFilter`], one page at
//! a time with keyset pagination. Every sort order has an index `(key, id)`; a page is an
//! index range scan from the cursor, so page 1000 costs what page 1 costs.

use std::collections::HashMap;
use std::sync::OnceLock;

use chrono::{DateTime, NaiveDateTime};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text, Timestamp};
use plypost_rules::Variant;

use super::filter::{Cursor, DateField, Imported, LogFilter, Side, Sort, StatusFilter};
use super::LogError;
use crate::db::schema::{challenges, games, preset_versions, presets, users};
use crate::db::{DbConn, MultiBackend, UserId};
use crate::domain::{ChallengeStatus, ColorChoice, EndReason, GameResult, GameStatus};
use crate::i18n::Lang;

use crate::games::{ChallengeId, GameId, PresetVersionId};

/// Rows per page of the logs page.
pub const PAGE_SIZE: i64 = 50;

/// "Last move" of a game; the start when nothing was played yet. Written exactly as in the
/// index `games_logs_activity`, so both databases use it.
const ACTIVITY: &str = "COALESCE(games.last_move_at, games.created_at)";

/// The filter's names turned into ids.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    /// Preset versions allowed by the variant and preset filters (`None`: any).
    pub versions: Option<Vec<PresetVersionId>>,
    /// The registered player of that name, if any.
    pub player_id: Option<UserId>,
    /// The name in lower case, matched against imported games' names.
    pub player_key: Option<String>,
}

/// Looks up the names the filter uses.
pub fn resolve(conn: &mut DbConn, f: &LogFilter) -> Result<Resolved, LogError> {
    let mut r = Resolved::default();
    if f.variant.is_some() || f.preset.is_some() {
        let mut q = preset_versions::table
            .inner_join(presets::table)
            .select(preset_versions::id)
            .into_boxed::<MultiBackend>();
        if let Some(v) = &f.variant {
            q = q.filter(presets::variant_name.eq(v.clone()));
        }
        if let Some(p) = &f.preset {
            let (slug, version) = split_preset(p);
            q = q.filter(presets::slug.eq(slug.to_owned()));
            if let Some(version) = version {
                q = q.filter(preset_versions::version.eq(version));
            }
        }
        r.versions = Some(q.load(conn)?);
    }
    if let Some(p) = &f.player {
        let key = p.to_lowercase();
        r.player_id = users::table
            .filter(users::username_key.eq(p.to_ascii_lowercase()))
            .select(users::id)
            .first(conn)
            .optional()?;
        r.player_key = Some(key);
    }
    Ok(r)
}

/// `terachess2 v3` → (`terachess2`, Some(3)); `terachess2` → (`terachess2`, None).
pub fn split_preset(text: &str) -> (&str, Option<i64>) {
    if let Some((slug, v)) = text.trim().rsplit_once(" v") {
        if let Ok(n) = v.trim().parse() {
            return (slug.trim(), Some(n));
        }
    }
    (text.trim(), None)
}

/// What the list shows of a game.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct ListGame {
    pub id: GameId,
    pub preset_version_id: PresetVersionId,
    pub white_id: UserId,
    pub black_id: UserId,
    pub white_name: Option<String>,
    pub black_name: Option<String>,
    pub imported: bool,
    /// A game against the computer: its level (its side reads "Computer (level N)").
    pub computer_level: Option<i64>,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub result_reason: Option<EndReason>,
    pub ply: i64,
    pub side_to_move: crate::domain::Side,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

fn nanos(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp_nanos_opt().unwrap_or(i64::MAX)
}

fn from_nanos(n: i64) -> NaiveDateTime {
    DateTime::from_timestamp_nanos(n).naive_utc()
}

impl ListGame {
    fn cursor(&self, sort: Sort) -> Cursor {
        let key = match sort {
            Sort::LastMove => nanos(self.last_move_at.unwrap_or(self.created_at)),
            Sort::Started => nanos(self.created_at),
            Sort::Length => self.ply,
        };
        Cursor {
            key,
            id: self.id.get(),
        }
    }
}

type GamesQuery<'a> = games::BoxedQuery<'a, MultiBackend>;
type GamesCondition<'a> =
    Box<dyn BoxableExpression<games::table, MultiBackend, SqlType = Bool> + 'a>;

/// One way a game matches the player filter: that player's side, by account or, for an
/// imported game, by the name in the file. Each has an index in the list's order.
#[derive(Debug, Clone)]
enum PlayerBranch {
    WhiteId(UserId),
    BlackId(UserId),
    WhiteName(String),
    BlackName(String),
}

impl PlayerBranch {
    fn condition<'a>(&self) -> GamesCondition<'a> {
        // `name IS NOT NULL` lets the planner use the partial index of imported names.
        match self {
            PlayerBranch::WhiteId(id) => Box::new(games::white_id.eq(*id)),
            PlayerBranch::BlackId(id) => Box::new(games::black_id.eq(*id)),
            PlayerBranch::WhiteName(key) => Box::new(
                sql::<Bool>("games.white_name IS NOT NULL AND lower(games.white_name) = ")
                    .bind::<Text, _>(key.clone()),
            ),
            PlayerBranch::BlackName(key) => Box::new(
                sql::<Bool>("games.black_name IS NOT NULL AND lower(games.black_name) = ")
                    .bind::<Text, _>(key.clone()),
            ),
        }
    }
}

/// The branches of the player filter (none without one).
fn player_branches(f: &LogFilter, r: &Resolved) -> Vec<PlayerBranch> {
    let Some(key) = &r.player_key else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if f.side != Side::Black {
        out.extend(r.player_id.map(PlayerBranch::WhiteId));
        out.push(PlayerBranch::WhiteName(key.clone()));
    }
    if f.side != Side::White {
        out.extend(r.player_id.map(PlayerBranch::BlackId));
        out.push(PlayerBranch::BlackName(key.clone()));
    }
    out
}

/// One ordered index range of a filter with alternatives: one way of matching the player
/// filter, one preset version of the variant or preset filter (PostgreSQL reads `= ANY`
/// unordered). `None`: any of them.
#[derive(Debug, Clone, Default)]
struct Branch {
    player: Option<PlayerBranch>,
    version: Option<PresetVersionId>,
}

/// Most preset versions read as ranges of their own; a filter with more reads them at once.
const MAX_VERSION_BRANCHES: usize = 8;

/// The branches of the filter: every player way with every version (a single branch of
/// `None`s when it has neither).
fn branches(f: &LogFilter, r: &Resolved) -> Vec<Branch> {
    let players: Vec<Option<PlayerBranch>> = match player_branches(f, r) {
        ways if ways.is_empty() => vec![None],
        ways => ways.into_iter().map(Some).collect(),
    };
    let versions: Vec<Option<PresetVersionId>> = match &r.versions {
        Some(v) if !v.is_empty() && v.len() <= MAX_VERSION_BRANCHES => {
            v.iter().copied().map(Some).collect()
        }
        _ => vec![None],
    };
    players
        .iter()
        .flat_map(|p| {
            versions.iter().map(move |v| Branch {
                player: p.clone(),
                version: *v,
            })
        })
        .collect()
}

/// The games matching the filter (no order, no page), those of `branch` only.
fn filtered_games<'a>(f: &LogFilter, r: &Resolved, branch: &Branch) -> GamesQuery<'a> {
    let mut q: GamesQuery<'a> = games::table.into_boxed();
    match (branch.version, &r.versions) {
        (Some(v), _) => q = q.filter(games::preset_version_id.eq(v)),
        (None, Some(v)) => q = q.filter(games::preset_version_id.eq_any(v.clone())),
        (None, None) => {}
    }
    match &branch.player {
        Some(b) => q = q.filter(b.condition()),
        None => {
            let mut any: Option<GamesCondition<'a>> = None;
            for b in player_branches(f, r) {
                any = Some(match any {
                    Some(a) => Box::new(a.or(b.condition())),
                    None => b.condition(),
                });
            }
            if let Some(any) = any {
                q = q.filter(any);
            }
        }
    }
    q = match f.status {
        StatusFilter::Active => q.filter(games::status.eq(GameStatus::Active)),
        StatusFilter::Finished => q.filter(games::status.eq(GameStatus::Finished)),
        StatusFilter::Games | StatusFilter::Open => q,
    };
    if let Some(result) = f.result {
        q = q.filter(games::result.eq(result.stored()));
    }
    if let Some(reason) = f.reason {
        q = q.filter(games::result_reason.eq(reason));
    }
    let date_expr = match f.date {
        DateField::Started => "games.created_at",
        DateField::LastMove => ACTIVITY,
    };
    if let Some(from) = f.from_time() {
        q = q.filter(sql::<Bool>(&format!("{date_expr} >= ")).bind::<Timestamp, _>(from));
    }
    if let Some(to) = f.to_time() {
        q = q.filter(sql::<Bool>(&format!("{date_expr} < ")).bind::<Timestamp, _>(to));
    }
    // Written out, not bound: the partial index of imported games serves `games.imported`
    // only when the planner sees the value (PostgreSQL plans bound values generically).
    q = match f.imported {
        Imported::Include => q,
        Imported::Exclude => q.filter(sql::<Bool>("NOT games.imported")),
        Imported::Only => q.filter(sql::<Bool>("games.imported")),
    };
    q
}

/// Applies the cursor and the order. `forward`: the page after `cursor` in the list's order;
/// otherwise the page before it (rows come back in reverse order).
fn ordered<'a>(
    mut q: GamesQuery<'a>,
    sort: Sort,
    ascending: bool,
    cursor: Option<Cursor>,
    forward: bool,
) -> GamesQuery<'a> {
    let key = match sort {
        Sort::LastMove => ACTIVITY,
        Sort::Started => "games.created_at",
        Sort::Length => "games.ply",
    };
    // Walking the list forward in descending order means going down the index.
    let down = ascending != forward;
    if let Some(c) = cursor {
        let op = if down { "<" } else { ">" };
        // The row-value test is exact; the plain `key <= k` beside it is implied by it but
        // is what lets SQLite start the index scan at the cursor instead of at the top.
        let head = format!("{key} {op}= ");
        let tail = format!(" AND ({key}, games.id) {op} (");
        q = match sort {
            Sort::Length => q.filter(
                sql::<Bool>(&head)
                    .bind::<BigInt, _>(c.key)
                    .sql(&tail)
                    .bind::<BigInt, _>(c.key)
                    .sql(", ")
                    .bind::<BigInt, _>(c.id)
                    .sql(")"),
            ),
            _ => q.filter(
                sql::<Bool>(&head)
                    .bind::<Timestamp, _>(from_nanos(c.key))
                    .sql(&tail)
                    .bind::<Timestamp, _>(from_nanos(c.key))
                    .sql(", ")
                    .bind::<BigInt, _>(c.id)
                    .sql(")"),
            ),
        };
    }
    let dir = if down { "DESC" } else { "ASC" };
    q.order(sql::<BigInt>(&format!("{key} {dir}, games.id {dir}")))
}

/// One page of games, in the list's order, and whether there are pages before and after.
pub struct GamePage {
    pub games: Vec<ListGame>,
    pub prev: Option<Cursor>,
    pub next: Option<Cursor>,
}

/// A page of the games matching `f`, `limit` rows, from `f.after` / `f.before`.
pub fn games_page(
    conn: &mut DbConn,
    f: &LogFilter,
    r: &Resolved,
    limit: i64,
) -> Result<GamePage, LogError> {
    let (cursor, forward) = match (f.after, f.before) {
        (Some(c), _) => (Some(c), true),
        (None, Some(c)) => (Some(c), false),
        (None, None) => (None, true),
    };
    let mut rows = first_rows(conn, f, r, (cursor, forward), limit + 1)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    if !forward {
        rows.reverse();
    }
    let first = rows.first().map(|g| g.cursor(f.sort));
    let last = rows.last().map(|g| g.cursor(f.sort));
    let (prev, next) = if forward {
        (
            if cursor.is_some() { first } else { None },
            if more { last } else { None },
        )
    } else {
        (if more { first } else { None }, last)
    };
    Ok(GamePage {
        games: rows,
        prev,
        next,
    })
}

/// The first `n` games from the cursor, in the walk's order. A filter with alternatives
/// (the player filter's ways, the versions of a variant) is no one ordered index range:
/// each branch is read as its own ordered range of `n` rows, and the ranges are merged, so
/// a page costs the same for a player with ten games and one with a hundred thousand.
fn first_rows(
    conn: &mut DbConn,
    f: &LogFilter,
    r: &Resolved,
    (cursor, forward): (Option<Cursor>, bool),
    n: i64,
) -> Result<Vec<ListGame>, LogError> {
    let branches = branches(f, r);
    let mut rows = Vec::new();
    for b in &branches {
        rows.extend(
            ordered(
                filtered_games(f, r, b),
                f.sort,
                f.ascending,
                cursor,
                forward,
            )
            .select(ListGame::as_select())
            .limit(n)
            .load::<ListGame>(conn)?,
        );
    }
    if branches.len() > 1 {
        rows.sort_by_key(|g| {
            let c = g.cursor(f.sort);
            (c.key, c.id)
        });
        rows.dedup_by_key(|g| g.id);
        // Walking down the index: largest keys first.
        if f.ascending != forward {
            rows.reverse();
        }
        rows.truncate(usize::try_from(n).unwrap_or(0));
    }
    Ok(rows)
}

/// Counting stops here: past it the page says "1,000+", so that a count never reads the
/// whole archive.
pub const COUNT_BOUND: i64 = 1_000;

/// How many games match `f`, up to [`COUNT_BOUND`] + 1 (more than the bound). Counted in the
/// list's order, a branch at a time (branches never share a game), so that the count reads
/// the page's index ranges.
pub fn count_games(conn: &mut DbConn, f: &LogFilter, r: &Resolved) -> Result<i64, LogError> {
    let mut total = 0;
    for b in &branches(f, r) {
        let ids: Vec<GameId> = ordered(filtered_games(f, r, b), f.sort, f.ascending, None, true)
            .select(games::id)
            .limit(COUNT_BOUND + 1 - total)
            .load(conn)?;
        total += ids.len() as i64;
        if total > COUNT_BOUND {
            break;
        }
    }
    Ok(total)
}

/// A row of the logs page: the facts the page words in its reader's language.
#[derive(Debug, Clone)]
pub struct LogRow {
    /// `None` for an open challenge.
    pub game: Option<GameId>,
    pub challenge: Option<ChallengeId>,
    /// The players; `None` is the open side of a challenge anyone may accept.
    pub white: Option<String>,
    pub black: Option<String>,
    /// The variant's key (empty when the preset is unknown).
    pub variant: String,
    /// The preset's name and version (an empty name when the preset is unknown).
    pub preset: String,
    pub preset_version: i64,
    pub status: RowStatus,
    /// Full moves (a move of White and Black's answer count as one).
    pub moves: i64,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    /// Who is to move in a game in progress.
    pub to_move: Option<crate::domain::Side>,
    pub imported: bool,
    /// A finished rated game: the ratings White and Black came out of it with.
    pub ratings: Option<(String, String)>,
    /// White, Black is a bot.
    pub bots: (bool, bool),
}

/// Where a row of the logs page stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStatus {
    /// An open challenge; `random_colours` when chance picks who plays White.
    Challenge { random_colours: bool },
    Game {
        status: GameStatus,
        result: Option<GameResult>,
        reason: Option<EndReason>,
    },
}

/// The preset version facts the list and the exports show.
#[derive(Debug, Clone)]
pub struct PresetInfo {
    pub slug: String,
    pub name: String,
    pub version: i64,
    pub variant_name: String,
    pub definition_hash: String,
}

pub fn preset_infos(
    conn: &mut DbConn,
    ids: &[PresetVersionId],
) -> Result<HashMap<PresetVersionId, PresetInfo>, LogError> {
    let rows: Vec<(PresetVersionId, String, String, i64, String, String)> = preset_versions::table
        .inner_join(presets::table)
        .filter(preset_versions::id.eq_any(ids))
        .select((
            preset_versions::id,
            presets::slug,
            presets::name,
            preset_versions::version,
            presets::variant_name,
            preset_versions::definition_hash,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, slug, name, version, variant_name, definition_hash)| {
            (
                id,
                PresetInfo {
                    slug,
                    name,
                    version,
                    variant_name,
                    definition_hash,
                },
            )
        })
        .collect())
}

/// The display name of a variant in `lang` ("Terachess II", "Échecs"), or its name when it
/// is not built in.
pub fn variant_title(lang: &Lang, name: &str) -> String {
    crate::i18n::variant_name(lang, name, &variant_display(name))
}

/// The display name of a variant as its definition gives it (`Terachess II`), or its name
/// when it is not built in.
pub fn variant_display(name: &str) -> String {
    static NAMES: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Variant::builtin_names()
            .iter()
            .filter_map(|n| {
                Variant::builtin(n)
                    .ok()
                    .map(|v| (*n, v.display_name().to_owned()))
            })
            .collect()
    });
    names.get(name).cloned().unwrap_or_else(|| name.to_owned())
}

/// `name` as a game against the computer at `level` shows it: the computer's account is
/// [`crate::games::model::computer_name`].
pub(crate) fn computer_name(name: String, level: Option<i64>) -> String {
    match level {
        Some(level) if crate::accounts::users::is_computer(&name) => {
            crate::games::model::computer_name(level)
        }
        _ => name,
    }
}

/// Turns a page of games into rows.
pub fn game_rows(conn: &mut DbConn, games: &[ListGame]) -> Result<Vec<LogRow>, LogError> {
    let user_ids: Vec<UserId> = games
        .iter()
        .flat_map(|g| [g.white_id, g.black_id])
        .collect();
    let names = crate::accounts::usernames(conn, &user_ids)?;
    let bots = crate::accounts::bots::among(conn, &user_ids)?;
    let versions: Vec<PresetVersionId> = games.iter().map(|g| g.preset_version_id).collect();
    let presets = preset_infos(conn, &versions)?;
    let finished: Vec<GameId> = games
        .iter()
        .filter(|g| g.status == GameStatus::Finished)
        .map(|g| g.id)
        .collect();
    let after = crate::ratings::after_games(conn, &finished)?;
    let rating_of =
        |game: GameId, user: UserId| after.get(&(game, user)).map(crate::ratings::label);
    let name = |id: UserId, stored: &Option<String>, level: Option<i64>| {
        stored
            .clone()
            .or_else(|| names.get(&id).cloned())
            .map(|name| computer_name(name, level))
            .unwrap_or_default()
    };
    Ok(games
        .iter()
        .map(|g| {
            let preset = presets.get(&g.preset_version_id);
            let (white, black) = (
                name(g.white_id, &g.white_name, g.computer_level),
                name(g.black_id, &g.black_name, g.computer_level),
            );
            LogRow {
                game: Some(g.id),
                challenge: None,
                variant: preset.map_or_else(String::new, |p| p.variant_name.clone()),
                preset: preset.map_or_else(String::new, |p| p.name.clone()),
                preset_version: preset.map_or(0, |p| p.version),
                status: RowStatus::Game {
                    status: g.status,
                    result: g.result,
                    reason: g.result_reason,
                },
                moves: (g.ply + 1) / 2,
                last_move_at: g.last_move_at,
                created_at: g.created_at,
                to_move: (g.status == GameStatus::Active).then_some(g.side_to_move),
                imported: g.imported,
                ratings: rating_of(g.id, g.white_id).zip(rating_of(g.id, g.black_id)),
                bots: (
                    !g.imported && bots.contains(&g.white_id),
                    !g.imported && bots.contains(&g.black_id),
                ),
                white: Some(white),
                black: Some(black),
            }
        })
        .collect())
}

/// One page of open challenges (newest first unless `ascending`), keyed by creation time.
pub struct ChallengePage {
    pub rows: Vec<LogRow>,
    pub prev: Option<Cursor>,
    pub next: Option<Cursor>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = challenges)]
struct OpenChallenge {
    id: ChallengeId,
    author_id: UserId,
    opponent_id: Option<UserId>,
    preset_version_id: PresetVersionId,
    author_color: ColorChoice,
    created_at: NaiveDateTime,
}

/// Open challenges matching the filter. Result and last-move filters never match one: a
/// challenge has neither.
pub fn challenges_page(
    conn: &mut DbConn,
    f: &LogFilter,
    r: &Resolved,
    limit: i64,
) -> Result<ChallengePage, LogError> {
    let empty = ChallengePage {
        rows: Vec::new(),
        prev: None,
        next: None,
    };
    if f.result.is_some() || f.reason.is_some() || f.imported == Imported::Only {
        return Ok(empty);
    }
    let mut q = challenges::table
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .into_boxed::<MultiBackend>();
    if let Some(v) = &r.versions {
        q = q.filter(challenges::preset_version_id.eq_any(v.clone()));
    }
    if r.player_key.is_some() {
        let Some(id) = r.player_id else {
            return Ok(empty);
        };
        let author = challenges::author_id.eq(id);
        let invited = challenges::opponent_id.eq(id);
        q = match f.side {
            Side::Either => q.filter(author.or(invited)),
            Side::White => q.filter(
                (author.and(challenges::author_color.eq(ColorChoice::White)))
                    .or(invited.and(challenges::author_color.eq(ColorChoice::Black))),
            ),
            Side::Black => q.filter(
                (author.and(challenges::author_color.eq(ColorChoice::Black)))
                    .or(invited.and(challenges::author_color.eq(ColorChoice::White))),
            ),
        };
    }
    if let Some(from) = f.from_time() {
        q = q.filter(challenges::created_at.ge(from));
    }
    if let Some(to) = f.to_time() {
        q = q.filter(challenges::created_at.lt(to));
    }
    let (cursor, forward) = match (f.after, f.before) {
        (Some(c), _) => (Some(c), true),
        (None, Some(c)) => (Some(c), false),
        (None, None) => (None, true),
    };
    let down = f.ascending != forward;
    if let Some(c) = cursor {
        let op = if down { "<" } else { ">" };
        q = q.filter(
            sql::<Bool>(&format!("(challenges.created_at, challenges.id) {op} ("))
                .bind::<Timestamp, _>(from_nanos(c.key))
                .sql(", ")
                .bind::<BigInt, _>(c.id)
                .sql(")"),
        );
    }
    q = if down {
        q.order((challenges::created_at.desc(), challenges::id.desc()))
    } else {
        q.order((challenges::created_at.asc(), challenges::id.asc()))
    };
    let mut found: Vec<OpenChallenge> = q
        .select(OpenChallenge::as_select())
        .limit(limit + 1)
        .load(conn)?;
    let more = found.len() as i64 > limit;
    found.truncate(usize::try_from(limit).unwrap_or(0));
    if !forward {
        found.reverse();
    }
    let key = |c: &OpenChallenge| Cursor {
        key: nanos(c.created_at),
        id: c.id.get(),
    };
    let (first, last) = (found.first().map(key), found.last().map(key));
    let (prev, next) = if forward {
        (
            if cursor.is_some() { first } else { None },
            if more { last } else { None },
        )
    } else {
        (if more { first } else { None }, last)
    };
    let ids: Vec<UserId> = found
        .iter()
        .flat_map(|c| std::iter::once(c.author_id).chain(c.opponent_id))
        .collect();
    let names = crate::accounts::usernames(conn, &ids)?;
    let versions: Vec<PresetVersionId> = found.iter().map(|c| c.preset_version_id).collect();
    let presets = preset_infos(conn, &versions)?;
    let rows = found
        .iter()
        .map(|c| challenge_row(c, &names, presets.get(&c.preset_version_id)))
        .collect();
    Ok(ChallengePage { rows, prev, next })
}

/// A line of the log list for an open challenge.
fn challenge_row(
    c: &OpenChallenge,
    names: &HashMap<UserId, String>,
    preset: Option<&PresetInfo>,
) -> LogRow {
    let author = names.get(&c.author_id).cloned();
    let other = c.opponent_id.and_then(|o| names.get(&o).cloned());
    let (white, black) = match c.author_color {
        ColorChoice::White | ColorChoice::Random => (author, other),
        ColorChoice::Black => (other, author),
    };
    LogRow {
        game: None,
        challenge: Some(c.id),
        white,
        black,
        variant: preset.map_or_else(String::new, |p| p.variant_name.clone()),
        preset: preset.map_or_else(String::new, |p| p.name.clone()),
        preset_version: preset.map_or(0, |p| p.version),
        status: RowStatus::Challenge {
            random_colours: c.author_color == ColorChoice::Random,
        },
        moves: 0,
        last_move_at: None,
        created_at: c.created_at,
        to_move: None,
        imported: false,
        ratings: None,
        bots: (false, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_tags_are_split() {
        assert_eq!(split_preset("terachess2 v3"), ("terachess2", Some(3)));
        assert_eq!(split_preset("my preset"), ("my preset", None));
        assert_eq!(split_preset("x vy"), ("x vy", None));
    }

    #[test]
    fn nanosecond_keys_round_trip() {
        let t =
            NaiveDateTime::parse_from_str("2026-11-30 17:01:02.123456789", "%Y-%m-%d %H:%M:%S%.f")
                .unwrap();
        assert_eq!(from_nanos(nanos(t)), t);
    }
}
