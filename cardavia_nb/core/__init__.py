"""The foundation every game builds on: cards, seeded randomness, the game protocol, records, arena."""
