//! The variant documentation page through HTTP, on SQLite and PostgreSQL: `/help/variants` is
//! linked from every page and from the preset editor; its worked example (Capablanca chess,
//! taken from the page's HTML, so the page's text is what is tested) becomes a preset's
//! definition through the editor; the preset page and the game page show each piece's XBetza;
//! a game is played to mate with an Archbishop, a Chancellor, castling and a Pawn double
//! step; the JSON log carries the definition. A definition from the page with a typo is
//! refused with the typo's line.

use reqwest::StatusCode;

use crate::common::presets::piece_figure;
use crate::common::{unescape, Backend, TestApp};

/// Saves the edit form of `slug` with `changes` applied to what the form shows; the editor
/// must link the documentation.
async fn edit(
    app: &TestApp,
    client: &reqwest::Client,
    slug: &str,
    changes: &[(&str, &str)],
) -> reqwest::Response {
    let page = app.preset_edit_form(client, slug).await;
    assert!(
        page.contains("href=\"/help/variants\""),
        "the editor links the documentation"
    );
    let changes: Vec<(&str, Option<&str>)> = changes.iter().map(|(k, v)| (*k, Some(*v))).collect();
    app.submit_preset_form(client, slug, &page, &changes, "save")
        .await
}

/// The documentation page's worked example: the TOML code block naming `capablanca`.
async fn capablanca_from_the_docs(app: &TestApp) -> String {
    let res = app.get("/help/variants").await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.expect("body");
    let marker = "<code class=\"language-toml\">";
    let blocks: Vec<String> = page
        .match_indices(marker)
        .filter_map(|(i, _)| {
            let start = i + marker.len();
            let end = start + page[start..].find("</code>")?;
            Some(unescape(&page[start..end]))
        })
        .filter(|text| text.contains("name = \"capablanca\""))
        .collect();
    assert_eq!(blocks.len(), 1, "one Capablanca example on the page");
    blocks.into_iter().next().unwrap_or_default()
}

/// The value of `key = "..."` in a definition.
fn string_value(definition: &str, key: &str) -> String {
    let prefix = format!("{key} = \"");
    let line = definition
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {key}"));
    line[prefix.len()..line.len() - 1].to_owned()
}

/// The Capablanca game: a Pawn double step first, the Archbishop out by its Knight move,
/// the Chancellor by its Knight move, castling f1-i1 with the Rook j1-h1, and a smothered
/// mate by the Archbishop on e6.
const GAME: &[&str] = &[
    "Pe2-e4", "Pf7-f5", "Ac1-d3", "Ch8-f7", "Ni1-j3", "Pd7-d5", "Ch1-i3", "Nb8-d7", "Ph2-h3",
    "Pa7-a6", "Bg1-h2", "Pa6-a5", "O-O", "Pj7-j6", "Ad3-f4", "Pj6-j5", "Af4-e6",
];

async fn capablanca_from_the_docs_is_played(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;

    // The page is linked from the site's navigation.
    let (_, home) = app.get_as(&alice, "/").await;
    assert!(home.contains("href=\"/help/variants\""));
    let definition = capablanca_from_the_docs(&app).await;
    let setup = string_value(&definition, "start_fen");

    let slug = app
        .fork_preset(&alice, "chess", "Capablanca from the docs")
        .await;
    let res = edit(
        &app,
        &alice,
        &slug,
        &[("definition", &definition), ("setup_fen", &setup)],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the example is accepted"
    );

    // The preset's legend: every piece with its XBetza, as the definition gives it.
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains("Capablanca chess (10 × 8)"), "{page}");
    let mut pieces = 0;
    for block in definition.split("[[piece]]").skip(1) {
        let letter = string_value(block, "letter");
        let betza = string_value(block, "betza");
        let figure = piece_figure(&page, &letter);
        assert!(
            figure.contains(&format!("XBetza: <code class=\"xbetza\">{betza}</code>")),
            "{letter}: {figure}"
        );
        assert!(!figure.contains("Native movement"), "{letter}");
        pieces += 1;
    }
    assert_eq!(pieces, 8);
    assert!(piece_figure(&page, "A").contains("Archbishop"));
    assert!(piece_figure(&page, "C").contains("Chancellor"));

    // A game of it, to mate.
    let game = app.game_with_preset(&alice, "bob", &bob, &slug).await;
    let (_, page) = app.get_as(&alice, &format!("/games/{game}")).await;
    for betza in ["BN", "RN", "fmWfceFifmnD"] {
        assert!(
            page.contains(&format!("<code class=\"xbetza\">{betza}</code>")),
            "the game's legend shows {betza}"
        );
    }
    // The Archbishop has no Rook step, nor a Knight leap onto its own Pawn.
    for illegal in ["Ac1-c3", "Ac1-c2", "Ac1-e2"] {
        let res = app.play(&alice, game, 1, illegal).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{illegal}");
    }
    let res = app.play(&alice, game, 1, "Ac1-c3").await;
    let text = unescape(&res.text().await.expect("body"));
    assert!(
        text.contains("a Archbishop cannot move from c1 to c3")
            || text.contains("an Archbishop cannot move from c1 to c3"),
        "the reason is shown"
    );
    app.play_all(&alice, &bob, game, GAME).await;
    let (_, page) = app.get_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("Finished: 1-0, checkmate"), "mate on e6");

    // The log carries the definition as the page gave it, and replays from it alone.
    let res = app.get(&format!("/logs/{game}.json")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let json: serde_json::Value = res.json().await.expect("JSON");
    assert_eq!(json["preset"]["definition"], definition.as_str());
    // (`variant.name` is the preset's family, the built-in it was forked from.)
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["result_reason"], "checkmate");
    let variant =
        plypost_rules::Variant::from_toml(json["preset"]["definition"].as_str().unwrap_or(""))
            .expect("the logged definition loads");
    let mut replay = plypost_rules::Game::new(plypost_rules::Position::start(&variant));
    for text in GAME {
        replay.play_text(text).expect("replays");
    }
    assert!(replay.outcome().is_some());
    let fen = replay.position().to_fen();
    // Castled: King i1, Rook h1; the Archbishop on e6.
    assert!(fen.contains("/RN1BQ2RK1 b"), "{fen}");
    assert!(fen.contains("/4A5/"), "{fen}");
}

async fn a_typo_in_the_docs_example_names_its_line(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let definition = capablanca_from_the_docs(&app).await;
    let setup = string_value(&definition, "start_fen");
    let slug = app
        .fork_preset(&alice, "chess", "Capablanca with typos")
        .await;
    let line_of = |needle: &str| {
        definition
            .lines()
            .position(|l| l == needle)
            .map(|i| i + 1)
            .unwrap_or_else(|| panic!("no line {needle}"))
    };
    for (right, wrong, message) in [
        (
            "king_distance = 3",
            "king_distnce = 3",
            "unknown key 'king_distnce' in [castling]",
        ),
        (
            "betza = \"BN\"",
            "betza = \"BM\"",
            "piece 'Archbishop': XBetza 'BM' at character 2 ('M'): unknown atom 'M'",
        ),
        (
            "promotes_to = [\"Q\", \"C\", \"A\", \"R\", \"B\", \"N\"]",
            "promotes_to = [\"Q\", \"C\", \"A\", \"R\", \"B\", \"X\", \"N\"]",
            "promotes to 'X', which is no piece letter",
        ),
    ] {
        let line = line_of(right);
        let typo = definition.replacen(right, wrong, 1);
        let res = edit(
            &app,
            &alice,
            &slug,
            &[("definition", &typo), ("setup_fen", &setup)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{wrong}");
        let page = res.text().await.expect("body");
        let errors = &page[page.find("id=\"definition-errors\"").expect("errors")..];
        let errors = unescape(&errors[..errors.find("</pre>").unwrap_or(errors.len())]);
        assert!(
            errors
                .lines()
                .any(|l| l.starts_with(&format!("line {line}: ")) && l.contains(message)),
            "{wrong}: expected line {line}: {message} in\n{errors}"
        );
    }
    // Nothing was saved: the preset is still chess.
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains("Chess (8 × 8)"));
}

/// Every built-in preset's legend shows each piece's XBetza exactly as its variant file gives
/// it (the strings `rules/tests/betza_builtin.rs` verifies), or the file's reason why not with
/// the native movement.
async fn builtin_legends_show_xbetza(backend: Backend) {
    let app = TestApp::new(backend).await;
    for name in plypost_rules::Variant::builtin_names() {
        let variant = plypost_rules::Variant::builtin(name).expect("built-in");
        let (status, page) = app.get_as(&app.client, &format!("/presets/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        for kind in variant.pieces() {
            let figure = unescape(piece_figure(&page, &kind.letter));
            match &kind.xbetza {
                Some(x) => assert!(
                    figure.contains(&format!("XBetza: <code class=\"xbetza\">{x}</code>")),
                    "{name} {}: {figure}",
                    kind.letter
                ),
                None => {
                    assert!(figure.contains("No XBetza"), "{name} {}", kind.letter);
                    assert!(
                        figure.contains(&kind.move_texts.join("; ")),
                        "{name} {}: native movement",
                        kind.letter
                    );
                }
            }
            if let Some(note) = &kind.xbetza_note {
                assert!(figure.contains(note.as_str()), "{name} {}", kind.letter);
            }
        }
    }
}

backend_tests!(
    builtin_legends_show_xbetza,
    capablanca_from_the_docs_is_played,
    a_typo_in_the_docs_example_names_its_line,
);
