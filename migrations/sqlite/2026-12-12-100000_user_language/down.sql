ALTER TABLE outbox DROP COLUMN language;
ALTER TABLE users DROP COLUMN language;
