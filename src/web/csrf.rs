//! CSRF protection for every request that changes state.
//!
//! Each session has a random token (see `session::csrf_token`). Forms carry it in a hidden
//! field — `{% include "partials/csrf.html" %}` in the template — and handlers take their
//! form through [`CsrfForm<T>`], which refuses the request with 403 before the handler runs
//! unless the token matches. Scripts may send the token in an `X-CSRF-Token` header instead.
//!
//! ```ignore
//! async fn submit(state: web::Data<AppState>, ctx: Ctx, CsrfForm(form): CsrfForm<MyForm>)
//! ```
//! A POST without fields uses `CsrfForm<NoFields>`.
//!
//! Behind that, [`same_origin_guard`] refuses every state-changing request that a browser
//! marks as coming from another site (`Origin`, `Sec-Fetch-Site`), so a handler that forgot
//! the token is still not open to cross-site forms.

use std::future::Future;
use std::pin::Pin;

use actix_session::SessionExt;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpRequest};
use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::WebError;

/// Name of the hidden form field.
pub const FIELD: &str = "csrf_token";
/// Header alternative for scripts.
pub const HEADER: &str = "X-CSRF-Token";

/// A URL-encoded form whose CSRF token has been checked.
#[derive(Debug)]
pub struct CsrfForm<T>(pub T);

/// For POSTs that carry nothing but the token (log out, ...).
#[derive(Debug, Deserialize)]
pub struct NoFields {}

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, WebError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        // Honours the app's PayloadConfig size limit.
        let body = Bytes::from_request(&req, payload);
        Box::pin(async move {
            let body = body.await.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    WebError::PayloadTooLarge
                } else {
                    WebError::BadRequest(
                        crate::web::language::current().t("request-body-unreadable"),
                    )
                }
            })?;
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|_| {
                    WebError::BadRequest(
                        crate::web::language::current().t("request-form-unreadable"),
                    )
                })?;
            let sent = req
                .headers()
                .get(HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
                .or_else(|| {
                    pairs
                        .iter()
                        .find(|(k, _)| k == FIELD)
                        .map(|(_, v)| v.clone())
                });
            verify(&req, sent.as_deref())?;
            // No stored text may hold a NUL (PostgreSQL refuses it outright).
            if let Some((field, _)) = pairs
                .iter()
                .find(|(k, v)| k.contains('\0') || v.contains('\0'))
            {
                return Err(WebError::BadRequest(crate::web::language::current().t1(
                    "request-field-nul",
                    "field",
                    field.replace('\0', "\\0"),
                )));
            }
            let form = serde_urlencoded::from_bytes::<T>(&body).map_err(|_| {
                WebError::BadRequest(crate::web::language::current().t("request-form-incomplete"))
            })?;
            Ok(CsrfForm(form))
        })
    }
}

/// Checks a token sent with a request against the session's token.
pub fn verify(req: &HttpRequest, sent: Option<&str>) -> Result<(), WebError> {
    let session = req.get_session();
    let expected = session.get::<String>("csrf").ok().flatten();
    match (expected, sent) {
        (Some(expected), Some(sent))
            if !expected.is_empty() && constant_time_eq(expected.as_bytes(), sent.as_bytes()) =>
        {
            Ok(())
        }
        _ => Err(WebError::Csrf),
    }
}

/// Middleware: refuses POST/PUT/PATCH/DELETE requests that come from another site.
pub async fn same_origin_guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let safe = matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    // The unsubscribe links carry their own secret token, and mail services send the
    // one-click unsubscribe (RFC 8058) from their own sites.
    let own_token = req.path().starts_with("/unsubscribe/");
    if !safe && !own_token && is_cross_site(&req) {
        tracing::info!(path = req.path(), "refused a cross-site request");
        return Err(WebError::Csrf.into());
    }
    next.call(req).await
}

fn is_cross_site(req: &ServiceRequest) -> bool {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    if header("sec-fetch-site") == Some("cross-site") {
        return true;
    }
    let Some(origin) = header("origin") else {
        return false;
    };
    let Ok(origin) = url::Url::parse(origin) else {
        // `Origin: null` and anything unreadable.
        return true;
    };
    let Some(origin_host) = origin.host_str() else {
        return true;
    };
    let origin_authority = match origin.port() {
        Some(port) => format!("{origin_host}:{port}"),
        None => origin_host.to_owned(),
    };
    let info = req.connection_info();
    let request_host = info.host();
    let base_matches = req
        .app_data::<actix_web::web::Data<super::AppState>>()
        .is_some_and(|state| {
            let base = &state.config.base_url;
            base.host_str() == Some(origin_host)
                && base.port_or_known_default() == origin.port_or_known_default()
        });
    !(request_host.eq_ignore_ascii_case(&origin_authority) || base_matches)
}

pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::constant_time_eq;

    #[test]
    fn compares_tokens() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
