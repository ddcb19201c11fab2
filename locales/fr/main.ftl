### Le cadre du site (en-tête, navigation, pied de page), les mots communs, et l'écriture des
### dates et des nombres. Les autres fichiers contiennent chacun une partie du site.

language-name = Français

## Dates et nombres (voir src/i18n/format.rs pour les variables)

month-short-1 = janv.
month-short-2 = févr.
month-short-3 = mars
month-short-4 = avr.
month-short-5 = mai
month-short-6 = juin
month-short-7 = juil.
month-short-8 = août
month-short-9 = sept.
month-short-10 = oct.
month-short-11 = nov.
month-short-12 = déc.
date-format = { $day } { $month } { $year }
datetime-format = { $date }, { $time } { $zone }
number-group-separator = {"\u202F"}
number-decimal-separator = ,

## En-tête et navigation

site-title-suffix = plypost
nav-sections = Rubriques
nav-home = Accueil
nav-games = Parties
nav-tournaments = Tournois
nav-presets = Préréglages
nav-logs = Archives
nav-ratings = Classement
nav-help = Aide
nav-account = Compte
nav-admin = Administration
nav-log-out = Se déconnecter
nav-log-in = Se connecter
nav-register = S’inscrire

## Pied de page

footer-about = plypost — variantes d’échecs par correspondance. Logiciel libre, MIT ou Apache-2.0.
footer-variants-help = Écrire une variante : le format de définition et XBetza
footer-api-help = L’API JSON
footer-language = Langue
footer-language-choose = Afficher le site dans cette langue

## Pages d'erreur et de message

status-400-title = Requête incorrecte
status-400 = La requête n’a pas pu être comprise. Revenez en arrière et réessayez.
status-403-title = Accès refusé
status-403 = Vous n’avez pas le droit de faire cela. Si vous avez envoyé un formulaire, rechargez la page et réessayez.
status-404-title = Page introuvable
status-404 = Il n’y a rien à cette adresse.
status-405-title = Non autorisé
status-405 = Cette adresse n’accepte pas ce type de requête.
status-413-title = Trop volumineux
status-413 = L’envoi dépasse la taille acceptée par le serveur.
status-429-title = Trop de requêtes
status-429 = Patientez un peu et réessayez.
status-503-title = Momentanément indisponible
status-503 = Le serveur ne peut pas répondre pour l’instant. Réessayez dans un moment.
status-4xx-title = Requête refusée
status-4xx = La requête n’a pas pu être servie.
status-500-title = Une erreur est survenue
status-500 = Le serveur n’a pas pu répondre à cette requête. Le problème a été enregistré ; réessayez plus tard.
error-home = Aller à l’accueil
error-back = Retour

## Mots communs

count-moves = { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}

## Durées

duration-none = plus de temps
duration-less-than-a-minute = moins d’une minute
duration-pair = { $big } { $small }
duration-days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
duration-hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}

## Cadences

time-days-per-move = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
}
time-fischer = { $reserve } + { $increment } par coup
time-fischer-no-increment = { $reserve } en tout
time-with-cap = { $control }, { $cap } au plus
time-untimed = sans cadence

## Titres des refus

refusal-nothing-changed = Rien n’a changé
refusal-not-allowed = Action non autorisée
refusal-not-accepted = Refusé
refusal-please-wait = Veuillez patienter

## Les requêtes que le serveur n’a pas pu lire

request-body-unreadable = Le corps de la requête n’a pas pu être lu.
request-form-unreadable = Le formulaire n’a pas pu être lu.
request-form-incomplete = Le formulaire était incomplet.
request-field-nul = Le champ « { $field } » contient un caractère NUL, qu’aucun texte ne peut contenir.
request-address-nul = L’adresse contient un caractère NUL (%00), qu’aucun texte ne peut contenir.

## Réglages : la langue

settings-language = Langue des pages et des courriels
settings-language-browser = Celle du navigateur (courriels : { $mails })

## Résultats et fins de partie (pages et courriels)

end-reason = { $reason ->
    [checkmate] échec et mat
    [resignation] abandon
    [time] au temps
    [agreement] nulle par accord
    [stalemate] pat
    [repetition] triple répétition
    [move_count] règle du nombre de coups
    [bare_king] Roi dépouillé
    [abandoned] partie abandonnée
    [withdrawal] retrait du tournoi
    [adjudication] décision d’un administrateur
    [aborted] partie annulée
   *[account_deleted] compte supprimé
}
result-in-progress = en cours
result-with-reason = { $result }, { $reason }
result-none-reason = sans résultat, { $reason }
result-none = sans résultat
