use crate::board::{piece_markup, Layout, PieceView};
use crate::pieces::piece_css;
use crate::svg::{escape, num};
use crate::{file_name, square_name};

/// What a square means in a move diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// May move here, not capture (small dot).
    Move,
    /// May capture here, not move (red cross).
    Capture,
    /// May move or capture here (large filled circle).
    MoveOrCapture,
    /// Captures by hopping over a screen (red ring).
    Hop,
    /// A move allowed only as the piece's first move (blue dot).
    FirstMoveOnly,
    /// A square where a piece would block the move (grey hatched square).
    Blocked,
    /// A screen the piece hops over (grey diamond).
    Screen,
}

impl Mark {
    pub const ALL: [Mark; 7] = [
        Mark::Move,
        Mark::Capture,
        Mark::MoveOrCapture,
        Mark::Hop,
        Mark::FirstMoveOnly,
        Mark::Blocked,
        Mark::Screen,
    ];

    /// A short legend text.
    /// A stable name for the mark, for translated legends (`move`, `capture`, ...).
    pub fn key(self) -> &'static str {
        match self {
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::MoveOrCapture => "move-or-capture",
            Mark::Hop => "hop",
            Mark::FirstMoveOnly => "first-move",
            Mark::Blocked => "blocked",
            Mark::Screen => "screen",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Mark::Move => "move only",
            Mark::Capture => "capture only",
            Mark::MoveOrCapture => "move or capture",
            Mark::Hop => "capture by hopping over a screen",
            Mark::FirstMoveOnly => "first move only",
            Mark::Blocked => "a piece here blocks the move",
            Mark::Screen => "screen to hop over",
        }
    }

    /// The mark drawn on a 100x100 square.
    fn shape(self) -> &'static str {
        match self {
            Mark::Move => "<circle cx=\"50\" cy=\"50\" r=\"14\" fill=\"#26414f\"/>",
            Mark::Capture => {
                "<path d=\"M28 28L72 72M72 28L28 72\" stroke=\"#c62d1f\" stroke-width=\"13\" stroke-linecap=\"round\"/>"
            }
            Mark::MoveOrCapture => "<circle cx=\"50\" cy=\"50\" r=\"27\" fill=\"#26414f\"/>",
            Mark::Hop => {
                "<circle cx=\"50\" cy=\"50\" r=\"26\" fill=\"none\" stroke=\"#c62d1f\" stroke-width=\"11\"/>"
            }
            Mark::FirstMoveOnly => {
                "<circle cx=\"50\" cy=\"50\" r=\"19\" fill=\"#2a78d6\" stroke=\"#0d3e7a\" stroke-width=\"4\"/>"
            }
            Mark::Blocked => {
                "<rect x=\"24\" y=\"24\" width=\"52\" height=\"52\" rx=\"6\" fill=\"none\" stroke=\"#6b6b6b\" stroke-width=\"7\" stroke-dasharray=\"10 7\"/>"
            }
            Mark::Screen => "<path d=\"M50 20L80 50L50 80L20 50Z\" fill=\"#8a8a8a\" stroke=\"#4a4a4a\" stroke-width=\"4\"/>",
        }
    }

    fn class(self) -> &'static str {
        match self {
            Mark::Move => "mk-move",
            Mark::Capture => "mk-capture",
            Mark::MoveOrCapture => "mk-both",
            Mark::Hop => "mk-hop",
            Mark::FirstMoveOnly => "mk-first",
            Mark::Blocked => "mk-blocked",
            Mark::Screen => "mk-screen",
        }
    }
}

const DIAGRAM_LIGHT: &str = "#f3ead7";
const DIAGRAM_DARK: &str = "#d2b993";

/// A small board (no coordinates) with `piece` on `piece_square` and a mark on each listed
/// square, called `label` to a screen reader ("Moves of the Knight"). The piece comes from
/// the page's sprite: include [`crate::sprite`] once per page, as for boards.
pub fn render_move_diagram(
    width: u8,
    height: u8,
    (piece_square, piece): (usize, &PieceView),
    marks: &[(usize, Mark)],
    label: &str,
) -> String {
    let l = Layout::new(width, height, false, false);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ppdiagram\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">\
         <style>svg.ppdiagram{{width:100%;height:auto;max-width:{}px;display:block}}{}</style><title>{}</title>",
        num(l.view_w()),
        num(l.view_h()),
        escape(label),
        l.w * 40,
        piece_css(),
        escape(&piece.title),
    );
    l.squares(&mut s, DIAGRAM_LIGHT, DIAGRAM_DARK);
    s.push_str("<g class=\"marks\">");
    for &(i, m) in marks {
        if i >= l.count() {
            continue;
        }
        let (x, y) = l.xy(i);
        s.push_str(&format!(
            "<g class=\"{}\" data-square=\"{}\" transform=\"translate({} {})\">{}</g>",
            m.class(),
            square_name(i, width),
            num(x),
            num(y),
            m.shape()
        ));
    }
    s.push_str("</g>");
    if piece_square < l.count() {
        let (x, y) = l.xy(piece_square);
        s.push_str(&piece_markup(
            piece,
            x,
            y,
            &square_name(piece_square, width),
        ));
    }
    s.push_str("</svg>");
    s
}

/// A legend swatch: the mark on a light square, `size_px` square, named `label` (the
/// words beside it, in the reader's language; [`Mark::describe`] in English).
pub fn mark_icon(mark: Mark, label: &str, size_px: u32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ppmark\" viewBox=\"0 0 100 100\" width=\"{size_px}\" height=\"{size_px}\" role=\"img\" aria-label=\"{d}\"><title>{d}</title>\
         <rect width=\"100\" height=\"100\" fill=\"{DIAGRAM_LIGHT}\" stroke=\"#b9a584\" stroke-width=\"4\"/>{}</svg>",
        mark.shape(),
        d = crate::escape(label)
    )
}

/// A plain-text board for emails: `cells[i]` for square index i (from a1, as in
/// [`crate::BoardView`]) holds the piece letter and whether it is White (written upper case;
/// Black lower case). Empty squares are dots; ranks on the left, files underneath.
pub fn text_diagram(
    width: u8,
    height: u8,
    flipped: bool,
    cells: &[Option<(char, bool)>],
) -> String {
    let tokens: Vec<Option<(String, bool)>> = cells
        .iter()
        .map(|c| c.map(|(ch, white)| (ch.to_string(), white)))
        .collect();
    text_diagram_tokens(width, height, flipped, &tokens)
}

/// As [`text_diagram`] with multi-character tokens (`+R`, `P[Q]`); columns are as wide as the
/// widest token. Letters are upper-cased for White and lower-cased for Black.
pub fn text_diagram_tokens(
    width: u8,
    height: u8,
    flipped: bool,
    cells: &[Option<(String, bool)>],
) -> String {
    let (w, h) = (usize::from(width.max(1)), usize::from(height.max(1)));
    let num_w = h.to_string().len();
    // Each square's text once (a mail goes out per move, and a 16x16 board has 256 squares).
    let texts: Vec<std::borrow::Cow<str>> = (0..w * h)
        .map(|i| match cells.get(i).and_then(|c| c.as_ref()) {
            Some((t, true)) => t.to_uppercase().into(),
            Some((t, false)) => t.to_lowercase().into(),
            None => ".".into(),
        })
        .collect();
    let names: Vec<String> = (0..w).map(file_name).collect();
    let col_w = texts
        .iter()
        .map(|t| t.chars().count())
        .chain(names.iter().map(|n| n.chars().count()))
        .max()
        .unwrap_or(1);
    let files: Vec<usize> = if flipped {
        (0..w).rev().collect()
    } else {
        (0..w).collect()
    };
    let ranks: Vec<usize> = if flipped {
        (0..h).collect()
    } else {
        (0..h).rev().collect()
    };
    // A line: the label right-aligned in `num_w`, then the columns left-aligned in `col_w`,
    // one space apart, without trailing spaces.
    let mut out = String::with_capacity((h + 1) * (num_w + 1 + w * (col_w + 1) + 1));
    let mut line = |label: &str, columns: &mut dyn Iterator<Item = &str>| {
        let start = out.len();
        out.extend(std::iter::repeat_n(
            ' ',
            num_w.saturating_sub(label.chars().count()),
        ));
        out.push_str(label);
        for text in columns {
            out.push(' ');
            out.push_str(text);
            out.extend(std::iter::repeat_n(
                ' ',
                col_w.saturating_sub(text.chars().count()),
            ));
        }
        let kept = out[start..].trim_end().len();
        out.truncate(start + kept);
        out.push('\n');
    };
    for r in ranks {
        line(
            &(r + 1).to_string(),
            &mut files.iter().map(|&f| texts[r * w + f].as_ref()),
        );
    }
    line("", &mut files.iter().map(|&f| names[f].as_str()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_parses() {
        let p = PieceView::new("knight", true, "White Knight & <friends>");
        let marks: Vec<(usize, Mark)> =
            Mark::ALL.iter().enumerate().map(|(i, m)| (i, *m)).collect();
        let svg = render_move_diagram(7, 7, (24, &p), &marks, "Moves of the Knight & <friends>");
        let doc = roxmltree::Document::parse(&svg).expect("XML");
        assert_eq!(
            doc.descendants()
                .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("mk-")))
                .count(),
            Mark::ALL.len()
        );
        assert!(svg.contains("data-square=\"d4\""));
        for m in Mark::ALL {
            roxmltree::Document::parse(&mark_icon(m, m.describe(), 20)).expect("XML");
        }
    }

    #[test]
    fn text_board() {
        let mut cells = vec![None; 9];
        cells[0] = Some(('k', true));
        cells[8] = Some(('Q', false));
        assert_eq!(
            text_diagram(3, 3, false, &cells),
            "3 . . q\n2 . . .\n1 K . .\n  a b c\n"
        );
        assert_eq!(
            text_diagram(3, 3, true, &cells),
            "1 . . K\n2 . . .\n3 q . .\n  c b a\n"
        );
        let big = text_diagram(16, 16, false, &[]);
        assert!(big.starts_with("16 . ."));
        assert!(big.ends_with("   a b c d e f g h i j k l m n o p\n"));
        let mut t = vec![None; 4];
        t[0] = Some(("+r".to_string(), true));
        t[3] = Some(("P[Q]".to_string(), false));
        assert_eq!(
            text_diagram_tokens(2, 2, false, &t),
            "2 .    p[q]\n1 +R   .\n  a    b\n"
        );
    }
}
