//! Dates, times and numbers in a language's way. The patterns and names are messages
//! (`date-format`, `month-short-1`, `number-decimal-separator`, ...), so a new language brings
//! its own with its message files.

use chrono::{Datelike, NaiveDateTime, TimeZone, Timelike, Utc};

use super::{Lang, MessageArg};

/// How much of a timestamp to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateStyle {
    /// The day: `2026-01-15`, `15 janv. 2026`.
    Date,
    /// Day, time and zone: `2026-01-15 13:00 CET`, `15 janv. 2026, 13:00 CET`.
    DateTime,
}

impl Lang {
    /// A stored UTC timestamp in `time_zone` (UTC when the name is unknown).
    pub fn datetime(&self, utc: NaiveDateTime, time_zone: &str, style: DateStyle) -> String {
        let utc = Utc.from_utc_datetime(&utc);
        let (local, zone) = match time_zone.parse::<chrono_tz::Tz>() {
            Ok(tz) => {
                let local = utc.with_timezone(&tz);
                (local.naive_local(), local.format("%Z").to_string())
            }
            Err(_) => (utc.naive_utc(), "UTC".to_owned()),
        };
        let month_name = self.t(&format!("month-short-{}", local.month()));
        let date = self.t_args(
            "date-format",
            &[
                ("year", &local.year().to_string() as &dyn MessageArg),
                ("month", &month_name),
                ("mm", &format!("{:02}", local.month())),
                ("day", &local.day().to_string()),
                ("dd", &format!("{:02}", local.day())),
            ],
        );
        if style == DateStyle::Date {
            return date;
        }
        let time = format!("{:02}:{:02}", local.hour(), local.minute());
        self.t_args(
            "datetime-format",
            &[("date", &date), ("time", &time), ("zone", &zone)],
        )
    }

    /// A span of time in words, its two largest units: `2 days 3 hours`, `5 minutes`.
    pub fn duration(&self, d: chrono::Duration) -> String {
        const HOUR: i64 = 3600;
        const DAY: i64 = 24 * HOUR;
        let secs = d.num_seconds();
        if secs <= 0 {
            return self.t("duration-none");
        }
        let (days, hours, minutes) = (secs / DAY, secs % DAY / HOUR, secs % HOUR / 60);
        let unit = |id: &str, count: i64| self.t1(id, "count", count);
        let two = |big: String, small: i64, id: &str| {
            if small == 0 {
                big
            } else {
                self.t2("duration-pair", "big", big, "small", unit(id, small))
            }
        };
        if days > 0 {
            two(unit("duration-days", days), hours, "duration-hours")
        } else if hours > 0 {
            two(unit("duration-hours", hours), minutes, "duration-minutes")
        } else if minutes > 0 {
            unit("duration-minutes", minutes)
        } else {
            self.t("duration-less-than-a-minute")
        }
    }

    /// An integer with the language's digit grouping: `12,345`, `12 345`.
    pub fn number(&self, n: i64) -> String {
        group_digits(n, &self.t("number-group-separator"))
    }

    /// A number with `places` decimals and the language's decimal mark: `1,512.5`,
    /// `1 512,5`.
    pub fn decimal(&self, x: f64, places: usize) -> String {
        number_with_decimals(
            x,
            places,
            &self.t("number-group-separator"),
            &self.t("number-decimal-separator"),
        )
    }
}

fn group_digits(n: i64, separator: &str) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * separator.len() + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(c);
    }
    out
}

/// `x` rounded to `places` decimals, grouped by `group` and with `mark` before the decimals.
fn number_with_decimals(x: f64, places: usize, group: &str, mark: &str) -> String {
    let text = format!("{:.*}", places, x.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let whole: i64 = whole.parse().unwrap_or(0);
    let negative = x < 0.0 && text.bytes().any(|b| (b'1'..=b'9').contains(&b));
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&group_digits(whole, group));
    if !fraction.is_empty() {
        out.push_str(mark);
        out.push_str(fraction);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(y, m, d)
            .and_then(|d| d.and_hms_opt(h, min, 0))
            .expect("a valid date")
    }

    #[test]
    fn dates_follow_the_language() {
        let en = Lang::from_tag("en").expect("en");
        let fr = Lang::from_tag("fr").expect("fr");
        let t = at(2026, 12, 3, 13, 5);
        assert_eq!(
            en.datetime(t, "Europe/Paris", DateStyle::DateTime),
            "2026-12-03 14:05 CET"
        );
        assert_eq!(
            fr.datetime(t, "Europe/Paris", DateStyle::DateTime),
            "3 déc. 2026, 14:05 CET"
        );
        assert_eq!(
            fr.datetime(t, "nowhere", DateStyle::DateTime),
            "3 déc. 2026, 13:05 UTC"
        );
        assert_eq!(
            en.datetime(t, "Pacific/Kiritimati", DateStyle::Date),
            "2026-12-04"
        );
        assert_eq!(
            fr.datetime(at(2026, 1, 15, 0, 0), "UTC", DateStyle::Date),
            "15 janv. 2026"
        );
    }

    #[test]
    fn durations_follow_the_language() {
        let en = Lang::from_tag("en").expect("en");
        let fr = Lang::from_tag("fr").expect("fr");
        let h = chrono::Duration::hours;
        assert_eq!(en.duration(h(51)), "2 days 3 hours");
        assert_eq!(en.duration(h(24)), "1 day");
        assert_eq!(fr.duration(h(25)), "1 jour 1 heure");
        assert_eq!(
            fr.duration(chrono::Duration::minutes(90)),
            "1 heure 30 minutes"
        );
        assert_eq!(
            fr.duration(chrono::Duration::seconds(20)),
            "moins d’une minute"
        );
        assert_eq!(en.duration(chrono::Duration::zero()), "no time left");
    }

    #[test]
    fn numbers_follow_the_language() {
        let en = Lang::from_tag("en").expect("en");
        let fr = Lang::from_tag("fr").expect("fr");
        assert_eq!(en.number(1234567), "1,234,567");
        assert_eq!(en.number(-999), "-999");
        assert_eq!(fr.number(12345), "12\u{202f}345");
        assert_eq!(en.decimal(1512.46, 1), "1,512.5");
        assert_eq!(fr.decimal(1512.46, 1), "1\u{202f}512,5");
        assert_eq!(fr.decimal(-0.04, 1), "0,0");
        assert_eq!(en.decimal(-3.25, 2), "-3.25");
    }
}
