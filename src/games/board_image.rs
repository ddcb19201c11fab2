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

/// Width in pixels of a mailed board `files` wide (its height follows the board's shape):
/// 48 pixels a file, at least 480 and at most 768, so that a 16 x 16 board keeps readable
/// squares and coordinates.
pub fn mail_board_px(files: u8) -> u32 {
    (u32::from(files) * 48).clamp(480, 768)
}

/// The board picture of a mail, rendered when the mail is sent and attached inline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailPicture {
    /// A game after `ply` plies.
    Game {
        game: GameId,
        ply: i64,
        black_view: bool,
    },
    /// The start position of a challenge's game.
    Challenge {
        challenge: ChallengeId,
        black_view: bool,
    },
}

impl MailPicture {
    /// How the outbox keeps it: `game:12:31:b`, `challenge:7:w`.
    pub fn to_key(self) -> String {
        let side = |black: bool| if black { "b" } else { "w" };
        match self {
            MailPicture::Game {
                game,
                ply,
                black_view,
            } => format!("game:{}:{ply}:{}", game.0, side(black_view)),
            MailPicture::Challenge {
                challenge,
                black_view,
            } => format!("challenge:{}:{}", challenge.0, side(black_view)),
        }
    }

    /// The picture a key names; `None` for a key this version does not write.
    pub fn from_key(key: &str) -> Option<Self> {
        let parts: Vec<&str> = key.split(':').collect();
        let black = |s: &str| match s {
            "b" => Some(true),
            "w" => Some(false),
            _ => None,
        };
        match parts.as_slice() {
            ["game", game, ply, side] => Some(MailPicture::Game {
                game: GameId(game.parse().ok()?),
                ply: ply.parse().ok()?,
                black_view: black(side)?,
            }),
            ["challenge", id, side] => Some(MailPicture::Challenge {
                challenge: ChallengeId(id.parse().ok()?),
                black_view: black(side)?,
            }),
            _ => None,
        }
    }

    /// The PNG, drawn now from the stored game or challenge.
    pub fn render(self, conn: &mut DbConn) -> Result<Vec<u8>, GameError> {
        match self {
            MailPicture::Game {
                game,
                ply,
                black_view,
            } => {
                let (position, last) = position_at(conn, game, ply)?;
                png(&position, black_view, last)
            }
            MailPicture::Challenge {
                challenge,
                black_view,
            } => {
                let (start, _) = challenge_start(conn, challenge)?;
                png(&start, black_view, None)
            }
        }
    }
}

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
    view.coordinates = true;
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

/// The board as a PNG [`mail_board_px`] wide, with its coordinates.
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
    let width = mail_board_px(position.variant().width());
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).ceil() as u32;
    let mut pixmap = tiny_skia::Pixmap::new(width, height.max(1))
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
        assert_eq!(decoded.width(), mail_board_px(8));
        // a3 (White's view: third from the bottom, right of the rank numbers and above the
        // file letters) is an empty dark square: its centre has the dark colour #b98b5e.
        let unit = f64::from(decoded.width()) / (38.0 + 800.0 + 6.0);
        let (x, y) = (
            (38.0 + 50.0) * unit,
            f64::from(decoded.height()) - (38.0 + 250.0) * unit,
        );
        let centre = decoded.pixel(x as u32, y as u32).unwrap();
        assert_eq!(
            (centre.red(), centre.green(), centre.blue()),
            (0xb9, 0x8b, 0x5e)
        );
        // The coordinates are drawn: dark pixels in the margin under the a-file.
        let margin_dark = (0..decoded.height())
            .filter(|y| f64::from(*y) > f64::from(decoded.height()) - 30.0 * unit)
            .flat_map(|y| (0..decoded.width()).map(move |x| (x, y)))
            .filter_map(|(x, y)| decoded.pixel(x, y))
            .filter(|p| p.alpha() > 0 && p.red() < 0x80)
            .count();
        assert!(margin_dark > 20, "file letters drawn: {margin_dark}");
        // Terachess II, 16 x 16, from Black's side: wider.
        let tc2 = Variant::builtin("terachess2").unwrap();
        let big = png(&Position::start(&tc2), true, None).unwrap();
        let big = tiny_skia::Pixmap::decode_png(&big).unwrap();
        assert_eq!(big.width(), 768);
        let key = MailPicture::Game {
            game: GameId(12),
            ply: 31,
            black_view: true,
        };
        assert_eq!(MailPicture::from_key(&key.to_key()), Some(key));
        assert_eq!(MailPicture::from_key("game:x:1:b"), None);
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
