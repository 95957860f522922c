"""JSON files in and out of the browser: a download, and an upload read as JSON and
imported, with a plain line when it is refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TypeVar

import flet as ft

from companion import worker
from companion.storage import StorageError
from companion.ui.hooks import phone_language
from sheets.i18n import _
from sheets.limits import one_line

T = TypeVar("T")


async def download_json(name: str, data: object) -> None:
    """Offer ``data`` as the file ``name`` (the browser's download)."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=json.dumps(data, indent=2).encode())


async def download_text(name: str, text: str) -> None:
    """Offer ``text`` as the file ``name`` (the browser's download), e.g. a CSV."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=text.encode())


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


async def upload(title: str) -> tuple[str, bytes] | None:
    """The picked file's name and its bytes; None when nothing was picked."""
    picked = await ft.FilePicker().pick_files(
        dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True,
    )
    if not picked:
        return None
    return picked[0].name, picked[0].bytes or b""


async def import_json(title: str, check: Callable[[object], object], importer: Callable[[object], T],
                      set_problem: Callable[[str | None], object]) -> tuple[str, T] | None:
    """Pick a JSON file and hand its data to ``importer`` once ``check`` (a module-level
    function raising ValueError) accepts it: the file's name and what ``importer``
    returned. None when nothing was picked, or when the file was refused: then
    ``set_problem`` says why, naming the file."""
    name = _("the file")
    try:
        picked = await upload(title)
        if picked is None:
            return None
        name, raw = picked
        # Off the event loop that serves every phone: a big file never stalls the table.
        # Read and checked in the server's worker process; what passed is imported in a
        # thread, as it stores (a real file is a few kilobytes).
        data = await worker.read_checked(raw, check, phone_language())
        imported = await asyncio.to_thread(importer, data)
    except (ValueError, StorageError) as exc:  # ScoreFileError, RulesError
        set_problem(one_line(_("{file} was not imported: {reason}").format(file=name, reason=exc)))
        return None
    set_problem(None)
    return name, imported
