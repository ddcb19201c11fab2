//! An Interactive Diagram (H. G. Muller's `<div class="idiagram">` on chessvariants.com)
//! → plypost's variant definition.
//!
//! The text is one definition a line: `key=value` parameters, then the pieces as
//! `name:ID:XBetza:image:squares`. Squares are comma lists and ranges of White's start
//! squares (`a2-h2`); after an empty item (`,,`) Black's are listed, else they are White's
//! mirrored (or turned half round with `symmetry=rotate`). The XBetza is read as Muller
//! defines it: on oblique atoms `fN` is the narrow forward pair and `fhN` all four forward
//! moves, the reading Fairy-Stockfish shares, so the same translation serves both imports.
//! Castling is the King's `O` atom (`isO3`: three squares toward the corner, with the corner
//! piece). Parameters that change the rules in ways plypost cannot follow are errors naming
//! them; display parameters are ignored.

use super::fsf::{EXPLOSIONS, PIECES_IN_HAND, PIECE_PROMOTION};
use super::fsf_betza;
use super::spec::{CastlingSpec, PieceSpec, Spec};
use super::{why, Imported, Problem, Refusal};
use crate::variant::StalemateRule;

/// Parameters that only change how the diagram looks or plays in the browser.
const DISPLAY: &[&str] = &[
    "graphicsDir",
    "graphicsType",
    "whitePrefix",
    "blackPrefix",
    "squareSize",
    "lightShade",
    "darkShade",
    "rimColor",
    "coordColor",
    "borders",
    "useMarkers",
    "newClick",
    "theme",
    "enableAI",
    "satellite",
    "startShade",
    "hideRules",
    "autoGate",
];

const CAPTURE_MATRIX: Refusal = why(
    "capture-matrix",
    "a capture matrix (who may capture whom) is not part of plypost's rules",
);
const SHUFFLE: Refusal = why(
    "shuffle",
    "shuffled setups are not part of the import (add them as named setups to the preset)",
);
const TRACKERS: Refusal = why("trackers", "trackers are not part of plypost's rules");
const IRREGULAR_BOARD: Refusal = why(
    "irregular-board",
    "irregular boards are not part of plypost's rules",
);
const ANTI_TRADE: Refusal = why(
    "anti-trade",
    "anti-trade rules are not part of plypost's rules",
);
const CASTLE_FLAGS: Refusal = why(
    "castle-flags",
    "castling flags other than the King's O atom are not supported by the import",
);
const SPELLS: Refusal = why("spells", "spells are not part of plypost's rules");

/// Parameters of rules plypost does not have.
const REFUSED: &[(&str, Refusal)] = &[
    ("holdingsType", PIECES_IN_HAND),
    ("captureMatrix", CAPTURE_MATRIX),
    ("shuffle", SHUFFLE),
    ("trackers", TRACKERS),
    ("trackPieces", TRACKERS),
    ("trackedTypes", TRACKERS),
    ("hole", IRREGULAR_BOARD),
    ("holes", IRREGULAR_BOARD),
    ("morph", IRREGULAR_BOARD),
    ("promoOffset", PIECE_PROMOTION),
    ("protected", ANTI_TRADE),
    ("counterStrike", ANTI_TRADE),
    ("blastZone", EXPLOSIONS),
    ("atomicCapture", EXPLOSIONS),
    ("castleFlags", CASTLE_FLAGS),
];

/// The default movement of the standard piece names (an empty XBetza field).
const DEFAULT_MOVES: &[(&str, &str)] = &[
    ("pawn", "fmWfceFifmnD"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("king", "K"),
    ("archbishop", "BN"),
    ("cardinal", "BN"),
    ("princess", "BN"),
    ("chancellor", "RN"),
    ("marshall", "RN"),
    ("marshal", "RN"),
    ("empress", "RN"),
    ("amazon", "QN"),
    ("cannon", "mRcpR"),
    ("camel", "C"),
    ("zebra", "Z"),
    ("ferz", "F"),
    ("wazir", "W"),
    ("alfil", "A"),
    ("dabbaba", "D"),
    ("elephant", "FA"),
    ("commoner", "K"),
    ("man", "K"),
    ("centaur", "KN"),
];

/// One piece line, read.
struct PieceLine {
    line: usize,
    name: String,
    id: char,
    betza: String,
    /// The XBetza field was empty: the name's standard movement.
    default_moves: bool,
    white: Vec<(u8, u8)>,
    black: Option<Vec<(u8, u8)>>,
}

/// The diagram's text without its HTML: the inside of the `idiagram` element, `<br>` as line
/// breaks, entities decoded.
fn plain_text(text: &str) -> String {
    let mut body = text.to_owned();
    if let Some(start) = body.find("idiagram") {
        if let Some(open_end) = body[start..].find('>') {
            body = body[start + open_end + 1..].to_owned();
        }
        if let Some(end) = body.find("</div") {
            body.truncate(end);
        }
    }
    let body = body
        .replace("<br>", "\n")
        .replace("<br/>", "\n")
        .replace("<br />", "\n")
        .replace("<BR>", "\n");
    let mut out = String::new();
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", " ")
}

/// Imports a diagram.
pub fn import(text: &str) -> Result<Imported, Vec<Problem>> {
    let text = plain_text(text);
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut params: Vec<(usize, String, String)> = Vec::new();
    let mut raw_pieces: Vec<(usize, Vec<String>)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() {
            continue;
        }
        let eq = content.find('=');
        let colon = content.find(':');
        match (eq, colon) {
            (Some(e), c) if c.is_none_or(|c| e < c) => {
                let (k, v) = content.split_at(e);
                params.push((line, k.trim().to_owned(), v[1..].trim().to_owned()));
            }
            (_, Some(_)) => {
                raw_pieces.push((line, content.split(':').map(str::to_owned).collect()));
            }
            _ => errors.push(
                Problem::coded(
                    "expected-line",
                    "expected `key=value` or a piece line `name:ID:XBetza:image:squares`",
                )
                .at(line, ""),
            ),
        }
    }
    let param = |key: &str| last_param(&params, key);
    let number = |key: &str, default: u8, errors: &mut Vec<Problem>| -> u8 {
        match param(key) {
            None => default,
            Some((line, v)) => match v.parse::<u8>() {
                Ok(n) => n,
                Err(_) => {
                    errors.push(super::not_a_number(&v).at(line, key));
                    default
                }
            },
        }
    };
    let width = number("files", 8, &mut errors);
    let height = number("ranks", 8, &mut errors);
    if param("ranks").is_none() {
        warnings.push(Problem::coded("ranks-assumed", "not given: 8 ranks assumed").at(0, "ranks"));
    }
    if !(5..=16).contains(&width) || !(5..=16).contains(&height) {
        errors.push(
            Problem::coded(
                "board-size",
                format!("a {width}x{height} board: plypost's boards are 5 to 16 squares a side"),
            )
            .at(param("files").map_or(0, |p| p.0), "files")
            .arg("width", width)
            .arg("height", height),
        );
        return Err(errors);
    }
    let first_rank = number("firstRank", 1, &mut errors);
    for (line, key, value) in &params {
        check_param(*line, key, value, &mut errors, &mut warnings);
    }
    let rotate = param("symmetry").is_some_and(|(_, v)| v == "rotate");
    let pieces = read_pieces(
        &raw_pieces,
        (width, height),
        first_rank,
        &mut errors,
        &mut warnings,
    );
    if !errors.is_empty() {
        return Err(errors);
    }
    build(
        &params,
        pieces,
        (width, height),
        rotate,
        &mut errors,
        &mut warnings,
    )
}

fn check_param(
    line: usize,
    key: &str,
    value: &str,
    errors: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) {
    const RULES: &[&str] = &[
        "files",
        "ranks",
        "firstRank",
        "symmetry",
        "royal",
        "promoZone",
        "promoChoice",
        "maxPromote",
        "stalemate",
        "baring",
    ];
    if RULES.contains(&key) || DISPLAY.contains(&key) {
        if key == "symmetry" && !matches!(value, "mirror" | "rotate" | "none" | "") {
            errors.push(
                Problem::coded("bad-symmetry", "expected mirror, rotate or none").at(line, key),
            );
        }
        return;
    }
    match REFUSED.iter().find(|(k, _)| *k == key) {
        Some((_, why)) if !matches!(value, "" | "0") => errors.push(why.problem().at(line, key)),
        Some(_) => {}
        None if key.starts_with("spell") => errors.push(SPELLS.problem().at(line, key)),
        None => warnings.push(
            Problem::coded(
                "unknown-parameter",
                "not a parameter the import knows: ignored",
            )
            .at(line, key),
        ),
    }
}

/// A square name with the diagram's `firstRank`: 0-based (file, rank).
fn square(text: &str, first_rank: u8, (w, h): (u8, u8)) -> Option<(u8, u8)> {
    let mut chars = text.trim().chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let rank: i32 = chars.as_str().parse().ok()?;
    let f = file as u8 - b'a';
    let r = rank - first_rank as i32;
    (f < w && r >= 0 && r < h as i32).then_some((f, r as u8))
}

/// White's start squares, and Black's when listed after `,,`.
type StartSquares = (Vec<(u8, u8)>, Option<Vec<(u8, u8)>>);

/// `a1,h1`, `a2-h2` (a range along a rank or a file).
fn squares(text: &str, first_rank: u8, size: (u8, u8)) -> Result<StartSquares, Problem> {
    let mut white = Vec::new();
    let mut black: Option<Vec<(u8, u8)>> = None;
    for item in text.split(',') {
        let item = item.trim();
        if item.is_empty() {
            if black.is_none() {
                black = Some(Vec::new());
            }
            continue;
        }
        let list = match black.as_mut() {
            Some(b) => b,
            None => &mut white,
        };
        let bad = || {
            Problem::coded(
                "not-a-square",
                format!("'{item}' is no square or range on the board"),
            )
            .arg("value", item)
        };
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (
                    square(a, first_rank, size).ok_or_else(bad)?,
                    square(b, first_rank, size).ok_or_else(bad)?,
                );
                if a.1 == b.1 {
                    for f in a.0.min(b.0)..=a.0.max(b.0) {
                        list.push((f, a.1));
                    }
                } else if a.0 == b.0 {
                    for r in a.1.min(b.1)..=a.1.max(b.1) {
                        list.push((a.0, r));
                    }
                } else {
                    return Err(Problem::coded(
                        "range-not-straight",
                        format!("'{item}': a range runs along one rank or one file"),
                    )
                    .arg("value", item));
                }
            }
            None => list.push(square(item, first_rank, size).ok_or_else(bad)?),
        }
    }
    Ok((white, black))
}

fn read_pieces(
    raw: &[(usize, Vec<String>)],
    size: (u8, u8),
    first_rank: u8,
    errors: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) -> Vec<PieceLine> {
    let mut out: Vec<PieceLine> = Vec::new();
    for (line, fields) in raw {
        let field = |i: usize| fields.get(i).map_or("", |s| s.trim());
        let name = field(0).to_owned();
        let key = format!("piece {name}");
        if fields.len() < 5 {
            errors.push(
                Problem::coded(
                    "piece-line-fields",
                    "a piece line is name:ID:XBetza:image:squares",
                )
                .at(*line, &key),
            );
            continue;
        }
        if !field(5).is_empty() && field(5) != "0" {
            errors.push(PIECES_IN_HAND.problem().at(*line, &key));
            continue;
        }
        let lower = name.to_ascii_lowercase();
        let default_moves = field(2).is_empty();
        let betza = match (field(2), DEFAULT_MOVES.iter().find(|(n, _)| *n == lower)) {
            ("", Some((_, moves))) => (*moves).to_owned(),
            ("", None) => {
                errors.push(
                    Problem::coded(
                        "no-betza",
                        "no XBetza, and the name is not one of the standard pieces",
                    )
                    .at(*line, &key),
                );
                continue;
            }
            (text, _) => text.to_owned(),
        };
        let id = match field(1).chars().next() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            Some(c) => {
                errors.push(
                    Problem::coded("bad-id", format!("'{c}' is no letter for an ID"))
                        .at(*line, &key)
                        .arg("value", c),
                );
                continue;
            }
            None => {
                let taken = |c: char| out.iter().any(|p| p.id == c);
                let preferred = if lower == "knight" { Some('N') } else { None };
                let Some(c) = preferred
                    .into_iter()
                    .chain(
                        name.chars()
                            .filter(char::is_ascii_alphabetic)
                            .map(|c| c.to_ascii_uppercase()),
                    )
                    .chain('A'..='Z')
                    .find(|c| !taken(*c))
                else {
                    errors.push(
                        Problem::coded("no-id-left", "no letter is left for its ID")
                            .at(*line, &key),
                    );
                    continue;
                };
                if name.chars().next().map(|c| c.to_ascii_uppercase()) != Some(c)
                    && lower != "knight"
                {
                    warnings.push(
                        Problem::coded("id-chosen", format!("no ID given: {c}"))
                            .at(*line, &key)
                            .arg("id", c),
                    );
                }
                c
            }
        };
        if out.iter().any(|p| p.id == id) {
            errors.push(
                Problem::coded("id-twice", format!("the ID {id} is used twice"))
                    .at(*line, &key)
                    .arg("id", id),
            );
            continue;
        }
        let (white, black) = match squares(field(4), first_rank, size) {
            Ok(s) => s,
            Err(problem) => {
                errors.push(problem.at(*line, &key));
                continue;
            }
        };
        out.push(PieceLine {
            line: *line,
            name,
            id,
            betza,
            default_moves,
            white,
            black,
        });
    }
    out
}

/// The King's castling (`O` atoms) taken out of its XBetza: (the rest, the distance).
fn castling_of(betza: &str) -> Result<(String, Option<u8>), Problem> {
    let mut rest = String::new();
    let mut distance = None;
    let mut component = String::new();
    let chars: Vec<char> = betza.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == 'O' {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .collect();
            let d: u8 = digits.parse().map_err(|_| {
                Problem::coded(
                    "castling-distance-missing",
                    "an O atom needs its distance (isO2)",
                )
            })?;
            if distance.is_some_and(|x| x != d) {
                return Err(Problem::coded(
                    "castling-several-distances",
                    "castling to several distances is not part of plypost's rules",
                ));
            }
            if component.contains('j') {
                return Err(Problem::coded(
                    "castling-inner",
                    "castling with the inner piece (jO) is not part of plypost's rules",
                ));
            }
            distance = Some(d);
            component.clear();
            i += 1 + digits.len();
            continue;
        }
        component.push(c);
        if c.is_ascii_uppercase() {
            // The atom's range digits belong to it.
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_digit() {
                component.push(chars[j]);
                j += 1;
            }
            rest.push_str(&component);
            component.clear();
            i = j;
            continue;
        }
        i += 1;
    }
    rest.push_str(&component);
    Ok((rest, distance))
}

/// XBetza letters the translation reads; anything else is refused, naming it.
fn check_letters(betza: &str) -> Result<(), Problem> {
    for c in betza.chars() {
        let known =
            "mcpnieflrbvsh".contains(c) || "WFDNAHCLJZGKRBQ".contains(c) || c.is_ascii_digit();
        if !known {
            // `kind` names the family for translations, which word each differently.
            let (kind, what) = match c {
                'a' | 'y' => ("multi-leg", "multi-leg moves ('a', 'y')"),
                'g' => ("grasshopper", "grasshoppers ('g')"),
                'j' => ("jumping", "jumping moves ('j')"),
                'o' => ("wrapping", "moves that wrap round the board ('o')"),
                'x' | 't' | 'd' | 'u' | 'k' | 'q' | 'z' | 'w' => {
                    ("modifier", "this XBetza modifier")
                }
                '[' | ']' | '?' | '(' | ')' => ("bracketed", "bracketed multi-leg moves"),
                _ => ("other", "this character"),
            };
            return Err(Problem::coded(
                "betza-letter",
                format!(
                    "'{c}' in '{betza}': {what} cannot be imported into plypost's movement model"
                ),
            )
            .arg("letter", c)
            .arg("betza", betza)
            .arg("kind", kind));
        }
    }
    Ok(())
}

fn build(
    params: &[(usize, String, String)],
    lines: Vec<PieceLine>,
    (width, height): (u8, u8),
    rotate: bool,
    errors: &mut Vec<Problem>,
    warnings: &mut Vec<Problem>,
) -> Result<Imported, Vec<Problem>> {
    let param = |key: &str| last_param(params, key);
    let Some(royal) = royal_index(param("royal"), &lines, errors) else {
        return Err(std::mem::take(errors));
    };
    let promotion = promotion_rules(param("maxPromote"), param("promoChoice"), &lines, errors);
    let zone = param("promoZone")
        .and_then(|(_, v)| v.parse::<u8>().ok())
        .unwrap_or(1);
    let mut castling = None;
    let mut pieces = Vec::new();
    let any_ep_taker = lines.iter().any(|p| p.betza.contains('e'));
    for (index, p) in lines.iter().enumerate() {
        let key = format!("piece {}", p.name);
        let (moves, distance) = match castling_of(&p.betza) {
            Ok(x) => x,
            Err(problem) => {
                errors.push(problem.at(p.line, &key));
                continue;
            }
        };
        if let Err(problem) = check_letters(&moves) {
            errors.push(problem.at(p.line, &key));
            continue;
        }
        let tr = match fsf_betza::translate(&moves) {
            Ok(tr) => tr,
            Err(problem) => {
                errors.push(problem.at(p.line, &key));
                continue;
            }
        };
        let is_royal = index == royal;
        let mut distance = distance;
        if is_royal && p.name.eq_ignore_ascii_case("king") && p.default_moves {
            // The standard King of the diagram castles toward the corners.
            let d = (width.saturating_sub(1) / 2).saturating_sub(1).max(2);
            warnings.push(
                Problem::coded(
                    "king-castling-read",
                    format!("the King without XBetza is read as castling {d} squares (KisO{d})"),
                )
                .at(p.line, &key)
                .arg("distance", d),
            );
            distance = Some(d);
        }
        if let Some(d) = distance {
            if !is_royal {
                errors.push(
                    Problem::coded(
                        "castling-royal-only",
                        "only the royal piece castles in plypost",
                    )
                    .at(p.line, &key),
                );
            }
            castling = Some((d, p.line));
        }
        let lame_multi = super::spec::has_free_multi_step(&tr.xbetza)
            || super::spec::longest_first_move(&tr.xbetza) > 1;
        pieces.push(PieceSpec {
            name: title_case(&p.name),
            letter: p.id.to_string(),
            image: String::new(),
            description: String::new(),
            royal: is_royal,
            betza: tr.xbetza.clone(),
            captures_en_passant: tr.en_passant,
            promotes_to: if promotion.pieces.contains(&p.id) {
                promotion.targets.clone()
            } else {
                Vec::new()
            },
            promotes_to_black: None,
            must_promote_on_last_rank: false,
            // An e.p. right is left on the squares a blockable ('n') move passed over.
            creates_en_passant: any_ep_taker && lame_multi && moves.contains('n'),
            resets_move_clock: promotion.pieces.contains(&p.id),
        });
    }
    let castling = castling
        .and_then(|(d, line)| castling_spec(&lines, royal, d, line, (width, height), errors));
    let rights = if castling.is_some() { "KQkq" } else { "-" };
    let fen = setup_fen(&lines, (width, height), rotate, errors)
        .replace(" w - ", &format!(" w {rights} "));
    if !errors.is_empty() {
        return Err(std::mem::take(errors));
    }
    let (stalemate, bare_king) = end_rules(param("stalemate"), param("baring"), warnings);
    let name = "Imported diagram".to_owned();
    let spec = Spec {
        name: super::spec::identifier(&name),
        display_name: name,
        width,
        height,
        start_fen: fen,
        pieces,
        castling,
        promotion_zone: zone.clamp(1, height / 2),
        promotion_optional: promotion.may_stay,
        move_count_limit: 100,
        repetition: true,
        stalemate,
        bare_king,
        black_rotated: rotate,
        promotion_limits: Vec::new(),
        source_note: "Imported from an Interactive Diagram.".to_owned(),
    };
    spec.finish(std::mem::take(warnings))
}

/// The start position: White's squares as listed, Black's listed after `,,` or mirrored.
fn setup_fen(
    lines: &[PieceLine],
    (w, h): (u8, u8),
    rotate: bool,
    errors: &mut Vec<Problem>,
) -> String {
    let mut board = vec![vec![None::<char>; w as usize]; h as usize];
    for p in lines {
        let black: Vec<(u8, u8)> = match &p.black {
            Some(list) => list.clone(),
            None => p
                .white
                .iter()
                .map(|&(f, r)| {
                    if rotate {
                        (w - 1 - f, h - 1 - r)
                    } else {
                        (f, h - 1 - r)
                    }
                })
                .collect(),
        };
        for (squares, token) in [(&p.white, p.id), (&black, p.id.to_ascii_lowercase())] {
            for &(f, r) in squares {
                let cell = &mut board[r as usize][f as usize];
                if cell.is_some() {
                    let square = format!("{}{}", (b'a' + f) as char, r + 1);
                    errors.push(
                        Problem::coded("square-twice", format!("{square} is taken twice"))
                            .at(p.line, &format!("piece {}", p.name))
                            .arg("square", square),
                    );
                }
                *cell = Some(token);
            }
        }
    }
    let mut rows = Vec::new();
    for r in (0..h as usize).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &board[r] {
            match cell {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(*c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

/// plypost's castling from the King's O atom: the corner pieces of its rank are the partners.
fn castling_spec(
    lines: &[PieceLine],
    royal: usize,
    distance: u8,
    line: usize,
    (w, _h): (u8, u8),
    errors: &mut Vec<Problem>,
) -> Option<CastlingSpec> {
    let king = lines.get(royal)?;
    let &(_, rank) = king.white.first()?;
    let corner = |file: u8| lines.iter().find(|p| p.white.contains(&(file, rank)));
    match (corner(0), corner(w - 1)) {
        (Some(a), Some(b)) if a.id == b.id => Some(CastlingSpec {
            king_distance: distance,
            queenside_king_distance: distance,
            rook: a.id.to_string(),
        }),
        _ => {
            errors.push(
                Problem::coded(
                    "castling-corners",
                    "castling needs the same piece in both corners of the King's rank",
                )
                .at(line, &format!("piece {}", king.name)),
            );
            None
        }
    }
}

/// "double knight" → "Double Knight".
fn title_case(name: &str) -> String {
    name.split(' ')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// The royal piece: `royal` by number (1-based) or ID, else the King, else the last piece.
fn royal_index(
    param: Option<(usize, String)>,
    lines: &[PieceLine],
    errors: &mut Vec<Problem>,
) -> Option<usize> {
    match param {
        Some((line, v)) => match v.parse::<usize>() {
            Ok(n) if (1..=lines.len()).contains(&n) => Some(n - 1),
            _ => {
                let found = lines
                    .iter()
                    .position(|p| v.len() == 1 && v.starts_with(p.id));
                if found.is_none() {
                    errors.push(
                        Problem::coded("royal-unknown", "no piece has this number or ID")
                            .at(line, "royal"),
                    );
                }
                found
            }
        },
        None => Some(
            lines
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case("king"))
                .unwrap_or(lines.len().saturating_sub(1)),
        ),
    }
}

/// Who promotes (the first `maxPromote` pieces), to what, and whether they may stay.
struct Promotion {
    pieces: Vec<char>,
    targets: Vec<String>,
    may_stay: bool,
}

fn promotion_rules(
    max_promote: Option<(usize, String)>,
    choice: Option<(usize, String)>,
    lines: &[PieceLine],
    errors: &mut Vec<Problem>,
) -> Promotion {
    let max_promote = max_promote
        .and_then(|(_, v)| v.parse::<usize>().ok())
        .unwrap_or(1);
    let (choice_line, choice) = choice.unwrap_or((0, String::new()));
    if choice.contains(['*', '!']) {
        errors.push(
            Problem::coded(
                "promo-choice-marks",
                "'*' (only pieces in hand) and '!' (not on the last rank) are not part of \
                 plypost's promotion rules",
            )
            .at(choice_line, "promoChoice"),
        );
    }
    let pieces: Vec<char> = lines.iter().take(max_promote).map(|p| p.id).collect();
    // The promoting piece's own ID in the choice: it may stay as it is.
    let may_stay = choice
        .chars()
        .any(|c| pieces.contains(&c.to_ascii_uppercase()));
    let targets: Vec<String> = choice
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| !pieces.contains(c))
        .map(|c| c.to_string())
        .collect();
    for t in &targets {
        if !lines.iter().any(|p| p.id.to_string() == *t) {
            errors.push(
                Problem::coded("not-an-id", format!("'{t}' is no piece's ID"))
                    .at(choice_line, "promoChoice")
                    .arg("value", t.as_str()),
            );
        }
    }
    Promotion {
        pieces,
        targets,
        may_stay,
    }
}

/// `stalemate=win` (the stalemating side wins) and `baring=0` (a bare King loses).
fn end_rules(
    stalemate: Option<(usize, String)>,
    baring: Option<(usize, String)>,
    warnings: &mut Vec<Problem>,
) -> (StalemateRule, bool) {
    let stalemate = match stalemate.map(|(_, v)| v) {
        Some(v) if v == "win" => StalemateRule::Loss,
        Some(v) if v == "loss" || v == "lose" => StalemateRule::Win,
        _ => StalemateRule::Draw,
    };
    let bare_king = baring.as_ref().is_some_and(|(_, v)| v == "0");
    if let Some((line, _)) = baring.filter(|_| bare_king) {
        warnings.push(
            Problem::coded(
                "bare-king-read",
                "read as the bare-King rule: a King left alone loses unless it bares the other \
                 at once",
            )
            .at(line, "baring"),
        );
    }
    (stalemate, bare_king)
}

/// The last `key=` line's line number and value.
fn last_param(params: &[(usize, String, String)], key: &str) -> Option<(usize, String)> {
    params
        .iter()
        .rev()
        .find(|(_, k, _)| k == key)
        .map(|(l, _, v)| (*l, v.clone()))
}
