//! argon2id password hashes (PHC strings).

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;

use super::AccountError;

pub fn hash(password: &str) -> Result<String, AccountError> {
    let hash: argon2::password_hash::phc::PasswordHash = Argon2::default()
        .hash_password(password.as_bytes())
        .map_err(|e| AccountError::Hash(e.to_string()))?;
    Ok(hash.to_string())
}

/// False for a wrong password and for a malformed hash.
pub fn verify(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

/// Spends the time of one verification, so unknown usernames answer as slowly as known ones.
pub fn verify_dummy(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash("plypost dummy password").unwrap_or_default());
    let _ = verify(password, dummy);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_and_verify() {
        let h = hash("correct horse battery").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &h));
        assert!(!verify("wrong horse battery", &h));
        assert!(!verify("anything", "not a hash"));
        verify_dummy("x");
    }
}
