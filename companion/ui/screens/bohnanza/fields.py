"""The shown player's fields: each field's card, its Plant panel (the bean, then one tap on
how many, the counts the rules refuse greyed out with their reason) and its harvest
preview (what the engine would pay). The piece follows its own slice of the play screen's
feed (``fields_slice``)."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import SECTION_SPACING, SPACING, TOUCH, error_line, section_title
from companion.ui.hooks import Feed, part, piece, use_slice_of
from companion.ui.screens.bohnanza.look import (
    BEAN_COLOURS, bean_badge, bean_tile, beanometer_line, coins, confirm_or_cancel, count_tile, named, note,
    printed, sentence,
)
from companion.ui.screens.bohnanza.taps import Panel, Taps
from companion.ui.screens.bohnanza.view import BohnanzaView
from sheets.bohnanza import COUNTS, Bean, Beanometer, HarvestPreview, PlantOffer, count_of, name
from sheets.i18n import _, ngettext
from sheets.names import isolated

Card = tuple[int, Bean | None, int, str | None]  # a field's number, bean, count, why it may not be harvested
Harvesting = tuple[HarvestPreview | None, str | None, Beanometer | None]  # FieldView.harvest


def plant_panel(card: Card, beans: tuple[Bean, ...], chosen: Bean | None, offer: PlantOffer | None,
                taps: Taps) -> ft.Control:
    """The bean (already chosen when the field grows one), then one tap on how many. Counts
    the engine refuses are disabled, the reason of the first under them (it refuses a count
    and every larger one alike: the deck runs out, or the field grows another bean)."""
    number, grown, count, _refused = card
    now = (_("Field {number} holds {beans}.").format(number=number, beans=count_of(grown, count))
           if grown else _("Field {number} is empty.").format(number=number))
    refused = offer.first_refused if offer is not None else None
    lines: list[ft.Control] = [
        ft.Row([bean_tile(b, b == chosen, taps.choose) for b in beans], wrap=True, spacing=6, run_spacing=6),
        note(" ".join([now, _("Tap how many you plant.") if chosen else _("Pick the bean you plant.")])),
        ft.Row([count_tile(n, number, chosen, offer is not None and offer.refusal(n) is not None, taps.plant)
                for n in range(1, COUNTS + 1)], wrap=True, spacing=6, run_spacing=6),
    ]
    if refused:
        n, why = refused
        said = sentence(why) if n == 1 else _("{n} or more: {why}").format(n=n, why=why)
        lines.append(ft.Semantics(label=said, container=True, exclude_semantics=True, content=note(said)))
    lines.append(ft.OutlinedButton(_("Cancel"), on_click=lambda _e: taps.close(), height=TOUCH))
    return ft.Column(lines, spacing=8)


def harvest_panel(number: int, harvesting: Harvesting, taps: Taps) -> ft.Control:
    """What harvesting the field pays, to confirm (or, the table changed meanwhile, why not)."""
    sale, refused, beanometer = harvesting
    if sale is None:
        return ft.Column([error_line(sentence(refused or "")),
                          ft.OutlinedButton(_("Close"), on_click=lambda _e: taps.close(), height=TOUCH)])
    fill, _ink = BEAN_COLOURS[sale.bean]
    words = ngettext("{beans} pays {coins}; {discarded} to the discard pile.",
                     "{beans} pay {coins}; {discarded} to the discard pile.", sale.beans).format(
        beans=count_of(sale.bean, sale.beans), coins=coins(sale.coins), discarded=sale.discarded)
    return ft.Container(
        ft.Column(
            [
                ft.Semantics(label=words, container=True, exclude_semantics=True, content=ft.Row([
                    ft.Text(f"+{sale.coins}", size=32, weight=ft.FontWeight.BOLD),
                    ft.Text(words, size=15, expand=True),
                ])),
                note(beanometer_line(beanometer)) if beanometer else ft.Container(height=0),
                confirm_or_cancel(_("Confirm harvest"), ft.Icons.CHECK, lambda: taps.harvest(number), taps.close),
            ],
            spacing=6,
        ),
        padding=10, border_radius=10, border=ft.Border.all(2, fill),
    )


def field_card(card: Card, open_panel: ft.Control | None, taps: Taps) -> ft.Control:
    """One field: its bean and count, Plant and Harvest (disabled with the rules' reason),
    and the open panel if any."""
    number, bean, count, refused = card
    planted = bean is not None
    german = printed(bean) if bean else None
    buttons = [named(_("Plant in field {number}").format(number=number), ft.OutlinedButton(
        _("Plant"), icon=ft.Icons.ADD, on_click=lambda _e: taps.open_plant(number), height=TOUCH, expand=planted),
        expand=planted)]
    why = None
    if planted:
        why = sentence(refused) if refused else None
        buttons.append(named(_("Harvest field {number}").format(number=number), ft.FilledTonalButton(
            _("Harvest"), icon=ft.Icons.AGRICULTURE, on_click=lambda _e: taps.open_harvest(number), height=TOUCH,
            expand=True, disabled=refused is not None), expand=True, disabled=refused is not None))
    head = ft.Row(
        [
            ft.Semantics(label=_("Field {number}: {beans}").format(number=number, beans=count_of(bean, count))
                         if bean else _("Field {number}: empty").format(number=number),
                         exclude_semantics=True,
                         content=bean_badge(bean, str(count))),
            ft.Column(
                [
                    note(_("Field {number}").format(number=number)),
                    ft.Text(name(bean) if bean else _("empty"), size=18, weight=ft.FontWeight.W_600),
                    note(german) if german else ft.Container(height=0),
                ],
                spacing=0, expand=True,
            ),
            *(buttons if open_panel is None and not planted else []),
        ],
        spacing=12,
    )
    parts: list[ft.Control] = [head]
    if open_panel is None and planted:
        parts.append(ft.Row(buttons, spacing=8))
    if why and open_panel is None:
        parts.append(note(why))
    if open_panel is not None:
        parts.append(open_panel)
    return ft.Card(ft.Container(ft.Column(parts, spacing=8), padding=10))


# What the Fields piece shows: each field's card, and the open panel's part.
Opened = PlantOffer | Harvesting | None
FieldsSlice = tuple[tuple[Card, ...], Opened, tuple[Bean, ...]]


def fields_slice(v: BohnanzaView, player: str, panel: Panel, bean: Bean | None) -> FieldsSlice:
    """What ``Fields`` shows of the view for ``player`` with ``panel`` open."""
    side = v.side(player)
    if side is None:
        return (), None, v.beans
    fields = side.fields
    opened: Opened = None
    if panel is not None and 1 <= panel[1] <= len(fields):
        field = fields[panel[1] - 1]
        opened = field.planting(bean) if panel[0] == "plant" else field.harvest if panel[0] == "harvest" else None
    return tuple(f.card for f in fields), opened, v.beans


def _card_part(card: Card, panel: Panel, beans: tuple[Bean, ...], bean: Bean | None, opened: Opened,
               error: str | None, taps: Taps) -> ft.Control:
    """A field's card as a part of its own: made again only when what it shows differs."""
    number = card[0]
    if panel == ("plant", number):
        offer = opened if isinstance(opened, PlantOffer) else None
        return part(_planting_card, card, beans, bean, offer, error, taps)
    if panel == ("harvest", number) and isinstance(opened, tuple):
        return part(_harvest_card, card, opened, error, taps)
    return part(field_card, card, None, taps)


def _planting_card(card: Card, beans: tuple[Bean, ...], bean: Bean | None, offer: PlantOffer | None,
                   error: str | None, taps: Taps) -> ft.Control:
    return field_card(card, ft.Column([plant_panel(card, beans, bean, offer, taps), error_line(error)], spacing=6),
                      taps)


def _harvest_card(card: Card, harvesting: Harvesting, error: str | None, taps: Taps) -> ft.Control:
    return field_card(card, ft.Column([harvest_panel(card[0], harvesting, taps), error_line(error)], spacing=6),
                      taps)


@piece
def Fields(feed: Feed[BohnanzaView], player: str, panel: Panel, bean: Bean | None, error: str | None,
           taps: Taps) -> ft.Control:
    """``player``'s fields (``fields_slice``), a field's open panel (``panel``) with ``error``,
    the engine's word on the last tap (above the fields while no panel is open)."""
    cards, opened, beans = use_slice_of(feed, lambda v: fields_slice(v, player, panel, bean))
    field_panel = panel is not None and panel[0] in ("plant", "harvest")
    parts = [section_title(_("{player}'s fields").format(player=isolated(player)))]
    parts += [_card_part(card, panel, beans, bean, opened, error, taps) for card in cards]
    return ft.Column([error_line(None if field_panel else error), ft.Column(parts, spacing=SECTION_SPACING)],
                     spacing=SPACING)
