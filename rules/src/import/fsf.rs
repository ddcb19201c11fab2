//! A Fairy-Stockfish variants.ini section → plypost's variant definition.
//!
//! The section is applied as Fairy-Stockfish applies it: its parents first (other sections,
//! or a built-in variant from `templates.ini`), each on top of what the one before built,
//! the board size, then the pieces in Fairy-Stockfish's order of piece types, then the
//! rules. The result is then checked against what plypost's rules can say; every key that
//! changes the rules in a way plypost cannot follow is an error naming it.

use super::fsf_betza;
use super::spec::{CastlingSpec, PieceSpec, Spec};
use super::{why, Imported, Problem, Refusal};
use crate::fsf_ini::{self, Entry, IniFile, Section};
use crate::variant::StalemateRule;
use std::collections::BTreeMap;

const TEMPLATES: &str = include_str!("templates.ini");

/// Fairy-Stockfish's boards are at most 12 files by 10 ranks.
const MAX_FILES: u8 = 12;
const MAX_RANKS: u8 = 10;

/// A piece type of Fairy-Stockfish: its key name, its movement in the dialect, and how
/// plypost names and draws it.
struct PieceType {
    key: &'static str,
    betza: &'static str,
    name: &'static str,
    image: &'static str,
    /// Why plypost cannot have it, if it cannot.
    refused: Option<Refusal>,
}

const fn pt(
    key: &'static str,
    betza: &'static str,
    name: &'static str,
    image: &'static str,
) -> PieceType {
    PieceType {
        key,
        betza,
        name,
        image,
        refused: None,
    }
}

const fn refused(key: &'static str, why: Refusal) -> PieceType {
    PieceType {
        key,
        betza: "",
        name: "",
        image: "",
        refused: Some(why),
    }
}

/// In Fairy-Stockfish's order of piece types (the order a section's pieces are read in).
const TYPES: [PieceType; 36] = [
    pt("pawn", "fmWfceF", "Pawn", "pawn"),
    pt("knight", "N", "Knight", "knight"),
    pt("bishop", "B", "Bishop", "bishop"),
    pt("rook", "R", "Rook", "rook"),
    pt("queen", "Q", "Queen", "queen"),
    pt("fers", "F", "Ferz", "ferz"),
    pt("alfil", "A", "Alfil", "alfil"),
    pt("fersAlfil", "FA", "Elephant", "elephant"),
    pt("silver", "FfW", "Silver General", "silver-general"),
    pt("aiwok", "RNF", "Aiwok", ""),
    pt("bers", "RF", "Bers", "dragon-king"),
    pt("archbishop", "BN", "Archbishop", "archbishop"),
    pt("chancellor", "RN", "Chancellor", "chancellor"),
    pt("amazon", "QN", "Amazon", "amazon"),
    pt("knibis", "mNcB", "Knibis", ""),
    pt("biskni", "mBcN", "Biskni", ""),
    pt("kniroo", "mNcR", "Kniroo", ""),
    pt("rookni", "mRcN", "Rookni", ""),
    pt("shogiPawn", "fW", "Shogi Pawn", ""),
    pt("lance", "fR", "Lance", ""),
    pt("shogiKnight", "fN", "Shogi Knight", ""),
    pt("gold", "WfF", "Gold General", "gold-general"),
    pt("dragonHorse", "BW", "Dragon Horse", "dragon-horse"),
    pt("clobber", "cW", "Clobber", ""),
    pt("breakthrough", "fmWfF", "Breakthrough", ""),
    refused("immobile", IMMOBILE),
    pt("cannon", "mRcpR", "Cannon", "cannon"),
    refused("janggiCannon", JANGGI_CANNON),
    refused("soldier", XIANGQI_SOLDIER),
    refused("horse", XIANGQI_HORSE),
    pt("elephant", "nA", "Elephant", "elephant"),
    refused("janggiElephant", JANGGI_ELEPHANT),
    refused("banner", BANNER),
    pt("wazir", "W", "Wazir", "wazir"),
    pt("commoner", "K", "Commoner", "commoner"),
    pt("centaur", "KN", "Centaur", "centaur"),
];

/// Custom piece slots (`customPiece1` ...).
const CUSTOM_SLOTS: usize = 25;

/// A piece type's index: `TYPES` first, then the custom slots, then the King.
type TypeId = usize;
const CUSTOM_BASE: TypeId = TYPES.len();
const KING: TypeId = CUSTOM_BASE + CUSTOM_SLOTS;
const PAWN: TypeId = 0;
/// A set of piece types; bit 63 is Fairy-Stockfish's `*` (every piece).
type TypeSet = u64;
const ALL_PIECES: TypeSet = 1 << 63;

fn type_key(t: TypeId) -> String {
    match t {
        t if t < CUSTOM_BASE => TYPES[t].key.to_owned(),
        KING => "king".to_owned(),
        t => format!("customPiece{}", t - CUSTOM_BASE + 1),
    }
}

/// The squares of a region: bit `rank * 12 + file`.
type Region = u128;

fn rank_bits(rank: u8, files: u8) -> Region {
    let mut r = 0;
    for f in 0..files.min(MAX_FILES) {
        r |= 1u128 << (rank as u32 * MAX_FILES as u32 + f as u32);
    }
    r
}

/// A key's value and where it came from, for messages.
#[derive(Clone)]
struct Source {
    key: String,
    line: usize,
}

/// A Fairy-Stockfish variant as the keys build it (the fields plypost reads).
#[derive(Clone)]
struct State {
    max_rank: u8,
    max_file: u8,
    /// Piece type → its letter (lower case).
    letters: BTreeMap<TypeId, char>,
    custom_betza: BTreeMap<TypeId, String>,
    king_betza: Option<String>,
    /// Where each piece was defined (0 for a template's).
    piece_lines: BTreeMap<TypeId, usize>,
    start_fen: String,
    promotion_region: [Region; 2],
    promotion_pawn_types: [TypeSet; 2],
    promotion_piece_types: [TypeSet; 2],
    /// The promotion choices as last written, for their order.
    promotion_letters: String,
    /// `promotionLimit`: at most this many of a type for a promotion to it.
    promotion_limits: BTreeMap<TypeId, u32>,
    mandatory_pawn_promotion: bool,
    immobility_illegal: bool,
    double_step: bool,
    double_step_region: [Region; 2],
    en_passant_region: [Region; 2],
    en_passant_types: [TypeSet; 2],
    castling: bool,
    castling_kingside_file: u8,
    castling_queenside_file: u8,
    castling_rank: u8,
    castling_king_piece: [TypeId; 2],
    castling_rook_pieces: [TypeSet; 2],
    castling_rook_kingside_file: Option<u8>,
    castling_rook_queenside_file: u8,
    n_move_rule: u32,
    n_move_rule_types: [TypeSet; 2],
    n_fold_rule: u32,
    stalemate: StalemateRule,
    extinction: Extinction,
    /// Keys whose values plypost cannot follow, found while applying.
    refusals: Vec<Problem>,
    warnings: Vec<Problem>,
    /// Where the start position and the castling geometry were last set.
    fen_source: Option<Source>,
}

#[derive(Clone, Default)]
struct Extinction {
    value: String,
    claim: bool,
    types: String,
    count: u32,
    opponent_count: u32,
    source: Option<Source>,
}

impl Default for State {
    fn default() -> State {
        State {
            max_rank: 8,
            max_file: 8,
            letters: BTreeMap::new(),
            custom_betza: BTreeMap::new(),
            king_betza: None,
            piece_lines: BTreeMap::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
            promotion_region: [rank_bits(7, 12), rank_bits(0, 12)],
            promotion_pawn_types: [1 << PAWN; 2],
            promotion_piece_types: [bits(&[1, 2, 3, 4]); 2],
            promotion_letters: String::new(),
            promotion_limits: BTreeMap::new(),
            mandatory_pawn_promotion: true,
            immobility_illegal: false,
            double_step: true,
            double_step_region: [rank_bits(1, 12), rank_bits(6, 12)],
            en_passant_region: [Region::MAX; 2],
            en_passant_types: [1 << PAWN; 2],
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_piece: [KING; 2],
            castling_rook_pieces: [1 << 3; 2],
            castling_rook_kingside_file: None,
            castling_rook_queenside_file: 0,
            n_move_rule: 50,
            n_move_rule_types: [1 << PAWN; 2],
            n_fold_rule: 3,
            stalemate: StalemateRule::Draw,
            extinction: Extinction {
                value: "none".to_owned(),
                ..Extinction::default()
            },
            refusals: Vec::new(),
            warnings: Vec::new(),
            fen_source: None,
        }
    }
}

fn bits(types: &[TypeId]) -> TypeSet {
    types.iter().fold(0, |acc, t| acc | 1 << t)
}

/// Keys that only change how Fairy-Stockfish shows a variant or plays it, not its rules.
const DISPLAY_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
    "dropChecks",
];

const CHESS960: Refusal = why(
    "chess960",
    "Chess960 castling is not part of plypost's rules",
);
const TWO_BOARDS: Refusal = why(
    "two-boards",
    "pieces coming from a second board are not part of plypost's rules",
);
const SITTUYIN_PROMOTION: Refusal = why(
    "sittuyin-promotion",
    "Sittuyin promotion is not part of plypost's rules",
);
pub(super) const PIECE_PROMOTION: Refusal = why(
    "piece-promotion",
    "promotion of pieces other than the Pawns is not supported by the import yet",
);
const PROMOTION_ON_CAPTURE: Refusal = why(
    "promotion-on-capture",
    "promotion only on captures is not part of plypost's rules",
);
const DEMOTION: Refusal = why("demotion", "demotion is not part of plypost's rules");
pub(super) const EXPLOSIONS: Refusal = why(
    "explosions",
    "explosions (Atomic) are not part of plypost's rules",
);
const MUTUAL_IMMUNITY: Refusal = why(
    "mutual-immunity",
    "pieces immune to each other are not part of plypost's rules",
);
const PETRIFICATION: Refusal = why(
    "petrification",
    "petrification is not part of plypost's rules",
);
const TRIPLE_STEPS: Refusal = why(
    "triple-steps",
    "triple steps are not part of plypost's rules",
);
const DROPS: Refusal = why("drops", "drops are not part of plypost's rules");
const OPPOSITE_CASTLING: Refusal = why(
    "opposite-castling",
    "a castling that depends on the opponent's is not part of plypost's rules",
);
const NO_CHECKS: Refusal = why(
    "no-checks",
    "a game without checks is not part of plypost's rules",
);
const MUST_CAPTURE: Refusal = why(
    "must-capture",
    "compulsory captures are not part of plypost's rules",
);
pub(super) const PIECES_IN_HAND: Refusal = why(
    "pieces-in-hand",
    "pieces in hand are not part of plypost's rules",
);
const GATING: Refusal = why("gating", "gating is not part of plypost's rules");
const CAMBODIAN_MOVES: Refusal = why(
    "cambodian-moves",
    "the Cambodian first moves are not part of plypost's rules",
);
const WALLS: Refusal = why("walls", "walls are not part of plypost's rules");
const PALACE_DIAGONALS: Refusal = why(
    "palace-diagonals",
    "palace diagonals are not part of plypost's rules",
);
const PASSING: Refusal = why("passing", "passing is not part of plypost's rules");
const MAKPONG: Refusal = why("makpong", "the Makpong rule is not part of plypost's rules");
const FLYING_GENERAL: Refusal = why(
    "flying-general",
    "the flying general is not part of plypost's rules",
);
const SOLDIER_PROMOTION: Refusal = why(
    "soldier-promotion",
    "the Xiangqi Soldier's change is not part of plypost's rules",
);
const FLIPPING: Refusal = why("flipping", "flipping pieces is not part of plypost's rules");
const REPETITION_VALUE: Refusal = why(
    "repetition-value",
    "a repetition that does not draw is not part of plypost's rules",
);
const PERPETUAL_CHECK: Refusal = why(
    "perpetual-check",
    "the perpetual-check rule is not part of plypost's rules",
);
const FORBIDDEN_REPETITION: Refusal = why(
    "forbidden-repetition",
    "forbidden repetitions are not part of plypost's rules",
);
const CHASING: Refusal = why("chasing", "chasing rules are not part of plypost's rules");
const STALEMATE_COUNT: Refusal = why(
    "stalemate-count",
    "counting material at stalemate is not part of plypost's rules",
);
const CHECKMATE_VALUE: Refusal = why(
    "checkmate-value",
    "a checkmate that does not lose is not part of plypost's rules",
);
const SHATAR_MATE: Refusal = why(
    "shatar-mate",
    "the Shatar mating rules are not part of plypost's rules",
);
const BIKJANG: Refusal = why("bikjang", "the bikjang rule is not part of plypost's rules");
const PSEUDO_ROYAL: Refusal = why(
    "pseudo-royal",
    "pseudo-royal pieces are not part of plypost's rules",
);
const FLAG_WINS: Refusal = why(
    "flag-wins",
    "capture-the-flag wins are not part of plypost's rules",
);
const CHECK_COUNTING: Refusal = why(
    "check-counting",
    "counting checks (Three-check) is not part of plypost's rules",
);
const CONNECTION_WINS: Refusal = why(
    "connection-wins",
    "connection wins are not part of plypost's rules",
);
const MATERIAL_COUNTING: Refusal = why(
    "material-counting",
    "material counting is not part of plypost's rules",
);
const COUNTING_RULES: Refusal = why(
    "counting-rules",
    "counting rules (Makruk, ASEAN) are not part of plypost's rules",
);
const CASTLING_WINS: Refusal = why(
    "castling-wins",
    "castling to win is not part of plypost's rules",
);
const IMMOBILE: Refusal = why(
    "immobile",
    "a piece that never moves is not part of plypost's rules",
);
const JANGGI_CANNON: Refusal = why(
    "janggi-cannon",
    "the Janggi Cannon's own restrictions are not part of plypost's rules",
);
const XIANGQI_SOLDIER: Refusal = why(
    "xiangqi-soldier",
    "the Xiangqi Soldier changes its move at the river, which plypost's rules cannot say",
);
const XIANGQI_HORSE: Refusal = why(
    "xiangqi-horse",
    "the Xiangqi Horse is a lame Knight, which plypost's movement model does not have",
);
const JANGGI_ELEPHANT: Refusal = why(
    "janggi-elephant",
    "the Janggi Elephant's lame move is not part of plypost's movement model",
);
const BANNER: Refusal = why(
    "banner",
    "the Banner's lame Knight move is not part of plypost's movement model",
);

/// Keys of rules plypost does not have, with the values that mean "off" (accepted) and why
/// any other value is refused.
const REFUSED_UNLESS: &[(&str, &[&str], Refusal)] = &[
    ("chess960", &["false"], CHESS960),
    ("twoBoards", &["false"], TWO_BOARDS),
    ("sittuyinPromotion", &["false"], SITTUYIN_PROMOTION),
    ("promotedPieceType", &["", "-"], PIECE_PROMOTION),
    ("piecePromotionOnCapture", &["false"], PROMOTION_ON_CAPTURE),
    ("mandatoryPiecePromotion", &["false"], PIECE_PROMOTION),
    ("pieceDemotion", &["false"], DEMOTION),
    ("blastOnCapture", &["false"], EXPLOSIONS),
    ("blastImmuneTypes", &["", "-"], EXPLOSIONS),
    ("mutuallyImmuneTypes", &["", "-"], MUTUAL_IMMUNITY),
    ("petrifyOnCaptureTypes", &["", "-"], PETRIFICATION),
    ("petrifyBlastPieces", &["false"], PETRIFICATION),
    ("tripleStepRegionWhite", &["", "-"], TRIPLE_STEPS),
    ("tripleStepRegionBlack", &["", "-"], TRIPLE_STEPS),
    ("castlingDroppedPiece", &["false"], DROPS),
    ("oppositeCastling", &["false"], OPPOSITE_CASTLING),
    ("checking", &["true"], NO_CHECKS),
    ("mustCapture", &["false"], MUST_CAPTURE),
    ("mustDrop", &["false"], DROPS),
    ("mustDropType", &["*", "-", ""], DROPS),
    ("pieceDrops", &["false"], DROPS),
    ("dropLoop", &["false"], DROPS),
    ("capturesToHand", &["false"], PIECES_IN_HAND),
    ("firstRankPawnDrops", &["false"], DROPS),
    ("promotionZonePawnDrops", &["false"], DROPS),
    ("enclosingDrop", &["none"], DROPS),
    ("enclosingDropStart", &["", "-"], DROPS),
    ("dropRegionWhite", &["", "-"], DROPS),
    ("dropRegionBlack", &["", "-"], DROPS),
    ("whiteDropRegion", &["", "-"], DROPS),
    ("blackDropRegion", &["", "-"], DROPS),
    ("sittuyinRookDrop", &["false"], DROPS),
    ("dropOppositeColoredBishop", &["false"], DROPS),
    ("dropPromoted", &["false"], DROPS),
    ("dropNoDoubled", &["-", ""], DROPS),
    ("dropNoDoubledCount", &["1"], DROPS),
    ("dropOnTop", &["false"], DROPS),
    ("gating", &["false"], GATING),
    ("seirawanGating", &["false"], GATING),
    ("cambodianMoves", &["false"], CAMBODIAN_MOVES),
    ("wallingRule", &["none"], WALLS),
    ("wallingRegionWhite", &["", "-"], WALLS),
    ("wallingRegionBlack", &["", "-"], WALLS),
    ("wallOrMove", &["false"], WALLS),
    ("diagonalLines", &["", "-"], PALACE_DIAGONALS),
    ("pass", &["false"], PASSING),
    ("passWhite", &["false"], PASSING),
    ("passBlack", &["false"], PASSING),
    ("passOnStalemate", &["false"], PASSING),
    ("passOnStalemateWhite", &["false"], PASSING),
    ("passOnStalemateBlack", &["false"], PASSING),
    ("makpongRule", &["false"], MAKPONG),
    ("flyingGeneral", &["false"], FLYING_GENERAL),
    ("soldierPromotionRank", &["1"], SOLDIER_PROMOTION),
    ("flipEnclosedPieces", &["none"], FLIPPING),
    ("nFoldValue", &["draw"], REPETITION_VALUE),
    ("nFoldValueAbsolute", &["false"], REPETITION_VALUE),
    ("perpetualCheckIllegal", &["false"], PERPETUAL_CHECK),
    ("moveRepetitionIllegal", &["false"], FORBIDDEN_REPETITION),
    ("chasingRule", &["none"], CHASING),
    ("stalematePieceCount", &["false"], STALEMATE_COUNT),
    ("checkmateValue", &["loss"], CHECKMATE_VALUE),
    ("shogiPawnDropMateIllegal", &["false"], DROPS),
    ("shatarMateRule", &["false"], SHATAR_MATE),
    ("bikjangRule", &["false"], BIKJANG),
    ("extinctionPseudoRoyal", &["false"], PSEUDO_ROYAL),
    ("dupleCheck", &["false"], PSEUDO_ROYAL),
    ("flagPiece", &["*", "-", ""], FLAG_WINS),
    ("flagPieceWhite", &["*", "-", ""], FLAG_WINS),
    ("flagPieceBlack", &["*", "-", ""], FLAG_WINS),
    ("flagRegion", &["", "-"], FLAG_WINS),
    ("flagRegionWhite", &["", "-"], FLAG_WINS),
    ("flagRegionBlack", &["", "-"], FLAG_WINS),
    ("whiteFlag", &["", "-"], FLAG_WINS),
    ("blackFlag", &["", "-"], FLAG_WINS),
    ("flagPieceCount", &["1"], FLAG_WINS),
    ("flagPieceBlockedWin", &["false"], FLAG_WINS),
    ("flagMove", &["false"], FLAG_WINS),
    ("flagPieceSafe", &["false"], FLAG_WINS),
    ("checkCounting", &["false"], CHECK_COUNTING),
    ("connectN", &["0"], CONNECTION_WINS),
    ("connectNxN", &["0"], CONNECTION_WINS),
    ("collinearN", &["0"], CONNECTION_WINS),
    ("connectRegion1White", &["", "-"], CONNECTION_WINS),
    ("connectRegion2White", &["", "-"], CONNECTION_WINS),
    ("connectRegion1Black", &["", "-"], CONNECTION_WINS),
    ("connectRegion2Black", &["", "-"], CONNECTION_WINS),
    ("connectPieceTypes", &["*"], CONNECTION_WINS),
    ("connectHorizontal", &["true"], CONNECTION_WINS),
    ("connectVertical", &["true"], CONNECTION_WINS),
    ("connectDiagonal", &["true"], CONNECTION_WINS),
    ("connectValue", &["win"], CONNECTION_WINS),
    ("materialCounting", &["none"], MATERIAL_COUNTING),
    ("adjudicateFullBoard", &["false"], MATERIAL_COUNTING),
    ("countingRule", &["none"], COUNTING_RULES),
    ("castlingWins", &["-", ""], CASTLING_WINS),
];

/// Every key the import understands, for the help page: (key, what plypost does with it).
pub fn supported_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = vec![
        "maxRank",
        "maxFile",
        "startFen",
        "customPiece1..25",
        "promotionRegionWhite",
        "promotionRegionBlack",
        "promotionRank",
        "promotionPawnTypes",
        "promotionPawnTypesWhite",
        "promotionPawnTypesBlack",
        "pawnTypes",
        "promotionPieceTypes",
        "promotionPieceTypesWhite",
        "promotionPieceTypesBlack",
        "promotionLimit",
        "mandatoryPawnPromotion",
        "immobilityIllegal",
        "doubleStep",
        "doubleStepRegionWhite",
        "doubleStepRegionBlack",
        "doubleStepRank",
        "doubleStepRankMin",
        "enPassantRegion",
        "enPassantRegionWhite",
        "enPassantRegionBlack",
        "enPassantTypes",
        "enPassantTypesWhite",
        "enPassantTypesBlack",
        "castling",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRank",
        "castlingKingFile",
        "castlingKingPiece",
        "castlingRookPieces",
        "castlingRookPiece",
        "castlingRookKingsideFile",
        "castlingRookQueensideFile",
        "nMoveRule",
        "nMoveRuleTypes",
        "nMoveRuleTypesWhite",
        "nMoveRuleTypesBlack",
        "nFoldRule",
        "stalemateValue",
        "extinctionValue",
        "extinctionClaim",
        "extinctionPieceTypes",
        "extinctionPieceCount",
        "extinctionOpponentPieceCount",
    ];
    keys.extend(TYPES.iter().filter(|t| t.refused.is_none()).map(|t| t.key));
    keys.push("king");
    keys
}

/// Keys refused unless they are off, with why; and the piece types refused.
pub fn refused_keys() -> Vec<(&'static str, Refusal)> {
    let mut out: Vec<(&'static str, Refusal)> = REFUSED_UNLESS
        .iter()
        .map(|(k, _, why)| (*k, *why))
        .collect();
    out.extend(
        TYPES
            .iter()
            .filter_map(|t| t.refused.map(|why| (t.key, why))),
    );
    out
}

/// Keys shown with a warning and otherwise ignored (display and engine tuning only).
pub fn display_keys() -> &'static [&'static str] {
    DISPLAY_KEYS
}

/// Names of the built-in variants a section may inherit from.
pub fn template_names() -> Vec<String> {
    templates()
        .map(|file| file.names().iter().map(|n| (*n).to_owned()).collect())
        .unwrap_or_default()
}

fn templates() -> Option<IniFile> {
    fsf_ini::parse(TEMPLATES).ok()
}

/// The names of the sections of a variants.ini text (empty when it does not read).
pub fn section_names(text: &str) -> Vec<String> {
    fsf_ini::parse(text)
        .map(|f| f.names().iter().map(|n| (*n).to_owned()).collect())
        .unwrap_or_default()
}

/// Imports section `section` of `text` (the only one when `None` and there is one).
pub fn import(text: &str, section: Option<&str>) -> Result<Imported, Vec<Problem>> {
    let file = fsf_ini::parse(text).map_err(|errors| {
        errors
            .into_iter()
            .map(fsf_ini::IniError::into_problem)
            .collect::<Vec<_>>()
    })?;
    let names = file.names();
    let name = match (section, names.as_slice()) {
        (Some(s), _) => s.trim().to_owned(),
        (None, [only]) => (*only).to_owned(),
        (None, []) => {
            return Err(vec![Problem::coded(
                "no-section-in-text",
                "the text has no [section]",
            )])
        }
        (None, many) => {
            return Err(vec![Problem::coded(
                "pick-section",
                format!(
                    "the text has {} sections; pick one: {}",
                    many.len(),
                    many.join(", ")
                ),
            )
            .at(0, "section")
            .arg("count", many.len())
            .arg("sections", many.join(", "))])
        }
    };
    let builtins = templates().unwrap_or_default();
    let resolved = file
        .resolve(&name, |parent| builtins.names().contains(&parent))
        .map_err(|e| vec![e.into_problem()])?;
    let mut state = State::default();
    if let Some(template) = &resolved.template {
        let chain = builtins
            .resolve(template, |_| false)
            .map_err(|e| vec![e.into_problem().at(0, template)])?;
        for layer in &chain.layers {
            apply(&mut state, layer, Some(template));
        }
    }
    for layer in &resolved.layers {
        apply(&mut state, layer, None);
    }
    convert(&state, &name)
}

/// Applies one section's keys to `state`, in Fairy-Stockfish's order.
fn apply(state: &mut State, section: &Section, template: Option<&str>) {
    let at = |e: &Entry| Source {
        key: e.key.clone(),
        line: if template.is_some() { 0 } else { e.line },
    };
    let find = |key: &str| section.entries.iter().find(|e| e.key == key);
    for (key, target) in [("maxRank", 0), ("maxFile", 1)] {
        if let Some(e) = find(key) {
            forget(state, key);
            match read_dimension(&e.value, key == "maxFile") {
                Some(n) => {
                    if target == 0 {
                        state.max_rank = n
                    } else {
                        state.max_file = n
                    }
                }
                None if key == "maxFile" => refuse(
                    state,
                    &at(e),
                    Problem::coded(
                        "bad-max-file",
                        format!("'{}' is no file (1 to 12 or a to l)", e.value),
                    )
                    .arg("value", e.value.as_str()),
                ),
                None => refuse(
                    state,
                    &at(e),
                    Problem::coded(
                        "bad-max-rank",
                        format!("'{}' is no rank (1 to 10)", e.value),
                    )
                    .arg("value", e.value.as_str()),
                ),
            }
        }
    }
    apply_pieces(state, section, template);
    // Deprecated spellings and aliases, read before the keys they stand for.
    for e in &section.entries {
        let key = e.key.as_str();
        let src = at(e);
        // (The board size was read, and its earlier word forgotten, above.)
        if EARLY_KEYS.contains(&key) && !matches!(key, "maxRank" | "maxFile") {
            forget(state, key);
        }
        match key {
            "promotionRank" => match read_rank(&e.value) {
                Some(r) => {
                    state.promotion_region = [
                        zone(r, state.max_rank, state.max_file, false),
                        zone(r, state.max_rank, state.max_file, true),
                    ]
                }
                None => refuse(state, &src, not_a_rank(&e.value)),
            },
            "doubleStepRank" | "doubleStepRankMin" => refuse(
                state,
                &src,
                Problem::coded(
                    "use-double-step-region",
                    "use doubleStepRegionWhite/Black instead (the import reads only those)",
                ),
            ),
            "castlingRookPiece" => {
                let set = read_set(state, &src, &e.value);
                state.castling_rook_pieces = [set; 2];
            }
            "pawnTypes" => {
                let set = read_set(state, &src, &e.value);
                state.promotion_pawn_types = [set; 2];
                state.en_passant_types = [set; 2];
                state.n_move_rule_types = [set; 2];
            }
            _ => {}
        }
    }
    // The rest: a key before its White/Black forms, as Fairy-Stockfish reads them.
    let coloured = |k: &str| k.ends_with("White") || k.ends_with("Black");
    let ordered: Vec<&Entry> = section
        .entries
        .iter()
        .filter(|e| !coloured(&e.key))
        .chain(section.entries.iter().filter(|e| coloured(&e.key)))
        .collect();
    for e in ordered {
        apply_rule(state, e, at(e));
    }
}

/// The board size, deprecated spellings and aliases: read before the other keys.
const EARLY_KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "castlingRookPiece",
    "pawnTypes",
];

/// Forgets what was said about `key` (a later section gives it again).
fn forget(state: &mut State, key: &str) {
    state.refusals.retain(|p| p.key != key);
    state.warnings.retain(|p| p.key != key);
}

/// Refuses the key or piece of `src` for `problem`.
fn refuse(state: &mut State, src: &Source, problem: Problem) {
    state.refusals.push(problem.at(src.line, &src.key));
}

/// Refuses the key or piece of `src` for `why` (code `refused-<code>`).
fn refuse_for(state: &mut State, src: &Source, why: Refusal) {
    refuse(state, src, why.problem());
}

/// Warns about the key of `src`.
fn warn(state: &mut State, src: &Source, problem: Problem) {
    state.warnings.push(problem.at(src.line, &src.key));
}

fn not_a_rank(value: &str) -> Problem {
    Problem::coded("not-a-rank", format!("'{}' is no rank", value.trim()))
        .arg("value", value.trim())
}

/// The piece keys of a section, in Fairy-Stockfish's order of types (a later type given
/// the letter of an earlier one replaces it).
fn apply_pieces(state: &mut State, section: &Section, template: Option<&str>) {
    for t in 0..=KING {
        let key = type_key(t);
        let Some(e) = section.entries.iter().find(|e| e.key == key) else {
            continue;
        };
        let src = Source {
            key: key.clone(),
            line: if template.is_some() { 0 } else { e.line },
        };
        state.refusals.retain(|p| p.key != key);
        let value = e.value.trim();
        let Some(first) = value.chars().next() else {
            continue;
        };
        if !first.is_ascii_alphabetic() {
            if first != '-' {
                refuse(
                    state,
                    &src,
                    Problem::coded(
                        "not-a-piece-letter",
                        format!(
                            "'{first}' is no piece letter (a letter, or '-' to remove the piece)"
                        ),
                    )
                    .arg("value", first),
                );
            }
            remove_piece(state, t);
            continue;
        }
        if let Some(why) = TYPES.get(t).and_then(|ty| ty.refused) {
            refuse_for(state, &src, why);
            continue;
        }
        let letter = first.to_ascii_lowercase();
        let same: Vec<TypeId> = state
            .letters
            .iter()
            .filter(|(_, l)| **l == letter)
            .map(|(t, _)| *t)
            .collect();
        for other in same {
            remove_piece(state, other);
        }
        state.letters.insert(t, letter);
        state.piece_lines.insert(t, src.line);
        let betza = value.get(2..).map(str::trim).unwrap_or("");
        if (CUSTOM_BASE..KING).contains(&t) {
            if betza.is_empty() {
                refuse(
                    state,
                    &src,
                    Problem::coded(
                        "custom-piece-no-betza",
                        "a custom piece needs its movement: letter:Betza",
                    ),
                );
            }
            if betza.contains('e') {
                state.en_passant_types[0] |= 1 << t;
                state.en_passant_types[1] |= 1 << t;
            }
            state.custom_betza.insert(t, betza.to_owned());
        } else if t == KING {
            state.king_betza = (!betza.is_empty()).then(|| betza.to_owned());
        }
    }
}

fn remove_piece(state: &mut State, t: TypeId) {
    state.letters.remove(&t);
    for c in 0..2 {
        state.promotion_piece_types[c] &= !(1 << t);
    }
}

fn read_dimension(value: &str, file: bool) -> Option<u8> {
    let v = value.trim();
    let n = if file { read_file(v)? } else { read_rank(v)? };
    let max = if file { MAX_FILES } else { MAX_RANKS };
    (n < max).then_some(n + 1)
}

/// A 0-based rank from Fairy-Stockfish's 1-based text.
fn read_rank(value: &str) -> Option<u8> {
    let n: u8 = value.trim().parse().ok()?;
    (1..=MAX_RANKS).contains(&n).then(|| n - 1)
}

/// A 0-based file from a number (1-based) or a letter.
fn read_file(value: &str) -> Option<u8> {
    let v = value.trim();
    let n = match v.parse::<u8>() {
        Ok(n) if n >= 1 => n - 1,
        Ok(_) => return None,
        Err(_) => {
            let mut chars = v.chars();
            let c = chars.next()?.to_ascii_lowercase();
            if chars.next().is_some() || !c.is_ascii_lowercase() {
                return None;
            }
            c as u8 - b'a'
        }
    };
    (n < MAX_FILES).then_some(n)
}

/// The promotion zone of a rank given White's way: that rank and beyond, for `black` mirrored.
fn zone(rank: u8, ranks: u8, files: u8, black: bool) -> Region {
    let mut r = 0;
    for k in 0..ranks {
        let inside = if black {
            k <= ranks.saturating_sub(1).saturating_sub(rank)
        } else {
            k >= rank
        };
        if inside {
            r |= rank_bits(k, files);
        }
    }
    r
}

fn read_bool(state: &mut State, src: &Source, value: &str) -> Option<bool> {
    match value.trim() {
        "true" => Some(true),
        "false" => Some(false),
        other => {
            refuse(
                state,
                src,
                Problem::coded("not-a-bool", format!("'{other}' is not true or false"))
                    .arg("value", other),
            );
            None
        }
    }
}

fn read_int(state: &mut State, src: &Source, value: &str) -> Option<u32> {
    match value.trim().parse() {
        Ok(n) => Some(n),
        Err(_) => {
            refuse(state, src, super::not_a_number(value.trim()));
            None
        }
    }
}

/// A piece set: letters of the variant's pieces, `*` for all, `-` for none.
fn read_set(state: &mut State, src: &Source, value: &str) -> TypeSet {
    let mut set = 0;
    for c in value.chars().filter(|c| !c.is_whitespace()) {
        if c == '-' {
            break;
        }
        if c == '*' {
            set |= ALL_PIECES;
            continue;
        }
        let lower = c.to_ascii_lowercase();
        match state.letters.iter().find(|(_, l)| **l == lower) {
            Some((t, _)) => set |= 1 << t,
            None => {
                refuse(
                    state,
                    src,
                    Problem::coded("not-a-piece", format!("'{c}' is no piece of the variant"))
                        .arg("value", c),
                );
                break;
            }
        }
    }
    set
}

/// A region: squares (`e4`), files (`e*`) and ranks (`*4`), `-` for none.
fn read_region(state: &mut State, src: &Source, value: &str) -> Option<Region> {
    let mut region = 0;
    for symbol in value.split_whitespace() {
        if symbol == "-" {
            break;
        }
        let bad = |state: &mut State| {
            refuse(
                state,
                src,
                Problem::coded(
                    "not-a-region",
                    format!("'{symbol}' is no square, file (e*) or rank (*4)"),
                )
                .arg("value", symbol),
            );
            None
        };
        if let Some(file) = symbol.strip_suffix('*') {
            let Some(f) = read_file(file).filter(|_| file.len() == 1) else {
                return bad(state);
            };
            for r in 0..MAX_RANKS {
                region |= 1u128 << (r as u32 * MAX_FILES as u32 + f as u32);
            }
        } else if let Some(rank) = symbol.strip_prefix('*') {
            let Some(r) = read_rank(rank) else {
                return bad(state);
            };
            region |= rank_bits(r, MAX_FILES);
        } else {
            let (Some(f), Some(r)) = (
                symbol.get(..1).and_then(read_file),
                symbol.get(1..).and_then(read_rank),
            ) else {
                return bad(state);
            };
            region |= 1u128 << (r as u32 * MAX_FILES as u32 + f as u32);
        }
    }
    Some(region)
}

fn read_value(state: &mut State, src: &Source, value: &str) -> Option<String> {
    match value.trim() {
        v @ ("win" | "loss" | "draw" | "none") => Some(v.to_owned()),
        other => {
            refuse(
                state,
                src,
                Problem::coded(
                    "not-a-result",
                    format!("'{other}' is not win, loss, draw or none"),
                )
                .arg("value", other),
            );
            None
        }
    }
}

/// The colours a key sets: `...White`, `...Black`, or both.
fn colours(key: &str) -> Vec<usize> {
    if key.ends_with("White") {
        vec![0]
    } else if key.ends_with("Black") {
        vec![1]
    } else {
        vec![0, 1]
    }
}

/// One rules key (not a piece, not the board size).
fn apply_rule(state: &mut State, e: &Entry, src: Source) {
    let key = e.key.as_str();
    let value = e.value.as_str();
    // A later section's value replaces an earlier one, and with it what was said about it
    // (`[mine:makruk]` with `countingRule = none` plays Makruk without its counting).
    // (The keys read first were forgotten then, before what they said was said.)
    if type_of_key(key).is_none() && !EARLY_KEYS.contains(&key) {
        forget(state, key);
    }
    match key {
        k if EARLY_KEYS.contains(&k) => {}
        k if type_of_key(k).is_some() => {}
        "startFen" => {
            state.start_fen = value.trim().to_owned();
            state.fen_source = Some(src);
        }
        k if k.starts_with("promotionRegion")
            || k.starts_with("doubleStepRegion")
            || k.starts_with("enPassantRegion") =>
        {
            apply_region(state, key, value, &src)
        }
        k if k.starts_with("promotionPawnTypes")
            || k.starts_with("promotionPieceTypes")
            || k.starts_with("enPassantTypes")
            || k.starts_with("nMoveRuleTypes")
            || k == "castlingRookPieces" =>
        {
            apply_set(state, key, value, &src)
        }
        k if k.starts_with("castling") => apply_castling(state, key, value, &src),
        k if k.starts_with("extinction") || k == "stalemateValue" => {
            apply_ending(state, key, value, src)
        }
        "mandatoryPawnPromotion" | "immobilityIllegal" | "doubleStep" => {
            if let Some(b) = read_bool(state, &src, value) {
                match key {
                    "mandatoryPawnPromotion" => state.mandatory_pawn_promotion = b,
                    "immobilityIllegal" => state.immobility_illegal = b,
                    _ => state.double_step = b,
                }
            }
        }
        "nMoveRule" => {
            if let Some(n) = read_int(state, &src, value) {
                state.n_move_rule = n;
            }
        }
        "promotionLimit" => apply_limits(state, value, &src),
        "nFoldRule" => {
            if let Some(n) = read_int(state, &src, value) {
                state.n_fold_rule = n;
                if n != 3 {
                    refuse(
                        state,
                        &src,
                        Problem::coded(
                            "threefold-only",
                            "plypost draws on the third occurrence of a position only",
                        ),
                    );
                }
            }
        }
        k => apply_other(state, k, value, &src),
    }
}

/// `promotionLimit = q:1 r:2`.
fn apply_limits(state: &mut State, value: &str, src: &Source) {
    state.promotion_limits.clear();
    for item in value.split_whitespace() {
        let parsed = item.split_once(':').and_then(|(l, n)| {
            let letter = l.chars().next()?.to_ascii_lowercase();
            let t = state
                .letters
                .iter()
                .find(|(_, c)| **c == letter)
                .map(|(t, _)| *t)?;
            Some((t, n.parse::<u32>().ok()?))
        });
        match parsed {
            Some((t, n)) => {
                state.promotion_limits.insert(t, n);
            }
            None => {
                refuse(
                    state,
                    src,
                    Problem::coded(
                        "not-a-limit",
                        format!("'{item}' is not a piece letter and a count (q:1)"),
                    )
                    .arg("value", item),
                );
                return;
            }
        }
    }
}

fn apply_region(state: &mut State, key: &str, value: &str, src: &Source) {
    if let Some(region) = read_region(state, src, value) {
        for c in colours(key) {
            if key.starts_with("promotion") {
                state.promotion_region[c] = region;
            } else if key.starts_with("doubleStep") {
                state.double_step_region[c] = region;
            } else {
                state.en_passant_region[c] = region;
            }
        }
    }
}

fn apply_set(state: &mut State, key: &str, value: &str, src: &Source) {
    let set = read_set(state, src, value);
    for c in colours(key) {
        match key {
            k if k.starts_with("promotionPawn") => state.promotion_pawn_types[c] = set,
            k if k.starts_with("promotionPiece") => {
                state.promotion_piece_types[c] = set;
                if c == 0 {
                    state.promotion_letters = value.to_ascii_lowercase();
                }
            }
            k if k.starts_with("enPassant") => state.en_passant_types[c] = set,
            k if k.starts_with("nMoveRule") => state.n_move_rule_types[c] = set,
            _ => state.castling_rook_pieces[c] = set,
        }
    }
}

fn apply_castling(state: &mut State, key: &str, value: &str, src: &Source) {
    match key {
        "castling" => {
            if let Some(b) = read_bool(state, src, value) {
                state.castling = b;
            }
        }
        "castlingKingPiece" => {
            let set = read_set(state, src, value);
            match (0..=KING).find(|t| set & (1 << t) != 0) {
                Some(t) => state.castling_king_piece = [t; 2],
                None => refuse(
                    state,
                    src,
                    Problem::coded("name-one-piece", "name one piece"),
                ),
            }
        }
        "castlingRank" => match read_rank(value) {
            Some(r) => state.castling_rank = r,
            None => refuse(state, src, not_a_rank(value)),
        },
        "castlingKingsideFile"
        | "castlingQueensideFile"
        | "castlingRookKingsideFile"
        | "castlingRookQueensideFile"
        | "castlingKingFile" => match read_file(value) {
            Some(f) => match key {
                "castlingKingsideFile" => state.castling_kingside_file = f,
                "castlingQueensideFile" => state.castling_queenside_file = f,
                "castlingRookKingsideFile" => state.castling_rook_kingside_file = Some(f),
                "castlingRookQueensideFile" => state.castling_rook_queenside_file = f,
                _ => {}
            },
            None => refuse(
                state,
                src,
                Problem::coded("not-a-file", format!("'{}' is no file", value.trim()))
                    .arg("value", value.trim()),
            ),
        },
        other => apply_other(state, other, value, src),
    }
}

/// Stalemate and the extinction keys (checked together in `end_rules`).
fn apply_ending(state: &mut State, key: &str, value: &str, src: Source) {
    match key {
        "stalemateValue" => {
            if let Some(v) = read_value(state, &src, value) {
                state.stalemate = match v.as_str() {
                    "loss" => StalemateRule::Loss,
                    "win" => StalemateRule::Win,
                    "draw" => StalemateRule::Draw,
                    _ => {
                        refuse(
                            state,
                            &src,
                            Problem::coded(
                                "stalemate-none",
                                "a stalemate must end the game: win, loss or draw",
                            ),
                        );
                        StalemateRule::Draw
                    }
                };
            }
        }
        "extinctionValue" => {
            if let Some(v) = read_value(state, &src, value) {
                state.extinction.value = v;
                state.extinction.source = Some(src);
            }
        }
        "extinctionClaim" => {
            if let Some(b) = read_bool(state, &src, value) {
                state.extinction.claim = b;
            }
        }
        "extinctionPieceTypes" => state.extinction.types = value.trim().to_owned(),
        "extinctionPieceCount" => {
            if let Some(n) = read_int(state, &src, value) {
                state.extinction.count = n;
            }
        }
        "extinctionOpponentPieceCount" => {
            if let Some(n) = read_int(state, &src, value) {
                state.extinction.opponent_count = n;
            }
        }
        other => apply_other(state, other, value, &src),
    }
}

/// Display keys (warned about), refused rules (unless off), and unknown keys (warned about,
/// as Fairy-Stockfish ignores them).
fn apply_other(state: &mut State, key: &str, value: &str, src: &Source) {
    if DISPLAY_KEYS.contains(&key) || key.starts_with("mobilityRegion") {
        warn(
            state,
            src,
            Problem::coded(
                "display-key",
                "ignored: it changes how Fairy-Stockfish shows or plays the variant, not its rules",
            ),
        );
        return;
    }
    match REFUSED_UNLESS.iter().find(|(name, ..)| *name == key) {
        Some((_, off, why)) => {
            if !off.contains(&value.trim()) {
                refuse_for(state, src, *why);
            }
        }
        None => warn(
            state,
            src,
            Problem::coded(
                "unknown-key",
                "not a Fairy-Stockfish key: ignored, as Fairy-Stockfish ignores it",
            ),
        ),
    }
}

fn type_of_key(key: &str) -> Option<TypeId> {
    (0..=KING).find(|t| type_key(*t) == key)
}

/// Checks what the keys built against plypost's rules and writes the definition.
fn convert(state: &State, name: &str) -> Result<Imported, Vec<Problem>> {
    let mut errors = state.refusals.clone();
    let mut warnings = state.warnings.clone();
    let fen_src = state.fen_source.clone().unwrap_or(Source {
        key: "startFen".to_owned(),
        line: 0,
    });
    let (width, height) = (state.max_file, state.max_rank);
    if !state.letters.contains_key(&KING) {
        errors.push(
            Problem::coded(
                "no-king",
                "the variant has no King; plypost's games are won by checkmating a royal piece",
            )
            .at(0, "king"),
        );
    }
    let start_fen = if state.castling {
        state.start_fen.clone()
    } else {
        without_castling_rights(&state.start_fen)
    };
    let fen = match super::spec::read_fen(&start_fen, width, height, |c| {
        state.letters.values().any(|l| *l == c.to_ascii_lowercase())
    }) {
        Ok(fen) => Some(fen),
        Err(problem) => {
            errors.push(problem.at(fen_src.line, &fen_src.key));
            None
        }
    };
    let end = end_rules(state, &mut errors);
    let zone = promotion_zone(state, &mut errors);
    let double_step = double_step_ok(state, fen.as_ref(), &mut errors);
    let en_passant = en_passant_ok(state, &mut errors);
    let pieces = pieces(state, double_step, en_passant, &mut errors, &mut warnings);
    if let Some(fen) = &fen {
        ep_outside_zone(state, fen, &pieces, zone, &mut errors);
    }
    let castling = match &fen {
        Some(fen) => castling(state, fen, &mut errors),
        None => None,
    };
    if state.n_move_rule_types[0] != state.n_move_rule_types[1] {
        errors.push(
            Problem::coded(
                "move-rule-sides",
                "plypost's move-count rule is the same for both sides",
            )
            .at(0, "nMoveRuleTypes"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let Some(fen) = fen else {
        return Err(errors);
    };
    let spec = Spec {
        name: super::spec::identifier(name),
        display_name: name.to_owned(),
        width,
        height,
        start_fen: fen.text,
        pieces,
        castling,
        promotion_zone: zone,
        promotion_optional: !state.mandatory_pawn_promotion,
        move_count_limit: state.n_move_rule.saturating_mul(2),
        repetition: state.n_fold_rule == 3,
        stalemate: end.0,
        bare_king: end.1,
        black_rotated: true,
        promotion_limits: state
            .promotion_limits
            .iter()
            .filter_map(|(t, n)| {
                let letter = state.letters.get(t)?.to_ascii_uppercase().to_string();
                Some((letter, (*n).min(64) as u8))
            })
            .collect(),
        source_note: format!("Imported from the Fairy-Stockfish variants.ini section [{name}]."),
    };
    spec.finish(warnings)
}

/// Stalemate and extinction: what plypost's `[end]` can say.
fn end_rules(state: &State, errors: &mut Vec<Problem>) -> (StalemateRule, bool) {
    let x = &state.extinction;
    let bare_king = match x.value.as_str() {
        "none" => false,
        "loss" if x.claim && x.types.trim() == "*" && x.count == 1 && x.opponent_count == 2 => true,
        _ => {
            let src = x.source.clone().unwrap_or(Source {
                key: "extinctionValue".to_owned(),
                line: 0,
            });
            errors.push(
                Problem::coded(
                    "extinction",
                    "extinction rules are refused, except the bare-King rule of Shatranj \
                     (extinctionValue = loss, extinctionClaim = true, extinctionPieceTypes = *, \
                     extinctionPieceCount = 1, extinctionOpponentPieceCount = 2)",
                )
                .at(src.line, &src.key),
            );
            false
        }
    };
    (state.stalemate, bare_king)
}

/// The promotion zone's depth: White's region must be the last ranks, Black's their mirror.
fn promotion_zone(state: &State, errors: &mut Vec<Problem>) -> u8 {
    let promoting = state.promotion_pawn_types[0] & state.letters.keys().fold(0, |a, t| a | 1 << t);
    if promoting == 0 {
        return 1;
    }
    if state.promotion_pawn_types[0] != state.promotion_pawn_types[1] {
        errors.push(
            Problem::coded(
                "promoting-sides",
                "plypost's promoting pieces are the same for both sides",
            )
            .at(0, "promotionPawnTypes"),
        );
    }
    let (w, h) = (state.max_file, state.max_rank);
    let board = (0..h).fold(0, |a, r| a | rank_bits(r, w));
    let white = state.promotion_region[0] & board;
    let black = state.promotion_region[1] & board;
    for depth in 1..=h / 2 {
        if white == zone(h - depth, h, w, false) && black == zone(h - depth, h, w, true) {
            return depth;
        }
    }
    errors.push(
        Problem::coded(
            "promotion-region",
            format!(
                "plypost promotes on the last ranks of the board (at most {}), the same for both \
                 sides: White's region must be ranks n to {h} and Black's ranks 1 to {h}-n+1",
                h / 2
            ),
        )
        .at(0, "promotionRegionWhite")
        .arg("most", h / 2)
        .arg("ranks", h),
    );
    1
}

/// Whether Pawns double-step (after checking that plypost's first-move rule, "on a rank where
/// the piece starts", matches Fairy-Stockfish's double-step region).
fn double_step_ok(
    state: &State,
    fen: Option<&super::spec::Fen>,
    errors: &mut Vec<Problem>,
) -> bool {
    let (w, h) = (state.max_file, state.max_rank);
    let board = (0..h).fold(0, |a, r| a | rank_bits(r, w));
    let regions = [
        state.double_step_region[0] & board,
        state.double_step_region[1] & board,
    ];
    if !state.double_step || (regions[0] == 0 && regions[1] == 0) {
        return false;
    }
    let Some(fen) = fen else { return false };
    let mut uses_initial: Vec<(TypeId, char)> = Vec::new();
    if let Some(l) = state.letters.get(&PAWN) {
        uses_initial.push((PAWN, *l));
    }
    for (t, betza) in &state.custom_betza {
        if betza.contains('i') {
            if let Some(l) = state.letters.get(t) {
                uses_initial.push((*t, *l));
            }
        }
    }
    for (t, letter) in uses_initial {
        for (c, upper) in [(0usize, true), (1, false)] {
            let token = if upper {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            let starts: Region = fen
                .cells
                .iter()
                .filter(|(_, _, ch)| *ch == token)
                .fold(0, |a, (_, r, _)| a | rank_bits(*r, w));
            if starts == 0 {
                continue;
            }
            if starts != regions[c] {
                let side = if c == 0 { "White" } else { "Black" };
                errors.push(
                    Problem::coded(
                        "double-step-region",
                        format!(
                            "plypost lets a {} make its first-move steps on the ranks where its \
                             kind starts; {side}'s double-step region must be exactly those \
                             whole ranks",
                            type_key(t)
                        ),
                    )
                    .at(0, &format!("doubleStepRegion{side}"))
                    .arg("type", type_key(t))
                    .arg("side", side.to_ascii_lowercase()),
                );
            }
        }
    }
    true
}

/// Whether en passant is possible at all; a region other than everywhere or nowhere, and
/// en-passant takers other than the Pawn and custom pieces marked `e`, are refused.
fn en_passant_ok(state: &State, errors: &mut Vec<Problem>) -> bool {
    let (w, h) = (state.max_file, state.max_rank);
    let board = (0..h).fold(0, |a, r| a | rank_bits(r, w));
    let regions = [
        state.en_passant_region[0] & board,
        state.en_passant_region[1] & board,
    ];
    let possible = regions.iter().all(|r| *r == board);
    if !possible && regions.iter().any(|r| *r != 0) {
        errors.push(
            Problem::coded(
                "en-passant-region",
                "plypost allows en passant everywhere or nowhere",
            )
            .at(0, "enPassantRegion"),
        );
    }
    let custom_e: TypeSet = state
        .custom_betza
        .iter()
        .filter(|(_, b)| b.contains('e'))
        .fold(0, |a, (t, _)| a | 1 << t);
    for c in 0..2 {
        if state.en_passant_types[c] & !(1 << PAWN) & !custom_e & !ALL_PIECES != 0 {
            errors.push(
                Problem::coded(
                    "en-passant-types",
                    "only the Pawn and custom pieces whose Betza has 'e' may capture en passant \
                     in the import",
                )
                .at(0, "enPassantTypes"),
            );
            break;
        }
    }
    possible
}

/// Every piece of the variant, in plypost's form.
fn pieces(
    state: &State,
    double_step: bool,
    en_passant: bool,
    errors: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) -> Vec<PieceSpec> {
    // In the order the file writes them (a template's in Fairy-Stockfish's order of types).
    let mut promoting: Vec<(TypeId, char)> = state
        .letters
        .iter()
        .filter(|(t, _)| state.promotion_piece_types[0] & (1 << **t) != 0)
        .map(|(t, l)| (*t, *l))
        .collect();
    promoting.sort_by_key(|(t, l)| (state.promotion_letters.find(*l).unwrap_or(usize::MAX), *t));
    let promotes: Vec<String> = promoting
        .iter()
        .map(|(_, l)| l.to_ascii_uppercase().to_string())
        .collect();
    // Black's choices when they differ (Chigorin chess), in the order of the types.
    let black_promotes: Option<Vec<String>> =
        (state.promotion_piece_types[1] != state.promotion_piece_types[0]).then(|| {
            state
                .letters
                .iter()
                .filter(|(t, _)| state.promotion_piece_types[1] & (1 << **t) != 0)
                .map(|(_, l)| l.to_ascii_uppercase().to_string())
                .collect()
        });
    let mut order: Vec<(TypeId, char)> = state.letters.iter().map(|(t, l)| (*t, *l)).collect();
    order.sort_by_key(|(t, _)| (state.piece_lines.get(t).copied().unwrap_or(0), *t));
    let mut out = Vec::new();
    for (t, letter) in order {
        let key = type_key(t);
        let Some((betza, initial)) = movement(state, t, double_step, en_passant, errors, warnings)
        else {
            continue;
        };
        let standard = TYPES.get(t).filter(|_| t != KING);
        if betza.is_empty() {
            errors.push(
                Problem::coded("no-usable-move", "the piece has no move plypost can use")
                    .at(0, &key),
            );
            continue;
        }
        let is_pawn_type = state.promotion_pawn_types[0] & (1 << t) != 0;
        let mut piece = PieceSpec {
            name: standard.map_or(String::new(), |s| s.name.to_owned()),
            letter: letter.to_ascii_uppercase().to_string(),
            image: standard.map_or(String::new(), |s| s.image.to_owned()),
            description: String::new(),
            royal: t == KING,
            betza,
            captures_en_passant: t != PAWN
                && en_passant
                && state.custom_betza.get(&t).is_some_and(|b| b.contains('e')),
            promotes_to: if is_pawn_type {
                promotes.clone()
            } else {
                Vec::new()
            },
            promotes_to_black: if is_pawn_type {
                black_promotes.clone()
            } else {
                None
            },
            must_promote_on_last_rank: is_pawn_type
                && !state.mandatory_pawn_promotion
                && state.immobility_illegal,
            // Fairy-Stockfish leaves an e.p. right behind a Pawn's double step and behind
            // any piece's initial move (`i`).
            creates_en_passant: (t == PAWN || initial) && double_step && en_passant,
            resets_move_clock: state.n_move_rule_types[0] & (1 << t) != 0,
        };
        if initial && piece.creates_en_passant && super::spec::has_free_multi_step(&piece.betza) {
            errors.push(
                Problem::coded(
                    "initial-ep",
                    "its initial moves leave an e.p. right (as in Fairy-Stockfish), and plypost \
                     would leave one behind its other moves of several squares too",
                )
                .at(0, &key),
            );
        }
        if t == PAWN {
            piece.description = pawn_description(double_step, en_passant);
        }
        if t == KING {
            if state.king_betza.is_none() {
                piece.description = "one step in any direction".to_owned();
            }
            piece.name = "King".to_owned();
            piece.image = if state.king_betza.is_some() {
                String::new()
            } else {
                "king".to_owned()
            };
        }
        out.push(piece);
    }
    check_stranding(state, &out, errors);
    out
}

/// Fairy-Stockfish's `immobilityIllegal` against plypost's rule, which keeps only promoting
/// pieces from being stranded on the last rank.
fn check_stranding(state: &State, pieces: &[PieceSpec], errors: &mut Vec<Problem>) {
    // Without optional promotion nothing can be stranded; Fairy-Stockfish's rule is moot.
    if !state.immobility_illegal || state.mandatory_pawn_promotion {
        return;
    }
    for p in pieces {
        if p.promotes_to.is_empty() && !p.royal && super::spec::only_forward(&p.betza) {
            errors.push(
                Problem::coded(
                    "stranded",
                    format!(
                        "the {} could be stranded on the last rank; plypost's rule for that \
                         covers promoting pieces only",
                        p.name
                    ),
                )
                .at(0, "immobilityIllegal")
                .arg("piece", p.name.as_str()),
            );
        }
    }
}

/// A piece's movement in standard XBetza, and whether it has initial moves that apply;
/// `None` after reporting why it cannot be imported.
fn movement(
    state: &State,
    t: TypeId,
    double_step: bool,
    en_passant: bool,
    errors: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) -> Option<(String, bool)> {
    let key = type_key(t);
    let line = state.piece_lines.get(&t).copied().unwrap_or(0);
    if t == PAWN {
        let mut b = if en_passant && double_step {
            "fmWfceF".to_owned()
        } else {
            "fmWfcF".to_owned()
        };
        if double_step {
            b.push_str("ifmnD");
        }
        return Some((b, false));
    }
    let fsf = if t == KING {
        state.king_betza.clone().unwrap_or_else(|| "K".to_owned())
    } else if t >= CUSTOM_BASE {
        state.custom_betza.get(&t).cloned().unwrap_or_default()
    } else {
        TYPES.get(t).map_or("", |ty| ty.betza).to_owned()
    };
    let tr = match fsf_betza::translate(&fsf) {
        Ok(tr) => tr,
        Err(problem) => {
            errors.push(problem.at(line, &key));
            return None;
        }
    };
    if !tr.ignored.is_empty() {
        let chars: String = tr.ignored.iter().collect();
        warnings.push(
            Problem::coded(
                "betza-skipped",
                format!("Fairy-Stockfish skips '{chars}' in '{fsf}'; imported as it plays there"),
            )
            .at(line, &key)
            .arg("skipped", chars.as_str())
            .arg("betza", fsf.as_str()),
        );
    }
    if tr.initial && !double_step {
        warnings.push(
            Problem::coded(
                "initial-unused",
                "its initial moves ('i') never apply: the double-step region is empty",
            )
            .at(line, &key),
        );
        return Some((strip_initial(&tr.xbetza), false));
    }
    Some((tr.xbetza, tr.initial))
}

/// Drops the components that start with `i` (initial moves that can never apply).
fn strip_initial(xbetza: &str) -> String {
    let mut out = String::new();
    let mut component = String::new();
    for c in xbetza.chars() {
        component.push(c);
        if c.is_ascii_uppercase() {
            if !component.starts_with('i') {
                out.push_str(&component);
            }
            component.clear();
        }
    }
    out
}

/// Castling as plypost's `[castling]` says it, when the start position has castling rights.
fn castling(
    state: &State,
    fen: &super::spec::Fen,
    errors: &mut Vec<Problem>,
) -> Option<CastlingSpec> {
    if !state.castling || fen.rights == "-" {
        return None;
    }
    let king_letter = *state.letters.get(&KING)?;
    if state.castling_king_piece != [KING; 2] {
        errors.push(
            Problem::coded("castling-king-only", "plypost castles with the King only")
                .at(0, "castlingKingPiece"),
        );
        return None;
    }
    let rook_types: Vec<TypeId> = (0..=KING)
        .filter(|t| state.castling_rook_pieces[0] & (1 << t) != 0)
        .collect();
    let [rook_type] = rook_types.as_slice() else {
        errors.push(
            Problem::coded(
                "castling-one-kind",
                "plypost castles with one kind of piece",
            )
            .at(0, "castlingRookPieces"),
        );
        return None;
    };
    let Some(rook_letter) = state.letters.get(rook_type).copied() else {
        errors.push(
            Problem::coded(
                "castling-piece-missing",
                "the castling piece is not in the variant",
            )
            .at(0, "castlingRookPieces"),
        );
        return None;
    };
    let king = fen
        .cells
        .iter()
        .find(|(_, _, c)| *c == king_letter.to_ascii_uppercase())
        .map(|(f, r, _)| (*f, *r))?;
    if king.1 != state.castling_rank {
        errors.push(
            Problem::coded(
                "castling-rank",
                "the White King does not start on the castling rank",
            )
            .at(0, "castlingRank"),
        );
        return None;
    }
    let kingside = state.castling_kingside_file as i32 - king.0 as i32;
    let queenside = king.0 as i32 - state.castling_queenside_file as i32;
    if kingside < 2 || queenside < 2 {
        errors.push(
            Problem::coded(
                "castling-distance",
                "plypost's King moves two squares or more when it castles, toward each wing",
            )
            .at(0, "castlingKingsideFile"),
        );
        return None;
    }
    // Fairy-Stockfish finds each Rook from its wing's file inward; plypost takes the
    // outermost Rook of the rank. They agree when no Rook stands beyond that file.
    let rook_file_k = state
        .castling_rook_kingside_file
        .unwrap_or(state.max_file - 1);
    let rook_file_q = state.castling_rook_queenside_file;
    let outside = fen.cells.iter().any(|(f, r, c)| {
        c.to_ascii_lowercase() == rook_letter
            && (*r == state.castling_rank
                || Some(*r) == (state.max_rank - 1).checked_sub(state.castling_rank))
            && (*f > rook_file_k || *f < rook_file_q)
    });
    if outside {
        errors.push(
            Problem::coded(
                "castling-outer-piece",
                "a castling piece stands beyond the castling files; plypost castles with the \
                 outermost one",
            )
            .at(0, "castlingRookKingsideFile"),
        );
    }
    Some(CastlingSpec {
        king_distance: kingside as u8,
        queenside_king_distance: queenside as u8,
        rook: rook_letter.to_ascii_uppercase().to_string(),
    })
}

/// The FEN with its castling field emptied (castling is off, whatever the FEN says).
fn without_castling_rights(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 2 && !fields[2].chars().all(|c| c.is_ascii_digit()) {
        fields[2] = "-";
    }
    fields.join(" ")
}

fn pawn_description(double_step: bool, en_passant: bool) -> String {
    let mut text =
        "one step forward without capturing, captures one step diagonally forward".to_owned();
    if double_step {
        text.push_str("; two steps from its start rank");
        if en_passant {
            text.push_str(", and can be taken en passant then");
        }
    }
    text
}

/// Fairy-Stockfish never promotes an e.p. capture; plypost promotes every capture that ends
/// in the zone. They agree unless an e.p. capture can end there, which is refused.
fn ep_outside_zone(
    state: &State,
    fen: &super::spec::Fen,
    pieces: &[PieceSpec],
    zone: u8,
    errors: &mut Vec<Problem>,
) {
    let height = state.max_rank;
    for piece in pieces.iter().filter(|p| p.creates_en_passant) {
        let reach = super::spec::longest_first_move(&piece.betza);
        let lower = piece.letter.to_ascii_lowercase();
        for (_, rank, c) in &fen.cells {
            if c.to_string() != lower {
                continue;
            }
            // A Black piece's passed squares, where a White capture would land.
            let passed_in_zone = (1..reach)
                .filter_map(|k| rank.checked_sub(k))
                .any(|r| r >= height - zone);
            if passed_in_zone {
                errors.push(
                    Problem::coded(
                        "ep-in-zone",
                        "an e.p. capture could end in the promotion zone: Fairy-Stockfish does \
                         not promote it, plypost would",
                    )
                    .at(0, "promotionRegionWhite"),
                );
                return;
            }
        }
    }
}
