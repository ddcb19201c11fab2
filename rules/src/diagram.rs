//! Move diagrams (to come).
