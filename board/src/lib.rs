//! plypost-board: SVG boards, piece images and move diagrams. No IO.
#![forbid(unsafe_code)]
