//! What every mail about a game shares: the subject and thread, the reply address, the
//! board as text, the footer and the HTML part, and the queueing that respects the
//! recipient's settings. The mails themselves are in `game_mail` (and beside the chat and
//! takebacks, which write their own).

use askama::Template;
use plypost_rules::{Position, Square};

use super::board_image::MailPicture;
use super::model::GameRow;
use super::GameError;
use crate::accounts::{self, User};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{DbConn, GameId, UserId};
use crate::i18n::Lang;
use crate::mail::reply_token::ReplyToken;
use crate::mail::{self, MailError, MailKind, Outgoing};

/// Both players of a game: (White, Black).
pub fn players(conn: &mut DbConn, game: &GameRow) -> Result<(User, User), GameError> {
    Ok(super::players::of_game(conn, game)?.users())
}

/// A mail's subject, and the game it is about (which threads it and, with inbound mail on,
/// gives it a reply address).
#[derive(Debug, Clone)]
pub struct Subject {
    pub text: String,
    /// The game as it stood when the mail was written.
    pub game: Option<MailedAt>,
    /// The game's Black player, who sees the mailed board from the other side.
    pub black: Option<UserId>,
    /// The picture of a mail about no game yet (a challenge).
    pub board: Option<super::board_image::MailPicture>,
    /// The plain-text board in the body: the HTML part shows the picture instead.
    pub diagram: Option<String>,
}

impl Subject {
    /// A mail about no particular game.
    pub fn plain(text: String) -> Self {
        Self {
            text,
            game: None,
            black: None,
            board: None,
            diagram: None,
        }
    }

    /// The same subject, for a body that holds the plain-text board `diagram`.
    pub fn with_diagram(mut self, diagram: &str) -> Self {
        self.diagram = Some(diagram.to_owned());
        self
    }
}

/// Where a game stood when a mail about it was written: what a reply to the mail must find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MailedAt {
    pub game: GameId,
    pub ply: i64,
    pub takebacks: i64,
    /// White made the game's first move (a setup may give Black the first move).
    pub white_first: bool,
}

impl MailedAt {
    pub fn of(game: &GameRow) -> Self {
        MailedAt {
            game: game.id,
            ply: game.ply,
            takebacks: game.takebacks,
            white_first: white_moves_first(game),
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

/// `[plypost] Game #42 Terachess II: alice vs bob — your move`, `what` in `lang` already.
pub fn subject(
    lang: &Lang,
    game: &GameRow,
    variant: &str,
    (white, black): (&User, &User),
    what: &str,
) -> Subject {
    Subject {
        text: lang.t_args(
            "mail-subject-game",
            &[
                ("id", &game.id.0),
                ("variant", &variant),
                ("white", &white.username),
                ("black", &black.username),
                ("what", &what),
            ],
        ),
        game: Some(MailedAt::of(game)),
        black: Some(black.id),
        board: None,
        diagram: None,
    }
}

/// Whether White made the first move of `game` (its start position's side to move).
pub fn white_moves_first(game: &GameRow) -> bool {
    game.start_fen.split_whitespace().nth(1) != Some("b")
}

/// When a game had `ply` plies, in words that say whose move it was: "at the start",
/// "after White's move 10", "after Black's move 10". Moves are numbered as the pages number
/// them: a game that Black begins has Black's move 1 first.
pub fn after_ply(lang: &Lang, ply: i64, white_first: bool) -> String {
    if ply <= 0 {
        return lang.t("mail-at-start");
    }
    // Plies counted as if White had begun: Black's opening move is ply 2 of move 1.
    let shifted = if white_first { ply } else { ply + 1 };
    if shifted % 2 == 1 {
        lang.t1("mail-after-white", "number", (shifted + 1) / 2)
    } else {
        lang.t1("mail-after-black", "number", shifted / 2)
    }
}

/// The thread of a game's mails.
pub fn thread_key(game: GameId) -> String {
    format!("game-{game}")
}

/// The address `to` replies to about the game as it stood `at`, when inbound mail is on.
pub fn reply_address(config: &Config, to: &User, at: MailedAt) -> Option<String> {
    ReplyToken {
        game: at.game,
        user: to.id,
        ply: at.ply,
        takebacks: at.takebacks,
        generation: to.reply_generation,
    }
    .address(config)
}

/// A plain-text board from `to`'s side (Black sees rank 1 at the top), with the square the
/// last move came from marked `*`, and a key to the letters of the pieces on it.
pub fn diagram(
    lang: &Lang,
    position: &Position,
    black_view: bool,
    last: Option<(Square, Square)>,
) -> String {
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
        out.push_str(&lang.t2(
            "mail-board-last-move",
            "from",
            from.to_string(),
            "to",
            to.to_string(),
        ));
        out.push('\n');
    }
    let key: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|k| present.get(k.id.index()).copied().unwrap_or(false))
        .map(|k| {
            let letter = k.letter.chars().last().unwrap_or('?');
            format!("{letter} {}", crate::i18n::piece_name(lang, &k.name))
        })
        .collect();
    out.push_str(&wrap(
        &lang.t1("mail-board-key", "pieces", key.join(", ")),
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
/// The HTML part: the board picture (`cid:board`, attached when the mail is sent) above
/// the text, without the text's own plain-text board (`diagram`).
fn html_part(
    lang: &Lang,
    text: &str,
    diagram: Option<&str>,
    alt: &str,
) -> Result<String, GameError> {
    let text = match diagram.map(str::trim_end).filter(|d| !d.is_empty()) {
        Some(d) => text.replacen(d, "", 1),
        None => text.to_owned(),
    };
    let mut lines: Vec<Vec<Word>> = Vec::new();
    for line in text.lines() {
        // Where the board was, one blank line is enough.
        if line.trim().is_empty() && lines.last().is_some_and(Vec::is_empty) {
            continue;
        }
        let words = if line.trim().is_empty() {
            Vec::new()
        } else {
            line.split(' ')
                .map(|word| Word {
                    is_link: word.starts_with("https://") || word.starts_with("http://"),
                    text: plypost_board::escape(word),
                })
                .collect()
        };
        lines.push(words);
    }
    render(&HtmlMail {
        lang: &lang.tag(),
        src: &format!("cid:{}", crate::mail::message::BOARD_CONTENT_ID),
        alt: &plypost_board::escape(alt),
        lines,
    })
}

/// A word of a mail's text in its HTML part, escaped (the template marks it safe, so the
/// part reads as it always has); links stay links.
struct Word {
    text: String,
    is_link: bool,
}

#[derive(Template)]
#[template(path = "mail/game.html")]
struct HtmlMail<'a> {
    lang: &'a str,
    src: &'a str,
    alt: &'a str,
    lines: Vec<Vec<Word>>,
}

#[derive(Template)]
#[template(path = "mail/footer.txt")]
struct WithFooter<'a> {
    lang: &'a Lang,
    body: &'a str,
    /// Inbound mail is on and the mail is about a game in progress.
    replyable: bool,
    settings: &'a str,
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
    // A mail about a game that is over asks for nothing, so it gets no reply address.
    let reply_note = match subject.game {
        Some(at) if kind != MailKind::GameEnd => reply_address(config, to, at),
        _ => None,
    };
    let lang = config.language_for(to.language.as_deref());
    let settings = config.absolute_url("/settings");
    let text = render(&WithFooter {
        lang: &lang,
        body: body.trim_end_matches('\n'),
        replyable: reply_note.is_some(),
        settings: &settings,
    })? + "\n";
    let unsubscribe = accounts::unsubscribe_url(config, to, kind);
    let picture = match (subject.game, subject.board) {
        (Some(MailedAt { game, ply, .. }), _) => Some(MailPicture::Game {
            game,
            ply,
            black_view: subject.black == Some(to.id),
        }),
        (None, board) => board,
    };
    let alt = match subject.game {
        Some(at) => lang.t2(
            "mail-board-alt",
            "game",
            at.game.0,
            "when",
            after_ply(&lang, at.ply, at.white_first),
        ),
        None => lang.t("mail-board-alt-start"),
    };
    let html = picture
        .map(|_| html_part(&lang, &text, subject.diagram.as_deref(), &alt))
        .transpose()?;
    let mut outgoing = Outgoing::notification(kind, address, &subject.text, text, unsubscribe);
    outgoing.html = html;
    outgoing.inline_image = picture.map(MailPicture::to_key);
    if let Some(at) = subject.game {
        outgoing = outgoing.in_thread(thread_key(at.game));
    }
    let outgoing = outgoing.with_reply_to(reply_note).in_language(&lang);
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
pub(crate) fn header(
    lang: &Lang,
    game: &GameRow,
    variant: &str,
    (white, black): (&User, &User),
) -> String {
    lang.t_args(
        "mail-header",
        &[
            ("id", &game.id.0),
            ("variant", &variant),
            ("white", &white.username),
            ("black", &black.username),
        ],
    ) + "\n"
}

/// A mail body from its template.
pub(crate) fn render(template: &impl Template) -> Result<String, GameError> {
    template
        .render()
        .map_err(|e| GameError::Corrupt(format!("mail template: {e}")))
}

#[cfg(test)]
mod tests {
    use super::after_ply;
    use crate::i18n::Lang;

    #[test]
    fn plies_in_words_say_whose_move_it_was() {
        let en = Lang::default();
        assert_eq!(after_ply(&en, 0, true), "at the start");
        assert_eq!(after_ply(&en, 1, true), "after White's move 1");
        assert_eq!(after_ply(&en, 38, true), "after Black's move 19");
        assert_eq!(after_ply(&en, 39, true), "after White's move 20");
        // Black begins: ply 1 is Black's move 1, ply 2 White's move 2.
        assert_eq!(after_ply(&en, 1, false), "after Black's move 1");
        assert_eq!(after_ply(&en, 2, false), "after White's move 2");
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(after_ply(&fr, 1, true), "après le 1er coup des Blancs");
        assert_eq!(after_ply(&fr, 38, true), "après le 19e coup des Noirs");
    }
}
