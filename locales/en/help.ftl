### The help pages' frames. Their text is Markdown in locales/<tag>/help/<page>.md; a
### language without its own copy of a page shows the English one with help-english-only.

help-api-title = The JSON API
help-variants-title = Variant definitions and XBetza
help-bots-title = Bots
help-tournaments-title = Tournaments
help-english-only = This page is written in English only.

## The parts of /help/variants generated from the import itself (Markdown).

help-fsf-parents = Parents from Fairy-Stockfish's built-in variants: { $names }. `[t:makruk]` is refused by its counting rules (`countingRule`), which plypost's rules do not have; with `countingRule = none` in the section it plays Makruk without them.
help-fsf-read = **Read:** { $keys }.
help-fsf-ignored = **Ignored with a warning** (they change how Fairy-Stockfish shows or plays a variant, not its rules): { $keys }, and `mobilityRegion…`. A key Fairy-Stockfish does not know is ignored with a warning too, as Fairy-Stockfish ignores it.
help-fsf-refused = **Refused** when set to anything but their default, for these reasons:
help-fsf-why = why
help-fsf-keys = keys
help-fsf-also-refused = Also refused: promotion regions other than the last ranks (the same for both sides), a double-step region other than the ranks where the pieces start, en passant on only part of the board, extinction rules other than the bare King, repetition rules other than the third occurrence, castling with several kinds of piece.

## Why the import refuses a key of variants.ini, by the import's code for the reason.

help-refused-chess960 = Chess960 castling is not part of plypost's rules
help-refused-two-boards = pieces coming from a second board are not part of plypost's rules
help-refused-sittuyin-promotion = Sittuyin promotion is not part of plypost's rules
help-refused-piece-promotion = promotion of pieces other than the Pawns is not supported by the import yet
help-refused-promotion-on-capture = promotion only on captures is not part of plypost's rules
help-refused-demotion = demotion is not part of plypost's rules
help-refused-explosions = explosions (Atomic) are not part of plypost's rules
help-refused-mutual-immunity = pieces immune to each other are not part of plypost's rules
help-refused-petrification = petrification is not part of plypost's rules
help-refused-triple-steps = triple steps are not part of plypost's rules
help-refused-drops = drops are not part of plypost's rules
help-refused-opposite-castling = a castling that depends on the opponent's is not part of plypost's rules
help-refused-no-checks = a game without checks is not part of plypost's rules
help-refused-must-capture = compulsory captures are not part of plypost's rules
help-refused-pieces-in-hand = pieces in hand are not part of plypost's rules
help-refused-gating = gating is not part of plypost's rules
help-refused-cambodian-moves = the Cambodian first moves are not part of plypost's rules
help-refused-walls = walls are not part of plypost's rules
help-refused-palace-diagonals = palace diagonals are not part of plypost's rules
help-refused-passing = passing is not part of plypost's rules
help-refused-makpong = the Makpong rule is not part of plypost's rules
help-refused-flying-general = the flying general is not part of plypost's rules
help-refused-soldier-promotion = the Xiangqi Soldier's change is not part of plypost's rules
help-refused-flipping = flipping pieces is not part of plypost's rules
help-refused-repetition-value = a repetition that does not draw is not part of plypost's rules
help-refused-perpetual-check = the perpetual-check rule is not part of plypost's rules
help-refused-forbidden-repetition = forbidden repetitions are not part of plypost's rules
help-refused-chasing = chasing rules are not part of plypost's rules
help-refused-stalemate-count = counting material at stalemate is not part of plypost's rules
help-refused-checkmate-value = a checkmate that does not lose is not part of plypost's rules
help-refused-shatar-mate = the Shatar mating rules are not part of plypost's rules
help-refused-bikjang = the bikjang rule is not part of plypost's rules
help-refused-pseudo-royal = pseudo-royal pieces are not part of plypost's rules
help-refused-flag-wins = capture-the-flag wins are not part of plypost's rules
help-refused-check-counting = counting checks (Three-check) is not part of plypost's rules
help-refused-connection-wins = connection wins are not part of plypost's rules
help-refused-material-counting = material counting is not part of plypost's rules
help-refused-counting-rules = counting rules (Makruk, ASEAN) are not part of plypost's rules
help-refused-castling-wins = castling to win is not part of plypost's rules
help-refused-immobile = a piece that never moves is not part of plypost's rules
help-refused-janggi-cannon = the Janggi Cannon's own restrictions are not part of plypost's rules
help-refused-xiangqi-soldier = the Xiangqi Soldier changes its move at the river, which plypost's rules cannot say
help-refused-xiangqi-horse = the Xiangqi Horse is a lame Knight, which plypost's movement model does not have
help-refused-janggi-elephant = the Janggi Elephant's lame move is not part of plypost's movement model
help-refused-banner = the Banner's lame Knight move is not part of plypost's movement model
