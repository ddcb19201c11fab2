//! Presets with several named start positions (Metamachy's 12, a list of shuffled back
//! ranks): the list as the edit form types it and as a version stores it, and a challenger's
//! choice, resolved to the FEN a game starts from. Pure functions.

use plypost_rules::NamedSetup;
use rand::Rng;

use crate::i18n::Message;

/// At most this many setups in one preset (Zanzibar-S has 24).
pub const MAX_SETUPS: usize = 64;
pub const NAME_MAX_CHARS: usize = 40;
/// The challenger's choice that draws one of the list when the game starts.
pub const RANDOM: &str = "random";

/// A version's stored list (JSON; empty text: the preset has one setup).
pub fn decode(stored: &str) -> Vec<NamedSetup> {
    if stored.trim().is_empty() {
        return Vec::new();
    }
    serde_json::from_str(stored).unwrap_or_default()
}

/// The list as a version stores it.
pub fn encode(setups: &[NamedSetup]) -> String {
    if setups.is_empty() {
        return String::new();
    }
    serde_json::to_string(setups).unwrap_or_default()
}

/// The edit form's text: one setup per line, `name: FEN`, the default's line marked with `*`.
pub fn to_text(setups: &[NamedSetup], default_fen: &str) -> String {
    setups
        .iter()
        .map(|s| {
            let mark = if s.fen == default_fen { "*" } else { "" };
            format!("{mark}{}: {}", s.name, s.fen)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A problem on line `line` of the start positions (`$problem` of `error-setups-line`).
fn line_error(line: usize, problem: &'static str) -> Message {
    Message::new("error-setups-line")
        .arg("line", line)
        .arg("problem", problem)
}

/// Reads the form's text: the list and the index of its default (the line marked `*`, or
/// the first). The FENs are checked against the variant by the caller. A name may contain
/// `:`; a FEN never does, so the last `:` of a line ends the name.
pub fn parse_text(text: &str) -> Result<(Vec<NamedSetup>, usize), Message> {
    let mut setups: Vec<NamedSetup> = Vec::new();
    let mut default = None;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let (marked, line) = match line.strip_prefix('*') {
            Some(rest) => (true, rest.trim_start()),
            None => (false, line),
        };
        let Some((name, fen)) = line.rsplit_once(':') else {
            return Err(line_error(line_no, "format"));
        };
        let (name, fen) = (name.trim(), fen.trim());
        if name.is_empty() || name.chars().count() > NAME_MAX_CHARS {
            return Err(line_error(line_no, "name-length").arg("max", NAME_MAX_CHARS));
        }
        if name.eq_ignore_ascii_case(RANDOM) {
            return Err(line_error(line_no, "reserved").arg("name", RANDOM));
        }
        if fen.is_empty() {
            return Err(line_error(line_no, "no-fen").arg("name", name));
        }
        if setups.iter().any(|s| s.name == name) {
            return Err(line_error(line_no, "twice").arg("name", name));
        }
        if marked {
            if default.is_some() {
                return Err(line_error(line_no, "two-defaults"));
            }
            default = Some(setups.len());
        }
        setups.push(NamedSetup {
            name: name.to_owned(),
            fen: fen.to_owned(),
        });
        if setups.len() > MAX_SETUPS {
            return Err(Message::new("error-setups-too-many").arg("max", MAX_SETUPS));
        }
    }
    if setups.len() == 1 {
        return Err(Message::new("error-setups-just-one"));
    }
    Ok((setups, default.unwrap_or(0)))
}

/// What a challenger asked for, checked against the preset's list: `None` for the default,
/// `random`, or the name of one setup.
pub fn check_choice(setups: &[NamedSetup], choice: &str) -> Result<Option<String>, Message> {
    let choice = choice.trim();
    if choice.is_empty() || choice == "default" {
        return Ok(None);
    }
    if setups.is_empty() {
        return Err(Message::new("error-preset-one-setup-only"));
    }
    if choice == RANDOM {
        return Ok(Some(RANDOM.to_owned()));
    }
    setups
        .iter()
        .find(|s| s.name == choice)
        .map(|s| Some(s.name.clone()))
        .ok_or_else(|| Message::new("error-preset-no-such-setup").arg("name", choice))
}

/// The FEN a game starts from, and the name of its setup when the preset lists several.
pub fn resolve(
    setups: &[NamedSetup],
    default_fen: &str,
    choice: Option<&str>,
) -> (String, Option<String>) {
    let named = match choice {
        Some(RANDOM) if !setups.is_empty() => {
            setups.get(rand::thread_rng().gen_range(0..setups.len()))
        }
        Some(name) => setups.iter().find(|s| s.name == name),
        None => None,
    }
    .or_else(|| setups.iter().find(|s| s.fen == default_fen));
    match named {
        Some(s) => (s.fen.clone(), Some(s.name.clone())),
        None => (default_fen.to_owned(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> Vec<NamedSetup> {
        vec![
            NamedSetup {
                name: "a: x".into(),
                fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            },
            NamedSetup {
                name: "b".into(),
                fen: "3k4/8/8/8/8/8/8/3K4 w - - 0 1".into(),
            },
        ]
    }

    #[test]
    fn the_text_round_trips_with_its_default() {
        let setups = two();
        let text = to_text(&setups, &setups[1].fen);
        assert_eq!(
            text,
            "a: x: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n*b: 3k4/8/8/8/8/8/8/3K4 w - - 0 1"
        );
        assert_eq!(parse_text(&text).unwrap(), (setups.clone(), 1));
        assert_eq!(decode(&encode(&setups)), setups);
        assert!(decode("").is_empty() && encode(&[]).is_empty());
    }

    #[test]
    fn bad_lines_are_named() {
        let err = |t: &str| parse_text(t).unwrap_err().to_string();
        assert!(err("a: 8/8 w\nno colon here").contains("line 2"));
        assert!(err("a: 8/8\na: 8/8").contains("two setups are named “a”"));
        assert!(err("*a: 8/8\n*b: 8/8").contains("only one line"));
        assert!(err("random: 8/8\nb: 8/8").contains("random"));
        assert!(err("a: 8/8").contains("two start positions or more"));
        assert_eq!(parse_text("  \n").unwrap(), (Vec::new(), 0));
    }

    #[test]
    fn choices_resolve_to_a_listed_fen() {
        let setups = two();
        assert_eq!(check_choice(&setups, ""), Ok(None));
        assert_eq!(check_choice(&setups, "b"), Ok(Some("b".into())));
        assert!(check_choice(&setups, "c")
            .unwrap_err()
            .to_string()
            .contains("“c”"));
        assert!(check_choice(&[], "random").is_err());
        let default = setups[1].fen.clone();
        assert_eq!(
            resolve(&setups, &default, None),
            (default.clone(), Some("b".into()))
        );
        assert_eq!(resolve(&setups, &default, Some("a: x")).0, setups[0].fen);
        for _ in 0..20 {
            let (fen, name) = resolve(&setups, &default, Some(RANDOM));
            assert!(setups
                .iter()
                .any(|s| s.fen == fen && Some(&s.name) == name.as_ref()));
        }
        assert_eq!(resolve(&[], "x", None), ("x".to_owned(), None));
    }
}
