//! Background work started by `plypost serve`: mail delivery, cleanup, and the clock job
//! (vacations, time-outs, reminders). Each job is a tokio task with its own loop;
//! `server::launch` starts them.

pub mod cleanup;
pub mod mail;
pub mod reminders;
pub mod timeouts;
