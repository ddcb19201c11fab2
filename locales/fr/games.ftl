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
