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

## What the import says of a variants.ini, by the import's code (also on the edit form's
## Import box): a key it ignores, and each reason it refuses a key.

imported-display-key = ignored: it changes how Fairy-Stockfish shows or plays the variant, not its rules
imported-unknown-key = not a Fairy-Stockfish key: ignored, as Fairy-Stockfish ignores it

imported-refused-chess960 = Chess960 castling is not part of plypost's rules
imported-refused-two-boards = pieces coming from a second board are not part of plypost's rules
imported-refused-sittuyin-promotion = Sittuyin promotion is not part of plypost's rules
imported-refused-piece-promotion = promotion of pieces other than the Pawns is not supported by the import yet
imported-refused-promotion-on-capture = promotion only on captures is not part of plypost's rules
imported-refused-demotion = demotion is not part of plypost's rules
imported-refused-explosions = explosions (Atomic) are not part of plypost's rules
imported-refused-mutual-immunity = pieces immune to each other are not part of plypost's rules
imported-refused-petrification = petrification is not part of plypost's rules
imported-refused-triple-steps = triple steps are not part of plypost's rules
imported-refused-drops = drops are not part of plypost's rules
imported-refused-opposite-castling = a castling that depends on the opponent's is not part of plypost's rules
imported-refused-no-checks = a game without checks is not part of plypost's rules
imported-refused-must-capture = compulsory captures are not part of plypost's rules
imported-refused-pieces-in-hand = pieces in hand are not part of plypost's rules
imported-refused-gating = gating is not part of plypost's rules
imported-refused-cambodian-moves = the Cambodian first moves are not part of plypost's rules
imported-refused-walls = walls are not part of plypost's rules
imported-refused-palace-diagonals = palace diagonals are not part of plypost's rules
imported-refused-passing = passing is not part of plypost's rules
imported-refused-makpong = the Makpong rule is not part of plypost's rules
imported-refused-flying-general = the flying general is not part of plypost's rules
imported-refused-soldier-promotion = the Xiangqi Soldier's change is not part of plypost's rules
imported-refused-flipping = flipping pieces is not part of plypost's rules
imported-refused-repetition-value = a repetition that does not draw is not part of plypost's rules
imported-refused-perpetual-check = the perpetual-check rule is not part of plypost's rules
imported-refused-forbidden-repetition = forbidden repetitions are not part of plypost's rules
imported-refused-chasing = chasing rules are not part of plypost's rules
imported-refused-stalemate-count = counting material at stalemate is not part of plypost's rules
imported-refused-checkmate-value = a checkmate that does not lose is not part of plypost's rules
imported-refused-shatar-mate = the Shatar mating rules are not part of plypost's rules
imported-refused-bikjang = the bikjang rule is not part of plypost's rules
imported-refused-pseudo-royal = pseudo-royal pieces are not part of plypost's rules
imported-refused-flag-wins = capture-the-flag wins are not part of plypost's rules
imported-refused-check-counting = counting checks (Three-check) is not part of plypost's rules
imported-refused-connection-wins = connection wins are not part of plypost's rules
imported-refused-material-counting = material counting is not part of plypost's rules
imported-refused-counting-rules = counting rules (Makruk, ASEAN) are not part of plypost's rules
imported-refused-castling-wins = castling to win is not part of plypost's rules
imported-refused-immobile = a piece that never moves is not part of plypost's rules
imported-refused-janggi-cannon = the Janggi Cannon's own restrictions are not part of plypost's rules
imported-refused-xiangqi-soldier = the Xiangqi Soldier changes its move at the river, which plypost's rules cannot say
imported-refused-xiangqi-horse = the Xiangqi Horse is a lame Knight, which plypost's movement model does not have
imported-refused-janggi-elephant = the Janggi Elephant's lame move is not part of plypost's movement model
imported-refused-banner = the Banner's lame Knight move is not part of plypost's movement model
