//! What the game page draws: the board (from the viewer's side, with the last move and a
//! King in check marked), the legal moves for board.js, the legend. Pure functions of the
//! position, so they are tested without a server.

use plypost_board::{render_board, BoardView, Highlight, PieceView};
use plypost_rules::{Color, Move, Piece, Position, Special, Square};
use serde::Serialize;

use crate::i18n::Lang;

/// The board's index of a square: `(rank) * width + file`, from a1.
fn board_index(sq: Square, width: u8) -> usize {
    usize::from(sq.rank()) * usize::from(width) + usize::from(sq.file())
}

/// "White" or "Black" in `lang`.
fn color_word(lang: &Lang, color: Color) -> String {
    lang.t(match color {
        Color::White => "game-white",
        Color::Black => "game-black",
    })
}

fn side_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// "White Eagle (G)": the name a tap on the piece announces, and its tooltip, in `lang`.
fn piece_title(lang: &Lang, p: &Piece) -> String {
    match p.promotion_target {
        Some(target) => lang.t_args(
            "games-piece-title-promotes",
            &[
                ("side", &side_key(p.color)),
                ("piece", &crate::i18n::piece_name(lang, p.name())),
                ("letter", &p.kind.letter),
                ("target", &crate::i18n::piece_name(lang, &target.name)),
            ],
        ),
        None => lang.t3(
            "games-piece-title",
            "side",
            side_key(p.color),
            "piece",
            crate::i18n::piece_name(lang, p.name()),
            "letter",
            &p.kind.letter,
        ),
    }
}

/// A piece on a board drawn for a page: its picture, its title in `lang`, and a GraTiA
/// Pawn's promotion badge.
pub(crate) fn piece_view(lang: &Lang, p: &Piece) -> PieceView {
    let mut view = PieceView::new(p.image(), p.color == Color::White, &piece_title(lang, p));
    // A GraTiA Pawn shows what it will become.
    view.badge = p.promotion_target.map(|t| t.letter.clone());
    view
}

/// Every square of the board, 0-based (file, rank) → `Square`.
fn squares(position: &Position) -> impl Iterator<Item = Square> {
    let (w, h) = (position.variant().width(), position.variant().height());
    (0..h).flat_map(move |r| (0..w).filter_map(move |f| Square::new(f, r)))
}

pub use crate::games::board_image::compact_squares;

/// The board as inline SVG, from `flipped` (Black's) side if asked, the pieces' titles in
/// the language of the request being served.
pub fn board_svg(position: &Position, flipped: bool, last: Option<(Square, Square)>) -> String {
    board_svg_in(&crate::web::language::current(), position, flipped, last)
}

/// [`board_svg`] with the pieces' titles in `lang`.
pub fn board_svg_in(
    lang: &Lang,
    position: &Position,
    flipped: bool,
    last: Option<(Square, Square)>,
) -> String {
    let variant = position.variant();
    let width = variant.width();
    let mut view = BoardView::new(width, variant.height());
    view.flipped = flipped;
    view.label = lang.t(if flipped {
        "board-label-black"
    } else {
        "board-label-white"
    });
    for sq in squares(position) {
        if let Some(p) = position.piece_at(sq) {
            if let Some(slot) = view.squares.get_mut(board_index(sq, width)) {
                *slot = Some(piece_view(lang, &p));
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
    /// Long notation: what the form submits (exact in every variant).
    text: String,
    /// SAN: what the player reads, unless they chose long notation.
    san: String,
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
/// right). The pieces' titles are in `lang`.
pub fn legal_moves_json(lang: &Lang, position: &Position) -> String {
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
                            title: piece_title(lang, &p),
                        }),
                    ))
                })
                .collect();
            let promo = mv.promotion().map(|k| variant.kind(k));
            LegalMove {
                from: mv.from().to_string(),
                to: mv.to().to_string(),
                text: position.move_text(mv),
                san: position.move_san(mv),
                promo: promo.map(|k| k.letter.clone()),
                promo_name: promo.map(|k| crate::i18n::piece_name(lang, &k.name)),
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

/// The board drawing's width over its height (the coordinates' margin included), as CSS
/// reads it.
pub fn board_ratio(position: &Position) -> String {
    let variant = position.variant();
    let (w, h) = (f64::from(variant.width()), f64::from(variant.height()));
    format!("{:.4}", (44.0 + 100.0 * w) / (44.0 + 100.0 * h))
}

/// One side's pieces in words, for the board's text alternative: "King h2", "Pawns a4, b4".
pub struct SidePieces {
    /// "White", "Black" in the reader's language.
    pub side: String,
    /// "King e1; Rook ×2 a1, h1" with the piece names and the list's punctuation of the
    /// reader's language.
    pub pieces: String,
}

/// The position as text, White first: each kind (in the variant's order) with its squares.
pub fn board_text(lang: &Lang, position: &Position) -> Vec<SidePieces> {
    let variant = position.variant();
    let separator = lang.t("board-text-separator");
    [Color::White, Color::Black]
        .into_iter()
        .map(|color| {
            let pieces: Vec<String> = variant
                .pieces()
                .iter()
                .filter_map(|kind| {
                    let squares: Vec<String> = squares(position)
                        .filter(|&sq| {
                            position
                                .piece_at(sq)
                                .is_some_and(|p| p.color == color && p.kind.id == kind.id)
                        })
                        .map(|sq| sq.to_string())
                        .collect();
                    (!squares.is_empty()).then(|| {
                        lang.t3(
                            "board-text-kind",
                            "piece",
                            crate::i18n::piece_name(lang, &kind.name),
                            "count",
                            squares.len(),
                            "squares",
                            squares.join(", "),
                        )
                    })
                })
                .collect();
            SidePieces {
                side: color_word(lang, color),
                pieces: pieces.join(&separator),
            }
        })
        .collect()
}

/// One move in the move list.
pub struct MoveCell {
    pub ply: i64,
    pub text: String,
    pub comment: Option<String>,
}

/// A numbered row of the move list: `12. Nf3 Ge14`; a game that starts with Black to move
/// begins `1… e5` (no White move in its first row).
pub struct MovePair {
    pub number: i64,
    pub white: Option<MoveCell>,
    pub black: Option<MoveCell>,
}

/// Whether ply `ply` (from 1) was White's, and its move number, for a game started from
/// `start_fen`.
pub fn ply_side_and_number(start_fen: &str, ply: i64) -> (bool, i64) {
    let (white_first, first_number) = crate::logs::record::fen_turn(start_fen);
    let index = ply - 1;
    let white = (index % 2 == 0) == white_first;
    let number = i64::from(first_number) + (index + i64::from(!white_first)) / 2;
    (white, number)
}

/// The moves `(ply, text, comment)` in numbered pairs.
pub fn move_pairs(
    start_fen: &str,
    moves: impl IntoIterator<Item = (i64, String, Option<String>)>,
) -> Vec<MovePair> {
    let mut pairs: Vec<MovePair> = Vec::new();
    for (ply, text, comment) in moves {
        let (white, number) = ply_side_and_number(start_fen, ply);
        let cell = MoveCell { ply, text, comment };
        match pairs.last_mut() {
            Some(last) if !white && last.number == number && last.black.is_none() => {
                last.black = Some(cell);
            }
            _ if white => pairs.push(MovePair {
                number,
                white: Some(cell),
                black: None,
            }),
            _ => pairs.push(MovePair {
                number,
                white: None,
                black: Some(cell),
            }),
        }
    }
    pairs
}

#[derive(askama::Template)]
#[template(path = "partials/piece_diagrams.html")]
struct Diagrams<'a> {
    lang: &'a crate::i18n::Lang,
    marks: Vec<(String, String)>,
    legend: Vec<crate::web::pages::presets_view::PieceLegend>,
}

/// Every piece's move diagram as on the preset page, as an HTML fragment.
pub fn diagrams_html(lang: &Lang, variant: &plypost_rules::Variant) -> String {
    use askama::Template;
    let page = Diagrams {
        lang,
        marks: crate::web::pages::presets_view::mark_legend(lang),
        legend: crate::web::pages::presets_view::legend(lang, variant, &[]),
    };
    page.render().unwrap_or_else(|_| {
        format!(
            "<p class=\"alert error\">{}</p>",
            plypost_board::escape(&lang.t("games-diagrams-failed"))
        )
    })
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

/// The variant's pieces with their names and moves in `lang`. Icons use the page's sprite.
pub fn legend(lang: &Lang, position: &Position) -> Vec<LegendRow> {
    let variant = position.variant();
    variant
        .pieces()
        .iter()
        .map(|kind| {
            let name = crate::i18n::piece_name(lang, &kind.name);
            let title = plypost_board::escape(&name);
            let icon = match plypost_board::canonical_image(&kind.image) {
                Some(name) => format!(
                    "<svg class=\"pp-icon\" viewBox=\"0 0 100 100\" width=\"36\" height=\"36\" \
                     role=\"img\" aria-label=\"{title}\"><title>{title}</title>\
                     <use class=\"pcw\" href=\"#pc-{name}\" width=\"100\" height=\"100\"/></svg>"
                ),
                None => plypost_board::piece_icon(&kind.image, true, &name, 36),
            };
            LegendRow {
                icon,
                description: crate::i18n::piece_moves(
                    lang,
                    variant.name(),
                    &kind.name,
                    &kind.description,
                ),
                name,
                letter: kind.letter.clone(),
                value: kind.value.map(|v| format!("{v}")),
                notation: crate::web::pages::presets_view::notation(lang, variant, kind),
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
        let json = legal_moves_json(&Lang::default(), &pos);
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
        let svg = board_svg_in(&Lang::default(), &pos, true, compact_squares("h2h1"));
        assert!(svg.contains("data-flipped=\"true\""));
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4R2K b - - 0 1").unwrap();
        assert!(board_svg_in(&Lang::default(), &pos, false, None).contains("hl-check"));
    }

    #[test]
    fn moves_come_in_numbered_pairs() {
        let mv = |ply: i64, t: &str| (ply, t.to_owned(), None);
        let white_first = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pairs = move_pairs(white_first, [mv(1, "e4"), mv(2, "e5"), mv(3, "Nf3")]);
        assert_eq!(pairs.len(), 2);
        assert_eq!(pairs[0].number, 1);
        assert_eq!(pairs[0].black.as_ref().map(|c| c.text.as_str()), Some("e5"));
        assert_eq!(pairs[1].number, 2);
        assert!(pairs[1].black.is_none());
        let black_first = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        let pairs = move_pairs(black_first, [mv(1, "e5"), mv(2, "e4"), mv(3, "Nc6")]);
        assert!(pairs[0].white.is_none());
        assert_eq!((pairs[0].number, pairs[1].number), (1, 2));
        assert_eq!(
            pairs[1].black.as_ref().map(|c| c.text.as_str()),
            Some("Nc6")
        );
    }

    #[test]
    fn the_board_is_told_in_words() {
        let chess = Variant::builtin("chess").unwrap();
        let pos = Position::from_fen(&chess, "4k3/pp6/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        let text = board_text(&Lang::default(), &pos);
        assert_eq!(text[0].side, "White");
        assert_eq!(text[0].pieces, "King e1; Rook h1");
        assert_eq!(text[1].pieces, "King e8; Pawn ×2 a7, b7");
        // In French, the pieces' French names and French punctuation.
        let fr = Lang::from_tag("fr").expect("French");
        let text = board_text(&fr, &pos);
        assert_eq!(text[0].side, "Blancs");
        assert_eq!(text[1].pieces, "Roi e8 ; Pion ×2 a7, b7");
    }

    #[test]
    fn json_cannot_close_the_script() {
        assert_eq!(script_json("\"</script>\""), "\"\\u003c/script\\u003e\"");
    }
}

/// The board script's words in `lang`, as the JSON object `static/js/board.js` reads from
/// `#board-texts`: each a message (`board-js-<key>`) with `{name}` holes the script fills.
pub fn board_texts_json(lang: &crate::i18n::Lang) -> String {
    const KEYS: [&str; 21] = [
        "located",
        "legal-one",
        "legal-many",
        "pick",
        "no-legal",
        "reach",
        "no-reach",
        "confirm",
        "cancel",
        "preview",
        "promote-to",
        "no-promotion",
        "choose-promotion",
        "empty-square",
        "cancelled",
        "destination-enter",
        "destination",
        "label-black",
        "label-white",
        "flipped-black",
        "flipped-white",
    ];
    let holes: [(&str, &dyn crate::i18n::MessageArg); 5] = [
        ("piece", &"{piece}"),
        ("count", &"{count}"),
        ("squares", &"{squares}"),
        ("move", &"{move}"),
        ("square", &"{square}"),
    ];
    let texts: serde_json::Map<String, serde_json::Value> = KEYS
        .iter()
        .map(|key| {
            let text = lang.t_args(&format!("board-js-{key}"), &holes);
            ((*key).to_owned(), serde_json::Value::String(text))
        })
        .collect();
    // `<` escaped so that the JSON cannot close its <script> element.
    serde_json::Value::Object(texts)
        .to_string()
        .replace('<', "\\u003c")
}

#[cfg(test)]
mod board_text_tests {
    use super::board_texts_json;
    use crate::i18n::Lang;

    #[test]
    fn the_board_script_has_every_word_in_every_language() {
        for lang in Lang::all() {
            let json: serde_json::Value =
                serde_json::from_str(&board_texts_json(&lang)).expect("JSON");
            let texts = json.as_object().expect("an object");
            for (key, text) in texts {
                let text = text.as_str().expect("text");
                assert!(
                    !text.starts_with("board-js-"),
                    "{lang}: no message for {key}"
                );
            }
            assert!(texts["confirm"]
                .as_str()
                .is_some_and(|t| t.contains("{move}")));
        }
    }
}
