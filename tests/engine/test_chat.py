"""Chat channels: who may write, who receives, membership following the game (engine level)."""

from __future__ import annotations

from app.engine.chat import SPECTATORS
from app.engine.model import MJ, SPECTATOR, Event
from app.engine.sight import Viewer
from app.engine.views import event_visible, public_event
from tests.support.engine import Script
from tests.support.viewers import viewers

ROLES = ["loup-garou", "loup-garou", "voyante", "villageois", "villageois", "villageois"]


def said(g: Script, channel: str | None = None) -> list[Event]:
    return [e for e in g.events if e.type == "said" and (channel is None or e.data["channel"] == channel)]


def receivers(g: Script, event: Event) -> set[Viewer]:
    return {v for v in viewers(*g.state.players, SPECTATOR) if event_visible(event, v, g.state)}


def test_village_talks_by_day_and_sleeps_at_night() -> None:
    g = Script(ROLES, options={"captain": False})
    g.run_until("loups", night=1)
    assert g.rejected("say", 3, channel="village", text="Qui est là ?") == "cannot_write"
    g.run_until("debate", day=1)
    g.do("say", 3, channel="village", text="Je soupçonne P1.")
    msg = said(g, "village")[-1]
    assert msg.data["seat"] == 3 and msg.to is None
    # The dead read the village (default) but do not speak there.
    dead = g.dead()
    if dead:
        assert g.rejected("say", dead[0], channel="village", text="psst") == "cannot_write"


def test_village_readers_can_be_the_living_only() -> None:
    g = Script(ROLES, options={"captain": False, "village_readers": "living"})
    g.run_until("loups", night=1)
    g.answer(0, "loups", [3])
    g.answer(1, "loups", [3])
    g.run_until("debate", day=1)
    g.do("say", 4, channel="village", text="Pauvre P3.")
    msg = said(g, "village")[-1]
    assert receivers(g, msg) == {0, 1, 2, 4, 5}  # not the dead P3, not the spectators


def test_wolves_channel_reaches_the_pack_only_and_only_at_night() -> None:
    g = Script(ROLES)
    g.run_until("loups", night=1)
    g.do("say", 0, channel="wolves", text="On mange P2 ?")
    msg = said(g, "wolves")[-1]
    assert receivers(g, msg) == {0, 1}
    assert g.rejected("say", 2, channel="wolves", text="je suis un loup") == "cannot_write"
    g.answer(0, "loups", [2])
    g.answer(1, "loups", [2])
    g.run_until("debate", day=1)
    assert g.rejected("say", 0, channel="wolves", text="de jour") == "cannot_write"
    # Every other seat's view does not even list the channel.
    assert all(c["name"] != "wolves" for c in g.view(3)["channels"])
    assert {"name": "wolves", "write": False} in g.view(0)["channels"]


def test_membership_follows_the_game_a_thief_turned_wolf_and_a_dead_wolf() -> None:
    g = Script(["voleur", "loup-garou", "villageois", "villageois", "villageois"],
               spare=["loup-garou", "villageois"])
    g.run_until("voleur", night=1)
    g.do("say", 1, channel="wolves", text="avant le voleur")
    before = said(g, "wolves")[-1]
    g.answer(0, "voleur", "0")  # takes the spare wolf
    g.do("say", 1, channel="wolves", text="après le voleur")
    after = said(g, "wolves")[-1]
    assert 0 not in receivers(g, before) and 0 in receivers(g, after)
    g.run_until("loups", night=1)
    g.do("kill", MJ, seat=1)
    g.do("say", 0, channel="wolves", text="seul")
    assert receivers(g, said(g, "wolves")[-1]) == {0}
    g.do("say", 1, channel="dead", text="il fait froid ici")
    assert receivers(g, said(g, "dead")[-1]) == {1}


def test_lovers_and_private_threads_with_the_mj() -> None:
    g = Script(["cupidon", "loup-garou", "villageois", "villageois", "villageois"])
    g.run_until("cupidon", night=1)
    assert g.rejected("say", 2, channel="lovers", text="?") == "cannot_write"  # as if it did not exist
    g.answer(0, "cupidon", [2, 3])
    g.run_until("voyante" if "voyante" in g.state.composition else "loups", night=1)
    g.do("say", 2, channel="lovers", text="mon amour")
    assert receivers(g, said(g, "lovers")[-1]) == {2, 3}
    g.do("say", 4, channel="mj:4", text="Je dois partir tôt")
    g.do("say", MJ, channel="mj:4", text="Noté")
    thread = said(g, "mj:4")
    assert [receivers(g, e) for e in thread] == [{4}, {4}]
    assert thread[1].data.get("mj") is True
    assert g.rejected("say", 3, channel="mj:4", text="je lis ?") == "cannot_write"


def test_spectators_talk_among_themselves() -> None:
    g = Script(ROLES)
    g.do("say", SPECTATOR, channel="spectators", text="Belle partie", name="Zoé")
    msg = said(g, "spectators")[-1]
    assert msg.to == [SPECTATORS] and msg.data["spectator"] == "Zoé"
    assert receivers(g, msg) == {SPECTATOR}
    assert g.rejected("say", SPECTATOR, channel="village", text="coucou", name="Zoé") == "cannot_write"
    assert g.rejected("say", 2, channel="spectators", text="moi aussi") == "cannot_write"


def test_the_petite_fille_reads_the_wolves_without_names() -> None:
    g = Script(["petite-fille", "loup-garou", "loup-garou", "villageois", "villageois"],
               options={"petite_fille": "peek", "petite_fille_risk": 0.0})
    g.run_until("loups", night=1)
    g.do("say", 1, channel="wolves", text="avant qu'elle regarde")
    g.answer(0, "petite-fille-peek", True)
    g.do("say", 2, channel="wolves", text="P3 ce soir")
    copies = said(g, "wolves-peek")
    assert len(copies) == 1 and copies[0].to == [0]
    assert copies[0].data == {"id": said(g, "wolves")[-1].data["id"], "channel": "wolves-peek",
                              "text": "P3 ce soir", "anonymous": True}


def test_the_mj_hides_a_message_for_everyone_who_had_it() -> None:
    g = Script(ROLES)
    g.run_until("loups", night=1)
    g.do("say", 0, channel="wolves", text="une insulte")
    mid = said(g, "wolves")[-1].data["id"]
    assert g.rejected("hide", 0, message=mid) == "mj_only"
    g.do("hide", MJ, message=mid)
    hidden = [e for e in g.events if e.type == "hidden"]
    assert len(hidden) == 1 and hidden[0].to == [0, 1]
    out = public_event(said(g, "wolves")[-1], hidden=set(g.state.hidden))
    assert out["data"]["text"] is None and out["data"]["hidden"] is True
    assert any(e.type == "override" and e.data["action"] == "hide" for e in g.events)
    assert g.rejected("hide", MJ, message=mid) == "already_hidden"
    assert g.rejected("hide", MJ, message=999) == "no_such_message"


def test_the_dead_speak_to_the_chaman_through_the_mj() -> None:
    g = Script(["chaman", "loup-garou", "villageois", "villageois", "villageois"], hurry=False)
    g.run_until("loups", night=1)
    g.do("kill", MJ, seat=3)
    assert g.rejected("say", 2, channel="chaman", text="je suis vivant") == "cannot_write"
    g.do("say", 3, channel="chaman", text="Méfie-toi de P1")
    msg = said(g, "chaman")[-1]
    assert receivers(g, msg) == {3}  # its author and the MJ only: the dead do not know the Chaman
    # 001: the Chaman listens during his night step (tests/thiercelieux/test_i14_dead.py).
    assert g.rejected("relay", MJ, message=msg.data["id"], text="x") == "nobody_listens"
    g.run_until("chaman", night=1)
    assert g.rejected("relay", MJ, message=msg.data["id"], text="") == "empty_message"
    g.do("relay", MJ, message=msg.data["id"], text="Un esprit dit : méfie-toi de P1")
    relayed = said(g, "spirits")[-1]
    assert receivers(g, relayed) == {0} and relayed.data["relayed"] == msg.data["id"]
    g.do("say", 4, channel="village", text="x") if g.state.phase == "day" else None
    assert g.rejected("relay", MJ, message=relayed.data["id"], text="x") == "no_such_message"


def test_messages_have_limits() -> None:
    g = Script(ROLES, start=False)
    g.do("say", 2, channel="village", text="Bonjour à tous")
    assert g.rejected("say", 2, channel="village", text="   ") == "empty_message"
    assert g.rejected("say", 2, channel="village", text="x" * 501) == "message_too_long"
    assert g.rejected("say", 2, channel="nowhere", text="x") == "cannot_write"
    assert g.rejected("say", 2, channel=["village"], text="x") == "cannot_write"


def test_a_vote_reason_goes_with_its_vote() -> None:
    """001: "je vote contre @X parce que…" — and a vote changed without a reason loses the old one."""
    g = Script(ROLES, options={"captain": False})
    g.run_until("vote", day=1)
    vote = g.prompt("vote")
    g.do("answer", 3, prompt=vote.id, answer=[4], reason="il a hésité")
    assert g.view(5)["prompts"][0]["reasons"] == {"3": "il a hésité"}
    g.do("answer", 3, prompt=vote.id, answer=[5])
    assert g.view(5)["prompts"][0]["reasons"] == {}
