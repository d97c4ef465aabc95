"""Regenerate the golden games: one whole game per game and one per rare rule, as JSON records.

Each file is a ``core/record.py`` record of version 2 (game, options, seed, setup, the players of each
seat, action ids, the result) with two more keys: ``legal`` (the legal action ids of every state, in
order) and ``settled`` (the final result with its items, as JSON). A seat whose moves a rare case
scripts is written as a "human" seat: its moves are not a computer player's.
Run ``python -m tests.golden.regenerate`` after a deliberate rule change: ``git diff tests/golden``
then shows exactly what changed. Low players make the moves, except the scripted moves a rare
case needs; the seed searches below find the first deal showing each rare rule (Pao De Kuai's deals
are written out, so that they stay the same whatever its shuffle deals).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from cardavia_nb.core.game import Game, jsonable
from cardavia_nb.core.record import Record, SeatPlayer, result_data
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot.rules import ActionList
from cardavia_nb.games.french_tarot.rules import CARDS as TAROT_CARDS
from cardavia_nb.players import french_tarot, pao_de_kuai, truco
from cardavia_nb.players.seats import seat_of

HERE = Path(__file__).parent
LOW = {"truco": truco.LowPlayer, "pao_de_kuai": pao_de_kuai.LowPlayer, "french_tarot": french_tarot.LowPlayer}
Script = Callable[[Game, Any], "str | None"]  # a forced move id for a state, or None: the Low player moves


def legal_ids(legal: Any) -> list[str]:
    """The legal moves as ids; a Tarot set family (thousands of discards or poignées) is written as
    ``<kind>:<fixed cards>|<pool>|<how many from the pool>`` with its exact size."""
    if isinstance(legal, ActionList):
        families = [f"{f.kind}:{'+'.join(f.fixed)}|{'+'.join(f.pool)}|{f.k}|{f.size()}" for f in legal.families]
        return [a.id for a in legal.head] + families
    return [a.id for a in legal]


def play(name: str, seed: int, setup: dict | None = None, script: Script | None = None) -> tuple[Any, Record]:
    """A whole game of ``name``: scripted moves where ``script`` gives one, Low players elsewhere."""
    game = get(name)
    players = [LOW[name](seed * 10 + s) for s in range(game.num_players)]
    state = game.new(seed, **(setup or {}))
    ids, scripted = [], set()
    while state.to_act is not None:
        forced = script(game, state) if script else None
        legal = game.legal_actions(state)
        if forced:
            scripted.add(state.to_act)
        action = game.action(forced) if forced else players[state.to_act].choose(
            game, game.observe(state, state.to_act), legal)
        ids.append(action.id)
        state = game.apply(state, action)
    seats = tuple(SeatPlayer("human") if s in scripted else seat_of(name, p) for s, p in enumerate(players))
    return state, Record(name, seed, tuple(ids), dict(game.options), setup, seats, result=result_data(game, state))


def golden(record: Record) -> dict[str, Any]:
    """The record as JSON data with every state's legal ids and the final result."""
    game = get(record.game, **record.options)
    state = game.new(record.seed, **(record.setup or {}))
    legal = []
    for action_id in record.actions:
        legal.append(legal_ids(game.legal_actions(state)))
        state = game.apply(state, action_id)
    legal.append(legal_ids(game.legal_actions(state)))
    return {**json.loads(record.to_json()), "legal": legal, "settled": jsonable(game.result(state))}


# --- the rare rules -----------------------------------------------------------------------------
def ends_on_envido(final: Any) -> bool:
    """A Truco match won by envido points cut down to the cap of 30 (worth more than was credited)."""
    points = [e for e in final.events if e.kind == "points"]
    return bool(points) and points[-1].source == "envido" and points[-1].get("value") > points[-1].amount


def truco_envido_cap() -> tuple[Any, Record]:
    """The first seed whose Low-vs-Low match ends on envido points."""
    return next(r for r in (play("truco", seed) for seed in range(500)) if ends_on_envido(r[0]))


HEAVENLY = "play:3C+3D+3H+3S"


def opens_heavenly(game: Game, state: Any) -> str | None:
    """Open the deal with the four 3s (the heavenly bomb)."""
    return HEAVENLY if state.opening else None


# The two Pao De Kuai deals as seeds 1 and 30 dealt them: the second gives the four 3s to one hand.
PDK_DEAL = {"hands": [
    "5D 6D 8D 8S 9C 9D 9H 10D 10S JH JS KD KH KS AD AS",
    "3D 4C 4D 5H 5S 6H 6S 7C 7D 7H 8C 8H JD QH KC AC",
    "3C 3H 3S 4H 4S 5C 6C 7S 9S 10C 10H JC QC QD QS 2S"]}
PDK_HEAVENLY_DEAL = {"hands": [
    "4H 5C 5H 5S 6C 6H 7D 8C 8D 8S 9D 9S 10H 10S JH QH",
    "4C 4D 5D 6D 9H 10C 10D JC QC QS KC KD KH KS AD 2S",
    "3C 3D 3H 3S 4S 6S 7C 7H 7S 8H 9C JD JS QD AC AS"]}


def pao_de_kuai_heavenly() -> tuple[Any, Record]:
    """A deal where the 3♥ holder has all four 3s, opening with them."""
    return play("pao_de_kuai", 30, PDK_HEAVENLY_DEAL, script=opens_heavenly)


CHELEM_HAND = [f"T{n}" for n in range(5, 22)] + ["EX"]  # trumps 5 to 21 and the Excuse


def taker_slams(game: Game, state: Any) -> str | None:
    """Seat 1 takes a Garde sans, announces the chelem and plays its trumps high to low, the Excuse last."""
    if state.phase == "bid":
        return "bid:garde_sans" if state.to_act == 1 else "bid:pass"
    if state.phase == "chelem":
        return "chelem:yes"
    if state.to_act == 1:
        hand = state.hands[1]
        trumps = [c for c in hand if c != "EX"]
        return f"play:{max(trumps, key=lambda c: int(c[1:]))}" if trumps else "play:EX"
    return None


def french_tarot_chelem() -> tuple[Any, Record]:
    """An announced and made chelem: the taker holds trumps 5-21 and the Excuse."""
    rest = [c for c in TAROT_CARDS if c not in CHELEM_HAND]
    hands = [rest[0:18], CHELEM_HAND, rest[18:36], rest[36:54]]
    return play("french_tarot", 0, {"hands": hands, "chien": rest[54:60], "dealer": 0}, taker_slams)


# Seed 1's first played deal (its fifth: four were passed out) as the shuffle of the "tarot-deal" key
# domain dealt it: an explicit deal keeps the record's game whatever the engine's shuffle becomes.
FRENCH_TAROT_DEAL = {
    "hands": [h.split() for h in ("KS 9S 3S 6H ND 2D QC 8C 7C 5C 1C T21 T20 T16 T14 T7 T5 T4",
                                  "NS NH 10H 5H 3H KD QD 10D 9D 7D 10C 9C 6C T19 T18 T15 T12 T8",
                                  "QS JS 6S 4S 2S 1S KH QH JH 8H 4H JD 8D 5D 2C T13 T11 T2",
                                  "10S 8S 7S 9H 7H 2H 1H 6D 4D 3D NC JC 4C 3C T17 T6 T1 EX")],
    "chien": "5S 1D KC T10 T9 T3".split(), "dealer": 2, "deal_no": 4}


CASES: dict[str, Callable[[], tuple[Any, Record]]] = {
    "truco": lambda: play("truco", 1),
    "truco_envido_cap": truco_envido_cap,
    "pao_de_kuai": lambda: play("pao_de_kuai", 1, PDK_DEAL),
    "pao_de_kuai_heavenly": pao_de_kuai_heavenly,
    "french_tarot": lambda: play("french_tarot", 1, FRENCH_TAROT_DEAL),
    "french_tarot_chelem": french_tarot_chelem,
}


def main() -> None:
    """Write every golden file and say which."""
    for name, make in CASES.items():
        _, record = make()
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(golden(record), indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        print(f"{path.name}: seed {record.seed}, {len(record.actions)} moves")


if __name__ == "__main__":
    main()
