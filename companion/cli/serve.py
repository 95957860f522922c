"""``beans serve``: the app in the browser, for the phones at the table (the default command)."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from companion.cli.shared import DISTRIBUTION, Commands, UsageError, port_number
from sheets.limits import one_line

SERVER_EXTRA = f"beans serve needs the server's packages: pip install '{DISTRIBUTION}[server]'"
SERVER_PACKAGES = ("flet_web", "uvicorn", "cryptography")  # pyproject.toml's "server" extra


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    if not all(_installed(module) for module in SERVER_PACKAGES):  # an extra: a phone build leaves them out
        raise UsageError(SERVER_EXTRA)
    from companion.web.fonts import FontsMissing, installed_folder

    try:
        installed_folder()  # the fallback fonts: a distribution of their own, in the same extra
    except FontsMissing as exc:
        raise UsageError(str(exc)) from None
    from companion.server import ServeError, serve
    from companion.tls import CertificateError

    if (args.cert is None) != (args.key is None):
        raise UsageError("--cert and --key go together: the certificate and its private key")
    try:
        serve(host=args.host, port=args.port, data_dir=args.data_dir, lan=args.lan,
              https=args.https or args.cert is not None, cert=args.cert, key=args.key)
    except CertificateError as exc:
        raise UsageError(str(exc)) from None
    except ServeError as exc:  # the port is taken (1), or the address is not this machine's (2)
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 2 if exc.bad_input else 1
    return 0


def add_commands(commands: Commands) -> None:
    serve = commands.add("serve", cmd_serve, help="serve the app in the browser (default)")
    serve.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8550, help="the port to listen on (default 8550)")
    serve.add_argument("--lan", action="store_true", help="listen on this machine's LAN address")
    serve.add_argument("--https", action="store_true",
                       help="serve https with a certificate made once in the data directory (each phone accepts "
                            "it): the phones' screens stay on and their share sheet works")
    serve.add_argument("--cert", type=Path, default=None, metavar="FILE",
                       help="serve https with this certificate (PEM; e.g. a club server's domain); needs --key")
    serve.add_argument("--key", type=Path, default=None, metavar="FILE", help="the private key of --cert (PEM)")
