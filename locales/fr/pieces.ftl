### Variantes intégrées : noms des pièces et descriptions de leur marche (légendes de l’échiquier).
###
### piece-<nom> : le nom d’une pièce (un message par nom anglais distinct) ;
### piece-<variante>-<nom>-moves : la description de la pièce dans cette variante ;
### piece-<variante>-<nom>-xbetza-note : pourquoi elle n’a pas de XBetza exact.
###
### Sources of the French names (notes for translators; English):
### - Orthodox pieces: the established French names Roi, Dame, Tour, Fou, Cavalier, Pion.
### - Jean-Louis Cazaux's own French usage: not confirmed for any piece. The copies of his site
###   (history.chess.free.fr) that could be searched are in English (only the menus and short
###   French "Commentaires", which name no pieces, e.g. "Tera-échecs" on the Terachess page),
###   and his French books ("Guide des échecs exotiques et insolites", "L'odyssée des jeux
###   d'échecs") could not be consulted.
### - Used in the French rules of his games in Jocly (github fhoudebert/jocly2,
###   src/games/chessbase/res/rules/terachess/terachess-rules_fr.html, gigachess/gigachess-rules_fr.html,
###   gigachess/gigachessII-rules_fr.html, metamachy/metamachy-rules_fr.html, shako/pemba-rules-fr.html;
###   written by the Jocly maintainers, apparently from Cazaux's English texts, not known to be his):
###   Éléphant, Canon, Chameau, Girafe, Machine, Lion, Aigle (also called Griffon there), Griffon,
###   Navire, Caporal, Buffle, Prince, Maréchal, Cardinal, Amazone, Centaure, Amiral,
###   Missionnaire (spelt "Missionaire" there), Duchesse, Rhinocéros, Taureau, Arc, Étoile.
###   (Jocly calls the Crocodile "Arc"/"Archer" and the Terachess I Gazelle "Antilope"; plypost
###   keeps Cazaux's own English names, so Crocodile and Gazelle here.)
### - Established French names elsewhere: Vizir, Fers, Dabbaba, Alfil (French fairy-chess
###   composers), Piquier (Tamerlane chess), Roi dragon, Cheval dragon (shogi), Gnou (fairy chess).
### - Translations of the English names (no French name found): Crocodile, Sorcière, Gazelle,
###   Troll, Anachorète, Potentat-cavalier, Potentat-chameau, Panda, Ours, Marquis,
###   Pachtoune d’or, Pachtoune d’argent, Mage, Serpent, Balbuzard, Autruche, Bœuf volant,
###   Écureuil, Calife, Gnou-garde, Coureur d’or, Coureur d’argent.
### - Kept as is: Pocket (Charles Gilman's coinage for GraTiA, a play on Picket; no French equivalent).

## Chess

piece-king = Roi
piece-queen = Dame
piece-rook = Tour
piece-bishop = Fou
piece-knight = Cavalier
piece-pawn = Pion

piece-chess-king-moves = une case dans n’importe quelle direction ; peut roquer
piece-chess-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-chess-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-chess-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-chess-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-chess-pawn-moves = avance d’une case (de deux à son premier coup), prend d’une case en diagonale vers l’avant

## Shako

piece-elephant = Éléphant
piece-cannon = Canon

piece-shako-king-moves = une case dans n’importe quelle direction ; peut roquer
piece-shako-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-shako-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-shako-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-shako-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-shako-pawn-moves = avance d’une case (de deux à son premier coup, par une case vide), prend d’une case en diagonale vers l’avant ; prise en passant
piece-shako-elephant-moves = une ou deux cases en diagonale, en sautant
piece-shako-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce

## Pemba

piece-camel = Chameau
piece-crocodile = Crocodile
piece-machine = Machine
piece-giraffe = Girafe

piece-pemba-king-moves = une case dans n’importe quelle direction
piece-pemba-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-pemba-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-pemba-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-pemba-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-pemba-pawn-moves = avance d’une case (de deux à son premier coup, par une case vide), prend d’une case en diagonale vers l’avant ; prise en passant
piece-pemba-elephant-moves = une ou deux cases en diagonale, en sautant
piece-pemba-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-pemba-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-pemba-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-pemba-machine-moves = une ou deux cases orthogonalement, en sautant
piece-pemba-giraffe-moves = saute de trois cases en ligne droite et de deux cases de côté

## Wild Tamerlane

piece-eagle = Aigle

piece-wildtamerlane-king-moves = une case dans n’importe quelle direction
piece-wildtamerlane-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-wildtamerlane-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-wildtamerlane-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-wildtamerlane-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-wildtamerlane-pawn-moves = avance d’une case (de deux à son premier coup, par une case vide), prend d’une case en diagonale vers l’avant ; prise en passant
piece-wildtamerlane-elephant-moves = une ou deux cases en diagonale, en sautant
piece-wildtamerlane-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-wildtamerlane-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-wildtamerlane-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes

## Metamachy

piece-prince = Prince
piece-lion = Lion

piece-metamachy-king-moves = une case dans n’importe quelle direction ; à son premier coup, s’il n’est pas en échec, il peut à la place sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou comme un Cavalier), sans jamais prendre
piece-metamachy-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-metamachy-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-metamachy-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-metamachy-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-metamachy-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-metamachy-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-metamachy-elephant-moves = une ou deux cases en diagonale, en sautant
piece-metamachy-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-metamachy-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-metamachy-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-metamachy-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes

## Zanzibar-S

piece-rhinoceros = Rhinocéros
piece-buffalo = Buffle

piece-zanzibar-king-moves = une case dans n’importe quelle direction ; à son premier coup, s’il n’est pas en échec, il peut à la place sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou comme un Cavalier), sans jamais prendre
piece-zanzibar-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-zanzibar-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-zanzibar-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-zanzibar-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-zanzibar-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-zanzibar-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-zanzibar-elephant-moves = une ou deux cases en diagonale, en sautant
piece-zanzibar-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-zanzibar-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-zanzibar-giraffe-moves = saute de trois cases en ligne droite et de deux cases de côté
piece-zanzibar-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-zanzibar-machine-moves = une ou deux cases orthogonalement, en sautant
piece-zanzibar-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-zanzibar-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-zanzibar-rhinoceros-moves = une case orthogonalement puis, si cette case est vide, peut continuer en diagonale en s’éloignant
piece-zanzibar-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe

## Teramachy

piece-marshal = Maréchal
piece-cardinal = Cardinal
piece-amazon = Amazone
piece-centaur = Centaure
piece-admiral = Amiral
piece-missionary = Missionnaire

piece-teramachy-king-moves = une case dans n’importe quelle direction ; à son premier coup, s’il n’est pas en échec, il peut à la place sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou comme un Cavalier), sans jamais prendre
piece-teramachy-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-teramachy-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-teramachy-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-teramachy-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-teramachy-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-teramachy-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-teramachy-elephant-moves = une ou deux cases en diagonale, en sautant
piece-teramachy-machine-moves = une ou deux cases orthogonalement, en sautant
piece-teramachy-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-teramachy-giraffe-moves = saute de trois cases en ligne droite et de deux cases de côté
piece-teramachy-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe
piece-teramachy-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-teramachy-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-teramachy-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-teramachy-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-teramachy-rhinoceros-moves = une case orthogonalement puis, si cette case est vide, peut continuer en diagonale en s’éloignant
piece-teramachy-marshal-moves = Tour ou Cavalier
piece-teramachy-cardinal-moves = Fou ou Cavalier
piece-teramachy-amazon-moves = Dame ou Cavalier
piece-teramachy-centaur-moves = Cavalier ou une case dans n’importe quelle direction
piece-teramachy-admiral-moves = Tour ou une case en diagonale
piece-teramachy-missionary-moves = Fou ou une case orthogonalement

## Gigachess I

piece-corporal = Caporal
piece-ship = Navire

piece-gigachess1-king-moves = une case dans n’importe quelle direction
piece-gigachess1-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-gigachess1-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-gigachess1-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-gigachess1-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-gigachess1-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-gigachess1-corporal-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; une case en diagonale vers l’avant, avec ou sans prise ; prise en passant
piece-gigachess1-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-gigachess1-elephant-moves = une ou deux cases en diagonale, en sautant
piece-gigachess1-machine-moves = une ou deux cases orthogonalement, en sautant
piece-gigachess1-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-gigachess1-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe
piece-gigachess1-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-gigachess1-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-gigachess1-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-gigachess1-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-gigachess1-marshal-moves = Tour ou Cavalier
piece-gigachess1-cardinal-moves = Fou ou Cavalier
piece-gigachess1-amazon-moves = Dame ou Cavalier
piece-gigachess1-ship-moves = une case en diagonale puis, si cette case est vide, peut continuer droit vers l’avant ou vers l’arrière (dans le sens vertical de ce premier pas)

## Gigachess II

piece-sorceress = Sorcière
piece-duchess = Duchesse

piece-gigachess2-king-moves = une case dans n’importe quelle direction ; à son premier coup, s’il n’est pas en échec, il peut à la place sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou comme un Cavalier), sans jamais prendre
piece-gigachess2-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-gigachess2-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-gigachess2-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-gigachess2-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-gigachess2-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-gigachess2-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-gigachess2-elephant-moves = une ou deux cases en diagonale, en sautant
piece-gigachess2-machine-moves = une ou deux cases orthogonalement, en sautant
piece-gigachess2-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-gigachess2-giraffe-moves = saute de trois cases en ligne droite et de deux cases de côté
piece-gigachess2-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe
piece-gigachess2-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-gigachess2-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-gigachess2-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-gigachess2-sorceress-moves = se déplace comme une Dame sans prendre ; prend sur n’importe quelle ligne en sautant par-dessus exactement une pièce
piece-gigachess2-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-gigachess2-rhinoceros-moves = une case orthogonalement puis, si cette case est vide, peut continuer en diagonale en s’éloignant
piece-gigachess2-marshal-moves = Tour ou Cavalier
piece-gigachess2-cardinal-moves = Fou ou Cavalier
piece-gigachess2-amazon-moves = Dame ou Cavalier
piece-gigachess2-centaur-moves = Cavalier ou une case dans n’importe quelle direction
piece-gigachess2-admiral-moves = Tour ou une case en diagonale
piece-gigachess2-missionary-moves = Fou ou une case orthogonalement
piece-gigachess2-duchess-moves = une, deux ou trois cases sur n’importe quelle ligne, en sautant

## Terachess I

piece-bull = Taureau
piece-bow = Arc
piece-star = Étoile
piece-gryphon = Griffon
piece-gazelle = Gazelle

piece-terachess1-king-moves = une case dans n’importe quelle direction
piece-terachess1-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-terachess1-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-terachess1-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-terachess1-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-terachess1-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-terachess1-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-terachess1-elephant-moves = une ou deux cases en diagonale, en sautant
piece-terachess1-machine-moves = une ou deux cases orthogonalement, en sautant
piece-terachess1-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-terachess1-bull-moves = saute de trois cases en ligne droite et de deux cases de côté
piece-terachess1-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe
piece-terachess1-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-terachess1-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-terachess1-bow-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-terachess1-star-moves = se déplace comme une Dame sans prendre ; prend sur n’importe quelle ligne en sautant par-dessus exactement une pièce
piece-terachess1-gryphon-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-terachess1-marshal-moves = Tour ou Cavalier
piece-terachess1-cardinal-moves = Fou ou Cavalier
piece-terachess1-amazon-moves = Dame ou Cavalier
piece-terachess1-corporal-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; une case en diagonale vers l’avant, avec ou sans prise ; prise en passant
piece-terachess1-ship-moves = une case en diagonale puis, si cette case est vide, peut continuer droit vers l’avant ou vers l’arrière (dans le sens vertical de ce premier pas)
piece-terachess1-gazelle-moves = saute de deux ou trois cases orthogonalement ou en diagonale
piece-terachess1-rhinoceros-moves = saute comme un Cavalier puis, si cette case est vide, peut continuer en diagonale en s’éloignant (dans le sens du saut sur les deux axes)

## Terachess II

piece-troll = Troll

piece-terachess2-king-moves = une case dans n’importe quelle direction ; à son premier coup, s’il n’est pas en échec, il peut à la place sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou comme un Cavalier), sans jamais prendre
piece-terachess2-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-terachess2-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-terachess2-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-terachess2-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-terachess2-pawn-moves = une ou deux cases droit devant depuis n’importe quelle rangée, sans prendre ; prend d’une case en diagonale vers l’avant ; prise en passant
piece-terachess2-prince-moves = une case dans n’importe quelle direction (pièce non royale) ; aussi deux cases droit devant, sans prendre ; peut être pris en passant
piece-terachess2-elephant-moves = une ou deux cases en diagonale, en sautant
piece-terachess2-machine-moves = une ou deux cases orthogonalement, en sautant
piece-terachess2-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-terachess2-giraffe-moves = saute de trois cases en ligne droite et de deux cases de côté
piece-terachess2-buffalo-moves = saute comme le Cavalier, le Chameau ou la Girafe
piece-terachess2-lion-moves = saute sur n’importe quelle case à deux cases de distance au plus
piece-terachess2-cannon-moves = se déplace comme une Tour sans prendre ; prend sur les rangées et les colonnes en sautant par-dessus exactement une pièce
piece-terachess2-crocodile-moves = se déplace comme un Fou sans prendre ; prend sur les diagonales en sautant par-dessus exactement une pièce
piece-terachess2-sorceress-moves = se déplace comme une Dame sans prendre ; prend sur n’importe quelle ligne en sautant par-dessus exactement une pièce
piece-terachess2-eagle-moves = une case en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-terachess2-rhinoceros-moves = une case orthogonalement puis, si cette case est vide, peut continuer en diagonale en s’éloignant
piece-terachess2-marshal-moves = Tour ou Cavalier
piece-terachess2-cardinal-moves = Fou ou Cavalier
piece-terachess2-amazon-moves = Dame ou Cavalier
piece-terachess2-centaur-moves = Cavalier ou une case dans n’importe quelle direction
piece-terachess2-admiral-moves = Tour ou une case en diagonale
piece-terachess2-missionary-moves = Fou ou une case orthogonalement
piece-terachess2-duchess-moves = une, deux ou trois cases sur n’importe quelle ligne, en sautant
piece-terachess2-troll-moves = saute de trois cases orthogonalement ou en diagonale ; avance aussi d’une case sans prendre et prend d’une case en diagonale vers l’avant ; n’est promu que par ces pas
piece-terachess2-troll-xbetza-note = n’est promu que par son pas et sa prise de Pion, que XBetza ne sait pas marquer : le Troll écrit en XBetza serait aussi promu par un saut sur la dernière rangée

## GraTiA (Grande Timur Acedrex)

piece-anchorite = Anachorète
piece-wazir = Vizir
piece-ferz = Fers
piece-dabbaba = Dabbaba
piece-nightpotentate = Potentat-cavalier
piece-panda = Panda
piece-camelpotentate = Potentat-chameau
piece-bear = Ours
piece-pocket = Pocket
piece-picket = Piquier

piece-gratia-king-moves = une case dans n’importe quelle direction ; roque de trois cases
piece-gratia-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-gratia-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-gratia-giraffe-moves = saute de quatre cases en ligne droite et d’une case de côté
piece-gratia-gryphon-moves = une case en diagonale vers une case vide, puis doit continuer en s’éloignant le long d’une rangée ou d’une colonne, d’au moins une case
piece-gratia-anchorite-moves = une case orthogonalement vers une case vide, puis doit continuer en diagonale en s’éloignant, d’au moins une case
piece-gratia-knight-moves = saute de deux cases en ligne droite et d’une case de côté
piece-gratia-wazir-moves = une case orthogonalement
piece-gratia-camel-moves = saute de trois cases en ligne droite et d’une case de côté
piece-gratia-ferz-moves = une case en diagonale
piece-gratia-dabbaba-moves = saute de deux cases orthogonalement
piece-gratia-elephant-moves = saute de deux cases en diagonale
piece-gratia-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales (seulement par promotion)
piece-gratia-pawn-moves = avance d’une case (de deux à son premier coup), prend d’une case en diagonale vers l’avant ; à la promotion, devient la pièce de sa colonne de départ
piece-gratia-nightpotentate-moves = un ou deux sauts de Cavalier dans la même direction, bloqué seulement sur la case à mi-parcours
piece-gratia-panda-moves = glisse orthogonalement d’un nombre impair de cases
piece-gratia-panda-xbetza-note = distances impaires seulement : XBetza n’a pas de portée limitée aux nombres impairs
piece-gratia-camelpotentate-moves = un ou deux sauts de Chameau dans la même direction, bloqué seulement sur la case à mi-parcours
piece-gratia-bear-moves = glisse en diagonale d’un nombre impair de cases
piece-gratia-bear-xbetza-note = distances impaires seulement : XBetza n’a pas de portée limitée aux nombres impairs
piece-gratia-pocket-moves = glisse orthogonalement d’au moins deux cases
piece-gratia-picket-moves = glisse en diagonale d’au moins deux cases

## Obento Chess

piece-marquis = Marquis
piece-gold-pashtun = Pachtoune d’or
piece-silver-pashtun = Pachtoune d’argent
piece-wizard = Mage
piece-snake = Serpent
piece-osprey = Balbuzard
piece-ostrich = Autruche
piece-wildebeest = Gnou
piece-dragon-king = Roi dragon
piece-dragon-horse = Cheval dragon
piece-flying-ox = Bœuf volant
piece-squirrel = Écureuil
piece-caliph = Calife
piece-wildeguard = Gnou-garde
piece-gold-rider = Coureur d’or
piece-silver-rider = Coureur d’argent

piece-obento-king-moves = une case dans n’importe quelle direction ; roque de trois cases
piece-obento-queen-moves = un nombre quelconque de cases sur les rangées, les colonnes et les diagonales
piece-obento-rook-moves = un nombre quelconque de cases sur les rangées et les colonnes
piece-obento-bishop-moves = un nombre quelconque de cases sur les diagonales
piece-obento-marquis-moves = saut de Cavalier ou une case orthogonalement
piece-obento-gold-pashtun-moves = une ou deux cases orthogonalement, ou une ou deux en diagonale vers l’avant ; les déplacements de deux cases se font en sautant
piece-obento-silver-pashtun-moves = une ou deux cases en diagonale, ou une ou deux droit devant ; les déplacements de deux cases se font en sautant
piece-obento-wizard-moves = une case en diagonale ou un saut de Chameau (trois et une)
piece-obento-ship-moves = une case en diagonale puis, si cette case est vide, peut continuer verticalement dans le même sens
piece-obento-snake-moves = une case vers l’avant ou vers l’arrière puis, si cette case est vide, peut continuer sur les deux diagonales qui prolongent ce sens
piece-obento-osprey-moves = saute de deux cases orthogonalement puis, si cette case est vide, peut continuer en s’éloignant sur les deux diagonales
piece-obento-ostrich-moves = saute de deux cases en diagonale puis, si cette case est vide, peut continuer en s’éloignant le long des rangées ou des colonnes
piece-obento-wildebeest-moves = saut de Cavalier ou de Chameau
piece-obento-pawn-moves = avance d’une case, prend d’une case en diagonale vers l’avant ; à son premier coup, deux ou trois cases vers l’avant ; prise en passant sur chaque case franchie
piece-obento-dragon-king-moves = Tour ou une case en diagonale
piece-obento-dragon-horse-moves = Fou ou une case orthogonalement
piece-obento-flying-ox-moves = Fou, ou un nombre quelconque de cases vers l’avant ou vers l’arrière
piece-obento-squirrel-moves = saute sur n’importe quelle case à deux cases de distance : Cavalier, Dabbaba, Alfil
piece-obento-caliph-moves = Fou ou saut de Chameau
piece-obento-wildeguard-moves = Cavalier, Chameau ou une case dans n’importe quelle direction
piece-obento-gold-rider-moves = glisse sur les rangées et les colonnes, et en diagonale vers l’avant
piece-obento-silver-rider-moves = glisse en diagonale, et droit devant

## La légende des pièces (pages des préréglages)

pieces-shown-as = notée
pieces-in-text = dans le texte
pieces-royal = royale
pieces-value = valeur { $value }
pieces-promotes-to = Se promeut en { $targets }.
pieces-colon = {"\u00A0:"}
pieces-no-xbetza = Pas de notation XBetza
pieces-native = Marche native :
pieces-promotes-start-file = la pièce de sa colonne de départ
pieces-promotes-by-side = { $white } (Blancs), { $black } (Noirs)
# Les marques des diagrammes de déplacement. $mark : move, capture, move-or-capture, hop, first-move.
pieces-mark = { $mark ->
    [move] déplacement seulement
    [capture] prise seulement
    [move-or-capture] déplacement ou prise
    [hop] prise en sautant par-dessus un écran
    [first-move] premier coup seulement
    [blocked] une pièce ici bloque le coup
   *[screen] écran à sauter
}

## Les échiquiers tels qu’un lecteur d’écran les nomme (avant tout script), et le diagramme de la marche d’une pièce.

board-label-white = Échiquier, les Blancs en bas
board-label-black = Échiquier, les Noirs en bas
board-diagram-label = Marche de la pièce : { $piece }


## Ce que l’import de variantes écrit pour les pièces sans jumelle parmi les pièces intégrées.

piece-imported-king-moves = une case dans n’importe quelle direction
piece-imported-pawn-moves = avance d’une case sans prendre, prend d’une case en diagonale vers l’avant
piece-imported-pawn-double-moves = avance d’une case sans prendre, prend d’une case en diagonale vers l’avant ; deux cases depuis sa rangée de départ
piece-imported-pawn-double-ep-moves = avance d’une case sans prendre, prend d’une case en diagonale vers l’avant ; deux cases depuis sa rangée de départ, et peut alors être pris en passant
piece-moves-as-xbetza = se déplace selon { $betza } (XBetza)
piece-by-letter = Pièce { $letter }
