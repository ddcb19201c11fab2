### Les pages d’administration : suspensions, préréglages, arbitrages, messages signalés,
### courriels en échec, et le journal d’audit.

admin-title = Administration
admin-audit-title = Journal d’audit
# After a link to the audit log.
admin-audit-note = chaque action faite ici y est inscrite.
# After an action, at the top of the page.
admin-notice-suspended = Le joueur est suspendu.
admin-notice-reinstated = Le joueur est rétabli.
admin-notice-preset = Le préréglage a été modifié.
admin-notice-adjudicated = La partie est terminée.
admin-notice-report = Le signalement est traité.
admin-notice-mail = Le courriel est de nouveau en file d’attente.
admin-reason = Motif

## Suspensions

admin-suspend-title = Suspendre un joueur
admin-suspend-text = Un joueur suspendu ne peut plus se connecter ni lancer de défis ; ses parties continuent, et il peut les perdre au temps comme d’habitude.
admin-username = Nom d’utilisateur
admin-reason-shown = Motif (montré au joueur)
admin-suspend = Suspendre
admin-suspended = Suspendus
# After a suspended player's name; $reason: why (may be empty).
admin-suspended-reason = {"\u00A0"}: { $reason }
admin-reinstate = Rétablir

## Préréglages

admin-preset-title = Retirer ou supprimer un préréglage
admin-preset-text = Un préréglage retiré disparaît de l’index et des nouveaux défis ; ses parties continuent. Seul un préréglage qu’aucune partie n’utilise peut être supprimé.
admin-preset-slug-html = Préréglage (son nom dans l’adresse, p. ex. <code>my-capablanca</code>)
admin-action = Action
admin-retire = Retirer
admin-delete = Supprimer
admin-apply = Appliquer

## Arbitrages

admin-adjudicate-title = Arbitrer une partie
admin-adjudicate-text = Termine une partie en cours (une partie délaissée, par exemple) avec le résultat choisi, ou l’annule ; les deux joueurs sont prévenus par courriel.
admin-game-number = Numéro de la partie
admin-result = Résultat
admin-result-white = 1-0 (les Blancs gagnent)
admin-result-black = 0-1 (les Noirs gagnent)
admin-result-draw = ½-½ (nulle)
admin-result-abort = Annuler (sans résultat, non classée)
admin-end-game = Terminer la partie
admin-error-game-number = Numéro de la partie : indiquez le numéro de la partie.

## Messages signalés

admin-reports-title = Messages de discussion signalés
admin-no-reports = Aucun signalement.
admin-column-game = Partie
admin-column-author = Auteur
admin-column-message = Message
admin-column-actions = Actions
admin-dismiss = Classer sans suite
admin-remove-message = Supprimer le message

## Courriels en échec

admin-mail-title = Courriels en échec
admin-no-failed-mail = Aucun courriel en échec.
admin-column-to = Destinataire
admin-column-subject = Objet
admin-column-attempts = Tentatives
admin-column-last-error = Dernière erreur
admin-column-retry = Réessayer
admin-retry = Réessayer

## Le journal d’audit (/admin/audit)

admin-audit-newest = { $count ->
        [one] { $count } action d’administration.
       *[other] les { $count } dernières actions d’administration.
    }
admin-audit-empty = Aucune action d’administration pour l’instant.
admin-audit-column-when = Date (UTC)
admin-audit-column-admin = Administrateur
admin-audit-column-action = Action
admin-audit-column-target = Objet
admin-audit-column-reason = Motif
# An admin action. $key: the action with dashes (suspend, retire-preset...); $action: as
# stored, shown when no variant has it.
admin-audit-action = { $key ->
        [suspend] suspension
        [reinstate] rétablissement
        [retire-preset] retrait d’un préréglage
        [delete-preset] suppression d’un préréglage
        [dismiss-report] signalement classé
        [remove-message] message supprimé
        [adjudicate] arbitrage
        [retry-mail] nouvel envoi d’un courriel
       *[other] { $action }
    }
# What an admin action was about.
admin-audit-target-game = partie n° { $id } : { $result ->
        [aborted] annulée
       *[other] { $result }
    }
admin-audit-target-message = message n° { $id }
admin-audit-target-mail = courriel n° { $id }
