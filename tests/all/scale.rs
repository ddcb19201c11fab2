//! The lists stay index reads at any archive size: on an archive written by `plypost seed`,
//! every query the list services run (the logs with each filter and a later page, profiles,
//! a player's games, the API list, feeds, head-to-head records, rating charts, leaderboards,
//! tournaments, presets, the lobby) is recorded as it runs, and its query plan must not read
//! `games`, `game_moves` or `rating_history` whole. SQLite: `EXPLAIN QUERY PLAN`, where a
//! `SCAN` of those tables is refused unless it walks an index under a `LIMIT`. PostgreSQL:
//! the generic plan (`plan_cache_mode = force_generic_plan`) with sequential scans priced
//! out (`enable_seqscan = off`), so that one shows only where no index can serve.

use std::sync::{Arc, Mutex};

use diesel::connection::{Connection, Instrumentation, InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;

use crate::common::{Backend, TestApp};
use plypost::db::DbConn;
use plypost::games::query::{self, Walk};
use plypost::logs::filter::{FilterQuery, LogFilter};
use plypost::logs::list;
use plypost::tournaments::TournamentStatus;

const WATCHED: &[&str] = &["games", "game_moves", "rating_history"];

/// Filters of the logs page, as typed in its address.
const LOG_FILTERS: &[&str] = &[
    "",
    "status=finished",
    "status=active",
    "result=draw",
    "result=white",
    "reason=checkmate",
    "reason=time",
    "variant=shako",
    "preset=chess",
    "sort=started",
    "sort=length&order=asc",
    "imported=exclude",
    "imported=only",
    "date=started&from=2026-01-01&to=2026-02-01",
    "date=last_move&from=2026-01-01",
    "player=seed-00001",
    "player=seed-00001&side=white",
    "player=seed-00001&side=black&status=finished",
    "player=seed-00001&result=draw",
    "player=someone-imported",
    "status=finished&variant=chess",
];

#[derive(QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = diesel::sql_types::Text)]
    detail: String,
}

#[derive(QueryableByName)]
struct PgPlanLine {
    #[diesel(sql_type = diesel::sql_types::Text, column_name = "QUERY PLAN")]
    line: String,
}

/// Records the SQL of every query the connection runs.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<String>>>);

impl Instrumentation for Recorder {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            let text = query.to_string();
            let sql = text
                .split(" -- binds: ")
                .next()
                .unwrap_or_default()
                .to_owned();
            self.0.lock().unwrap().push(sql);
        }
    }
}

/// Runs every list of the site once, and the next page of the paged ones.
fn every_list(conn: &mut DbConn) {
    let user = |conn: &mut DbConn, name: &str| {
        plypost::accounts::users::find_by_username(conn, name)
            .unwrap()
            .unwrap()
            .id
    };
    let (busy, other) = (user(conn, "seed-00001"), user(conn, "seed-00002"));
    for text in LOG_FILTERS {
        let q: FilterQuery = serde_urlencoded::from_str(text).unwrap();
        let (mut f, problems) = LogFilter::parse(&q);
        assert!(problems.is_empty(), "{text}: {problems:?}");
        let resolved = list::resolve(conn, &f).unwrap();
        let page = list::games_page(conn, &f, &resolved, 5).unwrap();
        list::count_games(conn, &f, &resolved).unwrap();
        list::game_rows(conn, &page.games).unwrap();
        if let Some(next) = page.next {
            f.after = Some(next);
            let later = list::games_page(conn, &f, &resolved, 5).unwrap();
            f.after = None;
            f.before = later.prev;
            list::games_page(conn, &f, &resolved, 5).unwrap();
        }
    }
    query::games_of(conn, busy).unwrap();
    let first = query::finished_of(conn, busy, Walk::Newest, 5).unwrap();
    let cursor = query::FinishedCursor::of(first.last().unwrap()).unwrap();
    query::finished_of(conn, busy, Walk::Older(cursor), 5).unwrap();
    query::finished_of(conn, busy, Walk::Newer(cursor), 5).unwrap();
    query::head_to_head(conn, busy, other).unwrap();
    query::recently_started(conn, busy, 5).unwrap();
    query::active_ids_of(conn, busy).unwrap();
    query::recent_active_of(conn, busy, 5).unwrap();
    query::open_challenges(conn, None).unwrap();
    let now = chrono::Utc::now().naive_utc();
    plypost::ratings::history(conn, busy).unwrap();
    plypost::ratings::of_user(conn, busy, now).unwrap();
    plypost::ratings::leaderboard(conn, "chess", now, 100).unwrap();
    for status in [
        TournamentStatus::Open,
        TournamentStatus::Running,
        TournamentStatus::Finished,
    ] {
        plypost::tournaments::listings(conn, status, None).unwrap();
    }
    plypost::presets::query::index(conn, None, None).unwrap();
}

/// What is wrong with `sql`'s plan, if anything.
fn plan_problem(conn: &mut DbConn, sql: &str) -> Option<String> {
    match conn {
        DbConn::Sqlite(c) => {
            let plan: Vec<String> = diesel::sql_query(format!("EXPLAIN QUERY PLAN {sql}"))
                .load::<PlanLine>(c)
                .unwrap()
                .into_iter()
                .map(|l| l.detail)
                .collect();
            let limited = sql.contains(" LIMIT ");
            let whole = plan.iter().any(|line| {
                WATCHED.iter().any(|table| {
                    let scan = line == &format!("SCAN {table}")
                        || line.starts_with(&format!("SCAN {table} "));
                    scan && !(limited && line.contains(" USING "))
                })
            });
            whole.then(|| plan.join("; "))
        }
        DbConn::Postgres(c) => {
            let params = (1..100)
                .take_while(|n| sql.contains(&format!("${n}")))
                .count();
            let nulls = vec!["NULL"; params].join(", ");
            c.batch_execute(&format!("PREPARE plan_check AS {sql}"))
                .unwrap_or_else(|e| panic!("{sql}: {e}"));
            let execute = if params == 0 {
                "EXPLAIN EXECUTE plan_check".to_owned()
            } else {
                format!("EXPLAIN EXECUTE plan_check({nulls})")
            };
            let plan: Vec<String> = diesel::sql_query(execute)
                .load::<PgPlanLine>(c)
                .unwrap()
                .into_iter()
                .map(|l| l.line)
                .collect();
            c.batch_execute("DEALLOCATE plan_check").unwrap();
            let whole = plan.iter().any(|line| {
                WATCHED.iter().any(|table| {
                    line.contains(&format!("Seq Scan on {table} "))
                        || line.ends_with(&format!("Seq Scan on {table}"))
                })
            });
            whole.then(|| plan.join("\n"))
        }
    }
}

async fn list_queries_read_indexes(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |db| {
        let plan = plypost::seed::Plan {
            games: 1_500,
            players: 12,
            events: 3,
            seed: 3,
        };
        plypost::seed::run(db, &*clock, &config, plan, |_| {}).expect("seeding");
        plypost::db::refresh_statistics(db).expect("statistics");
    })
    .await;
    let (queries, problems) = app
        .with_db(|conn| {
            if let DbConn::Postgres(c) = conn {
                c.batch_execute(
                    "ANALYZE; SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan",
                )
                .unwrap();
            }
            let recorder = Recorder::default();
            conn.set_instrumentation(recorder.clone());
            every_list(conn);
            conn.set_instrumentation(Recorder::default());
            let mut queries: Vec<String> = recorder.0.lock().unwrap().clone();
            queries.sort();
            queries.dedup();
            queries.retain(|sql| {
                sql.trim_start().to_uppercase().starts_with("SELECT")
                    && WATCHED.iter().any(|t| {
                        // PostgreSQL quotes names with "", SQLite with ``.
                        sql.contains(&format!("\"{t}\""))
                            || sql.contains(&format!("`{t}`"))
                            || sql.contains(&format!(" {t} "))
                    })
            });
            let problems: Vec<String> = queries
                .iter()
                .filter_map(|sql| plan_problem(conn, sql).map(|plan| format!("{sql}\n  → {plan}")))
                .collect();
            if let DbConn::Postgres(c) = conn {
                c.batch_execute("RESET enable_seqscan; RESET plan_cache_mode")
                    .unwrap();
            }
            (queries.len(), problems)
        })
        .await;
    assert!(queries > 40, "the lists ran their queries: {queries}");
    assert!(
        problems.is_empty(),
        "{} of {queries} list queries read a whole table:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

/// The check itself finds a whole-table read: a filter on an unindexed column.
async fn an_unindexed_filter_is_caught(backend: Backend) {
    let app = TestApp::new(backend).await;
    let problem = app
        .with_db(|conn| {
            if let DbConn::Postgres(c) = conn {
                c.batch_execute(
                    "SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan",
                )
                .unwrap();
            }
            let sql = match conn {
                DbConn::Sqlite(_) => "SELECT id FROM games WHERE games.messages = ?",
                DbConn::Postgres(_) => "SELECT id FROM games WHERE games.messages = $1",
            };
            let problem = plan_problem(conn, sql);
            if let DbConn::Postgres(c) = conn {
                c.batch_execute("RESET enable_seqscan; RESET plan_cache_mode")
                    .unwrap();
            }
            problem
        })
        .await;
    assert!(problem.is_some(), "a full scan of games is reported");
}

const SEED_PASSWORD: &str = "seed-password-not-secret";

/// The links of `rel` in a page, in order (`&` read back from its escapes).
fn links(page: &str, rel: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in page.split("<a href=\"").skip(1) {
        let Some((href, rest)) = part.split_once('"') else {
            continue;
        };
        let tag_end = rest.find('>').unwrap_or(rest.len());
        if rest[..tag_end].contains(&format!("rel=\"{rel}\"")) {
            out.push(href.replace("&amp;", "&").replace("&#38;", "&"));
        }
    }
    out
}

/// Game ids linked from a page's list with `id`.
fn game_ids(page: &str, list_id: &str, prefix: &str) -> Vec<i64> {
    let Some(start) = page.find(&format!("id=\"{list_id}\"")) else {
        return Vec::new();
    };
    let list = &page[start
        ..page[start..]
            .find("</ul>")
            .map_or(page.len(), |e| start + e)];
    list.split(&format!("href=\"{prefix}"))
        .skip(1)
        .filter_map(|s| s.split('"').next()?.parse().ok())
        .collect()
}

/// The keyset pages walk every game exactly once, in order, on a seeded archive: the API's
/// finished games (by `Link` headers), a profile's finished games (older, then newer again)
/// and the logs' player filter, whose page merges four index ranges.
async fn paged_lists_walk_every_game(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (clock, config) = (app.clock.clone(), app.config.clone());
    app.with_pooled(move |db| {
        let plan = plypost::seed::Plan {
            games: 330,
            players: 3,
            events: 0,
            seed: 5,
        };
        plypost::seed::run(db, &*clock, &config, plan, |_| {}).expect("seeding");
    })
    .await;
    // What the pages must show, read from the database: seed-00001's finished games, newest
    // first, and all their games by last activity.
    let (finished, by_activity) = app
        .with_db(|conn| {
            use plypost::db::schema::{games, users};
            let me: i64 = users::table
                .filter(users::username.eq("seed-00001"))
                .select(users::id)
                .first(conn)
                .unwrap();
            let mine = games::white_id.eq(me).or(games::black_id.eq(me));
            let finished: Vec<i64> = games::table
                .filter(mine)
                .filter(games::status.eq("finished"))
                .order((games::finished_at.desc(), games::id.desc()))
                .select(games::id)
                .load(conn)
                .unwrap();
            let all: Vec<(i64, chrono::NaiveDateTime, Option<chrono::NaiveDateTime>)> =
                games::table
                    .filter(mine)
                    .select((games::id, games::created_at, games::last_move_at))
                    .load(conn)
                    .unwrap();
            let mut all: Vec<(chrono::NaiveDateTime, i64)> = all
                .into_iter()
                .map(|(id, created, last)| (last.unwrap_or(created), id))
                .collect();
            all.sort();
            all.reverse();
            (
                finished,
                all.into_iter().map(|(_, id)| id).collect::<Vec<_>>(),
            )
        })
        .await;
    assert!(finished.len() > 150, "enough for pages: {}", finished.len());

    // The API, page by page.
    let res = app
        .client
        .post(app.url("/api/v1/tokens"))
        .json(
            &serde_json::json!({"username": "seed-00001", "password": SEED_PASSWORD,
                                  "name": "pages", "scopes": ["read"]}),
        )
        .send()
        .await
        .unwrap();
    let token = res.json::<serde_json::Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut url = "/api/v1/games?status=finished".to_owned();
    let mut seen = Vec::new();
    for _ in 0..100 {
        let res = app
            .client
            .get(app.url(&url))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{url}");
        let next = res
            .headers()
            .get("link")
            .map(|l| l.to_str().unwrap().to_owned());
        let page: Vec<serde_json::Value> = res.json().await.unwrap();
        assert!(page.len() <= 100);
        seen.extend(page.iter().map(|g| g["id"].as_i64().unwrap()));
        let Some(next) = next else { break };
        assert!(next.ends_with("; rel=\"next\""), "{next}");
        url = next[1..next.find('>').unwrap()].to_owned();
    }
    assert_eq!(seen, finished, "the API's pages");
    let res = app
        .client
        .get(app.url("/api/v1/games?before=nonsense"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);

    // The profile: older pages to the end, then newer pages back to the start.
    app.login("seed-00002", SEED_PASSWORD).await;
    let mut page = app.get_text("/users/seed-00001").await;
    let mut older = game_ids(&page, "finished-games", "/games/");
    assert_eq!(older.len(), 20);
    let mut pages = vec![older.clone()];
    while let Some(link) = links(&page, "next").first().cloned() {
        assert!(pages.len() < 100, "the pages end");
        page = app.get_text(&link).await;
        older = game_ids(&page, "finished-games", "/games/");
        pages.push(older.clone());
    }
    assert_eq!(pages.concat(), finished, "the profile's older pages");
    let mut back = Vec::new();
    while let Some(link) = links(&page, "prev").first().cloned() {
        assert!(back.len() < 100, "the pages end");
        page = app.get_text(&link).await;
        back.push(game_ids(&page, "finished-games", "/games/"));
    }
    back.reverse();
    assert_eq!(
        back.concat(),
        pages[..pages.len() - 1].concat(),
        "the newer pages, back to the newest"
    );

    // The logs' player filter.
    let mut url = "/logs?player=seed-00001".to_owned();
    let mut seen = Vec::new();
    for _ in 0..100 {
        let page = app.get_text(&url).await;
        seen.extend(game_ids(&page, "logs-table", "/logs/"));
        match links(&page, "next").first() {
            Some(next) => url = next.clone(),
            None => break,
        }
    }
    seen.dedup();
    assert_eq!(seen, by_activity, "the player's games by last activity");

    // A profile lists the newest games in progress and counts them all.
    let (shown, total, active) = app
        .with_db(|conn| {
            let me = plypost::accounts::users::find_by_username(conn, "seed-00001")
                .unwrap()
                .unwrap()
                .id;
            let (shown, total) = query::recent_active_of(conn, me, 2).unwrap();
            let active = query::active_ids_of(conn, me).unwrap();
            (
                shown.iter().map(|g| g.id.get()).collect::<Vec<_>>(),
                total,
                active,
            )
        })
        .await;
    assert!(active.len() > 2, "games in progress: {active:?}");
    assert_eq!(total, active.len());
    let newest: Vec<i64> = active.iter().rev().take(2).map(|id| id.get()).collect();
    assert_eq!(shown, newest, "the two most recently started");
}

backend_tests!(
    list_queries_read_indexes,
    an_unindexed_filter_is_caught,
    paged_lists_walk_every_game,
);
