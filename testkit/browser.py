"""A real ``beans serve`` and a Chromium, for the browser tests (tests/e2e) and the
benchmarks that drive pages (bench/join.py, bench/table.py): the browser's path and
options, a phone's screen size, a free port, and the server in a subprocess.

``python -m testkit.browser`` (run by ``make test``) finds a Chromium or gets one, in this
order: Debian's ``/usr/bin/chromium``, a ``chromium`` on PATH, Playwright's own (``python
-m playwright install chromium`` puts it under its cache); else, on Debian as root,
``apt-get install chromium``; else it fails at once in one line saying how to get one.
It never downloads Playwright's browser build (these machines cannot fetch it)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEBIANS = "/usr/bin/chromium"
HOW = ("no Chromium for the browser tests: apt-get install chromium (Debian, Ubuntu), or "
       "python -m playwright install chromium; make test-fast runs every other test")


def playwrights_own() -> list[Path]:
    """Chromium builds that ``python -m playwright install chromium`` left in its cache."""
    cache = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache" / "ms-playwright")
    found = [*cache.glob("chromium-*/chrome-linux*/chrome"),
             *cache.glob("chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium"),
             *cache.glob("chromium-*/chrome-win*/chrome.exe")]
    build = {path: path.relative_to(cache).parts[0].removeprefix("chromium-") for path in found}
    return sorted(found, key=lambda path: int(build[path]) if build[path].isdigit() else 0, reverse=True)


def find_chromium() -> str | None:
    """The Chromium the browser tests drive: Debian's, one on PATH, or Playwright's own."""
    candidates = [DEBIANS, shutil.which("chromium"), shutil.which("chromium-browser"), *playwrights_own()]
    return next((str(c) for c in candidates if c and os.access(c, os.X_OK)), None)


CHROMIUM = find_chromium()
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
# The size and text matrix's extremes, as the browser tests draw them: the narrowest phone
# at 150 % text in dark mode, and the common one at 100 % in light mode. The sizes between
# keep the same layout rules, which the in-process tests check on every screen
# (tests/companion/test_layout_rules.py).
# 150 % text, as a phone's large-text setting gives it to the page (before Flutter starts).
FONT_150 = "document.addEventListener('DOMContentLoaded', () => {document.documentElement.style.fontSize = '24px';});"
EXTREMES = [((320, 640), True), ((390, 844), False)]  # (width, height), large text and dark


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"beans serve exited with {proc.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"beans serve did not answer on port {port}")


class Server:
    started: list["Server"] = []  # not stopped yet, for the report when a test fails

    def __init__(self, data_dir: Path, *args: str, host: str = "127.0.0.1"):
        self.data_dir = data_dir
        self.args = args  # more `beans serve` options, e.g. "--lan"
        self.host = host
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        # The server's log goes to a file: a pipe nobody reads fills up and stalls the server.
        self.log = tempfile.TemporaryFile("w+", encoding="utf-8")
        Server.started.append(self)

    @classmethod
    def running(cls) -> list["Server"]:
        return [s for s in cls.started if s.proc is not None and s.proc.poll() is None]

    @property
    def url(self) -> str:
        scheme = "https" if "--https" in self.args or "--cert" in self.args else "http"
        return f"{scheme}://{self.host}:{self.port}"

    def start(self) -> "Server":
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", self.host, "--port", str(self.port),
             "--data-dir", str(self.data_dir), *self.args],
            stdout=subprocess.DEVNULL, stderr=self.log, text=True,
        )
        try:
            wait_for_port(self.port, self.proc, host=self.host)
        except RuntimeError as exc:
            raise RuntimeError(f"{exc}: {self.log_text()}") from None
        return self

    def log_text(self) -> str:
        """What the server wrote to stderr so far."""
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> None:
        if self in Server.started:
            Server.started.remove(self)
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def get_chromium() -> str:
    """A Chromium's path: found, or installed with apt-get on Debian as root; else SystemExit
    with the one line saying how to get one."""
    found = find_chromium()
    if found:
        return found
    if Path("/etc/debian_version").exists() and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            try:
                subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, timeout=900)
            except (subprocess.SubprocessError, OSError) as exc:
                raise SystemExit(f"{HOW} ({' '.join(command)} failed: {exc})") from None
        found = find_chromium()
    if not found:
        raise SystemExit(HOW)
    return found


if __name__ == "__main__":
    print(f"browser tests: {get_chromium()}")
