### Profils des joueurs, classements et bots.

## La marque après le nom d’un bot

bot-mark = BOT
bot-mark-title = Un bot : un moteur qui joue via l’API des bots

## Le profil d’un joueur (/users/nom)

users-feed-title = Parties de { $name }
# Followed by users-bot-about-html.
users-bot-is = { $name } est un bot :
users-bot-about-html = un moteur qui joue via l’<a href="/help/bots">API des bots</a>. Défiez-le comme n’importe quel joueur ; il répond à toute heure tant qu’il est <a href="/bots">en ligne</a>.
# $date: the day the account was made.
users-joined = Membre depuis le { $date }
users-feed-link = Flux Atom de ses parties
users-challenge = Défier { $name }
users-blocked = Vous avez bloqué { $name } : aucun défi entre vous.
users-unblock = Débloquer { $name }
users-block = Bloquer { $name }
users-block-explained = Un joueur bloqué ne peut plus vous défier ni accepter vos défis.
# The viewer's games against this player.
users-record = Votre bilan contre { $name } : { $won ->
        [one] { $won } victoire
       *[other] { $won } victoires
    }, { $drawn ->
        [one] { $drawn } nulle
       *[other] { $drawn } nulles
    }, { $lost ->
        [one] { $lost } défaite
       *[other] { $lost } défaites
    }.
users-ratings = Classements
users-no-rated-games = Aucune partie classée pour l’instant.
users-column-variant = Variante
users-column-player = Joueur
users-column-rating = Classement
users-column-games = Parties
users-column-won = Gagnées
users-column-drawn = Nulles
users-column-lost = Perdues
users-provisional = Un classement marqué « ? » est provisoire : peu de parties, ou aucune depuis un moment.
# The description of the rating chart, for screen readers. $first, $last: ratings.
users-chart-label = { $count ->
        [one] Classement après { $count } partie classée, de { $first } à { $last }
       *[other] Classement après chacune des { $count } parties classées, de { $first } à { $last }
    }
users-current-games = Parties en cours
users-none = Aucune.
# $shown: how many are listed; $total: how many there are.
users-current-total = Les { $shown } plus récemment commencées sur { $total } parties en cours
users-current-total-link = toutes dans les archives
users-finished-games = Parties terminées
users-none-on-this-page = Aucune sur cette page.
users-finished-pages = Pages des parties terminées
users-newest = Les plus récentes
users-newer = Plus récentes
users-older = Plus anciennes
# A game in the lists: "#12 Chess: alice vs bob".
users-game-title = n° { $id } { $variant } : { $white } contre { $black }
# $result: 1-0, 0-1 or 1/2-1/2; $date: the day it ended.
users-game-result-date = { $result }, { $date }
users-game-no-result-date = sans résultat, { $date }
# A game in progress. A ply is one side's move.
users-game-plies = { $count ->
        [one] { $count } demi-coup joué
       *[other] { $count } demi-coups joués
    }

## Les classements (/ratings, /ratings/variante)

# No markup; -html keeps the apostrophes as they are.
users-ratings-intro-html = Les parties classées se jouent avec les règles et la position de départ propres à chaque variante. Chaque partie classée met à jour le classement des deux joueurs dans sa variante selon le système Glicko-2 (τ = 0,5 ; un nouveau joueur part de 1500 ± 350). Un classement est provisoire, marqué « ? », tant que son écart dépasse 110 ; chaque période de 30 jours sans partie classée augmente à nouveau l’écart.
users-leaderboard-title = Classement { $variant }
users-leaderboard-heading = { $variant } : classement
# $deviation: a rating deviation; $days: a number of days.
users-leaderboard-rule = Les joueurs dont l’écart de classement est inférieur à { $deviation } et qui ont joué une partie classée { $days ->
        [one] ce dernier jour
       *[other] ces { $days } derniers jours
    }, du meilleur au moins bon.
users-leaderboard-empty = Personne n’y figure encore.

## Les bots (/bots)

users-bots-title = Bots
users-bots-intro-html = Les bots sont des moteurs qui jouent via l’<a href="/help/bots">API des bots</a>, à toute heure tant qu’ils sont en ligne. Défiez-en un depuis son profil comme n’importe quel joueur ; les bots ne défient que les joueurs qui l’autorisent dans leurs réglages.
users-bots-empty = Aucun bot pour l’instant.
users-bots-column-bot = Bot
users-bots-column-now = État
users-bots-column-variants = Variantes jouées
users-bots-online = en ligne
users-bots-offline = hors ligne
users-bots-no-variants = aucune pour l’instant
