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
