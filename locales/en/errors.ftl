### Errors of the services (games, challenges, tournaments, presets, logs, administration,
### analysis, privacy) as a page shows them. Their English text is also what logs and the
### JSON API say: keep it unchanged.

## Shared

# Several messages in a row ($first and $rest are messages).
error-list = { $first } { $rest }
# Two messages on two lines (a list of problems, one per line).
error-lines =
    { $first }
    { $next }
# A failure of the server (database, mail, damaged data): no details on the page.
error-failed = Something went wrong on our side. Please try again later.

## Games: the fixed refusals

error-game-not-found = There is no such game.
error-game-challenge-not-found = There is no such challenge.
# $reason: the rules engine's reason, in English.
error-game-illegal = Illegal move: { $reason }.
error-game-moved-on = The game has moved on since this page was loaded: another move was already played for this turn. Nothing was changed; here is the game as it is now.
error-game-already-played = This move was already played (it was submitted twice). It counts once.
error-game-not-your-turn = It is not your turn to move.
error-game-finished = This game is over.
error-game-time-ran-out = Your time ran out before this move, so the game is lost on time.
error-game-challenge-closed = This challenge is no longer open.
error-game-no-draw-offer = There is no draw offer from your opponent.
error-game-no-takeback = There is no takeback request from your opponent.
error-game-too-many-messages = You have written { $count ->
        [one] { $count } chat message
       *[other] { $count } chat messages
    } in the last hour; please wait a while.
# $reason: a preset's refusal, in English.
error-game-preset-refused = { $reason }

## Games: forms' free text
# $what: name, comment or message.

error-game-text-too-long = The { $what ->
        [name] name
        [comment] comment
       *[message] message
    } is too long (at most { $max } characters).
error-game-text-control = The { $what ->
        [name] name
        [comment] comment
       *[message] message
    } contains control characters.

## Challenges

error-game-suspended-challenges = Your account is suspended: you cannot create challenges.
error-game-suspended-games = Your account is suspended: you cannot start games.
error-game-untimed-needs-opponent = Untimed games are only possible against a named player: enter an opponent.
# The time control's fields. $field: days (per move), reserve, increment, cap.
error-time-range = { $field ->
        [days] Days per move
        [reserve] The reserve (days)
        [increment] The increment (hours)
       *[cap] The cap (days)
    } must be a whole number from { $min } to { $max }.
error-time-whole-number = { $field ->
        [days] Days per move
        [reserve] The reserve (days)
        [increment] The increment (hours)
       *[cap] The cap (days)
    } must be a whole number.
error-time-kind = Choose a kind of time control.
error-game-days-per-move-range = Days per move must be a whole number from { $min } to { $max }.
# $which: lowest or highest.
error-game-rating-bound = The { $which ->
        [lowest] lowest
       *[highest] highest
    } rating is a whole number from { $min } to { $max }.
error-game-rating-range-open-rated = A rating range is for open rated challenges only.
error-game-rating-range-order = The lowest rating is above the highest.
error-game-too-many-open-challenges = You have { $count } challenges waiting for an answer, the most one player may have; withdraw one before posting another.
error-game-choose-variant = Choose one of the variants or presets offered.
error-game-no-such-player = There is no player named “{ $name }”.
error-game-no-such-preset = There is no preset “{ $slug }”.
error-game-challenge-yourself = You cannot challenge yourself.
error-game-challenge-blocked = You have blocked { $name }; unblock them on their profile first.
error-game-challenge-refused = { $name } does not take challenges from you.
error-game-bot-open-challenge = A bot challenges a named player, never anyone.
error-game-bot-refused = { $name } does not take challenges from bots.
error-game-bots-casual-ask = Games with bots are casual on this site: ask for a casual game.
error-game-bots-casual = Games with bots are casual on this site.
error-game-challenge-rating-between = This challenge is for players rated { $min } to { $max }; your rating is { $rating }.
error-game-challenge-rating-from = This challenge is for players rated { $min } to any; your rating is { $rating }.
error-game-challenge-rating-up-to = This challenge is for players rated any to { $max }; your rating is { $rating }.
error-game-accept-own = You cannot accept your own challenge.
error-game-challenge-other-player = This challenge is meant for another player.
error-game-accept-blocked = You cannot accept this challenge: one of you has blocked the other.
error-game-bot-accepts-own = A bot accepts only the challenges made to it.
error-game-decline-invited-only = Only the invited player can decline a challenge.
error-game-cancel-author-only = Only its author can cancel a challenge.
# The API's field names start these two.
error-game-computer-level = level: the computer plays at a level from 1 to 8.
error-game-computer-unrated = rated: games against the computer are never rated.

## Playing

error-game-move-players-only = Only the players of this game can move.
error-game-bot-form-move = A bot moves through the bot API, not through this form.
error-game-resign-players-only = Only the players of this game can resign.
error-game-resign-unconfirmed = To resign, tick “Yes, I resign” and press Resign again.
error-game-draw-players-only = Only the players of this game can answer a draw offer.
# From the bot API: draw offers go with a move.
error-game-draw-no-offer-to-answer = There is no draw offer to answer: offer one with your move (`?offeringDraw=true`).
error-game-abort-players-only = Only the players of this game can abort it.
error-game-abort-too-late = Both sides have moved: the game can no longer be aborted (resign instead).
error-game-close-players-only = Only the players of this game can close it.
error-game-close-untimed-only = Only untimed games can be closed as abandoned.
error-game-close-too-soon = An untimed game can be closed once no move was played for { $days ->
        [one] { $days } day
       *[other] { $days } days
    }.

## Chat and notes

error-game-chat-empty = Write a message first.
error-game-chat-too-long = A message is at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    } long.
error-game-chat-players-only = Only the players of a game write in its chat.
error-game-chat-blocked = You cannot write to a player who blocked you or whom you blocked.
error-game-chat-report-recipient-only = Only the player a message was written to can report it.
error-game-notes-players-only = Only the players of a game keep notes on it.
error-game-notes-too-long = Notes are at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    } long.
error-game-notes-nul = Notes cannot contain NUL characters.

## Takebacks

error-game-takeback-players-only = Only the players of this game can ask for a takeback.
error-game-takeback-rated = Takebacks are for casual games; this game is rated.
error-game-takeback-tournament = Takebacks are for casual games; this is a tournament game.
error-game-takeback-own-last-move = You can ask to take back only your own last move, before your opponent replies.
error-game-takeback-asked-already = You have asked already; your opponent has not answered yet.
error-game-takeback-answer-players-only = Only the players of this game can answer a takeback request.

## Conditional moves

# $ply: the move's ply; $move: the move as typed; $why: the reason (a message below, or the
# rules engine's reason in English).
error-game-conditional-ply = Ply { $ply } ({ $move }): { $why }.
error-game-conditional-line-ply = Line { $line }, ply { $ply } ({ $move }): { $why }.
error-game-conditional-over-here = the game is already over here
# $other: the number of an earlier line; $move: the opponent's move; $answer: that line's
# answer to it.
error-game-conditional-two-answers = line { $other } answers { $move } with { $answer } here; give one answer to each move
error-game-conditional-too-many-lines = At most { $max } lines, please (you sent { $count }).
error-game-conditional-line-too-long = Line { $line } has { $count } moves; at most { $max }, please.
error-game-conditional-line-ends-unanswered = Line { $line } ends with your opponent's move { $move }: give your answer to it too.
error-game-conditional-players-only = Only the players of this game have conditional moves in it.
error-game-conditional-private = Conditional moves are private to their author.
error-game-conditional-private-not-player = Conditional moves are private to their author; you are not a player of this game.
error-game-conditional-your-move = It is your move: conditional moves are for while your opponent is to move. Play your move first.

## Tournaments

error-game-tournament-started = This tournament has started; it takes no more players.
error-game-tournament-cancelled = This tournament was cancelled.
error-game-tournament-start-date = The start date “{ $text }” is not a date like 2027-01-15 or 2027-01-15T18:00 (UTC).
error-game-tournament-closed = This tournament is over (closed).
error-game-tournament-over = This tournament is over.
error-game-tournament-joined-already = You have joined this tournament already.
error-game-tournament-invited-only = This tournament is for invited players only.
error-game-tournament-full = This tournament is full ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }).
error-game-tournament-rating-between = This tournament is for players rated { $min } to { $max }; your rating is { $rating }.
error-game-tournament-rating-from = This tournament is for players rated { $min } to any; your rating is { $rating }.
error-game-tournament-rating-up-to = This tournament is for players rated any to { $max }; your rating is { $rating }.
error-game-tournament-not-playing = You are not playing in this tournament.
error-game-tournament-organiser-only = Only the organiser can do that.
error-game-tournament-edit-organiser-only = Only the organiser can edit this tournament.
# $status: running, finished or cancelled.
error-game-tournament-not-open = This tournament is { $status ->
        [running] running
        [finished] finished
       *[cancelled] cancelled
    }; that can only be done before it starts.
error-game-tournament-not-listed = { $name } is not on this tournament's list.
error-game-tournament-name-missing = Give the tournament a name.
error-game-tournament-name-too-long = A tournament name has at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }.
error-game-tournament-description-too-long = The description has at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }.
# $what: min-players, max-players, rounds or rating.
error-game-tournament-field-range = The { $what ->
        [min-players] smallest number of players
        [max-players] largest number of players
        [rounds] number of rounds
       *[rating] rating
    } is a whole number from { $min } to { $max }.
error-game-tournament-max-players-missing = Give the largest number of players.
error-game-tournament-players-order = The smallest number of players is above the largest.
error-game-tournament-swiss-rounds-missing = A Swiss event needs its number of rounds.
error-game-tournament-swiss-too-few-players = { $rounds } rounds need at least { $players } players (nobody meets an opponent twice); raise the smallest number of players or play fewer rounds.
error-game-tournament-start-past = The start date is in the past; leave it empty to start when the event is full.
error-game-tournament-too-many-created = You have created { $count } tournaments in the last hour; please wait before creating another.
error-game-tournament-rated-preset = Only a preset that plays a built-in variant's rules can be rated; make the event casual.
error-game-tournament-more-joined = More players have joined than that.
error-game-tournament-too-few-joined = { $count } players have joined; this tournament needs at least { $min }.
error-game-tournament-unpairable = Round { $round } cannot be paired without two players meeting again.

## Presets

error-preset-not-found = There is no such preset.
error-preset-read-only = Built-in presets are read-only. Fork this one to make a preset of your own.
error-preset-fields = Some fields need attention.
error-preset-owner-only = Only the owner of a preset can change it. Fork it to make your own.
error-preset-name-crowded = Too many presets with this name; choose another name.
error-preset-too-many-made = You have made { $count } presets in the last hour; please wait before making another.
error-preset-saved-since = This preset was saved again since you opened the form (it is now at version { $version }). Reload the form and make your changes again.
error-preset-saved-meanwhile = This preset was saved again meanwhile. Reload the form and try again.
error-preset-delete-used = “{ $name }” cannot be deleted: { $count ->
        [one] { $count } game uses
       *[other] { $count } games use
    } it. Retire it instead: it leaves the index and starts no new games, and its games go on.
error-preset-delete-challenged = “{ $name }” cannot be deleted while an open challenge uses it. Withdraw the challenge first, or retire the preset.
error-preset-delete-unconfirmed = To delete the preset, tick “Yes, delete it” and press Delete again.
error-preset-retired = The preset “{ $name }” is retired: it starts no new games.
error-preset-one-setup-only = This preset has one start position only.
error-preset-no-such-setup = This preset has no start position named “{ $name }”.

## Presets: the edit form's fields

error-preset-name-empty = Give the preset a name.
error-preset-name-long = A preset name has at most { $max } characters.
error-preset-name-control = The name contains control characters.
error-preset-name-taken = You already have a preset named “{ $name }”. Choose another name.
error-preset-visibility = Choose public or unlisted.
error-preset-setup-long = The setup is too long (at most { $max } characters).
# $why: the engine's reason, in English.
error-preset-setup-invalid = Invalid setup: { $why }.
error-preset-setup-no-move = Invalid setup: the side to move has no legal move, so the game would be over before it starts.
# $problem: one of the errors here about one start position.
error-preset-setups-position = Start position “{ $name }”: { $problem }
error-setups-line = Start positions, line { $line }: { $problem ->
        [format] write “name: FEN”.
        [name-length] a name has 1 to { $max } characters.
        [reserved] “{ $name }” is kept for the challenge form's random choice.
        [no-fen] “{ $name }” has no FEN.
        [twice] two setups are named “{ $name }”.
       *[two-defaults] only one line may be marked * (the default).
    }
error-setups-too-many = A preset lists at most { $max } start positions.
error-setups-just-one = List two start positions or more, or leave the list empty and use the setup field.
# $which: light or dark.
error-preset-colour = The { $which ->
        [light] light
       *[dark] dark
    } square colour must be written #rrggbb (for example #eedcb4).
error-preset-letters-pair = Write piece letters as LETTER=SHOWN pairs, such as G=E; “{ $item }” is not one.
error-preset-letters-unknown = “{ $letter }” is not a piece letter of { $variant }.
error-preset-letters-shown = The letter shown for { $letter } must be 1 to { $max } letters, digits or +.
error-preset-letters-twice = { $letter } is given twice.
error-preset-definition-long = The definition is too long (at most { $max } characters).
# $problems: the engine's problems (line and key, in English), one per line.
error-preset-definition-problems = { $count ->
        [one] The variant definition has { $count } problem:
       *[other] The variant definition has { $count } problems:
    }
    { $problems }
error-preset-move-count = The move-count limit is a number of plies from { $min } to { $max }, or empty for none.
error-preset-description-long = The description has at most { $max } characters.
error-preset-description-control = The description contains control characters.
error-preset-note = The change note is one line of at most { $max } characters.

## Logs: imported PGN files
# Most of these follow "not imported:" on the import page, hence the small letter.

error-log-not-found = There is no such game.
error-log-upload-limit = You have uploaded { $max } files in the last 24 hours, the most one player may; please try again tomorrow.
error-log-upload-games = an upload imports at most { $max } games; upload the rest as another file
error-log-upload-plies = an upload imports at most { $max } moves (plies) in all; upload the rest as another file
# $reason: the PGN reader's reason, in English.
error-log-pgn-line = line { $line }: { $reason }
error-log-tag-too-long = the { $tag } tag is longer than { $max } characters
error-log-game-too-long = { $count } moves (plies); a game of an upload may have at most { $max }
error-log-no-variant = the game has no Variant tag
error-log-unknown-variant = unknown variant “{ $variant }” and no preset of this server matches its Preset tag
error-log-time-control = TimeControl “{ $tag }” is neither days per move (1/<seconds>) nor a reserve and increment (<seconds>+<seconds>)
# $reason: the rules engine's reason, in English.
error-log-bad-fen = the FEN tag is not a position of this variant: { $reason }
error-log-duplicate = this game is already in the logs, as game { $game }
# $number: the move number (12. or 12...); $move: the move as written; $reason: the rules
# engine's reason, in English.
error-log-bad-move = move { $number } { $move }: { $reason }
error-log-result-tag = the Result tag ({ $tag }) and the result after the moves ({ $result }) differ
# $ending: 1-0, 0-1 or 1/2-1/2; $reason: checkmate, stalemate, repetition, move_count or
# bare_king.
error-log-result-moves = the moves end the game ({ $ending } by { $reason }) but the result says { $result }
error-log-bad-result = `{ $result }` is not a GameResult
error-log-termination = Termination “{ $termination }” does not fit the final position

## Administration

error-admin-not-admin = Only admins can do that.
error-admin-no-such-player = There is no such player.
# $reason: an account error, not translated yet.
error-admin-account = { $reason }
error-admin-no-player = There is no player “{ $name }”.
error-admin-reason-missing = Give a reason; the player is shown it.
error-admin-reason-too-long = The reason is too long (at most { $max } characters).
error-admin-suspend-self = You cannot suspend yourself.
error-admin-builtin-preset = Built-in presets cannot be changed here.
error-admin-report-settled = That report was settled already.
error-admin-verdict = Result: choose 1-0, 0-1, 1/2-1/2 or abort.
error-admin-mail-not-waiting = That mail is not waiting for a retry.

## Analysis
# The API's field names (movetime_ms, fen, moves) start most of these.

error-analysis-no-preset = no such preset
# $reason: the rules engine's reason, in English.
error-analysis-fen = FEN: { $reason }
error-analysis-movetime = movetime_ms: { $value } is not between 1 and { $max }
error-analysis-too-many-moves = moves: { $count } moves; at most { $max }
error-analysis-api-fen = fen: { $reason }
# $index: the move's place in the list, from 0.
error-analysis-api-move = moves[{ $index }] ({ $move }): { $reason }

## Privacy

# $reason: an account error, not translated yet.
error-privacy-account = { $reason }
error-privacy-confirm-username = Type your username to confirm that the account is to be deleted.

## Accounts

error-account-username-taken = That username is taken.
error-account-email-taken = An account with that email address already exists.
error-account-credentials = Wrong username or password.
# $reason: the admin's reason, as they wrote it.
error-account-suspended = This account is suspended: { $reason }
error-account-rate-limited = Too many failed attempts. Please wait { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } and try again. If this is your account, a password reset by mail (on the log-in page) lets you in at once.
error-account-wrong-password = Your current password is not correct.
error-account-reset-link = This password-reset link is invalid, has expired or was already used. Please ask for a new one.
error-account-unsubscribe-link = This link is not valid.
error-account-verify-link = This confirmation link is invalid, has expired or was already used. Ask for a new one in your settings.
error-account-not-found = No such account.
error-account-username-length = A username has { $min } to { $max } characters.
error-account-username-chars = A username may only contain letters, digits, _ and -.
error-account-username-reserved = That username is reserved; please choose another.
error-account-email-empty = Please enter an email address.
error-account-email-invalid = That does not look like an email address.
error-account-password-short = A password has at least { $min } characters.
error-account-password-long = A password has at most { $max } characters.
error-account-time-zone = Unknown time zone “{ $zone }”.
error-account-language = Unknown language: { $tag }
error-account-already-bot = This account is already a bot.
error-account-bot-played = Only an account that has never played a game can become a bot.
error-account-on-vacation = You are already on vacation.
error-account-not-on-vacation = You are not on vacation.
error-account-vacation-used = You have used all { $days } days of vacation for { $year }.
error-account-verify-mails = At most { $max } confirmation mails a day; please use the last one, or try again tomorrow.
error-account-block-self = You cannot block yourself.
error-account-token-scope = Unknown scope “{ $scope }”: the scopes are read and play.
error-account-token-no-scope = Choose at least one scope (read, play).
error-account-token-name-empty = Give the token a name.
error-account-token-name-long = A token name is at most { $max } characters, without control characters.
error-account-token-too-many = You have { $count } tokens already; revoke one before making another.

## Why a move is illegal: the rules' reasons (inside error-game-illegal). $piece, $found,
## $given, $target: piece names; $square, $from, $to: squares.

move-syntax = syntax error at character { $at }: expected { $english }
move-unknown-piece = unknown piece letter '{ $letter }'
move-wrong-piece = the piece on { $square } is a { $found }, not a { $given }
move-ambiguous = ambiguous: choose promotion { $choices }
# $pieces: "Knights on b1 and f3" (English); $choices: "Nbd2 or Nfd2".
move-ambiguous-san = { $text }: the { $pieces } can { $count ->
        [2] both
       *[other] all
    } go there; write { $choices }
move-no-such-move = { $text }: no legal move is written that way
move-off-board = { $square } is not on the board
move-no-piece = there is no piece on { $square }
move-not-yours = the piece on { $square } is not yours
move-own-piece = you cannot capture your own piece on { $square }
move-cannot-reach = a { $piece } cannot move from { $from } to { $to }
move-blocked = the way of the { $piece } from { $from } to { $to } is blocked
move-hop-one-screen = a { $piece } captures only over exactly one piece
move-capture-only = a { $piece } goes to { $to } only to capture
move-move-only = a { $piece } cannot capture on { $to } that way
move-king-in-check = that move leaves your King in check
move-jump-through-check = the King's jump passes over an attacked square
move-jump-in-check = the King cannot jump while in check
move-jump-never-captures = the King's jump never captures
move-no-jump-right = the King has already lost its jump
move-castling-blocked = castling needs every square between King and Rook empty, and { $square } is not
move-castling-in-check = you cannot castle out of check
move-castling-through-check = the King cannot castle over the attacked square { $square }
move-no-castling-right = the right to castle on that side is lost
move-must-promote = the { $piece } must promote on the last rank
move-bad-promotion = the { $piece } cannot promote to { $target } on this move
move-does-not-promote = this move does not promote
move-game-over = the game is over

## Why a FEN is not a position of the variant (inside error-preset-setup-invalid and
## error-log-bad-fen). $side: white or black; $at: a character's place in the FEN (from 1);
## $royal, $piece: piece names; $square: a square.

fen-empty = the FEN is empty
fen-rank-count = the FEN has { $found } ranks, the board has { $expected }
fen-rank-width = rank { $rank } of the FEN has { $found } squares, the board has { $expected }
fen-unknown-piece = unknown piece letter '{ $letter }' at character { $at }
# $expected: one of the fen-expected-* messages.
fen-unexpected = unexpected '{ $found }' at character { $at }: { $expected }
fen-expected-letter-after-plus = '+' must be followed by a piece letter
fen-expected-piece-digit-or-slash = a piece letter, a digit or '/'
fen-expected-empty-count = an empty-square count is 1 to 16
fen-expected-closing-bracket = '[' must be closed by ']'
fen-expected-no-target = a [target] follows only a piece that promotes by its start file
fen-side = the side to move must be 'w' or 'b', not '{ $text }'
# $allowed: one of the fen-rights-* messages.
fen-right = unknown special right '{ $found }' at character { $at } (this variant allows { $allowed })
fen-rights-king-jump = K and k (King's jump) or -
fen-rights-castling = K Q k q (castling) or -
fen-rights-none = only -
# $problem: one of the fen-ep-* messages.
fen-en-passant = bad e.p. field '{ $field }': { $problem }
fen-ep-no-square-at = no square at character { $at }
fen-ep-too-many = at most { $max } squares
fen-ep-no-square = no square
fen-ep-off-board = { $square } is off the board
fen-ep-not-empty = { $square } is not empty
fen-ep-not-on-one-file = the squares must follow each other on one file
fen-ep-no-victim = no { $side ->
    [white] White
   *[black] Black
} piece stands just beyond { $square }
fen-halfmove = the half-move clock '{ $text }' is not a number
fen-fullmove = the move number '{ $text }' is not a positive number
fen-trailing = unexpected text '{ $text }' after the move number
fen-too-many-kings = { $side ->
    [white] White
   *[black] Black
} has more than one royal piece
fen-opponent-in-check = the side not to move ({ $side ->
    [white] White
   *[black] Black
}) is in check
# Why a position that reads cannot start a game.
fen-no-royal = { $side ->
    [white] White
   *[black] Black
} has no { $royal }, and the variant gives each side one
fen-must-promote = the { $side ->
    [white] White
   *[black] Black
} { $piece } on { $square } stands where it must promote

## The problems of a typed variant definition (inside error-preset-definition-problems).
## $key, $section, $piece, $letter, $name, $image, $rook: as the definition writes them;
## $error and $text: what the Betza, move-text or TOML reader said (English), or a fen-*
## message; $side: white or black.

definition-at-line = line { $line }: { $problem }
definition-toml = { $text }
definition-missing = missing '{ $key }'
definition-not-string = '{ $key }' must be a string
definition-not-bool = '{ $key }' must be true or false
definition-not-number = '{ $key }' must be a number
definition-out-of-range = '{ $key }' must be a whole number from { $min } to { $max }
definition-not-string-list = '{ $key }' must be a list of strings
definition-unknown-key = unknown key '{ $key }' in { $section }
definition-bad-name = 'name' must be a lower-case identifier (letters, digits, '-')
definition-bad-symmetry = 'symmetry' must be "mirror" or "rotate"
definition-several-royals = at most one piece kind may be royal
definition-jump-needs-royal = the King's jump needs a royal piece
definition-setup-name-length = a setup's 'name' must have 1 to 40 characters
definition-setup-named-twice = two setups are named '{ $name }'
definition-no-pieces = the variant declares no [[piece]]
definition-too-many-kinds = at most { $max } piece kinds are supported
definition-promotes-to-unknown = piece '{ $piece }' promotes to '{ $letter }', which is no piece letter
definition-bad-image = image '{ $image }' must be a lower-case identifier like "dragon-king"
definition-bad-letter = letter '{ $letter }' must be one upper-case letter, or '+' and one (a promoted piece)
definition-letter-twice = letter '{ $letter }' is used twice ({ $first } and { $second })
definition-no-moves = piece '{ $piece }' has no 'moves' or 'betza'
definition-moves-and-betza = piece '{ $piece }' gives both 'moves' and 'betza'; keep one
definition-betza = piece '{ $piece }': { $error }
definition-move-text = piece '{ $piece }', move "{ $text }": { $error }
definition-betza-and-xbetza = piece '{ $piece }' gives both 'betza' and 'xbetza'; 'betza' is shown already, keep only it
definition-xbetza = piece '{ $piece }', 'xbetza': { $error }
definition-note-too-long = piece '{ $piece }': 'xbetza_note' is longer than { $max } characters
definition-by-start-file-count = 'by_start_file' lists { $count } pieces, the board has { $width } files
definition-by-start-file-unknown = 'by_start_file' names '{ $letter }', which is no piece letter
definition-by-start-file-missing = a piece promotes by its start file, so [promotion] needs 'by_start_file' with one piece per file
definition-limits-not-table = 'limits' must be a table of piece letters and counts, {"{"} Q = 1, R = 2 {"}"}
definition-limits-unknown = 'limits' names '{ $letter }', which is no piece letter
definition-limit-out-of-range = the limit of '{ $letter }' must be a whole number from 0 to 64
definition-bad-move-count-limit = 'move_count_limit' must be a whole number of plies (0 = off)
definition-bad-stalemate = 'stalemate' must be "draw", "loss" or "win" (for the side stalemated)
definition-bare-king-needs-royal = 'bare_king' needs a royal piece
definition-castling-and-jump = a variant cannot have both castling and the King's jump (both use the rights letters K and Q)
definition-castling-needs-royal = castling needs a royal piece
definition-castling-rook-unknown = castling rook '{ $rook }' is no piece letter
definition-internal = internal: variant still shared
definition-setup-fen = setup '{ $name }': { $error }
definition-start-fen-not-listed = start_fen (the default setup) must be one of the [[setup]] list
definition-start-fen = start_fen: { $error }
definition-castling-no-king = castling: { $side ->
    [white] White
   *[black] Black
} has no King in the setup
# $wing: last-file or a-file.
definition-castling-no-rook = castling: { $side ->
    [white] White
   *[black] Black
} needs a Rook on the King's rank farther than { $distance } squares on the { $wing ->
    [a-file] a-file
   *[last-file] last file
} side
definition-castling-rook-landing = castling: { $side ->
    [white] White
   *[black] Black
}'s Rook on { $square } would not land between the King's start and its own square
