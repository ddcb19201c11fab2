//! The words of the domain that are stored as text: each an enum with one conversion to and
//! from its stored form ([`stored_text!`]), shared by every service and page. Nothing here
//! depends on another module of the crate.

/// Declares an enum stored as `TEXT`: `as_str` and `FromStr` (the one conversion each way),
/// `Display`, serde as the same text, and diesel on every backend (the `MultiBackend`
/// included). A stored text that is not one of the variants is a deserialization error.
#[macro_export]
macro_rules! stored_text {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash,
            diesel::AsExpression, diesel::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Text)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored text.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::domain::UnknownText;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::domain::UnknownText {
                        what: stringify!($name),
                        text: text.to_owned(),
                    }),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                self.as_str().to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                Ok(String::from_sql(bytes)?.parse()?)
            }
        }
    };
}

/// A stored or submitted text that names none of an enum's variants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a {what}")]
pub struct UnknownText {
    pub what: &'static str,
    pub text: String,
}

stored_text!(
    /// Whether a game is still being played.
    GameStatus {
        Active = "active",
        Finished = "finished",
    }
);

stored_text!(
    /// How a finished game ended, as PGN writes it.
    GameResult {
        WhiteWins = "1-0",
        BlackWins = "0-1",
        Draw = "1/2-1/2",
    }
);

stored_text!(
    /// Why a game ended.
    EndReason {
        Checkmate = "checkmate",
        Resignation = "resignation",
        /// The player to move ran out of time.
        Time = "time",
        Agreement = "agreement",
        Stalemate = "stalemate",
        Repetition = "repetition",
        MoveCount = "move_count",
        /// A side was left with its King alone (the variant's bare-King rule).
        BareKing = "bare_king",
        /// Closed by the clock job: neither side could be held to a deadline.
        Abandoned = "abandoned",
        /// The player withdrew from the tournament the game belongs to.
        Withdrawal = "withdrawal",
        /// Ended by an admin (an abandoned game, say).
        Adjudication = "adjudication",
        /// Called off by an admin: no result, and the ratings ignore it.
        Aborted = "aborted",
        /// A player deleted their account: the opponent wins.
        AccountDeleted = "account_deleted",
    }
);

stored_text!(
    /// Where a queued mail stands.
    OutboxStatus {
        /// Waiting for its (next) delivery attempt.
        Pending = "pending",
        Sent = "sent",
        /// Given up after too many attempts; an admin may retry it.
        Failed = "failed",
    }
);

stored_text!(
    /// A side of the board (whose turn it is).
    Side {
        White = "white",
        Black = "black",
    }
);

stored_text!(
    /// The kind of a time control (see `time_control`): days for each move, a
    /// Fischer reserve with an increment, or no clock.
    TimeKind {
        Days = "days",
        Fischer = "fischer",
        Untimed = "untimed",
    }
);

stored_text!(
    /// Where a challenge stands.
    ChallengeStatus {
        Open = "open",
        Accepted = "accepted",
        Declined = "declined",
        Cancelled = "cancelled",
    }
);

stored_text!(
    /// The colour the author of a challenge asked for.
    ColorChoice {
        White = "white",
        Black = "black",
        Random = "random",
    }
);

stored_text!(
    /// What a mail is for.
    MailKind {
        PasswordReset = "password_reset",
        /// A link that confirms a new address is the recipient's.
        VerifyEmail = "verify_email",
        /// It is the recipient's move.
        YourTurn = "your_turn",
        /// The recipient's time is running out.
        Reminder = "reminder",
        /// The opponent wrote in a game's chat.
        Chat = "chat",
        /// The answer to a move sent by mail (played, or refused and why).
        MailAnswer = "mail_answer",
        /// A challenge to the recipient, or the answer to theirs.
        Challenge = "challenge",
        /// How one of the recipient's games ended.
        GameEnd = "game_end",
    }
);

impl GameResult {
    /// The result for a win by `winner`.
    pub fn win_for(winner: Side) -> Self {
        match winner {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl From<plypost_rules::Color> for Side {
    fn from(color: plypost_rules::Color) -> Self {
        match color {
            plypost_rules::Color::White => Side::White,
            plypost_rules::Color::Black => Side::Black,
        }
    }
}

/// The stored result and reason of a game the rules engine ended.
pub fn engine_outcome(outcome: plypost_rules::Outcome) -> (GameResult, EndReason) {
    use plypost_rules::{DecisiveReason, DrawReason, Outcome};
    match outcome {
        Outcome::Decisive { winner, reason } => (
            GameResult::win_for(winner.into()),
            match reason {
                DecisiveReason::Checkmate => EndReason::Checkmate,
                DecisiveReason::Stalemate => EndReason::Stalemate,
                DecisiveReason::BareKing => EndReason::BareKing,
            },
        ),
        Outcome::Draw { reason } => (
            GameResult::Draw,
            match reason {
                DrawReason::Stalemate => EndReason::Stalemate,
                DrawReason::Repetition => EndReason::Repetition,
                DrawReason::MoveCount => EndReason::MoveCount,
            },
        ),
    }
}

impl MailKind {
    /// Notifications can be switched off by the recipient and carry a List-Unsubscribe header.
    pub fn is_notification(self) -> bool {
        matches!(
            self,
            MailKind::YourTurn
                | MailKind::Reminder
                | MailKind::Chat
                | MailKind::Challenge
                | MailKind::GameEnd
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back_as_itself_and_strangers_are_refused() {
        for status in GameStatus::ALL {
            assert_eq!(status.as_str().parse::<GameStatus>(), Ok(*status));
        }
        for reason in EndReason::ALL {
            assert_eq!(reason.as_str().parse::<EndReason>(), Ok(*reason));
        }
        for kind in MailKind::ALL {
            assert_eq!(kind.to_string().parse::<MailKind>(), Ok(*kind));
        }
        let err = "lost".parse::<GameResult>().unwrap_err();
        assert_eq!(err.to_string(), "`lost` is not a GameResult");
    }

    #[test]
    fn engine_outcomes_are_stored_as_pgn_results() {
        use plypost_rules::{Color, DecisiveReason, DrawReason, Outcome};
        assert_eq!(
            engine_outcome(Outcome::Decisive {
                winner: Color::Black,
                reason: DecisiveReason::Checkmate
            }),
            (GameResult::BlackWins, EndReason::Checkmate)
        );
        assert_eq!(
            engine_outcome(Outcome::Draw {
                reason: DrawReason::MoveCount
            }),
            (GameResult::Draw, EndReason::MoveCount)
        );
    }
}
