//! Fairy-Stockfish's `variants.ini` as text: sections (`[name]`, or `[name:parent]` to
//! inherit), `key = value` lines and comment lines (starting with `#` or `;`; as in
//! Fairy-Stockfish, a `#` after a value is part of the value), read with the line of every key so
//! that whatever later refuses a key can say where it is. A section is resolved by walking
//! its parents (other sections of the file, or a template the caller knows by name) and
//! letting each child's keys override its parent's.
//!
//! This is the reading half of the variants.ini import; turning the keys into plypost's
//! variant definition is another step.

use std::collections::BTreeMap;

use crate::import::{Arg, Problem};

/// A problem in the file, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IniError {
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    /// The key or section concerned, if any.
    pub key: Option<String>,
    /// In English.
    pub message: String,
    /// The kind of problem (`ini-<kind>` in the import's problems).
    pub code: &'static str,
    /// The values the message names.
    pub args: Vec<(&'static str, Arg)>,
}

impl IniError {
    fn with(mut self, name: &'static str, value: impl Into<Arg>) -> IniError {
        self.args.push((name, value.into()));
        self
    }

    /// The error as an import problem (code `ini-<kind>`).
    pub fn into_problem(self) -> Problem {
        let mut problem = Problem::coded(&format!("ini-{}", self.code), self.message)
            .at(self.line, self.key.as_deref().unwrap_or(""));
        for (name, value) in self.args {
            problem = problem.arg(name, value);
        }
        problem
    }
}

impl std::fmt::Display for IniError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.key {
            Some(key) => write!(f, "line {}: {key}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// A `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// A `[name]` or `[name:parent]` section and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    pub line: usize,
    pub entries: Vec<Entry>,
}

/// The sections of a file, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IniFile {
    pub sections: Vec<Section>,
}

/// Longest file read, and longest chain of parents followed.
pub const MAX_BYTES: usize = 512 * 1024;
const MAX_DEPTH: usize = 16;

/// Reads a variants.ini text; every problem is reported, not only the first.
pub fn parse(text: &str) -> Result<IniFile, Vec<IniError>> {
    if text.len() > MAX_BYTES {
        let limit = MAX_BYTES / 1024;
        return Err(vec![error(
            0,
            None,
            "too-long",
            &format!("the file is longer than {limit} KB"),
        )
        .with("limit", limit)]);
    }
    let mut file = IniFile::default();
    let mut errors = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if let Some(header) = content.strip_prefix('[') {
            let Some(inner) = header.strip_suffix(']') else {
                errors.push(error(
                    line,
                    None,
                    "unclosed-header",
                    "a section header must end with `]`",
                ));
                continue;
            };
            let (name, parent) = match inner.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim())),
                None => (inner.trim(), None),
            };
            if !is_name(name) || parent.is_some_and(|p| !is_name(p)) {
                errors.push(error(
                    line,
                    None,
                    "bad-header",
                    "a section is `[name]` or `[name:parent]`, names of letters, digits, `-` and `_`",
                ));
                continue;
            }
            if file.sections.iter().any(|s| s.name == name) {
                errors.push(error(
                    line,
                    Some(name),
                    "section-twice",
                    "this section is defined twice",
                ));
            }
            file.sections.push(Section {
                name: name.to_owned(),
                parent: parent.map(str::to_owned),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = content.split_once('=') else {
            errors.push(error(line, None, "no-equals", "expected `key = value`"));
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if !is_name(key) {
            errors.push(error(
                line,
                None,
                "bad-key",
                "a key is made of letters, digits and `_`",
            ));
            continue;
        }
        let Some(section) = file.sections.last_mut() else {
            errors.push(error(
                line,
                Some(key),
                "key-before-section",
                "a key before any `[section]`",
            ));
            continue;
        };
        if let Some(earlier) = section.entries.iter().find(|e| e.key == key) {
            errors.push(
                error(
                    line,
                    Some(key),
                    "key-twice",
                    &format!("set twice in this section (first on line {})", earlier.line),
                )
                .with("first", earlier.line),
            );
            continue;
        }
        section.entries.push(Entry {
            key: key.to_owned(),
            value: value.to_owned(),
            line,
        });
    }
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

fn error(line: usize, key: Option<&str>, code: &'static str, message: &str) -> IniError {
    IniError {
        line,
        key: key.map(str::to_owned),
        message: message.to_owned(),
        code,
        args: Vec::new(),
    }
}

/// A line starting with `#` or `;` is a comment (Fairy-Stockfish reads nothing else as one:
/// `castling = true # yes` sets the value `true # yes`).
fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with(['#', ';']) {
        ""
    } else {
        line
    }
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A section with its parents' keys: the key's value and the line it came from (0 for a
/// key of a template).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resolved {
    pub name: String,
    /// The template (a built-in variant) the chain ends in, if any.
    pub template: Option<String>,
    pub keys: BTreeMap<String, (String, usize)>,
    /// The sections of the chain, the farthest parent first: Fairy-Stockfish applies each
    /// section's keys in turn to a copy of its parent's variant, so a child's key is read
    /// against what its parents built (a piece it removes leaves the promotion choices).
    pub layers: Vec<Section>,
}

impl IniFile {
    /// The names of the sections, in order (the import's choice when there are several).
    pub fn names(&self) -> Vec<&str> {
        self.sections.iter().map(|s| s.name.as_str()).collect()
    }

    fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// Section `name` with what it inherits. A parent is another section of the file or,
    /// when `is_template` says so, a built-in variant whose keys the caller supplies later.
    pub fn resolve(
        &self,
        name: &str,
        is_template: impl Fn(&str) -> bool,
    ) -> Result<Resolved, IniError> {
        let mut chain: Vec<&Section> = Vec::new();
        let mut template = None;
        let mut next = Some(name.to_owned());
        while let Some(current) = next.take() {
            if chain.len() >= MAX_DEPTH {
                return Err(error(
                    chain[0].line,
                    Some(name),
                    "too-deep",
                    "too many parents in a row",
                ));
            }
            match self.section(&current) {
                Some(section) => {
                    if chain.iter().any(|s| s.name == section.name) {
                        return Err(error(
                            section.line,
                            Some(&section.name),
                            "parent-loop",
                            "its parents lead back to it",
                        ));
                    }
                    chain.push(section);
                    next = section.parent.clone();
                }
                None if !chain.is_empty() && is_template(&current) => template = Some(current),
                None => {
                    let (line, code, what) = match chain.last() {
                        Some(child) => (
                            child.line,
                            "no-parent",
                            format!("no section or built-in variant `{current}` to inherit from"),
                        ),
                        None => (
                            0,
                            "no-section",
                            format!("no section `{current}` in the file"),
                        ),
                    };
                    return Err(error(line, Some(&current), code, &what).with("name", current));
                }
            }
        }
        let mut keys = BTreeMap::new();
        // The farthest parent first, so that each child overrides what it inherits.
        for section in chain.iter().rev() {
            for entry in &section.entries {
                keys.insert(entry.key.clone(), (entry.value.clone(), entry.line));
            }
        }
        Ok(Resolved {
            name: name.to_owned(),
            template,
            keys,
            layers: chain.iter().rev().map(|s| (*s).clone()).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
# A test file
[base]
maxRank = 10
; ten ranks
maxFile = 10 # a value, comment included
customPiece1 = a:mNcK

[child:base]
maxFile = 12
startFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1

[onCapablanca:capablanca]
checking = false
";

    #[test]
    fn sections_keys_and_comments_are_read_with_their_lines() {
        let file = parse(FILE).unwrap();
        assert_eq!(file.names(), ["base", "child", "onCapablanca"]);
        assert_eq!(file.sections[1].parent.as_deref(), Some("base"));
        let entry = &file.sections[0].entries[0];
        assert_eq!(
            (entry.key.as_str(), entry.value.as_str(), entry.line),
            ("maxRank", "10", 3)
        );
        let entry = &file.sections[0].entries[1];
        assert_eq!(entry.value, "10 # a value, comment included");
    }

    #[test]
    fn children_override_what_they_inherit() {
        let file = parse(FILE).unwrap();
        let child = file.resolve("child", |_| false).unwrap();
        assert_eq!(child.keys["maxFile"], ("12".to_owned(), 9));
        assert_eq!(child.keys["maxRank"], ("10".to_owned(), 3));
        assert_eq!(child.keys["customPiece1"].0, "a:mNcK");
        assert_eq!(child.template, None);
        let on = file.resolve("onCapablanca", |t| t == "capablanca").unwrap();
        assert_eq!(on.template.as_deref(), Some("capablanca"));
        assert_eq!(on.keys["checking"].0, "false");
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let errors =
            parse("x = 1\n[a]\nnot a pair\n[a]\nk = 1\nk = 2\n[bad name]\n[open\n").unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 3, 4, 6, 7, 8], "{errors:?}");
        assert!(
            errors[3].to_string().contains("first on line 5"),
            "{}",
            errors[3]
        );
    }

    #[test]
    fn unknown_parents_and_loops_are_refused() {
        let file = parse("[a:b]\n[b:a]\n[c:nowhere]\n").unwrap();
        let looped = file.resolve("a", |_| false).unwrap_err();
        assert!(looped.message.contains("lead back"), "{looped}");
        let missing = file.resolve("c", |_| false).unwrap_err();
        assert_eq!(missing.line, 3);
        assert!(missing.message.contains("nowhere"), "{missing}");
        assert!(
            file.resolve("zzz", |_| true).is_err(),
            "a missing section is not a template"
        );
    }
}
