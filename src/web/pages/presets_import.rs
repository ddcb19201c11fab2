//! The edit form's "Import" box: a pasted Fairy-Stockfish variants.ini or Interactive
//! Diagram becomes the form's definition and setup, shown (board, legend with move diagrams,
//! warnings) before the author saves it as a new version.

use plypost_rules::import::{self, Format, Problem};
use plypost_rules::{Position, Variant};

use super::presets_view::{self, Look, PieceLegend};
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
    pub marks: Vec<(String, &'static str)>,
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

fn problem(message: impl Into<String>) -> Problem {
    Problem {
        line: 0,
        key: String::new(),
        message: message.into(),
    }
}

/// Imports the box's text into `form` (definition and setup, the list of setups emptied);
/// the box then holds the preview or every problem. Returns whether it was imported.
pub fn run(bx: &mut ImportBox, form: &mut SettingsInput, look: &Look) -> bool {
    let text = bx.text.replace("\r\n", "\n");
    if bx.format == "fsf-ini" {
        bx.sections = import::fsf::section_names(&text);
    }
    let Some(format) = Format::parse(&bx.format) else {
        bx.errors.push(problem("Choose the format of the text."));
        return false;
    };
    if text.trim().is_empty() {
        bx.errors.push(problem("Paste the text to import."));
        return false;
    }
    if text.chars().count() > MAX_IMPORT_CHARS {
        bx.errors.push(problem(format!(
            "The text is too long (at most {MAX_IMPORT_CHARS} characters)."
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
        bx.errors.push(problem(
            "The imported definition does not load; please report it.",
        ));
        return false;
    };
    let start = Position::start(&variant);
    bx.board = Some(presets_view::board(&start, look, "import-board"));
    bx.legend = presets_view::legend(&variant, &[]);
    bx.marks = presets_view::mark_legend();
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
