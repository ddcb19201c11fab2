-- Mail waiting to be delivered (and a record of what was sent).
-- Keep equivalent to migrations/postgres/2026-11-30-160100_outbox.
-- status: 'pending' (waiting or being sent), 'sent', 'failed' (gave up).
-- A worker owns a pending row while claimed_until is in the future.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    kind TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT,
    message_id TEXT NOT NULL UNIQUE,
    list_unsubscribe TEXT,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    claim_token TEXT,
    claimed_until TIMESTAMP,
    last_error TEXT,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
