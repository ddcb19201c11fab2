//! A running event: its start, each round's games (created and announced as a challenge's
//! acceptance announces its game), the two-time-outs rule and the end of the event.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use plypost_rules::Position;

use super::pairing::{self, Colour, SwissPlayer};
use super::{
    entrant_status, entrants, lock, mail, standings, Entrant, EntrantStatus, TournamentRow,
    TournamentStatus, TIME_OUTS_TO_WITHDRAW,
};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::schema::{games, preset_versions, tournament_players, tournaments};
use crate::db::{DbConn, UserId};
use crate::domain::{EndReason, GameResult, GameStatus};
use crate::game_mail;
use crate::games::create::{self, ratings_at_start, GameSpec};
use crate::games::model::{GameId, GameRow, PresetVersionRow};
use crate::games::GameError;
use crate::i18n::Message;
use crate::presets::rules;

/// The players who play, in joining order.
pub(crate) fn playing(conn: &mut DbConn, id: i64) -> Result<Vec<Entrant>, GameError> {
    Ok(entrants(conn, id)?
        .into_iter()
        .filter(Entrant::is_playing)
        .collect())
}

/// Starts `t` in the caller's write: every round-robin game at once, or a Swiss event's
/// first round; each player is mailed their games.
pub(crate) fn begin(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
) -> Result<(), GameError> {
    let players = playing(conn, t.id)?;
    if (players.len() as i64) < t.min_players.max(2) {
        return Err(GameError::Invalid(
            Message::new("error-game-tournament-too-few-joined")
                .arg("count", players.len())
                .arg("min", t.min_players.max(2)),
        ));
    }
    let now = clock.now_db();
    diesel::update(tournaments::table.find(t.id))
        .set((
            tournaments::status.eq(TournamentStatus::Running),
            tournaments::started_at.eq(Some(now)),
            tournaments::current_round.eq(1),
        ))
        .execute(conn)?;
    // Invitations nobody took up are dropped.
    diesel::delete(
        tournament_players::table
            .filter(tournament_players::tournament_id.eq(t.id))
            .filter(tournament_players::status.eq(EntrantStatus::Invited)),
    )
    .execute(conn)?;
    let ids: Vec<UserId> = players.iter().map(|p| p.user_id).collect();
    if t.is_swiss() {
        pair_swiss_round(conn, clock, config, t, 1)?;
    } else {
        let schedule = pairing::round_robin(ids.len(), t.double_round);
        let mut made = Setup::new(conn, t)?;
        for (round, pairs) in schedule.iter().enumerate() {
            for p in pairs {
                made.game(conn, clock, ids[p.white], ids[p.black], round as i64 + 1)?;
            }
        }
    }
    mail::tournament_started(conn, clock, config, t, &ids)
}

/// What every game of an event starts from: the preset's default setup.
struct Setup {
    version: PresetVersionRow,
    /// The default setup's name, when the preset lists several.
    setup_name: Option<String>,
    start: Position,
    rules: rules::Rules,
    rated_variant: Option<String>,
    tournament: TournamentRow,
}

impl Setup {
    fn new(conn: &mut DbConn, t: &TournamentRow) -> Result<Setup, GameError> {
        let version: PresetVersionRow = preset_versions::table
            .find(t.preset_version_id)
            .select(PresetVersionRow::as_select())
            .first(conn)?;
        let rules = rules::load(conn, t.preset_version_id)?;
        let start = Position::from_fen(&rules.variant, &version.setup_fen)
            .map_err(|e| GameError::Corrupt(format!("preset setup: {e}")))?;
        let rated_variant = crate::presets::rated_variant(&version).filter(|_| t.rated);
        let (_, setup_name) = crate::presets::setups::resolve(
            &crate::presets::setups::decode(&version.setups),
            &version.setup_fen,
            None,
        );
        Ok(Setup {
            version,
            setup_name,
            start,
            rules,
            rated_variant: rated_variant.map(str::to_owned),
            tournament: t.clone(),
        })
    }

    fn game(
        &mut self,
        conn: &mut DbConn,
        clock: &dyn Clock,
        white: UserId,
        black: UserId,
        round: i64,
    ) -> Result<GameId, GameError> {
        let now = clock.now_db();
        let ratings = self
            .rated_variant
            .as_deref()
            .map(|variant| ratings_at_start(conn, variant, (white, black), now))
            .transpose()?;
        create::insert(
            conn,
            now,
            (white, black),
            &GameSpec {
                preset_version_id: self.tournament.preset_version_id,
                setup: &self.version.setup_fen,
                setup_name: self.setup_name.as_deref(),
                start: &self.start,
                control: self.tournament.time_control(),
                allow_vacation: self.tournament.allow_vacation,
                rated_variant: self.rated_variant.as_deref(),
                ratings,
                challenge_id: None,
                tournament: Some((self.tournament.id, round)),
                computer_level: None,
            },
        )
    }
}

/// Pairs and creates Swiss round `round` of `t`. From the second round on, each new game is
/// announced to its players as a challenge's acceptance announces its game (the first
/// round's games are in the mail that starts the event).
fn pair_swiss_round(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
    round: i64,
) -> Result<(), GameError> {
    let players = playing(conn, t.id)?;
    let games = games_of(conn, t.id)?;
    let table = standings::Table::build(t, &entrants(conn, t.id)?, &games);
    let now = clock.now_db();
    let index: HashMap<UserId, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.user_id, i))
        .collect();
    let ratings: HashMap<UserId, f64> = match crate::presets::rated_variant(
        &preset_versions::table
            .find(t.preset_version_id)
            .select(PresetVersionRow::as_select())
            .first(conn)?,
    ) {
        Some(variant) => {
            let ids: Vec<UserId> = players.iter().map(|p| p.user_id).collect();
            crate::ratings::in_variant(conn, &ids, variant, now)?
                .into_iter()
                .map(|(u, r)| (u, r.rating))
                .collect()
        }
        None => HashMap::new(),
    };
    let swiss: Vec<SwissPlayer> = players
        .iter()
        .map(|p| {
            let mut colours = Vec::new();
            let mut met = HashSet::new();
            let mut mine: Vec<&TournamentGame> = games
                .iter()
                .filter(|g| g.white == p.user_id || g.black == p.user_id)
                .collect();
            mine.sort_by_key(|g| g.round);
            for g in mine {
                let (colour, other) = if g.white == p.user_id {
                    (Colour::White, g.black)
                } else {
                    (Colour::Black, g.white)
                };
                colours.push(colour);
                if let Some(&i) = index.get(&other) {
                    met.insert(i);
                }
            }
            SwissPlayer {
                half_points: table.half_points(p.user_id),
                rating: ratings.get(&p.user_id).copied().unwrap_or(1500.0),
                colours,
                met,
                had_bye: p.bye_round.is_some(),
            }
        })
        .collect();
    let paired = pairing::swiss_round(&swiss).ok_or_else(|| {
        GameError::Invalid(Message::new("error-game-tournament-unpairable").arg("round", round))
    })?;
    let mut made = Setup::new(conn, t)?;
    for g in &paired.games {
        let id = made.game(
            conn,
            clock,
            players[g.white].user_id,
            players[g.black].user_id,
            round,
        )?;
        if round > 1 {
            let game = GameRow::load(conn, id)?;
            game_mail::game_started(conn, clock, config, &game, &made.rules, &made.start)?;
        }
    }
    if let Some(bye) = paired.bye {
        diesel::update(tournament_players::table.find((t.id, players[bye].user_id)))
            .set(tournament_players::bye_round.eq(Some(round)))
            .execute(conn)?;
    }
    diesel::update(tournaments::table.find(t.id))
        .set(tournaments::current_round.eq(round))
        .execute(conn)?;
    Ok(())
}

type GameTuple = (
    GameId,
    Option<i64>,
    UserId,
    UserId,
    GameStatus,
    Option<GameResult>,
    Option<EndReason>,
);

/// A game of an event, as the standings read it.
#[derive(Debug, Clone, Queryable)]
pub struct TournamentGame {
    pub id: GameId,
    pub round: i64,
    pub white: UserId,
    pub black: UserId,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
}

pub fn games_of(conn: &mut DbConn, id: i64) -> Result<Vec<TournamentGame>, GameError> {
    let rows: Vec<GameTuple> = games::table
        .filter(games::tournament_id.eq(id))
        .order((games::tournament_round.asc(), games::id.asc()))
        .select((
            games::id,
            games::tournament_round,
            games::white_id,
            games::black_id,
            games::status,
            games::result,
            games::result_reason,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, round, white, black, status, result, reason)| TournamentGame {
                id,
                round: round.unwrap_or(1),
                white,
                black,
                status,
                result,
                reason,
            },
        )
        .collect())
}

/// Marks `user` withdrawn from running event `event`, in the caller's write, and returns
/// their games still in progress, which the caller ends as losses (`play::withdrawal`);
/// their finished results stand.
pub fn mark_withdrawn(
    conn: &mut DbConn,
    clock: &dyn Clock,
    event: i64,
    user: UserId,
) -> Result<Vec<GameRow>, GameError> {
    diesel::update(tournament_players::table.find((event, user)))
        .set((
            tournament_players::status.eq(EntrantStatus::Withdrawn),
            tournament_players::withdrawn_at.eq(Some(clock.now_db())),
        ))
        .execute(conn)?;
    Ok(games::table
        .filter(games::tournament_id.eq(event))
        .filter(games::status.eq(GameStatus::Active))
        .filter(games::white_id.eq(user).or(games::black_id.eq(user)))
        .order(games::id)
        .select(GameRow::as_select())
        .load(conn)?)
}

/// The two-time-outs rule: the player who lost `ended` on time, when it is their
/// [`TIME_OUTS_TO_WITHDRAW`]th such loss in `event` and they still play in it.
pub fn withdrawn_by_time_outs(
    conn: &mut DbConn,
    event: i64,
    ended: &GameRow,
) -> Result<Option<UserId>, GameError> {
    if ended.result_reason != Some(EndReason::Time) {
        return Ok(None);
    }
    let loser = match ended.result {
        Some(GameResult::WhiteWins) => ended.black_id,
        Some(GameResult::BlackWins) => ended.white_id,
        _ => return Ok(None),
    };
    let time_losses: i64 = games::table
        .filter(games::tournament_id.eq(event))
        .filter(games::result_reason.eq(EndReason::Time))
        .filter(
            (games::white_id
                .eq(loser)
                .and(games::result.eq(GameResult::BlackWins)))
            .or(games::black_id
                .eq(loser)
                .and(games::result.eq(GameResult::WhiteWins))),
        )
        .count()
        .get_result(conn)?;
    let playing = entrant_status(conn, event, loser)? == Some(EntrantStatus::Joined);
    Ok((time_losses >= TIME_OUTS_TO_WITHDRAW && playing).then_some(loser))
}

/// Moves a running event on when it has no game in progress: the next Swiss round, or the end.
pub fn progress(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    id: i64,
) -> Result<(), GameError> {
    let t = lock(conn, id)?;
    if t.status != TournamentStatus::Running {
        return Ok(());
    }
    let active: i64 = games::table
        .filter(games::tournament_id.eq(id))
        .filter(games::status.eq(GameStatus::Active))
        .count()
        .get_result(conn)?;
    if active > 0 {
        return Ok(());
    }
    let still_playing = playing(conn, id)?.len();
    if t.is_swiss() && t.current_round < t.rounds.unwrap_or(0) && still_playing >= 2 {
        let paired = pair_swiss_round(conn, clock, config, &t, t.current_round + 1);
        match paired {
            Ok(()) => return Ok(()),
            // No pairing without a repeat: the event ends here.
            Err(GameError::Invalid(_)) => {}
            Err(e) => return Err(e),
        }
    }
    finish(conn, clock, config, &t)
}

fn finish(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &TournamentRow,
) -> Result<(), GameError> {
    let table = standings::Table::build(t, &entrants(conn, t.id)?, &games_of(conn, t.id)?);
    let winner = table.rows.first().map(|s| s.user_id);
    diesel::update(tournaments::table.find(t.id))
        .set((
            tournaments::status.eq(TournamentStatus::Finished),
            tournaments::finished_at.eq(Some(clock.now_db())),
            tournaments::winner_id.eq(winner),
        ))
        .execute(conn)?;
    mail::tournament_finished(conn, clock, config, t, &table)
}
