-- Time controls: Fischer reserves, untimed games, "no vacation" games, vacations, reminders.
-- Keep equivalent to migrations/postgres/2026-11-30-200000_time_controls.
-- time_kind (challenges, games): 'days' (days_per_move), 'fischer' (reserve + increment),
-- 'untimed'. Timestamps are UTC.

-- A Fischer challenge: starting reserve, increment per move, optional cap on the reserve.
ALTER TABLE challenges ADD COLUMN reserve_days BIGINT;
ALTER TABLE challenges ADD COLUMN increment_hours BIGINT;
ALTER TABLE challenges ADD COLUMN cap_days BIGINT;
-- FALSE: a "no vacation" (tournament-style) game; clocks never stop.
ALTER TABLE challenges ADD COLUMN allow_vacation BOOLEAN NOT NULL DEFAULT TRUE;

-- Fischer games: the starting reserve, each side's reserve at the start of its next turn
-- (the reserve of the side to move is implied by deadline_at), the increment and the cap,
-- in seconds.
ALTER TABLE games ADD COLUMN reserve_secs BIGINT;
ALTER TABLE games ADD COLUMN white_reserve_secs BIGINT;
ALTER TABLE games ADD COLUMN black_reserve_secs BIGINT;
ALTER TABLE games ADD COLUMN increment_secs BIGINT;
ALTER TABLE games ADD COLUMN reserve_cap_secs BIGINT;
ALTER TABLE games ADD COLUMN allow_vacation BOOLEAN NOT NULL DEFAULT TRUE;

-- A player's vacations. ends_by: when the allowance left at the start runs out (the job
-- ends the vacation then); ended_at: when it actually ended (NULL while on vacation).
CREATE TABLE vacations (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at TIMESTAMP NOT NULL,
    ends_by TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
-- At most one vacation in progress per player.
CREATE UNIQUE INDEX vacations_open ON vacations (user_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_user ON vacations (user_id, started_at);

-- Reminders already queued: one per game, ply and threshold, whoever queued it.
CREATE TABLE reminders_sent (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    threshold_hours BIGINT NOT NULL,
    sent_at TIMESTAMP NOT NULL,
    UNIQUE (game_id, ply, threshold_hours)
);
