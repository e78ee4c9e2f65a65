"""The package's Jupyter server extension: kernel WebSockets without Nagle's delay.

Unit tests of the extension's two parts (the connection class and its loading), the
installed configuration that enables it, and the classroom server's default; the
browser tests' servers show it loaded (``tests/browser/test_server_extension.py``) and
``benchmarks/bench_click.py --plain`` shows what it saves.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from exact61_widgets import server_extension
from exact61_widgets.server_extension import SETTING, PromptConnection

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "jupyter-config/jupyter_server_config.d/exact61_widgets.json"


class FakeLog:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def info(self, text: str, *args: object) -> None:
        self.lines.append(text % args)


class FakeServerApp:
    """What the extension reads of a Jupyter server: its web settings and its log."""

    def __init__(self, settings: dict[str, Any]) -> None:
        self.web_app = type("WebApp", (), {"settings": settings})()
        self.log = FakeLog()


@pytest.mark.parametrize("configured", [None, ZMQChannelsWebsocketConnection])
def test_the_default_connection_becomes_the_prompt_one(configured: type | None) -> None:
    settings = {} if configured is None else {SETTING: configured}
    app = FakeServerApp(settings)
    server_extension._load_jupyter_server_extension(app)
    assert settings[SETTING] is PromptConnection
    assert app.log.lines == ["exact61_widgets: kernel WebSockets send without delay (TCP_NODELAY)"]


def test_a_connection_class_configured_by_someone_else_is_kept() -> None:
    class GatewayConnection(ZMQChannelsWebsocketConnection):
        pass

    settings: dict[str, Any] = {SETTING: GatewayConnection}
    app = FakeServerApp(settings)
    server_extension._load_jupyter_server_extension(app)
    assert settings[SETTING] is GatewayConnection
    assert app.log.lines == [
        "exact61_widgets: kernel WebSockets keep the configured GatewayConnection"
    ]


def test_the_connection_switches_nagle_off_before_it_connects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[object] = []

    class Handler:
        def set_nodelay(self, value: bool) -> None:
            calls.append(("nodelay", value))

    def connect(self: Any) -> str:
        calls.append("connect")
        return "connected"

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", connect)
    connection = PromptConnection.__new__(PromptConnection)
    monkeypatch.setattr(PromptConnection, "websocket_handler", Handler(), raising=False)
    assert connection.connect() == "connected"
    assert calls == [("nodelay", True), "connect"]


def test_installing_the_package_enables_the_extension() -> None:
    config = json.loads((ROOT / CONFIG).read_text("utf-8"))
    assert config == {"ServerApp": {"jpserver_extensions": {server_extension.__name__: True}}}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    shared = project["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    assert shared[CONFIG] == "etc/jupyter/jupyter_server_config.d/exact61_widgets.json"
    listed = subprocess.run(
        [sys.executable, "-m", "jupyter", "server", "extension", "list"],
        capture_output=True,
        text=True,
        check=True,
    )
    output = listed.stdout + listed.stderr  # Jupyter writes the list to either, by version
    lines = [line for line in output.splitlines() if server_extension.__name__ in line]
    assert any("enabled" in line for line in lines), output
    assert any(line.rstrip().endswith(("OK", "OK\x1b[0m")) for line in lines), output


def test_the_classroom_server_uses_the_prompt_connection() -> None:
    from test_serve import script

    classroom = script("classroom_server")
    assert classroom.ClassroomVoila().kernel_websocket_connection_class is PromptConnection
