//! The integration tests, in one binary (one link, one process; the approach of crates.io's
//! `tests/all`): each module is one area of the application, and `common` (shared with
//! `tests/bench`) holds `TestApp`, `Backend`, `backend_tests!` and the SMTP server.
//!
//! ```text
//! cargo test --test all                    # everything
//! cargo test --test all -- games_http::    # one area (module)
//! cargo test --test all -- on_postgres::   # the PostgreSQL half of every backend_tests!
//! ```

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod accounts;
mod admin;
mod analysis;
mod api;
mod architecture;
mod bots;
mod computer;
mod conditional;
mod endings;
mod faults;
mod feeds;
mod findings;
mod games_browser;
mod games_http;
mod i18n;
mod logs;
mod mail;
mod mail_in;
mod operations;
mod players;
mod presets;
mod privacy;
mod ratings;
mod refusals;
mod scale;
mod security;
mod setups;
mod startup;
mod storage;
mod takebacks;
mod time_controls;
mod tournaments;
mod uci;
mod variant_docs;
mod variant_import;
