//! A preset version's notes: why the version was made, stored as data (JSON in
//! `preset_versions.notes`) so that the history reads in each reader's language. Notes stored
//! before they were data are English text and are shown as they are.

use serde::{Deserialize, Serialize};

use super::model::Visibility;
use crate::i18n::Lang;

/// One change a saved version made, as the history lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    Renamed {
        from: String,
    },
    Visibility {
        now: String,
    },
    Setup,
    /// The number of named start positions (0: the one setup only).
    Setups {
        count: usize,
    },
    MoveCount {
        plies: Option<u32>,
    },
    Repetition {
        on: bool,
    },
    /// The default time control, as the preset's columns store it.
    TimeControl {
        kind: String,
        days_per_move: i64,
        reserve_days: Option<i64>,
        increment_hours: Option<i64>,
        cap_days: Option<i64>,
    },
    Appearance,
    Description,
    Definition,
}

/// Why a version exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "notes", rename_all = "snake_case")]
pub enum VersionNotes {
    /// The first version of a built-in preset.
    Builtin,
    /// A built-in preset followed a change of the engine's definition.
    EngineChanged,
    /// The first version of a fork.
    Forked { from: String, version: i64 },
    /// An edit: what changed, and the author's own note.
    Edited {
        changes: Vec<Change>,
        note: Option<String>,
    },
    /// Text stored before notes were data, shown as written.
    #[serde(skip)]
    Text(String),
}

/// The English texts the built-in versions were stored with before notes were data.
const LEGACY_BUILTIN: &str = "Built-in preset";
const LEGACY_ENGINE_CHANGED: &str = "The engine's definition of the variant changed.";

impl VersionNotes {
    /// What the `notes` column stores.
    pub fn encode(&self) -> String {
        match self {
            VersionNotes::Text(text) => text.clone(),
            data => serde_json::to_string(data).unwrap_or_default(),
        }
    }

    /// Reads the `notes` column: data when it is, else the old text (the built-in presets'
    /// two old English notes are recognised, so they read in every language too).
    pub fn decode(stored: &str) -> VersionNotes {
        if stored.starts_with('{') {
            if let Ok(notes) = serde_json::from_str(stored) {
                return notes;
            }
        }
        match stored {
            LEGACY_BUILTIN => VersionNotes::Builtin,
            LEGACY_ENGINE_CHANGED => VersionNotes::EngineChanged,
            text => VersionNotes::Text(text.to_owned()),
        }
    }

    /// The notes in `lang`, as the history shows them after the author's name.
    pub fn text(&self, lang: &Lang) -> String {
        match self {
            VersionNotes::Builtin => lang.t("presets-notes-builtin"),
            VersionNotes::EngineChanged => lang.t("presets-notes-engine-changed"),
            VersionNotes::Forked { from, version } => lang.t2(
                "presets-notes-forked",
                "name",
                crate::i18n::preset_name(lang, from),
                "version",
                *version,
            ),
            VersionNotes::Edited { changes, note } => {
                let mut parts: Vec<String> = changes.iter().map(|c| c.text(lang)).collect();
                if let Some(note) = note {
                    parts.push(lang.t1("presets-change-note", "note", note));
                }
                capitalized(&parts.join(&lang.t("presets-changes-separator")))
            }
            VersionNotes::Text(text) => text.clone(),
        }
    }
}

impl Change {
    fn text(&self, lang: &Lang) -> String {
        match self {
            Change::Renamed { from } => lang.t1("presets-change-renamed", "from", from),
            Change::Visibility { now } => {
                let visibility = Visibility::parse(now).map_or("public", Visibility::as_str);
                lang.t1("presets-change-visibility", "visibility", visibility)
            }
            Change::Setup => lang.t("presets-change-setup"),
            Change::Setups { count } => lang.t1("presets-change-setups", "count", *count),
            Change::MoveCount { plies: Some(plies) } => {
                lang.t1("presets-change-move-count", "plies", *plies)
            }
            Change::MoveCount { plies: None } => lang.t("presets-change-move-count-off"),
            Change::Repetition { on: true } => lang.t("presets-change-repetition-on"),
            Change::Repetition { on: false } => lang.t("presets-change-repetition-off"),
            Change::TimeControl {
                kind,
                days_per_move,
                reserve_days,
                increment_hours,
                cap_days,
            } => {
                let control = super::settings::time_control_of(
                    kind,
                    *days_per_move,
                    *reserve_days,
                    *increment_hours,
                    *cap_days,
                );
                lang.t1(
                    "presets-change-time-control",
                    "control",
                    control.describe_in(lang),
                )
            }
            Change::Appearance => lang.t("presets-change-appearance"),
            Change::Description => lang.t("presets-change-description"),
            Change::Definition => lang.t("presets-change-definition"),
        }
    }
}

/// `text` with its first letter in capitals ("Renamed from …; setup changed").
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_stored_as_data_and_read_in_each_language() {
        let fr = Lang::from_tag("fr").expect("French");
        let en = Lang::default();
        let notes = VersionNotes::Edited {
            changes: vec![
                Change::Renamed { from: "Old".into() },
                Change::Repetition { on: false },
                Change::Setups { count: 0 },
            ],
            note: Some("fewer draws".into()),
        };
        let stored = notes.encode();
        assert_eq!(VersionNotes::decode(&stored), notes);
        assert_eq!(
            notes.text(&en),
            "Renamed from “Old”; repetition draw off; one start position only; “fewer draws”"
        );
        let french = notes.text(&fr);
        assert!(french.starts_with("Renommé"), "{french}");
        assert!(french.contains("«\u{a0}fewer draws\u{a0}»"), "{french}");
        let forked = VersionNotes::Forked {
            from: "Chess".into(),
            version: 3,
        };
        assert_eq!(forked.text(&en), "Forked from “Chess” version 3");
        assert_eq!(VersionNotes::decode(&forked.encode()), forked);
    }

    #[test]
    fn old_text_is_shown_as_written_and_old_builtin_notes_are_recognised() {
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(
            VersionNotes::decode("Setup changed; “mine”"),
            VersionNotes::Text("Setup changed; “mine”".into())
        );
        assert_eq!(
            VersionNotes::decode("{not json"),
            VersionNotes::Text("{not json".into())
        );
        assert_eq!(
            VersionNotes::decode(LEGACY_BUILTIN).text(&Lang::default()),
            LEGACY_BUILTIN
        );
        assert_eq!(
            VersionNotes::decode(LEGACY_ENGINE_CHANGED).text(&Lang::default()),
            LEGACY_ENGINE_CHANGED
        );
        assert_ne!(
            VersionNotes::decode(LEGACY_BUILTIN).text(&fr),
            LEGACY_BUILTIN
        );
    }
}
