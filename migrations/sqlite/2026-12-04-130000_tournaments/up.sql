-- Correspondence tournaments: round-robin (every game at once) and Swiss (round by round).
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    organiser_id BIGINT NOT NULL REFERENCES users (id),
    preset_version_id BIGINT NOT NULL REFERENCES preset_versions (id),
    kind TEXT NOT NULL,
    double_round BOOLEAN NOT NULL,
    rounds BIGINT,
    time_kind TEXT NOT NULL,
    days_per_move BIGINT,
    reserve_days BIGINT,
    increment_hours BIGINT,
    cap_days BIGINT,
    allow_vacation BOOLEAN NOT NULL,
    rated BOOLEAN NOT NULL,
    min_players BIGINT NOT NULL,
    max_players BIGINT NOT NULL,
    starts_at TIMESTAMP,
    invite_only BOOLEAN NOT NULL,
    rating_min BIGINT,
    rating_max BIGINT,
    status TEXT NOT NULL,
    current_round BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    started_at TIMESTAMP,
    finished_at TIMESTAMP,
    winner_id BIGINT REFERENCES users (id)
);
CREATE INDEX tournaments_status ON tournaments (status);

-- Who plays (or is invited to, or withdrew from) a tournament; a bye is a point in a round.
CREATE TABLE tournament_players (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL,
    joined_at TIMESTAMP,
    withdrawn_at TIMESTAMP,
    bye_round BIGINT,
    PRIMARY KEY (tournament_id, user_id)
);

ALTER TABLE games ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round BIGINT;
CREATE INDEX games_tournament ON games (tournament_id);
