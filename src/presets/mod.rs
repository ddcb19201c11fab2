//! Presets: named, versioned configurations of a variant. For now only the built-in ones:
//! one preset per built-in variant, with a new version whenever the engine's definition text
//! of the variant changes. Games pin a version id, so an old game keeps its exact rules.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use plypost_rules::Variant;
use sha2::{Digest, Sha256};

use crate::clock::Clock;
use crate::db::schema::{preset_versions, presets};
use crate::db::{is_unique_violation, DbConn};
use crate::games::model::{PresetVersionId, PresetVersionRow};

pub const VISIBILITY_PUBLIC: &str = "public";

/// A built-in variant as offered on the challenge form.
#[derive(Debug, Clone)]
pub struct BuiltinChoice {
    pub name: &'static str,
    pub display_name: String,
}

/// The built-in variants, in the engine's order.
pub fn builtin_choices() -> Vec<BuiltinChoice> {
    Variant::builtin_names()
        .iter()
        .filter_map(|name| {
            Variant::builtin(name).ok().map(|v| BuiltinChoice {
                name,
                display_name: v.display_name().to_owned(),
            })
        })
        .collect()
}

/// Hex SHA-256 of a definition text: the key of the parsed-variant cache.
pub fn definition_hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[derive(Insertable)]
#[diesel(table_name = presets)]
struct NewPreset<'a> {
    slug: &'a str,
    name: &'a str,
    owner_id: Option<i64>,
    variant_name: &'a str,
    visibility: &'a str,
    current_version: i64,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = preset_versions)]
struct NewPresetVersion<'a> {
    preset_id: i64,
    version: i64,
    definition: &'a str,
    definition_hash: &'a str,
    setup_fen: &'a str,
    move_count_limit: Option<i64>,
    repetition: bool,
    created_at: NaiveDateTime,
    created_by: Option<i64>,
    notes: &'a str,
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
    let existing: Option<(i64, i64)> = presets::table
        .filter(presets::slug.eq(variant.name()))
        .filter(presets::owner_id.is_null())
        .select((presets::id, presets::current_version))
        .first(conn)
        .optional()?;
    let (preset_id, version) = match existing {
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
            (preset_id, current + 1)
        }
        None => {
            diesel::insert_into(presets::table)
                .values(NewPreset {
                    slug: variant.name(),
                    name: variant.display_name(),
                    owner_id: None,
                    variant_name: variant.name(),
                    visibility: VISIBILITY_PUBLIC,
                    current_version: 1,
                    created_at: now,
                    updated_at: now,
                })
                .execute(conn)?;
            let id = presets::table
                .filter(presets::slug.eq(variant.name()))
                .select(presets::id)
                .first(conn)?;
            (id, 1)
        }
    };
    let options = variant.rule_options();
    diesel::insert_into(preset_versions::table)
        .values(NewPresetVersion {
            preset_id,
            version,
            definition,
            definition_hash: &hash,
            setup_fen: variant.start_fen(),
            move_count_limit: options.move_count_limit.map(i64::from),
            repetition: options.repetition,
            created_at: now,
            created_by: None,
            notes: "Built-in preset",
        })
        .execute(conn)?;
    preset_versions::table
        .filter(preset_versions::preset_id.eq(preset_id))
        .filter(preset_versions::version.eq(version))
        .select(PresetVersionRow::as_select())
        .first(conn)
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
