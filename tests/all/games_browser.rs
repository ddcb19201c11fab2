//! End to end in a real headless browser (Debian's chromium driven through chromedriver
//! with fantoccini): two players play the first moves of Terachess II by clicking pieces and
//! destinations, checking the preview, and confirming — the King's jump included.
//!
//! Needs /usr/bin/chromium and /usr/bin/chromedriver (`apt-get install chromium
//! chromium-driver`). Without them the test is skipped, except under `CI=true`, where it fails.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{key::Key, Client, ClientBuilder, Locator};
use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Backend, TestApp, PASSWORD};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const WAIT: Duration = Duration::from_secs(20);

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn browser_available() -> bool {
    let found = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !found {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{CHROMIUM} and {CHROMEDRIVER} are needed when CI=true (apt-get install chromium chromium-driver)");
        }
        eprintln!("skipped: install chromium and chromium-driver to run the browser test");
    }
    found
}

async fn start_driver() -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "chromedriver did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    driver
}

async fn browser(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1200,1400"
            ]
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

async fn log_in(b: &Client, app: &TestApp, name: &str) {
    b.goto(&app.url("/login")).await.unwrap();
    let form = b.form(Locator::Css("form[action='/login']")).await.unwrap();
    form.set_by_name("username", name).await.unwrap();
    form.set_by_name("password", PASSWORD).await.unwrap();
    form.submit().await.unwrap();
    b.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("form[action='/logout']"))
        .await
        .expect("signed in");
}

async fn click_square(b: &Client, css: &str) {
    b.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// Plays `from`-`to` on the game page by clicking, checks the preview (in SAN, as the player
/// reads moves; `text`, the long form, is what the form submits), confirms, and finds the
/// move in the list (`san`, as the page writes it).
async fn click_move(
    b: &Client,
    app: &TestApp,
    game: i64,
    (from, to): (&str, &str),
    (text, san): (&str, &str),
) {
    b.goto(&app.url(&format!("/games/{game}"))).await.unwrap();
    click_square(b, &format!("#board g.pc[data-square='{from}']")).await;
    // The destination is marked, then clicked.
    b.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(&format!(
            "#board rect.sq.target[data-square='{to}']"
        )))
        .await
        .expect("the destination is highlighted");
    click_square(b, &format!("#board rect.sq[data-square='{to}']")).await;
    // Preview: the piece stands on its new square before anything is sent.
    let confirm = b
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(".pp-move-panel button.pp-confirm"))
        .await
        .expect("a confirm button");
    assert_eq!(confirm.text().await.unwrap(), format!("Confirm move {san}"));
    assert!(b
        .find(Locator::Css(&format!("#board g.pc[data-square='{to}']")))
        .await
        .is_ok());
    assert!(b
        .find(Locator::Css(&format!("#board g.pc[data-square='{from}']")))
        .await
        .is_err());
    confirm.click().await.unwrap();
    b.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("p.alert.success"))
        .await
        .expect("the move was played");
    let list = b
        .find(Locator::Css("#move-list"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(list.contains(san), "{list}");
    // The form sent the long notation.
    assert_eq!(
        app.stored_moves(game).await.last().map(String::as_str),
        Some(text)
    );
}

/// Plays `from`-`to` on the analysis board by clicking and confirming; waits for the line to
/// show `san`.
async fn analysis_move(b: &Client, from: &str, to: &str, san: &str) {
    click_square(b, &format!("#board g.pc[data-square='{from}']")).await;
    click_square(b, &format!("#board rect.sq.target[data-square='{to}']")).await;
    click_square(b, ".pp-move-panel button.pp-confirm").await;
    // The confirmed move loads the next position's page.
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let line = match b.find(Locator::Css("#analysis-line")).await {
            Ok(found) => found.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if line.contains(san) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the line never showed {san}: {line}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
async fn terachess_by_clicking_in_a_browser() {
    if !browser_available() {
        return;
    }
    let app = TestApp::new(Backend::Sqlite).await;
    let alice_http = app.player("alice").await;
    app.player("bob").await;
    let res = app
        .post_as(
            &alice_http,
            "/challenges",
            &[
                ("variant", "terachess2"),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", "bob"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let driver = start_driver().await;
    let alice = browser(&driver).await;
    let bob = browser(&driver).await;
    log_in(&alice, &app, "alice").await;
    log_in(&bob, &app, "bob").await;

    // Bob accepts the invitation in his browser.
    bob.goto(&app.url("/games")).await.unwrap();
    click_square(&bob, "#invitations button[type='submit']").await;
    bob.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#board"))
        .await
        .expect("the game page");
    let url = bob.current_url().await.unwrap();
    let game: i64 = url
        .path()
        .trim_start_matches("/games/")
        .parse()
        .expect("a game id");

    click_move(&alice, &app, game, ("h4", "h5"), ("Ph4-h5", "h5")).await;
    click_move(&bob, &app, game, ("h13", "h12"), ("Ph13-h12", "h12")).await;
    // The King's jump over the Queen on h3 to the square the Pawn left.
    click_move(&alice, &app, game, ("h2", "h4"), ("Kh2-h4", "Kh4")).await;
    // Cancel leaves the board as it was.
    bob.goto(&app.url(&format!("/games/{game}"))).await.unwrap();
    click_square(&bob, "#board g.pc[data-square='a13']").await;
    click_square(&bob, "#board rect.sq[data-square='a12']").await;
    click_square(&bob, ".pp-move-panel button.pp-cancel").await;
    assert!(bob
        .find(Locator::Css("#board g.pc[data-square='a13']"))
        .await
        .is_ok());
    click_move(&bob, &app, game, ("a13", "a11"), ("Pa13-a11", "a11")).await;

    assert_eq!(
        app.stored_moves(game).await,
        vec!["Ph4-h5", "Ph13-h12", "Kh2-h4", "Pa13-a11"]
    );
    let page = alice.source().await.unwrap();
    assert!(page.contains("data-square=\"h4\" data-image=\"king\""));

    // Bob, waiting for Alice, enters a two-move line on the analysis board and saves it as
    // conditional moves; Alice's move then gets his answer at once.
    bob.goto(&app.url(&format!("/games/{game}/analysis")))
        .await
        .unwrap();
    analysis_move(&bob, "a4", "a5", "a5").await;
    analysis_move(&bob, "b13", "b12", "b12").await;
    click_square(&bob, "#save-conditional-form button[type='submit']").await;
    let saved = bob
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#conditional-lines"))
        .await
        .expect("the conditional moves page")
        .text()
        .await
        .unwrap();
    assert!(saved.contains("a5 b12"), "{saved}");
    let res = app.play(&alice_http, game, 5, "a4-a5").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        app.stored_moves(game).await[4..],
        ["Pa4-a5".to_owned(), "Pb13-b12".to_owned()]
    );

    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// `getBoundingClientRect()` of the first element matching `css`, with the viewport's size
/// and the sticky header's bottom: `[top, bottom, left, right, innerWidth, innerHeight,
/// headerBottom, scrollY]`.
async fn rect(b: &Client, css: &str) -> Vec<f64> {
    let value = b
        .execute(
            "var e = document.querySelector(arguments[0]);
             if (!e) return null;
             var r = e.getBoundingClientRect();
             var h = document.querySelector('.site-header').getBoundingClientRect();
             return [r.top, r.bottom, r.left, r.right, window.innerWidth, window.innerHeight,
                     h.bottom, window.scrollY];",
            vec![json!(css)],
        )
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    serde_json::from_value(value.clone()).unwrap_or_else(|_| panic!("{css}: not found ({value})"))
}

/// Asserts the element is wholly inside the viewport and below the sticky header.
async fn assert_in_view(b: &Client, css: &str) {
    let r = rect(b, css).await;
    let (top, bottom, left, right, width, height, header) =
        (r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
    assert!(
        top >= header - 0.5 && bottom <= height + 0.5 && left >= -0.5 && right <= width + 0.5,
        "{css} is not wholly in view: top {top} bottom {bottom} left {left} right {right} in {width}x{height}, header ends at {header}"
    );
}

async fn js(b: &Client, script: &str) -> serde_json::Value {
    b.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

async fn text_of(b: &Client, css: &str) -> String {
    b.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .unwrap_or_default()
}

/// Waits until the text of `css` contains `part`; returns it.
async fn wait_text(b: &Client, css: &str, part: &str) -> String {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let text = match b.find(Locator::Css(css)).await {
            Ok(found) => found.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if text.contains(part) {
            return text;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{css} never showed {part:?}: {text:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// With `PLYPOST_SCREENSHOTS=dir`, saves a screenshot for a person to look at.
async fn screenshot(b: &Client, name: &str) {
    if let Ok(dir) = std::env::var("PLYPOST_SCREENSHOTS") {
        let png = b.screenshot().await.unwrap();
        std::fs::write(Path::new(&dir).join(format!("{name}.png")), png).unwrap();
    }
}

/// Moves the keyboard cursor of the focused board to `to` with the arrow keys (White at the
/// bottom: Up is the next rank, Right the next file).
async fn cursor_to(b: &Client, to: &str) {
    let board = b.find(Locator::Css("#board")).await.unwrap();
    let at = board.attr("data-cursor").await.unwrap().expect("a cursor");
    let coords = |sq: &str| -> (i32, i32) {
        let file = i32::from(sq.as_bytes()[0] - b'a');
        let rank: i32 = sq[1..].parse().unwrap();
        (file, rank)
    };
    let ((f0, r0), (f1, r1)) = (coords(&at), coords(to));
    let mut keys = String::new();
    for _ in 0..(f1 - f0).abs() {
        keys.push_str(if f1 > f0 { &Key::Right } else { &Key::Left });
    }
    for _ in 0..(r1 - r0).abs() {
        keys.push_str(if r1 > r0 { &Key::Up } else { &Key::Down });
    }
    board.send_keys(&keys).await.unwrap();
    assert_eq!(
        board.attr("data-cursor").await.unwrap().as_deref(),
        Some(to)
    );
}

/// Issue 25 in a browser: the game page at 1280x800 and 360x740 (board and move button in
/// view, never under the header), the last move, the move list scrolled to its end, tapping
/// any piece names it, Flip without a reload, the diagrams fetched on opening, a move with
/// the keyboard alone, and the replay stepping without reloading.
#[actix_web::test]
async fn the_game_page_as_correspondence_players_use_it() {
    if !browser_available() {
        return;
    }
    let app = TestApp::new(Backend::Sqlite).await;
    let alice_http = app.player("alice").await;
    let bob_http = app.player("bob").await;
    app.player("carol").await;
    let game = app
        .start_game(
            &alice_http,
            "bob",
            &bob_http,
            &[
                ("variant", "terachess2"),
                ("color", "white"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    // Twelve moves each: enough for the move list to scroll.
    let mut line = Vec::new();
    for file in "abcdefghijkl".chars() {
        line.push(format!("{file}4-{file}5"));
        line.push(format!("{file}13-{file}12"));
    }
    let line: Vec<&str> = line.iter().map(String::as_str).collect();
    app.play_all(&alice_http, &bob_http, game, &line).await;

    let driver = start_driver().await;
    let alice = browser(&driver).await;
    log_in(&alice, &app, "alice").await;
    alice.set_window_size(1280, 800).await.unwrap();
    alice
        .goto(&app.url(&format!("/games/{game}")))
        .await
        .unwrap();
    screenshot(&alice, "game-1280x800").await;

    // 1. The last move; 2. the list in pairs, scrolled to its end inside its box.
    let last = text_of(&alice, "#last-move").await;
    assert!(
        last.starts_with("Last move: 12… l12 by bob (Black), "),
        "{last}"
    );
    let list = text_of(&alice, "#move-list").await;
    assert!(list.contains("12. l5 l12"), "{list}");
    let scroll = js(
        &alice,
        "var box = document.getElementById('move-scroll');
         var last = box.querySelector('li:last-child').getBoundingClientRect();
         var r = box.getBoundingClientRect();
         return [box.scrollHeight > box.clientHeight + 10, last.bottom <= r.bottom + 1 && last.top >= r.top - 1, window.scrollY];",
    )
    .await;
    assert_eq!(
        scroll,
        json!([true, true, 0]),
        "the list scrolls, to its end; the page does not"
    );

    // 7. The whole board and the Play button at 1280x800, with no scrolling.
    assert_in_view(&alice, "#board").await;
    assert_in_view(&alice, "#move-form button[type='submit']").await;
    let board_rect = rect(&alice, "#board").await;
    assert!(
        board_rect[1] - board_rect[0] > 450.0,
        "a big board: {board_rect:?}"
    );

    // 5. Tapping a piece of the opponent names it and shows where it could go on its turn
    // (asked of the server); one's own shows its moves.
    click_square(&alice, "#board g.pc[data-square='a12']").await;
    let said = wait_text(&alice, "#board-status", "on its turn it could").await;
    assert!(
        said.starts_with("Black Pawn (P) on a12: on its turn it could go to a10, a11"),
        "{said}"
    );
    assert!(alice
        .find(Locator::Css("#board g.hl-target[data-square='a11']"))
        .await
        .is_ok());
    click_square(&alice, "#board g.pc[data-square='m4']").await;
    let said = wait_text(&alice, "#board-status", "on m4").await;
    assert!(
        said.contains("White Pawn (P) on m4: 2 legal moves, to "),
        "{said}"
    );
    click_square(&alice, "#board rect.sq.target[data-square='m5']").await;
    alice
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(".pp-move-panel button.pp-confirm"))
        .await
        .expect("a confirm button");
    assert_in_view(&alice, ".pp-move-panel button.pp-confirm").await;
    assert_in_view(&alice, "#board").await;
    click_square(&alice, ".pp-move-panel button.pp-confirm").await;
    alice
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("p.alert.success"))
        .await
        .expect("the move was played");
    assert_eq!(
        app.stored_moves(game).await.last().map(String::as_str),
        Some("Pm4-m5")
    );

    // 4. Flip without a reload, and back.
    js(&alice, "window.notReloaded = true; return null;").await;
    let a1_top = rect(&alice, "#board rect.sq[data-square='a1']").await[0];
    click_square(&alice, "#flip-board").await;
    let flipped = js(
        &alice,
        "return [window.notReloaded === true, document.getElementById('board').getAttribute('data-flipped'), location.search];",
    )
    .await;
    assert_eq!(flipped, json!([true, "true", "?flip=1"]));
    assert!(
        rect(&alice, "#board rect.sq[data-square='a1']").await[0] < a1_top,
        "a1 is at the top now"
    );
    assert!(
        rect(&alice, "#board g.pc[data-square='a1']").await[0] < a1_top,
        "and its piece with it"
    );
    click_square(&alice, "#flip-board").await;
    assert_eq!(
        js(
            &alice,
            "return document.getElementById('board').getAttribute('data-flipped');"
        )
        .await,
        json!("false")
    );

    // 6. The move diagrams arrive when their box is opened.
    assert!(alice.find(Locator::Css("svg.ppdiagram")).await.is_err());
    click_square(&alice, "#legend-diagrams > summary").await;
    alice
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(
            "#legend-diagrams[data-loaded] .piece-card svg.ppdiagram",
        ))
        .await
        .expect("the diagrams were fetched");
    alice.close().await.unwrap();

    // 9. Bob plays with the keyboard alone; the confirm button is on screen and focused.
    let bob = browser(&driver).await;
    log_in(&bob, &app, "bob").await;
    bob.set_window_size(1280, 800).await.unwrap();
    bob.goto(&app.url(&format!("/games/{game}?flip=1")))
        .await
        .unwrap();
    let board = bob.find(Locator::Css("#board")).await.unwrap();
    assert_eq!(board.attr("tabindex").await.unwrap().as_deref(), Some("0"));
    assert_eq!(
        board.attr("aria-describedby").await.unwrap().as_deref(),
        Some("board-text")
    );
    // Tab from the Flip link's neighbour reaches the board.
    js(
        &bob,
        "document.querySelector('.brand').focus(); return null;",
    )
    .await;
    let mut reached = false;
    for _ in 0..40 {
        bob.active_element()
            .await
            .unwrap()
            .send_keys(&Key::Tab)
            .await
            .unwrap();
        if js(&bob, "return document.activeElement.id;").await == json!("board") {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab reaches the board");
    cursor_to(&bob, "m13").await;
    let said = wait_text(&bob, "#board-status", "m13").await;
    assert!(said.contains("Black Pawn (P)"), "{said}");
    board.send_keys(&Key::Enter).await.unwrap();
    wait_text(&bob, "#board-status", "legal move").await;
    cursor_to(&bob, "m11").await;
    wait_text(&bob, "#board-status", "Enter moves here").await;
    board.send_keys(&Key::Enter).await.unwrap();
    let focused = js(&bob, "return document.activeElement.className;").await;
    assert_eq!(focused, json!("pp-confirm"));
    assert_in_view(&bob, ".pp-move-panel button.pp-confirm").await;
    assert_in_view(&bob, "#board").await;
    screenshot(&bob, "game-1280x800-confirm").await;
    bob.active_element()
        .await
        .unwrap()
        .send_keys(&Key::Enter)
        .await
        .unwrap();
    bob.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("p.alert.success"))
        .await
        .expect("the keyboard move was played");
    assert_eq!(
        app.stored_moves(game).await.last().map(String::as_str),
        Some("Pm13-m11")
    );

    // 7. On a phone: the 16x16 board takes the width, nothing scrolls sideways, the board is
    // never under the sticky header after a jump to it.
    bob.set_window_size(360, 740).await.unwrap();
    bob.goto(&app.url(&format!("/games/{game}#board")))
        .await
        .unwrap();
    screenshot(&bob, "game-360x740").await;
    let phone = js(
        &bob,
        "var r = document.getElementById('board').getBoundingClientRect();
         var sq = document.querySelector('#board rect.sq').getBoundingClientRect();
         return [r.width, sq.width, document.documentElement.scrollWidth <= window.innerWidth];",
    )
    .await;
    let phone: (f64, f64, bool) = serde_json::from_value(phone).unwrap();
    assert!(phone.0 >= 330.0 && phone.1 >= 20.0 && phone.2, "{phone:?}");
    let r = rect(&bob, "#board").await;
    assert!(
        r[0] >= r[6] - 0.5,
        "the board is not under the header: {r:?}"
    );
    // Tapping works there too.
    click_square(&bob, "#board g.pc[data-square='h2']").await;
    wait_text(&bob, "#board-status", "King (K) on h2").await;

    // 8. The replay steps without reloading, and the header never covers its board.
    bob.set_window_size(1280, 800).await.unwrap();
    bob.goto(&app.url(&format!("/logs/{game}?ply=0")))
        .await
        .unwrap();
    js(&bob, "window.notReloaded = true; return null;").await;
    click_square(&bob, "#board a[rel='next']").await;
    wait_text(&bob, "#replay-where", "(ply 1 of 26)").await;
    assert!(bob
        .find(Locator::Css("#board g.pc[data-square='a5']"))
        .await
        .is_ok());
    js(
        &bob,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true})); return null;",
    )
    .await;
    wait_text(&bob, "#replay-where", "(ply 2 of 26)").await;
    click_square(&bob, "#move-list li[data-ply='20'] a").await;
    wait_text(&bob, "#replay-where", "(ply 20 of 26)").await;
    let state = js(
        &bob,
        "return [window.notReloaded === true, location.search,
                 document.querySelector('#move-list li.current').getAttribute('data-ply')];",
    )
    .await;
    assert_eq!(state, json!([true, "?ply=20", "20"]));
    bob.back().await.unwrap();
    wait_text(&bob, "#replay-where", "(ply 2 of 26)").await;
    bob.set_window_size(360, 740).await.unwrap();
    bob.goto(&app.url(&format!("/logs/{game}?ply=3#board")))
        .await
        .unwrap();
    let r = rect(&bob, "#board").await;
    assert!(
        r[7] > 0.0 && r[0] >= r[6] - 0.5,
        "the jump leaves the board below the header: {r:?}"
    );
    screenshot(&bob, "log-360x740").await;

    // 5. A spectator taps a piece of the side to move and sees its moves.
    bob.close().await.unwrap();
    let carol = browser(&driver).await;
    log_in(&carol, &app, "carol").await;
    carol
        .goto(&app.url(&format!("/games/{game}")))
        .await
        .unwrap();
    assert!(carol.find(Locator::Css("#move-form")).await.is_err());
    click_square(&carol, "#board g.pc[data-square='n4']").await;
    let said = wait_text(&carol, "#board-status", "on n4").await;
    assert!(said.contains("legal move"), "{said}");
    assert!(carol
        .find(Locator::Css("#board rect.sq.target[data-square='n5']"))
        .await
        .is_ok());
    click_square(&carol, "#board g.pc[data-square='n13']").await;
    let said = wait_text(&carol, "#board-status", "on n13").await;
    assert!(said.starts_with("Black Pawn (P) on n13"), "{said}");
    carol.close().await.unwrap();
}

/// axe-core's source (npm `axe-core`): `PLYPOST_TEST_AXE` names `axe.min.js` (`.ci/run`
/// installs it). Missing: the test is skipped, except under `CI=true`, where it fails.
fn axe_source() -> Option<String> {
    let path = std::env::var("PLYPOST_TEST_AXE").ok();
    match path.as_deref().map(std::fs::read_to_string) {
        Some(Ok(source)) => Some(source),
        _ => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("PLYPOST_TEST_AXE must name axe.min.js when CI=true (npm install axe-core)");
            }
            eprintln!("skipped: set PLYPOST_TEST_AXE to axe-core's axe.min.js");
            None
        }
    }
}

/// The serious and critical violations axe-core finds on the page now shown.
async fn axe_violations(b: &Client, axe: &str) -> Vec<String> {
    b.execute(axe, vec![]).await.expect("load axe-core");
    let found = b
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations\
               .filter(v => v.impact === 'serious' || v.impact === 'critical')\
               .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at '\
                 + v.nodes.slice(0, 5).map(n => n.target.join(' ')).join(' | '))));",
            vec![],
        )
        .await
        .expect("axe.run");
    serde_json::from_value(found).expect("a list of violations")
}

/// The languages every page is checked in.
const LANGUAGES: [&str; 2] = ["en", "fr"];

/// Sets the language of `name`'s pages.
async fn set_language(app: &TestApp, name: &'static str, tag: &'static str) {
    app.with_pooled(move |db| {
        use diesel::prelude::*;
        use plypost::db::schema::users;
        db.write(|conn| {
            diesel::update(users::table.filter(users::username.eq(name)))
                .set(users::language.eq(Some(tag)))
                .execute(conn)
        })
        .expect("set the language")
    })
    .await;
}

/// axe-core (WCAG rules) finds no serious or critical violation on the home, game, preset
/// and logs pages, signed in, at a desktop and a phone size, in every language.
#[actix_web::test]
async fn axe_finds_no_serious_violation() {
    if !browser_available() {
        return;
    }
    let Some(axe) = axe_source() else {
        return;
    };
    let app = TestApp::new(Backend::Sqlite).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "terachess2"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(&alice, &bob, game, &["h4-h5", "h13-h12"])
        .await;
    let driver = start_driver().await;
    let b = browser(&driver).await;
    log_in(&b, &app, "alice").await;
    let pages = [
        "/".to_owned(),
        format!("/games/{game}"),
        "/presets/terachess2".to_owned(),
        "/logs".to_owned(),
        format!("/logs/{game}"),
        "/challenges/new".to_owned(),
    ];
    let mut problems = Vec::new();
    for lang in LANGUAGES {
        set_language(&app, "alice", lang).await;
        for (width, height) in [(1280, 800), (360, 740)] {
            b.set_window_size(width, height).await.expect("window size");
            for path in &pages {
                b.goto(&app.url(path)).await.expect("page");
                assert_eq!(js(&b, "return document.documentElement.lang;").await, lang);
                for v in axe_violations(&b, &axe).await {
                    problems.push(format!("{path} in {lang} at {width}px: {v}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    set_language(&app, "alice", "en").await;

    // On a phone the logs are cards: no sideways scrolling, each cell labelled.
    b.set_window_size(360, 740).await.expect("window size");
    b.goto(&app.url("/logs")).await.expect("page");
    let cards = js(
        &b,
        "var row = document.querySelector('#logs-table tbody tr');
         var cell = row.querySelector('td.game-number');
         return [getComputedStyle(row).display,
                 document.documentElement.scrollWidth <= window.innerWidth,
                 getComputedStyle(cell, '::before').content,
                 cell.textContent.trim()];",
    )
    .await;
    assert_eq!(cards[0], "block", "{cards}");
    assert_eq!(cards[1], true, "no sideways scrolling: {cards}");
    assert_eq!(cards[2], "\"Game\"", "{cards}");
    assert_eq!(cards[3], format!("#{game}"), "{cards}");

    // The challenge form: radio buttons beside their labels, and only the chosen time
    // control's fields shown (by CSS, so without JavaScript too).
    b.set_window_size(1280, 800).await.expect("window size");
    b.goto(&app.url("/challenges/new")).await.expect("page");
    let shown = |name: &'static str| {
        let b = b.clone();
        async move {
            js(
                &b,
                &format!("return document.querySelector('[name={name}]').offsetParent !== null;"),
            )
            .await
            .as_bool()
            .unwrap_or(false)
        }
    };
    let radio = rect(&b, "input[name=time_kind][value=fischer]").await;
    assert!(
        radio[3] - radio[2] < 30.0,
        "a radio button is small, beside its label: {radio:?}"
    );
    assert!(shown("days_per_move").await && !shown("reserve_days").await);
    b.find(Locator::Css("input[name=time_kind][value=fischer]"))
        .await
        .expect("the Fischer choice")
        .click()
        .await
        .expect("click");
    assert!(!shown("days_per_move").await && shown("reserve_days").await);
    assert!(shown("increment_hours").await && shown("cap_days").await);
    let _ = b.close().await;
}

/// On a 360 px phone no page scrolls sideways: every HTML page of the route table (the GET
/// routes declared in `src/web`), signed in as an admin so that every page answers. On a
/// desktop the game page shows the moves beside the board.
#[actix_web::test]
async fn pages_fit_a_phone_and_the_moves_sit_beside_the_board() {
    if !browser_available() {
        return;
    }
    let app = TestApp::new(Backend::Sqlite).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "alice", true).expect("grant")
    })
    .await;
    let fields = [
        ("preset", "terachess2"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(&alice, &bob, game, &["h4-h5", "h13-h12"])
        .await;
    let driver = start_driver().await;
    let b = browser(&driver).await;
    log_in(&b, &app, "alice").await;
    b.set_window_size(360, 740).await.expect("window size");
    let mut too_wide = Vec::new();
    let mut checked = 0;
    // French runs about a fifth longer than English: every page in every language.
    for lang in LANGUAGES {
        set_language(&app, "alice", lang).await;
        for path in crate::findings::page_paths(game, "terachess2", "alice") {
            b.goto(&app.url(&path)).await.expect("page");
            // The widths, and the innermost elements that stick out (to name the culprit).
            let widths = js(
            &b,
            "var out = [];
             document.querySelectorAll('body *').forEach(function (e) {
               if (e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.querySelector('*'))
                 out.push(e.tagName + '.' + e.className);
             });
             return [document.documentElement.scrollWidth, window.innerWidth, out.slice(0, 5)];",
        )
        .await;
            checked += 1;
            if widths[0].as_i64() > widths[1].as_i64() {
                too_wide.push(format!("{path} in {lang}: {widths}"));
            }
        }
    }
    set_language(&app, "alice", "en").await;
    assert!(checked > 50, "pages checked: {checked}");
    assert!(
        too_wide.is_empty(),
        "wider than the phone:\n{}",
        too_wide.join("\n")
    );

    // On a desktop the moves sit beside the board, starting in the first screen of the page
    // (right under the move form), not below the game's facts and the chat.
    b.set_window_size(1280, 800).await.expect("window size");
    b.goto(&app.url(&format!("/games/{game}")))
        .await
        .expect("page");
    let moves = rect(&b, ".moves-card").await;
    let board = rect(&b, "#board").await;
    let info = rect(&b, ".game-info").await;
    assert!(
        moves[2] >= board[3],
        "beside the board: moves {moves:?}, board {board:?}"
    );
    assert!(moves[0] < moves[5], "in the first screen: {moves:?}");
    assert!(
        moves[0] < info[0],
        "before the game's facts: {moves:?} {info:?}"
    );
}

/// A refused typed move is not posted again when the player reloads the page: the refusal
/// is shown, the address is the game's, and a reload reads the game (no error any more).
#[actix_web::test]
async fn a_refused_move_is_not_posted_again_on_reload() {
    if !browser_available() {
        return;
    }
    let app = TestApp::new(Backend::Sqlite).await;
    let alice_http = app.player("alice").await;
    let bob_http = app.player("bob").await;
    let game = app
        .start_game(
            &alice_http,
            "bob",
            &bob_http,
            &[
                ("variant", "chess"),
                ("color", "white"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    let driver = start_driver().await;
    let alice = browser(&driver).await;
    log_in(&alice, &app, "alice").await;
    alice
        .goto(&app.url(&format!("/games/{game}")))
        .await
        .unwrap();
    let form = alice.form(Locator::Css("#move-form")).await.unwrap();
    form.set_by_name("move", "e2-e5").await.unwrap();
    form.submit().await.unwrap();
    let said = wait_text(&alice, "#move-error", "cannot move").await;
    assert!(said.contains("e2 to e5"), "{said}");
    let path = js(&alice, "return window.location.pathname;").await;
    assert_eq!(path, json!(format!("/games/{game}")), "the game's address");

    alice.refresh().await.unwrap();
    alice
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#move-form"))
        .await
        .expect("the game page");
    assert!(
        alice.find(Locator::Css("#move-error")).await.is_err(),
        "reloading read the game: the move was not posted again"
    );
    let entries = js(
        &alice,
        "return performance.getEntriesByType('navigation')[0].type;",
    )
    .await;
    assert_eq!(entries, json!("reload"));
    assert_eq!(app.stored_moves(game).await.len(), 0);
    alice.close().await.unwrap();
}

/// The preset editor's Import box as a person uses it: paste a variants.ini section, import,
/// see the board and the pieces (axe-core finds nothing serious, nothing overflows a phone),
/// save: the preset's next version plays the imported variant.
#[actix_web::test]
async fn a_variant_is_imported_in_the_browser() {
    if !browser_available() {
        return;
    }
    let Some(axe) = axe_source() else {
        return;
    };
    let app = TestApp::new(Backend::Sqlite).await;
    let alice = app.player("alice").await;
    let slug = app.fork_preset(&alice, "chess", "My Janus").await;
    let driver = start_driver().await;
    let b = browser(&driver).await;
    log_in(&b, &app, "alice").await;
    b.goto(&app.url(&format!("/presets/{slug}/edit")))
        .await
        .expect("the editor");
    click_square(&b, "#import-box summary").await;
    b.find(Locator::Css("#import_text"))
        .await
        .expect("the text field")
        .send_keys("[myjanus:janus]\nnMoveRule = 40\npieceToCharTable = -\n")
        .await
        .expect("typed");
    click_square(&b, "button[value='import']").await;
    b.wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#import-board"))
        .await
        .expect("the imported board");
    let definition = js(&b, "return document.getElementById('definition').value").await;
    assert!(
        definition
            .as_str()
            .is_some_and(|d| d.contains("queenside_king_distance = 3")),
        "{definition}"
    );
    assert!(text_of(&b, "#import-warnings")
        .await
        .contains("pieceToCharTable"));
    let mut problems = Vec::new();
    for (width, height) in [(1280, 800), (360, 740)] {
        b.set_window_size(width, height).await.expect("window size");
        for v in axe_violations(&b, &axe).await {
            problems.push(format!("at {width}px: {v}"));
        }
        let fits = js(
            &b,
            "return document.documentElement.scrollWidth <= window.innerWidth",
        )
        .await;
        assert_eq!(fits, true, "no sideways scrolling at {width}px");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    click_square(&b, "button[value='save']").await;
    wait_text(&b, "#preset-version", "version 2").await;
    assert!(b.find(Locator::Css("figure[data-piece='J']")).await.is_ok());
}
