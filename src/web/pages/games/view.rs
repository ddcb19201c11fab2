//! What the game page draws: the board (from the viewer's side, with the last move and a
//! King in check marked), the legal moves for board.js, the legend. Pure functions of the
//! position, so they are tested without a server.

use plypost_board::{render_board, BoardView, Highlight, PieceView};
use plypost_rules::{Color, Move, Piece, Position, Special, Square};
use serde::Serialize;

/// The board's index of a square: `(rank) * width + file`, from a1.
fn board_index(sq: Square, width: u8) -> usize {
    usize::from(sq.rank()) * usize::from(width) + usize::from(sq.file())
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn piece_title(p: &Piece) -> String {
    match p.promotion_target {
        Some(target) => format!(
            "{} {} (promotes to {})",
            color_word(p.color),
            p.name(),
            target.name
        ),
        None => format!("{} {}", color_word(p.color), p.name()),
    }
}

fn piece_view(p: &Piece) -> PieceView {
    let mut view = PieceView::new(p.image(), p.color == Color::White, &piece_title(p));
    // A GraTiA Pawn shows what it will become.
    view.badge = p.promotion_target.map(|t| t.letter.clone());
    view
}

/// Every square of the board, 0-based (file, rank) → `Square`.
fn squares(position: &Position) -> impl Iterator<Item = Square> {
    let (w, h) = (position.variant().width(), position.variant().height());
    (0..h).flat_map(move |r| (0..w).filter_map(move |f| Square::new(f, r)))
}

/// Reads the two squares of a compact move text (`h2h4`, `d15d16q`).
pub fn compact_squares(compact: &str) -> Option<(Square, Square)> {
    let (from, rest) = Square::parse_prefix(compact)?;
    let (to, _) = Square::parse_prefix(rest)?;
    Some((from, to))
}

/// The board as inline SVG, from `flipped` (Black's) side if asked.
pub fn board_svg(position: &Position, flipped: bool, last: Option<(Square, Square)>) -> String {
    let variant = position.variant();
    let width = variant.width();
    let mut view = BoardView::new(width, variant.height());
    view.flipped = flipped;
    for sq in squares(position) {
        if let Some(p) = position.piece_at(sq) {
            if let Some(slot) = view.squares.get_mut(board_index(sq, width)) {
                *slot = Some(piece_view(&p));
            }
        }
    }
    if let Some((from, to)) = last {
        view.highlights
            .push((board_index(from, width), Highlight::LastFrom));
        view.highlights
            .push((board_index(to, width), Highlight::LastTo));
    }
    if position.is_check() {
        if let Some(king) = position.king_square(position.side_to_move()) {
            view.highlights
                .push((board_index(king, width), Highlight::Check));
        }
    }
    render_board(&view)
}

#[derive(Serialize)]
struct ChangedPiece {
    image: String,
    white: bool,
    title: String,
}

#[derive(Serialize)]
struct LegalMove {
    from: String,
    to: String,
    text: String,
    promo: Option<String>,
    #[serde(rename = "promoName")]
    promo_name: Option<String>,
    changes: Vec<(String, Option<ChangedPiece>)>,
}

type PieceKey = (Color, usize, Option<usize>);

fn key(p: &Piece) -> PieceKey {
    (
        p.color,
        p.kind.id.index(),
        p.promotion_target.map(|t| t.id.index()),
    )
}

/// The legal moves as board.js reads them, each with the exact squares it changes (found by
/// comparing the touched squares before and after, so castling, e.p. and promotion come out
/// right).
pub fn legal_moves_json(position: &Position) -> String {
    let variant = position.variant();
    let moves: Vec<LegalMove> = position
        .legal_moves()
        .iter()
        .map(|mv: &Move| {
            // The move comes from `legal_moves`: no second legality test.
            let after = position.play_unchecked(mv);
            // A move only touches its own squares, the castling Rook's and an e.p. victim's;
            // comparing those (not the whole board) keeps a 16x16 page cheap.
            let mut touched = vec![mv.from(), mv.to()];
            match mv.special() {
                Special::Castle { rook_from, rook_to } => touched.extend([rook_from, rook_to]),
                Special::EnPassant { victim } => touched.push(victim),
                _ => {}
            }
            touched.sort();
            touched.dedup();
            let changes = touched
                .into_iter()
                .filter_map(|sq| {
                    let old = position.piece_at(sq).map(|p| key(&p));
                    let new = after.piece_at(sq);
                    if new.as_ref().map(key) == old {
                        return None;
                    }
                    Some((
                        sq.to_string(),
                        new.map(|p| ChangedPiece {
                            image: p.image().to_owned(),
                            white: p.color == Color::White,
                            title: piece_title(&p),
                        }),
                    ))
                })
                .collect();
            let promo = mv.promotion().map(|k| variant.kind(k));
            LegalMove {
                from: mv.from().to_string(),
                to: mv.to().to_string(),
                text: position.move_text(mv),
                promo: promo.map(|k| k.letter.clone()),
                promo_name: promo.map(|k| k.name.clone()),
                changes,
            }
        })
        .collect();
    script_json(&serde_json::to_string(&moves).unwrap_or_else(|_| "[]".to_owned()))
}

/// JSON made safe inside `<script type="application/json">`: no `</script>` or `<!--`.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// One row of the legend.
pub struct LegendRow {
    pub icon: String,
    pub name: String,
    pub letter: String,
    pub description: String,
    pub value: Option<String>,
    /// The movement in XBetza, or why not and the native text.
    pub notation: crate::web::pages::presets_view::Notation,
}

/// The variant's pieces with their names and moves. Icons use the page's sprite.
pub fn legend(position: &Position) -> Vec<LegendRow> {
    position
        .variant()
        .pieces()
        .iter()
        .map(|kind| {
            let title = plypost_board::escape(&kind.name);
            let icon = match plypost_board::canonical_image(&kind.image) {
                Some(name) => format!(
                    "<svg class=\"pp-icon\" viewBox=\"0 0 100 100\" width=\"36\" height=\"36\" \
                     role=\"img\" aria-label=\"{title}\"><title>{title}</title>\
                     <use class=\"pcw\" href=\"#pc-{name}\" width=\"100\" height=\"100\"/></svg>"
                ),
                None => plypost_board::piece_icon(&kind.image, true, &kind.name, 36),
            };
            LegendRow {
                icon,
                name: kind.name.clone(),
                letter: kind.letter.clone(),
                description: kind.description.clone(),
                value: kind.value.map(|v| format!("{v}")),
                notation: crate::web::pages::presets_view::notation(kind),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::Variant;

    #[test]
    fn compact_moves_are_read() {
        let (from, to) = compact_squares("h2h4").unwrap();
        assert_eq!(
            (from.to_string(), to.to_string()),
            ("h2".into(), "h4".into())
        );
        let (from, to) = compact_squares("d15d16q").unwrap();
        assert_eq!(
            (from.to_string(), to.to_string()),
            ("d15".into(), "d16".into())
        );
        assert!(compact_squares("zz").is_none());
        assert!(compact_squares("").is_none());
    }

    #[test]
    fn castling_changes_four_squares() {
        let chess = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let json = legal_moves_json(&pos);
        let moves: serde_json::Value = serde_json::from_str(&json).unwrap();
        let castle = moves
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["from"] == "e1" && m["to"] == "g1")
            .expect("castling move");
        assert_eq!(castle["changes"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn black_sees_its_side_and_check_is_marked() {
        let chess = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R b - - 0 1").unwrap();
        let svg = board_svg(&pos, true, compact_squares("h2h1"));
        assert!(svg.contains("data-flipped=\"true\""));
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4R2K b - - 0 1").unwrap();
        assert!(board_svg(&pos, false, None).contains("hl-check"));
    }

    #[test]
    fn json_cannot_close_the_script() {
        assert_eq!(script_json("\"</script>\""), "\"\\u003c/script\\u003e\"");
    }
}
