//! Games through HTTP on SQLite and PostgreSQL: challenges, a full game to checkmate with the
//! mails received by a real SMTP listener, Terachess II with a King's jump, illegal and
//! unauthorised moves, concurrent submissions of one ply, resignation, draw by agreement,
//! stalemate.

use base64::Engine;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::smtp::{ReceivedMail, SmtpServer};
use crate::common::{challenge_ids, location, Backend, TestApp, WAIT};

/// The most a Terachess II game page may weigh, gzipped.
const PAGE_GZIP_LIMIT: usize = 40 * 1024;

/// `author` challenges `opponent` (a username) at three days a move and the opponent
/// accepts; returns the game id.
async fn start_game(
    app: &TestApp,
    author: &reqwest::Client,
    opponent_name: &str,
    opponent: &reqwest::Client,
    variant: &str,
    color: &str,
) -> i64 {
    let fields = [
        ("variant", variant),
        ("color", color),
        ("days_per_move", "3"),
        ("message", "Good luck!"),
    ];
    app.start_game(author, opponent_name, opponent, &fields)
        .await
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect()
}

/// The Subject header with RFC 2047 encoded words decoded.
fn subject(mail: &ReceivedMail) -> String {
    let raw = mail.header("Subject").unwrap_or_default();
    raw.split_whitespace()
        .map(|word| {
            let lower = word.to_ascii_lowercase();
            if lower.starts_with("=?utf-8?b?") && word.ends_with("?=") {
                let b64 = &word[10..word.len() - 2];
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(b64)
                    .unwrap_or_default();
                (String::from_utf8_lossy(&bytes).into_owned(), true)
            } else {
                (word.to_owned(), false)
            }
        })
        .fold(
            (String::new(), false),
            |(mut acc, prev_encoded), (w, encoded)| {
                if !(acc.is_empty() || prev_encoded && encoded) {
                    acc.push(' ');
                }
                acc.push_str(&w);
                (acc, encoded)
            },
        )
        .0
}

async fn fools_mate_with_mail(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;

    // Invitation to bob, then the start: alice (White) is asked to move.
    let mails = smtp.wait_for(3, WAIT).await;
    assert!(mails
        .iter()
        .any(|m| m.to == vec!["<bob@example.org>".to_owned()]
            && subject(m).contains("invites you to Chess")));
    let start = mails
        .iter()
        .find(|m| m.to == vec!["<alice@example.org>".to_owned()])
        .expect("a start mail to alice");
    assert_eq!(
        subject(start),
        format!("[plypost] Game #{game} Chess: alice vs bob — your move")
    );

    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("id=\"move-form\""), "alice may move");
    assert!(page.contains("viewBox"), "the board is an inline SVG");
    let page_bob = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(!page_bob.contains("id=\"move-form\""), "bob waits");
    assert!(
        page_bob.contains("data-flipped=\"true\""),
        "bob sees from Black's side"
    );

    let moves = ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"];
    for (i, text) in moves.iter().enumerate() {
        let (client, opponent) = if i % 2 == 0 {
            (&alice, "bob")
        } else {
            (&bob, "alice")
        };
        let res = app.play(client, game, i as i64 + 1, text).await;
        assert_eq!(location(&res), format!("/games/{game}?done=move"), "{text}");
        if i < 3 {
            // The opponent gets "your move" with the move, a diagram and the link.
            let mails = smtp.wait_for(3 + i + 1, WAIT).await;
            let mail = mails.last().unwrap();
            assert_eq!(mail.to, vec![format!("<{opponent}@example.org>")]);
            assert!(subject(mail).ends_with("your move"), "{}", subject(mail));
            let body = mail.decoded_text();
            // In standard notation, the players' default.
            let san = ["f3", "e5", "g4"][i];
            assert!(
                body.contains(&format!(
                    "played {}{} {san}",
                    i / 2 + 1,
                    if i % 2 == 1 { "…" } else { "." }
                )),
                "the move in the mail: {body}"
            );
            assert!(body.contains("It is your move."));
            assert!(body.contains(&format!("{}/games/{game}", app.address)));
            let diagram = if opponent == "bob" {
                "h g f e d c b a"
            } else {
                "a b c d e f g h"
            };
            assert!(
                body.contains(diagram),
                "a diagram from the reader's side: {body}"
            );
            assert!(mail.header("List-Unsubscribe").is_some());
        }
    }
    // Checkmate: the game is over, 0-1, and both hear about it (alice's mail first).
    let mails = smtp.wait_for(8, WAIT).await;
    assert_eq!(mails.len(), 8, "one game-over mail each");
    let last = &mails[6];
    assert_eq!(last.to, vec!["<alice@example.org>".to_owned()]);
    assert_eq!(mails[7].to, vec!["<bob@example.org>".to_owned()]);
    assert!(
        squash(&subject(last)).contains("gameover,0-1"),
        "{}",
        subject(last)
    );
    assert!(last.decoded_text().contains("0-1, checkmate"));

    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("Finished: 0-1, checkmate"));
    assert!(page.contains("hl-check"), "the mated King is marked");
    assert!(
        !page.contains("id=\"move-form\""),
        "finished games are read-only"
    );
    let res = app.play(&alice, game, 5, "e1-f2").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(res.text().await.unwrap().contains("This game is over."));

    let home = app.get_text_as(&alice, "/").await;
    assert!(home.contains("Recently finished") && home.contains(&format!("/games/{game}")));
    // Each player reads how it ended for them.
    assert!(home.contains(">You lost</strong>"), "{home}");
    assert!(home.contains("0-1, checkmate"), "{home}");
    let home = app.get_text_as(&bob, "/").await;
    assert!(home.contains(">You won</strong>"), "{home}");
}

async fn terachess_first_moves_with_kings_jump(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &bob, "alice", &alice, "terachess2", "black").await;

    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("Game #") && page.contains("Terachess II"));
    assert!(
        page.contains("<symbol id=\"pc-king\""),
        "the sprite is on the page"
    );
    assert!(page.contains("viewBox=\"0 0 "));
    assert!(page.contains("<title>White King (K)</title>"));
    assert!(
        !page.contains("\"from\":\"h2\",\"to\":\"h4\""),
        "no jump yet: h4 is occupied"
    );
    assert!(
        page.contains("\"from\":\"h4\",\"to\":\"h5\""),
        "legal moves for board.js"
    );
    assert!(page.contains("Amazon"), "the legend");

    app.play_all(&alice, &bob, game, &["h4-h5", "h13-h12", "Kh2-h4"])
        .await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("Kh2-h4"), "the jump is in the move list");
    assert!(
        page.contains("data-square=\"h4\" data-image=\"king\""),
        "the King stands on h4"
    );
    assert!(page.contains("class=\"hl-to\"") || page.contains("hl-to"));
    // Black jumps too: h15 to h13 is free after h13-h12.
    play_all_from(&app, &bob, game, 4, "Kh15-h13").await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    // Shown in SAN, the players' default: the jump is a plain King move.
    assert!(page.contains(">Kh13</span>"), "{page}");
    assert_eq!(
        app.stored_moves(game).await.last().map(String::as_str),
        Some("Kh15-h13")
    );
    // alice saw the start position before (board and legal moves are cached by position):
    // what she sees now is the new one.
    assert!(page.contains("data-square=\"h13\" data-image=\"king\""));
    assert!(!page.contains("data-square=\"h15\" data-image=\"king\""));
    assert!(
        !page.contains("\"from\":\"h4\",\"to\":\"h5\""),
        "the pawn's move of the start position is no longer offered"
    );

    // The home page lists it as alice's move.
    let home = app.get_text_as(&alice, "/").await;
    let mine = home
        .find("id=\"my-turn\"")
        .expect("games waiting for alice");
    assert!(home[mine..].contains(&format!("/games/{game}")));
}

async fn play_all_from(app: &TestApp, client: &reqwest::Client, game: i64, ply: i64, text: &str) {
    let res = app.play(client, game, ply, text).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{text}");
}

async fn illegal_and_unauthorised_moves(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;

    // Illegal: the engine's reason, and the form keeps what was typed.
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[("move", "e2-e5"), ("ply", "1"), ("comment", "bold")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("Illegal move: a Pawn cannot move from e2 to e5"),
        "{page}"
    );
    assert!(page.contains("value=\"e2-e5\"") && page.contains("value=\"bold\""));
    let res = app.play(&alice, game, 1, "nonsense!").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // Not your turn: 409 (as in the API); not your game: 403; nothing stored.
    assert_eq!(
        app.play(&bob, game, 1, "e7-e5").await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        app.play(&carol, game, 1, "e2-e4").await.status(),
        StatusCode::FORBIDDEN
    );
    let res = app
        .post_as(
            &carol,
            &format!("/games/{game}/resign"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let anonymous = app.new_client();
    let res = app
        .post_as(
            &anonymous,
            &format!("/games/{game}/move"),
            &[("move", "e2-e4"), ("ply", "1")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "log in first");
    assert!(location(&res).starts_with("/login"));
    assert_eq!(app.stored_moves(game).await.len(), 0);

    // Unknown games are 404; bad ids too.
    assert_eq!(
        app.play(&alice, 999_999, 1, "e2-e4").await.status(),
        StatusCode::NOT_FOUND
    );
    let res = alice.get(app.url("/games/abc")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // A missing ply is a bad request, never a 500.
    let res = app
        .post_as(&alice, &format!("/games/{game}/move"), &[("move", "e2-e4")])
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // A stale ply: the game has moved on.
    app.play_all(&alice, &bob, game, &["e2-e4"]).await;
    let res = app.play(&alice, game, 1, "d2-d4").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(res.text().await.unwrap().contains("moved on"));
    // The same move again: it counts once.
    let res = app.play(&alice, game, 1, "e2-e4").await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(res.text().await.unwrap().contains("already played"));
    assert_eq!(app.stored_moves(game).await.len(), 1);

    // Challenges: only the invitee accepts, nobody accepts their own, the author cancels.
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "random"),
                ("days_per_move", "5"),
                ("opponent", "bob"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = *challenge_ids(&app.get_text_as(&bob, "/games").await)
        .last()
        .unwrap();
    assert_eq!(
        app.post_as(&carol, &format!("/challenges/{id}/accept"), &[])
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_as(&alice, &format!("/challenges/{id}/accept"), &[])
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_as(&bob, &format!("/challenges/{id}/cancel"), &[])
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        location(
            &app.post_as(&alice, &format!("/challenges/{id}/cancel"), &[])
                .await
        ),
        "/games?done=cancelled"
    );
    assert_eq!(
        app.post_as(&bob, &format!("/challenges/{id}/accept"), &[])
            .await
            .status(),
        StatusCode::CONFLICT
    );
    // Bad challenge input is shown on the form.
    for (field, value, message) in [
        ("days_per_move", "31", "Days per move"),
        ("opponent", "nobody", "There is no player named"),
        ("variant", "xiangqi", "Choose one of the variants"),
        ("opponent", "alice", "You cannot challenge yourself"),
    ] {
        let mut fields = vec![
            ("variant", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
            ("opponent", ""),
        ];
        fields.retain(|(k, _)| *k != field);
        fields.push((field, value));
        let res = app.post_as(&alice, "/challenges", &fields).await;
        assert_eq!(
            res.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value}"
        );
        assert!(res.text().await.unwrap().contains(message), "{message}");
    }
    // Open challenges: anyone signed in accepts from the lobby; the invitee may decline.
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("variant", "obento"),
                ("color", "black"),
                ("days_per_move", "7"),
                ("opponent", ""),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let lobby = app.get_text_as(&carol, "/games").await;
    assert!(lobby.contains("Obento Chess"));
    let open = *challenge_ids(&lobby).last().unwrap();
    let res = app
        .post_as(&carol, &format!("/challenges/{open}/accept"), &[])
        .await;
    assert!(location(&res).starts_with("/games/"));
    let page = app.get_text_as(&carol, &location(&res)).await;
    assert!(
        page.contains("class=\"white-player\" href=\"/users/carol\""),
        "the author chose Black"
    );
    let res = app
        .post_as(
            &bob,
            "/challenges",
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "2"),
                ("opponent", "carol"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(app
        .get_text_as(&carol, "/")
        .await
        .contains("bob invites you to Chess"));
    let id = *challenge_ids(&app.get_text_as(&carol, "/games").await)
        .last()
        .unwrap();
    assert_eq!(
        location(
            &app.post_as(&carol, &format!("/challenges/{id}/decline"), &[])
                .await
        ),
        "/games?done=declined"
    );
}

async fn concurrent_submissions_of_one_ply(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "terachess2", "white").await;

    // The same move twice at once (double click), then two different moves (two tabs).
    for (ply, client, a, b) in [
        (1, &alice, "h4-h5", "h4-h5"),
        (2, &bob, "h13-h12", "g13-g12"),
        (3, &alice, "a4-a5", "b4-b5"),
    ] {
        let (r1, r2) = tokio::join!(
            app.play(client, game, ply, a),
            app.play(client, game, ply, b)
        );
        let statuses = [r1.status(), r2.status()];
        let ok = statuses
            .iter()
            .filter(|s| **s == StatusCode::SEE_OTHER)
            .count();
        let conflict = statuses
            .iter()
            .filter(|s| **s == StatusCode::CONFLICT)
            .count();
        assert_eq!((ok, conflict), (1, 1), "ply {ply}: {statuses:?}");
        assert_eq!(app.stored_moves(game).await.len(), ply as usize);
    }
    // Many at once: still exactly one.
    let futures: Vec<_> = (0..8).map(|_| app.play(&bob, game, 4, "p13-p12")).collect();
    let results = futures_join(futures).await;
    assert_eq!(
        results
            .iter()
            .filter(|s| **s == StatusCode::SEE_OTHER)
            .count(),
        1,
        "{results:?}"
    );
    assert!(
        results
            .iter()
            .all(|s| *s == StatusCode::SEE_OTHER || *s == StatusCode::CONFLICT),
        "{results:?}"
    );
    assert_eq!(app.stored_moves(game).await.len(), 4);
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("name=\"ply\" value=\"5\""));
}

async fn futures_join(
    futures: Vec<impl std::future::Future<Output = reqwest::Response>>,
) -> Vec<StatusCode> {
    let mut set = Vec::new();
    for f in futures {
        set.push(f);
    }
    let responses = futures_util_join_all(set).await;
    responses.iter().map(|r| r.status()).collect()
}

async fn futures_util_join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    // A tiny join_all: poll every future to completion concurrently.
    let mut pinned: Vec<std::pin::Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = pinned.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, f) in pinned.iter_mut().enumerate() {
            if outputs[i].is_none() {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => outputs[i] = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().map(|o| o.expect("completed")).collect()
}

async fn resign_and_draw(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;

    // Resignation needs the confirmation box.
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    app.play_all(&alice, &bob, game, &["e2-e4"]).await;
    let res = app
        .post_as(&alice, &format!("/games/{game}/resign"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/resign"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(location(&res), format!("/games/{game}?done=resigned"));
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("Finished: 0-1, resignation"));
    let res = app
        .post_as(
            &bob,
            &format!("/games/{game}/resign"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(
        app.play(&bob, game, 2, "e7-e5").await.status(),
        StatusCode::CONFLICT
    );

    // A draw offer goes with a move; moving declines it; a new offer is accepted.
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[
                ("move", "e2-e4"),
                ("ply", "1"),
                ("offer_draw", "on"),
                ("comment", "peace?"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("offers a draw") && page.contains("id=\"draw-form\""));
    assert!(page.contains("peace?"), "the comment is in the move list");
    // Alice cannot accept her own offer.
    let res = app
        .post_as(&alice, &format!("/games/{game}/draw/accept"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    play_all_from(&app, &bob, game, 2, "e7-e5").await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(!page.contains("id=\"draw-form\""), "declined by moving");
    let res = app
        .post_as(&bob, &format!("/games/{game}/draw/accept"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[("move", "g1-f3"), ("ply", "3"), ("offer_draw", "on")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // Declined with the button: the offer is gone and Alice is told.
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains("id=\"draw-decline-form\""));
    let res = app
        .post_as(&bob, &format!("/games/{game}/draw/decline"), &[])
        .await;
    assert_eq!(location(&res), format!("/games/{game}?done=draw_declined"));
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(!page.contains("id=\"draw-form\""));
    assert!(app.queued_mail().await.iter().any(
        |(_, to, body)| to == "alice@example.org" && body.contains("declined your draw offer")
    ));
    // Alice, who offered, reads it on the page too, until the next move; Bob does not.
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains("bob declined your draw offer; the game goes on."),
        "{page}"
    );
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(!page.contains("id=\"draw-declined\""));
    play_all_from(&app, &bob, game, 4, "b8-c6").await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(
        !page.contains("id=\"draw-declined\""),
        "gone after the next move"
    );
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[("move", "Bf1-c4"), ("ply", "5"), ("offer_draw", "on")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app
        .post_as(&bob, &format!("/games/{game}/draw/accept"), &[])
        .await;
    assert_eq!(location(&res), format!("/games/{game}?done=draw"));
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("Finished: 1/2-1/2, draw agreed"));
}

async fn stalemate_ends_the_game(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    // Sam Loyd's ten-move stalemate.
    let moves = [
        "e2-e3", "a7-a5", "Qd1-h5", "Ra8-a6", "Qh5xa5", "h7-h5", "h2-h4", "Ra6-h6", "Qa5xc7",
        "f7-f6", "Qc7xd7", "Ke8-f7", "Qd7xb7", "Qd8-d3", "Qb7xb8", "Qd3-h7", "Qb8xc8", "Kf7-g6",
        "Qc8-e6",
    ];
    app.play_all(&alice, &bob, game, &moves).await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(
        page.contains("Finished: 1/2-1/2, stalemate"),
        "{}",
        &page[..page.len().min(3000)]
    );
    assert!(!page.contains("id=\"move-form\""));
}

/// Asserts that `client`'s view of the game page contains each of `wanted`.
async fn page_shows(app: &TestApp, client: &reqwest::Client, game: i64, wanted: &[&str]) {
    let page = app.get_text_as(client, &format!("/games/{game}")).await;
    for text in wanted {
        assert!(
            page.contains(text),
            "{text} missing from {}",
            &page[..page.len().min(3000)]
        );
    }
}

/// Threefold repetition ends the game: the start position occurs for the third time after
/// the knights have gone out and back twice, and not before.
async fn repetition_ends_the_game(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    let out_and_back = ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"];
    app.play_all(&alice, &bob, game, &out_and_back).await;
    // The start position has occurred twice now.
    page_shows(&app, &alice, game, &["In progress"]).await;
    play_all_from(&app, &alice, game, 5, "Ng1-f3").await;
    play_all_from(&app, &bob, game, 6, "Ng8-f6").await;
    play_all_from(&app, &alice, game, 7, "Nf3-g1").await;
    page_shows(&app, &alice, game, &["In progress"]).await;
    play_all_from(&app, &bob, game, 8, "Nf6-g8").await;
    page_shows(
        &app,
        &alice,
        game,
        &["Finished: 1/2-1/2, threefold repetition"],
    )
    .await;
    assert_eq!(app.stored_moves(game).await.len(), 8);
}

/// Moves made elsewhere (another server process on the same database; here the games service
/// with a move-log cache of its own) reach this server's page and its repetition rule: a
/// cached move list is extended from the database up to the game row's ply.
async fn moves_made_by_another_process(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    app.play_all(&alice, &bob, game, &["Ng1-f3", "Ng8-f6"])
        .await;
    // The server now holds the first two moves.
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains("data-ply=\"2\"") && !page.contains("data-ply=\"3\""));
    let elsewhere = ["Nf3-g1", "Nf6-g8", "Ng1-f3", "Ng8-f6", "Nf3-g1"];
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |conn| {
        use plypost::db::schema::games;
        use plypost::games::move_log::MoveLogCache;
        use plypost::play::{play_move, MoveInput};
        let other_process = MoveLogCache::default();
        let (white, black): (plypost::db::UserId, plypost::db::UserId) = games::table
            .find(game)
            .select((games::white_id, games::black_id))
            .first(conn.conn())
            .unwrap();
        for (i, text) in elsewhere.iter().enumerate() {
            let ply = i as i64 + 3;
            let mover = if ply % 2 == 1 { white } else { black };
            let input = MoveInput {
                ply,
                text: (*text).to_owned(),
                ..MoveInput::default()
            };
            let id = plypost::games::GameId(game);
            play_move(conn, &*clock, &config, &other_process, mover, id, &input)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
        }
    })
    .await;
    page_shows(&app, &alice, game, &["data-ply=\"7\"", "In progress"]).await;
    // The start position for the third time: only a rule that saw all eight positions ends
    // the game here.
    play_all_from(&app, &bob, game, 8, "Nf6-g8").await;
    page_shows(
        &app,
        &alice,
        game,
        &["Finished: 1/2-1/2, threefold repetition"],
    )
    .await;
}

/// The server keeps the move list of a game it played a move in (so the game's next move
/// reads nothing more): what it keeps is exactly what a fresh read of the database gives,
/// comments and times included.
async fn cached_moves_equal_the_stored_ones(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    app.play_all(&alice, &bob, game, &["e2-e4", "e7-e5"]).await;
    // A time finer than the database keeps.
    app.clock
        .advance(chrono::Duration::nanoseconds(123_456_789));
    let res = app
        .post_as(
            &alice,
            &format!("/games/{game}/move"),
            &[
                ("move", "Ng1-f3"),
                ("ply", "3"),
                ("comment", "développe <b>"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let served = app.state.move_logs.clone();
    let (cached, fresh) = app
        .with_db(move |conn| {
            use plypost::db::schema::games;
            use plypost::games::model::GameRow;
            use plypost::games::move_log::MoveLogCache;
            let row: GameRow = games::table
                .find(game)
                .select(GameRow::as_select())
                .first(conn)
                .unwrap();
            let describe = |log: &plypost::games::move_log::MoveLog| {
                log.iter()
                    .map(|m| format!("{:?} {}", m.row, m.fen_after))
                    .collect::<Vec<_>>()
            };
            let cached = describe(&served.moves_of(conn, &row).unwrap());
            let fresh = describe(&MoveLogCache::default().moves_of(conn, &row).unwrap());
            (cached, fresh)
        })
        .await;
    assert_eq!(cached.len(), 3);
    assert!(cached[2].contains("développe <b>"), "{}", cached[2]);
    assert_eq!(cached, fresh);
}

/// A stored address that no longer parses (addresses are checked at registration, but a
/// row can be changed by hand) costs that player's mail, never a move.
async fn a_bad_stored_address_costs_the_mail_not_the_move(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    app.with_db(|conn| {
        use plypost::db::schema::users;
        diesel::update(users::table.filter(users::username.eq("bob")))
            .set(users::email.eq("bob at nowhere <<"))
            .execute(conn)
            .unwrap();
    })
    .await;
    app.play_all(&alice, &bob, game, &["e2-e4", "e7-e5"]).await;
    assert_eq!(app.stored_moves(game).await.len(), 2);
    let queued: Vec<String> = app
        .queued_mail()
        .await
        .into_iter()
        .filter(|(kind, _, _)| kind == "your_turn")
        .map(|(_, to, _)| to)
        .collect();
    assert!(
        queued.iter().all(|to| !to.contains("nowhere")),
        "{queued:?}"
    );
    // The start and bob's move still told alice it was her turn.
    assert_eq!(
        queued.iter().filter(|to| to.contains("alice")).count(),
        2,
        "{queued:?}"
    );
}

/// What correspondence players expect of the game page (issue 25): the last move with its
/// time in the viewer's zone, the moves in numbered pairs, the log/PGN/JSON links for
/// everyone, the no-JS flip link, the position in words, the legal moves for anyone to look
/// at, and the move diagrams fetched apart from the page.
async fn the_game_page_for_correspondence_players(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let anonymous = app.new_client();
    let res = app
        .post_as(
            &bob,
            "/settings/preferences",
            &[("time_zone", "Asia/Tokyo")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(!page.contains("id=\"last-move\""), "no move yet");
    app.play_all(&alice, &bob, game, &["e4", "e5", "Nf3"]).await;
    // The page writes the moves in SAN, the players' default.
    let stored = ["e4", "e5", "Nf3"];

    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    let last = page
        .split("id=\"last-move\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .unwrap_or_else(|| panic!("a last-move line: {page}"));
    assert!(
        last.starts_with(&format!("Last move: 2. {} by alice (White), ", stored[2])),
        "{last}"
    );
    assert!(last.ends_with("JST"), "in Bob's time zone: {last}");
    assert!(page.contains(&format!(
        "<li><span class=\"mvno\">1.</span> <span class=\"mv\" data-ply=\"1\">{}</span> <span class=\"mv\" data-ply=\"2\">{}</span></li>",
        stored[0], stored[1]
    )));
    assert!(page.contains(&format!(
        "<li><span class=\"mvno\">2.</span> <span class=\"mv\" data-ply=\"3\">{}</span></li>",
        stored[2]
    )));
    assert!(
        page.contains("id=\"move-scroll\""),
        "the list scrolls in its box"
    );
    // The position in words.
    assert!(page.contains("<strong>White:</strong> King e1;"), "{page}");
    assert!(page.contains("Knight ×2 b1, f3"));
    assert!(page.contains("aria-live=\"polite\""));

    // Bob sees the board from his side; the flip link shows it from the other.
    assert!(page.contains("data-flipped=\"true\""));
    assert!(page.contains(&format!(
        "href=\"/games/{game}?flip=1#board\" class=\"button secondary small\" id=\"flip-board\""
    )));
    let flipped = app
        .get_text_as(&bob, &format!("/games/{game}?flip=1"))
        .await;
    assert!(flipped.contains("data-flipped=\"false\""));
    assert!(flipped.contains(&format!("href=\"/games/{game}#board\"")));
    let flipped = app
        .get_text_as(&alice, &format!("/games/{game}?flip=1"))
        .await;
    assert!(flipped.contains("data-flipped=\"true\""));

    // A spectator gets the side to move's legal moves to look at, and no move form.
    let spectator = app.get_text_as(&carol, &format!("/games/{game}")).await;
    assert!(
        spectator.contains("\"from\":\"g8\",\"to\":\"f6\""),
        "Black's moves"
    );
    assert!(!spectator.contains("id=\"move-form\""));

    // The diagrams are not on the page; they come from /games/ID/legend.
    assert!(page.contains(&format!(
        "id=\"legend-diagrams\" data-src=\"/games/{game}/legend\""
    )));
    assert!(!page.contains("ppdiagram"));
    let res = anonymous
        .get(app.url(&format!("/games/{game}/legend")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let diagrams = res.text().await.unwrap();
    assert_eq!(
        diagrams.matches("class=\"piece-card\"").count(),
        6,
        "{diagrams}"
    );
    assert_eq!(diagrams.matches("class=\"ppdiagram\"").count(), 6);
    assert!(!diagrams.contains("<html"), "a fragment");
    let res = anonymous
        .get(app.url("/games/999999/legend"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // Log, PGN and JSON for players and spectators, signed in or not, active or finished.
    let links = |page: &str| {
        for href in [
            format!("href=\"/logs/{game}\""),
            format!("href=\"/logs/{game}.pgn\""),
            format!("href=\"/logs/{game}.json\""),
        ] {
            assert!(page.contains(&href), "{href}");
        }
    };
    for finished in [false, true] {
        if finished {
            app.resign(&bob, game).await;
        }
        for client in [&alice, &bob, &carol, &anonymous] {
            let (status, page) = app.get_as(client, &format!("/games/{game}")).await;
            assert_eq!(status, StatusCode::OK);
            links(&page);
        }
    }
    for path in [
        format!("/logs/{game}"),
        format!("/logs/{game}.pgn"),
        format!("/logs/{game}.json"),
    ] {
        assert_eq!(app.get(&path).await.status(), StatusCode::OK, "{path}");
    }
    // The replay's board part, which replay.js fetches to step without a reload.
    let part = app
        .get_text(&format!("/logs/{game}?ply=2&part=board"))
        .await;
    assert!(
        part.contains("(ply 2 of 3)") && part.contains("id=\"board\"") && !part.contains("<html")
    );
    assert!(part.contains(&format!("href=\"/logs/{game}?ply=3#board\" rel=\"next\"")));
}

/// A game whose setup has Black to move numbers its first move `1… e5`.
async fn a_game_started_by_black_numbers_its_moves(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slug = app.fork_preset(&alice, "chess", "Black first").await;
    let setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1";
    let res = app
        .edit_preset(&alice, &slug, &[("setup_fen", Some(setup))], "save")
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let game = app.game_with_preset(&alice, "bob", &bob, &slug).await;
    let res = app.play(&bob, game, 1, "e5").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app.play(&alice, game, 2, "e4").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let stored = app.stored_moves(game).await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains(
            "<li><span class=\"mvno\">1…</span> <span class=\"mv\" data-ply=\"1\">e5</span></li>"
        ),
        "{page}"
    );
    assert!(page.contains(
        "<li><span class=\"mvno\">2.</span> <span class=\"mv\" data-ply=\"2\">e4</span></li>"
    ));
    assert!(page.contains("Last move: 2. e4 by alice (White), "));
    // A player who chose long notation reads the stored long texts.
    let res = app
        .post_as(
            &alice,
            "/settings/preferences",
            &[("long_notation", "on"), ("time_zone", "UTC")],
        )
        .await;
    assert!(res.status().is_redirection());
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    assert!(page.contains(&format!("Last move: 2. {} by alice (White), ", stored[1])));
    assert!(page.contains(&format!("data-ply=\"1\">{}</span>", stored[0])));
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(
        page.contains("Last move: 2. e4 by alice (White), "),
        "bob keeps SAN"
    );
}

/// The page weight of a 16x16 game: the first visit stays small (compressed, as browsers
/// fetch it); the diagrams are not part of it.
async fn a_terachess_page_stays_light(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "terachess2", "white").await;
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    let res = alice
        .get(app.url(&format!("/games/{game}")))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers().get("content-encoding").map(|v| v.as_bytes()),
        Some(&b"gzip"[..])
    );
    let compressed = res.bytes().await.unwrap().len();
    eprintln!(
        "terachess2 game page: {} bytes, {compressed} gzipped",
        page.len()
    );
    assert!(compressed < PAGE_GZIP_LIMIT, "{compressed} bytes gzipped");
    let diagrams = app.get_text(&format!("/games/{game}/legend")).await;
    eprintln!("terachess2 diagrams: {} bytes", diagrams.len());
    assert!(diagrams.matches("class=\"piece-card\"").count() > 20);
}

/// Tapping a piece of the side not to move shows where it could go on its turn: the page
/// asks `/games/ID/reach`.
async fn the_reach_of_the_side_not_to_move(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let game = start_game(&app, &alice, "bob", &bob, "chess", "white").await;
    let page = app.get_text_as(&bob, &format!("/games/{game}")).await;
    assert!(page.contains(&format!("data-reach=\"/games/{game}/reach\"")));
    let reach: serde_json::Value = app
        .get(&format!("/games/{game}/reach?square=g8"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(reach["to"], serde_json::json!(["f6", "h6"]));
    let res = app.get(&format!("/games/{game}/reach?square=z99")).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(res.text().await.unwrap().contains("is not a square"));
    assert_eq!(
        app.get("/games/424242/reach?square=a1").await.status(),
        StatusCode::NOT_FOUND
    );
}

backend_tests!(
    the_reach_of_the_side_not_to_move,
    the_game_page_for_correspondence_players,
    a_game_started_by_black_numbers_its_moves,
    a_terachess_page_stays_light,
    repetition_ends_the_game,
    a_bad_stored_address_costs_the_mail_not_the_move,
    moves_made_by_another_process,
    cached_moves_equal_the_stored_ones,
    fools_mate_with_mail,
    terachess_first_moves_with_kings_jump,
    illegal_and_unauthorised_moves,
    concurrent_submissions_of_one_ply,
    resign_and_draw,
    stalemate_ends_the_game,
);
