//! The deadline calendar and the Atom feeds, read back by real parsers: PyPI's `icalendar`
//! and `feedparser`.

use reqwest::StatusCode;

use crate::common::{python, unescape, Backend, TestApp};

/// Reads an iCalendar text with `icalendar` and prints one line per event: UID, DTEND (UTC,
/// ISO), SUMMARY, and the alarm's trigger.
const READ_CALENDAR: &str = r#"
import sys, icalendar
cal = icalendar.Calendar.from_ical(sys.stdin.read())
for event in cal.walk("VEVENT"):
    alarms = [a for a in event.walk("VALARM")]
    trigger = alarms[0].get("TRIGGER") if alarms else None
    related = trigger.params.get("RELATED") if trigger is not None else None
    print("|".join([
        str(event.get("UID")),
        event.decoded("DTEND").strftime("%Y-%m-%dT%H:%M:%S"),
        str(event.get("SUMMARY")),
        str(trigger.dt) if trigger is not None else "none",
        str(related),
    ]))
print("events", len(cal.walk("VEVENT")))
"#;

/// Reads an Atom feed with `feedparser`: whether it is well formed, its title, and each
/// entry's title and link.
const READ_FEED: &str = r#"
import sys, feedparser
feed = feedparser.parse(sys.stdin.read())
print("bozo", int(feed.bozo), feed.get("bozo_exception", ""))
print("version", feed.version)
print("title", feed.feed.title)
for entry in feed.entries:
    print("entry", entry.title, "|", entry.link, "|", entry.updated)
"#;

async fn calendar_link_from_settings(app: &TestApp, client: &reqwest::Client) -> String {
    let res = app.post_as(client, "/settings/api/calendar", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.get_text_as(client, "/settings/api").await;
    let url = page
        .split("id=\"calendar-url\"")
        .next()
        .and_then(|before| before.rsplit("value=\"").next())
        .and_then(|rest| rest.split('"').next())
        .expect("the calendar link on the settings page");
    unescape(url)
}

async fn the_deadline_calendar_parses_and_follows_the_games(backend: Backend) {
    if !python::checkers_available() {
        return;
    }
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let carol = app.player("carol").await;
    let fields = [
        ("preset", "chess"),
        ("color", "white"),
        ("days_per_move", "3"),
    ];
    let first = app.start_game(&alice, "bob", &bob, &fields).await;
    let second = app.start_game(&alice, "carol", &carol, &fields).await;
    let untimed = [
        ("preset", "chess"),
        ("color", "white"),
        ("time_kind", "untimed"),
    ];
    app.start_game(&alice, "bob", &bob, &untimed).await;
    let url = calendar_link_from_settings(&app, &alice).await;
    assert!(url.contains("/users/alice/deadlines.ics?key="), "{url}");

    let fetch = |url: String| {
        let client = app.new_client();
        async move {
            let res = client.get(url).send().await.expect("GET calendar");
            let status = res.status();
            let kind = res
                .headers()
                .get("content-type")
                .map(|v| v.to_str().unwrap_or("").to_owned())
                .unwrap_or_default();
            (status, kind, res.text().await.expect("body"))
        }
    };
    let (status, kind, text) = fetch(url.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/calendar"), "{kind}");
    let read = python::run(READ_CALENDAR, &text);
    // Alice is to move in both timed games; the untimed game has no deadline to show.
    assert!(read.contains("events 2"), "{read}");
    let deadlines: Vec<(i64, String)> = app
        .with_db(move |conn| {
            use diesel::prelude::*;
            use plypost::db::schema::games;
            games::table
                .filter(games::id.eq_any([first, second]))
                .select((games::id, games::deadline_at))
                .load::<(i64, Option<chrono::NaiveDateTime>)>(conn)
                .unwrap()
                .into_iter()
                .map(|(id, at)| (id, at.unwrap().format("%Y-%m-%dT%H:%M:%S").to_string()))
                .collect()
        })
        .await;
    for (id, deadline) in &deadlines {
        let line = read
            .lines()
            .find(|l| l.starts_with(&format!("game-{id}-ply-0@")))
            .unwrap_or_else(|| panic!("an event for game {id}: {read}"));
        let fields: Vec<&str> = line.split('|').collect();
        assert_eq!(fields[1], deadline, "the event ends at the deadline");
        assert!(fields[2].contains(&format!("game #{id}")));
        assert_eq!(
            fields[3], "-1 day, 12:00:00",
            "an alarm 12 hours before: {line}"
        );
        assert_eq!(fields[4], "END");
    }

    // After Alice's move in the first game, only the second is hers.
    app.play(&alice, first, 1, "e2-e4").await;
    let (_, _, text) = fetch(url.clone()).await;
    let read = python::run(READ_CALENDAR, &text);
    assert!(read.contains("events 1"), "{read}");
    assert!(read.contains(&format!("game-{second}-ply-0@")));

    // A wrong key, another player's name, and the old key after renewal are refused.
    let (status, _, _) = fetch(url.replace("key=", "key=x")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = fetch(url.replace("/users/alice/", "/users/bob/")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let renewed = calendar_link_from_settings(&app, &alice).await;
    assert_ne!(renewed, url);
    let (status, _, _) = fetch(url).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = fetch(renewed).await;
    assert_eq!(status, StatusCode::OK);
}

async fn atom_feeds_parse_and_are_linked(backend: Backend) {
    if !python::checkers_available() {
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
    app.play_all(&alice, &bob, game, &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"])
        .await;

    let page = app.get_text(&format!("/games/{game}")).await;
    let game_feed = format!("/games/{game}/feed.atom");
    assert!(
        page.contains(&format!("rel=\"alternate\" type=\"application/atom+xml\" title=\"Moves of game #{game}\" href=\"{game_feed}\"")),
        "the game page links its feed"
    );
    let res = app.get(&game_feed).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/atom+xml"));
    let read = python::run(READ_FEED, &res.text().await.unwrap());
    assert!(read.starts_with("bozo 0"), "well formed: {read}");
    assert!(read.contains("version atom10"), "{read}");
    let entries: Vec<&str> = read.lines().filter(|l| l.starts_with("entry ")).collect();
    assert_eq!(entries.len(), 5, "four moves and the result: {read}");
    assert!(entries[0].contains("Game over: 0-1, checkmate"), "{read}");
    assert!(entries[1].contains("2… Qh4# (bob)"), "{read}");
    assert!(entries[4].contains("1. f3 (alice)"), "{read}");
    assert!(
        entries[4].contains(&format!("/logs/{game}?ply=1")),
        "{read}"
    );

    let profile = app.get_text("/users/alice").await;
    assert!(profile.contains("href=\"/users/alice/feed.atom\""));
    let res = app.get("/users/alice/feed.atom").await;
    assert_eq!(res.status(), StatusCode::OK);
    let read = python::run(READ_FEED, &res.text().await.unwrap());
    assert!(read.starts_with("bozo 0"), "{read}");
    assert!(read.contains("title plypost: alice's games"), "{read}");
    let entries: Vec<&str> = read.lines().filter(|l| l.starts_with("entry ")).collect();
    assert_eq!(entries.len(), 2, "{read}");
    assert!(
        entries[0].contains(&format!(
            "Game #{game} finished: alice vs bob, Black won (checkmate)"
        )),
        "{read}"
    );
    assert!(
        entries[1].contains(&format!("Game #{game} started")),
        "{read}"
    );

    // A feed reader asking for French reads the game's feed in French; a player's feed follows
    // the player's own setting.
    let (_, french) = app
        .get_in_language(&app.new_client(), &game_feed, "fr")
        .await;
    let read = python::run(READ_FEED, &french);
    assert!(
        read.contains("Partie terminée\u{a0}: 0-1, échec et mat"),
        "{read}"
    );
    assert!(read.contains("title Partie plypost n°\u{a0}"), "{read}");

    assert_eq!(
        app.get("/users/nobody/feed.atom").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/games/9999/feed.atom").await.status(),
        StatusCode::NOT_FOUND
    );
}

backend_tests!(
    the_deadline_calendar_parses_and_follows_the_games,
    atom_feeds_parse_and_are_linked,
);
