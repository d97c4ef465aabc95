"""The three games as PettingZoo AEC environments, for reinforcement-learning students.

``env("truco")`` (or ``"pao_de_kuai"``, ``"french_tarot"``) gives an environment whose agents are
``seat_0`` ... ``seat_n``. Needs the ``[rl]`` extra (pettingzoo, gymnasium, numpy).
"""

from cardavia_nb.rl.env import CardEnv, encode_view, env
from cardavia_nb.rl.moves import MoveSpace

__all__ = ["CardEnv", "MoveSpace", "encode_view", "env"]
