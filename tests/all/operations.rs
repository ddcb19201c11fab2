//! What operators read: `/metrics` (parsed by the Prometheus client's own text parser, and
//! closed to other machines and to requests relayed by a proxy unless they bring the token),
//! and JSON logs with `PLYPOST_LOG_FORMAT=json`.

use std::process::{Command, Stdio};

use reqwest::StatusCode;

use crate::common::{python, Backend, TestApp, TestOptions};

const BIN: &str = env!("CARGO_BIN_EXE_plypost");
const TOKEN: &str = "a-metrics-token-for-tests";

/// `name{labels} value` lines of the families the server must export, read back with
/// `prometheus_client.parser`.
const PARSE: &str = r#"
import sys
from prometheus_client.parser import text_string_to_metric_families
for family in text_string_to_metric_families(sys.stdin.read()):
    for sample in family.samples:
        labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
        print(f"{sample.name}|{labels}|{sample.value}")
"#;

fn value(samples: &str, name: &str, labels: &str) -> Option<f64> {
    samples.lines().find_map(|line| {
        let mut parts = line.split('|');
        let (n, l, v) = (parts.next()?, parts.next()?, parts.next()?);
        (n == name && l == labels).then(|| v.parse().ok()).flatten()
    })
}

async fn metrics_for_operators(backend: Backend) {
    let app = TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_METRICS_TOKEN", TOKEN.to_owned())],
    })
    .await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = app.start_game(&alice, "bob", &bob, &fields).await;
    app.play_all(&alice, &bob, game, &["e2-e4", "e7-e5"]).await;
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);

    let res = app.get("/metrics").await;
    assert_eq!(res.status(), StatusCode::OK, "open from this machine");
    let text = res.text().await.expect("body");
    if !python::checkers_available() {
        return;
    }
    let samples = python::run(PARSE, &text);
    let healthz = value(
        &samples,
        "plypost_http_requests_total",
        "method=GET,route=/healthz,status=200",
    );
    assert!(healthz.is_some_and(|n| n >= 1.0), "{samples}");
    let moves = value(&samples, "plypost_moves_total", "").expect("moves");
    assert!(moves >= 2.0, "{moves}");
    let queued = value(&samples, "plypost_mail_queued_total", "").expect("mail queued");
    assert!(queued >= 1.0);
    for name in [
        "plypost_mail_sent_total",
        "plypost_mail_failed_total",
        "plypost_mail_oldest_waiting_seconds",
        "plypost_db_pool_wait_seconds_count",
    ] {
        assert!(value(&samples, name, "").is_some(), "{name} in {samples}");
    }
    assert!(
        samples.contains("plypost_http_request_duration_seconds_bucket|le=0.001,method=POST,route=/games/{id}/move|"),
        "latency by route pattern: {samples}"
    );

    // Relayed by a proxy (or from elsewhere): only with the token.
    let relayed = |token: Option<&str>| {
        let mut req = app
            .client
            .get(app.url("/metrics"))
            .header("X-Forwarded-For", "203.0.113.5");
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        req.send()
    };
    assert_eq!(
        relayed(None).await.expect("GET").status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        relayed(Some("wrong-token-wrong-token"))
            .await
            .expect("GET")
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        relayed(Some(TOKEN)).await.expect("GET").status(),
        StatusCode::OK
    );
}

async fn json_logs(backend: Backend) {
    let app = TestApp::new(backend).await;
    let run = |format: &str| {
        let mut child = Command::new(BIN)
            .arg("mail-in")
            .envs(app.settings.iter().cloned())
            .env("PLYPOST_LOG_FORMAT", format)
            .env("RUST_LOG", "info")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run plypost");
        drop(child.stdin.take());
        child.wait_with_output().expect("output")
    };
    let out = run("json");
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr.lines().next().expect("a log line");
    let parsed: serde_json::Value = serde_json::from_str(line).expect("a JSON log line");
    assert_eq!(parsed["level"], "INFO");
    assert!(parsed["fields"]["message"].is_string(), "{parsed}");
    let out = run("yaml");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("PLYPOST_LOG_FORMAT"));
}

backend_tests!(metrics_for_operators, json_logs);

/// Two server processes on one PostgreSQL, requests alternating between them: each sees the
/// other's moves at once (no stale cache), and every mail goes out once although both mail
/// jobs run.
#[actix_web::test]
async fn two_processes_on_one_postgres() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let smtp = crate::common::smtp::SmtpServer::start().await;
    let first = TestApp::with_smtp(backend, smtp.url()).await;
    let second = first.sibling().await;
    let alice = first.player("alice").await;
    let bob = first.player("bob").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let game = first.start_game(&alice, "bob", &bob, &fields).await;
    let moves = [
        "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "g8-f6", "d2-d3", "f8-c5",
    ];
    for (ply, text) in (1..).zip(moves) {
        let (mover, here, there) = if ply % 2 == 1 {
            (&alice, &second, &first)
        } else {
            (&bob, &first, &second)
        };
        // The other process served the page before this move: its cache must not hide it.
        let marker = format!("data-ply=\"{ply}\"");
        let before = there.get_text_as(mover, &format!("/games/{game}")).await;
        assert!(!before.contains(&marker));
        let res = here.play(mover, game, ply, text).await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{text} on the other process"
        );
        let json = there
            .get_text_as(mover, &format!("/logs/{game}.json"))
            .await;
        let log: serde_json::Value = serde_json::from_str(&json).expect("game JSON");
        assert_eq!(
            log["moves"].as_array().map(Vec::len),
            Some(usize::try_from(ply).expect("ply")),
            "the other process sees move {ply}"
        );
    }
    let queued = first.queued_mail().await.len();
    let mails = smtp.wait_for(queued, crate::common::WAIT).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let mails = if smtp.received().len() > mails.len() {
        smtp.received()
    } else {
        mails
    };
    let mut ids: Vec<String> = mails
        .iter()
        .map(|m| m.header("Message-ID").expect("Message-ID"))
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), mails.len(), "no mail sent twice");
    assert_eq!(mails.len(), queued, "every mail sent");
}
