//! The weight of a Terachess II game page at ply 100, as a first visit loads it: the page and
//! every stylesheet and script it links, gzipped as a browser fetches them (BENCHMARKS.md).
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture page_weight::
//! ```

use crate::common::{Backend, TestApp};
use crate::Lcg;

/// The links of `page` to its own stylesheets and scripts.
fn assets(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for part in page.split(attr).skip(1) {
            if let Some(url) = part.split('"').next() {
                if url.starts_with("/static/") && (url.contains(".css") || url.contains(".js")) {
                    out.push(url.replace("&amp;", "&"));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Bytes over the wire (gzipped, as browsers ask) and uncompressed, of one GET.
async fn wire_bytes(app: &TestApp, client: &reqwest::Client, path: &str) -> (usize, usize) {
    let get = |encoding: &'static str| {
        client
            .get(app.url(path))
            .header("Accept-Encoding", encoding)
            .send()
    };
    let res = get("gzip").await.expect("GET");
    assert!(res.status().is_success(), "{path}: {}", res.status());
    let wire = res.bytes().await.expect("body").len();
    let plain = get("identity")
        .await
        .expect("GET")
        .bytes()
        .await
        .expect("body")
        .len();
    (wire, plain)
}

#[actix_web::test]
#[ignore]
async fn terachess2_game_page_at_ply_100() {
    let app = TestApp::new(Backend::Sqlite).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "terachess2"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    // 100 plies of pseudo-random legal moves (never one that ends the game).
    let variant = plypost_rules::Variant::builtin("terachess2").expect("variant");
    let mut position = plypost_rules::Position::start(&variant);
    let mut rng = Lcg(7);
    for ply in 1..=100 {
        let moves = position.legal_moves();
        let mv = loop {
            let mv = moves[rng.next(moves.len() as u64) as usize];
            let after = position.play_unchecked(&mv);
            if !after.legal_moves().is_empty() {
                break mv;
            }
        };
        let text = position.move_compact(&mv);
        let client = if ply % 2 == 1 { &alice } else { &bob };
        let res = app.play(client, game, ply, &text).await;
        assert!(res.status().is_redirection(), "ply {ply} {text}");
        position = position.play_unchecked(&mv);
    }
    let page = app.get_text_as(&alice, &format!("/games/{game}")).await;
    let mut rows = vec![(
        format!("/games/{game}"),
        wire_bytes(&app, &alice, &format!("/games/{game}")).await,
    )];
    for url in assets(&page) {
        let bytes = wire_bytes(&app, &alice, &url).await;
        rows.push((url, bytes));
    }
    let (mut wire, mut plain) = (0, 0);
    for (url, (w, p)) in &rows {
        println!("{url}: {w} bytes over the wire ({p} uncompressed)");
        wire += w;
        plain += p;
    }
    println!("first visit in all: {wire} bytes over the wire ({plain} uncompressed)");
}
