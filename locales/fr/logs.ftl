### La page d’archive (relecture) d’une partie.

logs-log-of-game = Archive de la partie n° { $id }
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
logs-import-intro = Envoyez un fichier PGN écrit par plypost ({ $mb } Mo au plus). Chaque coup est vérifié ; une partie contenant un coup illégal est écartée, avec la raison du refus, et les autres sont importées. Les parties importées sont signalées comme telles : elles ne sont pas classées et ne comptent pour personne.
logs-import-counts = { $imported ->
    [one] { $imported } importée
   *[other] { $imported } importées
}, { $refused ->
    [one] { $refused } refusée
   *[other] { $refused } refusées
}
logs-import-game = Partie { $index }
logs-import-result-imported = importée comme partie { $id } ({ $plies ->
    [one] { $plies } demi-coup
   *[other] { $plies } demi-coups
})
logs-import-result-refused = non importée : { $reason }
logs-import-file = Fichier PGN
logs-import-paste = ou collez le texte PGN
logs-import-submit = Importer
logs-import-unreadable = Le fichier envoyé n’a pas pu être lu.
logs-import-use-form = Envoyez le fichier avec le formulaire d’import.
logs-import-not-utf8 = Le fichier n’est pas du texte UTF-8.
logs-import-empty = Choisissez un fichier PGN ou collez son texte.
logs-import-busy = Un autre import est en cours ; réessayez dans une minute.
logs-import-none-found = Aucune partie n’a été trouvée dans ce texte.
logs-export-busy = D’autres exports sont en cours ; réessayez dans une minute.

## La liste des archives

logs-title = Archives
logs-intro = Toutes les parties de ce serveur : filtrer, rejouer, télécharger.
logs-import-link = Importer un fichier PGN
logs-f-variant = Variante
logs-f-any = toutes
logs-f-preset = Préréglage
logs-f-preset-hint = nom court ou « nom v2 »
logs-f-player = Joueur
logs-f-playing = Jouant
logs-f-either = l’un ou l’autre camp
logs-f-as-white = avec les Blancs
logs-f-as-black = avec les Noirs
logs-f-status = État
logs-f-games-any = parties (toutes)
logs-f-open = défi ouvert
logs-f-active = en cours
logs-f-finished = terminée
logs-f-result = Résultat
logs-f-white-won = les Blancs ont gagné
logs-f-black-won = les Noirs ont gagné
logs-f-draw = nulle
logs-f-by = Fin de partie
logs-f-any-way = toute issue
logs-f-dates-of = Dates
logs-f-the-start = du début
logs-f-the-last-move = du dernier coup
logs-f-from = Du
logs-f-to = Au
logs-f-sort = Trier par
logs-f-sort-default = dernier coup (date de début pour un intervalle de dates de début)
logs-f-sort-last = dernier coup, toujours
logs-f-sort-start = date de début
logs-f-sort-length = longueur
logs-f-order = Ordre
logs-f-desc = récentes / longues d’abord
logs-f-asc = anciennes / courtes d’abord
logs-f-imported = Parties importées
logs-f-included = incluses
logs-f-left-out = exclues
logs-f-only = seulement
logs-f-show = Afficher
logs-f-clear = Effacer
logs-download-all = Les télécharger en un seul fichier PGN
logs-nothing = Aucune partie ne correspond à ces filtres.
logs-c-players = Joueurs
logs-c-variant = Variante
logs-c-preset = Préréglage
logs-c-status = État
logs-c-moves = Coups
logs-c-last-move = Dernier coup
logs-c-to-move = Trait
logs-c-game = Partie
logs-c-challenge = défi
# Les cellules de la liste des archives : le camp libre d’un défi, un défi dont les couleurs
# sont tirées au sort, le joueur au trait ($side : game-white ou game-black), l’état d’un défi ouvert.
logs-anyone = n’importe qui
logs-colour-at-random = { $name } (couleur tirée au sort)
logs-to-move = { $name } ({ $side })
logs-status-challenge = Défi ouvert
# Une valeur de filtre que la page a ignorée. $field : side, status, result, reason, date, sort,
# order, imported (choix), from, to (dates) ; $value : ce que disait l’adresse.
logs-ignored-choice = Valeur « { $value } » ignorée pour { $field ->
    [side] le camp
    [status] l’état
    [result] le résultat
    [reason] la fin de partie
    [date] le champ de date
    [sort] le tri
    [order] l’ordre
   *[imported] les parties importées
} : ce n’est pas l’un des choix proposés.
logs-ignored-date = Date { $field ->
    [from] de début
   *[to] de fin
} « { $value } » ignorée : écrivez-la sous la forme AAAA-MM-JJ.
logs-unreadable-filters = Les filtres de l’adresse n’ont pas pu être lus ; toutes les parties sont affichées.
logs-pages = Pages
logs-first-page = Première page
logs-count-challenges = { $count ->
    [one] { $count } défi ouvert sur cette page.
   *[other] { $count } défis ouverts sur cette page.
}
logs-count-games = { $count ->
    [one] { $shown } partie correspond.
   *[other] { $shown } parties correspondent.
}
