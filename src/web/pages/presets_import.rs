//! The edit form's "Import" box: a pasted Fairy-Stockfish variants.ini or Interactive
//! Diagram becomes the form's definition and setup, shown (board, legend with move diagrams,
//! warnings) before the author saves it as a new version.

use plypost_rules::import::{self, Arg, Format, Problem};
use plypost_rules::{Position, Variant};

use super::presets_view::{self, Look, PieceLegend};
use crate::i18n::{self, Lang, MessageArg, MessageValue};
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
        args: Default::default(),
    }
}

/// An import problem or warning in `lang`: the message `imported-<code>` with the values
/// the problem names (a piece's name in the reader's language), else the import's own
/// English text.
pub fn problem_text(lang: &Lang, problem: &Problem) -> String {
    let Some(id) = problem
        .code
        .as_deref()
        .map(|code| format!("imported-{code}"))
    else {
        return problem.message.clone();
    };
    let values: Vec<(&str, MessageValue)> = problem
        .args
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                Arg::Text(text) if name == "piece" => {
                    MessageValue::Text(i18n::piece_name(lang, text))
                }
                other => MessageValue::from(other),
            };
            (name.as_str(), value)
        })
        .collect();
    let args: Vec<(&str, &dyn MessageArg)> = values
        .iter()
        .map(|(name, value)| (*name, value as &dyn MessageArg))
        .collect();
    lang.try_t_args(&id, &args)
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

    /// A diagram from `lines` (one definition a line).
    fn diagram(lines: &[&str]) -> String {
        lines.join("\n")
    }

    /// Texts that make the import report each of its problems: (format, section, text).
    fn troubled_texts() -> Vec<(&'static str, Option<&'static str>, String)> {
        let ini = |text: &str| ("fsf-ini", None, text.to_owned());
        let chess = |keys: &str| ("fsf-ini", None, format!("[a:chess]\n{keys}\n"));
        let board = ["files=8", "ranks=8", "king:K:K::e1", "rook:R:R::a1,h1"];
        let with = |extra: &[&str]| {
            let mut lines = board.to_vec();
            lines.extend_from_slice(extra);
            ("diagram", None, diagram(&lines))
        };
        let mut deep = String::new();
        for n in 0..20 {
            deep.push_str(&format!("[s{n}:s{}]\n", n + 1));
        }
        deep.push_str("[s20]\n");
        let mut crowd = vec!["files=8".to_owned(), "ranks=8".to_owned()];
        for (n, id) in ('A'..='Z').enumerate() {
            crowd.push(format!("p{n}:{id}:W::"));
        }
        crowd.push("extra::W::".to_owned());
        let fen = |fen: &str| chess(&format!("startFen = {fen}"));
        vec![
            ini(&format!("[a]\n{}", "# comment\n".repeat(60_000))),
            ini("[a\n"),
            ini("[a b]\n"),
            ini("[a]\n[a]\n"),
            ini("[a]\nfoo\n"),
            ini("[a]\nfo o = 1\n"),
            ini("x = 1\n[a]\n"),
            ini("[a]\nx = 1\nx = 2\n"),
            ("fsf-ini", Some("s0"), deep),
            ("fsf-ini", Some("a"), "[a:b]\n[b:a]\n".to_owned()),
            ini("[a:nosuch]\n"),
            ("fsf-ini", Some("zzz"), "[a]\n".to_owned()),
            ini("# nothing\n"),
            ini("[a]\n[b]\n"),
            chess("maxFile = 20"),
            chess("maxRank = 20"),
            chess("promotionRank = x"),
            chess("castlingKingsideFile = zz"),
            chess("nMoveRule = x"),
            chess("castling = maybe"),
            chess("promotionPieceTypes = z"),
            chess("knight = 1"),
            chess("promotionRegionWhite = zz9"),
            chess("stalemateValue = maybe"),
            chess("promotionLimit = q"),
            chess("castlingKingPiece = -"),
            chess("doubleStepRank = 2"),
            chess("customPiece1 = a"),
            chess("nFoldRule = 4"),
            chess("stalemateValue = none"),
            chess("king = -"),
            chess("nMoveRuleTypesWhite = p\nnMoveRuleTypesBlack = n"),
            chess("extinctionValue = loss"),
            chess("promotionPawnTypesWhite = p\npromotionPawnTypesBlack = n"),
            chess("promotionRegionWhite = *7"),
            chess("doubleStepRegionWhite = *3"),
            chess("enPassantRegion = *3"),
            chess("enPassantTypes = n"),
            chess("customPiece1 = a:x"),
            chess("customPiece1 = a:ifmnDR"),
            chess("doubleStep = false\ncustomPiece1 = a:ifmWK"),
            chess("immobilityIllegal = true\nmandatoryPawnPromotion = false\nshogiPawn = s"),
            chess("castlingKingPiece = q"),
            chess("castlingRookPieces = rq"),
            chess("rook = -\nstartFen = 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"),
            chess(
                "promotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2\n\
                 doubleStepRegionWhite = *1\ndoubleStepRegionBlack = *8\n\
                 customPiece1 = a:ifmnDK\nstartFen = a3k3/8/8/8/8/8/8/A3K3 w - - 0 1",
            ),
            chess("castlingRank = 2"),
            chess("castlingKingsideFile = f"),
            chess("castlingRookKingsideFile = g"),
            fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
            fen("4k3/8/8/8/8/8/8/4K2R~ w - - 0 1"),
            fen("4k3/8/4K3 w - - 0 1"),
            fen("4k3/8/8/8/8/8/8/4K2z w - - 0 1"),
            fen("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
            fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
            fen("4k3/8/8/8/8/8/8/4K3 w KX - 0 1"),
            chess(&format!("customPiece1 = a:{}", "W".repeat(101))),
            chess("customPiece1 = a:gQ"),
            chess("customPiece1 = a:iW"),
            chess("customPiece1 = a:pR2"),
            chess("customPiece1 = a:nN"),
            chess("customPiece1 = a:Wx"),
            with(&["nonsense"]),
            ("diagram", None, diagram(&["files=8", "king:K:K::e1"])),
            (
                "diagram",
                None,
                diagram(&["files=20", "ranks=8", "king:K:K::e1"]),
            ),
            with(&["symmetry=flip"]),
            with(&["captureMatrix=x"]),
            with(&["shuffle=x"]),
            with(&["trackers=1"]),
            with(&["hole=a4"]),
            with(&["protected=1"]),
            with(&["castleFlags=1"]),
            with(&["spell1=x"]),
            with(&["frobnicate=1"]),
            with(&["bishop:B:B"]),
            with(&["blob::::c1"]),
            with(&["bishop:1:B::c1"]),
            ("diagram", None, crowd.join("\n")),
            with(&["keeper::W::a2"]),
            with(&["kite:K:W::a2"]),
            with(&["bishop:B:B::z9"]),
            with(&["bishop:B:B::c1-d2"]),
            with(&["bishop:B:B::e1"]),
            with(&["royal=Z"]),
            with(&["promoChoice=Z"]),
            with(&["promoChoice=Q*"]),
            with(&["baring=0"]),
            ("diagram", None, diagram(&["ranks=8", "king:K:KO::e1"])),
            (
                "diagram",
                None,
                diagram(&["ranks=8", "king:K:KisO2isO3::e1"]),
            ),
            ("diagram", None, diagram(&["ranks=8", "king:K:KjO2::e1"])),
            (
                "diagram",
                None,
                diagram(&["ranks=8", "king:K:K::e1", "rook:R:RisO2::a1,h1"]),
            ),
            (
                "diagram",
                None,
                diagram(&[
                    "ranks=8",
                    "king:K:KisO2::e1",
                    "rook:R:R::a1",
                    "knight:N:N::h1",
                ]),
            ),
            (
                "diagram",
                None,
                diagram(&["ranks=8", "king::::e1", "rook::::a1,h1"]),
            ),
            with(&["bishop:B:aB::c1"]),
        ]
    }

    /// Every problem the import reports has a code, its English message is the import's own
    /// text, and its French one is French; the texts above reach every message of
    /// `imports.ftl` (the one left out cannot be reached from outside).
    #[test]
    fn every_import_problem_is_translated() {
        let (en, fr) = (Lang::default(), Lang::from_tag("fr").expect("French"));
        let mut seen = std::collections::BTreeSet::new();
        let mut problems = Vec::new();
        for (format, section, text) in troubled_texts() {
            let format = Format::parse(format).expect("a format");
            let found = match import::import(format, &text, section) {
                Ok(imported) => imported.warnings,
                Err(errors) => errors,
            };
            for problem in found {
                let Some(code) = problem.code.clone() else {
                    problems.push(format!("no code: {problem}"));
                    continue;
                };
                let english = problem_text(&en, &problem);
                let french = problem_text(&fr, &problem);
                if english != problem.message {
                    problems.push(format!(
                        "{code}: English {english:?} != {:?}",
                        problem.message
                    ));
                }
                if french == problem.message || french.contains('{') || french.contains('\'') {
                    problems.push(format!("{code}: French {french:?}"));
                }
                seen.insert(code);
            }
        }
        let unreachable = ["does-not-load"];
        for line in include_str!("../../../locales/en/imports.ftl").lines() {
            let Some((id, _)) = line.split_once(" = ") else {
                continue;
            };
            let Some(code) = id.strip_prefix("imported-") else {
                continue;
            };
            if !seen.contains(code) && !unreachable.contains(&code) {
                problems.push(format!("no text above reaches {code}"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
