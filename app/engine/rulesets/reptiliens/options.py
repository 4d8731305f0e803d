"""Room options of the reptiliens ruleset (pydantic, `extra="forbid"`); every duration is in seconds."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from app.engine.options import EngineOptions
from app.engine.rulesets.reptiliens.calendar import NIGHT_DAYS, Weekday
from app.engine.rulesets.reptiliens.offices import office_of_key

# The set-up page builds its form from the options' JSON schema (GET /api/rulesets/reptiliens): a duration says
# its unit, and the weekday of night 1 lists only the nights' days; `section` names the part of the page an
# option is drawn in (the durations and the other options otherwise).
SECONDS: dict[str, Any] = {"unit": "s"}
# The options the MJ console's set-up offers, in its order (GET /api/rulesets/reptiliens: `console_options`); the
# console draws each from its schema: a choice in a box of its own, the durations together, then the yes/no options.
CONSOLE_OPTIONS: list[str] = ["moderation", "draws", "lovers", "first_weekday", "night_step", "debate", "ballot_time",
                              "vote", "festival", "carnage", "hide_fortunes", "hide_invokers", "allow_abstain",
                              "no_attack_once_alpha_dead", "phone_cues",
                              "personal_pushes"]


class Options(EngineOptions):  # afk_after, dead_chat, phone_cues, preassigned: the engine's (app/engine/options.py)
    model_config = ConfigDict(extra="forbid")

    # mj: the judgment calls of the opening (personal conditions, the conversion, the lovers) are the MJ's
    # prompts; auto: the game's RNG makes them.
    moderation: Literal["mj", "auto"] = Field("auto", json_schema_extra={"section": "moderation"})
    # RULES-NOTES "Chance": every random draw (the deal, an attack's victim among several) by the game's RNG, or
    # by the MJ at the table (in-person play), who answers a prompt instead.
    draws: Literal["rng", "mj"] = "rng"
    # the weekday of night 1 (RULES-NOTES "Calendar"); never Sunday
    first_weekday: Weekday = Field("mon", json_schema_extra={"enum": list(NIGHT_DAYS)})
    # A night step lasts a time drawn when it opens from these options and its key only (never from who holds
    # the card, whether they are alive, or how fast they answer): in [plausible_min, plausible_max] (unset: 40 %
    # and two thirds of night_step), half as long again for the pack's concertation, at most night_step.
    night_step: float = Field(45.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    plausible_min: float | None = Field(None, ge=0.0, le=3600, json_schema_extra=SECONDS)
    plausible_max: float | None = Field(None, ge=0.0, le=3600, json_schema_extra=SECONDS)
    # §4 "par des gestes chaque nuit, pendant 30 secondes"
    lovers_talk: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    # an MJ's judgment call (the opening, a draw)
    mj_time: float = Field(120.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    dawn: float = Field(10.0, ge=0.01, le=3600, json_schema_extra=SECONDS)  # the morning's reports
    # §9, §12 "Bilan des morts": a dead player chooses a card to turn and what he becomes (dead.py)
    death_choice: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    debate: float = Field(180.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    vote: float = Field(60.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    # §6 "seront annoncés les votes suivants": each voter's turn in the vote (the Président's ballot and direction,
    # then one voter at a time); `vote` is the Purge's verdicts (all the living at once)
    ballot_time: float = Field(20.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    allow_abstain: bool = True
    # the Président chooses the session (§6)
    session_choice: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    # the law's proposals; the Sénateur's decision
    law_time: float = Field(60.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    condemned_window: float = Field(15.0, ge=0.01, le=3600, json_schema_extra=SECONDS)  # §2 "il dispose de 15 secondes"
    invoke_time: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)  # an invoker designates the target
    # Poirot names a camp card for every other seat
    show_time: float = Field(120.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    reaction: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)  # the named seats answer Poirot
    festival: float = Field(300.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)  # the Sunday festival (§1)
    # the Notaire names the heirs of the dead singles (§6)
    heritage: float = Field(60.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    # the Artiste's victim chooses where he moves (§12)
    move_time: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    # "Demandes en mariage" (§8, §12)
    marriages: float = Field(120.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra=SECONDS)
    # Mirko or Mirka picks whom to rob (§6)
    pickpocket: float = Field(30.0, ge=0.01, le=3600, json_schema_extra=SECONDS)
    # §6 "Le MJ choisit avec quels postes on jouera": the optional offices in play, by office (its variant drawn at
    # the start) or by variant (rp-adjoint-randy); one variant an office. None: by the number of players
    # (succession.default_offices).
    offices: list[str] | None = None
    carnage: bool = False  # §7 "Mode carnage" from the start; the MJ may also switch it (`rp-carnage`)
    no_attack_once_alpha_dead: bool = False  # RULES-NOTES: with the alpha dead, no attack at all
    hide_invokers: bool = False  # by day an invoker is seen raising a hand, unless the room hides it
    hide_fortunes: bool = False  # RULES-NOTES: fortunes are public unless the room hides them
    # Automatic mode only: the chance that the automatic MJ turns one of Monk, Holmes, Poirot, Pach, Rappaz and
    # Sesiano into a Reptilian at the opening (§11 "Il peut aussi convertir l'un d'eux").
    auto_conversion: float = Field(0.0, ge=0.0, le=1.0)
    # §4 "Il repère alors deux amoureux conformes à son plan de jeu": the MJ's plan may have none. mj: the MJ names
    # two seats, or nobody ("personne"); unanswered, or in automatic mode, two are drawn; drawn: the game's RNG
    # draws two; none: no lovers. Either way their night steps are called for the same length (opening.py). Like
    # every option this one shows in the room's view: an MJ who keeps it secret uses "mj" and answers "personne".
    lovers: Literal["mj", "drawn", "none"] = "mj"
    # Issue 22: seats the server plays (app/rooms/bots.py seats them, bot.py answers for them from their own view).
    bots: list[int] = Field(default_factory=list, max_length=40)
    # Issue 22: the room's creator plays a seat (`play_as`, app/web/api.py); their MJ token then sees what a spectator
    # sees and only runs the table. Set at creation only (Ruleset.fixed_options).
    host_plays: bool = Field(False, json_schema_extra={"needs": {"moderation": "auto"}})  # the page's condition

    @model_validator(mode="after")
    def _offices(self) -> Options:
        if self.offices is not None:
            found = [office_of_key(k) for k in self.offices]
            if None in found:
                raise PydanticCustomError("bad_options", "offices: optional offices (rp-pretre, rp-adjoint, "
                                          "rp-pickpocket, rp-bourreau) or their variants only", {"option": "offices"})
            if len(set(found)) != len(found):
                raise PydanticCustomError("bad_options", "offices: one variant of each office at most",
                                          {"option": "offices"})
        return self

    @model_validator(mode="after")
    def _host_plays_alone(self) -> Options:
        # Nobody may be asked an MJ's question when the MJ token is a player's: no judgment call, no draw.
        if self.host_plays and (self.moderation != "auto" or self.draws != "rng"):
            raise PydanticCustomError("host_plays_needs_auto", "a host who plays needs the automatic moderation "
                                      "and the game's draws (moderation: auto, draws: rng)", {"option": "host_plays"})
        return self

    @model_validator(mode="after")
    def _no_sunday_night(self) -> Options:
        if self.first_weekday not in NIGHT_DAYS:
            raise PydanticCustomError("bad_options", "night 1 falls Monday to Saturday: Sunday is the festival and "
                                      "has no night", {"option": "first_weekday"})
        return self
