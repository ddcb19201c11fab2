//! Help pages: `/help/api` (the JSON API), `/help/bots`, `/help/tournaments` and
//! `/help/variants` (the variant definition format, XBetza and the import, with a complete
//! example). Each is Markdown in `locales/<tag>/help/<page>.md`, embedded in the binary and
//! rendered once per language by the preset description renderer (which shows raw HTML as
//! text). A language without its own copy of a page shows the English one and says so.
//!
//! Tested here: every XBetza example compiles, every "Rejected" one does not, the worked
//! example loads, every key the loader knows is documented, and every translation keeps the
//! English page's examples.

use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::{web, HttpResponse};
use askama::Template;

use crate::i18n::Lang;
use crate::web::{render, Ctx, WebError};

/// The help pages' Markdown, `<tag>/help/<page>.md` (and the message files beside them).
#[derive(rust_embed::RustEmbed)]
#[folder = "locales/"]
struct Locales;

/// One help page.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Page {
    Api,
    Bots,
    Tournaments,
    Variants,
}

impl Page {
    const ALL: [Page; 4] = [Page::Api, Page::Bots, Page::Tournaments, Page::Variants];

    fn file(self) -> &'static str {
        match self {
            Page::Api => "api",
            Page::Bots => "bots",
            Page::Tournaments => "tournaments",
            Page::Variants => "variants",
        }
    }

    fn title_id(self) -> &'static str {
        match self {
            Page::Api => "help-api-title",
            Page::Bots => "help-bots-title",
            Page::Tournaments => "help-tournaments-title",
            Page::Variants => "help-variants-title",
        }
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/help/variants", web::get().to(variants))
        .route("/help/api", web::get().to(api))
        .route("/help/tournaments", web::get().to(tournaments))
        .route("/help/bots", web::get().to(bots));
}

/// A page's Markdown as written for `lang`, if that language has it.
fn markdown(lang: &Lang, page: Page) -> Option<String> {
    let file = Locales::get(&format!("{}/help/{}.md", lang.tag(), page.file()))?;
    String::from_utf8(file.data.into_owned()).ok()
}

/// A page rendered for one language: its HTML and the language the text is written in.
struct Rendered {
    html: String,
    written_in: Lang,
}

fn render_page(lang: &Lang, page: Page) -> Rendered {
    let (markdown, written_in) = match markdown(lang, page) {
        Some(text) => (text, lang.clone()),
        None => (
            markdown(&Lang::default(), page).unwrap_or_default(),
            Lang::default(),
        ),
    };
    let markdown = if page == Page::Variants {
        markdown
            .replace("FSF-TEMPLATES", &fsf_templates_markdown(&written_in))
            .replace("FSF-KEYS", &fsf_keys_markdown(&written_in))
    } else {
        markdown
    };
    Rendered {
        html: super::presets_markdown::render_with_anchors(&markdown),
        written_in,
    }
}

/// Every page in every language, rendered on first use.
fn rendered(lang: &Lang, page: Page) -> Option<&'static Rendered> {
    static PAGES: OnceLock<HashMap<(String, Page), Rendered>> = OnceLock::new();
    let pages = PAGES.get_or_init(|| {
        Lang::all()
            .iter()
            .flat_map(|lang| Page::ALL.map(|page| ((lang.tag(), page), render_page(lang, page))))
            .collect()
    });
    // Every language of a request is one of `Lang::all()`; English is the safe answer anyway.
    pages
        .get(&(lang.tag(), page))
        .or_else(|| pages.get(&(Lang::default().tag(), page)))
}

#[derive(Template)]
#[template(path = "pages/help/page.html")]
struct HelpPage<'a> {
    ctx: &'a Ctx,
    title: &'a str,
    body: &'a str,
    /// The language of the body when it is not the reader's (the page says so).
    written_in: Option<String>,
}

fn show(ctx: &Ctx, page: Page) -> Result<HttpResponse, WebError> {
    let text = rendered(&ctx.lang, page).ok_or(WebError::NotFound)?;
    render::page(&HelpPage {
        ctx,
        title: page.title_id(),
        body: &text.html,
        written_in: (text.written_in != ctx.lang).then(|| text.written_in.tag()),
    })
}

async fn api(ctx: Ctx) -> Result<HttpResponse, WebError> {
    show(&ctx, Page::Api)
}

async fn bots(ctx: Ctx) -> Result<HttpResponse, WebError> {
    show(&ctx, Page::Bots)
}

async fn tournaments(ctx: Ctx) -> Result<HttpResponse, WebError> {
    show(&ctx, Page::Tournaments)
}

async fn variants(ctx: Ctx) -> Result<HttpResponse, WebError> {
    show(&ctx, Page::Variants)
}

fn code_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    items
        .into_iter()
        .map(|k| format!("`{}`", k.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The built-in variants a variants.ini section may inherit from, from the import itself.
fn fsf_templates_markdown(lang: &Lang) -> String {
    lang.t1(
        "help-fsf-parents",
        "names",
        code_list(plypost_rules::import::fsf::template_names()),
    )
}

/// The keys of variants.ini the import reads, ignores and refuses, from the import itself;
/// the refused ones grouped by reason.
fn fsf_keys_markdown(lang: &Lang) -> String {
    use plypost_rules::import::{fsf, Refusal};
    let mut out = format!(
        "{}\n\n{}\n\n{}\n\n| {} | {} |\n|---|---|\n",
        lang.t1("help-fsf-read", "keys", code_list(fsf::supported_keys())),
        lang.t1("help-fsf-ignored", "keys", code_list(fsf::display_keys())),
        lang.t("help-fsf-refused"),
        lang.t("help-fsf-why"),
        lang.t("help-fsf-keys"),
    );
    let mut groups: Vec<(Refusal, Vec<&str>)> = Vec::new();
    for (key, why) in fsf::refused_keys() {
        match groups.iter_mut().find(|(w, _)| *w == why) {
            Some((_, keys)) => keys.push(key),
            None => groups.push((why, vec![key])),
        }
    }
    for (why, keys) in groups {
        out.push_str(&format!(
            "| {} | {} |\n",
            refusal_text(lang, why),
            code_list(keys)
        ));
    }
    out.push('\n');
    out.push_str(&lang.t("help-fsf-also-refused"));
    out
}

/// Why the import refuses a key, in `lang`: `imported-refused-<code>` (a test keeps every code
/// translated), else the import's English text.
fn refusal_text(lang: &Lang, why: plypost_rules::import::Refusal) -> String {
    lang.try_t(&format!("imported-refused-{}", why.code))
        .unwrap_or_else(|| why.text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plypost_rules::betza::compile;
    use plypost_rules::Variant;
    use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

    fn english(page: Page) -> String {
        markdown(&Lang::default(), page).expect("every page is written in English")
    }

    /// The code spans of the first column of every table, in order.
    fn first_columns(markdown: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cell = 0usize;
        for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
            match event {
                Event::Start(Tag::TableRow) | Event::Start(Tag::TableHead) => cell = 0,
                Event::Start(Tag::TableCell) => cell += 1,
                Event::Code(code) if cell == 1 => out.push(code.to_string()),
                Event::End(TagEnd::Table) => cell = 0,
                _ => {}
            }
        }
        out
    }

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

    /// The fenced code blocks with info string `lang` (all of them for `None`).
    fn code_blocks(markdown: &str, lang: Option<&str>) -> Vec<String> {
        let mut out = Vec::new();
        let mut current: Option<String> = None;
        for event in Parser::new(markdown) {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                    if lang.is_none_or(|l| l == &*info) =>
                {
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
        let examples = first_column(&english(Page::Variants), "XBetza");
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
        let examples = first_column(&english(Page::Variants), "Rejected");
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
        let blocks = code_blocks(&english(Page::Variants), Some("toml"));
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
        let help = english(Page::Variants);
        for (table, keys) in Variant::definition_keys() {
            for key in keys {
                let shown = [
                    format!("`{key}`"),
                    format!("`[{key}]`"),
                    format!("`[[{key}]]`"),
                ];
                for (what, text) in [("the help page", help.as_str()), ("README", readme)] {
                    assert!(
                        shown.iter().any(|s| text.contains(s.as_str())),
                        "'{key}' of [{table}] is missing from {what}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_pages_are_rendered_safely_in_every_language() {
        for lang in Lang::all() {
            let html = &rendered(&lang, Page::Variants).expect("rendered").html;
            assert!(html.contains("<h2 id=\"import\">"), "{lang}");
            assert!(html.contains("<table>"));
            assert!(html.contains("<code>fmWfceFifmnD</code>"));
            assert!(html.contains("class=\"language-toml\""));
            assert!(!html.contains("FSF-KEYS") && !html.contains("FSF-TEMPLATES"));
            assert!(html.contains("<code>pieceDrops</code>"), "{lang}");
            for page in Page::ALL {
                let html = &rendered(&lang, page).expect("rendered").html;
                assert!(html.starts_with("<h1>"), "{lang} {page:?}");
                assert!(!html.contains("<script"), "{lang} {page:?}");
            }
        }
        let english = &rendered(&Lang::default(), Page::Variants)
            .expect("rendered")
            .html;
        assert!(english.contains("<h1>Writing a variant definition</h1>"));
    }

    /// A translation keeps every example of the English page: the same code in the first
    /// column of its tables (keys, XBetza, rejected moves) and the same code blocks.
    #[test]
    fn every_translation_keeps_the_examples() {
        for page in Page::ALL {
            let english = english(page);
            for lang in Lang::all() {
                let Some(text) = markdown(&lang, page) else {
                    continue;
                };
                assert_eq!(
                    first_columns(&text),
                    first_columns(&english),
                    "{lang} {page:?}: the tables' first columns differ from English"
                );
                let (ours, theirs) = (code_blocks(&text, None), code_blocks(&english, None));
                assert_eq!(ours.len(), theirs.len(), "{lang} {page:?}: code blocks");
                // Comments in examples may be translated; the code itself may not.
                let code = |block: &String| -> Vec<String> {
                    block
                        .lines()
                        .filter(|l| !l.trim_start().starts_with('#'))
                        .map(str::to_owned)
                        .collect()
                };
                for (a, b) in ours.iter().zip(&theirs) {
                    assert_eq!(code(a), code(b), "{lang} {page:?}: a code block differs");
                }
            }
        }
    }

    /// Every reason the import refuses a key has its message in every language; the English
    /// one says what the import says.
    #[test]
    fn every_refusal_is_explained_in_every_language() {
        for (key, why) in plypost_rules::import::fsf::refused_keys() {
            let id = format!("imported-refused-{}", why.code);
            for lang in Lang::all() {
                assert!(lang.try_t(&id).is_some(), "{lang}: {id} ({key})");
            }
            assert_eq!(refusal_text(&Lang::default(), why), why.text, "{key}");
        }
    }
}
