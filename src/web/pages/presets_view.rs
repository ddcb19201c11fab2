//! What the preset pages draw: the setup board in the preset's colours, a move diagram per
//! piece (from the rules engine's movement model), the mark legend and the text diagram with
//! the preset's piece letters. Pure functions, tested without a server.

use plypost_board::{mark_icon, render_board, render_move_diagram, BoardView, Mark, PieceView};
use plypost_rules::diagram::{self, MoveDiagram};
use plypost_rules::{Color, PieceKind, Position, Square, Variant};

use crate::i18n::{piece_moves, piece_name, piece_xbetza_note, Lang};

/// How a preset version wants its boards drawn.
#[derive(Debug, Clone)]
pub struct Look {
    /// Empty: the default colours.
    pub light: String,
    pub dark: String,
    pub coordinates: bool,
}

fn index_of(sq: Square, width: u8) -> usize {
    usize::from(sq.rank()) * usize::from(width) + usize::from(sq.file())
}

/// The position as an inline SVG board with the preset's colours; `id` must be unique on
/// the page.
pub fn board(lang: &Lang, position: &Position, look: &Look, id: &str) -> String {
    let variant = position.variant();
    let (w, h) = (variant.width(), variant.height());
    let mut view = BoardView::new(w, h);
    view.id = id.to_owned();
    view.label = lang.t("board-label-white");
    view.coordinates = look.coordinates;
    if !look.light.is_empty() {
        view.light = look.light.clone();
    }
    if !look.dark.is_empty() {
        view.dark = look.dark.clone();
    }
    for rank in 0..h {
        for file in 0..w {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            if let Some(p) = position.piece_at(sq) {
                if let Some(slot) = view.squares.get_mut(index_of(sq, w)) {
                    *slot = Some(super::games::view::piece_view(lang, &p));
                }
            }
        }
    }
    render_board(&view)
}

/// The board's marks for the engine's marks. A square where a Cannon both moves and
/// captures by hopping gets both marks (a dot inside a ring).
fn marks_of(d: &MoveDiagram) -> Vec<(usize, Mark)> {
    let mut out = Vec::new();
    for rank in 0..d.height {
        for file in 0..d.width {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let i = index_of(sq, d.width);
            match d.mark(sq) {
                None => {}
                Some(diagram::Mark::MoveOnly) => out.push((i, Mark::Move)),
                Some(diagram::Mark::CaptureOnly) => out.push((i, Mark::Capture)),
                Some(diagram::Mark::MoveOrCapture) => out.push((i, Mark::MoveOrCapture)),
                Some(diagram::Mark::HopCapture) => out.push((i, Mark::Hop)),
                Some(diagram::Mark::MoveOrHopCapture) => {
                    out.push((i, Mark::Hop));
                    out.push((i, Mark::Move));
                }
                Some(diagram::Mark::FirstMoveOnly) => out.push((i, Mark::FirstMoveOnly)),
            }
        }
    }
    out
}

/// The move diagram of a piece kind (White, moving up the diagram).
pub fn move_diagram(lang: &Lang, variant: &Variant, kind: &PieceKind) -> String {
    let d = diagram::move_diagram(variant, kind.id, Color::White);
    let name = piece_name(lang, &kind.name);
    let piece = PieceView::new(&kind.image, true, &name);
    render_move_diagram(
        d.width,
        d.height,
        (index_of(d.piece_square, d.width), &piece),
        &marks_of(&d),
        &lang.t1("board-diagram-label", "piece", name.as_str()),
    )
}

/// How a legend writes a piece's movement: its XBetza when it has one, else why not and the
/// engine's native movement text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notation {
    pub xbetza: Option<String>,
    /// Why there is no exact XBetza (`xbetza_note`).
    pub note: Option<String>,
    /// The native `moves` texts, when there is no XBetza.
    pub native: Option<String>,
}

/// How `variant`'s `kind` is written, its note in `lang`.
pub fn notation(lang: &Lang, variant: &Variant, kind: &PieceKind) -> Notation {
    Notation {
        xbetza: kind.xbetza.clone(),
        note: kind
            .xbetza_note
            .as_ref()
            .map(|note| piece_xbetza_note(lang, variant.name(), &kind.name, note)),
        native: kind.xbetza.is_none().then(|| kind.move_texts.join("; ")),
    }
}

/// One piece of the legend.
pub struct PieceLegend {
    pub name: String,
    pub letter: String,
    /// The letter this preset shows in text diagrams, when it differs.
    pub shown: Option<String>,
    pub value: Option<String>,
    pub description: String,
    pub notation: Notation,
    pub promotes: Option<String>,
    pub royal: bool,
    /// Inline SVG.
    pub diagram: String,
}

pub fn legend(
    lang: &Lang,
    variant: &Variant,
    shown_letters: &[(String, String)],
) -> Vec<PieceLegend> {
    let names = |list: &[plypost_rules::KindId]| {
        list.iter()
            .map(|&k| piece_name(lang, &variant.kind(k).name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    variant
        .pieces()
        .iter()
        .map(|kind| {
            let promotes = if kind.promotes_by_start_file {
                Some(lang.t("pieces-promotes-start-file"))
            } else if let Some(black) = &kind.black_promotes_to {
                Some(lang.t2(
                    "pieces-promotes-by-side",
                    "white",
                    names(&kind.promotes_to),
                    "black",
                    names(black),
                ))
            } else if kind.promotes_to.is_empty() {
                None
            } else {
                Some(names(&kind.promotes_to))
            };
            PieceLegend {
                name: piece_name(lang, &kind.name),
                letter: kind.letter.clone(),
                shown: shown_letters
                    .iter()
                    .find(|(l, _)| *l == kind.letter)
                    .map(|(_, s)| s.clone()),
                value: kind.value.map(|v| format!("{v}")),
                description: piece_moves(lang, variant.name(), &kind.name, &kind.description),
                notation: notation(lang, variant, kind),
                promotes,
                royal: kind.is_royal,
                diagram: move_diagram(lang, variant, kind),
            }
        })
        .collect()
}

/// The marks explained under the diagrams: (icon SVG, words).
pub fn mark_legend(lang: &Lang) -> Vec<(String, String)> {
    [
        Mark::Move,
        Mark::Capture,
        Mark::MoveOrCapture,
        Mark::Hop,
        Mark::FirstMoveOnly,
    ]
    .into_iter()
    .map(|m| {
        let words = lang.t1("pieces-mark", "mark", m.key());
        (mark_icon(m, &words, 22), words)
    })
    .collect()
}

/// The setup as a plain-text board (as in mails), with the preset's piece letters.
pub fn text_setup(position: &Position, shown_letters: &[(String, String)]) -> String {
    let variant = position.variant();
    let (w, h) = (variant.width(), variant.height());
    let mut cells = vec![None; usize::from(w) * usize::from(h)];
    for rank in 0..h {
        for file in 0..w {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            if let Some(p) = position.piece_at(sq) {
                let token = shown_letters
                    .iter()
                    .find(|(l, _)| *l == p.kind.letter)
                    .map_or_else(|| p.kind.letter.clone(), |(_, s)| s.clone());
                if let Some(cell) = cells.get_mut(index_of(sq, w)) {
                    *cell = Some((token, p.color == Color::White));
                }
            }
        }
    }
    plypost_board::text_diagram_tokens(w, h, false, &cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_of_every_variant_has_a_diagram() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            let rows = legend(&Lang::default(), &v, &[]);
            assert_eq!(rows.len(), v.pieces().len());
            for row in rows {
                assert!(row.diagram.starts_with("<svg"), "{name} {}", row.name);
                assert!(row.diagram.contains("class=\"mk-"), "{name} {}", row.name);
            }
        }
    }

    #[test]
    fn legends_write_xbetza_or_the_native_movement() {
        let gratia = Variant::builtin("gratia").unwrap();
        let rows = legend(&Lang::default(), &gratia, &[]);
        let row = |letter: &str| {
            rows.iter()
                .find(|r| r.letter == letter)
                .map(|r| r.notation.clone())
                .unwrap()
        };
        assert_eq!(row("G").xbetza.as_deref(), Some("(4,1)"));
        assert_eq!(row("G").native, None);
        let panda = row("+W");
        assert_eq!(panda.xbetza, None);
        assert!(panda.note.unwrap().contains("odd"));
        assert_eq!(panda.native.as_deref(), Some("ride W odd"));
        let terachess2 = Variant::builtin("terachess2").unwrap();
        let troll_kind = terachess2.kind_by_letter("T").unwrap();
        let troll = notation(&Lang::default(), &terachess2, troll_kind);
        assert_eq!(troll.xbetza.as_deref(), Some("GHfmWfcF"));
        assert!(troll.note.as_deref().unwrap().starts_with("promotes only"));
        let french = notation(&Lang::from_tag("fr").unwrap(), &terachess2, troll_kind);
        assert!(
            french.note.as_deref().unwrap().contains("promu"),
            "{french:?}"
        );
    }

    #[test]
    fn cannon_squares_carry_both_marks() {
        let v = Variant::builtin("terachess2").unwrap();
        let cannon = v.kind_by_letter("C").unwrap();
        let d = diagram::move_diagram(&v, cannon.id, Color::White);
        let marks = marks_of(&d);
        let c = d.piece_square;
        let next = index_of(Square::new(c.file(), c.rank() + 1).unwrap(), d.width);
        let far = index_of(Square::new(c.file(), c.rank() + 3).unwrap(), d.width);
        assert_eq!(
            marks
                .iter()
                .filter(|(i, _)| *i == next)
                .map(|m| m.1)
                .collect::<Vec<_>>(),
            vec![Mark::Move]
        );
        assert_eq!(
            marks
                .iter()
                .filter(|(i, _)| *i == far)
                .map(|m| m.1)
                .collect::<Vec<_>>(),
            vec![Mark::Hop, Mark::Move]
        );
    }

    #[test]
    fn boards_use_the_preset_look() {
        let v = Variant::builtin("chess").unwrap();
        let pos = Position::start(&v);
        let look = Look {
            light: "#ffffff".into(),
            dark: "#123456".into(),
            coordinates: false,
        };
        let svg = board(&Lang::default(), &pos, &look, "setup-board");
        assert!(svg.contains("#123456"));
        assert!(svg.contains("id=\"setup-board\""));
        assert!(svg.contains("White Queen"), "{svg}");
        let french = board(&Lang::from_tag("fr").unwrap(), &pos, &look, "setup-board");
        assert!(french.contains("Dame des Blancs"), "{french}");
        let text = text_setup(&pos, &[("N".into(), "S".into())]);
        assert!(text.starts_with("8 r s b q k b s r"), "{text}");
    }
}
