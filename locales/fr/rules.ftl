### Les règles d’un préréglage en mots (src/presets/rules_text.rs) : promotion et règles
### particulières. `$a-or-an` ne sert qu’à l’anglais (l’article devant le nom d’une pièce).

rules-or-list = { $rest } ou { $last }
rules-nothing = aucune pièce
rules-no-promotion = Aucune pièce ne se promeut.
rules-promotion-zone = La zone de promotion { $ranks ->
    [one] est la dernière rangée, vue du côté de chaque joueur.
   *[other] est formée des { $ranks } dernières rangées, vues du côté de chaque joueur.
}
rules-promotion-optional = La promotion est facultative pour un coup qui se termine dans la zone.
rules-promotion-compulsory = La promotion est obligatoire : tout coup d’une pièce promouvable qui se termine dans la zone la promeut.
rules-piece-sentence-start = { $piece }
rules-promotes-by-file = { $who } : se promeut en la pièce de la colonne où elle a commencé la partie ({ $targets }), même après avoir changé de colonne en prenant.
rules-promotes-to = { $count ->
    [one] { $who } : se promeut en { $targets }.
   *[other] { $who } : se promeut en { $targets }, au choix du joueur.
}
rules-promotes-by-colour = { $who } : se promeut en { $white } chez les Blancs et en { $black } chez les Noirs.
rules-promotion-limit = Elle ne peut se promouvoir qu’en une pièce dont son camp possède moins de : { $limits }.
rules-must-promote-on-last-rank = Elle doit se promouvoir en atteignant la dernière rangée.
rules-provisional = Provisoire : { $note }
rules-checkmate = Matez le { $royal } adverse pour gagner. { $stalemate ->
    [loss] Un joueur pat perd la partie.
    [win] Un joueur pat gagne la partie.
   *[draw] Le pat est nul.
}
rules-bare-king = Roi dépouillé : un joueur à qui il ne reste que le Roi perd, sauf si le coup suivant laisse aussi le Roi adverse seul.
rules-king-jump = Saut du Roi : à son premier coup, et seulement s’il n’est pas en échec, le Roi peut sauter sur une case vide à deux cases de distance (en ligne droite, en diagonale ou d’un saut de Cavalier), sans jamais prendre. Un saut droit ou diagonal exige que la case franchie ne soit pas attaquée ; un saut de Cavalier exige qu’une des deux cases franchies ne soit pas attaquée.
rules-squares = { $count ->
    [one] d’une case
   *[other] de { $count } cases
}
rules-castling-two-distances = { $kingside } vers la dernière colonne ou { $queenside } vers la colonne a
rules-castling = Roque : le Roi, qui n’a jamais bougé et n’est pas en échec, se déplace { $distance } vers une pièce { $rook } de son camp qui n’a pas bougé ; celle-ci se place alors sur la case voisine du Roi, du côté intérieur. Les cases que le Roi franchit ne doivent pas être attaquées.
rules-en-passant = Prise en passant : après qu’une pièce { $movers } a avancé de deux cases ou plus sans prendre, une pièce adverse { $takers } qui pourrait prendre sur une case franchie peut le faire au coup immédiatement suivant, en retirant la pièce qui a avancé.
rules-hoppers = Sauteurs ({ $pieces }) : prennent en sautant par-dessus exactement une pièce de l’une ou l’autre couleur (l’écran) le long de la ligne ; ils ne prennent jamais l’écran.
rules-move-count = Nulle au nombre de coups : la partie est nulle après { $plies } demi-coups de suite sans prise ni coup de Pion.
rules-no-move-count = Pas de nulle au nombre de coups (désactivée dans ce préréglage).
rules-repetition = Répétition : la partie est nulle à la troisième occurrence de la même position.
rules-no-repetition = Pas de nulle par répétition (désactivée dans ce préréglage).
