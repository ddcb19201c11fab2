//! The values a problem's message names (a count, a letter, a piece of the text), kept
//! apart from the English message so that a translated page can put them into its own
//! sentence.

/// A value named in a problem's message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Arg {
    /// A count or a size (translations choose plural forms by it).
    Number(i64),
    /// Text from the source or a name (quoted as is).
    Text(String),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_owned())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Self {
        Arg::Text(c.to_string())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u32, usize);
