### A preset's rules in words (src/presets/rules_text.rs): promotion and the special rules.
### `$a-or-an` is English's article before the first piece named (`a` or `an`); other
### languages leave it out.

rules-or-list = { $rest } or { $last }
rules-nothing = nothing
rules-no-promotion = No piece promotes.
rules-promotion-zone = The promotion zone is { $ranks ->
    [one] the last rank
   *[other] { $ranks } ranks
} (the last from each player's side).
rules-promotion-optional = Promotion is optional on a move that ends in the zone.
rules-promotion-compulsory = Promotion is compulsory: every move of a promoting piece that ends in the zone promotes.
rules-piece-sentence-start = { $a-or-an ->
    [an] An
   *[a] A
} { $piece }
rules-promotes-by-file = { $who } promotes to the piece of the file it started on ({ $targets }), even after it changed file by capturing.
rules-promotes-to = { $count ->
    [one] { $who } promotes to { $a-or-an } { $targets }.
   *[other] { $who } promotes to { $a-or-an } { $targets }, as the player chooses.
}
rules-promotes-by-colour = { $who } promotes to { $white } for White and to { $black } for Black.
rules-promotion-limit = It may promote only to a piece its side has fewer of than: { $limits }.
rules-must-promote-on-last-rank = It must promote on reaching the last rank.
rules-provisional = Provisional: { $note }
rules-checkmate = Checkmate the enemy { $royal } to win. { $stalemate ->
    [loss] A player who is stalemated loses.
    [win] A player who is stalemated wins.
   *[draw] Stalemate is a draw.
}
rules-bare-king = Bare King: a player left with the King alone loses, unless the next move leaves the opponent's King alone too.
rules-king-jump = King's jump: on its first move, and only when not in check, the King may jump to an empty square two away (straight, diagonal or a Knight's leap), never capturing. A straight or diagonal jump needs the square passed over to be unattacked; a Knight-shaped jump needs one of its two passed squares to be unattacked.
rules-squares = { $count ->
    [one] one square
   *[other] { $count } squares
}
rules-castling-two-distances = { $kingside } toward the last file or { $queenside } toward the a-file
rules-castling = Castling: the King, never moved and not in check, moves { $distance } toward an unmoved { $rook } of its side, which then stands on the square next to it on the inner side. The squares the King passes over must not be attacked.
rules-en-passant = En passant: after a { $movers } moves two or more squares without capturing, an enemy { $takers } that could capture on a square it passed over may do so on the very next move, removing it.
rules-hoppers = Hoppers ({ $pieces }): capture by jumping exactly one piece of either colour (the screen) along the line; they never capture the screen.
rules-move-count = Move-count draw: the game is drawn after { $plies } plies in a row without a capture or a Pawn move.
rules-no-move-count = No move-count draw (switched off in this preset).
rules-repetition = Repetition: the third occurrence of the same position is a draw.
rules-no-repetition = No repetition draw (switched off in this preset).
