"""Every module of the package has its place in the import contracts (pyproject.toml,
checked by ``lint-imports``): a module that no layers contract names, directly or
through its package, could import anything without a contract noticing."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "orbis_tui"


def _contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _layered(contracts: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """The modules the layers contracts name, and the packages they open as containers."""
    named: set[str] = set()
    containers: set[str] = set()
    for contract in contracts:
        if contract["type"] != "layers":
            continue
        prefixes = [f"{c}." for c in contract.get("containers", [])] or [""]
        containers.update(contract.get("containers", []))
        for layer in contract["layers"]:
            for name in re.split(r"[|:]", layer):
                name = name.strip().strip("()")
                named.update(prefix + name for prefix in prefixes)
    return named, containers


def _modules() -> list[str]:
    modules = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.append(".".join(parts))
    return modules


def _covered(module: str, named: set[str], containers: set[str]) -> bool:
    """Named by a layer itself, or inside a named package that no contract opens up (a
    package a contract opens must place each of its modules)."""
    if module in named:
        return True
    package, _, _ = module.rpartition(".")
    if not package or package in containers:
        return False
    return _covered(package, named, containers)


def test_every_module_is_placed_by_a_layers_contract() -> None:
    named, containers = _layered(_contracts())
    modules = _modules()
    assert "orbis_tui.tui.core.session" in modules  # the walk finds the package's modules
    loose = [m for m in modules if m != "orbis_tui" and not _covered(m, named, containers)]
    assert loose == [], f"modules no layers contract in pyproject.toml places: {loose}"


def test_a_module_of_an_opened_package_must_be_named_itself() -> None:
    named = {"orbis_tui.tui", "orbis_tui.tui.app", "orbis_tui.engine"}
    containers = {"orbis_tui.tui"}
    assert _covered("orbis_tui.engine.state", named, containers)
    assert _covered("orbis_tui.tui.app", named, containers)
    assert not _covered("orbis_tui.tui.join", named, containers)
    assert not _covered("orbis_tui.__main__", named, containers)


def test_every_named_module_exists() -> None:
    """A layer naming a module that is gone (moved, renamed) covers nothing."""
    named, _ = _layered(_contracts())
    modules = set(_modules())
    assert sorted(named - modules) == []
