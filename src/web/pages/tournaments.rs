//! Tournament pages: the list (`/tournaments`), the creation and edit forms, and an event's
//! page with its players, standings, crosstable and games (`/tournaments/{id}`).

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::games::{error_response, parse_id};
use crate::games::{GameError, GameId};
use crate::i18n::{Lang, MessageArg};
use crate::presets::query::ChallengeChoice;
use crate::time_control::{TimeControl, TimeControlInput};
use crate::tournaments::{
    self as service, Entrant, Listing, NewTournament, Table, TournamentKind, TournamentRow,
};
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments", web::get().to(list))
        .route("/tournaments", web::post().to(create))
        .route("/tournaments/new", web::get().to(new_form))
        .route("/tournaments/{id}", web::get().to(show))
        .route("/tournaments/{id}/edit", web::get().to(edit_form))
        .route("/tournaments/{id}/edit", web::post().to(edit))
        .route("/tournaments/{id}/{action}", web::post().to(act));
}

/// One section of the list: its title, its anchor (the status's word), one page of its
/// events and where its next page starts.
struct Section {
    title: String,
    status: &'static str,
    events: Vec<ListedEvent>,
    older: Option<i64>,
}

/// An event as the list shows it.
struct ListedEvent {
    id: i64,
    name: String,
    /// "round-robin, 3 of 8 players, rated; won by alice".
    facts: String,
}

impl ListedEvent {
    fn of(lang: &Lang, l: Listing) -> Self {
        let kind = if l.row.is_swiss() {
            "tournaments-kind-swiss-short"
        } else if l.row.double_round {
            "tournaments-kind-double-short"
        } else {
            "tournaments-kind-round-robin-short"
        };
        let rated = if l.row.rated { "yes" } else { "no" };
        let facts = lang.t_args(
            "tournaments-listing-facts",
            &[
                ("kind", &lang.t(kind) as &dyn MessageArg),
                ("players", &l.players),
                ("max", &l.row.max_players),
                ("rated", &rated),
            ],
        );
        let facts = match &l.winner {
            Some(winner) => lang.t2("tournaments-listing-won", "facts", facts, "winner", winner),
            None => facts,
        };
        ListedEvent {
            id: l.row.id,
            name: l.row.name,
            facts,
        }
    }
}

#[derive(Template)]
#[template(path = "pages/tournaments/list.html")]
struct ListPage<'a> {
    ctx: &'a Ctx,
    sections: Vec<Section>,
    /// A later page of one section (the others are not shown).
    later_page: bool,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListQuery {
    /// One section: `open`, `running` or `finished`.
    status: String,
    /// Only events older than this one (keyset paging).
    before: Option<i64>,
}

async fn list(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: web::Query<ListQuery>,
) -> Result<HttpResponse, WebError> {
    let all = [
        ("tournaments-section-open", service::TournamentStatus::Open),
        (
            "tournaments-section-running",
            service::TournamentStatus::Running,
        ),
        (
            "tournaments-section-finished",
            service::TournamentStatus::Finished,
        ),
    ];
    let one: Option<service::TournamentStatus> = q.status.parse().ok();
    let shown: Vec<(&'static str, service::TournamentStatus)> = all
        .into_iter()
        .filter(|(_, status)| one.is_none_or(|o| o == *status))
        .collect();
    let before = if one.is_some() { q.before } else { None };
    let wanted = shown.clone();
    let pages = state
        .db(move |db| {
            wanted
                .iter()
                .map(|(_, status)| service::listings(db, *status, before))
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    let pages = match pages {
        Ok(pages) => pages,
        Err(e) => return error_response(&ctx, e, "/"),
    };
    let sections = shown
        .into_iter()
        .zip(pages)
        .map(|((title, status), page)| Section {
            title: ctx.t(title),
            status: status.as_str(),
            events: page
                .events
                .into_iter()
                .map(|l| ListedEvent::of(&ctx.lang, l))
                .collect(),
            older: page.older,
        })
        .collect();
    render::page(&ListPage {
        ctx: &ctx,
        sections,
        later_page: one.is_some(),
    })
}

/// The creation form, as typed (also the edit form).
#[derive(Debug, Default, Deserialize, Clone)]
#[serde(default)]
pub struct TournamentForm {
    name: String,
    description: String,
    preset: String,
    kind: String,
    double_round: Option<String>,
    rounds: String,
    time_kind: String,
    days_per_move: String,
    reserve_days: String,
    increment_hours: String,
    cap_days: String,
    no_vacation: Option<String>,
    rating: String,
    min_players: String,
    max_players: String,
    starts_at: String,
    invite_only: Option<String>,
    rating_min: String,
    rating_max: String,
}

impl TournamentForm {
    /// The tournament this form asks for; an error (in `lang`) names the field it is about.
    fn typed(&self, lang: &Lang) -> Result<NewTournament, String> {
        let number = |text: &str, field: &str| -> Result<Option<i64>, String> {
            match text.trim() {
                "" => Ok(None),
                n => n
                    .parse()
                    .map(Some)
                    .map_err(|_| lang.t1("tournaments-error-whole-number", "field", field)),
            }
        };
        let kind = match self.kind.trim() {
            "" => TournamentKind::RoundRobin,
            text => text
                .parse()
                .map_err(|_| lang.t1("tournaments-error-kind", "text", text))?,
        };
        let control = TimeControl::parse(
            &TimeControlInput {
                kind: self.time_kind.clone(),
                days_per_move: self.days_per_move.clone(),
                reserve_days: self.reserve_days.clone(),
                increment_hours: self.increment_hours.clone(),
                cap_days: self.cap_days.clone(),
            },
            false,
        )
        .map_err(|e| e.text(lang))?;
        Ok(NewTournament {
            name: self.name.clone(),
            description: self.description.clone(),
            preset: self.preset.trim().to_owned(),
            kind,
            double_round: self.double_round.is_some(),
            rounds: number(&self.rounds, "rounds")?,
            control,
            allow_vacation: self.no_vacation.is_none(),
            rated: self.rating != "casual",
            min_players: number(&self.min_players, "min_players")?,
            max_players: number(&self.max_players, "max_players")?,
            starts_at: service::parse_start(&self.starts_at).map_err(|e| e.text(lang))?,
            invite_only: self.invite_only.is_some(),
            rating_range: (
                number(&self.rating_min, "rating_min")?,
                number(&self.rating_max, "rating_max")?,
            ),
        })
    }

    fn of(t: &TournamentRow) -> TournamentForm {
        let text = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
        TournamentForm {
            name: t.name.clone(),
            description: t.description.clone(),
            kind: t.kind.as_str().to_owned(),
            rounds: text(t.rounds),
            time_kind: t.time_kind.as_str().to_owned(),
            days_per_move: text(t.days_per_move),
            reserve_days: text(t.reserve_days),
            increment_hours: text(t.increment_hours),
            cap_days: text(t.cap_days),
            min_players: t.min_players.to_string(),
            max_players: t.max_players.to_string(),
            starts_at: t
                .starts_at
                .map(|at| at.format("%Y-%m-%dT%H:%M").to_string())
                .unwrap_or_default(),
            rating_min: text(t.rating_min),
            rating_max: text(t.rating_max),
            ..TournamentForm::default()
        }
    }
}

#[derive(Template)]
#[template(path = "pages/tournaments/form.html")]
struct FormPage<'a> {
    ctx: &'a Ctx,
    /// `None`: a new event; else the event edited.
    editing: Option<i64>,
    form: TournamentForm,
    presets: Vec<ChallengeChoice>,
    error: Option<String>,
}

async fn form_page(
    state: &AppState,
    ctx: &Ctx,
    editing: Option<i64>,
    form: TournamentForm,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let wanted = form.preset.clone();
    let presets = state
        .db(move |conn| crate::presets::query::challenge_choices(conn, user, Some(wanted.as_str())))
        .await?
        .unwrap_or_default();
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render::page_with_status(
        status,
        &FormPage {
            ctx,
            editing,
            form,
            presets,
            error,
        },
    )
}

async fn new_form(state: web::Data<AppState>, ctx: Ctx) -> Result<HttpResponse, WebError> {
    let form = TournamentForm {
        kind: service::TournamentKind::RoundRobin.as_str().into(),
        days_per_move: "3".into(),
        min_players: "3".into(),
        max_players: "8".into(),
        ..TournamentForm::default()
    };
    form_page(&state, &ctx, None, form, None).await
}

async fn create(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let organiser = ctx.require_user()?.clone();
    let (clock, input) = (state.clock.clone(), form.typed(&ctx.lang));
    let input = match input {
        Ok(input) => input,
        Err(message) => return form_page(&state, &ctx, None, form, Some(message)).await,
    };
    match state
        .db(move |db| service::create(db, &*clock, &organiser, &input))
        .await?
    {
        Ok(id) => Ok(render::redirect(&format!("/tournaments/{id}?done=created"))),
        Err(GameError::Invalid(message)) => {
            let message = message.text(&ctx.lang);
            form_page(&state, &ctx, None, form, Some(message)).await
        }
        Err(e) => error_response(&ctx, e, "/tournaments"),
    }
}

async fn edit_form(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.clone();
    let t = match state
        .db(move |db| service::for_editing(db, id, &user))
        .await?
    {
        Ok(t) => t,
        Err(e) => return error_response(&ctx, e, &format!("/tournaments/{id}")),
    };
    form_page(&state, &ctx, Some(id), TournamentForm::of(&t), None).await
}

async fn edit(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let user = ctx.require_user()?.id;
    let (clock, input) = (state.clock.clone(), form.typed(&ctx.lang));
    let input = match input {
        Ok(input) => input,
        Err(message) => return form_page(&state, &ctx, Some(id), form, Some(message)).await,
    };
    match state
        .db(move |db| service::edit(db, &*clock, user, id, &input))
        .await?
    {
        Ok(()) => Ok(render::redirect(&format!("/tournaments/{id}?done=edited"))),
        Err(GameError::Invalid(message)) => {
            let message = message.text(&ctx.lang);
            form_page(&state, &ctx, Some(id), form, Some(message)).await
        }
        Err(e) => error_response(&ctx, e, &format!("/tournaments/{id}")),
    }
}

/// One cell of the crosstable as shown: links to its games, or a word (a bye, the diagonal).
pub struct CrossCell {
    /// (game, label, title).
    pub links: Vec<(GameId, String, String)>,
    pub text: String,
}

/// One row of the crosstable.
pub struct CrossRow {
    pub standing: crate::tournaments::Standing,
    pub cells: Vec<CrossCell>,
    pub tiebreaks: Vec<String>,
}

fn cross_rows(lang: &Lang, t: &TournamentRow, table: &Table) -> Vec<CrossRow> {
    let swiss = t.is_swiss();
    table
        .rows
        .iter()
        .enumerate()
        .map(|(i, standing)| CrossRow {
            standing: standing.clone(),
            cells: table.cells[i]
                .iter()
                .enumerate()
                .map(|(j, games)| {
                    let text = if !swiss && i == j {
                        "—".to_owned()
                    } else if swiss && games.is_empty() && table.byes[i] == Some(j as i64 + 1) {
                        lang.t("tournaments-cell-bye")
                    } else {
                        String::new()
                    };
                    CrossCell {
                        links: games
                            .iter()
                            .map(|g| {
                                let colour = if g.white { "white" } else { "black" };
                                let label = if swiss {
                                    lang.t3(
                                        "tournaments-cell-swiss",
                                        "rank",
                                        g.opponent_rank.to_string(),
                                        "colour",
                                        colour,
                                        "result",
                                        g.symbol,
                                    )
                                } else {
                                    g.symbol.to_owned()
                                };
                                let title = if g.white {
                                    "tournaments-cell-white"
                                } else {
                                    "tournaments-cell-black"
                                };
                                (g.game, label, lang.t(title))
                            })
                            .collect(),
                        text,
                    }
                })
                .collect(),
            tiebreaks: standing
                .tiebreaks
                .iter()
                .map(|v| lang.decimal(*v, 2))
                .collect(),
        })
        .collect()
}

/// A game in progress, as listed.
pub struct LiveGame {
    pub id: GameId,
    pub round: i64,
    pub white: String,
    pub black: String,
}

#[derive(Template)]
#[template(path = "pages/tournaments/show.html")]
struct ShowPage<'a> {
    ctx: &'a Ctx,
    t: TournamentRow,
    description: String,
    organiser: String,
    preset: String,
    time_control: String,
    entrants: Vec<Entrant>,
    cross: Vec<CrossRow>,
    tiebreak_names: Vec<&'static str>,
    live: Vec<LiveGame>,
    rounds: Vec<i64>,
    is_organiser: bool,
    /// The viewer's place on the list: `joined`, `invited`, `withdrawn`, or empty.
    /// The viewer plays in the event.
    joined: bool,
    notice: Option<String>,
    /// Where the event stands: "Running: round 2".
    status: String,
}

/// Where `t` stands, in words of `lang`: "Open for players; starts when full",
/// "Finished: won by alice".
fn status_text(lang: &Lang, t: &TournamentRow, winner: Option<&String>) -> String {
    use service::TournamentStatus as S;
    match t.status {
        S::Open => match t.starts_at {
            Some(at) => lang.t2(
                "tournaments-status-open-starts",
                "at",
                at.to_string(),
                "date",
                lang.datetime(at, "UTC", crate::i18n::DateStyle::DateTime),
            ),
            None => lang.t("tournaments-status-open-when-full"),
        },
        S::Running if t.is_swiss() => {
            lang.t1("tournaments-status-running-round", "round", t.current_round)
        }
        S::Running => lang.t("tournaments-status-running"),
        S::Finished => match winner {
            Some(w) => lang.t1("tournaments-status-finished-won", "winner", w),
            None => lang.t("tournaments-status-finished"),
        },
        S::Cancelled => lang.t("tournaments-status-cancelled"),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DoneQuery {
    done: String,
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let id = parse_id(&path)?;
    let detail = match state.db(move |db| service::detail(db, id)).await? {
        Ok(detail) => detail,
        Err(e) => return error_response(&ctx, e, "/tournaments"),
    };
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let name = |id: crate::db::UserId| {
        detail
            .entrants
            .iter()
            .find(|e| e.user_id == id)
            .map(|e| e.username.clone())
            .unwrap_or_default()
    };
    let live = detail
        .games
        .iter()
        .filter(|g| g.status == crate::domain::GameStatus::Active)
        .map(|g| LiveGame {
            id: g.id,
            round: g.round,
            white: name(g.white),
            black: name(g.black),
        })
        .collect();
    let t = detail.tournament;
    let rounds = (1..=detail.table.cells.first().map_or(0, |c| c.len() as i64)).collect();
    let winner = t.winner_id.map(name);
    let notice = match q.done.as_str() {
        "created" => Some("tournaments-notice-created"),
        "edited" => Some("tournaments-notice-edited"),
        "join" => Some("tournaments-notice-join"),
        "leave" => Some("tournaments-notice-leave"),
        "start" => Some("tournaments-notice-start"),
        "cancel" => Some("tournaments-notice-cancel"),
        "remove" => Some("tournaments-notice-remove"),
        "invite" => Some("tournaments-notice-invite"),
        _ => None,
    };
    render::page(&ShowPage {
        ctx: &ctx,
        description: super::presets_markdown::render(&t.description),
        organiser: detail.organiser,
        preset: format!(
            "{}, {}",
            crate::i18n::preset_name(&ctx.lang, &detail.preset.0),
            ctx.t1("presets-version-n", "version", detail.preset.1.to_string())
        ),
        time_control: t.time_control().describe_in(&ctx.lang),
        status: status_text(&ctx.lang, &t, winner.as_ref()),
        joined: viewer
            .and_then(|v| detail.entrants.iter().find(|e| e.user_id == v))
            .is_some_and(|e| e.is_playing()),
        is_organiser: viewer == Some(t.organiser_id),
        entrants: detail.entrants,
        cross: cross_rows(&ctx.lang, &t, &detail.table),
        tiebreak_names: detail.table.tiebreak_names.clone(),
        live,
        rounds,
        notice: notice.map(|id| ctx.t(id)),
        t,
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ActionForm {
    username: String,
    usernames: String,
}

async fn act(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<(String, String)>,
    CsrfForm(form): CsrfForm<ActionForm>,
) -> Result<HttpResponse, WebError> {
    let (id, action) = path.into_inner();
    let id = parse_id(&id)?;
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let action_name = action.clone();
    let result = state
        .db(move |db| match action.as_str() {
            "join" => service::join(db, &*clock, &config, user, id),
            "leave" => crate::play::withdrawal::leave(db, &*clock, &config, user, id),
            "start" => service::start(db, &*clock, &config, user, id),
            "cancel" => service::cancel(db, &*clock, user, id),
            "remove" => service::remove(db, user, id, &form.username),
            "invite" => {
                let names: Vec<String> = form
                    .usernames
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .map(str::to_owned)
                    .collect();
                service::invite(db, user, id, &names).map(|_| ())
            }
            _ => Err(GameError::NotFound),
        })
        .await?;
    match result {
        Ok(()) => {
            state.changed();
            Ok(render::redirect(&format!(
                "/tournaments/{id}?done={action_name}"
            )))
        }
        Err(e) => error_response(&ctx, e, &format!("/tournaments/{id}")),
    }
}
