//! Presets: named, versioned configurations of a variant (setup, draw rules, default time
//! control, appearance, description). One read-only built-in preset per built-in variant,
//! given a new version whenever the engine's definition text of the variant changes; players
//! fork presets and edit their own. Every saved edit is a new immutable version and games pin
//! a version id, so an old game keeps its exact rules. No HTTP here.

pub mod definition_problems;
pub mod fen_problems;
pub mod manage;
pub mod model;
pub mod notes;
pub mod query;
pub mod rules;
pub mod rules_text;
pub mod settings;
pub mod setups;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::Variant;
use sha2::{Digest, Sha256};

use crate::clock::Clock;
use crate::db::schema::{preset_versions, presets};
use crate::db::PresetVersionId;
use crate::db::{is_unique_violation, DbConn};
use crate::domain::TimeKind;
use crate::i18n::{Lang, Message};
use model::PresetVersionRow;
use model::{NewPreset, NewVersion, PresetId};
pub use model::{PresetRow, VersionRow, Visibility};
use notes::VersionNotes;
pub use settings::{Field, FieldErrors, Settings, SettingsInput};

pub const VISIBILITY_PUBLIC: &str = "public";
/// The default time control of built-in presets, in days per move.
pub const DEFAULT_DAYS_PER_MOVE: i64 = 3;

#[derive(Debug, thiserror::Error)]
pub enum PresetError {
    #[error("There is no such preset.")]
    NotFound,
    #[error("Built-in presets are read-only. Fork this one to make a preset of your own.")]
    ReadOnly,
    /// Not allowed for this user; the message says why.
    #[error("{0}")]
    Forbidden(Message),
    /// Form fields refused, each with its message.
    #[error("Some fields need attention.")]
    Fields(FieldErrors),
    /// A refused request that is not about one field; the message is meant for the user.
    #[error("{0}")]
    Invalid(Message),
    /// Over a limit on how often something may be done; the message says which.
    #[error("{0}")]
    TooMany(Message),
    #[error("database: {0}")]
    Db(#[from] diesel::result::Error),
    /// Stored data the engine cannot read back: a bug or a damaged database.
    #[error("stored preset data is damaged: {0}")]
    Corrupt(String),
}

impl PresetError {
    /// True for errors caused by the request (shown to the user), false for server failures.
    pub fn is_user_error(&self) -> bool {
        !matches!(self, PresetError::Db(_) | PresetError::Corrupt(_))
    }

    /// The message a page shows for this error (`Display` is its English text). The fields'
    /// own messages are [`FieldErrors`]'; a server failure shows a generic message.
    pub fn message(&self) -> Message {
        match self {
            PresetError::NotFound => Message::new("error-preset-not-found"),
            PresetError::ReadOnly => Message::new("error-preset-read-only"),
            PresetError::Forbidden(m) | PresetError::Invalid(m) | PresetError::TooMany(m) => {
                m.clone()
            }
            PresetError::Fields(_) => Message::new("error-preset-fields"),
            PresetError::Db(_) | PresetError::Corrupt(_) => Message::new("error-failed"),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

/// A built-in variant as offered on the challenge form.
#[derive(Debug, Clone)]
pub struct BuiltinChoice {
    pub name: &'static str,
    pub display_name: String,
}

/// The built-in variants, in the engine's order, named in `lang`.
pub fn builtin_choices(lang: &crate::i18n::Lang) -> Vec<BuiltinChoice> {
    Variant::builtin_names()
        .iter()
        .filter_map(|name| {
            Variant::builtin(name).ok().map(|v| BuiltinChoice {
                name,
                display_name: lang.variant(&v),
            })
        })
        .collect()
}

/// What makes a built-in variant's games comparable: its definition, setup and draw rules.
struct BuiltinRules {
    name: &'static str,
    definition_hash: String,
    setup_fen: String,
    setups: String,
    move_count_limit: Option<i64>,
    repetition: bool,
}

fn builtin_rules() -> &'static [BuiltinRules] {
    static RULES: std::sync::OnceLock<Vec<BuiltinRules>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        Variant::builtin_names()
            .iter()
            .filter_map(|name| {
                let variant = Variant::builtin(name).ok()?;
                let options = variant.rule_options();
                Some(BuiltinRules {
                    name,
                    definition_hash: definition_hash(variant.source_text()),
                    setup_fen: variant.start_fen().to_owned(),
                    setups: setups::encode(variant.setups()),
                    move_count_limit: options.move_count_limit.map(i64::from),
                    repetition: options.repetition,
                })
            })
            .collect()
    })
}

/// The built-in variant whose rules a preset version plays exactly (the same definition,
/// setup and draw rules, whatever its name or appearance): its games can be rated in that
/// variant. `None` for a custom variant or setup, whose games are casual.
pub fn rated_variant(version: &PresetVersionRow) -> Option<&'static str> {
    builtin_rules()
        .iter()
        .find(|b| {
            b.definition_hash == version.definition_hash
                && b.setup_fen == version.setup_fen
                && b.setups == version.setups
                && b.move_count_limit == version.move_count_limit
                && b.repetition == version.repetition
        })
        .map(|b| b.name)
}

/// The built-in variant whose definition (by its hash) a preset version plays, whatever its
/// setup and draw rules: what the bot API calls the game's variant.
pub fn builtin_variant_of(definition_hash: &str) -> Option<&'static str> {
    builtin_rules()
        .iter()
        .find(|b| b.definition_hash == definition_hash)
        .map(|b| b.name)
}

/// Whether a definition (by its hash) is the engine's own for built-in variant `name`.
pub fn is_builtin_definition(name: &str, hash: &str) -> bool {
    builtin_rules()
        .iter()
        .any(|b| b.name == name && b.definition_hash == hash)
}

/// Hex SHA-256 of a definition text: the key of the parsed-variant cache.
pub fn definition_hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Reads a stored definition; a failure means damaged data (it was valid when stored).
pub fn parse_definition(text: &str) -> Result<Variant, PresetError> {
    Variant::from_toml(text)
        .map_err(|errors| PresetError::Corrupt(format!("{} definition error(s)", errors.len())))
}

/// Counts a game started with `version` for its preset (imported games are not counted:
/// they were not played here). Call it in the write that stores the game.
pub fn count_game(
    conn: &mut DbConn,
    version: PresetVersionId,
) -> Result<(), diesel::result::Error> {
    let preset: PresetId = preset_versions::table
        .find(version)
        .select(preset_versions::preset_id)
        .first(conn)?;
    diesel::update(presets::table.find(preset))
        .set(presets::games_played.eq(presets::games_played + 1))
        .execute(conn)?;
    Ok(())
}

/// Creates or updates the built-in preset of every built-in variant (call at start-up).
pub fn ensure_builtin_presets(
    conn: &mut DbConn,
    clock: &dyn Clock,
) -> Result<(), diesel::result::Error> {
    for name in Variant::builtin_names() {
        builtin_version(conn, clock, name)?;
    }
    Ok(())
}

/// The current version of the built-in preset of `variant_name`, created (or given a new
/// version, when the engine's definition changed) as needed. `None`: no such variant.
pub fn builtin_version(
    conn: &mut DbConn,
    clock: &dyn Clock,
    variant_name: &str,
) -> Result<Option<PresetVersionRow>, diesel::result::Error> {
    let Ok(variant) = Variant::builtin(variant_name) else {
        return Ok(None);
    };
    // Two servers (or requests) may race to create it: the loser retries and finds it.
    for _ in 0..3 {
        match conn.transaction(|conn| upsert_builtin(conn, clock, &variant)) {
            Ok(row) => return Ok(Some(row)),
            Err(e) if is_unique_violation(&e) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(diesel::result::Error::RollbackTransaction)
}

fn upsert_builtin(
    conn: &mut DbConn,
    clock: &dyn Clock,
    variant: &Variant,
) -> Result<PresetVersionRow, diesel::result::Error> {
    let definition = variant.source_text();
    let hash = definition_hash(definition);
    let now = clock.now_db();
    let existing: Option<(PresetId, i64)> = presets::table
        .filter(presets::slug.eq(variant.name()))
        .filter(presets::owner_id.is_null())
        .select((presets::id, presets::current_version))
        .first(conn)
        .optional()?;
    let (preset_id, version, notes) = match existing {
        Some((preset_id, current)) => {
            let current_row: Option<PresetVersionRow> = preset_versions::table
                .filter(preset_versions::preset_id.eq(preset_id))
                .filter(preset_versions::version.eq(current))
                .select(PresetVersionRow::as_select())
                .first(conn)
                .optional()?;
            if let Some(row) = current_row.filter(|r| r.definition_hash == hash) {
                return Ok(row);
            }
            diesel::update(presets::table.find(preset_id))
                .set((
                    presets::current_version.eq(current + 1),
                    presets::updated_at.eq(now),
                ))
                .execute(conn)?;
            (preset_id, current + 1, VersionNotes::EngineChanged)
        }
        None => {
            diesel::insert_into(presets::table)
                .values(NewPreset {
                    slug: variant.name(),
                    name: variant.display_name(),
                    name_key: &variant.display_name().to_lowercase(),
                    owner_id: None,
                    variant_name: variant.name(),
                    visibility: VISIBILITY_PUBLIC,
                    current_version: 1,
                    created_at: now,
                    updated_at: now,
                    forked_from: None,
                })
                .execute(conn)?;
            let id = presets::table
                .filter(presets::slug.eq(variant.name()))
                .select(presets::id)
                .first(conn)?;
            (id, 1, VersionNotes::Builtin)
        }
    };
    let setups = setups::encode(variant.setups());
    let notes = notes.encode();
    diesel::insert_into(preset_versions::table)
        .values(builtin_version_row(
            variant,
            (preset_id, version),
            (&hash, &setups),
            &notes,
            now,
        ))
        .execute(conn)?;
    preset_versions::table
        .filter(preset_versions::preset_id.eq(preset_id))
        .filter(preset_versions::version.eq(version))
        .select(PresetVersionRow::as_select())
        .first(conn)
}

fn builtin_version_row<'a>(
    variant: &'a Variant,
    (preset_id, version): (PresetId, i64),
    (hash, setups): (&'a str, &'a str),
    notes: &'a str,
    now: NaiveDateTime,
) -> NewVersion<'a> {
    let options = variant.rule_options();
    NewVersion {
        preset_id,
        version,
        definition: variant.source_text(),
        definition_hash: hash,
        setup_fen: variant.start_fen(),
        move_count_limit: options.move_count_limit.map(i64::from),
        repetition: options.repetition,
        created_at: now,
        created_by: None,
        notes,
        name: variant.display_name(),
        description: "",
        days_per_move: DEFAULT_DAYS_PER_MOVE,
        light_color: "",
        dark_color: "",
        coordinates: true,
        piece_letters: "",
        time_kind: TimeKind::Days.as_str(),
        reserve_days: None,
        increment_hours: None,
        cap_days: None,
        setups,
    }
}

/// The stored definition text of a version (for the variant cache on a miss).
pub fn definition_text(
    conn: &mut DbConn,
    id: PresetVersionId,
) -> Result<String, diesel::result::Error> {
    preset_versions::table
        .find(id)
        .select(preset_versions::definition)
        .first(conn)
}
