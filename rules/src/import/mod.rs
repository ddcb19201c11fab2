//! Variants from elsewhere: a Fairy-Stockfish `variants.ini` section ([`fsf`]) or an
//! Interactive Diagram (`diagram`) becomes a
//! plypost variant definition (the TOML of `rules/variants/`) that plays the same rules, or a
//! list of what plypost cannot express, each problem with its line and key.
//!
//! No IO: texts in, texts out. The definition is loaded once before it is returned, so an
//! import that succeeds always gives a definition that plays.

mod diagram;
pub mod fsf;
mod fsf_betza;
pub(crate) mod spec;

pub use crate::arg::Arg;
pub use fsf_betza::{translate as translate_fsf_betza, Translated};

/// A problem or a warning of an import: where (1-based line of the source, 0 when it is the
/// text as a whole or a built-in template) and which key.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    pub line: usize,
    pub key: String,
    /// What is wrong, in English.
    pub message: String,
    /// A stable name for the kind of problem (`refused-drops`, `not-a-number`,
    /// `unknown-key`): clients and translated pages go by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The values the message names (a key's value, a count, a square), by name, for a
    /// translated page to put into its own sentence.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub args: std::collections::BTreeMap<String, Arg>,
}

impl Problem {
    /// A problem of kind `code` with its English `message`; where it is comes later
    /// ([`Problem::at`]) when the reader that finds it does not know.
    pub fn coded(code: &str, message: impl Into<String>) -> Problem {
        Problem {
            line: 0,
            key: String::new(),
            message: message.into(),
            code: Some(code.to_owned()),
            args: std::collections::BTreeMap::new(),
        }
    }

    /// The problem at `line` and `key`.
    pub fn at(mut self, line: usize, key: &str) -> Problem {
        self.line = line;
        self.key = key.to_owned();
        self
    }

    /// The problem with the value `name` its message names.
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Problem {
        self.args.insert(name.to_owned(), value.into());
        self
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.key.as_str()) {
            (0, "") => f.write_str(&self.message),
            (0, key) => write!(f, "{key}: {}", self.message),
            (line, "") => write!(f, "line {line}: {}", self.message),
            (line, key) => write!(f, "line {line}: {key}: {}", self.message),
        }
    }
}

/// Why a key, a parameter or a piece is refused: a stable code (`refused-<code>` in the
/// problem) and the English text of the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub text: &'static str,
}

pub(crate) const fn why(code: &'static str, text: &'static str) -> Refusal {
    Refusal { code, text }
}

impl Refusal {
    /// The refusal as a problem (its place comes later).
    pub fn problem(&self) -> Problem {
        Problem::coded(&format!("refused-{}", self.code), self.text)
    }
}

/// `value` is not a whole number (both readers).
fn not_a_number(value: &str) -> Problem {
    Problem::coded("not-a-number", format!("'{value}' is not a whole number")).arg("value", value)
}

/// An imported variant: its definition and what the reader should know about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub definition: String,
    pub warnings: Vec<Problem>,
}

/// The source formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Fairy-Stockfish's variants.ini.
    FsfIni,
    /// An Interactive Diagram (chessvariants.com).
    Diagram,
}

impl Format {
    /// `fsf-ini` (the name the CLI and the API use).
    pub fn parse(name: &str) -> Option<Format> {
        match name {
            "fsf-ini" => Some(Format::FsfIni),
            "diagram" => Some(Format::Diagram),
            _ => None,
        }
    }
}

/// Imports `text` (section `section` of a variants.ini).
pub fn import(format: Format, text: &str, section: Option<&str>) -> Result<Imported, Vec<Problem>> {
    match format {
        Format::FsfIni => fsf::import(text, section),
        Format::Diagram => diagram::import(text),
    }
}

/// A FEN as Fairy-Stockfish writes it, in plypost's form: castling rights given by the
/// Rook's file (`HAha`, Fairy-Stockfish's way for Rooks not in the corner) become `K`/`Q`
/// by the side of the King they are on. Anything else passes unchanged (plypost's own FENs
/// too), for `Position::from_fen` to judge.
pub fn fen_from_fsf(variant: &crate::Variant, fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    if let (Some(board), Some(ep)) = (fields.first(), fields.get(3)) {
        let kept = vacant_ep_squares(board, ep);
        fields[3] = kept;
    }
    let (Some(board), Some(rights)) = (fields.first(), fields.get(2)) else {
        return fields.join(" ");
    };
    if rights.chars().all(|c| "KQkq-".contains(c)) {
        return fields.join(" ");
    }
    let royal = variant.pieces().iter().find(|p| p.is_royal);
    // The file of the King of that colour, wherever it stands.
    let king_file = |upper: bool| -> Option<usize> {
        let letter = royal?.letter.chars().last()?;
        let letter = if upper {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        board.split('/').find_map(|row| {
            spec::fen_row(row)
                .0
                .into_iter()
                .find(|(_, c)| *c == letter)
                .map(|(f, _)| f)
        })
    };
    let mut out = String::new();
    for c in rights.chars() {
        let upper = c.is_ascii_uppercase();
        let converted = match c.to_ascii_lowercase() {
            'k' | 'q' => c,
            f @ 'a'..='p' => match king_file(upper) {
                Some(k) => {
                    let side = if (f as u8 - b'a') as usize > k {
                        'K'
                    } else {
                        'Q'
                    };
                    if upper {
                        side
                    } else {
                        side.to_ascii_lowercase()
                    }
                }
                None => c,
            },
            _ => c,
        };
        if !out.contains(converted) {
            out.push(converted);
        }
    }
    fields[2] = out;
    fields.join(" ")
}

/// Fairy-Stockfish lists the landing square of a double step among the e.p. squares
/// (`g5g6`); plypost's FEN names only the squares passed over, which are empty.
fn vacant_ep_squares(board: &str, ep: &str) -> String {
    if ep == "-" {
        return ep.to_owned();
    }
    let rows: Vec<&str> = board.split('/').collect();
    let occupied = |file: usize, rank: usize| -> bool {
        rank.checked_add(1)
            .and_then(|r| rows.len().checked_sub(r))
            .and_then(|i| rows.get(i))
            .is_some_and(|row| {
                spec::fen_row(row)
                    .0
                    .iter()
                    .any(|(f, c)| *f == file && c.is_ascii_alphabetic())
            })
    };
    let mut kept = String::new();
    let chars: Vec<char> = ep.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let file = chars[i];
        let mut j = i + 1;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let rank: Option<usize> = chars[i + 1..j].iter().collect::<String>().parse().ok();
        match (file.is_ascii_lowercase(), rank) {
            (true, Some(r)) if r >= 1 => {
                if !occupied((file as u8 - b'a') as usize, r - 1) {
                    kept.extend(&chars[i..j]);
                }
            }
            // Not a square list: leave it for the FEN reader to explain.
            _ => return ep.to_owned(),
        }
        i = j;
    }
    if kept.is_empty() {
        "-".to_owned()
    } else {
        kept
    }
}
