"""Forum-style games (001): the day ends at a time of day; votes can change until a lock, late first votes are
taken until a second offset and are final; night falls at the announced hour. Time is a controllable clock."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from app.engine.model import MJ
from app.engine.rulesets.thiercelieux.state import captain as captain_of
from tests.support.engine import Script

PARIS = ZoneInfo("Europe/Paris")
ROLES = ["loup-garou", "voyante", "villageois", "villageois", "villageois", "villageois"]
FORUM = {"schedule": "forum", "day_end": "21:30", "vote_lock": 60, "vote_late": 30, "night_step": 3600,
         "captain": False}


def at(day: int, hour: int, minute: int = 0, zone: ZoneInfo = PARIS) -> float:
    return datetime(2026, 11, day, hour, minute, tzinfo=zone).timestamp()


def forum_game(start: float, **options: object) -> Script:
    g = Script(ROLES, options={**FORUM, **options}, start=False)
    g.at = start
    g.do("start", MJ)
    return g


def test_the_day_ends_at_the_announced_hour_with_lock_and_late_votes() -> None:
    g = forum_game(at(23, 1, 0))
    g.run_until("vote", day=1)
    schedule = g.announcements("day_schedule")[-1]
    assert schedule == {"ends_at": at(23, 21, 30), "locks_at": at(23, 20, 30), "closes_at": at(23, 21, 0)}
    vote = g.prompt("vote")
    assert vote.locks_at == at(23, 20, 30)
    assert g.view(2)["prompts"][0]["locks_at"] == at(23, 20, 30)  # every phone can show the lock time
    assert g.living() == [0, 1, 2, 3, 4, 5]  # the silent wolf killed nobody
    # Before the lock a vote can change, and everyone having voted does not close the day early.
    g.at = at(23, 12, 0)
    g.answer(3, "vote", [4])
    g.answer(3, "vote", [2])
    for seat in (0, 2, 4):  # seat 5 stays silent, so the day cannot end before late votes close
        g.answer(seat, "vote", [2] if seat != 2 else [0])
    g.tick()
    assert g.step == "vote"
    # After the lock: votes cast are final; a first vote is still taken (and is final too).
    g.at = at(23, 20, 45)
    assert g.answer_rejected(3, "vote", [4]) == "vote_locked"
    g.answer(1, "vote", [2])
    assert g.answer_rejected(1, "vote", [0]) == "vote_locked"
    # When late votes close the count is announced; night falls only at the announced hour.
    g.at = at(23, 21, 0)
    g.tick()
    assert g.announcements("vote_result")[-1]["counts"] == {"2": 4, "0": 1}
    assert not g.alive(2)
    assert g.step == "dusk" and g.state.phase == "day"
    g.at = at(23, 21, 30)
    g.tick()
    assert g.state.phase == "night" and g.state.night == 2


def test_a_morning_after_the_lock_gives_the_village_until_tomorrow_evening() -> None:
    g = forum_game(at(23, 20, 0))
    g.run_until("vote", day=1)
    assert g.announcements("day_schedule")[-1]["ends_at"] == at(24, 21, 30)


def test_times_follow_the_room_time_zone() -> None:
    ny = ZoneInfo("America/New_York")
    g = forum_game(at(23, 9, 0, ny), timezone="America/New_York", day_end="18:00", vote_lock=120, vote_late=15)
    g.run_until("vote", day=1)
    assert g.announcements("day_schedule")[-1] == {"ends_at": at(23, 18, 0, ny), "locks_at": at(23, 16, 0, ny),
                                                   "closes_at": at(23, 17, 45, ny)}


def test_the_first_forum_day_elects_the_mayor_by_secret_ballot() -> None:
    g = forum_game(at(23, 1, 0), captain=True)
    g.run_until("election", day=1)
    ballot = g.prompt("election")
    assert ballot.visibility == "self"
    living = g.living()
    g.answer(living[0], "election", [living[1]])
    g.answer(living[2], "election", [living[1]])
    # Another player's view holds no ballot but its own.
    assert g.view(living[3])["prompts"][0]["answers"] == {}
    g.at = at(23, 21, 0)
    g.tick()
    assert captain_of(g.state) == living[1]
    assert g.announcements("election_result")[-1]["counts"] == {str(living[1]): 2}
    assert g.step == "dusk"


def test_bad_schedules_are_refused_with_the_reason() -> None:
    g = Script(ROLES, start=False)
    for options, where in (({"timezone": "Mars/Olympus"}, "timezone"), ({"day_end": "25:00"}, "day_end"),
                           ({"vote_lock": 10, "vote_late": 30}, "")):
        code = g.rejected("configure", MJ, options=options)
        assert code == "bad_options", where


def test_players_who_miss_prompts_are_flagged_to_the_mj() -> None:
    g = Script(ROLES, options={"afk_after": 2, "captain": False})
    for night in (1, 2):
        g.run_until("loups", night=night)
        g.run_until("dawn", day=night)  # the wolf (seat 0) and the seer (seat 1) stay silent
        if night == 1:
            g.run_until("vote", day=1)
            for seat in (2, 3, 4, 5):
                g.answer(seat, "vote", [])  # they answer (abstaining): their count stays at zero
    flagged = g.announcements("afk_flagged")
    assert {f["seat"] for f in flagged} == {0, 1}
    assert all(f["missed"] == 2 for f in flagged)
    # Only the MJ is told.
    assert not g.announcements("afk_flagged", viewer=2)
    assert g.view(MJ)["mj"]["tags"]["0"]["afk_missed"] >= 2
    assert "afk_missed" not in str(g.view(0))
