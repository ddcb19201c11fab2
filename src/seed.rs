//! A realistic archive for the scale benchmarks (`plypost seed`, `bench/scale.sh`):
//! generated players play random legal games of every built-in variant, rated and casual,
//! short and long, over the last three years, and the most recent ones are still in progress.
//! Games are written by the services a played game goes through (`games::create`,
//! `games::record`, and `play::end` for every ending, which rates them), so lists, profiles
//! and leaderboards see them as played games. Players are registered with unconfirmed
//! addresses, so nothing is mailed.
//!
//! Games are worked out by the rules engine once per variant (a pool of random games) and
//! replayed from it, so that seeding costs database writes, not move generation.

use chrono::{Duration, NaiveDateTime};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::accounts::{users, AccountError};
use crate::clock::{Clock, TestClock};
use crate::config::Config;
use crate::db::{Db, DbConn, UserId};
use crate::domain::{engine_outcome, EndReason, GameResult, Side};
use crate::games::create::{self, GameSpec};
use crate::games::model::{GameRow, NewMove};
use crate::games::{record, GameError};
use crate::play::end::{end, Ending};
use crate::presets::{self, model::PresetVersionRow, PresetError};
use crate::time_control::TimeControl;
use crate::tournaments::{self, form::NewTournament};
use plypost_rules::{Game, Outcome, Position, Variant};

/// Seeded players are named `seed-00001`, …; a database with other players is refused.
const PLAYER_PREFIX: &str = "seed-";
const PLAYER_PASSWORD: &str = "seed-password-not-secret";
/// Random games worked out per variant, and their longest.
const POOL_GAMES: usize = 24;
const POOL_MAX_PLIES: usize = 250;
/// Games written per transaction.
const BATCH: u64 = 200;
/// The archive spans this many days up to now; games started in its last hundredth are
/// still being played.
const SPAN_DAYS: i64 = 3 * 365;

#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Games to add.
    pub games: u64,
    /// Players in all (registered as needed).
    pub players: u32,
    /// Round-robin tournaments to add (four to six players each).
    pub events: u64,
    /// Seed of the random choices: the same plan on the same database gives the same games.
    pub seed: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("{0}")]
    Refused(String),
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Preset(#[from] PresetError),
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

/// A move of a pool game, as a played move stores it.
struct PoolMove {
    text: String,
    compact: String,
    fen_after: String,
}

/// A random game: its moves, and the rules' verdict after the last one, if any.
struct PoolGame {
    moves: Vec<PoolMove>,
    outcome: Option<Outcome>,
}

struct VariantPool {
    /// The variant, also its built-in preset's slug.
    name: &'static str,
    version: PresetVersionRow,
    rated: Option<String>,
    start_fen: String,
    start: Position,
    games: Vec<PoolGame>,
}

/// Adds `plan.games` games; `progress` is told how many are written after every batch.
pub fn run(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    plan: Plan,
    mut progress: impl FnMut(u64),
) -> Result<(), SeedError> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let players = ensure_players(db, clock, config, plan.players)?;
    let pools = variant_pools(db, clock, &mut rng)?;
    let now = clock.now_db();
    let first = now - Duration::days(SPAN_DAYS);
    let mut written = 0;
    while written < plan.games {
        let count = BATCH.min(plan.games - written);
        db.write(|conn| -> Result<(), SeedError> {
            for i in written..written + count {
                // Games start evenly over the span, in id order.
                let start =
                    first + Duration::seconds(i as i64 * SPAN_DAYS * 86_400 / plan.games as i64);
                let pool = &pools[rng.gen_range(0..pools.len())];
                let (white, black) = pairing(&mut rng, &players);
                seed_game(
                    conn,
                    clock,
                    config,
                    &mut rng,
                    pool,
                    (white, black),
                    (start, now),
                )?;
            }
            Ok(())
        })?;
        written += count;
        progress(written);
    }
    let events = plan.events;
    for k in 0..events {
        // Spread over the span like the games, each with a clock of its own: the event starts,
        // and its games end, at their own times.
        let at = first + Duration::seconds(k as i64 * SPAN_DAYS * 86_400 / events as i64);
        let event_clock = TestClock::new(at.and_utc());
        seed_event(db, &event_clock, config, &mut rng, (&players, &pools), now)?;
    }
    Ok(())
}

/// A round-robin event, organised, joined (it starts when full) and played out through the
/// tournament services; its games end at their own times, by `clock`.
fn seed_event(
    db: &mut Db,
    clock: &TestClock,
    config: &Config,
    rng: &mut StdRng,
    (players, pools): (&[UserId], &[VariantPool]),
    now: NaiveDateTime,
) -> Result<(), SeedError> {
    let size = rng.gen_range(4..=6);
    let pool = &pools[rng.gen_range(0..pools.len())];
    let entrants: Vec<UserId> = rand::seq::index::sample(rng, players.len(), size)
        .into_iter()
        .map(|i| players[i])
        .collect();
    let organiser = users::find(db, entrants[0])?
        .ok_or_else(|| SeedError::Refused("a seeded player vanished".into()))?;
    let mut form = NewTournament::round_robin(
        &format!("{} cup {}", pool.name, rng.gen_range(1..1_000_000)),
        pool.name,
        size as i64,
    );
    form.rated = rng.gen_bool(0.5) && pool.rated.is_some();
    form.min_players = Some(size as i64);
    let id = tournaments::form::create(db, clock, &organiser, &form)?;
    for player in &entrants {
        tournaments::entry::join(db, clock, config, *player, id)?;
    }
    let start = clock.now_db();
    if now - start < Duration::days(SPAN_DAYS / 100) {
        // Recent: still being played.
        return Ok(());
    }
    // Every game at once; each ends by `clock`, set to the end of the one before.
    let games = tournaments::rounds::games_of(db, id)?;
    for game in games {
        db.write(|conn| -> Result<(), SeedError> {
            let row = GameRow::load(conn, game.id)?;
            if !row.is_active() {
                return Ok(());
            }
            play_out(conn, clock, config, rng, pool, row, (start, now))
        })?;
    }
    Ok(())
}

/// The seeded players' ids, registering the missing ones; refuses a database with anyone else
/// in it (the seeder is for benchmark databases only).
fn ensure_players(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    count: u32,
) -> Result<Vec<UserId>, SeedError> {
    let others = users::names_without_prefix(db, PLAYER_PREFIX)?;
    if let Some(name) = others.first() {
        return Err(SeedError::Refused(format!(
            "the database has players of its own ({name}, …): seed an empty benchmark database"
        )));
    }
    // Nothing is mailed: the addresses stay unconfirmed.
    let config = Config {
        verify_email: true,
        ..config.clone()
    };
    let mut ids = Vec::with_capacity(count as usize);
    for n in 1..=count {
        let username = format!("{PLAYER_PREFIX}{n:05}");
        let id = match users::find_by_username(db, &username)? {
            Some(user) => user.id,
            None => {
                let form = users::Registration {
                    email: format!("{username}@seed.invalid"),
                    username,
                    password: PLAYER_PASSWORD.to_owned(),
                    language: None,
                };
                users::register(db, clock, &config, &form)?.id
            }
        };
        ids.push(id);
    }
    Ok(ids)
}

/// Two different players; the first players of the list play far more than the last (as on
/// a real site, a few play hundreds of games at once).
fn pairing(rng: &mut StdRng, players: &[UserId]) -> (UserId, UserId) {
    let mut pick = || {
        let u: f64 = rng.gen();
        players[((u * u) * players.len() as f64) as usize % players.len()]
    };
    let white = pick();
    let mut black = pick();
    while black == white {
        black = pick();
    }
    (white, black)
}

fn variant_pools(
    db: &mut Db,
    clock: &dyn Clock,
    rng: &mut StdRng,
) -> Result<Vec<VariantPool>, SeedError> {
    let mut pools = Vec::new();
    for name in Variant::builtin_names() {
        let Some(version) = presets::builtin_version(db, clock, name)? else {
            continue;
        };
        let rules = presets::rules::from_row(db, version.clone())?;
        let start = Position::start(&rules.variant);
        let games = (0..POOL_GAMES)
            .map(|_| random_game(rng, &start, rules.options))
            .collect();
        pools.push(VariantPool {
            name,
            rated: presets::rated_variant(&version).map(str::to_owned),
            start_fen: start.to_fen(),
            start,
            version,
            games,
        });
    }
    Ok(pools)
}

/// Random legal moves from `start` until the rules end the game or [`POOL_MAX_PLIES`].
fn random_game(
    rng: &mut StdRng,
    start: &Position,
    options: plypost_rules::RuleOptions,
) -> PoolGame {
    let mut position = start.clone();
    let mut moves = Vec::new();
    while moves.len() < POOL_MAX_PLIES {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = &legal[rng.gen_range(0..legal.len())];
        let after = position.play_unchecked(mv);
        moves.push(PoolMove {
            text: position.move_text(mv),
            compact: position.move_compact(mv),
            fen_after: after.to_fen(),
        });
        position = after;
        if let Some(outcome) = Game::outcome_at(&position, 1, options) {
            return PoolGame {
                moves,
                outcome: Some(outcome),
            };
        }
    }
    PoolGame {
        moves,
        outcome: None,
    }
}

/// How many plies a game lasts: mostly short, some long, a few very long.
fn length(rng: &mut StdRng) -> usize {
    match rng.gen_range(0..100) {
        0..=79 => rng.gen_range(2..50),
        80..=96 => rng.gen_range(50..120),
        _ => rng.gen_range(120..POOL_MAX_PLIES),
    }
}

/// One game started at `start`, played out.
fn seed_game(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    rng: &mut StdRng,
    pool: &VariantPool,
    players: (UserId, UserId),
    (start, now): (NaiveDateTime, NaiveDateTime),
) -> Result<(), SeedError> {
    let days = [1, 3, 3, 7, 14][rng.gen_range(0..5)];
    let control = TimeControl::DaysPerMove(days);
    let rated = rng.gen_bool(0.5).then_some(pool.rated.as_deref()).flatten();
    let ratings = match rated {
        Some(variant) => Some(create::ratings_at_start(conn, variant, players, start)?),
        None => None,
    };
    let spec = GameSpec {
        preset_version_id: pool.version.id,
        setup: &pool.start_fen,
        setup_name: None,
        start: &pool.start,
        control,
        allow_vacation: true,
        rated_variant: rated,
        ratings,
        challenge_id: None,
        tournament: None,
        computer_level: None,
    };
    let id = create::insert(conn, start, players, &spec)?;
    let row = GameRow::load(conn, id)?;
    play_out(conn, clock, config, rng, pool, row, (start, now))
}

/// Plays the game `before` (just started at `start`) from the pool: its moves, then its end
/// unless it is recent enough to be in progress at `now`.
fn play_out(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    rng: &mut StdRng,
    pool: &VariantPool,
    before: GameRow,
    (start, now): (NaiveDateTime, NaiveDateTime),
) -> Result<(), SeedError> {
    let (id, players) = (before.id, (before.white_id, before.black_id));
    let days = before.days_per_move.unwrap_or(3);
    let control = TimeControl::DaysPerMove(days);
    let game = &pool.games[rng.gen_range(0..pool.games.len())];
    let plies = length(rng).min(game.moves.len());
    let played = &game.moves[..plies];
    // Moves come at most `days` apart, and the last one before now.
    let room = (now - start).num_seconds().max(plies as i64 + 1) / (plies as i64 + 1);
    let gap = room.min(days * 86_400);
    let mut at = start;
    let mut rows = Vec::with_capacity(plies);
    let white_first = pool.start.side_to_move() == plypost_rules::Color::White;
    for (i, mv) in played.iter().enumerate() {
        at += Duration::seconds(rng.gen_range(gap / 4..=gap.max(1)));
        let white_moves = (i % 2 == 0) == white_first;
        rows.push(NewMove {
            game_id: id,
            ply: i as i64 + 1,
            move_text: &mv.text,
            compact: &mv.compact,
            fen_after: &mv.fen_after,
            comment: None,
            played_at: at,
            user_id: if white_moves { players.0 } else { players.1 },
        });
    }
    let mut after = before.clone();
    if let Some(last) = played.last() {
        let side = if plies.is_multiple_of(2) == white_first {
            Side::White
        } else {
            Side::Black
        };
        after.ply = plies as i64;
        after.current_fen = last.fen_after.clone();
        after.side_to_move = side;
        after.last_move_at = Some(at);
        after.deadline_at = control.first_deadline(at);
        record::store_moves(conn, &before, &after, &rows)?;
    }
    let in_progress = now - start < Duration::days(SPAN_DAYS / 100);
    if in_progress && after.deadline_at.is_some_and(|d| d > now) {
        return Ok(());
    }
    let ending = ending_of(rng, &after, game, plies, at);
    end(conn, clock, config, &after, &ending.as_ending())?;
    Ok(())
}

/// How a seeded game ends: the rules' verdict when its moves reach it, else a resignation,
/// a loss on time, an agreed draw or (rarely) abandonment, with the result that follows.
struct SeedEnding {
    result: Option<GameResult>,
    reason: EndReason,
    at: NaiveDateTime,
    by: Option<UserId>,
}

impl SeedEnding {
    fn as_ending(&self) -> Ending<'static> {
        Ending {
            result: self.result,
            reason: self.reason,
            at: self.at,
            by: self.by,
            last_move: None,
            conditional: false,
        }
    }
}

fn ending_of(
    rng: &mut StdRng,
    game: &GameRow,
    pool: &PoolGame,
    plies: usize,
    last_move: NaiveDateTime,
) -> SeedEnding {
    let to_move = game.player_to_move();
    let loses = match game.side_to_move {
        Side::White => GameResult::BlackWins,
        Side::Black => GameResult::WhiteWins,
    };
    if plies == pool.moves.len() {
        if let Some(outcome) = pool.outcome {
            let (result, reason) = engine_outcome(outcome);
            return SeedEnding {
                result: Some(result),
                reason,
                at: last_move,
                by: None,
            };
        }
    }
    let later = last_move + Duration::hours(rng.gen_range(1..48));
    let (result, reason, by) = match rng.gen_range(0..100) {
        0..=54 => (Some(loses), EndReason::Resignation, Some(to_move)),
        55..=74 => (Some(loses), EndReason::Time, None),
        75..=97 => (Some(GameResult::Draw), EndReason::Agreement, Some(to_move)),
        _ => (None, EndReason::Abandoned, None),
    };
    SeedEnding {
        result,
        reason,
        at: later,
        by,
    }
}
