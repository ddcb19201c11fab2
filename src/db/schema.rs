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
        notify_chat -> Bool,
        public_chat -> Bool,
        reply_generation -> BigInt,
        is_admin -> Bool,
        suspended_at -> Nullable<Timestamp>,
        suspended_reason -> Nullable<Text>,
        notify_challenge -> Bool,
        notify_game_end -> Bool,
        long_notation -> Bool,
        email_verified_at -> Nullable<Timestamp>,
        notify_computer -> Bool,
        is_bot -> Bool,
        bot_challenges -> Bool,
        stream_seen_at -> Nullable<Timestamp>,
        language -> Nullable<Text>,
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
    email_verifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        email -> Text,
        email_key -> Text,
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
        thread_key -> Nullable<Text>,
        reply_to -> Nullable<Text>,
        inline_image -> Nullable<Text>,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    admin_actions (id) {
        id -> BigInt,
        admin_id -> BigInt,
        action -> Text,
        target -> Text,
        reason -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    pgn_uploads (id) {
        id -> BigInt,
        user_id -> BigInt,
        uploaded_at -> Timestamp,
    }
}

diesel::table! {
    inbound_mails (message_key) {
        message_key -> Text,
        outcome -> Text,
        received_at -> Timestamp,
        user_id -> Nullable<BigInt>,
    }
}

diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(email_verifications -> users (user_id));
diesel::joinable!(sessions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    login_attempts,
    password_resets,
    email_verifications,
    sessions,
    outbox,
    admin_actions
);

diesel::table! {
    presets (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        owner_id -> Nullable<BigInt>,
        variant_name -> Text,
        visibility -> Text,
        current_version -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        name_key -> Text,
        retired -> Bool,
        forked_from -> Nullable<BigInt>,
        games_played -> BigInt,
    }
}

diesel::table! {
    preset_versions (id) {
        id -> BigInt,
        preset_id -> BigInt,
        version -> BigInt,
        definition -> Text,
        definition_hash -> Text,
        setup_fen -> Text,
        move_count_limit -> Nullable<BigInt>,
        repetition -> Bool,
        created_at -> Timestamp,
        created_by -> Nullable<BigInt>,
        notes -> Text,
        name -> Text,
        description -> Text,
        days_per_move -> BigInt,
        light_color -> Text,
        dark_color -> Text,
        coordinates -> Bool,
        piece_letters -> Text,
        time_kind -> Text,
        reserve_days -> Nullable<BigInt>,
        increment_hours -> Nullable<BigInt>,
        cap_days -> Nullable<BigInt>,
        setups -> Text,
    }
}

diesel::table! {
    challenges (id) {
        id -> BigInt,
        author_id -> BigInt,
        opponent_id -> Nullable<BigInt>,
        preset_version_id -> BigInt,
        author_color -> Text,
        time_kind -> Text,
        days_per_move -> Nullable<BigInt>,
        message -> Text,
        status -> Text,
        game_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        resolved_at -> Nullable<Timestamp>,
        reserve_days -> Nullable<BigInt>,
        increment_hours -> Nullable<BigInt>,
        cap_days -> Nullable<BigInt>,
        allow_vacation -> Bool,
        rated_variant -> Nullable<Text>,
        rating_min -> Nullable<BigInt>,
        rating_max -> Nullable<BigInt>,
        setup_choice -> Nullable<Text>,
        decline_reason -> Nullable<Text>,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        preset_version_id -> BigInt,
        challenge_id -> Nullable<BigInt>,
        white_id -> BigInt,
        black_id -> BigInt,
        status -> Text,
        result -> Nullable<Text>,
        result_reason -> Nullable<Text>,
        start_fen -> Text,
        current_fen -> Text,
        ply -> BigInt,
        side_to_move -> Text,
        draw_offer_by -> Nullable<BigInt>,
        time_kind -> Text,
        days_per_move -> Nullable<BigInt>,
        deadline_at -> Nullable<Timestamp>,
        last_move_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
        imported -> Bool,
        white_name -> Nullable<Text>,
        black_name -> Nullable<Text>,
        imported_by -> Nullable<BigInt>,
        source_event -> Nullable<Text>,
        source_site -> Nullable<Text>,
        reserve_secs -> Nullable<BigInt>,
        white_reserve_secs -> Nullable<BigInt>,
        black_reserve_secs -> Nullable<BigInt>,
        increment_secs -> Nullable<BigInt>,
        reserve_cap_secs -> Nullable<BigInt>,
        allow_vacation -> Bool,
        rated_variant -> Nullable<Text>,
        messages -> BigInt,
        white_start_rating -> Nullable<Double>,
        white_start_deviation -> Nullable<Double>,
        black_start_rating -> Nullable<Double>,
        black_start_deviation -> Nullable<Double>,
        takeback_by -> Nullable<BigInt>,
        undo_clock -> Nullable<Text>,
        tournament_id -> Nullable<BigInt>,
        tournament_round -> Nullable<BigInt>,
        setup_name -> Nullable<Text>,
        draw_declined_by -> Nullable<BigInt>,
        draw_declined_ply -> Nullable<BigInt>,
        takebacks -> BigInt,
        computer_level -> Nullable<BigInt>,
    }
}

diesel::table! {
    game_moves (game_id, ply) {
        game_id -> BigInt,
        ply -> BigInt,
        move_text -> Text,
        compact -> Text,
        fen_after -> Text,
        comment -> Nullable<Text>,
        played_at -> Timestamp,
        user_id -> BigInt,
    }
}

diesel::joinable!(preset_versions -> presets (preset_id));
diesel::joinable!(games -> preset_versions (preset_version_id));
diesel::joinable!(game_moves -> games (game_id));
diesel::joinable!(challenges -> preset_versions (preset_version_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    presets,
    preset_versions,
    challenges,
    games,
    game_moves
);

diesel::table! {
    vacations (id) {
        id -> BigInt,
        user_id -> BigInt,
        started_at -> Timestamp,
        ends_by -> Timestamp,
        ended_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    reminders_sent (id) {
        id -> BigInt,
        game_id -> BigInt,
        ply -> BigInt,
        threshold_hours -> BigInt,
        sent_at -> Timestamp,
    }
}

diesel::joinable!(vacations -> users (user_id));
diesel::joinable!(reminders_sent -> games (game_id));

diesel::allow_tables_to_appear_in_same_query!(vacations, users);
diesel::allow_tables_to_appear_in_same_query!(vacations, games);
diesel::allow_tables_to_appear_in_same_query!(vacations, presets);
diesel::allow_tables_to_appear_in_same_query!(vacations, preset_versions);
diesel::allow_tables_to_appear_in_same_query!(vacations, reminders_sent);
diesel::allow_tables_to_appear_in_same_query!(reminders_sent, games);
diesel::allow_tables_to_appear_in_same_query!(reminders_sent, users);

diesel::table! {
    ratings (user_id, variant) {
        user_id -> BigInt,
        variant -> Text,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        games -> BigInt,
        wins -> BigInt,
        draws -> BigInt,
        losses -> BigInt,
        rated_at -> Timestamp,
    }
}
diesel::table! {
    rating_history (id) {
        id -> BigInt,
        user_id -> BigInt,
        variant -> Text,
        game_id -> BigInt,
        rating -> Double,
        deviation -> Double,
        recorded_at -> Timestamp,
    }
}
diesel::joinable!(ratings -> users (user_id));
diesel::joinable!(rating_history -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(ratings, users);
diesel::allow_tables_to_appear_in_same_query!(rating_history, users);
diesel::table! {
    game_notes (game_id, user_id) {
        game_id -> BigInt,
        user_id -> BigInt,
        body -> Text,
        updated_at -> Timestamp,
    }
}
diesel::table! {
    blocks (blocker_id, blocked_id) {
        blocker_id -> BigInt,
        blocked_id -> BigInt,
        created_at -> Timestamp,
    }
}
diesel::allow_tables_to_appear_in_same_query!(blocks, users);
diesel::table! {
    game_messages (id) {
        id -> BigInt,
        game_id -> BigInt,
        user_id -> BigInt,
        body -> Text,
        created_at -> Timestamp,
        reported_by -> Nullable<BigInt>,
        reported_at -> Nullable<Timestamp>,
    }
}
diesel::joinable!(game_messages -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(game_messages, users);
diesel::table! {
    api_tokens (id) {
        id -> BigInt,
        user_id -> BigInt,
        name -> Text,
        token_hash -> Text,
        scopes -> Text,
        created_at -> Timestamp,
        last_used_at -> Nullable<Timestamp>,
    }
}
diesel::joinable!(api_tokens -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(api_tokens, users);
diesel::table! {
    calendar_keys (user_id) {
        user_id -> BigInt,
        secret -> Text,
        created_at -> Timestamp,
    }
}
diesel::joinable!(calendar_keys -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(calendar_keys, users);
diesel::table! {
    conditional_moves (game_id, user_id) {
        game_id -> BigInt,
        user_id -> BigInt,
        base_ply -> BigInt,
        lines -> Text,
        updated_at -> Timestamp,
    }
}
diesel::table! {
    tournaments (id) {
        id -> BigInt,
        name -> Text,
        description -> Text,
        organiser_id -> BigInt,
        preset_version_id -> BigInt,
        kind -> Text,
        double_round -> Bool,
        rounds -> Nullable<BigInt>,
        time_kind -> Text,
        days_per_move -> Nullable<BigInt>,
        reserve_days -> Nullable<BigInt>,
        increment_hours -> Nullable<BigInt>,
        cap_days -> Nullable<BigInt>,
        allow_vacation -> Bool,
        rated -> Bool,
        min_players -> BigInt,
        max_players -> BigInt,
        starts_at -> Nullable<Timestamp>,
        invite_only -> Bool,
        rating_min -> Nullable<BigInt>,
        rating_max -> Nullable<BigInt>,
        status -> Text,
        current_round -> BigInt,
        created_at -> Timestamp,
        started_at -> Nullable<Timestamp>,
        finished_at -> Nullable<Timestamp>,
        winner_id -> Nullable<BigInt>,
    }
}
diesel::table! {
    tournament_players (tournament_id, user_id) {
        tournament_id -> BigInt,
        user_id -> BigInt,
        status -> Text,
        joined_at -> Nullable<Timestamp>,
        withdrawn_at -> Nullable<Timestamp>,
        bye_round -> Nullable<BigInt>,
    }
}
diesel::joinable!(tournament_players -> users (user_id));
diesel::joinable!(tournament_players -> tournaments (tournament_id));
diesel::allow_tables_to_appear_in_same_query!(tournament_players, users);
diesel::allow_tables_to_appear_in_same_query!(tournament_players, tournaments);
diesel::allow_tables_to_appear_in_same_query!(tournaments, users);
diesel::allow_tables_to_appear_in_same_query!(tournaments, games);
diesel::allow_tables_to_appear_in_same_query!(tournaments, presets);
diesel::allow_tables_to_appear_in_same_query!(tournaments, preset_versions);
diesel::joinable!(tournaments -> preset_versions (preset_version_id));
