"""A Jupyter server extension that lets a widget's answer reach the browser at once.

A click on a widget is a small message to the kernel, and the answer comes back as
a few small WebSocket frames (the kernel busy, the widget's new state, the kernel
idle). Tornado leaves Nagle's algorithm on for WebSocket connections, so the second
frame waits until the browser acknowledges the first, and browsers delay that
acknowledgement by up to 40 ms: measured here, a bare widget round trip took 49 ms
in the median with it and 13 ms without it (``benchmarks/bench_click.py``).

The extension switches Nagle's algorithm off (``TCP_NODELAY``) on the kernel
WebSocket of every page the server opens. Installing the package enables it in
JupyterLab, Notebook 7 and Voila's server extension (the file
``etc/jupyter/jupyter_server_config.d/exact61_widgets.json``); the classroom's own
Voila server (:mod:`exact61_widgets.classroom.voila`) uses :class:`PromptConnection` itself.
A server configured with another connection class keeps it, and the log says so.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

#: The setting of the server's web application that names the connection class.
SETTING = "kernel_websocket_connection_class"
#: What the server's log says when the extension has switched the delay off.
LOADED = "exact61_widgets: kernel WebSockets send without delay (TCP_NODELAY)"


class PromptConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel WebSocket connection, sending each frame as soon as it is written."""

    def connect(self) -> Any:
        """Switch Nagle's algorithm off for this page's WebSocket, then connect as usual."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """The extension's entry point, as Jupyter server looks it up."""
    return [{"module": "exact61_widgets.server_extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Use :class:`PromptConnection` for kernel WebSockets, unless another class is configured."""
    settings = serverapp.web_app.settings
    current = settings.get(SETTING)
    if current in (None, ZMQChannelsWebsocketConnection):
        settings[SETTING] = PromptConnection
        serverapp.log.info(LOADED)
    elif current is not PromptConnection:
        serverapp.log.info(
            "exact61_widgets: kernel WebSockets keep the configured %s", current.__name__
        )
