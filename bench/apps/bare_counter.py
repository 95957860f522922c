"""The baseline of bench/table.py: a bare Flet app broadcasting a counter to every session."""

import sys
from collections.abc import Callable

import flet as ft

COUNT = [0]


def counter_app(extra: Callable[[], list[ft.Control]] = list) -> Callable[[ft.Page], None]:
    """The counter and its Tap button, then ``extra()``'s controls, which never change."""

    def main(page: ft.Page) -> None:
        label = ft.Text(f"Count {COUNT[0]}")

        def show(_message) -> None:
            label.value = f"Count {COUNT[0]}"
            page.update()

        def tap(_) -> None:
            COUNT[0] += 1
            page.pubsub.send_all("changed")

        page.pubsub.subscribe(show)
        page.scroll = ft.ScrollMode.AUTO
        page.add(label, ft.Button("Tap", on_click=tap), *extra())

    return main


def serve(main: Callable[[ft.Page], None]) -> None:
    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)


if __name__ == "__main__":
    serve(counter_app())
