"""What a Thiercelieux night or day keeps while it lasts (`Scratch`): the questions it opened, the intents dawn
resolves, the vote under way (the night's plan of stages is the engine's `GameState.plan`, app/engine/flow.py). It
lives in the ruleset's state (state.py, `Thiercelieux.scratch`), is renewed when a phase begins (the `phase`
event), and only the facts of scratch_facts.py change it.

Before it was typed it was the engine's `GameState.pending`, a dict set key by key (the `pending` event): `put`
sets a field by its old key (older logs, older snapshots), and `as_pending` gives the MJ's view that dict again."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Pick(BaseModel):
    """A night pick of one player (more_roles.pick_step): who picked whom."""

    by: int
    target: int


class Seance(BaseModel):
    """The Gitane's séance (official_solo.py): the dead who lends his voice, the question, the spirits' yes or no."""

    medium: int
    question: str
    answer: bool | None = None  # None: unanswered, the spirits tell the truth in the morning


class Scratch(BaseModel):
    """The phase's bookkeeping, for the MJ alone. None: not set in this phase."""

    # Every phase: the questions it opened, by the name its rules find them by (a step or a role, e.g. "wolves",
    # "cupidon_mj", "salvateur"): name -> prompt id. Their old keys were "<name>_prompt".
    prompts: dict[str, str] = Field(default_factory=dict)
    # -- the night (its plan of stages is the engine's: GameState.plan, older logs' `steps` and `i`)
    picks: dict[str, Pick] = Field(default_factory=dict)  # a pick step's key -> its pick (old key: the step's key)
    called: list[str] = Field(default_factory=list)  # the kin steps whose holders were called (old "<key>_called")
    victim: int | None = None  # the pack's victim, once the wolves (or the MJ, or the Petite Fille's fate) chose
    pf_substituted: bool | None = None  # True: the Petite Fille dies instead of the victim the pack designated
    pf_seen: dict[str, Any] | None = None  # {"seat": the Petite Fille, "wolves": the wolves she saw} (001's houses)
    infected: int | None = None  # the victim turned into a wolf instead (Infect Père des Loups, lycanthropy)
    healed: bool | None = None  # True: the witch saved the pack's victim
    poisoned: int | None = None  # the witch's poison
    asleep: int | None = None  # the Marchand de sable's sleeper, awake for nothing tonight
    protected: int | None = None  # the Salvateur's protected
    white_victim: int | None = None  # the Loup Blanc's victim
    killer_victim: int | None = None  # the Tueur's victim
    hamster_victim: int | None = None  # the hamsters' victim
    gml_victim: int | None = None  # the Grand Méchant Loup's victim
    raven: int | None = None  # the Corbeau's mark (two votes against him the next day)
    charms: list[int] | None = None  # charmed by the Joueur de flûte tonight
    frogs: list[int] | None = None  # turned into frogs by the Magicien tonight
    seer_seen: str | None = None  # the role the Voyante saw (announced in the morning with `seer_announce`)
    seance: Seance | None = None  # the Gitane's séance
    # -- the day
    schedule: dict[str, Any] | None = None  # a forum day's timetable (flow.forum_schedule)
    debate_left: float | None = None  # the seconds of debate left when a consequence interrupted it
    item: dict[str, Any] | None = None  # the consequence being dealt with (a hunter's shot, a successor, the Bouc)
    after_queue: str | None = None  # the transition the flow takes once the consequences are dealt with
    vote_round: int | None = None  # 1, or 2 after a tie
    candidates: list[int] | None = None  # whom the vote under way is against (None: the living); not in `pending`
    scapegoat: int | None = None  # the Bouc émissaire who died of a tie
    tied: list[int] | None = None  # the tied the captain chooses among
    standing: list[int] | None = None  # 004 "C'est sûrement pas lui": who still stands
    clearer: int | None = None  # who clears someone now
    accused: int | None = None  # 004's trial: the accused who pleads
    condemned: int | None = None  # the lynched whom the Châtelain may pardon
    servant_for: int | None = None  # the condemned whose card the Servante dévouée may take
    servant_done: int | None = None  # the condemned she was asked about (once per lynch)

    def as_pending(self) -> dict[str, Any]:
        """The MJ's view of it, in the shape of the old `pending` dict (key -> value, unset keys left out)."""
        apart = {"prompts", "picks", "called", "seance", "candidates"}
        out = {k: v for k, v in self.model_dump(mode="json", exclude=apart).items() if v is not None}
        out.update({f"{name}_prompt": pid for name, pid in self.prompts.items()})
        out.update({key: pick.model_dump() for key, pick in self.picks.items()})
        out.update({f"{key}_called": True for key in self.called})
        if self.seance is not None:
            out["seance"] = self.seance.model_dump(exclude_none=True)
        return out

    def put(self, key: str, value: Any) -> None:
        """Set what the old `pending` key `key` held (None: unset), as an older log or snapshot has it."""
        if key.endswith("_prompt"):
            name = key.removesuffix("_prompt")
            if value is None:
                self.prompts.pop(name, None)
            else:
                self.prompts[name] = value
        elif key.endswith("_called"):
            step = key.removesuffix("_called")
            self.called = [k for k in self.called if k != step] + ([step] if value else [])
        elif key in Scratch.model_fields:
            setattr(self, key, None if value is None else _FIELD_TYPES.get(key, _same)(value))
        elif value is None:
            self.picks.pop(key, None)
        else:
            self.picks[key] = Pick.model_validate(value)


def _same(value: Any) -> Any:
    return value


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value


_FIELD_TYPES: dict[str, Any] = {
    "seance": Seance.model_validate,
    **{k: _copy for k in ("pf_seen", "charms", "frogs", "schedule", "item", "tied", "standing")},
}


def known(key: str) -> bool:
    """Whether an old `pending` key is one of this scratch's (every key Thiercelieux ever set), or the night's plan
    it kept (PLAN_KEYS: the engine's `GameState.plan` now)."""
    return key.endswith(("_prompt", "_called")) or key in OLD_KEYS or key in PICK_STEPS or key in PLAN_KEYS


# The fields an old key names as is (`candidates` is newer than `pending`).
OLD_KEYS = frozenset(Scratch.model_fields) - {"prompts", "picks", "called", "candidates"}
# The night's plan, kept here until the engine's flow drove it: its stages (`steps`) and the one open (`i`).
PLAN_KEYS = frozenset({"steps", "i"})
# The pick steps (more_roles.pick_step): their picks were kept under the step's own key.
PICK_STEPS = frozenset({"apprenti", "marchand-de-sable", "salvateur", "somnambule", "casanova", "louveteau",
                        "tueur", "corbeau"})
