"""A scripted Reptiliens game for the rule tests, and the secrecy checker of the ruleset.

`Table(camp, specialty)` seats one player per camp card (seat i gets camp[i], and specialty[i] if given, through
`options.preassigned`), uses fast clocks and an MJ (the opening's judgment calls are answered by `opening`, so
that the lovers are who the test says), and checks every viewer's projection and every event after each accepted
command (`RpSecrets`). Time moves only when a test says so, or when a night step has nothing left to answer: it
lasts its drawn length whatever its holders do, so the script jumps to its end (`hurry`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from app.engine.core import new_state
from app.engine.model import MJ, SYSTEM, Event, GameState
from app.engine.prompts import MJ_SEAT, is_complete
from app.engine.rulesets.reptiliens import REPTILIENS
from app.engine.rulesets.reptiliens.dead import SPIRITS_CHANNEL
from app.engine.rulesets.reptiliens.dream import SIGN as DREAM_SIGN
from app.engine.rulesets.reptiliens.invoke import KILLS
from app.engine.rulesets.reptiliens.manifest import STEPS
from app.engine.rulesets.reptiliens.seen import PLAIN_OF_GROUP
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import dying
from app.engine.views import SPECTATOR, event_visible, omniscient, public_event, view
from tests.support.engine import FORBIDDEN_KEYS, MJ_ONLY_EVENTS, Secrets, _keys
from tests.support.scripted import Scripted
from tests.support.viewers import viewers

RULESET = "reptiliens"
T0 = 1_000.0
FAST: dict[str, Any] = {
    "night_step": 10, "plausible_min": 2, "plausible_max": 4, "lovers_talk": 3, "mj_time": 30, "dawn": 1,
    "debate": 5, "vote": 20, "condemned_window": 15, "invoke_time": 10, "show_time": 30, "reaction": 10,
    "festival": 5,
}
V, R, ALPHA = "rp-villageois", "rp-reptilien", "rp-reptilienne-alpha"
RP_MJ_ONLY = {"rp-set", "rp-lovers", "rp-radiant", *(f.type for f in REPTILIENS.fact_book.facts)}


def mj_only_sent(frames: Iterable[dict[str, Any]]) -> set[str]:
    """The MJ's bookkeeping (the typed facts, the old setter) among the events of these websocket frames."""
    return {e["type"] for f in frames for e in f.get("events") or [] if e.get("type") in RP_MJ_ONLY}
# The specialties' findings, each told to its one actor (tests/reptiliens/test_specialties.py).
RP_PRIVATE_RESULTS = {"rp-investigation-resultat", "rp-larcin-butin", "rp-larcin-rendu", "rp-flair-oui", "rp-flair-non",
                      "rp-flair-cadavre-oui", "rp-flair-cadavre-non", "rp-stalkeur-chez-soi", "rp-stalkeur-ailleurs",
                      "rp-revelateur-resultat"}
# The Procureur's inquiry (§6, tests/reptiliens/test_offices.py): the cards reach him alone, the one shown learns who
# looked; neither reaches anyone else.
RP_INQUIRY = {"rp-enquete-resultat": "rp-procureur", "rp-enquete-subie": None}
# Freyja's and Éris' two targets learn each other, not who named them (§5).
RP_PAIRED = {"rp-copulation", "rp-bagarre", "rp-copulation-lieu", "rp-bagarre-lieu"}
RP_NAMING = {"rp-allumeuse", "rp-querelle"}
# A marriage request's steps, told to its parties (and the Prêtre) only (tests/reptiliens/test_marriages.py).
RP_REQUEST = {"rp-demande-faite", "rp-mariage-refuse", "rp-mariage-refuse-pretre", "rp-mariage-sans-pretre",
              "rp-mariage-sans-temoins", "rp-tarif-fixe", "rp-mariage-non-paye", "rp-mariage-trop-cher",
              "rp-mariage-force-impossible", "rp-mariage-impossible"}
# Changes of fortune: public, unless the room hides fortunes (then to their parties), tests/reptiliens/test_coins.py.
RP_FORTUNES = {"rp-don": ("seat", "receiver"), "rp-heritage-notaire": ("heir",), "rp-heritage-veuf": ("heir",),
               "rp-pickpocket-vol": ("seat", "victim"), "rp-tarif-paye": ("seat", "priest")}


class Table(Scripted):
    def __init__(self, camp: Sequence[str], specialty: Sequence[str | None] = (), options: dict[str, Any] | None = None,
                 seed: int = 7, spare: Sequence[str] = (), start: bool = True, hurry: bool = True,
                 lovers: tuple[int, ...] | None = (0, 1), conditions: dict[int, str] | None = None,
                 conversion: int | None = None, romantic_known: bool = True,
                 offices: dict[str, int] | None = None) -> None:
        self.state, self.events = new_state(RULESET, seed, at=T0)
        self.at = T0
        self.hurry = hurry
        self.secrets = RpSecrets()
        for seat in range(len(camp)):
            self.do("join", SYSTEM, seat=seat, name=f"P{seat}")
        preset = {str(i): card for i, card in enumerate(camp)}
        preset.update({f"{i}.specialty": card for i, card in enumerate(specialty) if card})
        opts = {**FAST, "moderation": "mj", **(options or {}), "preassigned": preset}
        composition = [*camp, *spare, *(card for card in specialty if card)]
        self.do("configure", MJ, options=opts, composition=composition)
        # `offices`: the MJ's assignment before night 1 (succession.ASSIGN); the others he leaves vacant.
        self.mj_answers = {"lovers": lovers, "conditions": conditions or {}, "conversion": conversion,
                           "romantic_known": romantic_known, "offices": offices or {}}
        if start:
            self.do("start", MJ)
            if opts["moderation"] == "mj" and opts.get("draws") != "mj":
                self.opening()

    # -- commands -------------------------------------------------------------------------------------------
    def check(self, events: list[Event]) -> None:
        self.secrets.check(self.state, events)

    def do(self, type_: str, by: int | str = MJ, **args: Any) -> list[Event]:
        events = super().do(type_, by, **args)
        while self.hurry and self.night_step_answered():
            assert self.state.wake_at is not None
            self.at = max(self.at, self.state.wake_at)
            events += super().do("tick", SYSTEM)
        return events

    def night_step_answered(self) -> bool:
        s, step = self.state, self.state.step
        if s.phase != "night" or s.paused_at is not None or step is None or s.stack or step.key not in STEPS:
            return False
        if any(p.to_mj for p in self.step_prompts()):
            return False  # the MJ's questions: the test answers them
        return all(is_complete(p) for p in self.step_prompts() if not p.optional)

    def step_prompts(self) -> list[Any]:
        step = self.state.step
        return [] if step is None else [self.state.prompts[p] for p in step.prompts if p in self.state.prompts]

    def opening(self) -> None:
        """Answer the MJ's judgment calls of the opening as the test said; stop when night 1's table begins."""
        given: dict[str, Any] = self.mj_answers
        for _ in range(100):
            if self.step not in {"rp-ouverture-conditions", "rp-ouverture-detectives", "rp-ouverture-mathematiciens",
                                 "rp-ouverture-conversion", "rp-ouverture-seths", "rp-ouverture-souris",
                                 "rp-ouverture-reptiliens", "rp-ouverture-amoureux", "rp-ouverture-romantique",
                                 "rp-ouverture-rappel"}:
                return
            for p in [p for p in self.open_prompts() if p.to_mj and MJ_SEAT not in p.answers]:
                if p.step == "rp-postes-depart":
                    if given["offices"] is None:
                        continue  # the MJ leaves them unanswered: drawn at the end of the opening
                    seat = given["offices"].get(p.info["office"])
                    answer: Any = [] if seat is None else [seat]
                elif p.step == "rp-ouverture-conditions":
                    answer = given["conditions"].get(p.info["seat"], p.options[0])
                elif p.step == "rp-ouverture-conversion":
                    answer = [] if given["conversion"] is None else [given["conversion"]]
                elif p.step == "rp-ouverture-amoureux":
                    if given["lovers"] is None:
                        continue
                    answer = list(given["lovers"])
                else:
                    answer = given["romantic_known"]
                self.do("answer", MJ, prompt=p.id, answer=answer)
            self.wait()
        raise AssertionError("the opening never ended")

    def prompt_for(self, seat: int, step: str) -> Any:
        """The open prompt of `step` put to `seat` (a step may ask each seat its own question)."""
        found = [p for p in self.open_prompts(step) if seat in p.to]
        assert len(found) == 1, f"expected one open {step!r} prompt for {seat}, found {len(found)}"
        return found[0]

    def answer(self, seat: int, step: str, answer: Any) -> list[Event]:
        return self.do("answer", seat, prompt=self.prompt_for(seat, step).id, answer=answer)

    def answer_rejected(self, seat: int, step: str, answer: Any) -> str:
        return self.rejected("answer", seat, prompt=self.prompt_for(seat, step).id, answer=answer)

    def mj(self, step: str, answer: Any) -> list[Event]:
        return self.do("answer", MJ, prompt=self.prompt(step).id, answer=answer)

    # -- time -----------------------------------------------------------------------------------------------
    def tick(self) -> list[Event]:
        return self.do("tick", SYSTEM)

    def wait(self) -> list[Event]:
        assert self.state.wake_at is not None, "the engine asked for no tick"
        self.at = max(self.at, self.state.wake_at)
        return self.tick()

    def run_until(self, key: str, *, night: int | None = None, day: int | None = None, limit: int = 400) -> None:
        for _ in range(limit):
            s = self.state
            if self.step == key and (night is None or (s.phase == "night" and s.night == night)) \
                    and (day is None or (s.phase == "day" and s.day == day)):
                return
            assert s.phase != "ended", f"the game ended before step {key!r}: {s.result}"
            self.wait()
        raise AssertionError(f"step {key!r} never came")

    def play_night(self, answers: dict[str, Any]) -> None:
        """Answer every open prompt whose step is in `answers` (a value, or seat -> value), let the rest time out,
        until the night is over."""
        night = self.state.night
        for _ in range(300):
            if self.state.phase != "night" or self.state.night != night:
                return
            todo = [(p.id, seat, answers[p.step]) for p in self.open_prompts() if p.step in answers
                    for seat in p.to if seat not in p.answers]
            todo = [(pid, seat, a[seat] if isinstance(a, dict) else a) for pid, seat, a in todo
                    if not isinstance(a, dict) or seat in a]
            if todo:
                pid, seat, answer = todo[0]
                self.do("answer", seat, prompt=pid, answer=answer)
            else:
                self.wait()
        raise AssertionError("the night never ended")

    def vote(self, ballots: dict[int, Any], window: bool = True, direction: str | None = None) -> None:
        """The day's session: the debate ends, the vote is played in turn (`cast`); the condemned's window passes
        (unless `window` is False)."""
        self.cast(ballots, direction)
        if window and self.step == "rp-condamne":
            self.wait()

    def cast(self, ballots: dict[int, Any], direction: str | None = None) -> None:
        """The vote in turn (§6 "Il donne alors le sien, puis décide dans quel sens ... seront annoncés les votes
        suivants"): whoever's turn it is answers from `ballots` (a seat, None for blank, or a list: a ranked
        ballot); a seat not in `ballots` lets his turn run out; the Président answers `direction` (unless None: his
        silence, clockwise). Returns when the vote is over (or an invocation sets it aside)."""
        self.run_until("rp-vote")
        for _ in range(400):
            if self.step != "rp-vote":
                return
            todo = [(p, p.to[0]) for p in self.step_prompts() if not p.closed and p.to and p.to[0] not in p.answers
                    and ((p.step == "rp-vote" and p.to[0] in ballots) or (p.step == "rp-sens" and direction))]
            if not todo:
                self.wait()
                continue
            prompt, seat = todo[0]
            given = ballots.get(seat) if prompt.step == "rp-vote" else direction
            answer = [] if given is None else [given] if isinstance(given, int) else given
            self.do("answer", seat, prompt=prompt.id, answer=answer)
        raise AssertionError("the vote never ended")

    def turn(self) -> int | None:
        """Whose turn it is in the vote (the open ballot or direction prompt's voter)."""
        found = [p.to[0] for p in self.step_prompts() if p.step in ("rp-vote", "rp-sens") and not p.closed and p.to]
        return found[0] if found else None

    # -- reading --------------------------------------------------------------------------------------------
    @property
    def step(self) -> str | None:
        return self.state.step.key if self.state.step else None

    @property
    def own(self) -> Any:
        return own(self.state)

    def steps_run(self, since: int = 0) -> list[str]:
        return [e.data["key"] for e in self.events[since:] if e.type == "step"]

    def alive(self, seat: int) -> bool:
        return self.state.players[seat].alive

    def deaths(self) -> list[dict[str, Any]]:
        return [e.data for e in self.events if e.type == "died"]

    def announced(self, key: str, viewer: int | str | None = None) -> list[dict[str, Any]]:
        """The params of every announcement of `key` (an `announce`, or a fact that reads as one: its `line`)."""
        return [line[1] for e in self.events if (line := told(e)) is not None and line[0] == key
                and (viewer is None or event_visible(e, viewer, self.state))]

    def view(self, viewer: int | str) -> dict[str, Any]:
        return view(self.state, viewer)

    def seen(self, viewer: int | str, slot: str = "camp") -> dict[int, str]:
        """The cards of `slot` the viewer's projection shows, by seat."""
        return {p["seat"]: p["cards"][slot] for p in self.view(viewer)["players"] if p["cards"][slot] is not None}


def told(e: Event) -> tuple[str, dict[str, Any]] | None:
    """The announcement an event reads as in the journal (key, params): an `announce`, or a fact with a line."""
    if e.type == "announce":
        return e.data["key"], e.data["params"]
    return REPTILIENS.fact_book.line_of(e.type, e.data)


# -- secrecy --------------------------------------------------------------------------------------------------------
class RpSecrets:
    """What each seat may know of the others' two cards, rebuilt from the log (never from the views it checks):
    a card told privately (`rp-learn`), a fellow of a group that knows each other seen as the group's plain card
    (the pack sees a plain Reptilien, the Souris a Souris), a card turned face up. Also: the learnings reach only
    their seats, the MJ's bookkeeping reaches nobody, and a night kill's target appears in no frame to anyone else
    before dawn. The specialties' findings reach their actor alone, and the two that Freyja or Éris named never
    hear who named them."""

    def __init__(self) -> None:
        self.known: dict[int, dict[tuple[int, str], set[str]]] = {}
        self.hidden_targets: dict[int, int] = {}  # a night kill's target -> its invoker, until dawn
        self.named_by: tuple[int, list[int]] | None = None  # tonight's pair and who named it

    def learn(self, state: GameState, events: Iterable[Event]) -> None:
        self.batch_targets: dict[int, int] = {}  # the night kills decided by these events: target -> invoker
        for e in events:
            if e.type == "rp-learn":
                assert set(e.to or []) == set(e.data["viewers"]), "a learning reaches someone else"
                for viewer in e.data["viewers"]:
                    self.known.setdefault(viewer, {}).setdefault((e.data["seat"], e.data["slot"]), set()).add(
                        e.data["card"])
            elif e.type == "rp-fellows":
                assert set(e.to or []) == set(e.data.get("viewers", e.data["seats"])), "a group reaches others"
                plain = PLAIN_OF_GROUP.get(e.data["group"])
                for viewer in e.data.get("viewers", e.data["seats"]):
                    for seat in e.data["seats"]:
                        if plain is not None:
                            self.known.setdefault(viewer, {}).setdefault((seat, "camp"), set()).add(plain)
            elif e.type == "answered" and state.phase == "night":
                prompt = state.prompts.get(e.data["prompt"])
                if prompt is not None and prompt.step in KILLS and e.data["answer"]:
                    self.hidden_targets[e.data["answer"][0]] = e.data["seat"]
                    self.batch_targets[e.data["answer"][0]] = e.data["seat"]
            elif e.type == "phase" and e.data.get("phase") == "day":
                self.hidden_targets.clear()
            self.check_finding(state, e)

    def check_finding(self, state: GameState, e: Event) -> None:
        if e.type == "answered":
            prompt = state.prompts.get(e.data["prompt"])
            if prompt is not None and prompt.step in RP_NAMING:
                self.named_by = (e.data["seat"], list(e.data["answer"]))
        self.check_fortune(state, e)
        self.check_session(state, e)
        if e.type != "announce":
            return
        key = e.data["key"]
        if key in RP_INQUIRY:
            office = RP_INQUIRY[key]
            assert e.to is not None and len(e.to) == 1, f"{key} reaches {e.to}"
            assert office is None or e.to == [state.offices.get(office)], f"{key} reaches {e.to}, not the {office}"
        if key in RP_PRIVATE_RESULTS | RP_PAIRED:
            assert e.to is not None and len(e.to) == 1, f"{key} reaches {e.to}"
        if key in RP_PAIRED:
            assert self.named_by is not None, f"{key} with no pair named"
            namer, pair = self.named_by
            assert e.to is not None and e.to[0] in pair, f"{key} reaches {e.to}, not one of the pair {pair}"
            if namer not in pair:
                assert namer not in e.data["params"].values(), f"{key} names who named the pair"

    def check_session(self, state: GameState, e: Event) -> None:
        """The Bourreau's answer reaches him alone until he pardons (sessions.py); the MJ's approval of the laws and
        his ticks of who may vote reach nobody (laws.py); an unpaid ballot is told to all only if fortunes show."""
        if e.type in ("answered", "prompt_opened"):
            prompt = state.prompts.get(e.data["prompt"] if e.type == "answered" else e.data["prompt"]["id"])
            if prompt is not None and prompt.step == "rp-bourreau-grace":
                assert e.to == prompt.to, f"the Bourreau's question reaches {e.to}"
            if prompt is not None and prompt.step in ("rp-loi-aval", "rp-loi-votants"):
                assert e.to == [], f"the MJ's law question reaches {e.to}"
        if e.type == "announce" and e.data["key"] == "rp-vote-impaye" and state.options.get("hide_fortunes"):
            assert e.to == [], f"an unpaid ballot reaches {e.to} though fortunes are hidden"

    def check_fortune(self, state: GameState, e: Event) -> None:
        """Hidden fortunes reach their holder alone; a request reaches its parties; the widow(er) alone looks at
        the dead spouse's cards (§8 "regarde les rôles de camp et de spécialité du défunt")."""
        hide = bool(state.options.get("hide_fortunes"))
        if e.type == "rp-coins" and hide:
            assert e.to == [e.data["seat"]], f"a hidden fortune reaches {e.to}"
        if e.type == "rp-learn" and state.phase == "day" and not state.players[e.data["seat"]].alive:
            spouse = own(state).spouses.get(e.data["seat"])
            if spouse is not None and spouse in e.data["viewers"]:
                assert e.to == [spouse], f"the widow's look reaches {e.to}"
        if e.type != "announce":
            return
        key, params = e.data["key"], e.data["params"]
        if key in RP_REQUEST:
            assert e.to, f"{key} is public"
            assert set(e.to) <= {params.get("seat"), params.get("partner"), *state.offices.values()}, \
                f"{key} reaches {e.to}"
        if key in RP_FORTUNES and hide:
            assert e.to is not None and set(e.to) >= {params[k] for k in RP_FORTUNES[key]}, f"{key} reaches {e.to}"
            assert len(e.to) <= len(RP_FORTUNES[key]) + 1, f"{key} reaches {e.to}"  # + the Notaire

    def check(self, state: GameState, events: Sequence[Event] = ()) -> None:
        self.learn(state, events)
        if state.phase == "ended":
            return
        for viewer in viewers(*sorted(state.players), SPECTATOR):
            if isinstance(viewer, int) and omniscient(state, viewer):
                self.check_seer(state, viewer)  # a spirit sees the whole night: nothing is a secret to him
                continue
            self.check_view(state, viewer)
            self.check_the_dead(state, events, viewer)
            for e in events:
                self.check_event(state, e, viewer)

    @staticmethod
    def check_seer(state: GameState, viewer: int) -> None:
        """§9: only a dead spirit, or one who passed his inheritance on, sees every secret; never a ghost, never one
        still choosing, never the living."""
        assert not state.players[viewer].alive, f"the living seat {viewer} sees every secret"
        fate = own(state).fate.get(viewer)
        assert fate in ("spirit", "inheritance"), f"seat {viewer} sees all as a {fate}"
        leaked = FORBIDDEN_KEYS & set(_keys(view(state, viewer)))
        assert not leaked, f"{viewer} sees {leaked}"

    @staticmethod
    def check_the_dead(state: GameState, events: Sequence[Event], viewer: int | str) -> None:
        """Whoever does not see all (the living, a ghost, the spectators) never reads the spirits' channel, and
        never learns the dream's answer but from the spirits' signs."""
        channels = {c["name"] for c in view(state, viewer)["channels"]}
        assert SPIRITS_CHANNEL not in channels, f"{viewer} reads the spirits' channel"
        for e in events:
            if not event_visible(e, viewer, state):
                continue
            assert not (e.type == "said" and e.data.get("channel") == SPIRITS_CHANNEL), f"{viewer} hears a spirit"
            if e.type == "prompt_opened" and e.data["prompt"]["step"] == DREAM_SIGN:
                assert viewer in e.data["prompt"]["to"], f"{viewer} is told the dream's answer"

    def check_event(self, state: GameState, e: Event, viewer: int | str) -> None:
        Secrets.check_event(state, e, viewer)
        visible = event_visible(e, viewer, state)
        if not visible:
            return
        assert e.type not in RP_MJ_ONLY | MJ_ONLY_EVENTS, f"{e.type} reaches {viewer}"
        # What the invocation itself told: nobody but its invoker hears whom it struck.
        doomed = dying(state)
        for target, invoker in self.batch_targets.items():
            if target not in doomed or viewer == invoker:
                continue
            data = public_event(e)["data"]
            named = [data.get(k) for k in ("seat", "target", "victim")] + list(data.get("params", {}).values())
            assert target not in named, f"{e.type} {data} names a night kill's target to {viewer} before dawn"

    def check_view(self, state: GameState, viewer: int | str) -> None:
        v = view(state, viewer)
        leaked = FORBIDDEN_KEYS & set(_keys(v))
        assert not leaked, f"{viewer} sees {leaked}"
        mine = state.seats_of(viewer)
        for p in v["players"]:
            real = state.players[p["seat"]]
            if p["seat"] in mine:
                continue
            if p["seat"] in self.hidden_targets and p["seat"] in dying(state):
                assert p["alive"], "a night kill's victim is shown dead before dawn"
            for slot, card in (p.get("cards") or {}).items():
                if card is None or real.cards[slot]["revealed"]:
                    continue
                assert isinstance(viewer, int), f"a spectator sees the {slot} card of seat {p['seat']}"
                allowed = self.known.get(viewer, {}).get((p["seat"], slot), set())
                assert card in allowed, f"seat {viewer} sees seat {p['seat']}'s {slot} as {card}, never told"
        for pv in v["prompts"]:
            prompt = state.prompts[pv["id"]]
            addressed = any(s in prompt.to for s in mine)
            assert addressed or prompt.visibility == "public", f"{viewer} sees the private prompt {prompt.step}"
            if not addressed and prompt.visibility != "public":
                assert pv["info"] == {}
        if "secrets" in v:
            assert isinstance(viewer, int) and viewer in state.players
