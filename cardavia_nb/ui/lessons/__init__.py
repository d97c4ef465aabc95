"""The lessons of the game pages: a shared kit, and one package of demo and quiz panels per game."""
