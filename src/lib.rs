//! plypost: a correspondence (play-by-email) server for large chess variants.
//!
//! Data flows one way: `web` (parse the request, call a service, render) → services → `db`,
//! with the shared words in `domain`, `time_control` and `i18n` (the languages, dates and numbers). The services, each only
//! using those listed before it: `accounts`, `presets`, `ratings`, `mail`, `games` (games as
//! stored), `game_mail` (their mails), `challenges` and `tournaments` (which start games),
//! `play` (moves, offers, and the one way a game ends), `computer` (the computer player, which
//! plays through `play`), `analysis` (the engine's verdict on a position), `bots` (games and
//! challenges as the bot API shows them), then `logs`, `admin`,
//! `privacy`, `jobs`, and `seed` (a benchmark archive, written through them all). A handler never talks SQL; a service never builds HTML and never imports `web`.
//! `tests/all/architecture.rs` checks these rules; `docs/life-of-a-game.md` follows a game.

pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod bot_client;
pub mod bots;
pub mod challenges;
pub mod clock;
pub mod computer;
pub mod config;
pub mod db;
pub mod domain;
pub mod game_mail;
pub mod games;
pub mod i18n;
pub mod jobs;
pub mod logs;
pub mod mail;
pub mod metrics;
pub mod play;
pub mod presets;
pub mod privacy;
pub mod ratings;
pub mod seed;
pub mod server;
pub mod time_control;
pub mod tournaments;
pub mod web;
