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
# Une partie du préréglage : « terminée 1-0 ».
presets-game-finished = terminée { $result }
presets-game-finished-no-result = terminée
presets-current-is = la version actuelle est la
presets-forked-from = Copié de
presets-provisional = Position de départ provisoire : { $text }
presets-retired-note = Ce préréglage est retiré : il n’apparaît plus dans l’index et ne peut plus servir à de nouvelles parties. Les parties déjà jouées avec lui continuent.
presets-challenge-with = Lancer un défi avec ce préréglage
presets-edit = Modifier
presets-others-of = Autres préréglages ({ $variant })
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
# L’auteur des versions d’un préréglage intégré.
presets-history-server = le serveur
# Pourquoi une version existe, après son auteur dans l’historique.
presets-notes-builtin = Préréglage intégré
presets-notes-engine-changed = La définition de la variante dans le moteur a changé.
presets-notes-forked = Copie de « { $name } », version { $version }
# Une modification : ses changements, séparés par le séparateur ; la première lettre est mise en capitale.
presets-changes-separator = {" ; "}
presets-change-renamed = renommé (auparavant « { $from } »)
presets-change-visibility = { $visibility ->
    [unlisted] rendu non listé
   *[public] rendu public
}
presets-change-setup = position de départ modifiée
presets-change-setups = { $count ->
    [0] une seule position de départ
    [one] { $count } position de départ
   *[other] { $count } positions de départ
}
presets-change-move-count = nulle après { $plies } demi-coups sans prise ni coup de Pion
presets-change-move-count-off = plus de nulle au nombre de coups
presets-change-repetition-on = nulle par répétition activée
presets-change-repetition-off = nulle par répétition désactivée
presets-change-time-control = cadence par défaut : { $control }
presets-change-appearance = apparence modifiée
presets-change-description = description modifiée
presets-change-definition = définition de la variante modifiée
# La note de l’auteur sur la version, telle qu’il l’a écrite.
presets-change-note = « { $note } »
presets-version-cap = Version { $version }
presets-games-with = Parties jouées avec lui ({ $count })
presets-no-games = Aucune partie pour l’instant.
presets-game-n = Partie n° { $id }
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
presets-notice-your-copy = « { $name } » est votre copie. Modifiez-la comme vous le souhaitez ; chaque enregistrement crée une nouvelle version.

## L’éditeur de préréglage

edit-title = Modifier { $name }
edit-heading = Modifier « { $name } »
edit-saving-makes = enregistrer crée la version { $version } ; les parties déjà commencées gardent la version avec laquelle elles ont débuté.
edit-imported-check = Importée : vérifiez l’échiquier, les pièces et les avertissements ci-dessous, puis enregistrez-la comme nouvelle version.
edit-nothing-saved = Rien n’a été enregistré : certains champs sont à revoir.
edit-import-choose-format = Choisissez le format du texte.
edit-import-paste = Collez le texte à importer.
edit-import-too-long = Le texte est trop long ({ $max } caractères au plus).
edit-import-does-not-load = La définition importée ne se charge pas ; merci de le signaler.
edit-name-visibility = Nom et visibilité
edit-name = Nom
edit-visibility = Visibilité
edit-public = Public : listé dans l’index
edit-unlisted = Non listé : seuls ceux qui ont le lien le trouvent
edit-setup-fen = Position de départ (FEN)
edit-setup-help-before = Les rangées depuis le haut (côté Noirs), séparées par
edit-setup-help-after = ; les nombres comptent les cases vides ; puis le camp au trait, les droits spéciaux, la case de prise en passant, le compteur de demi-coups et le numéro du coup.
edit-preview = Aperçu
edit-setups = Plusieurs positions de départ (facultatif)
edit-setups-help-1 = Une par ligne,
edit-setups-help-2 = ; marquez la ligne de celle par défaut avec
edit-setups-help-3 = (sinon la première est celle par défaut). Un joueur qui lance un défi en choisit une, ou « au hasard ». Avec une liste, celle par défaut est la position de départ et le champ ci-dessus n’est pas utilisé. Laissez vide pour une seule position de départ.
edit-move-count = Limite de nulle au nombre de coups (demi-coups)
edit-move-count-help = La partie est nulle après ce nombre de demi-coups sans prise ni coup de Pion. Laissez vide pour aucune nulle de ce genre.
edit-repetition = Nulle à la troisième répétition d’une position
edit-default-time = Cadence par défaut, proposée lors d’un défi avec ce préréglage
edit-untimed = Sans cadence (seulement contre un adversaire nommé)
edit-appearance = Apparence
edit-light = Cases claires
edit-dark = Cases foncées
edit-default-colours = Vide : les couleurs par défaut.
edit-coordinates = Afficher les lettres des colonnes et les numéros des rangées autour de l’échiquier
edit-letters = Lettres des pièces dans les diagrammes en texte
edit-pairs = Paires
edit-letters-help = : la lettre affichée pour une pièce dans les courriels et les échiquiers en texte, quand elle doit différer de sa lettre FEN.
edit-description = Description
edit-description-md = Description (Markdown)
edit-description-help = Titres, listes, emphase et liens. Le HTML est affiché comme du texte.
edit-note = Qu’avez-vous changé ? (facultatif, affiché dans l’historique des versions)
edit-import-title = Importer depuis un variants.ini de Fairy-Stockfish ou un Interactive Diagram
edit-import-help-1 = Collez une variante telle que la décrit le
edit-import-help-2 = de Fairy-Stockfish ou un Interactive Diagram (le texte d’un diagramme de chessvariants.com). L’import remplit la définition et la position de départ ci-dessous et montre l’échiquier et les pièces ; rien n’est enregistré tant que vous n’enregistrez pas. Ce que plypost ne peut pas jouer exactement est listé, ligne par ligne.
edit-import-reads = Ce que lit l’import
edit-format = Format
edit-format-fsf = variants.ini de Fairy-Stockfish
edit-format-diagram = Interactive Diagram
edit-text = Texte
edit-section = Section (quand le variants.ini en contient plusieurs)
edit-not-imported = Non importé :
edit-line = ligne { $line } :
edit-warnings = Avertissements :
edit-definition = Définition de la variante (avancé)
edit-definition-label = La variante elle-même, au format des fichiers des variantes intégrées : taille de l’échiquier, pièces et leurs marches (modèle de mouvement ou XBetza), position de départ, promotion et règles particulières.
edit-definition-help = Chaque clé, le XBetza pris en charge et un exemple complet :
edit-how-to-write = comment écrire une définition
edit-definition-keep = Les parties déjà commencées gardent la définition de leur version. Une définition modifiée doit toujours convenir à la position de départ ci-dessus ; Aperçu vérifie les deux.
edit-save = Enregistrer comme nouvelle version
