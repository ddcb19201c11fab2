//! What the bot API (Lichess's, served by `web::lichess`) reads of games and challenges:
//! ids as that API spells them, a game as its streams describe it, a player's games in
//! progress and waiting challenges. Bot accounts themselves are `accounts::bots`.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::accounts::User;
use crate::db::schema::{challenges, games, preset_versions, presets, users};
use crate::db::{DbConn, UserId};
use crate::domain::{ChallengeStatus, GameStatus};
use crate::games::model::{ChallengeId, ChallengeRow, GameId, GameRow};
use crate::games::move_log::MoveLogCache;
use crate::games::GameError;
use crate::presets::model::PresetVersionRow;
use crate::ratings::RatingRow;

/// A game or challenge id as the bot API spells it. A game started from a challenge carries
/// that challenge's id (bots count their games by the challenge they accepted, as on
/// Lichess); other games (tournament pairings) are `g` and their number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiId {
    Challenge(ChallengeId),
    Game(GameId),
}

impl ApiId {
    pub fn parse(text: &str) -> Option<ApiId> {
        let digits = |t: &str| {
            (!t.is_empty() && t.len() <= 18 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<i64>().ok())
                .flatten()
        };
        if let Some(rest) = text.strip_prefix('g') {
            return digits(rest).map(|n| ApiId::Game(GameId(n)));
        }
        digits(text).map(|n| ApiId::Challenge(ChallengeId(n)))
    }

    pub fn of_game(game: &GameRow) -> ApiId {
        match game.challenge_id {
            Some(c) => ApiId::Challenge(c),
            None => ApiId::Game(game.id),
        }
    }
}

impl std::fmt::Display for ApiId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiId::Challenge(c) => write!(f, "{}", c.get()),
            ApiId::Game(g) => write!(f, "g{}", g.get()),
        }
    }
}

/// The game an API id names.
pub fn game_of(conn: &mut DbConn, id: ApiId) -> Result<GameRow, GameError> {
    let found = match id {
        ApiId::Game(g) => return GameRow::load(conn, g),
        ApiId::Challenge(c) => games::table
            .filter(games::challenge_id.eq(c))
            .select(games::id)
            .first::<GameId>(conn)
            .optional()?,
    };
    GameRow::load(conn, found.ok_or(GameError::NotFound)?)
}

/// The variant of a game or challenge as the bot API names it: Lichess's `standard` for
/// chess from its normal start and `fromPosition` from another; a built-in variant's name
/// (`shako`, `terachess2`); a custom preset's slug, with its page.
#[derive(Debug, Clone)]
pub struct ApiVariant {
    pub key: String,
    pub name: String,
    /// A custom preset: where its definition is shown.
    pub definition_path: Option<String>,
}

fn api_variant(version: &PresetVersionRow, slug: &str, name: &str, start_fen: &str) -> ApiVariant {
    match crate::presets::builtin_variant_of(&version.definition_hash) {
        Some("chess") if start_fen == version.setup_fen => ApiVariant {
            key: "standard".into(),
            name: "Standard".into(),
            definition_path: None,
        },
        Some("chess") => ApiVariant {
            key: "fromPosition".into(),
            name: "From Position".into(),
            definition_path: None,
        },
        Some(builtin) => ApiVariant {
            key: builtin.to_owned(),
            name: plypost_rules::Variant::builtin(builtin)
                .map(|v| v.display_name().to_owned())
                .unwrap_or_else(|_| name.to_owned()),
            definition_path: None,
        },
        None => ApiVariant {
            key: slug.to_owned(),
            name: name.to_owned(),
            definition_path: Some(format!("/presets/{slug}")),
        },
    }
}

/// A player as the bot API shows them.
#[derive(Debug, Clone)]
pub struct ApiPlayer {
    pub user: User,
    /// Their rating in the game's variant (1500 before their first rated game there).
    pub rating: i64,
    pub provisional: bool,
}

/// A game as the bot API's streams describe it.
#[derive(Debug, Clone)]
pub struct BotGame {
    pub game: GameRow,
    pub api_id: ApiId,
    pub variant: ApiVariant,
    pub white: ApiPlayer,
    pub black: ApiPlayer,
    /// `None`: the variant's normal start (`startpos`).
    pub initial_fen: Option<String>,
    /// Every move in UCI, as Fairy-Stockfish writes them.
    pub moves: Vec<String>,
}

impl BotGame {
    /// The side `user` plays (`true`: White).
    pub fn plays_white(&self, user: UserId) -> bool {
        self.game.white_id == user
    }

    pub fn opponent_of(&self, user: UserId) -> &ApiPlayer {
        if self.plays_white(user) {
            &self.black
        } else {
            &self.white
        }
    }
}

/// A stored move's compact text in UCI: the same squares and promotion letter, except that a
/// promotion to a promoted form (`+r`) is written `+` alone, as Fairy-Stockfish does.
pub fn compact_to_uci(compact: &str) -> String {
    match compact.find('+') {
        Some(at) => compact[..=at].to_owned(),
        None => compact.to_owned(),
    }
}

/// Game `id` for the bot API.
pub fn bot_game(conn: &mut DbConn, log: &MoveLogCache, id: GameId) -> Result<BotGame, GameError> {
    let crate::games::players::GameWithPlayers {
        game,
        version,
        preset: (slug, name, _),
        players,
    } = crate::games::players::game_with_players(conn, id)?;
    let variant = api_variant(&version, &slug, &name, &game.start_fen);
    let moves = log
        .moves_of(conn, &game)?
        .iter()
        .map(|m| compact_to_uci(&m.row.compact))
        .collect();
    let rating_key = game.rated_variant.clone().or_else(|| {
        crate::presets::builtin_variant_of(&version.definition_hash).map(str::to_owned)
    });
    let rows = crate::ratings::of_users(conn, &[game.white_id, game.black_id])?;
    let player = |user: User| {
        let row: Option<&RatingRow> = rows
            .iter()
            .find(|r| r.user_id == user.id && Some(&r.variant) == rating_key.as_ref());
        ApiPlayer {
            rating: row.map_or(1500, |r| r.rating.round() as i64),
            provisional: row
                .is_none_or(|r| r.deviation >= crate::ratings::LEADERBOARD_DEVIATION_BELOW),
            user,
        }
    };
    let initial_fen = (game.start_fen != version.setup_fen || variant.key == "fromPosition")
        .then(|| game.start_fen.clone());
    Ok(BotGame {
        api_id: ApiId::of_game(&game),
        white: player(players.white.user),
        black: player(players.black.user),
        variant,
        initial_fen,
        moves,
        game,
    })
}

/// What changes a game's stream: its ply, status, offers, takebacks and chat. Read first
/// (one row by key) to decide whether the whole game must be read again.
pub fn game_version(conn: &mut DbConn, id: GameId) -> Result<GameVersion, GameError> {
    games::table
        .find(id)
        .select((
            games::ply,
            games::status,
            games::draw_offer_by,
            games::takeback_by,
            games::takebacks,
            games::messages,
        ))
        .first::<GameVersion>(conn)
        .optional()?
        .ok_or(GameError::NotFound)
}

pub type GameVersion = (i64, GameStatus, Option<UserId>, Option<UserId>, i64, i64);

/// The ids of `user`'s games in progress, and of the challenges they wait on (made to them,
/// made by them to someone), for the event stream to compare with what it sent.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Pending {
    pub games: Vec<GameId>,
    pub challenges: Vec<ChallengeId>,
}

pub fn pending_of(conn: &mut DbConn, user: UserId) -> Result<Pending, GameError> {
    let games = crate::games::query::active_ids_of(conn, user)?;
    let mut challenges: Vec<ChallengeId> = challenges::table
        .filter(challenges::status.eq(ChallengeStatus::Open))
        .filter(challenges::opponent_id.eq(user))
        .select(challenges::id)
        .load(conn)?;
    challenges.extend(
        challenges::table
            .filter(challenges::status.eq(ChallengeStatus::Open))
            .filter(challenges::author_id.eq(user))
            .filter(challenges::opponent_id.is_not_null())
            .select(challenges::id)
            .load::<ChallengeId>(conn)?,
    );
    challenges.sort();
    Ok(Pending { games, challenges })
}

/// Every bot (by name) with the names of the presets it has played (bots are few; each
/// reads its games' presets).
pub fn listing(conn: &mut DbConn) -> Result<Vec<(User, Vec<String>)>, GameError> {
    let bots = crate::accounts::bots::all(conn).map_err(GameError::from)?;
    let mut out = Vec::with_capacity(bots.len());
    for bot in bots {
        let mut names: Vec<String> = games::table
            .inner_join(preset_versions::table.inner_join(presets::table))
            .filter(games::white_id.eq(bot.id).or(games::black_id.eq(bot.id)))
            .select(presets::name)
            .distinct()
            .load(conn)?;
        names.sort();
        out.push((bot, names));
    }
    Ok(out)
}

/// A challenge as the bot API shows it.
#[derive(Debug, Clone)]
pub struct BotChallenge {
    pub row: ChallengeRow,
    pub author: ApiPlayer,
    pub opponent: Option<ApiPlayer>,
    pub variant: ApiVariant,
    /// The setup when it is not the variant's normal start.
    pub initial_fen: Option<String>,
}

pub fn bot_challenge(conn: &mut DbConn, id: ChallengeId) -> Result<BotChallenge, GameError> {
    let row = crate::challenges::load(conn, id)?;
    let (version, slug, name): (PresetVersionRow, String, String) = preset_versions::table
        .inner_join(presets::table)
        .filter(preset_versions::id.eq(row.preset_version_id))
        .select((PresetVersionRow::as_select(), presets::slug, presets::name))
        .first(conn)?;
    let variant = api_variant(&version, &slug, &name, &version.setup_fen);
    let rating_key = row.rated_variant.clone().or_else(|| {
        crate::presets::builtin_variant_of(&version.definition_hash).map(str::to_owned)
    });
    let ids: Vec<UserId> = std::iter::once(row.author_id)
        .chain(row.opponent_id)
        .collect();
    let people: Vec<User> = users::table
        .filter(users::id.eq_any(&ids))
        .select(User::as_select())
        .load(conn)?;
    let rows = crate::ratings::of_users(conn, &ids)?;
    let player = |id: UserId| -> Option<ApiPlayer> {
        let user = people.iter().find(|u| u.id == id)?.clone();
        let row = rows
            .iter()
            .find(|r| r.user_id == id && Some(&r.variant) == rating_key.as_ref());
        Some(ApiPlayer {
            rating: row.map_or(1500, |r| r.rating.round() as i64),
            provisional: row
                .is_none_or(|r| r.deviation >= crate::ratings::LEADERBOARD_DEVIATION_BELOW),
            user,
        })
    };
    let author = player(row.author_id).ok_or(GameError::ChallengeNotFound)?;
    let opponent = row.opponent_id.and_then(player);
    Ok(BotChallenge {
        author,
        opponent,
        variant,
        initial_fen: None,
        row,
    })
}

/// Milliseconds `game` leaves each side (White, Black) at `now`, as a correspondence clock
/// shows them: the player to move has until the deadline, the other a whole move's time.
/// Untimed games: Lichess's "unlimited" (the largest 32-bit number).
pub fn clocks_ms(game: &GameRow, now: NaiveDateTime) -> (i64, i64) {
    const UNLIMITED: i64 = i32::MAX as i64;
    let per_move = game
        .days_per_move
        .map(|d| d * 86_400_000)
        .or(game.reserve_secs.map(|s| s * 1000));
    let to_move = match game.deadline_at {
        Some(deadline) if game.status == GameStatus::Active => {
            (deadline - now).num_milliseconds().max(0)
        }
        _ => per_move.unwrap_or(UNLIMITED),
    };
    let other = |reserve: Option<i64>| reserve.map(|s| s * 1000).or(per_move).unwrap_or(UNLIMITED);
    let white_to_move = game.player_to_move() == game.white_id;
    if white_to_move {
        (to_move, other(game.black_reserve_secs))
    } else {
        (other(game.white_reserve_secs), to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_ids_read_back() {
        for id in [ApiId::Challenge(ChallengeId(17)), ApiId::Game(GameId(5))] {
            assert_eq!(ApiId::parse(&id.to_string()), Some(id));
        }
        for bad in ["", "g", "x1", "1.5", "-3", "g-1", "99999999999999999999"] {
            assert_eq!(ApiId::parse(bad), None, "{bad}");
        }
    }

    /// The compact text of every legal move along random games is its UCI text, in
    /// variants with promotions to letters and to promoted forms.
    #[test]
    fn compact_moves_are_uci() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for name in plypost_rules::Variant::builtin_names() {
            let variant = plypost_rules::Variant::builtin(name).unwrap();
            let mut pos = plypost_rules::Position::from_fen(&variant, variant.start_fen()).unwrap();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    assert_eq!(
                        compact_to_uci(&pos.move_compact(mv)),
                        plypost_engine::move_to_uci(&pos, mv),
                        "{name}"
                    );
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                pos = pos.play(&mv).unwrap();
            }
        }
    }
}
