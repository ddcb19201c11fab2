### Tournois : la liste, la page d’un tournoi (classement, grille, parties, joueurs) et le
### formulaire de création et de modification.

## La liste (/tournaments)

tournaments-title = Tournois
tournaments-intro-html = Dans un tournoi toutes rondes, toutes les parties se jouent en même temps ; dans un tournoi au système suisse, ronde par ronde. <a href="/help/tournaments">Appariements et départages</a>.
tournaments-new = Nouveau tournoi
tournaments-all = Tous les tournois
tournaments-section-open = Inscriptions ouvertes
tournaments-section-running = En cours
tournaments-section-finished = Terminés
tournaments-none = Aucun.
# Kinds of event, in a line of the list.
tournaments-kind-swiss-short = système suisse
tournaments-kind-round-robin-short = toutes rondes
tournaments-kind-double-short = toutes rondes (aller-retour)
# $kind: one of the kinds above; $players: how many have joined; $max: how many may join;
# $rated: yes or no.
tournaments-listing-facts = { $kind }, { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    } sur { $max }{ $rated ->
        [yes] , classé
       *[no] {""}
    }
# $facts: the line above.
tournaments-listing-won = { $facts } ; remporté par { $winner }
# A link to the next page of one section.
tournaments-older = { $status ->
        [open] Tournois ouverts plus anciens
        [running] Tournois en cours plus anciens
       *[finished] Tournois terminés plus anciens
    }

## La page d’un tournoi

# The kind of event, at the top of its page.
tournaments-kind-swiss-rounds = Système suisse, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }
tournaments-kind-swiss = Système suisse
tournaments-kind-round-robin = Toutes rondes
tournaments-kind-double = Toutes rondes (aller-retour)
# $time: the time control ("3 days per move").
tournaments-time-no-vacation = { $time }, sans vacances
tournaments-rated = classé
tournaments-casual = amical
tournaments-players-range = { $min } à { $max } joueurs
# Followed by the organiser's name (a link).
tournaments-organised-by = organisé par
tournaments-invite-only = sur invitation uniquement
# Where the event stands. $at: the start in UTC as 2027-01-15 18:00:00; $date: the same
# written the language's way ("2027-01-15 18:00 UTC"); use either.
tournaments-status-open-starts = Inscriptions ouvertes ; début le { $date }
tournaments-status-open-when-full = Inscriptions ouvertes ; début dès qu’il sera complet
tournaments-status-running = En cours
tournaments-status-running-round = En cours : ronde { $round }
tournaments-status-finished = Terminé
tournaments-status-finished-won = Terminé : remporté par { $winner }
tournaments-status-cancelled = Annulé
# After an action, at the top of the page.
tournaments-notice-created = Le tournoi est ouvert aux inscriptions.
tournaments-notice-edited = Le tournoi a été modifié.
tournaments-notice-join = Vous êtes inscrit.
tournaments-notice-leave = Vous avez quitté le tournoi (ce qui vaut retrait s’il avait déjà commencé).
tournaments-notice-start = Le tournoi a commencé ; chaque joueur a reçu ses parties par courriel.
tournaments-notice-cancel = Le tournoi a été annulé.
tournaments-notice-remove = Le joueur a été retiré.
tournaments-notice-invite = Les invitations ont été envoyées.
# Buttons.
tournaments-join = S’inscrire
tournaments-leave = Se désinscrire
tournaments-withdraw = Se retirer (les parties en cours sont perdues)
tournaments-start-now = Commencer maintenant
tournaments-cancel = Annuler le tournoi
tournaments-edit = Modifier
tournaments-invite-players = Inviter des joueurs (noms séparés par des espaces ou des virgules)
tournaments-invite = Inviter

## Classement et grille

tournaments-standings = Classement
tournaments-nobody-joined = Personne ne s’est encore inscrit.
tournaments-column-player = Joueur
# The column of a Swiss round.
tournaments-column-round = R{ $round }
tournaments-column-points = Points
tournaments-withdrew = (retiré)
# A Swiss round without a game: the player scored a point.
tournaments-cell-bye = exempt 1
# A Swiss crosstable cell: the opponent's rank, the colour (w/b) and the result: "3w 1".
tournaments-cell-swiss = { $rank }{ $colour ->
        [white] b
       *[black] n
    } { $result }
tournaments-cell-white = Blancs
tournaments-cell-black = Noirs

## Parties et joueurs

tournaments-live-games = Parties en cours
tournaments-live-game = Partie n° { $id }
# After the link to the game.
tournaments-live-game-details = (ronde { $round }) : { $white } – { $black }
tournaments-players = Joueurs
tournaments-entrant-status = { $status ->
        [invited] invité
        [joined] inscrit
       *[withdrawn] retiré
    }
tournaments-remove = Retirer

## Cadences

# $reserve, $increment: spans of time ("7 days", "12 hours").
# $time: one of the two above; $cap: a span of time.

## Le formulaire de création et de modification

tournaments-form-edit-title = Modifier le tournoi
tournaments-form-name = Nom
tournaments-form-description = Description (Markdown)
tournaments-form-preset = Préréglage
tournaments-form-kind = Type
tournaments-form-round-robin = Toutes rondes : chacun joue contre chacun, toutes les parties à la fois
tournaments-form-double-round = Toutes rondes aller-retour (chaque paire joue deux fois, couleurs inversées)
tournaments-form-swiss = Système suisse, ronde par ronde
tournaments-form-rounds = Rondes (système suisse)
tournaments-form-time-control = Cadence
tournaments-form-days-per-move = Jours par coup
tournaments-form-fischer = Réserve + incrément
tournaments-form-reserve-days = Réserve (jours)
tournaments-form-increment-hours = Incrément (heures)
tournaments-form-cap-days = Plafond (jours, facultatif)
tournaments-form-no-vacation = Sans vacances (les pendules ne s’arrêtent jamais)
tournaments-form-rating = Parties
tournaments-form-rated = Classées
tournaments-form-casual = Amicales
tournaments-form-invite-only = Sur invitation uniquement
tournaments-form-min-players = Nombre minimal de joueurs
tournaments-form-max-players = Nombre maximal de joueurs
tournaments-form-starts-at = Début (UTC, p. ex. 2027-01-15T18:00 ; vide : dès qu’il sera complet)
tournaments-form-starts-at-placeholder = dès qu’il sera complet
tournaments-form-rating-min = Classement minimal (facultatif)
tournaments-form-rating-max = Classement maximal (facultatif)
tournaments-form-save = Enregistrer
tournaments-form-create = Créer le tournoi
# $field: which field holds something else than a number.
tournaments-error-whole-number = { $field ->
        [rounds] Le nombre de rondes doit être un nombre entier.
        [min_players] Le nombre minimal de joueurs doit être un nombre entier.
        [max_players] Le nombre maximal de joueurs doit être un nombre entier.
        [rating_min] Le classement minimal doit être un nombre entier.
       *[rating_max] Le classement maximal doit être un nombre entier.
    }
tournaments-error-kind = « { $text } » n’est pas un type de tournoi : round_robin ou swiss.
