-- Presets (versioned variant configurations), challenges, games and their moves.
-- Keep equivalent to migrations/postgres/2026-11-30-170000_games.
-- Timestamps are UTC.

-- A preset: a named configuration of a variant. Built-in presets have no owner.
CREATE TABLE presets (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    owner_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    variant_name TEXT NOT NULL,
    visibility TEXT NOT NULL DEFAULT 'public',
    current_version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Immutable versions of a preset; a game pins one forever.
CREATE TABLE preset_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    preset_id BIGINT NOT NULL REFERENCES presets (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    definition TEXT NOT NULL,
    definition_hash TEXT NOT NULL,
    setup_fen TEXT NOT NULL,
    move_count_limit BIGINT,
    repetition BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    notes TEXT NOT NULL DEFAULT '',
    UNIQUE (preset_id, version)
);

-- status: 'open' (waiting for an answer), 'accepted', 'declined', 'cancelled'.
-- opponent_id NULL = open to anyone. author_color: 'white', 'black', 'random'.
CREATE TABLE challenges (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    opponent_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    preset_version_id BIGINT NOT NULL REFERENCES preset_versions (id),
    author_color TEXT NOT NULL,
    time_kind TEXT NOT NULL,
    days_per_move BIGINT,
    message TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    game_id BIGINT,
    created_at TIMESTAMP NOT NULL,
    resolved_at TIMESTAMP
);
CREATE INDEX challenges_open ON challenges (status, created_at);
CREATE INDEX challenges_author ON challenges (author_id, status);
CREATE INDEX challenges_opponent ON challenges (opponent_id, status);

-- status: 'active' or 'finished'. result: '1-0', '0-1', '1/2-1/2'.
-- result_reason: checkmate, resignation, time, agreement, stalemate, repetition, move_count,
-- abandoned. side_to_move: 'white' / 'black'. time_kind: 'days' (days_per_move) for now.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    preset_version_id BIGINT NOT NULL REFERENCES preset_versions (id),
    challenge_id BIGINT REFERENCES challenges (id),
    white_id BIGINT NOT NULL REFERENCES users (id),
    black_id BIGINT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL,
    result TEXT,
    result_reason TEXT,
    start_fen TEXT NOT NULL,
    current_fen TEXT NOT NULL,
    ply BIGINT NOT NULL DEFAULT 0,
    side_to_move TEXT NOT NULL,
    draw_offer_by BIGINT REFERENCES users (id),
    time_kind TEXT NOT NULL,
    days_per_move BIGINT,
    deadline_at TIMESTAMP,
    last_move_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP
);
CREATE INDEX games_white ON games (white_id, status, last_move_at);
CREATE INDEX games_black ON games (black_id, status, last_move_at);
CREATE INDEX games_status_deadline ON games (status, deadline_at);
CREATE INDEX games_last_move ON games (last_move_at);

-- One row per ply; UNIQUE (game_id, ply) is what guarantees one move per turn.
CREATE TABLE game_moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    move_text TEXT NOT NULL,
    compact TEXT NOT NULL,
    fen_after TEXT NOT NULL,
    comment TEXT,
    played_at TIMESTAMP NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    UNIQUE (game_id, ply)
);
