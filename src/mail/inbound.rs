//! Inbound mail: a player's reply to a "your move" notification, read with `mail-parser`.
//! [`read`] says who sent it, to which addresses, whether it is automatic (and must be
//! dropped without an answer), and gives its text; [`command`] reads the move, the
//! resignation or the draw acceptance from that text.

use std::borrow::Cow;
use std::fmt;

use mail_parser::decoders::html::html_to_text;
use mail_parser::{
    Address, HeaderForm, HeaderValue, Message, MessageParser, MimeHeaders, PartType,
};

/// What an inbound message says about itself, read with mail-parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboundMail {
    /// Without angle brackets.
    pub message_id: Option<String>,
    /// Address only, lowercase.
    pub from: Option<String>,
    /// Every recipient address a token may be in: Delivered-To, X-Original-To, To, Cc (in
    /// that order, each address once), lowercase.
    pub recipients: Vec<String>,
    pub subject: Option<String>,
    /// The text the command is read from: the text/plain bodies, or the HTML ones converted
    /// to text, decoded from their transfer encoding and charset.
    pub text: String,
    /// Why the message must be dropped without any answer, if it must (no backscatter).
    pub automatic: Option<Automatic>,
    /// A check of the receiving server (`Authentication-Results`: DKIM, SPF or DMARC) that
    /// failed for the `From` domain, as evidence for a log line.
    pub authentication_failed: Option<String>,
}

/// A message no person wrote; the string is the evidence, for a log line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Automatic {
    AutoReply(String),
    Bounce(String),
}

impl fmt::Display for Automatic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Automatic::AutoReply(evidence) => write!(f, "auto-reply ({evidence})"),
            Automatic::Bounce(evidence) => write!(f, "bounce ({evidence})"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadError {
    Unparsable,
    TooLarge { bytes: usize, limit: usize },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unparsable => f.write_str("not an email message"),
            Self::TooLarge { bytes, limit } => {
                write!(f, "message of {bytes} bytes is over the limit of {limit}")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads a raw message (RFC 5322 bytes, CRLF or LF line endings).
pub fn read(raw: &[u8], max_bytes: usize) -> Result<InboundMail, ReadError> {
    if raw.len() > max_bytes {
        return Err(ReadError::TooLarge {
            bytes: raw.len(),
            limit: max_bytes,
        });
    }
    // mail-parser takes almost anything ("hello world" is a header name to it), so demand
    // one well-formed header field name.
    let msg = MessageParser::default()
        .parse(raw)
        .filter(|msg| msg.headers().iter().any(|h| is_field_name(h.name.as_str())))
        .ok_or(ReadError::Unparsable)?;
    let from = msg
        .from()
        .and_then(Address::first)
        .and_then(|a| a.address())
        .map(str::to_lowercase);
    let authentication_failed = from
        .as_deref()
        .and_then(|from| from.rsplit_once('@'))
        .and_then(|(_, domain)| failed_authentication(&msg, domain));
    Ok(InboundMail {
        message_id: msg.message_id().map(str::to_owned),
        from,
        recipients: recipients(&msg),
        subject: msg.subject().map(str::to_owned),
        text: body_text(&msg),
        automatic: bounce(&msg)
            .map(Automatic::Bounce)
            .or_else(|| auto_reply(&msg).map(Automatic::AutoReply)),
        authentication_failed,
    })
}

/// The first `Authentication-Results` result (RFC 8601) that says DKIM, SPF or DMARC failed
/// for `from_domain`: DMARC is about the `From` domain itself; a DKIM signature counts when
/// its domain (`header.d`, or the domain of `header.i`) is the `From` domain, an SPF check
/// when its `smtp.mailfrom` domain is.
fn failed_authentication(msg: &Message<'_>, from_domain: &str) -> Option<String> {
    msg.headers_raw()
        .filter(|(name, _)| name.eq_ignore_ascii_case("Authentication-Results"))
        .flat_map(|(_, value)| {
            let value = one_line(value);
            // The first element is the server that checked; the results follow.
            value
                .split(';')
                .skip(1)
                .map(str::trim)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .find(|result| fails_for(result, from_domain))
}

/// Whether one result (`dkim=fail header.d=example.org ...`) failed for `from_domain`.
fn fails_for(result: &str, from_domain: &str) -> bool {
    let mut words = result.split_whitespace();
    let Some((method, outcome)) = words.next().and_then(|w| w.split_once('=')) else {
        return false;
    };
    if !outcome.eq_ignore_ascii_case("fail") {
        return false;
    }
    let property = |wanted: &str| {
        result.split_whitespace().find_map(|w| {
            let (key, value) = w.split_once('=')?;
            key.eq_ignore_ascii_case(wanted).then(|| {
                value
                    .trim_matches(['"', '(', ')', ';'])
                    .to_ascii_lowercase()
            })
        })
    };
    let domain_of = |value: String| match value.rsplit_once('@') {
        Some((_, domain)) => domain.to_owned(),
        None => value,
    };
    let checked = match method.to_ascii_lowercase().as_str() {
        "dmarc" => property("header.from").or_else(|| Some(from_domain.to_owned())),
        "dkim" => property("header.d").or_else(|| property("header.i").map(domain_of)),
        "spf" => property("smtp.mailfrom").map(domain_of),
        _ => None,
    };
    checked.is_some_and(|domain| domain.eq_ignore_ascii_case(from_domain))
}

/// RFC 5322: printable ASCII except the colon.
fn is_field_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic() && b != b':')
}

fn recipients(msg: &Message<'_>) -> Vec<String> {
    // mail-parser keeps unknown headers (Delivered-To, X-Original-To) as raw text; parse them
    // as addresses on demand, which also strips any angle brackets.
    let delivery = ["Delivered-To", "X-Original-To"]
        .into_iter()
        .flat_map(|name| msg.header_as(name, HeaderForm::Addresses))
        .filter_map(|value| match value {
            HeaderValue::Address(address) => Some(address.into_list()),
            _ => None,
        })
        .flatten();
    let visible = msg
        .all_to()
        .chain(msg.all_cc())
        .flat_map(|address| address.iter().cloned());
    let mut found: Vec<String> = Vec::new();
    for address in delivery.chain(visible).filter_map(|a| a.address) {
        let address = address.to_lowercase();
        if !found.contains(&address) {
            found.push(address);
        }
    }
    found
}

/// All inline text bodies, joined; HTML is used where a body has no text alternative.
fn body_text(msg: &Message<'_>) -> String {
    let texts: Vec<Cow<'_, str>> = msg
        .text_bodies()
        .filter_map(|part| match &part.body {
            PartType::Text(text) => Some(Cow::Borrowed(text.as_ref())),
            PartType::Html(html) => Some(Cow::Owned(html_to_text(&break_blocks(html)))),
            _ => None,
        })
        .collect();
    texts.join("\n")
}

/// Puts a `<br>` before every block-level tag, since `html_to_text` breaks lines only at
/// `<br>` and `</p>` and would run `<div>Nf3</div><div>Thanks</div>` together. A
/// `<blockquote>` also gets a `>` line so that the quote ends the fresh text.
fn break_blocks(html: &str) -> String {
    const BLOCKS: &[&str] = &[
        "div", "p", "li", "tr", "table", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
    ];
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let tag = rest[1..].trim_start_matches('/');
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = &tag[..name_len];
        if name.eq_ignore_ascii_case("blockquote") && !rest[1..].starts_with('/') {
            out.push_str("<br>&gt;<br>");
        } else if BLOCKS.iter().any(|b| name.eq_ignore_ascii_case(b)) {
            out.push_str("<br>");
        }
        out.push('<');
        rest = &rest[1..];
    }
    out.push_str(rest);
    out
}

/// A header value on one line, so a folded or hostile value stays one log line.
fn one_line(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn bounce(msg: &Message<'_>) -> Option<String> {
    // multipart/report covers delivery reports and read receipts alike.
    if let Some(ct) = msg.root_part().content_type() {
        if ct.ctype().eq_ignore_ascii_case("multipart")
            && ct
                .subtype()
                .is_some_and(|s| s.eq_ignore_ascii_case("report"))
        {
            let report = ct.attribute("report-type").unwrap_or("?");
            return Some(format!(
                "Content-Type: multipart/report; report-type={report}"
            ));
        }
    }
    // Raw, because mail-parser reads Return-Path as a message id and `<>` as no value.
    let null_sender = msg
        .headers_raw()
        .any(|(name, value)| name.eq_ignore_ascii_case("Return-Path") && value.trim() == "<>");
    if null_sender {
        return Some("Return-Path: <>".to_owned());
    }
    let from = msg
        .from()
        .and_then(Address::first)
        .and_then(|a| a.address())?;
    let local = from.split('@').next().unwrap_or(from);
    ["mailer-daemon", "postmaster"]
        .iter()
        .any(|daemon| local.eq_ignore_ascii_case(daemon))
        .then(|| format!("From: {from}"))
}

/// Only headers that mark this message itself as automatic: `X-Auto-Response-Suppress`
/// asks others not to answer and comes on ordinary mail too.
fn auto_reply(msg: &Message<'_>) -> Option<String> {
    msg.headers_raw().find_map(|(name, value)| {
        let value = one_line(value);
        let automatic = match name.to_ascii_lowercase().as_str() {
            "auto-submitted" => {
                let keyword = value.split([';', '(', ' ']).next().unwrap_or("");
                !keyword.eq_ignore_ascii_case("no")
            }
            "x-autoreply" | "x-autorespond" => true,
            "precedence" => ["bulk", "junk", "list", "auto_reply"]
                .iter()
                .any(|p| value.eq_ignore_ascii_case(p)),
            _ => false,
        };
        automatic.then(|| format!("{name}: {value}"))
    })
}

/// The player's command, read from the reply text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move {
        /// The move as written (trimmed); the notation is the engine's business.
        text: String,
        comment: Option<String>,
        offer_draw: bool,
    },
    Resign,
    AcceptDraw,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing above the quote.
    Empty,
    /// `draw?` on its own: a draw is offered together with a move.
    DrawOfferWithoutMove,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Empty => "the reply has no command above the quoted notification",
            Self::DrawOfferWithoutMove => {
                "a draw is offered together with a move, e.g. `Nf3 draw?`"
            }
        })
    }
}

impl std::error::Error for CommandError {}

/// Longest comment kept, in characters.
const MAX_COMMENT_CHARS: usize = 500;

const DRAW_OFFER: &str = "draw?";

/// Reads the command from the first non-empty fresh line; the lines after it are a comment.
pub fn command(text: &str) -> Result<Command, CommandError> {
    let mut lines = fresh_lines(text)
        .into_iter()
        .filter(|line| !line.is_empty())
        .peekable();
    let first = lines.next().ok_or(CommandError::Empty)?;
    // "Resign." and "Accept  draw" mean the same; only the keywords are this lenient.
    let keyword = first
        .trim_end_matches(['.', '!'])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    match keyword.as_str() {
        "resign" => return Ok(Command::Resign),
        "accept" | "accept draw" => return Ok(Command::AcceptDraw),
        _ => {}
    }
    let (text, mut offer_draw) = match strip_suffix_ignore_case(first, DRAW_OFFER) {
        Some("") => return Err(CommandError::DrawOfferWithoutMove),
        Some(rest) if rest.ends_with(char::is_whitespace) => (rest.trim_end(), true),
        _ => (first, false),
    };
    if lines
        .next_if(|line| line.eq_ignore_ascii_case(DRAW_OFFER))
        .is_some()
    {
        offer_draw = true;
    }
    let mut comment = lines.collect::<Vec<_>>().join(" ");
    if let Some((cut, _)) = comment.char_indices().nth(MAX_COMMENT_CHARS) {
        comment.truncate(cut);
        comment.truncate(comment.trim_end().len());
    }
    Ok(Command::Move {
        text: text.to_owned(),
        comment: (!comment.is_empty()).then_some(comment),
        offer_draw,
    })
}

fn strip_suffix_ignore_case<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let at = s.len().checked_sub(suffix.len())?;
    let tail = s.get(at..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| &s[..at])
}

fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// The reply's own lines, trimmed: everything above the quoted original (without trailing
/// blank lines).
pub fn fresh_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim).collect();
    let end = (0..lines.len())
        .find(|&i| ends_fresh_text(lines[i], lines.get(i + 1).copied()))
        .unwrap_or(lines.len());
    lines.truncate(end);
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

fn ends_fresh_text(line: &str, next: Option<&str>) -> bool {
    // Signatures clients append without a "-- " separator.
    const SIGNATURES: &[&str] = &[
        "Sent from my ",
        "Sent from Outlook",
        "Get Outlook for ",
        "Sent with Proton Mail",
    ];
    // Outlook's header block above the original, in its common languages.
    const HEADER_BLOCK: &[&str] = &["From:", "Von:", "De:", "De :"];
    let unbold = line.trim_start_matches('*');
    line.starts_with('>')
        // The signature separator "-- " (trimmed).
        || line == "--"
        || is_separator(line)
        || HEADER_BLOCK.iter().any(|p| starts_with_ignore_case(unbold, p))
        || SIGNATURES.iter().any(|s| line.starts_with(s))
        || is_attribution(line, next)
}

/// `-----Original Message-----` and its translations, Gmail's `---------- Forwarded
/// message ---------`, and Outlook's line of underscores.
fn is_separator(line: &str) -> bool {
    let dashed =
        line.starts_with("--") && line.ends_with("--") && !line.trim_matches('-').trim().is_empty();
    dashed || (line.len() >= 10 && line.chars().all(|c| c == '_'))
}

/// "On … wrote:" and its French, German and Spanish forms, also when the client wrapped it
/// onto the next line.
fn is_attribution(line: &str, next: Option<&str>) -> bool {
    fn ends(s: &str) -> bool {
        // French puts a (no-break) space before the colon.
        s.strip_suffix(':').map(str::trim_end).is_some_and(|head| {
            head.ends_with("wrote")
                || head.ends_with("a écrit")
                || head.ends_with("escribió")
                || head.contains(" schrieb")
        })
    }
    ["On ", "Le ", "Am ", "El "]
        .iter()
        .any(|opener| line.starts_with(opener))
        && (ends(line) || next.is_some_and(|next| ends(&format!("{line} {next}"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: usize = 1 << 20;
    const TOKEN: &str = "moves+q7h2m4x9@example.org";

    fn fixture(raw: &[u8]) -> (InboundMail, Result<Command, CommandError>) {
        let mail = read(raw, LIMIT).expect("a parsable fixture");
        let command = command(&mail.text);
        (mail, command)
    }

    fn mv(text: &str, comment: Option<&str>, offer_draw: bool) -> Command {
        Command::Move {
            text: text.to_owned(),
            comment: comment.map(str::to_owned),
            offer_draw,
        }
    }

    #[test]
    fn gmail_reply_with_wrapped_attribution() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/gmail_plain.eml"));
        assert_eq!(
            command,
            Ok(mv(
                "e4",
                Some("Nice opening. I did not expect 1. e4 from you, let's see how you handle it."),
                false,
            ))
        );
        assert_eq!(mail.from.as_deref(), Some("alice.martin@gmail.com"));
        assert_eq!(mail.recipients, [TOKEN]);
        assert_eq!(
            mail.message_id.as_deref(),
            Some("CAF3x9qYw8Zt1n+q0Lr3kVb2_Hc0mP7d4sXe=Jq@mail.gmail.com")
        );
        assert_eq!(
            mail.subject.as_deref(),
            Some("Re: [plypost] Game #42: your move against Bob")
        );
        assert_eq!(mail.automatic, None);
    }

    #[test]
    fn outlook_top_posted_reply() {
        let raw = include_bytes!("../../tests/mail/outlook.eml");
        let (mail, command) = fixture(raw);
        assert_eq!(command, Ok(mv("e5", None, true)));
        assert_eq!(mail.from.as_deref(), Some("bob.smith@contoso.com"));
        assert_eq!(mail.recipients, [TOKEN]);
        assert_eq!(mail.automatic, None);

        // The HTML alternative, converted, reads the same.
        let msg = MessageParser::default().parse(raw).expect("parsable");
        let html = msg.body_html(0).expect("an HTML part");
        assert_eq!(
            fresh_lines(&html_to_text(&break_blocks(&html)))
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>(),
            ["e5 draw?"]
        );
    }

    #[test]
    fn apple_mail_reply_drops_the_iphone_signature() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/apple_mail.eml"));
        assert_eq!(
            command,
            Ok(mv("Qxf7#", Some("Checkmate, I believe 😊"), false))
        );
        assert_eq!(mail.from.as_deref(), Some("carol.nguyen@icloud.com"));
        assert_eq!(mail.recipients, [TOKEN]);
    }

    #[test]
    fn html_only_base64_reply() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/html_only.eml"));
        assert_eq!(
            command,
            Ok(mv("Qh5", Some("Took the bait, I hope."), false))
        );
        assert!(!mail.text.contains('<'), "tags left in {:?}", mail.text);
        assert_eq!(mail.from.as_deref(), Some("dave@example.net"));
        assert_eq!(mail.recipients, [TOKEN]);
    }

    #[test]
    fn latin1_quoted_printable_reply_in_french() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/latin1_qp.eml"));
        assert_eq!(
            command,
            Ok(mv(
                "Bc4",
                Some("Très bien joué, mais je reprends le pion."),
                false
            ))
        );
        assert_eq!(
            mail.subject.as_deref(),
            Some("Re: [plypost] Partie n°42 : à vous de jouer")
        );
        assert_eq!(mail.from.as_deref(), Some("eloise.durand@laposte.net"));
    }

    #[test]
    fn reply_with_attachments_through_an_alias() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/attachment.eml"));
        assert_eq!(
            command,
            Ok(mv(
                "Nc6",
                Some("Stellung und Analyse im Anhang. Grüße, Frank"),
                false
            ))
        );
        assert_eq!(
            mail.recipients,
            ["plypost@example.org", TOKEN, "greta@posteo.de"]
        );
        assert_eq!(mail.automatic, None);
    }

    #[test]
    fn out_of_office_is_automatic() {
        let (mail, _) = fixture(include_bytes!("../../tests/mail/auto_reply.eml"));
        assert_eq!(
            mail.automatic,
            Some(Automatic::AutoReply("Auto-Submitted: auto-replied".into()))
        );
    }

    #[test]
    fn bounce_is_automatic() {
        let (mail, _) = fixture(include_bytes!("../../tests/mail/bounce.eml"));
        assert_eq!(
            mail.automatic,
            Some(Automatic::Bounce(
                "Content-Type: multipart/report; report-type=delivery-status".into()
            ))
        );
        assert_eq!(mail.from.as_deref(), Some("mailer-daemon@mail.contoso.com"));
        assert_eq!(mail.recipients, [TOKEN]);
    }

    #[test]
    fn draw_offer_on_the_move_line() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/nf6_draw.eml"));
        assert_eq!(command, Ok(mv("Nf6", None, true)));
        assert_eq!(mail.recipients, [TOKEN]);
    }

    #[test]
    fn resignation() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/resign.eml"));
        assert_eq!(command, Ok(Command::Resign));
        assert_eq!(mail.from.as_deref(), Some("ines@fastmail.com"));
    }

    #[test]
    fn draw_acceptance() {
        let (mail, command) = fixture(include_bytes!("../../tests/mail/accept_draw.eml"));
        assert_eq!(command, Ok(Command::AcceptDraw));
        assert_eq!(mail.recipients, [TOKEN]);
    }

    fn automatic_of(headers: &str) -> Option<Automatic> {
        let raw = format!(
            "{headers}From: someone@example.com\r\nTo: {TOKEN}\r\nSubject: Re: move\r\n\r\ne4\r\n"
        );
        read(raw.as_bytes(), LIMIT).expect("parsable").automatic
    }

    #[test]
    fn failed_authentication_of_the_from_domain() {
        let d = "example.org";
        assert!(fails_for("dmarc=fail header.from=example.org", d));
        assert!(fails_for("dmarc=fail (p=reject)", d));
        assert!(fails_for("dkim=fail header.d=example.org", d));
        assert!(fails_for("dkim=fail header.i=@example.org", d));
        assert!(fails_for("spf=fail smtp.mailfrom=someone@example.org", d));
        // Other domains' failures, passes and other methods say nothing of the sender.
        assert!(!fails_for("dkim=fail header.d=list.example.net", d));
        assert!(!fails_for(
            "spf=fail smtp.mailfrom=bounce@relay.example.net",
            d
        ));
        assert!(!fails_for("dmarc=pass header.from=example.org", d));
        assert!(!fails_for("spf=softfail smtp.mailfrom=example.org", d));
        assert!(!fails_for("arc=fail", d));
        assert!(!fails_for("none", d));
    }

    #[test]
    fn automatic_headers() {
        let auto = |s: &str| Some(Automatic::AutoReply(s.to_owned()));
        assert_eq!(automatic_of(""), None);
        assert_eq!(automatic_of("Auto-Submitted: no\r\n"), None);
        assert_eq!(automatic_of("Auto-Submitted: No (a person)\r\n"), None);
        assert_eq!(
            automatic_of("Auto-Submitted: auto-generated\r\n"),
            auto("Auto-Submitted: auto-generated")
        );
        assert_eq!(
            automatic_of("X-Autoreply: yes\r\n"),
            auto("X-Autoreply: yes")
        );
        assert_eq!(
            automatic_of("x-autorespond: 1\r\n"),
            auto("x-autorespond: 1")
        );
        assert_eq!(
            automatic_of("Precedence: bulk\r\n"),
            auto("Precedence: bulk")
        );
        assert_eq!(automatic_of("Precedence: first-class\r\n"), None);
        assert_eq!(automatic_of("X-Auto-Response-Suppress: All\r\n"), None);
        assert_eq!(
            automatic_of("Return-Path: <>\r\n"),
            Some(Automatic::Bounce("Return-Path: <>".into()))
        );
        let raw = b"From: Postmaster <postmaster@example.net>\r\nSubject: x\r\n\r\nfailed\r\n";
        assert_eq!(
            read(raw, LIMIT).map(|m| m.automatic),
            Ok(Some(Automatic::Bounce(
                "From: postmaster@example.net".into()
            )))
        );
    }

    #[test]
    fn too_large_and_unparsable() {
        let raw = include_bytes!("../../tests/mail/resign.eml");
        assert_eq!(
            read(raw, 100),
            Err(ReadError::TooLarge {
                bytes: raw.len(),
                limit: 100
            })
        );
        assert_eq!(read(b"", LIMIT), Err(ReadError::Unparsable));
        for garbage in [
            &b"\n\n\n"[..],
            b"hello world",
            b"\x00\x01\xff\xfe",
            b"%PDF-1.4\n1 0 obj\n",
        ] {
            assert_eq!(
                read(garbage, LIMIT),
                Err(ReadError::Unparsable),
                "{garbage:?}"
            );
        }
    }

    #[test]
    fn quote_markers() {
        let cases = [
            "e4\n\n-----Original Message-----\nFrom: plypost",
            "e4\n\n-----ORIGINAL MESSAGE-----\nFrom: plypost",
            "e4\n________________________________\nFrom: plypost <x@y>\nSent: Monday",
            "e4\n\n*From:* plypost <x@y>\n*Sent:* Monday",
            "e4\n-- \nAlice, sent from a terminal",
            "e4\n> quoted",
            "e4\n   > indented quote",
            "e4\nOn Mon, 1 Dec 2026 at 10:00, plypost <x@y> wrote:\nYour move",
            "e4\nOn Mon, 1 Dec 2026 at 10:00, plypost <x@y>\nwrote:\nYour move",
            "e4\nLe lun. 1 déc. 2026 à 10:00, plypost <x@y> a écrit :\nVotre coup",
            "e4\nAm Mo., 1. Dez. 2026 um 10:00 Uhr schrieb plypost <x@y>:\nSie sind",
            "e4\nAm 01.12.2026 um 10:00 schrieb plypost\n<x@y>:\nSie sind",
            "e4\nEl lun, 1 dic 2026 a las 10:00, plypost (<x@y>) escribió:\nSu turno",
        ];
        for text in cases {
            assert_eq!(fresh_lines(text), ["e4"], "{text:?}");
        }
        assert_eq!(
            fresh_lines("  e4  \r\n\r\nOn my way\r\n"),
            ["e4", "", "On my way"]
        );
    }

    #[test]
    fn commands() {
        assert_eq!(command("  RESIGN \n"), Ok(Command::Resign));
        assert_eq!(command("Resign.\nsorry"), Ok(Command::Resign));
        assert_eq!(command("accept"), Ok(Command::AcceptDraw));
        assert_eq!(command("\n\nAccept  Draw\n"), Ok(Command::AcceptDraw));
        assert_eq!(command("Nf3 Draw?"), Ok(mv("Nf3", None, true)));
        assert_eq!(
            command("Nf3\n\ndraw?\n\ngood luck"),
            Ok(mv("Nf3", Some("good luck"), true))
        );
        assert_eq!(command("Nf3draw?"), Ok(mv("Nf3draw?", None, false)));
        assert_eq!(
            command("e8=Q+ \nline one\n\nline two"),
            Ok(mv("e8=Q+", Some("line one line two"), false))
        );
        assert_eq!(command("draw?"), Err(CommandError::DrawOfferWithoutMove));
        assert_eq!(command("\n  \n> e4"), Err(CommandError::Empty));
        assert_eq!(command(""), Err(CommandError::Empty));
    }

    #[test]
    fn long_comments_are_cut_at_a_char_boundary() {
        let text = format!("e4\n{}", "é".repeat(600));
        let Ok(Command::Move {
            comment: Some(comment),
            ..
        }) = command(&text)
        else {
            panic!("a move with a comment");
        };
        assert_eq!(comment.chars().count(), MAX_COMMENT_CHARS);
    }
}
