//! The rules engine's integration tests, one binary: perft suites (data in `tests/data/`),
//! one module per variant and special rule, the error messages, property and fuzz tests.

#[path = "../common/mod.rs"]
mod common;

mod betza_builtin;
mod betza_fuzz;
mod betza_parse;
mod cazaux;
mod chess;
mod errors;
mod game;
mod gratia;
mod obento;
mod perft_chess;
mod perft_variants;
mod properties;
mod san;
mod terachess1;
mod terachess2;
mod teramachy;
mod variants;
