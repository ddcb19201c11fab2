//! Tournaments through the API and the pages: a round-robin started when full with its
//! crosstable and tie-breaks against a hand-computed table, Swiss rounds paired as games
//! end, the joining rules, withdrawals, the two-time-outs rule, and a rated event.

use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{Backend, TestApp};

async fn players<'a>(app: &'a TestApp, names: &[&str]) -> Vec<Api<'a>> {
    let mut out = Vec::new();
    for name in names {
        app.player(name).await;
        out.push(Api::login(app, name).await);
    }
    out
}

async fn create(organiser: &Api<'_>, body: Value) -> i64 {
    let (status, created) = organiser.post("/api/v1/tournaments", body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_i64().unwrap()
}

async fn join(api: &Api<'_>, id: i64) -> (StatusCode, Value) {
    api.post(&format!("/api/v1/tournaments/{id}/join"), json!({}))
        .await
}

async fn event(api: &Api<'_>, id: i64) -> Value {
    let (status, body) = api.get(&format!("/api/v1/tournaments/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The game between `a` and `b` (either colour) still without a result.
fn game_between(event: &Value, a: &str, b: &str) -> (i64, String) {
    let g = event["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| {
            g["result"].is_null()
                && ((g["white"] == a && g["black"] == b) || (g["white"] == b && g["black"] == a))
        })
        .unwrap_or_else(|| panic!("no open game {a}-{b}: {event}"));
    (
        g["id"].as_i64().unwrap(),
        g["white"].as_str().unwrap().to_owned(),
    )
}

/// `winner` beats `loser` (by resignation); with `None` the game is drawn by agreement.
async fn decide(
    apis: &[Api<'_>],
    names: &[&str],
    event: &Value,
    a: &str,
    b: &str,
    winner: Option<&str>,
) {
    let api = |name: &str| &apis[names.iter().position(|n| *n == name).unwrap()];
    let (game, white) = game_between(event, a, b);
    match winner {
        Some(w) => {
            let loser = if w == a { b } else { a };
            let (status, body) = api(loser)
                .post(&format!("/api/v1/games/{game}/resign"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        None => {
            let black = if white == a { b } else { a };
            let (status, body) = api(&white)
                .post(
                    &format!("/api/v1/games/{game}/moves"),
                    json!({"ply": 1, "move": "e4", "offer_draw": true}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = api(black)
                .post(&format!("/api/v1/games/{game}/draw/accept"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

async fn a_round_robin_starts_when_full_and_ranks_by_sonneborn_berger(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["alice", "bob", "carol", "dave"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Autumn cup", "preset": "chess", "kind": "round_robin", "max_players": 4,
               "min_players": 3, "time_control": {"kind": "days", "days": 5}, "rated": false}),
    )
    .await;
    for api in &apis {
        let (status, body) = join(api, id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let started = event(&apis[0], id).await;
    assert_eq!(started["status"], "running", "full, so started");
    let games = started["games"].as_array().unwrap();
    assert_eq!(games.len(), 6, "every pair once");
    for name in names {
        let whites = games.iter().filter(|g| g["white"] == name).count() as i64;
        let blacks = games.iter().filter(|g| g["black"] == name).count() as i64;
        assert!(
            (whites - blacks).abs() <= 1,
            "{name}: {whites} W {blacks} B"
        );
    }
    let mail = app.queued_mail().await;
    for name in names {
        assert!(mail
            .iter()
            .any(|(_, to, body)| to == &format!("{name}@example.org")
                && body.contains("“Autumn cup” has started")
                && body.matches("Game #").count() == 3));
    }
    // The hand-computed table: alice 2 (SB 2.5), bob 2 (SB 2), carol 1½ (SB 2.25), dave ½ (SB 0.75).
    decide(&apis, &names, &started, "alice", "bob", Some("alice")).await;
    decide(&apis, &names, &started, "carol", "alice", Some("carol")).await;
    decide(&apis, &names, &started, "alice", "dave", Some("alice")).await;
    decide(&apis, &names, &started, "bob", "carol", Some("bob")).await;
    decide(&apis, &names, &started, "bob", "dave", Some("bob")).await;
    let page = app.get_text(&format!("/tournaments/{id}")).await;
    assert!(
        page.contains("id=\"live-games\""),
        "one game still in progress"
    );
    decide(&apis, &names, &started, "carol", "dave", None).await;
    let over = event(&apis[0], id).await;
    assert_eq!(over["status"], "finished");
    assert_eq!(over["winner"], "alice");
    let table: Vec<(String, f64, f64)> = over["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["username"].as_str().unwrap().to_owned(),
                s["score"].as_f64().unwrap(),
                s["tiebreaks"][0].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            ("alice".to_owned(), 2.0, 2.5),
            ("bob".to_owned(), 2.0, 2.0),
            ("carol".to_owned(), 1.5, 2.25),
            ("dave".to_owned(), 0.5, 0.75)
        ]
    );
    // The crosstable links each result to its game; everyone got the final table.
    let page = app.get_text(&format!("/tournaments/{id}")).await;
    assert!(page.contains("Finished: won by alice"));
    for g in over["games"].as_array().unwrap() {
        assert!(
            page.contains(&format!("href=\"/games/{}\"", g["id"])),
            "{g}"
        );
    }
    assert!(page.contains("Sonneborn-Berger") && page.contains("2.50"));
    let mail = app.queued_mail().await;
    for name in names {
        assert!(mail
            .iter()
            .any(|(_, to, body)| to == &format!("{name}@example.org")
                && body.contains("The winner is alice")
                && body.contains("Final table")));
    }
    let list = app.get_text("/tournaments").await;
    assert!(list.contains("Autumn cup") && list.contains("won by alice"));
}

async fn swiss_rounds_are_paired_as_games_end(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["ann", "ben", "cat", "dan", "eve"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Swiss five", "preset": "chess", "kind": "swiss", "rounds": 3, "max_players": 8,
               "min_players": 4, "time_control": {"kind": "days", "days": 3}, "rated": false}),
    )
    .await;
    for api in &apis {
        assert_eq!(join(api, id).await.0, StatusCode::OK);
    }
    // Only the organiser starts it.
    let (status, _) = apis[1]
        .post(&format!("/api/v1/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = apis[0]
        .post(&format!("/api/v1/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut met: HashSet<(String, String)> = HashSet::new();
    for round in 1..=3 {
        let now = event(&apis[0], id).await;
        let games: Vec<&Value> = now["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["round"] == round)
            .collect();
        assert_eq!(games.len(), 2, "round {round}: two games and a bye: {now}");
        for g in &games {
            let (w, b) = (
                g["white"].as_str().unwrap().to_owned(),
                g["black"].as_str().unwrap().to_owned(),
            );
            assert!(
                met.insert((w.clone().min(b.clone()), w.clone().max(b.clone()))),
                "a repeat in round {round}"
            );
            // White wins every game.
            let loser = names.iter().position(|n| *n == b).unwrap();
            let (status, _) = apis[loser]
                .post(&format!("/api/v1/games/{}/resign", g["id"]), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK);
        }
    }
    let over = event(&apis[0], id).await;
    assert_eq!(over["status"], "finished", "{over}");
    assert_eq!(
        over["standings"][0]["tiebreaks"].as_array().unwrap().len(),
        2,
        "Buchholz and SB"
    );
    let total: f64 = over["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 9.0, "six decided games and three byes");
    let page = app.get_text(&format!("/tournaments/{id}")).await;
    assert!(page.contains("bye 1") && page.contains("Buchholz"));
}

async fn joining_rules_say_what_is_wrong(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["olga", "pia", "quin", "rex"];
    let apis = players(&app, &names).await;
    let base = |extra: Value| {
        let mut body = json!({"name": "Test", "preset": "chess", "kind": "round_robin", "max_players": 2,
                              "min_players": 2, "time_control": {"kind": "days", "days": 3}, "rated": true});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let reason = |body: &Value| body["error"].as_str().unwrap_or("").to_owned();
    let id = create(&apis[0], base(json!({"starts_at": "2099-01-01T00:00"}))).await;
    assert_eq!(join(&apis[1], id).await.0, StatusCode::OK);
    let (status, body) = join(&apis[1], id).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        reason(&body).contains("joined this tournament already"),
        "{body}"
    );
    assert_eq!(join(&apis[2], id).await.0, StatusCode::OK);
    let (_, body) = join(&apis[3], id).await;
    assert!(reason(&body).contains("full (2 players)"), "{body}");
    // Started early by its organiser, then closed to joining.
    let (status, body) = apis[0]
        .post(&format!("/api/v1/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = join(&apis[3], id).await;
    assert!(reason(&body).contains("has started"), "{body}");
    // Cancelled by its organiser.
    let organiser = app.player("sam").await;
    let sam = Api::login(&app, "sam").await;
    let by_sam = create(&sam, base(json!({"max_players": 4}))).await;
    let res = app
        .post_as(&organiser, &format!("/tournaments/{by_sam}/cancel"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, body) = join(&apis[3], by_sam).await;
    assert!(reason(&body).contains("cancelled"), "{body}");
    // A rating range: a new player counts as 1500.
    let ranged = create(&sam, base(json!({"max_players": 4}))).await;
    let sam_web = organiser;
    let res = app
        .post_as(
            &sam_web,
            &format!("/tournaments/{ranged}/edit"),
            &[
                ("name", "Masters"),
                ("description", ""),
                ("min_players", "2"),
                ("max_players", "4"),
                ("starts_at", ""),
                ("rating_min", "1600"),
                ("rating_max", ""),
                ("rounds", ""),
                ("time_kind", "days"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, body) = join(&apis[3], ranged).await;
    assert!(
        reason(&body).contains("rated 1600 to any; your rating is 1500"),
        "{body}"
    );
    // Invited players only: refused without an invitation, welcome with one; the organiser
    // can remove a player before the start.
    let (status, body) = sam
        .post(
            "/api/v1/tournaments",
            base(json!({"invite_only": true, "max_players": 4})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let invited = body["id"].as_i64().unwrap();
    let (status, body) = join(&apis[3], invited).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(reason(&body).contains("invited players only"));
    let res = app
        .post_as(
            &sam_web,
            &format!("/tournaments/{invited}/invite"),
            &[("usernames", "rex, pia")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(join(&apis[3], invited).await.0, StatusCode::OK);
    let res = app
        .post_as(
            &sam_web,
            &format!("/tournaments/{invited}/remove"),
            &[("username", "rex")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let now = event(&sam, invited).await;
    assert!(
        !now["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "rex"),
        "{now}"
    );
    // A finished event is closed: its one game ends.
    let two = event(&apis[0], id).await;
    let game = two["games"][0]["id"].as_i64().unwrap();
    let (status, _) = apis[1]
        .post(&format!("/api/v1/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(event(&apis[0], id).await["status"], "finished");
    let (_, body) = join(&apis[3], id).await;
    assert!(reason(&body).contains("over (closed)"), "{body}");
}

async fn withdrawals_before_and_after_the_start(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["ada", "bea", "cyd"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Trio", "preset": "chess", "kind": "round_robin", "max_players": 3,
               "min_players": 3, "time_control": {"kind": "days", "days": 3}, "rated": false}),
    )
    .await;
    assert_eq!(join(&apis[0], id).await.0, StatusCode::OK);
    assert_eq!(join(&apis[1], id).await.0, StatusCode::OK);
    // Before the start: gone from the list, free to come back.
    let (status, _) = apis[1]
        .post(&format!("/api/v1/tournaments/{id}/leave"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(event(&apis[0], id).await["players"], json!(["ada"]));
    assert_eq!(join(&apis[1], id).await.0, StatusCode::OK);
    assert_eq!(join(&apis[2], id).await.0, StatusCode::OK);
    let started = event(&apis[0], id).await;
    assert_eq!(started["status"], "running");
    // bea beats cyd, then withdraws: that result stands, bea's game with ada is lost.
    decide(&apis, &names, &started, "bea", "cyd", Some("bea")).await;
    let (status, _) = apis[1]
        .post(&format!("/api/v1/tournaments/{id}/leave"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let now = event(&apis[0], id).await;
    let bo = now["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "bea")
        .unwrap()
        .clone();
    assert_eq!(bo["withdrawn"], true);
    assert_eq!(bo["score"], 1.0);
    let ada_bo = now["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| {
            (g["white"] == "ada" || g["black"] == "ada")
                && (g["white"] == "bea" || g["black"] == "bea")
        })
        .unwrap()
        .clone();
    let ada_white = ada_bo["white"] == "ada";
    assert_eq!(ada_bo["result"], if ada_white { "1-0" } else { "0-1" });
    let page = app.get_text(&format!("/games/{}", ada_bo["id"])).await;
    assert!(page.contains("withdrawal"), "the game says why it ended");
    assert_eq!(now["status"], "running", "ada and cyd still play");
}

async fn two_time_outs_withdraw_a_player(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["kim", "lou", "max", "ned"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Clockwork", "preset": "chess", "kind": "round_robin", "max_players": 4,
               "min_players": 4, "time_control": {"kind": "days", "days": 1}, "rated": false}),
    )
    .await;
    for api in &apis {
        assert_eq!(join(api, id).await.0, StatusCode::OK);
    }
    let started = event(&apis[0], id).await;
    // ned never moves: where ned has Black, White moves first, so ned is to move everywhere.
    for g in started["games"].as_array().unwrap() {
        if g["black"] == "ned" {
            let white = names.iter().position(|n| *n == g["white"]).unwrap();
            let (status, body) = apis[white]
                .post(
                    &format!("/api/v1/games/{}/moves", g["id"]),
                    json!({"ply": 1, "move": "e4"}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    app.clock.advance(chrono::Duration::hours(30));
    // The other players' games: their clocks ran out too; only ned's matter here.
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |db| {
        plypost::jobs::timeouts::run_once(db, &*clock, &config).expect("clock job")
    })
    .await;
    let now = event(&apis[0], id).await;
    let ned = now["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "ned")
        .unwrap()
        .clone();
    assert_eq!(ned["withdrawn"], true, "{now}");
    let reasons: Vec<String> = app
        .with_db(move |conn| {
            use diesel::prelude::*;
            use plypost::db::schema::{games, users};
            let ned: i64 = users::table
                .filter(users::username.eq("ned"))
                .select(users::id)
                .first(conn)
                .unwrap();
            games::table
                .filter(games::tournament_id.eq(id))
                .filter(games::white_id.eq(ned).or(games::black_id.eq(ned)))
                .select(games::result_reason)
                .load::<Option<String>>(conn)
                .unwrap()
                .into_iter()
                .map(|r| r.unwrap_or_default())
                .collect()
        })
        .await;
    assert_eq!(
        reasons.iter().filter(|r| *r == "time").count(),
        2,
        "{reasons:?}"
    );
    assert_eq!(
        reasons.iter().filter(|r| *r == "withdrawal").count(),
        1,
        "{reasons:?}"
    );
}

async fn a_rated_event_updates_ratings(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["uma", "vic", "wes"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Rated trio", "preset": "chess", "kind": "round_robin", "max_players": 3,
               "time_control": {"kind": "days", "days": 3}, "rated": true}),
    )
    .await;
    for api in &apis {
        assert_eq!(join(api, id).await.0, StatusCode::OK);
    }
    let started = event(&apis[0], id).await;
    decide(&apis, &names, &started, "uma", "vic", Some("uma")).await;
    decide(&apis, &names, &started, "uma", "wes", Some("uma")).await;
    decide(&apis, &names, &started, "vic", "wes", None).await;
    let (_, uma) = apis[0].get("/api/v1/users/uma").await;
    assert_eq!(uma["ratings"][0]["variant"], "chess", "{uma}");
    assert_eq!(uma["ratings"][0]["games"], 2);
    assert!(uma["ratings"][0]["rating"].as_f64().unwrap() > 1500.0);
    // No takebacks in a tournament game.
    let page = app.get_text(&format!("/tournaments/{id}")).await;
    assert!(page.contains("Finished: won by uma"));
}

/// The last two games of a round ending at the same moment still pair the next round once.
async fn a_round_ending_in_two_places_at_once_is_paired_once(backend: Backend) {
    let app = TestApp::new(backend).await;
    let names = ["ian", "jo1", "kay", "lee"];
    let apis = players(&app, &names).await;
    let id = create(
        &apis[0],
        json!({"name": "Race", "preset": "chess", "kind": "swiss", "rounds": 2, "max_players": 4,
               "min_players": 4, "time_control": {"kind": "days", "days": 3}, "rated": false}),
    )
    .await;
    for api in &apis {
        assert_eq!(join(api, id).await.0, StatusCode::OK);
    }
    let first = event(&apis[0], id).await;
    let games = first["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 2);
    let loser = |g: &Value| &apis[names.iter().position(|n| *n == g["black"]).unwrap()];
    let (a, b) = (
        format!("/api/v1/games/{}/resign", games[0]["id"]),
        format!("/api/v1/games/{}/resign", games[1]["id"]),
    );
    let ((sa, _), (sb, _)) = tokio::join!(
        loser(&games[0]).post(&a, json!({})),
        loser(&games[1]).post(&b, json!({}))
    );
    assert_eq!((sa, sb), (StatusCode::OK, StatusCode::OK));
    let second = event(&apis[0], id).await;
    let round_two = second["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["round"] == 2)
        .count();
    assert_eq!(round_two, 2, "{second}");
}

/// The pages: the form (a refusal keeps what was typed), the event's page and the list.
async fn the_pages_create_and_show_an_event(backend: Backend) {
    let app = TestApp::new(backend).await;
    let web = app.player("zed").await;
    let form = app.get_text_as(&web, "/tournaments/new").await;
    assert!(form.contains("name=\"preset\"") && form.contains("value=\"terachess2\""));
    let fields = [
        ("name", "Winter Swiss"),
        ("description", "Thematic: *Terachess II*"),
        ("preset", "terachess2"),
        ("kind", "swiss"),
        ("rounds", "9"),
        ("time_kind", "days"),
        ("days_per_move", "5"),
        ("rating", "casual"),
        ("min_players", "4"),
        ("max_players", "16"),
        ("starts_at", ""),
    ];
    let res = app.post_as(&web, "/tournaments", &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    assert!(page.contains("9 rounds need at least 10 players"), "{page}");
    assert!(page.contains("Winter Swiss"), "what was typed is kept");
    let mut fields = fields.to_vec();
    fields[4] = ("rounds", "3");
    let res = app.post_as(&web, "/tournaments", &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let at = crate::common::location(&res);
    assert!(
        at.starts_with("/tournaments/") && at.ends_with("?done=created"),
        "{at}"
    );
    let page = app.get_text_as(&web, &at).await;
    assert!(page.contains("Winter Swiss") && page.contains("<em>Terachess II</em>"));
    assert!(page.contains("Swiss, 3 rounds") && page.contains("id=\"start-form\""));
    assert!(page.contains("id=\"join-form\""));
    let list = app.get_text("/tournaments").await;
    assert!(list.contains("Winter Swiss"));
    let help = app.get_text("/help/tournaments").await;
    assert!(help.contains("Nobody meets the same opponent twice") && help.contains("Buchholz"));
    // Starting with too few players is refused with the count.
    let id = at
        .trim_start_matches("/tournaments/")
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let res = app
        .post_as(&web, &format!("/tournaments/{id}/start"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("0 players have joined"));
}

backend_tests!(
    the_pages_create_and_show_an_event,
    a_round_ending_in_two_places_at_once_is_paired_once,
    a_round_robin_starts_when_full_and_ranks_by_sonneborn_berger,
    swiss_rounds_are_paired_as_games_end,
    joining_rules_say_what_is_wrong,
    withdrawals_before_and_after_the_start,
    two_time_outs_withdraw_a_player,
    a_rated_event_updates_ratings,
);
