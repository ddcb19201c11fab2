ALTER TABLE outbox DROP COLUMN inline_image;
