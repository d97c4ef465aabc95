"""The lessons of the game pages: demo and quiz panels, one module per game."""
