"""Every text of whole games, in French and in English, as the pages render it (issue 24, 6).

Games of every ruleset are played in virtual time (app/sim.py); along the way each viewer's view (every seat, the MJ,
a spectator) is recorded whenever it changes at a deadline, with its stream of events as the hub sends it. Node then
renders them with the pages' own modules (the formatter of static/js/shell/i18n.js, the journal, the prompts, the
ruleset's panels: tests/js/render_texts.mjs on a stand-in DOM) and lists every text left unfinished: a `{`, a
"(s)", "..", a catalogue key shown raw, "undefined", "?.", a render that threw, or "you can change your mind" under
an answer the view says may not change (`may_change`)."""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.engine.model import MJ, SPECTATOR, Command, Event
from app.engine.ruleset import get_ruleset
from app.engine.views import event_visible, omniscient, public_event, view
from app.i18n import catalogue
from app.sim import Game, play
from app.sim_setups import random_setup as sim_setup
from app.web.api import ruleset_info
from tests.support.paths import TESTS

NODE = shutil.which("node")
# Without Node.js the pages' modules cannot run: skipped on a developer's machine (the reason printed), a failure in
# CI, which installs it (.ci/run), as the browser and PostgreSQL tests are.
NEEDS_NODE = pytest.mark.skipif(NODE is None and not os.environ.get("CI"), reason="node (Node.js) is not installed")
# (seed, players, random set-up, options) per ruleset: small tables and a few games keep it short.
GAMES: dict[str, list[tuple[int, int, bool, dict[str, Any]]]] = {
    "thiercelieux": [(1, 8, False, {}), (2, 9, True, {}), (3, 12, True, {})],
    "reptiliens": [(4, 8, False, {}), (5, 11, True, {}), (12, 8, False, {"moderation": "mj"})],
    "soupcons": [(6, 4, False, {}), (7, 6, False, {})],
}


class Recorded(Game):
    """A game that keeps, for every viewer, its stream and its views as they change at each deadline."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.streams: dict[Any, list[dict[str, Any]]] = {}
        self.snapshots: dict[Any, list[dict[str, Any]]] = {}
        self.last: dict[Any, str] = {}
        super().__init__(ruleset, seed, players, options)

    def name(self, seat: int) -> str:
        # Every other name starts with a vowel: French must elide before it ("la maison d'Emma1", not "de Emma1").
        return f"Emma{seat}" if seat % 2 else f"P{seat}"

    def viewers(self) -> list[Any]:
        return [*sorted(self.state.players), MJ, SPECTATOR]

    def do(self, cmd: Command) -> list[Event]:
        events = super().do(cmd)
        for viewer in self.viewers():
            seen = self.streams.setdefault(viewer, [])
            sees_all = omniscient(self.state, viewer)
            seen.extend(public_event(e, with_audience=sees_all) for e in events
                        if event_visible(e, viewer, self.state))
        return events

    def tick(self) -> None:
        self.snap()
        super().tick()
        if self.state.phase == "ended":
            self.snap()

    def snap(self) -> None:
        for viewer in self.viewers():
            seen = view(self.state, viewer)
            text = json.dumps(seen, sort_keys=True, default=str)
            if self.last.get(viewer) == text:
                continue
            self.last[viewer] = text
            self.snapshots.setdefault(viewer, []).append(
                {"view": seen, "n": len(self.streams.get(viewer, [])), "now": self.at})


@functools.cache
def recorded_games(ruleset: str) -> list[Recorded]:
    rules = get_ruleset(ruleset)
    out = []
    for seed, players, random_setup, given in GAMES[ruleset]:
        composition, options = sim_setup(rules.key, players, random.Random(seed)) if random_setup else (None, {})
        out.append(play(ruleset, seed, players, {**options, **given}, composition=composition, kind=Recorded))
    return out


def render(ruleset: str, games: list[Recorded], tmp_path: Path, langs: tuple[str, ...] = ("fr", "en")
           ) -> dict[str, dict[str, Any]]:
    """Each language's rendering, by its own Node process (the page modules read their catalogue once), together."""
    import asyncio

    viewers = []
    for game in games:
        for viewer, snaps in game.snapshots.items():
            kind = "mj" if viewer == MJ else "spectator" if viewer == SPECTATOR else "seat"
            viewers.append({"kind": kind, "seat": viewer if kind == "seat" else None, "snapshots": snaps,
                            "events": game.streams.get(viewer, [])})
    info = asyncio.run(ruleset_info(ruleset))
    assert NODE is not None, "Node.js (node) is needed to render the pages' texts"
    running = {}
    for lang in langs:
        path = tmp_path / f"{ruleset}-{lang}.json"
        data = {"lang": lang, "ruleset": ruleset, "catalogue": catalogue(lang), "rulesetData": info, "viewers": viewers}
        path.write_text(json.dumps(data, default=str), encoding="utf-8")
        running[lang] = subprocess.Popen([NODE, str(TESTS / "js" / "render_texts.mjs"), str(path)],
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: dict[str, dict[str, Any]] = {}
    for lang, proc in running.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr[-3000:]
        out[lang] = json.loads(stdout)
    return out


def fate_of(seen: dict[str, Any]) -> str | None:
    dead = (seen.get("village") or {}).get("dead") or {}
    seat = (seen.get("me") or {}).get("seat")
    return next((fate for fate, key in (("ghost", "ghosts"), ("spirit", "spirits")) if seat in (dead.get(key) or [])),
                None)


DEAD_PROBES = {("ghost", "night"), ("ghost", "day"), ("spirit", "night"), ("spectator", "night")}
LAW_STEPS = ("rp-loi-aval", "rp-loi-senat")


def mark_probes(games: list[Recorded]) -> dict[str, list[str]]:
    """Marks the snapshots whose whole text the tests read (`probe`): a ghost's, a spirit's and a spectator's phone
    without a question, the MJ's approval of the laws and the Sénateur's question; returns the laws' words."""
    wanted, laws = set(DEAD_PROBES), {}
    fr = catalogue("fr")
    for game in games:
        for viewer, snaps in game.snapshots.items():
            for snap in snaps:
                seen = snap["view"]
                who = "spectator" if viewer == SPECTATOR else fate_of(seen) if viewer != MJ else None
                if (who, seen["phase"]) in wanted and not seen["prompts"]:
                    snap["probe"] = f"{who}/{seen['phase']}"
                    wanted.discard((who, seen["phase"]))
                for p in seen["prompts"]:
                    step = p["step"]
                    if p.get("mine") and step in LAW_STEPS and step not in laws:
                        found = p["info"]["proposals"] if step == "rp-loi-aval" else [p["info"]]
                        laws[step] = [law["text"] or fr[f"choice.rp-loi.{law.get('key') or law['law']}"]
                                      for law in found]
                        snap["probe"] = step
    return laws


@functools.cache
def rendered(ruleset: str, tmp: str) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    """Each ruleset's games recorded and rendered once in each language, for all the tests below."""
    games = recorded_games(ruleset)
    assert all(g.state.phase == "ended" for g in games)
    laws = mark_probes(games) if ruleset == "reptiliens" else {}
    return render(ruleset, games, Path(tmp)), laws


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("texts"))


@NEEDS_NODE
@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_text_of_whole_games_is_finished(ruleset: str, tmp: str) -> None:
    failures = []
    for lang, result in rendered(ruleset, tmp)[0].items():
        assert result["checked"] > 1000, result["checked"]  # the pages rendered something
        failures += [f"[{lang}] {p['what']}: {p['text']!r} ({p['where']})" for p in result["problems"]]
    assert not failures, "\n".join(failures[:80]) + f"\n… {len(failures)} in all"


@NEEDS_NODE
def test_reptiliens_dead_and_spectators_are_told_what_they_can_do(tmp: str) -> None:
    """Issue 24, 7: a ghost is not told to keep quiet nor that his phone will wake him for nothing; he is told he
    debates by day and guards a house at night. A spirit sees the night. A spectator's phone wakes nobody."""
    results = rendered("reptiliens", tmp)[0]
    for lang, result in results.items():
        probes = result["probes"]
        assert {f"{who}/{phase}" for who, phase in DEAD_PROBES} <= set(probes), f"the games met only {set(probes)}"
        ghost_night, ghost_day = probes["ghost/night"], probes["ghost/day"]
        spirit, spectator = probes["spirit/night"], probes["spectator/night"]
        if lang == "fr":
            for text in (ghost_night, ghost_day):
                assert "profitez du spectacle" not in text and "fantôme" in text
                assert "débattez avec les vivants" in text and "milice fantôme vote" in text
            assert "réveillera pour le vote de la milice fantôme" in ghost_night
            assert "la nuit entière vous est montrée" in spirit and "réveillera" not in spirit
            assert "réveillera" not in spectator and "vous verrez au matin" in spectator
        else:
            assert "enjoy the show" not in ghost_night and "debate with the living" in ghost_day
            assert "wake you for the ghost militia" in ghost_night
            assert "will wake" not in spectator and "in the morning" in spectator


@NEEDS_NODE
@pytest.mark.parametrize("ruleset", ["thiercelieux", "reptiliens"])
def test_every_question_says_why_it_is_asked(ruleset: str, tmp: str) -> None:
    """Issue 24, 4: each question a player answers from the shell's prompt carries a line under its title (why this
    player is asked, `ask.<step>`, or what the answer does). Soupçons asks through its own offer form."""
    for result in rendered(ruleset, tmp)[0].values():
        assert result["explained"], "no question was rendered"
        assert sorted(step for step, told in result["explained"].items() if not told) == []


@NEEDS_NODE
def test_the_laws_are_shown_where_they_are_decided(tmp: str) -> None:
    """Issue 24, 4: the MJ's approval shows each proposed law's words beside its proposer; the Sénateur's yes/no
    names the law it decides."""
    results, laws = rendered("reptiliens", tmp)
    assert set(laws) == set(LAW_STEPS), laws
    probes = results["fr"]["probes"]
    for step, words in laws.items():
        for law in words:
            assert law in probes[step], (step, law, probes[step][:500])
    assert "Vous êtes Sénateur" in probes["rp-loi-senat"] and "Accepter la loi du jour" in probes["rp-loi-senat"]
    assert "Accept the law of the day" in results["en"]["probes"]["rp-loi-senat"]


# -- the journal of a game reads the same from an older engine's log ----------------------------------------------
# A fact that its audience reads in the journal carries its line (app/engine/facts.py, `Line`) and no twin
# announcement restates it. Logs of an older engine still read the same: those written before typed facts
# (tests/data/logs: setters and announcements) and those written before facts carried their lines
# (tests/fixtures/twin_logs: each such fact followed by its twin announcement, read once). Games of
# tests/engine/test_views_unchanged.py: (players, random set-up, options) by ruleset and seed.
JOURNAL_GAMES: dict[tuple[str, int], tuple[int, bool, dict[str, Any]]] = {
    ("thiercelieux", 3): (9, True, {"moderation": "mj"}), ("thiercelieux", 9): (16, True, {}),
    ("thiercelieux", 10): (12, True, {"moderation": "mj"}),
    ("reptiliens", 4): (8, False, {}), ("reptiliens", 5): (11, True, {}),
    ("reptiliens", 12): (8, False, {"moderation": "mj"}), ("reptiliens", 13): (15, True, {})}
OLDER_LOGS = {"before typed facts": TESTS / "data" / "logs",
              "with twin announcements": TESTS / "fixtures" / "twin_logs"}


def journal_streams(events: list[Event]) -> list[dict[str, Any]]:
    """Each seat's and the MJ's stream of a log as the hub sends it, each event seen as the state stands once it
    is folded."""
    from app.engine.evolve import evolve
    from app.engine.model import GameState

    seats = sorted({e.data["seat"] for e in events if e.type == "joined"})
    viewers: list[Any] = [*seats, MJ]
    streams: dict[Any, list[dict[str, Any]]] = {v: [] for v in viewers}
    state = GameState()
    for e in events:
        evolve(state, e)
        for viewer in viewers:
            if event_visible(e, viewer, state):
                streams[viewer].append(public_event(e, with_audience=omniscient(state, viewer)))
    return [{"id": str(v), "seat": None if v == MJ else v, "events": streams[v]} for v in viewers]


def journal_lines(ruleset: str, events: list[Event], tmp_path: Path, label: str) -> dict[str, Any]:
    import asyncio

    assert NODE is not None
    path = tmp_path / f"journal-{label}.json"
    data = {"lang": "fr", "ruleset": ruleset, "catalogue": catalogue("fr"),
            "rulesetData": asyncio.run(ruleset_info(ruleset)), "streams": journal_streams(events)}
    path.write_text(json.dumps(data, default=str), encoding="utf-8")
    done = subprocess.run([NODE, str(TESTS / "js" / "journal_lines.mjs"), str(path)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    return out


@NEEDS_NODE
@pytest.mark.parametrize(("ruleset", "seed"), sorted(JOURNAL_GAMES))
def test_the_journal_reads_the_same_from_an_older_log(ruleset: str, seed: int, tmp_path: Path) -> None:
    import gzip

    players, random_setup, given = JOURNAL_GAMES[ruleset, seed]
    composition, options = sim_setup(ruleset, players, random.Random(seed)) if random_setup else (None, {})
    now = play(ruleset, seed, players, {**options, **given}, composition=composition).events
    lined = {line["key"] for line in get_ruleset(ruleset).fact_book.lines().values()}  # type: ignore[union-attr]
    twins = [e for e in now if e.type == "announce" and e.data["key"] in lined]
    assert not twins, "a fact's line is restated by an announcement"
    today = journal_lines(ruleset, now, tmp_path, "now")
    assert sum(len(lines["feed"]) for lines in today.values()) > 100
    for label, folder in OLDER_LOGS.items():
        with gzip.open(folder / f"{ruleset}-{seed}.jsonl.gz", "rt", encoding="utf-8") as log:
            events = [Event.model_validate_json(line) for line in log]
        told = [e for e in events if e.type == "announce" and e.data["key"] in lined]
        assert told, f"the log {label} holds none of the lines facts now carry"
        before = journal_lines(ruleset, events, tmp_path, f"{label}-{ruleset}".replace(" ", "-"))
        assert before.keys() == today.keys()
        for viewer, lines in today.items():
            for mode in ("feed", "full"):
                assert before[viewer][mode] == lines[mode], (label, viewer, mode)
