//! The languages: every message in every language, every reference to a message answered,
//! no text in templates outside translation calls, French typography; and the language a
//! page or a mail is in (setting, footer switch, Accept-Language, default).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use regex::Regex;
use reqwest::StatusCode;

use crate::common::smtp::SmtpServer;
use crate::common::{assert_redirect, Backend, TestApp, TestOptions, PASSWORD, WAIT};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every language directory and, for each, its messages (id → file). Syntax errors fail.
fn messages() -> BTreeMap<String, BTreeMap<String, String>> {
    let mut all = BTreeMap::new();
    let root = Path::new(ROOT).join("locales");
    for lang in std::fs::read_dir(&root).expect("locales/") {
        let lang = lang.expect("entry").path();
        let tag = lang
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_owned();
        let mut ids = BTreeMap::new();
        let mut files = Vec::new();
        files_under(&lang, &mut files);
        for file in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "ftl"))
        {
            let text = read(file);
            let name = file
                .strip_prefix(ROOT)
                .expect("in tree")
                .display()
                .to_string();
            let resource = fluent_syntax::parser::parse(text.as_str())
                .unwrap_or_else(|(_, errors)| panic!("{name}: syntax errors: {errors:?}"));
            for entry in resource.body {
                let id = match entry {
                    ast::Entry::Message(m) => m.id.name.to_owned(),
                    ast::Entry::Term(t) => format!("-{}", t.id.name),
                    _ => continue,
                };
                if let Some(first) = ids.insert(id.clone(), name.clone()) {
                    panic!("{name}: message {id} is also in {first}");
                }
            }
        }
        all.insert(tag, ids);
    }
    all
}

#[test]
fn every_message_exists_in_every_language() {
    let all = messages();
    assert!(
        all.contains_key("en") && all.contains_key("fr"),
        "{:?}",
        all.keys()
    );
    let english: BTreeSet<&String> = all["en"].keys().collect();
    let mut problems = Vec::new();
    for (tag, ids) in &all {
        let here: BTreeSet<&String> = ids.keys().collect();
        for id in english.difference(&here) {
            problems.push(format!("{tag}: no {id} (en has it in {})", all["en"][*id]));
        }
        for id in here.difference(&english) {
            problems.push(format!("en: no {id} ({tag} has it in {})", ids[*id]));
        }
        if !ids.contains_key("language-name") {
            problems.push(format!(
                "{tag}: no language-name (the language switch shows it)"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A language is a directory: the built server speaks exactly the languages under `locales/`
/// (none is named in Rust), each answering to its own tag.
#[test]
fn the_server_speaks_every_locales_directory() {
    let on_disk: BTreeSet<String> = messages().into_keys().collect();
    let built: BTreeSet<String> = plypost::i18n::Lang::all()
        .iter()
        .map(|lang| lang.tag())
        .collect();
    assert_eq!(built, on_disk);
    let mut names = BTreeSet::new();
    for tag in &on_disk {
        let lang = plypost::i18n::Lang::from_tag(tag).expect("a built language");
        assert_eq!(&lang.tag(), tag);
        // Each speaks its own messages: the language switch shows a name per language.
        assert!(
            names.insert(lang.t("language-name")),
            "{tag}: a second language's name"
        );
    }
}

/// Message ids named in code and templates: the first argument of a translation call, and
/// string literals that look like ids of a known family (`"mail-what-started"` chosen in an
/// `if`).
fn referenced_ids() -> Vec<(String, String)> {
    let known = messages();
    let prefixes: BTreeSet<String> = known["en"]
        .keys()
        .filter_map(|id| id.split('-').next().map(str::to_owned))
        .filter(|p| !p.is_empty())
        .collect();
    let call = Regex::new(r#"\.(?:t|t1|t2|t3|t_args)\(\s*"([^"]+)""#).expect("regex");
    let literal = Regex::new(r#""([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#).expect("regex");
    let mut files = Vec::new();
    files_under(&Path::new(ROOT).join("templates"), &mut files);
    files_under(&Path::new(ROOT).join("src"), &mut files);
    let mut found = Vec::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e != "md"))
    {
        let text = read(file);
        let name = file
            .strip_prefix(ROOT)
            .expect("in tree")
            .display()
            .to_string();
        for c in call.captures_iter(&text) {
            found.push((name.clone(), c[1].to_owned()));
        }
        if name.ends_with(".rs") {
            for c in literal.captures_iter(&text) {
                let id = &c[1];
                let family = id.split('-').next().unwrap_or_default();
                if prefixes.contains(family) && !known["en"].contains_key(id) {
                    found.push((name.clone(), id.to_owned()));
                }
            }
        }
    }
    found
}

#[test]
fn every_reference_has_a_message() {
    let all = messages();
    let english = &all["en"];
    let mut problems: Vec<String> = referenced_ids()
        .into_iter()
        .filter(|(_, id)| !english.contains_key(id))
        .map(|(file, id)| format!("{file}: no message {id}"))
        .collect();
    // References inside messages: `{ other-message }`, `{ -term }`.
    let inner =
        Regex::new(r"\{\s*(-?[a-zA-Z][a-zA-Z0-9_-]*)(?:\.[a-zA-Z0-9_-]+)?\s*\}").expect("regex");
    let mut files = Vec::new();
    files_under(&Path::new(ROOT).join("locales"), &mut files);
    // Message files only (the help pages beside them are Markdown).
    files.retain(|f| f.extension().is_some_and(|e| e == "ftl"));
    for file in &files {
        let tag = file
            .strip_prefix(Path::new(ROOT).join("locales"))
            .ok()
            .and_then(|p| p.components().next())
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or_default()
            .to_owned();
        for line in read(file)
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
        {
            for c in inner.captures_iter(line) {
                if !all[&tag].contains_key(&c[1]) {
                    problems.push(format!(
                        "{}: {{ {} }} has no message",
                        file.display(),
                        &c[1]
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Words a template may hold outside translation calls: the name, and technical names that
/// are the same in every language.
const UNTRANSLATED: &[&str] = &[
    "plypost",
    "ply",
    "post",
    "XBetza",
    "Betza",
    "PGN",
    "SVG",
    "PNG",
    "UCI",
    "API",
    "JSON",
    "FEN",
    "SAN",
    "Elo",
    "Glicko",
    "Atom",
    "iCalendar",
    "TOML",
    "URL",
    "ID",
    "UTC",
    "CSV",
    "Lichess",
];

/// The words of `template` outside `{{ }}`, `{% %}`, `{# #}`, tags, comments and code
/// (`<code>`, `<pre>`, `<kbd>`, `<samp>`, `<script>`, `<style>`), including the words of the
/// attributes people read (`title`, `alt`, `placeholder`, `aria-label`, button `value`).
fn stray_words(name: &str, template: &str) -> Vec<String> {
    let strip = |re: &str, text: &str| {
        Regex::new(re)
            .expect("regex")
            .replace_all(text, " ")
            .into_owned()
    };
    let mut text = strip(r"(?s)\{#.*?#\}", template);
    text = strip(r"(?s)\{%.*?%\}", &text);
    text = strip(r"(?s)\{\{.*?\}\}", &text);
    let mut words = Vec::new();
    let word = Regex::new(r"[^\W\d_][\w'’.-]*").expect("regex");
    let mut collect = |text: &str| {
        for w in word.find_iter(text) {
            let w = w.as_str().trim_matches(|c| c == '.' || c == '-');
            if !w.is_empty() && !UNTRANSLATED.contains(&w) {
                words.push(w.to_owned());
            }
        }
    };
    if name.ends_with(".html") {
        text = strip(r"(?s)<!--.*?-->", &text);
        for tag in ["script", "style", "code", "kbd", "pre", "samp"] {
            text = strip(&format!(r"(?s)<{tag}\b.*?</{tag}>"), &text);
        }
        let attribute = Regex::new(
            r#"\b(title|alt|placeholder|aria-label|aria-description|label|value)="([^"]*)""#,
        )
        .expect("regex");
        for tag in Regex::new(r"<[^>]*>").expect("regex").find_iter(&text) {
            let tag = tag.as_str();
            let is_button = tag.contains(r#"type="submit""#) || tag.contains(r#"type="button""#);
            for a in attribute.captures_iter(tag) {
                if &a[1] != "value" || is_button {
                    collect(&a[2]);
                }
            }
        }
        text = strip(r"<[^>]*>", &text);
        text = strip(r"&[a-zA-Z]+;|&#\d+;", &text);
    }
    collect(&text);
    words
}

#[test]
fn templates_hold_no_text_outside_translations() {
    // The scanner finds what it should.
    assert_eq!(
        stray_words(
            "x.html",
            r#"<p title="Hi there">{{ ctx.t("a") }} Move <code>Nf3</code></p>"#
        ),
        vec!["Hi", "there", "Move"]
    );
    assert!(stray_words("x.txt", "{{ lang.t(\"a\") }}\n-- \nplypost").is_empty());
    let mut files = Vec::new();
    files_under(&Path::new(ROOT).join("templates"), &mut files);
    let problems: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let name = file
                .strip_prefix(ROOT)
                .expect("in tree")
                .display()
                .to_string();
            let words = stray_words(&name, &read(file));
            (!words.is_empty()).then(|| format!("{name}: {}", words.join(" ")))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "text outside translation calls:\n{}",
        problems.join("\n")
    );
}

#[test]
fn french_follows_french_typography() {
    let mut files = Vec::new();
    files_under(&Path::new(ROOT).join("locales/fr"), &mut files);
    // Message files only (the help pages beside them are Markdown).
    files.retain(|f| f.extension().is_some_and(|e| e == "ftl"));
    let space_before = Regex::new(r"[^\s\u{a0}\u{202f}] [:;!?»](\s|$)").expect("regex");
    let code_or_tag = Regex::new(r"`[^`]*`|<[^>]*>").expect("regex");
    let mut problems = Vec::new();
    for file in &files {
        for (n, line) in read(file).lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            // Not a Fluent selector `[one]` line nor code in backquotes.
            let text = code_or_tag.replace_all(line, "");
            if space_before.is_match(&text) || text.contains("« ") {
                problems.push(format!(
                    "{}:{}: ordinary space by : ; ! ? « »",
                    file.display(),
                    n + 1
                ));
            }
            if text.contains('\'') {
                problems.push(format!("{}:{}: ' instead of ’", file.display(), n + 1));
            }
            if text.contains('"') && !text.contains("{\"") {
                problems.push(format!("{}:{}: \" instead of « »", file.display(), n + 1));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The French page's language marks: `<html lang="fr">` and the French navigation.
fn is_french(page: &str) -> bool {
    page.contains(r#"<html lang="fr">"#) && page.contains(">Parties</a>")
}

fn is_english(page: &str) -> bool {
    page.contains(r#"<html lang="en">"#) && page.contains(">Games</a>")
}

async fn get_with_language(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    accept: &str,
) -> (StatusCode, String) {
    app.get_in_language(client, path, accept).await
}

/// The language setting stored for `name`.
async fn stored_language(app: &TestApp, name: &'static str) -> Option<String> {
    app.with_pooled(move |db| {
        use diesel::prelude::*;
        use plypost::db::schema::users;
        users::table
            .filter(users::username.eq(name))
            .select(users::language)
            .first(db.conn())
            .expect("the player")
    })
    .await
}

/// Accept-Language, then the footer's switch (a cookie), then the player's own setting.
async fn the_language_is_chosen_in_order(backend: Backend) {
    let app = TestApp::new(backend).await;
    let visitor = app.new_client();
    // Nothing said: the default, English.
    let page = app.get_text_as(&visitor, "/").await;
    assert!(is_english(&page), "{page}");
    // The browser asks for French first (with a region and weights).
    let (_, page) = get_with_language(&app, &visitor, "/", "de-CH, fr-BE;q=0.9, en;q=0.5").await;
    assert!(is_french(&page), "{page}");
    assert!(page.contains(">Accueil</a>") && page.contains("Se connecter"));
    // Error pages follow the visitor too.
    let (status, page) = get_with_language(&app, &visitor, "/no/such/page", "fr").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        is_french(&page) && page.contains("Page introuvable"),
        "{page}"
    );
    // An unknown language falls back to the default.
    let (_, page) = get_with_language(&app, &visitor, "/", "tlh, de").await;
    assert!(is_english(&page));

    // The footer's switch: a form with the CSRF token; the choice beats the header.
    let page = app.get_text_as(&visitor, "/games").await;
    assert!(page.contains(r#"action="/language""#) && page.contains(r#"lang="fr""#));
    assert!(
        crate::common::extract_csrf(&page).is_some(),
        "the switch carries the CSRF token"
    );
    let res = app
        .post_as(&visitor, "/language", &[("lang", "fr"), ("back", "/games")])
        .await;
    assert_redirect(&res, "/games");
    let cookie = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("plypost_lang="))
        .expect("the language cookie")
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let (_, page) = get_with_language(&app, &visitor, "/games", "en").await;
    assert!(is_french(&page), "the cookie beats Accept-Language");
    // Without the token nothing changes; an unknown language is refused; `back` stays local.
    let res = visitor
        .post(app.url("/language"))
        .form(&[("lang", "en"), ("back", "/")])
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app
        .post_as(&visitor, "/language", &[("lang", "xx"), ("back", "/")])
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .post_as(
            &visitor,
            "/language",
            &[("lang", "en"), ("back", "//evil.example")],
        )
        .await;
    assert_redirect(&res, "/");

    // A player's own setting beats the browser's cookie; the switch changes the setting.
    let player = app.player("amelie").await;
    // Registered in the site's default language: no setting, the browser decides.
    assert_eq!(stored_language(&app, "amelie").await, None);
    let page = app.get_text_as(&player, "/settings").await;
    assert!(is_english(&page));
    let res = app
        .post_as(
            &player,
            "/language",
            &[("lang", "fr"), ("back", "/settings")],
        )
        .await;
    assert_redirect(&res, "/settings");
    assert_eq!(stored_language(&app, "amelie").await.as_deref(), Some("fr"));
    // The settings page offers the choice, with the current one selected, in French.
    let page = app.get_text_as(&player, "/settings").await;
    assert!(is_french(&page), "{page}");
    assert!(
        page.contains(r#"<option value="fr" lang="fr" selected>Français</option>"#),
        "{page}"
    );
    // Back to the browser's choice through the preferences form.
    let res = app
        .post_as(
            &player,
            "/settings/preferences",
            &[("time_zone", "UTC"), ("language", "")],
        )
        .await;
    assert_redirect(&res, "/settings?saved=preferences");
    assert_eq!(stored_language(&app, "amelie").await, None);
    let res = app
        .post_as(
            &player,
            "/settings/preferences",
            &[("time_zone", "UTC"), ("language", "fr")],
        )
        .await;
    assert_redirect(&res, "/settings?saved=preferences");
    assert_eq!(stored_language(&app, "amelie").await.as_deref(), Some("fr"));
    let res = app
        .post_as(
            &player,
            "/settings/preferences",
            &[("time_zone", "UTC"), ("language", "xx")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // On another browser, English by its header, the setting still wins.
    let elsewhere = app.new_client();
    let res = crate::common::post_with(
        &elsewhere,
        &app.address,
        "/login",
        &[("username", "amelie"), ("password", PASSWORD)],
    )
    .await;
    assert_redirect(&res, "/");
    let (_, page) = get_with_language(&app, &elsewhere, "/", "en").await;
    assert!(is_french(&page), "{page}");

    // Registering in French (the footer's switch) keeps French as the player's setting, so
    // that their mails speak it too.
    let newcomer = app.new_client();
    let res = app
        .post_as(&newcomer, "/language", &[("lang", "fr"), ("back", "/")])
        .await;
    assert_redirect(&res, "/");
    let res = crate::common::post_with(
        &newcomer,
        &app.address,
        "/register",
        &[
            ("username", "zoe"),
            ("email", "zoe@example.org"),
            ("password", PASSWORD),
            ("password_confirm", PASSWORD),
        ],
    )
    .await;
    assert_redirect(&res, "/");
    assert_eq!(stored_language(&app, "zoe").await.as_deref(), Some("fr"));
}

/// `PLYPOST_DEFAULT_LANGUAGE` decides for whoever says nothing; an unknown one stops the
/// start with a clear message.
async fn the_default_language_is_a_setting(backend: Backend) {
    let app = TestApp::with(TestOptions {
        backend,
        smtp_url: None,
        base_url: None,
        env: vec![("PLYPOST_DEFAULT_LANGUAGE", "fr".to_owned())],
    })
    .await;
    let page = app.get_text_as(&app.new_client(), "/").await;
    assert!(is_french(&page), "{page}");
    let (_, page) = get_with_language(&app, &app.new_client(), "/", "en-GB").await;
    assert!(
        is_english(&page),
        "the browser's wish comes before the default"
    );
    let error = plypost::config::Config::from_lookup(|k| {
        (k == "PLYPOST_DEFAULT_LANGUAGE").then(|| "tlh".to_owned())
    })
    .expect_err("refused");
    let text = error.to_string();
    assert!(
        text.contains("PLYPOST_DEFAULT_LANGUAGE") && text.contains("en, fr"),
        "{text}"
    );
}

/// Mails go out in the recipient's language, marked with Content-Language, dates in French.
async fn mails_are_in_the_recipients_language(backend: Backend) {
    let smtp = SmtpServer::start().await;
    let app = TestApp::with_smtp(backend, smtp.url()).await;
    let white = app.player("wanda").await;
    let black = app.player("bertrand").await;
    app.with_pooled(|db| {
        use diesel::prelude::*;
        use plypost::db::schema::users;
        db.write(|conn| {
            diesel::update(users::table.filter(users::username.eq("bertrand")))
                .set((
                    users::language.eq(Some("fr")),
                    users::time_zone.eq("Europe/Paris"),
                ))
                .execute(conn)
        })
        .expect("setting")
    })
    .await;
    let game = app
        .game_with_preset(&white, "bertrand", &black, "chess")
        .await;
    let res = app.play(&white, game, 1, "e4").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // The challenge, the start (to both) and Bertrand's "your move".
    let mails = smtp.wait_for(4, WAIT).await;
    let to_black: Vec<_> = mails
        .iter()
        .filter(|m| m.to == vec!["<bertrand@example.org>".to_owned()])
        .collect();
    let last = to_black.last().expect("a mail to Bertrand");
    assert_eq!(last.header("Content-Language").as_deref(), Some("fr"));
    let parsed = mail_parser::MessageParser::default()
        .parse(last.data.as_bytes())
        .expect("a MIME message");
    let subject = parsed.subject().expect("a subject");
    assert!(subject.contains("à vous de jouer"), "{subject}");
    assert!(
        subject.contains("Échecs"),
        "the variant's French name: {subject}"
    );
    let text = parsed.body_text(0).expect("a text part").into_owned();
    assert!(text.contains("wanda a joué 1. e4"), "{text}");
    assert!(text.contains("C’est à vous de jouer."), "{text}");
    assert!(
        text.contains("Légende\u{a0}: ") && text.contains("Dame"),
        "{text}"
    );
    assert!(text.contains("Vos réglages de courriel\u{a0}: "), "{text}");
    let html = parsed.body_html(0).expect("an HTML part").into_owned();
    assert!(html.contains(r#"<html lang="fr">"#), "{html}");
    let to_white: Vec<_> = mails
        .iter()
        .filter(|m| m.to == vec!["<wanda@example.org>".to_owned()])
        .collect();
    for mail in to_white {
        assert_eq!(mail.header("Content-Language").as_deref(), Some("en"));
    }
}

/// Every page of the route table (signed in as an admin, with a game and a tournament),
/// in every language: marked with its language, and no message missing (a missing message
/// shows its id).
async fn every_page_speaks_every_language(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let clock = app.clock.clone();
    app.with_db(move |conn| {
        plypost::accounts::admin::set_admin(conn, &*clock, "alice", true).expect("grant")
    })
    .await;
    let game = app.game_with_preset(&alice, "bob", &bob, "chess").await;
    let res = app.play(&alice, game, 1, "e4").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let ids: Vec<String> = messages()["en"].keys().cloned().collect();
    // The English of every message that other languages word differently: a page in another
    // language that shows it was worded in the wrong language. Sentences of a few words
    // only (shorter texts are names and codes that languages share); the language switch's
    // own tooltip is in each choice's language by design.
    let english = plypost::i18n::Lang::default();
    let sentences: Vec<(String, String)> = ids
        .iter()
        .filter(|id| id.as_str() != "footer-language-choose")
        .filter_map(|id| english.try_t(id).map(|text| (id.clone(), text)))
        .filter(|(_, text)| {
            text.split_whitespace().count() >= 3 && !text.contains('{') && !text.contains('\n')
        })
        .collect();
    let code = Regex::new(r"(?s)<pre\b.*?</pre>|<code\b.*?</code>").expect("regex");
    let mut problems = Vec::new();
    let mut checked = 0;
    for lang in plypost::i18n::Lang::all() {
        for path in crate::findings::page_paths(game, "chess", "bob") {
            let (status, page) = get_with_language(&app, &alice, &path, &lang.tag()).await;
            if status.is_redirection() || !page.starts_with("<!doctype html>") {
                continue;
            }
            // Signed in without a language setting: the header decides.
            if !page.contains(&format!(r#"<html lang="{}">"#, lang.tag())) {
                problems.push(format!("{path} in {lang}: {status}, not marked as {lang}"));
            }
            let text = crate::common::unescape(&page);
            if lang != english {
                // Code (a definition's example, a FEN) is the same in every language.
                let prose = code.replace_all(&text, "");
                for (id, sentence) in &sentences {
                    if lang.try_t(id).as_deref() != Some(sentence.as_str())
                        && prose.contains(sentence.as_str())
                    {
                        problems.push(format!("{path} in {lang}: English text of {id}"));
                    }
                }
            }
            for id in ids
                .iter()
                .filter(|id| id.contains('-') && text.contains(id.as_str()))
            {
                // An id shown as text: a message missing from the files.
                let shown =
                    Regex::new(&format!(r"[>\s]{}[<\s]", regex::escape(id))).expect("regex");
                if shown.is_match(&text) {
                    problems.push(format!("{path} in {lang}: shows the id {id}"));
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "pages checked: {checked}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A French visitor's forms refuse in French: the log-in and registration pages, with the
/// accounts service's own messages.
async fn account_refusals_are_in_the_readers_language(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.player("alice").await;
    let visitor = app.new_client();
    let (_, page) = get_with_language(&app, &visitor, "/login", "fr").await;
    let token = crate::common::extract_csrf(&page).expect("the log-in form's token");
    let post = |path: &'static str, fields: Vec<(&'static str, String)>| {
        let visitor = visitor.clone();
        let url = app.url(path);
        async move {
            let res = visitor
                .post(url)
                .header("Accept-Language", "fr")
                .form(&fields)
                .send()
                .await
                .expect("POST");
            (res.status(), res.text().await.expect("body"))
        }
    };
    let (status, page) = post(
        "/login",
        vec![
            ("csrf_token", token.clone()),
            ("username", "alice".into()),
            ("password", "not her password".into()),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(
        is_french(&page) && page.contains("Nom d’utilisateur ou mot de passe incorrect."),
        "{page}"
    );
    // Registration: a username with a space, then one that is taken.
    for (username, status, text) in [
        (
            "a b",
            StatusCode::UNPROCESSABLE_ENTITY,
            "Un nom d’utilisateur ne peut contenir que des lettres",
        ),
        (
            "alice",
            StatusCode::UNPROCESSABLE_ENTITY,
            "Ce nom d’utilisateur est déjà pris.",
        ),
    ] {
        let password = "a long enough password".to_owned();
        let (got, page) = post(
            "/register",
            vec![
                ("csrf_token", token.clone()),
                ("username", username.into()),
                ("email", "zed@example.org".into()),
                ("password", password.clone()),
                ("password_confirm", password),
            ],
        )
        .await;
        assert_eq!(got, status, "{username}");
        assert!(page.contains(text), "{username}: {page}");
    }
}

backend_tests!(
    account_refusals_are_in_the_readers_language,
    every_page_speaks_every_language,
    the_language_is_chosen_in_order,
    the_default_language_is_a_setting,
    mails_are_in_the_recipients_language,
);
