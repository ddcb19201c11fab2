//! Checks on user input, with messages meant for the user.

use crate::i18n::Message;
use std::str::FromStr;

use super::AccountError;

pub const USERNAME_MIN: usize = 3;
pub const USERNAME_MAX: usize = 32;
pub const PASSWORD_MIN: usize = 10;
/// Hashing cost grows with length; nobody needs more.
pub const PASSWORD_MAX: usize = 1024;
pub const EMAIL_MAX: usize = 254;

/// Returns the username as typed (trimmed) and its case-folded key.
pub fn username(input: &str) -> Result<(String, String), AccountError> {
    let name = input.trim();
    let len = name.chars().count();
    if !(USERNAME_MIN..=USERNAME_MAX).contains(&len) {
        return Err(AccountError::Invalid(
            Message::new("error-account-username-length")
                .arg("min", USERNAME_MIN)
                .arg("max", USERNAME_MAX),
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(AccountError::Invalid(Message::new(
            "error-account-username-chars",
        )));
    }
    // The API names the computer as an opponent by this word.
    if name.eq_ignore_ascii_case("computer") {
        return Err(AccountError::Invalid(Message::new(
            "error-account-username-reserved",
        )));
    }
    Ok((name.to_owned(), name.to_ascii_lowercase()))
}

/// Returns the address (trimmed) and its case-folded key.
pub fn email(input: &str) -> Result<(String, String), AccountError> {
    let address = input.trim();
    if address.is_empty() {
        return Err(AccountError::Invalid(Message::new(
            "error-account-email-empty",
        )));
    }
    if address.len() > EMAIL_MAX || lettre::Address::from_str(address).is_err() {
        return Err(AccountError::Invalid(Message::new(
            "error-account-email-invalid",
        )));
    }
    Ok((address.to_owned(), address.to_lowercase()))
}

pub fn password(input: &str) -> Result<(), AccountError> {
    let len = input.chars().count();
    if len < PASSWORD_MIN {
        return Err(AccountError::Invalid(
            Message::new("error-account-password-short").arg("min", PASSWORD_MIN),
        ));
    }
    if len > PASSWORD_MAX {
        return Err(AccountError::Invalid(
            Message::new("error-account-password-long").arg("max", PASSWORD_MAX),
        ));
    }
    Ok(())
}

pub fn time_zone(input: &str) -> Result<chrono_tz::Tz, AccountError> {
    chrono_tz::Tz::from_str(input.trim()).map_err(|_| {
        AccountError::Invalid(Message::new("error-account-time-zone").arg("zone", input.trim()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        assert_eq!(
            username(" Alice_1-x ").unwrap(),
            ("Alice_1-x".to_owned(), "alice_1-x".to_owned())
        );
        assert!(username("ab").is_err());
        assert!(username(&"a".repeat(33)).is_err());
        assert!(username(&"a".repeat(32)).is_ok());
        assert!(username("has space").is_err());
        assert!(username("<script>").is_err());
        assert!(username("Müller").is_err());
    }

    #[test]
    fn emails_and_passwords() {
        assert_eq!(email(" A@Example.org").unwrap().1, "a@example.org");
        assert!(email("nope").is_err());
        assert!(email("").is_err());
        assert!(password("123456789").is_err());
        assert!(password("1234567890").is_ok());
        assert!(time_zone("Europe/Paris").is_ok());
        assert!(time_zone("Mars/Olympus").is_err());
    }
}
