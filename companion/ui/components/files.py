"""JSON files in and out of the browser: a download, and an upload read as JSON and
imported, with a plain line when it is refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TypeVar

import flet as ft

from companion import worker
from companion.backup import Backup, is_zip
from companion.storage import StorageError
from companion.ui.hooks import phone_language
from sheets.i18n import _
from sheets.limits import one_line

T = TypeVar("T")
R = TypeVar("R")


async def download_json(name: str, data: object) -> None:
    """Offer ``data`` as the file ``name`` (the browser's download)."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=json.dumps(data, indent=2).encode())


async def download_text(name: str, text: str) -> None:
    """Offer ``text`` as the file ``name`` (the browser's download), e.g. a CSV."""
    await download(name, text.encode())


async def download(name: str, raw: bytes) -> None:
    """Offer ``raw`` as the file ``name`` (the browser's download), e.g. a backup's zip."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=raw)


async def share_json(name: str, data: object) -> None:
    """Hand ``data`` as the file ``name`` to the phone's share sheet where the browser
    offers one; elsewhere Flet's share service downloads it instead (its download
    fallback), and if sharing fails outright it is offered as a download as before."""
    raw = json.dumps(data, indent=2).encode()
    try:
        await ft.Share().share_files([ft.ShareFile.from_bytes(raw, mime_type="application/json", name=name)],
                                     download_fallback_enabled=True)
    except Exception:  # noqa: BLE001 - no share service on this client: the download
        await ft.FilePicker().save_file(file_name=name, src_bytes=raw)


async def upload(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes] | None:
    """The picked file's name and its bytes; None when nothing was picked."""
    picked = await ft.FilePicker().pick_files(
        dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=list(extensions),
        with_data=True,
    )
    if not picked:
        return None
    return picked[0].name, picked[0].bytes or b""


async def import_json(title: str, may_send: Callable[[], object], check: Callable[[object], object],
                      importer: Callable[[object], T], set_problem: Callable[[str | None], object],
                      restore: Callable[[Backup], R] | None = None,
                      sent: Callable[[], object] = lambda: None) -> tuple[str, T | R] | None:
    """Pick a JSON file and hand its data to ``importer`` once ``check`` (a module-level
    function raising ValueError) accepts it: the file's name and what ``importer``
    returned. With ``restore``, a backup (a zip) may be picked too: it is handed to
    ``restore`` once read whole and checked, and the answer is what ``restore`` returned. None when
    nothing was picked, or when the file was refused: then ``set_problem`` says why,
    naming the file. ``may_send`` (the session's) and the worker's room are asked before
    the phone is asked for the file: a refused one is never sent; ``sent`` (the session's)
    counts a file once it was picked."""
    name = _("the file")
    try:
        may_send()
        worker.has_room(phone_language())
        picked = await upload(title, ("json", "zip") if restore is not None else ("json",))
        if picked is None:
            return None
        sent()  # only a file sent counts against the phone's imports
        name, raw = picked
        # Off the event loop that serves every phone: a big file never stalls the table.
        # Read and checked in the server's worker process; what passed is stored in a
        # thread (a real file is a few kilobytes).
        if restore is not None and is_zip(raw):
            backup = await worker.read_backup_checked(raw, phone_language())
            restored = await asyncio.to_thread(restore, backup)
            set_problem(None)
            return name, restored
        data = await worker.read_checked(raw, check, phone_language())
        imported = await asyncio.to_thread(importer, data)
    except (ValueError, StorageError) as exc:  # ScoreFileError, RulesError
        set_problem(one_line(_("{file} was not imported: {reason}").format(file=name, reason=exc)))
        return None
    set_problem(None)
    return name, imported
