//! The token in a reply address (`moves+<token>@example.org`): it names the game, the player,
//! the ply the mail was written at and the moves taken back by then (so a reply to a position
//! that is gone is recognised, even after a takeback brought the game back to that ply) and the
//! player's token generation (so revoked tokens fail), and carries a MAC with the server's
//! secret key so that none can be guessed or altered. Lowercase only: some mail servers
//! lowercase local parts.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::config::{Config, ReplyAddress, SecretKey};
use crate::db::{GameId, UserId};

/// Bytes of the MAC kept in the token (80 bits: guessing one takes 2^79 tries on average,
/// and answers are rate-limited).
const MAC_BYTES: usize = 10;

/// What a reply token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyToken {
    pub game: GameId,
    pub user: UserId,
    /// Plies played when the mail was written.
    pub ply: i64,
    /// Moves taken back by then: with the ply, the position the mail showed.
    pub takebacks: i64,
    pub generation: i64,
}

impl ReplyToken {
    /// `42-7-31-0-0-<mac>`: game, player, ply, takebacks, generation.
    pub fn encode(&self, key: &SecretKey) -> Option<String> {
        let fields = self.fields();
        let full = keyed(key, &fields)?.finalize().into_bytes();
        Some(format!("{fields}-{}", hex::encode(&full[..MAC_BYTES])))
    }

    /// Reads a token; `None` when it is malformed or its MAC does not match.
    pub fn decode(text: &str, key: &SecretKey) -> Option<Self> {
        let (fields, mac_hex) = text.rsplit_once('-')?;
        let mut numbers = fields.split('-').map(|n| n.parse::<i64>().ok());
        let token = ReplyToken {
            game: GameId(numbers.next()??),
            user: UserId(numbers.next()??),
            ply: numbers.next()??,
            takebacks: numbers.next()??,
            generation: numbers.next()??,
        };
        if numbers.next().is_some() || token.fields() != fields {
            return None;
        }
        let given = hex::decode(mac_hex).ok()?;
        if given.len() != MAC_BYTES {
            return None;
        }
        // `verify_truncated_left` compares in constant time.
        keyed(key, fields)?.verify_truncated_left(&given).ok()?;
        Some(token)
    }

    /// The whole reply address for this token.
    pub fn address(&self, config: &Config) -> Option<String> {
        let ReplyAddress { local, domain } = config.mail_reply_to.as_ref()?;
        Some(format!(
            "{local}+{}@{domain}",
            self.encode(&config.secret_key)?
        ))
    }

    /// The token in `address` when it is `local+<token>@domain` of the configured address.
    pub fn from_address(address: &str, config: &Config) -> Option<Self> {
        let ReplyAddress { local, domain } = config.mail_reply_to.as_ref()?;
        let (left, right) = address.trim().rsplit_once('@')?;
        if !right.eq_ignore_ascii_case(domain) {
            return None;
        }
        let token = left
            .to_ascii_lowercase()
            .strip_prefix(&format!("{local}+"))?
            .to_owned();
        Self::decode(&token, &config.secret_key)
    }

    fn fields(&self) -> String {
        format!(
            "{}-{}-{}-{}-{}",
            self.game.0, self.user.0, self.ply, self.takebacks, self.generation
        )
    }
}

/// The MAC of `fields`, not yet finalized. (HMAC takes keys of any length: `None` cannot
/// happen in practice.)
fn keyed(key: &SecretKey, fields: &str) -> Option<Hmac<Sha256>> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).ok()?;
    mac.update(b"plypost reply token v1\0");
    mac.update(fields.as_bytes());
    Some(mac)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> SecretKey {
        SecretKey::for_tests(b"a test key that is long enough to be used")
    }

    #[test]
    fn round_trip_and_tampering() {
        let token = ReplyToken {
            game: GameId(42),
            user: UserId(7),
            ply: 31,
            takebacks: 1,
            generation: 2,
        };
        let text = token.encode(&key()).expect("encodes");
        assert!(text.starts_with("42-7-31-1-2-"));
        assert_eq!(text, text.to_ascii_lowercase());
        assert_eq!(ReplyToken::decode(&text, &key()), Some(token));
        // Another game, ply, takeback count, player or generation with the same MAC fails.
        let mac = text.rsplit_once('-').expect("mac").1;
        for forged in [
            "43-7-31-1-2",
            "42-8-31-1-2",
            "42-7-30-1-2",
            "42-7-31-0-2",
            "42-7-31-1-1",
            "042-7-31-1-2",
            "42-7-31-2",
        ] {
            assert_eq!(ReplyToken::decode(&format!("{forged}-{mac}"), &key()), None);
        }
        let other = SecretKey::for_tests(b"another key, just as long as the first one");
        assert_eq!(ReplyToken::decode(&text, &other), None);
        // A shortened MAC or garbage fails.
        assert_eq!(ReplyToken::decode(&text[..text.len() - 2], &key()), None);
        for garbage in ["", "-", "1-2-3-4", "a-b-c-d-00", "1-2-3-4-5-00"] {
            assert_eq!(ReplyToken::decode(garbage, &key()), None);
        }
    }
}
