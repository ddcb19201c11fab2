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
}
