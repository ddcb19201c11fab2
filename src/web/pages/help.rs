//! Help pages: `GET /help/api` shows how to use the JSON API; `GET /help/variants` explains the variant definition format and the supported
//! XBetza, with a complete example. The text is Markdown embedded at compile time
//! (`help_variants.md`), rendered once by the preset description renderer (which shows raw
//! HTML as text), and tested here: every XBetza example compiles, every "Rejected" one does
//! not, the worked example loads, and every key the loader knows is documented.

use std::sync::OnceLock;

use actix_web::{web, HttpResponse};
use askama::Template;

use crate::web::{render, Ctx, WebError};

/// The Markdown source of `/help/variants`.
pub const VARIANTS_MARKDOWN: &str = include_str!("help_variants.md");

/// The Markdown source of `/help/api`.
pub const API_MARKDOWN: &str = include_str!("help_api.md");

/// The Markdown source of `/help/bots`.
pub const BOTS_MARKDOWN: &str = include_str!("help_bots.md");

/// The Markdown source of `/help/tournaments`.
pub const TOURNAMENTS_MARKDOWN: &str = include_str!("help_tournaments.md");

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/help/variants", web::get().to(variants))
        .route("/help/api", web::get().to(api))
        .route("/help/tournaments", web::get().to(tournaments))
        .route("/help/bots", web::get().to(bots));
}

fn tournaments_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| super::presets_markdown::render(TOURNAMENTS_MARKDOWN))
}

fn bots_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| super::presets_markdown::render(BOTS_MARKDOWN))
}

async fn bots(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&HelpPage {
        ctx: &ctx,
        title: "help-bots-title",
        body: bots_html(),
    })
}

async fn tournaments(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&HelpPage {
        ctx: &ctx,
        title: "help-tournaments-title",
        body: tournaments_html(),
    })
}

#[derive(Template)]
#[template(path = "pages/help/page.html")]
struct HelpPage<'a> {
    ctx: &'a Ctx,
    title: &'a str,
    body: &'a str,
}

fn api_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| super::presets_markdown::render(API_MARKDOWN))
}

#[derive(Template)]
#[template(path = "pages/help/api.html")]
struct ApiPage<'a> {
    ctx: &'a Ctx,
    body: &'a str,
}

async fn api(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&ApiPage {
        ctx: &ctx,
        body: api_html(),
    })
}

fn variants_html() -> &'static str {
    static HTML: OnceLock<String> = OnceLock::new();
    HTML.get_or_init(|| {
        let markdown = VARIANTS_MARKDOWN
            .replace("FSF-TEMPLATES", &fsf_templates_markdown())
            .replace("FSF-KEYS", &fsf_keys_markdown());
        super::presets_markdown::render(&markdown).replace(
            "<h2>Importing a variant</h2>",
            "<h2 id=\"import\">Importing a variant</h2>",
        )
    })
}

/// The built-in variants a variants.ini section may inherit from, from the import itself.
fn fsf_templates_markdown() -> String {
    let names: Vec<String> = plypost_rules::import::fsf::template_names()
        .iter()
        .map(|n| format!("`{n}`"))
        .collect();
    format!(
        "Parents from Fairy-Stockfish's built-in variants: {}. `[t:makruk]` is refused \
         by its counting rules (`countingRule`), which plypost's rules do not have; with \
         `countingRule = none` in the section it plays Makruk without them.",
        names.join(", ")
    )
}

/// The keys of variants.ini the import reads, ignores and refuses, from the import itself.
fn fsf_keys_markdown() -> String {
    use plypost_rules::import::fsf;
    let list = |keys: Vec<&str>| {
        keys.iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!(
        "**Read:** {}.\n\n**Ignored with a warning** (they change how Fairy-Stockfish shows \
         or plays a variant, not its rules): {}, and `mobilityRegion…`. A key Fairy-Stockfish \
         does not know is ignored with a warning too, as Fairy-Stockfish ignores it.\n\n\
         **Refused** when set to anything but their default, each with the reason:\n\n\
         | key | why |\n|---|---|\n",
        list(fsf::supported_keys()),
        list(fsf::display_keys().to_vec()),
    );
    for (key, why) in fsf::refused_keys() {
        out.push_str(&format!("| `{key}` | {why} |\n"));
    }
    out.push_str(
        "\nAlso refused: promotion regions other than the last ranks (the same for both \
         sides), a double-step region other than the ranks where the pieces start, en passant \
         on only part of the board, extinction rules other than the bare King, repetition \
         rules other than the third occurrence, castling with several kinds of piece.",
    );
    out
}

#[derive(Template)]
#[template(path = "pages/help/variants.html")]
struct VariantsPage<'a> {
    ctx: &'a Ctx,
    body: &'a str,
}

async fn variants(ctx: Ctx) -> Result<HttpResponse, WebError> {
    render::page(&VariantsPage {
        ctx: &ctx,
        body: variants_html(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::betza::compile;
    use plypost_rules::Variant;
    use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

    /// The code spans of the first column of every table whose first header is `header`.
    fn first_column(markdown: &str, header: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut in_head = false;
        let mut table_header: Option<String> = None;
        let mut cell = 0usize;
        let mut in_cell = false;
        for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
            match event {
                Event::Start(Tag::Table(_)) => table_header = None,
                Event::Start(Tag::TableHead) => {
                    in_head = true;
                    cell = 0;
                }
                Event::End(TagEnd::TableHead) => in_head = false,
                Event::Start(Tag::TableRow) => cell = 0,
                Event::Start(Tag::TableCell) => {
                    cell += 1;
                    in_cell = true;
                }
                Event::End(TagEnd::TableCell) => in_cell = false,
                Event::Text(t) if in_head && in_cell && cell == 1 && table_header.is_none() => {
                    table_header = Some(t.to_string());
                }
                Event::Code(code)
                    if !in_head
                        && in_cell
                        && cell == 1
                        && table_header.as_deref() == Some(header) =>
                {
                    out.push(code.to_string());
                }
                _ => {}
            }
        }
        out
    }

    /// The fenced code blocks with info string `lang`.
    fn code_blocks(markdown: &str, lang: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut current: Option<String> = None;
        for event in Parser::new(markdown) {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if &*info == lang => {
                    current = Some(String::new());
                }
                Event::Text(t) => {
                    if let Some(c) = current.as_mut() {
                        c.push_str(&t);
                    }
                }
                Event::End(TagEnd::CodeBlock) => out.extend(current.take()),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn every_xbetza_example_compiles() {
        let examples = first_column(VARIANTS_MARKDOWN, "XBetza");
        assert!(examples.len() >= 50, "{examples:?}");
        for text in [
            "W", "(4,1)", "NN", "W3", "BN", "RN", "fsW", "ffN", "mRcpR", "nD", "ifmnD", "FyafsF",
            "yafsF",
        ] {
            assert!(examples.iter().any(|e| e == text), "{text} is not shown");
        }
        for text in &examples {
            if let Err(e) = compile(text) {
                panic!("the example '{text}' does not compile: {e}");
            }
        }
    }

    #[test]
    fn every_unsupported_example_is_rejected() {
        let examples = first_column(VARIANTS_MARKDOWN, "Rejected");
        assert!(examples.len() >= 15, "{examples:?}");
        for text in ["jR", "hW", "nN", "mafsF", "yafsyafsF"] {
            assert!(examples.iter().any(|e| e == text), "{text} is not shown");
        }
        for text in &examples {
            assert!(compile(text).is_err(), "'{text}' is accepted");
        }
    }

    #[test]
    fn the_worked_example_loads() {
        let blocks = code_blocks(VARIANTS_MARKDOWN, "toml");
        assert_eq!(blocks.len(), 1);
        let v = Variant::from_toml(&blocks[0]).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((v.name(), v.width(), v.height()), ("capablanca", 10, 8));
        assert_eq!(v.castling().map(|c| c.king_distance), Some(3));
        for (letter, betza) in [("A", "BN"), ("C", "RN"), ("P", "fmWfceFifmnD")] {
            let kind = v.kind_by_letter(letter).unwrap();
            assert_eq!(kind.xbetza.as_deref(), Some(betza));
        }
        assert!(v.pieces().iter().all(|k| k.xbetza.is_some()));
        let pawn = v.kind_by_letter("P").unwrap();
        assert!(pawn.captures_en_passant && pawn.creates_en_passant);
        let start = plypost_rules::Position::start(&v);
        assert_eq!(start.legal_moves().len(), 28);
    }

    /// Every key the loader knows is explained on the page and in the format's README.
    #[test]
    fn every_key_is_documented() {
        let readme = include_str!("../../../rules/variants/README.md");
        for (table, keys) in Variant::definition_keys() {
            for key in keys {
                let shown = [
                    format!("`{key}`"),
                    format!("`[{key}]`"),
                    format!("`[[{key}]]`"),
                ];
                for (what, text) in [("the help page", VARIANTS_MARKDOWN), ("README", readme)] {
                    assert!(
                        shown.iter().any(|s| text.contains(s.as_str())),
                        "'{key}' of [{table}] is missing from {what}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_page_is_rendered_safely() {
        let html = variants_html();
        assert!(html.contains("<h1>Writing a variant definition</h1>"));
        assert!(html.contains("<table>"));
        assert!(html.contains("<code>fmWfceFifmnD</code>"));
        assert!(html.contains("class=\"language-toml\""));
        assert!(!html.contains("<script"));
    }
}
