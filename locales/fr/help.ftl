### Le cadre des pages d’aide. Leur texte est en Markdown dans locales/<tag>/help/<page>.md ;
### une langue sans sa propre copie d’une page montre la page anglaise avec help-english-only.

help-api-title = L’API JSON
help-variants-title = Définir une variante et XBetza
help-bots-title = Bots
help-tournaments-title = Tournois
help-english-only = Cette page n’existe pas encore en français : la voici en anglais.

## Les parties de /help/variants produites par l’import lui-même (Markdown).

help-fsf-parents = Variantes intégrées de Fairy-Stockfish dont une section peut hériter : { $names }. `[t:makruk]` est refusée à cause de ses règles de décompte (`countingRule`), que les règles de plypost n’ont pas ; avec `countingRule = none` dans la section, elle se joue comme le Makruk sans ces règles.
help-fsf-read = **Lues :** { $keys }.
help-fsf-ignored = **Ignorées avec un avertissement** (elles changent la façon dont Fairy-Stockfish affiche ou joue une variante, pas ses règles) : { $keys }, et `mobilityRegion…`. Une clé que Fairy-Stockfish ne connaît pas est elle aussi ignorée avec un avertissement, comme Fairy-Stockfish l’ignore.
help-fsf-refused = **Refusées** dès qu’elles ont une autre valeur que celle par défaut, pour ces motifs :
help-fsf-why = motif
help-fsf-keys = clés
help-fsf-also-refused = Sont aussi refusés : une zone de promotion autre que les dernières rangées (la même pour les deux camps), une zone de double pas autre que les rangées de départ des pièces, la prise en passant sur une partie seulement de l’échiquier, une règle d’extinction autre que le Roi dépouillé, une règle de répétition autre que la troisième occurrence, un roque avec plusieurs sortes de pièces.

## Ce que l’import dit d’un variants.ini, selon son code (aussi dans la boîte Importer du
## formulaire d’édition) : une clé qu’il ignore, et chaque motif pour lequel il refuse une clé.

imported-display-key = ignorée : elle change la façon dont Fairy-Stockfish affiche ou joue la variante, pas ses règles
imported-unknown-key = clé inconnue de Fairy-Stockfish : ignorée, comme Fairy-Stockfish l’ignore

imported-refused-chess960 = le roque des Échecs 960 ne fait pas partie des règles de plypost
imported-refused-two-boards = les pièces venues d’un second échiquier ne font pas partie des règles de plypost
imported-refused-sittuyin-promotion = la promotion du Sittuyin ne fait pas partie des règles de plypost
imported-refused-piece-promotion = la promotion d’autres pièces que les Pions n’est pas encore prise en charge par l’import
imported-refused-promotion-on-capture = la promotion seulement lors d’une prise ne fait pas partie des règles de plypost
imported-refused-demotion = la rétrogradation ne fait pas partie des règles de plypost
imported-refused-explosions = les explosions (Atomic) ne font pas partie des règles de plypost
imported-refused-mutual-immunity = les pièces immunisées les unes contre les autres ne font pas partie des règles de plypost
imported-refused-petrification = la pétrification ne fait pas partie des règles de plypost
imported-refused-triple-steps = les triples pas ne font pas partie des règles de plypost
imported-refused-drops = les parachutages ne font pas partie des règles de plypost
imported-refused-opposite-castling = un roque qui dépend de celui de l’adversaire ne fait pas partie des règles de plypost
imported-refused-no-checks = une partie sans échecs ne fait pas partie des règles de plypost
imported-refused-must-capture = les prises obligatoires ne font pas partie des règles de plypost
imported-refused-pieces-in-hand = les pièces en réserve ne font pas partie des règles de plypost
imported-refused-gating = l’introduction de pièces (gating) ne fait pas partie des règles de plypost
imported-refused-cambodian-moves = les premiers coups cambodgiens ne font pas partie des règles de plypost
imported-refused-walls = les murs ne font pas partie des règles de plypost
imported-refused-palace-diagonals = les diagonales du palais ne font pas partie des règles de plypost
imported-refused-passing = passer son tour ne fait pas partie des règles de plypost
imported-refused-makpong = la règle du Makpong ne fait pas partie des règles de plypost
imported-refused-flying-general = le général volant ne fait pas partie des règles de plypost
imported-refused-soldier-promotion = le changement du Soldat du Xiangqi ne fait pas partie des règles de plypost
imported-refused-flipping = le retournement de pièces ne fait pas partie des règles de plypost
imported-refused-repetition-value = une répétition qui n’entraîne pas la nulle ne fait pas partie des règles de plypost
imported-refused-perpetual-check = la règle de l’échec perpétuel ne fait pas partie des règles de plypost
imported-refused-forbidden-repetition = les répétitions interdites ne font pas partie des règles de plypost
imported-refused-chasing = les règles de poursuite ne font pas partie des règles de plypost
imported-refused-stalemate-count = le décompte du matériel en cas de pat ne fait pas partie des règles de plypost
imported-refused-checkmate-value = un échec et mat qui ne fait pas perdre ne fait pas partie des règles de plypost
imported-refused-shatar-mate = les règles de mat du Shatar ne font pas partie des règles de plypost
imported-refused-bikjang = la règle du bikjang ne fait pas partie des règles de plypost
imported-refused-pseudo-royal = les pièces pseudo-royales ne font pas partie des règles de plypost
imported-refused-flag-wins = les victoires par prise de drapeau ne font pas partie des règles de plypost
imported-refused-check-counting = le décompte des échecs (Three-check) ne fait pas partie des règles de plypost
imported-refused-connection-wins = les victoires par alignement ne font pas partie des règles de plypost
imported-refused-material-counting = le décompte du matériel ne fait pas partie des règles de plypost
imported-refused-counting-rules = les règles de décompte (Makruk, ASEAN) ne font pas partie des règles de plypost
imported-refused-castling-wins = gagner en roquant ne fait pas partie des règles de plypost
imported-refused-immobile = une pièce qui ne se déplace jamais ne fait pas partie des règles de plypost
imported-refused-janggi-cannon = les restrictions propres au Canon du Janggi ne font pas partie des règles de plypost
imported-refused-xiangqi-soldier = le Soldat du Xiangqi change de marche après la rivière, ce que les règles de plypost ne savent pas dire
imported-refused-xiangqi-horse = le Cheval du Xiangqi est un Cavalier qui peut être bloqué, ce que le modèle de déplacement de plypost n’a pas
imported-refused-janggi-elephant = le coup bloquable de l’Éléphant du Janggi ne fait pas partie du modèle de déplacement de plypost
imported-refused-banner = le coup de Cavalier bloquable de la Bannière ne fait pas partie du modèle de déplacement de plypost
