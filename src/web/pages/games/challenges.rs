//! The lobby (`/games`): invitations, own challenges, open challenges; and the form that
//! creates a challenge.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use chrono::NaiveDateTime;
use serde::Deserialize;

use super::{error_response, parse_id, words};
use crate::challenges::{self, NewChallenge};
use crate::domain::{ChallengeStatus, ColorChoice, TimeKind};
use crate::games::model::ChallengeRow;
use crate::games::query::{self, ChallengeListing};
use crate::games::{ChallengeId, GameError, MAX_DAYS_PER_MOVE, MIN_DAYS_PER_MOVE};
use crate::i18n::Lang;
use crate::presets::query::{self as preset_query, ChallengeChoice};
use crate::presets::{builtin_choices, BuiltinChoice};
use crate::time_control::{TimeControl, TimeControlInput};
use crate::web::csrf::NoFields;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games", web::get().to(lobby))
        .route("/challenges/new", web::get().to(new_form))
        .route("/challenges", web::post().to(create))
        .route("/challenges/{id}/accept", web::post().to(accept))
        .route("/challenges/{id}/decline", web::post().to(decline))
        .route("/challenges/{id}/cancel", web::post().to(cancel));
}

pub struct ChallengeItem {
    pub id: ChallengeId,
    pub author: String,
    pub author_is_bot: bool,
    pub opponent: Option<String>,
    pub variant: String,
    /// "alice plays White" / "colours drawn at random".
    pub colours: String,
    pub days: i64,
    /// The time control in words, with "no vacation" and "rated" or "casual".
    pub time_control: String,
    pub message: String,
    pub created: String,
    pub mine: bool,
    /// The author's rating in a rated challenge's variant ("1662?"); `None`: casual.
    pub author_rating: Option<String>,
    /// "for players rated 1400 to 1700", when an open challenge sets a range.
    pub range: Option<String>,
}

/// A challenge's time control, vacation rule and rating, as the lobby words them.
struct Terms {
    control: TimeControl,
    allow_vacation: bool,
    rated: bool,
}

/// The terms of the listed challenges, read from their rows (a listing words them in
/// English only).
fn terms_of(
    conn: &mut crate::db::DbConn,
    lists: &[&[ChallengeListing]],
) -> Result<HashMap<ChallengeId, Terms>, GameError> {
    use crate::db::schema::challenges as table;
    use diesel::prelude::*;
    let ids: Vec<ChallengeId> = lists.iter().flat_map(|l| l.iter().map(|c| c.id)).collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<ChallengeRow> = table::table
        .filter(table::id.eq_any(&ids))
        .select(ChallengeRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let terms = Terms {
                control: row.time_control(),
                allow_vacation: row.allow_vacation,
                rated: row.rated_variant.is_some(),
            };
            (row.id, terms)
        })
        .collect())
}

fn items(
    list: Vec<ChallengeListing>,
    terms: &HashMap<ChallengeId, Terms>,
    ctx: &Ctx,
    now: NaiveDateTime,
) -> Vec<ChallengeItem> {
    let me = ctx.user.as_ref().map(|u| u.id);
    let tz = ctx.user.as_ref().map_or("UTC", |u| u.time_zone.as_str());
    let lang = &ctx.lang;
    list.into_iter()
        .map(|c| ChallengeItem {
            colours: words::colours_text(lang, &c.author, c.author_color),
            time_control: terms.get(&c.id).map_or_else(
                || c.time_control.clone(),
                |t| words::challenge_terms(lang, &t.control, t.allow_vacation, t.rated),
            ),
            id: c.id,
            mine: Some(c.author_id) == me,
            author_rating: c.rated.as_ref().map(|(_, row)| {
                let rating = row.as_ref().map_or_else(Default::default, |r| r.as_of(now));
                crate::ratings::label(&rating)
            }),
            range: words::rating_range(lang, c.rating_range),
            author: c.author,
            author_is_bot: c.author_is_bot,
            opponent: c.opponent,
            variant: crate::i18n::preset_name(lang, &c.variant),
            days: c.days_per_move.unwrap_or(0),
            message: c.message,
            created: lang.datetime(c.created_at, tz, crate::i18n::DateStyle::DateTime),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "pages/games/lobby.html")]
struct LobbyPage<'a> {
    ctx: &'a Ctx,
    notice: Option<String>,
    incoming: Vec<ChallengeItem>,
    outgoing: Vec<ChallengeItem>,
    /// The player's challenges declined lately.
    declined: Vec<ChallengeItem>,
    open: Vec<ChallengeItem>,
    /// The next page of open challenges starts before this one.
    older: Option<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LobbyQuery {
    done: String,
    /// The page of open challenges older than this one.
    before: Option<i64>,
}

async fn lobby(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: web::Query<LobbyQuery>,
) -> Result<HttpResponse, WebError> {
    // Visitors see the open challenges too; accepting needs an account.
    let user = ctx.user.as_ref().map(|u| u.id);
    let now = state.clock.now_db();
    let before = q.before.map(ChallengeId);
    let result = state
        .db(move |conn| {
            let page = query::open_challenges(conn, before)?;
            let (mut open, older) = (page.challenges, page.older);
            let (incoming, outgoing, declined) = match user {
                Some(user) => {
                    // Nobody sees the open challenges of a player they blocked or who
                    // blocked them (accepting one would be refused).
                    let blocked = crate::accounts::blocks::involving(conn, user)?;
                    open.retain(|c| !blocked.contains(&c.author_id));
                    let (incoming, outgoing) = query::challenges_of(conn, user)?;
                    (incoming, outgoing, query::declined_of(conn, user, now)?)
                }
                None => (Vec::new(), Vec::new(), Vec::new()),
            };
            let terms = terms_of(conn, &[&open, &incoming, &outgoing, &declined])?;
            Ok::<_, GameError>((open, older, incoming, outgoing, declined, terms))
        })
        .await?;
    let (open, older, incoming, outgoing, declined, terms) = match result {
        Ok(lists) => lists,
        Err(e) => return error_response(&ctx, e, "/"),
    };
    let notice = match q.done.as_str() {
        "created" => Some("games-challenge-posted"),
        done => match done.parse::<ChallengeStatus>() {
            Ok(ChallengeStatus::Declined) => Some("games-challenge-declined"),
            Ok(ChallengeStatus::Cancelled) => Some("games-challenge-withdrawn"),
            _ => None,
        },
    };
    render::page(&LobbyPage {
        ctx: &ctx,
        notice: notice.map(|id| ctx.t(id)),
        incoming: items(incoming, &terms, &ctx, now),
        outgoing: items(outgoing, &terms, &ctx, now),
        declined: items(declined, &terms, &ctx, now),
        open: items(open, &terms, &ctx, now)
            .into_iter()
            .filter(|c| !c.mine)
            .collect(),
        older: older.map(|id| id.0),
    })
}

#[derive(Debug, Deserialize)]
#[serde(default)]
struct ChallengeForm {
    variant: String,
    /// A preset slug (built-in presets are named after their variant).
    preset: String,
    color: String,
    days_per_move: String,
    message: String,
    opponent: String,
    time_kind: String,
    reserve_days: String,
    increment_hours: String,
    cap_days: String,
    no_vacation: Option<String>,
    /// `rated` or `casual`.
    rating: String,
    rating_min: String,
    rating_max: String,
    /// `slug:name` (a start position of that preset), `random`, or empty for the default.
    setup: String,
    /// `person` (a named player or anyone) or `computer`.
    against: String,
    /// The computer's level, 1..8, when `against` is `computer`.
    level: String,
}

impl ChallengeForm {
    /// The computer's level when the form asks for a game against the computer: such a
    /// game is always casual (the rating choice is ignored) and has no named opponent. An
    /// error is worded in `lang`.
    fn computer_level(&self, lang: &Lang) -> Result<Option<i64>, String> {
        if self.against.trim() != "computer" {
            return Ok(None);
        }
        match self.level.trim().parse::<i64>() {
            Ok(level) if (1..=8).contains(&level) => Ok(Some(level)),
            _ => Err(lang.t("games-error-level")),
        }
    }

    /// The challenge this form asks for, of `preset`; an error names the field it is about
    /// (in `lang`).
    fn typed(&self, lang: &Lang, preset: &str) -> Result<NewChallenge, String> {
        let color = self
            .color
            .trim()
            .parse::<ColorChoice>()
            .map_err(|_| lang.t("games-error-colour"))?;
        let days_left_empty = self.days_per_move.trim().is_empty()
            && (self.time_kind.trim().is_empty()
                || self.time_kind.trim().parse() == Ok(TimeKind::Days));
        let control = if days_left_empty {
            None
        } else {
            Some(
                TimeControl::parse(
                    &TimeControlInput {
                        kind: self.time_kind.clone(),
                        days_per_move: self.days_per_move.clone(),
                        reserve_days: self.reserve_days.clone(),
                        increment_hours: self.increment_hours.clone(),
                        cap_days: self.cap_days.clone(),
                    },
                    true,
                )
                .map_err(|e| e.text(lang))?,
            )
        };
        let rating = |text: &str, error: &str| -> Result<Option<i64>, String> {
            match text.trim() {
                "" => Ok(None),
                number => number.parse().map(Some).map_err(|_| lang.t(error)),
            }
        };
        let setup = chosen_setup(&self.setup, preset);
        Ok(NewChallenge {
            preset: preset.to_owned(),
            color,
            control,
            message: self.message.clone(),
            opponent: Some(self.opponent.trim().to_owned()).filter(|name| !name.is_empty()),
            allow_vacation: self.no_vacation.is_none(),
            rated: self.rating != "casual",
            rating_range: (
                rating(&self.rating_min, "games-error-rating-min")?,
                rating(&self.rating_max, "games-error-rating-max")?,
            ),
            setup: Some(setup).filter(|name| !name.is_empty()),
        })
    }
}

impl Default for ChallengeForm {
    fn default() -> Self {
        Self {
            variant: "terachess2".to_owned(),
            preset: String::new(),
            color: ColorChoice::Random.as_str().to_owned(),
            days_per_move: "3".to_owned(),
            message: String::new(),
            opponent: String::new(),
            time_kind: TimeKind::Days.as_str().to_owned(),
            reserve_days: "7".to_owned(),
            increment_hours: "24".to_owned(),
            cap_days: String::new(),
            no_vacation: None,
            rating: "rated".to_owned(),
            rating_min: String::new(),
            rating_max: String::new(),
            setup: String::new(),
            against: "person".to_owned(),
            level: "3".to_owned(),
        }
    }
}

#[derive(Template)]
#[template(path = "pages/games/new_challenge.html")]
struct NewChallengePage<'a> {
    ctx: &'a Ctx,
    variants: Vec<BuiltinChoice>,
    presets: Vec<ChallengeChoice>,
    form: ChallengeForm,
    error: Option<String>,
    min_days: i64,
    max_days: i64,
}

/// The start positions of one preset on the challenge form.
struct SetupGroup {
    slug: String,
    label: String,
    /// (value, text, selected)
    options: Vec<(String, String, bool)>,
}

impl NewChallengePage<'_> {
    /// A preset's name in the list, in the reader's language.
    fn preset_label(&self, p: &ChallengeChoice) -> String {
        p.label(&self.ctx.lang)
    }

    /// A preset's default time control in the reader's language (the choice words it in
    /// English).
    fn control_text(&self, p: &ChallengeChoice) -> String {
        let number = |text: &str| text.trim().parse::<i64>().ok();
        let Ok(kind) = p.time_kind.parse::<TimeKind>() else {
            return p.time_control.clone();
        };
        let control = TimeControl::from_day_columns(&crate::time_control::DayColumns {
            kind,
            days_per_move: Some(p.days_per_move),
            reserve_days: number(&p.reserve_days),
            increment_hours: number(&p.increment_hours),
            cap_days: number(&p.cap_days),
        });
        control.describe_in(&self.ctx.lang)
    }

    /// Every preset with several start positions, its options valued `slug:name`.
    fn setup_groups(&self) -> Vec<SetupGroup> {
        self.presets
            .iter()
            .filter(|p| !p.setups.is_empty())
            .map(|p| SetupGroup {
                slug: p.slug.clone(),
                label: self.preset_label(p),
                options: p
                    .setups
                    .iter()
                    .map(|name| {
                        let value = format!("{}:{name}", p.slug);
                        let text = if *name == p.default_setup {
                            self.ctx.t1("games-setup-default", "name", name)
                        } else {
                            name.clone()
                        };
                        let selected = value == self.form.setup;
                        (value, text, selected)
                    })
                    .collect(),
            })
            .collect()
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NewQuery {
    opponent: String,
    variant: String,
    preset: String,
}

async fn new_form(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: web::Query<NewQuery>,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let mut form = ChallengeForm {
        opponent: q.opponent.clone(),
        ..ChallengeForm::default()
    };
    if !q.variant.is_empty() {
        form.variant = q.variant.clone();
    }
    // The preset asked for, else the variant's built-in one (named after the variant), with
    // its default time control.
    form.preset = if q.preset.is_empty() {
        form.variant.clone()
    } else {
        q.preset.clone()
    };
    let wanted = form.preset.clone();
    let presets = state
        .db(move |conn| preset_query::challenge_choices(conn, user, Some(wanted.as_str())))
        .await?
        .map_err(|e| WebError::Internal(e.to_string()))?;
    if let Some(chosen) = presets.iter().find(|p| p.slug == form.preset) {
        form.days_per_move = chosen.days_per_move.to_string();
        form.time_kind = chosen.time_kind.clone();
        if !chosen.reserve_days.is_empty() {
            form.reserve_days = chosen.reserve_days.clone();
            form.increment_hours = chosen.increment_hours.clone();
            form.cap_days = chosen.cap_days.clone();
        }
    }
    render::page(&NewChallengePage {
        ctx: &ctx,
        variants: builtin_choices(&ctx.lang),
        presets,
        form,
        error: None,
        min_days: MIN_DAYS_PER_MOVE,
        max_days: MAX_DAYS_PER_MOVE,
    })
}

/// The form's start position for `preset`: the form lists every preset's setups as
/// `slug:name`; one of another preset (chosen before the preset was changed) falls back to
/// the default, as do `default` and empty.
fn chosen_setup(typed: &str, preset: &str) -> String {
    match typed.trim() {
        "random" => "random".to_owned(),
        other => other
            .split_once(':')
            .filter(|(slug, _)| *slug == preset)
            .map(|(_, name)| name.to_owned())
            .unwrap_or_default(),
    }
}

async fn create(
    state: web::Data<AppState>,
    ctx: Ctx,
    CsrfForm(form): CsrfForm<ChallengeForm>,
) -> Result<HttpResponse, WebError> {
    let author = ctx.require_user()?.clone();
    // The chosen preset (built-in ones are named after their variant).
    let preset = if form.preset.trim().is_empty() {
        form.variant.clone()
    } else {
        form.preset.clone()
    };
    let typed = form.typed(&ctx.lang, preset.trim()).and_then(|mut input| {
        let level = form.computer_level(&ctx.lang)?;
        if level.is_some() {
            input.opponent = None;
            input.rated = false;
            input.rating_range = (None, None);
        }
        Ok((input, level))
    });
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let (result, presets) = state
        .db(move |conn| {
            // `Err(Err(text))`: the form's own refusal; `Err(Ok(e))`: the service's.
            let result = typed.map_err(Err).and_then(|(input, level)| {
                match level {
                    Some(level) => {
                        challenges::against_computer(conn, &*clock, &config, &author, &input, level)
                            .map(|(_, game)| Some(game))
                    }
                    None => {
                        challenges::create(conn, &*clock, &config, &author, &input).map(|_| None)
                    }
                }
                .map_err(Ok)
            });
            let presets = if result.is_err() {
                preset_query::challenge_choices(conn, author.id, Some(preset.trim()))
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
            (result, presets)
        })
        .await?;
    let message = match result {
        Ok(Some(game)) => {
            // Against the computer: the game has started; it answers at once.
            state.computer_wakeup.notify_one();
            return Ok(render::redirect(&format!("/games/{game}")));
        }
        Ok(None) => {
            state.changed();
            return Ok(render::redirect("/games?done=created"));
        }
        Err(Err(message)) => message,
        Err(Ok(GameError::Invalid(message))) => message.text(&ctx.lang),
        Err(Ok(e)) => return error_response(&ctx, e, "/games"),
    };
    render::page_with_status(
        StatusCode::UNPROCESSABLE_ENTITY,
        &NewChallengePage {
            ctx: &ctx,
            variants: builtin_choices(&ctx.lang),
            presets,
            form,
            error: Some(message),
            min_days: MIN_DAYS_PER_MOVE,
            max_days: MAX_DAYS_PER_MOVE,
        },
    )
}

async fn accept(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = ChallengeId(parse_id(&path)?);
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| challenges::accept(conn, &*clock, &config, user, id))
        .await?;
    match result {
        Ok(game) => {
            state.changed();
            Ok(render::redirect(&format!("/games/{game}?done=started")))
        }
        Err(e) => error_response(&ctx, e, "/games"),
    }
}

async fn decline(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = ChallengeId(parse_id(&path)?);
    let user = ctx.require_user()?.id;
    let (clock, config) = (state.clock.clone(), state.config.clone());
    let result = state
        .db(move |conn| challenges::decline(conn, &*clock, &config, user, id))
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!(
            "/games?done={}",
            ChallengeStatus::Declined
        ))),
        Err(e) => error_response(&ctx, e, "/games"),
    }
}

async fn cancel(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let id = ChallengeId(parse_id(&path)?);
    let user = ctx.require_user()?.id;
    let clock = state.clock.clone();
    let result = state
        .db(move |conn| challenges::cancel(conn, &*clock, user, id))
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!(
            "/games?done={}",
            ChallengeStatus::Cancelled
        ))),
        Err(e) => error_response(&ctx, e, "/games"),
    }
}
