//! Preset pages: the index (`/presets`), a preset's page with its rules, legend, history and
//! games, fork, the edit form with its preview (with and without JavaScript), retire and
//! delete.

use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use plypost_rules::{Position, Variant};
use serde::Deserialize;

use super::presets_import::{self, ImportBox};
use super::presets_markdown;
use super::presets_view::{self, Look, PieceLegend};
use crate::domain::GameStatus;
use crate::presets::manage::{self, Saved};
use crate::presets::model::PresetId;
use crate::presets::notes::VersionNotes;
use crate::presets::query::{self, GameEntry, HistoryEntry, VariantGroup};
use crate::presets::settings::{self, shown_letters};
use crate::presets::{Field, FieldErrors, PresetError, SettingsInput};
use crate::web::csrf::NoFields;
use crate::web::pages::games::words;
use crate::web::{render, AppState, CsrfForm, Ctx, WebError};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/presets", web::get().to(index))
        .route("/presets/preview", web::get().to(preview))
        .route("/presets/{slug}", web::get().to(show))
        .route("/presets/{slug}/fork", web::post().to(fork))
        .route("/presets/{slug}/edit", web::get().to(edit_form))
        .route("/presets/{slug}/edit", web::post().to(edit_submit))
        .route("/presets/{slug}/retire", web::post().to(retire))
        .route("/presets/{slug}/restore", web::post().to(restore))
        .route("/presets/{slug}/delete", web::post().to(delete));
}

/// Maps a service error to a response: user errors become pages with the service's words.
fn error_response(ctx: &Ctx, err: PresetError, back: &str) -> Result<HttpResponse, WebError> {
    let refusal = crate::web::error::preset_refusal(&err)?;
    let (status, title) = (refusal.status, refusal.title);
    let message = match &err {
        PresetError::Fields(errors) => errors
            .0
            .iter()
            .map(|(_, m)| m.text(&ctx.lang))
            .collect::<Vec<_>>()
            .join(" "),
        _ => err.localized(&ctx.lang),
    };
    render::message_page(ctx, status, &ctx.t(title), &message, back)
}

/// Slugs are lower-case letters, digits and dashes; anything else is simply not found.
fn check_slug(slug: &str) -> Result<&str, WebError> {
    let ok = !slug.is_empty()
        && slug.len() <= 100
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(slug)
    } else {
        Err(WebError::NotFound)
    }
}

// ---------------------------------------------------------------------------------------
// Index

#[derive(Template)]
#[template(path = "pages/presets/index.html")]
struct IndexPage<'a> {
    ctx: &'a Ctx,
    groups: Vec<VariantGroup>,
    /// The next page of players' presets.
    older: Option<i64>,
    /// Not the first page: the built-in presets are on the first.
    later_page: bool,
    notice: Option<&'static str>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct IndexQuery {
    done: String,
    /// Only players' presets older than this one (keyset paging).
    before: Option<i64>,
}

async fn index(
    state: web::Data<AppState>,
    ctx: Ctx,
    q: web::Query<IndexQuery>,
) -> Result<HttpResponse, WebError> {
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let before = q.before.map(PresetId);
    let page = match state
        .db(move |conn| query::index(conn, viewer, before))
        .await?
    {
        Ok(page) => page,
        Err(e) => return error_response(&ctx, e, "/"),
    };
    let notice = match q.done.as_str() {
        "deleted" => Some("presets-notice-deleted"),
        _ => None,
    };
    render::page(&IndexPage {
        ctx: &ctx,
        groups: page.groups,
        older: page.older.map(|id| id.0),
        later_page: before.is_some(),
        notice,
    })
}

// ---------------------------------------------------------------------------------------
// One preset

struct HistoryLine {
    version: i64,
    when: String,
    author: String,
    notes: String,
}

/// One version of the history, in the reader's language.
fn history_line(ctx: &Ctx, h: &HistoryEntry, tz: &str) -> HistoryLine {
    HistoryLine {
        version: h.version,
        when: ctx
            .lang
            .datetime(h.created_at, tz, crate::i18n::DateStyle::DateTime),
        author: h
            .author
            .clone()
            .unwrap_or_else(|| ctx.t("presets-history-server")),
        notes: VersionNotes::decode(&h.notes).text(&ctx.lang),
    }
}

struct GameLine {
    id: i64,
    white: String,
    black: String,
    version: i64,
    state: String,
    when: String,
}

#[derive(Template)]
#[template(path = "pages/presets/show.html")]
struct ShowPage<'a> {
    ctx: &'a Ctx,
    slug: String,
    name: String,
    variant_name: String,
    variant_display: String,
    width: u8,
    height: u8,
    owner: Option<String>,
    builtin: bool,
    mine: bool,
    signed_in: bool,
    unlisted: bool,
    retired: bool,
    in_use: bool,
    version: i64,
    current_version: i64,
    is_current: bool,
    forked_from: Option<(String, String)>,
    provisional: Option<String>,
    description_html: String,
    setup_fen: String,
    /// Its named start positions, when it lists several: (name, FEN, is the default).
    setups: Vec<(String, String, bool)>,
    board: String,
    text_setup: String,
    sprite: &'static str,
    time_control: String,
    promotion: Vec<String>,
    special: Vec<String>,
    legend: Vec<PieceLegend>,
    marks: Vec<(String, String)>,
    history: Vec<HistoryLine>,
    games: Vec<GameLine>,
    games_total: i64,
    fork_name: String,
    notice: Option<&'static str>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ShowQuery {
    version: String,
    done: String,
}

/// The provisional-setup notice, when the setup is the variant's reconstructed one.
fn provisional_notice(
    lang: &crate::i18n::Lang,
    variant: &Variant,
    setup: &Position,
) -> Option<String> {
    variant.provisional_setup()?;
    let default = Position::from_fen(variant, variant.start_fen()).ok()?;
    (default.to_fen() == setup.to_fen())
        .then(|| lang.provisional_setup(variant))
        .flatten()
}

/// "finished 1-0", "in progress", "finished" (no result).
fn game_state(lang: &crate::i18n::Lang, g: &GameEntry) -> String {
    match &g.result {
        Some(r) => lang.t1("presets-game-finished", "result", r.as_str()),
        None if g.status == GameStatus::Active => lang.t("result-in-progress"),
        None => lang.t("presets-game-finished-no-result"),
    }
}

async fn show(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<ShowQuery>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    let version = match q.version.trim() {
        "" => None,
        text => Some(text.parse::<i64>().map_err(|_| WebError::NotFound)?),
    };
    let wanted = slug.clone();
    let detail = match state
        .db(move |conn| query::detail(conn, &wanted, version))
        .await?
    {
        Ok(d) => d,
        Err(e) => return error_response(&ctx, e, "/presets"),
    };
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let tz = ctx.user.as_ref().map_or("UTC", |u| u.time_zone.as_str());
    let v = &detail.version;
    let position = Position::from_fen(&detail.variant, &v.setup_fen)
        .map_err(|e| WebError::Internal(format!("preset {slug} v{}: setup: {e}", v.version)))?;
    let letters = shown_letters(&v.piece_letters);
    let look = Look {
        light: v.light_color.clone(),
        dark: v.dark_color.clone(),
        coordinates: v.coordinates,
    };
    let notice = match q.done.as_str() {
        "saved" => Some("presets-notice-saved"),
        "unchanged" => Some("presets-notice-unchanged"),
        "forked" => Some("presets-notice-forked"),
        "retired" => Some("presets-notice-retired"),
        "restored" => Some("presets-notice-restored"),
        _ => None,
    };
    let p = &detail.preset;
    let page = ShowPage {
        ctx: &ctx,
        slug: p.slug.clone(),
        name: ctx.preset_name(&v.name),
        variant_name: p.variant_name.clone(),
        variant_display: ctx.lang.variant(&detail.variant),
        width: detail.variant.width(),
        height: detail.variant.height(),
        owner: detail.owner.clone(),
        builtin: p.is_builtin(),
        mine: p.is_owned_by(viewer),
        signed_in: viewer.is_some(),
        unlisted: p.is_unlisted(),
        retired: p.retired,
        in_use: detail.in_use,
        version: v.version,
        current_version: p.current_version,
        is_current: v.version == p.current_version,
        forked_from: detail.forked_from.clone(),
        provisional: provisional_notice(&ctx.lang, &detail.variant, &position),
        description_html: presets_markdown::render(&v.description),
        setups: crate::presets::setups::decode(&v.setups)
            .into_iter()
            .map(|s| {
                let default = s.fen == v.setup_fen;
                (s.name, s.fen, default)
            })
            .collect(),
        setup_fen: v.setup_fen.clone(),
        board: presets_view::board(&ctx.lang, &position, &look, "setup-board"),
        text_setup: presets_view::text_setup(&position, &letters),
        sprite: plypost_board::sprite(),
        time_control: crate::presets::settings::time_control_of(
            &v.time_kind,
            v.days_per_move,
            v.reserve_days,
            v.increment_hours,
            v.cap_days,
        )
        .describe_in(&ctx.lang),
        promotion: crate::presets::rules_text::promotion_rules(&ctx.lang, &detail.variant),
        special: crate::presets::rules_text::special_rules(
            &ctx.lang,
            &detail.variant,
            detail.options,
        ),
        legend: presets_view::legend(&ctx.lang, &detail.variant, &letters),
        marks: presets_view::mark_legend(&ctx.lang),
        history: detail
            .history
            .iter()
            .map(|h| history_line(&ctx, h, tz))
            .collect(),
        games: detail
            .games
            .iter()
            .map(|g| GameLine {
                id: g.id.get(),
                white: words::player(&ctx.lang, &g.white),
                black: words::player(&ctx.lang, &g.black),
                version: g.version,
                state: game_state(&ctx.lang, g),
                when: ctx
                    .lang
                    .datetime(g.created_at, tz, crate::i18n::DateStyle::DateTime),
            })
            .collect(),
        games_total: detail.games_total,
        fork_name: String::new(),
        notice,
    };
    render::page(&page)
}

// ---------------------------------------------------------------------------------------
// Fork, retire, delete

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ForkForm {
    name: String,
}

async fn fork(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<ForkForm>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    let user = ctx.require_user()?.clone();
    let clock = state.clock.clone();
    let source = slug.clone();
    let result = state
        .db(move |conn| manage::fork(conn, &*clock, &user, &source, &form.name))
        .await?;
    match result {
        Ok(preset) => Ok(render::redirect(&format!(
            "/presets/{}/edit?done=forked",
            preset.slug
        ))),
        Err(e) => error_response(&ctx, e, &format!("/presets/{slug}")),
    }
}

async fn set_retired(
    state: web::Data<AppState>,
    ctx: Ctx,
    slug: String,
    retired: bool,
) -> Result<HttpResponse, WebError> {
    let user = ctx.require_user()?.id;
    let clock = state.clock.clone();
    let target = slug.clone();
    let result = state
        .db(move |conn| manage::set_retired(conn, &*clock, user, &target, retired))
        .await?;
    match result {
        Ok(()) => Ok(render::redirect(&format!(
            "/presets/{slug}?done={}",
            if retired { "retired" } else { "restored" }
        ))),
        Err(e) => error_response(&ctx, e, &format!("/presets/{slug}")),
    }
}

async fn retire(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    set_retired(state, ctx, slug, true).await
}

async fn restore(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(_): CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    set_retired(state, ctx, slug, false).await
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DeleteForm {
    confirm: Option<String>,
}

async fn delete(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<DeleteForm>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    let user = ctx.require_user()?.id;
    let back = format!("/presets/{slug}");
    if form.confirm.is_none() {
        return error_response(
            &ctx,
            PresetError::Invalid(crate::i18n::Message::new("error-preset-delete-unconfirmed")),
            &back,
        );
    }
    let target = slug.clone();
    let result = state
        .db(move |conn| {
            let forget = crate::challenges::forget_closed_of_preset;
            manage::delete(conn, user, &target, forget)
        })
        .await?;
    match result {
        Ok(()) => Ok(render::redirect("/presets?done=deleted")),
        Err(e) => error_response(&ctx, e, &back),
    }
}

// ---------------------------------------------------------------------------------------
// Edit

#[derive(Template)]
#[template(path = "pages/presets/edit.html")]
struct EditPage<'a> {
    ctx: &'a Ctx,
    slug: String,
    /// The name as saved (the form may hold a new one).
    saved_name: String,
    variant_display: String,
    base_version: i64,
    form: SettingsInput,
    errors: FieldErrors,
    /// The board of the typed setup, after "Preview".
    preview: Option<String>,
    sprite: &'static str,
    notice: Option<String>,
    error: Option<String>,
    min_days: i64,
    max_days: i64,
    /// The "Import" box: what was pasted, and the preview or the problems.
    import: ImportBox,
}

impl EditPage<'_> {
    /// The message of a refused field, by the field's form name.
    fn field_error(&self, name: &str) -> Option<String> {
        let field = match name {
            "name" => Field::Name,
            "visibility" => Field::Visibility,
            "setup_fen" => Field::Setup,
            "setups" => Field::Setups,
            "move_count_limit" => Field::MoveCount,
            "days_per_move" => Field::Days,
            "colors" => Field::Colors,
            "piece_letters" => Field::Letters,
            "description" => Field::Description,
            "note" => Field::Note,
            "definition" => Field::Definition,
            _ => return None,
        };
        self.errors.get(field).map(|m| m.text(&self.ctx.lang))
    }

    /// An import problem or warning in the reader's language.
    fn import_text(&self, problem: &plypost_rules::import::Problem) -> String {
        presets_import::problem_text(&self.ctx.lang, problem)
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct EditForm {
    base_version: String,
    action: String,
    name: String,
    visibility: String,
    setup_fen: String,
    setups: String,
    move_count_limit: String,
    repetition: Option<String>,
    time_kind: String,
    days_per_move: String,
    reserve_days: String,
    increment_hours: String,
    cap_days: String,
    light_color: String,
    dark_color: String,
    coordinates: Option<String>,
    piece_letters: String,
    description: String,
    note: String,
    definition: String,
    import_format: String,
    import_text: String,
    import_section: String,
}

impl EditForm {
    fn input(&self) -> SettingsInput {
        SettingsInput {
            name: self.name.clone(),
            visibility: self.visibility.clone(),
            setup_fen: self.setup_fen.clone(),
            setups: self.setups.clone(),
            move_count_limit: self.move_count_limit.clone(),
            repetition: self.repetition.is_some(),
            time_kind: self.time_kind.clone(),
            days_per_move: self.days_per_move.clone(),
            reserve_days: self.reserve_days.clone(),
            increment_hours: self.increment_hours.clone(),
            cap_days: self.cap_days.clone(),
            light_color: self.light_color.clone(),
            dark_color: self.dark_color.clone(),
            coordinates: self.coordinates.is_some(),
            piece_letters: self.piece_letters.clone(),
            description: self.description.clone(),
            note: self.note.clone(),
            definition: self.definition.clone(),
        }
    }
}

async fn edit_form(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    q: web::Query<IndexQuery>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    let user = ctx.require_user()?.id;
    let target = slug.clone();
    let editing = match state
        .db(move |conn| manage::editing(conn, user, &target))
        .await?
    {
        Ok(e) => e,
        Err(e) => return error_response(&ctx, e, &format!("/presets/{slug}")),
    };
    let notice = (q.done == "forked").then(|| {
        ctx.lang
            .t1("presets-notice-your-copy", "name", &editing.preset.name)
    });
    render::page(&EditPage {
        ctx: &ctx,
        slug,
        saved_name: editing.preset.name.clone(),
        variant_display: ctx.lang.variant(&editing.variant),
        base_version: editing.preset.current_version,
        form: editing.settings.to_input(),
        errors: FieldErrors::default(),
        preview: None,
        sprite: plypost_board::sprite(),
        notice,
        error: None,
        min_days: crate::games::MIN_DAYS_PER_MOVE,
        max_days: crate::games::MAX_DAYS_PER_MOVE,
        import: ImportBox::new("fsf-ini", "", ""),
    })
}

/// The look typed in the form, for the preview (bad colours fall back to the defaults).
fn typed_look(form: &SettingsInput) -> Look {
    let color = |c: &str| {
        let c = c.trim();
        let ok = c.len() <= 7
            && c.strip_prefix('#').is_some_and(|h| {
                (h.len() == 3 || h.len() == 6) && h.bytes().all(|b| b.is_ascii_hexdigit())
            });
        if ok {
            c.to_owned()
        } else {
            String::new()
        }
    };
    Look {
        light: color(&form.light_color),
        dark: color(&form.dark_color),
        coordinates: form.coordinates,
    }
}

async fn edit_submit(
    state: web::Data<AppState>,
    ctx: Ctx,
    path: web::Path<String>,
    CsrfForm(form): CsrfForm<EditForm>,
) -> Result<HttpResponse, WebError> {
    let slug = check_slug(&path)?.to_owned();
    let user = ctx.require_user()?.id;
    let input = form.input();
    let target = slug.clone();
    // Authorization first, for previews too: a preview shows nothing secret, but only the
    // owner has an edit form.
    let editing = match state
        .db(move |conn| manage::editing(conn, user, &target))
        .await?
    {
        Ok(e) => e,
        Err(e) => return error_response(&ctx, e, &format!("/presets/{slug}")),
    };
    let base_version = form.base_version.trim().parse::<i64>().unwrap_or(0);
    let mut page = EditPage {
        ctx: &ctx,
        slug: slug.clone(),
        saved_name: editing.preset.name.clone(),
        variant_display: ctx.lang.variant(&editing.variant),
        base_version,
        form: input.clone(),
        errors: FieldErrors::default(),
        preview: None,
        sprite: plypost_board::sprite(),
        notice: None,
        error: None,
        min_days: crate::games::MIN_DAYS_PER_MOVE,
        max_days: crate::games::MAX_DAYS_PER_MOVE,
        import: ImportBox::new(&form.import_format, &form.import_text, &form.import_section),
    };
    if form.action == "import" {
        let look = typed_look(&input);
        return if presets_import::run(&ctx.lang, &mut page.import, &mut page.form, &look) {
            page.notice = Some(ctx.t("edit-imported-check"));
            render::page(&page)
        } else {
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        };
    }
    if form.action == "preview" {
        // The typed definition, when it changed and loads; else the saved one.
        let variant = match settings::typed_variant(&editing.variant, &input.definition) {
            Ok(Some(v)) => v,
            Ok(None) => editing.variant.clone(),
            Err(message) => {
                page.errors.add(Field::Definition, message);
                return render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
            }
        };
        return match settings::check_setup(&variant, &input.setup_fen) {
            Ok(position) => {
                page.preview = Some(presets_view::board(
                    &ctx.lang,
                    &position,
                    &typed_look(&input),
                    "preview-board",
                ));
                render::page(&page)
            }
            Err(message) => {
                page.errors.add(Field::Setup, message);
                render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
            }
        };
    }
    let clock = state.clock.clone();
    let target = slug.clone();
    let saving = input.clone();
    let result = state
        .db(move |conn| manage::save(conn, &*clock, user, &target, base_version, &saving))
        .await?;
    match result {
        Ok(Saved::Version(_)) => Ok(render::redirect(&format!("/presets/{slug}?done=saved"))),
        Ok(Saved::Unchanged) => Ok(render::redirect(&format!("/presets/{slug}?done=unchanged"))),
        Err(PresetError::Fields(errors)) => {
            page.errors = errors;
            page.error = Some(ctx.t("edit-nothing-saved"));
            render::page_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(PresetError::Invalid(message)) => {
            page.error = Some(message.text(&ctx.lang));
            render::page_with_status(StatusCode::CONFLICT, &page)
        }
        Err(e) => error_response(&ctx, e, &format!("/presets/{slug}")),
    }
}

// ---------------------------------------------------------------------------------------
// Preview for scripts

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PreviewQuery {
    /// A preset slug (its current definition) or
    preset: String,
    /// a built-in variant name.
    variant: String,
    fen: String,
    light: String,
    dark: String,
    coordinates: String,
}

/// `GET /presets/preview?preset=..&fen=..`: the board of the setup as an SVG fragment, or
/// (422) the engine's message in a `<p>` (HTML, so the error-page middleware keeps it).
/// Reads nothing private: any visitor may ask.
async fn preview(
    state: web::Data<AppState>,
    q: web::Query<PreviewQuery>,
) -> Result<HttpResponse, WebError> {
    let variant = if !q.preset.is_empty() {
        let slug = check_slug(&q.preset)?.to_owned();
        let found = state
            .db(move |conn| {
                let preset = query::find_by_slug(conn, &slug)?;
                let v = query::version(conn, preset.id, preset.current_version)?;
                query::rules_of(conn, v.id)
            })
            .await?;
        match found {
            Ok((variant, _)) => variant,
            Err(PresetError::NotFound) => return Err(WebError::NotFound),
            Err(e) => return Err(WebError::Internal(e.to_string())),
        }
    } else {
        Variant::builtin(q.variant.trim()).map_err(|_| WebError::NotFound)?
    };
    let look = typed_look(&SettingsInput {
        light_color: q.light.clone(),
        dark_color: q.dark.clone(),
        coordinates: q.coordinates != "off",
        ..SettingsInput::default()
    });
    Ok(match settings::check_setup(&variant, &q.fen) {
        Ok(position) => HttpResponse::Ok()
            .content_type("image/svg+xml; charset=utf-8")
            .insert_header(("Cache-Control", "no-store"))
            .body(presets_view::board(
                &crate::web::language::current(),
                &position,
                &look,
                "preview-board",
            )),
        Err(message) => HttpResponse::UnprocessableEntity()
            .content_type("text/html; charset=utf-8")
            .insert_header(("Cache-Control", "no-store"))
            .body(format!(
                "<p class=\"alert error preview-error\" role=\"alert\">{}</p>",
                plypost_board::escape(&message.text(&crate::web::language::current()))
            )),
    })
}
