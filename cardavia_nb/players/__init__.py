"""Computer players: each sees only an observation (its own cards and public facts)."""
