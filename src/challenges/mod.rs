//! Challenges: a player proposes a game (to a named player or to anyone); the game starts
//! when it is accepted. This module owns the `challenges` table.

use diesel::prelude::*;
use plypost_rules::Position;
use rand::Rng;

use crate::accounts::{blocks, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{challenges, preset_versions, users};
use crate::db::{Db, DbConn, UserId};
use crate::domain::{ChallengeStatus, ColorChoice};
use crate::game_mail as mail;
use crate::games::create::{self, ratings_at_start, GameSpec};
use crate::games::model::{ChallengeId, ChallengeRow, GameId, GameRow, NewChallengeRow};
use crate::games::{clean_text, no_such_player, outside_rating_range, GameError};
use crate::i18n::Message;
use crate::presets::model::{PresetId, PresetVersionRow};
use crate::presets::{rules, setups};
use crate::ratings::glicko2::Rating;
use crate::time_control::{TimeControl, MAX_DAYS_PER_MOVE, MIN_DAYS_PER_MOVE};

/// A challenge as its author asked for it: read from the challenge form or the API body at
/// the edge, checked here.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    /// The preset's slug (a built-in preset is named after its variant).
    pub preset: String,
    pub color: ColorChoice,
    /// `None`: days per move as the preset's default has it.
    pub control: Option<TimeControl>,
    pub message: String,
    /// A username; `None`: open to anyone.
    pub opponent: Option<String>,
    /// The clocks stop for vacations (off: tournament style).
    pub allow_vacation: bool,
    /// Asked for a rated game (it is rated only when the preset plays a built-in's rules).
    pub rated: bool,
    /// For an open rated challenge: the lowest and highest rating that may accept.
    pub rating_range: (Option<i64>, Option<i64>),
    /// The start position, when the preset lists several: a setup's name or `random`;
    /// `None`: the default.
    pub setup: Option<String>,
}

impl NewChallenge {
    /// A challenge of `preset` with its defaults: days per move as the preset says, the
    /// author's colour drawn, casual, open to anyone.
    pub fn of(preset: &str) -> Self {
        NewChallenge {
            preset: preset.to_owned(),
            color: ColorChoice::Random,
            control: None,
            message: String::new(),
            opponent: None,
            allow_vacation: true,
            rated: false,
            rating_range: (None, None),
            setup: None,
        }
    }
}

/// The bounds a rating range may use.
pub const RATING_BOUNDS: std::ops::RangeInclusive<i64> = 0..=4000;

/// The rating range of an open rated challenge, checked: `(min, max)`, either open.
fn rating_range(input: &NewChallenge) -> Result<(Option<i64>, Option<i64>), GameError> {
    let (min, max) = input.rating_range;
    for (bound, which) in [(min, "lowest"), (max, "highest")] {
        if bound.is_some_and(|b| !RATING_BOUNDS.contains(&b)) {
            return Err(GameError::Invalid(
                Message::new("error-game-rating-bound")
                    .arg("which", which)
                    .arg("min", *RATING_BOUNDS.start())
                    .arg("max", *RATING_BOUNDS.end()),
            ));
        }
    }
    if min.is_none() && max.is_none() {
        return Ok((None, None));
    }
    if input.opponent.is_some() || !input.rated {
        return Err(GameError::Invalid(Message::new(
            "error-game-rating-range-open-rated",
        )));
    }
    if let (Some(lo), Some(hi)) = (min, max) {
        if lo > hi {
            return Err(GameError::Invalid(Message::new(
                "error-game-rating-range-order",
            )));
        }
    }
    Ok((min, max))
}

/// Creates a challenge by `author`; mails the invited player, if any.
pub fn create(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    author: &User,
    input: &NewChallenge,
) -> Result<ChallengeId, GameError> {
    if author.suspended_at.is_some() {
        return Err(GameError::Forbidden(Message::new(
            "error-game-suspended-challenges",
        )));
    }
    if input.control == Some(TimeControl::Untimed) && input.opponent.is_none() {
        return Err(GameError::Invalid(Message::new(
            "error-game-untimed-needs-opponent",
        )));
    }
    let message = clean_text(&input.message, "message")?.unwrap_or_default();
    let (rating_min, rating_max) = rating_range(input)?;
    let opponent_name = input.opponent.as_deref().map(str::trim).unwrap_or_default();
    db.write(|conn| {
        let waiting: i64 = challenges::table
            .filter(challenges::author_id.eq(author.id))
            .filter(challenges::status.eq(ChallengeStatus::Open))
            .count()
            .get_result(conn)?;
        if waiting >= config.max_open_challenges {
            return Err(GameError::Invalid(
                Message::new("error-game-too-many-open-challenges").arg("count", waiting),
            ));
        }
        let opponent = find_opponent(conn, author, opponent_name)?;
        check_bots(config, author, opponent.as_ref(), input.rated)?;
        let (id, version) = insert_checked(
            conn,
            clock,
            author,
            input,
            opponent.as_ref().map(|u| u.id),
            (rating_min, rating_max, &message),
        )?;
        if let Some(opponent) = &opponent {
            let row = load(conn, id)?;
            let rules = rules::load(conn, version)?;
            mail::invitation(conn, clock, config, &row, author, opponent, &rules.variant)?;
        }
        Ok(id)
    })
}

/// A game against the computer at `level` (1..=8), started at once: the challenge is
/// stored as made to the computer's reserved account and accepted by it in the same
/// write. Never rated: `rated` is refused. Returns the challenge and the game.
pub fn against_computer(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    author: &User,
    input: &NewChallenge,
    level: i64,
) -> Result<(ChallengeId, GameId), GameError> {
    if author.suspended_at.is_some() {
        return Err(GameError::Forbidden(Message::new(
            "error-game-suspended-games",
        )));
    }
    if !(1..=8).contains(&level) {
        return Err(GameError::Invalid(Message::new(
            "error-game-computer-level",
        )));
    }
    if input.rated {
        return Err(GameError::Invalid(Message::new(
            "error-game-computer-unrated",
        )));
    }
    let message = clean_text(&input.message, "message")?.unwrap_or_default();
    db.write(|conn| {
        let computer = crate::accounts::users::computer_user(conn, clock).map_err(|e| match e {
            crate::accounts::AccountError::Db(db) => GameError::Db(db),
            other => GameError::Corrupt(format!("the computer's account: {other}")),
        })?;
        let (id, _) = insert_checked(
            conn,
            clock,
            author,
            input,
            Some(computer),
            (None, None, &message),
        )?;
        let game = accept_in(conn, clock, config, computer, id, Some(level))?;
        Ok((id, game))
    })
}

/// Stores an open challenge by `author` to `opponent` (`None`: anyone) after checking the
/// preset, the setup and the time control; `extra` is the checked rating range and
/// message. Returns the challenge and the preset version it pins.
fn insert_checked(
    conn: &mut DbConn,
    clock: &dyn Clock,
    author: &User,
    input: &NewChallenge,
    opponent: Option<UserId>,
    (rating_min, rating_max, message): (Option<i64>, Option<i64>, &str),
) -> Result<(ChallengeId, crate::games::PresetVersionId), GameError> {
    let variant_name = input.preset.trim();
    // A built-in variant's name is also the slug of its built-in preset; anything else
    // is the slug of a player's preset.
    let version = match crate::presets::builtin_version(conn, clock, variant_name)? {
        Some(version) => version,
        None => match crate::presets::query::for_challenge(conn, variant_name) {
            Ok((version, _)) => version,
            Err(crate::presets::PresetError::NotFound) => {
                return Err(GameError::Invalid(Message::new(
                    "error-game-choose-variant",
                )))
            }
            Err(e) => return Err(e.into()),
        },
    };
    let setup_choice = setups::check_choice(
        &setups::decode(&version.setups),
        input.setup.as_deref().unwrap_or_default(),
    )
    .map_err(GameError::Invalid)?;
    let control = match input.control {
        Some(control) => control,
        None => {
            let days: i64 = preset_versions::table
                .find(version.id)
                .select(preset_versions::days_per_move)
                .first(conn)?;
            TimeControl::days(days).map_err(|_| {
                GameError::Invalid(
                    Message::new("error-game-days-per-move-range")
                        .arg("min", MIN_DAYS_PER_MOVE)
                        .arg("max", MAX_DAYS_PER_MOVE),
                )
            })?
        }
    };
    let columns = control.day_columns();
    let id = insert_challenge(
        conn,
        NewChallengeRow {
            author_id: author.id,
            opponent_id: opponent,
            preset_version_id: version.id,
            author_color: input.color,
            time_kind: columns.kind,
            days_per_move: columns.days_per_move,
            message,
            status: ChallengeStatus::Open,
            created_at: clock.now_db(),
            reserve_days: columns.reserve_days,
            increment_hours: columns.increment_hours,
            cap_days: columns.cap_days,
            allow_vacation: input.allow_vacation,
            rated_variant: crate::presets::rated_variant(&version).filter(|_| input.rated),
            rating_min,
            rating_max,
            setup_choice: setup_choice.as_deref(),
        },
    )?;
    Ok((id, version.id))
}

/// The named opponent of a challenge (`None` for an open one): an existing player, not the
/// author, and neither blocking the other.
fn find_opponent(conn: &mut DbConn, author: &User, name: &str) -> Result<Option<User>, GameError> {
    if name.is_empty() {
        return Ok(None);
    }
    let found: Option<User> = users::table
        .filter(users::username_key.eq(name.to_ascii_lowercase()))
        .select(User::as_select())
        .first(conn)
        .optional()?;
    let found = found.ok_or_else(|| no_such_player(name))?;
    if found.id == author.id {
        return Err(GameError::Invalid(Message::new(
            "error-game-challenge-yourself",
        )));
    }
    if blocks::has_blocked(conn, author.id, found.id)? {
        return Err(GameError::Invalid(
            Message::new("error-game-challenge-blocked").arg("name", &found.username),
        ));
    }
    if blocks::has_blocked(conn, found.id, author.id)? {
        return Err(GameError::Invalid(
            Message::new("error-game-challenge-refused").arg("name", &found.username),
        ));
    }
    Ok(Some(found))
}

/// The bot rules of a challenge from `author` to `opponent` (`None`: open to anyone): bots
/// challenge named players only, and people only when they let bots challenge them; rated
/// games with a bot only where the site allows them.
fn check_bots(
    config: &Config,
    author: &User,
    opponent: Option<&User>,
    rated: bool,
) -> Result<(), GameError> {
    let bot_involved = author.is_bot || opponent.is_some_and(|o| o.is_bot);
    if author.is_bot {
        match opponent {
            None => {
                return Err(GameError::Invalid(Message::new(
                    "error-game-bot-open-challenge",
                )))
            }
            Some(o) if !crate::accounts::bots::may_be_challenged_by_bots(o) => {
                return Err(GameError::Invalid(
                    Message::new("error-game-bot-refused").arg("name", &o.username),
                ))
            }
            Some(_) => {}
        }
    }
    if bot_involved && rated && !config.bots_rated {
        return Err(GameError::Invalid(Message::new(
            "error-game-bots-casual-ask",
        )));
    }
    Ok(())
}

fn insert_challenge(conn: &mut DbConn, row: NewChallengeRow) -> Result<ChallengeId, GameError> {
    let query = diesel::insert_into(challenges::table).values(row);
    // RETURNING does not go through the MultiConnection enum.
    let id: i64 = crate::on_backend!(conn, |c| query.returning(challenges::id).get_result(c))?;
    Ok(ChallengeId(id))
}

/// A rated challenge's players' ratings as its game starts: (White, Black); `None` for a
/// casual one.
fn start_ratings(
    conn: &mut DbConn,
    challenge: &ChallengeRow,
    players: (UserId, UserId),
    now: chrono::NaiveDateTime,
) -> Result<Option<(Rating, Rating)>, GameError> {
    challenge
        .rated_variant
        .as_deref()
        .map(|variant| ratings_at_start(conn, variant, players, now))
        .transpose()
}

/// Refuses an acceptor rated `rating` a challenge whose rating range leaves them out.
fn check_rating_range(challenge: &ChallengeRow, rating: &Rating) -> Result<(), GameError> {
    let rating = rating.rating;
    let below = challenge.rating_min.is_some_and(|lo| rating < lo as f64);
    let above = challenge.rating_max.is_some_and(|hi| rating > hi as f64);
    if below || above {
        return Err(GameError::Invalid(outside_rating_range(
            [
                "error-game-challenge-rating-between",
                "error-game-challenge-rating-from",
                "error-game-challenge-rating-up-to",
            ],
            challenge.rating_min,
            challenge.rating_max,
            rating,
        )));
    }
    Ok(())
}

pub fn load(conn: &mut DbConn, id: ChallengeId) -> Result<ChallengeRow, GameError> {
    challenges::table
        .find(id)
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(GameError::ChallengeNotFound)
}

/// Accepts a challenge: creates the game from the pinned preset version's setup and mails
/// both players. Returns the new game.
pub fn accept(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: ChallengeId,
) -> Result<GameId, GameError> {
    db.write(|conn| accept_in(conn, clock, config, user, id, None))
}

/// [`accept`] in the caller's write; `computer_level` for the computer accepting a game
/// against it.
fn accept_in(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: ChallengeId,
    computer_level: Option<i64>,
) -> Result<GameId, GameError> {
    let challenge = load(conn, id)?;
    if challenge.author_id == user {
        return Err(GameError::Forbidden(Message::new("error-game-accept-own")));
    }
    if challenge.opponent_id.is_some_and(|o| o != user) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-challenge-other-player",
        )));
    }
    if challenge.status != ChallengeStatus::Open {
        return Err(GameError::ChallengeClosed);
    }
    if blocks::between(conn, challenge.author_id, user)? {
        return Err(GameError::Forbidden(Message::new(
            "error-game-accept-blocked",
        )));
    }
    let accepting = users::table
        .find(user)
        .select(User::as_select())
        .first(conn)?;
    if accepting.is_bot && challenge.opponent_id != Some(user) {
        return Err(GameError::Forbidden(Message::new(
            "error-game-bot-accepts-own",
        )));
    }
    if accepting.is_bot && challenge.rated_variant.is_some() && !config.bots_rated {
        return Err(GameError::Forbidden(Message::new("error-game-bots-casual")));
    }
    let author_white = match challenge.author_color {
        ColorChoice::White => true,
        ColorChoice::Black => false,
        ColorChoice::Random => rand::thread_rng().gen_bool(0.5),
    };
    let (white_id, black_id) = if author_white {
        (challenge.author_id, user)
    } else {
        (user, challenge.author_id)
    };
    let rules = rules::load(conn, challenge.preset_version_id)?;
    let version: PresetVersionRow = crate::db::schema::preset_versions::table
        .find(challenge.preset_version_id)
        .select(PresetVersionRow::as_select())
        .first(conn)?;
    let start_ratings = start_ratings(conn, &challenge, (white_id, black_id), clock.now_db())?;
    if let Some((white, black)) = &start_ratings {
        check_rating_range(&challenge, if user == white_id { white } else { black })?;
    }
    let (setup, setup_name) = setups::resolve(
        &setups::decode(&version.setups),
        &version.setup_fen,
        challenge.setup_choice.as_deref(),
    );
    let start = Position::from_fen(&rules.variant, &setup)
        .map_err(|e| GameError::Corrupt(format!("preset setup: {e}")))?;
    let now = clock.now_db();
    let game_id = create::insert(
        conn,
        now,
        (white_id, black_id),
        &GameSpec {
            preset_version_id: challenge.preset_version_id,
            setup: &setup,
            setup_name: setup_name.as_deref(),
            start: &start,
            control: challenge.time_control(),
            allow_vacation: challenge.allow_vacation,
            rated_variant: challenge.rated_variant.as_deref(),
            ratings: start_ratings,
            challenge_id: Some(challenge.id),
            tournament: None,
            computer_level,
        },
    )?;
    let changed = diesel::update(
        challenges::table
            .filter(challenges::id.eq(id))
            .filter(challenges::status.eq(ChallengeStatus::Open)),
    )
    .set((
        challenges::status.eq(ChallengeStatus::Accepted),
        challenges::game_id.eq(Some(game_id)),
        challenges::resolved_at.eq(Some(now)),
    ))
    .execute(conn)?;
    if changed != 1 {
        return Err(GameError::ChallengeClosed);
    }
    // Against the computer the player started the game on the site themselves: no mail.
    if computer_level.is_none() {
        let game = GameRow::load(conn, game_id)?;
        mail::game_started(conn, clock, config, &game, &rules, &start)?;
    }
    Ok(game_id)
}

/// The invited player says no; the challenge's author is told by mail.
pub fn decline(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: ChallengeId,
) -> Result<(), GameError> {
    decline_because(db, clock, config, user, id, None)
}

/// [`decline`] with a reason's key (the bot API's `generic`, `later`, `tooFast`, ...), kept
/// for the author's event stream.
pub fn decline_because(
    db: &mut Db,
    clock: &dyn Clock,
    config: &Config,
    user: UserId,
    id: ChallengeId,
    reason: Option<&str>,
) -> Result<(), GameError> {
    let allowed = |c: &ChallengeRow| {
        if c.opponent_id == Some(user) {
            Ok(())
        } else {
            Err(GameError::Forbidden(Message::new(
                "error-game-decline-invited-only",
            )))
        }
    };
    close(
        db,
        clock,
        id,
        ChallengeStatus::Declined,
        allowed,
        |conn, c| {
            if let Some(reason) = reason {
                diesel::update(challenges::table.find(c.id))
                    .set(challenges::decline_reason.eq(reason))
                    .execute(conn)?;
            }
            mail::challenge_declined(conn, clock, config, c)
        },
    )
}

/// Removes the declined and withdrawn challenges of `preset`'s versions (they started no
/// game), so that the preset can be deleted. Open challenges stay: they keep it in use.
pub fn forget_closed_of_preset(
    conn: &mut DbConn,
    preset: PresetId,
) -> Result<usize, diesel::result::Error> {
    let version_ids = preset_versions::table
        .filter(preset_versions::preset_id.eq(preset))
        .select(preset_versions::id);
    diesel::delete(
        challenges::table
            .filter(challenges::preset_version_id.eq_any(version_ids))
            .filter(challenges::status.ne(ChallengeStatus::Open))
            .filter(challenges::game_id.is_null()),
    )
    .execute(conn)
}

/// The author withdraws the challenge.
pub fn cancel(
    db: &mut Db,
    clock: &dyn Clock,
    user: UserId,
    id: ChallengeId,
) -> Result<(), GameError> {
    close(
        db,
        clock,
        id,
        ChallengeStatus::Cancelled,
        |c| {
            if c.author_id == user {
                Ok(())
            } else {
                Err(GameError::Forbidden(Message::new(
                    "error-game-cancel-author-only",
                )))
            }
        },
        |_, _| Ok(()),
    )
}

fn close(
    db: &mut Db,
    clock: &dyn Clock,
    id: ChallengeId,
    status: ChallengeStatus,
    allowed: impl FnOnce(&ChallengeRow) -> Result<(), GameError>,
    then: impl FnOnce(&mut DbConn, &ChallengeRow) -> Result<(), GameError>,
) -> Result<(), GameError> {
    db.write(|conn| {
        let challenge = load(conn, id)?;
        allowed(&challenge)?;
        let changed = diesel::update(
            challenges::table
                .filter(challenges::id.eq(id))
                .filter(challenges::status.eq(ChallengeStatus::Open)),
        )
        .set((
            challenges::status.eq(status),
            challenges::resolved_at.eq(Some(clock.now_db())),
        ))
        .execute(conn)?;
        if changed != 1 {
            return Err(GameError::ChallengeClosed);
        }
        then(conn, &challenge)
    })
}
