//! Background work started by `plypost serve`: mail delivery now; time-outs and reminders
//! later. Each job is a tokio task with its own loop.

pub mod mail;
