//! A message decided in a service and shown later in its reader's language: an id and its
//! arguments. Services return it inside their errors (`GameError::Invalid(Message)`); a page
//! shows [`Message::text`] in the request's language, while `Display` (logs, the JSON API,
//! tests) is always English.

use std::fmt;

use fluent_templates::fluent_bundle::FluentValue;

use super::{Lang, MessageArg};

/// The value of one argument of a [`Message`]: numbers stay numbers (plural rules look at
/// them), text is text, and a message inside another is shown in the same language.
#[derive(Debug, Clone, PartialEq)]
pub enum MessageValue {
    Int(i64),
    Float(f64),
    Text(String),
    Message(Box<Message>),
    /// A piece's English name, shown as [`super::piece_name`] gives it in the reader's
    /// language.
    Piece(String),
    /// A variant (its key and its own display name), shown as [`super::variant_name`]
    /// gives it in the reader's language.
    Variant {
        name: String,
        display: String,
    },
}

impl MessageArg for MessageValue {
    fn to_value(&self) -> FluentValue<'static> {
        match self {
            MessageValue::Int(n) => FluentValue::from(*n),
            MessageValue::Float(x) => FluentValue::from(*x),
            MessageValue::Text(text) => FluentValue::from(text.clone()),
            // `Message::text` resolves these first; English is the safe answer.
            MessageValue::Message(m) => FluentValue::from(m.to_string()),
            MessageValue::Piece(name) => FluentValue::from(name.clone()),
            MessageValue::Variant { display, .. } => FluentValue::from(display.clone()),
        }
    }
}

macro_rules! int_values {
    ($($t:ty),*) => {$(
        impl From<$t> for MessageValue {
            fn from(n: $t) -> Self {
                MessageValue::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_values!(i32, i64, u32, u64, usize);

impl From<&plypost_rules::arg::Arg> for MessageValue {
    fn from(arg: &plypost_rules::arg::Arg) -> Self {
        match arg {
            plypost_rules::arg::Arg::Number(n) => MessageValue::Int(*n),
            plypost_rules::arg::Arg::Text(text) => MessageValue::Text(text.clone()),
        }
    }
}

impl From<f64> for MessageValue {
    fn from(x: f64) -> Self {
        MessageValue::Float(x)
    }
}

impl From<String> for MessageValue {
    fn from(text: String) -> Self {
        MessageValue::Text(text)
    }
}

impl From<&str> for MessageValue {
    fn from(text: &str) -> Self {
        MessageValue::Text(text.to_owned())
    }
}

impl From<&String> for MessageValue {
    fn from(text: &String) -> Self {
        MessageValue::Text(text.clone())
    }
}

impl From<&plypost_rules::Variant> for MessageValue {
    fn from(variant: &plypost_rules::Variant) -> Self {
        MessageValue::Variant {
            name: variant.name().to_owned(),
            display: variant.display_name().to_owned(),
        }
    }
}

impl From<Message> for MessageValue {
    fn from(message: Message) -> Self {
        MessageValue::Message(Box::new(message))
    }
}

/// A message id (in `locales/*/*.ftl`) with its arguments, to be shown in any language.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    id: std::borrow::Cow<'static, str>,
    args: Vec<(&'static str, MessageValue)>,
}

impl Message {
    /// The message `id`, without arguments so far.
    pub fn new(id: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Message {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// Adds the argument `name` (`$name` in the message).
    pub fn arg(mut self, name: &'static str, value: impl Into<MessageValue>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// Several messages shown as one, separated by spaces (`None` when there are none).
    pub fn joined(messages: impl IntoIterator<Item = Message>) -> Option<Message> {
        let mut messages: Vec<Message> = messages.into_iter().collect();
        let mut joined = messages.pop()?;
        while let Some(first) = messages.pop() {
            joined = Message::new("error-list")
                .arg("first", first)
                .arg("rest", joined);
        }
        Some(joined)
    }

    /// The message's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The argument `name`, if given.
    pub fn get(&self, name: &str) -> Option<&MessageValue> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The message in `lang`.
    pub fn text(&self, lang: &Lang) -> String {
        let resolved: Vec<(&str, MessageValue)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    MessageValue::Message(inner) => MessageValue::Text(inner.text(lang)),
                    MessageValue::Piece(name) => MessageValue::Text(super::piece_name(lang, name)),
                    MessageValue::Variant { name, display } => {
                        MessageValue::Text(super::variant_name(lang, name, display))
                    }
                    other => other.clone(),
                };
                (*name, value)
            })
            .collect();
        let args: Vec<(&str, &dyn MessageArg)> = resolved
            .iter()
            .map(|(name, value)| (*name, value as &dyn MessageArg))
            .collect();
        lang.t_args(&self.id, &args)
    }
}

impl fmt::Display for Message {
    /// The message in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&Lang::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_stay_numbers_and_messages_nest() {
        let fr = Lang::from_tag("fr").expect("French");
        let m = Message::new("error-game-chat-too-long").arg("max", 1);
        assert_eq!(m.get("max"), Some(&MessageValue::Int(1)));
        assert_eq!(m.id(), "error-game-chat-too-long");
        assert!(m.text(&fr).contains("1 caractère"), "{}", m.text(&fr));
        let joined = Message::joined([
            Message::new("error-game-not-found"),
            Message::new("error-game-finished"),
        ])
        .expect("two messages");
        assert_eq!(
            joined.to_string(),
            "There is no such game. This game is over."
        );
        assert_eq!(Message::joined([]), None);
    }
}
