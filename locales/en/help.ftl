### The help pages' frames. Their text is English Markdown (src/web/pages/help_*.md).

help-api-title = The JSON API
help-variants-title = Variant definitions and XBetza
help-bots-title = Bots
help-tournaments-title = Tournaments
help-english-only = This page is written in English only.
