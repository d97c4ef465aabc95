"""The foundation every game builds on: cards, seeded randomness, the game protocol, the play loop, records, arena."""
