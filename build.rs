//! Rebuilds the server when a migration or a message file is added or changed:
//! `embed_migrations!` and fluent-templates' `static_loader!` read those folders at compile
//! time, and cargo does not know it depends on them (a new `locales/<tag>/` directory is a new
//! language).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=locales");
}
