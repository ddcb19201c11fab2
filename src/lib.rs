//! plypost: a correspondence (play-by-email) server for large chess variants.
//!
//! Data flows one way: `web` (parse the request, call a service, render) → services
//! (`accounts`, `presets`, `ratings`, `games`, `logs`, `mail`, `jobs`) → `db`, with the shared words in
//! `domain`, `time_control` and `format`. A handler never talks SQL; a service never builds
//! HTML and never imports `web`; `games` may use `presets` and `accounts`, not the reverse.
//! `tests/all/architecture.rs` checks these rules.

pub mod accounts;
pub mod admin;
pub mod clock;
pub mod config;
pub mod db;
pub mod domain;
pub mod format;
pub mod games;
pub mod jobs;
pub mod logs;
pub mod mail;
pub mod metrics;
pub mod presets;
pub mod privacy;
pub mod ratings;
pub mod server;
pub mod time_control;
pub mod web;
