//! Rows of the presets tables and the small types stored as text.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{preset_versions, presets};
use crate::db::PresetVersionId;
use crate::db::UserId;

crate::typed_id!(
    /// A preset (all its versions).
    PresetId
);

/// Listed in the index, or reachable only by its address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    Public,
    Unlisted,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Unlisted => "unlisted",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "public" => Some(Visibility::Public),
            "unlisted" => Some(Visibility::Unlisted),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = presets)]
pub struct PresetRow {
    pub id: PresetId,
    pub slug: String,
    pub name: String,
    pub owner_id: Option<UserId>,
    pub variant_name: String,
    pub visibility: String,
    pub current_version: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub retired: bool,
    pub forked_from: Option<PresetId>,
}

impl PresetRow {
    /// Built-in presets belong to the server and are read-only.
    pub fn is_builtin(&self) -> bool {
        self.owner_id.is_none()
    }

    pub fn is_owned_by(&self, user: Option<UserId>) -> bool {
        user.is_some() && self.owner_id == user
    }

    pub fn is_unlisted(&self) -> bool {
        self.visibility == Visibility::Unlisted.as_str()
    }
}

/// One immutable version, everything it pins.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = preset_versions)]
pub struct VersionRow {
    pub id: PresetVersionId,
    pub preset_id: PresetId,
    pub version: i64,
    pub definition: String,
    pub definition_hash: String,
    pub setup_fen: String,
    pub move_count_limit: Option<i64>,
    pub repetition: bool,
    pub created_at: NaiveDateTime,
    pub created_by: Option<UserId>,
    pub notes: String,
    pub name: String,
    pub description: String,
    pub days_per_move: i64,
    pub light_color: String,
    pub dark_color: String,
    pub coordinates: bool,
    pub piece_letters: String,
    pub time_kind: String,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    /// Named start positions (JSON, see `presets::setups`); empty: `setup_fen` only.
    pub setups: String,
}

#[derive(Insertable)]
#[diesel(table_name = presets)]
pub(crate) struct NewPreset<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub name_key: &'a str,
    pub owner_id: Option<UserId>,
    pub variant_name: &'a str,
    pub visibility: &'a str,
    pub current_version: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub forked_from: Option<PresetId>,
}

#[derive(Insertable)]
#[diesel(table_name = preset_versions)]
pub(crate) struct NewVersion<'a> {
    pub preset_id: PresetId,
    pub version: i64,
    pub definition: &'a str,
    pub definition_hash: &'a str,
    pub setup_fen: &'a str,
    pub move_count_limit: Option<i64>,
    pub repetition: bool,
    pub created_at: NaiveDateTime,
    pub created_by: Option<UserId>,
    pub notes: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    pub days_per_move: i64,
    pub light_color: &'a str,
    pub dark_color: &'a str,
    pub coordinates: bool,
    pub piece_letters: &'a str,
    pub time_kind: &'a str,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub setups: &'a str,
}

/// A preset version as games and the rules cache read it (no definition text).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = preset_versions)]
pub struct PresetVersionRow {
    pub id: PresetVersionId,
    pub preset_id: i64,
    pub version: i64,
    pub definition_hash: String,
    pub setup_fen: String,
    pub move_count_limit: Option<i64>,
    pub repetition: bool,
    /// Named start positions (JSON, see `presets::setups`); empty: `setup_fen` only.
    pub setups: String,
}
