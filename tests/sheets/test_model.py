"""The engines' one base model: frozen, no unknown keys, and ``changed`` copies validated."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from sheets.gone_with_the_beans.live import Materials
from sheets.gone_with_the_beans.live.model import PlayerState

PLAYER = PlayerState(name="Ann", province="zoodai", materials=Materials(hay=3),
                     built=(("farm", 1),), hay_actions=(("thaler", 0),))


def test_changed_is_a_new_instance_with_the_changes():
    after = PLAYER.changed(hay_sheds=1, actions=("hay-shed",))
    assert (after.hay_sheds, after.actions, after.name) == (1, ("hay-shed",), "Ann")
    assert (PLAYER.hay_sheds, PLAYER.actions) == (0, ())
    assert after.materials is PLAYER.materials  # a nested model is kept, not validated again


def test_changed_validates_what_model_copy_lets_through():
    """A Hay Shed count below 0 cannot exist; neither can a field the model does not have."""
    with pytest.raises(ValidationError):
        PLAYER.changed(hay_sheds=-1)
    with pytest.raises(ValidationError):
        PLAYER.changed(hay_shed=1)
    assert PLAYER.model_copy(update={"hay_sheds": -1}).hay_sheds == -1  # why changed exists


def test_models_are_frozen_and_forbid_unknown_keys():
    with pytest.raises(ValidationError):
        PLAYER.hay_sheds = 2  # type: ignore[misc]
    with pytest.raises(ValidationError):
        Materials.model_validate({"hay": 1, "gold": 2})
