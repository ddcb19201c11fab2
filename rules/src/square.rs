//! Squares and colours.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The largest board side the engine supports.
pub const MAX_SIDE: u8 = 16;
/// The smallest board side the engine supports.
pub const MIN_SIDE: u8 = 5;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The other side.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (array index).
    pub fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// +1 for White (moves up the board), -1 for Black.
    pub fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A square of a board of up to 16 x 16: file `a`..`p`, rank `1`..`16`.
/// Internally `rank * 16 + file` (both 0-based), whatever the board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square at 0-based `file` and `rank`, if both are below 16.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }

    pub(crate) const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// 0-based file (`a` = 0).
    pub fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// 0-based rank (rank `1` = 0).
    pub fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// The internal index `rank * 16 + file`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The file letter (`a`..`p`).
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Moves by (dx, dy) if the result stays inside a board of `width` x `height`.
    pub(crate) fn offset(self, dx: i32, dy: i32, width: u8, height: u8) -> Option<Square> {
        let file = self.file() as i32 + dx;
        let rank = self.rank() as i32 + dy;
        if file >= 0 && rank >= 0 && file < width as i32 && rank < height as i32 {
            Some(Square((rank * MAX_SIDE as i32 + file) as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("a square is a file letter a..p followed by a rank 1..16, not '{0}'")]
    Malformed(String),
}

/// Parses a square name at the start of `bytes`: returns the square and the number of
/// bytes used. A rank is one or two digits; two digits are taken only if they form 10..16.
pub(crate) fn parse_square_prefix(bytes: &[u8]) -> Option<(Square, usize)> {
    let file = *bytes.first()?;
    if !(b'a'..=b'p').contains(&file) {
        return None;
    }
    let d1 = *bytes.get(1)?;
    if !d1.is_ascii_digit() || d1 == b'0' {
        return None;
    }
    let mut rank = (d1 - b'0') as u32;
    let mut used = 2;
    if let Some(&d2) = bytes.get(2) {
        if d2.is_ascii_digit() && rank * 10 + (d2 - b'0') as u32 <= 16 {
            rank = rank * 10 + (d2 - b'0') as u32;
            used = 3;
        }
    }
    Square::new(file - b'a', (rank - 1) as u8).map(|sq| (sq, used))
}

impl Square {
    /// Reads a square name at the start of `text` (`"d15d16q"` gives d15 and `"d16q"`); the
    /// rank rule is that of [`FromStr`]. The one square parser, public so that other crates
    /// need no copy of it.
    pub fn parse_prefix(text: &str) -> Option<(Square, &str)> {
        let (sq, used) = parse_square_prefix(text.as_bytes())?;
        // `used` bytes are ASCII, so this is a char boundary.
        Some((sq, text.get(used..)?))
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        match parse_square_prefix(s.as_bytes()) {
            Some((sq, used)) if used == s.len() => Ok(sq),
            _ => Err(SquareError::Malformed(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_prefix_returns_the_rest() {
        let d15 = Square::new(3, 14);
        assert_eq!(Square::parse_prefix("d15d16q"), d15.map(|s| (s, "d16q")));
        assert_eq!(
            Square::parse_prefix("p16"),
            Square::new(15, 15).map(|s| (s, ""))
        );
        // Two digits only when they make 10..16: "a17" is a1, then "7".
        assert_eq!(
            Square::parse_prefix("a17"),
            Square::new(0, 0).map(|s| (s, "7"))
        );
        for bad in ["", "a", "a0", "q1", "A1", "é1", "1a"] {
            assert_eq!(Square::parse_prefix(bad), None, "{bad}");
        }
    }

    #[test]
    fn from_str_takes_whole_names_only() {
        assert_eq!("b2".parse::<Square>().ok(), Square::new(1, 1));
        assert_eq!("p16".parse::<Square>().ok(), Square::new(15, 15));
        for bad in ["", "a", "a0", "q1", "a17", "A1", "a01", "a1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
