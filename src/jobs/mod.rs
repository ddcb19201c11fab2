//! Background work started by `plypost serve`: mail delivery, cleanup, and the clock job
//! (vacations, time-outs, reminders), the computer player's moves, and the IMAP watcher for moves by mail. Each job is a tokio task with its own loop;
//! `server::launch` starts them.

pub mod cleanup;
pub mod computer;
pub mod imap;
pub mod mail;
pub mod reminders;
pub mod timeouts;
