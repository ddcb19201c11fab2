//! Matches between two players in any built-in variant, in one process: the engine at a
//! level with a fixed time per move, or a random mover. The rules crate's `Game` decides how
//! each game ends (mate, stalemate, repetition, the move-count rule); a game still going at
//! the ply limit counts as a draw. Prints each variant's score and an Elo estimate with its
//! 95 % interval.
//!
//! ```text
//! cargo run --release -p plypost-engine --example versus -- \
//!     [--games 20] [--movetime-ms 100] [--max-plies 400] PLAYER PLAYER VARIANT...
//! ```
//! A player is `random` or `level:N` (N in 1..=8). Colours alternate; games are reproducible
//! except for timing (the search stops on its clock).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use plypost_engine::{Level, Limits, Rng, Root, Searcher};
use plypost_rules::{Color, Game, Outcome, Position, Variant};

#[derive(Clone, Copy, Debug)]
enum Player {
    Random,
    Engine(Level),
}

impl Player {
    fn parse(text: &str) -> Option<Player> {
        match text.split_once(':') {
            None if text == "random" => Some(Player::Random),
            Some(("level", n)) => n.parse().ok().and_then(Level::new).map(Player::Engine),
            _ => None,
        }
    }

    fn name(self) -> String {
        match self {
            Player::Random => "random".to_owned(),
            Player::Engine(level) => format!("level:{}", level.number()),
        }
    }
}

struct Options {
    games: u32,
    movetime: Duration,
    max_plies: usize,
    players: [Player; 2],
    variants: Vec<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut games, mut movetime, mut max_plies) = (20, Duration::from_millis(100), 400);
    let mut rest = Vec::new();
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--games" => games = number("--games")? as u32,
            "--movetime-ms" => movetime = Duration::from_millis(number("--movetime-ms")?),
            "--max-plies" => max_plies = number("--max-plies")? as usize,
            _ => rest.push(arg),
        }
    }
    if rest.len() < 3 {
        return Err("usage: versus [options] PLAYER PLAYER VARIANT...".to_owned());
    }
    let player = |t: &str| Player::parse(t).ok_or(format!("{t}: random or level:1..8"));
    Ok(Options {
        games,
        movetime,
        max_plies,
        players: [player(&rest[0])?, player(&rest[1])?],
        variants: rest[2..].to_vec(),
    })
}

/// One game: +1 when `first` won, 0 for a draw, -1 when it lost.
fn play(
    variant: &Variant,
    players: [Player; 2],
    first_is_white: bool,
    seed: u64,
    o: &Options,
) -> i32 {
    let mut game = Game::new(Position::start(variant));
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    let mut rng = Rng::new(seed);
    let mut root = Root::new(Position::start(variant));
    for ply in 0..o.max_plies {
        if game.outcome().is_some() {
            break;
        }
        let white_to_move = game.position().side_to_move() == Color::White;
        let index = usize::from(white_to_move != first_is_white);
        let moves = game.position().legal_moves();
        let Some(&fallback) = moves.first() else {
            break;
        };
        let mv = match players[index] {
            Player::Random => moves[rng.below(moves.len() as u64) as usize],
            Player::Engine(level) => {
                let searcher = &mut searchers[index];
                searcher.set_noise(level.budget().noise, seed ^ ply as u64);
                let now = Instant::now();
                let limits = Limits {
                    depth: Some(level.budget().depth),
                    nodes: level.budget().nodes,
                    deadline: Some(now + o.movetime),
                    soft_deadline: Some(now + o.movetime / 2),
                    stop: None,
                };
                searcher
                    .search(&root, &limits, &mut |_| {})
                    .best
                    .unwrap_or(fallback)
            }
        };
        if game.play(&mv).is_err() {
            break;
        }
        root.push(&mv);
    }
    let first = if first_is_white {
        Color::White
    } else {
        Color::Black
    };
    match game.outcome() {
        Some(Outcome::Decisive { winner, .. }) if winner == first => 1,
        Some(Outcome::Decisive { .. }) => -1,
        _ => 0,
    }
}

/// Elo difference for a score fraction, and the half-width of its 95 % interval.
fn elo(wins: u32, draws: u32, losses: u32) -> String {
    let n = f64::from(wins + draws + losses);
    let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let of = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    // Every game won (or lost): the exact one-sided 95 % bound, 0.05^(1/n) of the games.
    let bound = 0.05f64.powf(1.0 / n);
    if p >= 1.0 {
        return format!("> {:+.0}", of(bound));
    }
    if p <= 0.0 {
        return format!("< {:+.0}", of(1.0 - bound));
    }
    let se = (p * (1.0 - p) / n).sqrt();
    let slope = 400.0 / (std::f64::consts::LN_10 * p * (1.0 - p));
    format!("{:+.0} ± {:.0}", of(p), 1.96 * se * slope)
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("versus: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{} vs {}, {} games per variant, {} ms a move, {} plies at most",
        o.players[0].name(),
        o.players[1].name(),
        o.games,
        o.movetime.as_millis(),
        o.max_plies
    );
    for name in &o.variants {
        let variant = match Variant::builtin(name) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("versus: {e}");
                return ExitCode::FAILURE;
            }
        };
        let started = Instant::now();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for g in 0..o.games {
            match play(&variant, o.players, g % 2 == 0, 0x5eed + u64::from(g), &o) {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
        }
        println!(
            "{name:<12} +{wins} ={draws} -{losses}  Elo {}  ({:.0} s)",
            elo(wins, draws, losses),
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
