//! A UCI engine process: started with its command line, asked for its variants
//! (`UCI_Variant`), a game's variant set, a position searched for a fixed time.

use std::process::Stdio;
use std::time::Duration;

use anyhow::{bail, Context};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// An engine's command line, split as a shell would split simple words and quotes.
#[derive(Debug, Clone)]
pub struct EngineCommand {
    program: String,
    args: Vec<String>,
}

impl EngineCommand {
    pub fn parse(text: &str) -> anyhow::Result<EngineCommand> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quote: Option<char> = None;
        let mut started = false;
        for c in text.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), c) => word.push(c),
                (None, '\'' | '"') => {
                    quote = Some(c);
                    started = true;
                }
                (None, c) if c.is_whitespace() => {
                    if started || !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                        started = false;
                    }
                }
                (None, c) => word.push(c),
            }
        }
        if quote.is_some() {
            bail!("--engine: an unclosed quote in `{text}`");
        }
        if started || !word.is_empty() {
            words.push(word);
        }
        let mut words = words.into_iter();
        let program = words.next().context("--engine: no command given")?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

/// How long an engine may take to answer anything but a search.
const ANSWER: Duration = Duration::from_secs(30);

pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: Lines<BufReader<ChildStdout>>,
    variants: Vec<String>,
}

impl Engine {
    /// Starts the engine and reads its options.
    pub async fn start(command: &EngineCommand) -> anyhow::Result<Engine> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting the engine {}", command.program))?;
        let input = child.stdin.take().context("the engine's input")?;
        let output = BufReader::new(child.stdout.take().context("the engine's output")?).lines();
        let mut engine = Engine {
            child,
            input,
            output,
            variants: Vec::new(),
        };
        engine.send("uci").await?;
        let mut variants = Vec::new();
        engine
            .until(ANSWER, |line| {
                if let Some(rest) = line.strip_prefix("option name UCI_Variant ") {
                    variants = rest
                        .split(" var ")
                        .skip(1)
                        .map(|v| v.trim().to_owned())
                        .collect();
                }
                line == "uciok"
            })
            .await?;
        if variants.is_empty() {
            variants.push("chess".to_owned());
        }
        engine.variants = variants;
        Ok(engine)
    }

    /// The variants it plays (plypost's names are Fairy-Stockfish's).
    pub fn variants(&self) -> &[String] {
        &self.variants
    }

    async fn send(&mut self, line: &str) -> anyhow::Result<()> {
        self.input
            .write_all(format!("{line}\n").as_bytes())
            .await
            .context("writing to the engine")?;
        self.input.flush().await.context("writing to the engine")
    }

    /// Reads lines until `done` says so; each line goes to `done`.
    async fn until(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> anyhow::Result<()> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let line = tokio::time::timeout_at(deadline, self.output.next_line())
                .await
                .context("the engine did not answer in time")?
                .context("reading from the engine")?
                .context("the engine stopped")?;
            if done(line.trim()) {
                return Ok(());
            }
        }
    }

    pub async fn new_game(&mut self, variant: &str) -> anyhow::Result<()> {
        if self.variants.iter().any(|v| v == variant)
            && !(variant == "chess" && self.variants.len() == 1)
        {
            self.send(&format!("setoption name UCI_Variant value {variant}"))
                .await?;
        }
        self.send("ucinewgame").await?;
        self.send("isready").await?;
        self.until(ANSWER, |line| line == "readyok").await
    }

    /// The best move in `position` (a UCI `position` command) after `movetime_ms`, and the
    /// last score the engine gave, in centipawns from the side to move (a mate is ±100,000).
    pub async fn best_move(
        &mut self,
        position: &str,
        movetime_ms: u64,
    ) -> anyhow::Result<(String, Option<i64>)> {
        self.send(position).await?;
        self.send(&format!("go movetime {movetime_ms}")).await?;
        let mut best = None;
        let mut score = None;
        let limit = Duration::from_millis(movetime_ms) + ANSWER;
        self.until(limit, |line| {
            if let Some(found) = score_of(line) {
                score = Some(found);
            }
            if let Some(rest) = line.strip_prefix("bestmove ") {
                best = rest.split_whitespace().next().map(str::to_owned);
                return true;
            }
            false
        })
        .await?;
        match best {
            Some(mv) if mv != "(none)" && mv != "0000" => Ok((mv, score)),
            _ => bail!("the engine found no move in {position}"),
        }
    }

    pub async fn quit(&mut self) {
        let _ = self.send("quit").await;
        let _ = tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await;
    }
}

/// The score of an `info ... score cp N` or `score mate N` line.
fn score_of(line: &str) -> Option<i64> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let at = words.iter().position(|w| *w == "score")?;
    let value: i64 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(100_000 - value),
        "mate" => Some(-100_000 - value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let c = EngineCommand::parse("/usr/games/stockfish").unwrap();
        assert_eq!(
            (c.program.as_str(), c.args.len()),
            ("/usr/games/stockfish", 0)
        );
        let c = EngineCommand::parse("plypost  uci").unwrap();
        assert_eq!(c.args, ["uci"]);
        let c = EngineCommand::parse(r#"'/opt/my engine/fsf' --x "a b""#).unwrap();
        assert_eq!(c.program, "/opt/my engine/fsf");
        assert_eq!(c.args, ["--x", "a b"]);
        assert!(EngineCommand::parse("").is_err());
        assert!(EngineCommand::parse("'open").is_err());
    }

    #[test]
    fn scores_read_from_info_lines() {
        assert_eq!(
            score_of("info depth 10 score cp -35 nodes 10 pv e2e4"),
            Some(-35)
        );
        assert_eq!(score_of("info depth 3 score mate 2 pv a1a8"), Some(99_998));
        assert_eq!(score_of("info depth 3 score mate -1"), Some(-99_999));
        assert_eq!(score_of("info string hello"), None);
        assert_eq!(score_of("bestmove e2e4"), None);
    }
}
