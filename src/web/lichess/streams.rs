//! The bot API's two NDJSON streams: a player's events (`/api/stream/event`) and a game's
//! (`/api/bot/game/stream/{id}`).
//!
//! A stream is a future polled by the server, not a thread: it waits for an in-process
//! change (a move, a challenge, ... made through this process) or for its next look at the
//! database (every few seconds, which brings changes made by another server process and by
//! the background jobs), and writes what changed since the last line it sent. An empty line
//! goes out after [`KEEP_ALIVE`] of silence: clients give up after 15 s without a byte.
//! Every line is its own chunk of a chunked response, never compressed, so it arrives at
//! once.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{web, HttpResponse};
use parking_lot::Mutex;
use tokio::sync::watch;

use super::{json, Caller, LichessError};
use crate::accounts::{bots, User};
use crate::bots::{ApiId, BotGame, GameVersion, Pending};
use crate::games::{GameError, GameId};
use crate::web::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/stream/event", web::get().to(event_stream))
        .route("/api/bot/game/stream/{id}", web::get().to(game_stream));
}

/// Silence after which a stream writes an empty line.
const KEEP_ALIVE: Duration = Duration::from_secs(6);
/// How often a stream reads the database when nothing in this process woke it.
const GAME_POLL: Duration = Duration::from_secs(2);
const EVENT_POLL: Duration = Duration::from_secs(3);
/// After a change elsewhere in this process, a stream looks within this time.
const GLOBAL_LOOK: Duration = Duration::from_secs(1);
/// A game stream with nothing new for this long closes; clients open it again when they
/// need it (lichess-bot does for correspondence games).
const GAME_IDLE: Duration = Duration::from_secs(30 * 60);

/// How many streams may be open.
#[derive(Debug, Clone, Copy)]
pub struct StreamLimits {
    /// Game streams of one account.
    pub per_user: usize,
    /// All streams of this process.
    pub total: usize,
}

impl Default for StreamLimits {
    fn default() -> Self {
        StreamLimits {
            per_user: 100,
            total: 5_000,
        }
    }
}

/// The streams of this process: who holds how many, the wake-up they share, and the
/// shutdown signal.
pub struct StreamRegistry {
    limits: StreamLimits,
    changes: watch::Sender<u64>,
    stopping: watch::Sender<bool>,
    open: Mutex<Counts>,
    /// The wake-ups of one game's streams, and of one account's event stream.
    targets: Mutex<HashMap<Target, watch::Sender<u64>>>,
    /// Streams reading the database at once: a wake-up of hundreds of streams queues here
    /// instead of taking every blocking thread and connection.
    looks: tokio::sync::Semaphore,
}

/// Database reads the streams of a process make at once.
const LOOKS_AT_ONCE: usize = 4;

/// What a targeted wake-up is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    Game(i64),
    Account(i64),
}

#[derive(Default)]
struct Counts {
    total: usize,
    games_of: HashMap<i64, usize>,
    /// The generation of each account's event stream: a new one ends the one before.
    event_generation: HashMap<i64, u64>,
}

impl StreamRegistry {
    pub fn new(limits: StreamLimits) -> Self {
        StreamRegistry {
            limits,
            changes: watch::channel(0).0,
            stopping: watch::channel(false).0,
            open: Mutex::new(Counts::default()),
            targets: Mutex::new(HashMap::new()),
            looks: tokio::sync::Semaphore::new(LOOKS_AT_ONCE),
        }
    }

    /// Something changed in this process: every stream looks at the database soon (within
    /// [`GLOBAL_LOOK`], so that a busy site costs each stream one look a second, not one a
    /// change).
    pub fn changed(&self) {
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// `target` changed: its streams look at the database now.
    pub fn wake(&self, target: Target) {
        if let Some(sender) = self.targets.lock().get(&target) {
            sender.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    fn subscribe(&self, target: Target) -> watch::Receiver<u64> {
        let mut targets = self.targets.lock();
        // Forget the targets nobody follows any more, now and then.
        if targets.len() > 64 && targets.len() > 2 * self.open.lock().total {
            targets.retain(|_, sender| sender.receiver_count() > 0);
        }
        targets
            .entry(target)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// The server is stopping: every stream ends.
    pub fn shut_down(&self) {
        self.stopping.send_replace(true);
    }

    /// Streams open now (the metrics and the load bench read it).
    pub fn open_streams(&self) -> usize {
        self.open.lock().total
    }

    fn admit(self: &Arc<Self>, user: i64, game: bool) -> Result<Ticket, LichessError> {
        let mut open = self.open.lock();
        if open.total >= self.limits.total {
            return Err(LichessError::too_many(
                "The server holds as many streams as it can; try again soon.",
                10,
            ));
        }
        let generation = if game {
            let held = open.games_of.entry(user).or_default();
            if *held >= self.limits.per_user {
                return Err(LichessError::too_many(
                    format!("At most {} game streams an account.", self.limits.per_user),
                    10,
                ));
            }
            *held += 1;
            0
        } else {
            let generation = open.event_generation.entry(user).or_default();
            *generation += 1;
            *generation
        };
        open.total += 1;
        drop(open);
        // A new event stream replaces the account's earlier one, as on Lichess.
        if !game {
            self.changed();
        }
        Ok(Ticket {
            registry: self.clone(),
            user,
            game,
            generation,
        })
    }
}

/// A place among the open streams, given back when the stream ends.
struct Ticket {
    registry: Arc<StreamRegistry>,
    user: i64,
    game: bool,
    generation: u64,
}

impl Ticket {
    /// An event stream replaced by a newer one of the same account.
    fn replaced(&self) -> bool {
        !self.game
            && self.registry.open.lock().event_generation.get(&self.user) != Some(&self.generation)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.registry.open.lock();
        open.total = open.total.saturating_sub(1);
        if self.game {
            if let Some(held) = open.games_of.get_mut(&self.user) {
                *held = held.saturating_sub(1);
                if *held == 0 {
                    open.games_of.remove(&self.user);
                }
            }
        } else if open.event_generation.get(&self.user) == Some(&self.generation) {
            open.event_generation.remove(&self.user);
        }
    }
}

/// What every stream waits on.
struct Waits {
    changes: watch::Receiver<u64>,
    own: watch::Receiver<u64>,
    stopping: watch::Receiver<bool>,
    last_write: Instant,
    /// A change somewhere in this process, not yet looked at.
    global_pending: bool,
}

enum Woken {
    /// Time to look at the database.
    Look,
    KeepAlive,
    Stop,
}

impl Waits {
    fn new(registry: &StreamRegistry, target: Target) -> Self {
        Waits {
            changes: registry.changes.subscribe(),
            own: registry.subscribe(target),
            stopping: registry.stopping.subscribe(),
            last_write: Instant::now(),
            global_pending: false,
        }
    }

    /// Waits for a change of its own target (a move in its game, ...), the next look at
    /// the database (sooner after a change elsewhere in this process), a keep-alive or the
    /// end.
    async fn next(&mut self, poll: Duration, looked: Instant) -> Woken {
        loop {
            if *self.stopping.borrow() {
                return Woken::Stop;
            }
            let next_look = if self.global_pending {
                poll.min(GLOBAL_LOOK)
            } else {
                poll
            };
            let look_at = tokio::time::Instant::from_std(looked + next_look);
            let keep_alive_at = tokio::time::Instant::from_std(self.last_write + KEEP_ALIVE);
            tokio::select! {
                changed = self.own.changed() => return match changed {
                    Ok(()) => self.looking(),
                    Err(_) => Woken::Stop,
                },
                changed = self.changes.changed() => match changed {
                    Ok(()) => self.global_pending = true,
                    Err(_) => return Woken::Stop,
                },
                _ = self.stopping.changed() => return Woken::Stop,
                _ = tokio::time::sleep_until(look_at) => return self.looking(),
                _ = tokio::time::sleep_until(keep_alive_at) => return Woken::KeepAlive,
            }
        }
    }

    fn looking(&mut self) -> Woken {
        self.global_pending = false;
        Woken::Look
    }
}

fn line(value: &serde_json::Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}

/// An NDJSON response of `lines`, uncompressed and unbuffered.
fn ndjson<S>(lines: S) -> HttpResponse
where
    S: futures_util::Stream<Item = Result<Bytes, actix_web::Error>> + 'static,
{
    HttpResponse::Ok()
        .content_type("application/x-ndjson")
        // The compression middleware would hold lines back to fill its blocks.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(lines)
}

// ---- The game stream ----

struct GameStream {
    state: web::Data<AppState>,
    me: User,
    id: GameId,
    version: GameVersion,
    chat_sent: i64,
    waits: Waits,
    looked: Instant,
    changed_at: Instant,
    first: Option<String>,
    over: bool,
    _ticket: Ticket,
}

async fn load_game(state: &AppState, id: GameId) -> Result<BotGame, LichessError> {
    let log = state.move_logs.clone();
    super::run(state, move |db| crate::bots::bot_game(db, &log, id)).await
}

async fn game_stream(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let api_id = ApiId::parse(&id).ok_or_else(LichessError::not_found)?;
    let game = super::run(&state, move |db| crate::bots::game_of(db, api_id)).await?;
    let bot_game = load_game(&state, game.id).await?;
    let ticket = state.bot_streams.admit(caller.user.id.get(), true)?;
    let now = state.clock.now_db();
    let version = version_of(&bot_game);
    let first = line(&json::game_full(&bot_game, now));
    let stream = GameStream {
        waits: Waits::new(&state.bot_streams, Target::Game(game.id.get())),
        me: caller.user,
        id: game.id,
        version,
        chat_sent: bot_game.game.messages,
        looked: Instant::now(),
        changed_at: Instant::now(),
        first: Some(first),
        over: !bot_game.game.is_active(),
        state,
        _ticket: ticket,
    };
    Ok(ndjson(futures_util::stream::unfold(
        stream,
        |mut s| async move {
            let chunk = s.next_chunk().await?;
            s.waits.last_write = Instant::now();
            Some((Ok::<_, actix_web::Error>(Bytes::from(chunk)), s))
        },
    )))
}

fn version_of(game: &BotGame) -> GameVersion {
    let g = &game.game;
    (
        g.ply,
        g.status,
        g.draw_offer_by,
        g.takeback_by,
        g.takebacks,
        g.messages,
    )
}

impl GameStream {
    /// The next lines to write; `None` ends the stream.
    async fn next_chunk(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        loop {
            if self.over || self.changed_at.elapsed() > GAME_IDLE {
                return None;
            }
            match self.waits.next(GAME_POLL, self.looked).await {
                Woken::Stop => return None,
                Woken::KeepAlive => return Some("\n".to_owned()),
                Woken::Look => {
                    self.looked = Instant::now();
                    match self.look().await {
                        Ok(Some(lines)) => return Some(lines),
                        Ok(None) => {}
                        Err(e) => {
                            tracing::warn!(error = %e, game = %self.id, "game stream");
                            return None;
                        }
                    }
                }
            }
        }
    }

    /// What changed since the last lines, if anything.
    async fn look(&mut self) -> Result<Option<String>, LichessError> {
        let registry = self.state.bot_streams.clone();
        let _turn = registry
            .looks
            .acquire()
            .await
            .map_err(|_| LichessError::not_found())?;
        let id = self.id;
        let version = super::run(&self.state, move |db| crate::bots::game_version(db, id)).await?;
        if version == self.version {
            return Ok(None);
        }
        self.changed_at = Instant::now();
        let mut out = String::new();
        let (messages_before, messages_now) = (self.chat_sent, version.5);
        if messages_now > messages_before {
            let me = self.me.id;
            let news = super::run(&self.state, move |db| {
                crate::games::chat::latest(db, id, me, messages_now - messages_before)
            })
            .await?;
            for (username, text) in news {
                out.push_str(&line(&serde_json::json!({
                    "type": "chatLine", "room": "player", "username": username, "text": text,
                })));
            }
            self.chat_sent = messages_now;
        }
        let game_moved = (version.0, version.1, version.2, version.3, version.4)
            != (
                self.version.0,
                self.version.1,
                self.version.2,
                self.version.3,
                self.version.4,
            );
        self.version = version;
        if game_moved {
            let game = load_game(&self.state, id).await?;
            out.push_str(&line(&json::game_state(&game, self.state.clock.now_db())));
            self.over = !game.game.is_active();
        }
        Ok((!out.is_empty()).then_some(out))
    }
}

// ---- The event stream ----

struct EventStream {
    state: web::Data<AppState>,
    me: User,
    sent: Pending,
    waits: Waits,
    looked: Instant,
    heartbeat_at: Instant,
    first: Option<String>,
    ticket: Ticket,
}

async fn event_stream(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, LichessError> {
    let ticket = state.bot_streams.admit(caller.user.id.get(), false)?;
    let me = caller.user;
    let user = me.id;
    let now = state.clock.now_db();
    let pending = super::run(&state, move |db| {
        bots::heartbeat(db, user, Some(now)).map_err(GameError::from)?;
        crate::bots::pending_of(db, user)
    })
    .await?;
    // On connecting: a gameStart for every game in progress, a challenge for every one
    // waiting (clients resume their correspondence games from these).
    let mut first = String::new();
    for id in &pending.games {
        first.push_str(&game_event(&state, &me, "gameStart", *id).await?);
    }
    for id in &pending.challenges {
        first.push_str(&challenge_event(&state, &me, *id).await?);
    }
    let stream = EventStream {
        waits: Waits::new(&state.bot_streams, Target::Account(me.id.get())),
        sent: pending,
        looked: Instant::now(),
        heartbeat_at: Instant::now(),
        // An empty first chunk would end a chunked body: a keep-alive line instead.
        first: Some(if first.is_empty() {
            "\n".to_owned()
        } else {
            first
        }),
        me,
        state,
        ticket,
    };
    Ok(ndjson(futures_util::stream::unfold(
        stream,
        |mut s| async move {
            let chunk = s.next_chunk().await?;
            s.waits.last_write = Instant::now();
            Some((Ok::<_, actix_web::Error>(Bytes::from(chunk)), s))
        },
    )))
}

async fn game_event(
    state: &AppState,
    me: &User,
    kind: &str,
    id: GameId,
) -> Result<String, LichessError> {
    let game = load_game(state, id).await?;
    let url = state.config.absolute_url(&format!("/games/{id}"));
    let info = json::game_event_info(&game, me, state.clock.now_db(), &url);
    Ok(line(&serde_json::json!({"type": kind, "game": info})))
}

async fn challenge_event(
    state: &AppState,
    me: &User,
    id: crate::games::ChallengeId,
) -> Result<String, LichessError> {
    let challenge = super::run(state, move |db| crate::bots::bot_challenge(db, id)).await?;
    let base = |path: &str| state.config.absolute_url(path);
    let body = json::challenge(&challenge, Some(me), state.clock.now_db(), &base);
    let kind = match challenge.row.status {
        crate::domain::ChallengeStatus::Open => "challenge",
        crate::domain::ChallengeStatus::Declined => "challengeDeclined",
        crate::domain::ChallengeStatus::Cancelled => "challengeCanceled",
        // Accepted: its game's gameStart says it.
        crate::domain::ChallengeStatus::Accepted => return Ok(String::new()),
    };
    // As on Lichess: the challenger hears of a decline, the invited player of a withdrawal.
    let mine = challenge.row.author_id == me.id;
    if (kind == "challengeDeclined" && !mine) || (kind == "challengeCanceled" && mine) {
        return Ok(String::new());
    }
    let mut event = serde_json::json!({"type": kind, "challenge": body});
    if kind == "challenge" {
        event["compat"] = serde_json::json!({"bot": true, "board": true});
    }
    Ok(line(&event))
}

impl EventStream {
    async fn next_chunk(&mut self) -> Option<String> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        loop {
            if self.ticket.replaced() {
                return None;
            }
            match self.waits.next(EVENT_POLL, self.looked).await {
                Woken::Stop => return None,
                Woken::KeepAlive => {
                    self.beat().await;
                    return Some("\n".to_owned());
                }
                Woken::Look => {
                    self.looked = Instant::now();
                    match self.look().await {
                        Ok(Some(lines)) => return Some(lines),
                        Ok(None) => {}
                        Err(e) => {
                            tracing::warn!(error = %e, user = %self.me.username, "event stream");
                            return None;
                        }
                    }
                }
            }
        }
    }

    /// Keeps the account online while its stream is open.
    async fn beat(&mut self) {
        if self.heartbeat_at.elapsed() < bots::HEARTBEAT.to_std().unwrap_or_default() {
            return;
        }
        self.heartbeat_at = Instant::now();
        let (user, now) = (self.me.id, self.state.clock.now_db());
        let _ = self
            .state
            .db(move |db| bots::heartbeat(db, user, Some(now)))
            .await;
    }

    async fn look(&mut self) -> Result<Option<String>, LichessError> {
        let registry = self.state.bot_streams.clone();
        let _turn = registry
            .looks
            .acquire()
            .await
            .map_err(|_| LichessError::not_found())?;
        let user = self.me.id;
        let now_pending =
            super::run(&self.state, move |db| crate::bots::pending_of(db, user)).await?;
        if now_pending == self.sent {
            return Ok(None);
        }
        let mut out = String::new();
        for id in now_pending
            .games
            .iter()
            .filter(|g| !self.sent.games.contains(g))
        {
            out.push_str(&game_event(&self.state, &self.me, "gameStart", *id).await?);
        }
        for id in self
            .sent
            .games
            .iter()
            .filter(|g| !now_pending.games.contains(g))
        {
            out.push_str(&game_event(&self.state, &self.me, "gameFinish", *id).await?);
        }
        for id in now_pending
            .challenges
            .iter()
            .filter(|c| !self.sent.challenges.contains(c))
        {
            out.push_str(&challenge_event(&self.state, &self.me, *id).await?);
        }
        for id in self
            .sent
            .challenges
            .iter()
            .filter(|c| !now_pending.challenges.contains(c))
        {
            out.push_str(&challenge_event(&self.state, &self.me, *id).await?);
        }
        self.sent = now_pending;
        Ok((!out.is_empty()).then_some(out))
    }
}

impl Drop for EventStream {
    /// The stream ended (or its client went away): the account is offline now, unless a
    /// newer stream replaced this one.
    fn drop(&mut self) {
        if self.ticket.replaced() {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (state, user) = (self.state.clone(), self.me.id);
        runtime.spawn(async move {
            let _ = state.db(move |db| bots::heartbeat(db, user, None)).await;
        });
    }
}
