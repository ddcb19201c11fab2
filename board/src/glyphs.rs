//! Coordinates drawn as strokes: the board images of mails are rasterized without fonts
//! (resvg is built without text support, and a mail client has no stylesheet), so their
//! file letters and rank numbers are paths in a small hand-made stroke font.

use crate::svg::num;

/// Height of a digit or an ascender in glyph units; the x-height is 9, from 5 to 14.
const GLYPH_HEIGHT: f64 = 14.0;
/// Width of a glyph's box in glyph units.
const GLYPH_WIDTH: f64 = 10.0;
/// Space between the glyphs of a number, in glyph units.
const GLYPH_GAP: f64 = 2.0;

/// The strokes of one character in a 10 x 14 box (y downwards, baseline at 14); `None` for
/// characters the coordinates never use.
fn strokes(c: char) -> Option<&'static str> {
    Some(match c {
        '0' => "M5 0C0 0 0 14 5 14C10 14 10 0 5 0Z",
        '1' => "M2 3L5 0L5 14M2 14L8 14",
        '2' => "M1 3C1-1 9-1 9 3C9 7 1 10 1 14L9 14",
        '3' => "M1 0L9 0L5 5.5C10 5.5 10 14 5 14C2.5 14 1.5 13 1 12",
        '4' => "M7 14L7 0L0 10L10 10",
        '5' => "M9 0L2 0L1 6C4 4 10 5 9.5 9.5C9 15 2.5 14.5 1 12.5",
        '6' => "M8.5 1C3-1 1 5 1 9C1 15 9 15 9 10C9 5.5 1 5.5 1 9",
        '7' => "M1 0L9 0L4 14",
        '8' => "M5 0C0.5 0 0.5 6.5 5 6.5C9.5 6.5 9.5 0 5 0ZM5 6.5C-0.5 6.5-0.5 14 5 14C10.5 14 10.5 6.5 5 6.5Z",
        '9' => "M9 5C9 0 1 0 1 5C1 9.5 9 9.5 9 5L8.5 10C8 15 2.5 14.5 1 12.5",
        'a' => "M8 5L8 14M8 9.5C8 4 1 4 1 9.5C1 15 8 15 8 9.5",
        'b' => "M1 0L1 14M1 9.5C1 4 9 4 9 9.5C9 15 1 15 1 9.5",
        'c' => "M9 6.5C6 4 1 5 1 9.5C1 14 6 15 9 12.5",
        'd' => "M9 0L9 14M9 9.5C9 4 1 4 1 9.5C1 15 9 15 9 9.5",
        'e' => "M1 9.5L9 9.5C9 4 1 4 1 9.5C1 14 6 15 9 12.5",
        'f' => "M8 1C5-1 3 1 3 4L3 14M0 6L7 6",
        'g' => "M8 5L8 16C8 19 2.5 19 1 17M8 9.5C8 4 1 4 1 9.5C1 15 8 15 8 9.5",
        'h' => "M1 0L1 14M1 9C1 4 9 4 9 9L9 14",
        'i' => "M5 5L5 14M5 1L5 2",
        'j' => "M6 5L6 16C6 19 2 19 1 17M6 1L6 2",
        'k' => "M1 0L1 14M9 5L1 11M4 9L9 14",
        'l' => "M4 0L4 12C4 14 6 14 7 14",
        'm' => "M1 14L1 5M1 8C1 4 5 4 5 8L5 14M5 8C5 4 9 4 9 8L9 14",
        'n' => "M1 14L1 5M1 9C1 4 9 4 9 9L9 14",
        'o' => "M5 5C0 5 0 14 5 14C10 14 10 5 5 5Z",
        'p' => "M1 5L1 18M1 9.5C1 4 9 4 9 9.5C9 15 1 15 1 9.5",
        _ => return None,
    })
}

/// Appends `text` as stroked paths centred on `centre_x`, its baseline at `baseline`,
/// `height` board units tall (for a digit); characters without strokes are skipped.
pub(crate) fn draw(out: &mut String, text: &str, centre_x: f64, baseline: f64, height: f64) {
    let scale = height / GLYPH_HEIGHT;
    let count = text.chars().count() as f64;
    let width = count * GLYPH_WIDTH + (count - 1.0).max(0.0) * GLYPH_GAP;
    let mut x = centre_x - width * scale / 2.0;
    for c in text.chars() {
        if let Some(d) = strokes(c) {
            out.push_str(&format!(
                "<path transform=\"translate({} {}) scale({})\" d=\"{d}\"/>",
                num(x),
                num(baseline - height),
                num(scale)
            ));
        }
        x += (GLYPH_WIDTH + GLYPH_GAP) * scale;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_of_a_sixteen_by_sixteen_board_has_strokes() {
        for c in ('a'..='p').chain('0'..='9') {
            let d = strokes(c).unwrap_or_else(|| panic!("{c}"));
            assert!(d.starts_with('M'), "{c}: {d}");
        }
        assert_eq!(strokes('?'), None);
        let mut out = String::new();
        draw(&mut out, "16", 19.0, 60.0, 21.0);
        assert_eq!(out.matches("<path").count(), 2);
        // Centred: the first glyph starts left of the centre by half the number's width.
        let scale = 21.0 / GLYPH_HEIGHT;
        let left = 19.0 - (2.0 * GLYPH_WIDTH + GLYPH_GAP) * scale / 2.0;
        assert!(
            out.contains(&format!("translate({} 39)", num(left))),
            "{out}"
        );
    }
}
