//! The shape of the code, checked: services never import `web`, only `src/db` names a
//! database backend, the modules of `src/` import each other one way only, and no function
//! grows past [`MAX_FUNCTION_LINES`]. Each rule is also tried on a small bad example, so a
//! check that stopped finding anything would fail too.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// "About 120 lines": a function longer than this should be split.
const MAX_FUNCTION_LINES: usize = 120;

/// Top-level modules of `src/` that are the front end (may use everything) or start-up.
const FRONT: &[&str] = &["web", "server", "main", "lib"];

struct Source {
    /// Path relative to the crate root, `/`-separated.
    path: String,
    /// The text without its `#[cfg(test)] mod tests { .. }` block.
    code: String,
}

fn sources(dir: &str) -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(&root.join(dir), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).expect("readable source");
            let path = file
                .strip_prefix(root)
                .expect("inside the crate")
                .to_string_lossy()
                .replace('\\', "/");
            Source {
                path,
                code: without_tests(&text).to_owned(),
            }
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Unit tests may reach anywhere; the rules are about the code they test.
fn without_tests(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    }
}

/// The top-level module of `src/<path>`: `src/games/play.rs` → `games`.
fn top_module(path: &str) -> &str {
    let rest = path.strip_prefix("src/").unwrap_or(path);
    let first = rest.split('/').next().unwrap_or(rest);
    first.strip_suffix(".rs").unwrap_or(first)
}

/// Lines (1-based) of `code` that are not comments and contain `needle`.
fn code_lines_with(code: &str, needle: &str) -> Vec<usize> {
    code.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//") && line.contains(needle))
        .map(|(i, _)| i + 1)
        .collect()
}

fn service_imports_of_web(files: &[Source]) -> Vec<String> {
    files
        .iter()
        .filter(|f| !FRONT.contains(&top_module(&f.path)))
        .flat_map(|f| {
            code_lines_with(&f.code, "crate::web")
                .into_iter()
                .map(move |line| format!("{}:{line}", f.path))
        })
        .collect()
}

fn backend_matches_outside_db(files: &[Source]) -> Vec<String> {
    files
        .iter()
        .filter(|f| top_module(&f.path) != "db")
        .flat_map(|f| {
            let mut lines = code_lines_with(&f.code, "DbConn::Sqlite");
            lines.extend(code_lines_with(&f.code, "DbConn::Postgres"));
            lines
                .into_iter()
                .map(move |line| format!("{}:{line}", f.path))
        })
        .collect()
}

/// Which top-level modules each top-level module names (`crate::games::..`).
fn module_graph(files: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let from = top_module(&file.path).to_owned();
        for (at, _) in file.code.match_indices("crate::") {
            let rest = &file.code[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != from && name.chars().all(|c| !c.is_uppercase()) {
                graph.entry(from.clone()).or_default().insert(name);
            }
        }
    }
    graph
}

/// Every pair of modules that reach each other, as `a -> .. -> b -> .. -> a`.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let reach = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.to_owned()];
        while let Some(next) = todo.pop() {
            for to in graph.get(&next).into_iter().flatten() {
                if seen.insert(to.clone()) {
                    todo.push(to.clone());
                }
            }
        }
        seen
    };
    let mut found = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            if from < to && reach(to).contains(from) {
                found.push(format!("{from} <-> {to}"));
            }
        }
    }
    found
}

/// Functions longer than `limit` lines, as `path:line name (n lines)`. A function runs from
/// its `fn` line to the first later line that closes at the same indentation.
fn long_functions(files: &[Source], limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let lines: Vec<&str> = file.code.lines().collect();
        for (start, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let Some(name) = function_name(trimmed) else {
                continue;
            };
            if trimmed.contains('{') && trimmed.trim_end().ends_with('}') {
                continue; // a one-line function
            }
            // The signature ends at the first line ending in `{` (a body) or `;` (none).
            let Some(open) = lines[start..]
                .iter()
                .position(|l| l.trim_end().ends_with('{') || l.trim_end().ends_with(';'))
            else {
                continue;
            };
            if lines[start + open].trim_end().ends_with(';') {
                continue;
            }
            let indent = line.len() - trimmed.len();
            let closing = " ".repeat(indent) + "}";
            let end = lines[start + open + 1..]
                .iter()
                .position(|l| l.starts_with(&closing) && l.len() - l.trim_start().len() == indent)
                .map_or(lines.len(), |offset| start + open + 1 + offset);
            let length = end - start + 1;
            if length > limit {
                found.push(format!(
                    "{}:{} {name} ({length} lines)",
                    file.path,
                    start + 1
                ));
            }
        }
    }
    found
}

/// The name of the function a line declares, if it declares one.
fn function_name(trimmed: &str) -> Option<&str> {
    let mut rest = trimmed;
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&rest[..end])
}

/// The module of `src/` that owns (alone writes) each table.
const OWNERS: &[(&str, &str)] = &[
    ("users", "accounts"),
    ("sessions", "accounts"),
    ("login_attempts", "accounts"),
    ("password_resets", "accounts"),
    ("email_verifications", "accounts"),
    ("vacations", "accounts"),
    ("games", "games"),
    ("game_moves", "games"),
    ("challenges", "challenges"),
    ("presets", "presets"),
    ("preset_versions", "presets"),
    ("outbox", "mail"),
    ("reminders_sent", "jobs"),
    ("ratings", "ratings"),
    ("rating_history", "ratings"),
    ("game_notes", "games"),
    ("game_messages", "games"),
    ("blocks", "accounts"),
    ("api_tokens", "accounts"),
    ("calendar_keys", "accounts"),
    ("conditional_moves", "games"),
    ("tournaments", "tournaments"),
    ("tournament_players", "tournaments"),
    ("inbound_mails", "mail"),
    ("pgn_uploads", "logs"),
    ("admin_actions", "admin"),
];

/// Writes (`insert_into(t::table`, `update(t::table`, `delete(t::table`) of a table by a
/// module other than its owner, or of a table with no owner.
fn writes_by_others(files: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let module = top_module(&file.path);
        for call in ["insert_into(", "update(", "delete("] {
            for (at, _) in file.code.match_indices(call) {
                let rest = file.code[at + call.len()..].trim_start();
                let table: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !rest[table.len()..].starts_with("::table") {
                    continue;
                }
                let owner = OWNERS.iter().find(|(t, _)| *t == table).map(|(_, m)| *m);
                if owner != Some(module) {
                    let line = file.code[..at].lines().count();
                    found.push(format!("{}:{line} writes {table}", file.path));
                }
            }
        }
    }
    found
}

/// Code that ends a game other than through `play::end`: a write of the finished status
/// outside the one store (`games/record.rs`; `games/imported.rs` stores games that ended
/// elsewhere), or a call of that store outside `play/end.rs`.
fn endings_outside_the_one_end(files: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        for (i, line) in file.code.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let writes_finished =
                code.contains("status.eq(GameStatus::Finished)") && !code.contains(".filter(");
            let may_write =
                ["src/games/record.rs", "src/games/imported.rs"].contains(&file.path.as_str());
            let calls_store = code.contains("store_end(") && !code.contains("fn store_end(");
            if (writes_finished && !may_write) || (calls_store && file.path != "src/play/end.rs") {
                found.push(format!("{}:{}", file.path, i + 1));
            }
        }
    }
    found
}

fn assert_none(what: &str, found: Vec<String>) {
    assert!(found.is_empty(), "{what}:\n  {}", found.join("\n  "));
}

#[test]
fn services_never_import_web() {
    assert_none(
        "service code importing crate::web",
        service_imports_of_web(&sources("src")),
    );
}

#[test]
fn only_src_db_names_a_backend() {
    assert_none(
        "DbConn variants matched outside src/db",
        backend_matches_outside_db(&sources("src")),
    );
}

#[test]
fn modules_of_src_import_each_other_one_way() {
    assert_none(
        "import cycles between modules of src/",
        cycles(&module_graph(&sources("src"))),
    );
}

#[test]
fn each_table_is_written_by_its_owner_only() {
    assert_none(
        "tables written outside their owning module",
        writes_by_others(&sources("src")),
    );
}

#[test]
fn a_game_ends_only_through_play_end() {
    assert_none(
        "games ended outside play::end",
        endings_outside_the_one_end(&sources("src")),
    );
}

#[test]
fn no_function_is_too_long() {
    let mut files = sources("src");
    files.extend(sources("rules/src"));
    files.extend(sources("board/src"));
    assert_none(
        &format!("functions over {MAX_FUNCTION_LINES} lines"),
        long_functions(&files, MAX_FUNCTION_LINES),
    );
}

#[test]
fn the_checks_find_what_they_look_for() {
    let file = |path: &str, code: &str| Source {
        path: path.to_owned(),
        code: code.to_owned(),
    };
    let bad = [
        file("src/games/play.rs", "use crate::web::format;\nuse crate::presets::x;\n"),
        file(
            "src/presets/query.rs",
            "use crate::games::model;\nfn f(c: &mut DbConn) { match c { DbConn::Sqlite(_) => {} } }\n",
        ),
        file("src/db/mod.rs", "DbConn::Postgres(c) => {}\n"),
        file("src/web/mod.rs", "use crate::web::x;\n// DbConn::Sqlite in a comment\n"),
    ];
    assert_eq!(service_imports_of_web(&bad), ["src/games/play.rs:1"]);
    assert_eq!(backend_matches_outside_db(&bad), ["src/presets/query.rs:2"]);
    assert_eq!(cycles(&module_graph(&bad)), ["games <-> presets"]);
    let writes = [
        file(
            "src/logs/import.rs",
            "x;\ndiesel::insert_into(\n    games::table)\n",
        ),
        file(
            "src/games/play.rs",
            "diesel::update(games::table.find(1))\n",
        ),
        file("src/games/query.rs", "diesel::delete(mystery::table)\n"),
    ];
    assert_eq!(
        writes_by_others(&writes),
        [
            "src/logs/import.rs:2 writes games",
            "src/games/query.rs:1 writes mystery"
        ]
    );
    let endings = [
        file(
            "src/games/clocks.rs",
            "diesel::update(t).set((\n    games::status.eq(GameStatus::Finished),\n",
        ),
        file("src/play/end.rs", "record::store_end(conn, id)?;\n"),
        file(
            "src/tournaments/rounds.rs",
            "record::store_end(conn, id)?;\n",
        ),
        file(
            "src/logs/list.rs",
            "q.filter(games::status.eq(GameStatus::Finished))\n",
        ),
    ];
    assert_eq!(
        endings_outside_the_one_end(&endings),
        ["src/games/clocks.rs:2", "src/tournaments/rounds.rs:1"]
    );
    let body = "    let x = 1;\n".repeat(5);
    let long = file(
        "src/a.rs",
        &format!("pub fn long() {{\n{body}}}\nfn short() {{ 1 }}\nfn decl();\n"),
    );
    assert_eq!(long_functions(&[long], 6), ["src/a.rs:1 long (7 lines)"]);
    assert_eq!(
        without_tests("fn a() {}\n#[cfg(test)]\nmod tests {\n}\n"),
        "fn a() {}\n"
    );
}
