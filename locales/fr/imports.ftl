## Ce que l’import dit d’un variants.ini ou d’un Interactive Diagram qu’il ne peut lire tel
## quel, selon son code (boîte Importer du formulaire d’édition ; l’API donne le code et le
## texte anglais). Le cadre autour (la ligne, la clé) vient de presets.ftl.

## Le texte variants.ini lui-même.
imported-ini-too-long = le fichier dépasse { $limit } Ko
imported-ini-unclosed-header = un en-tête de section doit se terminer par `]`
imported-ini-bad-header = une section s’écrit `[nom]` ou `[nom:parent]`, les noms faits de lettres, de chiffres, de `-` et de `_`
imported-ini-section-twice = cette section est définie deux fois
imported-ini-no-equals = `clé = valeur` attendu
imported-ini-bad-key = une clé est faite de lettres, de chiffres et de `_`
imported-ini-key-before-section = une clé avant toute `[section]`
imported-ini-key-twice = donnée deux fois dans cette section (la première à la ligne { $first })
imported-ini-too-deep = trop de parents à la suite
imported-ini-parent-loop = ses parents ramènent à elle
imported-ini-no-parent = aucune section ni variante intégrée `{ $name }` dont hériter
imported-ini-no-section = aucune section `{ $name }` dans le fichier
imported-no-section-in-text = le texte n’a aucune [section]
imported-pick-section = le texte a { $count } sections ; choisissez-en une : { $sections }

## Valeurs des clés et des paramètres.
imported-bad-max-file = « { $value } » n’est pas une colonne (1 à 12 ou a à l)
imported-bad-max-rank = « { $value } » n’est pas une rangée (1 à 10)
imported-not-a-rank = « { $value } » n’est pas une rangée
imported-not-a-file = « { $value } » n’est pas une colonne
imported-not-a-number = « { $value } » n’est pas un nombre entier
imported-not-a-bool = « { $value } » n’est ni true ni false
imported-not-a-piece = « { $value } » n’est pas une pièce de la variante
imported-not-a-piece-letter = « { $value } » n’est pas une lettre de pièce (une lettre, ou `-` pour retirer la pièce)
imported-not-a-region = « { $value } » n’est ni une case, ni une colonne (e*), ni une rangée (*4)
imported-not-a-result = « { $value } » n’est pas win, loss, draw ou none
imported-not-a-limit = « { $value } » n’est pas une lettre de pièce suivie d’un nombre (q:1)
imported-name-one-piece = nommez une seule pièce
imported-use-double-step-region = utilisez plutôt doubleStepRegionWhite/Black (l’import ne lit que celles-là)
imported-custom-piece-no-betza = une pièce personnalisée a besoin de sa marche : lettre:Betza

## Règles que plypost formule autrement.
imported-threefold-only = plypost ne déclare la nulle qu’à la troisième occurrence d’une position
imported-stalemate-none = un pat doit terminer la partie : win, loss ou draw
imported-no-king = la variante n’a pas de Roi ; les parties de plypost se gagnent en matant une pièce royale
imported-move-rule-sides = la règle du nombre de coups de plypost est la même pour les deux camps
imported-extinction = les règles d’extinction sont refusées, sauf la règle du Roi dépouillé du Shatranj (extinctionValue = loss, extinctionClaim = true, extinctionPieceTypes = *, extinctionPieceCount = 1, extinctionOpponentPieceCount = 2)
imported-promoting-sides = les pièces qui se promeuvent sont les mêmes pour les deux camps dans plypost
imported-promotion-region = plypost promeut sur les dernières rangées de l’échiquier (au plus { $most }), de la même façon pour les deux camps : la zone des Blancs doit être les rangées n à { $ranks } et celle des Noirs les rangées 1 à { $ranks }-n+1
imported-double-step-region = plypost permet à la pièce `{ $type }` de faire ses pas de premier coup sur les rangées où son espèce commence ; la zone de double pas des { $side ->
        [white] Blancs
       *[black] Noirs
    } doit être exactement ces rangées entières
imported-en-passant-region = plypost autorise la prise en passant partout ou nulle part
imported-en-passant-types = seuls le Pion et les pièces personnalisées dont le Betza contient `e` peuvent prendre en passant dans l’import
imported-no-usable-move = la pièce n’a aucun coup que plypost puisse utiliser
imported-initial-ep = ses coups initiaux laissent un droit de prise en passant (comme dans Fairy-Stockfish), et plypost en laisserait aussi un derrière ses autres coups de plusieurs cases
imported-initial-unused = ses coups initiaux (`i`) ne s’appliquent jamais : la zone de double pas est vide
imported-stranded = la pièce { $piece } pourrait rester bloquée sur la dernière rangée ; la règle de plypost à ce sujet ne couvre que les pièces qui se promeuvent
imported-ep-in-zone = une prise en passant pourrait finir dans la zone de promotion : Fairy-Stockfish ne la promeut pas, plypost le ferait
imported-castling-king-only = plypost ne roque qu’avec le Roi
imported-castling-one-kind = plypost roque avec une seule sorte de pièce
imported-castling-piece-missing = la pièce du roque n’est pas dans la variante
imported-castling-rank = le Roi blanc ne commence pas sur la rangée du roque
imported-castling-distance = le Roi de plypost se déplace de deux cases ou plus quand il roque, vers chaque aile
imported-castling-outer-piece = une pièce de roque se tient au-delà des colonnes du roque ; plypost roque avec la plus excentrée
imported-does-not-load = les règles importées ne se chargent pas dans plypost (détail en anglais) : { $detail }

## La position de départ.
imported-fen-in-hand = les pièces en réserve ([...] dans la FEN) ne font pas partie des règles de plypost
imported-fen-marker = « { $value } » dans la FEN (une pièce promue ou un mur) ne fait pas partie des règles de plypost
imported-fen-rank-count = la FEN a { $ranks } rangées, l’échiquier { $height }
imported-fen-not-a-piece = « { $value } » sur la rangée { $rank } de la FEN n’est pas une pièce de la variante
imported-fen-rank-width = la rangée { $rank } de la FEN a { $squares ->
        [one] { $squares } case
       *[other] { $squares } cases
    }, l’échiquier { $width }
imported-fen-side = « { $value } » dans la FEN n’est pas un camp au trait (w ou b)
imported-fen-rights = droits de roque « { $value } » : l’import lit KQkq (les Tours les plus excentrées) ou -

## Marches (Betza et XBetza).
imported-betza-too-long = le texte Betza dépasse 100 caractères
imported-betza-grasshopper = `g` (une sauterelle) ne fait pas partie du modèle de déplacement de plypost
imported-betza-initial-capture = un coup initial qui peut prendre (`i` sans `m`) ne fait pas partie du modèle de déplacement de plypost (les premiers coups n’y prennent jamais)
imported-betza-limited-hopper = un sauteur à portée limitée ne fait pas partie du modèle de plypost
imported-betza-lame-oblique = `n` (bloquable) sur l’atome oblique { $atom } (le nN du Cheval du Xiangqi) ne fait pas partie du modèle de déplacement de plypost
imported-betza-skipped = Fairy-Stockfish ignore « { $skipped } » dans « { $betza } » ; importé tel qu’il s’y joue
imported-betza-letter = « { $letter } » dans « { $betza } » : { $kind ->
        [multi-leg] les coups en plusieurs étapes (`a`, `y`) ne peuvent
        [grasshopper] les sauterelles (`g`) ne peuvent
        [jumping] les coups sautants (`j`) ne peuvent
        [wrapping] les coups qui font le tour de l’échiquier (`o`) ne peuvent
        [modifier] ce modificateur XBetza ne peut
        [bracketed] les coups en plusieurs étapes entre crochets ne peuvent
       *[other] ce caractère ne peut
    } pas entrer dans le modèle de déplacement de plypost

## L’Interactive Diagram.
imported-expected-line = `clé=valeur` ou une ligne de pièce `nom:ID:XBetza:image:cases` attendue
imported-ranks-assumed = non donné : 8 rangées supposées
imported-board-size = un échiquier de { $width }x{ $height } : les échiquiers de plypost ont de 5 à 16 cases de côté
imported-bad-symmetry = mirror, rotate ou none attendu
imported-unknown-parameter = paramètre inconnu de l’import : ignoré
imported-piece-line-fields = une ligne de pièce s’écrit nom:ID:XBetza:image:cases
imported-no-betza = pas de XBetza, et le nom n’est pas celui d’une pièce standard
imported-bad-id = « { $value } » n’est pas une lettre pour un ID
imported-no-id-left = aucune lettre ne reste pour son ID
imported-id-chosen = aucun ID donné : { $id }
imported-id-twice = l’ID { $id } est utilisé deux fois
imported-not-a-square = « { $value } » n’est ni une case ni une plage de l’échiquier
imported-range-not-straight = « { $value } » : une plage suit une seule rangée ou une seule colonne
imported-square-twice = { $square } est occupée deux fois
imported-royal-unknown = aucune pièce n’a ce numéro ou cet ID
imported-not-an-id = « { $value } » n’est l’ID d’aucune pièce
imported-promo-choice-marks = `*` (seulement les pièces en réserve) et `!` (pas sur la dernière rangée) ne font pas partie des règles de promotion de plypost
imported-bare-king-read = lu comme la règle du Roi dépouillé : un Roi laissé seul perd, sauf s’il dépouille l’autre aussitôt
imported-castling-distance-missing = un atome O a besoin de sa distance (isO2)
imported-castling-several-distances = roquer à plusieurs distances ne fait pas partie des règles de plypost
imported-castling-inner = roquer avec la pièce intérieure (jO) ne fait pas partie des règles de plypost
imported-castling-royal-only = seule la pièce royale roque dans plypost
imported-castling-corners = le roque demande la même pièce dans les deux coins de la rangée du Roi
imported-king-castling-read = le Roi sans XBetza est lu comme roquant de { $distance } cases (KisO{ $distance })
imported-refused-capture-matrix = une matrice de prise (qui peut prendre qui) ne fait pas partie des règles de plypost
imported-refused-shuffle = les positions de départ mélangées ne font pas partie de l’import (ajoutez-les au préréglage comme positions nommées)
imported-refused-trackers = les traceurs ne font pas partie des règles de plypost
imported-refused-irregular-board = les échiquiers irréguliers ne font pas partie des règles de plypost
imported-refused-anti-trade = les règles anti-échange ne font pas partie des règles de plypost
imported-refused-castle-flags = les marques de roque autres que l’atome O du Roi ne sont pas prises en charge par l’import
imported-refused-spells = les sorts ne font pas partie des règles de plypost
