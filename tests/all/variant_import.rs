//! Variant import: Fairy-Stockfish's variants.ini sections become plypost definitions that
//! play exactly as Fairy-Stockfish does. The oracle is pyffish (PyPI, Fairy-Stockfish's own
//! move generator): perft at depth 3 on the start and on positions along random games, for
//! every built-in template and every test definition of `variant_import.ini`. A mismatch is a
//! bug in the rules or in the import, never a tolerance.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use plypost_rules::import::{self, fsf, Format};
use plypost_rules::{perft, Position, Variant};

const DEPTH: &str = "3";
const TEST_INI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/all/variant_import.ini");

/// Whether python3 has pyffish; a panic under `CI=true` when not.
fn pyffish_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !ok {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("python3 with pyffish is needed when CI=true: pip install pyffish");
        }
        eprintln!("skipped: pip install pyffish to run this test");
    }
    ok
}

/// Starts the oracle on `variant` (loaded from `ini`, or a pyffish built-in with `-`): the
/// start and two positions of one random game.
fn spawn_oracle(ini: &str, variant: &str, seed: usize) -> Child {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/all/variant_oracle.py");
    Command::new("python3")
        .args([script, ini, variant, DEPTH, "1", "24", &seed.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs")
}

/// The oracle's (FEN, nodes) lines.
fn oracle_counts(child: Child, what: &str) -> Vec<(String, u64)> {
    let out = child.wait_with_output().expect("the oracle ends");
    assert!(
        out.status.success(),
        "oracle for {what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            let (fen, nodes) = line.split_once('\t').expect("FEN<TAB>nodes");
            (fen.to_owned(), nodes.trim().parse().expect("a count"))
        })
        .collect()
}

fn imported(text: &str, section: Option<&str>) -> Variant {
    let imported = import::import(Format::FsfIni, text, section)
        .unwrap_or_else(|e| panic!("{section:?} does not import: {e:?}"));
    Variant::from_toml(&imported.definition)
        .unwrap_or_else(|e| panic!("{section:?}: {e:?}\n{}", imported.definition))
}

/// plypost's perft at every position the oracle counted, equal to its counts.
fn assert_same_counts(variant: &Variant, counts: &[(String, u64)], what: &str) {
    assert!(
        counts.len() >= 2,
        "{what}: the oracle gave too few positions"
    );
    for (fen, expected) in counts {
        let position = Position::from_fen(variant, &import::fen_from_fsf(variant, fen))
            .unwrap_or_else(|e| panic!("{what}: plypost does not read {fen}: {e}"));
        let got = perft(&position, DEPTH.parse().unwrap_or(3));
        assert_eq!(
            got,
            *expected,
            "{what}: perft {DEPTH} from {fen}: plypost {got}, Fairy-Stockfish {expected}\n{}",
            variant.source_text()
        );
    }
}

/// The templates plypost can express; the others are refused by the key that says why.
const PLAYABLE_TEMPLATES: [&str; 15] = [
    "chess",
    "nocastle",
    "almost",
    "amazon",
    "knightmate",
    "capablanca",
    "gothic",
    "embassy",
    "janus",
    "chancellor",
    "shako",
    "courier",
    "shatranj",
    "grand",
    "chigorin",
];

/// Makruk without its counting rules (which decide games, not moves).
const MAKRUK_UNCOUNTED: &str = "[t:makruk]\ncountingRule = none\n";

#[test]
fn one_line_sections_play_as_fairy_stockfishs_builtins() {
    if !pyffish_available() {
        return;
    }
    let children: Vec<(&str, Child)> = PLAYABLE_TEMPLATES
        .iter()
        .chain(&["makruk"])
        .enumerate()
        .map(|(i, name)| (*name, spawn_oracle("-", name, i + 1)))
        .collect();
    for (name, child) in children {
        let text = if name == "makruk" {
            MAKRUK_UNCOUNTED.to_owned()
        } else {
            format!("[t:{name}]\n")
        };
        let variant = imported(&text, None);
        assert_same_counts(&variant, &oracle_counts(child, name), name);
    }
}

#[test]
fn refused_templates_name_what_plypost_lacks() {
    let errors = import::import(Format::FsfIni, "[t:makruk]\n", None).expect_err("makruk");
    assert!(errors.iter().any(|e| e.key == "countingRule"), "{errors:?}");
    // Without its counting rules, Makruk is imported (its moves are checked against
    // pyffish's makruk in `one_line_sections_play_as_fairy_stockfishs_builtins`).
    assert!(import::import(Format::FsfIni, MAKRUK_UNCOUNTED, None).is_ok());
    // Every documented template name is one a section may inherit from.
    let names = fsf::template_names();
    for name in PLAYABLE_TEMPLATES
        .iter()
        .chain(&["makruk", "grand", "chigorin"])
    {
        assert!(names.iter().any(|n| n == name), "{name}");
    }
}

#[test]
fn test_definitions_play_as_fairy_stockfish() {
    if !pyffish_available() {
        return;
    }
    let text = std::fs::read_to_string(TEST_INI).expect("the test definitions");
    let sections = fsf::section_names(&text);
    assert!(sections.len() >= 8, "{sections:?}");
    let children: Vec<(String, Child)> = sections
        .iter()
        .enumerate()
        .map(|(i, name)| (name.clone(), spawn_oracle(TEST_INI, name, 100 + i)))
        .collect();
    for (name, child) in children {
        let variant = imported(&text, Some(&name));
        assert_same_counts(&variant, &oracle_counts(child, &name), &name);
    }
}

#[test]
fn test_definitions_say_what_they_mean() {
    let text = std::fs::read_to_string(TEST_INI).expect("the test definitions");
    let wide = import::import(Format::FsfIni, &text, Some("ppwide")).expect("ppwide");
    let v = Variant::from_toml(&wide.definition).expect("loads");
    assert_eq!((v.width(), v.height()), (10, 10));
    assert_eq!(v.promotion_zone(), 2);
    assert!(v.promotion_is_optional());
    let castling = v.castling().expect("castling");
    assert_eq!(
        (castling.king_distance, castling.queenside_king_distance),
        (3, 4)
    );
    assert_eq!(v.rule_options().move_count_limit, Some(60));
    assert_eq!(v.end_rules().stalemate, plypost_rules::StalemateRule::Win);
    let pawn = v.kind_by_letter("P").expect("a Pawn");
    assert!(!pawn.captures_en_passant && !pawn.creates_en_passant);
    // The custom W+A piece looks like a built-in piece that moves the same, if there is one,
    // or a lettered disc.
    let w = v.kind_by_letter("W").expect("the custom piece");
    assert!(!w.name.is_empty() && !w.image.is_empty());

    let child = import::import(Format::FsfIni, &text, Some("ppchild")).expect("ppchild");
    let v = Variant::from_toml(&child.definition).expect("loads");
    assert!(v.castling().is_none());
    let promotes: Vec<String> = v
        .kind_by_letter("P")
        .expect("a Pawn")
        .promotes_to
        .iter()
        .map(|k| v.kind(*k).letter.clone())
        .collect();
    assert_eq!(promotes.len(), 2, "{promotes:?}");
    assert!(
        promotes.iter().all(|l| l == "Q" || l == "R"),
        "{promotes:?}"
    );

    let deep = imported(&text, Some("ppdeep"));
    assert_eq!(deep.promotion_zone(), 3);
    assert!(
        deep.kind_by_letter("P")
            .expect("Pawn")
            .must_promote_on_last_rank
    );

    let bare = imported(&text, Some("ppbare"));
    assert!(bare.end_rules().bare_king);
    assert_eq!(
        bare.end_rules().stalemate,
        plypost_rules::StalemateRule::Loss
    );

    // The display-only key is a warning, not an error.
    let dialect = import::import(Format::FsfIni, &text, Some("ppdialect")).expect("ppdialect");
    assert!(
        dialect
            .warnings
            .iter()
            .any(|w| w.key == "pieceToCharTable" && w.line > 0),
        "{:?}",
        dialect.warnings
    );
    // A custom piece that moves as a built-in one takes its name and picture (the
    // Archbishop's Bishop + Knight is plypost's Cardinal).
    let archbishop = imported(
        "[a:nocastle]\ncustomPiece1 = a:BN\nstartFen = rnbqkbna/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n",
        None,
    );
    let a = archbishop.kind_by_letter("A").expect("A");
    assert_eq!(
        (a.name.as_str(), a.image.as_str()),
        ("Cardinal", "cardinal")
    );
}

#[test]
fn every_refused_key_is_an_error_naming_it() {
    for (key, why) in fsf::refused_keys() {
        let value = if matches!(
            key,
            "checking" | "connectHorizontal" | "connectVertical" | "connectDiagonal"
        ) {
            "false"
        } else {
            "true"
        };
        let text = format!("[r:chess]\n{key} = {value}\n");
        let errors = import::import(Format::FsfIni, &text, None)
            .expect_err(&format!("{key} = {value} must be refused"));
        assert!(
            errors
                .iter()
                .any(|e| e.key == key && e.line == 2 && e.message == why.text),
            "{key}: {errors:?}"
        );
    }
    // Off values pass.
    let off = "[r:chess]\npieceDrops = false\ncountingRule = none\nextinctionValue = none\n";
    assert!(import::import(Format::FsfIni, off, None).is_ok());
}

fn has_at(errors: &[import::Problem], line: usize, key: &str, words: &str) -> bool {
    errors
        .iter()
        .any(|e| e.line == line && e.key == key && e.message.contains(words))
}

#[test]
fn errors_and_warnings_say_where() {
    let text = "[a:chess]\ncastling = maybe\nnFoldRule = 4\ncustomPiece1 = z:gQ\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1\n\
                colour = blue\n";
    let errors = import::import(Format::FsfIni, text, None).expect_err("refused");
    let has = |line: usize, key: &str, word: &str| {
        errors
            .iter()
            .any(|e| e.line == line && e.key == key && e.message.contains(word))
    };
    assert!(has(2, "castling", "true or false"), "{errors:?}");
    assert!(has(3, "nFoldRule", "third occurrence"), "{errors:?}");
    assert!(
        errors
            .iter()
            .any(|e| e.key == "customPiece1" && e.message.contains("grasshopper")),
        "{errors:?}"
    );
    // The board size is read before the other keys, and what is wrong with it stays said.
    let errors = import::import(Format::FsfIni, "[a:chess]\nmaxFile = 20\n", None)
        .expect_err("no such board");
    assert!(has_at(&errors, 2, "maxFile", "is no file"), "{errors:?}");
    // Several sections: the choice is asked for, with the names.
    let two = "[a:chess]\n[b:chess]\n";
    let errors = import::import(Format::FsfIni, two, None).expect_err("which one");
    assert!(errors[0].message.contains("a, b"), "{errors:?}");
    // An unknown key is a warning (Fairy-Stockfish ignores it too).
    let ok = import::import(Format::FsfIni, "[a:chess]\ncolour = blue\n", None).expect("imports");
    assert!(ok.warnings.iter().any(|w| w.key == "colour" && w.line == 2));
    // An e.p. capture that would end in the promotion zone.
    let deep = "[d:chess]\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n";
    let errors = import::import(Format::FsfIni, deep, None).expect_err("e.p. into the zone");
    assert!(
        errors.iter().any(|e| e.message.contains("e.p. capture")),
        "{errors:?}"
    );
    // A refused piece type names itself.
    let errors = import::import(Format::FsfIni, "[h:chess]\nhorse = h\n", None).expect_err("horse");
    assert!(
        errors.iter().any(|e| e.key == "horse" && e.line == 2),
        "{errors:?}"
    );
}

fn plypost(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_plypost"))
        .args(args)
        .output()
        .expect("plypost runs")
}

#[test]
fn the_command_line_imports_and_counts() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = plypost(&[
        "variant",
        "import",
        "--format",
        "fsf-ini",
        TEST_INI,
        "--section",
        "ppdialect",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let toml = String::from_utf8(out.stdout).expect("UTF-8");
    let variant = Variant::from_toml(&toml).expect("the printed definition loads");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: line") && stderr.contains("pieceToCharTable"),
        "{stderr}"
    );

    // Several sections and none chosen: exit 1, the error on standard error.
    let out = plypost(&["variant", "import", "--format", "fsf-ini", TEST_INI]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ppdialect"));
    assert!(out.stdout.is_empty());

    // Every error with its line and key.
    let bad = dir.path().join("bad.ini");
    std::fs::write(&bad, "[x:chess]\npieceDrops = true\ncheckCounting = true\n").expect("write");
    let out = plypost(&[
        "variant",
        "import",
        "--format",
        "fsf-ini",
        bad.to_str().unwrap_or(""),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("line 2: pieceDrops") && stderr.contains("line 3: checkCounting"),
        "{stderr}"
    );

    // perft --definition: the TOML, and the variants.ini imported on the way, agree with the
    // library.
    let start = Position::start(&variant);
    let expected = format!("nodes {}", perft(&start, 2));
    let toml_file = dir.path().join("dialect.toml");
    std::fs::write(&toml_file, &toml).expect("write");
    for args in [
        vec![
            "perft",
            "--definition",
            toml_file.to_str().unwrap_or(""),
            "2",
        ],
        vec![
            "perft",
            "--definition",
            TEST_INI,
            "--format",
            "fsf-ini",
            "--section",
            "ppdialect",
            "2",
        ],
    ] {
        let out = plypost(&args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            expected,
            "{args:?}"
        );
    }
    // Fairy-Stockfish's FEN (here after 1. e4 in Shako) is read too.
    let shako = dir.path().join("shako.ini");
    std::fs::write(&shako, "[s:shako]\n").expect("write");
    let out = plypost(&[
        "perft",
        "--definition",
        shako.to_str().unwrap_or(""),
        "--format",
        "fsf-ini",
        "--fen",
        "c8c/ernbqkbnre/pppppppppp/10/10/4P5/10/PPPP1PPPPP/ERNBQKBNRE/C8C b KQkq - 0 1",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("nodes "));
    // The built-in form still works.
    let out = plypost(&["perft", "chess", "2"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "nodes 400");
    assert!(Path::new(TEST_INI).exists());
}

// ----- the API and the edit form --------------------------------------------------------

use crate::common::api::Api;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;
use serde_json::json;

const JANUS_CHILD: &str = "# my Janus\n[myjanus:janus]\nnMoveRule = 40\npieceToCharTable = -\n";

async fn api_import_answers_with_the_definition_or_every_problem(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    let api = Api::login(&app, "alice").await;
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "fsf-ini", "text": JANUS_CHILD, "section": null}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let definition = body["definition"].as_str().expect("definition");
    let variant = Variant::from_toml(definition).expect("the definition loads");
    assert_eq!((variant.width(), variant.height()), (10, 8));
    assert_eq!(variant.rule_options().move_count_limit, Some(80));
    assert_eq!(
        body["warnings"],
        json!([{"line": 4, "key": "pieceToCharTable", "message": "ignored: it changes how Fairy-Stockfish shows or plays the variant, not its rules", "code": "display-key"}])
    );

    // Refused: 422 with every problem, each with its line and key.
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "fsf-ini", "text": "[x:chess]\npieceDrops = true\nnFoldRule = 5\n"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("2 problems")),
        "{body}"
    );
    let errors = body["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 2, "{body}");
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[0]["key"], "pieceDrops");
    assert_eq!(errors[1]["line"], 3);
    assert_eq!(errors[1]["key"], "nFoldRule");
    // Each with its stable code, and the values its message names.
    assert_eq!(errors[0]["code"], "refused-drops");
    assert_eq!(errors[1]["code"], "threefold-only");
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "fsf-ini", "text": "[x:chess]\nnMoveRule = often\n"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["errors"][0],
        json!({"line": 2, "key": "nMoveRule", "message": "'often' is not a whole number",
               "code": "not-a-number", "args": {"value": "often"}})
    );
    // Several sections: the section picks one, and without it the names are listed.
    let two = "[a:chess]\n[b:capablanca]\n";
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "fsf-ini", "text": two}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["errors"][0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("a, b")));
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "fsf-ini", "text": two, "section": "b"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // An Interactive Diagram.
    let (status, body) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "diagram", "text": CAPABLANCA_DIAGRAM, "section": null}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["definition"]
        .as_str()
        .is_some_and(|d| d.contains("width = 10")));
    // An unknown format, a body that is not the endpoint's, no token.
    let (status, _) = api
        .post(
            "/api/v1/presets/import",
            json!({"format": "xml", "text": "x"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = api.post("/api/v1/presets/import", json!({"text": 3})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let res = app
        .client
        .post(app.url("/api/v1/presets/import"))
        .json(&json!({"format": "fsf-ini", "text": JANUS_CHILD}))
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

async fn the_edit_form_imports_previews_and_saves(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let slug = app.fork_preset(&alice, "chess", "My Janus").await;

    // Errors: listed with their lines, what was pasted kept, nothing changed.
    let bad = "[x:chess]\npieceDrops = true\n";
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("import_format", Some("fsf-ini")),
                ("import_text", Some(bad)),
            ],
            "import",
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(page.contains("id=\"import-errors\""), "{page}");
    assert!(page.contains("line 2: <code>pieceDrops</code>"), "{page}");

    // A player who reads French reads what the import says in French, the values quoted.
    app.post_as(&alice, "/language", &[("lang", "fr"), ("back", "/")])
        .await;
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("import_format", Some("fsf-ini")),
                (
                    "import_text",
                    Some("[x:chess]\ncastling = maybe\nmaxFile = 20\n"),
                ),
            ],
            "import",
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    for text in [
        "«\u{a0}maybe\u{a0}» n’est ni true ni false",
        "«\u{a0}20\u{a0}» n’est pas une colonne (1 à 12 ou a à l)",
    ] {
        assert!(page.contains(text), "{text}: {page}");
    }
    assert!(!page.contains("is not true or false"), "{page}");
    app.post_as(&alice, "/language", &[("lang", "en"), ("back", "/")])
        .await;

    // Several sections: a choice of them.
    let two = "[first:chess]\n[second:janus]\n";
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("import_format", Some("fsf-ini")),
                ("import_text", Some(two)),
            ],
            "import",
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("page");
    assert!(page.contains("<select name=\"import_section\""), "{page}");
    assert!(page.contains("<option value=\"second\""), "{page}");

    // Imported: the board, the legend with move diagrams, the warnings; the definition and
    // setup filled in; nothing saved yet.
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("import_format", Some("fsf-ini")),
                ("import_text", Some(JANUS_CHILD)),
            ],
            "import",
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.expect("page");
    assert!(page.contains("id=\"import-board\""), "{page}");
    assert!(page.contains("id=\"import-warnings\""), "{page}");
    assert!(page.contains("pieceToCharTable"), "{page}");
    let janus = crate::common::presets::piece_figure(&page, "J");
    assert!(janus.contains("<svg"), "a move diagram: {janus}");
    assert!(janus.contains("XBetza"), "{janus}");
    let (_, shown) = app.get_as(&alice, &format!("/presets/{slug}")).await;
    assert!(shown.contains("id=\"preset-version\">version 1<"));

    // Saved from that page: version 2 plays Janus chess.
    let res = app
        .submit_preset_form(&alice, &slug, &page, &[], "save")
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let (_, shown) = app.get_as(&alice, &format!("/presets/{slug}")).await;
    assert!(
        shown.contains("id=\"preset-version\">version 2<"),
        "{shown}"
    );
    assert!(
        shown.contains("data-piece=\"J\""),
        "the Janus is in the legend"
    );
    let api = Api::login(&app, "alice").await;
    let (_, body) = api.get(&format!("/api/v1/presets/{slug}")).await;
    assert_eq!(body["width"], 10);
    assert!(
        body["definition"]
            .as_str()
            .is_some_and(|d| d.contains("queenside_king_distance = 3")),
        "{body}"
    );
}

/// The examples of /help/variants import as they are; the page lists what is refused.
async fn the_help_pages_examples_import(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    let api = Api::login(&app, "alice").await;
    let res = app.get("/help/variants").await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.expect("page");
    assert!(page.contains("<h2 id=\"import\">Importing a variant</h2>"));
    for word in [
        "<code>pieceDrops</code>",
        "<code>capablanca</code>",
        "<code>customPiece1..25</code>",
    ] {
        assert!(page.contains(word), "{word}");
    }
    for (class, format, mark) in [
        ("language-ini", "fsf-ini", "[wazirblanca"),
        ("language-text", "diagram", "files=10"),
    ] {
        let marker = format!("<code class=\"{class}\">");
        let text = page
            .match_indices(&marker)
            .filter_map(|(i, _)| {
                let start = i + marker.len();
                let end = start + page[start..].find("</code>")?;
                Some(crate::common::unescape(&page[start..end]))
            })
            .find(|t| t.contains(mark))
            .expect("the example");
        let (status, body) = api
            .post(
                "/api/v1/presets/import",
                json!({"format": format, "text": text}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{format}: {body}");
    }
}

backend_tests!(
    the_help_pages_examples_import,
    api_import_answers_with_the_definition_or_every_problem,
    the_edit_form_imports_previews_and_saves,
);

// ----- export ---------------------------------------------------------------------------

/// Variants to export: plypost built-ins that fit Fairy-Stockfish, some imported templates,
/// and the test definitions.
fn exportable() -> Vec<(String, Variant)> {
    let mut out: Vec<(String, Variant)> = ["chess", "shako", "pemba"]
        .iter()
        .map(|n| ((*n).to_owned(), Variant::builtin(n).expect("built-in")))
        .collect();
    for t in [
        "capablanca",
        "janus",
        "courier",
        "knightmate",
        "grand",
        "chigorin",
    ] {
        out.push((t.to_owned(), imported(&format!("[{t}x:{t}]\n"), None)));
    }
    let text = std::fs::read_to_string(TEST_INI).expect("the test definitions");
    for name in fsf::section_names(&text) {
        out.push((name.clone(), imported(&text, Some(&name))));
    }
    out
}

/// The exported section under a name Fairy-Stockfish has not met.
fn renamed(ini: &str, name: &str) -> String {
    let body = ini.split_once('\n').map_or("", |(_, rest)| rest);
    format!("[{name}]\n{body}")
}

#[test]
fn exports_load_in_fairy_stockfish_and_play_the_same() {
    if !pyffish_available() {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut runs = Vec::new();
    for (i, (what, variant)) in exportable().into_iter().enumerate() {
        let ini = plypost_rules::fsf_export::to_fsf_ini(&variant)
            .unwrap_or_else(|e| panic!("{what} does not export: {e:?}"));
        let name = format!("ppexport{i}");
        let path = dir.path().join(format!("{name}.ini"));
        std::fs::write(&path, renamed(&ini, &name)).expect("write");
        let child = spawn_oracle(path.to_str().unwrap_or(""), &name, 300 + i);
        runs.push((what, variant, child));
    }
    for (what, variant, child) in runs {
        assert_same_counts(
            &variant,
            &oracle_counts(child, &what),
            &format!("export of {what}"),
        );
    }
}

#[test]
fn export_then_import_gives_the_same_definition() {
    for (what, variant) in exportable() {
        let ini = plypost_rules::fsf_export::to_fsf_ini(&variant)
            .unwrap_or_else(|e| panic!("{what} does not export: {e:?}"));
        let back = imported(&ini, None);
        let again = plypost_rules::fsf_export::to_fsf_ini(&back).expect("exports again");
        assert_eq!(renamed(&again, "x"), renamed(&ini, "x"), "{what}");
        // Same rules, square by square: the same moves from the start.
        let moves = |v: &Variant| {
            let start = Position::start(v);
            let mut list: Vec<String> = start
                .legal_moves()
                .iter()
                .map(|m| start.move_text(m))
                .collect();
            list.sort();
            list
        };
        assert_eq!(moves(&back), moves(&variant), "{what}");
        assert_eq!(back.promotion_zone(), variant.promotion_zone(), "{what}");
        assert_eq!(back.rule_options(), variant.rule_options(), "{what}");
        assert_eq!(back.end_rules(), variant.end_rules(), "{what}");
    }
}

#[test]
fn what_does_not_fit_fairy_stockfish_is_named() {
    let errors =
        plypost_rules::fsf_export::to_fsf_ini(&Variant::builtin("terachess2").expect("built-in"))
            .expect_err("16x16");
    assert!(
        errors
            .iter()
            .any(|e| e.key == "board" && e.message.contains("16x16")),
        "{errors:?}"
    );
    assert!(errors.iter().any(|e| e.key == "Eagle"), "{errors:?}");
    // The command line: exit 1, the reasons on standard error; a file is read too.
    let out = plypost(&["variant", "export", "--format", "fsf-ini", "terachess2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 12x10"));
    let out = plypost(&["variant", "export", "--format", "fsf-ini", "shako"]);
    assert!(out.status.success());
    let ini = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        ini.starts_with("[shako]\n") && ini.contains("cannon = c"),
        "{ini}"
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("chess.toml");
    std::fs::write(
        &file,
        Variant::builtin("chess").expect("chess").source_text(),
    )
    .expect("write");
    let out = plypost(&[
        "variant",
        "export",
        "--format",
        "fsf-ini",
        file.to_str().unwrap_or(""),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("king = k\n"));
}

// ----- Interactive Diagrams -------------------------------------------------------------

/// Capablanca chess as an Interactive Diagram, in its HTML element as pasted from a page.
const CAPABLANCA_DIAGRAM: &str = r#"<div class="idiagram" style="float:left">
files=10<br>
ranks=8
promoZone=1
maxPromote=1
promoChoice=QACRBN
graphicsDir=/graphics.dir/alfaeriePNG/
squareSize=50
symmetry=mirror
pawn::::a2-j2
knight:N:::b1,i1
archbishop:A::cardinal:c1
bishop::::d1,g1
queen::::e1
chancellor:C:::h1
rook::::a1,j1
king::KisO3::f1
</div>"#;

/// Chess with explicit moves, Black's squares listed after `,,`, the King by number.
const CHESS_DIAGRAM: &str = "files=8\nranks=8\nroyal=6\npromoChoice=QRBN\n\
pawn:P:ifmnDfmWfceF::a2-h2,,a7-h7\nknight:N:N::b1,g1,,b8,g8\nbishop:B:B::c1,f1,,c8,f8\n\
rook:R:R::a1,h1,,a8,h8\nqueen:Q:Q::d1,,d8\nking:K:KisO2::e1,,e8\n";

#[test]
fn diagrams_play_as_fairy_stockfish() {
    if !pyffish_available() {
        return;
    }
    for (i, (diagram, builtin)) in [(CAPABLANCA_DIAGRAM, "capablanca"), (CHESS_DIAGRAM, "chess")]
        .into_iter()
        .enumerate()
    {
        let child = spawn_oracle("-", builtin, 500 + i);
        let imported = import::import(Format::Diagram, diagram, None)
            .unwrap_or_else(|e| panic!("{builtin}: {e:?}"));
        let variant = Variant::from_toml(&imported.definition).expect("loads");
        assert_same_counts(
            &variant,
            &oracle_counts(child, builtin),
            &format!("{builtin} diagram"),
        );
    }
}

#[test]
fn diagrams_read_their_parameters() {
    let capablanca = import::import(Format::Diagram, CAPABLANCA_DIAGRAM, None).expect("imports");
    // Display parameters are ignored without a word.
    assert!(capablanca.warnings.is_empty(), "{:?}", capablanca.warnings);
    let v = Variant::from_toml(&capablanca.definition).expect("loads");
    assert_eq!(
        v.start_fen(),
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    );
    assert_eq!(v.castling().map(|c| c.king_distance), Some(3));
    let a = v.kind_by_letter("A").expect("the Archbishop");
    assert_eq!(a.name, "Archbishop");
    // The standard King castles toward the corners, with a warning that says how far.
    let plain = "files=10\nranks=8\npawn::::a2-j2\nrook::::a1,j1\nking::::f1\n";
    let imported = import::import(Format::Diagram, plain, None).expect("imports");
    assert!(
        imported
            .warnings
            .iter()
            .any(|w| w.line == 5 && w.message.contains("KisO3")),
        "{:?}",
        imported.warnings
    );
    // symmetry=rotate turns Black's setup (and its moves) half round.
    let rotated = "files=8\nranks=8\nsymmetry=rotate\nrook::::a1\nbishop::::b1\nking::K::e1\n";
    let v = Variant::from_toml(
        &import::import(Format::Diagram, rotated, None)
            .expect("imports")
            .definition,
    )
    .expect("loads");
    assert!(v.start_fen().starts_with("3k2br/8/"), "{}", v.start_fen());
    // A standard name without XBetza, an unknown parameter: warned or refused by line.
    let unknown = "files=8\nranks=8\nwobble=3\nking::K::e1\n";
    let imported = import::import(Format::Diagram, unknown, None).expect("imports");
    assert!(imported
        .warnings
        .iter()
        .any(|w| w.line == 3 && w.key == "wobble"));
}

#[test]
fn diagram_rules_plypost_lacks_are_named() {
    let base = "files=8\nranks=8\nking::K::e1\n";
    for (extra, key, word) in [
        ("holdingsType=1", "holdingsType", "hand"),
        ("captureMatrix=/\"8", "captureMatrix", "capture matrix"),
        ("shuffle=N!BRQK", "shuffle", "shuffled"),
        ("promoChoice=*Q*R", "promoChoice", "in hand"),
        ("spellZone=2", "spellZone", "spells"),
    ] {
        let text = format!("{extra}\n{base}");
        let errors = import::import(Format::Diagram, &text, None).expect_err(extra);
        assert!(
            errors
                .iter()
                .any(|e| e.key == key && e.line == 1 && e.message.contains(word)),
            "{extra}: {errors:?}"
        );
    }
    for (piece, word) in [
        ("griffon::FyafsF::d1", "multi-leg"),
        ("grasshopper::gQ::d1", "grasshopper"),
        ("lion::::d1", "standard pieces"),
        ("horse::nN::d1", "lame"),
        ("reserve::Q:::2", "in hand"),
    ] {
        let text = format!("{base}{piece}\n");
        let errors = import::import(Format::Diagram, &text, None).expect_err(piece);
        assert!(
            errors
                .iter()
                .any(|e| e.line == 4 && e.message.contains(word)),
            "{piece}: {errors:?}"
        );
    }
    // Castling with the inner piece, or to several distances.
    let errors = import::import(
        Format::Diagram,
        "files=8\nranks=8\nrook::::a1,h1\nking::KisO2isO3::e1\n",
        None,
    )
    .expect_err("two distances");
    assert!(
        errors
            .iter()
            .any(|e| e.line == 4 && e.message.contains("several distances")),
        "{errors:?}"
    );
}

#[test]
fn odd_texts_are_refused_not_crashed_on() {
    let texts = [
        "[a]\nmaxRank = 99\nmaxFile = 0\n",
        "[a:chess]\nstartFen = 4000000000/4000000000/8/8/8/8/8/8 w - - 0 1\n",
        "[a:chess]\ncastlingRank = 10\nmaxRank = 5\n",
        "[a:chess]\npromotionRegionWhite = z99 *0 a*\n",
        "[a:chess]\ncustomPiece1 = x\ncustomPiece2 = y:\ncustomPiece3 = :\n",
        "[a:chess]\nking = -\n",
        "[a:chess]\ncustomPiece1 = q:N9999999999999999999R\n",
        "[",
        "",
    ];
    for text in texts {
        let _ = import::import(Format::FsfIni, text, None);
    }
    let diagrams = [
        "files=200\nranks=-1\n",
        "files=8\nranks=8\nfirstRank=250\nking::K::e1\n",
        "files=8\nranks=8\nking::K::z9-a1,,,,\n",
        "files=8\nranks=8\nking::KisO::e1\n",
        "<div class=\"idiagram\"",
        ":::::",
        "files=8\nranks=8\npawn::::a2-h2\nking::::e1\n",
    ];
    for text in diagrams {
        let _ = import::import(Format::Diagram, text, None);
    }
    let variant = Variant::builtin("chess").expect("chess");
    for fen in [
        "",
        "x",
        "8/8 w HAha e3e4e5 0 1",
        "99999999999999999999999/8 w Zz - 0 1",
    ] {
        let _ = import::fen_from_fsf(&variant, fen);
    }
}
