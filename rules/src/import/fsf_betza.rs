//! Fairy-Stockfish's Betza dialect, read as Fairy-Stockfish reads it, and written again in
//! the standard XBetza that plypost's `betza` key compiles (`crate::betza`).
//!
//! The dialects differ on oblique atoms: Fairy-Stockfish's `fN` is the narrow forward pair
//! (standard `ffN`) and its `fhN` the four forward moves (standard `fN`); its `fsK` on the W
//! part of K means left and right. Rather than map letters to letters, each component is
//! expanded to its exact set of vectors by Fairy-Stockfish's rules, then written one vector
//! at a time in unambiguous standard letters. Characters Fairy-Stockfish skips (`a`, `y`,
//! `o`, ...) are skipped too, with a warning, so the imported piece moves as it does there.

use std::collections::BTreeSet;

use super::Problem;

/// A piece's movement in standard XBetza, with what the dialect said besides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translated {
    /// Empty when every component was dropped (an immobile piece).
    pub xbetza: String,
    /// The text held `e`: Fairy-Stockfish lets the piece capture en passant.
    pub en_passant: bool,
    /// Some component is an initial move (`i`): it applies on the double-step region.
    pub initial: bool,
    /// Characters Fairy-Stockfish ignores, for a warning.
    pub ignored: Vec<char>,
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The atoms Fairy-Stockfish knows, as (rank step, file step) pairs.
fn atoms(letter: char) -> Option<(&'static [(i8, i8)], bool)> {
    const W: [(i8, i8); 1] = [(1, 0)];
    const F: [(i8, i8); 1] = [(1, 1)];
    const D: [(i8, i8); 1] = [(2, 0)];
    const N: [(i8, i8); 1] = [(2, 1)];
    const A: [(i8, i8); 1] = [(2, 2)];
    const H: [(i8, i8); 1] = [(3, 0)];
    const C: [(i8, i8); 1] = [(3, 1)];
    const Z: [(i8, i8); 1] = [(3, 2)];
    const G: [(i8, i8); 1] = [(3, 3)];
    const K: [(i8, i8); 2] = [(1, 0), (1, 1)];
    Some(match letter {
        'W' => (&W, false),
        'F' => (&F, false),
        'D' => (&D, false),
        'N' => (&N, false),
        'A' => (&A, false),
        'H' => (&H, false),
        'L' | 'C' => (&C, false),
        'J' | 'Z' => (&Z, false),
        'G' => (&G, false),
        'K' => (&K, false),
        'R' => (&W, true),
        'B' => (&F, true),
        'Q' => (&K, true),
        _ => return None,
    })
}

/// The vectors (dx, dy; dy forward) of atom (a = rank step, b = file step) under the
/// direction pairs `dirs`, by Fairy-Stockfish's table of eight cases.
fn vectors(a: i8, b: i8, dirs: &[String]) -> BTreeSet<(i8, i8)> {
    let has = |names: &[&str]| dirs.is_empty() || names.iter().any(|n| dirs.iter().any(|d| d == n));
    let mut out = BTreeSet::new();
    let cases: [((i8, i8), &[&str]); 8] = [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    for (v, names) in cases {
        if has(names) {
            out.insert(v);
        }
    }
    out
}

/// Standard direction letters that pick exactly vector `v` of its atom.
fn letters(v: (i8, i8)) -> String {
    let (dx, dy) = v;
    let h = if dx > 0 { 'r' } else { 'l' };
    let vert = if dy > 0 { 'f' } else { 'b' };
    if dx == 0 {
        vert.to_string()
    } else if dy == 0 {
        h.to_string()
    } else if dx.abs() == dy.abs() {
        format!("{vert}{h}")
    } else if dy.abs() > dx.abs() {
        // The shorter axis's direction first, then the longer's (Muller's pair).
        format!("{h}{vert}")
    } else {
        format!("{vert}{h}")
    }
}

/// The standard atom letter of a base leap (larger coordinate first).
fn atom_letter(a: i8, b: i8) -> &'static str {
    match (a.max(b), a.min(b)) {
        (1, 0) => "W",
        (1, 1) => "F",
        (2, 0) => "D",
        (2, 1) => "N",
        (2, 2) => "A",
        (3, 0) => "H",
        (3, 1) => "C",
        (3, 2) => "Z",
        _ => "G",
    }
}

/// Every image of a base leap under the board's symmetries.
fn all_images(a: i8, b: i8) -> BTreeSet<(i8, i8)> {
    vectors(a, b, &[])
}

/// One component as Fairy-Stockfish reads it.
struct Component {
    quiet: bool,
    capture: bool,
    hopper: bool,
    lame: bool,
    initial: bool,
    rider: bool,
    distance: u8,
    bases: &'static [(i8, i8)],
    dirs: Vec<String>,
}

/// Reads `text` as Fairy-Stockfish does and writes it in standard XBetza; an error names
/// the part plypost cannot express.
pub fn translate(text: &str) -> Result<Translated, Problem> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > 100 {
        return Err(Problem::coded(
            "betza-too-long",
            "the Betza text is longer than 100 characters",
        ));
    }
    let mut out = Translated {
        xbetza: String::new(),
        en_passant: chars.contains(&'e'),
        initial: false,
        ignored: Vec::new(),
    };
    let (mut quiet, mut capture, mut hopper, mut lame, mut initial) =
        (false, false, false, false, false);
    let mut dirs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' => hopper = true,
            'g' => {
                return Err(Problem::coded(
                    "betza-grasshopper",
                    "'g' (a grasshopper) is not part of plypost's movement model",
                ))
            }
            'n' => lame = true,
            'i' => initial = true,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some(c2)
                        if c2 == c
                            || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                            || (HORIZONTALS.contains(c) && VERTICALS.contains(c2)) =>
                    {
                        dirs.push(format!("{c}{c2}"));
                        i += 1;
                    }
                    _ => dirs.push(format!("{c}{c}")),
                }
            }
            _ => match atoms(c) {
                Some((bases, rides)) => {
                    let mut rider = rides;
                    let mut distance = 0;
                    if let Some(&n) = chars.get(i + 1) {
                        if n.is_ascii_digit() || n == c {
                            rider = true;
                            if let Some(d) = n.to_digit(10) {
                                distance = d as u8;
                            }
                            i += 1;
                        }
                    }
                    // No modality letter means both.
                    let both = !quiet && !capture;
                    let component = Component {
                        quiet: quiet || both,
                        capture: capture || both,
                        hopper,
                        lame,
                        initial,
                        rider,
                        distance,
                        bases,
                        dirs: std::mem::take(&mut dirs),
                    };
                    out.initial |= initial;
                    out.xbetza.push_str(&write_component(&component)?);
                    (quiet, capture, hopper, lame, initial) = (false, false, false, false, false);
                }
                None if c == 'e' => {}
                None => out.ignored.push(c),
            },
        }
        i += 1;
    }
    Ok(out)
}

/// One component in standard XBetza: a group per base leap and mode, the directions either
/// implied (all of them) or listed vector by vector.
fn write_component(c: &Component) -> Result<String, Problem> {
    if c.initial && c.capture {
        return Err(Problem::coded(
            "betza-initial-capture",
            "an initial move that may capture ('i' without 'm') is not part of plypost's \
             movement model (first moves there never capture)",
        ));
    }
    if c.hopper && c.distance != 0 {
        return Err(Problem::coded(
            "betza-limited-hopper",
            "a hopper with a limited range is not part of plypost's model",
        ));
    }
    // The whole King or Queen stays one letter.
    if c.bases.len() == 2 && c.dirs.is_empty() && !c.hopper && !c.lame && !c.initial {
        let mode = match (c.quiet, c.capture) {
            (true, false) => "m",
            (false, true) => "c",
            _ => "",
        };
        match (c.rider, c.distance) {
            (false, _) => return Ok(format!("{mode}K")),
            (true, 0) => return Ok(format!("{mode}Q")),
            _ => {}
        }
    }
    let mut text = String::new();
    for &(a, b) in c.bases {
        // Fairy-Stockfish splits combined letters on an orthogonal atom of its own (fsW).
        let dirs: Vec<String> = if c.bases.len() == 1 && b == 0 {
            c.dirs
                .iter()
                .flat_map(|d| {
                    let mut it = d.chars();
                    let (x, y) = (it.next().unwrap_or('f'), it.next().unwrap_or('f'));
                    if x == y {
                        vec![d.clone()]
                    } else {
                        vec![format!("{x}{x}"), format!("{y}{y}")]
                    }
                })
                .collect()
        } else {
            c.dirs.clone()
        };
        let set = vectors(a, b, &dirs);
        if set.is_empty() {
            continue;
        }
        let straight = b == 0 || a == b;
        if c.lame && !c.rider && !straight {
            return Err(Problem::coded(
                "betza-lame-oblique",
                format!(
                    "'n' (lame) on the oblique atom {} (the Xiangqi Horse's nN) is not part of \
                     plypost's movement model",
                    atom_letter(a, b)
                ),
            )
            .arg("atom", atom_letter(a, b)));
        }
        let mut prefix = String::new();
        if c.initial {
            prefix.push('i');
        }
        match (c.quiet, c.capture) {
            (true, false) => prefix.push('m'),
            (false, true) => prefix.push('c'),
            _ => {}
        }
        let letter = atom_letter(a, b);
        let rides = c.rider || c.hopper;
        let atom = if c.hopper {
            // Fairy-Stockfish's hoppers always ride.
            prefix.push('p');
            match letter {
                "W" => "R".to_owned(),
                "F" => "B".to_owned(),
                other => format!("{other}{other}"),
            }
        } else if rides && c.distance == 0 {
            match letter {
                "W" => "R".to_owned(),
                "F" => "B".to_owned(),
                other => format!("{other}{other}"),
            }
        } else if rides && c.distance > 1 {
            format!("{letter}{}", c.distance)
        } else {
            if c.lame && (a > 1 || b > 1) {
                prefix.push('n');
            }
            letter.to_owned()
        };
        if set == all_images(a, b) {
            text.push_str(&format!("{prefix}{atom}"));
        } else {
            for v in &set {
                text.push_str(&format!("{prefix}{}{atom}", letters(*v)));
            }
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Vector;

    /// The vectors of a standard XBetza text as plypost compiles it.
    fn compiled(text: &str) -> BTreeSet<(i8, i8, String)> {
        let piece = crate::betza::compile(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut out = BTreeSet::new();
        for part in piece.parts {
            let mode = format!("{:?}", part.mode);
            let vs: Vec<Vector> = match part.shape {
                crate::model::Shape::Leap { vectors } => vectors,
                crate::model::Shape::Ride { vectors, .. } => vectors,
                crate::model::Shape::Hop { vectors } => vectors,
                crate::model::Shape::Bent { .. } => Vec::new(),
            };
            for v in vs {
                out.insert((v.dx, v.dy, mode.clone()));
            }
        }
        out
    }

    #[test]
    fn oblique_letters_follow_fairy_stockfish() {
        // Narrow forward pair: (±1, 2).
        let t = translate("fN").unwrap();
        let got: Vec<(i8, i8)> = compiled(&t.xbetza)
            .into_iter()
            .map(|(x, y, _)| (x, y))
            .collect();
        assert_eq!(got, vec![(-1, 2), (1, 2)]);
        // All four forward moves.
        let t = translate("fhN").unwrap();
        assert_eq!(compiled(&t.xbetza).len(), 4);
        assert!(compiled(&t.xbetza).iter().all(|(_, y, _)| *y > 0));
        // Whole atoms stay whole.
        assert_eq!(translate("N").unwrap().xbetza, "N");
        assert_eq!(translate("mRcpR").unwrap().xbetza, "mRcpR");
    }

    #[test]
    fn orthogonal_and_diagonal_directions() {
        let t = translate("fsW").unwrap();
        let got: BTreeSet<(i8, i8)> = compiled(&t.xbetza)
            .into_iter()
            .map(|(x, y, _)| (x, y))
            .collect();
        assert_eq!(got, BTreeSet::from([(0, 1), (1, 0), (-1, 0)]));
        let t = translate("fmWfceF").unwrap();
        assert!(t.en_passant);
        let got = compiled(&t.xbetza);
        assert!(got.contains(&(0, 1, "MoveOnly".to_owned())));
        assert!(got.contains(&(1, 1, "CaptureOnly".to_owned())));
        assert!(got.contains(&(-1, 1, "CaptureOnly".to_owned())));
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn refusals_name_the_part() {
        assert!(translate("gQ").unwrap_err().message.contains("grasshopper"));
        let lame = translate("nN").unwrap_err();
        assert!(lame.message.contains("lame"));
        assert_eq!(lame.code.as_deref(), Some("betza-lame-oblique"));
        assert!(translate("iW").unwrap_err().message.contains("initial"));
        let t = translate("mafsW").unwrap();
        assert_eq!(t.ignored, vec!['a']);
    }
}
