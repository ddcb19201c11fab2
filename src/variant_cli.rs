//! `plypost variant import|export` and `plypost perft`: variant definitions on the command
//! line. Import prints the definition on standard output and every warning on standard error;
//! it exits 1 with every error (line and key) when the text cannot be imported.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Subcommand;
use plypost_rules::import::{self, Format, Problem};
use plypost_rules::{Position, Variant};

#[derive(Subcommand)]
pub enum Action {
    /// Print the plypost definition (TOML) of a variant written in another format. Exit 0
    /// when imported, 1 with every error when not.
    Import {
        /// fsf-ini (Fairy-Stockfish's variants.ini) or diagram (an Interactive Diagram).
        #[arg(long)]
        format: String,
        /// The file to read.
        file: PathBuf,
        /// The variants.ini section to import (needed when the file has several).
        #[arg(long)]
        section: Option<String>,
    },
    /// Print a variant as a Fairy-Stockfish variants.ini section, when it fits Fairy-Stockfish
    /// (its board limits and rules); exit 1 naming everything that does not fit.
    Export {
        /// fsf-ini.
        #[arg(long)]
        format: String,
        /// A built-in variant's name, or a definition file (a preset's TOML).
        variant: String,
    },
}

pub struct PerftArgs {
    pub args: Vec<String>,
    pub definition: Option<PathBuf>,
    pub format: Option<String>,
    pub section: Option<String>,
    pub fen: Option<String>,
    pub divide: bool,
}

/// Longest definition file read.
const MAX_FILE_BYTES: u64 = 512 * 1024;

fn read_text(path: &Path) -> anyhow::Result<String> {
    let size = std::fs::metadata(path)
        .with_context(|| format!("{}", path.display()))?
        .len();
    if size > MAX_FILE_BYTES {
        bail!(
            "{}: the file is larger than {} KB",
            path.display(),
            MAX_FILE_BYTES / 1024
        );
    }
    std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))
}

fn format_of(name: &str) -> anyhow::Result<Format> {
    Format::parse(name)
        .with_context(|| format!("--format: `{name}` is neither fsf-ini nor diagram"))
}

fn print_problems(problems: &[Problem], what: &str) {
    for p in problems {
        eprintln!("{what}: {p}");
    }
}

pub fn run(action: Action) -> ExitCode {
    match action {
        Action::Export { format, variant } => export(&format, &variant),
        Action::Import {
            format,
            file,
            section,
        } => {
            let result = format_of(&format)
                .and_then(|format| Ok((format, read_text(&file)?)))
                .map(|(format, text)| import::import(format, &text, section.as_deref()));
            match result {
                Err(e) => {
                    eprintln!("plypost: {e:#}");
                    ExitCode::FAILURE
                }
                Ok(Err(errors)) => {
                    print_problems(&errors, "error");
                    ExitCode::FAILURE
                }
                Ok(Ok(imported)) => {
                    print_problems(&imported.warnings, "warning");
                    print!("{}", imported.definition);
                    ExitCode::SUCCESS
                }
            }
        }
    }
}

/// The variant of `--definition`: a TOML file, or a file of another format imported first.
fn load_definition(
    path: &Path,
    format: Option<&str>,
    section: Option<&str>,
) -> anyhow::Result<Variant> {
    let text = read_text(path)?;
    let toml = match format {
        None | Some("toml") => text,
        Some(other) => {
            let format = format_of(other)?;
            match import::import(format, &text, section) {
                Ok(imported) => {
                    print_problems(&imported.warnings, "warning");
                    imported.definition
                }
                Err(errors) => {
                    print_problems(&errors, "error");
                    bail!("{}: not imported", path.display());
                }
            }
        }
    };
    Variant::from_toml(&toml).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow::anyhow!("{}: {}", path.display(), lines.join("; "))
    })
}

/// Prints the divide (when asked) and always ends with `nodes <N>`.
pub fn perft(args: PerftArgs) -> anyhow::Result<()> {
    let (variant, depth) = match (&args.definition, args.args.as_slice()) {
        (Some(path), [depth]) => (
            load_definition(path, args.format.as_deref(), args.section.as_deref())?,
            depth,
        ),
        (Some(_), _) => bail!("with --definition give only the depth"),
        (None, [name, depth]) => (Variant::builtin(name)?, depth),
        (None, _) => bail!("give a variant and a depth (or --definition FILE and a depth)"),
    };
    let depth: u32 = depth
        .parse()
        .with_context(|| format!("depth `{depth}` is not a number"))?;
    let position = match &args.fen {
        Some(fen) => {
            Position::from_fen(&variant, &import::fen_from_fsf(&variant, fen)).context("--fen")?
        }
        None => Position::start(&variant),
    };
    let nodes = if args.divide && depth > 0 {
        let lines = plypost_rules::divide(&position, depth);
        for (mv, count) in &lines {
            println!("{mv} {count}");
        }
        lines.iter().map(|(_, count)| count).sum()
    } else {
        plypost_rules::perft(&position, depth)
    };
    println!("nodes {nodes}");
    Ok(())
}

fn export(format: &str, name: &str) -> ExitCode {
    if format != "fsf-ini" {
        eprintln!("plypost: --format: `{format}` is not fsf-ini");
        return ExitCode::FAILURE;
    }
    let path = Path::new(name);
    let variant = if path.is_file() {
        load_definition(path, None, None)
    } else {
        Variant::builtin(name).map_err(anyhow::Error::from)
    };
    let variant = match variant {
        Ok(v) => v,
        Err(e) => {
            eprintln!("plypost: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    match plypost_rules::fsf_export::to_fsf_ini(&variant) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(errors) => {
            print_problems(&errors, "does not fit Fairy-Stockfish");
            ExitCode::FAILURE
        }
    }
}
