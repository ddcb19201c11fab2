//! The mails of a game: invitation, start, "your move" (with draw offers), end. All are
//! queued in the caller's transaction and respect the recipient's "email on my turn" setting.

use askama::Template;
use diesel::prelude::*;
use plypost_rules::{Position, Square};

use super::model::{ChallengeRow, GameRow};
use super::GameError;
use crate::accounts::{self, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, GameId, UserId};
use crate::domain::{EndReason, GameResult};
use crate::format::datetime_in;
use crate::mail::reply_token::ReplyToken;
use crate::mail::{self, MailError, MailKind, Outgoing};
use crate::presets::rules::Rules;

/// Both players of a game: (White, Black).
pub fn players(conn: &mut DbConn, game: &GameRow) -> Result<(User, User), GameError> {
    Ok(super::players::of_game(conn, game)?.users())
}

/// A mail's subject, and the game it is about (which threads it and, with inbound mail on,
/// gives it a reply address).
#[derive(Debug, Clone)]
pub struct Subject {
    pub text: String,
    /// The game and its ply when the mail was written.
    pub game: Option<(GameId, i64)>,
    /// The game's Black player, who sees the mailed board from the other side.
    pub black: Option<UserId>,
    /// The picture of a mail about no game yet (a challenge): its path on the site.
    pub board: Option<String>,
}

impl Subject {
    /// A mail about no particular game.
    pub fn plain(text: String) -> Self {
        Self {
            text,
            game: None,
            black: None,
            board: None,
        }
    }
}

/// One player, `None` when the account is gone.
pub(crate) fn user(conn: &mut DbConn, id: UserId) -> Result<Option<User>, GameError> {
    accounts::find(conn, id).map_err(|e| match e {
        accounts::AccountError::Db(db) => GameError::Db(db),
        other => GameError::Corrupt(other.to_string()),
    })
}

/// `[plypost] Game #42 Terachess II: alice vs bob — your move`.
pub fn subject(game: &GameRow, variant: &str, white: &User, black: &User, what: &str) -> Subject {
    Subject {
        text: format!(
            "[plypost] Game #{} {variant}: {} vs {} — {what}",
            game.id, white.username, black.username
        ),
        game: Some((game.id, game.ply)),
        black: Some(black.id),
        board: None,
    }
}

/// The thread of a game's mails.
pub fn thread_key(game: GameId) -> String {
    format!("game-{game}")
}

/// The address `to` replies to about `game` at `ply`, when inbound mail is on.
pub fn reply_address(config: &Config, to: &User, game: GameId, ply: i64) -> Option<String> {
    ReplyToken {
        game,
        user: to.id,
        ply,
        generation: to.reply_generation,
    }
    .address(config)
}

/// A plain-text board from `to`'s side (Black sees rank 1 at the top), with the square the
/// last move came from marked `*`, and a key to the letters of the pieces on it.
pub fn diagram(position: &Position, black_view: bool, last: Option<(Square, Square)>) -> String {
    let variant = position.variant();
    let (w, h) = (variant.width(), variant.height());
    let mut cells: Vec<Option<(String, bool)>> =
        Vec::with_capacity(usize::from(w) * usize::from(h));
    let mut present = vec![false; variant.pieces().len()];
    let mut marked = false;
    for rank in 0..h {
        for file in 0..w {
            let square = Square::new(file, rank);
            let piece = square.and_then(|sq| position.piece_at(sq));
            let cell = match piece {
                Some(p) => {
                    if let Some(seen) = present.get_mut(p.kind.id.index()) {
                        *seen = true;
                    }
                    let letter = p.kind.letter.chars().last().unwrap_or('?');
                    Some((letter.to_string(), p.color == plypost_rules::Color::White))
                }
                None if square.is_some() && square == last.map(|(from, _)| from) => {
                    marked = true;
                    Some(("*".to_owned(), true))
                }
                None => None,
            };
            cells.push(cell);
        }
    }
    let mut out = plypost_board::text_diagram_tokens(w, h, black_view, &cells);
    if let Some((from, to)) = last.filter(|_| marked) {
        out.push_str(&format!("Last move: {from} (marked *) to {to}.\n"));
    }
    let key: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|k| present.get(k.id.index()).copied().unwrap_or(false))
        .map(|k| format!("{} {}", k.letter.chars().last().unwrap_or('?'), k.name))
        .collect();
    out.push_str(&wrap(
        &format!(
            "Key: {}; White upper case, Black lower case.",
            key.join(", ")
        ),
        76,
    ));
    out
}

/// `text` broken into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The HTML alternative of a game mail: the board as a PNG (from the recipient's side, as
/// the game stood when the mail was written) above the text, whose links stay links.
fn html_part(config: &Config, text: &str, board_path: &str, alt: &str) -> String {
    let src = config.absolute_url(board_path);
    let mut body = String::new();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            body.push('\n');
        }
        for (j, word) in line.split(' ').enumerate() {
            if j > 0 {
                body.push(' ');
            }
            let escaped = plypost_board::escape(word);
            if word.starts_with("https://") || word.starts_with("http://") {
                body.push_str(&format!("<a href=\"{escaped}\">{escaped}</a>"));
            } else {
                body.push_str(&escaped);
            }
        }
    }
    format!(
        "<!doctype html><html><body style=\"font-family:system-ui,sans-serif\">\
         <p><img src=\"{}\" width=\"{}\" alt=\"{}\" \
         style=\"max-width:100%;height:auto\"></p>\
         <pre style=\"font:13px/1.35 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap\">{body}</pre>\
         </body></html>",
        plypost_board::escape(&src),
        super::board_image::MAIL_BOARD_PX,
        plypost_board::escape(alt),
    )
}

/// Queues a notification of `kind` to `to` if they want that kind, with the usual footer. A
/// stored address that no longer parses costs the mail, not the move (or whatever caused
/// it): it is logged and skipped.
pub(crate) fn notify(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    to: &User,
    kind: MailKind,
    subject: &Subject,
    body: String,
) -> Result<(), GameError> {
    let Some(address) = accounts::notification_address(to, kind) else {
        return Ok(());
    };
    let reply_note = match subject.game {
        Some((game, ply)) => reply_address(config, to, game, ply).map(|a| (game, a)),
        None => None,
    };
    let settings = config.absolute_url("/settings");
    let how_to_reply = if reply_note.is_some() {
        "To move, reply to this mail with your move on the first line (or `resign`, \
         `accept draw`, or a move followed by `draw?`).\n"
    } else {
        ""
    };
    let text = format!(
        "{body}\n{how_to_reply}-- \nplypost. You get these mails because you play on plypost.\n\
         Change your mail settings: {settings}\n"
    );
    let unsubscribe = accounts::unsubscribe_url(config, to, kind);
    let picture = match (subject.game, &subject.board) {
        (Some((game, ply)), _) => {
            let side = if subject.black == Some(to.id) {
                "&side=black"
            } else {
                ""
            };
            Some((
                format!("/games/{game}/board.png?ply={ply}{side}"),
                format!("The board of game {game} after ply {ply}"),
            ))
        }
        (None, Some(path)) => Some((path.clone(), "The start position".to_owned())),
        (None, None) => None,
    };
    let html = picture.map(|(path, alt)| html_part(config, &text, &path, &alt));
    let mut outgoing = Outgoing::notification(kind, address, &subject.text, text, unsubscribe);
    outgoing.html = html;
    if let Some((game, _)) = subject.game {
        outgoing = outgoing.in_thread(thread_key(game));
    }
    let outgoing = outgoing.with_reply_to(reply_note.map(|(_, address)| address));
    let queued = mail::queue(conn, clock, &outgoing);
    match queued {
        Ok(_) => Ok(()),
        Err(MailError::Address(address)) => {
            tracing::warn!(user = %to.id, %address, kind = kind.as_str(), "mail not queued: the stored address does not parse");
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

/// The first line of every game mail: "Game #12, Chess: alice (White) vs bob (Black)".
pub(crate) fn header(game: &GameRow, variant: &str, white: &User, black: &User) -> String {
    format!(
        "Game #{}, {variant}: {} (White) vs {} (Black)\n",
        game.id, white.username, black.username
    )
}

/// A mail body from its template.
pub(crate) fn render(template: &impl Template) -> Result<String, GameError> {
    template
        .render()
        .map_err(|e| GameError::Corrupt(format!("mail template: {e}")))
}

/// "Please move by ..." in `to`'s time zone, for a timed game.
fn due(game: &GameRow, to: &User) -> Option<String> {
    game.deadline_at.map(|at| datetime_in(at, &to.time_zone))
}

#[derive(Template)]
#[template(path = "mail/your_move.txt")]
struct YourMoveMail<'a> {
    header: &'a str,
    mover: &'a str,
    /// `12. e4` or `12... e5`.
    numbered_move: &'a str,
    comment: Option<&'a str>,
    /// Played from the mover's conditional moves.
    conditional: bool,
    draw_offered: bool,
    diagram: &'a str,
    /// The result in words when the move ended the game.
    over: Option<String>,
    due: Option<String>,
    link: &'a str,
}

/// After a move: "your move" to the opponent, or the result when the move ended the game.
#[allow(clippy::too_many_arguments)]
pub fn after_move(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    after: &Position,
    drawn: &(bool, String),
    (white, black): &(User, User),
    (long, san): (&str, &str),
    comment: Option<&str>,
    mover: UserId,
    conditional: bool,
) -> Result<(), GameError> {
    let (mover_user, to) = if mover == white.id {
        (white, black)
    } else {
        (black, white)
    };
    // `drawn`: the diagram already drawn, and whether from Black's side.
    let black_view = to.id == game.black_id;
    let diagram = match drawn {
        (side, text) if *side == black_view => text.clone(),
        _ => diagram(after, black_view, None),
    };
    // The recipient's notation: SAN unless they chose long notation.
    let move_text = if to.long_notation { long } else { san };
    let number = (game.ply + 1) / 2;
    let numbered_move = if game.ply % 2 == 0 {
        format!("{number}. ... {move_text}")
    } else {
        format!("{number}. {move_text}")
    };
    let draw_offered = game.is_active() && game.draw_offer_by == Some(mover);
    let what = match (game.is_active(), draw_offered) {
        (true, true) => "your move (draw offered)".to_owned(),
        (true, false) => "your move".to_owned(),
        (false, _) => format!("game over, {}", game.result.map_or("", GameResult::as_str)),
    };
    let variant = rules.variant.display_name();
    let body = render(&YourMoveMail {
        header: &header(game, variant, white, black),
        mover: &mover_user.username,
        numbered_move: &numbered_move,
        comment,
        conditional,
        draw_offered,
        diagram: &diagram,
        over: (!game.is_active()).then(|| result_words(game)),
        due: due(game, to),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(game, variant, white, black, &what);
    let kind = if game.is_active() {
        MailKind::YourTurn
    } else {
        MailKind::GameEnd
    };
    notify(conn, clock, config, to, kind, &subject, body)
}

/// The result in words: "1-0, checkmate".
pub fn result_words(game: &GameRow) -> String {
    let reason = game.result_reason.map_or("", |reason| match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time",
        EndReason::Agreement => "draw agreed",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "threefold repetition",
        EndReason::MoveCount => "move-count rule",
        EndReason::Abandoned => "abandoned",
        EndReason::Withdrawal => "withdrawal from the tournament",
        EndReason::Adjudication => "adjudicated by an admin",
    });
    match game.result {
        Some(result) if !reason.is_empty() => format!("{result}, {reason}"),
        Some(result) => result.to_string(),
        None => "in progress".to_owned(),
    }
}

#[derive(Template)]
#[template(path = "mail/game_over.txt")]
struct GameOverMail<'a> {
    header: &'a str,
    /// Who resigned or accepted the draw.
    line: Option<String>,
    result: &'a str,
    /// The final position, the last move marked.
    diagram: &'a str,
    link: &'a str,
}

/// The end of a game by resignation or agreement: mailed to the other player than `actor`.
pub fn game_over(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    actor: Option<UserId>,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let link = config.absolute_url(&format!("/games/{}", game.id));
    let variant = rules.variant.display_name();
    let what = format!("game over, {}", game.result.map_or("", GameResult::as_str));
    let subject = subject(game, variant, &white, &black, &what);
    let head = header(game, variant, &white, &black);
    let result = result_words(game);
    let (position, last) = super::board_image::position_of(conn, game, &rules.variant, game.ply)?;
    for to in [&white, &black] {
        if Some(to.id) == actor {
            continue;
        }
        let by = if to.id == white.id { &black } else { &white };
        let line = match (game.result_reason, actor) {
            (Some(EndReason::Resignation), Some(_)) => Some(format!("{} resigned.", by.username)),
            (Some(EndReason::Agreement), Some(_)) => {
                Some(format!("{} accepted your draw offer.", by.username))
            }
            _ => None,
        };
        let body = render(&GameOverMail {
            header: &head,
            line,
            result: &result,
            diagram: &diagram(&position, to.id == black.id, last),
            link: &link,
        })?;
        notify(conn, clock, config, to, MailKind::GameEnd, &subject, body)?;
    }
    Ok(())
}

#[derive(Template)]
#[template(path = "mail/game_started.txt")]
struct GameStartedMail<'a> {
    header: &'a str,
    colour: &'a str,
    /// The board, for the player to move.
    diagram: Option<String>,
    due: Option<String>,
    link: &'a str,
}

/// A new game: both players learn their colour; the one to move is asked to.
pub fn game_started(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    start: &Position,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let link = config.absolute_url(&format!("/games/{}", game.id));
    let variant = rules.variant.display_name();
    let head = header(game, variant, &white, &black);
    for to in [&white, &black] {
        let to_move = to.id == game.player_to_move();
        let what = if to_move { "your move" } else { "game started" };
        let subject = subject(game, variant, &white, &black, what);
        let body = render(&GameStartedMail {
            header: &head,
            colour: if to.id == white.id { "White" } else { "Black" },
            diagram: to_move.then(|| diagram(start, to.id == game.black_id, None)),
            due: due(game, to).filter(|_| to_move),
            link: &link,
        })?;
        // The player to move is asked to; the other learns that the challenge was taken.
        let kind = if to_move {
            MailKind::YourTurn
        } else {
            MailKind::Challenge
        };
        notify(conn, clock, config, to, kind, &subject, body)?;
    }
    Ok(())
}

#[derive(Template)]
#[template(path = "mail/invitation.txt")]
struct InvitationMail<'a> {
    author: &'a str,
    variant: &'a str,
    time_control: &'a str,
    colour: &'a str,
    message: &'a str,
    setup_note: &'a str,
    diagram: &'a str,
    link: &'a str,
}

/// A named challenge: tells the invited player.
pub fn invitation(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    challenge: &ChallengeRow,
    author: &User,
    to: &User,
    variant: &str,
) -> Result<(), GameError> {
    // The start position, from the invited player's side when their colour is known.
    let (start, name) = super::board_image::challenge_start(conn, challenge.id)?;
    let setup_note = match (challenge.setup_choice.as_deref(), name) {
        (Some(crate::presets::setups::RANDOM), _) => {
            "The start position is drawn at random when the game starts; the default is:".to_owned()
        }
        (_, Some(name)) => format!("The start position ({name}):"),
        (_, None) => "The start position:".to_owned(),
    };
    let black_view = challenge.author_color == crate::domain::ColorChoice::White;
    let body = render(&InvitationMail {
        author: &author.username,
        variant,
        time_control: &challenge.describe_time_control(),
        colour: challenge.author_color.as_str(),
        message: &challenge.message,
        setup_note: &setup_note,
        diagram: &diagram(&start, black_view, None),
        link: &config.absolute_url("/games"),
    })?;
    let mut subject = Subject::plain(format!(
        "[plypost] Challenge #{}: {} invites you to {variant}",
        challenge.id, author.username
    ));
    let side = if black_view { "?side=black" } else { "" };
    subject.board = Some(format!("/challenges/{}/board.png{side}", challenge.id));
    notify(conn, clock, config, to, MailKind::Challenge, &subject, body)
}

/// The invited player declined `challenge`: its author is told.
pub fn challenge_declined(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    challenge: &ChallengeRow,
) -> Result<(), GameError> {
    use crate::db::schema::{preset_versions, presets};
    let Some(by) = challenge.opponent_id else {
        return Ok(());
    };
    let (Some(author), Some(by)) = (user(conn, challenge.author_id)?, user(conn, by)?) else {
        return Ok(());
    };
    let variant: String = preset_versions::table
        .inner_join(presets::table)
        .filter(preset_versions::id.eq(challenge.preset_version_id))
        .select(presets::name)
        .first(conn)?;
    let body = format!(
        "{} declined your challenge #{} to a game of {variant} ({}).\n\n\
         Challenge someone else, or post an open challenge: {}\n",
        by.username,
        challenge.id,
        challenge.describe_time_control(),
        config.absolute_url("/games"),
    );
    let subject = Subject::plain(format!(
        "[plypost] Challenge #{}: {} declined",
        challenge.id, by.username
    ));
    notify(
        conn,
        clock,
        config,
        &author,
        MailKind::Challenge,
        &subject,
        body,
    )
}

#[derive(Template)]
#[template(path = "mail/draw_declined.txt")]
struct DrawDeclinedMail<'a> {
    header: &'a str,
    decliner: &'a str,
    link: &'a str,
}

/// Tells the player who offered a draw that `decliner` declined it.
pub fn draw_declined(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    rules: &Rules,
    decliner: UserId,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let (by, to) = if decliner == white.id {
        (&white, &black)
    } else {
        (&black, &white)
    };
    let variant = rules.variant.display_name();
    let subject = subject(game, variant, &white, &black, "draw declined");
    let body = render(&DrawDeclinedMail {
        header: &header(game, variant, &white, &black),
        decliner: &by.username,
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}

/// `12. e4` for White's move at `ply`, `12. ... e5` for Black's.
fn numbered(ply: i64, move_text: &str) -> String {
    let number = (ply + 1) / 2;
    if ply % 2 == 0 {
        format!("{number}. ... {move_text}")
    } else {
        format!("{number}. {move_text}")
    }
}

#[derive(Template)]
#[template(path = "mail/conditional_played.txt")]
struct ConditionalPlayedMail<'a> {
    header: &'a str,
    opponent: &'a str,
    their_move: &'a str,
    your_move: &'a str,
    over: Option<String>,
    link: &'a str,
}

/// Tells the author of conditional moves that one was played: `game` is the row after the
/// answer `answer_text` to the opponent's `move_text`.
pub fn conditional_played(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    (white, black): &(User, User),
    move_text: &str,
    answer_text: &str,
) -> Result<(), GameError> {
    let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
    let variant = rules.variant.display_name();
    // After the answer the opponent is to move; the author is the other player.
    let (author, opponent) = if game.player_to_move() == white.id {
        (black, white)
    } else {
        (white, black)
    };
    let what = if game.is_active() {
        "conditional move played".to_owned()
    } else {
        format!("game over, {}", game.result.map_or("", GameResult::as_str))
    };
    let body = render(&ConditionalPlayedMail {
        header: &header(game, variant, white, black),
        opponent: &opponent.username,
        their_move: &numbered(game.ply - 1, move_text),
        your_move: &numbered(game.ply, answer_text),
        over: (!game.is_active()).then(|| result_words(game)),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(game, variant, white, black, &what);
    notify(
        conn,
        clock,
        config,
        author,
        MailKind::YourTurn,
        &subject,
        body,
    )
}

#[derive(Template)]
#[template(path = "mail/conditional_dropped.txt")]
struct ConditionalDroppedMail<'a> {
    header: &'a str,
    opponent: &'a str,
    their_move: &'a str,
    link: &'a str,
}

/// Tells `author` that the opponent's `move_text` matched none of their conditional lines,
/// which are deleted. (The "your move" mail follows as for any move.)
pub fn conditional_dropped(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    (white, black): &(User, User),
    move_text: &str,
    author: UserId,
) -> Result<(), GameError> {
    let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
    let variant = rules.variant.display_name();
    let (to, opponent) = if author == white.id {
        (white, black)
    } else {
        (black, white)
    };
    let body = render(&ConditionalDroppedMail {
        header: &header(game, variant, white, black),
        opponent: &opponent.username,
        their_move: &numbered(game.ply, move_text),
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(game, variant, white, black, "conditional moves dropped");
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}

/// What happened to a takeback request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakebackNews {
    Asked,
    Accepted,
    Declined,
}

#[derive(Template)]
#[template(path = "mail/takeback.txt")]
struct TakebackMail<'a> {
    header: &'a str,
    line: String,
    link: &'a str,
}

/// A takeback asked (mailed to the opponent of `asker`), accepted or declined (mailed to
/// `asker`).
pub fn takeback(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    game: &GameRow,
    asker: UserId,
    news: TakebackNews,
) -> Result<(), GameError> {
    let (white, black) = players(conn, game)?;
    let rules = crate::presets::rules::load(conn, game.preset_version_id)?;
    let variant = rules.variant.display_name();
    let (asking, other) = if asker == white.id {
        (&white, &black)
    } else {
        (&black, &white)
    };
    let (to, line, what) = match news {
        TakebackNews::Asked => (
            other,
            format!(
                "{} asks to take back their last move. Accept or decline on the game page.",
                asking.username
            ),
            "takeback asked",
        ),
        TakebackNews::Accepted => (
            asking,
            format!(
                "{} accepted your takeback: your last move is taken back and it is your move again.",
                other.username
            ),
            "takeback accepted",
        ),
        TakebackNews::Declined => (
            asking,
            format!("{} declined your takeback request. The game goes on.", other.username),
            "takeback declined",
        ),
    };
    let body = render(&TakebackMail {
        header: &header(game, variant, &white, &black),
        line,
        link: &config.absolute_url(&format!("/games/{}", game.id)),
    })?;
    let subject = subject(game, variant, &white, &black, what);
    notify(conn, clock, config, to, MailKind::YourTurn, &subject, body)
}

/// The start of a tournament: each player gets the list of their games.
pub fn tournament_started(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &super::tournaments::TournamentRow,
    players: &[UserId],
) -> Result<(), GameError> {
    let games = super::tournaments::games_of(conn, t.id)?;
    let names = crate::games::query::usernames(conn, players)?;
    let event = config.absolute_url(&format!("/tournaments/{}", t.id));
    for &player in players {
        let Some(to) = user(conn, player)? else {
            continue;
        };
        let mut lines = Vec::new();
        for g in games
            .iter()
            .filter(|g| g.white == player || g.black == player)
        {
            let (colour, other) = if g.white == player {
                ("White", g.black)
            } else {
                ("Black", g.white)
            };
            let opponent = names.get(&other).cloned().unwrap_or_default();
            lines.push(format!(
                "  Game #{} (round {}): you play {colour} against {opponent}: {}",
                g.id,
                g.round,
                config.absolute_url(&format!("/games/{}", g.id))
            ));
        }
        let body = format!(
            "The tournament “{}” has started.\n\nYour games:\n{}\n\nThe crosstable: {event}\n",
            t.name,
            lines.join("\n")
        );
        let subject = Subject::plain(format!("[plypost] Tournament “{}” — started", t.name));
        notify(
            conn,
            clock,
            config,
            &to,
            MailKind::Challenge,
            &subject,
            body,
        )?;
    }
    Ok(())
}

/// The end of a tournament: everyone who played is mailed the final table.
pub fn tournament_finished(
    conn: &mut DbConn,
    clock: &dyn Clock,
    config: &Config,
    t: &super::tournaments::TournamentRow,
    table: &super::tournaments::Table,
) -> Result<(), GameError> {
    let mut text = String::new();
    for row in &table.rows {
        let breaks: Vec<String> = table
            .tiebreak_names
            .iter()
            .zip(&row.tiebreaks)
            .map(|(name, value)| format!("{name} {value:.2}"))
            .collect();
        text.push_str(&format!(
            "{:>3}. {:<20} {:>5}  {}{}\n",
            row.rank,
            row.username,
            row.score(),
            breaks.join(", "),
            if row.withdrawn { " (withdrew)" } else { "" }
        ));
    }
    let winner = table.rows.first().map_or("nobody", |r| r.username.as_str());
    let event = config.absolute_url(&format!("/tournaments/{}", t.id));
    for row in &table.rows {
        let Some(to) = user(conn, row.user_id)? else {
            continue;
        };
        let body = format!(
            "The tournament “{}” is over. The winner is {winner}.\n\nFinal table:\n{text}\nThe crosstable: {event}\n",
            t.name
        );
        let subject = Subject::plain(format!("[plypost] Tournament “{}” — final table", t.name));
        notify(conn, clock, config, &to, MailKind::GameEnd, &subject, body)?;
    }
    Ok(())
}
