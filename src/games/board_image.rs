//! The board as a PNG, for the HTML part of game mails: the drawing of the game page's board
//! (the same piece images, colours and last-move tint) made self-contained and rasterized
//! with resvg.

use plypost_board::{render_board_image, BoardView, Highlight, PieceView};
use plypost_rules::{Color, Position, Square};

use diesel::prelude::*;

use super::model::{ChallengeRow, GameRow};
use super::GameError;
use crate::db::schema::{challenges, game_moves, preset_versions};
use crate::db::{ChallengeId, DbConn, GameId};
use crate::presets::model::PresetVersionRow;

/// The position of `game` after `ply` plies (clamped to the game's length) and the squares of
/// the move that led there.
pub fn position_at(
    conn: &mut DbConn,
    game: GameId,
    ply: i64,
) -> Result<(Position, Option<(Square, Square)>), GameError> {
    let row = GameRow::load(conn, game)?;
    let rules = crate::presets::rules::load(conn, row.preset_version_id)?;
    position_of(conn, &row, &rules.variant, ply)
}

/// As [`position_at`], for a game row and its variant already read.
pub fn position_of(
    conn: &mut DbConn,
    row: &GameRow,
    variant: &plypost_rules::Variant,
    ply: i64,
) -> Result<(Position, Option<(Square, Square)>), GameError> {
    let game = row.id;
    let ply = ply.clamp(0, row.ply);
    let (fen, compact) = if ply == 0 {
        (row.start_fen.clone(), None)
    } else {
        let (fen, compact): (String, String) = game_moves::table
            .filter(game_moves::game_id.eq(game))
            .filter(game_moves::ply.eq(ply))
            .select((game_moves::fen_after, game_moves::compact))
            .first(conn)?;
        (fen, Some(compact))
    };
    let position = Position::from_fen(variant, &fen)
        .map_err(|e| GameError::Corrupt(format!("game {game} at ply {ply}: {e}")))?;
    Ok((position, compact.as_deref().and_then(compact_squares)))
}

/// The start position of a challenge's game and its setup's name: the setup it asked for, or
/// the preset's default (also when it asked for a random one, which is drawn only when the
/// game starts).
pub fn challenge_start(
    conn: &mut DbConn,
    id: ChallengeId,
) -> Result<(Position, Option<String>), GameError> {
    let challenge: ChallengeRow = challenges::table
        .find(id)
        .select(ChallengeRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(GameError::ChallengeNotFound)?;
    let version: PresetVersionRow = preset_versions::table
        .find(challenge.preset_version_id)
        .select(PresetVersionRow::as_select())
        .first(conn)?;
    let rules = crate::presets::rules::load(conn, version.id)?;
    let listed = crate::presets::setups::decode(&version.setups);
    let choice = challenge
        .setup_choice
        .as_deref()
        .filter(|c| *c != crate::presets::setups::RANDOM);
    let (fen, name) = crate::presets::setups::resolve(&listed, &version.setup_fen, choice);
    let start = Position::from_fen(&rules.variant, &fen)
        .map_err(|e| GameError::Corrupt(format!("challenge {id}: {e}")))?;
    Ok((start, name))
}

/// Where the piece on `square` could go if its side were to move now: for the pieces of the
/// side not to move, which a player taps to see what they threaten. Empty when there is no
/// piece there, or when that position is not one (the side to move is in check).
pub fn reach(position: &Position, square: Square) -> Vec<Square> {
    let Some(piece) = position.piece_at(square) else {
        return Vec::new();
    };
    let mut fields: Vec<String> = position.to_fen().split(' ').map(str::to_owned).collect();
    if piece.color != position.side_to_move() && fields.len() >= 4 {
        fields[1] = match piece.color {
            Color::White => "w".to_owned(),
            Color::Black => "b".to_owned(),
        };
        // No e.p. right carries over to a side that did not just get it.
        fields[3] = "-".to_owned();
    }
    let Ok(turned) = Position::from_fen(position.variant(), &fields.join(" ")) else {
        return Vec::new();
    };
    let mut out: Vec<Square> = turned
        .legal_moves()
        .iter()
        .filter(|m| m.from() == square)
        .map(|m| m.to())
        .collect();
    out.sort_by_key(|sq| (sq.rank(), sq.file()));
    out.dedup();
    out
}

/// Width in pixels of a mailed board (its height follows the board's shape).
pub const MAIL_BOARD_PX: u32 = 480;

/// The two squares of a compact move text (`h2h4`, `d15d16q`).
pub fn compact_squares(compact: &str) -> Option<(Square, Square)> {
    let (from, rest) = Square::parse_prefix(compact)?;
    let (to, _) = Square::parse_prefix(rest)?;
    Some((from, to))
}

fn index(sq: Square, width: u8) -> usize {
    usize::from(sq.rank()) * usize::from(width) + usize::from(sq.file())
}

/// The board from `black_view`'s side with the last move tinted.
pub fn board_view(
    position: &Position,
    black_view: bool,
    last: Option<(Square, Square)>,
) -> BoardView {
    let variant = position.variant();
    let (width, height) = (variant.width(), variant.height());
    let mut view = BoardView::new(width, height);
    view.flipped = black_view;
    view.coordinates = false;
    for rank in 0..height {
        for file in 0..width {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            if let Some(p) = position.piece_at(sq) {
                if let Some(slot) = view.squares.get_mut(index(sq, width)) {
                    let white = p.color == Color::White;
                    let title = format!("{} {}", p.color, p.name());
                    *slot = Some(PieceView::new(p.image(), white, &title));
                }
            }
        }
    }
    if let Some((from, to)) = last {
        view.highlights
            .push((index(from, width), Highlight::LastFrom));
        view.highlights.push((index(to, width), Highlight::LastTo));
    }
    view
}

/// The board as a PNG `MAIL_BOARD_PX` wide.
pub fn png(
    position: &Position,
    black_view: bool,
    last: Option<(Square, Square)>,
) -> Result<Vec<u8>, GameError> {
    let svg = render_board_image(&board_view(position, black_view, last));
    let options = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(&svg, &options)
        .map_err(|e| GameError::Corrupt(format!("board image: {e}")))?;
    let size = tree.size();
    let scale = MAIL_BOARD_PX as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = tiny_skia::Pixmap::new(MAIL_BOARD_PX, height.max(1))
        .ok_or_else(|| GameError::Corrupt("board image: empty".to_owned()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| GameError::Corrupt(format!("board image: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::Variant;

    #[test]
    fn a_board_becomes_a_png_of_the_board() {
        let chess = Variant::builtin("chess").unwrap();
        let start = Position::start(&chess);
        let e2 = Square::new(4, 1).unwrap();
        let e4 = Square::new(4, 3).unwrap();
        let bytes = png(&start, false, Some((e2, e4))).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        assert_eq!(decoded.width(), MAIL_BOARD_PX);
        // a1 (bottom left, White's view) is a dark square under a White Rook's base: the
        // pixel at its corner has the dark square colour #b98b5e.
        let corner = decoded.pixel(2, decoded.height() - 3).unwrap();
        assert_eq!(
            (corner.red(), corner.green(), corner.blue()),
            (0xb9, 0x8b, 0x5e)
        );
        // Terachess II, 16 x 16, from Black's side.
        let tc2 = Variant::builtin("terachess2").unwrap();
        assert!(png(&Position::start(&tc2), true, None).is_ok());
        assert_eq!(
            compact_squares("d15d16q"),
            Some((Square::new(3, 14).unwrap(), Square::new(3, 15).unwrap()))
        );
    }

    #[test]
    fn the_side_not_to_move_shows_its_reach() {
        let chess = Variant::builtin("chess").unwrap();
        let start = Position::start(&chess);
        let sq = |name: &str| name.parse::<Square>().unwrap();
        // White to move: Black's Knight on g8 would go to f6 or h6.
        assert_eq!(reach(&start, sq("g8")), vec![sq("f6"), sq("h6")]);
        assert_eq!(reach(&start, sq("g1")), vec![sq("f3"), sq("h3")]);
        assert!(reach(&start, sq("e4")).is_empty());
        // Black in check: turning the move over would not be a position.
        let check = Position::from_fen(&chess, "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").unwrap();
        assert!(reach(&check, sq("e2")).is_empty());
    }
}
