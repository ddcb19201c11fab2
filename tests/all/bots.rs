//! Bots: Lichess's bot API as its own clients speak it. `berserk` (PyPI, unmodified) drives a
//! bot through whole games against a person playing through `/api/v1` (chess with the bot's
//! streams on a second server process, Shako checked move by move against pyffish); and the
//! rules of bot accounts: upgrading, who may challenge whom, rated games, no move form, no
//! mail.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::api::Api;
use crate::common::{Backend, TestApp, TestOptions, PASSWORD};

/// Whether python3 has berserk and pyffish; a panic under `CI=true` when not.
fn berserk_available() -> bool {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import berserk, pyffish, requests"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !ok {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("python3 with berserk and pyffish is needed when CI=true: pip install berserk pyffish");
        }
        eprintln!("skipped: pip install berserk pyffish to run this test");
    }
    ok
}

async fn player<'a>(app: &'a TestApp, name: &str) -> Api<'a> {
    let res = app
        .register(name, &format!("{name}@example.org"), PASSWORD)
        .await;
    assert!(
        res.status().is_redirection(),
        "register {name}: {}",
        res.status()
    );
    Api::login(app, name).await
}

/// Runs `tests/all/bots_berserk.py` off the test's thread (the server answers meanwhile).
async fn berserk(args: Vec<String>) -> Value {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/all/bots_berserk.py");
    let out = actix_web::rt::task::spawn_blocking(move || {
        std::process::Command::new("python3")
            .arg(script)
            .args(&args)
            .output()
            .expect("python3 runs")
    })
    .await
    .expect("the script's thread");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "berserk's game failed ({})\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.trim()).expect("the script's summary")
}

async fn berserk_game(backend: Backend, variant: &str, two_processes: bool) {
    if !berserk_available() {
        return;
    }
    let app = TestApp::new(backend).await;
    let bot = player(&app, "Robo").await;
    let person = player(&app, "alice").await;
    let other = if two_processes {
        Some(app.sibling().await)
    } else {
        None
    };
    let bot_base = other.as_ref().map_or_else(|| app.url(""), |o| o.url(""));
    let seen = berserk(vec![
        bot_base,
        bot.token.clone(),
        person.token.clone(),
        "Robo".into(),
        "alice".into(),
        variant.into(),
        app.url(""),
    ])
    .await;
    let game = seen["game"].as_i64().expect("the game");
    // What plypost's own API says of the game the bot played.
    let (status, body) = person.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "finished");
    assert_eq!(body["result"], "0-1");
    let ucis: Vec<&str> = body["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["uci"].as_str().expect("uci"))
        .collect();
    assert_eq!(ucis.join(" "), seen["moves"].as_str().expect("moves"));
    if variant == "chess" {
        assert_eq!(body["reason"], "checkmate");
    } else {
        assert_eq!(body["reason"], "resignation");
    }
    // The illegal move was answered in Lichess's shape.
    assert!(
        seen["illegal"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("a1a1")),
        "{seen}"
    );
}

async fn berserk_plays_chess_across_two_processes(backend: Backend) {
    berserk_game(backend, "chess", true).await;
}

async fn berserk_plays_shako(backend: Backend) {
    berserk_game(backend, "shako", false).await;
}

/// The rules of bot accounts.
async fn bot_accounts_follow_the_rules(backend: Backend) {
    let app = TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_BOTS_RATED", "off".into())],
    })
    .await;
    let bot = player(&app, "Robo").await;
    let person = player(&app, "alice").await;
    let veteran = player(&app, "vera").await;
    let post = |api: &Api<'_>, path: &str, body: &str| {
        let request = api
            .http
            .post(app.url(path))
            .bearer_auth(&api.token)
            .body(body.to_owned());
        async move {
            let res = request.send().await.expect("POST");
            let status = res.status();
            (status, res.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    // Without a token: 401 in Lichess's shape.
    let res = app
        .client
        .get(app.url("/api/account"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert!(res.json::<Value>().await.unwrap()["error"].is_string());

    // A person cannot use the bot endpoints; the upgrade makes a bot, once.
    let (status, body) = post(&bot, "/api/bot/game/1/resign", "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = post(&bot, "/api/bot/account/upgrade", "").await;
    assert_eq!((status, body), (StatusCode::OK, json!({"ok": true})));
    let (_, account) = bot.get("/api/account").await;
    assert_eq!(account["title"], "BOT");
    assert!(account["createdAt"].is_i64());

    // An account that has played cannot become a bot.
    let game = crate::common::api::start_chess(&veteran, &person, "alice").await;
    let (status, body) = post(&veteran, "/api/bot/account/upgrade", "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("never played"));

    // The bot challenges a person only when they let bots challenge them.
    let ask = r#"{"rated": false, "days": 3, "color": null, "variant": null, "fen": null, "clock.limit": null, "clock.increment": null}"#;
    let (status, body) = post(&bot, "/api/challenge/alice", ask).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("from bots"),
        "{body}"
    );
    app.with_db(|conn| {
        use diesel::prelude::*;
        use plypost::db::schema::users;
        diesel::update(users::table.filter(users::username.eq("alice")))
            .set(users::bot_challenges.eq(true))
            .execute(conn)
            .unwrap();
    })
    .await;
    let (status, body) = post(&bot, "/api/challenge/alice", ask).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["challenger"]["title"], "BOT");
    assert_eq!(body["direction"], "out");
    assert_eq!(
        body["timeControl"],
        json!({"type": "correspondence", "daysPerTurn": 3})
    );
    let challenge = body["id"].as_str().unwrap().to_owned();
    // Declined with a reason in Lichess's words.
    let (status, _) = post(
        &person,
        &format!("/api/challenge/{challenge}/decline"),
        "reason=tooFast",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Real-time clocks and rated games (off on this site) are refused.
    let (status, body) = post(
        &bot,
        "/api/challenge/alice",
        r#"{"clock.limit": 300, "clock.increment": 2}"#,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = post(
        &bot,
        "/api/challenge/alice",
        r#"{"rated": true, "days": 3}"#,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("casual"), "{body}");
    let (status, _) = post(&bot, "/api/challenge/nobody-here", ask).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A game: the bot may not use the move form, and gets no mail.
    let (status, body) = post(&bot, "/api/challenge/alice", "days=3&color=white").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let challenge = body["id"].as_str().unwrap().to_owned();
    let (status, _) = post(&person, &format!("/api/challenge/{challenge}/accept"), "").await;
    assert_eq!(status, StatusCode::OK);
    let (_, playing) = bot.get("/api/account/playing").await;
    let now_playing = playing["nowPlaying"].as_array().unwrap();
    assert_eq!(now_playing.len(), 1, "{playing}");
    assert_eq!(now_playing[0]["gameId"], challenge.as_str());
    let url = now_playing[0]["url"].as_str().unwrap();
    let game_id: i64 = url.rsplit('/').next().unwrap().parse().unwrap();
    let robo_browser = app.new_client();
    let res = app
        .post_as(
            &robo_browser,
            "/login",
            &[("username", "Robo"), ("password", PASSWORD)],
        )
        .await;
    assert!(res.status().is_redirection());
    assert_eq!(now_playing[0]["color"], "white");
    let res = app
        .post_as(
            &robo_browser,
            &format!("/games/{game_id}/move"),
            &[("move", "e2-e4"), ("ply", "1")],
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::FORBIDDEN,
        "a bot used the move form"
    );
    let (_, after) = person.get(&format!("/api/v1/games/{game_id}")).await;
    assert_eq!(after["ply"], 0);
    // Through the bot API it plays; the person sees the move in UCI.
    let (status, body) = post(&bot, &format!("/api/bot/game/{challenge}/move/e2e4"), "").await;
    assert_eq!((status, body), (StatusCode::OK, json!({"ok": true})));
    let (_, after) = person.get(&format!("/api/v1/games/{game_id}")).await;
    assert_eq!(after["moves"][0]["uci"], "e2e4");
    // Not its turn now: 400.
    let (status, body) = post(&bot, &format!("/api/bot/game/{challenge}/move/d2d4"), "").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // The BOT mark on its game and profile; /bots lists it with the variants it played.
    let page = app.get_text(&format!("/games/{game_id}")).await;
    assert!(
        page.contains("class=\"bot-mark\""),
        "the game page marks the bot"
    );
    let page = app.get_text("/users/Robo").await;
    assert!(
        page.contains("class=\"bot-mark\""),
        "the profile marks the bot"
    );
    let page = app.get_text("/bots").await;
    let row = page
        .split("<tr>")
        .find(|r| r.contains(">Robo<"))
        .expect("Robo on /bots");
    assert!(row.contains("offline") && row.contains("Chess"), "{row}");
    assert!(!page.contains(">alice<"), "only bots on /bots");
    let logs = app.get_text("/logs").await;
    let row = logs
        .split("<tr")
        .find(|r| r.contains(">Robo "))
        .expect("the bot's game in the logs");
    assert!(row.contains("bot-mark"), "{row}");
    let alice_browser = app.new_client();
    let res = app
        .post_as(
            &alice_browser,
            "/login",
            &[("username", "alice"), ("password", PASSWORD)],
        )
        .await;
    assert!(res.status().is_redirection());
    let home = app.get_text_as(&alice_browser, "/").await;
    assert!(
        home.contains("bot-mark"),
        "alice's home page marks her opponent"
    );
    let (status, _) = post(&bot, "/api/challenge/alice", ask).await;
    assert_eq!(status, StatusCode::OK);
    let lobby = app.get_text_as(&alice_browser, "/games").await;
    let invitation = lobby
        .split("<li>")
        .find(|l| l.contains(">Robo<") && l.contains("invites you"))
        .expect("Robo's invitation");
    assert!(invitation.contains("bot-mark"), "{invitation}");
    let page = app.get_text("/help/bots").await;
    assert!(page.contains("plypost bot --server"));
    let robo_mail = app
        .with_db(|conn| {
            use diesel::prelude::*;
            use plypost::db::schema::outbox;
            outbox::table
                .filter(outbox::to_addr.eq("Robo@example.org"))
                .count()
                .get_result::<i64>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(robo_mail, 0, "a bot was mailed");
    // The game and the veteran's game are unaffected.
    let (status, _) = person.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(status, StatusCode::OK);
}

/// Where the Debian engines are.
const STOCKFISH: &str = "/usr/games/stockfish";
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// Whether `path` is there; a panic under `CI=true` when not.
fn engine_available(path: &str) -> bool {
    if std::path::Path::new(path).exists() {
        return true;
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{path} is needed when CI=true: apt-get install stockfish fairy-stockfish");
    }
    eprintln!("skipped: apt-get install stockfish fairy-stockfish to run this test");
    false
}

/// `plypost bot` with `engine` plays `variant` against a person who answers with random
/// legal moves through `/api/v1` (and resigns after `max_plies`): from the challenge to the
/// result; then the bot exits (`--stop-after 1`).
async fn plypost_bot_game(backend: Backend, engine: &str, variant: &str, max_plies: i64) {
    use rand::{Rng, SeedableRng};
    let app = TestApp::new(backend).await;
    let bot = player(&app, "Robo").await;
    let person = player(&app, "alice").await;
    let (status, _) = bot.post("/api/bot/account/upgrade", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_plypost"))
        .args(["bot", "--server", &app.url(""), "--token", &bot.token])
        .args([
            "--engine",
            engine,
            "--movetime-ms",
            "30",
            "--stop-after",
            "1",
        ])
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .expect("plypost bot starts");
    let (status, body) = person
        .post(
            "/api/v1/challenges",
            json!({"preset": variant, "opponent": "Robo", "color": "white",
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let rules = plypost_rules::Variant::builtin(variant).expect("a built-in variant");
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let started = std::time::Instant::now();
    let game = loop {
        assert!(started.elapsed().as_secs() < 60, "the bot never accepted");
        let (_, list) = person.get("/api/v1/games").await;
        if let Some(id) = list
            .as_array()
            .and_then(|l| l.first())
            .and_then(|g| g["id"].as_i64())
        {
            break id;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let end = loop {
        assert!(
            started.elapsed().as_secs() < 240,
            "the game went on too long"
        );
        let (_, state) = person.get(&format!("/api/v1/games/{game}")).await;
        if state["status"] == "finished" {
            break state;
        }
        let ply = state["ply"].as_i64().expect("ply");
        if state["to_move"] != "white" {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        if ply >= max_plies {
            let (status, _) = person
                .post(&format!("/api/v1/games/{game}/resign"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK);
            continue;
        }
        let pos = plypost_rules::Position::from_fen(&rules, state["fen"].as_str().expect("fen"))
            .expect("the game's FEN");
        let moves = pos.legal_moves();
        let mv = moves[rng.gen_range(0..moves.len())];
        person.play(game, ply + 1, &pos.move_compact(&mv)).await;
    };
    assert!(end["result"].is_string(), "{end}");
    let status = tokio::time::timeout(std::time::Duration::from_secs(30), child.wait())
        .await
        .expect("the bot exits after its game")
        .expect("the bot's status");
    assert!(status.success(), "plypost bot: {status}");
    // Every move of the bot's was legal (the server checked each) and in UCI.
    assert!(end["moves"].as_array().expect("moves").len() >= 2, "{end}");
}

async fn stockfish_plays_chess(backend: Backend) {
    if engine_available(STOCKFISH) {
        plypost_bot_game(backend, STOCKFISH, "chess", 300).await;
    }
}

async fn fairy_stockfish_plays_shako(backend: Backend) {
    if engine_available(FAIRY_STOCKFISH) {
        plypost_bot_game(backend, FAIRY_STOCKFISH, "shako", 300).await;
    }
}

async fn plypost_uci_plays_terachess2(backend: Backend) {
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_plypost"));
    plypost_bot_game(backend, &engine, "terachess2", 40).await;
}

backend_tests!(
    berserk_plays_chess_across_two_processes,
    berserk_plays_shako,
    bot_accounts_follow_the_rules,
    stockfish_plays_chess,
    fairy_stockfish_plays_shako,
    plypost_uci_plays_terachess2,
);

/// A `plypost serve` process on `port` and the SQLite file in `dir`.
fn serve(dir: &std::path::Path, port: u16) -> tokio::process::Child {
    let address = format!("127.0.0.1:{port}");
    tokio::process::Command::new(env!("CARGO_BIN_EXE_plypost"))
        .arg("serve")
        .env("PLYPOST_DATABASE_URL", dir.join("plypost.db"))
        .env("PLYPOST_BIND", &address)
        .env("PLYPOST_BASE_URL", format!("http://{address}"))
        .env("PLYPOST_SECRET_KEY", "0123456789abcdef0123456789abcdef")
        .env("PLYPOST_MAIL_DIR", dir.join("mail"))
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .expect("plypost serve starts")
}

async fn wait_until_up(base: &str) {
    for _ in 0..200 {
        if reqwest::get(format!("{base}/healthz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the server did not come up at {base}");
}

/// A token for a new account `name` on the server at `base`.
async fn account_with_token(base: &str, name: &str) -> String {
    let browser = crate::common::new_client();
    let res = crate::common::post_with(
        &browser,
        base,
        "/register",
        &[
            ("username", name),
            ("email", &format!("{name}@example.org")),
            ("password", PASSWORD),
            ("password_confirm", PASSWORD),
        ],
    )
    .await;
    assert!(res.status().is_redirection(), "register {name}");
    let res = reqwest::Client::new()
        .post(format!("{base}/api/v1/tokens"))
        .json(&json!({"username": name, "password": PASSWORD, "name": "t"}))
        .send()
        .await
        .expect("a token");
    res.json::<Value>().await.expect("json")["token"]
        .as_str()
        .expect("token")
        .to_owned()
}

/// The server is killed (`kill -9`) in the middle of a game and started again: the bot
/// reconnects by itself and the game is played to its end.
#[actix_web::test]
async fn the_bot_survives_a_killed_server() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().expect("a directory");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = serve(dir.path(), port);
    wait_until_up(&base).await;
    let bot_token = account_with_token(&base, "Robo").await;
    let person_token = account_with_token(&base, "alice").await;
    let http = reqwest::Client::new();
    let call = |method: reqwest::Method, path: String, body: Option<Value>| {
        let mut request = http
            .request(method, format!("{base}{path}"))
            .bearer_auth(&person_token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move {
            let res = request.send().await.expect("the server answers");
            let status = res.status();
            (status, res.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let res = http
        .post(format!("{base}/api/bot/account/upgrade"))
        .bearer_auth(&bot_token)
        .send()
        .await
        .expect("upgrade");
    assert_eq!(res.status(), StatusCode::OK);
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_plypost"));
    let mut bot = tokio::process::Command::new(env!("CARGO_BIN_EXE_plypost"))
        .args([
            "bot", "--server", &base, "--token", &bot_token, "--engine", &engine,
        ])
        .args(["--movetime-ms", "30", "--stop-after", "1"])
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .expect("plypost bot starts");
    let (status, body) = call(
        reqwest::Method::POST,
        "/api/v1/challenges".into(),
        Some(
            json!({"preset": "chess", "opponent": "Robo", "color": "white",
                    "time_control": {"kind": "days", "days": 3}}),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let variant = plypost_rules::Variant::builtin("chess").expect("chess");
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let started = std::time::Instant::now();
    let mut game = None;
    let mut killed = false;
    loop {
        assert!(started.elapsed().as_secs() < 180, "the game did not end");
        let Some(id) = game else {
            let (_, list) = call(reqwest::Method::GET, "/api/v1/games".into(), None).await;
            game = list
                .as_array()
                .and_then(|l| l.first())
                .and_then(|g| g["id"].as_i64());
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let (_, state) = call(reqwest::Method::GET, format!("/api/v1/games/{id}"), None).await;
        if state["status"] == "finished" {
            break;
        }
        let ply = state["ply"].as_i64().expect("ply");
        if state["to_move"] != "white" {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        if ply >= 6 && !killed {
            // kill -9, then the same server again on the same database and port.
            server.kill().await.expect("kill -9");
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            server = serve(dir.path(), port);
            wait_until_up(&base).await;
            killed = true;
        }
        if ply >= 80 {
            call(
                reqwest::Method::POST,
                format!("/api/v1/games/{id}/resign"),
                None,
            )
            .await;
            continue;
        }
        let pos = plypost_rules::Position::from_fen(&variant, state["fen"].as_str().expect("fen"))
            .expect("FEN");
        let moves = pos.legal_moves();
        let mv = moves[rng.gen_range(0..moves.len())];
        let (status, body) = call(
            reqwest::Method::POST,
            format!("/api/v1/games/{id}/moves"),
            Some(json!({"ply": ply + 1, "move": pos.move_compact(&mv)})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert!(killed, "the server was killed mid-game");
    let status = tokio::time::timeout(std::time::Duration::from_secs(60), bot.wait())
        .await
        .expect("the bot exits after its game")
        .expect("the bot's status");
    assert!(status.success(), "plypost bot: {status}");
    let _ = server.kill().await;
}
