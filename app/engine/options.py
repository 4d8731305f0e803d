"""The room options the engine itself reads, declared once: a ruleset's options model extends `EngineOptions` to
offer them (a ruleset that does not gets their defaults). Everything else in `state.options` is the ruleset's.
`PhoneOptions` are the shell's: every ruleset offers them (its model extends `EngineOptions`, or `PhoneOptions`
alone), the pages read them from the view's `options`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.engine.model import GameState


class PhoneOptions(BaseModel):
    # Issue 27: every phone vibrates the same way at the start of each step (static/js/shell/cues.js), or none does.
    # The default is never written into a room's options (`exclude_if`): the views of the games played before the
    # option existed stay what they were (tests/engine/test_views_unchanged.py); a page reads absent as "vibrate".
    phone_cues: Literal["vibrate", "off"] = Field("vibrate", exclude_if=lambda value: value == "vibrate")


class EngineOptions(PhoneOptions):
    afk_after: int = Field(0, ge=0, le=100)  # missed prompts in a row before a player is flagged to the MJ (0: off)
    dead_chat: bool = True  # the dead talk among themselves
    # Cards the MJ deals before the start (MJ only, never in a view but the MJ's): seat -> card of the ruleset's
    # main slot, "<seat>.<slot>" -> card of another slot.
    preassigned: dict[str, str] = Field(default_factory=dict)
    # Web Push (app/push/kinds.py): pushes for one seat alone (a question waiting for it, the MJ's private message).
    # auto: in a long game only (a forum game, steps of hours); at a live table a phone that buzzes alone gives its
    # owner's role away. The default is not written into a room's options, as phone_cues' (the recorded views stay;
    # app/push/kinds.py reads absent as "auto").
    personal_pushes: Literal["auto", "on", "off"] = Field("auto", exclude_if=lambda value: value == "auto")


ENGINE_KEYS = tuple(EngineOptions.model_fields)
PRESET = "preassigned"  # kept beside the other options, but sent to the MJ alone (its own event, `preassigned`)


def engine_options(state: GameState) -> EngineOptions:
    """The engine's options of a room, typed. They were validated with the room's options (by the ruleset's
    model), so they are only read here, once per version of the state."""
    options = state.options

    def read() -> EngineOptions:
        return EngineOptions.model_construct(**{k: options[k] for k in ENGINE_KEYS if k in options})

    found: EngineOptions = state.remember("engine_options", read)
    return found


def preset_key(seat: int, slot: str, main: str) -> str:
    """The key of a pre-assigned card in `preassigned`."""
    return str(seat) if slot == main else f"{seat}.{slot}"
