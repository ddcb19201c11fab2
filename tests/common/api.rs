//! A JSON API caller for the tests: a token and a client without cookies.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{TestApp, PASSWORD};

/// An API caller: the token and a client without cookies.
pub struct Api<'a> {
    pub app: &'a TestApp,
    pub token: String,
    pub http: reqwest::Client,
}

impl<'a> Api<'a> {
    /// A token for `username` from `POST /api/v1/tokens`.
    pub async fn login(app: &'a TestApp, username: &str) -> Api<'a> {
        let http = reqwest::Client::new();
        let res = http
            .post(app.url("/api/v1/tokens"))
            .json(&json!({"username": username, "password": PASSWORD, "name": "tests"}))
            .send()
            .await
            .expect("POST tokens");
        assert_eq!(res.status(), StatusCode::CREATED, "token for {username}");
        let body: Value = res.json().await.expect("json");
        assert_eq!(body["scopes"], json!(["read", "play"]));
        let token = body["token"].as_str().expect("token").to_owned();
        assert!(token.starts_with("plypost_"));
        Api { app, token, http }
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self
            .http
            .request(method, self.app.url(path))
            .bearer_auth(&self.token);
        if let Some(body) = body {
            req = req.json(&body);
        }
        let res = req.send().await.expect("API request");
        let status = res.status();
        let text = res.text().await.expect("body");
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, value)
    }

    /// A page of a list: the status, the body and the next page's address from the
    /// `Link: <…>; rel="next"` header.
    pub async fn get_page(&self, path: &str) -> (StatusCode, Value, Option<String>) {
        let res = self
            .http
            .get(self.app.url(path))
            .bearer_auth(&self.token)
            .send()
            .await
            .expect("API request");
        let status = res.status();
        let next = res
            .headers()
            .get(reqwest::header::LINK)
            .and_then(|v| v.to_str().ok())
            .map(|link| {
                let (url, rel) = link.split_once(';').expect("<url>; rel");
                assert_eq!(rel.trim(), "rel=\"next\"", "{link}");
                url.trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_owned()
            });
        let text = res.text().await.expect("body");
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, value, next)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    /// Posts a move and expects it to be played; returns the game.
    pub async fn play(&self, game: i64, ply: i64, text: &str) -> Value {
        let (status, body) = self
            .post(
                &format!("/api/v1/games/{game}/moves"),
                json!({"ply": ply, "move": text}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{text}: {body}");
        body
    }
}

/// `author` challenges `opponent` to chess (author White, 3 days per move); `opponent`
/// accepts. Returns the game id.
pub async fn start_chess(author: &Api<'_>, opponent: &Api<'_>, opponent_name: &str) -> i64 {
    let (status, body) = author
        .post(
            "/api/v1/challenges",
            json!({
                "preset": "chess",
                "opponent": opponent_name,
                "color": "white",
                "time_control": {"kind": "days", "days": 3},
                "rated": false,
                "message": "Shall we?"
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let challenge = body["id"].as_i64().expect("challenge id");
    let (status, lists) = opponent.get("/api/v1/challenges").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lists["incoming"][0]["id"].as_i64(), Some(challenge));
    assert_eq!(lists["incoming"][0]["message"], "Shall we?");
    let (status, body) = opponent
        .post(&format!("/api/v1/challenges/{challenge}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["game_id"].as_i64().expect("game id")
}
