//! XBetza → movement model compiler.
//!
//! Compiles the XBetza notation of H. G. Muller (as used in VARIANTS.md) to the engine's
//! [`MovePart`]s. Everything the engine cannot express is rejected with the character and its
//! position; nothing is approximated.
//!
//! Supported syntax (a piece is a concatenation of components):
//! * atoms `W F D A H G N C Z`, leaps `(x,y)` (0..=15), compounds `K` (= WF), riders `R B Q`,
//!   doubled atoms (`WW`, `NN`, `KK`, `(4,1)(4,1)`), a range after an atom or rider
//!   (`W3`, `N2`, `R4`; `0` = unlimited; at most 15);
//! * directions `f b l r v s` (relative to the piece: forward is toward the enemy):
//!   on orthogonal atoms each letter is one direction and letters add up (`fsW`);
//!   on diagonal atoms a single letter is a pair (`fF` = both forward diagonals) and a vertical
//!   plus a horizontal letter is one diagonal (`flF`, `lfF`); on oblique atoms a single letter
//!   selects the four moves on that side (`fN`), a doubled letter the two whose longer axis
//!   points that way (`ffN` = Shogi Knight), and a pair `XY` the moves whose shorter axis goes
//!   toward X and longer axis toward Y (`fsN` = the wide forward pair, `frN` = (2,1),
//!   `rfN` = (1,2), `rvN` = (1,±2)), as Muller defines them. `v` or `s` alone on an oblique atom
//!   is rejected (its meaning differs between descriptions of the notation);
//! * modes `m` (move only), `c` (capture only), `e` (also captures e.p.; needs `c`; the
//!   engine's e.p. right is per piece, so it is returned as
//!   [`CompiledPiece::captures_en_passant`] and every leap or slide capture of the piece must
//!   carry it; which moves *create* e.p. rights is the variant file's `creates_en_passant`),
//!   `p` (hop: on unlimited riders, the Cannon rule of the engine's hop), `n` (lame: orthogonal
//!   or diagonal leaps longer than one step become slides of exactly that length, blocked on
//!   the squares passed over; repeating it, `nn`, means the same, as in VARIANTS.md's
//!   `fmnnD`), `i` (first move only; must be `im`, the engine's first-move-only parts never
//!   capture; the engine counts a move as first while the piece stands on a rank where its
//!   kind starts);
//! * bent riders with two legs and `y`:
//!   - `yafsF` (standard form): one step of the atom (W or F) to an empty square, then a slide
//!     in the continuation's directions; the corner is not a destination (GraTiA Gryphon);
//!   - `XyaY` (VARIANTS.md form, `DyafsW`): the atom X directly followed by `ya` is also the
//!     first leg; X stays a move of its own, so the corner is a destination (`FyafsF` Eagle,
//!     `A` + `AyafsF` Ostrich, `vW` + `vWyafsW` Snake). X is a single leap, possibly with
//!     directions; Y is F after a diagonal X and W otherwise. An oblique X heads along its
//!     longer axis (Muller's convention: g1-f3 goes "forward", turning left), so writing one
//!     component per direction gives exact chiral moves (`rfNyafrW`: (1,2), then NE).
//!     Standard XBetza would read `DyafsW` as `D` plus `yafsW`; VARIANTS.md means the Osprey,
//!     so this reading is used. Both readings agree on `FyafsF` and `WyafsW`.
//!
//!   Continuation directions are relative to the first leg, in 45° turns: `f` straight on,
//!   `fl`/`fr` (`fs` both) 45° left/right, `l`/`r` (`s`) 90°. Turns going back toward the
//!   start square are rejected (the engine treats the start square as occupied).
//!
//! Rejected, with a message: `h`, `j`, `o`, `x`, `g`, `d`, `u`, `k`, `t`, `q`, `z`, `w`,
//! more than two legs, legs without `y` (a single-step continuation), `n` on oblique atoms
//! or riders, `p` on leaps or limited riders, `e` where the engine's per-piece e.p. flag
//! would change other captures, input longer than 200 characters.

use crate::arg::Arg;
use crate::model::{BentLeg, Mode, MovePart, Shape, Vector};
use std::fmt;

/// Longest accepted XBetza text, in characters.
pub const MAX_INPUT_CHARS: usize = 200;
/// Largest range number and leap coordinate.
pub const MAX_RANGE: u8 = 15;
/// Most legs of one move.
pub const MAX_LEGS: usize = 2;

/// The result of compiling an XBetza string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledPiece {
    pub parts: Vec<MovePart>,
    /// Some part carries `e`: the kind captures e.p. (`PieceKind::captures_en_passant`).
    pub captures_en_passant: bool,
}

/// Why an XBetza string was rejected. `position` is 1-based in characters; `character` is
/// `None` when the problem is at the end of the text (or the text as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// The text (shortened to 40 characters for display).
    pub input: String,
    pub position: usize,
    pub character: Option<char>,
    /// What is wrong, in English.
    pub message: String,
    /// The kind of problem (`unknown-atom`), for translated pages.
    pub code: &'static str,
    /// The values the message names.
    pub args: Vec<(&'static str, Arg)>,
}

impl BetzaError {
    fn with(mut self, name: &'static str, value: impl Into<Arg>) -> BetzaError {
        self.args.push((name, value.into()));
        self
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.character {
            Some(c) => write!(
                f,
                "XBetza '{}' at character {} ('{}'): {}",
                self.input, self.position, c, self.message
            ),
            None => write!(
                f,
                "XBetza '{}' at character {} (end of text): {}",
                self.input, self.position, self.message
            ),
        }
    }
}

impl std::error::Error for BetzaError {}

/// Compiles an XBetza string to move parts.
pub fn compile(text: &str) -> Result<CompiledPiece, BetzaError> {
    let chars: Vec<char> = text.chars().take(MAX_INPUT_CHARS + 1).collect();
    let shown: String = if chars.len() > 40 {
        let mut s: String = chars.iter().take(40).collect();
        s.push('…');
        s
    } else {
        chars.iter().collect()
    };
    let mut p = Parser {
        chars,
        pos: 0,
        shown,
        items: Vec::new(),
        ep_marks: Vec::new(),
    };
    if p.chars.len() > MAX_INPUT_CHARS {
        return Err(p
            .error_at(
                MAX_INPUT_CHARS,
                "too-long",
                format!("the text is longer than {MAX_INPUT_CHARS} characters"),
            )
            .with("max", MAX_INPUT_CHARS));
    }
    if p.chars.is_empty() {
        return Err(p.error_at(
            0,
            "empty",
            "empty: give at least one atom such as W or N".to_string(),
        ));
    }
    while p.pos < p.chars.len() {
        p.component()?;
    }
    p.finish()
}

/// The symmetry class of an atom, which decides how direction letters read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn class_of(x: i8, y: i8) -> Class {
    if x == 0 || y == 0 {
        Class::Orthogonal
    } else if x == y {
        Class::Diagonal
    } else {
        Class::Oblique
    }
}

/// A parsed atom: its base leaps, whether it rides, its range number.
#[derive(Clone, Debug)]
struct Atom {
    bases: Vec<(i8, i8)>,
    /// Doubled atom or R/B/Q.
    rider: bool,
    /// The range number, if written.
    range: Option<u8>,
    /// One base leap written as a single letter or `(x,y)`, not doubled, no range.
    simple: bool,
    pos: usize,
}

/// Modifiers read before an atom or a leg separator.
#[derive(Clone, Debug, Default)]
struct Mods {
    /// Runs of adjacent direction letters with their positions.
    dir_runs: Vec<Vec<(char, usize)>>,
    m: Option<usize>,
    c: Option<usize>,
    e: Option<usize>,
    p: Option<usize>,
    n: Option<usize>,
    i: Option<usize>,
    y: Option<usize>,
    /// Every modifier position that is not a direction, for "only directions here" checks.
    others: Vec<usize>,
}

/// One move element before regrouping into parts.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Geo {
    /// A leap is a ride with `min = 1`, `max = Some(1)`.
    Ride {
        v: Vector,
        min: u8,
        max: Option<u8>,
    },
    Hop {
        v: Vector,
    },
    Bent {
        first: Vector,
        slides: Vec<Vector>,
        stop: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Item {
    geo: Geo,
    mode: Mode,
    first_move_only: bool,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    shown: String,
    items: Vec<Item>,
    /// Per capturing leap/ride component: (has `e`, position of the atom).
    ep_marks: Vec<(bool, usize)>,
}

/// All images of (x, y) under the 8 symmetries of the square, without duplicates.
fn images(x: i8, y: i8) -> Vec<Vector> {
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

fn is_vertical_letter(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn is_horizontal_letter(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's')
}

/// Whether a single letter's sign condition holds for a component value.
fn sign_ok(letter: char, value: i8) -> bool {
    match letter {
        'f' | 'r' => value > 0,
        'b' | 'l' => value < 0,
        _ => value != 0, // v, s: either sign
    }
}

/// The 8 king directions, counter-clockwise from East; turns are steps in this list.
const RING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Parser {
    fn error_at(&self, at: usize, code: &'static str, message: String) -> BetzaError {
        BetzaError {
            input: self.shown.clone(),
            position: at + 1,
            character: self.chars.get(at).copied(),
            message,
            code,
            args: Vec::new(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    /// Reads lower-case modifiers up to an atom, `(`, `a` or the end.
    fn mods(&mut self) -> Result<Mods, BetzaError> {
        let mut m = Mods::default();
        let mut run: Vec<(char, usize)> = Vec::new();
        while let Some(c) = self.peek() {
            let at = self.pos;
            if matches!(c, 'f' | 'b' | 'l' | 'r' | 'v' | 's') {
                run.push((c, at));
                self.pos += 1;
                continue;
            }
            if !run.is_empty() {
                m.dir_runs.push(std::mem::take(&mut run));
            }
            let slot =
                match c {
                    'm' => &mut m.m,
                    'c' => &mut m.c,
                    'e' => &mut m.e,
                    'p' => &mut m.p,
                    'n' => &mut m.n,
                    'i' => &mut m.i,
                    'y' => &mut m.y,
                    'a' => break,
                    'h' => {
                        return Err(self.error_at(
                            at,
                            "half",
                            "'h' (half) is not supported; list the directions instead".to_string(),
                        ))
                    }
                    'j' => return Err(self.error_at(
                        at,
                        "must-jump",
                        "'j' (must jump) is not supported: the engine has no move that needs an \
                         occupied square to jump over"
                            .to_string(),
                    )),
                    c if c.is_ascii_lowercase() => {
                        return Err(self
                            .error_at(
                                at,
                                "modifier",
                                format!(
                            "modifier '{c}' is not supported (supported: f b l r v s m c e p n i, \
                             and y a for bent moves)"
                        ),
                            )
                            .with("letter", c))
                    }
                    _ => break,
                };
            // Repeating a modifier changes nothing (`nn` in VARIANTS.md's `fmnnD`).
            if slot.is_none() {
                *slot = Some(at);
            }
            m.others.push(at);
            self.pos += 1;
        }
        if !run.is_empty() {
            m.dir_runs.push(run);
        }
        Ok(m)
    }

    /// Reads a non-negative number of at most 2 digits (longer runs are an error).
    /// `what` is a key and its English (`("range", "a range")`).
    fn number(&mut self, what: (&'static str, &str), max: u8) -> Result<Option<u8>, BetzaError> {
        let start = self.pos;
        let mut value: u32 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.pos += 1;
            if self.pos - start > 2 || value > max as u32 {
                return Err(self
                    .error_at(
                        start,
                        "number-too-big",
                        format!("{} must be at most {max}", what.1),
                    )
                    .with("what", what.0)
                    .with("max", max));
            }
        }
        if self.pos == start {
            return Ok(None);
        }
        Ok(Some(value as u8))
    }

    /// `(x,y)` with the position at `(`.
    fn leap(&mut self) -> Result<(i8, i8), BetzaError> {
        let open = self.pos;
        self.pos += 1;
        let x = self.number(("leap-coordinate", "a leap coordinate"), MAX_RANGE)?;
        if self.peek() != Some(',') {
            return Err(self.error_at(
                self.pos,
                "leap-comma",
                "expected ',' in a leap like (4,1)".to_string(),
            ));
        }
        self.pos += 1;
        let y = self.number(("leap-coordinate", "a leap coordinate"), MAX_RANGE)?;
        if self.peek() != Some(')') {
            return Err(self.error_at(
                self.pos,
                "leap-close",
                "expected ')' to close the leap".to_string(),
            ));
        }
        self.pos += 1;
        match (x, y) {
            (Some(x), Some(y)) if x != 0 || y != 0 => Ok((x as i8, y as i8)),
            (Some(_), Some(_)) => {
                Err(self.error_at(open, "leap-nowhere", "the leap (0,0) goes nowhere".into()))
            }
            _ => Err(self.error_at(
                open,
                "leap-numbers",
                "a leap needs two numbers, like (4,1)".to_string(),
            )),
        }
    }

    fn atom(&mut self) -> Result<Atom, BetzaError> {
        let at = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.error_at(
                at,
                "expected-atom",
                "expected an atom such as W, N or (4,1)".to_string(),
            ));
        };
        let (bases, mut rider, doubling) = match c {
            'W' => (vec![(1, 0)], false, true),
            'F' => (vec![(1, 1)], false, true),
            'D' => (vec![(2, 0)], false, true),
            'A' => (vec![(2, 2)], false, true),
            'H' => (vec![(3, 0)], false, true),
            'G' => (vec![(3, 3)], false, true),
            'N' => (vec![(2, 1)], false, true),
            'C' => (vec![(3, 1)], false, true),
            'Z' => (vec![(3, 2)], false, true),
            'K' => (vec![(1, 0), (1, 1)], false, true),
            'R' => (vec![(1, 0)], true, false),
            'B' => (vec![(1, 1)], true, false),
            'Q' => (vec![(1, 0), (1, 1)], true, false),
            '(' => (Vec::new(), false, true),
            c if c.is_ascii_uppercase() => {
                return Err(self
                    .error_at(
                        at,
                        "unknown-atom",
                        format!("unknown atom '{c}' (atoms: W F D A H G N C Z K R B Q or (x,y))"),
                    )
                    .with("letter", c))
            }
            c if c.is_ascii_digit() => {
                return Err(self.error_at(
                    at,
                    "number-after-atom",
                    "a number must follow an atom".to_string(),
                ))
            }
            c => {
                return Err(self
                    .error_at(
                        at,
                        "unexpected",
                        format!("unexpected '{c}': expected an atom such as W, N or (4,1)"),
                    )
                    .with("letter", c))
            }
        };
        let mut bases = bases;
        if c == '(' {
            let leap = self.leap()?;
            bases.push(leap);
            // A doubled leap `(4,1)(4,1)` is its rider.
            if self.peek() == Some('(') {
                let save = self.pos;
                if let Ok(again) = self.leap() {
                    if again == leap {
                        rider = true;
                    } else {
                        self.pos = save;
                    }
                } else {
                    self.pos = save;
                }
            }
        } else {
            self.pos += 1;
            if doubling && self.peek() == Some(c) {
                rider = true;
                self.pos += 1;
            }
        }
        let range = self.number(("range", "a range"), MAX_RANGE)?;
        let simple = !rider && range.is_none() && bases.len() == 1;
        Ok(Atom {
            bases,
            rider,
            range,
            simple,
            pos: at,
        })
    }

    /// Whether `v` passes the absolute direction letters for an atom of this class.
    fn dirs_allow(
        &self,
        runs: &[Vec<(char, usize)>],
        class: Class,
        v: Vector,
    ) -> Result<bool, BetzaError> {
        if runs.is_empty() {
            return Ok(true);
        }
        let mut any = false;
        for run in runs {
            let mut i = 0;
            while i < run.len() {
                let (a, at) = run[i];
                let next = run.get(i + 1).copied();
                let pair = match next {
                    Some((b, _)) if a == b => {
                        if class != Class::Oblique || matches!(a, 'v' | 's') {
                            return Err(self
                                .error_at(
                                    at,
                                    "narrow-pair",
                                    format!(
                                        "'{a}{a}' is the narrow pair of an oblique atom (N C Z); \
                                     write '{a}' here"
                                    ),
                                )
                                .with("letter", a));
                        }
                        Some(b)
                    }
                    Some((b, _))
                        if class != Class::Orthogonal
                            && ((is_vertical_letter(a) && is_horizontal_letter(b))
                                || (is_horizontal_letter(a) && is_vertical_letter(b))) =>
                    {
                        Some(b)
                    }
                    _ => None,
                };
                let ok = match (class, pair) {
                    (Class::Orthogonal, _) => match a {
                        'f' | 'b' => v.dx == 0 && sign_ok(a, v.dy),
                        'l' | 'r' => v.dy == 0 && sign_ok(a, v.dx),
                        'v' => v.dx == 0,
                        _ => v.dy == 0, // s
                    },
                    (Class::Diagonal, None) => {
                        if is_vertical_letter(a) {
                            sign_ok(a, v.dy)
                        } else {
                            sign_ok(a, v.dx)
                        }
                    }
                    (Class::Diagonal, Some(b)) => {
                        let (vl, hl) = if is_vertical_letter(a) {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        sign_ok(vl, v.dy) && sign_ok(hl, v.dx)
                    }
                    (Class::Oblique, None) => match a {
                        'f' | 'b' => sign_ok(a, v.dy),
                        'l' | 'r' => sign_ok(a, v.dx),
                        _ => {
                            return Err(self
                                .error_at(
                                    at,
                                    "oblique-ambiguous",
                                    format!(
                                        "'{a}' alone on an oblique atom is ambiguous; write \
                                     'ff'/'bb' (narrow) or 'fs'/'bs' (wide) pairs"
                                    ),
                                )
                                .with("letter", a))
                        }
                    },
                    (Class::Oblique, Some(b)) if a == b => {
                        // Doubled: the longer axis points that way.
                        if is_vertical_letter(a) {
                            v.dy.abs() > v.dx.abs() && sign_ok(a, v.dy)
                        } else {
                            v.dx.abs() > v.dy.abs() && sign_ok(a, v.dx)
                        }
                    }
                    (Class::Oblique, Some(b)) => {
                        // First letter: the shorter axis; second: the longer axis.
                        if is_vertical_letter(a) {
                            v.dy.abs() < v.dx.abs() && sign_ok(a, v.dy) && sign_ok(b, v.dx)
                        } else {
                            v.dx.abs() < v.dy.abs() && sign_ok(a, v.dx) && sign_ok(b, v.dy)
                        }
                    }
                };
                any |= ok;
                i += if pair.is_some() { 2 } else { 1 };
            }
        }
        Ok(any)
    }

    /// Turns (in 45° steps, left positive) selected by a continuation's direction letters.
    fn turns(&self, runs: &[Vec<(char, usize)>], at_atom: usize) -> Result<Vec<i8>, BetzaError> {
        if runs.is_empty() {
            return Err(self.error_at(
                at_atom,
                "continuation-directions",
                "give the continuation's directions (e.g. 'fs'): all directions would include \
                 turning back over the start square, which is not supported"
                    .to_string(),
            ));
        }
        let mut out: Vec<i8> = Vec::new();
        for run in runs {
            let mut i = 0;
            while i < run.len() {
                let (a, at) = run[i];
                let pair = run.get(i + 1).map(|&(b, _)| b).filter(|&b| {
                    (is_vertical_letter(a) && is_horizontal_letter(b))
                        || (is_horizontal_letter(a) && is_vertical_letter(b))
                });
                let mut add: Vec<i8> = Vec::new();
                match pair {
                    None => match a {
                        'f' => add.push(0),
                        'l' => add.push(2),
                        'r' => add.push(-2),
                        's' => add.extend([2, -2]),
                        _ => {
                            return Err(self
                                .error_at(
                                    at,
                                    "turns-back",
                                    format!(
                                    "'{a}' in a continuation turns back toward the start square, \
                                     which is not supported"
                                ),
                                )
                                .with("directions", a))
                        }
                    },
                    Some(b) => {
                        let (vl, hl) = if is_vertical_letter(a) {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        if vl != 'f' {
                            return Err(self
                                .error_at(
                                    at,
                                    "turns-back",
                                    format!(
                                        "'{a}{b}' in a continuation turns back toward the start \
                                     square, which is not supported"
                                    ),
                                )
                                .with("directions", format!("{a}{b}")));
                        }
                        match hl {
                            'l' => add.push(1),
                            'r' => add.push(-1),
                            _ => add.extend([1, -1]),
                        }
                    }
                }
                for t in add {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
                i += if pair.is_some() { 2 } else { 1 };
            }
        }
        Ok(out)
    }

    /// One component: plain atom, standard bent form (`yafsF`) or VARIANTS form (`DyafsW`).
    fn component(&mut self) -> Result<(), BetzaError> {
        let start = self.pos;
        let mods = self.mods()?;
        if self.peek() == Some('a') {
            return self.bent_standard(mods, start);
        }
        if let Some(at) = mods.y {
            return Err(self.error_at(
                at,
                "y-needs-a",
                "'y' must be directly followed by 'a'".to_string(),
            ));
        }
        let atom = self.atom()?;
        if self.peek() == Some('y') && self.peek_at(1) == Some('a') {
            return self.bent_from_atom(mods, atom);
        }
        self.plain(mods, atom)
    }

    fn mode_of(&self, mods: &Mods) -> Result<Mode, BetzaError> {
        if let (Some(e), None) = (mods.e, mods.c) {
            return Err(self.error_at(
                e,
                "e-needs-c",
                "'e' needs 'c' as well ('fceF'): the engine has no e.p.-only capture".to_string(),
            ));
        }
        Ok(match (mods.m.is_some(), mods.c.is_some()) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::MoveOrCapture,
        })
    }

    fn plain(&mut self, mods: Mods, atom: Atom) -> Result<(), BetzaError> {
        let mode = self.mode_of(&mods)?;
        if let Some(i) = mods.i {
            if mode != Mode::MoveOnly {
                return Err(self.error_at(
                    i,
                    "i-needs-m",
                    "'i' (first move) needs 'm': the engine's first-move parts never capture"
                        .to_string(),
                ));
            }
        }
        // A written range: 0 = unlimited, 1 = a single leap.
        let (riding, max) = match atom.range {
            Some(0) => (true, None),
            Some(1) => (false, Some(1)),
            Some(n) => (true, Some(n)),
            None if atom.rider => (true, None),
            None => (false, Some(1)),
        };
        if let Some(p) = mods.p {
            if !riding || max.is_some() {
                return Err(self.error_at(
                    p,
                    "p-needs-rider",
                    "'p' (hop) needs an unlimited rider (R, B, Q, WW...): the engine's hop slides \
                     any distance before and after the screen"
                        .to_string(),
                ));
            }
            if let Some(n) = mods.n {
                return Err(self.error_at(
                    n,
                    "n-with-p",
                    "'n' cannot be combined with 'p'".to_string(),
                ));
            }
            if let Some(e) = mods.e {
                return Err(self.error_at(
                    e,
                    "e-with-p",
                    "'e' (e.p.) does not apply to a hop".to_string(),
                ));
            }
        }
        if let Some(n) = mods.n {
            if riding {
                return Err(self.error_at(
                    n,
                    "lame-rider",
                    "'n' (lame) applies only to single leaps: a lame rider cannot be expressed"
                        .to_string(),
                ));
            }
        }
        let mut produced = 0;
        for &(x, y) in &atom.bases {
            let class = class_of(x, y);
            if mods.n.is_some() && class == Class::Oblique {
                return Err(self.error_at(
                    mods.n.unwrap_or(atom.pos),
                    "lame-oblique",
                    "'n' (lame) on an oblique atom cannot be expressed: the engine has no bent \
                     leap"
                        .to_string(),
                ));
            }
            for v in images(x, y) {
                if !self.dirs_allow(&mods.dir_runs, class, v)? {
                    continue;
                }
                produced += 1;
                let geo = if mods.p.is_some() {
                    Geo::Hop { v }
                } else if mods.n.is_some() {
                    let k = v.dx.abs().max(v.dy.abs());
                    if k <= 1 {
                        Geo::Ride {
                            v,
                            min: 1,
                            max: Some(1),
                        }
                    } else {
                        let unit = Vector::new(v.dx.signum(), v.dy.signum());
                        Geo::Ride {
                            v: unit,
                            min: k as u8,
                            max: Some(k as u8),
                        }
                    }
                } else {
                    Geo::Ride { v, min: 1, max }
                };
                self.items.push(Item {
                    geo,
                    mode,
                    first_move_only: mods.i.is_some(),
                });
            }
        }
        if produced == 0 {
            return Err(self.error_at(
                atom.pos,
                "no-move-left",
                "the direction modifiers leave no move of this atom".to_string(),
            ));
        }
        if mode.can_capture() && mods.p.is_none() {
            self.ep_marks.push((mods.e.is_some(), atom.pos));
        }
        Ok(())
    }

    /// After the `a`: the continuation's modifiers and its atom (W or F).
    fn continuation(&mut self) -> Result<(Mods, Atom), BetzaError> {
        let mods2 = self.mods()?;
        if self.peek() == Some('a') {
            return Err(self
                .error_at(
                    self.pos,
                    "too-many-legs",
                    format!("at most {MAX_LEGS} legs are supported"),
                )
                .with("max", MAX_LEGS));
        }
        for (slot, letter) in [
            (mods2.p, 'p'),
            (mods2.n, 'n'),
            (mods2.i, 'i'),
            (mods2.e, 'e'),
            (mods2.y, 'y'),
        ] {
            if let Some(at) = slot {
                return Err(self
                    .error_at(
                        at,
                        "last-leg",
                        format!("'{letter}' is not supported in the last leg of a bent move"),
                    )
                    .with("letter", letter));
            }
        }
        let atom = self.atom()?;
        if !atom.simple {
            return Err(self.error_at(
                atom.pos,
                "bent-leg-range",
                "a bent move's legs are single atoms without range (it slides because of 'y')"
                    .to_string(),
            ));
        }
        Ok((mods2, atom))
    }

    /// Builds the bent items for first legs `firsts` and a continuation.
    fn push_bent(
        &mut self,
        firsts: &[Vector],
        mods2: &Mods,
        atom2: &Atom,
    ) -> Result<(), BetzaError> {
        let mode = self.mode_of(mods2)?;
        let turns = self.turns(&mods2.dir_runs, atom2.pos)?;
        if turns.len() > 4 {
            return Err(self.error_at(
                atom2.pos,
                "too-many-directions",
                "a continuation may have at most 4 directions".to_string(),
            ));
        }
        for &first in firsts {
            // Oblique first legs head along their longer axis.
            let heading = match first.dx.abs().cmp(&first.dy.abs()) {
                std::cmp::Ordering::Greater => (first.dx.signum(), 0),
                std::cmp::Ordering::Less => (0, first.dy.signum()),
                std::cmp::Ordering::Equal => (first.dx.signum(), first.dy.signum()),
            };
            let Some(index) = RING.iter().position(|&d| d == heading) else {
                continue;
            };
            let slides: Vec<Vector> = turns
                .iter()
                .map(|&t| {
                    let (dx, dy) = RING[(index as i8 + t).rem_euclid(8) as usize];
                    Vector::new(dx, dy)
                })
                .collect();
            self.items.push(Item {
                geo: Geo::Bent {
                    first,
                    slides,
                    stop: false,
                },
                mode,
                first_move_only: false,
            });
        }
        Ok(())
    }

    /// `yafsF`: first leg and continuation use the same unit atom; the corner is no stop.
    fn bent_standard(&mut self, mods1: Mods, start: usize) -> Result<(), BetzaError> {
        let a_at = self.pos;
        let Some(_) = mods1.y else {
            return Err(self.error_at(
                a_at,
                "leg-without-y",
                "a leg without 'y' continues with a single step, which the engine's bent moves \
                 cannot express (write 'yafsF' for a slide)"
                    .to_string(),
            ));
        };
        for &at in &mods1.others {
            if !matches!(self.chars.get(at), Some('y') | Some('m')) {
                return Err(self.error_at(
                    at,
                    "first-leg-directions",
                    "the first leg of a bent move may only have directions (its corner must be \
                     empty)"
                        .to_string(),
                ));
            }
        }
        self.pos += 1; // the 'a'
        let (mods2, atom2) = self.continuation()?;
        let (x, y) = atom2.bases.first().copied().unwrap_or((0, 0));
        if (x, y) != (1, 0) && (x, y) != (1, 1) {
            return Err(self.error_at(
                atom2.pos,
                "both-legs-w-or-f",
                "in this form both legs use the atom, so it must be W or F (for a longer first \
                 leg write it before 'ya', as in 'DyafsW')"
                    .to_string(),
            ));
        }
        let class = class_of(x, y);
        let mut firsts = Vec::new();
        for v in images(x, y) {
            if self.dirs_allow(&mods1.dir_runs, class, v)? {
                firsts.push(v);
            }
        }
        if firsts.is_empty() {
            return Err(self.error_at(
                start,
                "no-first-leg",
                "the directions leave no first leg".to_string(),
            ));
        }
        self.push_bent(&firsts, &mods2, &atom2)
    }

    /// `DyafsW`: the atom X is a move of its own and the first leg of the bent move.
    fn bent_from_atom(&mut self, mods1: Mods, atom1: Atom) -> Result<(), BetzaError> {
        if let Some(&at) = mods1.others.first() {
            return Err(self.error_at(
                at,
                "before-ya",
                "before 'XyaY' only direction modifiers are supported".to_string(),
            ));
        }
        let (x, y) =
            match (atom1.simple, atom1.bases.first()) {
                (true, Some(&b)) => b,
                _ => return Err(self.error_at(
                    atom1.pos,
                    "bent-start",
                    "a bent move starts from a single leap (W F D A H G, or (x,0), (x,x)), not a \
                     compound, rider or range"
                        .to_string(),
                )),
            };
        let class = class_of(x, y);
        let y_at = self.pos;
        self.pos += 2; // 'y', 'a'
        let (mods2, atom2) = self.continuation()?;
        // An oblique leap counts as going along its longer axis (Muller's convention).
        let want = if class != Class::Diagonal {
            (1, 0)
        } else {
            (1, 1)
        };
        if atom2.bases.first().copied() != Some(want) {
            let (class_key, class_words) = match class {
                Class::Orthogonal => ("orthogonal", "an orthogonal"),
                Class::Diagonal => ("diagonal", "a diagonal"),
                Class::Oblique => ("oblique", "an oblique"),
            };
            let atom_letter = if class == Class::Diagonal { 'F' } else { 'W' };
            return Err(self
                .error_at(
                    atom2.pos,
                    "continuation-atom",
                    format!(
                        "after {class_words} first leg the continuation atom must be \
                         '{atom_letter}' (its step turned by the directions)"
                    ),
                )
                .with("class", class_key)
                .with("atom", atom_letter));
        }
        let mut firsts = Vec::new();
        for v in images(x, y) {
            if self.dirs_allow(&mods1.dir_runs, class, v)? {
                firsts.push(v);
            }
        }
        if firsts.is_empty() {
            return Err(self.error_at(
                y_at,
                "no-first-leg",
                "the directions leave no first leg".to_string(),
            ));
        }
        // X itself (the corner as a destination), with the default mode.
        for &v in &firsts {
            self.items.push(Item {
                geo: Geo::Ride {
                    v,
                    min: 1,
                    max: Some(1),
                },
                mode: Mode::MoveOrCapture,
                first_move_only: false,
            });
        }
        self.ep_marks.push((false, atom1.pos));
        self.push_bent(&firsts, &mods2, &atom2)
    }

    /// Checks the e.p. rule, removes duplicates and groups the items into parts.
    fn finish(mut self) -> Result<CompiledPiece, BetzaError> {
        let ep = self.ep_marks.iter().any(|&(e, _)| e);
        if ep {
            // The engine's flag is per piece: it would turn every leap/slide capture into an
            // e.p. capture too, so each must say so.
            if let Some(&(_, at)) = self.ep_marks.iter().find(|&&(e, _)| !e) {
                return Err(self.error_at(
                    at,
                    "ep-all-or-none",
                    "this capture has no 'e' while another has: the engine lets a piece capture \
                     e.p. with all its leap and slide captures or none"
                        .to_string(),
                ));
            }
        }
        let items = normalize(std::mem::take(&mut self.items));
        Ok(CompiledPiece {
            parts: group(items),
            captures_en_passant: ep,
        })
    }
}

/// Whether ride `a` applies whenever ride `b` does (its mode includes `b`'s, and it is not
/// restricted to the first move unless `b` is).
fn dominates(a: (Mode, bool), b: (Mode, bool)) -> bool {
    let mode_ok = a.0 == b.0 || a.0 == Mode::MoveOrCapture;
    mode_ok && (!a.1 || b.1)
}

/// The distances along `x` that a ride along `y` reaches too, with no more empty squares
/// needed: `y` = m·`x` reaches distance m·j of `x` where it reaches distance j (`D` covers the
/// lame `nD`; a ride along the same vector covers its own distances).
fn covers(y: Vector, y_bits: u16, x: Vector) -> u16 {
    let multiple = (1..=MAX_RANGE as i8)
        .find(|&m| y.dx as i16 == m as i16 * x.dx as i16 && y.dy as i16 == m as i16 * x.dy as i16);
    let Some(m) = multiple else { return 0 };
    (1..=MAX_RANGE)
        .filter(|&j| y_bits & (1 << j) != 0)
        .filter_map(|j| j.checked_mul(m as u8).filter(|&d| d <= MAX_RANGE))
        .fold(0u16, |bits, d| bits | (1 << d))
}

/// Distances 1..=15 of a ride as bits (unlimited = all; no board is longer than 16).
fn range_bits(min: u8, max: Option<u8>) -> u16 {
    let hi = max.unwrap_or(MAX_RANGE).min(MAX_RANGE);
    (min.max(1)..=hi).fold(0u16, |bits, k| bits | (1 << k))
}

/// Removes moves given twice and turns a bent move into one that may stop on its corner when
/// the corner is also a plain leap with the same mode. Rides along one vector are kept as sets
/// of distances: distances another ride already covers (whenever it applies) are dropped, and
/// each run of distances becomes one ride (same path, so the same moves, each generated once).
fn normalize(items: Vec<Item>) -> Vec<Item> {
    let (rides, others, order) = group_rides(expand_straight_bents(items));
    let mut out = emit_in_order(&rides, &others, &order);
    absorb_corner_leaps(&mut out);
    out
}

/// A unit step continued straight on is a ride from distance 2 (`yafW`).
fn expand_straight_bents(items: Vec<Item>) -> Vec<Item> {
    let mut expanded: Vec<Item> = Vec::new();
    for item in items {
        match item.geo {
            Geo::Bent {
                first,
                mut slides,
                stop,
            } if first.dx.abs() <= 1 && first.dy.abs() <= 1 && slides.contains(&first) => {
                slides.retain(|&s| s != first);
                expanded.push(Item {
                    geo: Geo::Ride {
                        v: first,
                        min: if stop { 1 } else { 2 },
                        max: None,
                    },
                    mode: item.mode,
                    first_move_only: item.first_move_only,
                });
                if !slides.is_empty() {
                    expanded.push(Item {
                        geo: Geo::Bent {
                            first,
                            slides,
                            stop,
                        },
                        ..item
                    });
                }
            }
            _ => expanded.push(item),
        }
    }
    expanded
}

/// Per (vector, mode, first move): the distances it rides, as bits.
type RideKey = (Vector, Mode, bool, u16);

/// Where an item goes in the output: `Ok` a ride key, `Err` another item.
type Slot = Result<usize, usize>;

/// The rides merged by key, the other items deduplicated, and the order of first appearance.
fn group_rides(expanded: Vec<Item>) -> (Vec<RideKey>, Vec<Item>, Vec<Slot>) {
    let mut rides: Vec<RideKey> = Vec::new();
    let mut others: Vec<Item> = Vec::new();
    let mut order: Vec<Slot> = Vec::new();
    for item in expanded {
        match item.geo {
            Geo::Ride { v, min, max } => {
                let bits = range_bits(min, max);
                match rides
                    .iter_mut()
                    .position(|r| r.0 == v && r.1 == item.mode && r.2 == item.first_move_only)
                {
                    Some(k) => rides[k].3 |= bits,
                    None => {
                        rides.push((v, item.mode, item.first_move_only, bits));
                        order.push(Ok(rides.len() - 1));
                    }
                }
            }
            _ => {
                if !others.contains(&item) {
                    others.push(item);
                    order.push(Err(others.len() - 1));
                }
            }
        }
    }
    (rides, others, order)
}

/// The items in `order`; each ride without the distances other rides already cover, as one
/// ride per run of distances.
fn emit_in_order(rides: &[RideKey], others: &[Item], order: &[Slot]) -> Vec<Item> {
    let covered: Vec<u16> = rides
        .iter()
        .enumerate()
        .map(|(k, x)| {
            rides
                .iter()
                .enumerate()
                .filter(|&(j, y)| j != k && dominates((y.1, y.2), (x.1, x.2)))
                .fold(0u16, |bits, (_, y)| bits | covers(y.0, y.3, x.0))
        })
        .collect();
    let mut out: Vec<Item> = Vec::new();
    for entry in order {
        match *entry {
            Err(k) => {
                if let Some(item) = others.get(k) {
                    out.push(item.clone());
                }
            }
            Ok(k) => {
                let (Some(&(v, mode, fmo, bits)), Some(&cover)) = (rides.get(k), covered.get(k))
                else {
                    continue;
                };
                push_distance_runs(&mut out, (v, mode, fmo), bits & !cover);
            }
        }
    }
    out
}

/// One ride per run of set distance bits; a run to 15 is unlimited.
fn push_distance_runs(out: &mut Vec<Item>, (v, mode, fmo): (Vector, Mode, bool), bits: u16) {
    let mut d = 1u8;
    while d <= MAX_RANGE {
        if bits & (1 << d) == 0 {
            d += 1;
            continue;
        }
        let lo = d;
        while d <= MAX_RANGE && bits & (1 << d) != 0 {
            d += 1;
        }
        let hi = d - 1;
        out.push(Item {
            geo: Geo::Ride {
                v,
                min: lo,
                max: if hi == MAX_RANGE { None } else { Some(hi) },
            },
            mode,
            first_move_only: fmo,
        });
    }
}

/// Corner leaps absorbed into the bent move (same generated moves, one generator).
fn absorb_corner_leaps(out: &mut Vec<Item>) {
    let mut i = 0;
    while i < out.len() {
        let (first, mode, fmo) = match &out[i].geo {
            Geo::Bent {
                first, stop: false, ..
            } => (*first, out[i].mode, out[i].first_move_only),
            _ => {
                i += 1;
                continue;
            }
        };
        let leap = out.iter().position(|o| {
            o.mode == mode
                && o.first_move_only == fmo
                && o.geo
                    == Geo::Ride {
                        v: first,
                        min: 1,
                        max: Some(1),
                    }
        });
        if let Some(j) = leap {
            if let Geo::Bent { stop, .. } = &mut out[i].geo {
                *stop = true;
            }
            out.remove(j);
            if j < i {
                i -= 1;
            }
        }
        i += 1;
    }
}

/// The grouping key of an item: everything but its vector.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Ride { min: u8, max: Option<u8> },
    Hop,
    Bent { stop: bool },
}

fn group(items: Vec<Item>) -> Vec<MovePart> {
    let mut groups: Vec<(Key, Mode, bool, Vec<Geo>)> = Vec::new();
    for item in items {
        let key = match &item.geo {
            Geo::Ride { min, max, .. } => Key::Ride {
                min: *min,
                max: *max,
            },
            Geo::Hop { .. } => Key::Hop,
            Geo::Bent { stop, .. } => Key::Bent { stop: *stop },
        };
        match groups
            .iter_mut()
            .find(|g| g.0 == key && g.1 == item.mode && g.2 == item.first_move_only)
        {
            Some(g) => g.3.push(item.geo),
            None => groups.push((key, item.mode, item.first_move_only, vec![item.geo])),
        }
    }
    groups
        .into_iter()
        .map(|(key, mode, first_move_only, geos)| {
            let vectors = || -> Vec<Vector> {
                geos.iter()
                    .filter_map(|g| match g {
                        Geo::Ride { v, .. } | Geo::Hop { v } => Some(*v),
                        Geo::Bent { .. } => None,
                    })
                    .collect()
            };
            let shape = match key {
                Key::Ride {
                    min: 1,
                    max: Some(1),
                } => Shape::Leap { vectors: vectors() },
                Key::Ride { min, max } => Shape::Ride {
                    vectors: vectors(),
                    min,
                    max,
                    odd_only: false,
                },
                Key::Hop => Shape::Hop { vectors: vectors() },
                Key::Bent { stop } => Shape::Bent {
                    legs: geos
                        .iter()
                        .filter_map(|g| match g {
                            Geo::Bent { first, slides, .. } => Some(BentLeg {
                                first: *first,
                                slides: slides.clone(),
                            }),
                            _ => None,
                        })
                        .collect(),
                    may_stop: stop,
                },
            };
            MovePart {
                shape,
                mode,
                first_move_only,
                promoting: false,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(part: &MovePart) -> Vec<(i8, i8)> {
        let mut out: Vec<(i8, i8)> = match &part.shape {
            Shape::Leap { vectors } | Shape::Ride { vectors, .. } | Shape::Hop { vectors } => {
                vectors.iter().map(|v| (v.dx, v.dy)).collect()
            }
            Shape::Bent { legs, .. } => legs.iter().map(|l| (l.first.dx, l.first.dy)).collect(),
        };
        out.sort();
        out
    }

    #[test]
    fn knight_directions() {
        let one = |s: &str| vectors(&compile(s).unwrap().parts[0]);
        assert_eq!(one("N").len(), 8);
        assert_eq!(one("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(one("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(one("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(one("frN"), vec![(2, 1)]);
        assert_eq!(one("rfN"), vec![(1, 2)]);
        assert_eq!(one("rvN"), vec![(1, -2), (1, 2)]);
    }
}
