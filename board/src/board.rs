use crate::pieces::{canonical_image, generic_letter, piece_css};
use crate::svg::{escape, num};
use crate::{file_name, square_name};

/// Size of one square in SVG user units; piece symbols are drawn on the same 100x100 grid.
pub(crate) const SQ: f64 = 100.0;

/// A piece standing on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Image name (`"king"`, `"old-rhinoceros"`, ...); unknown names show a lettered token.
    pub image: String,
    pub white: bool,
    /// Tooltip, e.g. "White Eagle".
    pub title: String,
    /// A small mark drawn at the square's corner, e.g. a GraTiA Pawn's promotion target "R".
    pub badge: Option<String>,
}

impl PieceView {
    pub fn new(image: &str, white: bool, title: &str) -> Self {
        PieceView {
            image: image.to_string(),
            white,
            title: title.to_string(),
            badge: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    LastFrom,
    LastTo,
    Check,
    Selected,
    Target,
}

impl Highlight {
    fn class(self) -> &'static str {
        match self {
            Highlight::LastFrom => "hl-from",
            Highlight::LastTo => "hl-to",
            Highlight::Check => "hl-check",
            Highlight::Selected => "hl-sel",
            Highlight::Target => "hl-target",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub width: u8,
    pub height: u8,
    /// true = Black's view: rank 1 at the top, file a on the right.
    pub flipped: bool,
    /// index = (rank-1)*width + (file-1), from a1. Shorter vectors leave the rest empty.
    pub squares: Vec<Option<PieceView>>,
    pub highlights: Vec<(usize, Highlight)>,
    /// Square colours (any CSS colour).
    pub light: String,
    pub dark: String,
    pub coordinates: bool,
    /// The `id` of the `<svg>` element (also prefixes the ids inside it).
    pub id: String,
    /// What the board is called to a screen reader (`aria-label`); empty: "Board, White at
    /// the bottom" in English.
    pub label: String,
}

pub const DEFAULT_LIGHT: &str = "#eedcb4";
pub const DEFAULT_DARK: &str = "#b98b5e";

impl BoardView {
    /// An empty board with the default colours, coordinates on, id "board".
    pub fn new(width: u8, height: u8) -> Self {
        BoardView {
            width,
            height,
            flipped: false,
            squares: vec![None; usize::from(width) * usize::from(height)],
            highlights: Vec::new(),
            light: DEFAULT_LIGHT.to_string(),
            dark: DEFAULT_DARK.to_string(),
            coordinates: true,
            id: "board".to_string(),
            label: String::new(),
        }
    }
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView::new(8, 8)
    }
}

/// Geometry shared by boards and move diagrams.
pub(crate) struct Layout {
    pub w: usize,
    pub h: usize,
    pub flipped: bool,
    /// Room for the rank numbers (left) and file letters (bottom).
    pub margin: f64,
    pub pad: f64,
}

impl Layout {
    pub fn new(width: u8, height: u8, flipped: bool, coordinates: bool) -> Self {
        Layout {
            w: usize::from(width.max(1)),
            h: usize::from(height.max(1)),
            flipped,
            margin: if coordinates { 38.0 } else { 0.0 },
            pad: 6.0,
        }
    }

    pub fn view_w(&self) -> f64 {
        self.margin + self.w as f64 * SQ + self.pad
    }

    pub fn view_h(&self) -> f64 {
        self.pad + self.h as f64 * SQ + self.margin
    }

    /// Top-left corner of the square at `index`.
    pub fn xy(&self, index: usize) -> (f64, f64) {
        let (f, r) = (index % self.w, index / self.w);
        let col = if self.flipped { self.w - 1 - f } else { f };
        let row = if self.flipped { r } else { self.h - 1 - r };
        (self.margin + col as f64 * SQ, self.pad + row as f64 * SQ)
    }

    pub fn count(&self) -> usize {
        self.w * self.h
    }

    pub fn is_dark(&self, index: usize) -> bool {
        let (f, r) = (index % self.w + 1, index / self.w + 1);
        (f + r) % 2 == 0
    }

    /// The file letters and rank numbers along the left and bottom edges.
    pub fn coordinates(&self, out: &mut String) {
        if self.margin == 0.0 {
            return;
        }
        out.push_str("<g class=\"coords\" aria-hidden=\"true\">");
        for f in 0..self.w {
            let (x, _) = self.xy(f);
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(x + SQ / 2.0),
                num(self.pad + self.h as f64 * SQ + self.margin * 0.78),
                file_name(f)
            ));
        }
        for r in 0..self.h {
            let (_, y) = self.xy(r * self.w);
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(self.margin / 2.0),
                num(y + SQ / 2.0 + 10.0),
                r + 1
            ));
        }
        out.push_str("</g>");
    }

    /// As [`Layout::coordinates`], drawn as strokes (for images rasterized without fonts).
    pub fn stroked_coordinates(&self, out: &mut String) {
        if self.margin == 0.0 {
            return;
        }
        let height = self.margin * 0.55;
        out.push_str(
            "<g fill=\"none\" stroke=\"#3b3b3b\" stroke-width=\"1.8\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\">",
        );
        for f in 0..self.w {
            let (x, _) = self.xy(f);
            let baseline = self.pad + self.h as f64 * SQ + self.margin * 0.7;
            crate::glyphs::draw(out, &file_name(f), x + SQ / 2.0, baseline, height);
        }
        for r in 0..self.h {
            let (_, y) = self.xy(r * self.w);
            let baseline = y + SQ / 2.0 + height / 2.0;
            crate::glyphs::draw(
                out,
                &(r + 1).to_string(),
                self.margin / 2.0,
                baseline,
                height,
            );
        }
        out.push_str("</g>");
    }

    pub fn squares(&self, out: &mut String, light: &str, dark: &str) {
        out.push_str(&format!(
            "<g class=\"squares\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(self.margin),
            num(self.pad),
            num(self.w as f64 * SQ),
            num(self.h as f64 * SQ),
            escape(light)
        ));
        for i in 0..self.count() {
            let (x, y) = self.xy(i);
            let (class, fill) = if self.is_dark(i) {
                ("sq d", dark)
            } else {
                ("sq l", light)
            };
            out.push_str(&format!(
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"100\" height=\"100\" fill=\"{}\" data-square=\"{}\"/>",
                num(x),
                num(y),
                escape(fill),
                square_name(i, self.w as u8)
            ));
        }
        out.push_str("</g>");
    }
}

/// CSS inside every board (class names are prefixed to keep clear of the page's own).
pub(crate) fn board_css() -> String {
    format!(
        "svg.ppboard{{width:100%;height:auto;max-width:calc(94vh * var(--ppr,1));display:block;\
         margin:0 auto;-webkit-user-select:none;user-select:none;touch-action:manipulation;\
         -webkit-tap-highlight-color:transparent}}\
         .ppboard .coords text{{font:600 27px system-ui,-apple-system,'Segoe UI',sans-serif;\
         fill:currentColor;opacity:.7;text-anchor:middle}}\
         .ppboard .hl-from,.ppboard .hl-to{{fill:#e8d23a;opacity:.5}}\
         .ppboard .hl-sel{{fill:#3a9a4c;opacity:.55}}\
         .ppboard .hl-dot{{fill:#1f6e30;opacity:.55}}\
         .ppboard .hl-ring{{fill:none;stroke:#1f6e30;stroke-width:8;opacity:.6}}\
         .ppboard .pc-badge circle{{fill:#fff7c2;stroke:#5a4a00;stroke-width:3}}\
         .ppboard .pc-badge text{{font:bold 21px system-ui,sans-serif;fill:#3a3000;text-anchor:middle}}\
         .ppboard .pc,.ppboard .sq{{cursor:default}}\
         .ppboard .pc.movable,.ppboard .sq.target{{cursor:pointer}}\
         .ppboard .hl-under,.ppboard .hl-over,.ppboard .hl-cursor{{pointer-events:none}}\
         .ppboard .hl-cursor{{fill:none;stroke:#1c5fb8;stroke-width:7}}\
         svg.ppboard:focus{{outline:none}}svg.ppboard:focus-visible{{outline:3px solid #1c5fb8}}\
         {}",
        piece_css()
    )
}

/// One piece as a group positioned on its square. The `<use>` carries the colour class so the
/// symbol's custom properties resolve; the title gives the hover / long-press name.
pub(crate) fn piece_markup(p: &PieceView, x: f64, y: f64, square: &str) -> String {
    let colour = if p.white { "pcw" } else { "pck" };
    let title = escape(&p.title);
    let mut s = format!(
        "<g class=\"pc {colour}\" data-square=\"{square}\" data-image=\"{}\" transform=\"translate({} {})\"><title>{title}</title>",
        escape(&p.image),
        num(x),
        num(y)
    );
    match canonical_image(&p.image) {
        Some(name) => s.push_str(&format!(
            "<use href=\"#pc-{name}\" width=\"100\" height=\"100\"/>"
        )),
        None => s.push_str(&format!(
            "<use href=\"#pc-generic\" width=\"100\" height=\"100\"/><text class=\"ppletter\" x=\"50\" y=\"60\">{}</text>",
            escape(&generic_letter(&p.image))
        )),
    }
    if let Some(badge) = &p.badge {
        s.push_str(&format!(
            "<g class=\"pc-badge\"><circle cx=\"83\" cy=\"17\" r=\"15\"/><text x=\"83\" y=\"24.5\">{}</text></g>",
            escape(badge)
        ));
    }
    s.push_str("</g>");
    s
}

/// Renders the board as an inline `<svg>` (needs [`crate::sprite`] on the page for the pieces).
///
/// Structure, for scripts: `<rect class="sq ..." data-square="h2">` per square (in `g.squares`),
/// highlight overlays in `g.hl-under` / `g.hl-over` (classes `hl-from`, `hl-to`, `hl-check`,
/// `hl-sel`, `hl-target`), and one `<g class="pc pcw|pck" data-square="h2" data-image="king">`
/// per piece in `g.pieces`, holding a `<title>` and a `<use href="#pc-king">`.
pub fn render_board(view: &BoardView) -> String {
    let l = Layout::new(view.width, view.height, view.flipped, view.coordinates);
    let id = escape(&view.id);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{id}\" class=\"ppboard\" viewBox=\"0 0 {} {}\" \
         style=\"--ppr:{}\" role=\"img\" aria-label=\"{}\" data-width=\"{}\" data-height=\"{}\" data-flipped=\"{}\">",
        num(l.view_w()),
        num(l.view_h()),
        num(l.view_w() / l.view_h()),
        if !view.label.is_empty() {
            escape(&view.label)
        } else if view.flipped {
            "Board, Black at the bottom".to_owned()
        } else {
            "Board, White at the bottom".to_owned()
        },
        l.w,
        l.h,
        view.flipped
    );
    s.push_str(&format!(
        "<style>{}</style><defs><radialGradient id=\"{id}-chk\"><stop offset=\"0\" stop-color=\"#ff2020\" stop-opacity=\".95\"/>\
         <stop offset=\".55\" stop-color=\"#e01010\" stop-opacity=\".5\"/><stop offset=\"1\" stop-color=\"#c00\" stop-opacity=\"0\"/></radialGradient></defs>",
        board_css()
    ));
    l.squares(&mut s, &view.light, &view.dark);
    l.coordinates(&mut s);

    let occupied = |i: usize| view.squares.get(i).is_some_and(|p| p.is_some());
    let mut under = String::new();
    let mut over = String::new();
    for &(i, h) in &view.highlights {
        if i >= l.count() {
            continue;
        }
        let (x, y) = l.xy(i);
        let (x, y) = (num(x), num(y));
        let sq = square_name(i, view.width);
        let class = h.class();
        match h {
            Highlight::LastFrom | Highlight::LastTo | Highlight::Selected => under.push_str(&format!(
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"100\" height=\"100\" data-square=\"{sq}\"/>"
            )),
            Highlight::Check => under.push_str(&format!(
                "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"100\" height=\"100\" fill=\"url(#{id}-chk)\" data-square=\"{sq}\"/>"
            )),
            Highlight::Target if occupied(i) => over.push_str(&format!(
                "<g class=\"{class}\" data-square=\"{sq}\" transform=\"translate({x} {y})\"><circle class=\"hl-ring\" cx=\"50\" cy=\"50\" r=\"45\"/></g>"
            )),
            Highlight::Target => over.push_str(&format!(
                "<g class=\"{class}\" data-square=\"{sq}\" transform=\"translate({x} {y})\"><circle class=\"hl-dot\" cx=\"50\" cy=\"50\" r=\"17\"/></g>"
            )),
        }
    }
    s.push_str(&format!(
        "<g class=\"hl-under\">{under}</g><g class=\"pieces\">"
    ));
    for (i, p) in view.squares.iter().enumerate().take(l.count()) {
        if let Some(p) = p {
            let (x, y) = l.xy(i);
            s.push_str(&piece_markup(p, x, y, &square_name(i, view.width)));
        }
    }
    s.push_str(&format!("</g><g class=\"hl-over\">{over}</g></svg>"));
    s
}

/// The board as one self-contained SVG document for rasterizing (the PNG boards of mails):
/// colours as attributes, every piece drawn in place (no sprite, no CSS), the last move's
/// squares tinted and, when `view.coordinates`, the file letters and rank numbers drawn as
/// strokes (no fonts needed).
pub fn render_board_image(view: &BoardView) -> String {
    let l = Layout::new(view.width, view.height, view.flipped, view.coordinates);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">",
        w = num(l.view_w()),
        h = num(l.view_h()),
    );
    if view.coordinates {
        // White under the coordinates: a mail client in dark mode would hide dark strokes.
        s.push_str(&format!(
            "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(l.view_w()),
            num(l.view_h())
        ));
    }
    l.squares(&mut s, &view.light, &view.dark);
    l.stroked_coordinates(&mut s);
    for &(i, h) in &view.highlights {
        if i >= l.count() || !matches!(h, Highlight::LastFrom | Highlight::LastTo) {
            continue;
        }
        let (x, y) = l.xy(i);
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"100\" height=\"100\" fill=\"#e8d23a\" fill-opacity=\".5\"/>",
            num(x),
            num(y)
        ));
    }
    for (i, p) in view.squares.iter().enumerate().take(l.count()) {
        if let Some(p) = p {
            let (x, y) = l.xy(i);
            s.push_str(&format!(
                "<g transform=\"translate({} {})\">{}</g>",
                num(x),
                num(y),
                crate::pieces::colour_body(&p.image, p.white)
            ));
        }
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_named_for_screen_readers() {
        let mut view = BoardView::new(8, 8);
        assert!(render_board(&view).contains("aria-label=\"Board, White at the bottom\""));
        view.flipped = true;
        assert!(render_board(&view).contains("aria-label=\"Board, Black at the bottom\""));
        view.label = "Échiquier, les Noirs en bas & <autres>".into();
        let svg = render_board(&view);
        assert!(
            svg.contains("aria-label=\"Échiquier, les Noirs en bas &amp; &lt;autres&gt;\""),
            "{svg}"
        );
    }

    #[test]
    fn the_image_board_stands_alone() {
        let mut view = BoardView::new(8, 8);
        view.squares[4] = Some(PieceView::new("king", true, "White King"));
        view.squares[60] = Some(PieceView::new("king", false, "Black King"));
        view.highlights = vec![(12, Highlight::LastFrom), (4, Highlight::LastTo)];
        view.coordinates = false;
        let svg = render_board_image(&view);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert!(!svg.contains("<use") && !svg.contains("class=\"pc"));
        // Eight squares of 100 and a thin frame.
        let width: f64 = doc
            .root_element()
            .attribute("width")
            .unwrap()
            .parse()
            .unwrap();
        assert!((800.0..820.0).contains(&width), "{width}");
        assert_eq!(svg.matches("fill-opacity=\".5\"").count(), 2);
        assert!(!svg.contains("<path transform"), "no coordinates asked for");
        // With coordinates: a margin, 8 letters and 8 digits as strokes, no text.
        view.coordinates = true;
        let svg = render_board_image(&view);
        roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(svg.matches("<path transform").count(), 16);
        assert!(!svg.contains("<text"));
    }

    fn start(width: u8, height: u8) -> BoardView {
        let mut v = BoardView::new(width, height);
        let w = usize::from(width);
        for f in 0..w {
            v.squares[f] = Some(PieceView::new("rook", true, "White Rook"));
            v.squares[w + f] = Some(PieceView::new("pawn", true, "White Pawn"));
            let top = (usize::from(height) - 1) * w + f;
            v.squares[top] = Some(PieceView::new("old-rhinoceros", false, "Black Rhinoceros"));
        }
        v.squares[w * 2] = Some(PieceView {
            badge: Some("R".into()),
            ..PieceView::new("wombat", false, "Black Wombat")
        });
        v.highlights = vec![
            (0, Highlight::LastFrom),
            (w + 1, Highlight::Check),
            (w * 3, Highlight::Target),
            (1, Highlight::Target),
            (2, Highlight::Selected),
            (99_999, Highlight::LastTo),
        ];
        v
    }

    fn rect_pos(doc: &roxmltree::Document, square: &str) -> (f64, f64, String) {
        let n = doc
            .descendants()
            .find(|n| n.has_tag_name("rect") && n.attribute("data-square") == Some(square))
            .unwrap_or_else(|| panic!("no square {square}"));
        (
            n.attribute("x").unwrap().parse().unwrap(),
            n.attribute("y").unwrap().parse().unwrap(),
            n.attribute("class").unwrap().to_string(),
        )
    }

    #[test]
    fn boards_parse_and_are_oriented() {
        for (w, h) in [(5, 5), (8, 8), (12, 12), (13, 13), (16, 12), (16, 16)] {
            for flipped in [false, true] {
                let mut v = start(w, h);
                v.flipped = flipped;
                let svg = render_board(&v);
                let doc = roxmltree::Document::parse(&svg).expect("board is XML");
                let squares: Vec<&str> = doc
                    .descendants()
                    .filter(|n| {
                        n.has_tag_name("rect")
                            && n.attribute("class").is_some_and(|c| c.starts_with("sq"))
                    })
                    .map(|n| n.attribute("data-square").unwrap())
                    .collect();
                assert_eq!(squares.len(), usize::from(w) * usize::from(h));
                let last = format!("{}{}", file_name(usize::from(w) - 1), h);
                assert!(squares.contains(&"a1") && squares.contains(&last.as_str()));
                // Each square's name matches its position on the drawing.
                for n in doc.descendants().filter(|n| {
                    n.has_tag_name("rect")
                        && n.attribute("class").is_some_and(|c| c.starts_with("sq"))
                }) {
                    let x: f64 = n.attribute("x").unwrap().parse().unwrap();
                    let y: f64 = n.attribute("y").unwrap().parse().unwrap();
                    let l = Layout::new(w, h, flipped, true);
                    let col = ((x - l.margin) / SQ).round() as usize;
                    let row = ((y - l.pad) / SQ).round() as usize;
                    let (file, rank) = if flipped {
                        (usize::from(w) - 1 - col, row)
                    } else {
                        (col, usize::from(h) - 1 - row)
                    };
                    assert_eq!(
                        n.attribute("data-square"),
                        Some(format!("{}{}", file_name(file), rank + 1).as_str())
                    );
                }
                let mut uniq = squares.clone();
                uniq.sort();
                uniq.dedup();
                assert_eq!(uniq.len(), squares.len());

                let (ax, ay, aclass) = rect_pos(&doc, "a1");
                assert_eq!(aclass, "sq d", "a1 is dark");
                assert!(rect_pos(&doc, "b1").2 == "sq l" && rect_pos(&doc, "b2").2 == "sq d");
                let (lx, ly, _) = rect_pos(&doc, &last);
                if flipped {
                    assert!(ax > lx && ay < ly, "a1 top right when flipped");
                } else {
                    assert!(ax < lx && ay > ly, "a1 bottom left");
                }
                let pieces = doc
                    .descendants()
                    .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("pc ")))
                    .count();
                assert_eq!(pieces, usize::from(w) * 3 + 1);
                assert!(svg.contains("href=\"#pc-rhinoceros\""));
                assert!(svg.contains("href=\"#pc-generic\""));
            }
        }
    }

    #[test]
    fn titles_are_escaped() {
        let mut v = BoardView::new(5, 5);
        v.id = "b\"x".into();
        v.squares[0] = Some(PieceView {
            badge: Some("<b>".into()),
            ..PieceView::new("<img onerror=x>", true, "<script>alert(1)</script>")
        });
        let svg = render_board(&v);
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        let doc = roxmltree::Document::parse(&svg).expect("XML");
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text());
        assert_eq!(title, Some("<script>alert(1)</script>"));
    }

    #[test]
    fn unknown_image_shows_letter() {
        let mut v = BoardView::new(5, 5);
        v.squares[3] = Some(PieceView::new("wombat", true, "White Wombat"));
        let svg = render_board(&v);
        assert!(svg.contains("#pc-generic"));
        assert!(svg.contains(">W</text>"));
    }
}
