//! The home page: for a signed-in player, their games (waiting for their move first, least
//! time left first; then waiting for the opponent; then recently finished) and invitations.

use actix_web::{web, HttpResponse};
use askama::Template;

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::domain::{GameResult, GameStatus};
use crate::games::query::{self, GameListing};
use crate::games::{clocks, GameError, GameId};
use crate::i18n::{DateStyle, Lang, MessageArg};
use crate::time_control::URGENT;
use crate::web::pages::games::words;
use crate::web::{render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home));
}

/// A game as listed on the home page.
pub struct WaitingGame {
    pub url: String,
    pub title: String,
    /// The opponent's username, for the link to their page (`None` for the computer).
    pub opponent_link: Option<String>,
    /// The opponent's name as the page shows it.
    pub opponent: String,
    pub opponent_is_bot: bool,
    /// The deadline, or the result of a finished game.
    pub deadline: String,
    /// A game in progress without a deadline (`deadline` is empty).
    pub no_limit: bool,
    /// "2 days 4 hours" (active timed games).
    pub time_left: Option<String>,
    /// About to time out: highlighted.
    pub urgent: bool,
    /// The clock is stopped by a vacation.
    pub paused: bool,
    /// A finished game, as it ended for the viewer.
    pub outcome: Option<Outcome>,
}

/// An invitation waiting for an answer.
pub struct Invitation {
    pub author: String,
    pub variant: String,
}

#[derive(Template)]
#[template(path = "pages/home.html")]
struct HomePage<'a> {
    ctx: &'a Ctx,
    waiting: Vec<WaitingGame>,
    their_turn: Vec<WaitingGame>,
    /// Games waiting for opponents in all (`their_turn` lists at most [`THEIR_TURN_SHOWN`]).
    their_turn_total: usize,
    finished: Vec<WaitingGame>,
    invitations: Vec<Invitation>,
}

type TurnClocks = HashMap<GameId, (NaiveDateTime, bool)>;

/// How a finished game ended for the player who views it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    Drew,
    NoResult,
}

impl Outcome {
    /// The message that says it: "You won".
    pub fn message_id(self) -> &'static str {
        match self {
            Outcome::Won => "home-outcome-won",
            Outcome::Lost => "home-outcome-lost",
            Outcome::Drew => "home-outcome-drew",
            Outcome::NoResult => "home-outcome-none",
        }
    }

    /// The CSS class that colours it.
    pub fn class(self) -> &'static str {
        match self {
            Outcome::Won => "outcome-won",
            Outcome::Lost => "outcome-lost",
            Outcome::Drew => "outcome-drew",
            Outcome::NoResult => "outcome-none",
        }
    }
}

/// How a finished game ended for `viewer`.
fn outcome_for(g: &GameListing, viewer: &str) -> Option<Outcome> {
    if g.status != GameStatus::Finished {
        return None;
    }
    let viewer_white = g.white == viewer;
    Some(match g.result {
        Some(GameResult::Draw) => Outcome::Drew,
        Some(GameResult::WhiteWins) if viewer_white => Outcome::Won,
        Some(GameResult::BlackWins) if !viewer_white => Outcome::Won,
        Some(_) => Outcome::Lost,
        None => Outcome::NoResult,
    })
}

fn item(
    g: GameListing,
    viewer: &str,
    lang: &Lang,
    time_zone: &str,
    clocks: &TurnClocks,
    now: NaiveDateTime,
) -> WaitingGame {
    let turn = clocks.get(&g.id).copied();
    let outcome = outcome_for(&g, viewer);
    let reason = |r| crate::game_mail::reason_text(lang, r);
    let deadline = match (&g.result, turn) {
        (Some(result), _) => match g.result_reason {
            Some(r) => lang.t2(
                "home-result-with-reason",
                "result",
                result.as_str(),
                "reason",
                reason(r),
            ),
            None => result.to_string(),
        },
        (None, _) if outcome.is_some() => g.result_reason.map_or_else(String::new, reason),
        (None, Some((at, _))) => lang.datetime(at, time_zone, DateStyle::DateTime),
        (None, None) => String::new(),
    };
    let no_limit = outcome.is_none() && g.result.is_none() && turn.is_none();
    let left = turn.map(|(at, _)| at - now);
    let paused = turn.is_some_and(|(_, p)| p);
    WaitingGame {
        url: format!("/games/{}", g.id),
        title: lang.t_args(
            "home-game-title",
            &[
                ("id", &g.id.to_string() as &dyn MessageArg),
                ("variant", &crate::i18n::preset_name(lang, &g.variant)),
                ("white", &words::player(lang, &g.white)),
                ("black", &words::player(lang, &g.black)),
            ],
        ),
        opponent_is_bot: g.opponent_is_bot,
        opponent: words::player(lang, &g.opponent),
        opponent_link: crate::games::model::computer_level_of(&g.opponent)
            .is_none()
            .then_some(g.opponent),
        deadline,
        no_limit,
        time_left: left
            .filter(|_| g.result.is_none())
            .map(|d| lang.duration(d)),
        urgent: !paused && g.result.is_none() && left.is_some_and(|l| l < URGENT),
        paused,
        outcome,
    }
}

/// Least time left first (vacations included); untimed games last.
fn by_time_left(list: &mut [GameListing], clocks: &TurnClocks) {
    list.sort_by_key(|g| {
        (
            clocks.get(&g.id).map(|c| c.0).is_none(),
            clocks.get(&g.id).map(|c| c.0),
            g.id,
        )
    });
}

/// Games waiting for an opponent the home page lists.
const THEIR_TURN_SHOWN: usize = 50;

async fn home(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let mut page = HomePage {
        ctx: &ctx,
        waiting: Vec::new(),
        their_turn: Vec::new(),
        their_turn_total: 0,
        finished: Vec::new(),
        invitations: Vec::new(),
    };
    if let Some(user) = &ctx.user {
        let id = user.id;
        let now = state.clock.now_db();
        let (mut games, (incoming, _), turns) = state
            .db(move |conn| {
                let games = query::games_of(conn, id)?;
                let ids: Vec<GameId> = games
                    .my_turn
                    .iter()
                    .chain(&games.their_turn)
                    .map(|g| g.id)
                    .collect();
                let turns = clocks::turn_clocks(conn, &ids, now)?;
                Ok::<_, GameError>((games, query::challenges_of(conn, id)?, turns))
            })
            .await?
            .map_err(|e| WebError::Internal(e.to_string()))?;
        let tz = user.time_zone.as_str();
        let viewer = user.username.as_str();
        by_time_left(&mut games.my_turn, &turns);
        by_time_left(&mut games.their_turn, &turns);
        let to_item = |g| item(g, viewer, &ctx.lang, tz, &turns, now);
        page.waiting = games.my_turn.into_iter().map(to_item).collect();
        // Everything waiting for the player is listed; of the games waiting for opponents,
        // the most urgent (a player with hundreds at once finds them all in the logs).
        page.their_turn_total = games.their_turn.len();
        games.their_turn.truncate(THEIR_TURN_SHOWN);
        page.their_turn = games.their_turn.into_iter().map(to_item).collect();
        page.finished = games.finished.into_iter().map(to_item).collect();
        page.invitations = incoming
            .into_iter()
            .map(|c| Invitation {
                author: c.author,
                variant: crate::i18n::preset_name(&ctx.lang, &c.variant),
            })
            .collect();
    }
    render::page(&page)
}
