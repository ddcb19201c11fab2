//! The `plypost` command: `serve` (the default), `migrate`, `import`, `mail-in`, `perft`,
//! `variant` and `uci`.

use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use plypost::clock::SystemClock;
use plypost::config::Config;
use plypost::logs::import::ImportOutcome;
use plypost::{db, server};

mod uci;
mod variant_cli;

// Many threads allocate and free short-lived strings and rows at once; glibc's allocator
// spent a sixth of the server's CPU in its arena locks and consolidation (BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "plypost",
    version,
    about = "A correspondence server for chess variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the web server and the background jobs (the default).
    Serve,
    /// Apply the pending database migrations, then exit.
    Migrate,
    /// Import the games of PGN files (written by plypost) into the logs, checking every move.
    Import {
        /// PGN files; each may hold many games.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Read one mail (a reply with a move) on standard input, as an MTA delivers it, and
    /// handle it. Exits 0 when it was handled or dropped, 75 (EX_TEMPFAIL) when the database
    /// is unavailable, so that the MTA delivers it again later.
    MailIn,
    /// Write a consistent copy of the SQLite database to FILE while the server runs (on
    /// PostgreSQL: says how to use pg_dump).
    Backup {
        /// A new file for the copy.
        file: std::path::PathBuf,
    },
    /// Grant, revoke or list the admin role.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Count the legal move sequences of a variant to a depth (tests the rules engine):
    /// `perft VARIANT DEPTH` for a built-in, `perft --definition FILE DEPTH` for a file.
    Perft {
        /// VARIANT and DEPTH (plies), or only DEPTH with --definition.
        #[arg(required = true, num_args = 1..=2, value_name = "VARIANT] [DEPTH")]
        args: Vec<String>,
        /// A variant definition: plypost's TOML, or with --format a variants.ini or an
        /// Interactive Diagram, imported first.
        #[arg(long)]
        definition: Option<std::path::PathBuf>,
        /// The format of --definition: toml (the default), fsf-ini or diagram.
        #[arg(long)]
        format: Option<String>,
        /// The variants.ini section of --definition (needed when it has several).
        #[arg(long)]
        section: Option<String>,
        /// Start from this position instead of the variant's start (for an imported variant,
        /// Fairy-Stockfish's FEN is read too).
        #[arg(long)]
        fen: Option<String>,
        /// Print one `<move> <count>` line per legal move first.
        #[arg(long)]
        divide: bool,
    },
    /// Import a variant from another program's format, or export one to it.
    Variant {
        #[command(subcommand)]
        action: variant_cli::Action,
    },
    /// Rewrite the database without its free space (SQLite: `VACUUM`, which also turns on
    /// incremental auto-vacuum for files made before it was the default; it holds the write
    /// lock while it runs, so schedule it in a quiet hour). PostgreSQL: `VACUUM (ANALYZE)`.
    Vacuum,
    /// Fill a benchmark database with generated players and random games of every variant,
    /// written as played games are (`bench/scale.sh`). Refuses a database with real players.
    Seed {
        /// Games to add.
        #[arg(long)]
        games: u64,
        /// Players in all (default: one per 200 games, between 500 and 3,000).
        #[arg(long)]
        players: Option<u32>,
        /// Round-robin tournaments to add, four to six players each (default: one per 1,000
        /// games).
        #[arg(long)]
        events: Option<u64>,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Speak UCI on standard input and output (as Fairy-Stockfish does for variants: option
    /// UCI_Variant), for GUIs and match runners.
    Uci,
    /// Connect a UCI engine to a server as a bot (through the Lichess-compatible bot API):
    /// accept challenges in the engine's variants and play every game.
    Bot {
        /// The server's address (`https://plypost.example.org`).
        #[arg(long, env = "PLYPOST_BOT_SERVER")]
        server: String,
        /// A personal access token of the bot account (scopes read and play).
        #[arg(long, env = "PLYPOST_BOT_TOKEN", hide_env_values = true)]
        token: String,
        /// The engine's command line (`/usr/games/stockfish`, `'plypost uci'`).
        #[arg(long)]
        engine: String,
        /// Only these variants (comma-separated; `chess` for Lichess's `standard`).
        #[arg(long, value_delimiter = ',')]
        variants: Option<Vec<String>>,
        /// Search time a move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime_ms: u64,
        /// Games played at once (an engine process each); more challenges are declined.
        #[arg(long, default_value_t = 4)]
        max_games: usize,
        /// Exit after this many games have finished (matches, tests).
        #[arg(long)]
        stop_after: Option<usize>,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Make a player an admin.
    Grant { name: String },
    /// Take the admin role away.
    Revoke { name: String },
    /// List the admins.
    List,
}

fn main() -> ExitCode {
    let filter = || EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Standard error: `mail-in` runs under an MTA, which may read standard output.
    let logs = tracing_subscriber::fmt().with_writer(std::io::stderr);
    match std::env::var("PLYPOST_LOG_FORMAT")
        .as_deref()
        .map(str::trim)
    {
        Ok("json") => logs.json().with_env_filter(filter()).init(),
        Ok("text" | "") | Err(_) => logs.with_env_filter(filter()).init(),
        Ok(other) => {
            eprintln!("plypost: PLYPOST_LOG_FORMAT: `{other}` is neither `text` nor `json`");
            return ExitCode::FAILURE;
        }
    }
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::MailIn => return mail_in(),
        Command::Serve => serve(),
        Command::Migrate => migrate(),
        Command::Import { files } => import(&files),
        Command::Backup { file } => backup(&file),
        Command::Admin { action } => admin(action),
        Command::Perft {
            args,
            definition,
            format,
            section,
            fen,
            divide,
        } => variant_cli::perft(variant_cli::PerftArgs {
            args,
            definition,
            format,
            section,
            fen,
            divide,
        }),
        Command::Variant { action } => return variant_cli::run(action),
        Command::Vacuum => vacuum(),
        Command::Seed {
            games,
            players,
            events,
            seed,
        } => seed_archive(games, players, events, seed),
        Command::Uci => uci::run(std::io::stdin().lock(), std::io::stdout()).context("uci"),
        Command::Bot {
            server,
            token,
            engine,
            variants,
            movetime_ms,
            max_games,
            stop_after,
        } => run_bot(plypost::bot_client::Settings {
            server,
            token,
            engine,
            variants,
            movetime_ms,
            max_games: max_games.max(1),
            stop_after,
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plypost: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn migrate() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let mut conn = db::establish(&config.database).context("opening the database")?;
    let applied = db::run_migrations(&mut conn)?;
    println!(
        "{applied} migration(s) applied to the {} database",
        config.database.backend_name()
    );
    Ok(())
}

/// Imports each file, a game at a time (a file of any size is read in the memory of one
/// game), with a progress line on standard error every 1,000 games; a game that fails is
/// reported and skipped. Fails (exit code 1) when any game was refused, so scripts notice.
fn import(files: &[std::path::PathBuf]) -> anyhow::Result<()> {
    use plypost::logs::{import::Place, pgn::GameTexts};
    let config = Config::from_env()?;
    let pool = db::pool(&config.database, 1, config.db_timeout).context("opening the database")?;
    let mut conn = pool.get().context("opening the database")?;
    db::run_migrations(&mut conn)?;
    let clock = SystemClock;
    let mut refused = 0;
    for path in files {
        let file =
            std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
        let started = std::time::Instant::now();
        let (mut read, mut imported) = (0, 0);
        for game in GameTexts::new(std::io::BufReader::new(file)) {
            let (line, text) = game.with_context(|| format!("reading {}", path.display()))?;
            let place = Place {
                games: read,
                lines: line - 1,
            };
            let report = plypost::logs::import::import_part(&mut conn, &clock, &text, None, place)
                .with_context(|| format!("importing {}", path.display()))?;
            read += report.games.len();
            imported += report.imported();
            refused += report.refused();
            print_outcomes(path, &report.games);
            if read / 1_000 != (read - report.games.len()) / 1_000 {
                eprintln!(
                    "{}: {read} games read, {imported} imported, {} refused, {:.0} games/s",
                    path.display(),
                    read - imported,
                    read as f64 / started.elapsed().as_secs_f64()
                );
            }
        }
        println!(
            "{}: {imported} imported, {} refused",
            path.display(),
            read - imported
        );
    }
    if refused > 0 {
        anyhow::bail!("{refused} game(s) could not be imported");
    }
    Ok(())
}

fn print_outcomes(path: &std::path::Path, games: &[(usize, ImportOutcome)]) {
    for (index, outcome) in games {
        match outcome {
            ImportOutcome::Imported {
                id,
                white,
                black,
                plies,
            } => println!(
                "{}: game {index} ({white} - {black}): imported as game {id}, {plies} plies",
                path.display()
            ),
            ImportOutcome::Refused {
                white,
                black,
                reason,
            } => eprintln!(
                "{}: game {index} ({white} - {black}): not imported: {reason}",
                path.display()
            ),
        }
    }
}

fn vacuum() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let mut conn = db::establish(&config.database).context("opening the database")?;
    db::run_migrations(&mut conn)?;
    let done = db::vacuum(&mut conn).context("vacuum")?;
    println!(
        "{} database: {} MB before, {} MB after",
        config.database.backend_name(),
        done.before / 1_000_000,
        done.after / 1_000_000
    );
    Ok(())
}

fn seed_archive(
    games: u64,
    players: Option<u32>,
    events: Option<u64>,
    seed: u64,
) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let pool = db::pool(&config.database, 1, config.db_timeout).context("opening the database")?;
    let mut conn = pool.get().context("opening the database")?;
    db::run_migrations(&mut conn)?;
    let plan = plypost::seed::Plan {
        games,
        players: players.unwrap_or_else(|| (games / 200).clamp(500, 3_000) as u32),
        events: events.unwrap_or(games / 1_000),
        seed,
    };
    let started = std::time::Instant::now();
    let mut shown = 0;
    plypost::seed::run(&mut conn, &SystemClock, &config, plan, |written| {
        if written - shown >= 10_000 || written == games {
            shown = written;
            eprintln!(
                "seed: {written}/{games} games, {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    db::analyze_all(&mut conn)?;
    Ok(())
}

/// `sysexits.h`: a temporary failure; the MTA keeps the message and tries again.
const EX_TEMPFAIL: u8 = 75;

fn mail_in() -> ExitCode {
    use plypost::play::by_mail::{self, Handled};
    use std::io::Read;

    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("plypost mail-in: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // One byte more than the limit is enough to know a message is too large.
    let mut raw = Vec::new();
    let limit = u64::try_from(by_mail::MAX_MESSAGE_BYTES + 1).unwrap_or(u64::MAX);
    if let Err(e) = std::io::stdin().lock().take(limit).read_to_end(&mut raw) {
        eprintln!("plypost mail-in: reading standard input: {e}");
        return ExitCode::from(EX_TEMPFAIL);
    }
    let handled = db::pool(&config.database, 1, config.db_timeout)
        .map_err(anyhow::Error::from)
        .and_then(|pool| Ok(pool.get()?))
        .and_then(|mut db| {
            let log = plypost::games::move_log::MoveLogCache::new(1024 * 1024);
            Ok(by_mail::handle(&mut db, &SystemClock, &config, &log, &raw)?)
        });
    match handled {
        Ok(Handled::Dropped(reason)) => {
            tracing::info!(%reason, "inbound mail dropped");
            ExitCode::SUCCESS
        }
        Ok(outcome) => {
            tracing::info!(?outcome, "inbound mail handled");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plypost mail-in: {e:#} (the message is left to the MTA to deliver again)");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}

fn backup(file: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    match db::backup::backup(&config.database, file)? {
        db::backup::Backup::Written { bytes } => {
            println!(
                "backup written to {} ({bytes} bytes, integrity check ok)",
                file.display()
            );
            Ok(())
        }
        db::backup::Backup::UsePgDump(how) => anyhow::bail!("{how}"),
    }
}

fn admin(action: AdminAction) -> anyhow::Result<()> {
    use plypost::accounts::admin;
    let config = Config::from_env()?;
    let pool = db::pool(&config.database, 1, config.db_timeout).context("opening the database")?;
    let mut conn = pool.get().context("opening the database")?;
    db::run_migrations(&mut conn)?;
    let clock = SystemClock;
    match action {
        AdminAction::Grant { name } => {
            admin::set_admin(&mut conn, &clock, &name, true)?;
            println!("{name} is an admin");
        }
        AdminAction::Revoke { name } => {
            admin::set_admin(&mut conn, &clock, &name, false)?;
            println!("{name} is no longer an admin");
        }
        AdminAction::List => {
            let names = admin::admins(&mut conn)?;
            if names.is_empty() {
                println!("no admins (grant the role with: plypost admin grant NAME)");
            }
            for name in names {
                println!("{name}");
            }
        }
    }
    Ok(())
}

fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    actix_web::rt::System::new().block_on(run_server(config))
}

fn run_bot(settings: plypost::bot_client::Settings) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("a runtime")?
        .block_on(plypost::bot_client::run(settings))
}

async fn run_server(config: Config) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.bind)
        .with_context(|| format!("PLYPOST_BIND: cannot listen on {}", config.bind))?;
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let launched = server::launch(config, Arc::new(SystemClock), listener, workers).await?;
    let config = &launched.state.config;
    tracing::info!(
        address = %config.bind,
        database = config.database.backend_name(),
        base_url = %config.base_url,
        "plypost is listening"
    );
    // On SIGTERM or Ctrl-C the server stops taking requests and waits for those under way:
    // the bot API's streams end at once, cleanly, so that it need not wait for them.
    let streams = launched.state.bot_streams.clone();
    actix_web::rt::spawn(async move {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => return,
            };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
        streams.shut_down();
    });
    launched.server.await?;
    for job in launched.jobs {
        job.abort();
    }
    Ok(())
}
