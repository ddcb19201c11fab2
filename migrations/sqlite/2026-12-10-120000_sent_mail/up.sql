-- The clean-up job's ranges of sent mail (bodies after an hour, rows after the retention).
CREATE INDEX outbox_sent ON outbox (status, sent_at);
