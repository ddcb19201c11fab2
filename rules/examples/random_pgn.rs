//! Random legal games of one variant as PGN in plypost's import format, for benchmarks that
//! need a big archive (`bench/export_memory.sh`).
//!
//!     cargo run --release -p plypost-rules --example random_pgn -- terachess2 1000 160 > games.pgn
//!
//! Arguments: the variant, the number of games (default 100) and the plies of each game at
//! most (default 160; a game stops earlier when it is over). Deterministic for a given
//! command line.
use plypost_rules::{Color, Game, Outcome, Position, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "terachess2".to_owned());
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let max_plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(160);
    let variant = match Variant::builtin(&name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for number in 1..=games {
        let start = Position::start(&variant);
        let mut game = Game::new(start.clone());
        let mut texts = Vec::new();
        while texts.len() < max_plies && game.outcome().is_none() {
            let position = game.position().clone();
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            texts.push(position.move_text(&mv));
            if game.play(&mv).is_err() {
                break;
            }
        }
        // A game the rules ended says how; one stopped at the ply limit is unfinished.
        let result = match game.outcome() {
            Some(Outcome::Decisive {
                winner: Color::White,
                ..
            }) => "1-0",
            Some(Outcome::Decisive { .. }) => "0-1",
            Some(Outcome::Draw { .. }) => "1/2-1/2",
            None => "*",
        };
        println!("[Event \"Random game {number}\"]");
        println!("[Site \"plypost bench\"]");
        println!("[Date \"2026.12.04\"]");
        println!("[Round \"-\"]");
        println!("[White \"random-white-{}\"]", number % 50);
        println!("[Black \"random-black-{}\"]", number % 47);
        println!("[Result \"{result}\"]");
        println!("[Variant \"{name}\"]");
        println!();
        let mut line = String::new();
        for (i, text) in texts.iter().enumerate() {
            let token = if i % 2 == 0 {
                format!("{}. {text}", i / 2 + 1)
            } else {
                text.clone()
            };
            if line.len() + token.len() + 1 > 80 {
                println!("{line}");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        println!("{line}{result}");
        println!();
    }
}
