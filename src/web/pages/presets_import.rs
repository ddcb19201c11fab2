//! The edit form's "Import" box: a pasted Fairy-Stockfish variants.ini or Interactive
//! Diagram becomes the form's definition and setup, shown (board, legend with move diagrams,
//! warnings) before the author saves it as a new version.

use plypost_rules::import::{self, Format, Problem};
use plypost_rules::{Position, Variant};

use super::presets_view::{self, Look, PieceLegend};
use crate::i18n::Lang;
use crate::presets::SettingsInput;

/// Longest pasted text, in characters (the form's body is at most 64 KB anyway).
pub const MAX_IMPORT_CHARS: usize = 60_000;

/// What the import box shows.
#[derive(Default)]
pub struct ImportBox {
    pub format: String,
    pub text: String,
    pub section: String,
    /// The sections of a pasted variants.ini, for the choice.
    pub sections: Vec<String>,
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
    /// After a successful import: the start position and the pieces.
    pub board: Option<String>,
    pub legend: Vec<PieceLegend>,
    pub marks: Vec<(String, String)>,
}

impl ImportBox {
    pub fn new(format: &str, text: &str, section: &str) -> ImportBox {
        ImportBox {
            format: format.to_owned(),
            text: text.to_owned(),
            section: section.to_owned(),
            ..ImportBox::default()
        }
    }

    pub fn imported(&self) -> bool {
        self.board.is_some()
    }
}

/// A problem of the box itself (no line, no key), already in the reader's language.
fn problem(message: String) -> Problem {
    Problem {
        line: 0,
        key: String::new(),
        message,
        code: None,
    }
}

/// An import problem or warning in `lang`: by its code where the import gives one
/// (`imported-<code>`), else the import's own English text.
pub fn problem_text(lang: &Lang, problem: &Problem) -> String {
    problem
        .code
        .as_deref()
        .and_then(|code| lang.try_t(&format!("imported-{code}")))
        .unwrap_or_else(|| problem.message.clone())
}

/// Imports the box's text into `form` (definition and setup, the list of setups emptied);
/// the box then holds the preview or every problem. Returns whether it was imported.
pub fn run(lang: &Lang, bx: &mut ImportBox, form: &mut SettingsInput, look: &Look) -> bool {
    let text = bx.text.replace("\r\n", "\n");
    if bx.format == "fsf-ini" {
        bx.sections = import::fsf::section_names(&text);
    }
    let Some(format) = Format::parse(&bx.format) else {
        bx.errors.push(problem(lang.t("edit-import-choose-format")));
        return false;
    };
    if text.trim().is_empty() {
        bx.errors.push(problem(lang.t("edit-import-paste")));
        return false;
    }
    if text.chars().count() > MAX_IMPORT_CHARS {
        bx.errors.push(problem(lang.t1(
            "edit-import-too-long",
            "max",
            MAX_IMPORT_CHARS,
        )));
        return false;
    }
    let section = Some(bx.section.trim()).filter(|s| !s.is_empty());
    let imported = match import::import(format, &text, section) {
        Ok(imported) => imported,
        Err(errors) => {
            bx.errors = errors;
            return false;
        }
    };
    let Ok(variant) = Variant::from_toml(&imported.definition) else {
        bx.errors.push(problem(lang.t("edit-import-does-not-load")));
        return false;
    };
    let start = Position::start(&variant);
    bx.board = Some(presets_view::board(lang, &start, look, "import-board"));
    bx.legend = presets_view::legend(lang, &variant, &[]);
    bx.marks = presets_view::mark_legend(lang);
    bx.warnings = imported.warnings;
    form.definition = imported.definition;
    form.setup_fen = variant.start_fen().to_owned();
    form.setups.clear();
    let rules = variant.rule_options();
    form.move_count_limit = rules
        .move_count_limit
        .map(|n| n.to_string())
        .unwrap_or_default();
    form.repetition = rules.repetition;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn look() -> Look {
        Look {
            light: String::new(),
            dark: String::new(),
            coordinates: true,
        }
    }

    /// The import's refusals and warnings reach the reader in their language by code; the
    /// box's own problems too.
    #[test]
    fn problems_are_shown_in_the_readers_language() {
        let fr = Lang::from_tag("fr").expect("French");
        let mut form = SettingsInput::default();
        let mut bx = ImportBox::new("fsf-ini", "[r:chess]\npieceDrops = true\n", "");
        assert!(!run(&fr, &mut bx, &mut form, &look()));
        let drops = bx
            .errors
            .iter()
            .find(|p| p.key == "pieceDrops")
            .expect("refused");
        assert_eq!(drops.code.as_deref(), Some("refused-drops"));
        assert_eq!(
            problem_text(&fr, drops),
            "les parachutages ne font pas partie des règles de plypost"
        );
        assert_eq!(problem_text(&Lang::default(), drops), drops.message);

        let mut bx = ImportBox::new("fsf-ini", "[r:chess]\npieceToCharTable = x\n", "");
        assert!(run(&fr, &mut bx, &mut form, &look()));
        let warning = bx.warnings.first().expect("a warning");
        assert!(
            problem_text(&fr, warning).starts_with("ignorée"),
            "{warning:?}"
        );
        assert!(bx.marks.iter().any(|(_, words)| words == "prise seulement"));
        assert!(bx.legend.iter().any(|p| p.name == "Dame"));

        let mut bx = ImportBox::new("", "x", "");
        assert!(!run(&fr, &mut bx, &mut form, &look()));
        assert_eq!(bx.errors[0].message, "Choisissez le format du texte.");
    }
}
