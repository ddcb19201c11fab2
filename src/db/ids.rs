//! Typed IDs: a `UserId` can not be passed where a `GameId` is expected.
//!
//! Add a new one with `typed_id!(GameId);` — it is stored as `BIGINT` and works with diesel
//! (on every backend, the `MultiBackend` included) and serde.

#[macro_export]
macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize,
            diesel::AsExpression, diesel::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                self.0.to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                i64::from_sql(bytes).map($name)
            }
        }
    };
}

typed_id!(
    /// A registered player.
    UserId
);
typed_id!(
    /// A row of the mail outbox.
    OutboxId
);
typed_id!(
    /// A game.
    GameId
);
typed_id!(
    /// A challenge (an invitation to a game).
    ChallengeId
);
typed_id!(
    /// One immutable version of a preset.
    PresetVersionId
);
