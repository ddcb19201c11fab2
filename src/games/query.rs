//! Reading games and challenges for pages: one game with everything its page shows, and the
//! lists of a player's games and of challenges.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::Position;

use super::model::{ChallengeId, ChallengeRow, GameId, GameRow};
use super::move_log::{MoveLog, MoveLogCache};
use super::GameError;
use crate::accounts::vacation::VacationRow;
use crate::accounts::User;
use crate::db::schema::{challenges, games, preset_versions, presets};
use crate::db::{DbConn, UserId};
use crate::domain::{ChallengeStatus, ColorChoice, EndReason, GameResult, GameStatus};
use crate::presets::query::VersionLabel;
use crate::presets::rules::{self, Rules};
use crate::ratings::RatingRow;

/// Everything the game page shows.
pub struct GameData {
    pub game: GameRow,
    pub white: User,
    pub black: User,
    pub moves: MoveLog,
    /// The vacations the players are on now (only an active game's clock heeds them).
    pub vacations: Vec<VacationRow>,
    pub rules: Rules,
    pub position: Position,
    /// The preset version the game pins.
    pub preset: VersionLabel,
    /// A game against the computer: the computer's account.
    pub computer: Option<UserId>,
}

pub fn game_data(conn: &mut DbConn, log: &MoveLogCache, id: GameId) -> Result<GameData, GameError> {
    let super::players::GameWithPlayers {
        game,
        version,
        preset: (slug, name, current_version),
        players,
    } = super::players::game_with_players(conn, id)?;
    let (mut white, mut black) = (players.white.user, players.black.user);
    // Wherever the page names the players, the computer is "Computer (level N)".
    let mut computer = None;
    for user in [&mut white, &mut black] {
        if game.computer_level.is_some() && crate::accounts::users::is_computer(&user.username) {
            computer = Some(user.id);
        }
        user.username = game.player_name(&user.username);
    }
    // One vacation when a player plays himself.
    let mut vacations: Vec<VacationRow> = players
        .white
        .away
        .into_iter()
        .chain(players.black.away)
        .collect();
    vacations.dedup_by_key(|v| v.id);
    let moves = log.moves_of(conn, &game)?;
    let preset = VersionLabel {
        slug,
        name,
        version: version.version,
        current_version,
    };
    let rules = rules::from_row(conn, version)?;
    let position = Position::from_fen(&rules.variant, &game.current_fen)
        .map_err(|e| GameError::Corrupt(format!("game {id}: current FEN: {e}")))?;
    Ok(GameData {
        game,
        white,
        black,
        moves,
        vacations,
        rules,
        position,
        preset,
        computer,
    })
}

/// A game's ply and status: what the game page polls while the computer thinks.
pub fn ply_and_status(conn: &mut DbConn, id: GameId) -> Result<(i64, GameStatus), GameError> {
    games::table
        .find(id)
        .select((games::ply, games::status))
        .first(conn)
        .optional()?
        .ok_or(GameError::NotFound)
}

/// A game in a player's list.
#[derive(Debug, Clone)]
pub struct GameListing {
    pub id: GameId,
    pub variant: String,
    pub white: String,
    pub black: String,
    /// The other player's name.
    pub opponent: String,
    /// The other player is a bot.
    pub opponent_is_bot: bool,
    pub my_turn: bool,
    pub ply: i64,
    pub deadline_at: Option<NaiveDateTime>,
    pub result: Option<GameResult>,
    pub result_reason: Option<EndReason>,
    pub finished_at: Option<NaiveDateTime>,
    pub status: GameStatus,
    pub created_at: NaiveDateTime,
}

/// A player's games: waiting for their move (least time left first), waiting for the
/// opponent, and the most recently finished.
#[derive(Debug, Default)]
pub struct MyGames {
    pub my_turn: Vec<GameListing>,
    pub their_turn: Vec<GameListing>,
    pub finished: Vec<GameListing>,
}

/// How many finished games the home page lists.
pub const RECENT_FINISHED: i64 = 10;

pub fn games_of(conn: &mut DbConn, user: UserId) -> Result<MyGames, GameError> {
    let mut out = active_of(conn, user)?;
    out.finished = finished_of(conn, user, Walk::Newest, RECENT_FINISHED)?;
    Ok(out)
}

/// `user`'s games in progress (`finished` left empty), each list by deadline.
pub fn active_of(conn: &mut DbConn, user: UserId) -> Result<MyGames, GameError> {
    let mut active = Vec::new();
    // One query a side: each is a range of its own index (an OR would read them unordered).
    for white in [true, false] {
        let q = games::table
            .inner_join(preset_versions::table.inner_join(presets::table))
            .filter(games::status.eq(GameStatus::Active))
            .select((GameRow::as_select(), presets::name))
            .into_boxed::<crate::db::MultiBackend>();
        let q = if white {
            q.filter(games::white_id.eq(user))
        } else {
            q.filter(games::black_id.eq(user))
        };
        active.extend(q.load::<(GameRow, String)>(conn)?);
    }
    let mut out = MyGames::default();
    for l in to_listings(conn, active, user)? {
        if l.my_turn {
            out.my_turn.push(l);
        } else {
            out.their_turn.push(l);
        }
    }
    // Untimed games (no deadline) after the timed ones.
    let by_deadline = |a: &GameListing, b: &GameListing| match (a.deadline_at, b.deadline_at) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.id.cmp(&b.id),
    };
    out.my_turn.sort_by(by_deadline);
    out.their_turn.sort_by(by_deadline);
    Ok(out)
}

/// The `limit` most recently started of `user`'s games in progress, newest first, and how
/// many they play in all: what a profile shows of a player with hundreds of games at once.
/// Each side is a backward range of its `(player, status, finished_at, id)` index.
pub fn recent_active_of(
    conn: &mut DbConn,
    user: UserId,
    limit: i64,
) -> Result<(Vec<GameListing>, usize), GameError> {
    let mut rows: Vec<(GameRow, String)> = Vec::new();
    for white in [true, false] {
        let q = games::table
            .inner_join(preset_versions::table.inner_join(presets::table))
            .filter(games::status.eq(GameStatus::Active))
            .filter(games::finished_at.is_null())
            .order(games::id.desc())
            .limit(limit)
            .select((GameRow::as_select(), presets::name))
            .into_boxed::<crate::db::MultiBackend>();
        let q = if white {
            q.filter(games::white_id.eq(user))
        } else {
            q.filter(games::black_id.eq(user))
        };
        rows.extend(q.load::<(GameRow, String)>(conn)?);
    }
    rows.sort_by_key(|(g, _)| std::cmp::Reverse(g.id));
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    let total = active_ids_of(conn, user)?.len();
    Ok((to_listings(conn, rows, user)?, total))
}

/// A place in a player's finished games: the end time and id of a game there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FinishedCursor {
    pub finished_at: NaiveDateTime,
    pub id: GameId,
}

impl FinishedCursor {
    pub fn of(listing: &GameListing) -> Option<FinishedCursor> {
        Some(FinishedCursor {
            finished_at: listing.finished_at?,
            id: listing.id,
        })
    }

    /// Reads `to_param`'s form, `<microseconds since 1970>_<id>`; `None` for anything else.
    pub fn parse(text: &str) -> Option<FinishedCursor> {
        let (micros, id) = text.trim().split_once('_')?;
        Some(FinishedCursor {
            finished_at: chrono::DateTime::from_timestamp_micros(micros.parse().ok()?)?.naive_utc(),
            id: GameId(id.parse().ok()?),
        })
    }

    pub fn to_param(self) -> String {
        format!(
            "{}_{}",
            self.finished_at.and_utc().timestamp_micros(),
            self.id.get()
        )
    }
}

/// Which finished games: the newest, those older than a cursor, or those newer than one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    Newest,
    Older(FinishedCursor),
    Newer(FinishedCursor),
}

/// `limit` of `user`'s finished games from `walk`, newest first. Each side is read as an
/// ordered range of its index from the cursor and the two are merged, so any page costs what
/// the first costs, whatever the player's number of games.
pub fn finished_of(
    conn: &mut DbConn,
    user: UserId,
    walk: Walk,
    limit: i64,
) -> Result<Vec<GameListing>, GameError> {
    let mut rows: Vec<(GameRow, String)> = Vec::new();
    for white in [true, false] {
        let mut q = games::table
            .inner_join(preset_versions::table.inner_join(presets::table))
            .filter(games::status.eq(GameStatus::Finished))
            .filter(games::imported.eq(false))
            .select((GameRow::as_select(), presets::name))
            .limit(limit)
            .into_boxed::<crate::db::MultiBackend>();
        q = if white {
            q.filter(games::white_id.eq(user))
        } else {
            q.filter(games::black_id.eq(user))
        };
        // `finished_at <= c` starts the index range at the cursor; the OR breaks ties.
        q = match walk {
            Walk::Newest => q.order((games::finished_at.desc(), games::id.desc())),
            Walk::Older(c) => q
                .filter(games::finished_at.le(c.finished_at))
                .filter(games::finished_at.lt(c.finished_at).or(games::id.lt(c.id)))
                .order((games::finished_at.desc(), games::id.desc())),
            Walk::Newer(c) => q
                .filter(games::finished_at.ge(c.finished_at))
                .filter(games::finished_at.gt(c.finished_at).or(games::id.gt(c.id)))
                .order((games::finished_at.asc(), games::id.asc())),
        };
        rows.extend(q.load::<(GameRow, String)>(conn)?);
    }
    rows.sort_by_key(|(g, _)| std::cmp::Reverse((g.finished_at, g.id)));
    if let Walk::Newer(_) = walk {
        // The `limit` nearest the cursor, still newest first.
        let skip = rows
            .len()
            .saturating_sub(usize::try_from(limit).unwrap_or(0));
        rows.drain(..skip);
    } else {
        rows.truncate(usize::try_from(limit).unwrap_or(0));
    }
    to_listings(conn, rows, user)
}

fn to_listings(
    conn: &mut DbConn,
    rows: Vec<(GameRow, String)>,
    user: UserId,
) -> Result<Vec<GameListing>, GameError> {
    let ids: Vec<UserId> = rows
        .iter()
        .flat_map(|(g, _)| [g.white_id, g.black_id])
        .collect();
    let names = crate::accounts::usernames(conn, &ids)?;
    let bots = crate::accounts::bots::among(conn, &ids)?;
    let name = |id: UserId| names.get(&id).cloned().unwrap_or_default();
    Ok(rows
        .into_iter()
        .map(|(g, variant)| GameListing {
            id: g.id,
            variant,
            white: g.player_name(&name(g.white_id)),
            black: g.player_name(&name(g.black_id)),
            opponent: g.player_name(&name(g.opponent_of(user))),
            opponent_is_bot: bots.contains(&g.opponent_of(user)),
            my_turn: g.is_active() && g.player_to_move() == user,
            ply: g.ply,
            deadline_at: g.deadline_at,
            result: g.result,
            result_reason: g.result_reason,
            finished_at: g.finished_at,
            status: g.status,
            created_at: g.created_at,
        })
        .collect())
}

/// `user`'s most recently started games (imported ones left out), newest first. Games get
/// their ids as they start, so each side is a range of its `(player, id)` index.
pub fn recently_started(
    conn: &mut DbConn,
    user: UserId,
    limit: i64,
) -> Result<Vec<GameListing>, GameError> {
    let mut rows: Vec<(GameRow, String)> = Vec::new();
    for white in [true, false] {
        let q = games::table
            .inner_join(preset_versions::table.inner_join(presets::table))
            .filter(games::imported.eq(false))
            .order(games::id.desc())
            .limit(limit)
            .select((GameRow::as_select(), presets::name))
            .into_boxed::<crate::db::MultiBackend>();
        let q = if white {
            q.filter(games::white_id.eq(user))
        } else {
            q.filter(games::black_id.eq(user))
        };
        rows.extend(q.load::<(GameRow, String)>(conn)?);
    }
    rows.sort_by_key(|(g, _)| std::cmp::Reverse(g.id));
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    to_listings(conn, rows, user)
}

/// Finished games between two players, from the first one's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// `me`'s record against `them` in the games they finished together (imported ones left
/// out; abandoned games, with no result, count as neither).
pub fn head_to_head(conn: &mut DbConn, me: UserId, them: UserId) -> Result<Record, GameError> {
    // Counted in the database, a colour and result at a time: a few rows, however many games.
    let rows: Vec<(UserId, Option<GameResult>, i64)> = games::table
        .filter(
            (games::white_id.eq(me).and(games::black_id.eq(them)))
                .or(games::white_id.eq(them).and(games::black_id.eq(me))),
        )
        .filter(games::status.eq(GameStatus::Finished))
        .filter(games::imported.eq(false))
        .group_by((games::white_id, games::result))
        .select((games::white_id, games::result, diesel::dsl::count_star()))
        .load(conn)?;
    let mut record = Record::default();
    for (white, result, count) in rows {
        match (result, white == me) {
            (Some(GameResult::Draw), _) => record.draws += count,
            (Some(GameResult::WhiteWins), true) | (Some(GameResult::BlackWins), false) => {
                record.wins += count
            }
            (Some(_), _) => record.losses += count,
            (None, _) => {}
        }
    }
    Ok(record)
}

/// The ids of the games `user` plays that are still in progress, in order.
pub fn active_ids_of(conn: &mut DbConn, user: UserId) -> Result<Vec<GameId>, GameError> {
    // A side at a time, each a range of its index (with an OR, SQLite would walk the table
    // in id order to spare a sort).
    let mut ids: Vec<GameId> = games::table
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::white_id.eq(user))
        .select(games::id)
        .load(conn)?;
    ids.extend(
        games::table
            .filter(games::status.eq(GameStatus::Active))
            .filter(games::black_id.eq(user))
            .select(games::id)
            .load::<GameId>(conn)?,
    );
    ids.sort();
    Ok(ids)
}

/// A challenge in a list.
#[derive(Debug, Clone)]
pub struct ChallengeListing {
    pub id: ChallengeId,
    pub author: String,
    pub author_id: UserId,
    /// The author is a bot.
    pub author_is_bot: bool,
    pub opponent: Option<String>,
    pub variant: String,
    pub author_color: ColorChoice,
    pub days_per_move: Option<i64>,
    /// "3 days per move", "7 days + 1 day per move", "untimed", with "no vacation".
    pub time_control: String,
    pub message: String,
    pub created_at: NaiveDateTime,
    /// A rated challenge's variant and the author's rating there (`None` before their
    /// first rated game in it).
    pub rated: Option<(String, Option<RatingRow>)>,
    /// An open rated challenge's rating range.
    pub rating_range: (Option<i64>, Option<i64>),
}

fn listings(
    conn: &mut DbConn,
    rows: Vec<(ChallengeRow, String)>,
) -> Result<Vec<ChallengeListing>, GameError> {
    let ids: Vec<UserId> = rows
        .iter()
        .flat_map(|(c, _)| std::iter::once(c.author_id).chain(c.opponent_id))
        .collect();
    let names = crate::accounts::usernames(conn, &ids)?;
    let bots = crate::accounts::bots::among(conn, &ids)?;
    let rated_authors: Vec<UserId> = rows
        .iter()
        .filter(|(c, _)| c.rated_variant.is_some())
        .map(|(c, _)| c.author_id)
        .collect();
    let ratings = crate::ratings::of_users(conn, &rated_authors)?;
    Ok(rows
        .into_iter()
        .map(|(c, variant)| ChallengeListing {
            rated: c.rated_variant.clone().map(|v| {
                let row = ratings
                    .iter()
                    .find(|r| r.user_id == c.author_id && r.variant == v)
                    .cloned();
                (v, row)
            }),
            rating_range: (c.rating_min, c.rating_max),
            id: c.id,
            author: names.get(&c.author_id).cloned().unwrap_or_default(),
            author_id: c.author_id,
            author_is_bot: bots.contains(&c.author_id),
            opponent: c.opponent_id.and_then(|o| names.get(&o).cloned()),
            variant,
            time_control: c.describe_terms(&crate::i18n::Lang::default()),
            author_color: c.author_color,
            days_per_move: c.days_per_move,
            message: c.message,
            created_at: c.created_at,
        })
        .collect())
}

/// How many open challenges the lobby lists.
pub const OPEN_PAGE: i64 = 50;

/// Challenges open to anyone, newest first.
pub fn open_challenges(
    conn: &mut DbConn,
    before: Option<ChallengeId>,
) -> Result<OpenPage, GameError> {
    let mut query = challenges::table
        .inner_join(preset_versions::table.inner_join(presets::table))
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .filter(challenges::opponent_id.is_null())
        .into_boxed();
    if let Some(before) = before {
        query = query.filter(challenges::id.lt(before));
    }
    let mut rows: Vec<(ChallengeRow, String)> = query
        .order(challenges::id.desc())
        .limit(OPEN_PAGE + 1)
        .select((ChallengeRow::as_select(), presets::name))
        .load(conn)?;
    let more = rows.len() > OPEN_PAGE as usize;
    rows.truncate(OPEN_PAGE as usize);
    let older = more.then(|| rows.last().map(|(c, _)| c.id)).flatten();
    Ok(OpenPage {
        challenges: listings(conn, rows)?,
        older,
    })
}

/// A page of the challenges open to anyone, newest first.
#[derive(Debug, Default)]
pub struct OpenPage {
    pub challenges: Vec<ChallengeListing>,
    /// Where the next (older) page starts, when there is one: pass it as `before`.
    pub older: Option<ChallengeId>,
}

/// A player's open challenges: (invitations to them, their own).
pub fn challenges_of(
    conn: &mut DbConn,
    user: UserId,
) -> Result<(Vec<ChallengeListing>, Vec<ChallengeListing>), GameError> {
    let incoming: Vec<(ChallengeRow, String)> = challenges::table
        .inner_join(preset_versions::table.inner_join(presets::table))
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .filter(challenges::opponent_id.eq(user))
        .order(challenges::created_at.desc())
        .select((ChallengeRow::as_select(), presets::name))
        .load(conn)?;
    let outgoing: Vec<(ChallengeRow, String)> = challenges::table
        .inner_join(preset_versions::table.inner_join(presets::table))
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .filter(challenges::author_id.eq(user))
        .order(challenges::created_at.desc())
        .select((ChallengeRow::as_select(), presets::name))
        .load(conn)?;
    Ok((listings(conn, incoming)?, listings(conn, outgoing)?))
}

/// How long a declined challenge stays on its author's lobby.
pub const DECLINED_SHOWN_DAYS: i64 = 7;

/// `user`'s challenges declined in the last [`DECLINED_SHOWN_DAYS`], newest first.
pub fn declined_of(
    conn: &mut DbConn,
    user: UserId,
    now: chrono::NaiveDateTime,
) -> Result<Vec<ChallengeListing>, GameError> {
    let rows: Vec<(ChallengeRow, String)> = challenges::table
        .inner_join(preset_versions::table.inner_join(presets::table))
        .filter(challenges::status.eq(ChallengeStatus::Declined))
        .filter(challenges::author_id.eq(user))
        .filter(challenges::resolved_at.gt(now - chrono::Duration::days(DECLINED_SHOWN_DAYS)))
        .order(challenges::resolved_at.desc())
        .limit(20)
        .select((ChallengeRow::as_select(), presets::name))
        .load(conn)?;
    listings(conn, rows)
}

/// The moves of a game in standard algebraic notation, replayed from its start.
pub fn san_moves(data: &GameData) -> Result<Vec<String>, GameError> {
    san_of(
        &data.rules.variant,
        &data.game.start_fen,
        data.moves.iter().map(|m| m.row.compact.as_str()),
    )
    .map_err(|what| GameError::Corrupt(format!("game {}: {what}", data.game.id)))
}

/// The SAN of a game's moves, replayed from `start_fen` by their compact texts; the error
/// names the move that does not replay.
pub fn san_of<'a>(
    variant: &plypost_rules::Variant,
    start_fen: &str,
    compacts: impl Iterator<Item = &'a str>,
) -> Result<Vec<String>, String> {
    let mut position =
        Position::from_fen(variant, start_fen).map_err(|e| format!("start FEN: {e}"))?;
    let mut out = Vec::new();
    for (i, compact) in compacts.enumerate() {
        let mv = position
            .parse_move(compact)
            .map_err(|e| format!("move {} ({compact}): {e}", i + 1))?;
        out.push(position.move_san(&mv));
        position = position.play_unchecked(&mv);
    }
    Ok(out)
}
