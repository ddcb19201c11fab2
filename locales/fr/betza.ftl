## Ce que le lecteur XBetza trouve d’incorrect dans la marche d’une pièce (le `betza` ou le
## `xbetza` d’une définition de variante) : où, puis quoi. Le texte, le caractère et les
## lettres restent tels qu’écrits.

betza-at = XBetza « { $input } », caractère { $position } (« { $character } ») : { $detail }
betza-at-end = XBetza « { $input } », caractère { $position } (fin du texte) : { $detail }

betza-too-long = le texte dépasse { $max } caractères
betza-empty = vide : donnez au moins un atome, comme W ou N
betza-half = `h` (moitié) n’est pas pris en charge ; énumérez plutôt les directions
betza-must-jump = `j` (doit sauter) n’est pas pris en charge : le moteur n’a pas de coup qui exige une case occupée à sauter
betza-modifier = le modificateur « { $letter } » n’est pas pris en charge (pris en charge : f b l r v s m c e p n i, et y a pour les coups coudés)
betza-number-too-big = { $what ->
        [range] une portée
       *[leap-coordinate] une coordonnée de saut
    } vaut au plus { $max }
betza-leap-comma = `,` attendue dans un saut comme (4,1)
betza-leap-close = `)` attendue pour fermer le saut
betza-leap-nowhere = le saut (0,0) ne mène nulle part
betza-leap-numbers = un saut demande deux nombres, comme (4,1)
betza-expected-atom = un atome attendu, comme W, N ou (4,1)
betza-unknown-atom = atome inconnu « { $letter } » (atomes : W F D A H G N C Z K R B Q ou (x,y))
betza-number-after-atom = un nombre doit suivre un atome
betza-unexpected = « { $letter } » inattendu : un atome attendu, comme W, N ou (4,1)
betza-narrow-pair = « { $letter }{ $letter } » est la paire étroite d’un atome oblique (N C Z) ; écrivez ici « { $letter } »
betza-oblique-ambiguous = « { $letter } » seul sur un atome oblique est ambigu ; écrivez les paires `ff`/`bb` (étroites) ou `fs`/`bs` (larges)
betza-continuation-directions = donnez les directions de la suite (par exemple `fs`) : toutes les directions comprendraient le retour sur la case de départ, qui n’est pas pris en charge
betza-turns-back = « { $directions } » dans une suite revient vers la case de départ, ce qui n’est pas pris en charge
betza-y-needs-a = `y` doit être suivi directement de `a`
betza-e-needs-c = `e` demande aussi `c` (`fceF`) : le moteur n’a pas de prise seulement en passant
betza-i-needs-m = `i` (premier coup) demande `m` : les premiers coups du moteur ne prennent jamais
betza-p-needs-rider = `p` (saut par-dessus) demande une pièce à longue portée illimitée (R, B, Q, WW…) : le saut du moteur glisse de n’importe quelle distance avant et après l’écran
betza-n-with-p = `n` ne se combine pas avec `p`
betza-e-with-p = `e` (prise en passant) ne s’applique pas à un saut par-dessus
betza-lame-rider = `n` (bloquable) ne s’applique qu’aux sauts simples : une pièce à longue portée bloquable ne peut pas s’exprimer
betza-lame-oblique = `n` (bloquable) sur un atome oblique ne peut pas s’exprimer : le moteur n’a pas de saut coudé
betza-no-move-left = les modificateurs de direction ne laissent aucun coup de cet atome
betza-too-many-legs = au plus { $max } étapes sont prises en charge
betza-last-leg = « { $letter } » n’est pas pris en charge dans la dernière étape d’un coup coudé
betza-bent-leg-range = les étapes d’un coup coudé sont des atomes simples sans portée (il glisse grâce à `y`)
betza-too-many-directions = une suite a au plus 4 directions
betza-leg-without-y = une étape sans `y` continue d’un seul pas, ce que les coups coudés du moteur ne peuvent exprimer (écrivez `yafsF` pour un glissement)
betza-first-leg-directions = la première étape d’un coup coudé ne peut avoir que des directions (son coin doit être vide)
betza-both-legs-w-or-f = dans cette forme les deux étapes utilisent l’atome, qui doit donc être W ou F (pour une première étape plus longue, écrivez-la avant `ya`, comme dans `DyafsW`)
betza-no-first-leg = les directions ne laissent aucune première étape
betza-before-ya = avant `XyaY`, seuls les modificateurs de direction sont pris en charge
betza-bent-start = un coup coudé part d’un saut simple (W F D A H G, ou (x,0), (x,x)), pas d’un composé, d’une pièce à longue portée ni d’une portée
betza-continuation-atom = après une première étape { $class ->
        [orthogonal] orthogonale
        [diagonal] diagonale
       *[oblique] oblique
    }, l’atome de la suite doit être « { $atom } » (son pas tourné selon les directions)
betza-ep-all-or-none = cette prise n’a pas `e` alors qu’une autre l’a : le moteur laisse une pièce prendre en passant avec toutes ses prises par saut et par glissement, ou aucune

## Ce que le lecteur de texte de mouvement trouve d’incorrect dans un des `moves` d’une pièce
## (`ride W forward max 2`). Les mots de la notation restent tels quels.

move-text-not-a-leap = « { $value } » n’est pas un saut comme (4,1)
move-text-unknown-atom = atome inconnu « { $value } » (utilisez W F D A H G N C Z ou un saut comme (4,1))
move-text-number-missing = « { $word } » doit être suivi d’un nombre de 1 à 15
move-text-no-direction-move = les directions « { $directions } » ne laissent aucun coup de « { $atoms } »
move-text-bad-continuation = `then` doit être suivi de orthogonal-outward, diagonal-outward ou vertical-outward, pas de « { $value } »
move-text-mode-after-shape = « { $word } » doit venir avant le mot de forme
move-text-unexpected-word = mot inattendu « { $word } » (les directions sont : { $directions })
move-text-ride-only = « { $word } » ne s’applique qu’à `ride`
move-text-bent-only = `then` et `must-continue` ne s’appliquent qu’à `bent`
move-text-max-below-min = max { $max } est inférieur à min { $min }
move-text-bent-needs-then = `bent` demande `then orthogonal-outward|diagonal-outward|vertical-outward`
move-text-bent-no-continuation = ce coup coudé n’a pas de suite
move-text-no-shape = une forme attendue : leap, ride, hop ou bent
move-text-bad-shape = une forme attendue (leap, ride, hop ou bent), « { $value } » trouvé
move-text-no-atoms = « { $shape } » doit être suivi d’atomes comme W ou N,C
move-text-first-move-only = une partie first-move-only doit aussi être move-only
