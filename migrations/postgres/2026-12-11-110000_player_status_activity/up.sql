-- SQLite only (see its migration): PostgreSQL reads the player filter with a status well
-- from the existing indexes.
SELECT 1;
