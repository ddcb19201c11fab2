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
