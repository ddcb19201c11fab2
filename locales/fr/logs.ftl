### La page d’archive (relecture) d’une partie.

logs-log-of-game = Archive de la partie n° { $id }
logs-white = Blancs
logs-black = Noirs
logs-vs = contre
logs-imported = importée
logs-preset = Préréglage { $name }
logs-started = commencée le { $at }
logs-imported-note = importée : non classée, ne compte pour personne
logs-download = Télécharger :
logs-game-page = page de la partie
logs-clamped = { $count ->
    [one] Cette partie compte { $count } demi-coup ; voici la position la plus proche.
   *[other] Cette partie compte { $count } demi-coups ; voici la position la plus proche.
}
logs-moves = Coups
logs-no-moves = Aucun coup.
logs-ply-of = demi-coup { $ply } sur { $total }
logs-start = Début
logs-previous = Précédent
logs-next = Suivant
logs-end = Fin
logs-position-after = Position après { $number } { $move }
logs-start-position = Position de départ

## Importer des parties

logs-import-title = Importer des parties
logs-import-intro = Envoyez un fichier PGN écrit par plypost ({ $mb } Mo au plus). Chaque coup est vérifié ; une partie contenant un coup illégal est écartée avec la raison, et les autres sont importées. Les parties importées sont signalées comme telles : elles ne sont pas classées et ne comptent pour personne.
logs-import-counts = { $imported ->
    [one] { $imported } importée
   *[other] { $imported } importées
}, { $refused ->
    [one] { $refused } refusée
   *[other] { $refused } refusées
}
logs-import-game = Partie { $index }
logs-import-file = Fichier PGN
logs-import-paste = ou collez le texte PGN
logs-import-submit = Importer
