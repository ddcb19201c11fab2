fn main() {
    println!("plypost");
}
