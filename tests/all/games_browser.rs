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

use fantoccini::{Client, ClientBuilder, Locator};
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

/// Plays `from`-`to` on the game page by clicking, checks the preview, confirms.
async fn click_move(b: &Client, app: &TestApp, game: i64, from: &str, to: &str, text: &str) {
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
    assert_eq!(
        confirm.text().await.unwrap(),
        format!("Confirm move {text}")
    );
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
    assert!(list.contains(text), "{list}");
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

    click_move(&alice, &app, game, "h4", "h5", "Ph4-h5").await;
    click_move(&bob, &app, game, "h13", "h12", "Ph13-h12").await;
    // The King's jump over the Queen on h3 to the square the Pawn left.
    click_move(&alice, &app, game, "h2", "h4", "Kh2-h4").await;
    // Cancel leaves the board as it was.
    bob.goto(&app.url(&format!("/games/{game}"))).await.unwrap();
    click_square(&bob, "#board g.pc[data-square='a13']").await;
    click_square(&bob, "#board rect.sq[data-square='a12']").await;
    click_square(&bob, ".pp-move-panel button.pp-cancel").await;
    assert!(bob
        .find(Locator::Css("#board g.pc[data-square='a13']"))
        .await
        .is_ok());
    click_move(&bob, &app, game, "a13", "a11", "Pa13-a11").await;

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
