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
