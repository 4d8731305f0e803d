"""The typed shape of a view (app/engine/view_models.py) is the shape the engine sends: every viewer's view after
every command of whole games of the three rulesets validates against it, and every key outside it is the ruleset's
own (`view_extra`). The pages' types are made from this shape (issue 26), so a view that drifts from it fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ValidationError

from app.engine.model import MJ, SPECTATOR, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.view_models import VIEW, View, view_schema
from app.engine.views import extra_part, omniscient, view
from app.sim import Game, play
from app.sim_setups import random_setup as sim_setup

GAMES = [("thiercelieux", 2, 10, True, {}), ("thiercelieux", 3, 9, True, {"moderation": "mj"}),
         ("reptiliens", 5, 11, True, {}), ("reptiliens", 12, 8, False, {"moderation": "mj"}),
         ("soupcons", 7, 6, False, {})]


class Checked(Game):
    """A game that checks every viewer's view after every command it takes."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.problems: list[str] = []
        self.checked = 0
        super().__init__(ruleset, seed, players, options)

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        viewers: list[int | str] = [*sorted(self.state.players), MJ, SPECTATOR]
        for viewer in viewers:
            got = view(self.state, viewer)
            self.checked += 1
            try:
                VIEW.validate_python(got)
            except ValidationError as exc:
                self.problems.append(f"{cmd.type} for {viewer}: {exc}")
                continue
            sees_all = omniscient(self.state, viewer)
            mine = self.state.seats_of(viewer)
            theirs = set(extra_part(self.state, viewer, sees_all, mine))
            stray = set(got) - set(View.__annotations__) - theirs
            if stray:
                self.problems.append(f"{cmd.type} for {viewer}: keys neither the engine's nor the ruleset's {stray}")
        return events


@pytest.mark.parametrize(("ruleset", "seed", "players", "random_setup", "given"), GAMES,
                         ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_every_view_of_whole_games_has_the_typed_shape(ruleset: str, seed: int, players: int, random_setup: bool,
                                                       given: dict[str, Any]) -> None:
    rules = get_ruleset(ruleset)
    composition, options = sim_setup(rules.key, players, random.Random(seed)) if random_setup else (None, {})
    game = play(ruleset, seed, players, {**options, **given}, composition=composition, kind=Checked)
    assert game.state.phase == "ended"
    assert game.checked > 100
    assert not game.problems, "\n".join(game.problems[:10])


def test_a_view_that_drifts_from_the_shape_is_refused() -> None:
    game = play("soupcons", 7, 4, {})
    good = view(game.state, 0)
    VIEW.validate_python(good)
    for broken in ({**good, "night": "one"}, {k: v for k, v in good.items() if k != "players"},
                   {**good, "players": [{**good["players"][0], "alive": "maybe"}]}):
        with pytest.raises(ValidationError):
            VIEW.validate_python(broken)


def test_the_schema_names_every_part_of_a_view() -> None:
    schema = view_schema()
    assert set(schema["properties"]) == set(View.__annotations__)
    assert "as" in schema["$defs"]["PromptView"]["properties"]
