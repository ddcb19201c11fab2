//! Rebuilds the server when a migration is added or changed: `embed_migrations!` reads the
//! folders at compile time, and cargo does not know it depends on them.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
