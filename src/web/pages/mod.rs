//! One module per page (or group of pages), each with `pub fn configure(cfg)`.

pub mod admin;
pub mod auth;
pub mod feeds;
pub mod games;
pub mod health;
pub mod help;
pub mod home;
pub mod logs;
pub mod logs_import;
pub mod password_reset;
pub mod presets;
pub mod presets_import;
pub mod presets_markdown;
pub mod presets_view;
pub mod settings;
pub mod settings_api;
pub mod tournaments;
pub mod unsubscribe;
pub mod users;
