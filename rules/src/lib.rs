//! plypost-rules: the rules engine of plypost. No IO, no web, no database.
#![forbid(unsafe_code)]
