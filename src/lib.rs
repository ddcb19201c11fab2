//! plypost: a correspondence server for large chess variants.
