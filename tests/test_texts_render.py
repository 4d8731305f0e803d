"""Every text of whole games, in French and in English, as the pages render it (issue 24, 6).

Games of every ruleset are played in virtual time (app/sim.py); along the way each viewer's view (every seat, the MJ,
a spectator) is recorded whenever it changes at a deadline, with its stream of events as the hub sends it. Node then
renders them with the pages' own modules (the formatter of static/js/shell/i18n.js, the journal, the prompts, the
ruleset's panels: tests/js/render_texts.mjs on a stand-in DOM) and lists every text left unfinished: a `{`, a
"(s)", "..", a catalogue key shown raw, "undefined", "?.", or a render that threw."""

from __future__ import annotations

import functools
import json
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
from app.web.api import ruleset_info

ROOT = Path(__file__).resolve().parent
NODE = shutil.which("node")
# (ruleset, seed, players, random set-up): small tables and a few games keep it under a minute.
GAMES: dict[str, list[tuple[int, int, bool]]] = {
    "thiercelieux": [(1, 8, False), (2, 9, True), (3, 12, True)],
    "reptiliens": [(4, 8, False), (5, 11, True)],
    "soupcons": [(6, 4, False), (7, 6, False)],
}


class Recorded(Game):
    """A game that keeps, for every viewer, its stream and its views as they change at each deadline."""

    def __init__(self, ruleset: str, seed: int, players: int, options: dict[str, Any] | None = None) -> None:
        self.streams: dict[Any, list[dict[str, Any]]] = {}
        self.snapshots: dict[Any, list[dict[str, Any]]] = {}
        self.last: dict[Any, str] = {}
        super().__init__(ruleset, seed, players, options)

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
    for seed, players, random_setup in GAMES[ruleset]:
        composition, options = rules.random_setup(players, random.Random(seed)) if random_setup else (None, {})
        out.append(play(ruleset, seed, players, options, composition=composition, kind=Recorded))
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
    assert NODE is not None
    running = {}
    for lang in langs:
        path = tmp_path / f"{ruleset}-{lang}.json"
        data = {"lang": lang, "ruleset": ruleset, "catalogue": catalogue(lang), "rulesetData": info, "viewers": viewers}
        path.write_text(json.dumps(data, default=str), encoding="utf-8")
        running[lang] = subprocess.Popen([NODE, str(ROOT / "js" / "render_texts.mjs"), str(path)],
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out: dict[str, dict[str, Any]] = {}
    for lang, proc in running.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr[-3000:]
        out[lang] = json.loads(stdout)
    return out


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_text_of_whole_games_is_finished(ruleset: str, tmp_path: Path) -> None:
    games = recorded_games(ruleset)
    assert all(g.state.phase == "ended" for g in games)
    failures = []
    for lang, result in render(ruleset, games, tmp_path).items():
        assert result["checked"] > 1000, result["checked"]  # the pages rendered something
        failures += [f"[{lang}] {p['what']}: {p['text']!r} ({p['where']})" for p in result["problems"]]
    assert not failures, "\n".join(failures[:80]) + f"\n… {len(failures)} in all"


def fate_of(seen: dict[str, Any]) -> str | None:
    dead = (seen.get("village") or {}).get("dead") or {}
    seat = (seen.get("me") or {}).get("seat")
    return next((fate for fate, key in (("ghost", "ghosts"), ("spirit", "spirits")) if seat in (dead.get(key) or [])),
                None)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_reptiliens_dead_and_spectators_are_told_what_they_can_do(tmp_path: Path) -> None:
    """Issue 24, 7: a ghost is not told to keep quiet nor that his phone will wake him for nothing; he is told he
    debates by day and guards a house at night. A spirit sees the night. A spectator's phone wakes nobody."""
    games = recorded_games("reptiliens")
    wanted = {("ghost", "night"), ("ghost", "day"), ("spirit", "night"), ("spectator", "night")}
    for game in games:
        for viewer, snaps in game.snapshots.items():
            for snap in snaps:
                seen = snap["view"]
                who = "spectator" if viewer == SPECTATOR else fate_of(seen) if viewer != MJ else None
                label = (who, seen["phase"])
                if label in wanted and not seen["prompts"]:
                    snap["probe"] = "/".join(label)  # type: ignore[arg-type]
                    wanted.discard(label)
    assert not wanted, f"the games met no {wanted}"
    for lang, result in render("reptiliens", games, tmp_path).items():
        probes = result["probes"]
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
