"""A ruleset names the prompts it opens (`Ctx.name_prompt`) on the event that opened them: no event of its own, the
same state when the log is replayed, and the name never reaches a player."""

from __future__ import annotations

from app.engine import replay
from app.engine.views import public_event
from app.sim import play


def test_a_reptiliens_game_names_its_prompts_on_their_opening_and_replays_to_the_same_state() -> None:
    game = play("reptiliens", 11, 12)
    named = [e for e in game.events if e.type == "prompt_opened" and "name" in e.data]
    assert len(named) > 50  # every night names the pack's question, the militia's, the specialties' ...
    # A prompt opened earlier in the same command than the last event still takes an event of its own.
    separate = [e for e in game.events if e.type == "rp-prompt"]
    assert len(separate) < len(named) / 4
    assert replay(game.events).model_dump(mode="json") == game.state.model_dump(mode="json")
    for event in named:
        sent = public_event(event, with_audience=True)
        assert "name" not in sent["data"] and sent["data"]["prompt"] == event.data["prompt"]
        assert "name" in event.data  # the log keeps it
