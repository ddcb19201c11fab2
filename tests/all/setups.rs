//! Presets with several start positions, on SQLite and PostgreSQL: Metamachy's built-in list
//! on the challenge form, a game from a chosen setup and one from "random", each shown on its
//! page, in its JSON and PGN and re-imported; the API's choice; a player's own list, checked
//! setup by setup.

use plypost_rules::{Position, Variant};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{location, Backend, TestApp};
use crate::logs::upload;

/// The FEN of Metamachy's setup `number` (0 to 11), from the variant file.
fn metamachy_setup(number: usize) -> (String, String) {
    let v = Variant::builtin("metamachy").unwrap();
    let s = &v.setups()[number];
    (s.name.clone(), s.fen.clone())
}

/// Plays four moves every Metamachy setup allows, alternately.
async fn four_moves(app: &TestApp, white: &reqwest::Client, black: &reqwest::Client, game: i64) {
    app.play_all(
        white,
        black,
        game,
        &["e3-e5", "e10-e8", "Nc2-d4", "Nc11-d9"],
    )
    .await;
}

/// The game's PGN, uploaded by `client` to the logs: the imported game's start FEN.
async fn reimported_start(app: &TestApp, client: &reqwest::Client, game: i64) -> String {
    // Another day's copy: the game itself is in the logs already.
    let pgn = crate::logs::redated(
        &app.get_text(&format!("/logs/{game}.pgn")).await,
        "2025.01.01",
    );
    let (_, form) = app.get_as(client, "/logs/import").await;
    let token = crate::common::extract_csrf(&form).unwrap();
    let res = upload(app, client, &token, &pgn).await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(page.contains("1 imported, 0 refused"), "{page}");
    let imported: i64 = page
        .split("<a href=\"/logs/")
        .skip(1)
        .find_map(|rest| rest.split('"').next()?.parse().ok())
        .expect("the imported game's link");
    assert_ne!(imported, game);
    let json: Value = app
        .get(&format!("/logs/{imported}.json"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(json["imported"], true);
    assert_eq!(json["ply"], 4);
    json["start_fen"].as_str().unwrap().to_owned()
}

async fn a_metamachy_game_from_a_chosen_setup(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let reader = Api::login(&app, "bob").await;
    // The form lists Metamachy's 12 setups, 7 marked as the default, and "random".
    let (_, form) = app
        .get_as(&alice, "/challenges/new?variant=metamachy")
        .await;
    assert!(form.contains("value=\"metamachy:7: K G / Q L\">7: K G / Q L (default)"));
    assert!(form.contains("value=\"metamachy:0: G L / K Q\""));
    assert!(form.contains("value=\"zanzibar:20: F Q K U / L G\">20: F Q K U / L G (default)"));
    assert!(form.contains("<option value=\"random\""));

    let (name, fen) = metamachy_setup(3);
    let choice = format!("metamachy:{name}");
    let fields = [
        ("preset", "metamachy"),
        ("setup", choice.as_str()),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let page = app.get_text(&format!("/games/{game}")).await;
    assert!(
        page.contains("Start position 3: Q G / K L</summary>"),
        "{page}"
    );
    assert!(page.contains(&fen));
    four_moves(&app, &alice, &bob, game).await;

    // The API's JSON and the log's PGN and JSON carry the start.
    let (_, api) = reader.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(api["start_fen"], fen.as_str(), "{api}");
    assert_eq!(api["setup"], name.as_str());
    let pgn = app.get_text(&format!("/logs/{game}.pgn")).await;
    assert!(pgn.contains("[Variant \"metamachy\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")));
    let log: Value = app
        .get(&format!("/logs/{game}.json"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(log["setup"], name.as_str());
    assert_eq!(log["start_fen"], fen.as_str());

    // Re-imported, it starts from the same position and replays the same moves.
    assert_eq!(reimported_start(&app, &bob, game).await, fen);
}

async fn a_metamachy_game_from_a_random_setup(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let reader = Api::login(&app, "bob").await;
    let fields = [
        ("preset", "metamachy"),
        ("setup", "random"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let (_, api) = reader.get(&format!("/api/v1/games/{game}")).await;
    let start = api["start_fen"].as_str().unwrap().to_owned();
    let name = api["setup"].as_str().unwrap().to_owned();
    let v = Variant::builtin("metamachy").unwrap();
    assert!(
        v.setups().iter().any(|s| s.fen == start && s.name == name),
        "{name}: {start}"
    );
    Position::from_fen(&v, &start).unwrap();
    four_moves(&app, &alice, &bob, game).await;
    assert_eq!(reimported_start(&app, &bob, game).await, start);

    // Drawn again and again, "random" reaches more than one setup.
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let game = app.start_game(&alice, "bob", &bob, &fields).await;
        let (_, api) = reader.get(&format!("/api/v1/games/{game}")).await;
        seen.insert(api["setup"].as_str().unwrap().to_owned());
    }
    assert!(seen.len() > 1, "{seen:?}");
}

async fn the_api_names_a_setup_and_refuses_an_unknown_one(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let (status, preset) = alice.get("/api/v1/presets/zanzibar").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(preset["setups"].as_array().unwrap().len(), 24);
    let challenge = |setup: &str| {
        json!({
            "preset": "zanzibar",
            "opponent": "bob",
            "color": "black",
            "time_control": {"kind": "days", "days": 3},
            "setup": setup,
        })
    };
    let (status, body) = alice
        .post("/api/v1/challenges", challenge("25: nowhere"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body.to_string()
            .contains("no start position named “25: nowhere”"),
        "{body}"
    );
    let one = Variant::builtin("zanzibar").unwrap().setups()[1].clone();
    let (status, body) = alice.post("/api/v1/challenges", challenge(&one.name)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["id"].as_i64().unwrap();
    let (status, body) = bob
        .post(&format!("/api/v1/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, game) = bob.get(&format!("/api/v1/games/{}", body["game_id"])).await;
    assert_eq!(game["setup"], one.name.as_str());
    assert_eq!(game["start_fen"], one.fen.as_str());
    assert!(one.name.starts_with("1: U "), "{}", one.name);
}

async fn a_players_own_list_is_checked_setup_by_setup(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let reader = Api::login(&app, "bob").await;
    let slug = app.fork_preset(&alice, "chess", "Shuffled").await;
    let orthodox = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let shuffle = "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w - - 0 1";
    let bad = format!(
        "orthodox: {orthodox}\nbroken: nrbqkbrn/ppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w - - 0 1"
    );
    let res = app
        .edit_preset(&alice, &slug, &[("setups", Some(&bad))], "save")
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("Start position “broken”: Invalid setup"),
        "{page}"
    );

    let good = format!("orthodox: {orthodox}\n*shuffle 1: {shuffle}");
    let res = app
        .edit_preset(&alice, &slug, &[("setups", Some(&good))], "save")
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{}", location(&res));
    let page = app.get_text(&format!("/presets/{slug}")).await;
    assert!(page.contains("2 start positions"), "{page}");
    assert!(page.contains("<strong>shuffle 1</strong> (default)"));
    // The default is the preset's setup; a challenge for the other one starts from it.
    let choice = format!("{slug}:orthodox");
    let fields = [
        ("preset", slug.as_str()),
        ("setup", choice.as_str()),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let (_, api) = reader.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(api["start_fen"], orthodox);
    let fields = [
        ("preset", slug.as_str()),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let (_, api) = reader.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(api["start_fen"], shuffle);
    assert_eq!(api["setup"], "shuffle 1");
}

crate::backend_tests!(
    a_metamachy_game_from_a_chosen_setup,
    a_metamachy_game_from_a_random_setup,
    the_api_names_a_setup_and_refuses_an_unknown_one,
    a_players_own_list_is_checked_setup_by_setup,
);
