"""The *Your games* panel: a player's finished games per game and computer level, the last games, each
with a way to review it, the unfinished ones apart (never counted), *Download all* and *Delete my
history* (asked once).

It reads the store under the page's token only (``Settings.on_token``), so it shows nobody else's
games; what it sends the page is words and the player's own finished records (``ui.disclosure`` decides
which), never the token. On a game page
a *Review* button opens a finished game in the table's review (``Keeper.review``); on the home page each
game links to its game page with ``&review=<id>``, which that page's panel (widgets/history/history.js) sends
back as the same press once the page's token has arrived.
"""

from __future__ import annotations

import re
from typing import Any

from cardavia_nb import i18n
from cardavia_nb.core.text import Msg
from cardavia_nb.store.errors import StoreError
from cardavia_nb.ui.assets import module
from cardavia_nb.ui.disclosure import listed, stored
from cardavia_nb.ui.home import page_link
from cardavia_nb.ui.history.keeper import panel_store
from cardavia_nb.ui.panel import Panel, buttons, md, note
from cardavia_nb.ui.refusal import Refusal

LAST = 8
PRESSES = ("download", "delete", "delete-yes", "delete-no", "back")
REVIEW = re.compile(r"review:([0-9]{1,9})")  # a press of a game's Review (or the page's ?review=<id>)
FILE_NAME = "cardavia-games.jsonl"
RESULTS = {"won": "store.history.won_one", "lost": "store.history.lost_one", "drawn": "store.history.drawn_one"}


class History(Panel):
    """``History()`` on the home page (every game), ``History("truco", keeper=keeper)`` on a game page
    (that game; drawn again when the table's game ends)."""

    _esm = module("history/history.js")

    def __init__(self, game: str | None = None, *, keeper: Any = None, store: Any = None, **kwargs: Any):
        self.game, self._keeper, self._store = game, keeper, store
        self.token: str | None = None
        self.confirming = False
        self._asked: str | None = None  # a review pressed before the page's token arrived
        self._said: tuple[str, dict] | None = None  # the last action's outcome, as a key and its values
        super().__init__(**kwargs)
        if keeper is not None:
            keeper.finished.append(self.refresh)
        self.settings.on_token(self._on_token)

    @property
    def store(self) -> Any:
        """The store this panel reads, None when games are not being kept."""
        return panel_store(self._keeper, self._store)

    def _on_token(self, token: str, _reason: str | None) -> None:
        """The page's token: draw its games."""
        self.token, self.confirming, self._said = token, False, None
        asked, self._asked = self._asked, None
        if asked is not None:
            self.handle("press", {"id": asked})
        self.refresh()

    def _read(self) -> tuple[list, list, list] | None:
        """(tally, last games, unfinished) of this panel's game(s), None when the store cannot say."""
        store = self.store
        if store is None or self.token is None:
            return None
        ours = lambda game: not self.game or game == self.game  # noqa: E731
        try:
            return ([r for r in store.tally(self.token) if ours(r["game"])],
                    [g for g in store.recent(self.token, limit=100) if ours(g.game) and listed(g)][:LAST],
                    [g for g in store.unfinished(self.token) if ours(g.game) and listed(g)])
        except StoreError:
            return None

    def _rooms(self) -> list:
        """This token's room games of this panel's game(s), newest first: listed apart, never in the tally. Empty
        where rooms are not kept (the browser edition) or the store cannot say."""
        store = self.store
        if self.token is None or not keeps_rooms(store):
            return []
        from cardavia_nb.store.rooms import room_games  # needs SQLAlchemy, which a server's store has

        try:
            return room_games(store, self.token, self.game, limit=LAST)
        except StoreError:
            return []

    def render(self, lang: str) -> list[dict]:
        """The panel in ``lang``."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        out = [md(f"## {t('store.history.title')}")]
        if self.token is None:
            return out
        found = self._read()
        if found is None:
            return [*out, note(t("store.history.not_kept"))]
        tally, last, unfinished = found
        name = lambda game: t(f"games.{game}.title")  # noqa: E731
        level = lambda kind: t(f"ui.level.{kind}") if kind in ("low", "high") else kind  # noqa: E731
        if not tally:
            out.append(md(t("store.history.empty")))
        else:
            out.append(md("\n".join(
                "- " + t("store.history.tally_line", game=name(r["game"]), level=level(r["level"]),
                         played=i18n.number(r["played"], lang), won=i18n.number(r["won"], lang),
                         lost=i18n.number(r["lost"], lang), per_deal=i18n.number(round(r["points_per_deal"], 2), lang))
                for r in tally)))
            when = lambda g: i18n.moment(g.updated, lang)  # noqa: E731
            link = lambda g: "" if self._keeper is not None else (  # noqa: E731  the home page: to the game's page
                f" · [{t('store.history.review_link')}]({page_link(g.game, lang, 'table')}&review={g.id})")
            out += [md(f"### {t('store.history.last')}"), md("\n".join(
                "- " + t("store.history.last_line", when=when(g), game=name(g.game), level=level(g.level),
                         result=t(RESULTS.get(g.outcome, RESULTS["drawn"]))) + link(g)
                for g in last))]
            if self._keeper is not None and last:  # a game page: the review opens on this page's table
                out.append(buttons([(f"review:{g.id}", t("store.history.review_button", when=when(g))) for g in last]))
        out += rooms_blocks(self._rooms(), lang)
        if self._keeper is not None and self._keeper.parked:
            out.append(buttons([("back", t("store.history.back"))]))
        if unfinished:
            out.append(md(t("store.history.unfinished", count=len(unfinished))))
        if self.confirming:
            out += [note(t("store.history.confirm"), "bad"),
                    buttons([("delete-yes", t("store.history.confirm_yes")), ("delete-no", t("store.history.cancel"))])]
        else:
            out.append(buttons([("download", t("store.history.download")), ("delete", t("store.history.delete"))]))
        if self._said is not None:
            out.append(note(t(self._said[0], **self._said[1]), "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """*Download all*, *Delete my history* and its one confirmation, a game's *Review* and *Back to
        my game* (game pages); anything else changes nothing."""
        press = content.get("id") if intent == "press" else None
        asked = isinstance(press, str) and press.startswith("review:")
        if asked and self.token is None:
            self._asked = press  # the page's ?review=<id> came before its token: opened once it arrives
            return
        store = self.store
        if (press not in PRESSES and not asked) or self.token is None or store is None:
            return
        self._said = None
        try:
            if asked or press == "back":
                self._on_table(press)
            elif press == "download":
                kept = reversed(store.recent(self.token, limit=None))  # oldest first
                lines = [text for text in map(stored, kept) if text is not None]
                self.send({"type": "download", "name": FILE_NAME, "mime": "application/x-ndjson",
                           "text": "".join(f"{line}\n" for line in lines)})
                self._said = ("store.history.downloaded", {"count": len(lines)})
            elif press == "delete":
                self.confirming = True
            elif press == "delete-yes" and self.confirming:
                self.confirming = False
                self._said = ("store.history.deleted", {"count": store.delete_all(self.token)})
                if keeps_rooms(store):
                    from cardavia_nb.store.rooms import forget_seats  # needs SQLAlchemy, as above
                    forget_seats(store, self.token)
            else:
                self.confirming = False
        except StoreError:
            self.confirming = False

    def _on_table(self, press: str) -> None:
        """``review:<id>``: the token's game ``id`` in the table's review; ``back``: the game in progress
        again. A refusal is said on the table, where the review opens. The home page has no table: nothing."""
        keeper = self._keeper
        if keeper is None:
            return
        found = REVIEW.fullmatch(press)
        try:
            if press == "back":
                keeper.back()
            elif found is None:
                raise Refusal(Msg.of("store.review.missing"))
            else:
                keeper.review(int(found.group(1)))
        except Refusal as refusal:
            keeper.table.tell(refusal.msg)


def keeps_rooms(store: Any) -> bool:
    """Whether ``store`` keeps rooms: a database's does; the page's own store (the browser edition) does not."""
    return getattr(store, "engine", None) is not None


def rooms_blocks(found: list, lang: str) -> list[dict]:
    """The room games as their own list under a heading of their own (none: nothing), each with this person's
    result once over, and whether a computer played for them while they were away."""
    if not found:
        return []
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731

    def line(r: Any) -> str:
        result = t(RESULTS[r.outcome]) if r.outcome in RESULTS else t("store.history.room_playing")
        text = t("store.history.room_line", when=i18n.moment(r.when, lang), game=t(f"games.{r.game}.title"),
                 people=i18n.number(r.people, lang), result=result)
        return f"{text} ({t('store.history.room_helped')})" if r.helped else text
    return [md(f"### {t('store.history.rooms')}"), md("\n".join(f"- {line(r)}" for r in found))]
