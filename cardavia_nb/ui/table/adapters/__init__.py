"""Adapters: one per game, mapping that game's View and legal actions to the common table JSON.

The table (``cardavia_nb.ui.table``) knows no game. It asks an adapter which cards the human holds,
what lies in the middle, the scores, the buttons, and whether a selection of cards is a legal move.
The base ``Adapter`` reads the common View fields (``hand``, ``counts``, ``scores``); each game's
module refines what its View says. Adapters only ever read the human seat's View, never a state,
except ``check`` (legality is a question for the engine) and ``result`` (public once the game is over).
"""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb import i18n
from cardavia_nb.core.cards import family
from cardavia_nb.core.game import Action, Game
from cardavia_nb.games import REGISTRY, kit
from cardavia_nb.i18n import card_name

def t(key: str, lang: str, **params: Any) -> str:
    """A ``ui.*`` text in ``lang``."""
    return i18n.translate(f"ui.{key}", lang, **params)


class Adapter:
    """The generic mapping, enough for simple trick games such as the test toy game."""

    click_plays = True  # a card is played by clicking it (``play:<card>``); False when plays are selected

    def __init__(self, game: Game):
        self.game = game
        self.pack = family(game.pack)
        self.people: frozenset[int] = frozenset()  # the seats people hold when the table is shared (a room)

    def reader(self, seat: int) -> i18n.Readers:
        """Who reads this table from ``seat``: the seat alone, or at a shared table with the other people's."""
        return i18n.Reader(seat, self.people) if len(self.people) > 1 else seat

    # --- words -----------------------------------------------------------------------------
    def who(self, seat: int, view: Any, lang: str, after_preposition: bool = False) -> str:
        """A seat's name for info lines, the one scheme (``i18n.seat_name``) from ``view``'s seat: "You" (or
        "you" after a preposition), "Computer N", or another person's "Player X"."""
        return format(i18n.seat_name(seat, lang, reader=self.reader(view.seat)), "obj" if after_preposition else "")

    def name(self, card: str, lang: str) -> str:
        """A card's name in words."""
        return card_name(card, self.pack, lang)

    def cards(self, ids: Sequence[str], lang: str) -> list[dict[str, str]]:
        """Cards as ``{id, name}`` objects for the front end (the name is the ARIA label)."""
        return [{"id": c, "name": self.name(c, lang)} for c in ids]

    def label(self, action: Action, lang: str) -> str:
        """Button text of an action (the game's words)."""
        return self.game.label(action, lang)

    # --- the View ------------------------------------------------------------------------------
    def hand(self, view: Any) -> tuple[str, ...]:
        """The human's cards."""
        return tuple(view.hand)

    def counts(self, view: Any) -> list[int]:
        """How many cards each seat holds."""
        return list(view.counts)

    def center(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """What lies in the middle: ``[{seat, cards, note}]``; a plain trick game's view has the
        trick's cards in ``table``, led by ``leader``."""
        n = self.game.num_players
        return [{"seat": (view.leader + i) % n, "cards": [c], "note": ""} for i, c in enumerate(view.table)]

    def extras(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """Other public card groups to show (revealed chien, poignées ...): ``[{label, cards}]``; a
        group with ``plays`` (``[(seat, cards, note)]``) is a finished round the player may review."""
        return []

    def info(self, view: Any, lang: str) -> list[str]:
        """Short lines of public facts (stakes, pending calls, contract ...)."""
        return []

    def scores(self, view: Any, lang: str) -> list[str]:
        """Each seat's score as text: a plain trick game's tricks won per seat (``view.tricks``)."""
        return [t("score.tricks", lang, n=n) for n in view.tricks]

    def tags(self, view: Any, lang: str) -> dict[int, str]:
        """A word under some seats' names (dealer, mano, taker ...)."""
        return {}

    # --- actions -----------------------------------------------------------------------------
    def card_of(self, action: Action) -> str | None:
        """The card a click plays when ``action`` is 'play this one card', else None."""
        return action.cards[0] if action.kind == "play" and len(action.cards) == 1 else None

    def selecting(self, view: Any, legal: Sequence[Action], lang: str) -> dict[str, str] | None:
        """When the human chooses a set of cards: ``{confirm, hint}`` texts; else None."""
        return None

    def listed(self, legal: Sequence[Action]) -> Sequence[Action]:
        """The legal actions small enough to list (whole-set families are chosen by selection)."""
        return legal

    def presets(self, state: Any, lang: str) -> list[dict[str, Any]]:
        """Ready-made selections the engine offers the human (``[{label, cards}]``), editable."""
        return [{"label": self.preset_label(a, lang), "cards": a.cards} for a in self.game.presets(state)]

    def preset_label(self, action: Action, lang: str) -> str:
        """The words on a ready-made selection's button: the action's own label."""
        return self.label(action, lang)

    def help(self, view: Any, legal: Sequence[Action], lang: str) -> str:
        """One sentence on what the human may do now and why, when the choice is forced ('' else;
        the table then uses the engine's reason a card cannot be played)."""
        return ""

    def pause(self, legal: Sequence[Action]) -> Action | None:
        """A computer seat's only move that the table lets the human trigger (e.g. 'Next deal')."""
        return None

    def buttons(self, legal: Sequence[Action]) -> list[Action]:
        """The legal actions shown as buttons (cards played by a click are not)."""
        return [a for a in legal if self.card_of(a) is None]

    def check(self, state: Any, cards: Sequence[str], lang: str) -> tuple[str | None, str]:
        """The engine's ``check_selection`` of the selected ``cards``: (action id, its label) when
        they make a legal move, else (None, the reason in words)."""
        action, reason = self.game.check_selection(state, tuple(cards))
        if action is None:
            return None, reason.text(lang)
        return action.id, self.label(action, lang)

    def result(self, state: Any, lang: str, reader: i18n.Readers = 0) -> dict[str, Any] | None:
        """The end-of-game summary: ``{title, winners, items: [{label, amount}], payoffs}``."""
        res = self.game.result(state)
        if res is None:
            return None
        items = [{"seat": it.seat, "label": self.item_text(it, lang, reader), "amount": i18n.number(it.amount, lang)}
                 for it in res.items]
        return {"winners": list(res.winners), "items": items,
                "payoffs": [i18n.number(p, lang) for p in res.payoffs]}

    running_score = False  # whether the game keeps a score across deals (the summary shows it)

    def verdict(self, view: Any, result: Any, points: Sequence[Any], lang: str, reader: i18n.Readers) -> str:
        """The summary's title: who won, from the engine's result (``points``: the deal's points events)."""
        if result is None:
            return t("table.deal_done", lang)
        if len(result.winners) == 1:
            return i18n.translate("ui.summary.won", lang, reader=reader, seat=i18n.Seat(result.winners[0]))
        names = [str(i18n.seat_name(w, lang, reader)) for w in result.winners]
        return t("table.winners", lang, names=i18n.join(names, lang))

    def notes(self, result: dict[str, Any]) -> list[dict[str, Any]]:
        """The result's items worth a line under the points table (all of them here)."""
        return result["items"]

    def item_text(self, item: Any, lang: str, reader: i18n.Readers = 0) -> str:
        """The words of one settlement line for the player at ``reader``: the game's catalog key."""
        key = item.key if "." in item.key else f"{self.game.name}.item.{item.key}"
        return i18n.translate(key, lang, reader=reader, **dict(item.params)) if i18n.has(key) else item.key


def adapter_for(game: Game) -> Adapter:
    """The adapter of ``game``: the ``GameAdapter`` its kit names, else the base (a game of the caller's own)."""
    found = kit(game.name) if game.name in REGISTRY else None
    if found is None or not found.adapter:
        return Adapter(game)
    return found.part(found.adapter).GameAdapter(game)


__all__ = ["Adapter", "adapter_for", "t"]
