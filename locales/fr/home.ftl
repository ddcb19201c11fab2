### La page d’accueil : les parties et invitations d’un joueur, ou l’accueil des visiteurs.

home-title = Accueil

## Les parties d’un joueur connecté

home-hello = Bonjour, { $name }
home-your-move = À vous de jouer
home-nothing-waiting = Aucune partie n’attend votre coup.
home-find-a-game = Trouver une partie
# A game in the list: "#12 Chess: alice vs bob".
home-game-title = n° { $id } { $variant } : { $white } contre { $black }
# Followed by the opponent's name (a link).
home-against = contre
# $left: a span of time ("2 days 4 hours").
home-time-left = reste { $left }
home-clock-stopped = (pendule arrêtée : vacances)
# $deadline: a date and time.
home-move-by = à jouer avant le { $deadline }
home-move-no-limit = sans limite de temps
home-invitations = Invitations
home-invitation = { $author } vous invite à une partie ({ $variant })
home-their-turn = En attente de l’adversaire
# $shown: how many games are listed; $total: how many there are.
home-their-turn-total = Les { $shown } plus urgentes sur { $total }
home-all-games-in-progress = toutes vos parties en cours
# After the opponent's name.
home-to-move-by = doit jouer avant le { $deadline }
home-to-move-no-limit = doit jouer, sans limite de temps
home-time-left-paren = (reste { $left })
home-time-left-paused = (reste { $left }, pendule arrêtée : vacances)
home-recently-finished = Terminées récemment
# How a finished game ended for the player.
home-outcome-won = Victoire
home-outcome-lost = Défaite
home-outcome-drew = Nulle
home-outcome-none = Sans résultat
# $result: 1-0, 0-1 or 1/2-1/2; $reason: why the game ended ("checkmate").
home-result-with-reason = { $result }, { $reason }

## L’accueil des visiteurs

home-hero-title = Variantes d’échecs par correspondance
home-hero-lead = Jouez les variantes géantes — Terachess, Teramachy, Obento Chess, GraTiA, Metamachy, Gigachess et d’autres — à votre rythme : un coup par jour, un courriel quand c’est votre tour, un échiquier à la taille de votre téléphone.
home-create-account = Créer un compte
home-log-in = Se connecter
home-feature-presets = Préréglages
home-feature-presets-text = Chaque partie garde les règles exactes avec lesquelles elle a commencé ; dérivez un préréglage pour créer le vôtre.
home-feature-mail = Jeu par courriel
home-feature-mail-text = Recevez un courriel quand c’est à vous de jouer, et un rappel avant la fin de votre temps.
home-feature-logs = Archives ouvertes
home-feature-logs-text = Parcourez, rejouez et téléchargez toutes les parties.
