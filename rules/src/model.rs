//! The movement model: a typed, serde-able description of how a piece moves, and the compact
//! text form used in variant files (see `rules/variants/README.md`).
//!
//! Vectors are written from White's point of view: `dy > 0` is forward. For Black the engine
//! mirrors them vertically.

use serde::{Deserialize, Serialize};

use crate::arg::Arg;

/// Why a move text (`ride W forward max 2`) does not read: the English message, and a code
/// with the values it names for translated pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTextError {
    pub message: String,
    /// The kind of problem (`unknown-atom`).
    pub code: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl MoveTextError {
    fn new(code: &'static str, message: impl Into<String>) -> MoveTextError {
        MoveTextError {
            message: message.into(),
            code,
            args: Vec::new(),
        }
    }

    fn with(mut self, name: &'static str, value: impl Into<Arg>) -> MoveTextError {
        self.args.push((name, value.into()));
        self
    }
}

impl std::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MoveTextError {}

/// A displacement in files (`dx`, to the right) and ranks (`dy`, forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vector {
    pub dx: i8,
    pub dy: i8,
}

impl Vector {
    pub const fn new(dx: i8, dy: i8) -> Vector {
        Vector { dx, dy }
    }
}

/// What a move part may do on its destination square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Mode {
    /// Moves to an empty square or captures an enemy piece.
    #[default]
    MoveOrCapture,
    /// Only to an empty square.
    MoveOnly,
    /// Only capturing an enemy piece.
    CaptureOnly,
}

impl Mode {
    pub fn can_move(self) -> bool {
        self != Mode::CaptureOnly
    }
    pub fn can_capture(self) -> bool {
        self != Mode::MoveOnly
    }
}

/// One leg-pair of a bent move: a first leg, then slides outward in the listed directions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BentLeg {
    /// The first leg (a step or a leap); the square it reaches is the corner.
    pub first: Vector,
    /// Unit directions of the continuation, which slides at least one square from the corner.
    pub slides: Vec<Vector>,
}

/// The geometric shape of a move part.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Jumps by each vector; never blocked.
    Leap { vectors: Vec<Vector> },
    /// Repeats each vector while the squares are empty, `min..=max` times (`max: None` =
    /// to the edge); `odd_only` keeps only odd distances. Blocked by any piece on a square
    /// passed over (so `max = 2` of a leap vector is a lame double leap like `N2`).
    Ride {
        vectors: Vec<Vector>,
        min: u8,
        max: Option<u8>,
        odd_only: bool,
    },
    /// Slides along each vector to the first piece (the screen), jumps it, and reaches the
    /// squares beyond it up to and including the next piece.
    Hop { vectors: Vec<Vector> },
    /// Two legs: the first leg to a corner; if the corner is empty, slides on from it.
    /// `may_stop`: the corner itself is a destination too.
    Bent { legs: Vec<BentLeg>, may_stop: bool },
}

/// One part of a piece's movement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MovePart {
    pub shape: Shape,
    pub mode: Mode,
    /// Only while the piece stands on a rank where its kind starts (a Pawn's first move).
    pub first_move_only: bool,
    /// When any part of a kind is `promoting`, only moves of such parts promote
    /// (the Terachess II Troll promotes only by its Pawn-like step or capture).
    pub promoting: bool,
}

/// The direction in which a bent move continues outward, relative to its first leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Continuation {
    /// The nonzero orthogonal components of the first leg (Eagle: NE step → N and E).
    Orthogonal,
    /// The diagonals not going back against the first leg (Rhinoceros: N step → NE and NW;
    /// (1,2) leap → NE only).
    Diagonal,
    /// Straight on vertically in the first leg's vertical sense (Ship).
    Vertical,
}

fn sign(v: i8) -> i8 {
    v.signum()
}

impl Continuation {
    fn slides(self, first: Vector) -> Vec<Vector> {
        let mut out = Vec::new();
        match self {
            Continuation::Orthogonal => {
                if first.dx != 0 {
                    out.push(Vector::new(sign(first.dx), 0));
                }
                if first.dy != 0 {
                    out.push(Vector::new(0, sign(first.dy)));
                }
            }
            Continuation::Diagonal => {
                for sx in [1i8, -1] {
                    for sy in [1i8, -1] {
                        if sx * first.dx >= 0 && sy * first.dy >= 0 {
                            out.push(Vector::new(sx, sy));
                        }
                    }
                }
            }
            Continuation::Vertical => {
                if first.dy != 0 {
                    out.push(Vector::new(0, sign(first.dy)));
                }
            }
        }
        out
    }
}

/// A direction filter of the text form.
fn direction_matches(word: &str, v: Vector) -> Option<bool> {
    Some(match word {
        "all" => true,
        "forward" => v.dy > 0,
        "backward" => v.dy < 0,
        "sideways" => v.dy == 0,
        "vertical" => v.dx == 0,
        "orthogonal" => v.dx == 0 || v.dy == 0,
        "diagonal" => v.dx.abs() == v.dy.abs(),
        "forward-diagonal" => v.dy > 0 && v.dx.abs() == v.dy.abs(),
        "backward-diagonal" => v.dy < 0 && v.dx.abs() == v.dy.abs(),
        "left" => v.dx < 0,
        "right" => v.dx > 0,
        _ => return None,
    })
}

const DIRECTION_WORDS: &str = "all, forward, backward, sideways, vertical, orthogonal, diagonal, \
forward-diagonal, backward-diagonal, left, right";

/// The base vector of an atom letter.
fn atom(letter: &str) -> Option<(i8, i8)> {
    Some(match letter {
        "W" => (1, 0),
        "F" => (1, 1),
        "D" => (2, 0),
        "A" => (2, 2),
        "H" => (3, 0),
        "G" => (3, 3),
        "N" => (2, 1),
        "C" => (3, 1),
        "Z" => (3, 2),
        _ => return None,
    })
}

/// All images of (x, y) under the 8 symmetries of the square, without duplicates.
pub(crate) fn symmetric_images(x: i8, y: i8) -> Vec<Vector> {
    let mut out: Vec<Vector> = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for sa in [1i8, -1] {
            for sb in [1i8, -1] {
                let v = Vector::new(a * sa, b * sb);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

fn parse_atoms(token: &str) -> Result<Vec<Vector>, MoveTextError> {
    let mut out = Vec::new();
    // Split on commas that are outside parentheses.
    let mut depth = 0;
    let mut start = 0;
    let mut pieces = Vec::new();
    for (i, c) in token.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(&token[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&token[start..]);
    for piece in pieces {
        let (x, y) = if let Some(base) = atom(piece) {
            base
        } else if let Some(inner) = piece.strip_prefix('(').and_then(|p| p.strip_suffix(')')) {
            let mut nums = inner.split(',').map(|n| n.trim().parse::<i8>());
            match (nums.next(), nums.next(), nums.next()) {
                (Some(Ok(x)), Some(Ok(y)), None)
                    if (x != 0 || y != 0) && x.abs() <= 15 && y.abs() <= 15 =>
                {
                    (x, y)
                }
                _ => {
                    return Err(MoveTextError::new(
                        "not-a-leap",
                        format!("'{piece}' is not a leap like (4,1)"),
                    )
                    .with("value", piece))
                }
            }
        } else {
            return Err(MoveTextError::new(
                "unknown-atom",
                format!("unknown atom '{piece}' (use W F D A H G N C Z or a leap like (4,1))"),
            )
            .with("value", piece));
        };
        for v in symmetric_images(x, y) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    Ok(out)
}

fn parse_number(words: &[&str], i: usize, what: &'static str) -> Result<u8, MoveTextError> {
    words
        .get(i)
        .and_then(|w| w.parse::<u8>().ok())
        .filter(|&n| (1..=15).contains(&n))
        .ok_or_else(|| {
            MoveTextError::new(
                "number-missing",
                format!("'{what}' must be followed by a number 1..15"),
            )
            .with("word", what)
        })
}

/// The words after a move part's atoms and directions.
#[derive(Default)]
struct Modifiers {
    continuation: Option<Continuation>,
    min: Option<u8>,
    max: Option<u8>,
    odd_only: bool,
    must_continue: bool,
    promoting: bool,
}

/// The leading `move-only` / `capture-only` / `first-move-only` words: the mode, the flag,
/// and the index of the first other word.
fn parse_mode_words(words: &[&str]) -> (Mode, bool, usize) {
    let mut mode = Mode::MoveOrCapture;
    let mut first_move_only = false;
    let mut i = 0;
    while let Some(&w) = words.get(i) {
        match w {
            "move-only" => mode = Mode::MoveOnly,
            "capture-only" => mode = Mode::CaptureOnly,
            "first-move-only" => first_move_only = true,
            _ => break,
        }
        i += 1;
    }
    (mode, first_move_only, i)
}

/// Keeps the vectors of `atom_word` that the direction list `w` names. `Ok(false)` if `w`
/// is no direction list (then it is a modifier).
fn keep_directions(
    vectors: &mut Vec<Vector>,
    w: &str,
    atom_word: &str,
) -> Result<bool, MoveTextError> {
    if !w
        .split(',')
        .all(|d| direction_matches(d, Vector::new(0, 0)).is_some())
    {
        return Ok(false);
    }
    let dirs: Vec<&str> = w.split(',').collect();
    vectors.retain(|&v| dirs.iter().any(|d| direction_matches(d, v) == Some(true)));
    if vectors.is_empty() {
        return Err(MoveTextError::new(
            "no-direction-move",
            format!("the directions '{w}' leave no move of '{atom_word}'"),
        )
        .with("directions", w)
        .with("atoms", atom_word));
    }
    Ok(true)
}

fn parse_continuation(word: &str) -> Result<Continuation, MoveTextError> {
    match word {
        "orthogonal-outward" => Ok(Continuation::Orthogonal),
        "diagonal-outward" => Ok(Continuation::Diagonal),
        "vertical-outward" => Ok(Continuation::Vertical),
        _ => Err(MoveTextError::new(
            "bad-continuation",
            format!(
                "'then' must be followed by orthogonal-outward, diagonal-outward or \
                 vertical-outward, not '{word}'"
            ),
        )
        .with("value", word)),
    }
}

impl Modifiers {
    fn parse(words: &[&str]) -> Result<Modifiers, MoveTextError> {
        let mut m = Modifiers::default();
        let mut i = 0;
        while let Some(&w) = words.get(i) {
            match w {
                "then" => {
                    m.continuation =
                        Some(parse_continuation(words.get(i + 1).copied().unwrap_or(""))?);
                    i += 1;
                }
                "min" => {
                    m.min = Some(parse_number(words, i + 1, "min")?);
                    i += 1;
                }
                "max" => {
                    m.max = Some(parse_number(words, i + 1, "max")?);
                    i += 1;
                }
                "odd" => m.odd_only = true,
                "must-continue" => m.must_continue = true,
                "promoting" => m.promoting = true,
                "move-only" | "capture-only" | "first-move-only" => {
                    return Err(MoveTextError::new(
                        "mode-after-shape",
                        format!("'{w}' must come before the shape word"),
                    )
                    .with("word", w))
                }
                _ => {
                    return Err(MoveTextError::new(
                        "unexpected-word",
                        format!("unexpected word '{w}' (directions are: {DIRECTION_WORDS})"),
                    )
                    .with("word", w)
                    .with("directions", DIRECTION_WORDS))
                }
            }
            i += 1;
        }
        Ok(m)
    }

    /// That each modifier suits the shape.
    fn check(&self, shape_word: &str) -> Result<(), MoveTextError> {
        for (given, what) in [
            (self.min.is_some(), "min"),
            (self.max.is_some(), "max"),
            (self.odd_only, "odd"),
        ] {
            if given && shape_word != "ride" {
                return Err(MoveTextError::new(
                    "ride-only",
                    format!("'{what}' applies only to 'ride'"),
                )
                .with("word", what));
            }
        }
        if shape_word != "bent" && (self.continuation.is_some() || self.must_continue) {
            return Err(MoveTextError::new(
                "bent-only",
                "'then' and 'must-continue' apply only to 'bent'",
            ));
        }
        Ok(())
    }

    fn shape(&self, shape_word: &str, vectors: Vec<Vector>) -> Result<Shape, MoveTextError> {
        Ok(match shape_word {
            "leap" => Shape::Leap { vectors },
            "ride" => {
                let min = self.min.unwrap_or(1);
                if let Some(max) = self.max {
                    if max < min {
                        return Err(MoveTextError::new(
                            "max-below-min",
                            format!("max {max} is below min {min}"),
                        )
                        .with("max", max)
                        .with("min", min));
                    }
                }
                Shape::Ride {
                    vectors,
                    min,
                    max: self.max,
                    odd_only: self.odd_only,
                }
            }
            "hop" => Shape::Hop { vectors },
            _ => {
                let continuation = self.continuation.ok_or_else(|| {
                    MoveTextError::new(
                        "bent-needs-then",
                        "'bent' needs 'then orthogonal-outward|diagonal-outward|vertical-outward'",
                    )
                })?;
                let legs: Vec<BentLeg> = vectors
                    .iter()
                    .map(|&first| BentLeg {
                        first,
                        slides: continuation.slides(first),
                    })
                    .filter(|leg| !leg.slides.is_empty())
                    .collect();
                if legs.is_empty() {
                    return Err(MoveTextError::new(
                        "bent-no-continuation",
                        "this bent move has no continuation",
                    ));
                }
                Shape::Bent {
                    legs,
                    may_stop: !self.must_continue,
                }
            }
        })
    }
}

impl MovePart {
    /// Reads the compact text form of a move part, e.g. `ride W`, `leap N`,
    /// `move-only ride W forward max 2`, `capture-only hop W`, `bent F then orthogonal-outward`,
    /// `first-move-only move-only ride W forward min 2 max 3`.
    ///
    /// Grammar: `[move-only|capture-only] [first-move-only] SHAPE ATOMS [DIRECTIONS]
    /// [then CONTINUATION] [min N] [max N] [odd] [must-continue] [promoting]`.
    pub fn parse(text: &str) -> Result<MovePart, MoveTextError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (mode, first_move_only, mut i) = parse_mode_words(&words);
        let shape_word = *words.get(i).ok_or_else(|| {
            MoveTextError::new("no-shape", "expected a shape: leap, ride, hop or bent")
        })?;
        if !matches!(shape_word, "leap" | "ride" | "hop" | "bent") {
            return Err(MoveTextError::new(
                "bad-shape",
                format!("expected a shape (leap, ride, hop or bent), found '{shape_word}'"),
            )
            .with("value", shape_word));
        }
        i += 1;
        let atom_word = *words.get(i).ok_or_else(|| {
            MoveTextError::new(
                "no-atoms",
                format!("'{shape_word}' must be followed by atoms such as W or N,C"),
            )
            .with("shape", shape_word)
        })?;
        let mut vectors = parse_atoms(atom_word)?;
        i += 1;
        if let Some(&w) = words.get(i) {
            if keep_directions(&mut vectors, w, atom_word)? {
                i += 1;
            }
        }
        let modifiers = Modifiers::parse(words.get(i..).unwrap_or_default())?;
        modifiers.check(shape_word)?;
        let shape = modifiers.shape(shape_word, vectors)?;
        if first_move_only && mode != Mode::MoveOnly {
            return Err(MoveTextError::new(
                "first-move-only",
                "a first-move-only part must also be move-only",
            ));
        }
        Ok(MovePart {
            shape,
            mode,
            first_move_only,
            promoting: modifiers.promoting,
        })
    }
}

/// Two parts of one piece (or two directions of one part) that can produce the same move:
/// same displacement, both moving or both capturing, by the same kind of path. The engine
/// then removes the repeated move when it generates that piece's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlap {
    pub first_part: usize,
    pub second_part: usize,
    pub displacement: Vector,
}

/// Finds parts (or two directions of one part) that reach the same square in the same
/// circumstances. Hops never overlap with non-hops: one needs a screen, the other a clear way.
pub fn find_overlap(parts: &[MovePart]) -> Option<Overlap> {
    use std::collections::HashMap;
    /// (part, direction, can_move, can_capture) of a move reaching one displacement.
    type Source = (usize, usize, bool, bool);
    // Keyed by (dx, dy, is_hop).
    let mut seen: HashMap<(i32, i32, bool), Vec<Source>> = HashMap::new();
    for (index, part) in parts.iter().enumerate() {
        let mut atoms: Vec<(i32, i32, bool, usize)> = Vec::new();
        match &part.shape {
            Shape::Leap { vectors } => {
                for (d, v) in vectors.iter().enumerate() {
                    atoms.push((v.dx as i32, v.dy as i32, false, d));
                }
            }
            Shape::Ride {
                vectors,
                min,
                max,
                odd_only,
            } => {
                for (d, v) in vectors.iter().enumerate() {
                    for k in *min as i32..=max.map_or(15, |m| m as i32) {
                        if !odd_only || k % 2 == 1 {
                            atoms.push((v.dx as i32 * k, v.dy as i32 * k, false, d));
                        }
                    }
                }
            }
            Shape::Hop { vectors } => {
                for (d, v) in vectors.iter().enumerate() {
                    for k in 2..=15 {
                        atoms.push((v.dx as i32 * k, v.dy as i32 * k, true, d));
                    }
                }
            }
            Shape::Bent { legs, may_stop } => {
                for (d, leg) in legs.iter().enumerate() {
                    let (fx, fy) = (leg.first.dx as i32, leg.first.dy as i32);
                    if *may_stop {
                        atoms.push((fx, fy, false, d));
                    }
                    for s in &leg.slides {
                        for k in 1..=15 {
                            atoms.push((fx + s.dx as i32 * k, fy + s.dy as i32 * k, false, d));
                        }
                    }
                }
            }
        }
        let (m, c) = (part.mode.can_move(), part.mode.can_capture());
        for (dx, dy, hop, direction) in atoms {
            let entry = seen.entry((dx, dy, hop)).or_default();
            for &(other, other_direction, om, oc) in entry.iter() {
                let same_source = other == index && other_direction == direction;
                if !same_source && ((m && om) || (c && oc)) {
                    return Some(Overlap {
                        first_part: other,
                        second_part: index,
                        displacement: Vector::new(dx as i8, dy as i8),
                    });
                }
            }
            entry.push((index, direction, m, c));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_has_eight_vectors() {
        let p = MovePart::parse("leap N").unwrap();
        match p.shape {
            Shape::Leap { vectors } => assert_eq!(vectors.len(), 8),
            _ => panic!(),
        }
    }

    #[test]
    fn eagle_legs() {
        let p = MovePart::parse("bent F then orthogonal-outward").unwrap();
        match p.shape {
            Shape::Bent { legs, may_stop } => {
                assert!(may_stop);
                assert_eq!(legs.len(), 4);
                assert!(legs.iter().all(|l| l.slides.len() == 2));
            }
            _ => panic!(),
        }
    }

    #[test]
    fn errors_are_explained() {
        let unknown = MovePart::parse("ride Q").unwrap_err();
        assert!(unknown.message.contains("unknown atom"));
        assert_eq!(unknown.code, "unknown-atom");
        assert!(MovePart::parse("leap W max 2")
            .unwrap_err()
            .message
            .contains("only to 'ride'"));
    }
}
