"""What several test files share: sending an intent as the page does, and playing the real games at the table.

The cards a human may see are computed here from the engine states the table went through (own hand and
the cards the rules made public), never from the View the table itself sends.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from cardavia_nb.games import get as get_game


def send(widget: Any, content: Any) -> None:
    """Deliver one intent to ``widget`` as the browser does (through its custom-message handler)."""
    widget._handle_custom_msg(content, [])


def counted_steps(calls: list, real: Callable[..., Any]) -> Callable[..., Any]:
    """``real``, work written as steps (core.steps), noting each call's arguments in ``calls``: a spy on a
    play-out (High on the same cards) that a test counts."""
    def steps(*args: Any, **kwargs: Any):
        calls.append(args)
        return (yield from real(*args, **kwargs))
    return steps


def recording(name: str) -> tuple[Any, list]:
    """The game with ``apply`` and ``new`` recording every state, so a test sees the computer turns too."""
    game = get_game(name)
    states: list = []
    plain_apply, plain_new = game.apply, game.new

    def apply(state, action):
        nxt = plain_apply(state, action)
        states.append(nxt)
        return nxt

    def new(seed, **setup):
        first = plain_new(seed, **setup)
        states.append(first)
        return first

    game.apply, game.new = apply, new
    return game, states


def truco_public(state: Any, seat: int = 0) -> set[str]:
    """Truco: the seat's dealt cards and every card played this deal."""
    return set(state.original[seat]) | {c for _, c in state.played}


def pdk_public(state: Any, seat: int = 0) -> set[str]:
    """Pao De Kuai: the seat's hand, every played card, and at the end the settlement's named cards."""
    public = set(state.hands[seat]) | {c for p in state.history for c in p.cards}
    if state.winner is not None:
        for item in get_game("pao_de_kuai").result(state).items:
            public |= set(dict(item.params).get("cards", ()))
            public |= {"2S"} if item.key.endswith("two_of_spades") else set()
    return public


def tarot_public(state: Any, seat: int = 0) -> set[str]:
    """French Tarot: own hand; the chien once shown (at the end in any contract); the discard (all of
    it for the taker, only its trumps for the others, end of deal included: §12.2); poignées; played cards."""
    from cardavia_nb.games.french_tarot.rules import OVER, chien_shown, public_discard

    public = set(state.hands[seat]) | set(state.trick) | {c for _, cards, _ in state.history for c in cards}
    public |= {c for _, cards in state.poignees for c in cards} | set(public_discard(state))
    if chien_shown(state.contract) or state.phase == OVER:
        public |= set(state.chien)
    if state.taker == seat:
        public |= set(state.discard)
    return public


PUBLIC: dict[str, Callable[[Any], set[str]]] = {"truco": truco_public, "pao_de_kuai": pdk_public,
                                                "french_tarot": tarot_public}
"""For each game: the cards the human seat (``seat``, 0 by default) may have seen once the game has been in ``state``."""


def human_move(table: Any, variant: int, turn: int) -> dict:
    """A varied legal intent for the human: a card click or a button, chosen from the view."""
    view = table.view
    choices = [c["action"] for c in view["hand"] if c["action"]] + [a["id"] for a in view["actions"]]
    return {"type": "act", "id": choices[(variant * 7 + turn * 3) % len(choices)]}


def pdk_move(table: Any, variant: int, turn: int) -> dict:
    """Select the cards of a legal play (as a player would), check it, then play it; or pass."""
    if not table.view["select"]:
        return {"type": "act", "id": "pass"}
    legal = [a for a in table.game.legal_actions(table.state) if a.kind == "play"]
    cards = list(legal[(variant + turn) % len(legal)].cards)
    send(table, {"type": "select", "cards": cards})
    assert table.selection["ok"] and table.selection["cards"] == cards, table.selection
    return {"type": "act", "id": table.selection["action"]}


def tarot_move(table: Any, variant: int, turn: int) -> dict:
    """Bid, discard through a checked selection, sometimes show a ready-made poignée, else play a card."""
    view = table.view
    select = view["select"]
    if select and select["presets"] and (view["hand"][0]["action"] is None or (variant + turn) % 2 == 0):
        cards = select["presets"][0]["cards"]
        send(table, {"type": "select", "cards": cards})
        assert table.selection["ok"], table.selection
        return {"type": "act", "id": table.selection["action"]}
    return human_move(table, variant, turn)


MOVES: dict[str, Callable[[Any, int, int], dict]] = {"truco": human_move, "pao_de_kuai": pdk_move,
                                                     "french_tarot": tarot_move}
"""For each game: the human's next intent at a table, varied by ``variant`` and the turn."""


QUICK_PLAYS, QUICK_DISCARD_WORLDS = 500, 12  # a Tarot High that plays few deals: for what it may see, not how well


@pytest.fixture(autouse=True)
def quick_tarot_high_here(monkeypatch):
    """Every French Tarot High of the tests of a module that imports this fixture plays few deals: tests of what
    the table or the summary says of a review, not of how well High plays (tests/test_review.py)."""
    from cardavia_nb.players.french_tarot import HighPlayer

    monkeypatch.setattr(HighPlayer, "play_budget", QUICK_PLAYS)
    monkeypatch.setattr(HighPlayer, "discard_worlds", QUICK_DISCARD_WORLDS)


def quick_tarot_high(seed: int) -> Any:
    """French Tarot's High on a smaller card-play and discard budget (its reading of the worlds unchanged), for
    tests of what it may see and that its games replay, not of how well it plays."""
    from cardavia_nb.players.french_tarot import HighPlayer

    high = HighPlayer(seed)
    high.play_budget, high.discard_worlds = QUICK_PLAYS, QUICK_DISCARD_WORLDS
    return high
