### Le cadre des pages d’aide. Leur texte est en anglais (src/web/pages/help_*.md).

help-api-title = L’API JSON
help-variants-title = Définir une variante et XBetza
help-bots-title = Bots
help-tournaments-title = Tournois
help-english-only = Cette page n’existe pas encore en français : la voici en anglais.
