//! `TestApp`: the real application (the same start-up as `plypost serve`) on a random
//! 127.0.0.1 port with a fresh database, a controllable clock and a cookie-keeping HTTP
//! client.
//!
//! ```ignore
//! async fn my_test(backend: Backend) {
//!     let app = TestApp::new(backend).await;
//!     app.register("alice", "alice@example.org", "a long password").await;
//!     let page = app.get_text("/").await;
//!     // Players with their own cookies, and a game between them:
//!     let (carol, dave) = (app.player("carol").await, app.player("dave").await);
//!     let fields = [("variant", "chess"), ("color", "white")];
//!     let game = app.start_game(&carol, "dave", &dave, &fields).await;
//!     app.play_all(&carol, &dave, game, &["e2-e4", "e7-e5"]).await;
//! }
//! backend_tests!(my_test);   // runs on SQLite, and on PostgreSQL when configured
//! ```
//!
//! PostgreSQL: set `PLYPOST_TEST_POSTGRES_URL` (e.g. `postgres://postgres@127.0.0.1:5432/postgres`);
//! each test creates `plypost_test_<random>` on that server and drops it afterwards. Without
//! the variable the PostgreSQL variants are skipped — except under `CI=true`, where they fail.
//!
//! Shared by the two test binaries, `tests/all` and `tests/bench` (each declares it with
//! `#[path = "../common/mod.rs"] mod common;`).

#![allow(dead_code)]

pub mod api;
pub mod presets;
pub mod python;
pub mod smtp;

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use rand::RngCore;
use reqwest::header::LOCATION;
use reqwest::{Response, StatusCode};

use plypost::clock::TestClock;
use plypost::config::Config;
use plypost::db::{Db, DbConn};
use plypost::web::AppState;

pub const POSTGRES_ENV: &str = "PLYPOST_TEST_POSTGRES_URL";

/// The password of every player the tests register.
pub const PASSWORD: &str = "correct horse battery";

/// How long a test waits for mail and other work in the background.
pub const WAIT: Duration = Duration::from_secs(15);

#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    /// The admin URL of a PostgreSQL server.
    Postgres(String),
}

impl Backend {
    /// The PostgreSQL backend if configured. Under `CI=true` a missing setting fails the
    /// test instead of skipping it.
    pub fn postgres() -> Option<Backend> {
        match std::env::var(POSTGRES_ENV) {
            Ok(url) if !url.trim().is_empty() => Some(Backend::Postgres(url)),
            _ => {
                if std::env::var("CI").is_ok_and(|v| v == "true") {
                    panic!("{POSTGRES_ENV} must be set when CI=true");
                }
                eprintln!("skipped: set {POSTGRES_ENV} to run the PostgreSQL variant");
                None
            }
        }
    }
}

/// Runs each named `async fn(Backend)` as a test on SQLite and on PostgreSQL.
#[macro_export]
macro_rules! backend_tests {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[actix_web::test]
                async fn $name() {
                    super::$name($crate::common::Backend::Sqlite).await
                }
            )*
        }
        mod on_postgres {
            $(
                #[actix_web::test]
                async fn $name() {
                    if let Some(backend) = $crate::common::Backend::postgres() {
                        super::$name(backend).await
                    }
                }
            )*
        }
    };
}

/// A database for one test, removed afterwards.
pub enum TestDb {
    Sqlite,
    /// Another app's database (a second server process on it): left alone on drop.
    Shared,
    Postgres {
        admin_url: String,
        name: String,
    },
}

impl TestDb {
    fn create(backend: &Backend, dir: &std::path::Path) -> (TestDb, String) {
        match backend {
            Backend::Sqlite => (
                TestDb::Sqlite,
                dir.join("plypost.db").to_string_lossy().into_owned(),
            ),
            Backend::Postgres(admin_url) => Self::create_for_test(admin_url),
        }
    }

    /// Creates `plypost_test_<random>` on the server at `admin_url`; returns the guard that
    /// drops it and the database's URL.
    pub fn create_for_test(admin_url: &str) -> (TestDb, String) {
        let name = format!("plypost_test_{}", random_hex(8));
        let mut admin = PgConnection::establish(admin_url).unwrap_or_else(|e| {
            panic!("cannot connect to PostgreSQL at {admin_url} ({POSTGRES_ENV}): {e}")
        });
        diesel::sql_query(format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .expect("create the test database");
        let mut url = url::Url::parse(admin_url).expect("PostgreSQL URL");
        url.set_path(&format!("/{name}"));
        (
            TestDb::Postgres {
                admin_url: admin_url.to_owned(),
                name,
            },
            url.to_string(),
        )
    }
}

impl TestDb {
    /// Drops the database now (simulates losing it); no-op for SQLite.
    pub fn drop_now(&self) {
        if let TestDb::Postgres { admin_url, name } = self {
            let mut admin = PgConnection::establish(admin_url).expect("admin connection");
            diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin)
                .expect("drop the test database");
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let TestDb::Postgres { admin_url, name } = self {
            if let Ok(mut admin) = PgConnection::establish(admin_url) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut admin);
            }
        }
    }
}

pub struct TestOptions {
    pub backend: Backend,
    /// `smtp://...`; without it mail goes to `.eml` files in a temporary folder.
    pub smtp_url: Option<String>,
    /// Overrides `PLYPOST_BASE_URL` (the default is the server's own address).
    pub base_url: Option<String>,
    /// Extra settings, as environment variables (`PLYPOST_API_RATE_LIMIT`, ...).
    pub env: Vec<(&'static str, String)>,
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub clock: Arc<TestClock>,
    pub state: AppState,
    pub config: Arc<Config>,
    server: actix_web::dev::ServerHandle,
    /// The background jobs, in `server::launch`'s order (the IMAP watcher last, when on).
    pub jobs: Vec<tokio::task::JoinHandle<()>>,
    /// The settings the app was started with, as environment variables (to run the
    /// `plypost` binary on the same database).
    pub settings: Vec<(String, String)>,
    // Dropped last: the database and the folder.
    _db: TestDb,
    pub dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn new(backend: Backend) -> TestApp {
        Self::with(TestOptions {
            backend,
            smtp_url: None,
            base_url: None,
            env: Vec::new(),
        })
        .await
    }

    pub async fn with_smtp(backend: Backend, smtp_url: String) -> TestApp {
        Self::with(TestOptions {
            backend,
            smtp_url: Some(smtp_url),
            base_url: None,
            env: Vec::new(),
        })
        .await
    }

    pub async fn with(options: TestOptions) -> TestApp {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| "warn".into()),
            )
            .with_test_writer()
            .try_init();
        let dir = tempfile::tempdir().expect("temp dir");
        let (db, database_url) = TestDb::create(&options.backend, dir.path());
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let address = format!("http://{}", listener.local_addr().expect("addr"));

        let mut vars: HashMap<&str, String> = HashMap::new();
        vars.insert(
            "PLYPOST_BIND",
            listener.local_addr().expect("addr").to_string(),
        );
        vars.insert("PLYPOST_DATABASE_URL", database_url);
        vars.insert(
            "PLYPOST_BASE_URL",
            options.base_url.clone().unwrap_or_else(|| address.clone()),
        );
        vars.insert("PLYPOST_SECRET_KEY", random_hex(32));
        vars.insert(
            "PLYPOST_MAIL_DIR",
            dir.path().join("mail").to_string_lossy().into_owned(),
        );
        vars.insert("PLYPOST_MAIL_FROM", "plypost <noreply@plypost.test>".into());
        if let Some(smtp) = &options.smtp_url {
            vars.insert("PLYPOST_SMTP_URL", smtp.clone());
            // Players registered by the tests have their addresses confirmed; the tests of
            // confirming (`accounts::addresses_are_confirmed_before_game_mail`) turn it on.
            vars.insert("PLYPOST_VERIFY_EMAIL", "off".into());
        }
        for (name, value) in &options.env {
            vars.insert(name, value.clone());
        }
        let settings = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect();
        Self::launch(settings, listener, db, dir).await
    }

    /// Starts the app on `listener` with `settings` (as environment variables), the test's
    /// timings and its own test clock.
    async fn launch(
        settings: Vec<(String, String)>,
        listener: TcpListener,
        db: TestDb,
        dir: tempfile::TempDir,
    ) -> TestApp {
        let address = format!("http://{}", listener.local_addr().expect("addr"));
        let vars: HashMap<String, String> = settings.iter().cloned().collect();
        let mut config = Config::from_lookup(|k| vars.get(k).cloned()).expect("test config");
        config.mail_poll_interval = Duration::from_millis(50);
        config.smtp_timeout = Duration::from_secs(5);
        config.db_timeout = Duration::from_secs(2);
        // Tests run the clock job themselves, with the test clock (`jobs::timeouts::run_once`).
        config.clock_job_interval = Duration::from_secs(24 * 3600);

        let clock = Arc::new(TestClock::starting_now());
        let launched = plypost::server::launch(config, clock.clone(), listener, 1)
            .await
            .expect("launch the app");
        let server = launched.server.handle();
        actix_web::rt::spawn(launched.server);

        TestApp {
            address,
            client: new_client(),
            clock,
            config: launched.state.config.clone(),
            state: launched.state,
            server,
            jobs: launched.jobs,
            settings,
            _db: db,
            dir,
        }
    }

    /// A second server process on the same database, with the same settings (secret key,
    /// mail) and its own address and clock: as two processes behind a load balancer.
    pub async fn sibling(&self) -> TestApp {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let bind = listener.local_addr().expect("addr").to_string();
        let mut settings = self.settings.clone();
        for (name, value) in &mut settings {
            if name == "PLYPOST_BIND" {
                value.clone_from(&bind);
            }
        }
        let dir = tempfile::tempdir().expect("temp dir");
        Self::launch(settings, listener, TestDb::Shared, dir).await
    }

    /// Removes the PostgreSQL database under the running app.
    pub fn drop_database(&self) {
        self._db.drop_now();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// A second browser: its own cookies.
    pub fn new_client(&self) -> reqwest::Client {
        new_client()
    }

    /// Runs `f` with a database connection (for checks the HTTP interface does not show).
    pub async fn with_db<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut DbConn) -> T + Send + 'static,
    ) -> T {
        self.with_pooled(move |db| f(db)).await
    }

    /// Runs `f` with a pooled connection, for service calls that write (`Db::write`).
    pub async fn with_pooled<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Db) -> T + Send + 'static,
    ) -> T {
        let pool = self.state.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut db = pool.get().expect("connection");
            f(&mut db)
        })
        .await
        .expect("db task")
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("GET")
    }

    pub async fn get_text(&self, path: &str) -> String {
        self.get(path).await.text().await.expect("body")
    }

    /// The CSRF token of this client's session (read from a page's form).
    pub async fn csrf(&self) -> String {
        csrf_of(&self.client, &self.url("/password-reset")).await
    }

    /// POSTs a form exactly as given (no token added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Response {
        self.client
            .post(self.url(path))
            .form(fields)
            .send()
            .await
            .expect("POST")
    }

    /// POSTs a form with the session's CSRF token, like a browser submitting a page's form.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Response {
        post_with(&self.client, &self.address, path, fields).await
    }

    pub async fn register(&self, username: &str, email: &str, password: &str) -> Response {
        self.post(
            "/register",
            &[
                ("username", username),
                ("email", email),
                ("password", password),
                ("password_confirm", password),
            ],
        )
        .await
    }

    pub async fn login(&self, username: &str, password: &str) -> Response {
        self.post("/login", &[("username", username), ("password", password)])
            .await
    }

    pub async fn logout(&self) -> Response {
        self.post("/logout", &[]).await
    }

    /// A signed-in browser (its own cookies) of a newly registered player `name`, with the
    /// address `name@example.org` and `PASSWORD`.
    pub async fn player(&self, name: &str) -> reqwest::Client {
        let client = self.new_client();
        let res = post_with(
            &client,
            &self.address,
            "/register",
            &[
                ("username", name),
                ("email", &format!("{name}@example.org")),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "register {name}");
        client
    }

    /// POSTs a form as `client` with that client's CSRF token (`post_with`).
    pub async fn post_as(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Response {
        post_with(client, &self.address, path, fields).await
    }

    /// GETs a page as `client`: the status and the body.
    pub async fn get_as(&self, client: &reqwest::Client, path: &str) -> (StatusCode, String) {
        let res = client.get(self.url(path)).send().await.expect("GET");
        let status = res.status();
        (status, res.text().await.expect("body"))
    }

    /// GETs `path` as `client` asking for `accept` (an `Accept-Language` value): the status
    /// and the body.
    pub async fn get_in_language(
        &self,
        client: &reqwest::Client,
        path: &str,
        accept: &str,
    ) -> (StatusCode, String) {
        let res = client
            .get(self.url(path))
            .header("Accept-Language", accept)
            .send()
            .await
            .expect("GET");
        (res.status(), res.text().await.expect("body"))
    }

    /// GETs a page as `client`: the body, whatever the status.
    pub async fn get_text_as(&self, client: &reqwest::Client, path: &str) -> String {
        client
            .get(self.url(path))
            .send()
            .await
            .expect("GET")
            .text()
            .await
            .expect("body")
    }

    /// `author` sends the challenge form (`fields` and the opponent's name) and `opponent`
    /// accepts the newest invitation on `/games`; returns the game's id.
    pub async fn start_game(
        &self,
        author: &reqwest::Client,
        opponent_name: &str,
        opponent: &reqwest::Client,
        fields: &[(&str, &str)],
    ) -> i64 {
        let mut fields = fields.to_vec();
        fields.push(("opponent", opponent_name));
        let res = self.post_as(author, "/challenges", &fields).await;
        assert_eq!(
            location(&res),
            "/games?done=created",
            "challenge {fields:?}"
        );
        let lobby = self.get_text_as(opponent, "/games").await;
        let id = *challenge_ids(&lobby).last().expect("an invitation");
        let res = self
            .post_as(opponent, &format!("/challenges/{id}/accept"), &[])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = location(&res);
        to.trim_start_matches("/games/")
            .split('?')
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("redirect to a game, got {to}"))
    }

    /// `author` (White) challenges `opponent` with the preset `slug` at three days a move,
    /// and the opponent accepts; returns the game's id.
    pub async fn game_with_preset(
        &self,
        author: &reqwest::Client,
        opponent_name: &str,
        opponent: &reqwest::Client,
        slug: &str,
    ) -> i64 {
        let fields = [
            ("preset", slug),
            ("color", "white"),
            ("days_per_move", "3"),
            ("message", ""),
        ];
        self.start_game(author, opponent_name, opponent, &fields)
            .await
    }

    /// `client` resigns `game` (ticking the confirmation); expects the redirect.
    pub async fn resign(&self, client: &reqwest::Client, game: i64) {
        let res = self
            .post_as(
                client,
                &format!("/games/{game}/resign"),
                &[("confirm", "yes")],
            )
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "resign game {game}");
    }

    /// Submits the move form of `game` at `ply` (no comment, no draw offer).
    pub async fn play(
        &self,
        client: &reqwest::Client,
        game: i64,
        ply: i64,
        text: &str,
    ) -> Response {
        let ply = ply.to_string();
        self.post_as(
            client,
            &format!("/games/{game}/move"),
            &[("move", text), ("ply", &ply), ("comment", "")],
        )
        .await
    }

    /// Plays a list of moves alternately from ply 1, each expected to succeed.
    pub async fn play_all(
        &self,
        white: &reqwest::Client,
        black: &reqwest::Client,
        game: i64,
        moves: &[&str],
    ) {
        for (i, text) in moves.iter().enumerate() {
            let client = if i % 2 == 0 { white } else { black };
            let res = self.play(client, game, i as i64 + 1, text).await;
            assert_eq!(
                res.status(),
                StatusCode::SEE_OTHER,
                "move {} {text}: {}",
                i + 1,
                res.text().await.unwrap_or_default()
            );
        }
    }

    /// The moves stored for `game`, in order.
    pub async fn stored_moves(&self, game: i64) -> Vec<String> {
        self.with_db(move |conn| {
            use plypost::db::schema::game_moves;
            game_moves::table
                .filter(game_moves::game_id.eq(game))
                .order(game_moves::ply)
                .select(game_moves::move_text)
                .load::<String>(conn)
                .unwrap()
        })
        .await
    }

    /// The outbox rows (kind, to, body) in the order they were queued.
    pub async fn queued_mail(&self) -> Vec<(String, String, String)> {
        self.with_db(|conn| {
            use plypost::db::schema::outbox;
            outbox::table
                .order(outbox::id)
                .select((outbox::kind, outbox::to_addr, outbox::body_text))
                .load(conn)
                .expect("outbox")
        })
        .await
    }

    /// How many outbox rows have `status`.
    pub async fn outbox_count(&self, status: plypost::domain::OutboxStatus) -> i64 {
        self.with_db(move |conn| {
            plypost::mail::outbox::count_by_status(conn, status).expect("count")
        })
        .await
    }

    /// Polls `check` until it returns `Some` (panics after `timeout`).
    pub async fn eventually<T, F, Fut>(&self, timeout: Duration, mut check: F) -> T
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Option<T>>,
    {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(value) = check().await {
                return value;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "condition not met within {timeout:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        for job in &self.jobs {
            job.abort();
        }
        // Stops accepting; the workers end with the test's runtime.
        drop(self.server.stop(false));
    }
}

pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

pub async fn csrf_of(client: &reqwest::Client, page_url: &str) -> String {
    let html = client
        .get(page_url)
        .send()
        .await
        .expect("GET")
        .text()
        .await
        .expect("body");
    extract_csrf(&html).unwrap_or_else(|| panic!("no CSRF field on {page_url}"))
}

pub fn extract_csrf(html: &str) -> Option<String> {
    let marker = "name=\"csrf_token\" value=\"";
    let start = html.find(marker)? + marker.len();
    let end = html[start..].find('"')? + start;
    Some(html[start..end].to_owned())
}

pub async fn post_with(
    client: &reqwest::Client,
    address: &str,
    path: &str,
    fields: &[(&str, &str)],
) -> Response {
    let token = csrf_of(client, &format!("{address}/password-reset")).await;
    let mut all: Vec<(&str, &str)> = fields.to_vec();
    all.push(("csrf_token", &token));
    client
        .post(format!("{address}{path}"))
        .form(&all)
        .send()
        .await
        .expect("POST")
}

pub fn location(response: &Response) -> String {
    response
        .headers()
        .get(LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned()
}

pub fn assert_redirect(response: &Response, to: &str) {
    assert_eq!(
        response.status(),
        StatusCode::SEE_OTHER,
        "expected a redirect"
    );
    assert_eq!(location(response), to);
}

/// The ids of the `/challenges/N/accept` forms on a page, in order.
pub fn challenge_ids(page: &str) -> Vec<i64> {
    page.match_indices("/challenges/")
        .filter_map(|(i, _)| {
            let rest = &page[i + "/challenges/".len()..];
            let end = rest.find('/')?;
            rest[end..]
                .starts_with("/accept")
                .then(|| rest[..end].parse().ok())
                .flatten()
        })
        .collect()
}

/// Undoes HTML escaping (named and decimal entities) in attribute values and text.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').unwrap_or(0);
        let entity = &tail[1..end.max(1)];
        let decoded = match entity {
            "quot" => Some('"'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            _ => entity
                .strip_prefix('#')
                .and_then(|n| n.parse::<u32>().ok())
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) if end > 0 => {
                out.push(c);
                rest = &tail[end + 1..];
            }
            _ => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut buf);
    hex::encode(buf)
}
