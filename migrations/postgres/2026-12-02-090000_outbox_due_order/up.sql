-- The due scan reads the oldest pending rows in (next_attempt_at, id) order; with id in the
-- index it stops after the batch instead of sorting the whole backlog.
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at, id);
