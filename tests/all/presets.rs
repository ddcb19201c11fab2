//! Presets through HTTP on SQLite and PostgreSQL: the index and the built-in presets (read-only,
//! provisional notices, a move diagram for every piece with the marked squares of a few checked),
//! fork and edit with previews, invalid setups refused with the engine's message, non-owners
//! refused, unique names, retire and delete, safe descriptions; and games: a forked preset with
//! another setup played, and a game in progress untouched when its preset is edited.

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::common::presets::piece_figure;
use crate::common::{location, Backend, TestApp};

/// The mark classes drawn on `square` in a move diagram.
fn marks_on(figure: &str, square: &str) -> Vec<String> {
    let needle = format!("data-square=\"{square}\"");
    figure
        .match_indices(&needle)
        .filter_map(|(i, _)| {
            let tag_start = figure[..i].rfind('<')?;
            let tag = &figure[tag_start..i];
            let class = tag.split("class=\"").nth(1)?.split('"').next()?;
            class.starts_with("mk-").then(|| class.to_owned())
        })
        .collect()
}

async fn builtin_presets_are_listed_and_read_only(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (status, index) = app.get_as(&app.client, "/presets").await;
    assert_eq!(status, StatusCode::OK);
    for (name, size, kinds) in [
        ("terachess2", "16 × 16", "26 kinds"),
        ("teramachy", "16 × 12", ""),
        ("gratia", "13 × 13", ""),
        ("chess", "8 × 8", "6 kinds"),
    ] {
        let group = &index[index.find(&format!("id=\"variant-{name}\"")).unwrap()..];
        let group = &group[..group.find("</section>").unwrap()];
        assert!(group.contains(size), "{name}: {group}");
        assert!(group.contains(kinds), "{name}");
        assert!(group.contains(&format!("href=\"/presets/{name}\"")));
        assert!(group.contains("built-in"));
    }

    // Provisional setups say so.
    for (name, provisional) in [
        ("teramachy", true),
        ("gratia", true),
        ("terachess2", false),
        ("obento", false),
    ] {
        let (status, page) = app.get_as(&app.client, &format!("/presets/{name}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            page.contains("id=\"provisional-notice\""),
            provisional,
            "{name}"
        );
        assert!(page.contains("built-in preset, read-only"));
    }
    // In French too: the notices are plypost's own text.
    let (_, page) = app
        .get_in_language(&app.client, "/presets/pemba", "fr")
        .await;
    assert!(
        page.contains("Position reconstituée\u{a0}: le diagramme de l’auteur"),
        "{page}"
    );
    assert!(page.contains("La liste des promotions possibles est tronquée"));
    assert!(!page.contains("Setup reconstructed"));
    assert!(!page.contains("promotion choices is cut off"));

    // Nobody edits a built-in preset, signed in or not.
    let res = app.get("/presets/chess/edit").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(location(&res).starts_with("/login"));
    let alice = app.player("alice").await;
    let (status, page) = app.get_as(&alice, "/presets/chess/edit").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(page.contains("Built-in presets are read-only"));
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    for (path, fields) in [
        (
            "/presets/chess/edit",
            vec![
                ("action", "save"),
                ("base_version", "1"),
                ("name", "Mine now"),
                ("visibility", "public"),
                ("setup_fen", fen),
                ("days_per_move", "3"),
            ],
        ),
        ("/presets/chess/retire", vec![]),
        ("/presets/chess/delete", vec![("confirm", "yes")]),
    ] {
        let res = app.post_as(&alice, path, &fields).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let (_, page) = app.get_as(&app.client, "/presets/chess").await;
    assert!(page.contains("id=\"preset-version\">version 1<"));
    assert!(!page.contains("retired"));

    // Unknown presets are 404, whatever the address looks like.
    for path in [
        "/presets/nope",
        "/presets/NOPE",
        "/presets/chess?version=7",
        "/presets/chess?version=x",
        "/presets/%3Cscript%3E",
        "/presets/nope/edit",
    ] {
        let (status, _) = app.get_as(&alice, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

async fn every_piece_has_a_move_diagram(backend: Backend) {
    let app = TestApp::new(backend).await;
    for name in plypost_rules::Variant::builtin_names() {
        let variant = plypost_rules::Variant::builtin(name).unwrap();
        let (status, page) = app.get_as(&app.client, &format!("/presets/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        assert_eq!(
            page.matches("<figure class=\"piece-card\"").count(),
            variant.pieces().len(),
            "{name}"
        );
        for piece in variant.pieces() {
            let figure = piece_figure(&page, &piece.letter);
            assert!(figure.contains("<svg"), "{name} {}", piece.name);
            assert!(
                figure.contains("class=\"mk-"),
                "{name} {}: no mark",
                piece.name
            );
        }
        assert!(page.contains("id=\"promotion-rules\""));
        assert!(page.contains("id=\"special-rules\""));
    }

    // The Eagle (9x9 diagram, on e5): one diagonal step, then outward along ranks and files.
    let (_, page) = app.get_as(&app.client, "/presets/terachess2").await;
    let eagle = piece_figure(&page, "G");
    assert!(
        eagle.contains("data-square=\"e5\""),
        "the Eagle stands on e5"
    );
    for sq in ["f6", "d4", "f9", "i6", "a4", "d1", "h4", "f1"] {
        assert_eq!(marks_on(eagle, sq), ["mk-both"], "Eagle {sq}");
    }
    for sq in ["e6", "e9", "g7", "f5", "h8"] {
        assert!(marks_on(eagle, sq).is_empty(), "Eagle {sq}");
    }

    // The Cannon (11x11, on f6): moves along lines, captures only by hopping a screen.
    let cannon = piece_figure(&page, "C");
    assert!(cannon.contains("data-square=\"f6\""));
    assert_eq!(marks_on(cannon, "f7"), ["mk-move"]);
    assert_eq!(marks_on(cannon, "e6"), ["mk-move"]);
    let mut far = marks_on(cannon, "f9");
    far.sort();
    assert_eq!(far, ["mk-hop", "mk-move"]);
    let mut far = marks_on(cannon, "a6");
    far.sort();
    assert_eq!(far, ["mk-hop", "mk-move"]);
    assert!(marks_on(cannon, "g7").is_empty());

    // The Pawn's double step is first-move only.
    let pawn = piece_figure(&page, "P");
    assert_eq!(marks_on(pawn, "e6"), ["mk-move"]);
    assert_eq!(marks_on(pawn, "d6"), ["mk-capture"]);

    // GraTiA's Nightpotentate (9x9, on e5): one or two Knight leaps in one direction.
    let (_, page) = app.get_as(&app.client, "/presets/gratia").await;
    let np = piece_figure(&page, "+N");
    for sq in ["f7", "g9", "d7", "c9", "g6", "i7", "c4", "a3", "d3", "c1"] {
        assert_eq!(marks_on(np, sq), ["mk-both"], "Nightpotentate {sq}");
    }
    for sq in ["e6", "f6", "e7", "h8"] {
        assert!(marks_on(np, sq).is_empty(), "Nightpotentate {sq}");
    }

    // The King's jump of Terachess II is a first move only.
    let (_, page) = app.get_as(&app.client, "/presets/terachess2").await;
    let king = piece_figure(&page, "K");
    assert_eq!(marks_on(king, "f5"), ["mk-both"]);
    assert_eq!(marks_on(king, "g6"), ["mk-first"]);
    assert_eq!(marks_on(king, "e7"), ["mk-first"]);
}

async fn fork_edit_preview_and_history(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;

    // Signed out: no fork form, and a fork POST goes to the log-in page.
    let (_, page) = app.get_as(&app.client, "/presets/chess").await;
    assert!(!page.contains("id=\"fork-form\""));
    let slug = app.fork_preset(&alice, "chess", "Pawnless").await;
    assert_eq!(slug, "alice-pawnless");
    let (status, page) = app
        .get_as(&alice, &format!("/presets/{slug}/edit?done=forked"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("is your copy"));

    // Preview without JavaScript: the board of the typed FEN, nothing saved.
    let rooks = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let res = app
        .edit_preset(&alice, &slug, &[("setup_fen", Some(rooks))], "preview")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.text().await.unwrap();
    assert!(page.contains("id=\"preview-board\""), "preview board");
    assert!(page.contains(rooks), "what was typed is kept");
    let (_, shown) = app.get_as(&alice, &format!("/presets/{slug}")).await;
    assert!(shown.contains("id=\"preset-version\">version 1<"));

    // An invalid FEN: the engine's message next to the field, on preview and on save.
    let bad = "r3k2r/8/8/8/8/8/8/R3K2R3 w KQkq - 0 1";
    for action in ["preview", "save"] {
        let res = app
            .edit_preset(&alice, &slug, &[("setup_fen", Some(bad))], action)
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{action}");
        let page = res.text().await.unwrap();
        assert!(
            page.contains("Invalid setup: rank 1 of the FEN has 11 squares, the board has 8."),
            "{action}: {page}"
        );
        assert!(page.contains(bad), "what was typed is kept");
    }
    // The preview endpoint for scripts says the same.
    let q = serde_urlencoded::to_string([("preset", slug.as_str()), ("fen", bad)]).unwrap();
    let res = app.get(&format!("/presets/preview?{q}")).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("rank 1 of the FEN has 11 squares"));
    // In the reader's language, the reason too.
    let (status, french) = app
        .get_in_language(&app.new_client(), &format!("/presets/preview?{q}"), "fr")
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        french.contains("Position de départ invalide\u{a0}: la rangée 1 de la FEN a 11 cases, l’échiquier en a 8 par rangée."),
        "{french}"
    );
    let q = serde_urlencoded::to_string([("variant", "chess"), ("fen", rooks)]).unwrap();
    let res = app.get(&format!("/presets/preview?{q}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().starts_with("<svg"));
    let res = app.get("/presets/preview?variant=nope&fen=x").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // Several bad fields at once, each with its message; nothing saved. In English, then in
    // French for a player who reads French.
    let english = [
        "Nothing was saved",
        "Days per move must be a whole number",
        "colour must be written #rrggbb",
        "“Z” is not a piece letter",
        "move-count limit is a number of plies",
        "Start positions, line 2: two setups are named “a”",
    ];
    let french = [
        "Rien n’a été enregistré",
        "Le nombre de jours par coup doit être un nombre entier de 1 à",
        "La couleur des cases claires s’écrit #rrvvbb",
        "«\u{a0}Z\u{a0}» n’est la lettre d’aucune pièce de cette variante (Échecs)",
        "La limite du nombre de coups est un nombre de demi-coups",
        "Positions de départ, ligne 2\u{a0}: deux positions s’appellent «\u{a0}a\u{a0}»",
    ];
    for (lang, texts) in [("en", english), ("fr", french)] {
        app.post_as(&alice, "/language", &[("lang", lang), ("back", "/")])
            .await;
        let res = app
            .edit_preset(
                &alice,
                &slug,
                &[
                    ("days_per_move", Some("0")),
                    ("light_color", Some("red")),
                    ("piece_letters", Some("Z=Y")),
                    ("move_count_limit", Some("-3")),
                    ("setups", Some("a: 8/8\na: 8/8")),
                ],
                "save",
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let page = res.text().await.unwrap();
        for text in texts {
            assert!(page.contains(text), "{lang}: {text}: {page}");
        }
    }
    app.post_as(&alice, "/language", &[("lang", "en"), ("back", "/")])
        .await;

    // Save: a new version with what changed.
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("setup_fen", Some(rooks)),
                ("move_count_limit", Some("")),
                ("repetition", None),
                ("days_per_move", Some("7")),
                ("dark_color", Some("#336699")),
                ("piece_letters", Some("R=T")),
                (
                    "description",
                    Some("Rooks *only*. <script>alert(1)</script> [x](javascript:alert(1))"),
                ),
                ("note", Some("first try")),
            ],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&res), format!("/presets/{slug}?done=saved"));
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains("id=\"preset-version\">version 2<"));
    assert!(page.contains(rooks));
    assert!(page.contains("#336699"), "the preset's colours");
    assert!(page.contains("No move-count draw"));
    assert!(page.contains("No repetition draw"));
    assert!(page.contains("7 days per move"));
    assert!(page.contains("<em>only</em>"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.contains("<script>alert"));
    assert!(!page.contains("javascript:alert"));
    assert!(
        page.contains("1 T . . . K . . T"),
        "text diagram with the shown letters"
    );
    let history = &page[page.find("id=\"history\"").unwrap()..];
    assert!(history.contains("Version 2"));
    assert!(history.contains("alice — Setup changed; move-count draw off; repetition draw off; default time control 7 days per move; appearance changed; description changed; “first try”"), "{history}");
    assert!(
        history.contains("alice — Forked from “Chess” version 1"),
        "{history}"
    );
    // The history is stored as data: a French reader reads it in French, the variant too.
    let (_, french) = app
        .get_in_language(&app.new_client(), &format!("/presets/{slug}"), "fr")
        .await;
    let history = &french[french.find("id=\"history\"").unwrap()..];
    assert!(
        history.contains("alice — Position de départ modifiée\u{a0}; plus de nulle au nombre de coups\u{a0}; nulle par répétition désactivée\u{a0}; cadence par défaut\u{a0}: 7 jours par coup\u{a0}; apparence modifiée\u{a0}; description modifiée\u{a0}; «\u{a0}first try\u{a0}»"),
        "{history}"
    );
    assert!(
        history.contains("alice — Copie de «\u{a0}Échecs\u{a0}», version 1"),
        "{history}"
    );
    assert!(french.contains("Échecs"), "the variant's French name");
    // Boards and move diagrams are named in French for screen readers.
    assert!(
        french.contains("aria-label=\"Échiquier, les Blancs en bas\""),
        "{french}"
    );
    assert!(
        french.contains("aria-label=\"Marche de la pièce\u{a0}: Tour\""),
        "{french}"
    );
    // The old version stays readable.
    let (_, v1) = app
        .get_as(&app.client, &format!("/presets/{slug}?version=1"))
        .await;
    assert!(v1.contains("id=\"preset-version\">version 1<"));
    assert!(v1.contains("the current version is"));

    // Saving the same again makes no version; a stale form is refused.
    let res = app.edit_preset(&alice, &slug, &[], "save").await;
    assert_eq!(location(&res), format!("/presets/{slug}?done=unchanged"));
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[("base_version", Some("1")), ("days_per_move", Some("5"))],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("saved again since you opened the form"));

    // Names are unique per owner (ignoring case), not across owners.
    let other = app.fork_preset(&alice, "chess", "").await;
    assert_eq!(other, "alice-chess-fork");
    let res = app
        .edit_preset(&alice, &other, &[("name", Some("PAWNLESS"))], "save")
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("You already have a preset named “PAWNLESS”"));
    let res = app
        .post_as(&alice, "/presets/chess/fork", &[("name", "pawnless")])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let bob = app.player("bob").await;
    let bobs = app.fork_preset(&bob, "chess", "Pawnless").await;
    assert_eq!(bobs, "bob-pawnless");

    // The index lists both under Orthodox chess, with their authors.
    let (_, index) = app.get_as(&app.client, "/presets").await;
    assert!(index.contains("href=\"/presets/alice-pawnless\""));
    assert!(index.contains("href=\"/presets/bob-pawnless\""));
}

async fn only_the_owner_edits(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slug = app.fork_preset(&alice, "obento", "Bento box").await;

    let (status, page) = app.get_as(&bob, &format!("/presets/{slug}/edit")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(page.contains("Only the owner of a preset can change it"));
    let (_, page) = app.get_as(&bob, &format!("/presets/{slug}")).await;
    assert!(
        !page.contains(&format!("/presets/{slug}/edit")),
        "no edit link"
    );
    assert!(page.contains("id=\"fork-form\""), "but a fork form");

    let fen = "4k7/12/12/12/12/12/12/12/12/12/12/4K7 w - - 0 1";
    for (path, fields) in [
        (
            format!("/presets/{slug}/edit"),
            vec![
                ("action", "save"),
                ("base_version", "1"),
                ("name", "Stolen"),
                ("visibility", "public"),
                ("setup_fen", fen),
                ("days_per_move", "3"),
            ],
        ),
        (
            format!("/presets/{slug}/edit"),
            vec![("action", "preview"), ("setup_fen", fen)],
        ),
        (format!("/presets/{slug}/retire"), vec![]),
        (format!("/presets/{slug}/delete"), vec![("confirm", "yes")]),
    ] {
        let res = app.post_as(&bob, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{path}");
    }
    // Without the CSRF token even the owner is refused.
    let res = alice
        .post(app.url(&format!("/presets/{slug}/delete")))
        .form(&[("confirm", "yes")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let (status, page) = app.get_as(&alice, &format!("/presets/{slug}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"preset-version\">version 1<"));
    assert!(page.contains("Bento box"));
}

async fn retire_unlist_and_delete(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let slug = app.fork_preset(&alice, "chess", "Short lived").await;
    let hidden = app.fork_preset(&alice, "chess", "Hidden").await;
    let res = app
        .edit_preset(&alice, &hidden, &[("visibility", Some("unlisted"))], "save")
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // Unlisted: not in anyone else's index, but its page is open to anyone with the link.
    let (_, index) = app.get_as(&app.client, "/presets").await;
    assert!(!index.contains(&format!("/presets/{hidden}\"")));
    let (_, own) = app.get_as(&alice, "/presets").await;
    assert!(
        own.contains(&format!("/presets/{hidden}\"")),
        "the owner sees it"
    );
    let (status, _) = app.get_as(&app.client, &format!("/presets/{hidden}")).await;
    assert_eq!(status, StatusCode::OK);

    // Retire and bring back.
    let res = app
        .post_as(&alice, &format!("/presets/{slug}/retire"), &[])
        .await;
    assert_eq!(location(&res), format!("/presets/{slug}?done=retired"));
    let (_, index) = app.get_as(&app.client, "/presets").await;
    assert!(!index.contains(&format!("/presets/{slug}\"")));
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains("This preset is retired"));
    assert!(!page.contains("id=\"challenge-link\""));
    let res = app
        .post_as(&alice, &format!("/presets/{slug}/restore"), &[])
        .await;
    assert_eq!(location(&res), format!("/presets/{slug}?done=restored"));
    let (_, index) = app.get_as(&app.client, "/presets").await;
    assert!(index.contains(&format!("/presets/{slug}\"")));

    // Delete needs the confirmation box; then it is gone.
    let res = app
        .post_as(&alice, &format!("/presets/{slug}/delete"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = app
        .post_as(
            &alice,
            &format!("/presets/{slug}/delete"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(location(&res), "/presets?done=deleted");
    let (status, _) = app.get_as(&alice, &format!("/presets/{slug}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The name is free again.
    let again = app.fork_preset(&alice, "chess", "Short lived").await;
    assert_eq!(again, slug);
    let count = app
        .with_db(|conn| {
            use plypost::db::schema::presets;
            presets::table
                .filter(presets::name.eq("Short lived"))
                .count()
                .get_result::<i64>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(count, 1);
}

/// King and Rook against King: `Ra1-a2` is legal here and not from the normal setup.
const ROOK_SETUP: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
/// Two Rooks: `Rh1-h2` is legal here, `Ra1-a2` is not (no Rook on a1).
const H_ROOK_SETUP: &str = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";

async fn forked_preset_is_played(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slug = app.fork_preset(&alice, "chess", "Rook ending").await;
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("setup_fen", Some(ROOK_SETUP)),
                ("days_per_move", Some("7")),
            ],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // "Challenge with this preset" opens the form with the preset and its time control.
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains(&format!("href=\"/challenges/new?preset={slug}\"")));
    let (status, form) = app
        .get_as(&alice, &format!("/challenges/new?preset={slug}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        form.contains(&format!("value=\"{slug}\" selected")),
        "preset chosen"
    );
    assert!(form.contains("name=\"days_per_move\"") && form.contains("value=\"7\""));
    // Without a preset the variant's built-in one is chosen.
    let (_, form) = app.get_as(&alice, "/challenges/new").await;
    assert!(form.contains("value=\"terachess2\" selected"), "{form}");

    let game = app.game_with_preset(&alice, "bob", &bob, &slug).await;

    // Any kind of time control can be the default: the form offers it.
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("time_kind", Some("fischer")),
                ("reserve_days", Some("5")),
                ("increment_hours", Some("12")),
                ("cap_days", Some("")),
            ],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let fischer = plypost::time_control::TimeControl::Fischer {
        reserve: 5 * 86_400,
        increment: 12 * 3600,
        cap: None,
    }
    .describe();
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(
        page.contains(&format!("Default time control: {fischer}.")),
        "{fischer}"
    );
    let (_, form) = app
        .get_as(&alice, &format!("/challenges/new?preset={slug}"))
        .await;
    assert!(form.contains("value=\"fischer\" checked"));
    assert!(form.contains("name=\"reserve_days\" min=\"1\" max=\"90\" value=\"5\""));
    assert!(form.contains("name=\"increment_hours\" min=\"0\" max=\"240\" value=\"12\""));
    assert!(form.contains(&format!("{fischer} by default")));

    let (_, page) = app.get_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains("id=\"game-preset\""),
        "the game names its preset"
    );
    assert!(page.contains(&format!(
        "href=\"/presets/{slug}?version=2\">Rook ending</a>, version 2"
    )));
    assert_eq!(
        app.play(&alice, game, 1, "Ra1-a2").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.play(&bob, game, 2, "Ke8-e7").await.status(),
        StatusCode::SEE_OTHER
    );

    // The preset page lists the game, with the version it is played with.
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    let games = &page[page.find("id=\"preset-games\"").unwrap()..];
    assert!(games.contains(&format!("href=\"/games/{game}\"")));
    assert!(games.contains("version 2 · in progress"));
    let (_, index) = app.get_as(&app.client, "/presets").await;
    let row = &index[index.find(&format!("data-preset=\"{slug}\"")).unwrap()..];
    assert!(
        row[..row.find("</tr>").unwrap()].contains("<td>1</td>"),
        "one game"
    );

    // A used preset cannot be deleted, only retired; a retired one starts no new games.
    let res = app
        .post_as(
            &alice,
            &format!("/presets/{slug}/delete"),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("Retire it instead"));
    let res = app
        .post_as(&alice, &format!("/presets/{slug}/retire"), &[])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("preset", slug.as_str()),
                ("color", "white"),
                ("days_per_move", "3"),
                ("opponent", "bob"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("is retired"));
    // Its game goes on.
    assert_eq!(
        app.play(&alice, game, 3, "Ra2-a7").await.status(),
        StatusCode::SEE_OTHER
    );
    let res = app
        .post_as(
            &alice,
            "/challenges",
            &[
                ("preset", "no-such-preset"),
                ("color", "white"),
                ("days_per_move", "3"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

async fn game_keeps_its_preset_version(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slug = app.fork_preset(&alice, "chess", "Short draws").await;
    // Version 2: the Rook setup, drawn after 2 plies without capture or Pawn move.
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("setup_fen", Some(ROOK_SETUP)),
                ("move_count_limit", Some("2")),
            ],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let old_game = app.game_with_preset(&alice, "bob", &bob, &slug).await;
    let other_old_game = app.game_with_preset(&alice, "bob", &bob, &slug).await;

    // Version 3: another setup, and no move-count draw.
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[
                ("setup_fen", Some(H_ROOK_SETUP)),
                ("move_count_limit", Some("")),
            ],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // The games in progress keep version 2: its setup ...
    let (_, page) = app.get_as(&alice, &format!("/games/{old_game}")).await;
    assert!(
        page.contains("version 2"),
        "the game page says which version"
    );
    assert!(
        page.contains("version 3"),
        "and that the preset has moved on"
    );
    assert_eq!(
        app.play(&alice, old_game, 1, "Rh1-h2").await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        app.play(&alice, old_game, 1, "Ra1-a2").await.status(),
        StatusCode::SEE_OTHER
    );
    // ... and its rules: drawn by the move count after two quiet plies.
    assert_eq!(
        app.play(&bob, old_game, 2, "Ke8-e7").await.status(),
        StatusCode::SEE_OTHER
    );
    let (_, page) = app.get_as(&alice, &format!("/games/{old_game}")).await;
    assert!(page.contains("Finished"), "move-count draw of version 2");
    assert_eq!(
        app.play(&alice, other_old_game, 1, "Ra1-a2").await.status(),
        StatusCode::SEE_OTHER
    );

    // A new game gets version 3: the new setup and no move-count draw.
    let new_game = app.game_with_preset(&alice, "bob", &bob, &slug).await;
    let (_, page) = app.get_as(&alice, &format!("/games/{new_game}")).await;
    assert!(page.contains("version 3"));
    assert_eq!(
        app.play(&alice, new_game, 1, "Ra1-a2").await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        app.play(&alice, new_game, 1, "Rh1-h2").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.play(&bob, new_game, 2, "Ke8-e7").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.play(&alice, new_game, 3, "Rh2-h3").await.status(),
        StatusCode::SEE_OTHER
    );
    let (_, page) = app.get_as(&alice, &format!("/games/{new_game}")).await;
    assert!(page.contains("In progress"));

    // What the games pinned, as stored.
    let pinned = app
        .with_db(move |conn| {
            use plypost::db::schema::{games, preset_versions};
            games::table
                .inner_join(preset_versions::table)
                .filter(games::id.eq_any([old_game, new_game]))
                .order(games::id)
                .select((preset_versions::version, games::start_fen))
                .load::<(i64, String)>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(
        pinned,
        vec![(2, ROOK_SETUP.to_owned()), (3, H_ROOK_SETUP.to_owned())]
    );
}

async fn builtin_preset_gets_a_version_when_the_engine_changes(backend: Backend) {
    let app = TestApp::new(backend).await;
    // As if the stored definition were from an older engine.
    app.with_db(|conn| {
        use plypost::db::schema::{preset_versions, presets};
        let id: i64 = presets::table
            .filter(presets::slug.eq("obento"))
            .select(presets::id)
            .first(conn)
            .unwrap();
        diesel::update(preset_versions::table.filter(preset_versions::preset_id.eq(id)))
            .set(preset_versions::definition_hash.eq("old"))
            .execute(conn)
            .unwrap();
    })
    .await;
    // Through the app's write path, as the server's writes go (a plain connection's
    // deferred transaction may meet a job's write and be refused at once).
    let clock = app.clock.clone();
    app.with_pooled(move |db| {
        db.write(|conn| plypost::presets::ensure_builtin_presets(conn, &*clock))
            .unwrap()
    })
    .await;
    let (_, page) = app.get_as(&app.client, "/presets/obento").await;
    assert!(page.contains("id=\"preset-version\">version 2<"));
    assert!(page.contains("the server — The engine&#39;s definition of the variant changed."));
    // Nothing new when nothing changed.
    // Through the app's write path, as the server's writes go (a plain connection's
    // deferred transaction may meet a job's write and be refused at once).
    let clock = app.clock.clone();
    app.with_pooled(move |db| {
        db.write(|conn| plypost::presets::ensure_builtin_presets(conn, &*clock))
            .unwrap()
    })
    .await;
    let (_, page) = app.get_as(&app.client, "/presets/obento").await;
    assert!(page.contains("id=\"preset-version\">version 2<"));
}

async fn a_preset_carries_its_own_definition(backend: Backend) {
    let app = TestApp::new(backend).await;
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    let slug = app.fork_preset(&alice, "chess", "Wazir chess").await;
    let chess = plypost_rules::Variant::builtin("chess").unwrap();

    // Every problem of a broken definition, each with its line; nothing saved.
    let broken = chess
        .source_text()
        .replace("width = 8", "width = 99")
        .replacen("[[piece]]", "colour = \"blue\"\n[[piece]]", 1);
    for action in ["save", "preview"] {
        let res = app
            .edit_preset(&alice, &slug, &[("definition", Some(&broken))], action)
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{action}");
        let page = res.text().await.unwrap();
        let errors = &page[page.find("id=\"definition-errors\"").expect("errors")..];
        let errors = &errors[..errors.find("</pre>").unwrap()];
        assert!(errors.contains("The variant definition has"), "{errors}");
        assert!(errors.matches("line ").count() >= 2, "{errors}");
    }
    // The same problems in French for a player who reads French, one per line.
    app.post_as(&alice, "/language", &[("lang", "fr"), ("back", "/")])
        .await;
    let res = app
        .edit_preset(&alice, &slug, &[("definition", Some(&broken))], "preview")
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    let errors = &page[page.find("id=\"definition-errors\"").expect("errors")..];
    let errors = &errors[..errors.find("</pre>").unwrap()];
    assert!(
        errors.contains("La définition de la variante a 2 problèmes\u{a0}:"),
        "{errors}"
    );
    assert!(
        errors.contains("«\u{a0}width\u{a0}» doit être un nombre entier de"),
        "{errors}"
    );
    assert!(
        errors.contains("clé «\u{a0}colour\u{a0}» inconnue"),
        "{errors}"
    );
    assert_eq!(errors.matches("\nligne ").count(), 2, "{errors}");
    // What the XBetza and move-text readers say, in French too.
    let movements = chess
        .source_text()
        .replacen("moves = [\"leap N\"]", "betza = \"Nq\"", 1)
        .replacen("moves = [", "moves = [\"fly W\", ", 1);
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[("definition", Some(&movements))],
            "preview",
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.unwrap();
    for text in [
        "XBetza «\u{a0}Nq\u{a0}», caractère 2 («\u{a0}q\u{a0}»)\u{a0}: le modificateur",
        "une forme attendue (leap, ride, hop ou bent), «\u{a0}fly\u{a0}» trouvé",
    ] {
        assert!(page.contains(text), "{text}: {page}");
    }
    app.post_as(&alice, "/language", &[("lang", "en"), ("back", "/")])
        .await;

    // A definition with one more piece, and a setup that uses it.
    let wazir = format!(
        "{}\n[[piece]]\nname = \"Wazir\"\nletter = \"W\"\nimage = \"wazir\"\n\
         description = \"one step along a rank or file\"\nmoves = [\"leap W\"]\n",
        chess.source_text()
    );
    let setup = "4k3/8/8/8/8/8/8/3WK3 w - - 0 1";
    let res = app
        .edit_preset(
            &alice,
            &slug,
            &[("definition", Some(&wazir)), ("setup_fen", Some(setup))],
            "save",
        )
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (_, page) = app.get_as(&app.client, &format!("/presets/{slug}")).await;
    assert!(page.contains("variant definition changed"));
    let figure = piece_figure(&page, "W");
    assert!(figure.contains("Wazir"));
    assert_eq!(marks_on(figure, "e6"), ["mk-both"]);
    assert!(marks_on(figure, "f6").is_empty());
    let (_, index) = app.get_as(&app.client, "/presets").await;
    let row = &index[index.find(&format!("data-preset=\"{slug}\"")).unwrap()..];
    assert!(
        row[..row.find("</tr>").unwrap()]
            .contains("Own variant definition: 8 × 8, 7 kinds of piece"),
        "the index tells a preset with its own definition apart"
    );

    // A game of it is played by that definition.
    let game = app.game_with_preset(&alice, "bob", &bob, &slug).await;
    assert_eq!(
        app.play(&alice, game, 1, "Wd1-d2").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.play(&bob, game, 2, "Ke8-d7").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.play(&alice, game, 3, "Wd2-e3").await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let (_, page) = app.get_as(&alice, &format!("/games/{game}")).await;
    assert!(
        page.contains("Wazir"),
        "the game's legend has the new piece"
    );
    // Its log names the preset's own variant (the definition kept the built-in name
    // "chess", so the preset's slug) and carries the definition, in the PGN and the JSON.
    let pgn = app.get_text(&format!("/logs/{game}.pgn")).await;
    assert!(pgn.contains(&format!("[Variant \"{slug}\"]")), "{pgn}");
    assert!(
        pgn.contains("{plypost variant definition (TOML):\n"),
        "{pgn}"
    );
    assert!(pgn.contains("name = \"Wazir\""));
    let json: serde_json::Value = app
        .get(&format!("/logs/{game}.json"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(json["variant"]["name"], slug.as_str());
    assert!(json["preset"]["definition"]
        .as_str()
        .unwrap()
        .contains("name = \"Wazir\""));
    // Read back (another day's copy), it replays by that definition.
    let (_, form) = app.get_as(&bob, "/logs/import").await;
    let token = crate::common::extract_csrf(&form).unwrap();
    let copy = crate::logs::redated(&pgn, "2025.01.01");
    let res = crate::logs::upload(&app, &bob, &token, &copy).await;
    let page = res.text().await.unwrap();
    assert!(page.contains("1 imported, 0 refused"), "{page}");
}

backend_tests!(
    builtin_presets_are_listed_and_read_only,
    every_piece_has_a_move_diagram,
    fork_edit_preview_and_history,
    only_the_owner_edits,
    retire_unlist_and_delete,
    forked_preset_is_played,
    game_keeps_its_preset_version,
    builtin_preset_gets_a_version_when_the_engine_changes,
    a_preset_carries_its_own_definition,
);
