//! Game records: one JSON object a line, holding the rules file, options, seed, seats and every ply
//! (moves and chance outcomes in notation), enough to replay a game to the identical end.
