"""The files that travel with the package: the rules pages and the tutorials.

A wheel carries them under ``exact61_widgets/_data/`` (pyproject.toml's ``force-include``);
in a clone (an editable install) they are read where they live, at the top of the repository.
:func:`write_tutorials` copies them into a folder in the layout the notebooks expect: the
notebooks in ``tutorials/`` with their data, the rules pages one level up, so that every
rule link of a notebook (``../RULES.md#r7-3``) leads to its rule.

>>> from exact61_widgets.resources import rules_page
>>> rules_page("en").name
'RULES.md'
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from exact61_widgets.engine.errors import Exact61Error
from exact61_widgets.i18n import Msg, check_lang

_PACKAGE: Final = Path(__file__).resolve().parent

#: The files a tutorials folder holds, relative to its top (and to the data's root).
PAGES: Final[tuple[str, ...]] = (
    "RULES.md",
    "RULES.ru.md",
    "docs/diagrams.md",
    "docs/diagrams.ru.md",
    "docs/legend.svg",
    "docs/legend.ru.svg",
    "docs/teachers.md",
    "docs/teachers.ru.md",
)
#: Folders copied whole, relative to the data's root.
FOLDERS: Final[tuple[str, ...]] = ("tutorials", "docs/diagrams")
_SKIPPED: Final = frozenset({".ipynb_checkpoints", "__pycache__"})


class TutorialsFolderError(Exact61Error):
    """A folder the tutorials cannot be written into without overwriting someone's work."""


def data_root() -> Path:
    """The folder holding ``RULES.md`` and ``tutorials/``: the wheel's data, or the clone's top."""
    packaged = _PACKAGE / "_data"
    return packaged if (packaged / "RULES.md").is_file() else _PACKAGE.parent


def rules_page(lang: str | None = None) -> Path:
    """The rules page of ``lang`` that ships with the package (``RULES.md``, ``RULES.ru.md``)."""
    name = "RULES.ru.md" if check_lang(lang) == "ru" else "RULES.md"
    return data_root() / name


def tutorial_files() -> list[str]:
    """Every file of a tutorials folder, relative to its top, sorted."""
    root = data_root()
    names = set(PAGES)
    for folder in FOLDERS:
        for path in (root / folder).rglob("*"):
            parts = path.relative_to(root).parts
            if path.is_file() and not _SKIPPED.intersection(parts):
                names.add("/".join(parts))
    return sorted(names)


@dataclass(frozen=True)
class WrittenTutorials:
    """What :func:`write_tutorials` did: the folder, the files written, those already there."""

    #: The folder the tutorials are in.
    folder: Path
    #: Files written (relative to the folder).
    written: tuple[str, ...]
    #: Files that were already there with the same content, left alone.
    unchanged: tuple[str, ...]

    @property
    def start(self) -> Path:
        """The first notebook to open: ``tutorials/00_start_here.ipynb``."""
        return self.folder / "tutorials" / "00_start_here.ipynb"


def write_tutorials(folder: str | Path, *, overwrite: bool = False) -> WrittenTutorials:
    """Copy the tutorials (both languages, their data) and the pages they link to into ``folder``.

    The folder is created if needed. A file already there with other content is kept, and
    nothing at all is written, unless ``overwrite`` is true: a learner's edited notebook is
    never lost by running the command twice.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     done = write_tutorials(folder)
    ...     again = write_tutorials(folder)  # the same files: nothing to write
    >>> done.start.name, "RULES.md" in done.written, again.written
    ('00_start_here.ipynb', True, ())
    """
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise TutorialsFolderError(Msg("{path} is a file, not a folder", {"path": str(target)}))
    root = data_root()
    names = tutorial_files()
    changed: list[str] = []
    unchanged: list[str] = []
    for name in names:
        there = target / name
        if not there.exists():
            changed.append(name)
        elif there.is_file() and there.read_bytes() == (root / name).read_bytes():
            unchanged.append(name)
        elif overwrite and there.is_file():
            changed.append(name)
        else:
            raise TutorialsFolderError(
                Msg(
                    "{path} is already there and differs from the package's copy: "
                    "choose another folder, or overwrite it on purpose",
                    {"path": str(there)},
                )
            )
    for name in changed:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / name, target / name)
    return WrittenTutorials(target, tuple(changed), tuple(unchanged))
