"""Serve the built JupyterLite site on this computer: ``python3 lite/serve.py [_site]``.

Any static web server will do; this one (the standard library's, nothing to install)
only makes sure of the content types a browser insists on for the site's WebAssembly
and JavaScript modules, whatever the computer's own table of types says. It listens
on 127.0.0.1 and prints the address to open; Control-C stops it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import webbrowser
from pathlib import Path
from typing import Any, ClassVar

#: Content types the site needs right (module scripts and WebAssembly are refused otherwise).
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".md": "text/markdown",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static file handler with :data:`TYPES`, quiet unless ``verbose``."""

    extensions_map = {  # noqa: RUF012
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    verbose: ClassVar[bool] = False

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


def make_server(site: Path, port: int, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded server of ``site`` on 127.0.0.1:``port`` (0: any free port)."""
    handler = functools.partial(
        type("SiteHandler", (Handler,), {"verbose": verbose}), directory=str(site)
    )
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "site",
        nargs="?",
        type=Path,
        default=Path("_site"),
        help="the built site (default: _site, as `make lite` makes it)",
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"lite/serve.py: {args.site} holds no site: run `make lite` first", file=sys.stderr)
        return 2
    try:
        server = make_server(args.site.resolve(), args.port, args.verbose)
    except OSError as err:
        print(f"lite/serve.py: port {args.port}: {err.strerror}; try --port", file=sys.stderr)
        return 2
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {args.site} at {url} (Control-C stops it)", flush=True)
    if not args.no_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
