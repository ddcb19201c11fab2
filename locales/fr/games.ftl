### Le salon des parties (défis) et les notes d’un joueur sur une partie.

## Le salon

games-title = Parties
games-new-challenge = Nouveau défi
games-log-in = Connectez-vous
games-or = ou
games-create-account = créez un compte
games-to-challenge = pour publier ou accepter un défi.
games-invitations = Vos invitations
games-invites-you = vous invite à jouer à { $variant }
games-accept = Accepter
games-decline = Refuser
games-your-challenges = Vos défis
games-challenge-to = à { $name }
games-open-to-anyone = ouvert à tous
games-cancel = Annuler
games-declined-lately = Refusés récemment
games-declined-by = { $name } a refusé votre défi pour { $variant }
games-declined-by-opponent = Votre adversaire a refusé votre défi pour { $variant }
games-open-challenges = Défis ouverts
games-no-open-challenges = Aucun défi ouvert pour l’instant. Publiez-en un !
games-older-challenges = Défis plus anciens

## Notes

games-notes-title = Vos notes sur la partie n° { $id }
games-notes-private = Privées : vous seul voyez ces notes, pendant la partie et après.
games-notes-saved = Dernier enregistrement : { $at }.
games-notes = Notes
games-notes-limit = { $count ->
    [one] { $count } caractère au plus. Enregistrez un texte vide pour les supprimer.
   *[other] { $count } caractères au plus. Enregistrez un texte vide pour les supprimer.
}
games-notes-save = Enregistrer les notes
games-back-to-game = Retour à la partie

## La pendule

clock-time-control = Cadence : { $control }
clock-no-vacation = sans vacances (les pendules ne s’arrêtent jamais)
clock-stopped = Pendule arrêtée (vacances) :
clock-left-for = restant pour { $name }
clock-move-by = à jouer avant le { $deadline }
clock-other-reserve = Réserve de l’adversaire : { $reserve }
clock-on-vacation = { $name } est en vacances jusqu’au { $until } au plus tard

## Échiquiers d’analyse

analysis-to-move = Trait aux { $side ->
    [white] Blancs
   *[black] Noirs
}
analysis-move = Coup
analysis-example = p. ex. { $move }
analysis-move-hint = Toute notation, ou cliquez sur une pièce de l’échiquier.
analysis-back = Retour
analysis-start = Début
analysis-forward = Avancer
analysis-engine = Moteur
analysis-evaluation = Évaluation
analysis-best-line = Meilleure suite
analysis-search = Recherche
analysis-depth = profondeur { $depth }, { $nodes } positions
analysis-best-marked = Le meilleur coup est marqué sur l’échiquier.
analysis-evaluate = Évaluer cette position
analysis-line = Suite
analysis-board = Échiquier d’analyse
analysis-free-intro = N’importe quel préréglage, n’importe quelle position : déplacez les pièces des deux camps ; chaque coup est vérifié selon les règles. Rien n’est enregistré : l’adresse contient l’échiquier.
analysis-play = Jouer
analysis-log-in = Connectez-vous pour interroger le moteur.
analysis-no-moves = Aucun coup pour l’instant.
analysis-shown = Position affichée :
analysis-set-up = Mise en place
analysis-preset = Préréglage
analysis-preset-hint = Le nom d’un préréglage tel qu’il figure dans son adresse, p. ex.
analysis-fen-hint = Vide : la position de départ du préréglage.
analysis-set-up-board = Mettre en place l’échiquier
analysis-game-title = Analyse · partie n° { $id }
analysis-of-game = Analyse de la partie n° { $id }
analysis-game-intro = Déplacez les pièces des deux camps depuis la position de la partie ; chaque coup est vérifié selon les règles. Rien n’est enregistré, sauf si vous gardez la suite comme coups conditionnels.
analysis-return = Retour à la partie
analysis-play-in = Jouer dans l’analyse
analysis-no-moves-game = Aucun coup pour l’instant : voici la position de la partie.
analysis-add-conditional = { $count ->
    [one] Ajouter ce coup à mes coups conditionnels
   *[other] Ajouter ces { $count } coups à mes coups conditionnels
}
analysis-your-conditionals = Vos coups conditionnels

## Coups conditionnels

conditional-title = Vos coups conditionnels · partie n° { $id }
conditional-heading = Vos coups conditionnels dans la partie n° { $id }
conditional-intro = Privés : vous seul les voyez. Quand votre adversaire joue le premier coup d’une suite, votre réponse est jouée aussitôt ; un coup qu’aucune suite ne prévoit les supprime toutes (vous recevez un courriel dans les deux cas).
conditional-none = Vous n’avez aucun coup conditionnel dans cette partie.
conditional-delete = Les supprimer
conditional-lines = Suites, une par ligne : le coup de votre adversaire, votre réponse, son coup suivant, votre réponse…
conditional-any-notation = Toute notation
conditional-saving = Enregistrer remplace toutes vos suites ; enregistrer une case vide les supprime.
conditional-save = Enregistrer les coups conditionnels
conditional-saved = Vos coups conditionnels sont enregistrés.
conditional-deleted = Vos coups conditionnels sont supprimés.
