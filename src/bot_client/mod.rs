//! `plypost bot`: any UCI engine as a bot, through the bot API (plypost's, or any server
//! that speaks Lichess's): it accepts the challenges in the variants the engine knows
//! (its `UCI_Variant` option; `chess` alone without one), declines the others with a
//! reason, and plays every game in progress with an engine process of its own, up to a
//! limit. It answers draw offers by the engine's score, resigns a position the engine has
//! found lost for several moves, restarts an engine that dies, and reconnects when the
//! server goes away.

mod engine;
mod http;

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use parking_lot::Mutex;
use serde_json::Value;

use engine::{Engine, EngineCommand};
use http::Client;

/// What `plypost bot` is told.
#[derive(Debug, Clone)]
pub struct Settings {
    pub server: String,
    pub token: String,
    pub engine: String,
    /// Only these variants (plypost's names; `chess` for Lichess's `standard`), when given.
    pub variants: Option<Vec<String>>,
    pub movetime_ms: u64,
    /// Games played at once (an engine process each); more are declined as `later`.
    pub max_games: usize,
    /// Exit after this many games have finished (for tests and matches); `None`: never.
    pub stop_after: Option<usize>,
}

/// A score the engine gives (centipawns from the side to move) at or below which, for
/// [`RESIGN_MOVES`] moves in a row, the bot resigns.
const RESIGN_BELOW_CP: i64 = -1000;
const RESIGN_MOVES: usize = 3;
/// A draw offer is accepted when the engine sees no more than this either way.
const DRAW_WITHIN_CP: i64 = 30;
/// Waits between attempts to reach the server.
const RECONNECT: [u64; 6] = [1, 2, 3, 5, 8, 10];

/// Runs the bot until stopped (or until `stop_after` games have finished).
pub async fn run(settings: Settings) -> anyhow::Result<()> {
    let client = Client::new(&settings.server, &settings.token)?;
    let account = client
        .get_json("/api/account")
        .await
        .context("reading the account")?;
    if account["title"] != "BOT" {
        bail!(
            "{} is not a bot account: upgrade it once with POST /api/bot/account/upgrade (an account that has never played)",
            account["username"].as_str().unwrap_or("this account")
        );
    }
    let me = account["username"].as_str().unwrap_or_default().to_owned();
    let command = EngineCommand::parse(&settings.engine)?;
    let known = Engine::start(&command).await?.variants().to_vec();
    let variants: Vec<String> = match &settings.variants {
        Some(wanted) => wanted
            .iter()
            .filter(|v| known.contains(v))
            .cloned()
            .collect(),
        None => known,
    };
    if variants.is_empty() {
        bail!("the engine plays none of the variants asked for");
    }
    tracing::info!(bot = %me, variants = ?variants, "connected");
    let bot = Arc::new(Bot {
        client,
        me,
        command,
        variants,
        settings,
        playing: Mutex::new(HashSet::new()),
        finished: Mutex::new(0),
        game_over: tokio::sync::Notify::new(),
    });
    bot.events().await
}

struct Bot {
    client: Client,
    me: String,
    command: EngineCommand,
    variants: Vec<String>,
    settings: Settings,
    /// The games a task plays now.
    playing: Mutex<HashSet<String>>,
    finished: Mutex<usize>,
    /// Told when a game task ends.
    game_over: tokio::sync::Notify,
}

/// plypost's (and the engine's) name of a bot API variant key.
fn engine_variant(key: &str) -> &str {
    match key {
        "standard" | "fromPosition" => "chess",
        other => other,
    }
}

impl Bot {
    fn done(&self) -> bool {
        self.settings
            .stop_after
            .is_some_and(|n| *self.finished.lock() >= n)
    }

    /// Follows the event stream, reconnecting whenever it breaks.
    async fn events(self: &Arc<Self>) -> anyhow::Result<()> {
        let mut failures = 0;
        loop {
            if self.done() {
                return Ok(());
            }
            match self.client.stream("/api/stream/event").await {
                Ok(mut lines) => {
                    failures = 0;
                    loop {
                        let event = tokio::select! {
                            event = lines.next(Duration::from_secs(20)) => event,
                            _ = self.game_over.notified() => {
                                if self.done() {
                                    return Ok(());
                                }
                                continue;
                            }
                        };
                        let Some(event) = event else { break };
                        self.on_event(event).await;
                    }
                    tracing::warn!("the event stream ended; reconnecting");
                }
                Err(e) => tracing::warn!(error = %e, "cannot reach the server"),
            }
            let wait = RECONNECT[failures.min(RECONNECT.len() - 1)];
            failures += 1;
            tokio::time::sleep(Duration::from_secs(wait)).await;
        }
    }

    async fn on_event(self: &Arc<Self>, event: Value) {
        match event["type"].as_str() {
            Some("challenge") => self.on_challenge(&event["challenge"]).await,
            Some("gameStart") => {
                if let Some(id) = event["game"]["gameId"].as_str() {
                    self.start_game(id.to_owned());
                }
            }
            _ => {}
        }
    }

    async fn on_challenge(&self, challenge: &Value) {
        let Some(id) = challenge["id"].as_str() else {
            return;
        };
        if challenge["direction"] == "out" || challenge["challenger"]["name"] == self.me.as_str() {
            return;
        }
        let variant = engine_variant(challenge["variant"]["key"].as_str().unwrap_or_default());
        let reason = if !self.variants.iter().any(|v| v == variant) {
            Some("variant")
        } else if self.playing.lock().len() >= self.settings.max_games {
            Some("later")
        } else {
            None
        };
        let result = match reason {
            Some(reason) => {
                tracing::info!(challenge = id, reason, "declining");
                self.client
                    .post(
                        &format!("/api/challenge/{id}/decline"),
                        &format!("reason={reason}"),
                    )
                    .await
            }
            None => {
                tracing::info!(challenge = id, variant, "accepting");
                self.client
                    .post(&format!("/api/challenge/{id}/accept"), "")
                    .await
            }
        };
        if let Err(e) = result {
            tracing::warn!(challenge = id, error = %e, "answering a challenge");
        }
    }

    fn start_game(self: &Arc<Self>, id: String) {
        if !self.playing.lock().insert(id.clone()) {
            return;
        }
        let bot = self.clone();
        tokio::spawn(async move {
            let mut failures = 0;
            loop {
                match bot.play(&id).await {
                    Ok(true) => break,
                    Ok(false) => failures = 0,
                    Err(e) => {
                        tracing::warn!(game = %id, error = %e, "playing");
                        failures += 1;
                    }
                }
                tokio::time::sleep(Duration::from_secs(
                    RECONNECT[failures.min(RECONNECT.len() - 1)],
                ))
                .await;
            }
            bot.playing.lock().remove(&id);
            *bot.finished.lock() += 1;
            bot.game_over.notify_one();
            tracing::info!(game = %id, "finished");
        });
    }

    /// Plays game `id` while its stream lasts: `Ok(true)` when the game is over.
    async fn play(&self, id: &str) -> anyhow::Result<bool> {
        let mut lines = self
            .client
            .stream(&format!("/api/bot/game/stream/{id}"))
            .await?;
        let Some(full) = lines.next(Duration::from_secs(20)).await else {
            return Ok(false);
        };
        if full["type"] != "gameFull" {
            bail!("the game stream did not open with gameFull: {full}");
        }
        let white = full["white"]["name"] == self.me.as_str();
        let variant =
            engine_variant(full["variant"]["key"].as_str().unwrap_or("standard")).to_owned();
        let initial = full["initialFen"].as_str().unwrap_or("startpos").to_owned();
        let mut game = GamePlay {
            id: id.to_owned(),
            white,
            white_starts: initial == "startpos" || initial.split_whitespace().nth(1) != Some("b"),
            position: if initial == "startpos" {
                "position startpos".to_owned()
            } else {
                format!("position fen {initial}")
            },
            variant,
            engine: None,
            lost_for: 0,
            last_score: None,
            answered_offer_at: None,
        };
        let mut state = full["state"].clone();
        loop {
            if state["type"] == "gameState" && game.on_state(self, &state).await? {
                return Ok(true);
            }
            match lines.next(Duration::from_secs(20)).await {
                Some(next) => state = next,
                None => return Ok(false),
            }
        }
    }
}

/// One game being played: the engine process and what the bot has seen.
struct GamePlay {
    id: String,
    white: bool,
    white_starts: bool,
    position: String,
    variant: String,
    engine: Option<Engine>,
    lost_for: usize,
    last_score: Option<i64>,
    /// The move count at which a draw offer was answered (it is answered once).
    answered_offer_at: Option<usize>,
}

impl GamePlay {
    /// Acts on a game state; `Ok(true)` when the game is over.
    async fn on_state(&mut self, bot: &Bot, state: &Value) -> anyhow::Result<bool> {
        if state["status"] != "started" {
            if let Some(mut engine) = self.engine.take() {
                engine.quit().await;
            }
            return Ok(true);
        }
        let moves: Vec<&str> = state["moves"]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .collect();
        let white_to_move = moves.len().is_multiple_of(2) == self.white_starts;
        let offered = if self.white {
            state["bdraw"] == true
        } else {
            state["wdraw"] == true
        };
        if offered && self.answered_offer_at != Some(moves.len()) {
            self.answered_offer_at = Some(moves.len());
            let accept = self.last_score.is_some_and(|s| s.abs() <= DRAW_WITHIN_CP);
            let answer = if accept { "yes" } else { "no" };
            bot.client
                .post(&format!("/api/bot/game/{}/draw/{answer}", self.id), "")
                .await?;
            if accept {
                return Ok(false);
            }
        }
        if white_to_move != self.white {
            return Ok(false);
        }
        let position = if moves.is_empty() {
            self.position.clone()
        } else {
            format!("{} moves {}", self.position, moves.join(" "))
        };
        let (best, score) = self.think(bot, &position).await?;
        self.last_score = score;
        self.lost_for = match score {
            Some(s) if s <= RESIGN_BELOW_CP => self.lost_for + 1,
            _ => 0,
        };
        if self.lost_for >= RESIGN_MOVES {
            tracing::info!(game = %self.id, "resigning a lost position");
            bot.client
                .post(&format!("/api/bot/game/{}/resign", self.id), "")
                .await?;
            return Ok(false);
        }
        bot.client
            .post(
                &format!("/api/bot/game/{}/move/{best}?offeringDraw=false", self.id),
                "",
            )
            .await?;
        Ok(false)
    }

    /// The engine's move and score; an engine that died is started again, once.
    async fn think(&mut self, bot: &Bot, position: &str) -> anyhow::Result<(String, Option<i64>)> {
        for attempt in 0..2 {
            if self.engine.is_none() {
                let mut engine = Engine::start(&bot.command).await?;
                engine.new_game(&self.variant).await?;
                self.engine = Some(engine);
            }
            let Some(engine) = self.engine.as_mut() else {
                continue;
            };
            match engine.best_move(position, bot.settings.movetime_ms).await {
                Ok(found) => return Ok(found),
                Err(e) => {
                    tracing::warn!(game = %self.id, attempt, error = %e, "the engine failed; starting it again");
                    self.engine = None;
                }
            }
        }
        bail!("the engine failed twice in a row")
    }
}
