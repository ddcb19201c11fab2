### The home page: a player's games and invitations, or the welcome for visitors.

home-title = Home

## A signed-in player's games

home-hello = Hello, { $name }
home-your-move = Your move
home-nothing-waiting = No game is waiting for your move.
home-find-a-game = Find a game
# A game in the list: "#12 Chess: alice vs bob".
home-game-title = #{ $id } { $variant }: { $white } vs { $black }
# Followed by the opponent's name (a link).
home-against = against
# $left: a span of time ("2 days 4 hours").
home-time-left = { $left } left
home-clock-stopped = (clock stopped: vacation)
# $deadline: a date and time.
home-move-by = move by { $deadline }
home-move-no-limit = move by no time limit
home-invitations = Invitations
home-invitation = { $author } invites you to { $variant }
home-their-turn = Waiting for your opponent
# $shown: how many games are listed; $total: how many there are.
home-their-turn-total = The { $shown } most urgent of { $total }
home-all-games-in-progress = all your games in progress
# After the opponent's name.
home-to-move-by = to move by { $deadline }
home-to-move-no-limit = to move by no time limit
home-time-left-paren = ({ $left } left)
home-time-left-paused = ({ $left } left, clock stopped: vacation)
home-recently-finished = Recently finished
# How a finished game ended for the player.
home-outcome-won = You won
home-outcome-lost = You lost
home-outcome-drew = Draw
home-outcome-none = No result
# $result: 1-0, 0-1 or 1/2-1/2; $reason: why the game ended ("checkmate").
home-result-with-reason = { $result }, { $reason }

## The welcome for visitors

home-hero-title = Chess variants by correspondence
home-hero-lead = Play the giant variants — Terachess, Teramachy, Obento Chess, GraTiA, Metamachy, Gigachess and more — at your own pace: a move a day, a mail when it is your turn, a board that fits your phone.
home-create-account = Create an account
home-log-in = Log in
home-feature-presets = Presets
home-feature-presets-text = Every game pins the exact rules it started with; fork a preset to make your own.
home-feature-mail = Email play
home-feature-mail-text = Get a mail when it is your move and a reminder before your time runs out.
home-feature-logs = Open logs
home-feature-logs-text = Browse, replay and download every game.
