//! The filters of the logs page, read from the query string. A bad value is ignored and
//! reported (never an error page): the page says which value it could not use.

use crate::domain::{ChallengeStatus, EndReason, GameResult, GameStatus};
use crate::i18n::Message;
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};
use serde::Deserialize;

/// The query string as typed; every field optional.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct FilterQuery {
    pub variant: String,
    pub preset: String,
    pub player: String,
    pub side: String,
    pub status: String,
    pub result: String,
    pub reason: String,
    pub date: String,
    pub from: String,
    pub to: String,
    pub sort: String,
    pub order: String,
    pub imported: String,
    pub after: String,
    pub before: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Side {
    #[default]
    Either,
    White,
    Black,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatusFilter {
    /// Games in progress and finished (open challenges have no log yet).
    #[default]
    Games,
    Open,
    Active,
    Finished,
}

impl StatusFilter {
    /// The filter named as the status it selects (`open`, `active`, `finished`).
    fn parse(text: &str) -> Option<Self> {
        if text == ChallengeStatus::Open.as_str() {
            return Some(StatusFilter::Open);
        }
        match text.parse::<GameStatus>().ok()? {
            GameStatus::Active => Some(StatusFilter::Active),
            GameStatus::Finished => Some(StatusFilter::Finished),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    White,
    Black,
    Draw,
}

impl ResultFilter {
    pub fn stored(self) -> GameResult {
        match self {
            ResultFilter::White => GameResult::WhiteWins,
            ResultFilter::Black => GameResult::BlackWins,
            ResultFilter::Draw => GameResult::Draw,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DateField {
    #[default]
    Started,
    LastMove,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    #[default]
    LastMove,
    Started,
    Length,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Imported {
    #[default]
    Include,
    Exclude,
    Only,
}

/// A position in a sorted list: the sort key (nanoseconds for dates, plies for length) and
/// the id that breaks ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub key: i64,
    pub id: i64,
}

impl Cursor {
    pub fn parse(text: &str) -> Option<Cursor> {
        let (key, id) = text.split_once('_')?;
        Some(Cursor {
            key: key.parse().ok()?,
            id: id.parse().ok()?,
        })
    }

    pub fn to_param(self) -> String {
        format!("{}_{}", self.key, self.id)
    }
}

/// The filters, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogFilter {
    pub variant: Option<String>,
    pub preset: Option<String>,
    pub player: Option<String>,
    pub side: Side,
    pub status: StatusFilter,
    pub result: Option<ResultFilter>,
    pub reason: Option<&'static str>,
    pub date: DateField,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub sort: Sort,
    pub ascending: bool,
    pub imported: Imported,
    pub after: Option<Cursor>,
    pub before: Option<Cursor>,
}

/// A text filter: trimmed, at most 100 characters, control characters dropped (PostgreSQL
/// refuses a NUL in a text parameter).
fn opt(text: &str) -> Option<String> {
    let t: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(100)
        .collect();
    (!t.is_empty()).then_some(t)
}

impl LogFilter {
    /// Reads the query; returns the filter and a message for every value it had to ignore.
    pub fn parse(q: &FilterQuery) -> (LogFilter, Vec<Message>) {
        let mut problems = Vec::new();
        let mut bad = |field: &'static str, value: &str| {
            problems.push(
                Message::new("logs-ignored-choice")
                    .arg("field", field)
                    .arg("value", value.chars().take(40).collect::<String>()),
            );
        };
        let mut f = LogFilter {
            variant: opt(&q.variant),
            preset: opt(&q.preset),
            player: opt(&q.player),
            ..LogFilter::default()
        };
        f.side = match q.side.trim() {
            "" | "any" => Side::Either,
            "white" => Side::White,
            "black" => Side::Black,
            other => {
                bad("side", other);
                Side::Either
            }
        };
        f.status = match q.status.trim() {
            "" | "any" => StatusFilter::Games,
            other => match StatusFilter::parse(other) {
                Some(status) => status,
                None => {
                    bad("status", other);
                    StatusFilter::Games
                }
            },
        };
        f.result = match q.result.trim() {
            "" | "any" => None,
            "white" => Some(ResultFilter::White),
            "black" => Some(ResultFilter::Black),
            "draw" => Some(ResultFilter::Draw),
            other => {
                bad("result", other);
                None
            }
        };
        f.reason = match q.reason.trim() {
            "" | "any" => None,
            other => match other.parse::<EndReason>() {
                Ok(reason) => Some(reason.as_str()),
                Err(_) => {
                    bad("reason", other);
                    None
                }
            },
        };
        f.date = match q.date.trim() {
            "" | "started" => DateField::Started,
            "last_move" => DateField::LastMove,
            other => {
                bad("date", other);
                DateField::Started
            }
        };
        f.sort = match q.sort.trim() {
            "" | "last_move" => Sort::LastMove,
            "started" => Sort::Started,
            "length" => Sort::Length,
            other => {
                bad("sort", other);
                Sort::LastMove
            }
        };
        f.ascending = match q.order.trim() {
            "" | "desc" => false,
            "asc" => true,
            other => {
                bad("order", other);
                false
            }
        };
        f.imported = match q.imported.trim() {
            "" | "include" => Imported::Include,
            "exclude" => Imported::Exclude,
            "only" => Imported::Only,
            other => {
                bad("imported", other);
                Imported::Include
            }
        };
        let mut date = |field: &'static str, text: &str| -> Option<NaiveDate> {
            let t = text.trim();
            if t.is_empty() {
                return None;
            }
            // Years outside 1..=9999 are refused: PostgreSQL cannot compare with all of them.
            let parsed = NaiveDate::parse_from_str(t, "%Y-%m-%d")
                .ok()
                .filter(|d| (1..=9999).contains(&d.year()));
            if parsed.is_none() {
                problems.push(
                    Message::new("logs-ignored-date")
                        .arg("field", field)
                        .arg("value", t.chars().take(40).collect::<String>()),
                );
            }
            parsed
        };
        f.from = date("from", &q.from);
        f.to = date("to", &q.to);
        // A range of start dates lists by start date unless another order is asked for: that
        // order walks one index through the range (by last move, the whole range is sorted).
        if q.sort.trim().is_empty() && f.starts_ranged() {
            f.sort = Sort::Started;
        }
        // A malformed cursor is simply the first page.
        f.after = Cursor::parse(q.after.trim());
        f.before = Cursor::parse(q.before.trim());
        (f, problems)
    }

    /// Whether the filter is a range of start dates.
    fn starts_ranged(&self) -> bool {
        self.date == DateField::Started && (self.from.is_some() || self.to.is_some())
    }

    /// The start of the range (inclusive), UTC.
    pub fn from_time(&self) -> Option<NaiveDateTime> {
        self.from.map(|d| d.and_time(NaiveTime::MIN))
    }

    /// The end of the range (exclusive): the day after `to`.
    pub fn to_time(&self) -> Option<NaiveDateTime> {
        self.to
            .and_then(|d| d.succ_opt())
            .map(|d| d.and_time(NaiveTime::MIN))
    }

    /// The filters (not the page) as query pairs, for links and the export URL.
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        let mut put = |k: &'static str, v: Option<&str>| {
            if let Some(v) = v {
                pairs.push((k, v.to_owned()));
            }
        };
        put("variant", self.variant.as_deref());
        put("preset", self.preset.as_deref());
        put("player", self.player.as_deref());
        put(
            "side",
            match self.side {
                Side::Either => None,
                Side::White => Some("white"),
                Side::Black => Some("black"),
            },
        );
        put(
            "status",
            match self.status {
                StatusFilter::Games => None,
                StatusFilter::Open => Some(ChallengeStatus::Open.as_str()),
                StatusFilter::Active => Some(GameStatus::Active.as_str()),
                StatusFilter::Finished => Some(GameStatus::Finished.as_str()),
            },
        );
        put(
            "result",
            self.result.map(|r| match r {
                ResultFilter::White => "white",
                ResultFilter::Black => "black",
                ResultFilter::Draw => "draw",
            }),
        );
        put("reason", self.reason);
        put(
            "date",
            (self.date == DateField::LastMove).then_some("last_move"),
        );
        let from = self.from.map(|d| d.format("%Y-%m-%d").to_string());
        put("from", from.as_deref());
        let to = self.to.map(|d| d.format("%Y-%m-%d").to_string());
        put("to", to.as_deref());
        put(
            "sort",
            match self.sort {
                // Said when it is not what the range would choose.
                Sort::LastMove => self.starts_ranged().then_some("last_move"),
                Sort::Started => Some("started"),
                Sort::Length => Some("length"),
            },
        );
        put("order", self.ascending.then_some("asc"));
        put(
            "imported",
            match self.imported {
                Imported::Include => None,
                Imported::Exclude => Some("exclude"),
                Imported::Only => Some("only"),
            },
        );
        pairs
    }

    /// The filters as a query string (`a=b&c=d`, empty when there are none).
    pub fn query_string(&self) -> String {
        serde_urlencoded::to_string(self.query_pairs()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_are_reported_and_ignored() {
        let q = FilterQuery {
            status: "finished".into(),
            result: "purple".into(),
            from: "yesterday".into(),
            to: "2026-12-01".into(),
            sort: "length".into(),
            after: "garbage".into(),
            ..FilterQuery::default()
        };
        let (f, problems) = LogFilter::parse(&q);
        assert_eq!(f.status, StatusFilter::Finished);
        assert_eq!(f.result, None);
        assert_eq!(f.from, None);
        assert_eq!(f.to, NaiveDate::from_ymd_opt(2026, 12, 1));
        assert_eq!(f.sort, Sort::Length);
        assert_eq!(f.after, None);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(
            f.query_string(),
            "status=finished&to=2026-12-01&sort=length"
        );
    }

    #[test]
    fn far_years_are_refused() {
        let q = FilterQuery {
            from: "-200000-01-01".into(),
            to: "10000-01-01".into(),
            ..FilterQuery::default()
        };
        let (f, problems) = LogFilter::parse(&q);
        assert_eq!((f.from, f.to, problems.len()), (None, None, 2));
    }

    #[test]
    fn cursors_round_trip() {
        let c = Cursor { key: -5, id: 42 };
        assert_eq!(Cursor::parse(&c.to_param()), Some(c));
        assert_eq!(Cursor::parse("1_x"), None);
    }
}
