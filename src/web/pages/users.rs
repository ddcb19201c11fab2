//! Player profiles (`/users/{name}`: ratings per variant with their history, current and
//! finished games, the record against the viewer) and the leaderboards
//! (`/ratings/{variant}`).

use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::accounts::{blocks, users, AccountError};
use crate::games::query::{self, GameListing, Record};
use crate::games::GameError;
use crate::i18n::{DateStyle, Lang, MessageArg};
use crate::ratings::{self, glicko2::Rating, HistoryPoint, RatingRow};
use crate::web::csrf::NoFields;
use crate::web::CsrfForm;
use crate::web::{render, AppState, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/users/{name}", web::get().to(profile))
        .route("/users/{name}/block", web::post().to(block))
        .route("/users/{name}/unblock", web::post().to(unblock))
        .route("/bots", web::get().to(bots_page))
        .route("/ratings", web::get().to(leaderboards))
        .route("/ratings/{variant}", web::get().to(leaderboard));
}

/// Finished games per profile page.
const FINISHED_PER_PAGE: i64 = 20;
/// Games in progress a profile lists (the newest); the logs list them all.
const CURRENT_SHOWN: i64 = 30;
/// Players per leaderboard.
const LEADERBOARD_SIZE: usize = 100;

/// One variant's line of a profile.
pub struct VariantRating {
    pub variant: String,
    pub variant_name: String,
    /// "1662?" while provisional.
    pub label: String,
    pub deviation: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// The rating after each rated game, as an inline SVG.
    pub chart: String,
}

pub struct ListedGame {
    pub url: String,
    pub title: String,
    pub detail: String,
}

#[derive(Template)]
#[template(path = "pages/users/profile.html")]
struct ProfilePage<'a> {
    ctx: &'a Ctx,
    username: String,
    is_bot: bool,
    joined: String,
    ratings: Vec<VariantRating>,
    current: Vec<ListedGame>,
    /// How many games in progress the player has, when that is more than `current` lists.
    current_total: Option<usize>,
    finished: Vec<ListedGame>,
    /// Links to the newest page, the newer and the older games, when there are such.
    newest_link: Option<String>,
    newer_link: Option<String>,
    older_link: Option<String>,
    /// The viewer's record against this player (signed in, someone else's profile), in
    /// words.
    record: Option<String>,
    can_challenge: bool,
    /// Someone else's profile, seen signed in: the block form, and whether it is on.
    block: Option<bool>,
}

/// The finished games' page: older than `before`, or newer than `after` (cursors of
/// `FinishedCursor`); a malformed cursor is the first page.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PageQuery {
    before: String,
    after: String,
}

impl PageQuery {
    fn walk(&self) -> query::Walk {
        if let Some(c) = query::FinishedCursor::parse(&self.before) {
            query::Walk::Older(c)
        } else if let Some(c) = query::FinishedCursor::parse(&self.after) {
            query::Walk::Newer(c)
        } else {
            query::Walk::Newest
        }
    }
}

/// What a profile shows, read on one connection.
struct Profile {
    user: crate::accounts::User,
    ratings: Vec<(RatingRow, Rating)>,
    history: Vec<HistoryPoint>,
    /// The newest games in progress, and how many there are in all.
    current: (Vec<GameListing>, usize),
    finished: Vec<GameListing>,
    record: Option<Record>,
    /// Whether the viewer has blocked this player (`None`: their own profile, or no viewer).
    blocked: Option<bool>,
}

async fn profile(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let name = path.into_inner();
    let walk = q.walk();
    let now = state.clock.now_db();
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let found = state
        .db(move |conn| -> Result<Option<Profile>, GameError> {
            let Some(user) = users::find_by_username(conn, &name).map_err(GameError::from)? else {
                return Ok(None);
            };
            let (record, blocked) = match viewer {
                Some(me) if me != user.id => (
                    Some(query::head_to_head(conn, me, user.id)?),
                    Some(blocks::has_blocked(conn, me, user.id)?),
                ),
                _ => (None, None),
            };
            Ok(Some(Profile {
                ratings: ratings::of_user(conn, user.id, now)?,
                history: ratings::history(conn, user.id)?,
                current: query::recent_active_of(conn, user.id, CURRENT_SHOWN)?,
                finished: query::finished_of(conn, user.id, walk, FINISHED_PER_PAGE + 1)?,
                record,
                blocked,
                user,
            }))
        })
        .await?
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let Some(found) = found else {
        return Err(WebError::NotFound);
    };
    render::page(&profile_page(&ctx, found, walk))
}

fn profile_page(ctx: &Ctx, found: Profile, walk: query::Walk) -> ProfilePage<'_> {
    let time_zone = ctx.time_zone();
    let lang = &ctx.lang;
    let ratings = found
        .ratings
        .iter()
        .map(|(row, current)| VariantRating {
            variant: row.variant.clone(),
            variant_name: crate::logs::list::variant_title(lang, &row.variant),
            label: ratings::label(current),
            deviation: format!("{:.0}", current.deviation),
            games: row.games,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            chart: rating_chart(lang, &found.history, &row.variant),
        })
        .collect();
    let (current_games, total) = &found.current;
    let current: Vec<ListedGame> = current_games
        .iter()
        .map(|g| listed(g, lang, time_zone))
        .collect();
    let current_total = (*total > current.len()).then_some(*total);
    // One row more than shown tells whether there are more beyond, in the walk's direction
    // (the oldest for older pages, the newest for newer ones).
    let mut rows = found.finished;
    let more = rows.len() as i64 > FINISHED_PER_PAGE;
    if more {
        match walk {
            query::Walk::Newer(_) => {
                rows.remove(0);
            }
            _ => rows.truncate(FINISHED_PER_PAGE as usize),
        }
    }
    let base = format!("/users/{}", found.user.username);
    let link = |key: &str, game: Option<&GameListing>| {
        game.and_then(query::FinishedCursor::of)
            .map(|c| format!("{base}?{key}={}", c.to_param()))
    };
    let (newer_exists, older_exists) = match walk {
        query::Walk::Newest => (false, more),
        query::Walk::Older(_) => (true, more),
        query::Walk::Newer(_) => (more, true),
    };
    let newer_link = newer_exists.then(|| link("after", rows.first())).flatten();
    let older_link = older_exists.then(|| link("before", rows.last())).flatten();
    let newest_link = (walk != query::Walk::Newest).then(|| base.clone());
    let finished: Vec<ListedGame> = rows.iter().map(|g| listed(g, lang, time_zone)).collect();
    let is_me = ctx.user.as_ref().is_some_and(|u| u.id == found.user.id);
    ProfilePage {
        ctx,
        username: found.user.username.clone(),
        is_bot: found.user.is_bot,
        joined: ctx.date(&found.user.created_at),
        ratings,
        current,
        current_total,
        finished,
        newest_link,
        newer_link,
        older_link,
        record: found
            .record
            .map(|r| record_text(lang, &found.user.username, &r)),
        can_challenge: !is_me && found.blocked != Some(true),
        block: found.blocked,
    }
}

async fn block(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    set_block(state, ctx, path.into_inner(), true).await
}

async fn unblock(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    set_block(state, ctx, path.into_inner(), false).await
}

/// Blocks or unblocks the player `name` for the signed-in viewer.
async fn set_block(
    state: web::Data<AppState>,
    ctx: Ctx,
    name: String,
    on: bool,
) -> Result<HttpResponse, WebError> {
    let me = ctx.require_user()?.id;
    let now = state.clock.now_db();
    let target = name.clone();
    let result = state
        .db(move |conn| {
            let other = users::find_by_username(conn, &target)?.ok_or(AccountError::NotFound)?;
            if on {
                blocks::block(conn, now, me, other.id)
            } else {
                blocks::unblock(conn, me, other.id)
            }
        })
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!("/users/{name}"))),
        Err(AccountError::NotFound) => Err(WebError::NotFound),
        Err(e) if e.is_user_error() => Err(WebError::BadRequest(e.localized(&ctx.lang))),
        Err(e) => Err(WebError::Internal(e.to_string())),
    }
}

/// "Your record against alice: 2 won, 1 drawn, 0 lost."
fn record_text(lang: &Lang, name: &str, r: &Record) -> String {
    lang.t_args(
        "users-record",
        &[
            ("name", &name as &dyn MessageArg),
            ("won", &r.wins),
            ("drawn", &r.draws),
            ("lost", &r.losses),
        ],
    )
}

fn listed(g: &GameListing, lang: &Lang, time_zone: &str) -> ListedGame {
    let date = |at| lang.datetime(at, time_zone, DateStyle::Date);
    let detail = match (&g.result, g.finished_at) {
        (Some(result), Some(at)) => lang.t2(
            "users-game-result-date",
            "result",
            result.as_str(),
            "date",
            date(at),
        ),
        (None, Some(at)) => lang.t1("users-game-no-result-date", "date", date(at)),
        _ => lang.t1("users-game-plies", "count", g.ply),
    };
    ListedGame {
        url: format!("/games/{}", g.id),
        title: lang.t_args(
            "users-game-title",
            &[
                ("id", &g.id.to_string() as &dyn MessageArg),
                ("variant", &crate::i18n::preset_name(lang, &g.variant)),
                ("white", &g.white),
                ("black", &g.black),
            ],
        ),
        detail,
    }
}

/// The ratings of `variant` in `history` as a small line chart (inline SVG, drawn here so
/// that it needs no script), described in `lang`. Empty when there is nothing to draw.
pub fn rating_chart(lang: &Lang, history: &[HistoryPoint], variant: &str) -> String {
    const WIDTH: f64 = 320.0;
    const HEIGHT: f64 = 120.0;
    const PAD: f64 = 8.0;
    let points: Vec<f64> = history
        .iter()
        .filter(|p| p.variant == variant)
        .map(|p| p.rating)
        .collect();
    if points.is_empty() {
        return String::new();
    }
    let (low, high) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    // At least 100 points of range, so a flat line sits in the middle.
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(50.0);
    let (low, high) = (middle - half, middle + half);
    let step = if points.len() > 1 {
        (WIDTH - 2.0 * PAD) / (points.len() - 1) as f64
    } else {
        0.0
    };
    let coordinates: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let x = PAD + step * i as f64;
            let y = PAD + (high - r) / (high - low) * (HEIGHT - 2.0 * PAD);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    let last = coordinates.last().cloned().unwrap_or_default();
    let (first_rating, last_rating) = (points[0], points[points.len() - 1]);
    let label = lang.t3(
        "users-chart-label",
        "count",
        points.len(),
        "first",
        format!("{first_rating:.0}"),
        "last",
        format!("{last_rating:.0}"),
    );
    let label = label
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    format!(
        "<svg class=\"rating-chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" \
         height=\"{HEIGHT}\" role=\"img\" aria-label=\"{label}\"><text x=\"{PAD}\" y=\"14\" \
         class=\"chart-label\">{high:.0}</text><text x=\"{PAD}\" y=\"{bottom}\" \
         class=\"chart-label\">{low:.0}</text><polyline fill=\"none\" stroke=\"currentColor\" \
         stroke-width=\"2\" points=\"{line}\"/><circle r=\"3\" cx=\"{cx}\" cy=\"{cy}\" \
         fill=\"currentColor\"/></svg>",
        bottom = HEIGHT - 2.0,
        line = coordinates.join(" "),
        cx = last.split(',').next().unwrap_or("0"),
        cy = last.split(',').nth(1).unwrap_or("0"),
    )
}

/// A bot on `/bots`.
pub struct BotLine {
    pub username: String,
    pub online: bool,
    pub variants: String,
}

#[derive(Template)]
#[template(path = "pages/users/bots.html")]
struct BotsPage<'a> {
    ctx: &'a Ctx,
    bots: Vec<BotLine>,
}

/// The bots of the site: whether each is online (its event stream open) and the variants it
/// has played.
async fn bots_page(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let now = state.clock.now_db();
    let found = state
        .db(move |conn| crate::bots::listing(conn))
        .await?
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let bots = found
        .into_iter()
        .map(|(user, variants)| BotLine {
            online: crate::accounts::bots::is_online(&user, now),
            username: user.username,
            variants: if variants.is_empty() {
                ctx.t("users-bots-no-variants")
            } else {
                variants.join(", ")
            },
        })
        .collect();
    render::page(&BotsPage { ctx: &ctx, bots })
}

#[derive(Template)]
#[template(path = "pages/users/leaderboards.html")]
struct LeaderboardsPage<'a> {
    ctx: &'a Ctx,
    variants: Vec<crate::presets::BuiltinChoice>,
}

/// The list of leaderboards: one per built-in variant.
async fn leaderboards(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&LeaderboardsPage {
        ctx: &ctx,
        variants: crate::presets::builtin_choices(&ctx.lang),
    })
}

/// A leaderboard line as shown.
pub struct LeaderLine {
    pub rank: usize,
    pub username: String,
    pub is_bot: bool,
    pub rating: String,
    pub deviation: String,
    pub games: i64,
}

#[derive(Template)]
#[template(path = "pages/users/leaderboard.html")]
struct LeaderboardPage<'a> {
    ctx: &'a Ctx,
    variant_name: String,
    lines: Vec<LeaderLine>,
    /// The deviation a player must be below, as shown: "150".
    max_deviation: String,
    active_days: i64,
}

async fn leaderboard(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let variant = path.into_inner();
    if plypost_rules::Variant::builtin(&variant).is_err() {
        return Err(WebError::NotFound);
    }
    let now = state.clock.now_db();
    let key = variant.clone();
    let ranked = state
        .db(move |conn| ratings::leaderboard(conn, &key, now, LEADERBOARD_SIZE))
        .await?
        .map_err(|e| WebError::database(&e))?;
    let lines = ranked
        .into_iter()
        .enumerate()
        .map(|(i, r)| LeaderLine {
            rank: i + 1,
            username: r.username,
            is_bot: r.is_bot,
            rating: ratings::label(&r.now),
            deviation: format!("{:.0}", r.now.deviation),
            games: r.row.games,
        })
        .collect();
    render::page(&LeaderboardPage {
        ctx: &ctx,
        variant_name: crate::logs::list::variant_title(&ctx.lang, &variant),
        lines,
        max_deviation: ctx.lang.decimal(ratings::LEADERBOARD_DEVIATION_BELOW, 0),
        active_days: ratings::LEADERBOARD_ACTIVE_DAYS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDateTime;

    fn point(rating: f64) -> HistoryPoint {
        HistoryPoint {
            variant: "chess".into(),
            rating,
            deviation: 100.0,
            recorded_at: NaiveDateTime::default(),
        }
    }

    #[test]
    fn the_chart_draws_one_point_per_game_of_its_variant() {
        let mut history = vec![point(1500.0), point(1662.3), point(1600.0)];
        history.push(HistoryPoint {
            variant: "terachess2".into(),
            ..point(1400.0)
        });
        let svg = rating_chart(&Lang::default(), &history, "chess");
        let line = svg
            .split("points=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap();
        assert_eq!(line.split(' ').count(), 3);
        assert!(svg.contains("3 rated games, from 1500 to 1600"));
        assert_eq!(rating_chart(&Lang::default(), &history, "shogi"), "");
    }
}
