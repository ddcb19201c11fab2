//! The `plypost` command: `serve` (the default) and `migrate`.

use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use plypost::clock::SystemClock;
use plypost::config::Config;
use plypost::{db, server};

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
    // `Perft { .. }` joins here when the rules engine lands.
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(),
        Command::Migrate => migrate(),
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

fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    actix_web::rt::System::new().block_on(run_server(config))
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
    launched.server.await?;
    for job in launched.jobs {
        job.abort();
    }
    Ok(())
}
