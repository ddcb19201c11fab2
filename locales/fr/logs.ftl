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
