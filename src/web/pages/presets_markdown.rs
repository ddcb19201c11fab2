//! Preset descriptions: Markdown rendered safely. Raw HTML is shown as text, links keep only
//! http, https, mailto and local targets, and images become links (the page's
//! Content-Security-Policy would block other sites' images anyway).

use pulldown_cmark::{html, Event, Options, Parser, Tag, TagEnd};

/// Whether a link target may be followed: no `javascript:`, `data:` or other schemes.
fn safe_url(url: &str) -> bool {
    let url = url.trim();
    if url.chars().any(char::is_control) {
        return false;
    }
    match url.find([':', '/', '?', '#']) {
        Some(i) if url.as_bytes()[i] == b':' => {
            let scheme = url[..i].to_ascii_lowercase();
            matches!(scheme.as_str(), "http" | "https" | "mailto")
        }
        _ => true,
    }
}

/// The description as HTML that is safe to insert in a page.
pub fn render(markdown: &str) -> String {
    render_options(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    )
}

/// Our own text (the help pages) as HTML: as [`render`], and headings may name their anchor
/// (`## Importing a variant {#import}`), so links to it work in every language.
pub fn render_with_anchors(markdown: &str) -> String {
    render_options(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_HEADING_ATTRIBUTES,
    )
}

fn render_options(markdown: &str, options: Options) -> String {
    // For each open link or image: whether its start was kept, so its end matches.
    let mut kept: Vec<bool> = Vec::new();
    let events = Parser::new_ext(markdown, options).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        })
        | Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let ok = safe_url(&dest_url);
            kept.push(ok);
            ok.then_some(Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }))
        }
        Event::End(TagEnd::Link) | Event::End(TagEnd::Image) => kept
            .pop()
            .unwrap_or(false)
            .then_some(Event::End(TagEnd::Link)),
        // Footnote and math syntax are not enabled; everything else is plain structure.
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_is_rendered() {
        let html = render("# Title\n\nSome *emphasis* and [a link](https://example.org/x).");
        assert!(html.contains("<h1>Title</h1>"));
        assert!(html.contains("<em>emphasis</em>"));
        assert!(html.contains("<a href=\"https://example.org/x\">a link</a>"));
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        let html = render("<script>alert(1)</script>\n\nHi <b onclick=\"x()\">there</b>");
        assert!(!html.contains("<script"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(!html.contains("<b "), "{html}");
    }

    #[test]
    fn unsafe_links_lose_their_target() {
        for bad in [
            "[x](javascript:alert(1))",
            "[x](JavaScript:alert(1))",
            "[x](data:text/html,hi)",
            "[x](vbscript:msgbox)",
            "![x](javascript:alert(1))",
            "<javascript:alert(1)>",
        ] {
            let html = render(bad);
            assert!(!html.contains("href"), "{bad}: {html}");
            assert!(!html.to_lowercase().contains("<img"), "{bad}: {html}");
        }
        assert!(render("[rules](/presets/chess)").contains("href=\"/presets/chess\""));
        assert!(render("<mailto:a@b.org>").contains("href=\"mailto:a@b.org\""));
        // An image becomes a link to it.
        let html = render("![board](https://example.org/b.png)");
        assert!(
            html.contains("<a href=\"https://example.org/b.png\">board</a>"),
            "{html}"
        );
    }
}
