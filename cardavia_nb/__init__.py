"""cardavia_nb: learn and play traditional card games in Jupyter and Voila."""

__version__ = "0.1.0"
