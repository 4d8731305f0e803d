"""`thiercelieux`: Les Loups-Garous de Thiercelieux (seeds 003, 004, 001)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from pydantic import ValidationError

from app.engine.context import MJ_ONLY, Ctx
from app.engine.core import COMMANDS
from app.engine.errors import Rejected
from app.engine.facts import FactBook
from app.engine.flow import Steps
from app.engine.model import MJ, ROLE, Command, GameState, Prompt
from app.engine.options import engine_options
from app.engine.prompts import tally
from app.engine.ruleset import Ruleset
from app.engine.rulesets.thiercelieux import asks, bot, characters, day_roles, flow, night_plan
from app.engine.rulesets.thiercelieux import dead as afterlife  # ghosts and the Chaman (issue 14, items 4 and 8)
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux import official_day as official  # the official day roles (issue 14)
from app.engine.rulesets.thiercelieux import official_solo as solo  # the official wolves and solitaries (issue 14)
from app.engine.rulesets.thiercelieux.day_steps import DAY_STEPS
from app.engine.rulesets.thiercelieux.manifest import FACT_BOOK
from app.engine.rulesets.thiercelieux.night import FIRST_NIGHT_ONLY, NIGHT_ORDERS, NIGHT_STEPS, step_cards
from app.engine.rulesets.thiercelieux.official_night import kin_channels, kin_role, night_secrets
from app.engine.rulesets.thiercelieux.options import LIVE_OPTIONS, Options
from app.engine.rulesets.thiercelieux.packs import BUILTIN, Night, RolePack
from app.engine.rulesets.thiercelieux.roles import (
    BASE_CARDS,
    CARD_ORDER,
    HAMSTERS,
    PREREQUISITES,
    ROLES,
    SOLO,
    VAMPIRES,
    VILLAGE,
    WEIGHTS,
    WHITE_WOLVES,
    camp_of,
    holds,
    is_wolf,
    suggested,
    wolfish,
    wolves_for,
)
from app.engine.rulesets.thiercelieux.state import (
    CAPTAIN,
    lovers,
    marks,
    mj_cards,
    scratch,
    spare_cards,
    upgrade,
    village,
)
from app.engine.rulesets.thiercelieux.state import Thiercelieux as OwnState
from app.engine.views import still_acting


class Thiercelieux(Ruleset):
    key = "thiercelieux"
    # 003 plays from 8 and 001's forum from 5, but the MJ may start with 3 or 4 (a warning, not a refusal:
    # composition_report's `small_table`), so that endgames with few players can be played and tested.
    min_players = 3
    advised_players = 5
    max_players = 40
    options_model = Options
    state_model = OwnState
    fact_book: ClassVar[FactBook] = FACT_BOOK  # its facts and older logs' setters (manifest.py)
    offices = (CAPTAIN,)
    roles = ROLES
    other_cards = day_roles.DAY_ROLES  # Le Village's face-up day cards (004), dealt apart from the night cards
    fixed_options = frozenset({"host_plays"})  # a host who plays can never turn their console's sight back on
    live_options = LIVE_OPTIONS  # the options the MJ may change during the game (options.py)
    night: ClassVar[Night] = BUILTIN  # every night step's handlers, and the packs whose steps join the order
    # Every step's spec, the night's (with its packs') and the day's: the engine opens and closes the day's from here
    # (flow.open_day_step, flow.finish_step) and reads what the MJ may do to each.
    steps: ClassVar[Steps] = {**BUILTIN.steps, **DAY_STEPS}
    weights: ClassVar[Mapping[str, int]] = WEIGHTS

    def with_packs(self, *packs: RolePack) -> Thiercelieux:
        """A new Thiercelieux whose cards and night include the packs' (docs/adding-a-role.md): a subclass made
        here, so that this ruleset and the module tables stay as they are. The composition root registers the one
        it plays (app/games.py)."""
        roles, weights, night = dict(self.roles), dict(self.weights), self.night
        for pack in packs:
            pack.check(roles, {**night.steps, **DAY_STEPS})
            roles[pack.role.key], weights[pack.role.key] = pack.role, pack.weight
            night = night.with_pack(pack)
        made = type(type(self).__name__, (type(self),), {"roles": roles, "weights": weights, "night": night,
                                                      "steps": {**night.steps, **DAY_STEPS}})
        return cast(Thiercelieux, made())

    def texts(self, lang: str) -> dict[str, str]:
        """The packs' catalogue texts in `lang` (the built-in cards' are in static/i18n)."""
        return {k: v for pack in self.night.packs for k, v in pack.texts.get(lang, {}).items()}

    def mj_sees_all(self, state: GameState) -> bool:
        # Automatic mode with a host who plays: the MJ token is the host's, and shows only what a spectator sees.
        return not state.options.get("host_plays")

    def sees_all(self, state: GameState, seat: int) -> bool:
        # The room may let the dead see every card (`dead_see_all`), once they have nothing left to do.
        if not state.options.get("dead_see_all"):
            return False
        seats = state.seats_of(seat)
        return not any(state.players[s].alive for s in seats) and not still_acting(state, seats)

    def mj_threads(self, state: GameState) -> bool:
        return not state.options.get("host_plays")  # a host who plays is no MJ to talk to

    def card_changed(self, ctx: Ctx, seat: int, slot: str, card: str) -> None:
        night_plan.card_brought_in(ctx, card)  # its night steps are called from the next one on (issue 14, item 2)
        official.card_given(ctx, seat, card)  # a Villageois-Villageois card lies face up
        solo.card_given(ctx, card)  # an Abominable Sectaire brought in: the village is split then

    def upgrade_state(self, data: dict[str, Any]) -> dict[str, Any]:
        return upgrade(data)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        try:
            return Options.model_validate(options).model_dump()
        except ValidationError as exc:
            first = exc.errors()[0]
            if first["type"] == "omniscient_dead":  # options.py: dead_see_all with ghosts or idiot_du_village
                raise Rejected("omniscient_dead", first["msg"], option="dead_see_all") from exc
        return super().validate_options(options)  # the generic refusal, naming the option

    def suggested_composition(self, players: int) -> list[str]:
        return suggested(players)

    def composition_report(self, players: int, composition: list[str]) -> dict[str, Any]:
        warnings: list[dict[str, Any]] = []
        if players < self.advised_players:
            warnings.append({"code": "small_table", "players": players, "advised": self.advised_players})
        for role in sorted(set(composition)):
            need = PREREQUISITES.get(role)
            if need is not None and players < need:
                warnings.append({"code": "prerequisite", "role": role, "players": need})
        wolves = sum(1 for r in composition if self.roles[r].wolf)
        if wolves > wolves_for(players) + 1:
            warnings.append({"code": "many_wolves", "wolves": wolves, "suggested": wolves_for(players)})
        # The cards actually dealt: with a Voleur two stay in the middle, so count on the average.
        balance = sum(self.weights.get(r, 0) for r in composition)
        if "voleur" in composition:
            balance -= 2
        verdict = "village" if balance > 4 else "wolves" if balance < -4 else "balanced"
        return {"warnings": warnings, "balance": balance, "verdict": verdict}

    def describe(self) -> dict[str, Any]:
        return {
            "solo_camps": sorted(SOLO),  # camps of one player against all (the pages draw their cards apart)
            "card_order": CARD_ORDER,  # how the pages list the cards
            "base_cards": BASE_CARDS,  # the base box's cards, always in sight (the others fold away)
            "night_orders": NIGHT_ORDERS,
            "first_night_only": sorted(FIRST_NIGHT_ONLY),
            "step_cards": {key: sorted(c for c in step_cards(key) if not c.startswith("@"))
                           for key in sorted(NIGHT_STEPS)},
            "live_options": sorted(LIVE_OPTIONS),  # what the MJ console lets the MJ change during the game
        }

    def table_size(self, state: GameState) -> int:
        # Two characters each (004): the second ones are seated at the start.
        double = characters.enabled(state) and state.phase == "lobby"
        return len(state.players) * (2 if double else 1)

    def suggested_for(self, state: GameState) -> list[str]:
        n = self.table_size(state)
        mode = state.options.get("cards", "one")
        if mode == "small":
            # Power cards only; the camps are dealt apart (004, small complication).
            return [r if ROLES[r].camp == VILLAGE and r != "voleur" else "villageois" for r in suggested(n)][:n]
        if mode == "great":
            # Village powers and plain wolves only: a solitary or second-pack card would need rules 004 has not.
            def plain(r: str) -> str:
                if ROLES[r].wolf:
                    return "loup-garou"
                return r if ROLES[r].camp == VILLAGE and r != "voleur" else "villageois"

            return [plain(r) for r in suggested(n)][:n] + ["villageois"] * n
        return suggested(n)

    def public_role(self, state: GameState, seat: int, slot: str = ROLE) -> str | None:
        # The small complication's power card lies face up (004).
        return state.players[seat].role if state.options.get("cards") == "small" else None

    def check_multi_card(self, state: GameState) -> bool:
        """Checks of 004's complications; True when the composition is one of them and is fine."""
        mode = state.options.get("cards", "one")
        if mode == "one":
            return False
        comp, n = state.composition, self.table_size(state)
        expected = self.expected_cards(state)
        if len(comp) != expected:
            raise Rejected("composition_size", f"{n} players need {expected} cards in this variant, not {len(comp)}.",
                           expected=expected, got=len(comp))
        allowed = set(self.allowed_roles(state))
        odd = sorted({r for r in comp if r not in allowed})
        if odd:
            raise Rejected("not_in_variant", f"{odd[0]} cannot be played in this variant.", role=odd[0])
        for role, count in Counter(comp).items():
            if self.roles[role].unique and count > 1:
                raise Rejected("role_twice", f"There can be only one {role}.", role=role)
        for role, count in Counter(engine_options(state).preassigned.values()).items():
            if count > comp.count(role):
                raise Rejected("preassigned_missing", f"{role} is pre-assigned but not in the composition.",
                               role=role)
        wolves = self.camp_wolves(state) if mode == "small" else comp.count("loup-garou")
        if not 1 <= wolves < n:
            raise Rejected("no_wolf", "A game needs at least one Loup-Garou, and at least one villager.")
        return True

    def expected_cards(self, state: GameState) -> int:
        """One card per character and two more with a Voleur (003); with 004's complications, one power card each
        (small) or two cards each (great)."""
        n, mode = self.table_size(state), state.options.get("cards", "one")
        if mode == "small":
            return n
        if mode == "great":
            return 2 * n
        return n + (2 if "voleur" in state.composition else 0)

    def allowed_roles(self, state: GameState) -> list[str]:
        """Every card, or with 004's complications the village's powers without the Voleur (and, great, the plain
        Loup-Garou)."""
        mode = state.options.get("cards", "one")
        if mode == "one":
            return list(self.roles)
        return [key for key, role in ROLES.items() if (role.camp == VILLAGE and key != "voleur")
                or (mode == "great" and key == "loup-garou")]

    def composition_notes(self, state: GameState) -> list[dict[str, Any]]:
        mode = state.options.get("cards", "one")
        if mode == "one":
            return []
        return [{"code": f"cards_{mode}", "key": f"comp.cards_{mode}", "params": {"n": self.expected_cards(state)}}]

    def called_steps(self, state: GameState) -> list[str]:
        cards = set(night_plan.night_cards(state))
        return sorted(key for key in NIGHT_STEPS if cards & set(step_cards(key)))

    def reported_cards(self, state: GameState) -> list[str]:
        # The small complication deals the camp cards apart: its wolves count beside the power cards.
        if state.options.get("cards") == "small":
            return [*state.composition, *["loup-garou"] * self.camp_wolves(state)]
        return list(state.composition)

    @staticmethod
    def camp_wolves(state: GameState) -> int:
        return int(state.options.get("camp_wolves") or wolves_for(len(state.players)))

    def deal_multi_card(self, ctx: Ctx) -> None:
        s = ctx.s
        players = s.by_position()
        preset = {int(k): v for k, v in engine_options(s).preassigned.items()}
        rest = list(s.composition)
        for role in preset.values():
            rest.remove(role)
        shuffled = ctx.shuffle(rest)
        firsts = [preset.get(p.seat) or shuffled.pop() for p in players]  # the MJ's pre-assignments come first
        if s.options.get("cards") == "small":
            wolves = self.camp_wolves(s)
            camps = ctx.shuffle([True] * wolves + [False] * (len(players) - wolves))
            for p, power, wolf in zip(players, firsts, camps, strict=True):
                ctx.emit("role_set", {"seat": p.seat, "role": power, "original": True})  # face up
                if wolf:
                    ctx.fact(F.TurnedWolf(p.seat), to=[p.seat])
                ctx.fact(F.CampCardDealt(p.seat, "loup-garou" if wolf else "villageois"), to=[p.seat])
            return
        for p, first in zip(players, firsts, strict=True):
            second = shuffled.pop()
            ctx.emit("role_set", {"seat": p.seat, "role": first, "original": True}, to=[p.seat])
            ctx.fact(F.SecondCardDealt(p.seat, second), to=[p.seat])

    def check_composition(self, state: GameState) -> None:
        if self.table_size(state) > self.max_players:
            raise Rejected("too_many_characters", f"At most {self.max_players} characters at the table: with two "
                           f"each, {self.max_players // 2} players.", max=self.max_players // 2)
        if self.check_multi_card(state):
            return
        comp = state.composition
        n = self.table_size(state)
        expected = self.expected_cards(state)
        if len(comp) != expected:
            extra = " (the Voleur brings two extra cards)" if "voleur" in comp else ""
            raise Rejected("composition_size", f"{n} players need {expected} cards{extra}, not {len(comp)}.",
                           expected=expected, got=len(comp))
        counts = Counter(comp)
        for role, count in counts.items():
            if self.roles[role].unique and count > 1:
                raise Rejected("role_twice", f"There can be only one {role}.", role=role)
        if not any(is_wolf(r) for r in comp):
            raise Rejected("no_wolf", "A game needs at least one Loup-Garou.")
        preset = Counter(engine_options(state).preassigned.values())
        for role, count in preset.items():
            if count > counts.get(role, 0):
                raise Rejected("preassigned_missing", f"{role} is pre-assigned but not in the composition.",
                               role=role)
        seats = {*state.players, *characters.second_seats(state)}  # second characters may be pre-assigned too
        for seat in engine_options(state).preassigned:
            if not seat.isdigit() or int(seat) not in seats:
                raise Rejected("no_such_seat", f"There is no seat {seat} to pre-assign.", seat=seat)

    def start(self, ctx: Ctx) -> None:
        s = ctx.s
        if characters.enabled(s):
            characters.add_characters(ctx)
        if s.options.get("cards", "one") != "one":
            ctx.announce("game_started", players=len(s.players))
            self.deal_multi_card(ctx)
            flow.begin_night(ctx)
            return
        deck = list(s.composition)
        preset = {int(k): v for k, v in engine_options(s).preassigned.items()}
        for role in preset.values():
            deck.remove(role)
        deck = ctx.shuffle(deck)
        ctx.announce("game_started", players=len(s.players))
        for p in s.by_position():
            role = preset.get(p.seat) or deck.pop()
            ctx.emit("role_set", {"seat": p.seat, "role": role, "original": True}, to=[p.seat])
        ctx.emit("spare_cards", {"cards": deck}, to=MJ_ONLY)
        if day_roles.enabled(s):
            day_roles.deal(ctx)
        solo.deal_groups(ctx)  # the Abominable Sectaire's two groups, public
        flow.first_turn(ctx)  # the first night, or the Ange's day first

    def finish_step(self, ctx: Ctx) -> None:
        if bot.before_close(ctx):  # the bots answer what the step still waits for
            return
        flow.finish_step(ctx)
        bot.play(ctx)  # and what the next step asks them alone

    def restart_phase(self, ctx: Ctx) -> None:
        undone = next(e for e in reversed(ctx.events) if e.type == "undone")
        if undone.data["phase"] == "night":
            flow.begin_night(ctx)
        elif ctx.s.night == 0:
            flow.first_turn(ctx)  # the Ange's day, before any night
        else:
            flow.dawn(ctx)

    def validate_answer(self, state: GameState, prompt: Prompt, seat: int, answer: Any) -> None:
        if prompt.step == "cupidon" and state.options.get("cupid_self") and seat not in answer:
            raise Rejected("cupid_self", "In this game Cupidon must choose himself as one of the lovers (004).")
        if prompt.step == "cupidon" and characters.enabled(state) and len(answer) == 2 \
                and characters.same_player(state, answer[0], answer[1]):
            raise Rejected("lovers_same_player", "The two lovers must be two different players' characters.")
        # 003: a lover never harms the beloved nor acts against him; he knows whom he loves: nothing leaks.
        love = flow.love_refusal(state, prompt, seat, answer)
        if love == "lover_harm":
            raise Rejected("lover_harm", "A lover never harms their beloved: choose someone else (003).")
        if love == "cupid_vote":
            raise Rejected("cupid_vote", "In this game Cupidon may not vote against his lovers (004).")
        if love == "lover_vote":
            raise Rejected("lover_vote", "A lover never votes against their beloved (003).")
        if prompt.step in ("vote", "revote") and answer:
            problem = flow.validate_vote(state, seat, answer[0])
            if problem == "self_vote":
                raise Rejected("self_vote", "You cannot vote against yourself.")
            if problem == "lover_vote":
                raise Rejected("lover_vote", "A lover never votes against their beloved (003).")
            if problem == "cupid_vote":
                raise Rejected("cupid_vote", "In this game Cupidon may not vote against his lovers (004).")
            if problem == "shielded":
                raise Rejected("shielded", "The Protecteur has named this player: they cannot be lynched today (004).")
            if problem == "hesitated":
                raise Rejected("vote_final", "You hesitated: your vote went against yourself and is final (004).")

    def on_answer(self, ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None:
        self.answer_rules(ctx, prompt, seat, previous)
        bot.play(ctx)  # once the people asked have answered, the bots follow

    def answer_rules(self, ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None:
        """What an answer does at once (a ballot's effects, the Assassin's strike, a day card's power)."""
        target = prompt.answers.get(seat)
        if prompt.step == afterlife.GHOST_STEP:
            afterlife.answered(ctx, prompt, seat)  # 004: a ghost, or not; final
            return
        official.answer_hooks(ctx, prompt, seat)  # the Juge bègue's signal
        if prompt.step in ("vote", "revote"):
            flow.on_vote(ctx, prompt, seat, previous)
            return
        if prompt.step == "assassin" and target:
            # 004: the Assassin's signal kills at once, once a day.
            ctx.fact(F.Struck(seat, ctx.s.day), to=[seat])
            ctx.close_prompt(prompt)
            flow.kill(ctx, target[0], "assassin")
            flow.won_now(ctx)
        if prompt.step in day_roles.DAY_STEPS and target:
            ctx.close_prompt(prompt)
            if day_roles.on_answer(ctx, prompt.step, seat, target[0]):
                flow.kill(ctx, target[0], "chatelain")
                flow.won_now(ctx)

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None:
        flow.kill(ctx, seat, cause)
        flow.won_now(ctx)
        bot.play(ctx)  # a bot hunter the MJ killed shoots

    def set_office(self, ctx: Ctx, office: str, seat: int | None) -> None:
        if seat is not None and not ctx.s.players[seat].alive:
            raise Rejected("dead", "A dead player cannot be captain.")
        flow.set_captain(ctx, seat)

    def command(self, ctx: Ctx, command: Command) -> None:
        if command.type == "set_captain":
            # The MJ's command of older pages: `set_office` with the office named.
            COMMANDS["set_office"](ctx, command.model_copy(update={"args": {**command.args, "office": CAPTAIN}}))
            return
        super().command(ctx, command)

    def mj_view(self, state: GameState) -> dict[str, Any]:
        # mj_cards: the cards the MJ brought into play during the game, whose steps are called (issue 14, item 2).
        # tags: each seat's marks (marks.py) beside the engine's own tags, in the one dict the pages read; pending:
        # the phase's scratch in the shape of the engine's old `pending` (what another key left there too), with
        # the night's plan (the engine's, `state.plan`) under its old keys: its stages and the one under way.
        tags = {str(seat): {**p.tags, **marks(state, seat).shown()} for seat, p in state.players.items()}
        plan = {} if state.plan is None else {"steps": [list(g) for g in state.plan.groups], "i": state.plan.at}
        return {"spare_cards": spare_cards(state), "lovers": lovers(state), "mj_cards": mj_cards(state), "tags": tags,
                "pending": {**state.pending, **plan, **scratch(state).as_pending()}}

    def role_of_viewer_known(self, state: GameState, viewer: int, seat: int, slot: str = ROLE) -> str | None:
        me = state.players.get(viewer)
        if me is None:
            return None
        cards = seat_cards(state)
        my_role, my_wolf, my_camp = cards[viewer]
        role, wolf, camp = cards[seat]
        if my_wolf and wolf:
            # 001: the other wolves believe the Loup Blanc is one of theirs; converts show as wolves too.
            disguised = role in WHITE_WOLVES and my_role not in WHITE_WOLVES
            return role if is_wolf(role) and not disguised else "loup-garou"
        if my_camp == VAMPIRES and camp == VAMPIRES:
            return role if role == "vampire" else "vampire"
        if my_camp == HAMSTERS and camp == HAMSTERS:
            return role
        known = marks(state, viewer)
        if seat in (known.masons or ()):
            return "franc-macon"
        kin = kin_role(known, seat)  # the Deux Sœurs, the Trois Frères
        if kin is not None:
            return kin
        if known.lover == seat and known.lover_role is not None:
            return str(known.lover_role)
        seen = known.seen
        if seen and str(seat) in seen:
            return str(seen[str(seat)])
        if seat in (known.pf_seen or ()):
            return "loup-garou"
        return None

    def view_extra(self, state: GameState, viewer: int | str) -> dict[str, Any]:
        out: dict[str, Any] = {"public": state.remember("public_marks", lambda: self._public(state)),
                               **self._answers(state, viewer)}
        if viewer == MJ:
            # What the pages must not decide themselves: each seat's camp (and with the questions, asks.py).
            out["camps"] = state.remember("camps", lambda: {str(s): camp_of(state, p)
                                                            for s, p in state.players.items()})
            return out
        return self._secrets(state, viewer, out)

    def answer_view(self, state: GameState, viewer: int | str) -> tuple[frozenset[str], dict[str, Any]] | None:
        # By day an answer (a ballot) changes the tallies and what the rules refuse; a seat's secrets and the public
        # marks follow other events. At night the Petite Fille's peek follows the pack's answers: everything.
        if state.phase != "day" or (isinstance(viewer, int) and len(state.seats_of(viewer)) > 1):
            return None
        return ANSWER_KEYS, self._answers(state, viewer)

    @staticmethod
    def _answers(state: GameState, viewer: int | str) -> dict[str, Any]:
        """The keys that follow the answers: the live count of the votes, weighted as their end counts them (the
        captain's ballot twice…), and per question the options the rules refuse and the lines to read (asks.py)."""
        every = state.remember("asks", lambda: asks.asks(state, None))  # once per version, for all seats
        if viewer == MJ:
            return {"tallies": flow.tallies(state, True), **every}
        out = {"tallies": state.remember("public_tallies", lambda: flow.tallies(state, False))}
        if isinstance(viewer, int) and viewer in state.players:
            out.update(asks.for_seats(state, every, state.seats_of(viewer)))
        return out

    @staticmethod
    def _public(state: GameState) -> dict[str, Any]:
        """Public facts of the village: who is charmed (001), who is a frog today (004), the raven's mark (001), the
        village idiot (004), whether the villagers lost their powers (001). The same for every viewer: computed
        once per version of the state, and written once per publish."""
        return {
            "charmed": sorted(p.seat for p in state.players.values() if marks(state, p.seat).charmed),
            "frogs": sorted(p.seat for p in state.players.values()
                            if marks(state, p.seat).frog_day == state.day and state.phase == "day"),
            "raven": village(state).raven,
            "idiot": village(state).idiot,
            "ghosts": afterlife.ghosts(state),  # 004: the dead who chose to debate
            "powers_lost": bool(village(state).powers_lost),
            "role_talk": state.options.get("role_talk", "allowed"),
            # "C'est sûrement pas lui" (004): who is still standing.
            "standing": scratch(state).standing if state.phase == "day" else None,
            # Le Village (004): the face-up day cards, today's shield and the Châtelain's spent powers.
            "day_roles": village(state).day_roles,
            "sect_groups": village(state).sect_groups,  # the Abominable Sectaire's two groups (issue 14)
            "shielded": day_roles.shielded(state),
            "chatelain_used": {"pardon": bool(village(state).chatelain_pardoned),
                               "kill": bool(village(state).chatelain_killed)},
            # The official day roles: the revealed Idiot(s), today's voters by the Bouc's choice, the Ange's win.
            "official_day": official.public_marks(state),
        }

    def _secrets(self, state: GameState, viewer: int | str, out: dict[str, Any]) -> dict[str, Any]:
        me = state.players.get(viewer) if isinstance(viewer, int) else None
        if me is None:
            return out
        mine: dict[str, Any] = {}
        shown = marks(state, me.seat).shown()
        for key in ("lover", "cupid_pair", "second_role", "camp_card"):
            if key in shown:
                mine[key] = shown[key]
        if holds(state, me, "sorciere") or me.original_role == "sorciere":
            mine["potions"] = {"heal": not shown.get("heal_used"), "poison": not shown.get("poison_used")}
        peek = self._peek(state, me.seat)
        if peek is not None:
            mine["peek"] = peek
        for key in ("masons", "master", "sheep", "last_protected", "infect_used", "struck"):
            if key in shown:
                mine[key] = shown[key]
        if shown.get("wolf"):
            mine["converted"] = True  # infected, turned by lycanthropy, a grown cub or a traitor turned
        if shown.get("vampire"):
            mine["vampire"] = True  # bitten (004)
        mine["camp"] = camp_of(state, me)  # one's own camp, conversions included (the role card shows it)
        mine.update(afterlife.secrets(state, me))  # the Chaman listening to the spirits (dead.py)
        mine.update(night_secrets(state, me.seat))  # kin, model, the Comédien's cards
        out["secrets"] = mine
        return out

    # -- chat ------------------------------------------------------------------------------------------------
    def chat_channels(self, state: GameState) -> dict[str, tuple[list[int] | None, set[int | str]]]:
        living = state.living()
        channels: dict[str, tuple[list[int] | None, set[int | str]]] = {}
        # The village talks by day (and in the lobby); the dead and spectators read unless the room says not.
        talking = state.phase in ("lobby", "day")
        readers = None if state.options.get("village_readers", "all") == "all" else living
        channels["village"] = (readers, {*(living if talking else []), MJ})
        if state.phase == "ended":
            # After the game everyone talks it over.
            channels["village"] = (None, {*state.players, MJ})
        elif state.phase != "lobby":
            if state.phase == "day":
                # 004: the village idiot, and the dead who chose to be ghosts, still debate (without a vote).
                speakers = afterlife.speakers(state, [p.seat for p in state.players.values() if not p.alive])
                channels["village"] = (readers, {*living, *speakers, MJ})
            for camp, name in ((VAMPIRES, "vampires"), (HAMSTERS, "hamsters")):
                members = [s for s in living if camp_of(state, state.players[s]) == camp]
                if members:
                    channels[name] = (members, {*(members if state.phase == "night" else []), MJ})
            pack = [s for s in living if wolfish(state, state.players[s])]
            channels["wolves"] = (pack, {*(pack if state.phase == "night" else []), MJ})
            channels.update(kin_channels(state))  # the Deux Sœurs, the Trois Frères
            couple = [s for s in lovers(state) if s in living and marks(state, s).lover is not None]
            if len(couple) == 2:
                channels["lovers"] = (couple, {*couple, MJ})
            if "chaman" in night_plan.night_cards(state):
                # 001: the dead speak to the Chaman only through the MJ, who relays or refuses (dead.py).
                gone = [s for s, p in state.players.items() if not p.alive]
                channels["chaman"] = afterlife.chaman_channel(state, gone)
                # Where the living Chaman hears what the dead say (relayed, or the séance's copies): listed for him
                # alone (and the MJ), so that only those who know of a Chaman learn of it; nobody writes there.
                hearing = afterlife.hearers(state)
                if hearing:
                    channels[afterlife.SPIRITS] = (hearing, set())
            if characters.enabled(state) and engine_options(state).dead_chat:
                # Two characters each (004): the dead's own channel is for players out of the game; one whose
                # other character lives would carry what the dead say (and with dead_see_all, know) to the living.
                gone = [s for s, p in state.players.items() if not any(
                    state.players[x].alive for x in state.seats_of(state.player_of(s)))]
                channels["dead"] = (gone, {*gone, MJ})
        return channels

    def chat_copies(self, state: GameState, channel: str) -> list[tuple[int, str]]:
        if channel == "chaman":
            return afterlife.seance_copies(state)  # automatic moderation: the Chaman's séance (dead.py)
        if channel != "wolves" or state.phase != "night":
            return []
        return [(seat, "wolves-peek") for seat in state.living() if self._peek(state, seat) is not None]

    def relay_to(self, state: GameState, channel: str) -> tuple[str, list[int]] | None:
        """001: the dead speak to the Chaman (channel "chaman") only through the MJ, who passes their words on to
        him ("spirits") during his night step, or keeps them."""
        return afterlife.relay_to(state, channel)

    @staticmethod
    def _peek(state: GameState, seat: int) -> dict[str, int] | None:
        """The Petite Fille peeking sees which targets the wolves point at, never who points."""
        pf_pid, wolves_pid = scratch(state).prompts.get("pf"), scratch(state).prompts.get("wolves")
        if state.phase != "night" or pf_pid is None or wolves_pid is None:
            return None
        pf_prompt = state.prompts.get(pf_pid)
        if pf_prompt is None or pf_prompt.step != "petite-fille-peek" or pf_prompt.answers.get(seat) is not True:
            return None
        return {str(k): v for k, v in tally(state.prompts[wolves_pid]).items()}


def seat_cards(state: GameState) -> dict[int, tuple[str | None, bool, str]]:
    """seat -> (card, wakes with the wolves, camp): what every viewer's projection asks of every seat, once per
    version of the state."""
    found: dict[int, tuple[str | None, bool, str]] = state.remember(
        "seat_cards", lambda: {s: (p.role, wolfish(state, p), camp_of(state, p)) for s, p in state.players.items()})
    return found


ANSWER_KEYS = frozenset({"tallies", "disabled", "notes"})  # `Thiercelieux._answers`'s
THIERCELIEUX = Thiercelieux()  # registered by app/games.py
