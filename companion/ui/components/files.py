"""JSON files in and out of the browser: a download, and an upload read as JSON and
imported, with a plain line when it is refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from companion.storage import StorageError

T = TypeVar("T")


async def download_json(name: str, data: Any) -> None:
    """Offer ``data`` as the file ``name`` (the browser's download)."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=json.dumps(data, indent=2).encode())


async def upload_json(title: str) -> tuple[str, Any] | None:
    """The picked file's name and its JSON; None when nothing was picked.

    Raises ValueError (a json.JSONDecodeError) when the file is not JSON.
    """
    picked = await ft.FilePicker().pick_files(
        dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True,
    )
    if not picked:
        return None
    return picked[0].name, json.loads(picked[0].bytes or b"")


async def import_json(title: str, importer: Callable[[Any], T],
                      set_problem: Callable[[str | None], Any]) -> tuple[str, T] | None:
    """Pick a JSON file and hand its data to ``importer``: the file's name and what
    ``importer`` returned. None when nothing was picked, or when the file was refused:
    then ``set_problem`` says why, naming the file."""
    name = "the file"
    try:
        picked = await upload_json(title)
        if picked is None:
            return None
        name, data = picked
        imported = importer(data)
    except (ValueError, StorageError) as exc:  # JSON, ScoreFileError, RulesError
        set_problem(f"{name} was not imported: {exc}")
        return None
    set_problem(None)
    return name, imported
