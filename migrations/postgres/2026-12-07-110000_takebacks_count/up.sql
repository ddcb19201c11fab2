-- How many moves were taken back in the game. With the ply it names one history of the
-- game: a reply by mail is played only in the position its mail showed.
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
