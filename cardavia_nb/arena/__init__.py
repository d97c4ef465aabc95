"""Tournaments between bots written by students: sandboxed, timed, on one machine or a Dask cluster.

``tournament("truco", [my_bot, RandomPlayer()], deals=50)`` returns a ``Leaderboard``; from a shell,
``python -m cardavia_nb.arena BOTS_DIR --game truco`` does the same for every bot file of a folder.
"""

from cardavia_nb.arena.leaderboard import Leaderboard
from cardavia_nb.arena.referee import Entrant, Match, play_match
from cardavia_nb.arena.tournament import entrant, load_folder, matches, play_all, round_robin, tournament

__all__ = ["Entrant", "Leaderboard", "Match", "entrant", "load_folder", "matches", "play_all", "play_match",
           "round_robin", "tournament"]
