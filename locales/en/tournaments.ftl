### Tournaments: the list, an event's page (standings, crosstable, games, players) and the
### creation and edit form.

## The list (/tournaments)

tournaments-title = Tournaments
tournaments-intro-html = Round-robin events play every game at once; Swiss events play round by round. <a href="/help/tournaments">How pairings and tie-breaks work</a>.
tournaments-new = New tournament
tournaments-all = All tournaments
tournaments-section-open = Open for players
tournaments-section-running = Running
tournaments-section-finished = Finished
tournaments-none = None.
# Kinds of event, in a line of the list.
tournaments-kind-swiss-short = Swiss
tournaments-kind-round-robin-short = round-robin
tournaments-kind-double-short = round-robin (double)
# $kind: one of the kinds above; $players: how many have joined; $max: how many may join;
# $rated: yes or no.
tournaments-listing-facts = { $kind }, { $players } of { $max ->
        [one] { $max } player
       *[other] { $max } players
    }{ $rated ->
        [yes] , rated
       *[no] {""}
    }
# $facts: the line above.
tournaments-listing-won = { $facts }; won by { $winner }
# A link to the next page of one section.
tournaments-older = { $status ->
        [open] Older open events
        [running] Older running events
       *[finished] Older finished events
    }

## An event's page

# The kind of event, at the top of its page.
tournaments-kind-swiss-rounds = Swiss, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournaments-kind-swiss = Swiss
tournaments-kind-round-robin = Round-robin
tournaments-kind-double = Round-robin (double)
# $time: the time control ("3 days per move").
tournaments-time-no-vacation = { $time }, no vacation
tournaments-rated = rated
tournaments-casual = casual
tournaments-players-range = { $min }–{ $max } players
# Followed by the organiser's name (a link).
tournaments-organised-by = organised by
tournaments-invite-only = invited players only
# Where the event stands. $at: the start in UTC as 2027-01-15 18:00:00; $date: the same
# written the language's way ("2027-01-15 18:00 UTC"); use either.
tournaments-status-open-starts = Open for players; starts { $at } UTC
tournaments-status-open-when-full = Open for players; starts when full
tournaments-status-running = Running
tournaments-status-running-round = Running: round { $round }
tournaments-status-finished = Finished
tournaments-status-finished-won = Finished: won by { $winner }
tournaments-status-cancelled = Cancelled
# After an action, at the top of the page.
tournaments-notice-created = The tournament is open for players.
tournaments-notice-edited = The tournament was changed.
tournaments-notice-join = You have joined.
tournaments-notice-leave = You have left (a withdrawal once the event runs).
tournaments-notice-start = The tournament has started; every player was mailed their games.
tournaments-notice-cancel = The tournament was cancelled.
tournaments-notice-remove = The player was removed.
tournaments-notice-invite = The invitations were sent.
# Buttons.
tournaments-join = Join
tournaments-leave = Leave
tournaments-withdraw = Withdraw (unfinished games are lost)
tournaments-start-now = Start now
tournaments-cancel = Cancel the tournament
tournaments-edit = Edit
tournaments-invite-players = Invite players (names, separated by spaces or commas)
tournaments-invite = Invite

## Standings and crosstable

tournaments-standings = Standings
tournaments-nobody-joined = Nobody has joined yet.
tournaments-column-player = Player
# The column of a Swiss round.
tournaments-column-round = R{ $round }
tournaments-column-points = Points
tournaments-withdrew = (withdrew)
# A Swiss round without a game: the player scored a point.
tournaments-cell-bye = bye 1
# A Swiss crosstable cell: the opponent's rank, the colour (w/b) and the result: "3w 1".
tournaments-cell-swiss = { $rank }{ $colour ->
        [white] w
       *[black] b
    } { $result }
tournaments-cell-white = White
tournaments-cell-black = Black

## Games and players

tournaments-live-games = Games in progress
tournaments-live-game = Game #{ $id }
# After the link to the game.
tournaments-live-game-details = (round { $round }): { $white } – { $black }
tournaments-players = Players
tournaments-entrant-status = { $status ->
        [invited] invited
        [joined] joined
       *[withdrawn] withdrawn
    }
tournaments-remove = Remove

## Time controls

# $reserve, $increment: spans of time ("7 days", "12 hours").
# $time: one of the two above; $cap: a span of time.

## The creation and edit form

tournaments-form-edit-title = Edit tournament
tournaments-form-name = Name
tournaments-form-description = Description (Markdown)
tournaments-form-preset = Preset
tournaments-form-kind = Kind
tournaments-form-round-robin = Round-robin: everyone plays everyone, all games at once
tournaments-form-double-round = Double round-robin (each pair twice, colours swapped)
tournaments-form-swiss = Swiss, round by round
tournaments-form-rounds = Rounds (Swiss)
tournaments-form-time-control = Time control
tournaments-form-days-per-move = Days per move
tournaments-form-fischer = Reserve + increment
tournaments-form-reserve-days = Reserve (days)
tournaments-form-increment-hours = Increment (hours)
tournaments-form-cap-days = Cap (days, optional)
tournaments-form-no-vacation = No vacation (clocks never stop)
tournaments-form-rating = Rating
tournaments-form-rated = Rated
tournaments-form-casual = Casual
tournaments-form-invite-only = Invited players only
tournaments-form-min-players = Smallest number of players
tournaments-form-max-players = Largest number of players
tournaments-form-starts-at = Start (UTC, e.g. 2027-01-15T18:00; empty: when full)
tournaments-form-starts-at-placeholder = when full
tournaments-form-rating-min = Lowest rating (optional)
tournaments-form-rating-max = Highest rating (optional)
tournaments-form-save = Save
tournaments-form-create = Create the tournament
# $field: which field holds something else than a number.
tournaments-error-whole-number = { $field ->
        [rounds] The number of rounds is a whole number.
        [min_players] The smallest number of players is a whole number.
        [max_players] The largest number of players is a whole number.
        [rating_min] The lowest rating is a whole number.
       *[rating_max] The highest rating is a whole number.
    }
tournaments-error-kind = “{ $text }” is not a kind of tournament: round_robin or swiss.
