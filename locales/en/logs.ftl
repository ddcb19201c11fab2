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
