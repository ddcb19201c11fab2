## What the import says of a variants.ini or an Interactive Diagram it cannot read as it
## is, by code (the edit form's Import box; the API gives the code and the same English).
## The frame around it (the line, the key) comes from presets.ftl.

## The variants.ini text itself.
imported-ini-too-long = the file is longer than { $limit } KB
imported-ini-unclosed-header = a section header must end with `]`
imported-ini-bad-header = a section is `[name]` or `[name:parent]`, names of letters, digits, `-` and `_`
imported-ini-section-twice = this section is defined twice
imported-ini-no-equals = expected `key = value`
imported-ini-bad-key = a key is made of letters, digits and `_`
imported-ini-key-before-section = a key before any `[section]`
imported-ini-key-twice = set twice in this section (first on line { $first })
imported-ini-too-deep = too many parents in a row
imported-ini-parent-loop = its parents lead back to it
imported-ini-no-parent = no section or built-in variant `{ $name }` to inherit from
imported-ini-no-section = no section `{ $name }` in the file
imported-no-section-in-text = the text has no [section]
imported-pick-section = the text has { $count } sections; pick one: { $sections }

## Values of keys and parameters.
imported-bad-max-file = '{ $value }' is no file (1 to 12 or a to l)
imported-bad-max-rank = '{ $value }' is no rank (1 to 10)
imported-not-a-rank = '{ $value }' is no rank
imported-not-a-file = '{ $value }' is no file
imported-not-a-number = '{ $value }' is not a whole number
imported-not-a-bool = '{ $value }' is not true or false
imported-not-a-piece = '{ $value }' is no piece of the variant
imported-not-a-piece-letter = '{ $value }' is no piece letter (a letter, or '-' to remove the piece)
imported-not-a-region = '{ $value }' is no square, file (e*) or rank (*4)
imported-not-a-result = '{ $value }' is not win, loss, draw or none
imported-not-a-limit = '{ $value }' is not a piece letter and a count (q:1)
imported-name-one-piece = name one piece
imported-use-double-step-region = use doubleStepRegionWhite/Black instead (the import reads only those)
imported-custom-piece-no-betza = a custom piece needs its movement: letter:Betza

## Rules plypost words differently.
imported-threefold-only = plypost draws on the third occurrence of a position only
imported-stalemate-none = a stalemate must end the game: win, loss or draw
imported-no-king = the variant has no King; plypost's games are won by checkmating a royal piece
imported-move-rule-sides = plypost's move-count rule is the same for both sides
imported-extinction = extinction rules are refused, except the bare-King rule of Shatranj (extinctionValue = loss, extinctionClaim = true, extinctionPieceTypes = *, extinctionPieceCount = 1, extinctionOpponentPieceCount = 2)
imported-promoting-sides = plypost's promoting pieces are the same for both sides
imported-promotion-region = plypost promotes on the last ranks of the board (at most { $most }), the same for both sides: White's region must be ranks n to { $ranks } and Black's ranks 1 to { $ranks }-n+1
imported-double-step-region = plypost lets a { $type } make its first-move steps on the ranks where its kind starts; { $side ->
        [white] White
       *[black] Black
    }'s double-step region must be exactly those whole ranks
imported-en-passant-region = plypost allows en passant everywhere or nowhere
imported-en-passant-types = only the Pawn and custom pieces whose Betza has 'e' may capture en passant in the import
imported-no-usable-move = the piece has no move plypost can use
imported-initial-ep = its initial moves leave an e.p. right (as in Fairy-Stockfish), and plypost would leave one behind its other moves of several squares too
imported-initial-unused = its initial moves ('i') never apply: the double-step region is empty
imported-stranded = the { $piece } could be stranded on the last rank; plypost's rule for that covers promoting pieces only
imported-ep-in-zone = an e.p. capture could end in the promotion zone: Fairy-Stockfish does not promote it, plypost would
imported-castling-king-only = plypost castles with the King only
imported-castling-one-kind = plypost castles with one kind of piece
imported-castling-piece-missing = the castling piece is not in the variant
imported-castling-rank = the White King does not start on the castling rank
imported-castling-distance = plypost's King moves two squares or more when it castles, toward each wing
imported-castling-outer-piece = a castling piece stands beyond the castling files; plypost castles with the outermost one
imported-does-not-load = the imported rules do not load in plypost: { $detail }

## The start position.
imported-fen-in-hand = pieces in hand ([...] in the FEN) are not part of plypost's rules
imported-fen-marker = '{ $value }' in the FEN (a promoted piece or a wall) is not part of plypost's rules
imported-fen-rank-count = the FEN has { $ranks } ranks, the board { $height }
imported-fen-not-a-piece = '{ $value }' on rank { $rank } of the FEN is no piece of the variant
imported-fen-rank-width = rank { $rank } of the FEN has { $squares } squares, the board { $width }
imported-fen-side = '{ $value }' in the FEN is no side to move (w or b)
imported-fen-rights = castling rights '{ $value }': the import reads KQkq (the outermost Rooks) or -

## Movements (Betza and XBetza).
imported-betza-too-long = the Betza text is longer than 100 characters
imported-betza-grasshopper = 'g' (a grasshopper) is not part of plypost's movement model
imported-betza-initial-capture = an initial move that may capture ('i' without 'm') is not part of plypost's movement model (first moves there never capture)
imported-betza-limited-hopper = a hopper with a limited range is not part of plypost's model
imported-betza-lame-oblique = 'n' (lame) on the oblique atom { $atom } (the Xiangqi Horse's nN) is not part of plypost's movement model
imported-betza-skipped = Fairy-Stockfish skips '{ $skipped }' in '{ $betza }'; imported as it plays there
imported-betza-letter = '{ $letter }' in '{ $betza }': { $kind ->
        [multi-leg] multi-leg moves ('a', 'y')
        [grasshopper] grasshoppers ('g')
        [jumping] jumping moves ('j')
        [wrapping] moves that wrap round the board ('o')
        [modifier] this XBetza modifier
        [bracketed] bracketed multi-leg moves
       *[other] this character
    } cannot be imported into plypost's movement model

## The Interactive Diagram.
imported-expected-line = expected `key=value` or a piece line `name:ID:XBetza:image:squares`
imported-ranks-assumed = not given: 8 ranks assumed
imported-board-size = a { $width }x{ $height } board: plypost's boards are 5 to 16 squares a side
imported-bad-symmetry = expected mirror, rotate or none
imported-unknown-parameter = not a parameter the import knows: ignored
imported-piece-line-fields = a piece line is name:ID:XBetza:image:squares
imported-no-betza = no XBetza, and the name is not one of the standard pieces
imported-bad-id = '{ $value }' is no letter for an ID
imported-no-id-left = no letter is left for its ID
imported-id-chosen = no ID given: { $id }
imported-id-twice = the ID { $id } is used twice
imported-not-a-square = '{ $value }' is no square or range on the board
imported-range-not-straight = '{ $value }': a range runs along one rank or one file
imported-square-twice = { $square } is taken twice
imported-royal-unknown = no piece has this number or ID
imported-not-an-id = '{ $value }' is no piece's ID
imported-promo-choice-marks = '*' (only pieces in hand) and '!' (not on the last rank) are not part of plypost's promotion rules
imported-bare-king-read = read as the bare-King rule: a King left alone loses unless it bares the other at once
imported-castling-distance-missing = an O atom needs its distance (isO2)
imported-castling-several-distances = castling to several distances is not part of plypost's rules
imported-castling-inner = castling with the inner piece (jO) is not part of plypost's rules
imported-castling-royal-only = only the royal piece castles in plypost
imported-castling-corners = castling needs the same piece in both corners of the King's rank
imported-king-castling-read = the King without XBetza is read as castling { $distance } squares (KisO{ $distance })
imported-refused-capture-matrix = a capture matrix (who may capture whom) is not part of plypost's rules
imported-refused-shuffle = shuffled setups are not part of the import (add them as named setups to the preset)
imported-refused-trackers = trackers are not part of plypost's rules
imported-refused-irregular-board = irregular boards are not part of plypost's rules
imported-refused-anti-trade = anti-trade rules are not part of plypost's rules
imported-refused-castle-flags = castling flags other than the King's O atom are not supported by the import
imported-refused-spells = spells are not part of plypost's rules
