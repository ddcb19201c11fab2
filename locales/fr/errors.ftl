### Erreurs des services (parties, défis, tournois, préréglages, parties importées,
### administration, analyse, confidentialité) telles qu’une page les affiche.

## Commun

# Plusieurs messages à la suite ($first et $rest sont des messages).
error-list = { $first } { $rest }
# Deux messages sur deux lignes (une liste de problèmes, un par ligne).
error-lines =
    { $first }
    { $next }
# Une panne du serveur (base de données, courriel, données abîmées) : aucun détail sur la page.
error-failed = Un problème est survenu de notre côté. Veuillez réessayer plus tard.

## Parties : refus fixes

error-game-not-found = Cette partie n’existe pas.
error-game-challenge-not-found = Ce défi n’existe pas.
# $reason : la raison donnée par le moteur de règles, en anglais.
error-game-illegal = Coup illégal : { $reason }.
error-game-moved-on = La partie a avancé depuis le chargement de cette page : un coup a déjà été joué pour ce tour. Rien n’a été modifié ; voici la partie telle qu’elle est maintenant.
error-game-already-played = Ce coup a déjà été joué (il a été envoyé deux fois). Il ne compte qu’une fois.
error-game-not-your-turn = Ce n’est pas à vous de jouer.
error-game-finished = Cette partie est terminée.
error-game-time-ran-out = Votre temps était écoulé avant ce coup : la partie est perdue au temps.
error-game-challenge-closed = Ce défi n’est plus ouvert.
error-game-no-draw-offer = Votre adversaire ne vous a pas proposé la nulle.
error-game-no-takeback = Votre adversaire ne vous a pas demandé de reprendre un coup.
error-game-too-many-messages = Vous avez écrit { $count ->
        [one] { $count } message
       *[other] { $count } messages
    } dans la discussion au cours de la dernière heure ; patientez un peu.
# $reason : le refus d’un préréglage.
error-game-preset-refused = { $reason }

## Parties : texte libre des formulaires
# $what : name (nom), comment (commentaire) ou message.

error-game-text-too-long = { $what ->
        [name] Le nom
        [comment] Le commentaire
       *[message] Le message
    } est trop long ({ $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    } au maximum).
error-game-text-control = { $what ->
        [name] Le nom
        [comment] Le commentaire
       *[message] Le message
    } contient des caractères de contrôle.

## Défis

error-game-suspended-challenges = Votre compte est suspendu : vous ne pouvez pas lancer de défis.
error-game-suspended-games = Votre compte est suspendu : vous ne pouvez pas commencer de parties.
error-game-untimed-needs-opponent = Une partie sans cadence n’est possible que contre un joueur désigné : indiquez un adversaire.
# Les champs de la cadence. $field : days (par coup), reserve, increment, cap.
error-time-range = { $field ->
        [days] Le nombre de jours par coup
        [reserve] La réserve (en jours)
        [increment] L’incrément (en heures)
       *[cap] Le plafond (en jours)
    } doit être un nombre entier de { $min } à { $max }.
error-time-whole-number = { $field ->
        [days] Le nombre de jours par coup
        [reserve] La réserve (en jours)
        [increment] L’incrément (en heures)
       *[cap] Le plafond (en jours)
    } doit être un nombre entier.
error-time-kind = Choisissez un type de cadence.
error-game-days-per-move-range = Le nombre de jours par coup doit être un nombre entier de { $min } à { $max }.
# $which : lowest (minimal) ou highest (maximal).
error-game-rating-bound = Le classement { $which ->
        [lowest] minimal
       *[highest] maximal
    } doit être un nombre entier de { $min } à { $max }.
error-game-rating-range-open-rated = Une fourchette de classement n’est possible que pour un défi ouvert et classé.
error-game-rating-range-order = Le classement minimal dépasse le classement maximal.
error-game-too-many-open-challenges = Vous avez { $count ->
        [one] { $count } défi en attente
       *[other] { $count } défis en attente
    } de réponse, le maximum permis ; retirez-en un avant d’en lancer un autre.
error-game-choose-variant = Choisissez l’une des variantes ou l’un des préréglages proposés.
error-game-no-such-player = Aucun joueur ne s’appelle « { $name } ».
error-game-no-such-preset = Le préréglage « { $slug } » n’existe pas.
error-game-challenge-yourself = Vous ne pouvez pas vous défier vous-même.
error-game-challenge-blocked = Vous avez bloqué { $name } ; débloquez-le d’abord sur son profil.
error-game-challenge-refused = { $name } n’accepte pas vos défis.
error-game-bot-open-challenge = Un bot défie un joueur désigné, jamais n’importe qui.
error-game-bot-refused = { $name } n’accepte pas les défis des bots.
error-game-bots-casual-ask = Sur ce site, les parties contre des bots sont amicales : demandez une partie amicale.
error-game-bots-casual = Sur ce site, les parties contre des bots sont amicales.
error-game-challenge-rating-between = Ce défi est réservé aux joueurs classés de { $min } à { $max } ; votre classement est de { $rating }.
error-game-challenge-rating-from = Ce défi est réservé aux joueurs classés au moins { $min } ; votre classement est de { $rating }.
error-game-challenge-rating-up-to = Ce défi est réservé aux joueurs classés au plus { $max } ; votre classement est de { $rating }.
error-game-accept-own = Vous ne pouvez pas accepter votre propre défi.
error-game-challenge-other-player = Ce défi est destiné à un autre joueur.
error-game-accept-blocked = Vous ne pouvez pas accepter ce défi : l’un de vous a bloqué l’autre.
error-game-bot-accepts-own = Un bot n’accepte que les défis qui lui sont adressés.
error-game-decline-invited-only = Seul le joueur invité peut refuser un défi.
error-game-cancel-author-only = Seul son auteur peut annuler un défi.
# Les noms des champs de l’API commencent ces deux messages.
error-game-computer-level = level : l’ordinateur joue à un niveau de 1 à 8.
error-game-computer-unrated = rated : les parties contre l’ordinateur ne sont jamais classées.

## Jeu

error-game-move-players-only = Seuls les joueurs de cette partie peuvent jouer un coup.
error-game-bot-form-move = Un bot joue ses coups par l’API des bots, pas par ce formulaire.
error-game-resign-players-only = Seuls les joueurs de cette partie peuvent abandonner.
error-game-resign-unconfirmed = Pour abandonner, cochez « Oui, j’abandonne » et appuyez de nouveau sur Abandonner.
error-game-draw-players-only = Seuls les joueurs de cette partie peuvent répondre à une proposition de nulle.
# Depuis l’API des bots : une proposition de nulle accompagne un coup.
error-game-draw-no-offer-to-answer = Il n’y a pas de proposition de nulle à laquelle répondre : proposez la nulle avec votre coup (`?offeringDraw=true`).
error-game-abort-players-only = Seuls les joueurs de cette partie peuvent l’annuler.
error-game-abort-too-late = Les deux camps ont joué : la partie ne peut plus être annulée (abandonnez plutôt).
error-game-close-players-only = Seuls les joueurs de cette partie peuvent la clore.
error-game-close-untimed-only = Seules les parties sans cadence peuvent être closes comme abandonnées.
error-game-close-too-soon = Une partie sans cadence peut être close quand aucun coup n’a été joué depuis { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }.

## Discussion et notes

error-game-chat-empty = Écrivez d’abord un message.
error-game-chat-too-long = Un message compte au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }.
error-game-chat-players-only = Seuls les joueurs d’une partie écrivent dans sa discussion.
error-game-chat-blocked = Vous ne pouvez pas écrire à un joueur qui vous a bloqué ou que vous avez bloqué.
error-game-chat-report-recipient-only = Seul le destinataire d’un message peut le signaler.
error-game-notes-players-only = Seuls les joueurs d’une partie peuvent y prendre des notes.
error-game-notes-too-long = Les notes comptent au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }.
error-game-notes-nul = Les notes ne peuvent pas contenir de caractère NUL.

## Reprises de coup

error-game-takeback-players-only = Seuls les joueurs de cette partie peuvent demander à reprendre un coup.
error-game-takeback-rated = Reprendre un coup n’est possible qu’en partie amicale ; cette partie est classée.
error-game-takeback-tournament = Reprendre un coup n’est possible qu’en partie amicale ; cette partie est une partie de tournoi.
error-game-takeback-own-last-move = Vous ne pouvez reprendre que votre dernier coup, avant la réponse de votre adversaire.
error-game-takeback-asked-already = Vous l’avez déjà demandé ; votre adversaire n’a pas encore répondu.
error-game-takeback-answer-players-only = Seuls les joueurs de cette partie peuvent répondre à une demande de reprise.

## Coups conditionnels

# $ply : le demi-coup ; $move : le coup tel que saisi ; $why : la raison (un message
# ci-dessous, ou la raison du moteur de règles, en anglais).
error-game-conditional-ply = Demi-coup { $ply } ({ $move }) : { $why }.
error-game-conditional-line-ply = Ligne { $line }, demi-coup { $ply } ({ $move }) : { $why }.
error-game-conditional-over-here = la partie est déjà terminée à ce stade
# $other : le numéro d’une ligne précédente ; $move : le coup de l’adversaire ; $answer : la
# réponse de cette ligne.
error-game-conditional-two-answers = la ligne { $other } répond ici à { $move } par { $answer } ; donnez une seule réponse à chaque coup
error-game-conditional-too-many-lines = { $max } lignes au maximum, s’il vous plaît (vous en avez envoyé { $count }).
error-game-conditional-line-too-long = La ligne { $line } compte { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    } ; { $max } au maximum, s’il vous plaît.
error-game-conditional-line-ends-unanswered = La ligne { $line } se termine par le coup { $move } de votre adversaire : donnez aussi votre réponse.
error-game-conditional-players-only = Seuls les joueurs de cette partie y ont des coups conditionnels.
error-game-conditional-private = Les coups conditionnels ne sont visibles que par leur auteur.
error-game-conditional-private-not-player = Les coups conditionnels ne sont visibles que par leur auteur ; vous ne jouez pas cette partie.
error-game-conditional-your-move = C’est à vous de jouer : les coups conditionnels servent pendant que votre adversaire a le trait. Jouez d’abord votre coup.

## Tournois

error-game-tournament-started = Ce tournoi a commencé ; il n’accepte plus de joueurs.
error-game-tournament-cancelled = Ce tournoi a été annulé.
error-game-tournament-start-date = La date de début « { $text } » n’est pas une date comme 2027-01-15 ou 2027-01-15T18:00 (UTC).
error-game-tournament-closed = Ce tournoi est terminé (clos).
error-game-tournament-over = Ce tournoi est terminé.
error-game-tournament-joined-already = Vous êtes déjà inscrit à ce tournoi.
error-game-tournament-invited-only = Ce tournoi est réservé aux joueurs invités.
error-game-tournament-full = Ce tournoi est complet ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }).
error-game-tournament-rating-between = Ce tournoi est réservé aux joueurs classés de { $min } à { $max } ; votre classement est de { $rating }.
error-game-tournament-rating-from = Ce tournoi est réservé aux joueurs classés au moins { $min } ; votre classement est de { $rating }.
error-game-tournament-rating-up-to = Ce tournoi est réservé aux joueurs classés au plus { $max } ; votre classement est de { $rating }.
error-game-tournament-not-playing = Vous ne jouez pas dans ce tournoi.
error-game-tournament-organiser-only = Seul l’organisateur peut faire cela.
error-game-tournament-edit-organiser-only = Seul l’organisateur peut modifier ce tournoi.
# $status : running, finished ou cancelled.
error-game-tournament-not-open = Ce tournoi est { $status ->
        [running] en cours
        [finished] terminé
       *[cancelled] annulé
    } ; cela n’est possible qu’avant son début.
error-game-tournament-not-listed = { $name } ne figure pas sur la liste de ce tournoi.
error-game-tournament-name-missing = Donnez un nom au tournoi.
error-game-tournament-name-too-long = Le nom d’un tournoi compte au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }.
error-game-tournament-description-too-long = La description compte au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }.
# $what : min-players, max-players, rounds ou rating.
error-game-tournament-field-range = { $what ->
        [min-players] Le nombre minimal de joueurs
        [max-players] Le nombre maximal de joueurs
        [rounds] Le nombre de rondes
       *[rating] Le classement
    } doit être un nombre entier de { $min } à { $max }.
error-game-tournament-max-players-missing = Indiquez le nombre maximal de joueurs.
error-game-tournament-players-order = Le nombre minimal de joueurs dépasse le nombre maximal.
error-game-tournament-swiss-rounds-missing = Un tournoi au système suisse a besoin d’un nombre de rondes.
error-game-tournament-swiss-too-few-players = { $rounds ->
        [one] { $rounds } ronde demande
       *[other] { $rounds } rondes demandent
    } au moins { $players } joueurs (personne ne rencontre deux fois le même adversaire) ; augmentez le nombre minimal de joueurs ou jouez moins de rondes.
error-game-tournament-start-past = La date de début est passée ; laissez-la vide pour commencer dès que le tournoi est complet.
error-game-tournament-too-many-created = Vous avez créé { $count ->
        [one] { $count } tournoi
       *[other] { $count } tournois
    } au cours de la dernière heure ; patientez avant d’en créer un autre.
error-game-tournament-rated-preset = Seul un préréglage qui suit les règles d’une variante intégrée peut être classé ; rendez le tournoi amical.
error-game-tournament-more-joined = Il y a déjà plus de joueurs inscrits que cela.
error-game-tournament-too-few-joined = { $count ->
        [one] { $count } joueur inscrit
       *[other] { $count } joueurs inscrits
    } ; ce tournoi en demande au moins { $min }.
error-game-tournament-unpairable = La ronde { $round } ne peut pas être appariée sans que deux joueurs se rencontrent à nouveau.

## Préréglages

error-preset-not-found = Ce préréglage n’existe pas.
error-preset-read-only = Les préréglages intégrés ne sont pas modifiables. Dérivez celui-ci pour créer votre propre préréglage.
error-preset-fields = Certains champs sont à corriger.
error-preset-owner-only = Seul le propriétaire d’un préréglage peut le modifier. Dérivez-le pour créer le vôtre.
error-preset-name-crowded = Trop de préréglages portent ce nom ; choisissez-en un autre.
error-preset-too-many-made = Vous avez créé { $count ->
        [one] { $count } préréglage
       *[other] { $count } préréglages
    } au cours de la dernière heure ; patientez avant d’en créer un autre.
error-preset-saved-since = Ce préréglage a été enregistré de nouveau depuis l’ouverture du formulaire (il en est maintenant à la version { $version }). Rechargez le formulaire et refaites vos modifications.
error-preset-saved-meanwhile = Ce préréglage a été enregistré de nouveau entre-temps. Rechargez le formulaire et réessayez.
error-preset-delete-used = « { $name } » ne peut pas être supprimé : { $count ->
        [one] { $count } partie l’utilise
       *[other] { $count } parties l’utilisent
    }. Retirez-le plutôt : il disparaît de l’index et ne lance plus de parties ; ses parties continuent.
error-preset-delete-challenged = « { $name } » ne peut pas être supprimé tant qu’un défi ouvert l’utilise. Annulez d’abord le défi, ou retirez le préréglage.
error-preset-delete-unconfirmed = Pour supprimer le préréglage, cochez « Oui, le supprimer » et appuyez de nouveau sur Supprimer.
error-preset-retired = Le préréglage « { $name } » est retiré : il ne lance plus de parties.
error-preset-one-setup-only = Ce préréglage n’a qu’une seule position de départ.
error-preset-no-such-setup = Ce préréglage n’a pas de position de départ nommée « { $name } ».

## Préréglages : les champs du formulaire d’édition

error-preset-name-empty = Donnez un nom au préréglage.
error-preset-name-long = Le nom d’un préréglage compte au plus { $max } caractères.
error-preset-name-control = Le nom contient des caractères de contrôle.
error-preset-name-taken = Vous avez déjà un préréglage nommé « { $name } ». Choisissez un autre nom.
error-preset-visibility = Choisissez public ou non listé.
error-preset-setup-long = La position de départ est trop longue ({ $max } caractères au plus).
# $why : la raison donnée par le moteur, en anglais.
error-preset-setup-invalid = Position de départ invalide : { $why }.
error-preset-setup-no-move = Position de départ invalide : le camp au trait n’a aucun coup légal, la partie serait finie avant de commencer.
# $problem : l’une des erreurs ci-dessous, à propos d’une position de départ.
error-preset-setups-position = Position de départ « { $name } » : { $problem }
error-setups-line = Positions de départ, ligne { $line } : { $problem ->
        [format] écrivez « nom : FEN ».
        [name-length] un nom compte de 1 à { $max } caractères.
        [reserved] « { $name } » est réservé au tirage au sort du formulaire de défi.
        [no-fen] « { $name } » n’a pas de FEN.
        [twice] deux positions s’appellent « { $name } ».
       *[two-defaults] une seule ligne peut être marquée * (celle par défaut).
    }
error-setups-too-many = Un préréglage compte au plus { $max } positions de départ.
error-setups-just-one = Donnez au moins deux positions de départ, ou laissez la liste vide et utilisez le champ de la position de départ.
# $which : light (claires) ou dark (foncées).
error-preset-colour = La couleur des cases { $which ->
        [light] claires
       *[dark] foncées
    } s’écrit #rrvvbb (par exemple #eedcb4).
error-preset-letters-pair = Écrivez les lettres des pièces par paires LETTRE=AFFICHÉE, comme G=E ; « { $item } » n’en est pas une.
error-preset-letters-unknown = « { $letter } » n’est la lettre d’aucune pièce de cette variante ({ $variant }).
error-preset-letters-shown = La lettre affichée pour { $letter } compte de 1 à { $max } lettres, chiffres ou +.
error-preset-letters-twice = { $letter } est donnée deux fois.
error-preset-definition-long = La définition est trop longue ({ $max } caractères au plus).
# $problems : les problèmes trouvés par le moteur (ligne et clé, en anglais), un par ligne.
error-preset-definition-problems = { $count ->
        [one] La définition de la variante a { $count } problème :
       *[other] La définition de la variante a { $count } problèmes :
    }
    { $problems }
error-preset-move-count = La limite du nombre de coups est un nombre de demi-coups de { $min } à { $max }, ou vide pour aucune.
error-preset-description-long = La description compte au plus { $max } caractères.
error-preset-description-control = La description contient des caractères de contrôle.
error-preset-note = La note de modification tient sur une ligne de { $max } caractères au plus.

## Archives : fichiers PGN importés
# La plupart suivent « non importée : » sur la page d’import, d’où la minuscule.

error-log-not-found = Cette partie n’existe pas.
error-log-upload-limit = Vous avez envoyé { $max ->
        [one] { $max } fichier
       *[other] { $max } fichiers
    } au cours des dernières 24 heures, le maximum permis ; réessayez demain.
error-log-upload-games = un envoi importe au plus { $max ->
        [one] { $max } partie
       *[other] { $max } parties
    } ; envoyez le reste dans un autre fichier
error-log-upload-plies = un envoi importe au plus { $max ->
        [one] { $max } demi-coup
       *[other] { $max } demi-coups
    } en tout ; envoyez le reste dans un autre fichier
# $reason : la raison du lecteur PGN, en anglais.
error-log-pgn-line = ligne { $line } : { $reason }
error-log-tag-too-long = la balise { $tag } dépasse { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }
error-log-game-too-long = { $count ->
        [one] { $count } demi-coup
       *[other] { $count } demi-coups
    } ; une partie envoyée en compte au plus { $max }
error-log-no-variant = la partie n’a pas de balise Variant
error-log-unknown-variant = variante « { $variant } » inconnue, et aucun préréglage de ce serveur ne correspond à sa balise Preset
error-log-time-control = la balise TimeControl « { $tag } » n’est ni un nombre de jours par coup (1/<secondes>) ni une réserve avec incrément (<secondes>+<secondes>)
# $reason : la raison du moteur de règles, en anglais.
error-log-bad-fen = la balise FEN n’est pas une position de cette variante : { $reason }
error-log-duplicate = cette partie figure déjà dans les archives : partie { $game }
# $number : le numéro du coup (12. ou 12...) ; $move : le coup tel qu’écrit ; $reason : la
# raison du moteur de règles, en anglais.
error-log-bad-move = coup { $number } { $move } : { $reason }
error-log-result-tag = la balise Result ({ $tag }) et le résultat après les coups ({ $result }) diffèrent
# $ending : 1-0, 0-1 ou 1/2-1/2 ; $reason : checkmate, stalemate, repetition, move_count ou
# bare_king.
error-log-result-moves = les coups terminent la partie ({ $ending } par { $reason ->
        [checkmate] échec et mat
        [stalemate] pat
        [repetition] répétition
        [move_count] limite du nombre de coups
        [bare_king] Roi dépouillé
       *[other] { $reason }
    }) mais le résultat indique { $result }
error-log-bad-result = « { $result } » n’est pas un résultat valable
error-log-termination = la balise Termination « { $termination } » ne correspond pas à la position finale

## Administration

error-admin-not-admin = Seuls les administrateurs peuvent faire cela.
error-admin-no-such-player = Ce joueur n’existe pas.
# $reason : une erreur de compte, pas encore traduite.
error-admin-account = { $reason }
error-admin-no-player = Aucun joueur ne s’appelle « { $name } ».
error-admin-reason-missing = Indiquez un motif ; il sera montré au joueur.
error-admin-reason-too-long = Le motif est trop long ({ $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    } au maximum).
error-admin-suspend-self = Vous ne pouvez pas vous suspendre vous-même.
error-admin-builtin-preset = Les préréglages intégrés ne peuvent pas être modifiés ici.
error-admin-report-settled = Ce signalement a déjà été traité.
error-admin-verdict = Résultat : choisissez 1-0, 0-1, 1/2-1/2 ou l’annulation.
error-admin-mail-not-waiting = Ce courriel n’est pas en attente d’un nouvel envoi.

## Analyse
# Les noms des champs de l’API (movetime_ms, fen, moves) commencent la plupart de ces messages.

error-analysis-no-preset = préréglage inexistant
# $reason : la raison du moteur de règles, en anglais.
error-analysis-fen = FEN : { $reason }
error-analysis-movetime = movetime_ms : { $value } n’est pas compris entre 1 et { $max }
error-analysis-too-many-moves = moves : { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    } ; { $max } au maximum
error-analysis-api-fen = fen : { $reason }
# $index : la place du coup dans la liste, à partir de 0.
error-analysis-api-move = moves[{ $index }] ({ $move }) : { $reason }

## Confidentialité

# $reason : une erreur de compte, pas encore traduite.
error-privacy-account = { $reason }
error-privacy-confirm-username = Saisissez votre nom d’utilisateur pour confirmer la suppression du compte.

## Comptes

error-account-username-taken = Ce nom d’utilisateur est déjà pris.
error-account-email-taken = Un compte existe déjà avec cette adresse électronique.
error-account-credentials = Nom d’utilisateur ou mot de passe incorrect.
# $reason : le motif de l’administrateur, tel qu’il l’a écrit.
error-account-suspended = Ce compte est suspendu : { $reason }
error-account-rate-limited = Trop de tentatives échouées. Patientez { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } puis réessayez. S’il s’agit de votre compte, une réinitialisation du mot de passe par courriel (sur la page de connexion) vous permet d’entrer tout de suite.
error-account-wrong-password = Votre mot de passe actuel est incorrect.
error-account-reset-link = Ce lien de réinitialisation du mot de passe n’est pas valide, a expiré ou a déjà servi. Demandez-en un nouveau.
error-account-unsubscribe-link = Ce lien n’est pas valide.
error-account-verify-link = Ce lien de confirmation n’est pas valide, a expiré ou a déjà servi. Demandez-en un nouveau dans vos réglages.
error-account-not-found = Ce compte n’existe pas.
error-account-username-length = Un nom d’utilisateur compte de { $min } à { $max } caractères.
error-account-username-chars = Un nom d’utilisateur ne peut contenir que des lettres, des chiffres, _ et -.
error-account-username-reserved = Ce nom d’utilisateur est réservé ; choisissez-en un autre.
error-account-email-empty = Saisissez une adresse électronique.
error-account-email-invalid = Cela ne ressemble pas à une adresse électronique.
error-account-password-short = Un mot de passe compte au moins { $min } caractères.
error-account-password-long = Un mot de passe compte au plus { $max } caractères.
error-account-time-zone = Fuseau horaire inconnu : « { $zone } ».
error-account-language = Langue inconnue : { $tag }
error-account-already-bot = Ce compte est déjà un bot.
error-account-bot-played = Seul un compte qui n’a jamais joué de partie peut devenir un bot.
error-account-on-vacation = Vous êtes déjà en vacances.
error-account-not-on-vacation = Vous n’êtes pas en vacances.
error-account-vacation-used = Vous avez utilisé vos { $days } jours de vacances de { $year }.
error-account-verify-mails = Au plus { $max } courriels de confirmation par jour ; utilisez le dernier reçu, ou réessayez demain.
error-account-block-self = Vous ne pouvez pas vous bloquer vous-même.
error-account-token-scope = Droit inconnu « { $scope } » : les droits sont read et play.
error-account-token-no-scope = Choisissez au moins un droit (read, play).
error-account-token-name-empty = Donnez un nom au jeton.
error-account-token-name-long = Le nom d’un jeton compte au plus { $max } caractères, sans caractères de contrôle.
error-account-token-too-many = Vous avez déjà { $count } jetons ; révoquez-en un avant d’en créer un autre.

## Pourquoi un coup est illégal : les motifs des règles (dans error-game-illegal). $piece, $found,
## $given, $target : noms de pièces ; $square, $from, $to : cases.

# $expected : square, destination, promotion, end, move ; $english : le texte anglais des règles.
move-syntax = erreur de syntaxe au caractère { $at } : { $expected ->
        [square] une case était attendue, comme h2
        [destination] la case d’arrivée était attendue, comme j3
        [promotion] une lettre de pièce était attendue après « = »
        [end] la fin du coup était attendue
        [move] un coup était attendu, comme h2-j3
       *[other] { $english }
    }
move-unknown-piece = lettre de pièce inconnue « { $letter } »
move-wrong-piece = la pièce en { $square } est { $found }, pas { $given }
move-ambiguous = ambigu : choisissez la promotion { $choices }
# $pieces : « Knights on b1 and f3 » (en anglais, non repris ici) ; $choices : « Nbd2 or Nfd2 ».
move-ambiguous-san = { $text } : plusieurs pièces peuvent y aller ; écrivez { $choices }
move-no-such-move = { $text } : aucun coup légal ne s’écrit ainsi
move-off-board = { $square } n’est pas sur l’échiquier
move-no-piece = il n’y a pas de pièce en { $square }
move-not-yours = la pièce en { $square } n’est pas à vous
move-own-piece = vous ne pouvez pas prendre votre propre pièce en { $square }
move-cannot-reach = { $piece } : aucun déplacement de { $from } à { $to }
move-blocked = { $piece } : le chemin de { $from } à { $to } est barré
move-hop-one-screen = { $piece } : ne prend qu’en sautant par-dessus exactement une pièce
move-capture-only = { $piece } : ne va en { $to } que pour prendre
move-move-only = { $piece } : ne peut pas prendre en { $to } de cette façon
move-king-in-check = ce coup laisse votre Roi en échec
move-jump-through-check = le saut du Roi passe par une case attaquée
move-jump-in-check = le Roi ne peut pas sauter quand il est en échec
move-jump-never-captures = le saut du Roi ne prend jamais
move-no-jump-right = le Roi a déjà perdu son saut
move-castling-blocked = pour roquer, toutes les cases entre le Roi et la Tour doivent être vides, et { $square } ne l’est pas
move-castling-in-check = vous ne pouvez pas roquer quand vous êtes en échec
move-castling-through-check = le Roi ne peut pas roquer en passant par la case attaquée { $square }
move-no-castling-right = le droit de roquer de ce côté est perdu
move-must-promote = { $piece } : promotion obligatoire sur la dernière rangée
move-bad-promotion = { $piece } : pas de promotion en { $target } sur ce coup
move-does-not-promote = ce coup n’est pas une promotion
move-game-over = la partie est terminée

## Pourquoi une FEN n’est pas une position de la variante (dans error-preset-setup-invalid et
## error-log-bad-fen). $side : white ou black ; $at : la place d’un caractère dans la FEN (à
## partir de 1) ; $royal, $piece : des noms de pièces ; $square : une case.

fen-empty = la FEN est vide
fen-rank-count = la FEN a { $found ->
    [one] { $found } rangée
   *[other] { $found } rangées
}, l’échiquier en a { $expected }
fen-rank-width = la rangée { $rank } de la FEN a { $found ->
    [one] { $found } case
   *[other] { $found } cases
}, l’échiquier en a { $expected } par rangée
fen-unknown-piece = lettre de pièce inconnue « { $letter } » au caractère { $at }
# $expected : un des messages fen-expected-*.
fen-unexpected = « { $found } » inattendu au caractère { $at } : { $expected }
fen-expected-letter-after-plus = « + » doit être suivi d’une lettre de pièce
fen-expected-piece-digit-or-slash = une lettre de pièce, un chiffre ou « / » était attendu
fen-expected-empty-count = un nombre de cases vides va de 1 à 16
fen-expected-closing-bracket = « [ » doit être fermé par « ] »
fen-expected-no-target = une [cible] ne suit qu’une pièce promue selon sa colonne de départ
fen-side = le trait s’écrit « w » ou « b », pas « { $text } »
# $allowed : un des messages fen-rights-*.
fen-right = droit spécial inconnu « { $found } » au caractère { $at } (cette variante admet { $allowed })
fen-rights-king-jump = K et k (saut du Roi) ou -
fen-rights-castling = K Q k q (roque) ou -
fen-rights-none = seulement -
# $problem : un des messages fen-ep-*.
fen-en-passant = champ de prise en passant « { $field } » invalide : { $problem }
fen-ep-no-square-at = pas de case au caractère { $at }
fen-ep-too-many = { $max } cases au plus
fen-ep-no-square = aucune case
fen-ep-off-board = { $square } est hors de l’échiquier
fen-ep-not-empty = { $square } n’est pas vide
fen-ep-not-on-one-file = les cases doivent se suivre sur une même colonne
fen-ep-no-victim = aucune pièce { $side ->
    [white] blanche
   *[black] noire
} ne se trouve juste au-delà de { $square }
fen-halfmove = le compteur de demi-coups « { $text } » n’est pas un nombre
fen-fullmove = le numéro de coup « { $text } » n’est pas un nombre positif
fen-trailing = texte inattendu « { $text } » après le numéro de coup
fen-too-many-kings = les { $side ->
    [white] Blancs
   *[black] Noirs
} ont plus d’une pièce royale
fen-opponent-in-check = le camp qui n’a pas le trait (les { $side ->
    [white] Blancs
   *[black] Noirs
}) est en échec
# Pourquoi une position lisible ne peut pas commencer une partie.
fen-no-royal = les { $side ->
    [white] Blancs
   *[black] Noirs
} n’ont pas de pièce royale ({ $royal }), alors que la variante en donne une à chaque camp
fen-must-promote = la pièce { $piece } des { $side ->
    [white] Blancs
   *[black] Noirs
} en { $square } se trouve là où elle doit être promue

## Les problèmes d’une définition de variante saisie (dans error-preset-definition-problems).
## $key, $section, $piece, $letter, $name, $image, $rook : tels que la définition les écrit ;
## $error et $text : ce qu’a dit le lecteur Betza, de mouvements ou TOML (en anglais), ou un
## message fen-* ; $side : white ou black.

definition-at-line = ligne { $line } : { $problem }
definition-toml = erreur de syntaxe TOML (le lecteur TOML l’explique en anglais) : { $text }
definition-missing = « { $key } » manque
definition-not-string = « { $key } » doit être une chaîne de caractères
definition-not-bool = « { $key } » doit valoir true ou false
definition-not-number = « { $key } » doit être un nombre
definition-out-of-range = « { $key } » doit être un nombre entier de { $min } à { $max }
definition-not-string-list = « { $key } » doit être une liste de chaînes de caractères
definition-unknown-key = clé « { $key } » inconnue dans { $section }
definition-bad-name = « name » doit être un identifiant en minuscules (lettres, chiffres, « - »)
definition-bad-symmetry = « symmetry » doit valoir « mirror » ou « rotate »
definition-several-royals = une seule sorte de pièce au plus peut être royale
definition-jump-needs-royal = le saut du Roi demande une pièce royale
definition-setup-name-length = le « name » d’une position de départ compte de 1 à 40 caractères
definition-setup-named-twice = deux positions de départ s’appellent « { $name } »
definition-no-pieces = la variante ne déclare aucune [[piece]]
definition-too-many-kinds = { $max } sortes de pièces au plus sont prises en charge
definition-promotes-to-unknown = la pièce « { $piece } » est promue en « { $letter } », qui n’est la lettre d’aucune pièce
definition-bad-image = l’image « { $image } » doit être un identifiant en minuscules comme « dragon-king »
definition-bad-letter = la lettre « { $letter } » doit être une seule majuscule, ou « + » suivi d’une majuscule (une pièce promue)
definition-letter-twice = la lettre « { $letter } » sert deux fois ({ $first } et { $second })
definition-no-moves = la pièce « { $piece } » n’a ni « moves » ni « betza »
definition-moves-and-betza = la pièce « { $piece } » donne à la fois « moves » et « betza » ; gardez l’un des deux
definition-betza = pièce « { $piece } » : { $error }
definition-move-text = pièce « { $piece } », mouvement « { $text } » : { $error }
definition-betza-and-xbetza = la pièce « { $piece } » donne à la fois « betza » et « xbetza » ; « betza » est déjà affiché, ne gardez que lui
definition-xbetza = pièce « { $piece } », « xbetza » : { $error }
definition-note-too-long = pièce « { $piece } » : « xbetza_note » dépasse { $max } caractères
definition-by-start-file-count = « by_start_file » énumère { $count } pièces, l’échiquier a { $width } colonnes
definition-by-start-file-unknown = « by_start_file » nomme « { $letter } », qui n’est la lettre d’aucune pièce
definition-by-start-file-missing = une pièce est promue selon sa colonne de départ : [promotion] demande « by_start_file » avec une pièce par colonne
definition-limits-not-table = « limits » doit être une table de lettres de pièces et de nombres, {"{"} Q = 1, R = 2 {"}"}
definition-limits-unknown = « limits » nomme « { $letter } », qui n’est la lettre d’aucune pièce
definition-limit-out-of-range = la limite de « { $letter } » doit être un nombre entier de 0 à 64
definition-bad-move-count-limit = « move_count_limit » doit être un nombre entier de demi-coups (0 = aucune limite)
definition-bad-stalemate = « stalemate » doit valoir « draw », « loss » ou « win » (pour le camp pat)
definition-bare-king-needs-royal = « bare_king » demande une pièce royale
definition-castling-and-jump = une variante ne peut avoir à la fois le roque et le saut du Roi (tous deux utilisent les lettres de droits K et Q)
definition-castling-needs-royal = le roque demande une pièce royale
definition-castling-rook-unknown = la tour de roque « { $rook } » n’est la lettre d’aucune pièce
definition-internal = erreur interne : variante encore partagée
definition-setup-fen = position de départ « { $name } » : { $error }
definition-start-fen-not-listed = start_fen (la position par défaut) doit être l’une des positions [[setup]]
definition-start-fen = start_fen : { $error }
definition-castling-no-king = roque : les { $side ->
    [white] Blancs
   *[black] Noirs
} n’ont pas de Roi dans la position de départ
# $wing : last-file ou a-file.
definition-castling-no-rook = roque : il manque aux { $side ->
    [white] Blancs
   *[black] Noirs
} une Tour sur la rangée du Roi à plus de { $distance } cases, du côté { $wing ->
    [a-file] de la colonne a
   *[last-file] de la dernière colonne
}
definition-castling-rook-landing = roque : la Tour des { $side ->
    [white] Blancs
   *[black] Noirs
} en { $square } n’arriverait pas entre la case de départ du Roi et la sienne
