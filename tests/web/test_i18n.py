"""The French and English catalogues (static/i18n/*.json): same keys, same placeholders, and an entry for every
text the server or the pages can need (announcements, steps, prompts, rejection codes, roles, camps)."""

from __future__ import annotations

import json
import re

import pytest

from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS
from app.i18n import LANGS, arguments, catalogue, translate
from tests.support.paths import ROOT

CATALOGUES = {lang: json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in LANGS}

ANNOUNCE_KEYS = [
    "captain_breaks_tie", "day_breaks", "election_result", "eliminated", "game_started", "hunter_no_shot",
    "hunter_shoots", "new_captain", "night_falls", "no_death", "nobody_eliminated", "petite_fille_caught",
    "petite_fille_saw", "seer_saw", "substituted", "thief_swapped", "tie_nobody", "tie_revote", "vote_result",
    "witch_sees", "wolves_chose", "wolves_no_agreement", "you_are_in_love", "day_schedule", "afk_flagged",
    # 001 and 004
    "you_sleep_tonight", "cub_turned", "sheep_died", "sheep_back", "you_are_infected", "charmed", "frogs",
    "raven_marks", "seer_saw_role", "powers_lost", "village_idiot", "apprentice_inherits", "traitor_turns",
    "vampires_powerless", "you_are_a_vampire", "fake_roles", "hesitated", "cleared", "accused", "verdict",
]
STEP_KEYS = [
    "voleur", "cupidon", "amoureux", "voyante", "loups", "sorciere", "dawn", "election", "debate", "vote",
    "revote", "captain-tiebreak", "chasseur", "successeur", "dusk", "standing", "plea", "verdict",
    *sorted({key for order in NIGHT_ORDERS.values() for key in order}),
]
PROMPT_STEPS = [
    "voleur", "cupidon", "voyante", "loups", "petite-fille-peek", "petite-fille-houses", "sorciere-heal",
    "sorciere-poison", "election", "vote", "revote", "captain-tiebreak", "chasseur", "successeur",
    # 001 and 004
    "salvateur", "corbeau", "joueur-de-flute", "loup-blanc", "infect", "tueur", "marchand-de-sable", "somnambule",
    "casanova", "berger", "magicien", "louveteau", "apprenti", "vampires", "hamsters", "loups-lycanthropie",
    "cupidon-mj", "assassin", "standing", "verdict",
]
REJECTION_CODES = [
    "alive", "already_answered", "already_dead", "already_paused", "bad_answer", "bad_composition", "bad_name",
    "bad_options", "options_conflict", "host_plays_needs_auto", "bad_order", "bad_seconds", "bad_token",
    "composition_size", "dead", "lover_vote", "mj_only",
    "name_taken", "no_step", "no_such_prompt", "no_such_room", "no_such_seat", "no_timer", "no_wolf",
    "not_paused", "nothing_to_undo", "paused", "preassigned_missing", "prompt_closed", "rate_limited",
    "role_twice", "room_full", "seat_taken", "self_vote", "spectator", "stale", "target_not_allowed",
    "unknown_command", "unknown_role", "wrong_count", "wrong_phase", "vote_locked", "empty_message",
    "message_too_long", "no_such_channel", "cannot_write", "no_such_message", "already_hidden", "nobody_listens",
    "bad_code", "cupid_self", "cupid_vote", "vote_final", "not_in_variant", "step_fixed",
]
# Chat channels (app/engine/chat.py and the rulesets' chat_channels / chat_copies); "mj" names a seat's private
# thread with the MJ (mj:<seat>), "all" is the MJ console's view of every thread.
CHAT_CHANNELS = ["village", "wolves", "wolves-peek", "lovers", "dead", "chaman", "spirits", "spectators", "mj", "all",
                 "vampires", "hamsters", "sisters", "brothers"]
# Event types a page shows something for, beyond announcements: chat messages and their hiding, a rematch.
EVENT_KEYS = ["event.rematch", "chat.hidden", "chat.author.mj", "chat.author.wolves-peek", "chat.author.spirits",
              "chat.author.spectator", "override.hide", "override.relay"]
DEATH_CAUSES = ["night", "vote", "hunter", "grief", "mj", "assassin"]


def source(*parts: str, pattern: str = "*.py") -> str:
    return "\n".join(p.read_text(encoding="utf-8") for part in parts for p in sorted((ROOT / part).rglob(pattern)))


def placeholders(text: str) -> set[str]:
    return arguments(text)  # ICU MessageFormat: the names in plural and select branches too


def test_both_catalogues_have_the_same_keys() -> None:
    fr, en = CATALOGUES["fr"], CATALOGUES["en"]
    assert sorted(set(fr) - set(en)) == []
    assert sorted(set(en) - set(fr)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_is_a_non_empty_string(lang: str) -> None:
    bad = [k for k, v in CATALOGUES[lang].items() if not isinstance(v, str) or not v.strip()]
    assert bad == []


def test_placeholders_match_between_languages() -> None:
    fr, en = CATALOGUES["fr"], CATALOGUES["en"]
    assert [k for k in fr if placeholders(fr[k]) != placeholders(en.get(k, ""))] == []


@pytest.mark.parametrize("lang", LANGS)
def test_required_keys(lang: str) -> None:
    cat = CATALOGUES[lang]
    required = (
        [f"announce.{k}" for k in ANNOUNCE_KEYS]
        + [f"step.{k}" for k in STEP_KEYS]
        + [f"narr.{k}" for k in STEP_KEYS]
        + [f"pstep.{k}" for k in PROMPT_STEPS]
        + [f"prompt.{k}" for k in PROMPT_STEPS]
        + [f"error.{k}" for k in REJECTION_CODES]
        + [f"event.died.{c}" for c in DEATH_CAUSES]
        + ["camp.village", "camp.wolves", "camp.lovers", "camp.loup-blanc", "camp.joueur-de-flute", "camp.tueur",
           "camp.assassin", "camp.vampires", "camp.hamsters"]
        + [f"chat.channel.{c}" for c in CHAT_CHANNELS]
        + [f"chat.help.{c}" for c in CHAT_CHANNELS]
        + EVENT_KEYS
        + [f"forum.state.{s}" for s in ("open", "late", "closed")]
        + [f"forum.state.{s}.help" for s in ("open", "late", "closed")]
        + [f"forum.step.{s}" for s in ("open", "late", "closed")]
    )
    assert [k for k in required if k not in cat] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_role_and_camp_of_the_ruleset(lang: str) -> None:
    rules = get_ruleset("thiercelieux")
    cat = CATALOGUES[lang]
    for role in [*rules.roles.values(), *rules.other_cards.values()]:
        assert f"role.{role.key}" in cat
        assert f"role.{role.key}.desc" in cat
        assert f"camp.{role.camp}" in cat
        assert f"end.win.{role.camp}" in cat
    # What `python -m app roles` prints.
    assert translate(lang, "role.voyante") != "role.voyante"


def test_what_the_server_emits_is_translated() -> None:
    """Scan the server's source, so a new announcement, prompt step, rejection code, MJ override or cause of death
    cannot go untranslated. The pages carry the merged catalogue (app.i18n.catalogue: the main one and each
    ruleset's own, static/i18n/<ruleset>/), so a soupcons text counts where it lives."""
    app = source("app")
    announces = set(re.findall(r"\bannounce\(\s*\"([a-z_]+)\"", app))
    steps = set(re.findall(r"\bstep=\"([a-z-]+)\"", app)) | set(re.findall(r"open_step\(\s*\"([a-z-]+)\"", app))
    codes = set(re.findall(r"Rejected\(\s*\"([a-z_]+)\"", app)) | set(re.findall(r"error\(\s*\"([a-z_]+)\"", app))
    overrides = (set(re.findall(r"override\(ctx, \"([a-z_]+)\"", app))
                 | set(re.findall(r"\"action\": \"([a-z_]+)\"", app)))
    causes = set(re.findall(r"\bkill\(ctx, [\w\[\]]+, \"([a-z]+)\"", app))
    assert announces and steps and codes and overrides and causes
    assert "assassin" in causes
    for lang in LANGS:
        cat = catalogue(lang)
        missing = ([f"announce.{k}" for k in announces if f"announce.{k}" not in cat]
                   + [f"override.{k}" for k in overrides if f"override.{k}" not in cat]
                   + [f"event.died.{k}" for k in causes if f"event.died.{k}" not in cat]
                   + [f"pstep.{k}" for k in steps if f"pstep.{k}" not in cat and f"step.{k}" not in cat]
                   + [f"error.{k}" for k in codes if f"error.{k}" not in cat])
        assert missing == [], lang


@pytest.mark.parametrize("ruleset", ["thiercelieux", "reptiliens", "soupcons"])
def test_every_fact_line_is_translated(ruleset: str) -> None:
    """A fact that reads as an announcement (app/engine/facts.py, `Line`) names one the catalogues hold, from fields
    the fact has."""
    book = get_ruleset(ruleset).fact_book
    assert book is not None
    fields: dict[str, set[str]] = {kind.type: set(kind.__match_args__) for kind in book.facts}
    for type_, line in book.lines().items():
        assert set(line["params"].values()) | set(line["needs"]) <= fields[type_], type_
        for lang in LANGS:
            assert f"announce.{line['key']}" in catalogue(lang), (type_, lang)


def test_every_chat_channel_of_the_server_has_a_name() -> None:
    """A channel the server opens (`channels["…"]`, a copied or relayed message's channel) is named in the chat."""
    app = source("app")
    names = (set(re.findall(r"channels\[\s*\"([a-z-]+)\"\s*\]", app))
             | set(re.findall(r"\"channel\":\s*\"([a-z-]+)\"", app))
             | set(re.findall(r", \"([a-z-]+)\"\) for seat in", app))
             | set(re.findall(r"return \"([a-z-]+)\", \w+\n", app)))  # where a relay goes (Ruleset.relay_to)
    assert {"village", "wolves", "spirits"} <= names
    assert sorted(names - set(CHAT_CHANNELS)) == []


def test_every_literal_key_of_the_pages_exists() -> None:
    """t("…") in the templates and the ES modules: each key is in the catalogue. (The soupcons pages add their own
    catalogue, static/i18n/soupcons/, checked by tests/soupcons/test_i18n.py.)"""
    every = [*sorted((ROOT / "templates").glob("*.html")), *sorted((ROOT / "static" / "js").rglob("*.js"))]
    pages = [p for p in every if not p.name.startswith(("soupcons", "reptiliens"))]
    text = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    keys = set(re.findall(r"\bt\(\s*[\"']([a-z][a-zA-Z0-9_.\-]*)[\"']\s*[,)]", text))
    assert len(keys) > 50
    assert sorted(k for k in keys if k not in CATALOGUES["fr"]) == []
    # The Reptiliens pages (its set-up page) may also ask for their ruleset's own catalogue.
    own = "\n".join(p.read_text(encoding="utf-8") for p in every if p.name.startswith("reptiliens"))
    for lang in LANGS:
        asked = set(re.findall(r"\bt\(\s*[\"']([a-z][a-zA-Z0-9_.\-]*)[\"']\s*[,)]", own))
        assert len(asked) > 5 and sorted(k for k in asked if k not in catalogue(lang)) == [], lang


@pytest.mark.parametrize("template", ["home.html", "thiercelieux_home.html", "reptiliens_home.html", "mj.html",
                                      "room.html"])
def test_every_key_the_templates_ask_for_exists(template: str) -> None:
    """Keys built in the templates (`t("opt." ~ name ~ ".help")` in _variants.html, a game's texts) are checked by
    rendering."""
    from app.web.pages import templates
    from app.web.rulesets import games, load

    load("thiercelieux")
    offered = games("thiercelieux")
    game = next((g for g in offered if template.startswith(g["key"])), offered[0])

    asked: list[str] = []

    def t(key: str, **params: object) -> str:
        asked.append(key)
        return translate("fr", key, **params)

    html = templates.env.get_template(template).render(t=t, lang="fr", langs=LANGS, catalogue={}, code="ABCDEFGH",
                                                        pretty_code="ABCD-EFGH", games=offered, game=game,
                                                        ruleset=game["key"])
    assert len(asked) > 10 and html
    for lang in LANGS:
        assert sorted(k for k in set(asked) if k not in catalogue(lang)) == [], lang


def test_the_pages_know_the_night_presets() -> None:
    """The order editor of static/js/rulesets/thiercelieux/options.js starts from the presets the server serves
    (GET /api/rulesets/<key>: `night_orders`, `first_night_only`, `step_cards`), never from a copy; every step of
    the night has its texts."""
    js = (ROOT / "static" / "js" / "rulesets" / "thiercelieux" / "options.js").read_text(encoding="utf-8")
    assert "NIGHT_ORDERS" not in js and "info.night_orders" in js
    compact = re.sub(r"\s+", "", js)
    for order in NIGHT_ORDERS.values():
        runs = [order[i:i + 4] for i in range(len(order) - 3)]
        assert not any(",".join(f'"{k}"' for k in run) in compact for run in runs), "a copy of a preset"
    described = get_ruleset("thiercelieux").describe()
    assert described["night_orders"] == NIGHT_ORDERS and described["step_cards"]
    for key in STEPS:
        for lang in LANGS:
            assert f"step.{key}" in catalogue(lang) and f"narr.{key}" in catalogue(lang), (key, lang)


def test_no_page_module_names_a_ruleset_but_its_own() -> None:
    """One page shell for every ruleset: a module of static/js names a ruleset only if it is that ruleset's own
    (static/js/rulesets/<key>.js and its parts in static/js/rulesets/<key>/, or a ruleset's own creation page); pages
    ask their room which ruleset it is."""
    from app.engine.ruleset import RULESETS

    get_ruleset("thiercelieux")
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for key in RULESETS:
            if key in text:
                assert path.stem == key or path.stem.startswith(f"{key}_") or path.parent.name == key, (path, key)


def test_plurals_agree_in_both_languages_on_the_server() -> None:
    """The catalogue's plurals are ICU MessageFormat: the server formats them with ICU (the pages with
    intl-messageformat, tests/web/test_texts_render.py)."""
    assert translate("fr", "ui.rp-coins-short", n=1) == "1 pièce"
    assert translate("fr", "ui.rp-coins-short", n=0) == "0 pièce"  # French counts 0 as one
    assert translate("fr", "ui.rp-coins-short", n=3) == "3 pièces"
    assert translate("en", "ui.rp-coins-short", n=1) == "1 coin"
    assert translate("en", "ui.rp-coins-short", n=0) == "0 coins"
    assert translate("fr", "announce.rp-heritage-notaire", coins=1, seat="Emma", heir="Inès") == (
        "Le Notaire lègue la pièce d'Emma à Inès.")
    # A value left out shows as its placeholder, which the text test catches.
    assert "{name}" in translate("fr", "event.left")


def test_no_text_writes_its_plural_by_hand() -> None:
    for lang in LANGS:
        assert [k for k, v in catalogue(lang).items() if "(s)" in v or "(e)" in v] == []
