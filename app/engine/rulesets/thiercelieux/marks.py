"""What a Thiercelieux game knows of each seat beyond its cards (`Marks`: converted, in love, charmed, the potions
spent, what it has seen...) and of the village as a whole (`Village`: the Corbeau's mark, the powers lost, the
captain elected...), typed. Only the facts of mark_facts.py change them; state.py keeps them in the ruleset's state.

A mark left unset is None: the generic setters these replace wrote a key or removed it (`value` None), so None is
"absent" and `shown` gives back the dict the MJ's view always held (views.mj_part `tags`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, model_serializer


class Marks(BaseModel):
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

    @model_serializer(mode="plain")
    def _set_only(self) -> dict[str, Any]:
        """Only the marks set: a state is dumped and read back at every command (GameState.clone), and forty unset
        fields for every seat doubled its cost."""
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def shown(self) -> dict[str, Any]:
        """The marks set, by name (the MJ's view)."""
        return self.model_dump()


MARK_KEYS = frozenset(Marks.model_fields)
LAST_CHOICE = ("last_protected", "last_walk", "last_visit")  # marks of "not the same player two nights running"


class Village(BaseModel):
    @model_serializer(mode="plain")
    def _set_only(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}  # as Marks'

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


VILLAGE_KEYS = frozenset(Village.model_fields)
