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

## La page d’un préréglage

presets-preset-word = préréglage
presets-builtin-readonly = préréglage intégré, en lecture seule
presets-by = par { $name }
presets-version-n = version { $version }
presets-current-is = la version actuelle est la
presets-forked-from = Copié de
presets-provisional = Position de départ provisoire : { $text }
presets-retired-note = Ce préréglage est retiré : il n’apparaît plus dans l’index et ne lance plus de nouvelles parties. Les parties déjà jouées avec lui continuent.
presets-challenge-with = Lancer un défi avec ce préréglage
presets-edit = Modifier
presets-others-of = Autres préréglages de { $variant }
presets-setup = Position de départ
presets-setup-as-text = Position de départ en FEN et en texte
presets-setups = { $count ->
    [one] { $count } position de départ : un joueur qui lance un défi en choisit une ou « au hasard » (l’échiquier montre celle par défaut)
   *[other] { $count } positions de départ : un joueur qui lance un défi en choisit une ou « au hasard » (l’échiquier montre celle par défaut)
}
presets-default = par défaut
presets-about = À propos de ce préréglage
presets-rules = Règles
presets-default-time = Cadence par défaut : { $control }.
presets-special-rules = Règles particulières
presets-promotion = Promotion
presets-pieces = Pièces
presets-history = Historique des versions
presets-version-cap = Version { $version }
presets-games-with = Parties jouées avec lui ({ $count })
presets-no-games = Aucune partie pour l’instant.
presets-game-n = Partie n° { $id }
presets-make-own = Créer le vôtre
presets-copy-name = Nom de votre copie
presets-fork-placeholder = { $name } (copie)
presets-fork-hint = La copie reprend la version actuelle ; vous pourrez ensuite la modifier.
presets-fork = Copier ce préréglage
presets-restore = Remettre dans l’index
presets-retire = Retirer
presets-in-use = Des parties ou des défis ouverts utilisent ce préréglage : il ne peut pas être supprimé ; retirez-le plutôt.
presets-delete = Supprimer
presets-delete-confirm = Oui, le supprimer
presets-notice-deleted = Le préréglage a été supprimé.
presets-notice-saved = Enregistré comme nouvelle version.
presets-notice-unchanged = Rien n’a changé : aucune nouvelle version n’a été créée.
presets-notice-forked = Voici votre copie. Modifiez-la à votre guise.
presets-notice-retired = Le préréglage est retiré : il n’apparaît plus dans l’index ni dans les nouveaux défis. Ses parties continuent.
presets-notice-restored = Le préréglage est de retour dans l’index.
