//! Feeds for other programs: a player's deadline calendar (iCalendar) and Atom feeds of a
//! game's moves and of a player's games started and finished.

use crate::i18n::{Lang, MessageArg};
use crate::web::pages::games::words;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use atom_syndication::{Entry, Feed, Link, Person, Text};
use chrono::{DateTime, Duration, FixedOffset, NaiveDateTime};
use icalendar::{Alarm, Calendar, Component, EventLike, Related};
use serde::Deserialize;

use crate::accounts::{self, api_tokens, AccountError, User};
use crate::games::query::{self, GameData, GameListing};
use crate::games::{GameError, GameId};
use crate::web::{AppState, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/users/{name}/deadlines.ics", web::get().to(deadlines))
        .route("/users/{name}/feed.atom", web::get().to(player_feed))
        .route("/games/{id}/feed.atom", web::get().to(game_feed));
}

/// Entries in an Atom feed.
const FEED_ENTRIES: usize = 50;
/// How long before the deadline the calendar's event starts, and its alarm rings.
const EVENT_LENGTH: Duration = Duration::hours(1);
const ALARM_BEFORE_DEADLINE: Duration = Duration::hours(12);

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct KeyQuery {
    key: String,
}

fn utc(at: NaiveDateTime) -> DateTime<chrono::Utc> {
    at.and_utc()
}

fn plain(status: StatusCode, text: &str) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/plain; charset=utf-8")
        .body(text.to_owned())
}

/// `/users/{name}/deadlines.ics?key=...`: one event per game awaiting the player's move,
/// ending at its deadline, with an alarm 12 hours before.
async fn deadlines(
    state: web::Data<AppState>,
    name: web::Path<String>,
    query: web::Query<KeyQuery>,
) -> Result<HttpResponse, WebError> {
    let (name, key) = (name.into_inner(), query.into_inner().key);
    let found = state
        .db(move |conn| {
            let Some(user) = accounts::users::find_by_username(conn, &name)? else {
                return Ok(None);
            };
            if !api_tokens::calendar_key_matches(conn, user.id, &key)? {
                return Ok(Some((user, None)));
            }
            let games = query::active_of(conn, user.id).map_err(|e| match e {
                GameError::Db(db) => AccountError::Db(db),
                other => AccountError::Invalid(other.message()),
            })?;
            Ok::<_, AccountError>(Some((user, Some(games.my_turn))))
        })
        .await??;
    let (user, games) = found.ok_or(WebError::NotFound)?;
    let Some(games) = games else {
        let lang = crate::web::language::current();
        return Ok(plain(
            StatusCode::FORBIDDEN,
            &format!("{}\n", lang.t("feeds-calendar-invalid")),
        ));
    };
    // A calendar app sends no language: the player's own setting decides.
    let lang = state.config.language_for(user.language.as_deref());
    let calendar = calendar(&state, &lang, &user, &games);
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header(("Cache-Control", "private, max-age=300"))
        .body(calendar.to_string()))
}

fn calendar(state: &AppState, lang: &Lang, user: &User, games: &[GameListing]) -> Calendar {
    let host = state.config.base_url.host_str().unwrap_or("plypost");
    let mut calendar = Calendar::new();
    calendar
        .name(&lang.t1("feeds-calendar-name", "name", &user.username))
        .description(&lang.t("feeds-calendar-description"));
    for game in games {
        let Some(deadline) = game.deadline_at else {
            continue;
        };
        let url = state.config.absolute_url(&format!("/games/{}", game.id));
        let opponent = words::player(lang, &game.opponent);
        let summary = lang.t2(
            "feeds-calendar-summary",
            "id",
            game.id.0,
            "opponent",
            &opponent,
        );
        calendar.push(
            icalendar::Event::new()
                // One event per turn: a new turn is a new event.
                .uid(&format!("game-{}-ply-{}@{host}", game.id, game.ply))
                .summary(&summary)
                .description(&lang.t_args(
                    "feeds-calendar-event",
                    &[
                        (
                            "variant",
                            &crate::i18n::preset_name(lang, &game.variant) as &dyn MessageArg,
                        ),
                        ("number", &(game.ply / 2 + 1)),
                        ("id", &game.id.0),
                        ("opponent", &opponent),
                        ("url", &url),
                    ],
                ))
                .url(&url)
                .starts(utc(deadline - EVENT_LENGTH))
                .ends(utc(deadline))
                .alarm(Alarm::display(
                    &summary,
                    (-ALARM_BEFORE_DEADLINE, Related::End),
                ))
                .done(),
        );
    }
    calendar.done()
}

fn fixed(at: NaiveDateTime) -> DateTime<FixedOffset> {
    at.and_utc().fixed_offset()
}

fn link(href: String, rel: &str) -> Link {
    Link {
        href,
        rel: rel.to_owned(),
        ..Link::default()
    }
}

fn entry(id: String, title: String, at: NaiveDateTime, href: String, summary: String) -> Entry {
    Entry {
        id,
        title: Text::plain(title),
        updated: fixed(at),
        links: vec![link(href, "alternate")],
        summary: Some(Text::plain(summary)),
        ..Entry::default()
    }
}

fn atom(feed: &Feed) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(feed.to_string())
}

/// `/games/{id}/feed.atom`: the game's last 50 moves and its result, newest first.
async fn game_feed(
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let id = GameId(id.into_inner());
    let log = state.move_logs.clone();
    let data = match state
        .db(move |conn| query::game_data(conn, &log, id))
        .await?
    {
        Ok(data) => data,
        Err(GameError::NotFound) => return Err(WebError::NotFound),
        Err(GameError::Db(e)) => return Err(WebError::database(&e)),
        Err(e) => return Err(WebError::Internal(e.to_string())),
    };
    let san = web::block(move || query::san_moves(&data).map(|san| (data, san)))
        .await
        .map_err(|e| WebError::Internal(format!("blocking: {e}")))?;
    let (data, san) = san.map_err(|e| WebError::Internal(e.to_string()))?;
    let lang = crate::web::language::current();
    Ok(atom(&game_atom(&state, &lang, &data, &san)))
}

fn game_atom(state: &AppState, lang: &Lang, data: &GameData, san: &[String]) -> Feed {
    let game = &data.game;
    let page = state.config.absolute_url(&format!("/games/{}", game.id));
    let (white, black) = (
        &words::player(lang, &data.white.username),
        &words::player(lang, &data.black.username),
    );
    let mut entries: Vec<Entry> = Vec::new();
    if let (Some(at), Some(_)) = (game.finished_at, game.result) {
        let result = crate::game_mail::result_text(lang, game);
        entries.push(entry(
            format!("{page}#result"),
            lang.t1("feeds-game-over", "result", &result),
            at,
            page.clone(),
            lang.t3(
                "feeds-game-over-summary",
                "white",
                white,
                "black",
                black,
                "result",
                &result,
            ),
        ));
    }
    for (logged, san) in data.moves.iter().zip(san).rev().take(FEED_ENTRIES) {
        let m = &logged.row;
        let mover = if m.ply % 2 == 1 { white } else { black };
        let number = if m.ply % 2 == 1 {
            format!("{}.", m.ply / 2 + 1)
        } else {
            format!("{}…", m.ply / 2)
        };
        let mut summary = lang.t_args(
            "feeds-move-summary",
            &[
                ("player", mover as &dyn MessageArg),
                ("number", &number),
                ("san", &san.as_str()),
                ("move", &m.move_text.as_str()),
            ],
        );
        if let Some(comment) = &m.comment {
            summary.push(' ');
            summary.push_str(&lang.t1("feeds-move-comment", "comment", comment));
        }
        entries.push(entry(
            format!("{page}#ply-{}", m.ply),
            format!("{number} {san} ({mover})"),
            m.played_at,
            state
                .config
                .absolute_url(&format!("/logs/{}?ply={}", game.id, m.ply)),
            summary,
        ));
    }
    entries.truncate(FEED_ENTRIES);
    let updated = game
        .finished_at
        .or(game.last_move_at)
        .unwrap_or(game.created_at);
    Feed {
        id: page.clone(),
        title: Text::plain(lang.t_args(
            "feeds-game-title",
            &[
                ("id", &game.id.0 as &dyn MessageArg),
                ("white", white),
                ("black", black),
                ("variant", &lang.variant(&data.rules.variant)),
            ],
        )),
        updated: fixed(updated),
        authors: vec![Person {
            name: "plypost".to_owned(),
            ..Person::default()
        }],
        links: vec![
            link(page, "alternate"),
            link(
                state
                    .config
                    .absolute_url(&format!("/games/{}/feed.atom", game.id)),
                "self",
            ),
        ],
        entries,
        ..Feed::default()
    }
}

/// `/users/{name}/feed.atom`: the player's games started and finished, newest first.
async fn player_feed(
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let name = name.into_inner();
    let limit = FEED_ENTRIES as i64;
    let found = state
        .db(move |conn| {
            let Some(user) =
                accounts::users::find_by_username(conn, &name).map_err(GameError::from)?
            else {
                return Ok(None);
            };
            let started = query::recently_started(conn, user.id, limit)?;
            let finished = query::finished_of(conn, user.id, query::Walk::Newest, limit)?;
            Ok::<_, GameError>(Some((user, started, finished)))
        })
        .await?
        .map_err(|e| match e {
            GameError::Db(db) => WebError::database(&db),
            other => WebError::Internal(other.to_string()),
        })?;
    let (user, started, finished) = found.ok_or(WebError::NotFound)?;
    // A feed reader sends no language: the player's own setting decides.
    let lang = state.config.language_for(user.language.as_deref());
    Ok(atom(&player_atom(&state, &lang, &user, started, finished)))
}

fn player_atom(
    state: &AppState,
    lang: &Lang,
    user: &User,
    started: Vec<GameListing>,
    finished: Vec<GameListing>,
) -> Feed {
    let game_url = |id: GameId| state.config.absolute_url(&format!("/games/{id}"));
    let mut events: Vec<Entry> = Vec::new();
    for g in finished {
        let Some(at) = g.finished_at else { continue };
        let (white, black) = (words::player(lang, &g.white), words::player(lang, &g.black));
        let result = words::status_text(lang, g.status, g.result, g.result_reason);
        events.push(entry(
            format!("{}#finished", game_url(g.id)),
            lang.t_args(
                "feeds-player-finished",
                &[
                    ("id", &g.id.0 as &dyn MessageArg),
                    ("white", &white),
                    ("black", &black),
                    ("result", &result),
                ],
            ),
            at,
            game_url(g.id),
            lang.t_args(
                "feeds-player-finished-summary",
                &[
                    (
                        "variant",
                        &crate::i18n::preset_name(lang, &g.variant) as &dyn MessageArg,
                    ),
                    ("result", &result),
                    ("plies", &g.ply),
                ],
            ),
        ));
    }
    for g in started {
        let (white, black) = (words::player(lang, &g.white), words::player(lang, &g.black));
        events.push(entry(
            format!("{}#started", game_url(g.id)),
            lang.t3(
                "feeds-player-started",
                "id",
                g.id.0,
                "white",
                &white,
                "black",
                &black,
            ),
            g.created_at,
            game_url(g.id),
            lang.t3(
                "feeds-player-started-summary",
                "variant",
                crate::i18n::preset_name(lang, &g.variant),
                "white",
                &white,
                "black",
                &black,
            ),
        ));
    }
    // Stable: at equal times a game's end stays before its start.
    events.sort_by_key(|e| std::cmp::Reverse(e.updated));
    events.truncate(FEED_ENTRIES);
    let profile = state
        .config
        .absolute_url(&format!("/users/{}", user.username));
    Feed {
        id: profile.clone(),
        title: Text::plain(lang.t1("feeds-player-title", "name", &user.username)),
        updated: events
            .first()
            .map_or_else(|| fixed(user.created_at), |e| e.updated),
        authors: vec![Person {
            name: user.username.clone(),
            uri: Some(profile.clone()),
            ..Person::default()
        }],
        links: vec![
            link(profile, "alternate"),
            link(
                state
                    .config
                    .absolute_url(&format!("/users/{}/feed.atom", user.username)),
                "self",
            ),
        ],
        entries: events,
        ..Feed::default()
    }
}
