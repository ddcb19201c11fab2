//! Formatting values for people: pages and mail both show dates this way.

use chrono::{NaiveDateTime, TimeZone, Utc};

/// A stored UTC timestamp shown in the user's time zone (`UTC` if the name is unknown).
pub fn datetime_in(utc: NaiveDateTime, time_zone: &str) -> String {
    let utc = Utc.from_utc_datetime(&utc);
    match time_zone.parse::<chrono_tz::Tz>() {
        Ok(tz) => utc
            .with_timezone(&tz)
            .format("%Y-%m-%d %H:%M %Z")
            .to_string(),
        Err(_) => utc.format("%Y-%m-%d %H:%M UTC").to_string(),
    }
}

/// The day of a stored UTC timestamp in the user's time zone: `2026-01-15`.
pub fn date_in(utc: NaiveDateTime, time_zone: &str) -> String {
    let utc = Utc.from_utc_datetime(&utc);
    match time_zone.parse::<chrono_tz::Tz>() {
        Ok(tz) => utc.with_timezone(&tz).format("%Y-%m-%d").to_string(),
        Err(_) => utc.format("%Y-%m-%d").to_string(),
    }
}

/// `12345` → `12,345`.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_local_time() {
        let t = chrono::NaiveDate::from_ymd_opt(2026, 1, 15)
            .unwrap()
            .and_hms_opt(12, 0, 0)
            .unwrap();
        assert_eq!(datetime_in(t, "Europe/Paris"), "2026-01-15 13:00 CET");
        assert_eq!(datetime_in(t, "nowhere"), "2026-01-15 12:00 UTC");
        assert_eq!(date_in(t, "Pacific/Kiritimati"), "2026-01-16");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(-4321), "-4,321");
    }
}
