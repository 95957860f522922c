"""The smaller findings of issue 46 (item 7), each at the layer that decides it: a backup
says it holds device tokens (and is written for its owner only); a picker opened and
cancelled counts no file; any odd /at/ segment names no entry; --cert and --key are read
with a size bound; a renewed certificate's key is 0600 whatever the old file's mode."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest

from companion import tls
from companion.backup import HOLDS_TOKENS
from companion.cli import main
from companion.session import Games
from companion.storage import Repository
from companion.ui.components import files
from companion.ui.screens.game import entry_number
from sheets.registry import score
from tests.companion.test_cert_names import certificate

NAMES = ("bohnen-laptop", "localhost", "127.0.0.1")


def test_a_backup_says_it_holds_device_tokens_and_only_its_owner_reads_it(tmp_path, capsys):
    games = Games(Repository(tmp_path / "data"))
    games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cy"]}, starter="host-token")
    games.repo.close()
    target = tmp_path / "all.zip"
    assert main(["backup", "--data-dir", str(tmp_path / "data"), "-o", str(target)]) == 0
    out, err = capsys.readouterr()
    assert out == f"{target}\n" and err == HOLDS_TOKENS + "\n" and "device token" in err
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    with zipfile.ZipFile(target) as archive:
        assert "device token" in json.loads(archive.read("backup.json"))["holds"]
        assert any(b"host-token" in archive.read(name) for name in archive.namelist())  # kept: said so


@pytest.mark.parametrize("picked", [None, ("game.json", b"{}")])
def test_only_a_file_sent_counts(monkeypatch, picked):
    sent: list[int] = []

    async def upload(_title: str, _extensions: object = ()) -> object:
        return picked

    monkeypatch.setattr(files, "upload", upload)
    asyncio.run(files.import_json("Import", lambda: None, score, lambda data: data, lambda problem: None,
                                  sent=lambda: sent.append(1)))
    assert sent == ([] if picked is None else [1])


@pytest.mark.parametrize("segment", ["²", "٣", "１", "-1", "1e3", "", " 1", "1234567", "0x1"])
def test_any_odd_at_segment_names_no_entry(segment):
    assert entry_number(segment) == 0


def test_plain_digits_name_their_entry():
    assert entry_number("7") == 7 and entry_number("000012") == 12


@pytest.mark.parametrize("option", ["--cert", "--key"])
def test_cert_and_key_are_read_with_a_size_bound(tmp_path, option, capsys):
    """`--cert /dev/zero` was read until memory ran out."""
    certfile, keyfile = certificate(tmp_path, "bean.example")
    big = tmp_path / "big.pem"
    big.write_bytes(b"-" * (tls.PEM_MAX_BYTES + 1))
    for odd, said in ((Path("/dev/zero"), "not a plain file"), (tmp_path, "a directory"), (big, "larger than 1 MB")):
        given = {"--cert": certfile, "--key": keyfile, option: odd}
        with pytest.raises(tls.CertificateError, match=f"^{option} {odd}: {said}"):
            tls.given_certificate(given["--cert"], given["--key"])


def test_a_renewed_certificates_key_is_0600_whatever_the_old_files_mode(tmp_path):
    now = tls.datetime.now(tls.timezone.utc)
    first = tls.own_certificate(tmp_path, NAMES, now=now)
    os.chmod(first.keyfile, 0o644)  # loosened by hand
    renewed = tls.own_certificate(tmp_path, NAMES, now=now + timedelta(days=tls.VALID_DAYS - tls.RENEW_DAYS + 1))
    assert renewed.said and renewed.said.startswith("A new certificate (renewed")
    assert stat.S_IMODE(renewed.keyfile.stat().st_mode) == 0o600
    os.chmod(renewed.keyfile, 0o644)
    moved = tls.own_certificate(tmp_path, (*NAMES, "192.0.2.9"), now=now)  # a new address: made anew, same key
    assert moved.said and stat.S_IMODE(moved.keyfile.stat().st_mode) == 0o600
