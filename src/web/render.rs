//! Rendering askama templates into responses.

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use askama::Template;

use super::{Ctx, WebError};

/// 200 with the rendered page.
pub fn page<T: Template>(template: &T) -> Result<HttpResponse, WebError> {
    page_with_status(StatusCode::OK, template)
}

/// A page with another status, e.g. a form shown again with an error (422) or 429.
pub fn page_with_status<T: Template>(
    status: StatusCode,
    template: &T,
) -> Result<HttpResponse, WebError> {
    respond(status, template.render()?)
}

/// A short page that says why a request was refused (not a form error) and links back.
#[derive(Template)]
#[template(path = "pages/message.html")]
struct MessagePage<'a> {
    ctx: &'a Ctx,
    title: &'a str,
    message: &'a str,
    back: &'a str,
}

/// [`MessagePage`] with `status`.
pub fn message_page(
    ctx: &Ctx,
    status: StatusCode,
    title: &str,
    message: &str,
    back: &str,
) -> Result<HttpResponse, WebError> {
    page_with_status(
        status,
        &MessagePage {
            ctx,
            title,
            message,
            back,
        },
    )
}

/// [`page`] for a large page whose size is about known: rendered into a buffer of `capacity`
/// bytes (instead of one grown by doubling, which copies the page several times over).
pub fn page_sized<T: Template>(template: &T, capacity: usize) -> Result<HttpResponse, WebError> {
    let mut html = String::with_capacity(capacity);
    template.render_into(&mut html)?;
    respond(StatusCode::OK, html)
}

fn respond(status: StatusCode, html: String) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(html))
}

/// 303 See Other, the answer to a successful form POST.
pub fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", location))
        .finish()
}

/// Only paths of this site are followed after log-in (no open redirects): `/` then anything
/// but a second `/` or `\`, and printable ASCII only. Browsers drop tabs and line breaks from
/// URLs (`/\t/evil.example` becomes `//evil.example`) and treat `\` as `/`; a CR or LF would
/// also not fit in a header.
pub fn safe_next(next: &str) -> &str {
    let printable = next.bytes().all(|b| (0x21..=0x7e).contains(&b));
    let ok = printable
        && next.starts_with('/')
        && !next[1..].starts_with(['/', '\\'])
        && !next.contains('\\')
        && !next.contains("://");
    if ok {
        next
    } else {
        "/"
    }
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    #[test]
    fn next_must_be_local() {
        assert_eq!(safe_next("/settings"), "/settings");
        assert_eq!(safe_next("//evil.example"), "/");
        assert_eq!(safe_next("https://evil.example"), "/");
        assert_eq!(safe_next("/\\evil.example"), "/");
        assert_eq!(safe_next(""), "/");
        assert_eq!(safe_next("/games/12?x=1#moves"), "/games/12?x=1#moves");
        for sneaky in [
            "/\t/evil.example/",
            "/\n/evil.example",
            "/\r\nSet-Cookie: x=1",
            "/ /evil.example",
            "/\0",
            "/caf\u{e9}",
            "\\\\evil.example",
        ] {
            assert_eq!(safe_next(sneaky), "/", "{sneaky:?}");
        }
    }
}
