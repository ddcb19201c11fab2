//! Writes preview pages for eyeballing the pieces and boards:
//! `cargo run --example gallery -- OUT_DIR [--static STATIC_PIECES_DIR]`
//! OUT_DIR gets gallery.html (every image, both colours, several sizes), board-*.html (start
//! positions) and diagram.html; with --static, the standalone `NAME.svg` files are (re)written.
use std::path::{Path, PathBuf};

use plypost_board::{
    image_names, mark_icon, piece_icon, render_board, render_move_diagram, sprite, standalone_svg,
    stylesheet, text_diagram, BoardView, Highlight, Mark, PieceView,
};

const TERACHESS2: &str = "sjyhxfdoodfxhyjs/cmztuvlkalvutzmc/ernbwigqqgiwbnre/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/ERNBWIGQQGIWBNRE/CMZTUVLKALVUTZMC/SJYHXFDOODFXHYJS";
const TERA2_LETTERS: &[(char, &str)] = &[
    ('k', "king"),
    ('q', "queen"),
    ('r', "rook"),
    ('b', "bishop"),
    ('n', "knight"),
    ('p', "pawn"),
    ('i', "prince"),
    ('e', "elephant"),
    ('w', "machine"),
    ('m', "camel"),
    ('z', "giraffe"),
    ('f', "buffalo"),
    ('l', "lion"),
    ('c', "cannon"),
    ('v', "crocodile"),
    ('o', "sorceress"),
    ('g', "eagle"),
    ('u', "rhinoceros"),
    ('h', "marshal"),
    ('x', "cardinal"),
    ('a', "amazon"),
    ('j', "centaur"),
    ('s', "admiral"),
    ('y', "missionary"),
    ('d', "duchess"),
    ('t', "troll"),
];
const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const PLAY_MOVES: &str = r#"[
{"from":"e2","to":"e4","text":"e2-e4","promo":null,"promoName":null,"changes":[["e2",null],["e4",{"image":"pawn","white":true,"title":"White Pawn"}]]},
{"from":"e2","to":"e3","text":"e2-e3","promo":null,"promoName":null,"changes":[["e2",null],["e3",{"image":"pawn","white":true,"title":"White Pawn"}]]},
{"from":"g1","to":"f3","text":"Ng1-f3","promo":null,"promoName":null,"changes":[["g1",null],["f3",{"image":"knight","white":true,"title":"White Knight"}]]},
{"from":"b7","to":"a8","text":"b7xa8=Q","promo":"Q","promoName":"Queen","changes":[["b7",null],["a8",{"image":"queen","white":true,"title":"White Queen"}]]},
{"from":"b7","to":"a8","text":"b7xa8=N","promo":"N","promoName":"Knight","changes":[["b7",null],["a8",{"image":"knight","white":true,"title":"White Knight"}]]},
{"from":"b7","to":"a8","text":"b7xa8=+Z","promo":"+Z","promoName":"Zebra <b>","changes":[["b7",null],["a8",{"image":"zebra","white":true,"title":"White Zebra"}]]},
{"from":"b7","to":"a8","text":"b7xa8","promo":null,"promoName":null,"changes":[["b7",null],["a8",{"image":"pawn","white":true,"title":"White Pawn"}]]},
{"from":"e1","to":"g1","text":"Ke1-g1","promo":null,"promoName":null,"changes":[["e1",null],["h1",null],["g1",{"image":"king","white":true,"title":"White King"}],["f1",{"image":"rook","white":true,"title":"White Rook"}]]}
]"#;
/// Replays the clicks listed in the URL fragment: squares, `~N` for the N-th panel button,
/// `kKEY` for a key press on the board (`kEnter`, `kArrowUp`).
const PLAY_CLICKS: &str = "location.hash.slice(1).split(',').filter(Boolean).forEach(function(s){\
if(s[0]==='k'){var b=document.getElementById('board');b.focus();b.dispatchEvent(new KeyboardEvent('keydown',{key:s.slice(1),bubbles:true}));return;}\
var t=s[0]==='~'?document.querySelectorAll('.pp-move-panel button')[+s.slice(1)]:document.querySelector('#board rect[data-square=\"'+s+'\"]');\
if(t)t.dispatchEvent(new MouseEvent('click',{bubbles:true}));});";
const OBENTO: &str = "otwsyiiyswto/rvgmbqkbmgvr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RVGMBQKBMGVR/OTWSYIIYSWTO";
const OBENTO_LETTERS: &[(char, &str)] = &[
    ('k', "king"),
    ('q', "queen"),
    ('r', "rook"),
    ('b', "bishop"),
    ('m', "marquis"),
    ('g', "gold-pashtun"),
    ('v', "silver-pashtun"),
    ('w', "wizard"),
    ('s', "ship"),
    ('t', "snake"),
    ('y', "osprey"),
    ('o', "ostrich"),
    ('i', "wildebeest"),
    ('p', "pawn"),
];
const GRATIA: &str = "rnagbykybganr/1ecdfw1wfdce1/ppppppppppppp/13/13/13/13/13/13/13/PPPPPPPPPPPPP/1ECDFW1WFDCE1/RNAGBYKYBGANR";
const GRATIA_LETTERS: &[(char, &str)] = &[
    ('k', "king"),
    ('r', "rook"),
    ('b', "bishop"),
    ('g', "giraffe"),
    ('y', "gryphon"),
    ('a', "anchorite"),
    ('n', "knight"),
    ('w', "wazir"),
    ('c', "camel"),
    ('f', "ferz"),
    ('d', "dabbaba"),
    ('e', "elephant"),
    ('q', "queen"),
    ('p', "pawn"),
];

fn title_case(image: &str) -> String {
    image
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses the board field of a FEN into a view (a1 first).
fn from_fen(fen: &str, width: u8, letters: &[(char, &str)]) -> BoardView {
    let rows: Vec<&str> = fen.split('/').collect();
    let height = rows.len() as u8;
    let mut v = BoardView::new(width, height);
    for (row_i, row) in rows.iter().enumerate() {
        let rank = usize::from(height) - 1 - row_i;
        let mut file = 0usize;
        let mut digits = String::new();
        for ch in row.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
            }
            let image = letters
                .iter()
                .find(|(l, _)| *l == ch.to_ascii_lowercase())
                .map(|(_, n)| *n)
                .unwrap_or("wombat");
            let white = ch.is_ascii_uppercase();
            let colour = if white { "White" } else { "Black" };
            v.squares[rank * usize::from(width) + file] = Some(PieceView::new(
                image,
                white,
                &format!("{colour} {}", title_case(image)),
            ));
            file += 1;
        }
    }
    v
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><style>body{{font-family:sans-serif;margin:8px;background:#faf7f0;color:#333}}\
         .grid{{display:flex;flex-wrap:wrap;gap:6px}}.cell{{width:132px;text-align:center;font-size:12px;border:1px solid #ddd;padding:4px;background:#fff}}\
         .sq{{display:inline-block;background:#b98b5e;line-height:0}}.sq.l{{background:#eedcb4}}</style></head>\
         <body>{}{body}</body></html>",
        sprite()
    )
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first().map(PathBuf::from) else {
        eprintln!("usage: gallery OUT_DIR [--static STATIC_PIECES_DIR]");
        std::process::exit(2);
    };
    if let Some(i) = args.iter().position(|a| a == "--static") {
        let Some(dir) = args.get(i + 1).map(PathBuf::from) else {
            eprintln!("--static needs a directory");
            std::process::exit(2);
        };
        for name in image_names() {
            write(
                &dir.join(format!("{name}.svg")),
                &standalone_svg(name, true),
            );
        }
        write(&dir.join("board.css"), &stylesheet());
    }

    // Every image in both colours on both square colours, at 60 px and 22 px.
    let mut g = String::from("<div class=\"grid\">");
    for name in image_names().into_iter().chain(["wombat"]) {
        let t = title_case(name);
        g.push_str(&format!(
            "<div class=\"cell\"><span class=\"sq l\">{}</span><span class=\"sq\">{}</span><br>\
             <span class=\"sq\">{}</span><span class=\"sq l\">{}</span> \
             <span class=\"sq l\">{}</span><span class=\"sq\">{}</span><br>{name}</div>",
            piece_icon(name, true, &format!("White {t}"), 60),
            piece_icon(name, false, &format!("Black {t}"), 60),
            piece_icon(name, true, &t, 22),
            piece_icon(name, false, &t, 22),
            piece_icon(name, true, &t, 30),
            piece_icon(name, false, &t, 30),
        ));
    }
    g.push_str("</div>");
    write(&out.join("gallery.html"), &page("plypost pieces", &g));

    // Close-ups: 12 images a page at 100 px, for screenshots.
    let names: Vec<&str> = image_names().into_iter().chain(["wombat"]).collect();
    for (i, chunk) in names.chunks(12).enumerate() {
        let mut b = String::from("<div class=\"grid\">");
        for name in chunk {
            b.push_str(&format!(
                "<div class=\"cell\" style=\"width:210px\"><span class=\"sq l\">{}</span><span class=\"sq\">{}</span><br>{name}</div>",
                piece_icon(name, true, name, 100),
                piece_icon(name, false, name, 100)
            ));
        }
        b.push_str("</div>");
        write(
            &out.join(format!("big-{}.html", i + 1)),
            &page("close-ups", &b),
        );
    }

    // Every image at 22 px on both square colours, as on a 16x16 board on a phone.
    let mut small = String::from("<table>");
    for chunk in names.chunks(8) {
        small.push_str("<tr>");
        for name in chunk {
            small.push_str(&format!(
                "<td style=\"font-size:10px;padding:2px 6px\"><span class=\"sq l\">{}</span><span class=\"sq\">{}</span><span class=\"sq l\">{}</span><span class=\"sq\">{}</span><br>{name}</td>",
                piece_icon(name, true, name, 22),
                piece_icon(name, true, name, 22),
                piece_icon(name, false, name, 22),
                piece_icon(name, false, name, 22)
            ));
        }
        small.push_str("</tr>");
    }
    small.push_str("</table>");
    write(&out.join("small.html"), &page("22 px", &small));

    let mut t2 = from_fen(TERACHESS2, 16, TERA2_LETTERS);
    t2.highlights = vec![
        (16 + 7, Highlight::LastFrom),
        (16 * 3 + 7, Highlight::LastTo),
        (16 * 14 + 7, Highlight::Check),
    ];
    let board = render_board(&t2);
    write(
        &out.join("board-16.html"),
        &page(
            "Terachess II",
            &format!("<div style=\"max-width:1100px\">{board}</div>"),
        ),
    );
    t2.flipped = true;
    t2.id = "board2".into();
    write(
        &out.join("board-16-flipped.html"),
        &page("Terachess II flipped", &render_board(&t2)),
    );
    // White's Terachess II camp alone, at about 60 px a square.
    let camp = from_fen(
        TERACHESS2
            .split('/')
            .skip(12)
            .collect::<Vec<_>>()
            .join("/")
            .as_str(),
        16,
        TERA2_LETTERS,
    );
    let mut black_camp = from_fen(
        TERACHESS2
            .split('/')
            .take(4)
            .collect::<Vec<_>>()
            .join("/")
            .as_str(),
        16,
        TERA2_LETTERS,
    );
    black_camp.id = "camp2".into();
    write(
        &out.join("camp-16.html"),
        &page(
            "camp",
            &format!(
                "<div style=\"width:1000px\">{}{}</div>",
                render_board(&camp),
                render_board(&black_camp)
            ),
        ),
    );
    let mut ob = from_fen(OBENTO, 12, OBENTO_LETTERS);
    ob.highlights = vec![
        (12 * 2 + 4, Highlight::Selected),
        (12 * 4 + 4, Highlight::Target),
        (12 * 3 + 4, Highlight::Target),
    ];
    write(
        &out.join("board-12.html"),
        &page("Obento", &render_board(&ob)),
    );
    let mut gr = from_fen(GRATIA, 13, GRATIA_LETTERS);
    if let Some(Some(p)) = gr.squares.get_mut(13 * 2) {
        p.badge = Some("R".into());
    }
    write(
        &out.join("board-13.html"),
        &page("GraTiA", &render_board(&gr)),
    );

    // Orthodox chess with a White Pawn on b7 and a legal-moves list, to try board.js by hand
    // (or with `play.html#e2,e4` style click scripts).
    let mut chess = from_fen(CHESS, 8, TERA2_LETTERS);
    chess.squares[6 * 8 + 1] = Some(PieceView::new("pawn", true, "White Pawn"));
    let js = concat!(env!("CARGO_MANIFEST_DIR"), "/../static/js/board.js");
    let css = concat!(env!("CARGO_MANIFEST_DIR"), "/../static/pieces/board.css");
    write(
        &out.join("play.html"),
        &page(
            "play",
            &format!(
                "<link rel=\"stylesheet\" href=\"file://{css}\"><div style=\"max-width:600px\">{}</div><script type=\"application/json\" id=\"legal-moves\">{PLAY_MOVES}</script>\
                 <form id=\"move-form\" action=\"about:blank\"><input name=\"move\"><input type=\"hidden\" name=\"ply\" value=\"5\">\
                 <input name=\"comment\"><button>Send</button></form><script src=\"file://{js}\"></script>\
                 <script>{PLAY_CLICKS}</script>",
                render_board(&chess)
            ),
        ),
    );

    // A Knight's move diagram and the mark legend.
    let knight = PieceView::new("knight", true, "White Knight");
    let c = 3 * 7 + 3;
    let mut marks: Vec<(usize, Mark)> = [
        (1i32, 2i32),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .iter()
    .map(|(dx, dy)| ((c as i32 + dy * 7 + dx) as usize, Mark::MoveOrCapture))
    .collect();
    marks.extend([
        (c + 7, Mark::Move),
        (c + 14 + 7, Mark::FirstMoveOnly),
        (c + 1, Mark::Capture),
        (c - 7, Mark::Blocked),
        (c - 14 - 1, Mark::Hop),
        (c - 2, Mark::Screen),
    ]);
    let mut d = render_move_diagram(7, 7, (c, &knight), &marks, "Moves of the Knight");
    for m in Mark::ALL {
        d.push_str(&format!(
            "<div>{} {}</div>",
            mark_icon(m, m.describe(), 22),
            m.describe()
        ));
    }
    let cells: Vec<Option<(char, bool)>> = t2
        .squares
        .iter()
        .map(|p| {
            p.as_ref()
                .map(|p| (p.image.chars().next().unwrap_or('?'), p.white))
        })
        .collect();
    d.push_str(&format!(
        "<pre>{}</pre>",
        text_diagram(16, 16, false, &cells)
    ));
    write(&out.join("diagram.html"), &page("diagram", &d));
}
