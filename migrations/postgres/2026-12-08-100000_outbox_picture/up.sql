-- The board picture of a game mail (`game:12:31:b`, `challenge:7:w`), drawn when the mail
-- is sent and attached inline (multipart/related), so clients show it without fetching it.
ALTER TABLE outbox ADD COLUMN inline_image TEXT;
