### Connexion, inscription, réinitialisation du mot de passe, confirmation d’adresse, désabonnement.

auth-log-in = Se connecter
auth-register = S’inscrire
auth-create-account = Créer un compte
auth-username = Nom d’utilisateur
auth-username-hint = De 3 à 32 lettres, chiffres, _ ou -.
auth-email = Adresse électronique
auth-email-hint = Pour les notifications et la réinitialisation du mot de passe ; jamais montrée aux autres.
auth-password = Mot de passe
auth-passwords-differ = Les deux mots de passe ne sont pas identiques.
settings-new-passwords-differ = Les deux nouveaux mots de passe ne sont pas identiques.
auth-password-again = Mot de passe (confirmation)
auth-password-hint = Au moins 10 caractères.
auth-forgot = Mot de passe oublié ?
auth-already-registered = Déjà inscrit ?
auth-reset-title = Réinitialiser votre mot de passe
auth-reset-sent-before = Si un compte utilise
auth-reset-sent-after = , un lien pour choisir un nouveau mot de passe y a été envoyé. Le lien est valable une heure.
auth-back-to-login = Retour à la connexion
auth-reset-intro = Saisissez l’adresse électronique de votre compte : nous vous enverrons un lien.
auth-send-link = Envoyer le lien
auth-new-password-title = Choisir un nouveau mot de passe
auth-for-account = Pour le compte
auth-new-password = Nouveau mot de passe
auth-new-password-again = Nouveau mot de passe (confirmation)
auth-set-password = Enregistrer le mot de passe
auth-ask-new-link = Demander un nouveau lien
auth-confirm-title = Confirmer votre adresse
auth-confirm-before = Appuyez sur le bouton pour confirmer que
auth-confirm-after = est votre adresse pour plypost. Les courriels de partie y seront alors envoyés, et les coups que vous enverrez depuis cette adresse seront joués.
auth-confirm = Confirmer
auth-confirm-new-link = Demander un nouveau lien dans vos réglages
auth-unsubscribe = Se désabonner
auth-unsubscribe-done = C’est fait : vous ne recevrez plus { $what }. Vous pouvez les réactiver dans vos réglages.
auth-unsubscribe-ask = Ne plus m’envoyer { $what } ?
# Les courriels dont parle un lien de désabonnement. $kind : your_turn, reminder, chat, challenge, game_end.
auth-unsubscribe-what = { $kind ->
    [your_turn] les courriels quand c’est à vous de jouer
    [reminder] les rappels avant que votre temps ne s’écoule
    [chat] les courriels reprenant ce que vos adversaires écrivent dans la discussion
    [challenge] les courriels sur les défis (reçus, acceptés, refusés)
    [game_end] les courriels sur la fin de vos parties
   *[other] ces courriels
}

## Jetons d’API et agenda

settings-api-title = Jetons d’API et agenda
settings-api-settings = Réglages
settings-api-how = Utiliser l’API
settings-api-new-token-title = Votre nouveau jeton
settings-api-copy-now = Copiez-le maintenant : il n’est montré qu’une fois. Envoyez-le sous la forme
settings-api-token = Jeton
settings-api-tokens = Jetons d’accès personnels
settings-api-no-tokens = Vous n’avez aucun jeton.
settings-api-c-name = Nom
settings-api-c-scopes = Droits
settings-api-c-made = Créé
settings-api-c-last-used = Dernier usage
settings-api-revoke = Révoquer
settings-api-new-token = Nouveau jeton
settings-api-name = Nom (à quoi il sert)
settings-api-read = read : voir vos parties, vos défis et votre profil
settings-api-play = play : lancer des défis, jouer, abandonner, répondre aux propositions de nulle
settings-api-make-token = Créer un jeton
settings-api-calendar = Agenda des échéances
settings-api-calendar-intro = Un lien iCalendar avec un événement par partie où c’est à vous de jouer, qui se termine à votre échéance, avec un rappel. Abonnez-vous-y dans votre application d’agenda ; il suit vos parties au fil des coups. Quiconque a le lien voit vos échéances : gardez-le pour vous.
settings-api-calendar-link = Lien de l’agenda
settings-api-new-link = Créer un nouveau lien (l’ancien cesse de fonctionner)
settings-api-make-link = Créer un lien d’agenda
settings-api-never = jamais
settings-api-revoked = Le jeton a été révoqué : il ne fonctionne plus.
settings-api-calendar-ready = Votre lien d’agenda est prêt ; un lien précédent ne fonctionne plus.

## Réglages

settings-title = Réglages
settings-signed-in-as = Connecté en tant que
settings-member-since = membre depuis le
settings-notifications = Notifications et heure
settings-notify-turn = M’envoyer un courriel quand c’est à moi de jouer
settings-notify-reminder = Me prévenir avant que mon temps s’épuise
settings-notify-chat = M’envoyer ce que mes adversaires écrivent dans la discussion d’une partie
settings-notify-challenge = M’envoyer les défis qui me sont adressés, et quand les miens sont acceptés ou refusés
settings-notify-game-end = M’envoyer l’issue de mes parties
settings-notify-computer = M’envoyer les coups de l’ordinateur même quand ils arrivent moins d’une minute après les miens (je suis en général encore sur la page)
settings-long-notation = Afficher les coups en notation complète
settings-instead-of-standard = plutôt qu’en notation abrégée
settings-public-chat = Laisser tout le monde lire la discussion de mes parties terminées (seulement si mon adversaire l’accepte aussi)
settings-bots-before = Laisser les bots (des moteurs qui jouent par
settings-bot-api = l’API des bots
settings-bots-after = ) me lancer des défis
settings-time-zone = Fuseau horaire des dates
settings-save-preferences = Enregistrer les préférences
settings-vacation = Vacances
settings-vacation-intro = Jusqu’à { $days } jours par an. Pendant vos vacances, vos pendules s’arrêtent dans toutes les parties qui le permettent (pas dans les parties « sans vacances »), vos adversaires le voient, et aucun rappel n’est envoyé.
settings-on-vacation = Vous êtes en vacances
settings-vacation-since = depuis le { $since }
settings-vacation-until = , jusqu’au { $until } au plus tard (quand le crédit de l’année sera épuisé).
settings-end-vacation = Terminer mes vacances
settings-vacation-left = Vacances restantes cette année :
settings-start-vacation = Commencer mes vacances
settings-moving-by-mail = Jouer par courriel
settings-mail-intro = On peut répondre à chaque courriel sur une partie : répondez avec votre coup sur la première ligne (toute notation acceptée par la page de la partie), éventuellement un commentaire sur la ligne suivante ; ou
settings-mail-or-move = ou un coup suivi de
settings-mail-address = Les réponses vont à une adresse personnelle chez { $address } qui désigne la partie et vous.
settings-mail-revoke-hint = Si l’un de vos courriels a été transféré ou lu par quelqu’un d’autre, révoquez les adresses : les réponses à tous les courriels précédents sont alors ignorées, et les nouveaux courriels portent de nouvelles adresses.
settings-mail-revoke = Révoquer mes adresses de réponse
settings-email-address = Adresse électronique
settings-currently = Actuellement
settings-not-confirmed = non confirmée
settings-link-to-confirm = Un lien pour confirmer
settings-link-mailed = y a été envoyé le { $at }.
settings-until-follow-old = Tant que vous ne l’avez pas suivi, les courriels de partie vont à { $email }.
settings-until-follow-none = Tant que vous ne l’avez pas suivi, aucun courriel de partie ne vous est envoyé et les coups par courriel ne sont pas joués.
settings-send-again = Renvoyer le lien
settings-address-unconfirmed = Votre adresse n’est pas confirmée : aucun courriel de partie ne vous est envoyé.
settings-mail-confirmation = M’envoyer un lien de confirmation
settings-new-email = Nouvelle adresse
settings-current-password = Mot de passe actuel
settings-change-email = Changer d’adresse
settings-password = Mot de passe
settings-password-hint = Au moins 10 caractères. Vos autres sessions seront déconnectées.
settings-change-password = Changer de mot de passe
settings-tokens-before = Les jetons permettent à des scripts, des bots et des applications d’utiliser
settings-json-api = l’API JSON
settings-tokens-after = en votre nom ; le lien d’agenda montre vos échéances dans une application d’agenda.
settings-manage-tokens = Gérer les jetons et le lien d’agenda
settings-your-data = Vos données
settings-download = Télécharger tout ce qui est enregistré sur vous
settings-download-what = (JSON : votre compte, vos parties avec leurs coups, vos notes, vos messages, vos défis, vos préréglages, vos classements, vos jetons d’API, vos tournois).
settings-delete-account = Supprimer votre compte
settings-delete-hint = Vos parties en cours sont abandonnées, vos défis ouverts retirés, vos places en tournoi libérées et vos notes supprimées. Les parties terminées restent dans les archives sous un nom anonyme. C’est irréversible.
settings-confirm-username = Votre nom d’utilisateur, pour confirmer
settings-your-password = Votre mot de passe
settings-delete-my-account = Supprimer mon compte
settings-notice-email = Votre adresse électronique a été changée.
settings-notice-email-link = Un lien de confirmation a été envoyé à la nouvelle adresse.
settings-notice-email-confirmed = Votre adresse est confirmée.
settings-notice-password = Votre mot de passe a été changé. Les autres sessions ont été déconnectées.
settings-notice-preferences = Vos préférences ont été enregistrées.
settings-notice-vacation-started = Vos vacances ont commencé : vos pendules sont arrêtées.
settings-notice-replies-revoked = Vos adresses de réponse ont été révoquées : les réponses aux courriels précédents sont ignorées ; les nouveaux courriels portent de nouvelles adresses.
settings-notice-vacation-ended = Bon retour parmi nous : vos vacances sont terminées et vos pendules tournent de nouveau.
settings-vacation-none = aucune
