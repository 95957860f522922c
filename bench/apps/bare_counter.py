"""The baseline of bench/table.py: a bare Flet app broadcasting a counter to every session."""

import sys

import flet as ft

COUNT = [0]


def main(page: ft.Page) -> None:
    label = ft.Text(f"Count {COUNT[0]}")

    def show(_message) -> None:
        label.value = f"Count {COUNT[0]}"
        page.update()

    def tap(_) -> None:
        COUNT[0] += 1
        page.pubsub.send_all("changed")

    page.pubsub.subscribe(show)
    page.add(label, ft.Button("Tap", on_click=tap))


if __name__ == "__main__":
    ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
