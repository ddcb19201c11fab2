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
