### Built-in variants: their names as pages and mails show them.
###
### variant-<name>: the display name of the built-in variant <name> (rules/variants/<name>.toml,
###   key `display_name`, byte for byte in English). A player's own variant keeps its own name.
### Most are proper names, kept as they are in other languages; translate the common words.

variant-chess = Chess
variant-shako = Shako
variant-pemba = Pemba
variant-wildtamerlane = Wild Tamerlane
variant-metamachy = Metamachy
variant-zanzibar = Zanzibar-S
variant-gigachess1 = Gigachess I
variant-gigachess2 = Gigachess II
variant-terachess1 = Terachess I
variant-terachess2 = Terachess II
variant-teramachy = Teramachy
variant-obento = Obento Chess
variant-gratia = GraTiA (Grande Timur Acedrex)

## The name the Interactive Diagram import gives a variant (its text has none).
variant-imported-diagram = Imported diagram

## Notices of the built-in variants whose sources could not all be read:
## variant-<name>-provisional-setup and variant-<name>-provisional-promotion, byte for byte the
## definition's provisional_setup and provisional_promotion in English.
variant-gigachess1-provisional-setup = Setup reconstructed: the only square-by-square source is the Jocly model of the game; it agrees with the author's description of the ranks.
variant-gratia-provisional-setup = Setup reconstructed: the published setup is an image that could not be consulted; board size (13 x 13) and array follow the rules text, and the content of rank 2 is a guess.
variant-pemba-provisional-setup = Setup reconstructed: the author's diagram could not be read; the squares come from the Jocly model of the game.
variant-pemba-provisional-promotion = The author's list of promotion choices is cut off in the only copy that could be read; any piece but the King and the Pawn is allowed, as in the Jocly model of the game.
variant-teramachy-provisional-setup = Setup reconstructed: the contents of each rank are known, but their order comes from a published diagram that could not be checked.
variant-wildtamerlane-provisional-promotion = The author's promotion rules could not be read; Queen or Eagle, as in the Jocly model of the game.
