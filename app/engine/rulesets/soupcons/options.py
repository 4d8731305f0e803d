"""Room options of the `soupcons` ruleset (validated by pydantic; durations in seconds)."""

from __future__ import annotations

import math
from typing import Annotated, Any

from pydantic import ConfigDict, Field, model_validator

from app.engine.options import PhoneOptions

# Display hints for the set-up page (static/js/soupcons_home.js): the paces it offers for `turn`, by catalogue name
# (sc.home.turn_<name>).
TURN_HINTS: dict[str, Any] = {"unit": "s", "choices": {"fast": 30, "normal": 60, "slow": 120}}
# The options the set-up page draws from the schema (soupcons_home.html's `[data-section]` blocks), by section.
HOME_SECTIONS: dict[str, str] = {"phone_cues": "table"}


def home_layout(schema: dict[str, Any]) -> None:
    """The set-up page's sections in the options' JSON schema."""
    for name, section in HOME_SECTIONS.items():
        schema["properties"][name]["section"] = section


class Options(PhoneOptions):  # phone_cues: the shell's (app/engine/options.py); no engine option
    # Strict: JSON gives real types, and a bool is not a number of rounds (nor a seat), nor 1 a yes.
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra=home_layout)

    # The giver's time to offer a card (target, card, announcement).
    turn: float = Field(60.0, ge=0.01, le=24 * 3600, json_schema_extra=TURN_HINTS)
    # The receiver's time to accept or refuse; when not given, half the giver's (at least 15 s): see reply_from_turn.
    reply: float = Field(30.0, ge=0.01, le=24 * 3600)
    bots: list[Annotated[int, Field(ge=0)]] = Field(default_factory=list, max_length=6)  # seats the server plays
    # The host console shows every hand while the game runs: only for a host who does not play (the table's
    # creator usually does, and holds the host's link).
    host_sees_cards: bool = False
    bot_delay: float = Field(2.0, ge=0.01, le=600)  # how long a bot "thinks" before its move
    # A game still running after this many rounds ends undecided (0: never); random play ends within 15.
    max_rounds: int = Field(30, ge=0, le=10_000)

    @model_validator(mode="before")
    @classmethod
    def reply_from_turn(cls, data: Any) -> Any:
        """A table that sets only `turn` gets a reply half as long (at least 15 s, rounded half up): the set-up
        page asks only the pace."""
        if isinstance(data, dict) and "reply" not in data:
            turn = data.get("turn")
            if isinstance(turn, (int, float)) and not isinstance(turn, bool) and math.isfinite(turn):
                return {**data, "reply": float(max(15, math.floor(turn / 2 + 0.5)))}
        return data
