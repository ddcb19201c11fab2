### Mails. Line breaks inside a message are kept: mails are plain text wrapped at about
### 90 characters.

## Shared parts

mail-subject-game = [plypost] Game #{ $id } { $variant }: { $white } vs { $black } — { $what }
mail-header = Game #{ $id }, { $variant }: { $white } (White) vs { $black } (Black)
mail-what-your-move = your move
mail-what-your-move-draw = your move (draw offered)
mail-what-started = game started
mail-what-draw-declined = draw declined
mail-what-conditional = conditional move played
mail-what-over = game over, { $result }
mail-what-reminder = reminder: { $left } left
mail-what-chat = { $author } wrote
mail-the-game = The game: { $link }
mail-your-move = It is your move.
mail-move-by = Please move by { $due }.
mail-footer-reply = To move, reply to this mail with your move on the first line (or `resign`, `accept draw`, or a move followed by `draw?`).
mail-footer =
    plypost. You get these mails because you play on plypost.
    Change your mail settings: { $settings }
mail-board-alt = The board of game { $game } { $when }
mail-board-alt-start = The start position
mail-at-start = at the start
mail-after-white = after White's move { $number }
mail-after-black = after Black's move { $number }
mail-colour = { $colour ->
    [white] White
    [black] Black
   *[random] random
}
mail-hello = Hello { $username },
mail-once-a-day = You get this note at most once a day.

## A move, and the game going on

mail-played = { $mover } played { $move }
mail-played-conditional = (one of { $mover }'s conditional moves, played at once in reply)
mail-conditionals-dropped =
    None of your conditional moves expected it, so they have been deleted; you may enter new
    ones after your move.
mail-comment = Comment: { $comment }
mail-draw-offered = { $mover } offers a draw. Accept it on the game page, or decline it by moving.
mail-draw-declined = { $decliner } declined your draw offer. The game goes on.
mail-conditional-played =
    { $opponent } played { $their }, which your conditional moves expected,
    so your answer { $yours } was played for you.
    It is { $opponent }'s move now.
mail-reminder =
    It is your move, and your time is running out: { $left } left.
    Please move by { $deadline }, or you lose the game on time.
mail-chat-wrote = { $author } wrote:
mail-chat-answer = Answer on the game page: { $link }

## Start

mail-game-started = The game has started. You play { $colour ->
    [white] White
   *[black] Black
}.
mail-subject-invitation = [plypost] Challenge #{ $id }: { $author } invites you to { $variant }
mail-invitation = { $author } invites you to a game of { $variant } ({ $control }; { $author } plays { $colour ->
    [white] white
    [black] black
   *[random] random
}).
mail-invitation-message = Their message: { $message }
mail-invitation-answer = Accept or decline it here: { $link }
mail-setup-random = The start position is drawn at random when the game starts; the default is:
mail-setup-named = The start position ({ $name }):
mail-setup = The start position:
mail-subject-declined = [plypost] Challenge #{ $id }: { $by } declined
mail-challenge-declined = { $by } declined your challenge #{ $id } to a game of { $variant } ({ $control }).
mail-challenge-declined-next = Challenge someone else, or post an open challenge: { $link }

## The end

mail-game-over = The game is over: { $result }.
mail-ended-played = { $mover } played { $move }.
mail-ended-conditional-mine = Your conditional move { $move } was played for you, at once in reply.
mail-ended-conditional = { $mover } played { $move }, one of their conditional moves, at once in reply.
mail-ended-resigned = { $you ->
    [yes] You resigned.
   *[no] { $by } resigned.
}
mail-ended-agreed = { $you ->
    [yes] You accepted the draw offer.
   *[no] { $by } accepted the draw offer.
}
mail-ended-time = { $you ->
    [yes] You ran out of time ({ $at }).
   *[no] { $by } ran out of time ({ $at }).
}
mail-ended-time-draw = { $you ->
    [yes] It is a draw because you could never checkmate.
   *[no] It is a draw because { $by } could never checkmate.
}
mail-ended-abandoned = { $you ->
    [yes] You closed this untimed game as abandoned: no move was played for { $days } days.
   *[no] { $by } closed this untimed game as abandoned: no move was played for { $days } days.
}
mail-ended-withdrawal = { $you ->
    [yes] You withdrew from the tournament.
   *[no] { $by } withdrew from the tournament.
}
mail-ended-adjudication = An administrator decided the result.
mail-ended-aborted = { $you ->
    [yes] You aborted the game before both sides had moved: it has no result and is not rated.
   *[no] { $by } aborted the game before both sides had moved: it has no result and is not rated.
}
mail-ended-aborted-admin = An administrator aborted the game: it has no result and is not rated.
mail-ended-account-deleted = { $by } deleted their account.

## Tournaments

mail-subject-tournament-started = [plypost] Tournament “{ $name }” — started
mail-subject-tournament-finished = [plypost] Tournament “{ $name }” — final table
mail-tournament-nobody = nobody
mail-tournament-withdrew = (withdrew)
mail-tournament-started = The tournament “{ $name }” has started.
mail-tournament-your-games = Your games:
mail-tournament-game = Game #{ $id } (round { $round }): you play { $colour ->
    [white] White
   *[black] Black
} against { $opponent }:
mail-tournament-finished = The tournament “{ $name }” is over. The winner is { $winner }.
mail-tournament-final-table = Final table:
mail-tournament-crosstable = The crosstable: { $link }

## Accounts

mail-subject-reset = Reset your plypost password
mail-reset-request =
    someone (hopefully you) asked to reset the password of your plypost account.
    To choose a new password, open this link within { $minutes } minutes:
mail-reset-button = Choose a new password
mail-reset-copy = Or copy this address: { $link }
mail-reset-once =
    The link works once. If you did not ask for this, ignore this mail: your
    password stays as it is.
mail-subject-verify = Confirm your address for plypost
mail-verify =
    please confirm that { $email } is your address for plypost. Until you do, no game mail goes to it and moves
    sent from it are not played.
mail-verify-change =
    please confirm that { $email } is your address for plypost (it is to
    replace { $old }). Until you do, no game mail goes to it and moves
    sent from it are not played.
mail-verify-open = Open this link within { $hours } hours and press "Confirm":
mail-verify-ignore = If you did not ask for this, ignore this mail: nothing changes.

## Replies by mail

mail-answer-footer = plypost. This answers the mail you sent.
mail-foreign-reply =
    A reply to a mail about game #{ $game } came from { $from }, which is not the address of
    your plypost account, so nothing was played and its sender got no answer.
mail-foreign-reply-move = If it was you, reply from { $address }, or move on the game page: { $link }
mail-foreign-reply-revoke =
    If it was not you, someone has one of your reply addresses: you can revoke them all in your
    settings ({ $settings }).
mail-you = You

## Takebacks

mail-what-takeback-asked = takeback asked
mail-what-takeback-accepted = takeback accepted
mail-what-takeback-declined = takeback declined
mail-takeback-asked = { $name } asks to take back their last move. Accept or decline on the game page.
mail-takeback-accepted = { $name } accepted your takeback: your last move is taken back and it is your move again.
mail-takeback-declined = { $name } declined your takeback request. The game goes on.

## Answers to replies by mail

mail-subject-foreign-reply = [plypost] Game #{ $game }: a reply from another address
mail-what-played = played
mail-what-not-played = not played
mail-answer-their-move = It is { $name }'s move.
mail-answer-resigned = You resigned the game.
mail-answer-accepted-draw = You accepted the draw.
mail-answer-not-played = Not played: { $error }
mail-answer-played = Your move { $move } was played{ $offer ->
    [yes] , with a draw offer
   *[no] {""}
}.
mail-answer-played-reply = Your move { $move } was played{ $offer ->
    [yes] , with a draw offer
   *[no] {""}
}; your opponent's conditional move { $reply } was played in reply.
mail-answer-taken-back = A move was taken back since the mail you answered, so the position it showed is gone and `{ $move }` was not played. Here is the game as it is now.
mail-answer-moved-on = The game has moved on since the mail you answered (it was written { $then }; the game is now { $now }), so `{ $move }` was not played. Here is the game as it is now.
mail-answer-first-line = Nothing was played: the first line of your reply must be your move alone, for example `{ $example }` (a legal move here), or `resign`, or `accept draw`; add `draw?` after a move to offer a draw. Anything after the first line is kept as a comment. Your first line was: “{ $quoted }”.

## The board as text

mail-board-last-move = Last move: { $from } (marked *) to { $to }.
mail-board-key = Key: { $pieces }; White upper case, Black lower case.
