//! Piece images. Each drawing lives once, in `src/pieces/NAME.svg`, as SVG elements on a
//! 100x100 canvas. Elements are styled with a few one-letter classes so that one drawing serves
//! both colours:
//!
//! | class | meaning                                   | White        | Black        |
//! |-------|-------------------------------------------|--------------|--------------|
//! | `b`   | body: filled, outlined                    | light + dark | dark + black |
//! | `l`   | inner detail line (no fill)               | dark         | light        |
//! | `e`   | inner detail fill (no stroke)             | dark         | light        |
//! | `o`   | outline-coloured line (no fill)           | dark         | black        |
//! | `f`   | body fill, no stroke (covers lines below) | light        | dark         |
//! | `x`   | outline-coloured fill (no stroke)         | dark         | black        |
//!
//! A drawing may reuse another one with `<part href="NAME" transform="..."/>`; parts whose
//! name starts with `_` are building blocks, not images.
//!
//! In the sprite the classes become CSS classes reading `--pf`/`--ps`/`--pd` custom properties
//! (set by `.pcw`/`.pck` on the `<use>`); in standalone images they become plain attributes.

use std::sync::OnceLock;

use crate::svg::escape;

macro_rules! drawings {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("pieces/", $name, ".svg")))),*]
    };
}

/// Every image name, in gallery order (orthodox, Terachess II, Terachess I, Obento, GraTiA).
const IMAGES: &[(&str, &str)] = drawings!(
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "prince",
    "elephant",
    "machine",
    "camel",
    "giraffe",
    "buffalo",
    "lion",
    "cannon",
    "crocodile",
    "sorceress",
    "eagle",
    "rhinoceros",
    "marshal",
    "cardinal",
    "amazon",
    "centaur",
    "admiral",
    "missionary",
    "duchess",
    "troll",
    "corporal",
    "ship",
    "gazelle",
    "marquis",
    "gold-pashtun",
    "silver-pashtun",
    "wizard",
    "snake",
    "osprey",
    "ostrich",
    "wildebeest",
    "dragon-king",
    "dragon-horse",
    "flying-ox",
    "squirrel",
    "caliph",
    "wildeguard",
    "gold-rider",
    "silver-rider",
    "gryphon",
    "anchorite",
    "wazir",
    "ferz",
    "dabbaba",
    "nightpotentate",
    "panda",
    "camelpotentate",
    "bear",
    "pocket",
    "picket",
    "generic",
);

/// Building blocks used by `<part>`; not images.
const PARTS: &[(&str, &str)] = drawings!(
    "_plinth",
    "_base",
    "_promo",
    "_throne",
    "_pawnbody",
    "_king",
    "_queen",
    "_rook",
    "_bishop",
    "_knight",
    "_prince",
    "_anchor",
    "_book",
    "_turban",
    "_tile",
    "_wings",
    "_crown",
    "_bull",
    "_gnu",
    "_bearface",
    "_wazir",
);

/// Other names for the same images (old names, synonyms used by other programs).
pub const ALIASES: &[(&str, &str)] = &[
    ("old-rhinoceros", "rhinoceros"),
    ("bull", "giraffe"),
    ("bow", "crocodile"),
    ("archer", "crocodile"),
    ("star", "sorceress"),
    ("griffon", "eagle"),
    ("chancellor", "marshal"),
    ("archbishop", "cardinal"),
    ("princess", "cardinal"),
    ("empress", "marshal"),
    ("alfil", "elephant"),
    ("vizier", "wazir"),
    ("met", "ferz"),
    ("man", "prince"),
    ("commoner", "prince"),
    ("gnu", "wildebeest"),
    ("griffin", "gryphon"),
    ("gold-general", "gold-pashtun"),
    ("silver-general", "silver-pashtun"),
];

/// The name of the image to show for `image` (after aliases), or `None` if there is none.
pub fn canonical_image(image: &str) -> Option<&'static str> {
    let wanted = normalise(image);
    if let Some((name, _)) = IMAGES.iter().find(|(n, _)| *n == wanted && *n != "generic") {
        return Some(name);
    }
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == wanted)
        .map(|(_, target)| *target)
}

/// Whether `image` (or an alias of it) has its own drawing.
pub fn has_image(image: &str) -> bool {
    canonical_image(image).is_some()
}

/// The names of all images with their own drawing (not the generic fallback, not aliases).
pub fn image_names() -> Vec<&'static str> {
    IMAGES
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| *n != "generic")
        .collect()
}

/// Lower case, spaces and underscores to '-', so "Old Rhinoceros" finds "old-rhinoceros".
fn normalise(image: &str) -> String {
    image
        .trim()
        .chars()
        .map(|c| match c {
            ' ' | '_' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The letter shown by the generic image: the first letter or digit of the name.
pub(crate) fn generic_letter(image: &str) -> String {
    image
        .chars()
        .find(|c| c.is_alphanumeric())
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_else(|| "?".to_string())
}

fn fragment(name: &str) -> Option<&'static str> {
    IMAGES
        .iter()
        .chain(PARTS.iter())
        .find(|(n, _)| *n == name)
        .map(|(_, body)| *body)
}

/// Replaces every `<part href="X" transform="T"/>` with a group holding drawing X.
fn expand(body: &str, depth: u8) -> String {
    let mut out = String::with_capacity(body.len() * 2);
    let mut rest = body;
    while let Some(start) = rest.find("<part ") {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        let Some(end) = tail.find("/>") else {
            break;
        };
        let tag = &tail[..end];
        let href = attr(tag, "href").unwrap_or_default();
        match fragment(href) {
            Some(inner) if depth < 4 => {
                out.push_str("<g");
                // A scaled part sets a wider stroke so its lines match the unscaled ones.
                for name in ["transform", "stroke-width"] {
                    if let Some(v) = attr(tag, name) {
                        out.push_str(&format!(" {name}=\"{v}\""));
                    }
                }
                out.push('>');
                out.push_str(&expand(inner, depth + 1));
                out.push_str("</g>");
            }
            // A missing part is a bug caught by the tests; draw nothing rather than fail.
            _ => {}
        }
        rest = &tail[end + 2..];
    }
    out.push_str(rest);
    out
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// The drawing of an image with parts expanded, still using the one-letter classes.
fn drawing(image: &str) -> String {
    let name = canonical_image(image).unwrap_or("generic");
    expand(fragment(name).unwrap_or_default(), 0)
}

const CLASSES: &[&str] = &["b", "l", "e", "o", "f", "x"];

/// Rewrites the one-letter classes to the sprite's CSS classes (`ppb`, `ppl`, ...).
fn with_css_classes(body: &str) -> String {
    let mut s = body.to_string();
    for c in CLASSES {
        s = s.replace(&format!("class=\"{c}\""), &format!("class=\"pp{c}\""));
    }
    s
}

pub(crate) struct Palette {
    pub fill: &'static str,
    pub stroke: &'static str,
    pub detail: &'static str,
}

pub(crate) const WHITE: Palette = Palette {
    fill: "#fcfaf2",
    stroke: "#1e1e1e",
    detail: "#1e1e1e",
};
pub(crate) const BLACK: Palette = Palette {
    fill: "#33302d",
    stroke: "#0a0a0a",
    detail: "#f2efe6",
};

/// Rewrites the one-letter classes to plain colour attributes (for images used outside a page
/// that has the sprite's CSS).
fn with_colours(body: &str, p: &Palette) -> String {
    let (f, s, d) = (p.fill, p.stroke, p.detail);
    let rules = [
        ("b", format!("fill=\"{f}\" stroke=\"{s}\"")),
        ("l", format!("fill=\"none\" stroke=\"{d}\"")),
        ("e", format!("fill=\"{d}\" stroke=\"none\"")),
        ("o", format!("fill=\"none\" stroke=\"{s}\"")),
        ("f", format!("fill=\"{f}\" stroke=\"none\"")),
        ("x", format!("fill=\"{s}\" stroke=\"none\"")),
    ];
    let mut out = body.to_string();
    for (class, attrs) in rules {
        out = out.replace(&format!("class=\"{class}\""), &attrs);
    }
    out
}

/// Attributes of the group wrapping every drawing: the shared line style.
const GROUP: &str =
    "stroke-width=\"4.5\" stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-miterlimit=\"2\"";

/// CSS for the sprite classes and the two piece colours. Repeated in every board so that a
/// board is styled even where the page has no other stylesheet.
pub(crate) fn piece_css() -> String {
    format!(
        ".ppb{{fill:var(--pf);stroke:var(--ps)}}.ppl{{fill:none;stroke:var(--pd)}}\
         .ppe{{fill:var(--pd);stroke:none}}.ppo{{fill:none;stroke:var(--ps)}}\
         .ppf{{fill:var(--pf);stroke:none}}.ppx{{fill:var(--ps);stroke:none}}\
         .pcw{{--pf:{wf};--ps:{ws};--pd:{wd}}}.pck{{--pf:{bf};--ps:{bs};--pd:{bd}}}\
         .ppletter{{font:bold 40px Georgia,'DejaVu Serif',serif;text-anchor:middle;fill:var(--pd)}}",
        wf = WHITE.fill,
        ws = WHITE.stroke,
        wd = WHITE.detail,
        bf = BLACK.fill,
        bs = BLACK.stroke,
        bd = BLACK.detail,
    )
}

/// A hidden `<svg>` with one `<symbol id="pc-NAME" viewBox="0 0 100 100">` per image and per
/// alias, plus `pc-generic` (draw its letter over it yourself, as [`crate::render_board`] does).
/// Include it once per page.
pub fn sprite() -> &'static str {
    static SPRITE: OnceLock<String> = OnceLock::new();
    SPRITE.get_or_init(|| build_sprite(|_| true, true))
}

/// The sprite with only what boards of `images` draw: their drawings (boards refer to the
/// canonical name, never an alias) and the generic piece. A game page carries its variant's
/// two dozen pieces instead of every drawing.
pub fn sprite_for<'a>(images: impl IntoIterator<Item = &'a str>) -> String {
    let wanted: std::collections::HashSet<&str> =
        images.into_iter().filter_map(canonical_image).collect();
    build_sprite(|name| name == "generic" || wanted.contains(name), false)
}

fn build_sprite(include: impl Fn(&str) -> bool, aliases: bool) -> String {
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pp-sprite\" width=\"0\" height=\"0\" \
         style=\"position:absolute;width:0;height:0;overflow:hidden\" aria-hidden=\"true\" \
         focusable=\"false\"><style>",
    );
    s.push_str(&piece_css());
    s.push_str("</style>");
    for (name, _) in IMAGES.iter().filter(|(name, _)| include(name)) {
        s.push_str(&format!(
            "<symbol id=\"pc-{name}\" viewBox=\"0 0 100 100\"><g {GROUP}>{}</g></symbol>",
            with_css_classes(&drawing(name))
        ));
    }
    // Aliases point at their image rather than repeating the drawing.
    for (alias, target) in ALIASES.iter().filter(|_| aliases) {
        s.push_str(&format!(
            "<symbol id=\"pc-{alias}\" viewBox=\"0 0 100 100\"><use href=\"#pc-{target}\" width=\"100\" height=\"100\"/></symbol>"
        ));
    }
    s.push_str("</svg>");
    s
}

/// The inner markup of a piece for a self-contained SVG: drawing with colour attributes, and the
/// letter for images without a drawing.
pub(crate) fn colour_body(image: &str, white: bool) -> String {
    let palette = if white { &WHITE } else { &BLACK };
    let mut body = format!("<g {GROUP}>{}</g>", with_colours(&drawing(image), palette));
    if !has_image(image) {
        body.push_str(&format!(
            "<text x=\"50\" y=\"60\" font-family=\"Georgia,'DejaVu Serif',serif\" \
             font-weight=\"bold\" font-size=\"40\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            palette.detail,
            escape(&generic_letter(image))
        ));
    }
    body
}

/// A complete SVG document of one piece (100x100), as stored in `static/pieces/NAME.svg`.
pub fn standalone_svg(image: &str, white: bool) -> String {
    let name = canonical_image(image).unwrap_or(image);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" \
         height=\"100\">\n<title>{}</title>\n{}\n</svg>\n",
        escape(name),
        colour_body(image, white)
    )
}

/// A self-contained inline `<svg>` of one piece, `size_px` square, with a tooltip title. Works
/// without the sprite; unknown images show the generic piece with the name's first letter.
pub fn piece_icon(image: &str, white: bool, title: &str, size_px: u32) -> String {
    let t = escape(title);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pp-icon\" viewBox=\"0 0 100 100\" \
         width=\"{size_px}\" height=\"{size_px}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title>{}</svg>",
        colour_body(image, white)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_sprite_holds_only_its_drawings() {
        let small = sprite_for(["king", "old-rhinoceros", "wombat"]);
        assert!(small.contains("id=\"pc-king\"") && small.contains("id=\"pc-rhinoceros\""));
        assert!(small.contains("id=\"pc-generic\""), "for the wombat");
        assert!(!small.contains("id=\"pc-queen\"") && !small.contains("id=\"pc-old-rhinoceros\""));
        assert!(small.len() * 5 < sprite().len());
    }

    #[test]
    fn aliases_resolve() {
        assert_eq!(canonical_image("old-rhinoceros"), Some("rhinoceros"));
        assert_eq!(canonical_image("Old Rhinoceros"), Some("rhinoceros"));
        assert_eq!(canonical_image("king"), Some("king"));
        assert_eq!(canonical_image("generic"), None);
        assert_eq!(canonical_image("wombat"), None);
        for (alias, target) in ALIASES {
            assert!(has_image(target), "{alias} -> {target}");
            assert!(
                !IMAGES.iter().any(|(n, _)| n == alias),
                "{alias} shadows an image"
            );
        }
    }

    #[test]
    fn parts_all_resolve() {
        for (name, body) in IMAGES.iter().chain(PARTS.iter()) {
            let mut rest = *body;
            while let Some(i) = rest.find("<part ") {
                let href = attr(&rest[i..], "href").unwrap_or_default();
                assert!(fragment(href).is_some(), "{name}: unknown part {href}");
                rest = &rest[i + 6..];
            }
            assert!(!drawing(name).contains("<part"), "{name}");
        }
    }

    #[test]
    fn generic_letters() {
        assert_eq!(generic_letter("wombat"), "W");
        assert_eq!(generic_letter("-"), "?");
    }
}
