"""The package (issue 36): its metadata, `beans --version`, and the server's packages as an
extra that a phone build (main.py, `flet build`) leaves out."""

from __future__ import annotations

import importlib.abc
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from companion.cli import DISTRIBUTION, SERVER_EXTRA, main

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SERVER_ONLY = ("flet_web", "uvicorn", "fastapi", "cryptography")

# Imports what main.py imports with the server's packages unimportable, as on a phone.
PHONE = f"""
import importlib.abc, sys
class NoServer(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {SERVER_ONLY!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, NoServer())
import runpy
runpy.run_path({str(ROOT / "main.py")!r}, run_name="not_main")
import companion.ui.app, companion.cli
print("ok")
"""


class NoServer(importlib.abc.MetaPathFinder):
    """The server's packages not installed."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in SERVER_ONLY:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


def test_the_wheel_names_its_licence_authors_and_classifiers():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT AND Unicode-DFS-2016"  # the fonts (OFL-1.1) are a distribution of their own
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert all((ROOT / name).is_file() for name in project["license-files"])
    assert project["license-files"] == ["LICENSE", "sheets/data/UNICODE-LICENSE.txt"]
    assert project["authors"] and any(c.startswith("Topic :: Games") for c in project["classifiers"])


def test_the_distribution_has_a_name_pypi_accepts():
    """PyPI refuses a new project whose name, with "-", "_" and "." removed, is an existing
    one's: "bean-counter" is "beancounter" (a project since 0.1.0); the command stays beans."""
    name = PYPROJECT["project"]["name"]
    assert name == DISTRIBUTION == "bean-counter-companion"
    assert name.replace("-", "").replace("_", "").replace(".", "") != "beancounter"
    assert PYPROJECT["project"]["scripts"] == {"beans": "companion.cli:main"}
    assert PYPROJECT["tool"]["flet"]["product"] == "Bean Counter"


def test_every_dependency_is_pinned_and_the_server_is_an_extra():
    project = PYPROJECT["project"]
    core, server = project["dependencies"], project["optional-dependencies"]["server"]
    assert all("==" in d for d in core + server)
    assert {d.split("==")[0] for d in server} >= {"flet-web", "uvicorn"}
    assert not any(d.split("==")[0] in ("flet-web", "uvicorn", "fonttools", "cryptography") for d in core)


def test_a_phone_build_runs_without_the_servers_packages():
    done = subprocess.run([sys.executable, "-c", PHONE], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_beans_version_says_the_installed_version(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    out, _err = capsys.readouterr()
    assert exited.value.code == 0 and out == f"beans (Bean Counter) {version(DISTRIBUTION)}\n"


def test_serve_without_the_server_extra_says_how_to_install_it(monkeypatch, capsys, tmp_path):
    for name in [m for m in sys.modules if m == "companion.server" or m.startswith("companion.web")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delitem(sys.modules, "flet_web", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NoServer(), *sys.meta_path])  # as without the extra
    assert main(["serve", "--data-dir", str(tmp_path)]) == 2
    _out, err = capsys.readouterr()
    assert err == f"beans: {SERVER_EXTRA}\n"
