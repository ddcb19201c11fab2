//! [`ApiJson`]: the API's JSON body extractor. Beside what `web::Json` checks (size, content
//! type, syntax, shape), it refuses text with a NUL character anywhere in the body, naming
//! the field: no stored text may hold one (PostgreSQL refuses it outright).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::ApiError;

/// A JSON body of type `T` without NUL characters.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T> ApiJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for ApiJson<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // The scope's JsonConfig applies here: its limit, content type and error answers.
        let value = web::Json::<Value>::from_request(req, payload);
        Box::pin(async move {
            let web::Json(value) = value.await?;
            if let Some(field) = nul_field(&value, "") {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "invalid",
                    format!("`{field}` contains a NUL character, which no text may hold."),
                )
                .into());
            }
            let parsed = T::deserialize(value).map_err(|e| {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "bad_json",
                    format!("The body is not the JSON this endpoint takes: {e}"),
                )
            })?;
            Ok(ApiJson(parsed))
        })
    }
}

/// The path (`time_control.kind`, `lines[2]`) of the first string or key with a NUL.
fn nul_field(value: &Value, path: &str) -> Option<String> {
    let field = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Value::String(text) if text.contains('\0') => Some(display(path)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| nul_field(item, &format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            if key.contains('\0') {
                Some(display(&field(&key.replace('\0', "\\0"))))
            } else {
                nul_field(item, &field(key))
            }
        }),
        _ => None,
    }
}

fn display(path: &str) -> String {
    if path.is_empty() {
        "the body".to_owned()
    } else {
        path.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_field_with_a_nul() {
        let body = serde_json::json!({"opponent": "bob", "time_control": {"kind": "da\u{0}ys"}});
        assert_eq!(nul_field(&body, "").as_deref(), Some("time_control.kind"));
        let body = serde_json::json!({"lines": ["e4 e5", "d4 \u{0}"]});
        assert_eq!(nul_field(&body, "").as_deref(), Some("lines[1]"));
        let body = serde_json::json!({"a\u{0}": 1});
        assert_eq!(nul_field(&body, "").as_deref(), Some("a\\0"));
        assert_eq!(
            nul_field(&serde_json::json!({"ok": ["fine", 1, null]}), ""),
            None
        );
    }
}
