//! A player's own data: the JSON download, and deleting the account (active games resigned,
//! open challenges withdrawn, finished games kept under an anonymous name).

use reqwest::StatusCode;
use serde_json::Value;

use crate::common::{location, Backend, TestApp, PASSWORD};

async fn download_and_delete(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    app.player("carol").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let finished = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(
        &alice,
        &bob,
        finished,
        &["f2-f3", "e7-e5", "g2-g4", "d8-h4"],
    )
    .await;
    let active = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(&alice, &bob, active, &["e2-e4"]).await;
    let res = app
        .post_as(
            &alice,
            &format!("/games/{active}/chat"),
            &[("body", "good luck")],
        )
        .await;
    assert!(res.status().is_redirection());
    let mut challenge = fields.to_vec();
    challenge.push(("opponent", "carol"));
    let res = app.post_as(&alice, "/challenges", &challenge).await;
    assert!(res.status().is_redirection());

    // The download: everything about alice, for alice only.
    let res = alice
        .get(app.url("/settings/export.json"))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-disposition"]
        .to_str()
        .expect("header")
        .contains("plypost-alice.json"));
    let data: Value = res.json().await.expect("JSON");
    assert_eq!(data["account"]["username"], "alice");
    assert_eq!(data["account"]["email"], "alice@example.org");
    let games = data["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["moves"].as_array().expect("moves").len(), 4);
    assert_eq!(games[0]["result"], "0-1");
    assert_eq!(data["chat_messages"][0]["message"], "good luck");
    let challenges = data["challenges"].as_array().expect("challenges");
    assert_eq!(challenges.len(), 3);
    assert!(challenges.iter().any(|c| c["status"] == "open"));
    let anonymous = app.new_client();
    let res = anonymous
        .get(app.url("/settings/export.json"))
        .send()
        .await
        .expect("GET");
    assert!(location(&res).starts_with("/login"));

    // Deleting needs the name and the password.
    for (confirm, password) in [("bob", PASSWORD), ("alice", "wrong password")] {
        let res = app
            .post_as(
                &alice,
                "/settings/delete",
                &[
                    ("confirm_username", confirm),
                    ("current_password", password),
                ],
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{confirm}");
    }
    let res = app
        .post_as(
            &alice,
            "/settings/delete",
            &[
                ("confirm_username", "Alice"),
                ("current_password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(location(&res), "/?account=deleted");
    let res = alice.get(app.url("/settings")).send().await.expect("GET");
    assert!(location(&res).starts_with("/login"), "signed out");
    let res = app.login("alice", PASSWORD).await;
    assert_ne!(location(&res), "/", "no log-in any more");

    // The active game was resigned; the finished one stays, under the anonymous name.
    let page = app.get_text(&format!("/games/{active}")).await;
    assert!(page.contains("0-1"), "resigned");
    let page = app.get_text(&format!("/games/{finished}")).await;
    assert!(page.contains("deleted-"), "anonymous name");
    assert!(!page.contains(">alice<"));
    let lobby = app.get_text("/logs?status=open").await;
    assert!(
        !lobby.contains("carol"),
        "the open challenge was withdrawn: {lobby}"
    );
    // The name is free again.
    let res = app.register("alice", "alice2@example.org", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

backend_tests!(download_and_delete);
