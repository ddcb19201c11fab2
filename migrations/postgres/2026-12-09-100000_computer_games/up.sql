-- A game against the computer: the level (1..8) its side plays at; NULL for a game between
-- people. The computer's side is the reserved account `(computer)`.
ALTER TABLE games ADD COLUMN computer_level BIGINT;
-- The computer's worker looks for active computer games on every round.
CREATE INDEX games_computer_active ON games (status) WHERE computer_level IS NOT NULL;
