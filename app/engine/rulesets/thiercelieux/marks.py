"""What a Thiercelieux game knows of each seat beyond its cards (`Marks`: converted, in love, charmed, the potions
spent, what it has seen...) and of the village as a whole (`Village`: the Corbeau's mark, the powers lost, the
captain elected...), typed. Only the facts of mark_facts.py change them; state.py keeps them in the ruleset's state.

A mark left unset is None: the generic setters these replace wrote a key or removed it (`value` None), so None is
"absent" and `shown` gives back the dict the MJ's view always held (views.mj_part `tags`)."""

from __future__ import annotations

import inspect
from typing import Any, ClassVar

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema


def _copied(value: Any) -> Any:
    """A mark's value copied (JSON: lists and dicts of scalars, or of lists), so a copy of the state shares nothing
    it could change."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


class Sparse:
    """Typed by its subclass's annotations (each `X | None = None`: None is "not set"), holding only what is set, in
    its `__dict__`, and read and written as that dict (`__get_pydantic_core_schema__`). Not a pydantic model: the
    state is dumped and read back at every command (GameState.clone), and the marks as a model of 37 fields cost
    7.5 µs a seat to dump and validate, as much as the rest of a seat. Its data is the engine's own (facts,
    snapshots it wrote): an unknown key is refused, values are not checked."""

    KEYS: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.KEYS = frozenset(k for k in inspect.get_annotations(cls) if k != "KEYS")

    def __init__(self, **values: Any) -> None:
        unknown = values.keys() - self.KEYS
        if unknown:
            raise ValueError(f"not a field of {type(self).__name__}: {sorted(unknown)}")
        self.__dict__.update((k, _copied(v)) for k, v in values.items() if v is not None)

    def __setattr__(self, key: str, value: Any) -> None:
        if key not in self.KEYS:
            raise AttributeError(f"not a field of {type(self).__name__}: {key}")
        if value is None:
            self.__dict__.pop(key, None)
        else:
            self.__dict__[key] = value

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # changed in place: not a dict key

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.__dict__!r})"

    def shown(self) -> dict[str, Any]:
        """What is set, by name, copied."""
        return {k: _copied(v) for k, v in self.__dict__.items()}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        def load(value: Any) -> Sparse:
            if isinstance(value, cls):
                return cls(**value.__dict__)
            if not isinstance(value, dict):
                raise ValueError(f"{cls.__name__} is a dict")
            unknown = value.keys() - cls.KEYS
            if unknown:
                raise ValueError(f"not a field of {cls.__name__}: {sorted(unknown)}")
            # A dict read back (a snapshot, the copy of a state) is the reader's own: taken as it is.
            made = cls.__new__(cls)
            made.__dict__.update((k, v) for k, v in value.items() if v is not None)
            return made

        # The dict as it is: pydantic's dump copies it, containers included.
        return core_schema.no_info_plain_validator_function(
            load, serialization=core_schema.plain_serializer_function_ser_schema(lambda made: made.__dict__))


class Marks(Sparse):
    """A seat's marks (None: not set)."""

    # cards and camps
    wolf: bool | None = None  # converted: infected, a hidden wolf camp card, a cub, a traitor, a wild child grown
    vampire: bool | None = None  # bitten (004)
    camp_card: str | None = None  # the small complication's hidden camp card (004)
    second_role: str | None = None  # the great complication's second card (004)
    borrowed: str | None = None  # the card whose power the Comédien plays until the next night
    charmed: bool | None = None  # by the Joueur de flûte
    # what a seat knows of others
    seen: dict[str, str | None] | None = None  # seat (as text) -> the card the Voyante (or a confession) showed
    pf_seen: list[int] | None = None  # the wolves the Petite Fille caught sight of
    masons: list[int] | None = None
    sisters: list[int] | None = None
    brothers: list[int] | None = None
    lover: int | None = None
    lover_role: str | None = None  # the partner's card, when lovers share them (004)
    cupid_pair: list[int] | None = None  # the couple Cupidon made (to Cupidon)
    master: int | None = None  # the Apprenti's
    model: int | None = None  # the Enfant sauvage's
    asked: list[str] | None = None  # the Gitane's questions already asked
    # powers spent, counters, and the day or night they were used
    heal_used: bool | None = None
    poison_used: bool | None = None
    infect_used: bool | None = None
    fox_lost: bool | None = None
    judge_used: int | None = None  # the day
    servant_used: bool | None = None
    idiot_revealed: bool | None = None
    lives: int | None = None  # the Ancien's (2 when unset)
    sheep: int | None = None  # the Berger's (1 when unset)
    struck: int | None = None  # the day the Assassin struck
    confessed: int | None = None  # the day the confessor heard a confession
    rusted: int | None = None  # the night the Chevalier's rust kills this wolf
    hesitated: int | None = None  # the day this seat voted against itself by hesitating (004)
    frog_day: int | None = None  # turned into a frog: silent that day, asleep the next night
    frog_night: int | None = None
    last_protected: int | None = None  # last night's choice, not to be made two nights running
    last_walk: int | None = None
    last_visit: int | None = None
    # the dead
    ghost: bool | None = None
    ghost_declined: bool | None = None


MARK_KEYS = Marks.KEYS
LAST_CHOICE = ("last_protected", "last_walk", "last_visit")  # marks of "not the same player two nights running"


class Village(Sparse):
    """The village's facts (None: not set)."""

    raven: int | None = None  # the Corbeau's mark for today's vote
    last_dead: int | None = None
    last_death_day: int | None = None  # the stalemate's count
    powers_lost: bool | None = None  # the village killed the Ancien
    idiot: int | None = None  # the village idiot spared (004 variant)
    captain_named: bool | None = None
    captain_elected: bool | None = None
    day_roles: dict[str, str] | None = None  # seat (as text) -> the village day card it was dealt
    shield: dict[str, int] | None = None  # {"seat", "day"}: whom the Protecteur shielded from that day's vote
    chatelain_killed: bool | None = None
    chatelain_pardoned: bool | None = None
    sect_groups: list[list[int]] | None = None  # the Abominable Sectaire's two groups
    ange_won: int | None = None
    voters: dict[str, Any] | None = None  # {"day", "seats"}: who alone may vote that day (the Bouc émissaire)
    judge_signal: int | None = None  # the day the Juge bègue signalled
    second_vote: int | None = None  # the day of the second vote he called
    vampires_powerless: bool | None = None
    comedien_cards: list[str] | None = None  # the Comédien's cards left (MJ only)


VILLAGE_KEYS = Village.KEYS
