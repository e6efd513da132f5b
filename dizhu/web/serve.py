"""``dizhu serve``: the game on 127.0.0.1, opened in the browser; with ``--lan``, also on
the local network for friends holding an invitation."""

from __future__ import annotations

import contextlib
import logging
import socket
import sqlite3
import threading
import webbrowser
from pathlib import Path

DEFAULT_PORT = 8765
GRACE = 10.0
"""Seconds the server waits on SIGTERM for its pages' tasks to finish before it cancels
them and closes the database."""


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


def host_names(host: str, lan: list[str] = ()) -> list[str]:
    """The names a browser may use for the address the server listens on (with ``lan``:
    those network addresses, and the machine's own names)."""
    names = [*lan, "127.0.0.1", "localhost"] if lan else [host]
    if host == "127.0.0.1":
        names.append("localhost")
    return list(dict.fromkeys(names))


def lan_address() -> str:
    """This machine's address on the local network (the one its default route leaves by),
    or :class:`ServeError`."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))  # a datagram socket sends nothing to connect
        address = s.getsockname()[0]
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    with contextlib.suppress(OSError):
        address = socket.gethostbyname(socket.gethostname())
        if not address.startswith("127."):
            return address
    raise ServeError("--lan: this machine has no address on a local network")


class QuietBadText(logging.Filter):
    """uvicorn logs a page's text frame that is not UTF-8 as an error with a traceback (it
    closes the socket with 1007, as it should): hostile input, not a fault of the server,
    so it is one line at the info level (not shown by default)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Invalid UTF-8"):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg = "a page sent a text frame that is not UTF-8: its socket is closed"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def serve(db: Path, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *,
          open_browser: bool = True, pause: float = 0.8, idle: float | None = None,
          lan: bool = False, away: float | None = None,
          programs: dict[str, str] | None = None, sync: str = "full",
          wait: float | None = None) -> None:
    """Run the game until interrupted; ``lan``: listen on every address of the machine,
    the lobby still only for the machine itself (friends come by invitation);
    ``programs``: outside bots offered in the lobby, by name."""
    import uvicorn

    from . import memory
    from .app import create_app
    from .hub import IDLE
    from .messages import MAX_BYTES
    from .rooms import AWAY

    network = [lan_address()] if lan else []
    try:
        app = create_app(db, pause, hosts=host_names(host, network),
                         idle=IDLE if idle is None else idle, lan=lan,
                         away=AWAY if away is None else away, programs=programs,
                         sync=sync, **({} if wait is None else {"wait": wait}))
    except (OSError, sqlite3.Error) as e:
        raise ServeError(f"cannot open the database {db}: {e}") from None
    memory.settle()  # the engine's lasting tables built and kept out of collections
    sock = bind("0.0.0.0" if lan else host, port)
    bound = sock.getsockname()[1]
    url = f"http://{'127.0.0.1' if lan else host}:{bound}/"
    print(f"dizhu is running at {url}  (matches are kept in {db}; Ctrl+C stops it)",
          flush=True)
    if lan:
        app.state.base = f"http://{network[0]}:{bound}"
        print(f"on the local network at {app.state.base}/ : friends join by the invitation "
              "links a table's creator copies (the lobby stays on this machine)", flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # the client's own address decides what it may reach: no proxy may name another; no
    # per-message compression (deflating every state message cost about as much as
    # encoding it as JSON, for messages of a few KiB on a local network)
    # on SIGTERM every page is closed and its task awaited; one still running after
    # GRACE seconds (a fault: it is logged) is cancelled, so the last commit always runs
    # and a frame longer than any message the game reads is refused from its header
    config = uvicorn.Config(app, log_level="warning", lifespan="on", proxy_headers=False,
                            ws_per_message_deflate=False, timeout_graceful_shutdown=GRACE,
                            ws_max_size=MAX_BYTES)
    logging.getLogger("uvicorn.error").addFilter(QuietBadText())
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
