//! The home page: for a signed-in player, their games (waiting for their move first, least
//! time left first; then waiting for the opponent; then recently finished) and invitations.

use actix_web::{web, HttpResponse};
use askama::Template;

use crate::games::query::{self, GameListing};
use crate::games::GameError;
use crate::web::format::datetime_in;
use crate::web::{render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home));
}

/// A game as listed on the home page.
pub struct WaitingGame {
    pub url: String,
    pub title: String,
    pub opponent: String,
    /// The deadline, or the result of a finished game.
    pub deadline: String,
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
    finished: Vec<WaitingGame>,
    invitations: Vec<Invitation>,
}

fn item(g: GameListing, time_zone: &str) -> WaitingGame {
    let deadline = match (&g.result, g.deadline_at) {
        (Some(result), _) => result.clone(),
        (None, Some(at)) => datetime_in(at, time_zone),
        (None, None) => "no time limit".to_owned(),
    };
    WaitingGame {
        url: format!("/games/{}", g.id),
        title: format!("#{} {}: {} vs {}", g.id, g.variant, g.white, g.black),
        opponent: g.opponent,
        deadline,
    }
}

async fn home(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let mut page = HomePage {
        ctx: &ctx,
        waiting: Vec::new(),
        their_turn: Vec::new(),
        finished: Vec::new(),
        invitations: Vec::new(),
    };
    if let Some(user) = &ctx.user {
        let id = user.id;
        let (games, (incoming, _)) = state
            .db(move |conn| {
                Ok::<_, GameError>((query::games_of(conn, id)?, query::challenges_of(conn, id)?))
            })
            .await?
            .map_err(|e| WebError::Internal(e.to_string()))?;
        let tz = user.time_zone.as_str();
        page.waiting = games.my_turn.into_iter().map(|g| item(g, tz)).collect();
        page.their_turn = games.their_turn.into_iter().map(|g| item(g, tz)).collect();
        page.finished = games.finished.into_iter().map(|g| item(g, tz)).collect();
        page.invitations = incoming
            .into_iter()
            .map(|c| Invitation {
                author: c.author,
                variant: c.variant,
            })
            .collect();
    }
    render::page(&page)
}
