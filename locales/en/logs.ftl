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
logs-import-file = PGN file
logs-import-paste = or paste PGN text
logs-import-submit = Import
