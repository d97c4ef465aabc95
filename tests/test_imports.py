"""The package's import graph has no cycle (module-level and function-local imports alike; a type checker's
``if TYPE_CHECKING:`` imports never run and are left out)."""

import ast
from pathlib import Path

import cardavia_nb

PACKAGE = Path(cardavia_nb.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def type_only(tree: ast.Module) -> set[ast.AST]:
    """The imports under ``if TYPE_CHECKING:``: they name a type for checkers and never run."""
    return {inner for node in ast.walk(tree) if isinstance(node, ast.If) and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING" for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))}


def import_graph() -> dict[str, set[str]]:
    """Module -> the cardavia_nb modules it imports anywhere in its body (``from X import y`` counts
    ``X.y`` when that is a module, else ``X``: importing a submodule runs its package first anyway)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        deps = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = type_only(tree)
        for node in ast.walk(tree):
            if node in skipped:
                continue
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name.split(".") if is_pkg else name.split(".")[:-1]
                    anchor = anchor[:len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                subs = {f"{base}.{a.name}" for a in node.names} & modules.keys()
                deps.update(subs)
                if len(subs) < len(node.names):  # some names are attributes of ``base`` itself
                    deps.add(base)
        graph[name] = {d for d in deps if d in modules and d != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return path[path.index(dep):] + [dep]
            if dep not in state:
                found = visit(dep)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_inside_the_package():
    graph = import_graph()
    assert "cardavia_nb.games.truco.engine" in graph
    assert "cardavia_nb.games.truco.rules" in graph["cardavia_nb.games.truco.engine"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


# The house's layers, lowest first: a module may import its own layer's package and the layers below. The
# store sits beside the computer players, so it may import neither them nor anything above (the class's
# replays with the computer players live in ``classroom``).
LAYERS = {"core": 0, "i18n": 0, "games": 1, "traditions": 1, "players": 2, "store": 2, "review": 3, "arena": 3,
          "rl": 3, "classroom": 3, "rooms": 3, "ui": 4}


def layer_breaks(graph: dict[str, set[str]]) -> list[str]:
    """Every import that points up the layers or sideways into another package of the same layer."""
    def place(module: str) -> tuple[str, int]:
        part = module.split(".")[1] if "." in module else ""
        return part, LAYERS.get(part, -1)  # the bare package ``cardavia_nb`` is below everything

    breaks = []
    for module, deps in sorted(graph.items()):
        part, level = place(module)
        assert level >= 0 or part == "", f"{module} belongs to no layer: add its package to LAYERS."
        for dep in sorted(deps):
            dep_part, dep_level = place(dep)
            if dep_level > level or (dep_level == level and dep_part != part and level > 0):
                breaks.append(f"{module} -> {dep}")
    return breaks


def test_the_layer_check_catches_an_upward_import():
    graph = {"cardavia_nb.games.truco": {"cardavia_nb.ui.table"}, "cardavia_nb.store.games": {"cardavia_nb.arena.x"},
             "cardavia_nb.store.browser": {"cardavia_nb.players.seats", "cardavia_nb.classroom.deals"},
             "cardavia_nb.ui.table": {"cardavia_nb.games.truco", "cardavia_nb.classroom.deals"},
             "cardavia_nb.classroom.door": {"cardavia_nb.store.tables", "cardavia_nb.players.seats"}}
    assert layer_breaks(graph) == ["cardavia_nb.games.truco -> cardavia_nb.ui.table",
                                   "cardavia_nb.store.browser -> cardavia_nb.classroom.deals",
                                   "cardavia_nb.store.browser -> cardavia_nb.players.seats",
                                   "cardavia_nb.store.games -> cardavia_nb.arena.x"]


def test_dependencies_point_down_the_layers_only():
    """ui -> (review, arena, rl, classroom, rooms) -> (players, store) -> games -> core; the store imports no
    player."""
    assert layer_breaks(import_graph()) == []
