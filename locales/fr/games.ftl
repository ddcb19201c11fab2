### Le salon des parties (défis) et les notes d’un joueur sur une partie.

## Le salon

games-title = Parties
games-new-challenge = Nouveau défi
games-log-in = Connectez-vous
games-or = ou
games-create-account = créez un compte
games-to-challenge = pour publier ou accepter un défi.
games-invitations = Vos invitations
games-invites-you = vous invite à une partie ({ $variant })
games-accept = Accepter
games-decline = Refuser
games-your-challenges = Vos défis
games-challenge-to = à { $name }
games-open-to-anyone = ouvert à tous
games-cancel = Annuler
games-declined-lately = Refusés récemment
games-declined-by = { $name } a refusé votre défi ({ $variant })
games-declined-by-opponent = Votre adversaire a refusé votre défi ({ $variant })
games-open-challenges = Défis ouverts
games-no-open-challenges = Aucun défi ouvert pour l’instant. Publiez-en un !
games-older-challenges = Défis plus anciens

## Notes

games-notes-title = Vos notes sur la partie n° { $id }
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
analysis-game-title = Analyse · partie n° { $id }
analysis-of-game = Analyse de la partie n° { $id }
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

conditional-title = Vos coups conditionnels · partie n° { $id }
conditional-heading = Vos coups conditionnels dans la partie n° { $id }
conditional-intro = Privés : vous seul les voyez. Quand votre adversaire joue le premier coup d’une suite, votre réponse est jouée aussitôt ; un coup qu’aucune suite ne prévoit les supprime toutes (vous recevez un courriel dans les deux cas).
conditional-none = Vous n’avez aucun coup conditionnel dans cette partie.
conditional-delete = Les supprimer
conditional-lines = Suites, une par ligne : le coup de votre adversaire, votre réponse, son coup suivant, votre réponse…
conditional-any-notation = Toute notation
conditional-saving = Enregistrer remplace toutes vos suites ; enregistrer un champ vide les supprime.
conditional-save = Enregistrer les coups conditionnels
conditional-saved = Vos coups conditionnels sont enregistrés.
conditional-deleted = Vos coups conditionnels sont supprimés.

## Un nouveau défi

challenge-preset = Préréglage
challenge-by-default = { $control } par défaut
challenge-preset-hint = Une variante avec sa position de départ et ses règles ; le préréglage intégré de chaque variante vient en premier.
challenge-browse = Parcourir les préréglages.
challenge-days-default = Laissez le nombre de jours par coup vide pour garder la cadence par défaut du préréglage.
challenge-start-position = Position de départ
challenge-setup-default = Celle par défaut du préréglage
challenge-setup-random = Au hasard : tirée au début de la partie
challenge-setup-hint = Pour les préréglages à plusieurs positions de départ (Metamachy, Zanzibar-S) ; une position d’un autre préréglage que celui choisi compte comme celle par défaut. La page de la partie montre celle qui est jouée.
challenge-colour = Votre couleur
challenge-random = Au hasard
challenge-white = Blancs
challenge-black = Noirs
challenge-time-control = Cadence
challenge-days-per-move = Jours par coup
challenge-fischer = Réserve + incrément (Fischer)
challenge-reserve = Réserve de départ (jours)
challenge-increment = Incrément par coup (heures)
challenge-cap = Plafond de la réserve (jours, facultatif)
challenge-untimed = Sans cadence (adversaire nommé seulement)
challenge-untimed-hint = Une partie sans cadence où aucun coup n’a été joué depuis 60 jours peut être close comme abandonnée par l’un ou l’autre joueur.
challenge-no-vacation = Sans vacances : les pendules ne s’arrêtent jamais (comme en tournoi)
challenge-rating = Classement
challenge-rated = Classée
challenge-casual = Amicale
challenge-rating-hint = Une partie classée compte pour le classement des deux joueurs dans sa variante. Les parties d’un préréglage avec ses propres règles ou sa propre position de départ sont toujours amicales.
challenge-rating-min = Défi ouvert : classement minimal (facultatif)
challenge-rating-max = Défi ouvert : classement maximal (facultatif)
challenge-against = Jouer contre
challenge-person = Une personne : celle nommée ci-dessous, ou n’importe qui
challenge-computer = L’ordinateur : la partie commence aussitôt, toujours amicale
challenge-level = Niveau de l’ordinateur
challenge-weakest = le plus faible
challenge-strongest = le plus fort
challenge-opponent = Adversaire (nom d’utilisateur)
challenge-opponent-hint = Laissez vide pour un défi ouvert que n’importe qui peut accepter.
challenge-message = Message (facultatif)
challenge-post = Publier le défi

## La page de la partie

game-title = Partie n° { $id }
game-feed-title = Coups de la partie n° { $id }
game-white = Blancs
# Le camp de l’ordinateur dans une partie contre lui.
game-computer-name = Ordinateur (niveau { $level })
game-vs = contre
game-black = Noirs
game-rated = classée
game-casual = amicale
game-computer-thinking = L’ordinateur réfléchit ; son coup apparaîtra ici tout seul (ou rechargez la page).
game-engines-busy = Tous les moteurs sont occupés ; réessayez dans quelques secondes.
game-boards-busy = Trop d’échiquiers à dessiner en ce moment ; réessayez dans quelques secondes.
game-provisional-promotion = Promotion provisoire : { $text }
game-flip = Retourner l’échiquier
game-your-move-hint = À vous de jouer : touchez une pièce ou cliquez dessus, ou saisissez le coup.
game-position-in-words = La position en mots
game-keyboard = Clavier : placez le focus sur l’échiquier (Tab), déplacez-vous avec les flèches, Entrée prend une pièce puis la pose, Échap annule.
game-your-move = À vous de jouer
game-draw-offered-long = Votre adversaire propose la nulle. Acceptez-la ou refusez-la ci-dessous, ou refusez-la en jouant.
game-notation = Notation algébrique abrégée ou complète :
game-or-click = Ou cliquez sur une pièce de l’échiquier.
game-comment = Commentaire (facultatif)
game-offer-draw = Proposer la nulle avec ce coup
game-play-move = Jouer le coup
game-waiting-for = { $name } doit jouer.
game-you-offered = Vous avez proposé la nulle.
game-preset = Préréglage
game-start-position = Position de départ
game-draw-offered = Votre adversaire propose la nulle.
game-accept-draw = Accepter la nulle
game-decline-draw = Refuser la nulle
game-takeback-asked = Votre adversaire demande à reprendre son dernier coup.
game-allow-takeback = Accepter la reprise
game-takeback-waiting = Vous avez demandé à reprendre votre dernier coup ; votre adversaire n’a pas encore répondu.
game-ask-takeback = Demander à reprendre mon dernier coup
game-takeback-hint = Parties amicales seulement ; votre adversaire décide.
game-resign = Abandonner
game-resign-confirm = Oui, j’abandonne cette partie
game-notes-link = Vos notes privées sur cette partie
game-chat = Discussion
game-no-messages = Aucun message pour l’instant.
game-reported = Signalé aux responsables du site.
game-report = Signaler
game-message-to = Message à votre adversaire
game-send = Envoyer
game-abandon-hint = Aucun coup depuis 60 jours : chaque joueur peut clore cette partie sans cadence, sans vainqueur.
game-abandon = Clore comme abandonnée
game-moves-label = Coups, le plus récent en dernier
game-conditional-moves = Coups conditionnels
game-log-link = Archive et relecture
game-atom-feed = Flux Atom
game-pieces-of = Les pièces ({ $variant })
game-native = marche native :
game-move-diagrams = Diagrammes de marche
game-diagrams-link = Les diagrammes de toutes les pièces, sur la page du préréglage
game-preset-moved-on = le préréglage en est maintenant à la version { $current } ; cette partie garde la version { $version }

## Les mots du script de l’échiquier ({ $piece } et les autres sont remplis par le script)

board-js-legal-one = { $piece } : 1 coup légal, vers { $squares }
board-js-legal-many = { $piece } : { $count } coups légaux, vers { $squares }
board-js-pick = . Choisissez une case d’arrivée.
board-js-located = { $piece } en { $square }
board-js-no-legal = { $piece } : aucun coup légal pour l’instant
board-js-reach = { $piece } : si son camp avait le trait, cette pièce pourrait aller en { $squares }
board-js-no-reach = { $piece } : si son camp avait le trait, cette pièce ne pourrait pas bouger
board-js-confirm = Confirmer le coup { $move }
board-js-cancel = Annuler
board-js-preview = Aperçu de { $move }. Confirmez ou annulez.
board-js-promote-to = Promotion en :
board-js-no-promotion = pas de promotion
board-js-choose-promotion = Choisissez la promotion.
board-js-empty-square = { $square } : vide
board-js-cancelled = Annulé.
board-js-destination-enter = , case d’arrivée : Entrée joue ici
board-js-destination = , case d’arrivée
board-js-label-black = Échiquier, les Noirs en bas. Les flèches passent d’une case à l’autre, Entrée prend une pièce puis la pose, Échap annule.
board-js-label-white = Échiquier, les Blancs en bas. Les flèches passent d’une case à l’autre, Entrée prend une pièce puis la pose, Échap annule.
board-js-flipped-black = Les Noirs sont maintenant en bas.
board-js-flipped-white = Les Blancs sont maintenant en bas.
game-name-white = { $name } (Blancs)
game-name-black = { $name } (Noirs)

## La page de la partie : état, dernier coup et avis

# $player : un joueur et son camp, « alice (Blancs) » (game-name-white, game-name-black).
games-status-to-move = En cours — { $player } a le trait
games-status-in-check = En cours — { $player } a le trait et est en échec
# $result : result-with-reason et les autres.
games-status-finished = Terminée : { $result }
# $when : la date et l’heure où le temps s’est écoulé.
games-status-finished-time = Terminée : { $result } (temps écoulé le { $when })
# $number : le numéro du coup ; $dots : « . » après un coup des Blancs, « … » après un coup des
# Noirs ; $move : le coup en notation ; $player : « bob (Noirs) » ; $when : date et heure.
games-last-move = Dernier coup : { $number }{ $dots } { $move } par { $player } le { $when }
games-draw-declined = { $name } a refusé votre proposition de nulle ; la partie continue.
games-done-move = Votre coup a été joué.
games-done-resigned = Vous avez abandonné.
games-done-draw = La partie est nulle d’un commun accord.
games-done-draw-declined = Vous avez refusé la nulle ; la partie continue.
games-done-takeback-asked = Vous avez demandé à reprendre votre dernier coup.
games-done-takeback-accepted = Le coup a été repris.
games-done-takeback-declined = Vous avez refusé la reprise ; la partie continue.
games-done-started = La partie a commencé.
games-done-chat = Votre message a été envoyé.
games-done-reported = Le message a été signalé aux responsables du site.
games-done-abandoned = La partie a été close comme abandonnée.
games-move-form-incomplete = Le formulaire du coup était incomplet ; rechargez la partie et réessayez.
games-notes-saved-notice = Vos notes sont enregistrées.
# Avant les pièces d’un camp dans la position en mots ; $side : game-white ou game-black.
games-side-pieces = { $side } :
# La position en mots (pour les lecteurs d’écran) : une sorte de pièce et ses cases, et ce qui
# sépare deux sortes.
board-text-kind = { $count ->
        [one] { $piece } { $squares }
       *[other] { $piece } ×{ $count } { $squares }
    }
board-text-separator = {" ; "}
# L’infobulle d’une pièce sur l’échiquier ; $piece : son nom ; $letter : sa lettre.
games-piece-title = { $piece } { $side ->
    [white] des Blancs
   *[black] des Noirs
} ({ $letter })
# $target : la pièce en laquelle elle est promue.
games-piece-title-promotes = { $piece } { $side ->
    [white] des Blancs
   *[black] des Noirs
} ({ $letter }, promotion en { $target })
games-diagrams-failed = Les diagrammes n’ont pas pu être dessinés.
# $square : ce qui a été demandé comme case.
games-not-a-square = « { $square } » n’est pas une case.

## Les défis du salon

games-challenge-posted = Votre défi est publié.
games-challenge-declined = Vous avez refusé le défi.
games-challenge-withdrawn = Votre défi a été retiré.
games-plays-white = { $name } joue les Blancs
games-plays-black = { $name } joue les Noirs
games-colours-random = couleurs tirées au sort
# Où en est une partie dans une liste (les archives). $outcome : white, black, draw, none.
games-list-in-progress = En cours
games-list-outcome = { $outcome ->
    [white] Victoire des Blancs
    [black] Victoire des Noirs
    [draw] Nulle
   *[none] Sans résultat
}
# $reason : end-reason.
games-list-outcome-reason = { $outcome } ({ $reason })
# $low, $high : les bornes de classement d’un défi ouvert.
games-rating-range = pour les joueurs classés de { $low } à { $high }
games-rating-at-least = pour les joueurs classés { $low } ou plus
games-rating-at-most = pour les joueurs classés jusqu’à { $high }
# $control : la cadence ; $rating : game-rated ou game-casual.
games-terms = { $control }, { $rating }
games-terms-no-vacation = { $control }, sans vacances, { $rating }

## Les erreurs du formulaire de défi

games-error-level = Niveau : l’ordinateur joue à un niveau de 1 à 8.
games-error-colour = Couleur : choisissez Blancs, Noirs ou Au hasard.
games-error-rating-min = Le classement minimal doit être un nombre entier, ou rester vide pour n’imposer aucune limite.
games-error-rating-max = Le classement maximal doit être un nombre entier, ou rester vide pour n’imposer aucune limite.
# Une position de départ dans la liste ; $name : son nom.
games-setup-default = { $name } (par défaut)
# Un préréglage intégré dans la liste ; $variant : sa variante.
games-preset-builtin = { $variant } — intégré

## Le verdict du moteur sur un échiquier d’analyse

analysis-white-mates = Mat en { $moves } pour les Blancs
analysis-black-mates = Mat en { $moves } pour les Noirs
# $score : l’évaluation du point de vue des Blancs, en pions, « +0,35 ».
analysis-score = { $score } ({ $verdict ->
    [white] avantage aux Blancs
    [black] avantage aux Noirs
   *[equal] à peu près égal
})
analysis-too-many = { $count ->
    [one] { $count } analyse par minute au plus ; veuillez patienter.
   *[other] { $count } analyses par minute au plus ; veuillez patienter.
}

## Les flux et l’agenda des échéances (lus dans un lecteur de flux ou un agenda)

feeds-calendar-invalid = Ce lien d’agenda n’est pas valide (un lien plus récent l’a peut-être remplacé). Copiez le lien actuel depuis vos réglages.
feeds-calendar-name = plypost : échéances de { $name }
feeds-calendar-description = Les parties où c’est à vous de jouer, chacune se terminant à son échéance.
feeds-calendar-summary = À vous de jouer : partie n° { $id } contre { $opponent }
feeds-calendar-event = { $variant } — coup { $number } de la partie n° { $id } contre { $opponent }. Jouez sur { $url }
feeds-game-title = Partie plypost n° { $id } : { $white } contre { $black } ({ $variant })
# $result : « 1-0, échec et mat » (result-with-reason).
feeds-game-over = Partie terminée : { $result }
feeds-game-over-summary = { $white } contre { $black } : { $result }
feeds-move-summary = { $player } a joué { $number } { $san } ({ $move }).
feeds-move-comment = « { $comment } »
feeds-player-title = plypost : parties de { $name }
feeds-player-finished = Partie n° { $id } terminée : { $white } contre { $black }, { $result }
feeds-player-finished-summary = { $variant } : { $result } après { $plies } demi-coups.
feeds-player-started = Partie n° { $id } commencée : { $white } contre { $black }
feeds-player-started-summary = { $variant } : { $white } (Blancs) contre { $black } (Noirs).
