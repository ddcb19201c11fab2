// Written by hand to match migrations/sqlite and migrations/postgres (both must agree).
// Timestamps are naive UTC.

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        username_key -> Text,
        email -> Text,
        email_key -> Text,
        password_hash -> Text,
        session_epoch -> BigInt,
        notify_turn -> Bool,
        notify_reminder -> Bool,
        time_zone -> Text,
        unsubscribe_token -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    login_attempts (id) {
        id -> BigInt,
        username_key -> Text,
        ip -> Text,
        success -> Bool,
        attempted_at -> Timestamp,
    }
}

diesel::table! {
    password_resets (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        user_id -> BigInt,
        token_hash -> Text,
        created_at -> Timestamp,
        last_seen_at -> Timestamp,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        kind -> Text,
        to_addr -> Text,
        subject -> Text,
        body_text -> Text,
        body_html -> Nullable<Text>,
        message_id -> Text,
        list_unsubscribe -> Nullable<Text>,
        status -> Text,
        attempts -> BigInt,
        next_attempt_at -> Timestamp,
        claim_token -> Nullable<Text>,
        claimed_until -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(sessions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    login_attempts,
    password_resets,
    sessions,
    outbox
);
