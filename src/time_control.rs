//! Time controls as plain arithmetic: no database, no clock of its own.
//!
//! Every timed game stores one absolute `deadline_at` for the side to move; the time-out
//! job, the reminders and the pages all read it. What differs between the kinds is how the
//! next deadline is computed after a move:
//!
//! * days per move: `now + N days`;
//! * Fischer: the mover keeps what was left of their reserve, plus the increment, up to
//!   the cap; the opponent's deadline is `now + the opponent's stored reserve`;
//! * untimed: no deadline.
//!
//! A vacation of the player to move stops their clock: while it lasts the deadline is read
//! as `deadline_at + time spent on vacation this turn` ([`effective_deadline`]); when it
//! ends, that shift is written into `deadline_at` for good.

use crate::domain::TimeKind;
use crate::i18n::Message;
use chrono::{Duration, NaiveDateTime};
use plypost_rules::{Color, Position};

/// Days per move a time control may have.
pub const MIN_DAYS_PER_MOVE: i64 = 1;
pub const MAX_DAYS_PER_MOVE: i64 = 30;

/// Fischer limits, in the units of the challenge form.
pub const MAX_RESERVE_DAYS: i64 = 90;
pub const MAX_INCREMENT_HOURS: i64 = 240;
pub const MAX_CAP_DAYS: i64 = 180;
/// An untimed game with no move for this long can be closed as abandoned.
pub const ABANDON_AFTER: Duration = Duration::days(60);
/// Reminder thresholds, in hours of time left, largest first.
pub const REMINDER_HOURS: [i64; 2] = [24, 2];
/// A game with less time left than this is highlighted.
pub const URGENT: Duration = Duration::hours(24);

pub const HOUR: i64 = 3600;
pub const DAY: i64 = 24 * HOUR;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    DaysPerMove(i64),
    /// Seconds: the starting reserve, the increment per move, the optional cap.
    Fischer {
        reserve: i64,
        increment: i64,
        cap: Option<i64>,
    },
    Untimed,
}

/// The time-control fields of the challenge form, as typed.
#[derive(Debug, Clone, Default)]
pub struct TimeControlInput {
    /// `days`, `fischer` or `untimed`; empty means `days`.
    pub kind: String,
    pub days_per_move: String,
    pub reserve_days: String,
    pub increment_hours: String,
    /// Empty: no cap.
    pub cap_days: String,
}

/// A time control in the columns of a challenge, a tournament or a preset: whole days and
/// hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayColumns {
    pub kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
}

/// A time control in the columns of a game: days per move, or a Fischer clock in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameColumns {
    pub kind: TimeKind,
    pub days_per_move: Option<i64>,
    pub reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
}

/// The fields of a time control, as errors name them (`$field` of `error-time-*`).
#[derive(Clone, Copy)]
enum TimeField {
    DaysPerMove,
    Reserve,
    Increment,
    Cap,
}

impl TimeField {
    fn key(self) -> &'static str {
        match self {
            TimeField::DaysPerMove => "days",
            TimeField::Reserve => "reserve",
            TimeField::Increment => "increment",
            TimeField::Cap => "cap",
        }
    }
}

/// `n` if within `range`, else an error naming the field.
fn in_range(
    n: i64,
    field: TimeField,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, Message> {
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(Message::new("error-time-range")
            .arg("field", field.key())
            .arg("min", *range.start())
            .arg("max", *range.end()))
    }
}

/// A whole number typed in a form field.
fn number(text: &str, field: TimeField) -> Result<i64, Message> {
    text.trim()
        .parse::<i64>()
        .map_err(|_| Message::new("error-time-whole-number").arg("field", field.key()))
}

impl TimeControl {
    /// Checks the form. Untimed games need a named opponent (`named_opponent`).
    /// Reads the time-control fields of a form (the challenge, tournament and preset forms
    /// share them); each error names its field. Untimed is refused unless the game has a
    /// named opponent.
    pub fn parse(input: &TimeControlInput, named_opponent: bool) -> Result<Self, Message> {
        let kind = match input.kind.trim() {
            "" => Some(TimeKind::Days),
            text => text.parse::<TimeKind>().ok(),
        };
        match kind {
            Some(TimeKind::Days) => {
                TimeControl::days(number(&input.days_per_move, TimeField::DaysPerMove)?)
            }
            Some(TimeKind::Fischer) => {
                // In the order of the form's fields, each range checked as it is read.
                let reserve = number(&input.reserve_days, TimeField::Reserve)?;
                in_range(reserve, TimeField::Reserve, 1..=MAX_RESERVE_DAYS)?;
                let increment = number(&input.increment_hours, TimeField::Increment)?;
                let cap = match input.cap_days.trim() {
                    "" => None,
                    text => Some(number(text, TimeField::Cap)?),
                };
                TimeControl::fischer(reserve, increment, cap)
            }
            Some(TimeKind::Untimed) if named_opponent => Ok(TimeControl::Untimed),
            Some(TimeKind::Untimed) => Err(Message::new("error-game-untimed-needs-opponent")),
            None => Err(Message::new("error-time-kind")),
        }
    }

    /// `days` days for each move, checked against the allowed range.
    pub fn days(days: i64) -> Result<Self, Message> {
        in_range(
            days,
            TimeField::DaysPerMove,
            MIN_DAYS_PER_MOVE..=MAX_DAYS_PER_MOVE,
        )
        .map(TimeControl::DaysPerMove)
    }

    /// A Fischer clock from whole days and hours, checked (the cap is at least the reserve).
    pub fn fischer(
        reserve_days: i64,
        increment_hours: i64,
        cap_days: Option<i64>,
    ) -> Result<Self, Message> {
        let reserve = in_range(reserve_days, TimeField::Reserve, 1..=MAX_RESERVE_DAYS)?;
        let increment = in_range(
            increment_hours,
            TimeField::Increment,
            0..=MAX_INCREMENT_HOURS,
        )?;
        let cap = cap_days
            .map(|cap| in_range(cap, TimeField::Cap, reserve..=MAX_CAP_DAYS))
            .transpose()?;
        Ok(TimeControl::Fischer {
            reserve: reserve * DAY,
            increment: increment * HOUR,
            cap: cap.map(|c| c * DAY),
        })
    }

    /// The control as challenges, tournaments and presets store it: whole days and hours.
    pub fn day_columns(&self) -> DayColumns {
        let mut columns = DayColumns {
            kind: self.kind(),
            days_per_move: None,
            reserve_days: None,
            increment_hours: None,
            cap_days: None,
        };
        match *self {
            TimeControl::DaysPerMove(days) => columns.days_per_move = Some(days),
            TimeControl::Fischer {
                reserve,
                increment,
                cap,
            } => {
                columns.reserve_days = Some(reserve / DAY);
                columns.increment_hours = Some(increment / HOUR);
                columns.cap_days = cap.map(|c| c / DAY);
            }
            TimeControl::Untimed => {}
        }
        columns
    }

    /// The control as a game stores it (the game's row then reads back through
    /// [`TimeControl::from_parts`]).
    pub fn game_columns(&self) -> GameColumns {
        let mut columns = GameColumns {
            kind: self.kind(),
            days_per_move: None,
            reserve_secs: None,
            increment_secs: None,
            reserve_cap_secs: None,
        };
        match *self {
            TimeControl::DaysPerMove(days) => columns.days_per_move = Some(days),
            TimeControl::Fischer {
                reserve,
                increment,
                cap,
            } => {
                columns.reserve_secs = Some(reserve);
                columns.increment_secs = Some(increment);
                columns.reserve_cap_secs = cap;
            }
            TimeControl::Untimed => {}
        }
        columns
    }

    /// The control stored as [`DayColumns`].
    pub fn from_day_columns(columns: &DayColumns) -> Self {
        TimeControl::from_parts(
            columns.kind,
            columns.days_per_move,
            columns.reserve_days.map(|d| d * DAY),
            columns.increment_hours.map(|h| h * HOUR),
            columns.cap_days.map(|d| d * DAY),
        )
    }

    /// The time control stored as these columns (of a game or a challenge).
    pub fn from_parts(
        kind: TimeKind,
        days: Option<i64>,
        reserve: Option<i64>,
        increment: Option<i64>,
        cap: Option<i64>,
    ) -> Self {
        match (kind, days, reserve) {
            (TimeKind::Fischer, _, Some(reserve)) => TimeControl::Fischer {
                reserve,
                increment: increment.unwrap_or(0),
                cap,
            },
            (TimeKind::Untimed, _, _) => TimeControl::Untimed,
            (_, Some(days), _) => TimeControl::DaysPerMove(days),
            // Imported games and anything else without a clock.
            _ => TimeControl::Untimed,
        }
    }

    pub fn kind(&self) -> TimeKind {
        match self {
            TimeControl::DaysPerMove(_) => TimeKind::Days,
            TimeControl::Fischer { .. } => TimeKind::Fischer,
            TimeControl::Untimed => TimeKind::Untimed,
        }
    }

    pub fn is_timed(&self) -> bool {
        !matches!(self, TimeControl::Untimed)
    }

    /// "3 days per move", "7 days + 12 hours per move, at most 14 days", "untimed".
    pub fn describe(&self) -> String {
        self.describe_in(&crate::i18n::Lang::default())
    }

    /// [`TimeControl::describe`] in `lang`.
    pub fn describe_in(&self, lang: &crate::i18n::Lang) -> String {
        match *self {
            TimeControl::DaysPerMove(days) => lang.t1("time-days-per-move", "days", days),
            TimeControl::Fischer {
                reserve,
                increment,
                cap,
            } => {
                let reserve = lang.duration(Duration::seconds(reserve));
                let text = if increment == 0 {
                    lang.t1("time-fischer-no-increment", "reserve", reserve)
                } else {
                    lang.t2(
                        "time-fischer",
                        "reserve",
                        reserve,
                        "increment",
                        lang.duration(Duration::seconds(increment)),
                    )
                };
                match cap {
                    Some(cap) => lang.t2(
                        "time-with-cap",
                        "control",
                        text,
                        "cap",
                        lang.duration(Duration::seconds(cap)),
                    ),
                    None => text,
                }
            }
            TimeControl::Untimed => lang.t("time-untimed"),
        }
    }

    /// The starting reserve of each side (Fischer only).
    pub fn starting_reserve(&self) -> Option<i64> {
        match *self {
            TimeControl::Fischer { reserve, .. } => Some(reserve),
            _ => None,
        }
    }

    /// The first player's deadline in a game that starts at `start`.
    pub fn first_deadline(&self, start: NaiveDateTime) -> Option<NaiveDateTime> {
        match *self {
            TimeControl::DaysPerMove(days) => Some(start + Duration::days(days)),
            TimeControl::Fischer { reserve, .. } => Some(start + Duration::seconds(reserve)),
            TimeControl::Untimed => None,
        }
    }

    /// The clocks after a move played at `now` by a player who had `mover_left` left (read
    /// from the effective deadline, so vacation time is not charged), when the opponent's
    /// stored reserve is `opponent_reserve`.
    pub fn after_move(
        &self,
        now: NaiveDateTime,
        mover_left: Duration,
        opponent_reserve: Option<i64>,
    ) -> AfterMove {
        match *self {
            TimeControl::DaysPerMove(days) => AfterMove {
                deadline: Some(now + Duration::days(days)),
                mover_reserve: None,
            },
            TimeControl::Fischer {
                reserve,
                increment,
                cap,
            } => {
                let left = mover_left.num_seconds().max(0);
                let mut kept = left.saturating_add(increment);
                if let Some(cap) = cap {
                    kept = kept.min(cap);
                }
                let theirs = opponent_reserve.unwrap_or(reserve).max(0);
                AfterMove {
                    deadline: Some(now + Duration::seconds(theirs)),
                    mover_reserve: Some(kept),
                }
            }
            TimeControl::Untimed => AfterMove {
                deadline: None,
                mover_reserve: None,
            },
        }
    }
}

/// A vacation of the player to move, as far as it matters for one game: when it started
/// and when it ends (or `now`, while it lasts; never later than its allowance allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VacationWindow {
    pub started_at: NaiveDateTime,
    pub until: NaiveDateTime,
}

/// The clocks after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AfterMove {
    /// The opponent's deadline.
    pub deadline: Option<NaiveDateTime>,
    /// Fischer: the mover's reserve for their next turn.
    pub mover_reserve: Option<i64>,
}

/// How long the clock of this turn was stopped by `vacation`. A vacation that began after
/// the deadline stops nothing: the time had already run out.
pub fn paused(
    deadline: NaiveDateTime,
    turn_started: NaiveDateTime,
    vacation: Option<VacationWindow>,
) -> Duration {
    match vacation {
        Some(v) if v.started_at < deadline => {
            let from = v.started_at.max(turn_started);
            (v.until - from).max(Duration::zero())
        }
        _ => Duration::zero(),
    }
}

/// The deadline with the time spent on vacation this turn added.
pub fn effective_deadline(
    deadline: NaiveDateTime,
    turn_started: NaiveDateTime,
    vacation: Option<VacationWindow>,
) -> NaiveDateTime {
    deadline + paused(deadline, turn_started, vacation)
}

/// Whether `color` has anything left but royal pieces (at minimum, a lone King cannot
/// checkmate, so running out of time against it is a draw).
pub fn could_checkmate(position: &Position, color: Color) -> bool {
    let variant = position.variant();
    (0..variant.height()).any(|rank| {
        (0..variant.width()).any(|file| {
            plypost_rules::Square::new(file, rank)
                .and_then(|sq| position.piece_at(sq))
                .is_some_and(|p| p.color == color && !p.kind.is_royal)
        })
    })
}

/// Time left in English words, to the two largest units: "2 days 4 hours", "5 hours 12
/// minutes", "12 minutes". Nothing left is "no time left". Pages and mails use
/// `Lang::duration` in the reader's language.
pub fn format_duration(d: Duration) -> String {
    crate::i18n::Lang::default().duration(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 3, day)
            .unwrap()
            .and_hms_opt(hour, 0, 0)
            .unwrap()
    }

    fn input(kind: &str, days: &str, reserve: &str, inc: &str, cap: &str) -> TimeControlInput {
        TimeControlInput {
            kind: kind.into(),
            days_per_move: days.into(),
            reserve_days: reserve.into(),
            increment_hours: inc.into(),
            cap_days: cap.into(),
        }
    }

    #[test]
    fn parses_the_form() {
        assert_eq!(
            TimeControl::parse(&input("", "3", "", "", ""), false),
            Ok(TimeControl::DaysPerMove(3))
        );
        assert!(TimeControl::parse(&input("days", "31", "", "", ""), false).is_err());
        assert!(TimeControl::parse(&input("days", "0", "", "", ""), false).is_err());
        assert_eq!(
            TimeControl::parse(&input("fischer", "", "7", "12", "14"), false),
            Ok(TimeControl::Fischer {
                reserve: 7 * DAY,
                increment: 12 * HOUR,
                cap: Some(14 * DAY)
            })
        );
        assert_eq!(
            TimeControl::parse(&input("fischer", "", "7", "0", " "), false),
            Ok(TimeControl::Fischer {
                reserve: 7 * DAY,
                increment: 0,
                cap: None
            })
        );
        // A cap below the starting reserve makes no sense.
        assert!(TimeControl::parse(&input("fischer", "", "7", "12", "5"), false).is_err());
        assert!(TimeControl::parse(&input("untimed", "", "", "", ""), false).is_err());
        assert_eq!(
            TimeControl::parse(&input("untimed", "", "", "", ""), true),
            Ok(TimeControl::Untimed)
        );
        assert!(TimeControl::parse(&input("blitz", "3", "", "", ""), true).is_err());
    }

    #[test]
    fn describes_itself() {
        assert_eq!(TimeControl::DaysPerMove(1).describe(), "1 day per move");
        assert_eq!(TimeControl::DaysPerMove(3).describe(), "3 days per move");
        let f = TimeControl::Fischer {
            reserve: 7 * DAY,
            increment: 12 * HOUR,
            cap: Some(14 * DAY),
        };
        assert_eq!(f.describe(), "7 days + 12 hours per move, at most 14 days");
        assert_eq!(TimeControl::Untimed.describe(), "untimed");
        let fr = crate::i18n::Lang::from_tag("fr").expect("French");
        assert_eq!(
            f.describe_in(&fr),
            "7 jours + 12 heures par coup, 14 jours au plus"
        );
        assert_eq!(
            TimeControl::DaysPerMove(1).describe_in(&fr),
            "1 jour par coup"
        );
    }

    #[test]
    fn days_per_move_restarts_the_clock() {
        let tc = TimeControl::DaysPerMove(3);
        assert_eq!(tc.first_deadline(at(1, 0)), Some(at(4, 0)));
        let next = tc.after_move(at(2, 5), Duration::hours(10), None);
        assert_eq!(next.deadline, Some(at(5, 5)));
        assert_eq!(next.mover_reserve, None);
    }

    #[test]
    fn fischer_keeps_the_rest_adds_the_increment_and_caps() {
        let tc = TimeControl::Fischer {
            reserve: 2 * DAY,
            increment: 12 * HOUR,
            cap: Some(3 * DAY),
        };
        assert_eq!(tc.first_deadline(at(1, 0)), Some(at(3, 0)));
        // White used 1 day of 2: keeps 1 day + 12 hours; Black starts with the full reserve.
        let next = tc.after_move(at(2, 0), Duration::days(1), None);
        assert_eq!(next.mover_reserve, Some(DAY + 12 * HOUR));
        assert_eq!(next.deadline, Some(at(4, 0)));
        // A fast move cannot grow the reserve past the cap.
        let next = tc.after_move(at(2, 0), Duration::days(3), Some(DAY));
        assert_eq!(next.mover_reserve, Some(3 * DAY));
        assert_eq!(next.deadline, Some(at(3, 0)));
        // No negative reserves.
        let next = tc.after_move(at(2, 0), Duration::hours(-1), None);
        assert_eq!(next.mover_reserve, Some(12 * HOUR));
    }

    #[test]
    fn untimed_has_no_deadline() {
        let tc = TimeControl::Untimed;
        assert_eq!(tc.first_deadline(at(1, 0)), None);
        assert_eq!(
            tc.after_move(at(2, 0), Duration::zero(), None).deadline,
            None
        );
    }

    #[test]
    fn vacation_moves_the_deadline_by_the_time_spent_this_turn() {
        let deadline = at(4, 0);
        // Turn began on the 1st; vacation from the 2nd to the 3rd: one day more.
        let v = VacationWindow {
            started_at: at(2, 0),
            until: at(3, 0),
        };
        assert_eq!(effective_deadline(deadline, at(1, 0), Some(v)), at(5, 0));
        // Vacation began before this turn: only the part after the turn began counts.
        let v = VacationWindow {
            started_at: at(1, 0),
            until: at(3, 0),
        };
        assert_eq!(effective_deadline(deadline, at(2, 0), Some(v)), at(5, 0));
        // Started after the deadline: too late.
        let v = VacationWindow {
            started_at: at(4, 1),
            until: at(6, 0),
        };
        assert_eq!(effective_deadline(deadline, at(1, 0), Some(v)), deadline);
        assert_eq!(effective_deadline(deadline, at(1, 0), None), deadline);
    }

    #[test]
    fn formats_time_left() {
        assert_eq!(
            format_duration(Duration::days(2) + Duration::hours(4)),
            "2 days 4 hours"
        );
        assert_eq!(format_duration(Duration::days(1)), "1 day");
        assert_eq!(
            format_duration(Duration::hours(5) + Duration::minutes(12) + Duration::seconds(9)),
            "5 hours 12 minutes"
        );
        assert_eq!(format_duration(Duration::hours(1)), "1 hour");
        assert_eq!(format_duration(Duration::minutes(1)), "1 minute");
        assert_eq!(format_duration(Duration::seconds(30)), "less than a minute");
        assert_eq!(format_duration(Duration::seconds(0)), "no time left");
        assert_eq!(format_duration(Duration::hours(-3)), "no time left");
    }
}
