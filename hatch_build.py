"""Build hook: compile every message catalog (.po) into the .mo file the game loads.

The compiled catalogs are not kept in the repository: a wheel gets them from here, and
an editable install finds them in the source tree, where they are written too (and
ignored by git).

The compiled build (the mypyc hook, asked for at install time: docs/engine.md) writes
its extension modules beside the sources; once they are in the wheel they are taken
out of the tree again, where they would hide the sources from an editable install.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DOMAIN = "orbis_tui"


class CatalogBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        locale = Path(self.root) / "src" / "orbis_tui" / "locale"
        for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name)
            mo = po.with_suffix(".mo")
            with mo.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            if version != "editable":
                lang = po.parent.parent.name
                target = f"orbis_tui/locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"
                build_data["force_include"][str(mo)] = target

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if version == "editable":
            return
        source = Path(self.root) / "src"
        for pattern in ("*.cpython-*.so", "*__mypyc*.so", "*.pyd"):
            for built in source.rglob(pattern):
                built.unlink()
