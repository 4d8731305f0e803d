"""Room options of the `soupcons` ruleset (validated by pydantic; durations in seconds)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    # Strict: JSON gives real types, and a bool is not a number of rounds (nor a seat), nor 1 a yes.
    model_config = ConfigDict(extra="forbid", strict=True)

    turn: float = Field(60.0, ge=0.01, le=24 * 3600)  # the giver's time to offer a card (target, card, announcement)
    reply: float = Field(30.0, ge=0.01, le=24 * 3600)  # the receiver's time to accept or refuse
    bots: list[Annotated[int, Field(ge=0)]] = Field(default_factory=list, max_length=6)  # seats the server plays
    # The host console shows every hand while the game runs: only for a host who does not play (the table's
    # creator usually does, and holds the host's link).
    host_sees_cards: bool = False
    bot_delay: float = Field(2.0, ge=0.01, le=600)  # how long a bot "thinks" before its move
    # A game still running after this many rounds ends undecided (0: never); random play ends within 15.
    max_rounds: int = Field(30, ge=0, le=10_000)
