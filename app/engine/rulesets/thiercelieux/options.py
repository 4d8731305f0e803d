"""Room options of the thiercelieux ruleset, validated by pydantic; every duration is in seconds."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Seconds = Field(ge=0.01, le=7 * 24 * 3600)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    moderation: Literal["mj", "auto"] = "auto"
    night_order: Literal["official", "forum"] = "official"
    captain: bool = True
    petite_fille: Literal["peek", "houses"] = "peek"
    petite_fille_risk: float = Field(0.2, ge=0.0, le=1.0)
    wolves_disagree: Literal["nobody", "plurality"] = "nobody"
    allow_abstain: bool = True
    dead_see_all: bool = False
    preassigned: dict[str, str] = Field(default_factory=dict)
    night_step: float = Field(45.0, ge=0.01, le=7 * 24 * 3600)
    plausible_min: float = Field(8.0, ge=0.0, le=3600)
    plausible_max: float = Field(20.0, ge=0.0, le=3600)
    dawn: float = Field(6.0, ge=0.01, le=3600)
    election: float = Field(90.0, ge=0.01, le=7 * 24 * 3600)
    debate: float = Field(180.0, ge=0.01, le=7 * 24 * 3600)
    vote: float = Field(60.0, ge=0.01, le=7 * 24 * 3600)
    reaction: float = Field(30.0, ge=0.01, le=7 * 24 * 3600)
