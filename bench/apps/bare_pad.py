"""A second baseline of bench/table.py: the bare counter on a screen as busy as the score
pad (a round table, chips, big numbers, colour tiles, card buttons), none of it changing.
It tells the cost of a busy screen in the browser from the cost of Bean Counter itself."""

import flet as ft
from bare_counter import counter_app, serve  # the same counter; bench/apps is the script's folder


def pad() -> list[ft.Control]:
    """Static controls shaped like the Nicht die Bohne! pad (see its screenshot)."""
    table = [ft.Row([ft.Text(name, expand=True), *[ft.Text(v, width=60) for v in ("+110", "–", "–", "110")]])
             for name in ("Alex", "Beate", "Claudia")]
    chips = ft.Row([ft.Chip(label=ft.Text(t), on_select=lambda _: None) for t in ("Round 1", "Round 2", "Round 3")])
    players = ft.Row([ft.Chip(label=ft.Text(f"{n} 0/20"), on_select=lambda _: None) for n in ("Alex", "Beate", "Claudia")])
    numbers = ft.Row([ft.Column([ft.Text("0", size=28), ft.Text(c, size=12)]) for c in ("positive", "negative", "total")])
    colours = ft.Row([ft.Container(ft.Column([ft.Text(c), ft.Text("0", size=20)]), border=ft.Border.all(2, ft.Colors.BLUE),
                                   border_radius=8, padding=8, expand=True) for c in ("Blue", "Red", "Green", "Yellow")])
    cards = ft.Row([ft.OutlinedButton(str(n), on_click=lambda _: None) for n in range(1, 11)], wrap=True)
    return [*table, chips, players, numbers, colours, cards,
            ft.Dropdown(label="Starts round 2", options=[ft.DropdownOption(key="a", text="Alex")])]


if __name__ == "__main__":
    serve(counter_app(pad))
