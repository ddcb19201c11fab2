### A game's log (replay) page.

logs-log-of-game = Log of game #{ $id }
logs-white = White
logs-black = Black
logs-vs = vs
logs-imported = imported
logs-preset = Preset { $name }
logs-started = started { $at }
logs-imported-note = imported: not rated, counts for nobody
logs-download = Download:
logs-game-page = game page
logs-clamped = { $count ->
    [one] This game has { $count } ply; showing the nearest position.
   *[other] This game has { $count } plies; showing the nearest position.
}
logs-moves = Moves
logs-no-moves = No moves.
logs-ply-of = ply { $ply } of { $total }
logs-start = Start
logs-previous = Previous
logs-next = Next
logs-end = End
logs-position-after = Position after { $number } { $move }
logs-start-position = Start position

## Importing games

logs-import-title = Import games
logs-import-intro = Upload a PGN file written by plypost (up to { $mb } MB). Every move is checked; a game with a move that is not legal is left out with the reason, and the others are imported. Imported games are marked as such: they are not rated and count for nobody.
logs-import-counts = { $imported } imported, { $refused } refused
logs-import-game = Game { $index }
logs-import-result-imported = imported as game { $id } ({ $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
})
logs-import-result-refused = not imported: { $reason }
logs-import-file = PGN file
logs-import-paste = or paste PGN text
logs-import-submit = Import
logs-import-unreadable = The upload could not be read.
logs-import-use-form = Send the file with the import form.
logs-import-not-utf8 = The file is not UTF-8 text.
logs-import-empty = Choose a PGN file or paste its text.
logs-import-busy = Another import is running; please try again in a minute.
logs-import-none-found = No game was found in that text.
logs-export-busy = Other exports are running; please try again in a minute.

## The logs list

logs-title = Logs
logs-intro = Every game of this server: filter, replay, download.
logs-import-link = Import a PGN file
logs-f-variant = Variant
logs-f-any = any
logs-f-preset = Preset
logs-f-preset-hint = slug or “slug v2”
logs-f-player = Player
logs-f-playing = Playing
logs-f-either = either side
logs-f-as-white = as White
logs-f-as-black = as Black
logs-f-status = Status
logs-f-games-any = games (any)
logs-f-open = open challenge
logs-f-active = in progress
logs-f-finished = finished
logs-f-result = Result
logs-f-white-won = White won
logs-f-black-won = Black won
logs-f-draw = draw
logs-f-by = By
logs-f-any-way = any way
logs-f-dates-of = Dates of
logs-f-the-start = the start
logs-f-the-last-move = the last move
logs-f-from = From
logs-f-to = To
logs-f-sort = Sort by
logs-f-sort-default = last move (start date for a range of start dates)
logs-f-sort-last = last move, always
logs-f-sort-start = start date
logs-f-sort-length = length
logs-f-order = Order
logs-f-desc = newest / longest first
logs-f-asc = oldest / shortest first
logs-f-imported = Imported games
logs-f-included = included
logs-f-left-out = left out
logs-f-only = only
logs-f-show = Show
logs-f-clear = Clear
logs-download-all = Download them as one PGN file
logs-nothing = Nothing matches these filters.
logs-c-players = Players
logs-c-variant = Variant
logs-c-preset = Preset
logs-c-status = Status
logs-c-moves = Moves
logs-c-last-move = Last move
logs-c-to-move = To move
logs-c-game = Game
logs-c-challenge = challenge
# The logs list's cells: the open side of a challenge, a challenge whose colours are drawn,
# the player to move ($side: game-white or game-black), an open challenge's status.
logs-anyone = anyone
logs-colour-at-random = { $name } (colour at random)
logs-to-move = { $name } ({ $side })
logs-status-challenge = Open challenge
# A filter value the page ignored. $field: side, status, result, reason, date, sort, order,
# imported (choices), from, to (dates); $value: what the address said.
logs-ignored-choice = Ignored { $field ->
    [side] the side
    [status] the status
    [result] the result
    [reason] the way it ended
    [date] the date field
    [sort] the sort
    [order] the order
   *[imported] the imported games choice
} “{ $value }”: not one of the choices.
logs-ignored-date = Ignored the { $field ->
    [from] “from”
   *[to] “to”
} date “{ $value }”: write it as YYYY-MM-DD.
logs-unreadable-filters = The filters in the address could not be read; showing all games.
logs-pages = Pages
logs-first-page = First page
logs-count-challenges = { $count ->
    [one] { $count } open challenge on this page.
   *[other] { $count } open challenges on this page.
}
logs-count-games = { $count ->
    [one] { $shown } game matches.
   *[other] { $shown } games match.
}
