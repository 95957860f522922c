"""Issue 19: Gone with the Beans' live sheet on a German phone. A de-DE phone (dark, 150 %
text, six players) sets up sheet A and plays round 1 in German: the setup's sections and
fields, the round's header and action buttons, a build the warehouse cannot pay (said in
German, what it costs and what is missing), and, once an action is taken, why the others
are refused. The engine's own words (facility names, a build's cost) are looked up in the
German catalog, so they read as German players read them."""

from __future__ import annotations

import re

import pytest

from companion.i18n import translations
from sheets.gone_with_the_beans.live import map_orders
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.i18n import _, using
from testkit.browser import PHONE
from tests.e2e.conftest import Phone
from tests.e2e.test_german_ui import phone_in
from tests.e2e.test_gone_with_the_beans_live_ui import arrow, serve  # noqa: F401  (serve: a fixture)
from tests.e2e.test_nicht_die_bohne_ui import FONT_150
from testkit.gwtb_live_play import ENTERED

pytestmark = pytest.mark.e2e

# Six players, one province each, with the Starting Point card's Hay.
SIX = [("Annegret", "macadimia", 12), ("Bartholomäus", "tachiopi", 12), ("Cordula", "cashew", 12),
       ("Dietrich", "ammond", 12), ("Eleonore", "beanzantine", 12), ("Friedrich", "zoodai", 12)]

WORKER = next(row for row in SHEETS["A"].hay_actions if row.effect.startswith("Gain 1 Worker"))


def german(message: str) -> str:
    """``message`` as a German phone reads it (the catalog's word, or English where it has none)."""
    with using(translations("de")):
        return _(message)


def type_kept(phone: Phone, label: str, value: str) -> None:
    """Type into a field and check it kept the typing (a keystroke during a re-render of
    the whole setup may be lost: type it again then)."""
    box = phone.page.get_by_role("textbox", name=label)
    for _attempt in range(3):
        phone.type_into(label, value)
        phone.page.wait_for_timeout(300)
        if box.input_value() == value:
            return
    assert box.input_value() == value, label


def fits(phone: Phone, name: str) -> None:
    """The button is on the phone's width, not wider (a German label grows it downwards)."""
    box = phone.reveal(phone.button(name).first)
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)


def test_a_german_phone_sets_up_and_plays_round_1_of_the_live_sheet(browser, serve):  # noqa: F811
    server = serve(ENTERED)  # sheet A's printed values, as a table entered them in earlier games
    phone, context = phone_in(browser, server, "de-DE", color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        phone.open("/new")
        phone.click(phone.page.get_by_text(german("Gone with the Beans: live sheet")).first)
        phone.see("Spielbogen (alle spielen mit demselben Buchstaben)")
        phone.see("Spieler und ihre Provinzen (1 Spieler: Solospiel)")
        for number, (name, province, _hay) in enumerate(SIX, start=1):
            if number > 2:
                phone.tap("Spieler hinzufügen")
            type_kept(phone, f"Spieler {number}", name)
            phone.tap(f"Spieler {number} {province.capitalize()}")
        phone.click(phone.page.get_by_role("radio", name="Grundspiel: 1 Sonderkarte"))
        phone.see("Startpunktkarte: die erste Provinz des Herrschers")
        phone.tap("Herrscher beginnt in Macadimia")
        for _name, province, hay in SIX:
            type_kept(phone, f"Heu {province.capitalize()}", str(hay))
        phone.shot("german-gwtb-setup-dark-150")
        phone.tap("Spiel beginnen")
        phone.see("Bestätige die Reihenfolge der Bohnenwelt-Landkarte im Uhrzeigersinn", exact=False)
        phone.tap(arrow(map_orders()[0]))
        phone.shot("german-gwtb-setup-map-dark-150")
        phone.tap("Spiel beginnen")

        phone.see("Vor Runde 1")
        phone.see("Rundenkarte von Runde 1 aufdecken")
        phone.click(phone.button(f"Karte {german('Farm')}"))
        phone.type_into("Heu der Karte", "3")
        phone.tap("Aufdecken")
        phone.text(re.compile(rf"^Runde 1 von 15: Herrscher in Macadimia; {german('Farm')} · 3 Heu")).first.wait_for()
        phone.see("Deine Aktion in dieser Runde")
        phone.text(re.compile(r"^Material: 14 ")).first.wait_for()  # 12 Hay and round 1's income, 2 Hay
        phone.button("Einen Heuschuppen dazubauen (+2 Heu)").wait_for()
        phone.button("Einen Meilenstein erreichen").wait_for()
        worker = f"{german(WORKER.effect).rstrip('.')} (6 Heu, 0 von 3 genutzt)"
        fits(phone, worker)
        silo = phone.button(f"{german('Silo')} bauen")
        phone.reveal(silo)
        assert silo.get_attribute("aria-disabled") == "true"  # 2 Bean + 2 Thaler, worth 18 Hay: 14 Hay cannot pay
        phone.shot("german-gwtb-round-1-dark-150")

        phone.tap(f"{german('Farm')} bauen")  # 1 Bean + 2 Thaler, paid with 12 of the 14 Hay
        phone.text(re.compile(r" kostet 1 ")).first.wait_for()
        phone.see("Du hast 14 ", exact=False)
        phone.see("Ersatz, nur für das, was dir fehlt: ", exact=False)
        phone.button("Zahlen und bauen").wait_for()
        phone.shot("german-gwtb-payment-dark-150")
        phone.tap("Heu zahlen weniger")
        phone.tap("Zahlen und bauen")  # 11 Hay do not pay it: the engine refuses
        phone.text(re.compile(r"bei (.+ )?11 Heu fehlt noch: 1 Taler")).first.wait_for()  # the engine's refusal, in German
        phone.shot("german-gwtb-refusal-dark-150")
        phone.tap("Heu zahlen mehr")
        phone.tap("Zahlen und bauen")
        phone.text(re.compile(r"^Material: 2 ")).first.wait_for()
        phone.text(f"{german('Farms')}: 2 von 6 gebaut").first.wait_for()
        phone.see("Deine Aktion in dieser Runde: ", exact=False)
        phone.see("Es fehlt noch die Aktion von Bartholomäus, Cordula, Dietrich, Eleonore, Friedrich")
        phone.shot("german-gwtb-action-taken-dark-150")
    finally:
        context.close()
