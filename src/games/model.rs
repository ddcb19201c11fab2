//! Rows of the games tables, typed ids and the small enums stored as text.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::{challenges, game_moves, games, preset_versions};
use crate::db::UserId;

crate::typed_id!(
    /// A game.
    GameId
);
crate::typed_id!(
    /// A challenge (an invitation to a game).
    ChallengeId
);
crate::typed_id!(
    /// One immutable version of a preset.
    PresetVersionId
);

pub const STATUS_ACTIVE: &str = "active";
pub const STATUS_FINISHED: &str = "finished";

pub const CHALLENGE_OPEN: &str = "open";
pub const CHALLENGE_ACCEPTED: &str = "accepted";
pub const CHALLENGE_DECLINED: &str = "declined";
pub const CHALLENGE_CANCELLED: &str = "cancelled";

/// Time controls (see `time_control`): a number of days for each move, a Fischer reserve
/// with an increment, or no clock at all.
pub const TIME_KIND_DAYS: &str = "days";
pub const TIME_KIND_FISCHER: &str = "fischer";
pub const TIME_KIND_UNTIMED: &str = "untimed";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: GameId,
    pub preset_version_id: PresetVersionId,
    pub challenge_id: Option<ChallengeId>,
    pub white_id: UserId,
    pub black_id: UserId,
    pub status: String,
    pub result: Option<String>,
    pub result_reason: Option<String>,
    pub start_fen: String,
    pub current_fen: String,
    pub ply: i64,
    pub side_to_move: String,
    pub draw_offer_by: Option<UserId>,
    pub time_kind: String,
    pub days_per_move: Option<i64>,
    pub deadline_at: Option<NaiveDateTime>,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub finished_at: Option<NaiveDateTime>,
    pub reserve_secs: Option<i64>,
    pub white_reserve_secs: Option<i64>,
    pub black_reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
    pub allow_vacation: bool,
}

impl GameRow {
    pub fn is_active(&self) -> bool {
        self.status == STATUS_ACTIVE
    }

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> UserId {
        if self.side_to_move == "black" {
            self.black_id
        } else {
            self.white_id
        }
    }

    pub fn is_player(&self, user: UserId) -> bool {
        user == self.white_id || user == self.black_id
    }

    pub fn opponent_of(&self, user: UserId) -> UserId {
        if user == self.white_id {
            self.black_id
        } else {
            self.white_id
        }
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame<'a> {
    pub preset_version_id: PresetVersionId,
    pub challenge_id: Option<ChallengeId>,
    pub white_id: UserId,
    pub black_id: UserId,
    pub status: &'a str,
    pub start_fen: &'a str,
    pub current_fen: &'a str,
    pub ply: i64,
    pub side_to_move: &'a str,
    pub time_kind: &'a str,
    pub days_per_move: Option<i64>,
    pub deadline_at: Option<NaiveDateTime>,
    pub last_move_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub reserve_secs: Option<i64>,
    pub white_reserve_secs: Option<i64>,
    pub black_reserve_secs: Option<i64>,
    pub increment_secs: Option<i64>,
    pub reserve_cap_secs: Option<i64>,
    pub allow_vacation: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = game_moves)]
pub struct MoveRow {
    pub ply: i64,
    pub move_text: String,
    pub compact: String,
    pub comment: Option<String>,
    pub played_at: NaiveDateTime,
    pub user_id: UserId,
}

/// `comment` is written as NULL when `None` (not left to a default), so that every move is
/// the same SQL statement and its prepared form is reused.
#[derive(Debug, Insertable)]
#[diesel(table_name = game_moves, treat_none_as_default_value = false)]
pub struct NewMove<'a> {
    pub game_id: GameId,
    pub ply: i64,
    pub move_text: &'a str,
    pub compact: &'a str,
    pub fen_after: &'a str,
    pub comment: Option<&'a str>,
    pub played_at: NaiveDateTime,
    pub user_id: UserId,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = challenges)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub author_id: UserId,
    pub opponent_id: Option<UserId>,
    pub preset_version_id: PresetVersionId,
    pub author_color: String,
    pub time_kind: String,
    pub days_per_move: Option<i64>,
    pub message: String,
    pub status: String,
    pub game_id: Option<GameId>,
    pub created_at: NaiveDateTime,
    pub resolved_at: Option<NaiveDateTime>,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub allow_vacation: bool,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = challenges)]
pub struct NewChallengeRow<'a> {
    pub author_id: UserId,
    pub opponent_id: Option<UserId>,
    pub preset_version_id: PresetVersionId,
    pub author_color: &'a str,
    pub time_kind: &'a str,
    pub days_per_move: Option<i64>,
    pub message: &'a str,
    pub status: &'a str,
    pub created_at: NaiveDateTime,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub allow_vacation: bool,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = preset_versions)]
pub struct PresetVersionRow {
    pub id: PresetVersionId,
    pub preset_id: i64,
    pub version: i64,
    pub definition_hash: String,
    pub setup_fen: String,
    pub move_count_limit: Option<i64>,
    pub repetition: bool,
}

/// The colour the author of a challenge asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "white" => Some(ColorChoice::White),
            "black" => Some(ColorChoice::Black),
            "random" => Some(ColorChoice::Random),
            _ => None,
        }
    }
}
