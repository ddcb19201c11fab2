### Variantes intégrées : leur nom sur les pages et dans les courriels.
###
### variant-<nom> : le nom affiché de la variante intégrée <nom>. Ce sont pour la plupart des
### noms propres, gardés tels quels ; seuls les mots courants sont traduits.

variant-chess = Échecs
variant-shako = Shako
variant-pemba = Pemba
variant-wildtamerlane = Wild Tamerlane
variant-metamachy = Metamachy
variant-zanzibar = Zanzibar-S
variant-gigachess1 = Gigachess I
variant-gigachess2 = Gigachess II
variant-terachess1 = Terachess I
variant-terachess2 = Terachess II
variant-teramachy = Teramachy
variant-obento = Échecs Obento
variant-gratia = GraTiA (Grande Timur Acedrex)

## Le nom que l’import d’un Interactive Diagram donne à une variante (son texte n’en a pas).
variant-imported-diagram = Diagramme importé

## Avis des variantes intégrées dont les sources n’ont pas toutes pu être lues :
## variant-<nom>-provisional-setup et variant-<nom>-provisional-promotion.
variant-gigachess1-provisional-setup = Position reconstituée : la seule source case par case est le modèle Jocly du jeu ; elle concorde avec la description des rangées par l’auteur.
variant-gratia-provisional-setup = Position reconstituée : la position publiée est une image qui n’a pas pu être consultée ; la taille de l’échiquier (13 × 13) et la disposition suivent le texte des règles, et le contenu de la 2e rangée est une supposition.
variant-pemba-provisional-setup = Position reconstituée : le diagramme de l’auteur n’a pas pu être lu ; les cases viennent du modèle Jocly du jeu.
variant-pemba-provisional-promotion = La liste des promotions possibles est tronquée dans la seule copie de l’auteur qui ait pu être lue ; toute pièce sauf le Roi et le Pion est permise, comme dans le modèle Jocly du jeu.
variant-teramachy-provisional-setup = Position reconstituée : le contenu de chaque rangée est connu, mais leur ordre vient d’un diagramme publié qui n’a pas pu être vérifié.
variant-wildtamerlane-provisional-promotion = Les règles de promotion de l’auteur n’ont pas pu être lues ; Dame ou Aigle, comme dans le modèle Jocly du jeu.
