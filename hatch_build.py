"""The long description an index shows: the README with every relative link made absolute.

The README's links are relative, so that they work in the repository and on the documentation
site; on an index's page there is no repository beside it. This metadata hook (hatchling's
``custom`` hook, pyproject.toml's ``[tool.hatch.metadata.hooks.custom]``) reads README.md and
points each relative link at the repository's copy of the file: pictures at their raw bytes,
pages at their view. ``tests/test_distribution.py`` checks the built metadata.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hatchling.metadata.plugin.interface import MetadataHookInterface

#: The target of a markdown link or picture that is relative (no scheme, not an anchor).
RELATIVE = re.compile(r"(\]\()(?![a-z][a-z0-9+.-]*:|#|/)([^)\s]+)\)")
#: Targets shown as pictures: linked to their raw bytes, not to the repository's page.
PICTURES = (".svg", ".png", ".jpg", ".gif")


def absolute_links(text: str, source: str, branch: str = "main") -> str:
    """``text`` with each relative link under ``source`` (the repository's address)."""

    def replace(match: re.Match[str]) -> str:
        opening, target = match.groups()
        kind = "raw" if target.lower().endswith(PICTURES) else "blob"
        return f"{opening}{source}/{kind}/{branch}/{target})"

    return RELATIVE.sub(replace, text)


class ReadmeHook(MetadataHookInterface):
    """Sets ``readme`` (listed in ``dynamic``) to the README with absolute links."""

    def update(self, metadata: dict[str, Any]) -> None:
        text = (Path(self.root) / "README.md").read_text("utf-8")
        source = metadata["urls"]["Source"]
        metadata["readme"] = {
            "content-type": "text/markdown",
            "text": absolute_links(text, source),
        }
