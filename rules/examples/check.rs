fn main() {
    let name = std::env::args().nth(1).unwrap_or("chess".into());
    let text = std::fs::read_to_string(format!("variants/{name}.toml")).unwrap();
    match plypost_rules::Variant::from_toml(&text) {
        Ok(v) => println!("ok {}", v.name()),
        Err(errs) => {
            for e in errs {
                println!("{e}")
            }
        }
    }
}
