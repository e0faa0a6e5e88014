"""The packages of majiang import downward only, and no two modules import each other, even lazily
or for type checking alone (docs/architecture.md, "Layers").

Every ``import`` statement of every module is read from its source (an AST walk, so imports inside
functions and under ``TYPE_CHECKING`` count too): a package may import the packages of the layers
below its own, and packages of the same layer may import each other only without a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import majiang

ROOT = Path(majiang.__file__).resolve().parent

# Bottom to top. `majiang` is the package's __init__ (it installs the compiled-engine switch).
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(layer.split()) for layer in (
    "native",
    "majiang",
    "tiles",
    "core",
    "hand",
    "rules",
    "engine",
    "bots",
    "sim env tui backend",
    "platform",
    "server",
    "commands",
    "cli __main__",
))
LAYER_OF = {package: n for n, layer in enumerate(LAYERS) for package in layer}

def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ["majiang", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _owner(name: str) -> str | None:
    """The module of ours that ``name`` (a module, or a name inside one) is in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            subs = [f"{base}.{a.name}" for a in node.names]
            # `from pkg import submodule` loads the submodule; `from pkg import name`, the package.
            names = [s for s in subs if s in MODULES] or [base]
        else:
            continue
        found.update(o for n in names if n.startswith("majiang") and (o := _owner(n)) and o != module)
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "majiang"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_every_package_has_a_layer() -> None:
    unplaced = sorted({_package(m) for m in MODULES} - set(LAYER_OF))
    assert not unplaced, f"add {unplaced} to LAYERS here and to docs/architecture.md's table"


def test_no_package_imports_a_package_above_it() -> None:
    upward = [f"{m} imports {t}" for m, targets in sorted(GRAPH.items()) for t in sorted(targets)
              if LAYER_OF.get(_package(t), -1) > LAYER_OF.get(_package(m), -1)]
    assert not upward, "\n".join(upward)


def _package_graph() -> dict[str, set[str]]:
    packages: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        packages.setdefault(_package(module), set()).update(
            _package(t) for t in targets if _package(t) != _package(module))
    return packages


def test_no_cycle_between_packages() -> None:
    found = _cycles(_package_graph())
    assert not found, found


def test_no_cycle_between_modules() -> None:
    found = _cycles(GRAPH)
    assert not found, found


def test_the_cycle_finder_finds_cycles() -> None:
    # (the two tests above pass trivially if it never finds one)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_walk_sees_the_edges_it_judges() -> None:
    # The engine's hand flow reads the rulesets' interface and the shared vocabulary: if the walk
    # missed these, the tests above would pass on an empty graph.
    assert {"majiang.rules.base", "majiang.core.actions"} <= GRAPH["majiang.engine.hand"]
    assert "majiang.rules.hefei_scoring.situation" in GRAPH["majiang.rules.hefei_scoring.payment"]  # relative
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
