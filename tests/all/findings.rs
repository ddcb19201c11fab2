//! What outside testing found, each with a test that failed before its fix: who may open a
//! tournament's edit form, `HEAD` on every page that answers `GET`, and the events of an
//! organiser who deletes their account. (The others are beside the code they test: the
//! API's limit per account in `api`, one-click unsubscribe by multipart in `mail`, the
//! limit on refused mail replies in `mail_in`, the dropped conditional moves' one mail in
//! `conditional`.)

use reqwest::StatusCode;
use serde_json::json;

use crate::common::api::Api;
use crate::common::{Backend, TestApp};

async fn only_the_organiser_and_admins_open_the_edit_form(backend: Backend) {
    let app = TestApp::new(backend).await;
    let sam_web = app.player("sam").await;
    let eve_web = app.player("eve").await;
    let ada_web = app.player("ada").await;
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "ada", true).expect("grant")
    })
    .await;
    let sam = Api::login(&app, "sam").await;
    let (status, created) = sam
        .post(
            "/api/v1/tournaments",
            json!({"name": "Spring", "preset": "chess", "kind": "round_robin",
                   "max_players": 4, "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().expect("id");
    let path = format!("/tournaments/{id}/edit");
    let (status, page) = app.get_as(&eve_web, &path).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{page}");
    assert!(
        !page.contains("name=\"description\""),
        "no form for a stranger"
    );
    for web in [&sam_web, &ada_web] {
        let (status, page) = app.get_as(web, &path).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Spring"), "{page}");
    }
}

/// The addresses that answer `GET`, read from the route declarations in `src/web` (the
/// route table as the code writes it): `(path pattern, is API)`.
/// The HTML pages of the route table (no API, pictures, feeds, downloads, metrics or
/// assets), with `game` for `{id}`, the preset `slug` for `{slug}` and `{variant}`, and the
/// player `user` for `{name}` (log pages get game 1).
pub(crate) fn page_paths(game: i64, slug: &str, user: &str) -> Vec<String> {
    let not_pages = [
        ".png", ".atom", ".ics", ".json", ".pgn", "metrics", "healthz", "static",
    ];
    get_routes()
        .into_iter()
        .filter(|(pattern, api)| !api && !not_pages.iter().any(|n| pattern.contains(n)))
        .map(|(pattern, _)| {
            let name = if pattern.starts_with("/logs") {
                "1"
            } else {
                user
            };
            pattern
                .replace("{id}", &game.to_string())
                .replace("{slug}", slug)
                .replace("{variant}", slug)
                .replace("{token}", "no-such-token")
                .replace("{name}", name)
        })
        .collect()
}

pub(crate) fn get_routes() -> Vec<(String, bool)> {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/web") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&root.join("src/web"), &mut paths);
    let mut routes = Vec::new();
    for file in paths {
        let code = std::fs::read_to_string(&file).expect("source");
        let api = file.to_string_lossy().contains("/web/api/");
        // `.route("/x", web::get()...)`
        for (at, _) in code.match_indices(".route(\"") {
            let rest = &code[at + 8..];
            let Some(end) = rest.find('"') else { continue };
            if rest[end..]
                .trim_start_matches('"')
                .trim_start_matches(',')
                .trim_start()
                .starts_with("web::get()")
            {
                routes.push((rest[..end].to_owned(), api));
            }
        }
        // `web::resource("/x")` with a `.get(` or `web::get()` before its statement ends.
        for (at, _) in code.match_indices("web::resource(\"") {
            let rest = &code[at + 15..];
            let Some(end) = rest.find('"') else { continue };
            let statement = &rest[end..];
            let until = statement
                .find("web::resource(")
                .unwrap_or(statement.len())
                .min(statement.find(';').unwrap_or(statement.len()));
            let declared = &statement[..until];
            if declared.contains(".get(") || declared.contains("web::get()") {
                routes.push((rest[..end].to_owned(), api));
            }
        }
    }
    routes.sort();
    routes.dedup();
    routes
}

async fn head_answers_wherever_get_does(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice_web = app.player("alice").await;
    app.player("bob").await;
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "alice", true).expect("grant")
    })
    .await;
    let alice = Api::login(&app, "alice").await;
    let bob = Api::login(&app, "bob").await;
    let game = crate::common::api::start_chess(&alice, &bob, "bob").await;
    alice.play(game, 1, "e4").await;
    let (_, created) = alice
        .post(
            "/api/v1/tournaments",
            json!({"name": "Heads", "preset": "chess", "kind": "round_robin",
                   "max_players": 4, "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    let event = created["id"].as_i64().expect("tournament");
    let (_, challenge) = alice
        .post(
            "/api/v1/challenges",
            json!({"preset": "chess", "color": "white",
                   "time_control": {"kind": "days", "days": 3}}),
        )
        .await;
    let challenge = challenge["id"].as_i64().expect("challenge");
    let routes = get_routes();
    assert!(routes.len() > 40, "the route table was read: {routes:?}");
    let mut answered = 0;
    for (pattern, api) in routes {
        let id = if pattern.starts_with("/tournaments") {
            event
        } else if pattern.starts_with("/challenges") {
            challenge
        } else {
            game
        };
        let path = pattern
            .replace("{id}", &id.to_string())
            .replace("{slug}", "chess")
            .replace("{variant}", "chess")
            .replace("{token}", "no-such-token")
            .replace("{path:.+}", "no-such-file.css")
            .replace(
                "{name}",
                if pattern.starts_with("/logs") {
                    "1.pgn"
                } else {
                    "alice"
                },
            );
        let url = if api {
            app.url(&format!("/api/v1{path}"))
        } else {
            app.url(&path)
        };
        let request = |method: reqwest::Method| {
            let builder = if api {
                alice.http.request(method, &url).bearer_auth(&alice.token)
            } else {
                alice_web.request(method, &url)
            };
            builder.send()
        };
        let get = request(reqwest::Method::GET).await.expect("GET");
        let head = request(reqwest::Method::HEAD).await.expect("HEAD");
        assert_eq!(head.status(), get.status(), "HEAD {path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "HEAD {path}"
        );
        if get.status() == StatusCode::OK {
            answered += 1;
        }
        assert!(
            head.bytes().await.expect("body").is_empty(),
            "HEAD {path} has no body"
        );
    }
    assert!(answered > 30, "most routes answer: {answered}");
}

backend_tests!(
    only_the_organiser_and_admins_open_the_edit_form,
    head_answers_wherever_get_does,
    an_organisers_events_outlive_the_account,
    open_challenges_are_bounded_and_paged,
    creating_events_and_presets_is_limited,
    event_and_preset_lists_are_paged,
);

/// Every page of a list behind `Link: rel="next"`, from `first` on: the ids (`key`) of all
/// its items, and the largest page.
async fn walk_pages(api: &Api<'_>, first: &str, key: &str) -> (Vec<String>, usize) {
    let (mut seen, mut largest) = (Vec::new(), 0);
    let mut path = Some(first.to_owned());
    while let Some(here) = path {
        let (status, page, next) = api.get_page(&here).await;
        assert_eq!(status, StatusCode::OK, "{here}: {page}");
        let items = page.as_array().expect("a list");
        largest = largest.max(items.len());
        seen.extend(items.iter().map(|i| i[key].to_string()));
        path = next;
    }
    (seen, largest)
}

/// The tournaments and presets, on their pages and in the API, come a page at a time
/// (keyset: `before` the last one shown), and every one of them can be reached.
async fn event_and_preset_lists_are_paged(backend: Backend) {
    let app = TestApp::new(backend).await;
    let viewer = app.player("viewer").await;
    let organisers: Vec<String> = (0..14).map(|i| format!("org{i}")).collect();
    for name in &organisers {
        app.player(name).await;
    }
    let clock = app.clock.clone();
    let (events, forks) = app
        .with_pooled(move |db| {
            let (mut events, mut forks) = (Vec::new(), Vec::new());
            for (i, name) in organisers.iter().enumerate() {
                let user = plypost::accounts::users::find_by_username(db, name)
                    .expect("query")
                    .expect("organiser");
                for n in 0..5 {
                    let input = plypost::tournaments::form::NewTournament::round_robin(
                        &format!("Event {i}-{n}"),
                        "chess",
                        4,
                    );
                    let id = plypost::tournaments::create(db, &*clock, &user, &input);
                    events.push(id.expect("created"));
                    if i < 4 {
                        let fork = plypost::presets::manage::fork(db, &*clock, &user, "shako", "");
                        forks.push(fork.expect("forked").slug);
                    }
                }
                if i < 4 {
                    for _ in 0..15 {
                        let fork = plypost::presets::manage::fork(db, &*clock, &user, "chess", "");
                        forks.push(fork.expect("forked").slug);
                    }
                }
            }
            (events, forks)
        })
        .await;
    assert_eq!((events.len(), forks.len()), (70, 80));
    let api = Api::login(&app, "viewer").await;

    // The API: every open event once, 30 a page.
    let (seen, largest) = walk_pages(&api, "/api/v1/tournaments?status=open", "id").await;
    let expected: Vec<String> = events.iter().rev().map(|id| id.to_string()).collect();
    assert_eq!(seen, expected, "newest first, each once");
    assert_eq!(largest, 30);
    let (status, body) = api.get("/api/v1/tournaments?status=lost").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (_, finished, next) = api.get_page("/api/v1/tournaments?status=finished").await;
    assert_eq!((finished, next), (json!([]), None));

    // Every preset once: the 13 built-in ones, then the players', 50 a page.
    let (seen, largest) = walk_pages(&api, "/api/v1/presets", "slug").await;
    let builtin = plypost_rules::Variant::builtin_names().len();
    assert_eq!(seen.len(), builtin + forks.len(), "{seen:?}");
    for slug in &forks {
        assert!(seen.contains(&format!("\"{slug}\"")), "{slug} reached");
    }
    assert!(largest <= builtin + 50, "{largest}");

    // The pages: a link to the older ones, which lead to the oldest.
    let (_, first) = app.get_as(&viewer, "/tournaments").await;
    let oldest = events[0];
    assert!(!first.contains(&format!("href=\"/tournaments/{oldest}\"")));
    // The link to the next page of open events: `<a href="…" id="older-open" …>`.
    let older_open = |page: &str| {
        let (head, _) = page.split_once("\" id=\"older-open\"")?;
        let (_, href) = head.rsplit_once("href=\"")?;
        Some(href.split('#').next()?.replace("&amp;", "&"))
    };
    let mut page = first;
    let mut pages = 1;
    while let Some(path) = older_open(&page) {
        let (status, next) = app.get_as(&viewer, &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        page = next;
        pages += 1;
    }
    assert_eq!(pages, 3, "70 events, 30 a page");
    assert!(page.contains(&format!("href=\"/tournaments/{oldest}\"")));

    let (_, first) = app.get_as(&viewer, "/presets").await;
    let oldest = &forks[0];
    assert!(!first.contains(&format!("href=\"/presets/{oldest}\"")));
    let older = first
        .split("href=\"/presets?before=")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("a link to older presets: {first}"))
        .to_owned();
    let (_, second) = app
        .get_as(&viewer, &format!("/presets?before={older}"))
        .await;
    assert!(second.contains(&format!("href=\"/presets/{oldest}\"")));
    assert!(
        !second.contains("id=\"older-presets\""),
        "80 presets: two pages"
    );
}

/// An organiser who deletes their account leaves no event stuck: one not started is
/// cancelled, a running one goes on under an administrator.
async fn an_organisers_events_outlive_the_account(backend: Backend) {
    let app = TestApp::new(backend).await;
    let sam_web = app.player("sam").await;
    for name in ["ann", "ben", "cat", "ada"] {
        app.player(name).await;
    }
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "ada", true).expect("grant")
    })
    .await;
    let sam = Api::login(&app, "sam").await;
    let event = |name: &str, max: i64| {
        json!({"name": name, "preset": "chess", "kind": "round_robin", "min_players": max,
               "max_players": max, "time_control": {"kind": "days", "days": 3}})
    };
    let (_, open) = sam.post("/api/v1/tournaments", event("Later", 4)).await;
    let open = open["id"].as_i64().expect("id");
    let (_, running) = sam.post("/api/v1/tournaments", event("Now", 3)).await;
    let running = running["id"].as_i64().expect("id");
    for name in ["ann", "ben", "cat"] {
        let api = Api::login(&app, name).await;
        let (status, body) = api
            .post(&format!("/api/v1/tournaments/{running}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let res = app
        .post_as(
            &sam_web,
            "/settings/delete",
            &[
                ("confirm_username", "sam"),
                ("current_password", crate::common::PASSWORD),
            ],
        )
        .await;
    assert_eq!(crate::common::location(&res), "/?account=deleted");
    let ann = Api::login(&app, "ann").await;
    let (_, later) = ann.get(&format!("/api/v1/tournaments/{open}")).await;
    assert_eq!(later["status"], "cancelled", "{later}");
    let (_, now) = ann.get(&format!("/api/v1/tournaments/{running}")).await;
    assert_eq!(now["status"], "running", "{now}");
    assert_eq!(now["organiser"], "ada", "{now}");
}

/// One player's open challenges cannot bury everyone else's: a player may have so many
/// waiting (`PLYPOST_MAX_OPEN_CHALLENGES`), and the lobby and the API list them a page at a
/// time, so every challenge can be reached.
async fn open_challenges_are_bounded_and_paged(backend: Backend) {
    let app = TestApp::with(crate::common::TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_MAX_OPEN_CHALLENGES", "55".to_owned())],
    })
    .await;
    app.player("spammer").await;
    let visitor = app.player("visitor").await;
    let spammer = Api::login(&app, "spammer").await;
    let challenge = json!({"preset": "chess", "color": "random",
                           "time_control": {"kind": "days", "days": 3}});
    let mut posted = Vec::new();
    for _ in 0..55 {
        let (status, body) = spammer.post("/api/v1/challenges", challenge.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        posted.push(body["id"].as_i64().expect("id"));
    }
    let (status, body) = spammer.post("/api/v1/challenges", challenge.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap_or_default()
            .contains("withdraw one"),
        "{body}"
    );

    // The API, page by page, reaches every one of them.
    let mut seen = Vec::new();
    let mut path = "/api/v1/challenges".to_owned();
    loop {
        let (status, page) = spammer.get(&path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let open = page["open"].as_array().expect("open");
        assert!(open.len() <= 50, "a page: {}", open.len());
        seen.extend(open.iter().map(|c| c["id"].as_i64().expect("id")));
        match page["open_before"].as_i64() {
            Some(before) => path = format!("/api/v1/challenges?before={before}"),
            None => break,
        }
    }
    seen.sort_unstable();
    posted.sort_unstable();
    assert_eq!(seen, posted);

    // So does the lobby.
    let (_, first) = app.get_as(&visitor, "/games").await;
    let older = first
        .split("href=\"/games?before=")
        .nth(1)
        .and_then(|rest| rest.split('#').next())
        .unwrap_or_else(|| panic!("a link to older challenges: {first}"))
        .to_owned();
    let (_, second) = app
        .get_as(&visitor, &format!("/games?before={older}"))
        .await;
    let oldest = posted[0];
    assert!(
        second.contains(&format!("/challenges/{oldest}/accept")),
        "the oldest challenge is on the second page"
    );
    assert!(!first.contains(&format!("/challenges/{oldest}/accept")));
}

/// Creating tournaments and presets is limited per player and hour: past the limit the
/// answer is 429 and nothing is made; an hour later it works again.
async fn creating_events_and_presets_is_limited(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("busy").await;
    let busy = Api::login(&app, "busy").await;
    let event = json!({"name": "Again", "preset": "chess", "kind": "round_robin",
                       "max_players": 4, "time_control": {"kind": "days", "days": 3}});
    let limit = plypost::tournaments::form::MAX_CREATED_PER_HOUR;
    for _ in 0..limit {
        let (status, body) = busy.post("/api/v1/tournaments", event.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, body) = busy.post("/api/v1/tournaments", event.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "rate_limited");

    let forks = plypost::presets::manage::MAX_CREATED_PER_HOUR;
    let clock = app.clock.clone();
    let outcomes = app
        .with_pooled(move |db| {
            let user = plypost::accounts::users::find_by_username(db, "busy")
                .expect("query")
                .expect("busy");
            (0..=forks)
                .map(|_| plypost::presets::manage::fork(db, &*clock, &user, "chess", "").is_ok())
                .collect::<Vec<bool>>()
        })
        .await;
    let made = outcomes.iter().filter(|ok| **ok).count() as i64;
    assert_eq!(made, forks, "{outcomes:?}");
    assert!(
        !outcomes[forks as usize],
        "the one past the limit is refused"
    );

    app.clock.advance(chrono::Duration::minutes(61));
    let (status, body) = busy.post("/api/v1/tournaments", event).await;
    assert_eq!(status, StatusCode::CREATED, "an hour later: {body}");
}
