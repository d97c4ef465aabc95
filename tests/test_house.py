"""The three game packages have one shape: the same modules, the same exported names for the same ideas."""

from __future__ import annotations

import dataclasses
from importlib import import_module
from pathlib import Path

import pytest

import cardavia_nb.games as games

MODULES = {"__init__.py", "rules.py", "state.py", "scoring.py", "words.py", "engine.py"}
COMMON = {"observe", "illegal_reason", "legal_actions", "settle", "label", "describe", "PHASES", "DEAL_DOMAIN"}
PREFIX = {"truco": "Truco", "pao_de_kuai": "PaoDeKuai", "french_tarot": "FrenchTarot"}


def _package(name):
    return import_module(f"cardavia_nb.games.{name}")


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_game_package_holds_the_same_modules(name):
    folder = Path(_package(name).__file__).parent
    assert {p.name for p in folder.glob("*.py")} == MODULES


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_game_exports_the_same_names_for_the_same_ideas(name):
    package, prefix = _package(name), PREFIX[name]
    expected = COMMON | {prefix, f"{prefix}State", f"{prefix}View"}
    assert expected <= set(package.__all__), sorted(expected - set(package.__all__))
    assert all(hasattr(package, n) for n in package.__all__)
    assert package.DEAL_DOMAIN == f"{name}-deal"
    assert isinstance(package.PHASES, tuple) and package.PHASES and all(isinstance(p, str) for p in package.PHASES)
    assert getattr(package, prefix) is type(games.get(name))


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_states_and_views_are_frozen_values(name):
    package, prefix = _package(name), PREFIX[name]
    game = games.get(name)
    state = game.new(1)
    assert isinstance(state, getattr(package, f"{prefix}State"))
    view = game.observe(state, 0)
    assert isinstance(view, getattr(package, f"{prefix}View"))
    assert {"counts", "phase"} <= {f.name for f in dataclasses.fields(view)}
    assert view.phase in package.PHASES and state.phase in package.PHASES
    for value in (state, view):
        field = next(iter(value._fields)) if isinstance(value, tuple) else dataclasses.fields(value)[0].name
        with pytest.raises((AttributeError, dataclasses.FrozenInstanceError, TypeError)):
            setattr(value, field, None)


# What each game needs besides every seat's hand to deal a deal again (read off a dealt state).
DEALS = {
    "truco": lambda s: {"hands": s.hands, "dealer": s.dealer},
    "pao_de_kuai": lambda s: {"hands": s.hands},
    "french_tarot": lambda s: {"hands": s.hands, "chien": s.chien, "dealer": s.dealer},
}


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_game_deals_an_explicit_deal_and_refuses_one_that_is_not(name):
    game = games.get(name)
    dealt = game.new(11)
    setup = DEALS[name](dealt)
    again = game.new(12, **setup)
    assert all(game.observe(again, s) == game.observe(dealt, s) for s in range(game.num_players))
    written = game.deal_setup(dealt)  # what a record keeps of the deal
    assert all(game.observe(game.new(13, **written), s) == game.observe(dealt, s) for s in range(game.num_players))
    hands = [list(h) for h in setup["hands"]]
    hands[1][0] = hands[0][0]  # one card twice, another missing
    with pytest.raises(ValueError):
        game.new(12, **{**setup, "hands": hands})


def test_no_module_forces_a_value_into_a_frozen_state():
    root = Path(games.__file__).parent
    offenders = [str(p) for p in root.rglob("*.py") if "object.__setattr__" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_the_chien_rule_is_stated_once():
    root = Path(games.__file__).parents[1]
    lines = [f"{p}:{n}" for p in [*root.rglob("*.py"), *root.parent.joinpath("tests").rglob("*.py")]
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if '("prise", "garde")' in line and "test_house" not in p.name]
    assert len(lines) == 1, lines


def test_no_module_is_too_long_to_read():
    """No module over 500 lines, no lesson module over 350 (issue 26): long ones hold several ideas."""
    root = Path(games.__file__).parents[2]
    sizes = {p: len(p.read_text(encoding="utf-8").splitlines())
             for p in [*(root / "cardavia_nb").rglob("*.py"), *(root / "widgets").glob("*.js")]}
    assert len(sizes) > 100 and max(sizes.values()) > 400  # the files were found
    too_long = {str(p.relative_to(root)): n for p, n in sizes.items()
                if n > (350 if "lessons" in p.parts else 500)}
    assert too_long == {}


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_move_without_cards_is_one_the_game_lists(name):
    """``Game.cardless`` is the fixed action space's words: every card-free move met in whole games is in it,
    and each of its ids is a move of the game."""
    from cardavia_nb.core.testing import playout

    game = games.get(name)
    met = {a.id for seed in range(6) for state, _ in playout(game, seed)[:-1] for a in game.legal_actions(state)
           if not a.cards}
    assert met and met <= set(game.cardless), sorted(met - set(game.cardless))
    assert all(game.action(i).id == i for i in game.cardless)


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_kit_names_parts_that_exist(name):
    """A game's kit is all the house needs: its engine, players, sampler, adapter and page are there."""
    from cardavia_nb.games import kit

    found = kit(name)
    assert found.part(found.engine) is type(games.get(name))
    players = found.part(found.players)
    assert callable(players.LowPlayer) and callable(players.HighPlayer) and callable(found.part(found.sampler))
    assert found.part(found.adapter).GameAdapter
    assert (Path(__file__).parents[1] / "notebooks" / found.page).exists()
    assert found.unit in ("points", "match_chance") and found.threshold > 0
