DROP INDEX games_white;
DROP INDEX games_black;
CREATE INDEX games_white ON games (white_id, status, last_move_at);
CREATE INDEX games_black ON games (black_id, status, last_move_at);
CREATE INDEX games_last_move ON games (last_move_at);
