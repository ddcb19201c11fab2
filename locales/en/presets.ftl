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
# A game of the preset: "finished 1-0".
presets-game-finished = finished { $result }
presets-game-finished-no-result = finished
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
# The author of a built-in preset's versions.
presets-history-server = the server
# Why a version exists, after its author in the history.
presets-notes-builtin = Built-in preset
presets-notes-engine-changed = The engine's definition of the variant changed.
presets-notes-forked = Forked from “{ $name }” version { $version }
# An edit: its changes, joined by the separator; the first letter is put in capitals.
presets-changes-separator = {"; "}
presets-change-renamed = renamed from “{ $from }”
presets-change-visibility = { $visibility ->
    [unlisted] made unlisted
   *[public] made public
}
presets-change-setup = setup changed
presets-change-setups = { $count ->
    [0] one start position only
    [one] { $count } start position
   *[other] { $count } start positions
}
presets-change-move-count = move-count draw after { $plies } plies
presets-change-move-count-off = move-count draw off
presets-change-repetition-on = repetition draw on
presets-change-repetition-off = repetition draw off
presets-change-time-control = default time control { $control }
presets-change-appearance = appearance changed
presets-change-description = description changed
presets-change-definition = variant definition changed
# The author's own note about the version, as they wrote it.
presets-change-note = “{ $note }”
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
presets-notice-your-copy = “{ $name }” is your copy. Change what you like; every save makes a new version.

## The preset editor

edit-title = Edit { $name }
edit-heading = Edit “{ $name }”
edit-saving-makes = saving makes version { $version }; games already started keep the version they began with.
edit-imported-check = Imported: check the board, the pieces and the warnings below, then save it as a new version.
edit-nothing-saved = Nothing was saved: some fields need attention.
edit-import-choose-format = Choose the format of the text.
edit-import-paste = Paste the text to import.
edit-import-too-long = The text is too long (at most { $max } characters).
edit-import-does-not-load = The imported definition does not load; please report it.
edit-name-visibility = Name and visibility
edit-name = Name
edit-visibility = Visibility
edit-public = Public: listed in the index
edit-unlisted = Unlisted: only people with the link find it
edit-setup-fen = Setup (FEN)
edit-setup-help-before = Ranks from the top (Black's side), separated by
edit-setup-help-after = ; numbers count empty squares; then the side to move, special rights, e.p. square, half-move clock and move number.
edit-preview = Preview
edit-setups = Several start positions (optional)
edit-setups-help-1 = One per line,
edit-setups-help-2 = ; mark the default's line with
edit-setups-help-3 = (else the first is the default). A challenger then picks one, or “random”. With a list, its default is the setup and the field above is not used. Leave empty for one start position.
edit-move-count = Move-count draw limit (plies)
edit-move-count-help = The game is drawn after this many plies without a capture or a Pawn move. Leave empty for no such draw.
edit-repetition = Draw on the third repetition of a position
edit-default-time = Default time control, offered when challenging with this preset
edit-untimed = Untimed (only against a named opponent)
edit-appearance = Appearance
edit-light = Light squares
edit-dark = Dark squares
edit-default-colours = Empty: the default colours.
edit-coordinates = Show file letters and rank numbers around the board
edit-letters = Piece letters in text diagrams
edit-pairs = Pairs
edit-letters-help = : the letter shown for a piece in mails and text boards, where it should differ from its FEN letter.
edit-description = Description
edit-description-md = Description (Markdown)
edit-description-help = Headings, lists, emphasis and links. HTML is shown as text.
edit-note = What did you change? (optional, shown in the version history)
edit-import-title = Import from Fairy-Stockfish variants.ini / Interactive Diagram
edit-import-help-1 = Paste a variant as Fairy-Stockfish's
edit-import-help-2 = or an Interactive Diagram (the text of a chessvariants.com diagram) describes it. Import fills in the definition and the setup below and shows the board and the pieces; nothing is saved until you save. What plypost cannot play exactly is listed, line by line.
edit-import-reads = What the import reads
edit-format = Format
edit-format-fsf = Fairy-Stockfish variants.ini
edit-format-diagram = Interactive Diagram
edit-text = Text
edit-section = Section (when the variants.ini has several)
edit-not-imported = Not imported:
edit-line = line { $line }:
edit-warnings = Warnings:
edit-definition = Variant definition (advanced)
edit-definition-label = The variant itself, in the format of the built-in variant files: board size, pieces and their moves (movement model or XBetza), setup, promotion and special rules.
edit-definition-help = Every key, the supported XBetza and a complete example:
edit-how-to-write = how to write a definition
edit-definition-keep = Games already started keep the definition of their version. A changed definition must still fit the setup above; Preview checks both.
edit-save = Save as a new version
