//! plypost-board: SVG boards, piece images and move diagrams. No IO.
//!
//! * [`sprite`] — a hidden `<svg>` holding one `<symbol id="pc-NAME">` per piece image; include
//!   it once per page that shows boards or icons made with `<use>`.
//! * [`render_board`] — an inline, self-styled `<svg>` of a position.
//! * [`piece_icon`] / [`standalone_svg`] — self-contained images of one piece.
//! * [`render_move_diagram`] / [`text_diagram`] — piece move diagrams and plain-text boards.
#![forbid(unsafe_code)]

mod board;
mod diagram;
mod pieces;
mod svg;

pub use board::{render_board, BoardView, Highlight, PieceView, DEFAULT_DARK, DEFAULT_LIGHT};
pub use diagram::{mark_icon, render_move_diagram, text_diagram, text_diagram_tokens, Mark};
pub use pieces::{
    canonical_image, has_image, image_names, piece_icon, sprite, standalone_svg, ALIASES,
};
pub use svg::escape;

/// The name of the square at `index` (from a1, row by row) on a board `width` files wide:
/// `square_name(17, 16) == "b2"`. Files past `z` are written as numbers in brackets.
pub fn square_name(index: usize, width: u8) -> String {
    let w = usize::from(width.max(1));
    format!("{}{}", file_name(index % w), index / w + 1)
}

pub(crate) fn file_name(file: usize) -> String {
    match u8::try_from(file) {
        Ok(f) if f < 26 => char::from(b'a' + f).to_string(),
        _ => format!("({})", file + 1),
    }
}
