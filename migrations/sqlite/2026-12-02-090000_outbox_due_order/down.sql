DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
