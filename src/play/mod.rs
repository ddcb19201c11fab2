//! Playing a game: moves checked by the rules engine (with conditional answers), draw
//! offers, resignation, the clocks' endings, administrators' decisions, replies by mail, and
//! the one way a game ends ([`end::end`]). Each action is one write that also queues its
//! mails, so a move and its announcement are stored together or not at all. The rows are
//! `games`'s; this module decides what happens to them.

pub mod by_mail;
pub mod decisions;
pub mod end;
pub mod moves;
pub mod time;
pub mod withdrawal;

pub use decisions::{
    abort, accept_draw, account_deleted, adjudicate, decline_draw, resign, resign_at,
};
pub use end::{end, Ending};
pub use moves::{play_move, MoveInput, Played};
pub use time::{abandon, time_out};
