"""``dizhu serve``: the game on 127.0.0.1, opened in the browser."""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import threading
import webbrowser
from pathlib import Path

DEFAULT_PORT = 8765


class ServeError(Exception):
    """Why the server cannot start, for the person who started it."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or :class:`ServeError` saying why not (port 0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # small messages go out at once (accepted sockets inherit it): a computer's move after
    # the person's no longer waits for the person's acknowledgement
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        hint = f": try --port {port + 1}" if port else ""
        raise ServeError(f"cannot listen on {host}:{port} ({e.strerror}){hint}") from None
    sock.listen(64)
    return sock


def host_names(host: str) -> list[str]:
    """The names a browser may use for the address the server listens on."""
    names = [host]
    if host == "127.0.0.1":
        names.append("localhost")
    return names


def serve(db: Path, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
          open_browser: bool = True, pause: float = 0.8, idle: float | None = None) -> None:
    """Run the game until interrupted."""
    import uvicorn

    from .app import IDLE, create_app

    try:
        app = create_app(db, pause, hosts=host_names(host), idle=IDLE if idle is None else idle)
    except (OSError, sqlite3.Error) as e:
        raise ServeError(f"cannot open the database {db}: {e}") from None
    sock = bind(host, port)
    url = f"http://{host}:{sock.getsockname()[1]}/"
    print(f"dizhu is running at {url}  (matches are kept in {db}; Ctrl+C stops it)",
          flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
