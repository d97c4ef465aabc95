"""Rooms: several people at one table, each on their own page and kernel, computers in the empty seats.

The store keeps a room and its numbered moves (``store.rooms``) and tells kernels of new ones
(``store.room_watch``); ``rooms.play`` is one seat's kernel playing the room's session from them.
"""

from cardavia_nb.rooms.play import AWAY, GRACE, RoomPlay

__all__ = ["AWAY", "GRACE", "RoomPlay"]
