"""What a viewer receives must not count what it may not see: prompt and chat message ids, the prompts an MJ's
`extend` touches, and the answers to probes (a channel, a prompt, a message one may not know of answers exactly
like one that does not exist).

The strongest form is tested directly: two games that differ only in something hidden (the Voyante dealt or left
among the Voleur's spare cards; the wolves chatting or silent) send every other viewer the very same stream.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.engine.core import new_state, replay
from app.engine.errors import Rejected
from app.engine.model import MJ, SPECTATOR, SYSTEM, Rejection
from app.engine.views import event_visible, public_event, view
from app.sim import play
from tests.support.scripted import Scripted
from tests.support.soupcons import Table

W, V, SEER, THIEF = "loup-garou", "villageois", "voyante", "voleur"
T0 = 1_000.0
# Steps of a plausible length (the hidden Voyante's step lasts as long as a real one), no captain.
OPTIONS: dict[str, Any] = {"night_step": 60, "plausible_min": 5, "plausible_max": 10, "dawn": 1, "debate": 30,
                           "vote": 60, "reaction": 30, "captain": False}


class Game(Scripted):
    """A thiercelieux game whose seat i holds roles[i]; the composition is given sorted, so that two games that
    deal the same cards differently announce the same composition."""

    def __init__(self, roles: list[str], spare: tuple[str, ...] = (), seed: int = 11) -> None:
        self.state, self.events = new_state("thiercelieux", seed, at=T0)
        self.at = T0
        for seat in range(len(roles)):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        preassigned = {str(seat): role for seat, role in enumerate(roles)}
        self.do("configure", MJ, options={**OPTIONS, "preassigned": preassigned},
                composition=sorted([*roles, *spare]))
        self.do("start", MJ)

    def wait(self) -> None:
        assert self.state.wake_at is not None
        self.at = max(self.at, self.state.wake_at)
        self.do("tick", SYSTEM)

    def until(self, key: str, phase: str) -> None:
        for _ in range(100):
            step = self.state.step
            if step is not None and step.key == key and self.state.phase == phase:
                return
            assert self.state.phase != "ended"
            self.wait()
        raise AssertionError(f"no step {key}")

    def view(self, viewer: int | str) -> dict[str, Any]:
        return view(self.state, viewer)

    def stream(self, viewer: int | str) -> list[dict[str, Any]]:
        """What `viewer`'s socket receives of the log, in order."""
        return [public_event(e) for e in self.events if event_visible(e, viewer, self.state)]


def rejection(g: Scripted, type_: str, by: int | str, **args: Any) -> Rejection:
    """The whole rejection (code, message, params) of a command that must be refused."""
    with pytest.raises(Rejected) as info:
        g.do(type_, by, **args)
    return info.value.rejection


# -- ids -----------------------------------------------------------------------------------------------------------
def seer_world(seer_dealt: bool, extend: bool) -> Game:
    """Night 1 with a Voleur: the Voyante is seat 3's card, or one of the two spare cards. The wolves kill P4."""
    g = Game([THIEF, W, W, SEER if seer_dealt else V, V, V], spare=(V, V) if seer_dealt else (SEER, V))
    g.answer(0, "voleur", "keep")
    g.until("voyante", "night")
    if seer_dealt:
        g.answer(3, "voyante", [4])
    if extend:
        g.do("extend", MJ, seconds=20)
    g.until("loups", "night")
    g.answer(1, "loups", [4])
    g.answer(2, "loups", [4])
    g.until("vote", "day")
    return g


@pytest.mark.parametrize("extend", [False, True])
def test_prompt_ids_do_not_count_the_hidden_prompts(extend: bool) -> None:
    """With a global counter the wolves' prompt was p3 when the Voyante was dealt and p2 when she was a spare
    card, and so was the public vote's number for everyone. An MJ's `extend` during her step listed her prompt's
    id in a public event."""
    dealt, spare = seer_world(True, extend), seer_world(False, extend)
    assert any(e.type == "prompt_opened" and e.data["prompt"]["step"] == "voyante" for e in dealt.events)
    assert not any(e.type == "prompt_opened" and e.data["prompt"]["step"] == "voyante" for e in spare.events)
    for viewer in (1, 2, 4, 5, SPECTATOR):  # the wolves, two villagers, a spectator
        assert dealt.stream(viewer) == spare.stream(viewer), viewer
    vote = dealt.prompt("vote").id
    assert vote == spare.prompt("vote").id and not re.fullmatch(r"p\d+", vote)


def test_prompt_ids_are_short_unique_and_replayed_as_they_were() -> None:
    for seed in (1, 2, 3):
        game = play("thiercelieux", seed, 12)
        ids = [e.data["prompt"]["id"] for e in game.events if e.type == "prompt_opened"]
        assert len(ids) >= 5 and len(set(ids)) == len(ids)
        assert all(re.fullmatch(r"p[a-z2-7]{10}", pid) for pid in ids)
        assert replay(game.events).model_dump() == game.state.model_dump()


def chat_world(wolves_talk: bool) -> Game:
    g = Game([W, W, V, V, V])
    g.until("loups", "night")
    if wolves_talk:
        for text in ("On prend qui ?", "P3", "d'accord"):
            g.do("say", 0, channel="wolves", text=text)
    g.answer(0, "loups", [4])
    g.answer(1, "loups", [4])
    g.until("debate", "day")
    g.do("say", 2, channel="village", text="Bonjour")
    g.do("say", 3, channel="village", text="Salut")
    return g


def test_message_ids_do_not_count_the_hidden_messages() -> None:
    """A villager's first message by day was id 1 when the wolves had been silent, id 4 when they wrote three."""
    talk, silent = chat_world(True), chat_world(False)
    for viewer in (2, 3, SPECTATOR):
        assert talk.stream(viewer) == silent.stream(viewer), viewer
    ids = [e.data["id"] for e in talk.events if e.type == "said"]
    assert len(set(ids)) == len(ids) == 5
    assert all(isinstance(i, int) and 0 < i < 2**53 for i in ids)
    assert talk.state.message_counter == 5 and silent.state.message_counter == 2
    # The MJ's commands still take them, and a replay rebuilds the same state.
    talk.do("hide", MJ, message=ids[-1])
    assert talk.state.hidden == [ids[-1]]
    assert replay(talk.events).model_dump() == talk.state.model_dump()


# -- probes --------------------------------------------------------------------------------------------------------
def test_a_channel_one_may_not_know_of_answers_like_no_channel() -> None:
    """Writing to "vampires" answered no_such_channel, then cannot_write once the MJ had secretly made someone a
    vampire: the probe told that a vampire exists."""
    g = Game([W, W, V, V, V, V])
    g.until("loups", "night")
    nowhere = rejection(g, "say", 2, channel="nowhere", text="?")
    before = rejection(g, "say", 2, channel="vampires", text="?")
    g.do("set_role", MJ, seat=5, role="vampire")
    assert "vampires" in [c["name"] for c in g.view(5)["channels"]]
    after = rejection(g, "say", 2, channel="vampires", text="?")
    wolves = rejection(g, "say", 2, channel="wolves", text="?")
    assert before == after == nowhere == wolves
    assert after.params == {}
    # Whatever the channel, a bad text is refused the same way before the channel is looked at.
    assert rejection(g, "say", 2, channel="vampires", text=" ") == rejection(g, "say", 2, channel="nowhere", text=" ")


def test_a_prompt_one_is_not_asked_answers_like_no_prompt() -> None:
    g = Game([W, W, V, V, V])
    g.until("loups", "night")
    wolves = g.prompt("loups").id
    missing = rejection(g, "answer", 2, prompt="pnothinghere", answer=[3])
    assert rejection(g, "answer", 2, prompt=wolves, answer=[3]) == missing
    assert rejection(g, "answer", 2, prompt=wolves, answer=[3], seat=0) == missing


def test_a_host_who_does_not_see_all_cannot_probe_prompts_or_messages() -> None:
    """The Soupçons host (an MJ token that does not see all): a seat's prompt, its private thread with the MJ and a
    missing id all answer the same; before, the prompt answered "say which seat" and could be closed, and the
    private message could be hidden."""
    t = Table(3)
    card = t.prompt("sc-card").id
    missing = rejection(t, "answer", MJ, prompt="pnothinghere", answer="M1")
    assert rejection(t, "answer", MJ, prompt=card, answer="M1") == missing
    assert rejection(t, "close_prompt", MJ, prompt=card) == rejection(t, "close_prompt", MJ, prompt="pnothinghere")
    t.do("say", 1, channel="mj:1", text="je dois partir")
    t.do("say", 1, channel="table", text="bonjour")
    private, public = (e.data["id"] for e in t.of("said"))
    assert rejection(t, "hide", MJ, message=private) == rejection(t, "hide", MJ, message=max(t.state.messages) + 1)
    t.do("hide", MJ, message=public)  # what everyone saw, the host may hide
    events = t.do("advance", MJ)  # and skip a turn (the time-out's random move)
    assert any(e.type == "sc_offer" for e in events)


def test_rejections_show_nothing_hidden_to_their_reader() -> None:
    """A rejection never lists a prompt's options (a Soupçons hand)."""
    t = Table(3)
    giver = t.giver
    reply = rejection(t, "answer", giver, prompt=t.prompt("sc-card").id, answer="nope")
    assert reply.code == "bad_answer"
    text = json.dumps(reply.model_dump())
    assert not any(card in text for card in t.hand(giver))
