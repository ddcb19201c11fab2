//! The site's CSS, scripts and piece images, embedded in the binary (`static/` at build
//! time), so that `plypost serve` serves a styled site from any directory. Pages link them by
//! content-hashed URLs (`/static/css/site.css?v=1a2b3c4d5e`), which are cached for a year as
//! immutable; a changed file gets a new URL. `PLYPOST_STATIC_DIR` serves a directory instead,
//! uncached, for working on the files without rebuilding.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use super::{AppState, WebError};

#[derive(rust_embed::RustEmbed)]
#[folder = "static/"]
struct Embedded;

/// One embedded file: its bytes, content type and short content hash.
struct Asset {
    bytes: Cow<'static, [u8]>,
    mime: String,
    hash: String,
}

fn assets() -> &'static HashMap<String, Asset> {
    static ASSETS: OnceLock<HashMap<String, Asset>> = OnceLock::new();
    ASSETS.get_or_init(|| {
        Embedded::iter()
            .filter_map(|path| {
                let file = Embedded::get(&path)?;
                let hash = hex::encode(&Sha256::digest(&file.data)[..5]);
                let mime = file.metadata.mimetype().to_owned();
                Some((
                    path.into_owned(),
                    Asset {
                        bytes: file.data,
                        mime,
                        hash,
                    },
                ))
            })
            .collect()
    })
}

/// The URL of `path` (relative to `static/`) with its content hash, for templates:
/// `{{ crate::web::assets::url("css/site.css") }}`.
pub fn url(path: &str) -> String {
    match assets().get(path) {
        Some(asset) => format!("/static/{path}?v={}", asset.hash),
        None => format!("/static/{path}"),
    }
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct AssetQuery {
    v: String,
}

/// `GET /static/{path}`: the embedded file (or the override directory's).
pub async fn serve(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    q: web::Query<AssetQuery>,
) -> Result<HttpResponse, WebError> {
    let path = path.into_inner();
    if path
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return Err(WebError::NotFound);
    }
    if let Some(dir) = &state.config.static_dir {
        return from_directory(&req, dir, &path).await;
    }
    let asset = assets().get(&path).ok_or(WebError::NotFound)?;
    // The hashed URL never changes content: cache it for good. Others revalidate often.
    let cache = if q.v == asset.hash {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=300"
    };
    Ok(HttpResponse::Ok()
        .content_type(asset.mime.as_str())
        .insert_header((header::CACHE_CONTROL, cache))
        .body(asset.bytes.clone().into_owned()))
}

/// `PLYPOST_STATIC_DIR`: the file from that directory, never cached.
async fn from_directory(
    req: &HttpRequest,
    dir: &Path,
    path: &str,
) -> Result<HttpResponse, WebError> {
    let full = dir.join(path);
    let file = web::block(move || actix_files::NamedFile::open(full))
        .await
        .map_err(|e| WebError::Internal(format!("blocking: {e}")))?
        .map_err(|_| WebError::NotFound)?
        .prefer_utf8(true);
    let mut response = file.into_response(req);
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_has_a_hashed_url() {
        let site = url("css/site.css");
        assert!(site.starts_with("/static/css/site.css?v="), "{site}");
        assert_eq!(site.len(), "/static/css/site.css?v=".len() + 10);
        assert!(url("js/board.js").contains("?v="));
        assert!(url("pieces/king.svg").contains("?v="));
        assert_eq!(url("no/such.file"), "/static/no/such.file");
        assert_eq!(assets()["css/site.css"].mime, "text/css");
    }
}
