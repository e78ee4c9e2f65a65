"""Collect the message ids the package passes to Msg / Plural / gettext / ngettext.

Two extractors: :func:`message_ids` walks the syntax tree of every module (it sees
calls nested in other calls and inside f-strings), :func:`babel_message_ids` runs
Babel's own Python extractor. The tests use the first and check that Babel finds
nothing it misses. :func:`po_files` and :func:`read_catalog` give the ``.po`` files
of a language, read with Babel, for the catalog checks.
"""

from __future__ import annotations

import ast
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parent.parent / "exact61_widgets"
CATALOGS = PACKAGE / "i18n"
_SINGLE = {"Msg", "gettext", "_"}
_PLURAL = {"Plural", "ngettext"}
#: Babel's keyword spec: the argument positions that hold the message ids.
BABEL_KEYWORDS: dict[str, tuple[int, ...]] = {
    **dict.fromkeys(_SINGLE, (1,)),
    **dict.fromkeys(_PLURAL, (1, 2)),
}

Key = tuple[str, str]


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def message_ids(root: Path = PACKAGE) -> dict[Key, str]:
    """``{(msgid, msgid_plural or ""): "file:line"}`` for every literal message id in the code."""
    found: dict[Key, str] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = _name(node.func)
            first = _literal(node.args[0])
            if first is None:
                continue
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            if name in _SINGLE:
                found.setdefault((first, ""), where)
            elif name in _PLURAL and len(node.args) > 1:
                second = _literal(node.args[1])
                if second is not None:
                    found.setdefault((first, second), where)
    # The port labels are looked up through a table, not a literal call.
    from exact61_widgets.engine.ports import PORT_LABELS

    for label in PORT_LABELS.values():
        found.setdefault((label, ""), "exact61_widgets/engine/ports.py:PORT_LABELS")
    return found


def babel_message_ids(root: Path = PACKAGE) -> dict[Key, str]:
    """The same, found by Babel's Python extractor (it skips calls inside f-strings)."""
    found: dict[Key, str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(root),
        method_map=[("**.py", "python")],
        keywords=BABEL_KEYWORDS,
        comment_tags=(),
        strip_comment_tags=True,
    ):
        if isinstance(message, str):
            key = (message, "")
        else:
            if not message[0]:
                continue
            key = (message[0], message[1] or "")
        found.setdefault(key, f"{filename}:{lineno}")
    return found


def po_files(lang: str = "ru") -> list[Path]:
    """Every ``.po`` file of ``lang``, by name: all of them are merged at run time."""
    return sorted((CATALOGS / lang).glob("*.po"))


def read_catalog(path: Path) -> Catalog:
    """One ``.po`` file read with Babel, strictly (an invalid entry raises)."""
    return read_po(io.BytesIO(path.read_bytes()), abort_invalid=True)


if __name__ == "__main__":
    from exact61_widgets.i18n.catalog import catalog_entries

    entries = catalog_entries("ru")
    for key, where in message_ids().items():
        if key not in entries:
            print(f"{where}: {key}")
