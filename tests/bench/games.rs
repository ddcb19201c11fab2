//! Set-up for the HTTP benchmarks of the game page and of move submission (BENCHMARKS.md,
//! "Games (HTTP)"). Not a test: run it against a running release server, then run wrk.
//!
//! ```text
//! PLYPOST_BENCH_URL=http://127.0.0.1:18080 PLYPOST_BENCH_OUT=/tmp/plypost-bench \
//!   cargo test --release --test bench -- --ignored --nocapture --exact \
//!   games::prepare_game_benchmarks
//! ```
//! It registers two players (or logs them in), plays a Terachess II game to 100 plies for
//! the page benchmark, and prepares `PLYPOST_BENCH_GAMES` (default 768; bench/games.sh asks
//! for 2048) more games played to `PLYPOST_BENCH_FIRST_PLY - 1` plies (default 30) whose
//! next `PLYPOST_BENCH_MOVES` moves (default 40) `bench/games_move.lua` submits. Many games
//! keep the moves of one game far apart in wrk's stream: a move is only accepted after the
//! previous one of its game. Moves are chosen by the rules engine (a fixed pseudo-random
//! choice among the legal moves that do not end the game), so
//! every submitted move is legal and is stored.
//!
//! Output in `PLYPOST_BENCH_OUT`: `page.env` (URL, cookie), `moves.tsv` (one request per line:
//! game, ply, move, player 0/1, in submission order) and `sessions.tsv` (cookie and CSRF
//! token of each player).

use std::sync::Arc;
use std::time::Duration;

use plypost_rules::{Game, Position, Variant};
use reqwest::cookie::{CookieStore, Jar};

use crate::common::{extract_csrf, PASSWORD};
use crate::Lcg;

struct Player {
    client: reqwest::Client,
    jar: Arc<Jar>,
    csrf: String,
}

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

/// The CSRF token of a page's form.
fn page_csrf(html: &str) -> String {
    extract_csrf(html).expect("a CSRF field")
}

async fn text(client: &reqwest::Client, url: &str) -> String {
    client.get(url).send().await.unwrap().text().await.unwrap()
}

async fn player(base: &str, name: &str) -> Player {
    let jar = Arc::new(Jar::default());
    let client = reqwest::Client::builder()
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let token = page_csrf(&text(&client, &format!("{base}/login")).await);
    let email = format!("{name}@bench.invalid");
    let res = client
        .post(format!("{base}/register"))
        .form(&[
            ("username", name),
            ("email", email.as_str()),
            ("password", PASSWORD),
            ("password_confirm", PASSWORD),
            ("csrf_token", token.as_str()),
        ])
        .send()
        .await
        .unwrap();
    if res.status() != reqwest::StatusCode::SEE_OTHER {
        let token = page_csrf(&text(&client, &format!("{base}/login")).await);
        let res = client
            .post(format!("{base}/login"))
            .form(&[
                ("username", name),
                ("password", PASSWORD),
                ("csrf_token", token.as_str()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(
            res.status(),
            reqwest::StatusCode::SEE_OTHER,
            "log in {name}"
        );
    }
    let csrf = page_csrf(&text(&client, &format!("{base}/challenges/new")).await);
    Player { client, jar, csrf }
}

impl Player {
    fn cookie(&self, base: &str) -> String {
        let url = reqwest::Url::parse(base).unwrap();
        self.jar
            .cookies(&url)
            .map(|v| v.to_str().unwrap().to_owned())
            .expect("a session cookie")
    }

    async fn post(&self, base: &str, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let mut all = fields.to_vec();
        all.push(("csrf_token", &self.csrf));
        self.client
            .post(format!("{base}{path}"))
            .form(&all)
            .send()
            .await
            .unwrap()
    }
}

/// A new game alice (White) vs bob; returns its id.
async fn new_game(base: &str, alice: &Player, bob: &Player) -> i64 {
    let res = alice
        .post(
            base,
            "/challenges",
            &[
                ("variant", "terachess2"),
                ("color", "white"),
                ("days_per_move", "30"),
                ("opponent", "bench_bob"),
            ],
        )
        .await;
    assert_eq!(res.status(), reqwest::StatusCode::SEE_OTHER);
    let lobby = text(&bob.client, &format!("{base}/games")).await;
    let marker = "action=\"/challenges/";
    let start = lobby.find(marker).expect("an invitation") + marker.len();
    let id: i64 = lobby[start..].split('/').next().unwrap().parse().unwrap();
    let res = bob
        .post(base, &format!("/challenges/{id}/accept"), &[])
        .await;
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    to.trim_start_matches("/games/")
        .split('?')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// `plies` legal moves of Terachess II, none ending the game, chosen by a fixed LCG.
fn move_sequence(plies: usize) -> Vec<String> {
    let variant = Variant::builtin("terachess2").unwrap();
    let mut game = Game::new(Position::start(&variant));
    let mut rng = Lcg(0x5eed_1234);
    let mut out = Vec::new();
    while out.len() < plies {
        let pos = game.position().clone();
        let moves = pos.legal_moves();
        let mut tries = 0;
        loop {
            let mv = moves[rng.next(moves.len() as u64) as usize];
            let mut next = game.clone();
            next.play(&mv).unwrap();
            tries += 1;
            if next.outcome().is_none() || tries > 50 {
                out.push(pos.move_text(&mv));
                game = next;
                break;
            }
        }
    }
    out
}

async fn play(base: &str, players: [&Player; 2], game: i64, moves: &[String], from: usize) {
    for (i, mv) in moves.iter().enumerate().skip(from) {
        let ply = (i + 1).to_string();
        let res = players[i % 2]
            .post(
                base,
                &format!("/games/{game}/move"),
                &[
                    ("move", mv.as_str()),
                    ("ply", ply.as_str()),
                    ("comment", ""),
                ],
            )
            .await;
        assert_eq!(
            res.status(),
            reqwest::StatusCode::SEE_OTHER,
            "game {game} ply {ply} {mv}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "set-up for wrk; needs a running server (PLYPOST_BENCH_URL)"]
async fn prepare_game_benchmarks() {
    let base = env("PLYPOST_BENCH_URL", "http://127.0.0.1:18080");
    let out = std::path::PathBuf::from(env("PLYPOST_BENCH_OUT", "/tmp/plypost-bench"));
    let games: usize = env("PLYPOST_BENCH_GAMES", "768").parse().unwrap();
    // Moves are submitted from this ply on, `per_game` per game.
    let first: usize = env("PLYPOST_BENCH_FIRST_PLY", "31").parse().unwrap();
    let per_game: usize = env("PLYPOST_BENCH_MOVES", "40").parse().unwrap();
    let before = first - 1;
    assert!(before + per_game <= 100, "the move sequence has 100 plies");
    std::fs::create_dir_all(&out).unwrap();
    let alice = Arc::new(player(&base, "bench_alice").await);
    let bob = Arc::new(player(&base, "bench_bob").await);
    let moves = Arc::new(move_sequence(100));

    // The page benchmark: a game with 100 plies played; alice (to move) looks at it.
    let page_game = new_game(&base, &alice, &bob).await;
    play(&base, [&alice, &bob], page_game, &moves, 0).await;
    std::fs::write(
        out.join("page.env"),
        format!(
            "PAGE_URL={base}/games/{page_game}\nPAGE_COOKIE='{}'\n",
            alice.cookie(&base)
        ),
    )
    .unwrap();

    // The move benchmark: games played to `before` plies, several set up at once.
    let mut ids = Vec::new();
    for _ in 0..games {
        ids.push(new_game(&base, &alice, &bob).await);
    }
    let mut tasks = Vec::new();
    for chunk in ids.chunks(games.div_ceil(16).max(1)) {
        let (chunk, base, alice, bob, moves) = (
            chunk.to_vec(),
            base.clone(),
            alice.clone(),
            bob.clone(),
            moves.clone(),
        );
        tasks.push(tokio::spawn(async move {
            for game in chunk {
                play(&base, [&alice, &bob], game, &moves[..before], 0).await;
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let mut lines = String::new();
    for (i, mv) in moves
        .iter()
        .enumerate()
        .take(before + per_game)
        .skip(before)
    {
        for game in &ids {
            lines.push_str(&format!("{game}\t{}\t{mv}\t{}\n", i + 1, i % 2));
        }
    }
    std::fs::write(out.join("moves.tsv"), lines).unwrap();
    std::fs::write(
        out.join("sessions.tsv"),
        format!(
            "{}\t{}\n{}\t{}\n",
            alice.cookie(&base),
            alice.csrf,
            bob.cookie(&base),
            bob.csrf
        ),
    )
    .unwrap();
    println!(
        "page game {page_game}; {} move games ready in {}",
        ids.len(),
        out.display()
    );
}
