-- Ratings (Glicko-2, per variant). A challenge and its game are rated in the variant named
-- here; NULL: casual.
ALTER TABLE games ADD COLUMN rated_variant TEXT;
-- A rated game's players' ratings when it started, shown beside their names.
ALTER TABLE games ADD COLUMN white_start_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN white_start_deviation DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_start_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_start_deviation DOUBLE PRECISION;
ALTER TABLE challenges ADD COLUMN rated_variant TEXT;
-- An open rated challenge may be limited to players rated within a range.
ALTER TABLE challenges ADD COLUMN rating_min BIGINT;
ALTER TABLE challenges ADD COLUMN rating_max BIGINT;

-- A player's rating in one variant, as of their last rated game (rated_at); the deviation
-- grows for idle 30-day periods when it is shown or next updated.
CREATE TABLE ratings (
    user_id BIGINT NOT NULL REFERENCES users (id),
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    rated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, variant)
);
CREATE INDEX ratings_leaderboard ON ratings (variant, rating);

-- The rating after each rated game, for the profile's chart.
CREATE TABLE rating_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    variant TEXT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    recorded_at TIMESTAMP NOT NULL
);
CREATE INDEX rating_history_user ON rating_history (user_id, variant, recorded_at);
