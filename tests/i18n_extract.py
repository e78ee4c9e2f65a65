"""Collect the message ids the package passes to Msg / Plural / gettext / ngettext."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "exact61_widgets"
_SINGLE = {"Msg", "gettext", "_"}
_PLURAL = {"Plural", "ngettext"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def message_ids(root: Path = PACKAGE) -> dict[tuple[str, str], str]:
    """``{(msgid, msgid_plural): "file:line"}`` for every literal message id in the package."""
    found: dict[tuple[str, str], str] = {}
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
    from exact61_widgets.render.text import PORT_LABELS

    for label in PORT_LABELS.values():
        found.setdefault((label, ""), "exact61_widgets/render/text.py:PORT_LABELS")
    return found


if __name__ == "__main__":
    from exact61_widgets.i18n.catalog import catalog_entries

    entries = catalog_entries("ru")
    for key, where in message_ids().items():
        if key not in entries:
            print(f"{where}: {key}")
