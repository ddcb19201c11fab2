//! Background work started by `plypost serve`: mail delivery now; time-outs and reminders
//! later. Each job is a tokio task with its own loop; `server::launch` starts them.

pub mod cleanup;
pub mod mail;
