//! PGN out and in, for plypost's own files (and anything close enough to them).
//!
//! Written: the seven standard tags, then `Variant`, `SetUp "1"`, `FEN` (the start),
//! `TimeControl` (`1/<seconds>` = one move in that many seconds, `-` untimed), `Preset`
//! (`<slug> v<version>`) and `Termination` (the stored reason: `checkmate`, `resignation`,
//! `time`, `agreement`, `stalemate`, `repetition`, `move_count`, `abandoned`, or
//! `unterminated`). Moves are the engine's long algebraic text with move numbers; after each
//! move a comment `{[%ts 2026-11-30T17:05:12Z] the player's comment}` carries the time it was
//! played (seconds, UTC) and the comment. A `}` in a comment would end it early, so it is
//! written as `)`. Lines are wrapped at 80 columns between tokens, never inside a comment.
//!
//! Read: tags, move numbers, moves, comments (`{}` and `;`), NAGs and the result; variations
//! `( ... )` are skipped. Parsing here is text only; the import service checks every move with
//! the rules engine.

use chrono::NaiveDateTime;

use crate::domain::GameResult;

/// One game as text: its tags in order and its moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// A comment before the first move (a preset's own variant definition).
    pub preamble: Option<String>,
    pub moves: Vec<PgnMove>,
    /// The game termination marker at the end of the moves (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnMove {
    pub text: String,
    pub comment: Option<String>,
    pub played_at: Option<NaiveDateTime>,
}

impl PgnGame {
    /// The value of a tag (the first one of that name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

const TS_FORMAT: &str = "%Y-%m-%dT%H:%M:%SZ";
const LINE_WIDTH: usize = 80;

/// `"` and `\` escaped; line breaks (not allowed in a tag) become spaces.
pub fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A comment's text made safe between `{` and `}`.
pub fn clean_comment(text: &str) -> String {
    text.replace('}', ")")
}

/// Writes one game. `first_number` and `white_first` number the moves from the start
/// position (its full-move number and side to move).
pub fn write_game(out: &mut String, game: &PgnGame, first_number: u32, white_first: bool) {
    for (name, value) in &game.tags {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(&escape_tag(value));
        out.push_str("\"]\n");
    }
    out.push('\n');
    if let Some(text) = &game.preamble {
        out.push('{');
        out.push_str(&clean_comment(text));
        out.push_str("}\n");
    }
    let mut line = String::new();
    let push = |out: &mut String, line: &mut String, token: &str| {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            out.push_str(line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    let mut number = first_number;
    let mut white = white_first;
    // After a comment (or at the start, with Black to move) Black's move repeats its number.
    let mut need_number = true;
    for mv in &game.moves {
        if white {
            push(out, &mut line, &format!("{number}."));
        } else if need_number {
            push(out, &mut line, &format!("{number}..."));
        }
        push(out, &mut line, &mv.text);
        let mut comment = String::new();
        if let Some(at) = mv.played_at {
            comment.push_str(&format!("[%ts {}]", at.format(TS_FORMAT)));
        }
        if let Some(text) = mv.comment.as_deref().filter(|t| !t.is_empty()) {
            if !comment.is_empty() {
                comment.push(' ');
            }
            comment.push_str(&clean_comment(text));
        }
        need_number = !comment.is_empty();
        if need_number {
            push(out, &mut line, &format!("{{{comment}}}"));
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    push(out, &mut line, &game.result);
    out.push_str(&line);
    out.push_str("\n\n");
}

/// A game that could not be read, with where it is in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

/// Each game of a file, or why it could not be read. Reading goes on after a bad game when
/// the next one can be found (a line that starts with `[` after the bad one).
pub fn read_games(text: &str) -> Vec<Result<PgnGame, SyntaxError>> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        pos: 0,
        line: 1,
    };
    let mut games = Vec::new();
    loop {
        reader.skip_space();
        if reader.at_end() {
            break;
        }
        match reader.game() {
            Ok(game) => games.push(Ok(game)),
            Err(e) => {
                games.push(Err(e));
                reader.skip_to_next_game();
            }
        }
    }
    games
}

/// The games of a PGN stream one at a time, as text with the number of the line each
/// starts on, so that a file of any size is read in the memory of one game. A game starts
/// at a tag line (`[`) that follows moves; braces (comments) may span lines and hide such
/// lines.
pub struct GameTexts<R> {
    lines: std::io::Lines<R>,
    /// Lines read so far.
    read: usize,
    /// The next game's first line (number, text), read while looking for this game's end.
    pending: Option<(usize, String)>,
}

impl<R: std::io::BufRead> GameTexts<R> {
    pub fn new(reader: R) -> Self {
        GameTexts {
            lines: reader.lines(),
            read: 0,
            pending: None,
        }
    }
}

impl<R: std::io::BufRead> Iterator for GameTexts<R> {
    /// The line the game starts on, and its text.
    type Item = std::io::Result<(usize, String)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut text = String::new();
        let mut first = None;
        let mut in_moves = false;
        loop {
            let (number, line) = match self.pending.take() {
                Some(pending) => pending,
                None => match self.lines.next() {
                    Some(Ok(line)) => {
                        self.read += 1;
                        (self.read, line)
                    }
                    Some(Err(e)) => return Some(Err(e)),
                    None => break,
                },
            };
            let trimmed = line.trim();
            if in_moves && is_tag_line(trimmed) {
                self.pending = Some((number, line));
                break;
            }
            if !trimmed.is_empty() {
                first.get_or_insert(number);
                in_moves |= !trimmed.starts_with('[');
            }
            text.push_str(&line);
            text.push('\n');
        }
        let first = first?;
        Some(Ok((first, text)))
    }
}

/// `[Name "value"]`: a whole tag pair. Only such a line after moves starts the next game
/// (a comment may hold a line that starts with `[`, hardly a whole tag pair; and an
/// unclosed comment must not swallow the rest of the file).
fn is_tag_line(line: &str) -> bool {
    let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
        return false;
    };
    let Some((name, value)) = inner.split_once(' ') else {
        return false;
    };
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && value.trim().len() >= 2
        && value.trim().starts_with('"')
        && value.trim().ends_with('"')
}

struct Reader {
    chars: Vec<char>,
    pos: usize,
    line: usize,
}

fn is_result(token: &str) -> bool {
    token == "*" || token.parse::<GameResult>().is_ok()
}

impl Reader {
    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            line: self.line,
            message: message.into(),
        }
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && (self.pos == 0 || self.chars[self.pos - 1] == '\n') {
                // An escaped line: ignored by PGN readers.
                self.skip_line();
            } else {
                break;
            }
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips the rest of a game that could not be read: to the next tag line after a blank
    /// line (games are separated by one; the tags of a game are not), so that the rest of a
    /// broken game's tags is not taken for another game.
    fn skip_to_next_game(&mut self) {
        let mut after_blank = false;
        loop {
            let start = self.pos;
            self.skip_line();
            let blank = self.chars[start..self.pos]
                .iter()
                .all(|c| c.is_whitespace());
            after_blank |= blank;
            if self.at_end() || (after_blank && self.peek() == Some('[')) {
                break;
            }
        }
    }

    fn game(&mut self) -> Result<PgnGame, SyntaxError> {
        let mut game = PgnGame::default();
        while self.peek() == Some('[') {
            game.tags.push(self.tag()?);
            self.skip_space();
        }
        let mut depth = 0usize;
        loop {
            self.skip_space();
            let Some(c) = self.peek() else {
                return Err(
                    self.error("the game has no result at its end (1-0, 0-1, 1/2-1/2 or *)")
                );
            };
            match c {
                '{' => {
                    let start_line = self.line;
                    self.bump();
                    let mut text = String::new();
                    loop {
                        match self.bump() {
                            Some('}') => break,
                            Some(c) => text.push(c),
                            None => {
                                return Err(SyntaxError {
                                    line: start_line,
                                    message: "a comment is not closed with }".into(),
                                })
                            }
                        }
                    }
                    if depth == 0 {
                        match game.moves.last_mut() {
                            Some(last) => attach_comment(last, &text),
                            None => game.preamble = Some(text),
                        }
                    }
                }
                ';' => self.skip_line(),
                '(' => {
                    self.bump();
                    depth += 1;
                }
                ')' => {
                    self.bump();
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| self.error("a ) without its ("))?;
                }
                '[' => {
                    return Err(self.error("a new game starts before this one has a result"));
                }
                _ => {
                    let token = self.token();
                    if token.is_empty() {
                        self.bump();
                        return Err(self.error(format!("unexpected character '{c}'")));
                    }
                    if depth > 0 || token.starts_with('$') {
                        continue;
                    }
                    if is_result(&token) {
                        game.result = token;
                        return Ok(game);
                    }
                    let symbol = strip_move_number(&token);
                    if !symbol.is_empty() {
                        game.moves.push(PgnMove {
                            text: symbol.to_owned(),
                            ..PgnMove::default()
                        });
                    }
                }
            }
        }
    }

    fn token(&mut self) -> String {
        let mut token = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            token.push(c);
            self.bump();
        }
        token
    }

    fn tag(&mut self) -> Result<(String, String), SyntaxError> {
        self.bump(); // [
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("a tag without a name"));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(self.error(format!("the value of tag {name} must be in quotes")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c @ ('\\' | '"')) => value.push(c),
                    _ => return Err(self.error(format!("a bad escape in tag {name}"))),
                },
                Some('"') => break,
                Some('\n') | None => {
                    return Err(self.error(format!("the value of tag {name} is not closed")))
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(self.error(format!("tag {name} is not closed with ]")));
        }
        Ok((name, value))
    }
}

/// `12.`, `12...` and `12.Kh2-h4` → the move part (empty for a bare number).
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

/// A comment after a move: a leading `[%ts ...]` is the time it was played.
fn attach_comment(mv: &mut PgnMove, text: &str) {
    let mut rest = text.trim();
    if let Some(after) = rest.strip_prefix("[%ts ") {
        if let Some(end) = after.find(']') {
            if let Ok(at) = NaiveDateTime::parse_from_str(after[..end].trim(), TS_FORMAT) {
                mv.played_at = Some(at);
                rest = after[end + 1..].trim();
            }
        }
    }
    if !rest.is_empty() {
        mv.comment = Some(match mv.comment.take() {
            Some(before) => format!("{before} {rest}"),
            None => rest.to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_split_from_a_stream() {
        let text =
            "\n[Event \"a\"]\n[White \"x\"]\n\n1. e4 {a comment\n[not a tag] still} e5 1-0\n\n\
                    [Event \"b\"]\n\n1. d4 *\n[Event \"c\"]\n1. c4\n0-1\n\n";
        assert!(is_tag_line("[Event \"a b\"]") && !is_tag_line("[not a tag] still}"));
        let games: Vec<(usize, String)> = GameTexts::new(text.as_bytes())
            .map(|g| g.unwrap())
            .collect();
        let starts: Vec<usize> = games.iter().map(|(line, _)| *line).collect();
        assert_eq!(starts, vec![2, 8, 11]);
        assert!(games[0].1.contains("[not a tag] still} e5 1-0"));
        assert!(games[1].1.starts_with("[Event \"b\"]"));
        assert!(games[2].1.contains("1. c4\n0-1"));
        let parsed: Vec<_> = games.iter().flat_map(|(_, t)| read_games(t)).collect();
        assert!(parsed.iter().all(|g| g.is_ok()), "{parsed:?}");
        assert_eq!(parsed.len(), 3);
        assert_eq!(GameTexts::new("\n\n".as_bytes()).count(), 0);
    }

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    fn sample() -> PgnGame {
        PgnGame {
            preamble: None,
            tags: vec![
                ("Event".into(), "A \"quoted\" \\ event".into()),
                ("White".into(), "alice".into()),
            ],
            moves: vec![
                PgnMove {
                    text: "h4-h5".into(),
                    comment: Some("first {brace} move".into()),
                    played_at: Some(at("2026-11-30 17:00:00")),
                },
                PgnMove {
                    text: "d15-d16=Q".into(),
                    comment: None,
                    played_at: Some(at("2026-11-30 18:00:00")),
                },
                PgnMove {
                    text: "Kh2-h4".into(),
                    comment: None,
                    played_at: None,
                },
            ],
            result: "1-0".into(),
        }
    }

    #[test]
    fn writes_numbers_comments_and_escapes() {
        let mut out = String::new();
        write_game(&mut out, &sample(), 1, true);
        assert!(out.starts_with("[Event \"A \\\"quoted\\\" \\\\ event\"]\n[White \"alice\"]\n\n"));
        let flat = out.replace('\n', " ");
        assert!(
            flat.contains(
                "1. h4-h5 {[%ts 2026-11-30T17:00:00Z] first {brace) move} 1... d15-d16=Q \
                 {[%ts 2026-11-30T18:00:00Z]} 2. Kh2-h4 1-0"
            ),
            "{out}"
        );
        assert!(out.lines().all(|l| l.len() <= LINE_WIDTH), "{out}");
    }

    #[test]
    fn reads_back_what_it_writes() {
        let mut out = String::new();
        write_game(&mut out, &sample(), 1, true);
        write_game(&mut out, &sample(), 7, false);
        let games = read_games(&out);
        assert_eq!(games.len(), 2);
        let mut expected = sample();
        expected.moves[0].comment = Some("first {brace) move".into());
        for g in games {
            assert_eq!(g.unwrap(), expected);
        }
    }

    #[test]
    fn reads_other_writers_and_skips_variations() {
        let text =
            "[Event \"x\"]\n\n1.h4-h5 $1 (1. h4-h6) h15-h14 ; a line comment\n2. Kh2-h4 {good} *\n";
        let game = read_games(text).remove(0).unwrap();
        let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["h4-h5", "h15-h14", "Kh2-h4"]);
        assert_eq!(game.moves[2].comment.as_deref(), Some("good"));
        assert_eq!(game.result, "*");
    }

    #[test]
    fn a_bad_game_does_not_stop_the_next() {
        let text = "[Event \"bad\n\n1. h4-h5 *\n\n[Event \"ok\"]\n\n1. h4-h5 1-0\n\n[Event \"open\"]\n1. a1-a2 {never closed";
        let games = read_games(text);
        assert_eq!(games.len(), 3, "{games:?}");
        assert!(games[0].is_err());
        assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("ok"));
        let err = games[2].as_ref().unwrap_err();
        assert!(err.message.contains("comment"), "{err:?}");
    }

    #[test]
    fn no_result_is_an_error() {
        let games = read_games("[Event \"x\"]\n1. h4-h5\n");
        assert!(games[0].as_ref().unwrap_err().message.contains("result"));
    }
}
