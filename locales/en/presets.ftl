### The presets index.

presets-title = Presets
presets-intro = A preset is a variant with its setup, draw rules, default time control and look. Every game is played with one, and keeps the exact version it started with.
presets-log-in = Log in
presets-to-fork = to fork a preset and make your own.
presets-bring-before = Your own variant in Fairy-Stockfish's
presets-bring-middle = or an Interactive Diagram? Fork any preset, then use
presets-import = Import
presets-bring-after = in its editor:
presets-how-import = how the import works
presets-first-page = Back to the first page
presets-first-page-note = (the built-in presets and the newest of the players')
presets-board = { $width } × { $height } board
presets-kinds = { $count ->
    [one] { $count } kind of piece
   *[other] { $count } kinds of piece
}
presets-games-played = { $count ->
    [one] { $count } game played
   *[other] { $count } games played
}
presets-col-preset = Preset
presets-col-author = Author
presets-col-version = Version
presets-col-games = Games
presets-yours = yours
presets-unlisted = unlisted
presets-retired = retired
presets-own-definition = Own variant definition: { $name }
presets-built-in = built-in
presets-no-more = No more presets.
presets-older = Older presets by players
presets-version = v{ $version }

## A preset's page

presets-preset-word = preset
presets-builtin-readonly = built-in preset, read-only
presets-by = by { $name }
presets-version-n = version { $version }
presets-current-is = the current version is
presets-forked-from = Forked from
presets-provisional = Provisional setup: { $text }
presets-retired-note = This preset is retired: it is hidden from the index and starts no new games. Games already played with it go on.
presets-challenge-with = Challenge with this preset
presets-edit = Edit
presets-others-of = Other presets of { $variant }
presets-setup = Setup
presets-setup-as-text = Setup as FEN and as text
presets-setups = { $count ->
    [one] { $count } start position: a challenger picks one or “random” (the board shows the default)
   *[other] { $count } start positions: a challenger picks one or “random” (the board shows the default)
}
presets-default = default
presets-about = About this preset
presets-rules = Rules
presets-default-time = Default time control: { $control }.
presets-special-rules = Special rules
presets-promotion = Promotion
presets-pieces = Pieces
presets-history = Version history
presets-version-cap = Version { $version }
presets-games-with = Games played with it ({ $count })
presets-no-games = No games yet.
presets-game-n = Game #{ $id }
presets-make-own = Make your own
presets-copy-name = Name of your copy
presets-fork-placeholder = { $name } (fork)
presets-fork-hint = Forking copies the current version; you can then edit your copy.
presets-fork = Fork this preset
presets-restore = Bring back to the index
presets-retire = Retire
presets-in-use = Games or open challenges use this preset, so it cannot be deleted; retire it instead.
presets-delete = Delete
presets-delete-confirm = Yes, delete it
presets-notice-deleted = The preset was deleted.
presets-notice-saved = Saved as a new version.
presets-notice-unchanged = Nothing was changed, so no new version was made.
presets-notice-forked = This is your copy. Edit it as you like.
presets-notice-retired = The preset is retired: hidden from the index and from new challenges. Its games go on.
presets-notice-restored = The preset is back in the index.
