//! Evaluating a position with the built-in engine (`plypost-engine`), for the analysis boards
//! and `POST /api/v1/analysis`. [`prepare`] reads the preset and checks the input (the only
//! part that needs the database); [`evaluate`] is the search, bounded in time and nodes, run
//! on a blocking thread once the caller holds one of the server's engine slots.
//!
//! Only finished games and free positions are analysed: the web handlers never offer it on a
//! game between people that is still being played.

use std::time::{Duration, Instant};

use plypost_engine::{move_to_uci, Limits, Root, Score, Searcher};
use plypost_rules::{Color, Move, Position};

use crate::db::DbConn;
use crate::i18n::{Lang, Message};
use crate::presets::{query, rules, PresetError};

/// The longest search one request may ask for.
pub const MAX_MOVETIME_MS: u64 = 2_000;
/// What a request gets when it does not say.
pub const DEFAULT_MOVETIME_MS: u64 = 1_000;
/// Nodes one request may search at most (about 2 s on a 16 x 16 board).
pub const MAX_NODES: u64 = 3_000_000;
/// Moves a request may play from its start position.
pub const MAX_MOVES: usize = 1_000;
/// Memory for one search's transposition table.
const HASH_MB: usize = 16;

#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// Bad input; the message names the field and says why.
    #[error("{0}")]
    Invalid(Message),
    #[error("no such preset")]
    NoPreset,
    #[error(transparent)]
    Preset(PresetError),
}

impl AnalysisError {
    /// The message a page shows for this error (`Display` is its English text).
    pub fn message(&self) -> Message {
        match self {
            AnalysisError::Invalid(m) => m.clone(),
            AnalysisError::NoPreset => Message::new("error-analysis-no-preset"),
            AnalysisError::Preset(e) => e.message(),
        }
    }

    /// This error as a page shows it, in `lang`.
    pub fn localized(&self, lang: &Lang) -> String {
        self.message().text(lang)
    }
}

impl From<PresetError> for AnalysisError {
    fn from(e: PresetError) -> Self {
        match e {
            PresetError::NotFound => AnalysisError::NoPreset,
            other => AnalysisError::Preset(other),
        }
    }
}

/// What to evaluate: a preset's current version, a start position (its setup when `None`),
/// moves from there in any notation the game page takes, and the time to think.
#[derive(Debug, Clone)]
pub struct Request {
    pub preset: String,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub movetime_ms: Option<u64>,
}

/// A checked request, ready to search.
#[derive(Debug, Clone)]
pub struct Prepared {
    root: Root,
    movetime: Duration,
}

/// The engine's verdict, from White's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Centipawns or mate in N moves (negative: Black is better, or mates).
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// The best line in SAN, from the analysed position.
    pub pv: Vec<String>,
    /// The same line as UCI moves (`e2e4`, `a10a11`).
    pub pv_uci: Vec<String>,
}

/// A free analysis board's start: the preset's current rules and the position (its setup
/// when `fen` is empty).
pub fn board(
    conn: &mut DbConn,
    preset: &str,
    fen: &str,
) -> Result<(rules::Rules, Position), AnalysisError> {
    let preset = query::find_by_slug(conn, preset.trim())?;
    let version = query::version(conn, preset.id, preset.current_version)?;
    let rules = rules::load(conn, version.id)?;
    let fen = Some(fen.trim()).filter(|f| !f.is_empty());
    let start =
        Position::from_fen(&rules.variant, fen.unwrap_or(&version.setup_fen)).map_err(|e| {
            AnalysisError::Invalid(Message::new("error-analysis-fen").arg("reason", e.to_string()))
        })?;
    Ok((rules, start))
}

/// Reads the preset and checks the position and the moves.
pub fn prepare(conn: &mut DbConn, request: &Request) -> Result<Prepared, AnalysisError> {
    let movetime_ms = request.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS);
    if !(1..=MAX_MOVETIME_MS).contains(&movetime_ms) {
        return Err(AnalysisError::Invalid(
            Message::new("error-analysis-movetime")
                .arg("value", movetime_ms)
                .arg("max", MAX_MOVETIME_MS),
        ));
    }
    if request.moves.len() > MAX_MOVES {
        return Err(AnalysisError::Invalid(
            Message::new("error-analysis-too-many-moves")
                .arg("count", request.moves.len())
                .arg("max", MAX_MOVES),
        ));
    }
    let preset = query::find_by_slug(conn, request.preset.trim())?;
    let version = query::version(conn, preset.id, preset.current_version)?;
    let rules = rules::load(conn, version.id)?;
    let fen = request
        .fen
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty());
    let start =
        Position::from_fen(&rules.variant, fen.unwrap_or(&version.setup_fen)).map_err(|e| {
            AnalysisError::Invalid(
                Message::new("error-analysis-api-fen").arg("reason", e.to_string()),
            )
        })?;
    let mut root = Root::new(start.clone()).with_options(rules.options);
    let mut position = start;
    for (i, text) in request.moves.iter().enumerate() {
        let mv = position.parse_move(text).map_err(|e| {
            AnalysisError::Invalid(
                Message::new("error-analysis-api-move")
                    .arg("index", i)
                    .arg("move", text)
                    .arg("reason", e.to_string()),
            )
        })?;
        root.push(&mv);
        position = position.play_unchecked(&mv);
    }
    Ok(Prepared {
        root,
        movetime: Duration::from_millis(movetime_ms),
    })
}

/// A position already checked (an analysis board's), under `options`, for `movetime_ms`
/// (clamped to 1..=[`MAX_MOVETIME_MS`]).
pub fn at_position(
    position: &Position,
    options: plypost_rules::RuleOptions,
    movetime_ms: u64,
) -> Prepared {
    Prepared {
        root: Root::new(position.clone()).with_options(options),
        movetime: Duration::from_millis(movetime_ms.clamp(1, MAX_MOVETIME_MS)),
    }
}

/// Searches a prepared position within its time and [`MAX_NODES`]. Blocking: call it on a
/// blocking thread.
pub fn evaluate(prepared: &Prepared) -> Analysis {
    let now = Instant::now();
    let limits = Limits {
        depth: None,
        nodes: Some(MAX_NODES),
        deadline: Some(now + prepared.movetime),
        soft_deadline: Some(now + prepared.movetime / 2),
        stop: None,
    };
    let mut searcher = Searcher::new(HASH_MB);
    let result = searcher.search(&prepared.root, &limits, &mut |_| {});
    let position = prepared.root.position();
    let (pv, pv_uci) = written_line(position, &result.pv);
    let white_to_move = position.side_to_move() == Color::White;
    let score = match result.score {
        s if white_to_move => s,
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(n) => Score::Mate(-n),
    };
    Analysis {
        score,
        depth: result.depth,
        nodes: result.nodes,
        pv,
        pv_uci,
    }
}

/// A line of moves from `position` in SAN and in UCI text.
fn written_line(position: &Position, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut position = position.clone();
    let (mut san, mut uci) = (Vec::new(), Vec::new());
    for mv in line {
        san.push(position.move_san(mv));
        uci.push(move_to_uci(&position, mv));
        position = position.play_unchecked(mv);
    }
    (san, uci)
}
