//! Parsed variants by the hash of their definition text. Parsing a 16x16 definition costs far
//! more than a page, so each distinct definition is parsed once per process. Keyed by content,
//! not by row id, so two databases in one process (tests) never mix their variants.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use diesel::prelude::*;
use plypost_rules::{RuleOptions, Variant};

use super::model::PresetVersionRow;
use super::PresetError;
use crate::db::schema::preset_versions;
use crate::db::{DbConn, PresetVersionId};

/// Few distinct definitions exist (one per preset version in use); past this the cache is
/// simply emptied, which is cheap and keeps memory bounded.
const MAX_ENTRIES: usize = 256;

fn cache() -> &'static Mutex<HashMap<String, Variant>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Variant>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A preset version's variant and the draw rules it pins.
#[derive(Clone)]
pub struct Rules {
    pub variant: Variant,
    pub options: RuleOptions,
    /// Identifies the definition's text (the preset version's `definition_hash`).
    pub definition_hash: String,
}

pub fn load(conn: &mut DbConn, id: PresetVersionId) -> Result<Rules, PresetError> {
    let row: PresetVersionRow = preset_versions::table
        .find(id)
        .select(PresetVersionRow::as_select())
        .first(conn)?;
    from_row(conn, row)
}

/// [`load`] for a preset-version row already read (the definition text is read only when
/// this process has not parsed it yet).
pub fn from_row(conn: &mut DbConn, row: PresetVersionRow) -> Result<Rules, PresetError> {
    let id = row.id;
    let options = RuleOptions {
        move_count_limit: row
            .move_count_limit
            .and_then(|limit| u32::try_from(limit).ok()),
        repetition: row.repetition,
    };
    let cached = cache()
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(&row.definition_hash)
        .cloned();
    let variant = match cached {
        Some(v) => v,
        None => {
            let text = crate::presets::definition_text(conn, id)?;
            let variant = Variant::from_toml(&text).map_err(|errors| {
                PresetError::Corrupt(format!(
                    "preset version {id}: {} definition error(s)",
                    errors.len()
                ))
            })?;
            let mut map = cache().lock().unwrap_or_else(|p| p.into_inner());
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(row.definition_hash.clone(), variant.clone());
            variant
        }
    };
    Ok(Rules {
        variant,
        options,
        definition_hash: row.definition_hash,
    })
}
