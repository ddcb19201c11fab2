//! Variant definitions: loading and validating the TOML files, and the compiled tables the
//! move generator uses.

use crate::definition_problem::{DefinitionProblem, Wing};
use crate::model::MovePart;
use crate::position::Position;
use crate::square::{Color, Square, MAX_SIDE, MIN_SIDE};
use crate::tables::Tables;
use serde::Deserialize;
use std::fmt;
use std::sync::{Arc, OnceLock};
use toml::Spanned;

/// Index of a piece kind inside its variant (`variant.pieces()[id.index()]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct KindId(pub(crate) u8);

impl KindId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// At most this many piece kinds per variant (kind sets are 64-bit masks).
pub const MAX_KINDS: usize = 64;

/// Longest `xbetza_note`, in characters (it is shown in legends).
pub const MAX_NOTE_CHARS: usize = 300;

/// One kind of piece of a variant.
#[derive(Clone, Debug)]
pub struct PieceKind {
    pub id: KindId,
    /// Plain name: "Rook", "Dragon King".
    pub name: String,
    /// The FEN token of a White piece: `R`, or `+R` for a promoted piece.
    pub letter: String,
    /// Value in Rook = 5 units, when the source gives one.
    pub value: Option<f64>,
    /// Lower-case identifier of the picture: "eagle", "dragon-king".
    pub image: String,
    /// A short plain-words description of the move, for legends.
    pub description: String,
    pub is_royal: bool,
    /// True for the promoted form written `+X`.
    pub is_promoted: bool,
    /// The movement, as written in the file (the `moves` texts, or the one `betza` text).
    pub move_texts: Vec<String>,
    /// The movement, compiled to the typed model.
    pub moves: Vec<MovePart>,
    /// The movement in XBetza, for legends: the `betza` text of a piece defined by one, else
    /// the file's documentation-only `xbetza` (checked to compile; that it means the same as
    /// `moves` is checked for the built-in variants by `tests/all/betza_builtin.rs`).
    pub xbetza: Option<String>,
    /// Why the piece has no exact XBetza form (`xbetza_note`), for legends.
    pub xbetza_note: Option<String>,
    /// Kinds this piece may become by promotion (empty: none, unless `promotes_by_start_file`);
    /// White's when `black_promotes_to` is set.
    pub promotes_to: Vec<KindId>,
    /// Black's choices when they differ from White's (`promotes_to_black`: Chigorin chess).
    pub black_promotes_to: Option<Vec<KindId>>,
    /// GraTiA Pawn: promotes to the piece of the file it started on.
    pub promotes_by_start_file: bool,
    /// In an optional-promotion variant, promotion is still compulsory on the last rank.
    pub must_promote_on_last_rank: bool,
    /// Its multi-square move-only steps give the enemy an e.p. right on the passed squares.
    pub creates_en_passant: bool,
    /// It may capture e.p. with its capturing steps.
    pub captures_en_passant: bool,
    /// Its moves reset the move-count clock (Pawns, Corporals); captures always do.
    pub resets_move_clock: bool,
}

impl PieceKind {
    /// The token of this kind for a piece of `color` (`R`/`r`, `+R`/`+r`).
    pub fn token(&self, color: Color) -> String {
        match color {
            Color::White => self.letter.clone(),
            Color::Black => self.letter.to_ascii_lowercase(),
        }
    }

    /// Whether this kind can ever promote.
    pub fn can_promote(&self) -> bool {
        !self.promotes_to.is_empty()
            || self
                .black_promotes_to
                .as_ref()
                .is_some_and(|b| !b.is_empty())
            || self.promotes_by_start_file
    }

    /// What a piece of `color` of this kind may become by promotion.
    pub fn promotion_targets(&self, color: Color) -> &[KindId] {
        match (color, &self.black_promotes_to) {
            (Color::Black, Some(black)) => black,
            _ => &self.promotes_to,
        }
    }
}

/// Castling geometry: the King moves `king_distance` squares toward the Rook; the Rook moves
/// `rook_distance` squares toward the King, or, without it, lands next to the King's new
/// square on its inner side.
#[derive(Clone, Debug)]
pub struct Castling {
    /// How far the King moves on the last-file wing (`K`).
    pub king_distance: u8,
    /// How far the King moves on the a-file wing (`Q`); `king_distance` unless the file sets
    /// `queenside_king_distance` (Janus: four squares one way, three the other).
    pub queenside_king_distance: u8,
    pub rook_distance: Option<u8>,
    pub rook_kind: KindId,
    /// Per colour: the King's start square and, per wing (`[last-file wing (K), a-file wing
    /// (Q)]`), the Rook's start and landing squares.
    pub king_start: [Square; 2],
    pub rook_start: [[Square; 2]; 2],
    pub rook_target: [[Square; 2]; 2],
}

/// Game-end switches that presets may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleOptions {
    /// Plies without capture or clock-resetting move after which the game is drawn.
    pub move_count_limit: Option<u32>,
    /// Whether the third occurrence of a position is a draw.
    pub repetition: bool,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            move_count_limit: Some(100),
            repetition: true,
        }
    }
}

pub(crate) struct VariantData {
    pub source: String,
    pub name: String,
    pub display_name: String,
    pub width: u8,
    pub height: u8,
    pub start_fen: String,
    pub provisional_setup: Option<String>,
    pub provisional_promotion: Option<String>,
    /// The named start positions, when the variant offers several; `start_fen` is one of them.
    pub setups: Vec<NamedSetup>,
    pub pieces: Vec<PieceKind>,
    pub royal: Option<KindId>,
    pub king_jump: bool,
    /// Black's moves are White's turned half round (`symmetry = "rotate"`), not mirrored.
    pub black_rotated: bool,
    pub castling: Option<Castling>,
    pub promotion_zone: u8,
    pub promotion_optional: bool,
    /// Per kind: promotion to it only while the side has fewer than this many.
    pub promotion_limits: Vec<Option<u8>>,
    /// Per file: the promotion target of a `promotes_by_start_file` piece that started there.
    pub file_targets: Vec<Option<KindId>>,
    pub rule_options: RuleOptions,
    pub end: EndRules,
    /// Per colour, per kind: bit r set if the kind starts on rank r (first-move-only parts).
    pub start_ranks: [Vec<u16>; 2],
    pub tables: Tables,
}

/// What a stalemate means for the side that has no legal move and is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum StalemateRule {
    #[default]
    Draw,
    /// The stalemated side loses (Shatranj, Courier).
    Loss,
    /// The stalemated side wins.
    Win,
}

/// The variant's game-end rules beyond checkmate and the draw rules (`[end]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    pub stalemate: StalemateRule,
    /// A side left with its royal piece alone while the opponent has two pieces or more loses,
    /// unless it bares the opponent in turn with its next move (Shatranj, Courier).
    pub bare_king: bool,
}

/// A validated variant. Cheap to clone.
#[derive(Clone)]
pub struct Variant(pub(crate) Arc<VariantData>);

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({})", self.0.name)
    }
}

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.source == other.0.source
    }
}

/// The name given to `Variant::builtin` is not a built-in variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{0}' (built-in: chess, terachess2, terachess1, teramachy, obento, gratia, shako, pemba, wildtamerlane, metamachy, zanzibar, gigachess2, gigachess1)"
)]
pub struct UnknownVariant(pub String);

/// One of several start positions a variant or a preset offers (Metamachy's 12).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NamedSetup {
    /// Short, unique within the list: `7`, `shuffle 3`.
    pub name: String,
    pub fen: String,
}

/// One problem in a variant definition, with its line (1-based) when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    pub line: Option<usize>,
    pub problem: DefinitionProblem,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.problem),
            None => write!(f, "{}", self.problem),
        }
    }
}

impl std::error::Error for DefinitionError {}

const BUILTIN_NAMES: [&str; 13] = [
    "chess",
    "terachess2",
    "terachess1",
    "teramachy",
    "obento",
    "gratia",
    "shako",
    "pemba",
    "wildtamerlane",
    "metamachy",
    "zanzibar",
    "gigachess2",
    "gigachess1",
];

fn builtin_text(name: &str) -> Option<&'static str> {
    Some(match name {
        "chess" => include_str!("../variants/chess.toml"),
        "terachess2" => include_str!("../variants/terachess2.toml"),
        "terachess1" => include_str!("../variants/terachess1.toml"),
        "teramachy" => include_str!("../variants/teramachy.toml"),
        "obento" => include_str!("../variants/obento.toml"),
        "gratia" => include_str!("../variants/gratia.toml"),
        "shako" => include_str!("../variants/shako.toml"),
        "pemba" => include_str!("../variants/pemba.toml"),
        "wildtamerlane" => include_str!("../variants/wildtamerlane.toml"),
        "metamachy" => include_str!("../variants/metamachy.toml"),
        "zanzibar" => include_str!("../variants/zanzibar.toml"),
        "gigachess2" => include_str!("../variants/gigachess2.toml"),
        "gigachess1" => include_str!("../variants/gigachess1.toml"),
        _ => return None,
    })
}

type Val = Option<Spanned<toml::Value>>;

#[derive(Deserialize)]
struct RawVariant {
    name: Val,
    display_name: Val,
    width: Val,
    height: Val,
    start_fen: Val,
    provisional_setup: Val,
    provisional_promotion: Val,
    king_jump: Val,
    symmetry: Val,
    castling: Option<Spanned<RawCastling>>,
    promotion: Option<Spanned<RawPromotion>>,
    draw: Option<RawDraw>,
    end: Option<Spanned<RawEnd>>,
    piece: Option<Vec<Spanned<RawPiece>>>,
    setup: Option<Vec<Spanned<RawSetup>>>,
}

#[derive(Deserialize)]
struct RawSetup {
    name: Val,
    fen: Val,
}

#[derive(Deserialize)]
struct RawCastling {
    king_distance: Val,
    queenside_king_distance: Val,
    rook_distance: Val,
    rook: Val,
}

#[derive(Deserialize)]
struct RawPromotion {
    zone: Val,
    optional: Val,
    by_start_file: Val,
    limits: Val,
}

#[derive(Deserialize)]
struct RawDraw {
    move_count_limit: Val,
    repetition: Val,
}

#[derive(Deserialize)]
struct RawEnd {
    stalemate: Val,
    bare_king: Val,
}

#[derive(Deserialize)]
struct RawPiece {
    name: Val,
    letter: Val,
    value: Val,
    image: Val,
    description: Val,
    royal: Val,
    moves: Val,
    betza: Val,
    xbetza: Val,
    xbetza_note: Val,
    promotes_to: Val,
    promotes_to_black: Val,
    promotes_by_start_file: Val,
    must_promote_on_last_rank: Val,
    creates_en_passant: Val,
    captures_en_passant: Val,
    resets_move_clock: Val,
}

const TOP_KEYS: [&str; 15] = [
    "name",
    "display_name",
    "width",
    "height",
    "start_fen",
    "provisional_setup",
    "provisional_promotion",
    "king_jump",
    "symmetry",
    "castling",
    "promotion",
    "draw",
    "end",
    "piece",
    "setup",
];
const PIECE_KEYS: [&str; 17] = [
    "name",
    "letter",
    "value",
    "image",
    "description",
    "royal",
    "moves",
    "betza",
    "xbetza",
    "xbetza_note",
    "promotes_to",
    "promotes_to_black",
    "promotes_by_start_file",
    "must_promote_on_last_rank",
    "creates_en_passant",
    "captures_en_passant",
    "resets_move_clock",
];
const CASTLING_KEYS: [&str; 4] = [
    "king_distance",
    "queenside_king_distance",
    "rook_distance",
    "rook",
];
const PROMOTION_KEYS: [&str; 4] = ["zone", "optional", "by_start_file", "limits"];
const DRAW_KEYS: [&str; 2] = ["move_count_limit", "repetition"];
const END_KEYS: [&str; 2] = ["stalemate", "bare_king"];
const SETUP_KEYS: [&str; 2] = ["name", "fen"];

/// The 1-based line of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |t| t.matches('\n').count() + 1)
}

/// Collects errors while reading the definition.
struct Checker<'a> {
    text: &'a str,
    errors: Vec<DefinitionError>,
}

impl<'a> Checker<'a> {
    fn error_at(&mut self, offset: Option<usize>, problem: DefinitionProblem) {
        let line = offset.map(|o| line_of(self.text, o));
        self.errors.push(DefinitionError { line, problem });
    }

    fn string(&mut self, v: &Val, what: &str, required: bool, near: usize) -> Option<String> {
        match v {
            None => {
                if required {
                    self.error_at(
                        Some(near),
                        DefinitionProblem::Missing {
                            key: what.to_owned(),
                        },
                    );
                }
                None
            }
            Some(s) => match s.get_ref() {
                toml::Value::String(text) => Some(text.clone()),
                _ => {
                    self.error_at(
                        Some(s.span().start),
                        DefinitionProblem::NotString {
                            key: what.to_owned(),
                        },
                    );
                    None
                }
            },
        }
    }

    fn boolean(&mut self, v: &Val, what: &str) -> bool {
        match v {
            None => false,
            Some(s) => match s.get_ref() {
                toml::Value::Boolean(b) => *b,
                _ => {
                    self.error_at(
                        Some(s.span().start),
                        DefinitionProblem::NotBool {
                            key: what.to_owned(),
                        },
                    );
                    false
                }
            },
        }
    }

    fn number(&mut self, v: &Val, what: &str) -> Option<f64> {
        let s = v.as_ref()?;
        match s.get_ref() {
            toml::Value::Float(f) => Some(*f),
            toml::Value::Integer(i) => Some(*i as f64),
            _ => {
                self.error_at(
                    Some(s.span().start),
                    DefinitionProblem::NotNumber {
                        key: what.to_owned(),
                    },
                );
                None
            }
        }
    }

    fn integer(&mut self, v: &Val, what: &str, range: (i64, i64), near: usize) -> Option<i64> {
        match v {
            None => {
                self.error_at(
                    Some(near),
                    DefinitionProblem::Missing {
                        key: what.to_owned(),
                    },
                );
                None
            }
            Some(s) => match s.get_ref() {
                toml::Value::Integer(n) if (range.0..=range.1).contains(n) => Some(*n),
                _ => {
                    self.error_at(
                        Some(s.span().start),
                        DefinitionProblem::OutOfRange {
                            key: what.to_owned(),
                            min: range.0,
                            max: range.1,
                        },
                    );
                    None
                }
            },
        }
    }

    fn string_list(&mut self, v: &Val, what: &str) -> Vec<(String, usize)> {
        let Some(s) = v else { return Vec::new() };
        match s.get_ref() {
            toml::Value::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item {
                        toml::Value::String(t) => out.push((t.clone(), s.span().start)),
                        _ => self.error_at(
                            Some(s.span().start),
                            DefinitionProblem::NotStringList {
                                key: what.to_owned(),
                            },
                        ),
                    }
                }
                out
            }
            _ => {
                self.error_at(
                    Some(s.span().start),
                    DefinitionProblem::NotStringList {
                        key: what.to_owned(),
                    },
                );
                Vec::new()
            }
        }
    }

    /// Unknown keys of a table, reported at the table's place.
    fn unknown_keys(&mut self, table: Option<&toml::Table>, known: &[&str], at: usize, what: &str) {
        if let Some(table) = table {
            for key in table.keys() {
                if !known.contains(&key.as_str()) {
                    let offset = self.find_key(key, at);
                    self.error_at(
                        Some(offset),
                        DefinitionProblem::UnknownKey {
                            key: key.clone(),
                            section: what.to_owned(),
                        },
                    );
                }
            }
        }
    }

    /// The offset of the first line at or after `from` that assigns `key`.
    fn find_key(&self, key: &str, from: usize) -> usize {
        let mut offset = 0;
        for line in self.text.split_inclusive('\n') {
            if offset >= from {
                let trimmed = line.trim_start();
                if let Some(rest) = trimmed.strip_prefix(key) {
                    if rest.trim_start().starts_with('=') {
                        return offset;
                    }
                }
            }
            offset += line.len();
        }
        from
    }
}

fn valid_letter(letter: &str) -> bool {
    let body = letter.strip_prefix('+').unwrap_or(letter);
    body.len() == 1 && body.bytes().all(|b| b.is_ascii_uppercase())
}

fn valid_image(image: &str) -> bool {
    !image.is_empty()
        && image
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !image.starts_with('-')
}

impl Variant {
    /// A built-in variant by name. Loaded once per process, then shared (cheap clone).
    pub fn builtin(name: &str) -> Result<Variant, UnknownVariant> {
        static LOADED: [OnceLock<Option<Variant>>; BUILTIN_NAMES.len()] =
            [const { OnceLock::new() }; BUILTIN_NAMES.len()];
        let unknown = || UnknownVariant(name.to_string());
        let index = BUILTIN_NAMES
            .iter()
            .position(|&n| n == name)
            .ok_or_else(unknown)?;
        let text = builtin_text(name).ok_or_else(unknown)?;
        LOADED[index]
            .get_or_init(|| Variant::from_toml(text).ok())
            .clone()
            .ok_or_else(unknown)
    }

    /// Every key of the definition format, per table: `""` (the top level), `castling`,
    /// `promotion`, `draw`, `piece`. For documentation checks.
    pub fn definition_keys() -> [(&'static str, &'static [&'static str]); 7] {
        [
            ("", &TOP_KEYS),
            ("castling", &CASTLING_KEYS),
            ("promotion", &PROMOTION_KEYS),
            ("draw", &DRAW_KEYS),
            ("end", &END_KEYS),
            ("piece", &PIECE_KEYS),
            ("setup", &SETUP_KEYS),
        ]
    }

    /// Names accepted by `Variant::builtin`.
    pub fn builtin_names() -> &'static [&'static str] {
        &BUILTIN_NAMES
    }

    /// Reads and validates a definition; returns every problem found, each with its line.
    ///
    /// Three stages, as shakmaty's `Setup` → `Position`: parse (TOML → [`RawDefinition`],
    /// unchecked), check (→ [`Definition`], every value checked on its own, all errors
    /// collected), compile (→ the `Variant` with its tables; what needs the setup on the
    /// board, the start FEN and castling's squares, is checked there).
    pub fn from_toml(text: &str) -> Result<Variant, Vec<DefinitionError>> {
        let raw = RawDefinition::parse(text)?;
        let mut ck = Checker {
            text,
            errors: Vec::new(),
        };
        // Compile even when errors were found, so that one pass reports the setup's too.
        let variant = check(&mut ck, &raw).and_then(|def| compile(&mut ck, def));
        match variant {
            Some(variant) if ck.errors.is_empty() => Ok(variant),
            _ => Err(ck.errors),
        }
    }

    /// The definition text this variant was loaded from.
    pub fn source_text(&self) -> &str {
        &self.0.source
    }
    pub fn name(&self) -> &str {
        &self.0.name
    }
    pub fn display_name(&self) -> &str {
        &self.0.display_name
    }
    pub fn width(&self) -> u8 {
        self.0.width
    }
    pub fn height(&self) -> u8 {
        self.0.height
    }
    pub fn pieces(&self) -> &[PieceKind] {
        &self.0.pieces
    }
    /// The kind with this id. Panics never: out-of-range ids fall back to the first kind.
    pub fn kind(&self, id: KindId) -> &PieceKind {
        self.0
            .pieces
            .get(id.index())
            .unwrap_or_else(|| &self.0.pieces[0])
    }
    /// The kind whose White token is `letter` (`R`, `+R`).
    pub fn kind_by_letter(&self, letter: &str) -> Option<&PieceKind> {
        self.0.pieces.iter().find(|p| p.letter == letter)
    }
    /// The notice to show with the setup when it is a reconstruction.
    pub fn provisional_setup(&self) -> Option<&str> {
        self.0.provisional_setup.as_deref()
    }
    /// The notice to show with the promotion rules when they are not settled by the author.
    pub fn provisional_promotion(&self) -> Option<&str> {
        self.0.provisional_promotion.as_deref()
    }
    /// The named start positions (empty when the variant has only `start_fen`).
    pub fn setups(&self) -> &[NamedSetup] {
        &self.0.setups
    }
    pub fn start_fen(&self) -> &str {
        &self.0.start_fen
    }
    /// The draw rules the variant file declares (presets may override them).
    pub fn rule_options(&self) -> RuleOptions {
        self.0.rule_options
    }
    /// Stalemate's result and the bare-King rule (`[end]`).
    pub fn end_rules(&self) -> EndRules {
        self.0.end
    }
    /// Whether Black's moves are White's turned half round rather than mirrored (only
    /// pieces that move differently to the left and to the right notice).
    pub fn black_rotated(&self) -> bool {
        self.0.black_rotated
    }
    pub fn has_king_jump(&self) -> bool {
        self.0.king_jump
    }
    pub fn castling(&self) -> Option<&Castling> {
        self.0.castling.as_ref()
    }
    /// Depth of the promotion zone in ranks (1 = last rank only).
    pub fn promotion_zone(&self) -> u8 {
        self.0.promotion_zone
    }
    pub fn promotion_is_optional(&self) -> bool {
        self.0.promotion_optional
    }
    /// How many pieces of `kind` a side may have at most for a promotion to it (Grand chess:
    /// only to a piece it lost), if limited.
    pub fn promotion_limit(&self, kind: KindId) -> Option<u8> {
        self.0.promotion_limits.get(kind.index()).copied().flatten()
    }
    /// For pieces that promote by start file: the target of a piece that started on `file`.
    pub fn file_promotion_target(&self, file: u8) -> Option<KindId> {
        self.0.file_targets.get(file as usize).copied().flatten()
    }
    /// Whether `sq` is on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.0.width && sq.rank() < self.0.height
    }
}

// ----- stage 1: parse --------------------------------------------------------------------

/// A definition as read from TOML, nothing checked yet.
struct RawDefinition {
    variant: RawVariant,
    /// The same text as a plain table, for its unknown keys (serde ignores them).
    table: Option<toml::Table>,
}

impl RawDefinition {
    fn parse(text: &str) -> Result<RawDefinition, Vec<DefinitionError>> {
        let variant: RawVariant = toml::from_str(text).map_err(|e| {
            vec![DefinitionError {
                line: e.span().map(|s| line_of(text, s.start)),
                problem: DefinitionProblem::Toml(e.message().trim().to_string()),
            }]
        })?;
        Ok(RawDefinition {
            variant,
            table: toml::from_str(text).ok(),
        })
    }
}

// ----- stage 2: check --------------------------------------------------------------------

/// A definition whose values were each checked; `compile` checks what needs the setup.
struct Definition {
    name: String,
    display_name: String,
    width: u8,
    height: u8,
    start_fen: String,
    fen_at: Option<usize>,
    provisional_setup: Option<String>,
    provisional_promotion: Option<String>,
    setups: Vec<(NamedSetup, usize)>,
    king_jump: bool,
    black_rotated: bool,
    pieces: Vec<PieceKind>,
    royal: Option<KindId>,
    promotion: PromotionRules,
    rule_options: RuleOptions,
    end: EndRules,
    castling: Option<CastlingRule>,
}

/// The `[promotion]` table, checked.
struct PromotionRules {
    zone: u8,
    optional: bool,
    /// Per kind: at most this many of the kind may a side have for a promotion to it.
    limits: Vec<Option<u8>>,
    file_targets: Vec<Option<KindId>>,
}

/// The `[castling]` table, checked; its squares come from the setup.
#[derive(Clone, Copy)]
struct CastlingRule {
    king_distance: u8,
    queenside_king_distance: u8,
    rook_distance: Option<u8>,
    rook_kind: KindId,
    /// Where `[castling]` starts, for the setup's errors.
    at: usize,
}

/// Checks every value, collecting the errors in `ck`. `None` when no board or no piece set
/// can be built (after reporting everything else).
fn check(ck: &mut Checker<'_>, raw: &RawDefinition) -> Option<Definition> {
    check_unknown_keys(ck, raw);
    let raw = &raw.variant;
    let name = ck.string(&raw.name, "name", true, 0).unwrap_or_default();
    if !name.is_empty() && !valid_image(&name) {
        let at = raw.name.as_ref().map(|s| s.span().start);
        ck.error_at(at, DefinitionProblem::BadName);
    }
    let display_name = ck
        .string(&raw.display_name, "display_name", true, 0)
        .unwrap_or_default();
    let side = (MIN_SIDE as i64, MAX_SIDE as i64);
    let width = ck.integer(&raw.width, "width", side, 0).unwrap_or(0) as u8;
    let height = ck.integer(&raw.height, "height", side, 0).unwrap_or(0) as u8;
    let start_fen = ck.string(&raw.start_fen, "start_fen", true, 0);
    let provisional_setup = ck.string(&raw.provisional_setup, "provisional_setup", false, 0);
    let provisional_promotion = ck.string(
        &raw.provisional_promotion,
        "provisional_promotion",
        false,
        0,
    );
    let setups = check_setups(ck, raw.setup.as_deref().unwrap_or_default());
    let king_jump = ck.boolean(&raw.king_jump, "king_jump");
    let black_rotated = match &raw.symmetry {
        None => false,
        Some(s) => match s.get_ref().as_str() {
            Some("mirror") => false,
            Some("rotate") => true,
            _ => {
                ck.error_at(Some(s.span().start), DefinitionProblem::BadSymmetry);
                false
            }
        },
    };

    let pieces = check_pieces(ck, raw.piece.as_deref().unwrap_or_default());
    let royals: Vec<KindId> = pieces.iter().filter(|p| p.is_royal).map(|p| p.id).collect();
    if royals.len() > 1 {
        ck.error_at(None, DefinitionProblem::SeveralRoyals);
    }
    let royal = royals.first().copied();
    let promotion = check_promotion(ck, raw.promotion.as_ref(), width, height, &pieces);
    let rule_options = check_draw(ck, raw.draw.as_ref());
    let end = check_end(ck, raw.end.as_ref(), royal);
    let castling = check_castling(ck, raw.castling.as_ref(), king_jump, royal, &pieces);
    if king_jump && royal.is_none() {
        let at = raw.king_jump.as_ref().map(|s| s.span().start);
        ck.error_at(at, DefinitionProblem::JumpNeedsRoyal);
    }

    if width == 0 || height == 0 || pieces.is_empty() || pieces.len() > MAX_KINDS {
        return None;
    }
    Some(Definition {
        name,
        display_name,
        width,
        height,
        start_fen: start_fen?,
        fen_at: raw.start_fen.as_ref().map(|s| s.span().start),
        provisional_setup,
        provisional_promotion,
        setups,
        king_jump,
        black_rotated,
        pieces,
        royal,
        promotion,
        rule_options,
        end,
        castling,
    })
}

/// Unknown keys of every table (a typo must not pass silently).
fn check_unknown_keys(ck: &mut Checker<'_>, raw: &RawDefinition) {
    let Some(table) = &raw.table else { return };
    ck.unknown_keys(Some(table), &TOP_KEYS, 0, "the variant");
    for (section, keys) in [
        ("castling", &CASTLING_KEYS[..]),
        ("promotion", &PROMOTION_KEYS[..]),
        ("draw", &DRAW_KEYS[..]),
        ("end", &END_KEYS[..]),
    ] {
        if let Some(toml::Value::Table(t)) = table.get(section) {
            let at = ck.text.find(&format!("[{section}]")).unwrap_or(0);
            ck.unknown_keys(Some(t), keys, at, &format!("[{section}]"));
        }
    }
    if let (Some(toml::Value::Array(setups)), Some(raw_setups)) =
        (table.get("setup"), raw.variant.setup.as_ref())
    {
        for (p, rp) in setups.iter().zip(raw_setups) {
            if let toml::Value::Table(t) = p {
                ck.unknown_keys(Some(t), &SETUP_KEYS, rp.span().start, "a [[setup]]");
            }
        }
    }
    if let (Some(toml::Value::Array(pieces)), Some(raw_pieces)) =
        (table.get("piece"), raw.variant.piece.as_ref())
    {
        for (p, rp) in pieces.iter().zip(raw_pieces) {
            if let toml::Value::Table(t) = p {
                ck.unknown_keys(Some(t), &PIECE_KEYS, rp.span().start, "a [[piece]]");
            }
        }
    }
}

/// The `[[setup]]` list: each with a unique name and a FEN (read against the board in
/// `compile`).
fn check_setups(ck: &mut Checker<'_>, raw: &[Spanned<RawSetup>]) -> Vec<(NamedSetup, usize)> {
    let mut out: Vec<(NamedSetup, usize)> = Vec::new();
    for item in raw {
        let at = item.span().start;
        let setup = item.get_ref();
        let name = ck.string(&setup.name, "name", true, at);
        let fen = ck.string(&setup.fen, "fen", true, at);
        let (Some(name), Some(fen)) = (name, fen) else {
            continue;
        };
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > 40 {
            ck.error_at(Some(at), DefinitionProblem::SetupNameLength);
        } else if out.iter().any(|(s, _)| s.name == name) {
            ck.error_at(
                Some(at),
                DefinitionProblem::SetupNamedTwice { name: name.clone() },
            );
        }
        let fen = fen.trim().to_string();
        out.push((NamedSetup { name, fen }, at));
    }
    out
}

/// The kind whose letter is `letter`.
fn find_kind(pieces: &[PieceKind], letter: &str) -> Option<KindId> {
    pieces
        .iter()
        .position(|p| p.letter == letter)
        .map(|i| KindId(i as u8))
}

/// Every `[[piece]]`, then their `promotes_to` (which may name later pieces).
fn check_pieces(ck: &mut Checker<'_>, raw_pieces: &[Spanned<RawPiece>]) -> Vec<PieceKind> {
    if raw_pieces.is_empty() {
        ck.error_at(None, DefinitionProblem::NoPieces);
    }
    if raw_pieces.len() > MAX_KINDS {
        ck.error_at(None, DefinitionProblem::TooManyKinds { max: MAX_KINDS });
    }
    let mut pieces: Vec<PieceKind> = Vec::new();
    let mut promo_names: Vec<PromotionNames> = Vec::new();
    for (index, rp) in raw_pieces.iter().enumerate() {
        let (piece, names) = check_piece(ck, index, rp, &pieces);
        pieces.push(piece);
        promo_names.push(names);
    }
    for (index, (white, black)) in promo_names.iter().enumerate() {
        let mut resolve = |names: &[(String, usize)]| -> Vec<KindId> {
            let mut targets = Vec::new();
            for (letter, offset) in names {
                match find_kind(&pieces, letter) {
                    Some(id) => targets.push(id),
                    None => ck.error_at(
                        Some(*offset),
                        DefinitionProblem::PromotesToUnknown {
                            piece: pieces[index].name.clone(),
                            letter: letter.clone(),
                        },
                    ),
                }
            }
            targets
        };
        let white = resolve(white);
        let black = black.as_deref().map(&mut resolve);
        pieces[index].promotes_to = white;
        pieces[index].black_promotes_to = black;
    }
    pieces
}

/// A piece's `promotes_to` letters and, when given, its `promotes_to_black` ones.
type PromotionNames = (Vec<(String, usize)>, Option<Vec<(String, usize)>>);

/// One `[[piece]]` (`earlier`: the pieces before it) and the letters of its promotions.
fn check_piece(
    ck: &mut Checker<'_>,
    index: usize,
    rp: &Spanned<RawPiece>,
    earlier: &[PieceKind],
) -> (PieceKind, PromotionNames) {
    let at = rp.span().start;
    let rp = rp.get_ref();
    let here = |v: &Val| v.as_ref().map_or(at, |s| s.span().start);
    let pname = ck.string(&rp.name, "name", true, at).unwrap_or_default();
    let letter = ck
        .string(&rp.letter, "letter", true, at)
        .unwrap_or_default();
    check_letter(ck, &letter, here(&rp.letter), &pname, earlier);
    let value = ck.number(&rp.value, "value");
    let image = ck.string(&rp.image, "image", true, at).unwrap_or_default();
    if !image.is_empty() && !valid_image(&image) {
        ck.error_at(
            Some(here(&rp.image)),
            DefinitionProblem::BadImage {
                image: image.clone(),
            },
        );
    }
    let description = ck
        .string(&rp.description, "description", true, at)
        .unwrap_or_default();
    let is_royal = ck.boolean(&rp.royal, "royal");
    let movement = check_movement(ck, rp, at, &pname);
    let (xbetza, xbetza_note) = check_xbetza(ck, rp, at, &pname, &movement.betza);
    let promotes_to = ck.string_list(&rp.promotes_to, "promotes_to");
    let promotes_to_black = rp
        .promotes_to_black
        .is_some()
        .then(|| ck.string_list(&rp.promotes_to_black, "promotes_to_black"));
    let promotes_by_start_file = ck.boolean(&rp.promotes_by_start_file, "promotes_by_start_file");
    let piece = PieceKind {
        id: KindId(index.min(255) as u8),
        name: pname,
        is_promoted: letter.starts_with('+'),
        letter,
        value,
        image,
        description,
        is_royal,
        move_texts: movement.texts,
        moves: movement.parts,
        xbetza,
        xbetza_note,
        promotes_to: Vec::new(),
        black_promotes_to: None,
        promotes_by_start_file,
        must_promote_on_last_rank: ck
            .boolean(&rp.must_promote_on_last_rank, "must_promote_on_last_rank"),
        creates_en_passant: ck.boolean(&rp.creates_en_passant, "creates_en_passant"),
        captures_en_passant: ck.boolean(&rp.captures_en_passant, "captures_en_passant")
            || movement.betza_ep,
        resets_move_clock: ck.boolean(&rp.resets_move_clock, "resets_move_clock"),
    };
    (piece, (promotes_to, promotes_to_black))
}

/// A piece letter: its form, and that no earlier piece has it.
fn check_letter(ck: &mut Checker<'_>, letter: &str, at: usize, pname: &str, earlier: &[PieceKind]) {
    if !letter.is_empty() && !valid_letter(letter) {
        ck.error_at(
            Some(at),
            DefinitionProblem::BadLetter {
                letter: letter.to_owned(),
            },
        );
    }
    if let Some(other) = earlier
        .iter()
        .find(|p| p.letter == letter && !letter.is_empty())
    {
        ck.error_at(
            Some(at),
            DefinitionProblem::LetterTwice {
                letter: letter.to_owned(),
                first: other.name.clone(),
                second: pname.to_owned(),
            },
        );
    }
}

/// A piece's movement, from its `moves` or its `betza`.
struct Movement {
    texts: Vec<String>,
    parts: Vec<MovePart>,
    betza: Option<String>,
    /// XBetza's `e`: the kind also captures e.p.
    betza_ep: bool,
}

fn check_movement(ck: &mut Checker<'_>, rp: &RawPiece, at: usize, pname: &str) -> Movement {
    let mut move_texts = ck.string_list(&rp.moves, "moves");
    let betza = ck.string(&rp.betza, "betza", false, at);
    match (&rp.moves, &rp.betza) {
        (None, None) => ck.error_at(
            Some(at),
            DefinitionProblem::NoMoves {
                piece: pname.to_owned(),
            },
        ),
        (Some(_), Some(b)) => ck.error_at(
            Some(b.span().start),
            DefinitionProblem::MovesAndBetza {
                piece: pname.to_owned(),
            },
        ),
        _ => {}
    }
    let mut parts = Vec::new();
    let mut betza_ep = false;
    if let (Some(text), Some(b)) = (&betza, &rp.betza) {
        match crate::betza::compile(text) {
            Ok(compiled) => {
                parts = compiled.parts;
                betza_ep = compiled.captures_en_passant;
            }
            Err(e) => ck.error_at(
                Some(b.span().start),
                DefinitionProblem::Betza {
                    piece: pname.to_owned(),
                    error: e,
                },
            ),
        }
        move_texts = vec![(text.clone(), b.span().start)];
    } else {
        for (text, offset) in &move_texts {
            match MovePart::parse(text) {
                Ok(part) => parts.push(part),
                Err(message) => ck.error_at(
                    Some(*offset),
                    DefinitionProblem::MoveText {
                        piece: pname.to_owned(),
                        text: text.clone(),
                        error: message,
                    },
                ),
            }
        }
    }
    Movement {
        texts: move_texts.into_iter().map(|(t, _)| t).collect(),
        parts,
        betza,
        betza_ep,
    }
}

/// The legend's XBetza and its note: the `betza` of a piece given by one, else the
/// documentation-only `xbetza` (checked to compile).
fn check_xbetza(
    ck: &mut Checker<'_>,
    rp: &RawPiece,
    at: usize,
    pname: &str,
    betza: &Option<String>,
) -> (Option<String>, Option<String>) {
    let mut xbetza = ck.string(&rp.xbetza, "xbetza", false, at);
    if let (Some(text), Some(x)) = (&xbetza, &rp.xbetza) {
        if rp.betza.is_some() {
            ck.error_at(
                Some(x.span().start),
                DefinitionProblem::BetzaAndXbetza {
                    piece: pname.to_owned(),
                },
            );
        } else if let Err(e) = crate::betza::compile(text) {
            ck.error_at(
                Some(x.span().start),
                DefinitionProblem::Xbetza {
                    piece: pname.to_owned(),
                    error: e,
                },
            );
        }
    }
    if rp.betza.is_some() {
        xbetza = betza.clone();
    }
    let note = ck
        .string(&rp.xbetza_note, "xbetza_note", false, at)
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty());
    if let Some(x) = &rp.xbetza_note {
        if note
            .as_ref()
            .is_some_and(|t| t.chars().count() > MAX_NOTE_CHARS)
        {
            ck.error_at(
                Some(x.span().start),
                DefinitionProblem::NoteTooLong {
                    piece: pname.to_owned(),
                    max: MAX_NOTE_CHARS,
                },
            );
        }
    }
    (xbetza, note)
}

fn check_promotion(
    ck: &mut Checker<'_>,
    raw: Option<&Spanned<RawPromotion>>,
    width: u8,
    height: u8,
    pieces: &[PieceKind],
) -> PromotionRules {
    let mut rules = PromotionRules {
        zone: 1,
        optional: false,
        limits: vec![None; pieces.len()],
        file_targets: vec![None; width as usize],
    };
    if let Some(rp) = raw {
        let at = rp.span().start;
        let rp = rp.get_ref();
        if rp.zone.is_some() {
            rules.zone = ck
                .integer(&rp.zone, "zone", (1, height.max(1) as i64 / 2), at)
                .unwrap_or(1) as u8;
        }
        rules.optional = ck.boolean(&rp.optional, "optional");
        check_limits(ck, &rp.limits, pieces, &mut rules.limits);
        let files = ck.string_list(&rp.by_start_file, "by_start_file");
        if rp.by_start_file.is_some() {
            if files.len() != width as usize {
                ck.error_at(
                    Some(at),
                    DefinitionProblem::ByStartFileCount {
                        count: files.len(),
                        width,
                    },
                );
            }
            for (file, (letter, offset)) in files.iter().enumerate() {
                match find_kind(pieces, letter) {
                    Some(id) if file < rules.file_targets.len() => {
                        rules.file_targets[file] = Some(id)
                    }
                    Some(_) => {}
                    None => ck.error_at(
                        Some(*offset),
                        DefinitionProblem::ByStartFileUnknown {
                            letter: letter.clone(),
                        },
                    ),
                }
            }
        }
    }
    if pieces.iter().any(|p| p.promotes_by_start_file)
        && rules.file_targets.iter().any(Option::is_none)
    {
        ck.error_at(None, DefinitionProblem::ByStartFileMissing);
    }
    rules
}

/// `limits = { Q = 1, R = 2 }`: a promotion to a kind only while the side has fewer.
fn check_limits(ck: &mut Checker<'_>, raw: &Val, pieces: &[PieceKind], limits: &mut [Option<u8>]) {
    let Some(value) = raw else { return };
    let at = Some(value.span().start);
    let toml::Value::Table(table) = value.get_ref() else {
        ck.error_at(at, DefinitionProblem::LimitsNotTable);
        return;
    };
    for (letter, count) in table {
        let count = count.as_integer().filter(|n| (0..=64).contains(n));
        match (find_kind(pieces, letter), count) {
            (Some(id), Some(n)) => {
                if let Some(slot) = limits.get_mut(id.index()) {
                    *slot = Some(n as u8);
                }
            }
            (None, _) => ck.error_at(
                at,
                DefinitionProblem::LimitsUnknown {
                    letter: letter.clone(),
                },
            ),
            (_, None) => ck.error_at(
                at,
                DefinitionProblem::LimitOutOfRange {
                    letter: letter.clone(),
                },
            ),
        }
    }
}

fn check_draw(ck: &mut Checker<'_>, raw: Option<&RawDraw>) -> RuleOptions {
    let mut rule_options = RuleOptions::default();
    let Some(rd) = raw else { return rule_options };
    if let Some(s) = &rd.move_count_limit {
        match s.get_ref() {
            toml::Value::Integer(0) => rule_options.move_count_limit = None,
            toml::Value::Integer(n) if *n > 0 && *n <= u32::MAX as i64 => {
                rule_options.move_count_limit = Some(*n as u32)
            }
            _ => ck.error_at(Some(s.span().start), DefinitionProblem::BadMoveCountLimit),
        }
    }
    if rd.repetition.is_some() {
        rule_options.repetition = ck.boolean(&rd.repetition, "repetition");
    }
    rule_options
}

fn check_end(
    ck: &mut Checker<'_>,
    raw: Option<&Spanned<RawEnd>>,
    royal: Option<KindId>,
) -> EndRules {
    let mut end = EndRules::default();
    let Some(re) = raw else { return end };
    let at = re.span().start;
    let re = re.get_ref();
    if let Some(s) = &re.stalemate {
        end.stalemate = match s.get_ref().as_str() {
            Some("draw") => StalemateRule::Draw,
            Some("loss") => StalemateRule::Loss,
            Some("win") => StalemateRule::Win,
            _ => {
                ck.error_at(Some(s.span().start), DefinitionProblem::BadStalemate);
                StalemateRule::Draw
            }
        };
    }
    end.bare_king = ck.boolean(&re.bare_king, "bare_king");
    if end.bare_king && royal.is_none() {
        ck.error_at(Some(at), DefinitionProblem::BareKingNeedsRoyal);
    }
    end
}

fn check_castling(
    ck: &mut Checker<'_>,
    raw: Option<&Spanned<RawCastling>>,
    king_jump: bool,
    royal: Option<KindId>,
    pieces: &[PieceKind],
) -> Option<CastlingRule> {
    let rc = raw?;
    let at = rc.span().start;
    let rc = rc.get_ref();
    let dist = ck.integer(&rc.king_distance, "king_distance", (2, 13), at);
    let queenside = match rc.queenside_king_distance {
        Some(_) => ck.integer(
            &rc.queenside_king_distance,
            "queenside_king_distance",
            (2, 13),
            at,
        ),
        None => dist,
    };
    let rook_distance = match rc.rook_distance {
        Some(_) => ck
            .integer(&rc.rook_distance, "rook_distance", (1, 14), at)
            .map(|d| d as u8),
        None => None,
    };
    let rook = ck.string(&rc.rook, "rook", true, at);
    if king_jump {
        ck.error_at(Some(at), DefinitionProblem::CastlingAndJump);
    }
    if royal.is_none() {
        ck.error_at(Some(at), DefinitionProblem::CastlingNeedsRoyal);
    }
    let (dist, rook) = (dist?, rook?);
    match find_kind(pieces, &rook) {
        Some(rook_kind) => Some(CastlingRule {
            king_distance: dist as u8,
            queenside_king_distance: queenside.unwrap_or(dist) as u8,
            rook_distance,
            rook_kind,
            at,
        }),
        None => {
            ck.error_at(
                Some(at),
                DefinitionProblem::CastlingRookUnknown { rook: rook.clone() },
            );
            None
        }
    }
}

// ----- stage 3: compile ------------------------------------------------------------------

/// Builds the tables and reads the setup; checks what needs it (the start FEN, castling's
/// squares). `None` when the setup cannot be read.
fn compile(ck: &mut Checker<'_>, def: Definition) -> Option<Variant> {
    let tables = Tables::build(
        &def.pieces,
        (def.width, def.height),
        def.promotion.zone,
        def.black_rotated,
    );
    let kinds = def.pieces.len();
    let placeholder = [[Square::from_index(0); 2]; 2];
    let data = VariantData {
        source: ck.text.to_string(),
        name: def.name,
        display_name: def.display_name,
        width: def.width,
        height: def.height,
        start_fen: def.start_fen.clone(),
        provisional_setup: def.provisional_setup,
        provisional_promotion: def.provisional_promotion,
        setups: def.setups.iter().map(|(s, _)| s.clone()).collect(),
        pieces: def.pieces,
        royal: def.royal,
        king_jump: def.king_jump,
        black_rotated: def.black_rotated,
        // Placeholder geometry so the setup's rights parse; filled in from the setup.
        castling: def.castling.map(|rule| Castling {
            king_distance: rule.king_distance,
            queenside_king_distance: rule.queenside_king_distance,
            rook_distance: rule.rook_distance,
            rook_kind: rule.rook_kind,
            king_start: [Square::from_index(0); 2],
            rook_start: placeholder,
            rook_target: placeholder,
        }),
        promotion_zone: def.promotion.zone,
        promotion_optional: def.promotion.optional,
        promotion_limits: def.promotion.limits,
        file_targets: def.promotion.file_targets,
        rule_options: def.rule_options,
        end: def.end,
        start_ranks: [vec![0; kinds], vec![0; kinds]],
        tables,
    };
    // Read the setup with a provisional variant, then fill in what the setup determines.
    let provisional = Variant(Arc::new(data));
    let setup = read_setup(ck, &provisional, &def.start_fen, def.fen_at)?;
    check_named_setups(ck, &provisional, &def.setups, &def.start_fen, def.fen_at);
    let Ok(mut data) = Arc::try_unwrap(provisional.0) else {
        ck.error_at(None, DefinitionProblem::Internal);
        return None;
    };
    if let Some(rule) = def.castling {
        data.castling = Some(castling_squares(ck, rule, &setup, data.width, data.height));
    }
    data.start_ranks = setup.start_ranks;
    Some(Variant(Arc::new(data)))
}

/// Every listed setup must read on this board, and `start_fen` (the default) must be one of
/// them.
fn check_named_setups(
    ck: &mut Checker<'_>,
    variant: &Variant,
    setups: &[(NamedSetup, usize)],
    start_fen: &str,
    fen_at: Option<usize>,
) {
    for (setup, at) in setups {
        if let Err(e) = Position::from_fen(variant, &setup.fen) {
            ck.error_at(
                Some(*at),
                DefinitionProblem::SetupFen {
                    name: setup.name.clone(),
                    error: e,
                },
            );
        }
    }
    if !setups.is_empty() && !setups.iter().any(|(s, _)| s.fen == start_fen.trim()) {
        ck.error_at(fen_at, DefinitionProblem::StartFenNotListed);
    }
}

/// What the start position tells: where each kind starts, where the Kings stand.
struct SetupFacts {
    /// Per colour, per kind: bit r set if the kind starts on rank r.
    start_ranks: [Vec<u16>; 2],
    king_start: [Option<Square>; 2],
    cells: Vec<(Square, Color, KindId)>,
}

fn read_setup(
    ck: &mut Checker<'_>,
    variant: &Variant,
    start_fen: &str,
    fen_at: Option<usize>,
) -> Option<SetupFacts> {
    let setup = match Position::from_fen(variant, start_fen) {
        Ok(pos) => pos,
        Err(e) => {
            ck.error_at(fen_at, DefinitionProblem::StartFen(e));
            return None;
        }
    };
    let kinds = variant.pieces().len();
    let mut facts = SetupFacts {
        start_ranks: [vec![0u16; kinds], vec![0u16; kinds]],
        king_start: [None, None],
        cells: Vec::new(),
    };
    let royal = variant.0.royal;
    for index in 0..256usize {
        let sq = Square::from_index(index as u8);
        if let Some((color, kind, _)) = setup.cell_at(sq) {
            facts.cells.push((sq, color, kind));
            facts.start_ranks[color.index()][kind.index()] |= 1 << sq.rank();
            if Some(kind) == royal {
                facts.king_start[color.index()] = Some(sq);
            }
        }
    }
    Some(facts)
}

/// Castling's King and Rook squares, from the setup; a wing that does not work is reported
/// and left at the placeholder.
fn castling_squares(
    ck: &mut Checker<'_>,
    rule: CastlingRule,
    setup: &SetupFacts,
    width: u8,
    height: u8,
) -> Castling {
    let mut castling = Castling {
        king_distance: rule.king_distance,
        queenside_king_distance: rule.queenside_king_distance,
        rook_distance: rule.rook_distance,
        rook_kind: rule.rook_kind,
        king_start: [Square::from_index(0); 2],
        rook_start: [[Square::from_index(0); 2]; 2],
        rook_target: [[Square::from_index(0); 2]; 2],
    };
    for color in [Color::White, Color::Black] {
        let Some(ks) = setup.king_start[color.index()] else {
            ck.error_at(Some(rule.at), DefinitionProblem::CastlingNoKing(color));
            continue;
        };
        castling.king_start[color.index()] = ks;
        for (wing, dir) in [(0usize, 1i32), (1, -1)] {
            if let Some((start, target)) =
                castling_wing(ck, rule, setup, color, ks, (wing, dir), (width, height))
            {
                castling.rook_start[color.index()][wing] = start;
                castling.rook_target[color.index()][wing] = target;
            }
        }
    }
    castling
}

/// One wing's Rook: its start square (the outermost Rook on the King's rank on that side)
/// and where it lands. `None` after reporting why there is none.
fn castling_wing(
    ck: &mut Checker<'_>,
    rule: CastlingRule,
    setup: &SetupFacts,
    color: Color,
    ks: Square,
    (wing, dir): (usize, i32),
    (width, height): (u8, u8),
) -> Option<(Square, Square)> {
    let king_distance = if wing == 0 {
        rule.king_distance
    } else {
        rule.queenside_king_distance
    };
    let mut found = None;
    let mut sq = ks;
    while let Some(next) = sq.offset(dir, 0, width, height) {
        sq = next;
        if setup.cells.contains(&(sq, color, rule.rook_kind)) {
            found = Some(sq);
        }
    }
    let rsq = match found {
        Some(rsq) if (rsq.file() as i32 - ks.file() as i32).abs() > king_distance as i32 => rsq,
        _ => {
            ck.error_at(
                Some(rule.at),
                DefinitionProblem::CastlingNoRook {
                    color,
                    king_distance,
                    wing: if wing == 0 {
                        Wing::LastFile
                    } else {
                        Wing::AFile
                    },
                },
            );
            return None;
        }
    };
    // Beside the King's new square, or `rook_distance` from its start; it must stay
    // between the King's start and its own start square and not be the King's new square.
    let king_to = ks.file() as i32 + dir * king_distance as i32;
    let file = match rule.rook_distance {
        Some(d) => rsq.file() as i32 - dir * d as i32,
        None => king_to - dir,
    };
    let (lo, hi) = if dir > 0 {
        (ks.file() as i32, rsq.file() as i32 - 1)
    } else {
        (rsq.file() as i32 + 1, ks.file() as i32)
    };
    match Square::new(file.clamp(0, 15) as u8, ks.rank()) {
        Some(target) if (lo..=hi).contains(&file) && file != king_to => Some((rsq, target)),
        _ => {
            ck.error_at(
                Some(rule.at),
                DefinitionProblem::CastlingRookLanding { color, rook: rsq },
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in files are shown to players (a forked preset's definition): they carry rule
    /// comments, not the project's internal notes.
    #[test]
    fn builtin_files_hold_no_internal_notes() {
        for name in BUILTIN_NAMES {
            let text = builtin_text(name).unwrap_or_default();
            assert!(!text.is_empty(), "{name}");
            for note in ["VARIANTS", "Decision"] {
                assert!(!text.contains(note), "{name} mentions {note}");
            }
        }
    }
}
