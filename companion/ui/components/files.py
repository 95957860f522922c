"""JSON files in and out of the browser: a download, and an upload read as JSON."""

from __future__ import annotations

import json
from typing import Any

import flet as ft


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
