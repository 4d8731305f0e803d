"""`reptiliens`: Les Reptiliens de Quinte-Bourg (seed 000): two cards a seat (a camp card and a specialty card),
houses and nights by the day of the week, actions invoked at any moment. docs/rules/reptiliens.md maps each rule
to its code.

The modules: `cards`, `calendar`, `offices`, `places`, `attacks`, `victory` (pure data and rules); `options`,
`state` (the typed state and its events), `setup` (composition, deal), `steps` (the handlers' types and shared
helpers), `manifest` (who handles what: every step, day part, answer, command and office power, as literals),
`tables` (what the rule modules read of the manifest, through this Ruleset: no module imports the manifest),
`opening` (§11), `nights` (the night's powers), `specialties` (the specialty powers, a module each), `society`
(part 2: coins, offices, law, marriages, the dead), `week` (the driver), `day` (§12's day), `invoke` (§2), `fates`
(deaths, the end), `seen` (what each viewer knows), `talk` (chat). No module registers anything when imported.
"""

from __future__ import annotations

from typing import Any, ClassVar

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.facts import FactBook
from app.engine.flow import Steps
from app.engine.model import MJ, Command, GameState, Prompt
from app.engine.ruleset import Role
from app.engine.rulesets.reptiliens import bot, dead, fates, invoke, seen, setup, succession, talk, week
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.calendar import DAY_STEPS, FESTIVAL_STEPS, NIGHTS, OPENING
from app.engine.rulesets.reptiliens.cards import ANNOUNCED
from app.engine.rulesets.reptiliens.manifest import (
    ANSWERED,
    COMMANDS,
    DAY,
    HOOKS,
    IN_PROGRESS,
    OFFICE_POWERS,
    ON_DEATH,
    ON_ILLEGAL_OFFICES,
    STEPS,
)
from app.engine.rulesets.reptiliens.offices import MANDATORY, OFFICES
from app.engine.rulesets.reptiliens.options import CONSOLE_OPTIONS, Options
from app.engine.rulesets.reptiliens.state import CAMP, KEY, SPECIALTY, SPECIALTY2, own, upgrade_snapshot
from app.engine.rulesets.reptiliens.state import Reptiliens as OwnState
from app.engine.rulesets.reptiliens.tables import ManifestRuleset


class Reptiliens(ManifestRuleset):
    key = KEY
    # The seed sets no minimum: from 3 (2 living end the game), with the warnings of composition_report below 6.
    min_players = 3
    max_players = 40
    options_model = Options
    state_model = OwnState
    slots = (CAMP, SPECIALTY, SPECIALTY2)  # SPECIALTY2: an inherited specialty (§9)
    offices = tuple(o.key for o in OFFICES)
    roles: ClassVar[dict[str, Role]] = dict(setup.ROLES)
    other_cards: ClassVar[dict[str, Role]] = dict(setup.OTHER_CARDS)
    # The driver's bookkeeping as facts (facts.py), and what the generic setter of older logs becomes.
    fact_book: ClassVar[FactBook] = FactBook(
        facts=(F.CardsSetAside, F.DeathRecorded, F.FateAsked, F.QuestionClosed, F.FateChosen, F.RevivedBeforeChoosing,
               F.Revived, F.SpecialtyInherited, F.DreamBegan, F.DreamEnded, F.PromptRemembered, F.PromptForgotten,
               F.CarnageSet, F.PackMet, F.RomanticDecided, F.SpareLifeSpent, F.RichestNamed, F.SpecialSessionHeld,
               F.PlayersActed, F.DeathCountChanged, F.NightFell, F.SleepsEnded, F.FestivalBegan, F.NightBegan,
               F.DayBegan, F.DayPartDone,
               F.MilitiaChose, F.PackDecided, F.RendezvousChosen, F.FellAsleep, F.Charmed, F.CharmedTold, F.Declared,
               F.AttackResolved, F.AnimalsPlaced, F.CameraReported, F.OfficesShaken, F.SenatorKeptByTheDead,
               F.SculptedToMove, F.StreetLaidOut, F.HouseMoved, F.Doomed, F.NightDeadNamed, F.FortunesOwed,
               F.OwedShown, F.AccountsClosed, F.LegacyPaid, F.Mourned, F.InvocationBegan, F.ShowAnswered,
               F.InvocationEnded, F.SessionChosen, F.VoteOpened, F.VotingOrderSet, F.VoterCalled, F.BallotGiven,
               F.ProsecutorAsked, F.Accused, F.TrialOpened, F.Condemned, F.Pardoned, F.CondemnationOver,
               F.LawProposersRanked, F.LawsProposed, F.LawSubmitted, F.LawAdopted, F.VotersTicked, F.WeddingChanged,
               F.Married, F.OfficesDrawn, F.OfficeBroughtIn, F.OfficeRemoved, F.ApplicationsClosed,
               F.ScrutateurTurned, F.VacancyQueued, F.VacancyDropped, F.VacanciesTaken),
        upgrades={"rp-set": F.upgrade_set},
    )
    advised_players = setup.ADVISED_PLAYERS
    # "Je joue aussi" (issue 22, its pages in app/games.py): no room may turn the host's console sight back on.
    fixed_options = frozenset({"host_plays"})
    secret_options = frozenset({"lovers"})  # §4: whether there are lovers is as secret as a card
    # The manifest's tables and hooks its rule modules read back through this object (tables.py), since none of
    # them may import the manifest, which imports them.
    day_parts = DAY
    office_powers = OFFICE_POWERS
    on_death = ON_DEATH
    on_illegal_offices = ON_ILLEGAL_OFFICES
    hooks = HOOKS
    # every step's spec (app/engine/flow.py): the engine reads what the MJ may do; the day's parts open theirs
    # through it (steps.open_day_step) and day.finish closes them
    steps: ClassVar[Steps] = STEPS

    # -- set-up ---------------------------------------------------------------------------------------------
    def suggested_composition(self, players: int) -> list[str]:
        return setup.suggested(players)

    def composition_report(self, players: int, composition: list[str]) -> dict[str, Any]:
        camp, specialty = setup.split(composition)
        warnings: list[dict[str, Any]] = []
        if len(camp) == players:
            warnings.append({"code": "rp-no-spare", "players": players})  # every camp card is dealt: no doubt
        if len(specialty) < players:
            warnings.append({"code": "rp-few-specialties", "missing": players - len(specialty)})
        reptilians = sum(1 for k in camp if setup.ROLES[k].reptilian)
        # Small tables (the seed sets no minimum): playable, with what changes said (thiercelieux's small_table).
        if players < setup.ADVISED_PLAYERS:
            warnings.append({"code": "rp-small-table", "players": players, "advised": setup.ADVISED_PLAYERS})
        if players < len(MANDATORY):
            # §6 "Lorsqu'il y a moins de joueurs que de postes obligatoires, les postes obligatoires ne sont plus
            # remplacés": some stay vacant from the start.
            warnings.append({"code": "rp-vacant-offices", "players": players, "mandatory": len(MANDATORY)})
        if players <= 4 and "rp-sheherazade" in camp:
            # The game ends with 2 living at the latest, half of 4: the Idéalistes win whenever she is dealt.
            warnings.append({"code": "rp-idealistes-sure", "players": players})
        if players >= 2 and reptilians >= players - 1:
            # Dealt all seats but one, the pack wins at its first attack.
            warnings.append({"code": "rp-many-reptilians", "reptilians": reptilians, "players": players})
        return {"warnings": warnings, "balance": reptilians, "spares": max(0, len(camp) - players)}

    def check_composition(self, state: GameState) -> None:
        setup.check(state)

    def upgrade_state(self, data: dict[str, Any]) -> dict[str, Any]:
        return upgrade_snapshot(data)

    def describe(self) -> dict[str, Any]:
        return {
            "nights": {day: [{"key": s.key, "actors": list(s.actors), "group": s.group, "moves": s.moves,
                              "in_progress": s.key in IN_PROGRESS} for s in steps]
                       for day, steps in NIGHTS.items()},
            "opening": [s.key for s in OPENING],
            "day_steps": list(DAY_STEPS),
            "festival_steps": list(FESTIVAL_STEPS),
            "announced": list(ANNOUNCED),
            "in_progress": sorted(IN_PROGRESS),
            "console_options": CONSOLE_OPTIONS,  # what the MJ console's set-up offers, in its order
        }

    # -- play -----------------------------------------------------------------------------------------------
    def start(self, ctx: Ctx) -> None:
        s = ctx.s
        ctx.announce("game_started", players=len(s.players))
        ctx.fact(F.StreetLaidOut([p.seat for p in s.by_position()]), to=MJ_ONLY)  # houses in seat order (RULES-NOTES)
        ctx.fact(F.CarnageSet(bool(s.options.get("carnage"))), to=MJ_ONLY)
        for p in s.by_position():
            fates.set_coins(ctx, p.seat, 1)  # §7 "En début de partie, chacun reçoit une pièce."
        if s.options.get("draws") != "mj":
            setup.deal(ctx)
        succession.begin(ctx)  # the offices in play and their holders, before night 1 (RULES-NOTES)
        week.begin_game(ctx)
        bot.BRAIN.play(ctx)  # what the first step asks the bots (bot.py)

    def finish_step(self, ctx: Ctx) -> None:
        if bot.BRAIN.before_close(ctx):  # the bots answer what the step still waits for
            return
        week.finish_step(ctx)
        bot.BRAIN.play(ctx)  # and what the next step asks them alone
        bot.act(ctx)  # now and then, unasked: an invocation, a gift, an application

    def restart_phase(self, ctx: Ctx) -> None:
        week.restart_phase(ctx)
        bot.BRAIN.play(ctx)

    def validate_answer(self, state: GameState, prompt: Prompt, seat: int, answer: Any) -> None:
        if prompt.step == invoke.SHOW_ANSWERS_STEP:
            invoke.validate(state, seat, answer)

    def on_answer(self, ctx: Ctx, prompt: Prompt, seat: int, previous: Any) -> None:
        handler = ANSWERED.get(prompt.step)
        if handler is not None:
            handler(ctx, prompt, seat)
        bot.BRAIN.play(ctx)  # once the people asked have answered, the bots follow

    def invoke(self, ctx: Ctx, seat: int, power: str, args: dict[str, Any]) -> None:
        invoke.invoke(ctx, seat, power)

    def kill(self, ctx: Ctx, seat: int, cause: str) -> None:
        fates.kill(ctx, seat, cause)
        fates.check(ctx)
        bot.BRAIN.play(ctx)  # a bot the MJ killed chooses what it becomes

    def turned_on_death(self, state: GameState, seat: int, cause: str) -> list[str]:
        return []  # §9 "vous devez retourner une de vos cartes": the one he chooses (dead.py)

    def mj_sees_all(self, state: GameState) -> bool:
        return not state.options.get("host_plays")  # the host's token is a player's: no card, no MJ view

    def mj_threads(self, state: GameState) -> bool:
        return not state.options.get("host_plays")  # no private thread to an MJ who is not there

    def sees_all(self, state: GameState, seat: int) -> bool:
        return dead.sees_all(state, seat)  # §9: a spirit sees the whole night, a ghost does not

    def revival_refused(self, state: GameState, seat: int) -> Rejected | None:
        """§9: a spirit and one who passed his inheritance "may open their eyes all night": neither comes back to
        life (the MJ's `revive`, the Prophète's Résurrection, which raises ghosts only). A ghost, or a dead still
        choosing, saw nothing more than the living."""
        if seat in dead.spirits(state) or seat in dead.donors(state):
            return Rejected("saw_secrets", "A spirit, or one who passed his inheritance on, saw the night: he "
                            "cannot come back to life.", seat=seat)
        return super().revival_refused(state, seat)

    def set_office(self, ctx: Ctx, office: str, seat: int | None) -> None:
        """The MJ gives an office (succession.py brings vacancy, succession and rotation, §6)."""
        succession.set_by_mj(ctx, office)
        ctx.emit("office", {"office": office, "seat": seat})
        fates.check(ctx)  # three offices may win the Souris, the Détectives, the Mathématiciens

    def card_changed(self, ctx: Ctx, seat: int, slot: str, card: str) -> None:
        # The MJ's `set_role` during the game: a card goes to a slot of its own deck (a specialty card as a camp
        # card broke every later victory check). The refusal throws the change away.
        if setup.deck_of(card) != (CAMP if slot == CAMP else SPECIALTY):
            raise Rejected("wrong_deck", f"{card} is not a {slot} card.", role=card, slot=slot)

    def command(self, ctx: Ctx, command: Command) -> None:
        if command.type == "rp-carnage":
            self._carnage(ctx, command)
        elif command.type == "rp-converse":
            self._converse(ctx, command)
        elif command.type in COMMANDS:
            COMMANDS[command.type](ctx, command)
        else:
            super().command(ctx, command)

    @staticmethod
    def _carnage(ctx: Ctx, command: Command) -> None:
        """§7 "Mode carnage", switched by the MJ."""
        if command.by != MJ:
            raise Rejected("mj_only", "Only the game master can do that.")
        on = command.args.get("on")
        if not isinstance(on, bool):
            raise Rejected("bad_answer", "Say on (true) or off (false).")
        ctx.fact(F.CarnageSet(on), to=MJ_ONLY)
        ctx.announce("rp-carnage-on" if on else "rp-carnage-off")

    @staticmethod
    def _converse(ctx: Ctx, command: Command) -> None:
        """§1 Sunday: a player opens a conversation with anyone; every living player may read it."""
        s = ctx.s
        other = command.args.get("with")
        if not own(s).festival or not isinstance(command.by, int) or command.by not in s.players:
            raise Rejected("wrong_phase", "Conversations open at the Sunday festival.")
        if (not isinstance(other, int) or isinstance(other, bool) or other not in s.players or other == command.by
                or not s.players[other].alive or not s.players[command.by].alive):
            raise Rejected("no_such_seat", "Choose another living player.")
        pair = sorted([command.by, other])
        if pair in own(s).conversations:
            raise Rejected("already_open", "This conversation is open already.", channel=talk.festival_channel(pair))
        ctx.emit("rp-conversation", {"seats": pair})

    # -- what each viewer sees ------------------------------------------------------------------------------
    def role_of_viewer_known(self, state: GameState, viewer: int, seat: int, slot: str = CAMP) -> str | None:
        return seen.known_card(state, viewer, seat, slot)

    def view_extra(self, state: GameState, viewer: int | str) -> dict[str, Any]:
        return seen.view_extra(state, viewer)

    def answer_view(self, state: GameState, viewer: int | str) -> tuple[frozenset[str], dict[str, Any]] | None:
        # No key of `view_extra` (the village, a seat's secrets) reads an answer: ballots and the pack's fingers
        # show in the prompts themselves. A ballot then costs the room's viewers their prompts alone
        # (tests/engine/test_view_parts.py checks it against whole views).
        return frozenset(), {}

    def mj_view(self, state: GameState) -> dict[str, Any]:
        return {"reptiliens": seen.mj_part(state)} if state.phase != "lobby" else {}

    def chat_channels(self, state: GameState) -> dict[str, tuple[list[int] | None, set[int | str]]]:
        return talk.channels(state)


REPTILIENS = Reptiliens()  # registered by app/games.py
