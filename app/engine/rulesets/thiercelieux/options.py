"""Room options of the thiercelieux ruleset, validated by pydantic; every duration is in seconds."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from app.engine.options import EngineOptions
from app.engine.rulesets.thiercelieux.night import NIGHT_STEPS
from app.engine.rulesets.thiercelieux.official_night import STAGE_CARDS
from app.engine.rulesets.thiercelieux.roles import ROLES

# The cards an MJ may call although nobody holds them (004's fake roles): not the plain villager (never called) nor
# the plain werewolf (the pack is called anyway).
FAKE_ROLE_CARDS: list[str] = [key for key in ROLES if key not in ("villageois", "loup-garou")]
FAKE_ROLES_HINTS: dict[str, Any] = {"widget": "role_checks", "roles": FAKE_ROLE_CARDS}

Seconds = Field(ge=0.01, le=7 * 24 * 3600)


def known(value: list[str], allowed: Collection[str], refusal: str) -> list[str]:
    """`value` if every key of it is `allowed`, else the refusal naming the first that is not."""
    unknown = [key for key in value if key not in allowed]
    if unknown:
        raise ValueError(refusal.format(unknown[0]))
    return value


# Display hints in the options' JSON schema (GET /api/rulesets/<key>: `options_schema`), read by the set-up page so that
# it lists no option: `widget` for a control that is not a plain input (a percentage, the night-order editor, role
# checkboxes), `forum` for a duration's value in a forum game (hours rather than seconds), `resets_composition` for
# an option that changes what a composition is (the page starts again from the suggestion).
PERCENT: dict[str, Any] = {"widget": "percent", "step": 0.05}  # a step in the option's unit (5 %)
RESETS: dict[str, Any] = {"resets_composition": True}
# The set-up page offers "je joue aussi" only while these options have these values (host_choice.js).
HOST_PLAYS: dict[str, Any] = {"needs": {"moderation": "auto"}}

# Where the set-up page and the MJ console draw each option (`section`: the template's `[data-section]` block, the
# options in this order); an option in no section is not drawn. The schema lists its properties in this order.
SECTIONS: dict[str, list[str]] = {
    "moderation": ["moderation", "mj_ends_debate"],
    "schedule": ["schedule"],
    "forum": ["day_end", "vote_lock", "vote_late", "timezone"],
    "durations": ["night_step", "election", "debate", "vote", "dawn", "reaction"],
    "options": ["captain", "allow_abstain", "dead_see_all", "dead_chat", "village_readers", "wolves_disagree",
                "petite_fille", "petite_fille_risk", "afk_after", "stalemate_days", "phone_cues",
                "personal_pushes"],
    # the variants' groups
    "night": ["night_order", "night_order_custom", "seer_after_witch", "seer_announce", "night_parallel"],
    "roles": ["loup_blanc_every", "piper_charms", "magicien_frogs", "ancien_powers", "lycanthropy", "hunters_masons",
              "sect_split", "gitane_spirits", "fake_roles"],
    "vote": ["vote_mode", "hesitation_against_self", "tie_rule", "ange_day_first", "ange_victory", "servante_powers"],
    "cards": ["cards", "camp_wolves", "day_roles", "characters"],
    "captain": ["captain_mode", "captain_day", "captain_double"],
    "lovers": ["lovers_share_roles", "cupid_with_lovers", "cupid_self", "cupid_no_vote_lovers", "mj_lovers",
               "lovers_may_harm"],
    "dead": ["idiot_du_village", "ghosts", "wolves_win_one_villager", "role_talk"],
}
# The other display hints of the page's controls: `unit` (s: seconds, min: minutes; a number's words under
# `opt.<name>.unit` otherwise), `when` ("<option>=<value>": shown only then), `enabled_when` (greyed otherwise),
# `bare` (no title of its own: its section's names it), `forum_switch` (the choice's value that makes a forum game),
# `example` (the forum day's example names its end, lock, late and zone), `widget` time or timezone, `enum` (a
# number's choices, in the page's order), `css` (a class of the page's stylesheet).
SECONDS: dict[str, Any] = {"unit": "s"}
LIVE_ONLY: dict[str, Any] = {"unit": "s", "when": "schedule=live"}
PAGE_HINTS: dict[str, dict[str, Any]] = {
    "moderation": {"bare": True},
    "mj_ends_debate": {"when": "moderation=mj"},
    "schedule": {"bare": True, "forum_switch": "forum"},
    "day_end": {"widget": "time", "example": "end"},
    "vote_lock": {"unit": "min", "example": "lock"},
    "vote_late": {"unit": "min", "example": "late"},
    "timezone": {"widget": "timezone", "example": "zone"},
    "night_step": SECONDS, "election": LIVE_ONLY, "debate": LIVE_ONLY, "vote": SECONDS, "dawn": SECONDS,
    "reaction": SECONDS,
    "piper_charms": {"enum": [2, 1]},
    "magicien_frogs": {"enum": [1, 2]},
    "vote_mode": {"css": "vote-modes"},
    "cards": {"css": "cards-modes"},
    "camp_wolves": {"when": "cards=small", "css": "camp-wolves"},
    "day_roles": {"enabled_when": "cards=one"},
    "captain_day": {"css": "captain-day"},
    "fake_roles": {"css": "fake-roles"},
}


def page_layout(schema: dict[str, Any]) -> None:
    """The page's sections and hints in the options' JSON schema, its properties in the page's order."""
    props: dict[str, Any] = schema["properties"]
    ordered: dict[str, Any] = {}
    for section, names in SECTIONS.items():
        for name in names:
            ordered[name] = {**props[name], **PAGE_HINTS.get(name, {}), "section": section}
    schema["properties"] = {**ordered, **{name: prop for name, prop in props.items() if name not in ordered}}


class Options(EngineOptions):  # afk_after, dead_chat, phone_cues, preassigned: the engine's (app/engine/options.py)
    model_config = ConfigDict(extra="forbid", json_schema_extra=page_layout)

    moderation: Literal["auto", "mj"] = "auto"
    # Automatic mode only: the room's creator plays a seat. Their MJ token then sees what a spectator sees (no card,
    # no night answer) and acts only as the table's host (start, pause, remove, substitute, rematch); fixed at the
    # room's creation (Thiercelieux.fixed_options).
    host_plays: bool = Field(False, json_schema_extra=HOST_PLAYS)
    mj_ends_debate: bool = False  # with an MJ: the debate has no countdown, the MJ closes it
    night_order: Literal["official", "forum"] = "official"
    captain: bool = True
    petite_fille: Literal["peek", "houses"] = "peek"
    petite_fille_risk: float = Field(0.2, ge=0.0, le=1.0, json_schema_extra=PERCENT)
    wolves_disagree: Literal["nobody", "plurality", "leader"] = "nobody"
    allow_abstain: bool = True
    dead_see_all: bool = False
    village_readers: Literal["all", "living"] = "all"  # who reads the village's day chat
    # A night step lasts a time drawn when it opens, whatever its holder does (night.night_bounds): live, in
    # [plausible_min, plausible_max] (unset: 40 % and two thirds of night_step), half as long again for a pack, at
    # most night_step; in a forum game, night_step.
    night_step: float = Field(60.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra={"forum": 7200})
    plausible_min: float | None = Field(None, ge=0.0, le=3600)
    plausible_max: float | None = Field(None, ge=0.0, le=3600)
    dawn: float = Field(6.0, ge=0.01, le=3600, json_schema_extra={"forum": 60})
    election: float = Field(90.0, ge=0.01, le=7 * 24 * 3600)
    debate: float = Field(180.0, ge=0.01, le=7 * 24 * 3600)
    vote: float = Field(60.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra={"forum": 1200})
    reaction: float = Field(30.0, ge=0.01, le=7 * 24 * 3600, json_schema_extra={"forum": 1800})
    # Forum-style games over days (001): the day ends at a time of day; votes lock, late votes close, before it.
    schedule: Literal["live", "forum"] = "live"
    timezone: str = Field("Europe/Paris", max_length=64)  # the longest IANA name is about 30 characters
    day_end: str = Field("21:30", pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$")
    vote_lock: int = Field(60, ge=0, le=24 * 60)  # minutes before the end of the day: votes can no longer change
    vote_late: int = Field(30, ge=0, le=24 * 60)  # minutes before the end: late (first) votes are no longer taken
    # Roles and variants of 001 and 004 (docs/rules/thiercelieux.md says where each comes from).
    # the MJ's own order; the page's editor starts from the preset its `preset` names
    night_order_custom: list[str] | None = Field(None, json_schema_extra={"widget": "step_order",
                                                                          "preset": "night_order"})
    night_parallel: bool = False  # DESIGN: independent night steps ask their questions together (night.PARALLEL)
    seer_after_witch: bool = False  # 004: the seer is called after the witch
    seer_announce: bool = False  # 004: the MJ says aloud which role the seer saw
    lovers_share_roles: bool = False  # 004: the lovers may show each other their cards
    # 001: "une nuit sur deux": the even nights (other, the default) or the odd ones (odd); 004: or every night.
    loup_blanc_every: Literal["other", "odd", "every"] = "other"
    lovers_may_harm: bool = False  # off: 003 "ni lui porter aucun préjudice" (flow.HARMFUL); on: only the vote binds
    hunters_masons: bool = False  # 004: the hunters wake with the francs-maçons and are masons too
    piper_charms: int = Field(2, ge=1, le=2)  # 004: one or two charmed a night, by the number of players
    magicien_frogs: int = Field(1, ge=1, le=2)  # 004: one person, or sometimes two
    ancien_powers: Literal["village", "vote"] = "village"  # 001: killed by the village; 004: by the vote only
    lycanthropy: bool = False  # 004: the wolves may convert their victim instead of eating him
    idiot_du_village: bool = False  # 004: the first dead villager keeps debating, without a vote
    ghosts: bool = False  # 004: the dead debate (but do not vote)
    wolves_win_one_villager: bool = False  # 004: the wolves win with one villager left
    captain_day: int = Field(1, ge=1, le=30)  # 003 advice / 004: elect the captain on a later day
    captain_double: bool = True  # 004 variant: the mayor has one vote, and breaks ties
    cupid_with_lovers: bool = False  # 004: Cupidon is in his lovers' camp
    cupid_self: bool = False  # 004: Cupidon must choose himself as one of the lovers
    mj_lovers: bool = False  # 004: no Cupidon card; the MJ chooses the lovers
    cupid_no_vote_lovers: bool = False  # 004: Cupidon may not vote against his lovers
    vote_mode: Literal["simultaneous", "continuous", "trial", "standing"] = "simultaneous"  # 004's vote variants
    hesitation_against_self: bool = False  # 004: who changes his vote votes against himself
    tie_rule: Literal["captain", "revote"] = "captain"  # 004: a second round on a tie, whatever the captain
    captain_mode: Literal["election", "first_dead"] = "election"  # 004: the first dead names the mayor
    role_talk: Literal["allowed", "hints", "forbidden"] = "allowed"  # 004: may one say one's role?
    # 004: roles called by the MJ that nobody holds; the set-up page offers the cards of its `roles` hint.
    fake_roles: list[str] = Field(default_factory=list, json_schema_extra=FAKE_ROLES_HINTS)
    # 004 "Variantes à plusieurs cartes": small complication (a hidden camp card, a visible power card) and great
    # complication (two hidden cards, two powers, a wolf if either card is a wolf).
    cards: Literal["one", "small", "great"] = Field("one", json_schema_extra=RESETS)
    camp_wolves: int = Field(0, ge=0, le=20)  # small complication: wolf camp cards (0: the suggested number)
    characters: Literal[1, 2] = Field(1, json_schema_extra=RESETS)  # 004: two characters each, each with a hidden card
    day_roles: bool = False  # 004 "Le Village": a face-up day card each (Confesseur, Châtelain, Protecteur)
    # Issue 14, the official solitaries (official_solo.py): the Abominable Sectaire's two groups are the MJ's (the
    # seats of the first group), else the two halves of the table or drawn; the Gitane's spirits speak through the
    # MJ (or, with no MJ, tell the truth) or through the first of the dead to answer.
    sect_group: list[int] = Field(default_factory=list, max_length=40)
    sect_split: Literal["table", "drawn"] = "table"
    gitane_spirits: Literal["mj", "dead"] = "mj"
    # Issue 14, the official day roles (official_day.py): with an Ange in play the game opens with a day; the Ange
    # who dies in the first turn wins and the game ends, or goes on; the Servante takes the card's powers whole
    # (fresh) or as the dead left them (spent).
    ange_day_first: bool = True
    ange_victory: Literal["ends", "goes_on"] = "ends"
    servante_powers: Literal["fresh", "spent"] = "fresh"
    # Issue 14, the night's information and bond roles (official_night.py): the kin wake together the first night,
    # then every night, every other night, never again, or when the MJ calls them; the Comédien's cards (none: three
    # village powers not in play, drawn); an infected Montreur d'ours' bear growls every morning.
    siblings_wake: Literal["every", "other", "first", "mj"] = "every"
    comedien_cards: list[str] = Field(default_factory=list, max_length=3)
    bear_growls_if_infected: bool = True
    # Issue 14: seats the server plays (app/rooms/bots.py seats them, bot.py answers for them from their own view).
    bots: list[int] = Field(default_factory=list, max_length=40)
    # A table where nobody can die any more (a powerless vampire facing a villager, a pack that protects its
    # converted member) would play forever: after this many days without a death the game ends, nobody winning
    # (0: never; an MJ may stop the game himself).
    stalemate_days: int = Field(5, ge=0, le=100)

    @field_validator("night_order_custom")
    @classmethod
    def _known_steps(cls, value: list[str] | None) -> list[str] | None:
        for key in value or []:
            if key not in NIGHT_STEPS:
                raise ValueError(f"unknown night step {key!r}")
        return value

    @field_validator("comedien_cards")
    @classmethod
    def _stage_cards(cls, value: list[str]) -> list[str]:
        return known(value, STAGE_CARDS, f"the Comédien cannot play {{!r}} (one of {', '.join(STAGE_CARDS)})")

    @field_validator("fake_roles")
    @classmethod
    def _known_roles(cls, value: list[str]) -> list[str]:
        return known(value, ROLES, "unknown role {!r}")

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name the file system cannot even look up
            raise ValueError("unknown time zone (use a name like Europe/Paris)") from None
        return value

    @model_validator(mode="after")
    def _lock_before_late(self) -> Options:
        if self.vote_late > self.vote_lock:
            raise PydanticCustomError("bad_options", "vote_late (late votes close) must be at most vote_lock (votes "
                                      "lock) minutes", {"option": "vote_late"})
        if self.characters == 2 and self.cards != "one":
            raise ValueError("two characters each are played with one card per character (cards: one)")
        if self.day_roles and self.cards != "one":
            raise ValueError("Le Village's day cards are played with one night card each (cards: one)")
        if self.host_plays and self.moderation != "auto":
            raise PydanticCustomError("host_plays_needs_auto", "a host who plays needs the automatic moderation "
                                      "(moderation: auto)", {"option": "host_plays"})
        if self.dead_see_all and (self.ghosts or self.idiot_du_village):
            # A dead player who sees every card must not debate with the living; its own code, so that the pages
            # can say why (Thiercelieux.validate_options makes it the rejection's).
            raise PydanticCustomError("omniscient_dead", "dead_see_all cannot go with ghosts or idiot_du_village: "
                                      "a dead player who sees every card would talk to the living")
        return self


# Issue 14, item 3: the options the MJ may change during the game (`configure`), taking effect at the next phase.
# They are read when a rule applies (a clock, a vote, a night step, a victory check), so a new value simply
# applies from then on. Every other option is fixed once the cards are dealt: the deal and the table depend on it
# (cards, characters, day_roles, fake_roles, camp_wolves, preassigned), who runs the game or when (moderation,
# host_plays, schedule), who sees what (dead_see_all), or something already decided on the first night or by a
# past death (captain, captain_mode, the lovers' first night: cupid_self, mj_lovers, lovers_share_roles;
# hunters_masons; ghosts, whom each dead is asked about when dying; idiot_du_village). A new option is fixed until
# listed.
LIVE_OPTIONS: frozenset[str] = frozenset({
    # clocks and the MJ's running of the day
    "night_step", "plausible_min", "plausible_max", "dawn", "election", "debate", "vote", "reaction",
    "mj_ends_debate", "afk_after", "timezone", "day_end", "vote_lock", "vote_late", "stalemate_days",
    "personal_pushes",  # read at each push: a new value applies to the next one
    # the night
    "night_order", "night_order_custom", "night_parallel", "seer_after_witch", "seer_announce", "petite_fille",
    "petite_fille_risk", "wolves_disagree", "lycanthropy", "loup_blanc_every", "piper_charms", "magicien_frogs",
    "ancien_powers",
    # the day, the vote and victory
    "allow_abstain", "village_readers", "role_talk", "dead_chat", "vote_mode", "hesitation_against_self",
    "tie_rule", "captain_day", "captain_double", "cupid_no_vote_lovers", "cupid_with_lovers",
    "wolves_win_one_villager", "lovers_may_harm",
    # the official day roles (official_day.py); ange_day_first is fixed: the first turn is over
    "ange_victory", "servante_powers",
})
