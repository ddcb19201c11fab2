## What the XBetza reader finds wrong in a piece's movement (a variant definition's `betza`
## or `xbetza`): where, then what. The text, the character and the letters stay as written.

betza-at = XBetza '{ $input }' at character { $position } ('{ $character }'): { $detail }
betza-at-end = XBetza '{ $input }' at character { $position } (end of text): { $detail }

betza-too-long = the text is longer than { $max } characters
betza-empty = empty: give at least one atom such as W or N
betza-half = 'h' (half) is not supported; list the directions instead
betza-must-jump = 'j' (must jump) is not supported: the engine has no move that needs an occupied square to jump over
betza-modifier = modifier '{ $letter }' is not supported (supported: f b l r v s m c e p n i, and y a for bent moves)
betza-number-too-big = { $what ->
        [range] a range
       *[leap-coordinate] a leap coordinate
    } must be at most { $max }
betza-leap-comma = expected ',' in a leap like (4,1)
betza-leap-close = expected ')' to close the leap
betza-leap-nowhere = the leap (0,0) goes nowhere
betza-leap-numbers = a leap needs two numbers, like (4,1)
betza-expected-atom = expected an atom such as W, N or (4,1)
betza-unknown-atom = unknown atom '{ $letter }' (atoms: W F D A H G N C Z K R B Q or (x,y))
betza-number-after-atom = a number must follow an atom
betza-unexpected = unexpected '{ $letter }': expected an atom such as W, N or (4,1)
betza-narrow-pair = '{ $letter }{ $letter }' is the narrow pair of an oblique atom (N C Z); write '{ $letter }' here
betza-oblique-ambiguous = '{ $letter }' alone on an oblique atom is ambiguous; write 'ff'/'bb' (narrow) or 'fs'/'bs' (wide) pairs
betza-continuation-directions = give the continuation's directions (e.g. 'fs'): all directions would include turning back over the start square, which is not supported
betza-turns-back = '{ $directions }' in a continuation turns back toward the start square, which is not supported
betza-y-needs-a = 'y' must be directly followed by 'a'
betza-e-needs-c = 'e' needs 'c' as well ('fceF'): the engine has no e.p.-only capture
betza-i-needs-m = 'i' (first move) needs 'm': the engine's first-move parts never capture
betza-p-needs-rider = 'p' (hop) needs an unlimited rider (R, B, Q, WW...): the engine's hop slides any distance before and after the screen
betza-n-with-p = 'n' cannot be combined with 'p'
betza-e-with-p = 'e' (e.p.) does not apply to a hop
betza-lame-rider = 'n' (lame) applies only to single leaps: a lame rider cannot be expressed
betza-lame-oblique = 'n' (lame) on an oblique atom cannot be expressed: the engine has no bent leap
betza-no-move-left = the direction modifiers leave no move of this atom
betza-too-many-legs = at most { $max } legs are supported
betza-last-leg = '{ $letter }' is not supported in the last leg of a bent move
betza-bent-leg-range = a bent move's legs are single atoms without range (it slides because of 'y')
betza-too-many-directions = a continuation may have at most 4 directions
betza-leg-without-y = a leg without 'y' continues with a single step, which the engine's bent moves cannot express (write 'yafsF' for a slide)
betza-first-leg-directions = the first leg of a bent move may only have directions (its corner must be empty)
betza-both-legs-w-or-f = in this form both legs use the atom, so it must be W or F (for a longer first leg write it before 'ya', as in 'DyafsW')
betza-no-first-leg = the directions leave no first leg
betza-before-ya = before 'XyaY' only direction modifiers are supported
betza-bent-start = a bent move starts from a single leap (W F D A H G, or (x,0), (x,x)), not a compound, rider or range
betza-continuation-atom = after { $class ->
        [orthogonal] an orthogonal
        [diagonal] a diagonal
       *[oblique] an oblique
    } first leg the continuation atom must be '{ $atom }' (its step turned by the directions)
betza-ep-all-or-none = this capture has no 'e' while another has: the engine lets a piece capture e.p. with all its leap and slide captures or none

## What the move-text reader finds wrong in one of a piece's `moves` (`ride W forward max 2`).
## The words of the notation stay as they are.

move-text-not-a-leap = '{ $value }' is not a leap like (4,1)
move-text-unknown-atom = unknown atom '{ $value }' (use W F D A H G N C Z or a leap like (4,1))
move-text-number-missing = '{ $word }' must be followed by a number 1..15
move-text-no-direction-move = the directions '{ $directions }' leave no move of '{ $atoms }'
move-text-bad-continuation = 'then' must be followed by orthogonal-outward, diagonal-outward or vertical-outward, not '{ $value }'
move-text-mode-after-shape = '{ $word }' must come before the shape word
move-text-unexpected-word = unexpected word '{ $word }' (directions are: { $directions })
move-text-ride-only = '{ $word }' applies only to 'ride'
move-text-bent-only = 'then' and 'must-continue' apply only to 'bent'
move-text-max-below-min = max { $max } is below min { $min }
move-text-bent-needs-then = 'bent' needs 'then orthogonal-outward|diagonal-outward|vertical-outward'
move-text-bent-no-continuation = this bent move has no continuation
move-text-no-shape = expected a shape: leap, ride, hop or bent
move-text-bad-shape = expected a shape (leap, ride, hop or bent), found '{ $value }'
move-text-no-atoms = '{ $shape }' must be followed by atoms such as W or N,C
move-text-first-move-only = a first-move-only part must also be move-only
