//! The languages plypost speaks: Project Fluent message files under `locales/<tag>/*.ftl`,
//! embedded in the binary at build time (a new directory there is a new language; no Rust
//! change). [`Lang`] is one of them, chosen per request (see `web::session`) or per mail
//! recipient, and formats messages, dates and numbers.
//!
//! Log lines and the JSON API's error texts stay English; everything a person reads on a page
//! or in a mail goes through here.

mod format;
mod message;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

pub use format::DateStyle;
pub use message::{Message, MessageValue};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Unicode isolation marks around arguments would end up inside URLs, mail subjects
        // and test assertions; plypost's arguments are never mixed-direction text.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The language used when nothing else decides: `en`.
pub const FALLBACK: &str = "en";

/// One of the languages that has a `locales/<tag>/` directory.
#[derive(Clone, PartialEq, Eq)]
pub struct Lang(LanguageIdentifier);

impl fmt::Debug for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lang({})", self.0)
    }
}

impl fmt::Display for Lang {
    /// The BCP 47 tag: `en`, `fr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Default for Lang {
    fn default() -> Self {
        Lang(fallback_id())
    }
}

fn fallback_id() -> LanguageIdentifier {
    LanguageIdentifier::from_bytes(FALLBACK.as_bytes()).unwrap_or_default()
}

/// A value given to a message: a number (which plural rules look at) or text.
pub trait MessageArg {
    fn to_value(&self) -> FluentValue<'static>;
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl MessageArg for $t {
            fn to_value(&self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}
number_args!(i32, i64, u32, u64, usize, f64);

impl MessageArg for str {
    fn to_value(&self) -> FluentValue<'static> {
        FluentValue::from(self.to_owned())
    }
}

impl MessageArg for String {
    fn to_value(&self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl<T: MessageArg + ?Sized> MessageArg for &T {
    fn to_value(&self) -> FluentValue<'static> {
        (**self).to_value()
    }
}

impl Lang {
    /// Every language with message files, in tag order.
    pub fn all() -> Vec<Lang> {
        let mut all: Vec<Lang> = LOCALES.locales().cloned().map(Lang).collect();
        all.sort_by_key(|l| l.to_string());
        all
    }

    /// The language named by `tag` (`fr`, `fr-CA`, `FR`) if plypost speaks it: an exact
    /// match first, then the same language without region.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let wanted: LanguageIdentifier = tag.trim().parse().ok()?;
        let all = Self::all();
        if let Some(exact) = all.iter().find(|l| l.0 == wanted) {
            return Some(exact.clone());
        }
        all.into_iter().find(|l| l.0.language == wanted.language)
    }

    /// The first language of an `Accept-Language` header plypost speaks, by the header's
    /// quality values.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut ranked: Vec<(f32, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.split(';');
                let tag = pieces.next()?.trim();
                let quality = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                (quality > 0.0 && !tag.is_empty() && tag != "*").then_some((quality, i, tag))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked
            .into_iter()
            .find_map(|(_, _, tag)| Self::from_tag(tag))
    }

    /// The BCP 47 tag, for `lang="…"` and `Content-Language`.
    pub fn tag(&self) -> String {
        self.0.to_string()
    }

    /// The language's own name (`Français`), for the language switch.
    pub fn native_name(&self) -> String {
        self.t("language-name")
    }

    /// The message `id`, or `id` itself when no language has it (a test keeps that from
    /// happening; the page still renders).
    pub fn t(&self, id: &str) -> String {
        self.lookup(id, None)
    }

    /// The message `id` with arguments.
    pub fn t_args(&self, id: &str, args: &[(&str, &dyn MessageArg)]) -> String {
        self.lookup(id, Some(&argument_map(args)))
    }

    /// The message `id` with arguments, or `None` when no message has that id (or it needs
    /// an argument not given).
    pub fn try_t_args(&self, id: &str, args: &[(&str, &dyn MessageArg)]) -> Option<String> {
        LOCALES.try_lookup_complete(&self.0, id, Some(&argument_map(args)))
    }

    /// The message `id` with one argument.
    pub fn t1(&self, id: &str, name: &str, value: impl MessageArg) -> String {
        self.t_args(id, &[(name, &value)])
    }

    /// The message `id` with two arguments.
    pub fn t2(
        &self,
        id: &str,
        name1: &str,
        value1: impl MessageArg,
        name2: &str,
        value2: impl MessageArg,
    ) -> String {
        self.t_args(id, &[(name1, &value1), (name2, &value2)])
    }

    /// The message `id` with three arguments.
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        &self,
        id: &str,
        name1: &str,
        value1: impl MessageArg,
        name2: &str,
        value2: impl MessageArg,
        name3: &str,
        value3: impl MessageArg,
    ) -> String {
        self.t_args(id, &[(name1, &value1), (name2, &value2), (name3, &value3)])
    }

    /// The message `id`, or `None` when no message has that id (for text that is translated
    /// where a translation exists, such as piece names).
    pub fn try_t(&self, id: &str) -> Option<String> {
        LOCALES.try_lookup(&self.0, id)
    }

    fn lookup(&self, id: &str, args: Option<&HashMap<Cow<'static, str>, FluentValue>>) -> String {
        match LOCALES.try_lookup_complete(&self.0, id, args) {
            Some(text) => text,
            None => {
                tracing::warn!("no message {id:?} in {}", self.0);
                id.to_owned()
            }
        }
    }
}

fn argument_map(
    args: &[(&str, &dyn MessageArg)],
) -> HashMap<Cow<'static, str>, FluentValue<'static>> {
    args.iter()
        .map(|(name, value)| (Cow::Owned((*name).to_owned()), value.to_value()))
        .collect()
}

/// The message id of a piece's name: `piece-` and the English name in lowercase, words
/// joined by `-` (`Flying Ox` → `piece-flying-ox`).
pub fn piece_id(english: &str) -> String {
    let slug: Vec<String> = english
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    format!("piece-{}", slug.join("-"))
}

/// A piece's name in `lang`: the built-in variants' pieces have messages (`piece-queen`);
/// a piece a player named in their own variant keeps its name.
pub fn piece_name(lang: &Lang, english: &str) -> String {
    if let Some(name) = lang.try_t(&piece_id(english)) {
        return name;
    }
    // The import names a piece it has no name for by its letter.
    match english.strip_prefix("Piece ") {
        Some(letter) if letter.len() == 1 && *lang != Lang::default() => {
            lang.t1("piece-by-letter", "letter", letter)
        }
        _ => english.to_owned(),
    }
}

/// What a piece does, in `lang`: a built-in variant's pieces have messages
/// (`piece-<variant>-<name>-moves`, whose English is the definition's text); any other
/// description (a player's own variant, or one that differs from the built-in text) is shown
/// as its author wrote it.
pub fn piece_moves(lang: &Lang, variant: &str, english_name: &str, description: &str) -> String {
    let own = builtin_piece_text(lang, variant, english_name, "moves", description);
    if own != description || *lang == Lang::default() {
        return own;
    }
    written_by_plypost(lang, description).unwrap_or(own)
}

/// A piece description plypost wrote for a variant it did not define, in `lang`: one copied
/// from a built-in piece that moves the same (an imported variant's pieces take their
/// built-in twin's), one the import writes (`piece-imported-*`), or "moves as … (XBetza)".
fn written_by_plypost(lang: &Lang, description: &str) -> Option<String> {
    static ENGLISH_TO_ID: OnceLock<HashMap<String, String>> = OnceLock::new();
    let known = ENGLISH_TO_ID.get_or_init(|| {
        let english = Lang::default();
        let mut ids: Vec<String> = IMPORTED_DESCRIPTIONS
            .iter()
            .map(|id| (*id).to_owned())
            .collect();
        for key in plypost_rules::Variant::builtin_names() {
            if let Ok(variant) = plypost_rules::Variant::builtin(key) {
                ids.extend(variant.pieces().iter().map(|kind| {
                    format!(
                        "piece-{key}-{}-moves",
                        &piece_id(&kind.name)["piece-".len()..]
                    )
                }));
            }
        }
        let mut known = HashMap::new();
        for id in ids {
            if let Some(text) = english.try_t(&id) {
                known.entry(text).or_insert(id);
            }
        }
        known
    });
    if let Some(id) = known.get(description) {
        return lang.try_t(id);
    }
    let betza = description
        .strip_prefix("moves as ")?
        .strip_suffix(" (XBetza)")?;
    Some(lang.t1("piece-moves-as-xbetza", "betza", betza))
}

/// The descriptions the variant import writes (`plypost_rules::import`), by message.
const IMPORTED_DESCRIPTIONS: &[&str] = &[
    "piece-imported-king-moves",
    "piece-imported-pawn-moves",
    "piece-imported-pawn-double-moves",
    "piece-imported-pawn-double-ep-moves",
];

/// Why a piece has no exact XBetza, in `lang`: as [`piece_moves`], with the messages
/// `piece-<variant>-<name>-xbetza-note`.
pub fn piece_xbetza_note(lang: &Lang, variant: &str, english_name: &str, note: &str) -> String {
    builtin_piece_text(lang, variant, english_name, "xbetza-note", note)
}

/// A built-in piece's `text` in `lang` from the message `piece-<variant>-<name>-<what>`
/// whose English is `text`; any other text as written.
fn builtin_piece_text(
    lang: &Lang,
    variant: &str,
    english_name: &str,
    what: &str,
    text: &str,
) -> String {
    let id = format!(
        "piece-{variant}-{}-{what}",
        &piece_id(english_name)["piece-".len()..]
    );
    builtin_message(lang, &id, text)
}

/// The message `id` in `lang` when its English is `text` (plypost wrote `text` for a built-in
/// variant); else `text` as its author wrote it.
fn builtin_message(lang: &Lang, id: &str, text: &str) -> String {
    match Lang::default().try_t(id) {
        Some(english) if english == text => lang.try_t(id).unwrap_or(english),
        _ => text.to_owned(),
    }
}

/// A variant's name in `lang`: the built-in variants have messages (`variant-chess`, whose
/// English is the definition's display name); a player's own variant keeps the name its
/// author gave it, as does a definition whose display name differs from the built-in one.
pub fn variant_name(lang: &Lang, name: &str, display_name: &str) -> String {
    let id = format!("variant-{name}");
    builtin_message(lang, &id, display_name)
}

/// A preset's name in `lang`: the built-in presets are named after their variant ("Chess"),
/// so a name that is exactly a built-in variant's English name reads as that variant's name
/// in `lang` ("Échecs"); any other name is its author's.
pub fn preset_name(lang: &Lang, name: &str) -> String {
    static BY_DISPLAY_NAME: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    let builtins = BY_DISPLAY_NAME.get_or_init(|| {
        plypost_rules::Variant::builtin_names()
            .iter()
            .filter_map(|key| {
                plypost_rules::Variant::builtin(key)
                    .ok()
                    .map(|v| (v.display_name().to_owned(), *key))
            })
            .collect()
    });
    match builtins.get(name) {
        Some(key) => variant_name(lang, key, name),
        None => name.to_owned(),
    }
}

impl Lang {
    /// `variant`'s name in this language ([`variant_name`]).
    pub fn variant(&self, variant: &plypost_rules::Variant) -> String {
        variant_name(self, variant.name(), variant.display_name())
    }

    /// Why `variant`'s setup is a reconstruction, in this language: a built-in variant's
    /// notice is the message `variant-<name>-provisional-setup`; a player's own definition's
    /// is shown as its author wrote it.
    pub fn provisional_setup(&self, variant: &plypost_rules::Variant) -> Option<String> {
        let id = format!("variant-{}-provisional-setup", variant.name());
        Some(builtin_message(self, &id, variant.provisional_setup()?))
    }

    /// Why `variant`'s promotion rules are provisional, in this language (as
    /// [`Lang::provisional_setup`], message `variant-<name>-provisional-promotion`).
    pub fn provisional_promotion(&self, variant: &plypost_rules::Variant) -> Option<String> {
        let id = format!("variant-{}-provisional-promotion", variant.name());
        Some(builtin_message(self, &id, variant.provisional_promotion()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece of every built-in variant has its name and its moves in every language,
    /// and the English message is the definition's own text.
    #[test]
    fn every_built_in_piece_is_described_in_every_language() {
        for name in plypost_rules::Variant::builtin_names() {
            let variant = plypost_rules::Variant::builtin(name).expect("built in");
            for kind in variant.pieces() {
                for lang in Lang::all() {
                    let id = piece_id(&kind.name);
                    assert!(lang.try_t(&id).is_some(), "{lang}: {id}");
                    if let Some(note) = &kind.xbetza_note {
                        let text = piece_xbetza_note(&lang, name, &kind.name, note);
                        if lang == Lang::default() {
                            assert_eq!(&text, note, "{name} {}", kind.name);
                        } else {
                            assert_ne!(&text, note, "{lang}: {name} {}", kind.name);
                        }
                    }
                    let moves = piece_moves(&lang, name, &kind.name, &kind.description);
                    if lang == Lang::default() {
                        assert_eq!(moves, kind.description, "{name} {}", kind.name);
                    } else if !kind.description.is_empty() {
                        assert_ne!(moves, kind.description, "{lang}: {name} {}", kind.name);
                    }
                }
            }
        }
        let fr = Lang::from_tag("fr").expect("French");
        // A player's own text stays as written, even under a built-in piece's name.
        assert_eq!(
            piece_moves(&fr, "chess", "King", "my own King"),
            "my own King"
        );
    }

    /// An imported variant's pieces read in French too: the import writes the descriptions
    /// of their built-in twins, or its own (`piece-imported-*`, "moves as … (XBetza)").
    #[test]
    fn imported_pieces_are_described_in_every_language() {
        use plypost_rules::import::{self, Format};
        let fr = Lang::from_tag("fr").expect("French");
        for text in [
            "[t:chess]\ncustomPiece1 = a:WDDcpR\nking = k:WF\n",
            "[t:chess]\ndoubleStep = false\n",
            "[t:chess]\nenPassantRegion = -\n",
        ] {
            let imported = import::import(Format::FsfIni, text, None).expect("imports");
            let variant = plypost_rules::Variant::from_toml(&imported.definition).expect("loads");
            for kind in variant.pieces() {
                let english = piece_moves(
                    &Lang::default(),
                    variant.name(),
                    &kind.name,
                    &kind.description,
                );
                assert_eq!(english, kind.description);
                let french = piece_moves(&fr, variant.name(), &kind.name, &kind.description);
                assert_ne!(french, kind.description, "{text}: {}", kind.name);
                assert!(!french.contains("piece-"), "{french}");
                assert_ne!(piece_name(&fr, &kind.name), "Piece A");
            }
        }
        // A diagram has no name of its own: the import's reads in French too.
        let diagram = "files=8\nranks=8\nking::::e1\nrook::::a1,h1\n";
        let imported = import::import(Format::Diagram, diagram, None).expect("imports");
        let variant = plypost_rules::Variant::from_toml(&imported.definition).expect("loads");
        assert_eq!(fr.variant(&variant), "Diagramme importé");
        assert_eq!(Lang::default().variant(&variant), "Imported diagram");
    }

    /// Every built-in variant has a name message in every language whose English is the
    /// definition's display name; a player's variant keeps its own name.
    #[test]
    fn every_built_in_variant_is_named_in_every_language() {
        for name in plypost_rules::Variant::builtin_names() {
            let variant = plypost_rules::Variant::builtin(name).expect("built in");
            for lang in Lang::all() {
                let id = format!("variant-{name}");
                assert!(lang.try_t(&id).is_some(), "{lang}: {id}");
            }
            assert_eq!(Lang::default().variant(&variant), variant.display_name());
            // The notices of reconstructed setups and promotions: English as defined, and
            // worded in every other language.
            for (notice, defined) in [
                (
                    Lang::provisional_setup as fn(&Lang, &_) -> _,
                    variant.provisional_setup(),
                ),
                (Lang::provisional_promotion, variant.provisional_promotion()),
            ] {
                for lang in Lang::all() {
                    let text = notice(&lang, &variant);
                    assert_eq!(text.is_some(), defined.is_some(), "{lang}: {name}");
                    if lang == Lang::default() {
                        assert_eq!(text.as_deref(), defined, "{name}");
                    } else if let Some(text) = text {
                        assert_ne!(Some(text.as_str()), defined, "{lang}: {name}");
                    }
                }
            }
        }
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(
            builtin_message(&fr, "variant-pemba-provisional-setup", "My own notice"),
            "My own notice"
        );
        let chess = plypost_rules::Variant::builtin("chess").expect("built in");
        assert_eq!(fr.variant(&chess), "Échecs");
        assert_eq!(variant_name(&fr, "chess", "Chess"), "Échecs");
        assert_eq!(variant_name(&fr, "chess", "My chess"), "My chess");
        assert_eq!(variant_name(&fr, "shatranj", "Shatranj"), "Shatranj");
        assert_eq!(preset_name(&fr, "Chess"), "Échecs");
        assert_eq!(preset_name(&fr, "Terachess II"), "Terachess II");
        assert_eq!(preset_name(&fr, "Fast chess"), "Fast chess");
        assert_eq!(preset_name(&Lang::default(), "Chess"), "Chess");
    }

    #[test]
    fn finds_languages_by_tag_and_header() {
        assert_eq!(Lang::from_tag("fr").map(|l| l.tag()), Some("fr".into()));
        assert_eq!(Lang::from_tag("fr-CA").map(|l| l.tag()), Some("fr".into()));
        assert_eq!(Lang::from_tag("FR").map(|l| l.tag()), Some("fr".into()));
        assert_eq!(Lang::from_tag("xx"), None);
        assert_eq!(Lang::from_tag("not a tag!"), None);
        let pick = |h: &str| Lang::from_accept_language(h).map(|l| l.tag());
        assert_eq!(pick("de-DE,fr;q=0.8,en;q=0.5"), Some("fr".into()));
        assert_eq!(pick("en;q=0.4, fr-BE;q=0.9"), Some("fr".into()));
        assert_eq!(pick("fr;q=0, en"), Some("en".into()));
        assert_eq!(pick("de, it"), None);
        assert_eq!(pick(""), None);
    }

    #[test]
    fn plural_rules_come_from_the_language() {
        let fr = Lang::from_tag("fr").expect("French");
        let en = Lang::from_tag("en").expect("English");
        assert_eq!(en.t_args("count-moves", &[("count", &1)]), "1 move");
        assert_eq!(en.t_args("count-moves", &[("count", &0)]), "0 moves");
        // French counts 0 and 1 as singular.
        assert_eq!(fr.t_args("count-moves", &[("count", &0)]), "0 coup");
        assert_eq!(fr.t_args("count-moves", &[("count", &2)]), "2 coups");
    }

    #[test]
    fn pieces_are_named_in_the_language() {
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(piece_id("Flying Ox"), "piece-flying-ox");
        assert_eq!(piece_name(&fr, "Queen"), "Dame");
        assert_eq!(piece_name(&Lang::default(), "Queen"), "Queen");
        assert_eq!(piece_name(&fr, "Blorp of Mine"), "Blorp of Mine");
    }

    #[test]
    fn unknown_ids_show_themselves() {
        // Not a literal argument: the reference check over the sources would flag it.
        let missing = String::from("nosuchmessage");
        assert_eq!(Lang::default().t(&missing), missing);
        assert_eq!(Lang::default().try_t(&missing), None);
    }
}
