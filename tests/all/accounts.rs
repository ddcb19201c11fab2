//! Accounts through HTTP: register, log in and out, settings, CSRF, rate limits, escaping.

use crate::common;

use reqwest::StatusCode;

use crate::common::{assert_redirect, Backend, TestApp, PASSWORD};

async fn register_login_logout(backend: Backend) {
    let app = TestApp::new(backend).await;

    let home = app.get_text("/").await;
    assert!(home.contains("Log in"));

    let res = app.register("Alice", "alice@example.org", PASSWORD).await;
    assert_redirect(&res, "/");
    let home = app.get_text("/").await;
    assert!(home.contains("Hello, Alice"), "signed in after registering");
    assert!(home.contains("No game is waiting for your move."));

    let res = app.logout().await;
    assert_redirect(&res, "/");
    assert!(!app.get_text("/").await.contains("Hello, Alice"));

    // Usernames are matched ignoring case.
    let res = app.login("alice", PASSWORD).await;
    assert_redirect(&res, "/");
    assert!(app.get_text("/").await.contains("Hello, Alice"));

    // The settings page needs a signed-in user.
    let other = app.new_client();
    let res = other.get(app.url("/settings")).send().await.unwrap();
    assert_redirect(&res, "/login?next=%2Fsettings");
    let res = app.get("/settings").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("alice@example.org"));
}

async fn login_returns_to_next_page_only_if_local(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("bob", "bob@example.org", PASSWORD).await;
    app.logout().await;
    let res = app
        .post(
            "/login",
            &[
                ("username", "bob"),
                ("password", PASSWORD),
                ("next", "/settings"),
            ],
        )
        .await;
    assert_redirect(&res, "/settings");
    app.logout().await;
    let res = app
        .post(
            "/login",
            &[
                ("username", "bob"),
                ("password", PASSWORD),
                ("next", "//evil.example/"),
            ],
        )
        .await;
    assert_redirect(&res, "/");
}

async fn wrong_password_is_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("carol", "carol@example.org", PASSWORD).await;
    app.logout().await;

    let res = app.login("carol", "not the password").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let page = res.text().await.unwrap();
    assert!(page.contains("Wrong username or password."));
    assert!(
        page.contains("value=\"carol\""),
        "the form keeps the username"
    );
    assert!(!app.get_text("/").await.contains("Hello, carol"));

    // Unknown users get the same answer.
    let res = app.login("nobody", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Wrong username or password."));
}

async fn registration_input_is_checked(backend: Backend) {
    let app = TestApp::new(backend).await;
    let cases: [(&str, &str, &str, &str, &str); 6] = [
        (
            "ab",
            "a@example.org",
            PASSWORD,
            PASSWORD,
            "3 to 32 characters",
        ),
        (
            "bad name",
            "a@example.org",
            PASSWORD,
            PASSWORD,
            "letters, digits",
        ),
        (
            "dave",
            "not-an-email",
            PASSWORD,
            PASSWORD,
            "does not look like an email",
        ),
        (
            "dave",
            "a@example.org",
            "short",
            "short",
            "at least 10 characters",
        ),
        (
            "dave",
            "a@example.org",
            PASSWORD,
            "other password",
            "do not match",
        ),
        ("", "", "", "", "3 to 32 characters"),
    ];
    for (username, email, password, confirm, message) in cases {
        let res = app
            .post(
                "/register",
                &[
                    ("username", username),
                    ("email", email),
                    ("password", password),
                    ("password_confirm", confirm),
                ],
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{username}/{email}"
        );
        let page = res.text().await.unwrap();
        assert!(page.contains(message), "expected `{message}` in the page");
        assert!(page.contains("<form"), "the form is shown again");
    }

    app.register("Erin", "erin@example.org", PASSWORD).await;
    app.logout().await;
    let res = app.register("ERIN", "other@example.org", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("That username is taken."));
    let res = app.register("erin2", "ERIN@example.org", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("already exists"));
}

async fn state_changes_need_the_csrf_token(backend: Backend) {
    let app = TestApp::new(backend).await;
    let fields = [
        ("username", "mallory"),
        ("email", "mallory@example.org"),
        ("password", PASSWORD),
        ("password_confirm", PASSWORD),
    ];
    // No token at all.
    let res = app.post_raw("/register", &fields).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(res.text().await.unwrap().contains("Forbidden"));
    // A wrong token.
    let mut with_wrong = fields.to_vec();
    with_wrong.push(("csrf_token", "forged"));
    let res = app.post_raw("/register", &with_wrong).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // Nothing was created: logging in fails.
    let res = app.login("mallory", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    // Another session's token does not work either.
    app.register("trent", "trent@example.org", PASSWORD).await;
    let stranger = app.new_client();
    let strangers_token = common::csrf_of(&stranger, &app.url("/password-reset")).await;
    let res = app
        .post_raw(
            "/settings/email",
            &[
                ("email", "evil@example.org"),
                ("current_password", PASSWORD),
                ("csrf_token", &strangers_token),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(app
        .get_text("/settings")
        .await
        .contains("trent@example.org"));

    // Log out without the token: still signed in.
    let res = app.post_raw("/logout", &[]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(app.get_text("/").await.contains("Hello, trent"));

    // Log in without the token.
    app.logout().await;
    let res = app
        .post_raw("/login", &[("username", "trent"), ("password", PASSWORD)])
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(!app.get_text("/").await.contains("Hello, trent"));
}

async fn logins_are_rate_limited_per_account(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("frank", "frank@example.org", PASSWORD).await;
    app.logout().await;
    for _ in 0..5 {
        let res = app.login("frank", "wrong password!").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    // Now even the right password is refused, with a clear message.
    let res = app.login("FRANK", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("Too many failed attempts. Please wait 15 minutes"),
        "{page}"
    );
    assert!(!app.get_text("/").await.contains("Hello, frank"));

    app.clock.advance(chrono::Duration::minutes(10));
    let res = app.login("frank", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.text().await.unwrap().contains("Please wait 5 minutes"));

    // When the window has passed the account opens again.
    app.clock.advance(chrono::Duration::minutes(6));
    let res = app.login("frank", PASSWORD).await;
    assert_redirect(&res, "/");
}

async fn parallel_guesses_do_not_slip_past_the_limit(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("rita", "rita@example.org", PASSWORD).await;
    app.logout().await;
    let mut tasks = Vec::new();
    for _ in 0..12 {
        let client = app.new_client();
        let address = app.address.clone();
        tasks.push(actix_web::rt::spawn(async move {
            common::post_with(
                &client,
                &address,
                "/login",
                &[("username", "rita"), ("password", "a wrong guess")],
            )
            .await
            .status()
        }));
    }
    let mut checked = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => {}
            other => panic!("unexpected {other}"),
        }
    }
    assert!(checked <= 5, "{checked} guesses were checked");
    let res = app.login("rita", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn logins_are_rate_limited_per_address(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("grace", "grace@example.org", PASSWORD).await;
    app.logout().await;
    // Twenty failures spread over many account names (four each, below the account limit).
    for i in 0..20 {
        let name = format!("guess{}", i % 5);
        let res = app.login(&name, "wrong password!").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    let res = app.login("grace", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Too many failed attempts"));
    app.clock.advance(chrono::Duration::minutes(16));
    assert_redirect(&app.login("grace", PASSWORD).await, "/");
}

async fn settings_change_password_email_and_preferences(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("heidi", "heidi@example.org", PASSWORD).await;

    // A second session of the same user.
    let laptop = app.new_client();
    let res = common::post_with(
        &laptop,
        &app.address,
        "/login",
        &[("username", "heidi"), ("password", PASSWORD)],
    )
    .await;
    assert_redirect(&res, "/");

    // Wrong current password.
    let res = app
        .post(
            "/settings/password",
            &[
                ("current_password", "not my password"),
                ("new_password", "a brand new password"),
                ("new_password_confirm", "a brand new password"),
            ],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Your current password is not correct."));

    let res = app
        .post(
            "/settings/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", "a brand new password"),
                ("new_password_confirm", "a brand new password"),
            ],
        )
        .await;
    assert_redirect(&res, "/settings?saved=password");
    let page = app.get_text("/settings?saved=password").await;
    assert!(
        page.contains("Your password was changed."),
        "this session stays signed in"
    );

    // The other session was signed out.
    let res = laptop.get(app.url("/settings")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    app.logout().await;
    assert_eq!(
        app.login("heidi", PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_redirect(&app.login("heidi", "a brand new password").await, "/");

    // Email.
    let res = app
        .post(
            "/settings/email",
            &[
                ("email", "heidi@new.example"),
                ("current_password", "a brand new password"),
            ],
        )
        .await;
    assert_redirect(&res, "/settings?saved=email");
    assert!(app
        .get_text("/settings")
        .await
        .contains("heidi@new.example"));

    // Preferences: both notifications off, a time zone.
    let res = app
        .post("/settings/preferences", &[("time_zone", "Europe/Paris")])
        .await;
    assert_redirect(&res, "/settings?saved=preferences");
    let page = app.get_text("/settings").await;
    assert!(page.contains("<option selected>Europe/Paris</option>"));
    assert!(!page.contains("name=\"notify_turn\" value=\"on\" checked"));
    let res = app
        .post(
            "/settings/preferences",
            &[("notify_turn", "on"), ("time_zone", "Mars/Olympus_Mons")],
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("Unknown time zone"));
    let res = app
        .post(
            "/settings/preferences",
            &[("notify_turn", "on"), ("time_zone", "Asia/Tokyo")],
        )
        .await;
    assert_redirect(&res, "/settings?saved=preferences");
    let page = app.get_text("/settings").await;
    assert!(page.contains("name=\"notify_turn\" value=\"on\" checked"));
    assert!(!page.contains("name=\"notify_reminder\" value=\"on\" checked"));
    assert!(page.contains("JST"), "dates are shown in the chosen zone");
}

async fn user_text_is_escaped(backend: Backend) {
    let app = TestApp::new(backend).await;
    let evil = "<script>alert(1)</script>";
    let res = app
        .post("/login", &[("username", evil), ("password", "whatever")])
        .await;
    let page = res.text().await.unwrap();
    assert!(!page.contains(evil));
    assert!(page.contains("&#60;script&#62;") || page.contains("&lt;script&gt;"));

    let res = app
        .post(
            "/password-reset",
            &[("email", "\"><img src=x onerror=alert(1)>@example.org")],
        )
        .await;
    let page = res.text().await.unwrap();
    assert!(!page.contains("<img src=x"));
}

async fn pages_errors_and_limits(backend: Backend) {
    let app = TestApp::new(backend).await;

    let res = app.get("/healthz").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.text().await.unwrap(), "ok\n");

    let res = app.get("/no/such/page").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let page = res.text().await.unwrap();
    assert!(page.contains("Page not found") && page.contains("<nav"));

    let res = app.get("/static/css/site.css").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res
        .headers()
        .get("cache-control")
        .is_some_and(|v| v.to_str().unwrap().contains("max-age")));
    // Pages link the content-hashed URL, cached as immutable.
    let page = app.get_text("/login").await;
    let start = page.find("/static/css/site.css?v=").expect("a hashed link");
    let href = &page[start..start + page[start..].find('"').unwrap()];
    let res = app.get(href).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res
        .headers()
        .get("cache-control")
        .is_some_and(|v| v.to_str().unwrap().contains("immutable")));
    assert_eq!(res.headers().get("content-type").unwrap(), "text/css");
    assert_eq!(
        app.get("/static/../Cargo.toml").await.status(),
        StatusCode::NOT_FOUND
    );
    let res = app.get("/static/nothing.css").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(res.text().await.unwrap().contains("Page not found"));

    for path in [
        "/",
        "/login",
        "/register",
        "/password-reset",
        "/games",
        "/presets",
        "/logs",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let headers = res.headers().clone();
        assert_eq!(headers.get("x-frame-options").unwrap(), "DENY");
        let page = res.text().await.unwrap();
        assert!(page.contains("name=\"viewport\""), "{path}");
    }

    // Request bodies are limited.
    let token = app.csrf().await;
    let big = "x".repeat(200 * 1024);
    let res = app
        .client
        .post(app.url("/login"))
        .form(&[("username", big.as_str()), ("csrf_token", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(res.text().await.unwrap().contains("Too large"));

    // A malformed form body is refused with a page, not a 500.
    let res = app
        .client
        .post(app.url("/login"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("%%%&csrf_token={token}&username=%FF%FE"))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());
    assert!(res.text().await.unwrap().contains("<html"));

    // Wrong method.
    let res = app.client.delete(app.url("/login")).send().await.unwrap();
    assert!(res.status().is_client_error());
}

async fn session_cookie_flags(backend: Backend) {
    let app = TestApp::new(backend.clone()).await;
    let res = app.get("/login").await;
    let cookie = res
        .headers()
        .get("set-cookie")
        .expect("a session cookie")
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("plypost_session="));
    assert!(cookie.contains("HttpOnly"));
    assert!(cookie.contains("SameSite=Lax"));
    assert!(!cookie.contains("Secure"));

    let https = TestApp::with(common::TestOptions {
        backend,
        smtp_url: None,
        base_url: Some("https://plypost.example".into()),
        env: Vec::new(),
    })
    .await;
    let res = https.get("/login").await;
    let cookie = res.headers().get("set-cookie").unwrap().to_str().unwrap();
    assert!(cookie.contains("Secure"));
}

async fn concurrent_registrations_all_succeed(backend: Backend) {
    // SQLite must not answer "database is locked" under concurrent writes.
    let app = TestApp::new(backend).await;
    let mut tasks = Vec::new();
    for i in 0..8 {
        let client = app.new_client();
        let address = app.address.clone();
        tasks.push(actix_web::rt::spawn(async move {
            let name = format!("player{i}");
            let email = format!("player{i}@example.org");
            common::post_with(
                &client,
                &address,
                "/register",
                &[
                    ("username", name.as_str()),
                    ("email", email.as_str()),
                    ("password", PASSWORD),
                    ("password_confirm", PASSWORD),
                ],
            )
            .await
            .status()
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), StatusCode::SEE_OTHER);
    }
}

async fn cross_site_posts_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("oscar", "oscar@example.org", PASSWORD).await;
    let token = app.csrf().await;
    // Even with the right token, a browser-marked cross-site POST changes nothing.
    let res = app
        .client
        .post(app.url("/logout"))
        .header("Origin", "https://evil.example")
        .form(&[("csrf_token", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = app
        .client
        .post(app.url("/logout"))
        .header("Sec-Fetch-Site", "cross-site")
        .form(&[("csrf_token", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert!(app.get_text("/").await.contains("Hello, oscar"));
    // The site's own origin is fine.
    let res = app
        .client
        .post(app.url("/logout"))
        .header("Origin", app.address.as_str())
        .header("Sec-Fetch-Site", "same-origin")
        .form(&[("csrf_token", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_redirect(&res, "/");
}

async fn signed_in_pages_keep_the_header(backend: Backend) {
    let app = TestApp::new(backend).await;
    app.register("peggy", "peggy@example.org", PASSWORD).await;
    let res = app.get("/no/such/page").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let page = res.text().await.unwrap();
    assert!(
        page.contains(">peggy</a>"),
        "the 404 page knows who is signed in"
    );

    // After logging in, a GET comes back where it was, query included.
    app.logout().await;
    let res = app.get("/settings?saved=email").await;
    assert_redirect(&res, "/login?next=%2Fsettings%3Fsaved%3Demail");
    // A POST that needs a signed-in user sends to the log-in page without a way back.
    let res = app
        .post("/settings/preferences", &[("time_zone", "UTC")])
        .await;
    assert_redirect(&res, "/login");
}

async fn logging_out_ends_the_session_on_the_server(backend: Backend) {
    let app = TestApp::new(backend).await;
    let res = app.register("quinn", "quinn@example.org", PASSWORD).await;
    let cookie = res
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    // A copy of the cookie (say, stolen) works while the session lives...
    let copy = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let page = |copy: &reqwest::Client| {
        copy.get(app.url("/settings"))
            .header("Cookie", cookie.clone())
            .send()
    };
    assert_eq!(page(&copy).await.unwrap().status(), StatusCode::OK);
    // ...and not after logging out.
    app.logout().await;
    assert_eq!(page(&copy).await.unwrap().status(), StatusCode::SEE_OTHER);
}

backend_tests!(
    logging_out_ends_the_session_on_the_server,
    cross_site_posts_are_refused,
    signed_in_pages_keep_the_header,
    register_login_logout,
    login_returns_to_next_page_only_if_local,
    wrong_password_is_refused,
    registration_input_is_checked,
    state_changes_need_the_csrf_token,
    logins_are_rate_limited_per_account,
    logins_are_rate_limited_per_address,
    parallel_guesses_do_not_slip_past_the_limit,
    settings_change_password_email_and_preferences,
    user_text_is_escaped,
    pages_errors_and_limits,
    session_cookie_flags,
    concurrent_registrations_all_succeed,
);
