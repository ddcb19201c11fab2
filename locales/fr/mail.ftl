### Les courriels. Les retours à la ligne d’un message sont conservés : les courriels sont en
### texte brut, coupés vers 90 caractères.

## Parties communes

mail-subject-game = [plypost] Partie n° { $id } { $variant } : { $white } – { $black } — { $what }
mail-header = Partie n° { $id }, { $variant } : { $white } (Blancs) – { $black } (Noirs)
mail-what-your-move = à vous de jouer
mail-what-your-move-draw = à vous de jouer (nulle proposée)
mail-what-started = la partie commence
mail-what-draw-declined = nulle refusée
mail-what-conditional = coup conditionnel joué
mail-what-over = partie terminée, { $result }
mail-what-reminder = rappel : il vous reste { $left }
mail-what-chat = message de { $author }
mail-the-game = La partie : { $link }
mail-your-move = C’est à vous de jouer.
mail-move-by = Jouez avant le { $due }.
mail-footer-reply = Pour jouer, répondez à ce courriel avec votre coup sur la première ligne (ou `resign` pour abandonner, `accept draw` pour accepter la nulle, ou un coup suivi de `draw?` pour proposer la nulle).
mail-footer =
    plypost. Vous recevez ces courriels parce que vous jouez sur plypost.
    Vos réglages de courriel : { $settings }
mail-board-alt = L’échiquier de la partie { $game } { $when }
mail-board-alt-start = La position de départ
mail-at-start = au départ
mail-after-white = après le { $number ->
    [1] 1er
   *[other] { $number }e
} coup des Blancs
mail-after-black = après le { $number ->
    [1] 1er
   *[other] { $number }e
} coup des Noirs
mail-colour = { $colour ->
    [white] les Blancs
    [black] les Noirs
   *[random] une couleur tirée au sort
}
mail-hello = Bonjour { $username },
mail-once-a-day = Vous recevez cet avis au plus une fois par jour.
mail-you = Vous

## Un coup, la partie continue

mail-played = { $mover } a joué { $move }
mail-played-conditional = (l’un des coups conditionnels de { $mover }, joué aussitôt en réponse)
mail-conditionals-dropped =
    Aucun de vos coups conditionnels ne prévoyait ce coup : ils ont donc été supprimés. Vous
    pourrez en saisir de nouveaux après votre coup.
mail-comment = Commentaire : { $comment }
mail-draw-offered = { $mover } propose la nulle. Acceptez-la sur la page de la partie, ou refusez-la en jouant.
mail-draw-declined = { $decliner } a refusé votre proposition de nulle. La partie continue.
mail-conditional-played =
    { $opponent } a joué { $their }, que vos coups conditionnels prévoyaient :
    votre réponse { $yours } a donc été jouée pour vous.
    C’est maintenant à { $opponent } de jouer.
mail-reminder =
    C’est à vous de jouer, et votre temps s’épuise : il vous reste { $left }.
    Jouez avant le { $deadline }, sinon vous perdez la partie au temps.
mail-chat-wrote = { $author } a écrit :
mail-chat-answer = Répondez sur la page de la partie : { $link }

## Le début

mail-game-started = La partie a commencé. Vous jouez { $colour ->
    [white] les Blancs
   *[black] les Noirs
}.
mail-subject-invitation = [plypost] Défi n° { $id } : { $author } vous invite à une partie ({ $variant })
mail-invitation = { $author } vous invite à une partie ({ $variant } ; { $control } ; { $author } joue { $colour ->
    [white] les Blancs
    [black] les Noirs
   *[random] une couleur tirée au sort
}).
mail-invitation-message = Son message : { $message }
mail-invitation-answer = Acceptez ou refusez ici : { $link }
mail-setup-random = La position de départ est tirée au sort au début de la partie ; par défaut :
mail-setup-named = La position de départ ({ $name }) :
mail-setup = La position de départ :
mail-subject-declined = [plypost] Défi n° { $id } : { $by } a refusé
mail-challenge-declined = { $by } a refusé votre défi n° { $id } pour une partie ({ $variant } ; { $control }).
mail-challenge-declined-next = Défiez quelqu’un d’autre, ou publiez un défi ouvert : { $link }

## La fin

mail-game-over = La partie est terminée : { $result }.
mail-ended-played = { $mover } a joué { $move }.
mail-ended-conditional-mine = Votre coup conditionnel { $move } a été joué pour vous, aussitôt en réponse.
mail-ended-conditional = { $mover } a joué { $move }, l’un de ses coups conditionnels, aussitôt en réponse.
mail-ended-resigned = { $you ->
    [yes] Vous avez abandonné.
   *[no] { $by } a abandonné.
}
mail-ended-agreed = { $you ->
    [yes] Vous avez accepté la proposition de nulle.
   *[no] { $by } a accepté la proposition de nulle.
}
mail-ended-time = { $you ->
    [yes] Vous avez dépassé le temps ({ $at }).
   *[no] { $by } a dépassé le temps ({ $at }).
}
mail-ended-time-draw = { $you ->
    [yes] La partie est nulle, car vous ne pouviez plus mater.
   *[no] La partie est nulle, car { $by } ne pouvait plus mater.
}
mail-ended-abandoned = { $you ->
    [yes] Vous avez clos cette partie sans cadence comme abandonnée : aucun coup n’a été joué depuis { $days } jours.
   *[no] { $by } a clos cette partie sans cadence comme abandonnée : aucun coup n’a été joué depuis { $days } jours.
}
mail-ended-withdrawal = { $you ->
    [yes] Vous vous êtes retiré du tournoi.
   *[no] { $by } s’est retiré du tournoi.
}
mail-ended-adjudication = Un administrateur a fixé le résultat.
mail-ended-aborted = { $you ->
    [yes] Vous avez annulé la partie avant que chaque camp ait joué : elle n’a pas de résultat et n’est pas classée.
   *[no] { $by } a annulé la partie avant que chaque camp ait joué : elle n’a pas de résultat et n’est pas classée.
}
mail-ended-aborted-admin = Un administrateur a annulé la partie : elle n’a pas de résultat et n’est pas classée.
mail-ended-account-deleted = { $by } a supprimé son compte.

## Tournois

mail-subject-tournament-started = [plypost] Tournoi « { $name } » — début
mail-subject-tournament-finished = [plypost] Tournoi « { $name } » — classement final
mail-tournament-nobody = personne
mail-tournament-withdrew = (retiré)
mail-tournament-started = Le tournoi « { $name } » a commencé.
mail-tournament-your-games = Vos parties :
mail-tournament-game = Partie n° { $id } (ronde { $round }) : vous jouez { $colour ->
    [white] les Blancs
   *[black] les Noirs
} contre { $opponent } :
mail-tournament-finished = Le tournoi « { $name } » est terminé. Vainqueur : { $winner }.
mail-tournament-final-table = Classement final :
mail-tournament-crosstable = Le tableau croisé : { $link }

## Comptes

mail-subject-reset = Réinitialiser votre mot de passe plypost
mail-reset-request =
    Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte plypost.
    Pour choisir un nouveau mot de passe, ouvrez ce lien dans les { $minutes } minutes :
mail-reset-button = Choisir un nouveau mot de passe
mail-reset-copy = Ou copiez cette adresse : { $link }
mail-reset-once =
    Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce courriel : votre
    mot de passe reste inchangé.
mail-subject-verify = Confirmez votre adresse pour plypost
mail-verify =
    Merci de confirmer que { $email } est votre adresse pour plypost. D’ici là, aucun courriel de partie
    n’y est envoyé et les coups envoyés depuis cette adresse ne sont pas joués.
mail-verify-change =
    Merci de confirmer que { $email } est votre adresse pour plypost (elle doit
    remplacer { $old }). D’ici là, aucun courriel de partie n’y est envoyé et les coups
    envoyés depuis cette adresse ne sont pas joués.
mail-verify-open = Ouvrez ce lien dans les { $hours } heures et appuyez sur « Confirmer » :
mail-verify-ignore = Si vous n’avez rien demandé, ignorez ce courriel : rien ne change.

## Réponses par courriel

mail-answer-footer = plypost. Ceci répond au courriel que vous avez envoyé.
mail-foreign-reply =
    Une réponse à un courriel sur la partie n° { $game } est venue de { $from }, qui n’est pas l’adresse
    de votre compte plypost : rien n’a été joué et l’expéditeur n’a reçu aucune réponse.
mail-foreign-reply-move = Si c’était vous, répondez depuis { $address }, ou jouez sur la page de la partie : { $link }
mail-foreign-reply-revoke =
    Si ce n’était pas vous, quelqu’un détient l’une de vos adresses de réponse : vous pouvez toutes
    les révoquer dans vos réglages ({ $settings }).

## Reprises de coup

mail-what-takeback-asked = reprise demandée
mail-what-takeback-accepted = reprise acceptée
mail-what-takeback-declined = reprise refusée
mail-takeback-asked = { $name } demande à reprendre son dernier coup. Acceptez ou refusez sur la page de la partie.
mail-takeback-accepted = { $name } a accepté votre demande de reprise : votre dernier coup est annulé et c’est de nouveau à vous de jouer.
mail-takeback-declined = { $name } a refusé votre demande de reprise. La partie continue.

## Réponses aux courriels de coups

mail-subject-foreign-reply = [plypost] Partie n° { $game } : une réponse venue d’une autre adresse
mail-what-played = joué
mail-what-not-played = non joué
mail-answer-their-move = C’est à { $name } de jouer.
mail-answer-resigned = Vous avez abandonné la partie.
mail-answer-accepted-draw = Vous avez accepté la nulle.
mail-answer-not-played = Non joué : { $error }
mail-answer-played = Votre coup { $move } a été joué{ $offer ->
    [yes] , avec une proposition de nulle
   *[no] {""}
}.
mail-answer-played-reply = Votre coup { $move } a été joué{ $offer ->
    [yes] , avec une proposition de nulle
   *[no] {""}
} ; le coup conditionnel de votre adversaire, { $reply }, a été joué en réponse.
mail-answer-taken-back = Un coup a été repris depuis le courriel auquel vous répondez : la position qu’il montrait n’existe plus et `{ $move }` n’a pas été joué. Voici la partie telle qu’elle est.
mail-answer-moved-on = La partie a avancé depuis le courriel auquel vous répondez (écrit { $then } ; la partie en est maintenant { $now }) : `{ $move }` n’a donc pas été joué. Voici la partie telle qu’elle est.
mail-answer-first-line = Rien n’a été joué : la première ligne de votre réponse doit contenir votre coup seul, par exemple `{ $example }` (un coup légal ici), ou `resign`, ou `accept draw` ; ajoutez `draw?` après un coup pour proposer la nulle. Le reste de la réponse est gardé comme commentaire. Votre première ligne était : « { $quoted } ».

## L’échiquier en texte

mail-board-last-move = Dernier coup : de { $from } (marqué *) à { $to }.
mail-board-key = Légende : { $pieces } ; Blancs en majuscules, Noirs en minuscules.
