### L’index des préréglages.

presets-title = Préréglages
presets-intro = Un préréglage est une variante avec sa position de départ, ses règles de nulle, sa cadence par défaut et son apparence. Chaque partie se joue avec l’un d’eux et garde la version exacte avec laquelle elle a commencé.
presets-log-in = Connectez-vous
presets-to-fork = pour copier un préréglage et créer le vôtre.
presets-bring-before = Votre propre variante dans le
presets-bring-middle = de Fairy-Stockfish ou dans un Interactive Diagram ? Copiez n’importe quel préréglage, puis utilisez
presets-import = Importer
presets-bring-after = dans son éditeur :
presets-how-import = comment fonctionne l’import
presets-first-page = Retour à la première page
presets-first-page-note = (les préréglages intégrés et les plus récents des joueurs)
presets-board = échiquier { $width } × { $height }
presets-kinds = { $count ->
    [one] { $count } type de pièce
   *[other] { $count } types de pièces
}
presets-games-played = { $count ->
    [one] { $count } partie jouée
   *[other] { $count } parties jouées
}
presets-col-preset = Préréglage
presets-col-author = Auteur
presets-col-version = Version
presets-col-games = Parties
presets-yours = le vôtre
presets-unlisted = non listé
presets-retired = retiré
presets-own-definition = Définition de variante propre : { $name }
presets-built-in = intégré
presets-no-more = Plus aucun préréglage.
presets-older = Préréglages plus anciens des joueurs
presets-version = v{ $version }
