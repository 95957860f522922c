"""A player's buttons: this round's income choice and action, each allowed now or disabled
with the rules' reason (the engine's ``allowed``: the screen decides no rule), and on D
the gained Contracts, each executed any time by paying its cost. Each button is a part
while it stays the same: a new reason for a button still disabled changes the words under it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.components.common import section
from companion.ui.components.sheet_scoring import note
from companion.ui.hooks import Feed, part, piece, use_slice_of
from companion.ui.kit import reason_line
from companion.ui.screens.gone_with_the_beans_live.buttons import tall_button, tall_only
from companion.ui.screens.gone_with_the_beans_live.view import Shown
from companion.ui.screens.gone_with_the_beans_live.words import contract_text, label
from sheets.gone_with_the_beans import Sheet
from sheets.gone_with_the_beans.live import (
    ACTION_NAMES, DUE_NAMES, Action, Allowed, ExecuteContract, Forgo, Offer, Paid, PlayerAction,
)
from sheets.i18n import _
from sheets.names import isolated


@dataclass(frozen=True)
class PlayTaps:
    """What the play screen's pieces do (``use_latest`` callbacks: the same on every render,
    each running the latest render's code)."""

    pick: Callable[[str], None]  # show that player's sheet
    attempt: Callable[[Action], bool]  # make the entry; ask what it still needs; False when refused
    refuse: Callable[[str | None], None]  # say why a tap makes no entry (None: clear it)
    take: Callable[[str, PlayerAction], None]  # a player's button: its payment or its choice first, else the entry
    pay: Callable[[Paid], None]  # show the payment of a build or a Contract


def waiting_words(name: str) -> str:
    return _("{player} takes {player}'s actions on {player}'s own phone.").format(player=isolated(name))


def title_of(allowed: Allowed) -> str:
    if allowed.owed:
        return _("Owed at once: {action}").format(action=_(DUE_NAMES[allowed.owed]))
    if allowed.taken:
        return _("Your action this round: {actions}").format(actions=", ".join(_(ACTION_NAMES[a])
                                                                              for a in allowed.taken))
    return _("Your action this round")


@dataclass(frozen=True)
class Take:
    """A button's tap: ``name``'s ``action`` (equal for the same button: its part is kept)."""

    taps: PlayTaps
    name: str
    action: PlayerAction

    def __call__(self) -> None:
        self.taps.take(self.name, self.action)


def buttons(sheet: Sheet, name: str, offers: tuple[Offer, ...], taps: PlayTaps) -> list[ft.Control]:
    """One button per offer; a reason shared by a run of buttons is said once, under the
    last. Each button is a part while its words are."""
    shown = [(label(sheet, o), o.reason, o.action) for o in offers]
    made: list[ft.Control] = []
    for index, (text, reason, action) in enumerate(shown):
        following = shown[index + 1][1] if index + 1 < len(shown) else None
        said = not (reason is not None and reason == following)
        button = part(tall_only, text, reason is not None, Take(taps, name, action))
        made.append(with_reason(button, reason if said else None))  # (its reason changes often: made plainly)
    return made


def with_reason(button: ft.Control, reason: str | None) -> ft.Control:
    return ft.Column([button, reason_line(reason)], spacing=0)


def actions_part(sheet: Sheet, name: str, allowed: Allowed | None, taps: PlayTaps) -> ft.Control:
    """The buttons of ``allowed`` on ``name``'s sheet (None: another phone's player, who
    acts on their own)."""
    if allowed is None:
        return note(waiting_words(name))
    if allowed.income:
        return section(_("Special card: choose your income"),
                       *buttons(sheet, name, allowed.income, taps))
    title = title_of(allowed)
    # "Let it pass", disabled with the rules' reason while the owed action can be performed
    # (design page, reading 9); a Contract may be executed first (reading 8), then go on.
    owing: list[ft.Control] = []
    if allowed.forgo is not None:
        owing.append(tall_button(_("Let it pass"), allowed.forgo.reason, lambda: taps.take(name, Forgo(player=name))))
        if any(o.reason is None for o in allowed.contracts):
            owing.append(note(_("You may execute a Contract first (Contracts, below), then go on.")))
    reasons = {o.reason for o in allowed.actions}
    if len(reasons) == 1 and None not in reasons:  # one reason for every action: say it once
        return section(title, note(str(reasons.pop())), *owing)
    # "Let it pass" stands before the buttons: their place.
    return section(title, *owing, *buttons(sheet, name, allowed.actions, taps))


@piece
def Actions(feed: Feed[Shown], name: str, taps: PlayTaps) -> ft.Control:
    """This round's income choice and action on ``name``'s sheet, as the rules allow that
    player now (``Shown.offers_of``; None: another phone's player, who acts on their own)."""
    sheet, allowed = use_slice_of(feed, lambda s: (s.view.sheet, s.offers_of(name)))
    return actions_part(sheet, name, allowed, taps)


def contract_reasons(allowed: Allowed | None) -> dict[str, str | None] | None:
    """Each Contract the player may execute now, and why not (None: another phone's player)."""
    if allowed is None:
        return None
    return {o.action.contract: o.reason for o in allowed.contracts if isinstance(o.action, ExecuteContract)}


def contracts_part(sheet: Sheet, name: str, gained: tuple[str, ...], executed: tuple[str, ...],
                   reasons: dict[str, str | None] | None, taps: PlayTaps) -> ft.Control:
    """Sheet D: the gained Contracts; each executed any time by paying its cost (no action)."""
    lines: list[ft.Control] = []
    for contract in gained:
        text = contract_text(sheet, contract)
        if contract in executed:
            lines.append(note(_("Executed: {contract}").format(contract=text)))
        elif reasons is not None and contract in reasons:
            lines.append(tall_button(_("Execute {contract}").format(contract=text), reasons[contract],
                                       _execute(taps, name, contract)))
        else:
            lines.append(note(_("Gained: {contract}").format(contract=text)))
    return section(_("Contracts: {gained} gained, {executed} executed (executing one is no action)").format(
        gained=len(gained), executed=len(executed)), *(lines or [note(_("none gained yet"))]))


@piece
def Contracts(feed: Feed[Shown], name: str, taps: PlayTaps) -> ft.Control:
    """Sheet D: ``name``'s gained Contracts (``contracts_part``, with ``contract_reasons``)."""
    sheet, gained, executed, reasons = use_slice_of(feed, lambda s: contracts_of(s, name))
    return contracts_part(sheet, name, gained, executed, reasons, taps)


def contracts_of(s: Shown, name: str) -> tuple[Sheet, tuple[str, ...], tuple[str, ...], dict[str, str | None] | None]:
    player = s.view.of(name).player
    return s.view.sheet, player.contracts_gained, player.contracts_executed, contract_reasons(s.offers_of(name))


def _execute(taps: PlayTaps, name: str, contract: str) -> Callable[[], None]:
    return lambda: taps.take(name, ExecuteContract(player=name, contract=contract))
