"""``beans serve``: the app in the browser, one process writing one data directory."""

from __future__ import annotations

import socket
import sys
from pathlib import Path


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def invite_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "") else host
    return f"http://{shown}:{port}"


def serve(host: str | None, port: int, data_dir: Path, lan: bool = False) -> None:
    import flet as ft

    from companion.session import Games
    from companion.storage import open_repository
    from companion.ui.app import make_main

    if host is None:
        host = lan_address() if lan else "127.0.0.1"
    repo = open_repository(data_dir)  # refuses when another server holds the directory
    games = Games(repo)
    url = invite_url(host, port)
    print(f"Bean Counter serves games from {data_dir}", file=sys.stderr)
    print(f"Open {url} on the phones at the table", file=sys.stderr)
    shared = lan or host not in ("127.0.0.1", "localhost", "::1")
    if shared:
        import segno

        segno.make(url, error="m").terminal(out=sys.stderr, compact=True)
    try:
        ft.run(make_main(games, url if shared else None), view=None, host=host, port=port, no_cdn=True)
    finally:
        repo.close()
