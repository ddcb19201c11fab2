-- Fewer of the games indexes change when a move is played (7 of 12 did; now 4):
-- * games_last_move (last_move_at) served no query;
-- * the player indexes end in finished_at instead of last_move_at: they serve "my games"
--   (by player and status, the finished ones newest first), and finished_at is written once.
DROP INDEX games_last_move;
DROP INDEX games_white;
DROP INDEX games_black;
CREATE INDEX games_white ON games (white_id, status, finished_at);
CREATE INDEX games_black ON games (black_id, status, finished_at);
