//! The preset editor as a browser drives it: fork, the edit form's fields, save or preview.

use reqwest::{Response, StatusCode};

use super::{location, unescape, TestApp};

/// The fields of a preset's edit form as the page shows them (text inputs, textareas,
/// checked boxes and radios), so a test changes only what it means to.
pub fn form_fields(page: &str) -> Vec<(String, String)> {
    let form_start = page.find("id=\"preset-form\"").expect("edit form");
    let form = &page[form_start..page[form_start..].find("</form>").unwrap() + form_start];
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!("{name}=\"");
        let start = tag.find(&key)? + key.len();
        let end = tag[start..].find('"')? + start;
        Some(unescape(&tag[start..end]))
    };
    let mut out = Vec::new();
    for (i, _) in form.match_indices("<input") {
        let tag = &form[i..i + form[i..].find('>').unwrap()];
        let Some(name) = attr(tag, "name") else {
            continue;
        };
        let kind = attr(tag, "type").unwrap_or_else(|| "text".into());
        if (kind == "checkbox" || kind == "radio") && !tag.contains(" checked") {
            continue;
        }
        out.push((name, attr(tag, "value").unwrap_or_default()));
    }
    for (i, _) in form.match_indices("<textarea") {
        let open_end = i + form[i..].find('>').unwrap();
        let name = attr(&form[i..open_end], "name").unwrap();
        let close = open_end + form[open_end..].find("</textarea>").unwrap();
        out.push((name, unescape(&form[open_end + 1..close])));
    }
    out
}

/// The `<figure>` of the piece with FEN letter `letter` on a preset page.
pub fn piece_figure<'a>(page: &'a str, letter: &str) -> &'a str {
    let marker = format!("data-piece=\"{letter}\"");
    let start = page
        .find(&marker)
        .unwrap_or_else(|| panic!("figure of {letter}"));
    let end = start + page[start..].find("</figure>").unwrap();
    &page[start..end]
}

impl TestApp {
    /// The edit form of `slug` as `client` sees it (asserted to be shown).
    pub async fn preset_edit_form(&self, client: &reqwest::Client, slug: &str) -> String {
        let (status, page) = self.get_as(client, &format!("/presets/{slug}/edit")).await;
        assert_eq!(status, StatusCode::OK, "edit form of {slug}");
        page
    }

    /// Submits the edit form `page` of `slug` with `changes` applied to what it shows (a
    /// change to `None` removes the field) and the button `action`.
    pub async fn submit_preset_form(
        &self,
        client: &reqwest::Client,
        slug: &str,
        page: &str,
        changes: &[(&str, Option<&str>)],
        action: &str,
    ) -> Response {
        let mut fields = form_fields(page);
        fields.retain(|(k, _)| k != "csrf_token");
        for (name, value) in changes {
            fields.retain(|(k, _)| k != name);
            if let Some(v) = value {
                fields.push(((*name).to_owned(), (*v).to_owned()));
            }
        }
        fields.push(("action".into(), action.into()));
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        self.post_as(client, &format!("/presets/{slug}/edit"), &borrowed)
            .await
    }

    /// Submits the edit form of `slug` with `changes` applied to what the form shows.
    pub async fn edit_preset(
        &self,
        client: &reqwest::Client,
        slug: &str,
        changes: &[(&str, Option<&str>)],
        action: &str,
    ) -> Response {
        let page = self.preset_edit_form(client, slug).await;
        self.submit_preset_form(client, slug, &page, changes, action)
            .await
    }

    /// Forks `source` under `name`; returns the new preset's slug.
    pub async fn fork_preset(&self, client: &reqwest::Client, source: &str, name: &str) -> String {
        let res = self
            .post_as(
                client,
                &format!("/presets/{source}/fork"),
                &[("name", name)],
            )
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "fork {source}");
        let to = location(&res);
        let slug = to
            .strip_prefix("/presets/")
            .and_then(|r| r.split('/').next())
            .expect("redirect to the copy")
            .to_owned();
        assert_eq!(to, format!("/presets/{slug}/edit?done=forked"));
        slug
    }
}
