"""A screen as plain data, and back as plain Flet controls: the static copies of bench/table.py.

``snapshot(page.views)`` walks the controls a session of the real app shows (components
replaced by what they rendered) and keeps each control's class and fields; event handlers
become ``HANDLER``. ``build(spec, on_event)`` makes fresh controls of the same classes with
the same fields, each handler ``on_event(role)``, where ``role`` is the accessible name
of the nearest ``Semantics`` above it (the app names its icon buttons so), or a menu
item's words. The copy draws
the same controls and runs none of Bean Counter's code. Values (borders, paddings, ...)
are copied for each new control.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.flet_compat import BaseControl, Component

HANDLER = ("handler",)


def snapshot(value: Any) -> Any:
    if isinstance(value, Component):
        return snapshot(value._b)
    if isinstance(value, BaseControl):
        fields = {}
        for f in dataclasses.fields(value):
            if not f.init or f.metadata.get("skip") or f.name.startswith("_") or f.name in ("data", "key"):
                continue
            fields[f.name] = snapshot(getattr(value, f.name))
        return ("control", type(value).__module__, type(value).__qualname__, fields)
    if isinstance(value, (list, tuple)):
        items: list[Any] = []
        for item in value:
            spec = snapshot(item)
            if isinstance(item, Component) and isinstance(spec, tuple) and spec[:1] == ("list",):
                items.extend(spec[1])  # a component's list of controls, in its place
            else:
                items.append(spec)
        return ("list", items)
    if isinstance(value, dict):
        return ("dict", {k: snapshot(v) for k, v in value.items()})
    if callable(value) and not isinstance(value, type) and not dataclasses.is_dataclass(value):
        return HANDLER
    return ("value", value)


def build(spec: Any, on_event: Callable[[str | None], Callable[[Any], None]], role: str | None = None,
          found: Callable[[Any], None] = lambda _: None, enabled: frozenset[str] = frozenset()) -> Any:
    """Fresh controls from ``spec``; ``found`` sees every control made; the controls
    under a Semantics named in ``enabled`` are never disabled."""
    kind = spec[0]
    if kind == "value":
        return copy.deepcopy(spec[1])
    if kind == "handler":
        return on_event(role)
    if kind == "list":
        return [build(s, on_event, role, found, enabled) for s in spec[1]]
    if kind == "dict":
        return {k: build(s, on_event, role, found, enabled) for k, s in spec[1].items()}
    _, module, name, fields = spec
    cls: Any = importlib.import_module(module)
    for part in name.split("."):
        cls = getattr(cls, part)
    if cls is ft.Semantics and fields.get("label", ("value", None))[1]:
        role = fields["label"][1]
    elif cls is ft.PopupMenuItem and fields.get("content", ("value",))[0] == "control":
        role = fields["content"][3].get("value", ("value", None))[1]  # a menu item ("Redo" in "More") by its words
    made_fields = {k: build(s, on_event, role, found, enabled) for k, s in fields.items()}
    if role in enabled and "disabled" in made_fields:
        made_fields["disabled"] = False
    made = cls(**made_fields)
    found(made)
    return made


def texts(spec: Any, path: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], str]]:
    """Every Text's value with its place in the tree, in order."""
    kind = spec[0]
    found: list[tuple[tuple[int, ...], str]] = []
    if kind == "control":
        _, _, name, fields = spec
        if name == "Text" and isinstance(fields.get("value", ("value", None))[1], str):
            found.append((path, fields["value"][1]))
        for i, key in enumerate(sorted(fields)):
            found += texts(fields[key], path + (i,))
    elif kind in ("list", "dict"):
        items = spec[1] if kind == "list" else [spec[1][k] for k in sorted(spec[1])]
        for i, item in enumerate(items):
            found += texts(item, path + (i,))
    return found


def changed_text(before: Any, after: Any) -> tuple[str, str] | None:
    """A Text at the same place whose value differs, each value found once in its
    screen: what a phone watching the change waits for."""
    a, b = texts(before), texts(after)
    once_a = {t for t in (v for _, v in a) if [v for _, v in a].count(t) == 1}
    once_b = {t for t in (v for _, v in b) if [v for _, v in b].count(t) == 1}
    places = dict(b)
    for path, text in a:
        other = places.get(path)
        if other is not None and other != text and text in once_a and other in once_b \
                and text not in once_b and other not in once_a:
            return text, other
    return None
