### Built-in variants: piece names and piece descriptions (the legends beside the board).
###
### piece-<name>: a piece's name, one message per distinct English name across all variants
###   (src/i18n/mod.rs `piece_id`: the English name in lowercase, words joined by `-`).
### piece-<variant>-<name>-moves: the description of that piece in that variant's definition
###   (rules/variants/<variant>.toml, key `description`), shown in its piece legend.
### piece-<variant>-<name>-xbetza-note: why that piece has no exact XBetza (key `xbetza_note`).
### The English values are the definition files' texts, byte for byte. No variant file has a
### prose description of its own (only display_name), so there are no variant-<name>-about messages.

## Chess

piece-king = King
piece-queen = Queen
piece-rook = Rook
piece-bishop = Bishop
piece-knight = Knight
piece-pawn = Pawn

piece-chess-king-moves = one step in any direction; castles
piece-chess-queen-moves = any distance along ranks, files and diagonals
piece-chess-rook-moves = any distance along ranks and files
piece-chess-bishop-moves = any distance along diagonals
piece-chess-knight-moves = leaps two squares straight and one to the side
piece-chess-pawn-moves = one step forward (two on its first move), captures one step diagonally forward

## Shako

piece-elephant = Elephant
piece-cannon = Cannon

piece-shako-king-moves = one step in any direction; castles
piece-shako-queen-moves = any distance along ranks, files and diagonals
piece-shako-rook-moves = any distance along ranks and files
piece-shako-bishop-moves = any distance along diagonals
piece-shako-knight-moves = leaps two squares straight and one to the side
piece-shako-pawn-moves = one step forward (two on its first move, through an empty square), captures one step diagonally forward; en passant
piece-shako-elephant-moves = one or two squares diagonally, jumping
piece-shako-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece

## Pemba

piece-camel = Camel
piece-crocodile = Crocodile
piece-machine = Machine
piece-giraffe = Giraffe

piece-pemba-king-moves = one step in any direction
piece-pemba-queen-moves = any distance along ranks, files and diagonals
piece-pemba-rook-moves = any distance along ranks and files
piece-pemba-bishop-moves = any distance along diagonals
piece-pemba-knight-moves = leaps two squares straight and one to the side
piece-pemba-pawn-moves = one step forward (two on its first move, through an empty square), captures one step diagonally forward; en passant
piece-pemba-elephant-moves = one or two squares diagonally, jumping
piece-pemba-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-pemba-camel-moves = leaps three squares straight and one to the side
piece-pemba-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-pemba-machine-moves = one or two squares orthogonally, jumping
piece-pemba-giraffe-moves = leaps three squares straight and two to the side

## Wild Tamerlane

piece-eagle = Eagle

piece-wildtamerlane-king-moves = one step in any direction
piece-wildtamerlane-queen-moves = any distance along ranks, files and diagonals
piece-wildtamerlane-rook-moves = any distance along ranks and files
piece-wildtamerlane-bishop-moves = any distance along diagonals
piece-wildtamerlane-knight-moves = leaps two squares straight and one to the side
piece-wildtamerlane-pawn-moves = one step forward (two on its first move, through an empty square), captures one step diagonally forward; en passant
piece-wildtamerlane-elephant-moves = one or two squares diagonally, jumping
piece-wildtamerlane-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-wildtamerlane-camel-moves = leaps three squares straight and one to the side
piece-wildtamerlane-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files

## Metamachy

piece-prince = Prince
piece-lion = Lion

piece-metamachy-king-moves = one step in any direction; as its first move, when not in check, it may instead jump to an empty square two squares away (straight, diagonal or Knight-shaped), never capturing
piece-metamachy-queen-moves = any distance along ranks, files and diagonals
piece-metamachy-rook-moves = any distance along ranks and files
piece-metamachy-bishop-moves = any distance along diagonals
piece-metamachy-knight-moves = leaps two squares straight and one to the side
piece-metamachy-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-metamachy-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-metamachy-elephant-moves = one or two squares diagonally, jumping
piece-metamachy-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-metamachy-camel-moves = leaps three squares straight and one to the side
piece-metamachy-lion-moves = leaps to any square at distance two or less
piece-metamachy-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files

## Zanzibar-S

piece-rhinoceros = Rhinoceros
piece-buffalo = Buffalo

piece-zanzibar-king-moves = one step in any direction; as its first move, when not in check, it may instead jump to an empty square two squares away (straight, diagonal or Knight-shaped), never capturing
piece-zanzibar-queen-moves = any distance along ranks, files and diagonals
piece-zanzibar-rook-moves = any distance along ranks and files
piece-zanzibar-bishop-moves = any distance along diagonals
piece-zanzibar-knight-moves = leaps two squares straight and one to the side
piece-zanzibar-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-zanzibar-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-zanzibar-elephant-moves = one or two squares diagonally, jumping
piece-zanzibar-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-zanzibar-camel-moves = leaps three squares straight and one to the side
piece-zanzibar-giraffe-moves = leaps three squares straight and two to the side
piece-zanzibar-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-zanzibar-machine-moves = one or two squares orthogonally, jumping
piece-zanzibar-lion-moves = leaps to any square at distance two or less
piece-zanzibar-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-zanzibar-rhinoceros-moves = one step orthogonally, then, if that square is empty, may slide on outward diagonally
piece-zanzibar-buffalo-moves = leaps as Knight, Camel or Giraffe

## Teramachy

piece-marshal = Marshal
piece-cardinal = Cardinal
piece-amazon = Amazon
piece-centaur = Centaur
piece-admiral = Admiral
piece-missionary = Missionary

piece-teramachy-king-moves = one step in any direction; as its first move, when not in check, it may instead jump to an empty square two squares away (straight, diagonal or Knight-shaped), never capturing
piece-teramachy-queen-moves = any distance along ranks, files and diagonals
piece-teramachy-rook-moves = any distance along ranks and files
piece-teramachy-bishop-moves = any distance along diagonals
piece-teramachy-knight-moves = leaps two squares straight and one to the side
piece-teramachy-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-teramachy-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-teramachy-elephant-moves = one or two squares diagonally, jumping
piece-teramachy-machine-moves = one or two squares orthogonally, jumping
piece-teramachy-camel-moves = leaps three squares straight and one to the side
piece-teramachy-giraffe-moves = leaps three squares straight and two to the side
piece-teramachy-buffalo-moves = leaps as Knight, Camel or Giraffe
piece-teramachy-lion-moves = leaps to any square at distance two or less
piece-teramachy-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-teramachy-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-teramachy-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-teramachy-rhinoceros-moves = one step orthogonally, then, if that square is empty, may slide on outward diagonally
piece-teramachy-marshal-moves = Rook or Knight
piece-teramachy-cardinal-moves = Bishop or Knight
piece-teramachy-amazon-moves = Queen or Knight
piece-teramachy-centaur-moves = Knight or one step in any direction
piece-teramachy-admiral-moves = Rook or one step diagonally
piece-teramachy-missionary-moves = Bishop or one step orthogonally

## Gigachess I

piece-corporal = Corporal
piece-ship = Ship

piece-gigachess1-king-moves = one step in any direction
piece-gigachess1-queen-moves = any distance along ranks, files and diagonals
piece-gigachess1-rook-moves = any distance along ranks and files
piece-gigachess1-bishop-moves = any distance along diagonals
piece-gigachess1-knight-moves = leaps two squares straight and one to the side
piece-gigachess1-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-gigachess1-corporal-moves = one or two squares straight forward from any rank without capturing; one step diagonally forward, moving or capturing; en passant
piece-gigachess1-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-gigachess1-elephant-moves = one or two squares diagonally, jumping
piece-gigachess1-machine-moves = one or two squares orthogonally, jumping
piece-gigachess1-camel-moves = leaps three squares straight and one to the side
piece-gigachess1-buffalo-moves = leaps as Knight, Camel or Giraffe
piece-gigachess1-lion-moves = leaps to any square at distance two or less
piece-gigachess1-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-gigachess1-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-gigachess1-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-gigachess1-marshal-moves = Rook or Knight
piece-gigachess1-cardinal-moves = Bishop or Knight
piece-gigachess1-amazon-moves = Queen or Knight
piece-gigachess1-ship-moves = one step diagonally, then, if that square is empty, may slide on straight forward or backward (the step's vertical sense)

## Gigachess II

piece-sorceress = Sorceress
piece-duchess = Duchess

piece-gigachess2-king-moves = one step in any direction; as its first move, when not in check, it may instead jump to an empty square two squares away (straight, diagonal or Knight-shaped), never capturing
piece-gigachess2-queen-moves = any distance along ranks, files and diagonals
piece-gigachess2-rook-moves = any distance along ranks and files
piece-gigachess2-bishop-moves = any distance along diagonals
piece-gigachess2-knight-moves = leaps two squares straight and one to the side
piece-gigachess2-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-gigachess2-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-gigachess2-elephant-moves = one or two squares diagonally, jumping
piece-gigachess2-machine-moves = one or two squares orthogonally, jumping
piece-gigachess2-camel-moves = leaps three squares straight and one to the side
piece-gigachess2-giraffe-moves = leaps three squares straight and two to the side
piece-gigachess2-buffalo-moves = leaps as Knight, Camel or Giraffe
piece-gigachess2-lion-moves = leaps to any square at distance two or less
piece-gigachess2-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-gigachess2-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-gigachess2-sorceress-moves = moves as a Queen without capturing; captures along any line by jumping exactly one piece
piece-gigachess2-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-gigachess2-rhinoceros-moves = one step orthogonally, then, if that square is empty, may slide on outward diagonally
piece-gigachess2-marshal-moves = Rook or Knight
piece-gigachess2-cardinal-moves = Bishop or Knight
piece-gigachess2-amazon-moves = Queen or Knight
piece-gigachess2-centaur-moves = Knight or one step in any direction
piece-gigachess2-admiral-moves = Rook or one step diagonally
piece-gigachess2-missionary-moves = Bishop or one step orthogonally
piece-gigachess2-duchess-moves = one, two or three squares along any line, jumping

## Terachess I

piece-bull = Bull
piece-bow = Bow
piece-star = Star
piece-gryphon = Gryphon
piece-gazelle = Gazelle

piece-terachess1-king-moves = one step in any direction
piece-terachess1-queen-moves = any distance along ranks, files and diagonals
piece-terachess1-rook-moves = any distance along ranks and files
piece-terachess1-bishop-moves = any distance along diagonals
piece-terachess1-knight-moves = leaps two squares straight and one to the side
piece-terachess1-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-terachess1-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-terachess1-elephant-moves = one or two squares diagonally, jumping
piece-terachess1-machine-moves = one or two squares orthogonally, jumping
piece-terachess1-camel-moves = leaps three squares straight and one to the side
piece-terachess1-bull-moves = leaps three squares straight and two to the side
piece-terachess1-buffalo-moves = leaps as Knight, Camel or Giraffe
piece-terachess1-lion-moves = leaps to any square at distance two or less
piece-terachess1-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-terachess1-bow-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-terachess1-star-moves = moves as a Queen without capturing; captures along any line by jumping exactly one piece
piece-terachess1-gryphon-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-terachess1-marshal-moves = Rook or Knight
piece-terachess1-cardinal-moves = Bishop or Knight
piece-terachess1-amazon-moves = Queen or Knight
piece-terachess1-corporal-moves = one or two squares straight forward from any rank without capturing; one step diagonally forward, moving or capturing; en passant
piece-terachess1-ship-moves = one step diagonally, then, if that square is empty, may slide on straight forward or backward (the step's vertical sense)
piece-terachess1-gazelle-moves = leaps two or three squares straight or diagonally
piece-terachess1-rhinoceros-moves = leaps as a Knight, then, if that square is empty, may slide on diagonally away (same signs as the leap)

## Terachess II

piece-troll = Troll

piece-terachess2-king-moves = one step in any direction; as its first move, when not in check, it may instead jump to an empty square two squares away (straight, diagonal or Knight-shaped), never capturing
piece-terachess2-queen-moves = any distance along ranks, files and diagonals
piece-terachess2-rook-moves = any distance along ranks and files
piece-terachess2-bishop-moves = any distance along diagonals
piece-terachess2-knight-moves = leaps two squares straight and one to the side
piece-terachess2-pawn-moves = one or two squares straight forward from any rank without capturing; captures one square diagonally forward; en passant
piece-terachess2-prince-moves = one step in any direction (not royal); also two squares straight forward without capturing; may be taken en passant
piece-terachess2-elephant-moves = one or two squares diagonally, jumping
piece-terachess2-machine-moves = one or two squares orthogonally, jumping
piece-terachess2-camel-moves = leaps three squares straight and one to the side
piece-terachess2-giraffe-moves = leaps three squares straight and two to the side
piece-terachess2-buffalo-moves = leaps as Knight, Camel or Giraffe
piece-terachess2-lion-moves = leaps to any square at distance two or less
piece-terachess2-cannon-moves = moves as a Rook without capturing; captures along ranks and files by jumping exactly one piece
piece-terachess2-crocodile-moves = moves as a Bishop without capturing; captures along diagonals by jumping exactly one piece
piece-terachess2-sorceress-moves = moves as a Queen without capturing; captures along any line by jumping exactly one piece
piece-terachess2-eagle-moves = one step diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-terachess2-rhinoceros-moves = one step orthogonally, then, if that square is empty, may slide on outward diagonally
piece-terachess2-marshal-moves = Rook or Knight
piece-terachess2-cardinal-moves = Bishop or Knight
piece-terachess2-amazon-moves = Queen or Knight
piece-terachess2-centaur-moves = Knight or one step in any direction
piece-terachess2-admiral-moves = Rook or one step diagonally
piece-terachess2-missionary-moves = Bishop or one step orthogonally
piece-terachess2-duchess-moves = one, two or three squares along any line, jumping
piece-terachess2-troll-moves = leaps three squares straight or diagonally; also one step forward without capturing and captures one step diagonally forward; promotes only by that step
piece-terachess2-troll-xbetza-note = promotes only by its Pawn-like step and capture, which XBetza cannot mark: the XBetza Troll would also promote by a leap to the last rank

## GraTiA (Grande Timur Acedrex)

piece-anchorite = Anchorite
piece-wazir = Wazir
piece-ferz = Ferz
piece-dabbaba = Dabbaba
piece-nightpotentate = Nightpotentate
piece-panda = Panda
piece-camelpotentate = Camelpotentate
piece-bear = Bear
piece-pocket = Pocket
piece-picket = Picket

piece-gratia-king-moves = one step in any direction; castles three squares
piece-gratia-rook-moves = any distance along ranks and files
piece-gratia-bishop-moves = any distance along diagonals
piece-gratia-giraffe-moves = leaps four squares straight and one to the side
piece-gratia-gryphon-moves = one step diagonally to an empty square, then must slide on outward along a rank or file at least one square
piece-gratia-anchorite-moves = one step orthogonally to an empty square, then must slide on outward diagonally at least one square
piece-gratia-knight-moves = leaps two squares straight and one to the side
piece-gratia-wazir-moves = one step orthogonally
piece-gratia-camel-moves = leaps three squares straight and one to the side
piece-gratia-ferz-moves = one step diagonally
piece-gratia-dabbaba-moves = leaps two squares orthogonally
piece-gratia-elephant-moves = leaps two squares diagonally
piece-gratia-queen-moves = any distance along ranks, files and diagonals (only by promotion)
piece-gratia-pawn-moves = one step forward (two on its first move), captures one step diagonally forward; promotes to the piece of the file it started on
piece-gratia-nightpotentate-moves = one or two Knight leaps in the same direction, blocked only on the halfway square
piece-gratia-panda-moves = slides orthogonally an odd number of squares
piece-gratia-panda-xbetza-note = odd distances only: XBetza has no odd-only range
piece-gratia-camelpotentate-moves = one or two Camel leaps in the same direction, blocked only on the halfway square
piece-gratia-bear-moves = slides diagonally an odd number of squares
piece-gratia-bear-xbetza-note = odd distances only: XBetza has no odd-only range
piece-gratia-pocket-moves = slides orthogonally at least two squares
piece-gratia-picket-moves = slides diagonally at least two squares

## Obento Chess

piece-marquis = Marquis
piece-gold-pashtun = Gold Pashtun
piece-silver-pashtun = Silver Pashtun
piece-wizard = Wizard
piece-snake = Snake
piece-osprey = Osprey
piece-ostrich = Ostrich
piece-wildebeest = Wildebeest
piece-dragon-king = Dragon King
piece-dragon-horse = Dragon Horse
piece-flying-ox = Flying Ox
piece-squirrel = Squirrel
piece-caliph = Caliph
piece-wildeguard = Wildeguard
piece-gold-rider = Gold Rider
piece-silver-rider = Silver Rider

piece-obento-king-moves = one step in any direction; castles three squares
piece-obento-queen-moves = any distance along ranks, files and diagonals
piece-obento-rook-moves = any distance along ranks and files
piece-obento-bishop-moves = any distance along diagonals
piece-obento-marquis-moves = Knight leap or one step orthogonally
piece-obento-gold-pashtun-moves = one or two squares orthogonally, or one or two diagonally forward; the two-square moves jump
piece-obento-silver-pashtun-moves = one or two squares diagonally, or one or two straight forward; the two-square moves jump
piece-obento-wizard-moves = one step diagonally or a Camel leap (three and one)
piece-obento-ship-moves = one step diagonally, then, if that square is empty, may slide on vertically in the same sense
piece-obento-snake-moves = one step forward or backward, then, if that square is empty, may slide on along the two diagonals continuing that sense
piece-obento-osprey-moves = leaps two squares orthogonally, then, if that square is empty, may slide on outward along the two diagonals
piece-obento-ostrich-moves = leaps two squares diagonally, then, if that square is empty, may slide on outward along ranks or files
piece-obento-wildebeest-moves = Knight or Camel leap
piece-obento-pawn-moves = one step forward, capturing one step diagonally forward; on its first move two or three steps forward; en passant on every passed square
piece-obento-dragon-king-moves = Rook or one step diagonally
piece-obento-dragon-horse-moves = Bishop or one step orthogonally
piece-obento-flying-ox-moves = Bishop, or any distance forward or backward
piece-obento-squirrel-moves = leaps to any square at distance two: Knight, Dabbaba, Alfil
piece-obento-caliph-moves = Bishop or Camel leap
piece-obento-wildeguard-moves = Knight, Camel or one step in any direction
piece-obento-gold-rider-moves = slides along ranks and files, and diagonally forward
piece-obento-silver-rider-moves = slides diagonally, and straight forward

## The legend of the pieces (preset pages)

pieces-shown-as = shown as
pieces-in-text = in text
pieces-royal = royal
pieces-value = value { $value }
pieces-promotes-to = Promotes to { $targets }.
pieces-colon = :
pieces-no-xbetza = No XBetza
pieces-native = Native movement:
pieces-promotes-start-file = the piece of its start file
pieces-promotes-by-side = { $white } (White), { $black } (Black)
# The marks of the move diagrams. $mark: move, capture, move-or-capture, hop, first-move.
pieces-mark = { $mark ->
    [move] move only
    [capture] capture only
    [move-or-capture] move or capture
    [hop] capture by hopping over a screen
    [first-move] first move only
    [blocked] a piece here blocks the move
   *[screen] screen to hop over
}

## Boards as a screen reader names them (before any script runs), and a piece's move diagram.

board-label-white = Board, White at the bottom
board-label-black = Board, Black at the bottom
board-diagram-label = Moves of the { $piece }

## What the variant import writes for pieces it has no built-in twin for.

piece-imported-king-moves = one step in any direction
piece-imported-pawn-moves = one step forward without capturing, captures one step diagonally forward
piece-imported-pawn-double-moves = one step forward without capturing, captures one step diagonally forward; two steps from its start rank
piece-imported-pawn-double-ep-moves = one step forward without capturing, captures one step diagonally forward; two steps from its start rank, and can be taken en passant then
piece-moves-as-xbetza = moves as { $betza } (XBetza)
piece-by-letter = Piece { $letter }
