### The games lobby (challenges) and a player's notes on a game.

## The lobby

games-title = Games
games-new-challenge = New challenge
games-log-in = Log in
games-or = or
games-create-account = create an account
games-to-challenge = to post or accept a challenge.
games-invitations = Invitations to you
games-invites-you = invites you to { $variant }
games-accept = Accept
games-decline = Decline
games-your-challenges = Your challenges
games-challenge-to = to { $name }
games-open-to-anyone = open to anyone
games-cancel = Cancel
games-declined-lately = Declined lately
games-declined-by = { $name } declined your challenge to { $variant }
games-declined-by-opponent = Your opponent declined your challenge to { $variant }
games-open-challenges = Open challenges
games-no-open-challenges = No open challenges right now. Post one!
games-older-challenges = Older challenges

## Notes

games-notes-title = Your notes on game #{ $id }
games-notes-private = Private: only you see these notes, during the game and after it.
games-notes-saved = Last saved { $at }.
games-notes = Notes
games-notes-limit = { $count ->
    [one] At most { $count } character. Save an empty text to delete them.
   *[other] At most { $count } characters. Save an empty text to delete them.
}
games-notes-save = Save notes
games-back-to-game = Back to the game

## The clock

clock-time-control = Time control: { $control }
clock-no-vacation = no vacation (clocks never stop)
clock-stopped = Clock stopped (vacation):
clock-left-for = left for { $name }
clock-move-by = move by { $deadline }
clock-other-reserve = The other player's reserve: { $reserve }
clock-on-vacation = { $name } is on vacation until { $until } at the latest

## Analysis boards

analysis-to-move = { $side ->
    [white] White
   *[black] Black
} to move
analysis-move = Move
analysis-example = e.g. { $move }
analysis-move-hint = Any notation, or click a piece on the board.
analysis-back = Back
analysis-start = Start
analysis-forward = Forward
analysis-engine = Engine
analysis-evaluation = Evaluation
analysis-best-line = Best line
analysis-search = Search
analysis-best-marked = The best move is marked on the board.
analysis-evaluate = Evaluate this position
analysis-line = Line
analysis-depth = depth { $depth }, { $nodes } positions
analysis-board = Analysis board
analysis-free-intro = Any preset, any position: move the pieces of both sides; every move is checked by the rules. Nothing is stored: the address holds the board.
analysis-play = Play
analysis-log-in = Log in to ask the engine.
analysis-no-moves = No moves yet.
analysis-shown = Position shown:
analysis-set-up = Set up
analysis-preset = Preset
analysis-preset-hint = A preset's name in its address, e.g.
analysis-fen-hint = Empty: the preset's setup.
analysis-set-up-board = Set up the board
analysis-game-title = Analysis · game #{ $id }
analysis-of-game = Analysis of game #{ $id }
analysis-game-intro = Move the pieces of both sides from the game's position; every move is checked by the rules. Nothing is stored unless you save the line as conditional moves.
analysis-return = Return to the game
analysis-play-in = Play in analysis
analysis-no-moves-game = No moves yet: this is the game's position.
analysis-add-conditional = { $count ->
    [one] Add this move to my conditional moves
   *[other] Add these { $count } moves to my conditional moves
}
analysis-your-conditionals = Your conditional moves

## Conditional moves

conditional-title = Your conditional moves · game #{ $id }
conditional-heading = Your conditional moves in game #{ $id }
conditional-intro = Private: only you see them. When your opponent plays the first move of a line, your answer is played at once; a move no line expects deletes them all (you are mailed either way).
conditional-none = You have no conditional moves in this game.
conditional-delete = Delete them
conditional-lines = Lines, one per row: your opponent's move, your answer, their next move, your answer…
conditional-any-notation = Any notation
conditional-saving = Saving replaces all your lines; saving an empty box deletes them.
conditional-save = Save conditional moves
conditional-saved = Your conditional moves are saved.
conditional-deleted = Your conditional moves are deleted.

## A new challenge

challenge-preset = Preset
challenge-by-default = { $control } by default
challenge-preset-hint = A variant with its setup and rules; each variant's built-in preset comes first.
challenge-browse = Browse the presets.
challenge-days-default = Leave the days per move empty to use the preset's default.
challenge-start-position = Start position
challenge-setup-default = The preset's default
challenge-setup-random = Random: drawn when the game starts
challenge-setup-hint = For presets with several start positions (Metamachy, Zanzibar-S); a position of another preset than the one chosen counts as the default. The game page shows the one played.
challenge-colour = Your colour
challenge-random = Random
challenge-white = White
challenge-black = Black
challenge-time-control = Time control
challenge-days-per-move = Days per move
challenge-fischer = Reserve + increment (Fischer)
challenge-reserve = Starting reserve (days)
challenge-increment = Increment per move (hours)
challenge-cap = Cap on the reserve (days, optional)
challenge-untimed = Untimed (named opponent only)
challenge-untimed-hint = An untimed game with no move for 60 days can be closed by either player as abandoned.
challenge-no-vacation = No vacation: clocks never stop (tournament style)
challenge-rating = Rating
challenge-rated = Rated
challenge-casual = Casual
challenge-rating-hint = A rated game counts for both players' rating in its variant. Games of a preset with its own rules or setup are always casual.
challenge-rating-min = Open challenge: lowest rating (optional)
challenge-rating-max = Open challenge: highest rating (optional)
challenge-against = Play against
challenge-person = A person: the one named below, or anyone
challenge-computer = The computer: the game starts at once, always casual
challenge-level = The computer's level
challenge-weakest = weakest
challenge-strongest = strongest
challenge-opponent = Opponent (username)
challenge-opponent-hint = Leave empty for an open challenge anyone can accept.
challenge-message = Message (optional)
challenge-post = Post challenge

## The game page

game-title = Game #{ $id }
game-feed-title = Moves of game #{ $id }
game-white = White
# The computer's side of a game against it.
game-computer-name = Computer (level { $level })
game-vs = vs
game-black = Black
game-rated = rated
game-casual = casual
game-computer-thinking = The computer is thinking; its move appears here by itself (or reload the page).
game-engines-busy = Every engine is busy; please try again in a few seconds.
game-boards-busy = Busy drawing boards; try again in a few seconds.
game-provisional-promotion = Provisional promotion: { $text }
game-flip = Flip board
game-your-move-hint = Your move: tap or click a piece, or type the move.
game-position-in-words = The position in words
game-keyboard = Keyboard: focus the board (Tab), move with the arrow keys, Enter picks a piece and drops it, Escape cancels.
game-your-move = Your move
game-draw-offered-long = Your opponent offers a draw. Accept or decline it below, or decline by moving.
game-notation = Standard or long algebraic:
game-or-click = Or click a piece on the board.
game-comment = Comment (optional)
game-offer-draw = Offer a draw with this move
game-play-move = Play move
game-waiting-for = Waiting for { $name }.
game-you-offered = You offered a draw.
game-preset = Preset
game-start-position = Start position
game-draw-offered = Your opponent offers a draw.
game-accept-draw = Accept the draw
game-decline-draw = Decline the draw
game-takeback-asked = Your opponent asks to take back their last move.
game-allow-takeback = Allow the takeback
game-takeback-waiting = You asked to take back your last move; your opponent has not answered yet.
game-ask-takeback = Ask to take back my last move
game-takeback-hint = Casual games only; your opponent decides.
game-resign = Resign
game-resign-confirm = Yes, I resign this game
game-notes-link = Your private notes on this game
game-chat = Chat
game-no-messages = No messages yet.
game-reported = Reported to the operators.
game-report = Report
game-message-to = Message to your opponent
game-send = Send
game-abandon-hint = No move for 60 days: either player may close this untimed game, with no winner.
game-abandon = Close as abandoned
game-moves-label = Moves, newest last
game-conditional-moves = Conditional moves
game-log-link = Log and replay
game-atom-feed = Atom feed
game-pieces-of = Pieces of { $variant }
game-native = native movement:
game-move-diagrams = Move diagrams
game-diagrams-link = The diagrams of every piece, on the preset page
game-preset-moved-on = the preset is at version { $current } now; this game keeps version { $version }

## The board script's words ({ $piece } and the like are filled in by the script)

board-js-legal-one = { $piece }: 1 legal move, to { $squares }
board-js-legal-many = { $piece }: { $count } legal moves, to { $squares }
board-js-pick = . Pick a destination.
board-js-located = { $piece } on { $square }
board-js-no-legal = { $piece }: no legal move now
board-js-reach = { $piece }: on its turn it could go to { $squares }
board-js-no-reach = { $piece }: on its turn it could not move
board-js-confirm = Confirm move { $move }
board-js-cancel = Cancel
board-js-preview = Preview of { $move }. Confirm or cancel.
board-js-promote-to = Promote to:
board-js-no-promotion = no promotion
board-js-choose-promotion = Choose the promotion.
board-js-empty-square = { $square }: empty
board-js-cancelled = Cancelled.
board-js-destination-enter = , a destination: Enter moves here
board-js-destination = , a destination
board-js-label-black = Board, Black at the bottom. Arrow keys move between squares, Enter picks a piece and drops it, Escape cancels.
board-js-label-white = Board, White at the bottom. Arrow keys move between squares, Enter picks a piece and drops it, Escape cancels.
board-js-flipped-black = Black is at the bottom now.
board-js-flipped-white = White is at the bottom now.
game-name-white = { $name } (White)
game-name-black = { $name } (Black)

## The game page: its status, last move and notices

# $player: a player and their side, "alice (White)" (game-name-white, game-name-black).
games-status-to-move = In progress — { $player } to move
games-status-in-check = In progress — { $player } to move, in check
# $result: result-with-reason and the like.
games-status-finished = Finished: { $result }
# $when: the date and time the time ran out.
games-status-finished-time = Finished: { $result } (time ran out { $when })
# $number: the move number; $dots: "." after White's move, "…" after Black's; $move: the move
# in notation; $player: "bob (Black)"; $when: date and time.
games-last-move = Last move: { $number }{ $dots } { $move } by { $player }, { $when }
games-draw-declined = { $name } declined your draw offer; the game goes on.
games-done-move = Your move was played.
games-done-resigned = You resigned.
games-done-draw = The game is drawn by agreement.
games-done-draw-declined = You declined the draw offer; the game goes on.
games-done-takeback-asked = You asked to take back your last move.
games-done-takeback-accepted = The move was taken back.
games-done-takeback-declined = You declined the takeback; the game goes on.
games-done-started = The game has started.
games-done-chat = Your message was sent.
games-done-reported = The message was reported to the operators.
games-done-abandoned = The game was closed as abandoned.
games-move-form-incomplete = The move form was incomplete; reload the game and try again.
games-notes-saved-notice = Your notes are saved.
# Before one side's pieces in the position in words; $side: game-white or game-black.
games-side-pieces = { $side }:
# The position in words (for screen readers): a kind of piece with its squares, and what
# separates two kinds.
board-text-kind = { $count ->
        [one] { $piece } { $squares }
       *[other] { $piece } ×{ $count } { $squares }
    }
board-text-separator = {"; "}
# A piece's tooltip on the board; $piece: its name; $letter: its letter.
games-piece-title = { $side ->
    [white] White
   *[black] Black
} { $piece } ({ $letter })
# $target: the piece it promotes to.
games-piece-title-promotes = { $side ->
    [white] White
   *[black] Black
} { $piece } ({ $letter }, promotes to { $target })
games-diagrams-failed = The diagrams could not be drawn.
# $square: what was asked for as a square.
games-not-a-square = “{ $square }” is not a square.

## The lobby's challenges

games-challenge-posted = Your challenge is posted.
games-challenge-declined = You declined the challenge.
games-challenge-withdrawn = Your challenge was withdrawn.
games-plays-white = { $name } plays White
games-plays-black = { $name } plays Black
games-colours-random = colours drawn at random
# Where a game stands in a list (the logs). $outcome: white, black, draw, none.
games-list-in-progress = In progress
games-list-outcome = { $outcome ->
    [white] White won
    [black] Black won
    [draw] Draw
   *[none] No result
}
# $reason: end-reason.
games-list-outcome-reason = { $outcome } ({ $reason })
# $low, $high: the bounds of an open challenge's rating range.
games-rating-range = for players rated { $low } to { $high }
games-rating-at-least = for players rated { $low } or more
games-rating-at-most = for players rated up to { $high }
# $control: the time control; $rating: game-rated or game-casual.
games-terms = { $control }, { $rating }
games-terms-no-vacation = { $control }, no vacation, { $rating }

## The challenge form's errors

games-error-level = Level: the computer plays at a level from 1 to 8.
games-error-colour = Colour: choose White, Black or random.
games-error-rating-min = The lowest rating is a whole number, or empty for no bound.
games-error-rating-max = The highest rating is a whole number, or empty for no bound.
# A start position in the list; $name: its name.
games-setup-default = { $name } (default)
# A built-in preset in the list; $variant: its variant.
games-preset-builtin = { $variant } — built-in

## The engine's verdict on an analysis board

analysis-white-mates = White mates in { $moves }
analysis-black-mates = Black mates in { $moves }
# $score: the evaluation from White's side in Pawns, "+0.35".
analysis-score = { $score } ({ $verdict ->
    [white] White is better
    [black] Black is better
   *[equal] about equal
})
analysis-too-many = At most { $count } analyses a minute; please wait.

## Feeds and the deadline calendar (read in feed readers and calendar apps)

feeds-calendar-invalid = This calendar link is not valid (a newer one may have replaced it). Copy the current link from your settings.
feeds-calendar-name = plypost: { $name }'s deadlines
feeds-calendar-description = The games where it is your move, each ending at its deadline.
feeds-calendar-summary = Your move: game #{ $id } against { $opponent }
feeds-calendar-event = { $variant } — move { $number } of game #{ $id } against { $opponent }. Play at { $url }
feeds-game-title = plypost game #{ $id }: { $white } vs { $black } ({ $variant })
# $result: "1-0, checkmate" (result-with-reason).
feeds-game-over = Game over: { $result }
feeds-game-over-summary = { $white } vs { $black }: { $result }
feeds-move-summary = { $player } played { $number } { $san } ({ $move }).
feeds-move-comment = “{ $comment }”
feeds-player-title = plypost: { $name }'s games
feeds-player-finished = Game #{ $id } finished: { $white } vs { $black }, { $result }
feeds-player-finished-summary = { $variant }: { $result } after { $plies } plies.
feeds-player-started = Game #{ $id } started: { $white } vs { $black }
feeds-player-started-summary = { $variant }: { $white } (White) vs { $black } (Black).
