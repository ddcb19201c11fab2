//! Logs on SQLite and PostgreSQL: every filter and a combination, keyset pages, replay of a
//! Terachess II game against the engine, PGN and JSON field by field (comments, a promotion,
//! a King's jump), export → import → export, the bulk export, the CLI and upload imports and
//! their errors.

use crate::common;

use std::collections::BTreeSet;
use std::process::Command;

use diesel::prelude::*;
use plypost::accounts::User;
use plypost::challenges::{self, NewChallenge};
use plypost::db::schema::{games, users};
use plypost::db::{DatabaseUrl, DbConn, UserId};
use plypost::domain::ColorChoice;
use plypost::games::GameId;
use plypost::play::{self, MoveInput};
use plypost::time_control::TimeControl;
use plypost_rules::{Position, Variant};
use reqwest::StatusCode;

use crate::common::{location, unescape, Backend, TestApp};

fn user(conn: &mut DbConn, name: &str) -> User {
    users::table
        .filter(users::username_key.eq(name.to_ascii_lowercase()))
        .select(User::as_select())
        .first(conn)
        .expect("user")
}

/// Starts a game through the games service: `white` challenges `black`, who accepts.
async fn start_game(app: &TestApp, variant: &str, white: &str, black: &str, days: i64) -> GameId {
    let input = NewChallenge {
        control: Some(TimeControl::days(days).expect("days per move")),
        ..NewChallenge::of(variant)
    };
    start_with(app, input, white, black).await
}

/// `white` challenges `black` with `input` (colour and opponent filled in), who accepts.
async fn start_with(app: &TestApp, input: NewChallenge, white: &str, black: &str) -> GameId {
    let (clock, config) = (app.clock.clone(), app.config.clone());
    let (white, black) = (white.to_owned(), black.to_owned());
    app.with_pooled(move |conn| {
        let author = user(conn, &white);
        let opponent = user(conn, &black);
        let input = NewChallenge {
            color: ColorChoice::White,
            opponent: Some(black.clone()),
            ..input
        };
        let challenge =
            challenges::create(conn, &*clock, &config, &author, &input).expect("challenge");
        challenges::accept(conn, &*clock, &config, opponent.id, challenge).expect("accept")
    })
    .await
}

/// Plays moves (text, comment) alternately from the side to move, an hour apart.
async fn play_moves(app: &TestApp, id: GameId, moves: &[(&str, &str)]) {
    for (text, comment) in moves {
        app.clock.advance(chrono::Duration::hours(1));
        let (clock, config) = (app.clock.clone(), app.config.clone());
        let (text, comment) = (text.to_string(), comment.to_string());
        app.with_pooled(move |conn| {
            let (ply, white, black, side): (i64, UserId, UserId, String) = games::table
                .find(id)
                .select((
                    games::ply,
                    games::white_id,
                    games::black_id,
                    games::side_to_move,
                ))
                .first(conn.conn())
                .unwrap();
            let mover = if side == "white" { white } else { black };
            let input = MoveInput {
                ply: ply + 1,
                text: text.clone(),
                comment,
                offer_draw: false,
            };
            play::play_move(
                conn,
                &*clock,
                &config,
                &plypost::games::move_log::MoveLogCache::default(),
                mover,
                id,
                &input,
            )
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        })
        .await;
    }
}

async fn resign(app: &TestApp, id: GameId, who: &str) {
    let (clock, config) = (app.clock.clone(), app.config.clone());
    let who = who.to_owned();
    app.with_pooled(move |conn| {
        let u = user(conn, &who);
        play::resign(conn, &*clock, &config, u.id, id).expect("resign");
    })
    .await;
}

/// Sets columns a fixture needs that no service sets directly (an outcome, dates).
async fn set_sql(app: &TestApp, sql: String) {
    app.with_db(move |conn| {
        diesel::sql_query(sql)
            .execute(conn)
            .expect("fixture update");
    })
    .await;
}

/// The game ids linked from a logs page, in order.
fn listed(page: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    for (i, _) in page.match_indices("<a href=\"/logs/") {
        let rest = &page[i + "<a href=\"/logs/".len()..];
        let end = rest.find('"').unwrap_or(0);
        if let Ok(id) = rest[..end].parse::<i64>() {
            ids.push(id);
        }
    }
    ids
}

fn set(ids: &[i64]) -> BTreeSet<i64> {
    ids.iter().copied().collect()
}

async fn logs(app: &TestApp, query: &str) -> (StatusCode, String) {
    let res = app.get(&format!("/logs?{query}")).await;
    let status = res.status();
    (status, res.text().await.unwrap())
}

/// The logs page as a French reader gets it.
async fn logs_in_french(app: &TestApp, query: &str) -> String {
    let path = format!("/logs?{query}");
    app.get_in_language(&app.new_client(), &path, "fr").await.1
}

async fn filters_combine(backend: Backend) {
    let app = TestApp::new(backend).await;
    for name in ["alice", "bob", "carol"] {
        app.player(name).await;
    }
    // g1: alice–bob, Terachess II, Black resigns. g2: bob–carol, chess, in progress.
    // g3: carol–alice, Terachess II, draw by agreement. g4: alice–carol, chess, Black mates.
    let g1 = start_game(&app, "terachess2", "alice", "bob", 3).await;
    play_moves(&app, g1, &[("h4-h6", ""), ("h13-h11", "")]).await;
    resign(&app, g1, "bob").await;
    let g2 = start_game(&app, "chess", "bob", "carol", 2).await;
    play_moves(&app, g2, &[("e2-e4", ""), ("e7-e5", ""), ("g1-f3", "")]).await;
    let g3 = start_game(&app, "terachess2", "carol", "alice", 3).await;
    set_sql(
        &app,
        format!(
            "UPDATE games SET status = 'finished', result = '1/2-1/2', result_reason = 'agreement' WHERE id = {g3}"
        ),
    )
    .await;
    let g4 = start_game(&app, "chess", "alice", "carol", 1).await;
    play_moves(
        &app,
        g4,
        &[("f2-f3", ""), ("e7-e5", ""), ("g2-g4", ""), ("d8-h4", "")],
    )
    .await;
    // An open challenge by carol.
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |conn| {
        let carol = user(conn, "carol");
        let input = NewChallenge {
            color: ColorChoice::Black,
            control: Some(TimeControl::days(5).expect("days per move")),
            ..NewChallenge::of("chess")
        };
        challenges::create(conn, &*clock, &config, &carol, &input).expect("open challenge");
    })
    .await;
    // Dates: g1 started 2026-01-10, g2 2026-02-10, g3 2026-03-10, g4 2026-04-10; last moves
    // a month later (g3 has none: its last move date is its start).
    for (id, month) in [(g1, 1), (g2, 2), (g3, 3), (g4, 4)] {
        set_sql(
            &app,
            format!(
                "UPDATE games SET created_at = '2026-{month:02}-10 12:00:00', last_move_at = NULL \
                 WHERE id = {id}"
            ),
        )
        .await;
        set_sql(
            &app,
            format!(
                "UPDATE games SET last_move_at = '2026-{:02}-10 12:00:00' WHERE id = {id} AND ply > 0",
                month + 1
            ),
        )
        .await;
    }
    let (g1, g2, g3, g4) = (g1.get(), g2.get(), g3.get(), g4.get());

    let cases: &[(&str, &[i64])] = &[
        ("", &[g1, g2, g3, g4]),
        ("variant=chess", &[g2, g4]),
        ("variant=terachess2", &[g1, g3]),
        ("preset=chess", &[g2, g4]),
        ("preset=chess+v1", &[g2, g4]),
        ("preset=chess+v9", &[]),
        ("player=alice", &[g1, g3, g4]),
        ("player=ALICE&side=white", &[g1, g4]),
        ("player=alice&side=black", &[g3]),
        ("player=nobody", &[]),
        ("status=active", &[g2]),
        ("status=finished", &[g1, g3, g4]),
        ("result=white", &[g1]),
        ("result=black", &[g4]),
        ("result=draw", &[g3]),
        ("reason=checkmate", &[g4]),
        ("reason=resignation", &[g1]),
        ("reason=agreement", &[g3]),
        ("from=2026-02-01&to=2026-03-10", &[g2, g3]),
        ("date=last_move&from=2026-05-01", &[g4]),
        ("date=last_move&to=2026-02-28", &[g1]),
        ("date=last_move&from=2026-03-01&to=2026-03-31", &[g2, g3]),
        (
            "variant=terachess2&player=alice&side=black&status=finished&result=draw&reason=agreement&from=2026-03-01",
            &[g3],
        ),
        ("variant=chess&player=carol&side=black&result=black&reason=checkmate", &[g4]),
        ("imported=only", &[]),
    ];
    for (query, expected) in cases {
        let (status, page) = logs(&app, query).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(set(&listed(&page)), set(expected), "filter {query}");
        assert!(
            page.contains(&match expected.len() {
                1 => "1 game matches".to_owned(),
                n => format!("{n} games match"),
            }),
            "count for {query}"
        );
    }

    // Sorting: by start (newest first by default, or oldest first), by length, by last move.
    let (_, page) = logs(&app, "sort=started").await;
    assert_eq!(listed(&page), [g4, g3, g2, g1]);
    let (_, page) = logs(&app, "sort=started&order=asc").await;
    assert_eq!(listed(&page), [g1, g2, g3, g4]);
    let (_, page) = logs(&app, "sort=length").await;
    assert_eq!(listed(&page), [g4, g2, g1, g3]);
    let (_, page) = logs(&app, "").await;
    assert_eq!(
        listed(&page),
        [g4, g3, g2, g1],
        "last move (the start if none), then id"
    );

    // Rows: players, variant, preset, status, moves, whose move.
    let (_, page) = logs(&app, "status=active").await;
    assert!(page.contains("bob – carol"));
    assert!(page.contains("data-label=\"Variant\">Chess</td>"), "{page}");
    assert!(page.contains("In progress"));
    assert!(
        page.contains("data-label=\"Moves\">2</td>"),
        "3 plies are 2 moves"
    );
    assert!(
        page.contains("data-label=\"To move\">carol (Black)</td>"),
        "Black to move"
    );
    assert!(
        page.contains("class=\"game-number\" data-label=\"Game\">#"),
        "the game's number"
    );
    let (_, page) = logs(&app, "reason=checkmate").await;
    assert!(page.contains("Black won (checkmate)"));

    // Open challenges are listed with their own status.
    let (_, page) = logs(&app, "status=open").await;
    assert!(page.contains("Open challenge"), "{page}");
    assert!(page.contains("anyone – carol"));
    let (_, page) = logs(&app, "status=open&player=alice").await;
    assert!(!page.contains("anyone – carol"));
    // In French, the same rows in French words.
    let page = logs_in_french(&app, "status=active").await;
    assert!(page.contains("En cours"), "{page}");
    assert!(page.contains("carol (Noirs)</td>"), "{page}");
    let page = logs_in_french(&app, "reason=checkmate").await;
    assert!(page.contains("Victoire des Noirs (échec et mat)"), "{page}");
    // The variant's name in the rows and in the filter's choices.
    assert!(page.contains(">Échecs</td>"), "{page}");
    assert!(page.contains(">Échecs</option>"), "{page}");
    assert!(
        page.contains(">échec et mat</option>"),
        "the reasons' choices: {page}"
    );
    // The built-in preset is named after its variant, in French too.
    assert!(page.contains(">Échecs v1</td>"), "{page}");
    let page = logs_in_french(&app, "status=open").await;
    assert!(page.contains("Défi ouvert"), "{page}");
    assert!(page.contains("n’importe qui – carol"), "{page}");
    let page = logs_in_french(&app, "result=purple&from=yesterday").await;
    assert!(!page.contains("Ignored result"), "{page}");
    assert!(page.contains("AAAA-MM-JJ"), "{page}");

    // Bad values are reported and ignored, never an error.
    let (status, page) = logs(&app, "result=purple&from=yesterday&sort=%3Cscript%3E").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(set(&listed(&page)), set(&[g1, g2, g3, g4]));
    assert!(page.contains("Ignored the result"));
    assert!(page.contains("YYYY-MM-DD"));
    assert!(!page.contains("<script>"), "escaped");
    let (status, _) = logs(&app, "after=%FF%FE&player=%C0").await;
    assert_eq!(status, StatusCode::OK);
    // A NUL character in the address is refused before any filter is read.
    let (status, page) = logs(&app, "player=%00").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("NUL character"), "{page}");
}

async fn keyset_pages(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let first = start_game(&app, "chess", "alice", "bob", 3).await;
    // 120 copies of it with the same last-move time in pairs, so ties need the id.
    set_sql(
        &app,
        format!("UPDATE games SET last_move_at = '2026-05-01 10:00:00' WHERE id = {first}"),
    )
    .await;
    for i in 0..119 {
        set_sql(
            &app,
            format!(
                "INSERT INTO games (preset_version_id, white_id, black_id, status, start_fen, current_fen, \
                 ply, side_to_move, time_kind, days_per_move, last_move_at, created_at, imported) \
                 SELECT preset_version_id, white_id, black_id, status, start_fen, current_fen, {ply}, \
                 side_to_move, time_kind, days_per_move, '2026-05-{day:02} {hour:02}:00:00', created_at, imported \
                 FROM games WHERE id = {first}",
                ply = i % 7,
                day = 2 + i / 48,
                hour = (i / 2) % 24
            ),
        )
        .await;
    }
    for query in ["", "sort=length", "sort=started&order=asc"] {
        let mut seen = Vec::new();
        let mut path = format!("/logs?{query}");
        let mut pages = 0;
        loop {
            let page = app.get_text(&path).await;
            assert!(page.contains("120 games match"), "{page}");
            pages += 1;
            let ids = listed(&page);
            assert!(ids.len() <= 50);
            seen.extend(ids);
            match next_link(&page) {
                Some(next) => path = next,
                None => break,
            }
            assert!(pages < 10, "pagination does not end");
        }
        assert_eq!(pages, 3, "{query}");
        assert_eq!(seen.len(), 120, "{query}: every game once");
        assert_eq!(set(&seen).len(), 120, "{query}: no duplicates");
    }
    // Going back from page 2 gives page 1.
    let page1 = app.get_text("/logs").await;
    let next = next_link(&page1).unwrap();
    let page2 = app.get_text(&next).await;
    let prev = prev_link(&page2).unwrap();
    let back = app.get_text(&prev).await;
    assert_eq!(listed(&back), listed(&page1));
}

fn link_before(page: &str, marker: &str) -> Option<String> {
    let i = page.find(marker)?;
    let start = page[..i].rfind("href=\"")? + 6;
    let end = page[start..].find('"')? + start;
    Some(unescape(&page[start..end]))
}

fn next_link(page: &str) -> Option<String> {
    link_before(page, "rel=\"next\"")
}

fn prev_link(page: &str) -> Option<String> {
    link_before(page, "rel=\"prev\"")
}

const TERA_MOVES: [&str; 6] = ["h4-h6", "h13-h11", "Nc3-d5", "Nc14-d12", "a4-a5", "a13-a12"];

async fn replay_terachess2(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let id = start_game(&app, "terachess2", "alice", "bob", 3).await;
    let moves: Vec<(&str, &str)> = TERA_MOVES.iter().map(|m| (*m, "")).collect();
    play_moves(&app, id, &moves).await;

    // The engine's own positions.
    let variant = Variant::builtin("terachess2").unwrap();
    let mut position = Position::start(&variant);
    let mut fens = vec![position.to_fen()];
    for text in TERA_MOVES {
        let mv = position.parse_move(text).unwrap();
        position = position.play(&mv).unwrap();
        fens.push(position.to_fen());
    }
    for ply in [0usize, 1, 3, 6] {
        let res = app.get(&format!("/logs/{id}?ply={ply}")).await;
        assert_eq!(res.status(), StatusCode::OK);
        let page = res.text().await.unwrap();
        assert!(
            page.contains(&format!("<code>{}</code>", fens[ply])),
            "ply {ply}"
        );
        assert!(page.contains(&format!("(ply {ply} of 6)")));
        assert_eq!(page.contains("rel=\"prev\""), ply > 0);
        assert_eq!(page.contains("rel=\"next\""), ply < 6);
        if ply > 0 {
            assert!(page.contains(&format!(
                "href=\"/logs/{id}?ply={}#board\" rel=\"prev\"",
                ply - 1
            )));
            assert!(page.contains("aria-current=\"step\""));
            assert!(page.contains("hl-to"), "the last move is marked");
        }
        assert!(page.contains(&format!("href=\"/logs/{id}?ply=0#board\" data-first")));
        assert!(page.contains(&format!("href=\"/logs/{id}?ply=6#board\" data-last")));
        assert!(page.contains("/static/js/replay.js"));
    }
    // Every move links to its position.
    let page = app.get_text(&format!("/logs/{id}")).await;
    for ply in 1..=6 {
        assert!(page.contains(&format!("href=\"/logs/{id}?ply={ply}#board\"")));
    }
    assert!(
        page.contains(&format!("<code>{}</code>", fens[6])),
        "default: the last ply"
    );
    // Out of range and unreadable plies; unknown games.
    let page = app.get_text(&format!("/logs/{id}?ply=99")).await;
    assert!(page.contains("(ply 6 of 6)") && page.contains("nearest position"));
    let res = app.get(&format!("/logs/{id}?ply=-3")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app.get(&format!("/logs/{id}?ply=abc")).await;
    assert_eq!(res.status(), StatusCode::OK);
    for path in [
        "/logs/999999",
        "/logs/abc",
        "/logs/999999.pgn",
        "/logs/999999.json",
        "/logs/1.txt",
    ] {
        assert_eq!(
            app.get(path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

/// A finished Terachess II game from a made-up position: a King's jump, a promotion, comments
/// (one with a brace), and Black resigns.
const JUMP_FEN: &str = "16/3P3k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1";

async fn jump_and_promotion_game(app: &TestApp) -> GameId {
    let id = start_game(app, "terachess2", "alice", "bob", 3).await;
    set_sql(
        app,
        format!(
            "UPDATE games SET start_fen = '{JUMP_FEN}', current_fen = '{JUMP_FEN}' WHERE id = {id}"
        ),
    )
    .await;
    play_moves(
        app,
        id,
        &[
            ("Kh2-h4", "The King's jump"),
            ("Kh15-g15", ""),
            ("d15-d16=Q", "Promotes {to} a \"Queen\""),
            ("Kg15-g14", "resigning next"),
        ],
    )
    .await;
    resign(app, id, "bob").await;
    id
}

async fn pgn_and_json_fields(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let id = jump_and_promotion_game(&app).await;

    let res = app.get(&format!("/logs/{id}.pgn")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/x-chess-pgn"));
    assert!(res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains(&format!("plypost-{id}.pgn")));
    let pgn = res.text().await.unwrap();
    let (created, times) = app
        .with_db(move |conn| {
            use plypost::db::schema::game_moves;
            let created: chrono::NaiveDateTime = games::table
                .find(id)
                .select(games::created_at)
                .first(conn)
                .unwrap();
            let times: Vec<chrono::NaiveDateTime> = game_moves::table
                .filter(game_moves::game_id.eq(id))
                .order(game_moves::ply)
                .select(game_moves::played_at)
                .load(conn)
                .unwrap();
            (created, times)
        })
        .await;
    let ts = |i: usize| times[i].format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let base = app.config.base_url.to_string();
    let expected_tags = format!(
        "[Event \"plypost game {id}\"]\n[Site \"{}/logs/{id}\"]\n[Date \"{}\"]\n[Round \"-\"]\n\
         [White \"alice\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n[Variant \"terachess2\"]\n\
         [SetUp \"1\"]\n[FEN \"{JUMP_FEN}\"]\n[TimeControl \"1/259200\"]\n\
         [Preset \"terachess2 v1\"]\n[Termination \"resignation\"]\n\n",
        base.trim_end_matches('/'),
        created.format("%Y.%m.%d"),
    );
    assert!(pgn.starts_with(&expected_tags), "{pgn}");
    let movetext = pgn[expected_tags.len()..].replace('\n', " ");
    assert_eq!(
        movetext.trim_end(),
        format!(
            "1. Kh4 {{[%ts {}] The King's jump}} 1... Kg15 {{[%ts {}]}} 2. d16=Q \
             {{[%ts {}] Promotes {{to) a \"Queen\"}} 2... Kg14 {{[%ts {}] resigning next}} 1-0",
            ts(0),
            ts(1),
            ts(2),
            ts(3)
        )
    );
    assert!(pgn.lines().all(|l| l.len() <= 80));

    // JSON: the complete record.
    let res = app.get(&format!("/logs/{id}.json")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let json: serde_json::Value = res.json().await.unwrap();
    assert_eq!(json["id"], id.get());
    assert_eq!(json["white"]["name"], "alice");
    assert_eq!(json["black"]["name"], "bob");
    assert_eq!(json["variant"]["name"], "terachess2");
    assert_eq!(json["variant"]["display_name"], "Terachess II");
    assert_eq!(json["preset"]["slug"], "terachess2");
    assert_eq!(json["preset"]["version"], 1);
    let variant = Variant::builtin("terachess2").unwrap();
    assert_eq!(json["preset"]["definition"], variant.source_text());
    assert_eq!(json["preset"]["setup_fen"], variant.start_fen());
    assert_eq!(json["time_control"]["kind"], "days");
    assert_eq!(json["time_control"]["days_per_move"], 3);
    assert_eq!(json["status"], "finished");
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["result_reason"], "resignation");
    assert_eq!(json["start_fen"], JUMP_FEN);
    assert_eq!(json["imported"], false);
    assert!(json["created_at"].as_str().unwrap().ends_with('Z'));
    assert!(json["finished_at"].is_string());
    // Replaying the file alone, with its own definition, gives every stored position.
    let from_file = Variant::from_toml(json["preset"]["definition"].as_str().unwrap()).unwrap();
    let mut position = Position::from_fen(&from_file, json["start_fen"].as_str().unwrap()).unwrap();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    let expected = [
        ("Kh2-h4", "h2h4", "white", "alice", Some("The King's jump")),
        ("Kh15-g15", "h15g15", "black", "bob", None),
        (
            "Pd15-d16=Q",
            "d15d16q",
            "white",
            "alice",
            Some("Promotes {to} a \"Queen\""),
        ),
        ("Kg15-g14", "g15g14", "black", "bob", Some("resigning next")),
    ];
    for (i, (m, (text, compact, side, player, comment))) in moves.iter().zip(expected).enumerate() {
        assert_eq!(m["ply"], i as i64 + 1);
        assert_eq!(m["text"], text);
        assert_eq!(m["compact"], compact);
        assert_eq!(m["side"], side);
        assert_eq!(m["player"], player);
        assert_eq!(m["comment"].as_str(), comment);
        let played =
            chrono::DateTime::parse_from_rfc3339(m["played_at"].as_str().unwrap()).unwrap();
        assert_eq!(played.naive_utc(), times[i]);
        let mv = position.parse_move(m["compact"].as_str().unwrap()).unwrap();
        position = position.play(&mv).unwrap();
        assert_eq!(m["fen_after"], position.to_fen(), "ply {}", i + 1);
    }
    assert!(
        moves[0]["fen_after"].as_str().unwrap().contains(" w - ")
            || moves[0]["fen_after"].as_str().unwrap().contains(" b - "),
        "the jump ends White's right"
    );
    assert!(
        moves[2]["fen_after"].as_str().unwrap().starts_with("3Q"),
        "promoted to a Queen"
    );
    assert_eq!(json["current_fen"], position.to_fen());

    // The log page shows the comments (escaped) and links the downloads.
    let page = app.get_text(&format!("/logs/{id}")).await;
    assert!(
        page.contains("Promotes {to} a &#34;Queen&#34;")
            || page.contains("Promotes {to} a &quot;Queen&quot;")
    );
    assert!(page.contains(&format!("href=\"/logs/{id}.pgn\"")));
    assert!(page.contains(&format!("href=\"/logs/{id}.json\"")));
    assert!(page.contains("White won (resignation)"));
}

/// The PGN with its Date tag set to `date` (`YYYY.MM.DD`).
pub(crate) fn redated(pgn: &str, date: &str) -> String {
    let start = pgn.find("[Date \"").expect("a Date tag");
    let end = start + pgn[start..].find("\"]").expect("its end") + 2;
    format!("{}[Date \"{date}\"]{}", &pgn[..start], &pgn[end..])
}

/// A multipart body for the upload form.
pub(crate) fn multipart(token: &str, file: &str) -> (String, Vec<u8>) {
    let boundary = "----plypostboundary7MA4YWxk";
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n\
             --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"games.pgn\"\r\n\
             Content-Type: application/x-chess-pgn\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file.as_bytes());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub(crate) async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    token: &str,
    file: &str,
) -> reqwest::Response {
    let (content_type, body) = multipart(token, file);
    client
        .post(app.url("/logs/import"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn round_trip_and_upload(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    let bob = app.player("bob").await;
    let id = jump_and_promotion_game(&app).await;
    let first = app.get_text(&format!("/logs/{id}.pgn")).await;

    // The upload needs a signed-in player and the form's token.
    let anonymous = app.new_client();
    let res = upload(&app, &anonymous, "x", &first).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(location(&res).starts_with("/login"));
    let res = upload(&app, &bob, "not the token", &first).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let form = bob
        .get(app.url("/logs/import"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(form.contains("enctype=\"multipart/form-data\""));
    let token = common::extract_csrf(&form).unwrap();
    // The game is in the logs already: refused as a duplicate.
    let res = upload(&app, &bob, &token, &first).await;
    let page = res.text().await.unwrap();
    assert!(page.contains("0 imported, 1 refused"), "{page}");
    assert!(
        page.contains(&format!(
            "this game is already in the logs, as game {}",
            id.get()
        )),
        "{page}"
    );
    // The same moves on another day are another game.
    let first = redated(&first, "2025.01.01");
    let res = upload(&app, &bob, &token, &first).await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(page.contains("1 imported, 0 refused"), "{page}");
    let imported = listed(&page)[0];
    // Not a game played here: the preset counts only the one played.
    let preset = app.get_text("/presets/terachess2").await;
    assert!(preset.contains("Games played with it (1)"), "{preset}");
    // Once imported, it is a duplicate too.
    let res = upload(&app, &bob, &token, &first).await;
    let page = res.text().await.unwrap();
    assert!(
        page.contains(&format!("already in the logs, as game {imported}")),
        "{page}"
    );
    assert_ne!(imported, id.get());

    // Export → import → export: the same file.
    let again = app.get_text(&format!("/logs/{imported}.pgn")).await;
    assert_eq!(again, first);

    // Marked as imported, not counted for anyone, and filterable.
    let log = app.get_text(&format!("/logs/{imported}")).await;
    assert!(log.contains("imported: not rated"));
    let (_, page) = logs(&app, "imported=only").await;
    assert_eq!(listed(&page), [imported]);
    assert!(page.contains("class=\"tag imported\""));
    let (_, page) = logs(&app, "imported=exclude").await;
    assert_eq!(listed(&page), [id.get()]);
    let (_, page) = logs(&app, "player=alice&side=white").await;
    assert_eq!(
        set(&listed(&page)),
        set(&[id.get(), imported]),
        "imported names match too"
    );
    let json: serde_json::Value = app
        .get(&format!("/logs/{imported}.json"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(json["imported"], true);
    assert_eq!(json["white"]["name"], "alice");
    let home = bob
        .get(app.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        !home.contains(&format!("/games/{imported}")),
        "not one of bob's games"
    );
    let (players, by): (Vec<i64>, Option<i64>) = app
        .with_db(move |conn| {
            let row: (i64, i64, Option<i64>) = games::table
                .find(GameId(imported))
                .select((games::white_id, games::black_id, games::imported_by))
                .first(conn)
                .unwrap();
            (vec![row.0, row.1], row.2)
        })
        .await;
    let (alice_id, bob_id) = app
        .with_db(|conn| (user(conn, "alice").id.get(), user(conn, "bob").id.get()))
        .await;
    assert!(!players.contains(&alice_id) && !players.contains(&bob_id));
    assert_eq!(by, Some(bob_id));

    // A Fischer game (10 days + 24 hours a move) and an untimed one come back the same.
    for (control, kind, tag, day) in [
        (
            TimeControl::fischer(10, 24, None).expect("a Fischer clock"),
            "fischer",
            "864000+86400",
            "2025.02.01",
        ),
        (TimeControl::Untimed, "untimed", "-", "2025.02.02"),
    ] {
        let input = NewChallenge {
            control: Some(control),
            ..NewChallenge::of("chess")
        };
        let game = start_with(&app, input, "alice", "bob").await;
        play_moves(&app, game, &[("e2-e4", "{x}"), ("e7-e5", "")]).await;
        let pgn = app.get_text(&format!("/logs/{game}.pgn")).await;
        assert!(pgn.contains(&format!("[TimeControl \"{tag}\"]")), "{pgn}");
        assert!(pgn.contains("[Result \"*\"]") && pgn.contains("[Termination \"unterminated\"]"));
        // Another day's copy (the game itself is in the logs), each on its own day.
        let pgn = redated(&pgn, day);
        let res = upload(&app, &bob, &token, &pgn).await;
        let page = res.text().await.unwrap();
        assert!(page.contains("1 imported, 0 refused"), "{page}");
        let copy = listed(&page)[0];
        assert_eq!(
            app.get_text(&format!("/logs/{copy}.pgn")).await,
            pgn,
            "{kind}"
        );
        let json: serde_json::Value = app
            .get(&format!("/logs/{copy}.json"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(json["time_control"]["kind"], kind);
        assert_eq!(
            json["status"], "finished",
            "an imported game is never played on"
        );
        assert_eq!(json["result"], serde_json::Value::Null);
    }

    // Too large.
    let big = "%".repeat(6 * 1024 * 1024);
    let res = upload(&app, &bob, &token, &big).await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // The command line: the same file into the same database is a duplicate; another
    // day's copy is imported.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pgn");
    let url = match &app.config.database {
        DatabaseUrl::Sqlite(path) => path.clone(),
        DatabaseUrl::Postgres(url) => url.clone(),
    };
    let import = |text: &str| {
        std::fs::write(&file, text).unwrap();
        Command::new(env!("CARGO_BIN_EXE_plypost"))
            .arg("import")
            .arg(&file)
            .env("PLYPOST_DATABASE_URL", &url)
            .output()
            .unwrap()
    };
    let out = import(&first);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("this game is already in the logs"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = redated(&first, "2025.03.01");
    let out = import(&first);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("1 imported, 0 refused"), "{stdout}");
    let (_, page) = logs(&app, "imported=only&variant=terachess2").await;
    let ids = listed(&page);
    assert_eq!(ids.len(), 2);
    let cli_id = ids.iter().copied().find(|i| *i != imported).unwrap();
    assert_eq!(app.get_text(&format!("/logs/{cli_id}.pgn")).await, first);
}

async fn import_errors(backend: Backend) {
    let app = TestApp::new(backend).await;
    let bob = app.player("bob").await;
    let good = "[Event \"one\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\n1. e2-e4 e7-e5 *\n\n";
    let illegal = "[Event \"two\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\n1. e2-e4 e7-e5 2. Ke1-e3 *\n\n";
    let unknown_move = "[Event \"three\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"*\"]\n[Variant \"chess\"]\n\n1. e2-e4 Zz9-k4 *\n\n";
    let unknown_variant = "[Event \"four\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"*\"]\n[Variant \"nochess\"]\n\n1. e2-e4 *\n\n";
    let wrong_result = "[Event \"five\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"1-0\"]\n[Variant \"chess\"]\n[Termination \"checkmate\"]\n\n1. e2-e4 1-0\n\n";
    let mate = "[Event \"six\"]\n[White \"m\"]\n[Black \"n\"]\n[Result \"0-1\"]\n[Variant \"chess\"]\n\n1. f2-f3 e7-e5 2. g2-g4 Qd8-h4 0-1\n\n";
    let file = format!("{good}{illegal}{unknown_move}{unknown_variant}{wrong_result}{mate}");
    let form = bob
        .get(app.url("/logs/import"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let token = common::extract_csrf(&form).unwrap();
    let res = upload(&app, &bob, &token, &file).await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(page.contains("2 imported, 4 refused"), "{page}");
    assert!(
        page.contains("move 2. Ke1-e3: a King cannot move from e1 to e3"),
        "{page}"
    );
    assert!(page.contains("move 1... Zz9-k4:"), "{page}");
    assert!(page.contains("unknown variant “nochess”"), "{page}");
    assert!(
        page.contains("Termination “checkmate” does not fit"),
        "{page}"
    );
    let (_, logs_page) = logs(&app, "imported=only&result=black&reason=checkmate").await;
    assert_eq!(
        listed(&logs_page).len(),
        1,
        "the mate was recognised by the engine"
    );
    // Nothing of the refused games was stored.
    let count: i64 = app
        .with_db(|conn| games::table.count().get_result(conn).unwrap())
        .await;
    assert_eq!(count, 2);
    // Not a PGN at all; an empty upload.
    let res = upload(&app, &bob, &token, "hello").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = upload(&app, &bob, &token, "  ").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("Choose a PGN file"));
}

async fn bulk_export(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    app.player("bob").await;
    let id = start_game(&app, "chess", "alice", "bob", 3).await;
    play_moves(&app, id, &[("e2-e4", "a comment"), ("e7-e5", "")]).await;
    let tera = start_game(&app, "terachess2", "bob", "alice", 3).await;
    play_moves(&app, tera, &[("h4-h6", "")]).await;
    let one = app.get_text(&format!("/logs/{id}.pgn")).await;
    // 249 more chess games with the same moves (three batches of the export and a bit).
    app.with_db(move |conn| {
        for _ in 0..249 {
            diesel::sql_query(format!(
                "INSERT INTO games (preset_version_id, white_id, black_id, status, start_fen, current_fen, \
                 ply, side_to_move, time_kind, days_per_move, last_move_at, created_at, imported) \
                 SELECT preset_version_id, white_id, black_id, status, start_fen, current_fen, ply, \
                 side_to_move, time_kind, days_per_move, last_move_at, created_at, imported \
                 FROM games WHERE id = {id}"
            ))
            .execute(conn)
            .unwrap();
            diesel::sql_query(format!(
                "INSERT INTO game_moves (game_id, ply, move_text, compact, fen_after, comment, played_at, user_id) \
                 SELECT (SELECT MAX(id) FROM games), ply, move_text, compact, fen_after, comment, played_at, user_id \
                 FROM game_moves WHERE game_id = {id}"
            ))
            .execute(conn)
            .unwrap();
        }
    })
    .await;
    let res = app.get("/logs/export.pgn?variant=chess").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/x-chess-pgn"));
    let all = res.text().await.unwrap();
    assert_eq!(all.matches("[Event ").count(), 250);
    assert!(!all.contains("[Variant \"terachess2\"]"));
    // Each game is its own export, and the whole file reads back.
    assert!(all.contains(&one));
    let games = plypost::logs::pgn::read_games(&all);
    assert_eq!(games.len(), 250);
    assert!(games
        .iter()
        .all(|g| g.as_ref().is_ok_and(|g| g.moves.len() == 2)));
    let everything = app.get_text("/logs/export.pgn").await;
    assert_eq!(everything.matches("[Event ").count(), 251);
    let none = app.get_text("/logs/export.pgn?player=nobody").await;
    assert!(none.is_empty());
    // The logs page links the export of its filters.
    let (_, page) = logs(&app, "variant=chess&result=white").await;
    assert!(unescape(&page).contains("href=\"/logs/export.pgn?variant=chess&result=white\""));
}

/// A chess game's PGN reads in python-chess (PyPI `chess`) with the same moves (SAN, with
/// e.p., a promotion, castling on both sides, checks) and result.
async fn python_chess_reads_the_pgn(backend: Backend) {
    if !common::python::checkers_available() {
        return;
    }
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    let moves = [
        "e2-e4", "d7-d5", "e4xd5", "c7-c5", "d5xc6", "Ng8-f6", "c6xb7", "e7-e6", "b7xa8=Q",
        "Bf8-d6", "Ng1-f3", "O-O", "Bf1-e2", "Qd8-c7", "O-O",
    ];
    app.play_all(&alice, &bob, game, &moves).await;
    app.resign(&bob, game).await;
    let pgn = app.get_text(&format!("/logs/{game}.pgn")).await;
    let script = r#"
import io, json, sys, chess.pgn
game = chess.pgn.read_game(io.StringIO(sys.stdin.read()))
assert not game.errors, game.errors
board = game.board()
sans = []
for move in game.mainline_moves():
    sans.append(board.san(move))
    board.push(move)
print(json.dumps({"moves": sans, "result": game.headers["Result"], "fen": board.fen()}))
"#;
    let out: serde_json::Value =
        serde_json::from_str(&common::python::run(script, &pgn)).expect("JSON from python");
    assert_eq!(
        out["moves"],
        serde_json::json!([
            "e4", "d5", "exd5", "c5", "dxc6", "Nf6", "cxb7", "e6", "bxa8=Q", "Bd6", "Nf3", "O-O",
            "Be2", "Qc7", "O-O"
        ]),
        "{pgn}"
    );
    assert_eq!(out["result"], "1-0");
    // The log page writes the moves in SAN as well.
    let log = app.get_text(&format!("/logs/{game}")).await;
    assert!(log.contains("bxa8=Q") && !log.contains("Pb7xa8=Q"), "{log}");
    // The same final position as the server's.
    let json: serde_json::Value = app
        .get(&format!("/logs/{game}.json"))
        .await
        .json()
        .await
        .unwrap();
    let ours = json["current_fen"].as_str().unwrap();
    let theirs = out["fen"].as_str().unwrap();
    assert_eq!(
        ours.split(' ').take(4).collect::<Vec<_>>(),
        theirs.split(' ').take(4).collect::<Vec<_>>()
    );
}

/// The command line reads a long file a game at a time: every game is imported, a refused
/// one is named by its number and line in the whole file, and a progress line comes every
/// 1,000 games.
async fn a_long_file_is_imported_game_by_game(backend: Backend) {
    let app = TestApp::new(backend).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.pgn");
    let mut text = String::new();
    for i in 1..=1_200 {
        let moves = if i == 1_150 {
            "1. e2-e4 e7-e5 2. Ke1-e3 *"
        } else {
            "1. e2-e4 e7-e5 *"
        };
        // Game 1100's White tag has no quotes: a syntax error on its second line.
        let white = if i == 1_100 {
            format!("white {i}")
        } else {
            format!("\"white {i}\"")
        };
        text.push_str(&format!(
            "[Event \"long file\"]\n[White {white}]\n[Black \"black\"]\n[Result \"*\"]\n\
             [Variant \"chess\"]\n\n{moves}\n\n"
        ));
    }
    std::fs::write(&file, &text).unwrap();
    let url = match &app.config.database {
        DatabaseUrl::Sqlite(path) => path.clone(),
        DatabaseUrl::Postgres(url) => url.clone(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_plypost"))
        .arg("import")
        .arg(&file)
        .env("PLYPOST_DATABASE_URL", &url)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "one game refused: {stderr}");
    assert!(stdout.contains("1198 imported, 2 refused"), "{stdout}");
    assert!(
        stdout.contains("game 1200 (white 1200 - black): imported"),
        "{stdout}"
    );
    assert!(
        stderr.contains("game 1150 (white 1150 - black): not imported: move 2. Ke1-e3"),
        "{stderr}"
    );
    // Game 1100 starts on line 1 + 1099 * 8 of the file; its White tag is the next line.
    let line = 1 + 1_099 * 8 + 1;
    assert!(
        stderr.contains(&format!("game 1100 ( - ): not imported: line {line}:")),
        "{stderr}"
    );
    assert!(
        stderr.contains("many.pgn: 1000 games read, 1000 imported, 0 refused"),
        "a progress line: {stderr}"
    );
    let (_, page) = logs(&app, "imported=only&player=white+1200").await;
    assert_eq!(listed(&page).len(), 1);
}

backend_tests!(
    a_long_file_is_imported_game_by_game,
    python_chess_reads_the_pgn,
    filters_combine,
    keyset_pages,
    replay_terachess2,
    pgn_and_json_fields,
    round_trip_and_upload,
    import_errors,
    bulk_export,
);
