"""Fixtures for the real-browser tests: Chromium through Playwright, one server per front end.

One JupyterLab, one Notebook 7 and one Voila server serve the whole session
(started on first use, stopped at the end). Each tutorial is opened and run once
per front end by a module fixture, and its kernel is shut down after the module.
Chromium missing is a failure, never a skip: ``make test`` installs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, Server, jupyter_server
from .ui import open_and_run

ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = ROOT / "tutorials"
#: The two notebook front ends every notebook test runs in.
FRONT_ENDS = ("lab", "notebook")
#: A window as large as a classroom projector's, so whole boards are on screen.
VIEWPORT = {"width": 1400, "height": 1000}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Server]]:
    """``servers(kind)``: the session's server of that kind (``lab``/``notebook``), started once.

    Each serves a copy of every notebook in ``tutorials/``.
    """
    running: dict[str, Server] = {}
    with ExitStack() as stack:

        def get(kind: str) -> Server:
            if kind not in running:
                notebooks = sorted(TUTORIALS.glob("*.ipynb"))
                running[kind] = stack.enter_context(
                    jupyter_server(kind, notebooks, tmp_path_factory.mktemp(kind))
                )
            return running[kind]

        yield get


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the screenshots go to (printed by the tests that write them)."""
    return tmp_path_factory.mktemp("screenshots")


class OpenNotebook:
    """A tutorial opened in a front end with all its cells run: the page and where it is."""

    def __init__(self, page: Any, server: Server, name: str, seconds: float) -> None:
        self.page = page
        self.server = server
        self.kind = server.kind
        self.name = name
        self.run_seconds = seconds


def one_cell_notebook(source: str, cell_id: str) -> dict[str, Any]:
    """A notebook of one code cell, not yet run (written at test time beside the tutorials)."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "cells": [
            {
                "cell_type": "code",
                "id": cell_id,
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
        ],
    }


def open_tutorial(
    browser: Any, servers: Callable[[str], Server], kind: str, name: str
) -> Iterator[OpenNotebook]:
    """Open ``tutorials/name`` in ``kind`` and run all cells; close it and its kernel after."""
    if not (TUTORIALS / name).exists():
        pytest.fail(f"tutorials/{name} does not exist")
    yield from open_notebook(browser, servers(kind), name)


def open_notebook(browser: Any, server: Server, name: str) -> Iterator[OpenNotebook]:
    """Open ``name`` (in the server's root) and run all cells; close it and its kernel after."""
    kind = server.kind
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        try:
            seconds = open_and_run(page, server, name)
        except Exception as err:
            shot = server.root.parent / f"failed-{kind}-{Path(name).stem}.png"
            page.screenshot(path=str(shot))
            raise AssertionError(f"{name} in {kind}: {err}\n(screenshot: {shot})") from err
        yield OpenNotebook(page, server, name, seconds)
    finally:
        context.close()
        server.shutdown_kernels(name)
