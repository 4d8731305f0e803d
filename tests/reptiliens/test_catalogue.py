"""The data of Les Reptiliens de Quinte-Bourg (app/engine/rulesets/reptiliens/) against the seed 000 and the
decoding of ../shared/RULES-NOTES.md: every card and name of the seed, the nights of every name, the §2 and §3
tables, the week, and the fr/en catalogues (static/i18n/reptiliens/).

The seed's lines are quoted here, so the tests run without the seed; when the seed and the notes are present
(../shared/), the quotes are checked against them too."""

from __future__ import annotations

import json
import re

import pytest

from app.engine.rulesets.reptiliens import calendar as K
from app.engine.rulesets.reptiliens import cards as C
from app.engine.rulesets.reptiliens import offices as O
from app.engine.rulesets.reptiliens import texts as X
from app.engine.rulesets.reptiliens import victory as V
from app.engine.rulesets.reptiliens.calendar import FRI, MON, SAT, SUN, THU, TUE, WED, Step, Weekday
from app.i18n import arguments
from tests.support.paths import ROOT

SEED = ROOT.parent / "shared" / "seeds" / "000_6215020ccb24b946.txt"
NOTES = ROOT.parent / "shared" / "RULES-NOTES.md"
LANGS = ("fr", "en")
OWN = {lang: json.loads((ROOT / "static" / "i18n" / "reptiliens" / f"{lang}.json").read_text(encoding="utf-8"))
       for lang in LANGS}

# -- the seed, quoted ------------------------------------------------------------------------------------------------
# §4 and §5: the header of every card (camp - name - kinds; specialty names / ... - kinds).
SEED_CAMP_HEADERS = """\
Amoureux - Amoureux - aPo / aLo
Idéalistes - Shéhérazade - aIn
Idéalistes - Prophète - aIn
Seths - Seth - aIn
Seths - Fennec - aIn
Souris - Souris -
Souris - Minus - aPo
Souris - Cortex - aPo
Reptiliens - Reptilien -
Reptiliens - Reptilienne alpha -
Reptiliens - Reptilienne noire - aIn
Reptiliens - Reptilienne rouge - aIn
Martyre - Martyre -
Musiciens - Orphée - aPo
Musiciens - Sirène - aPo
Villageois - Villageois -
Villageois - Cupide -
Villageois - Holmes -
Villageois - Monk -
Villageois - Poirot - aIn
Villageois - Pach -
Villageois - Rappaz -
Villageois - Sesiano -"""
SEED_REPTILIANS_HEADER = "Reptiliens - aPo aLo"  # the kinds every Reptilian has (concertation, attack)
SEED_SPECIALTY_HEADERS = """\
Ingénieure / Technophile / Scientifique / Savant / Bricoleur / Inventeur - aPo
Fureteur / Indiscrète / Journaliste / Reporter / Voyeur / Curieux - aPo
Dresseur d'ours / Dresseur de rapace / Dresseur de chien - aPo
Voleur / Cambrioleur / Brigand - aPo
Assassin / Meurtrier / Tueur - aIn
Marchand de sable - aPo
Psychopathe / Toqué- aLo
Laura de la Riponne - aLo
L'Artiste - aLo / aPo
Éris - aPo (+ aLo)
Freyja - aPo (+ aLo)"""
# The table of contents spells one name differently (docs/rules/reptiliens.md, interpretations).
SEED_TOC_LINE = "Fureteur / Indiscret / Journaliste / Reporter / Voyeur / Curieux - aPo\t10"

# §2, the long actions' priority table.
SEED_LONG_ACTIONS = """\
Sommeil lourd\tLeurs cibles (Marchand de sable, Psychopathe/Toqué)
Enlèvement\tPsychopathe/Toqué, sa cible (Psychopathe/Toqué)
Sculpter\tArtiste (lui-même)
Se battre\tSes deux cibles (Éris)
Copuler\tSes deux cibles (Freyja)
Dormir ensemble\tAmoureux (eux-mêmes)
Squatter\tLaura de la Riponne (elle-même)
Attaquer\tReptiliens, dont Seth (eux-mêmes)
Dormir chez soi\tTous"""

# §3, the camps (dominance order) with their consolation objectives, and the personal conditions.
SEED_CAMPS = """\
<i>Amoureux</i>\tIls sont les deux derniers vivants.\tV
<i>Idéalistes</i>\tLa partie s'arrête avec une majorité de vivants.\tV
<i>Seths</i>\tIl n'y a plus que deux vivants, dont Seth.\tR
<i>Souris</i>\tIls occupent trois postes parmi ceux de : Président ; Notaire ; Sénateur ; Chef de la milice fantôme.\tR
<i>Reptiliens</i>\tTous les non-Reptiliens et Seth sont morts.\t
<i>Martyre</i>\tIl est exécuté lors d'une session diurne.\tR
<i>Musiciens</i>\tIls ont charmé tous les vivants.\tV
<i>Villageois</i>\tTous les Reptiliens (dont Seth) sont morts.\t"""
SEED_PERSONAL = """\
<i>Cupide</i>\tIl possède toutes les pièces du jeu. Les autres cupides perdent.
<i>Méломane</i>\tLes musiciens gagnent la partie.
<i>Showman</i>\tIl réussit à deviner les rôles de chaque joueur (c.f. Poirot).
<i>Pentaphile</i>\tLa partie s'arrête avec un nombre de vivants multiple de 5.
<i>Romantique</i>\tLes amoureux gagnent la partie.
<i>Perfect-Matcheur</i>\tLe jeu s'arrête avec exactement 50% de Reptiliens dans les vivants.
<i>58-ard</i>\tLa partie s'arrête avec 5 ou 8 vivants exactement.
<i>Détectives</i>\tLes détectives occupent trois postes parmi ceux de : Président ; Procureur ; Sénateur ; Chef de \
la milice fantôme.
<i>Mathématiciens</i>\tLes mathématiciens occupent trois postes parmi ceux de : Procureur ; Notaire ; Sénateur ; Chef \
de la milice fantôme."""
# §4: the conditions the MJ picks from for each villager, each quoted from the card's section.
SEED_VILLAGER_CONDITIONS = {
    "Holmes": ("Détectives", "Méromane"),  # "Méromane : Si les musiciens gagnent, il gagne aussi."
    "Monk": ("Détectives", "Pentaphile"),
    "Poirot": ("Détectives", "Showman"),
    "Pach": ("Mathématiciens", "Perfect-Matcheur"),
    "Rappaz": ("Mathématiciens", "58-ard"),
    "Sesiano": ("Mathématiciens", "Romantique"),
}
# The seed's garbled or variant spellings, and the catalogue's name for each.
# "M\u00e9\u043b\u043e\u043cane" is the seed's Mélomane with a Cyrillic л, о and м (an OCR slip).
ALIASES = {"Indiscret": "Indiscrète", "M\u00e9\u043b\u043e\u043cane": "Mélomane", "Méromane": "Mélomane",
           "L'Artiste": "Artiste"}

# §12, the three night tables, verbatim (second column empty = as the first).
SEED_NIGHT_TABLES = """\
Lundi\tJeudi\tAction
Fantômes\t\tChoisissent une maison à protéger.
Reptiliens*\t\tChoisissent la cible de la nuit.
Amoureux*\t\t30" de communication + choix du lieu pour la nuit.
Marchand de sable\t\tDésigne sa cible. MJ tape sur la tête de la cible.
Fureteur Voyeur\tFureteur Curieux\tRetourne les cartes du voisin de son choix.
Voleur\t\tEffectue son larcin.
Psychopathe*\tToqué*\tDésigne sa cible de la nuit.
Freyja*\t\tDésigne ses 2 cibles, qui se reconnaissent. Le 1er choisit le lieu de coït.
Éris\tMinus+Cortex\tExercent leurs effets sur les postes publics.
Orphée Sirène\t\tDésigne (chacun) un nouveau charmé.
Amoureux*\t\tSe retrouvent.
Laura de la Riponne*\t\tDésigne sa maison pour la nuit.
Dresseur de chien\t\tChoisis la maison où il place son animal.
Attaque*\t\tA lieu.
<i>Aube : fin des sommeils lourds</i>\t\t
Ingénieure Inventeur\tIngénieure Inventeur\tChoisit de sa cible (Stalkeur XOR Révélateur).

Mardi\tVendredi\tAction
Fantômes\t\tChoisissent une maison à protéger.
Reptiliens*\t\tChoisissent la cible de la nuit.
Amoureux*\t\t30" de communication + choix du lieu pour la nuit.
Marchand de sable\t\tDésigne sa cible. MJ tape sur la tête de la cible.
Indiscrète Curieux\tIndiscrète Voyeur\tRetourne les cartes du voisin de son choix.
Brigand\t\tEffectue son larcin.
Toqué*\tPsychopathe*\tDésigne sa cible de la nuit.
Éris*\t\tDésigne 2 cibles, qui se reconnaissent. Le 1er choisit le lieu de bagarre.
Minus+Cortex\tL'Artiste\tExercent leurs effets sur les postes publics.
Orphée Sirène\t\tDésigne (chacun) un nouveau charmé.
Amoureux*\t\tSe retrouvent.
Laura de la Riponne*\t\tDésigne sa maison pour la nuit.
Dresseur d'ours\t\tChoisis la maison où il place son animal.
Attaque*\t\tA lieu.
<i>Aube : fin des sommeils lourds</i>\t\t
Scientifique Savant\tScientifique Bricoleur\tChoisit de sa cible (Stalkeur XOR Révélateur).

Mercredi\tSamedi\tAction
Fantômes\t\tChoisissent une maison à protéger.
Reptiliens*\t\tChoisissent la cible de la nuit.
Amoureux*\t\t30" de communication + choix du lieu pour la nuit.
Marchand de sable\t\tDésigne sa cible. MJ tape sur la tête de la cible.
Reporter Journaliste\tReporter Journaliste\tRetourne les cartes du voisin de son choix.
Cambrioleur\t\tEffectue son larcin.
Psychopathe*\tToqué*\tDésigne sa cible de la nuit.
L'Artiste*\t\tDésigne le lieu de son caca, et y passe la nuit.
Freyja\tMinus+Cortex\tExercent leurs effets sur les postes publics.
Orphée Sirène\t\tDésigne (chacun) un nouveau charmé.
Amoureux*\t\tSe retrouvent.
Laura de la Riponne*\t\tDésigne sa maison pour la nuit.
Dresseur de rapace\t\tChoisis la maison où il place son animal.
Attaque*\t\tA lieu.
<i>Aube : fin des sommeils lourds</i>\t\t
Technophile Bricoleur\tTechnophile Savant\tChoisit de sa cible (Stalkeur XOR Révélateur).
Esprits\t\tRêve du village."""
FR_WEEKDAY: dict[str, Weekday] = {"Lundi": MON, "Mardi": TUE, "Mercredi": WED, "Jeudi": THU, "Vendredi": FRI,
                                  "Samedi": SAT}
# The action column names the step; the office line's step depends on who acts.
ACTION_STEP = {
    "Choisissent une maison à protéger.": "rp-milice",
    "Choisissent la cible de la nuit.": "rp-concertation",
    '30" de communication + choix du lieu pour la nuit.': "rp-amoureux-signes",
    "Désigne sa cible. MJ tape sur la tête de la cible.": "rp-sommeil",
    "Retourne les cartes du voisin de son choix.": "rp-investigation",
    "Effectue son larcin.": "rp-larcin",
    "Désigne sa cible de la nuit.": "rp-enlevement",
    "Désigne ses 2 cibles, qui se reconnaissent. Le 1er choisit le lieu de coït.": "rp-allumeuse",
    "Désigne 2 cibles, qui se reconnaissent. Le 1er choisit le lieu de bagarre.": "rp-querelle",
    "Désigne le lieu de son caca, et y passe la nuit.": "rp-sculpture",
    "Désigne (chacun) un nouveau charmé.": "rp-charme",
    "Se retrouvent.": "rp-retrouvailles",
    "Désigne sa maison pour la nuit.": "rp-squat",
    "Choisis la maison où il place son animal.": "rp-dressage",
    "A lieu.": "rp-attaque",
    "": "rp-aube",
    "Choisit de sa cible (Stalkeur XOR Révélateur).": "rp-invention",
    "Rêve du village.": "rp-reve",
}
OFFICE_STEP = {"Éris": "rp-farce", "Minus+Cortex": "rp-echange-postes", "Freyja": "rp-adoration",
               "L'Artiste": "rp-caricature"}
GROUP_CELLS = {"Fantômes": "ghosts", "Esprits": "spirits"}

# RULES-NOTES `reptiliens`, the decoded table of the specialties' nights, verbatim.
NOTES_TABLE = """\
| Voleur | Brigand | Cambrioleur |
| Dresseur de chien | Dresseur d'ours | Dresseur de rapace |
| Ingénieure, Inventeur | Scientifique (Tue, Fri), Savant (Tue, Sat) | Technophile (Wed, Sat), Bricoleur (Wed, Fri) |
| Fureteur (Mon, Thu), Voyeur (Mon, Fri), Curieux (Tue, Thu) | Indiscrète (Tue, Fri) | Reporter, Journaliste |
| Freyja Allumeuse | Éris Querelle | Artiste Sculpture |"""
NOTES_COLUMNS: tuple[tuple[Weekday, ...], ...] = ((MON, THU), (TUE, FRI), (WED, SAT))
NOTES_DAYS: dict[str, Weekday] = {"Mon": MON, "Tue": TUE, "Wed": WED, "Thu": THU, "Fri": FRI, "Sat": SAT}
# RULES-NOTES, the lines below the table.
NOTES_OFFICES = ("Public-office effects: Mon Éris (Farce), Tue Minus+Cortex, Wed Freyja (Adoration), "
                 "Thu Minus+Cortex,\n  Fri Artiste (Caricature), Sat Minus+Cortex.")
NOTES_KIDNAPPER = "Psychopathe acts Mon, Wed, Fri; Toqué Tue, Thu, Sat."
NOTES_EVERY_NIGHT = ("Every night: Fantômes, Reptiliens, Amoureux, Marchand de sable, Orphée and Sirène, Laura de la "
                     "Riponne, the attack.")
NOTES_DREAM = "Spirits' village dream: Wed and Sat."
NOTES_OFFICE_DAYS = ("Adjoint Randy and Pickpocket Mirko act on odd days (Mon, Wed, Fri),\n"
                     "  Armish and Mirka on even days (Tue, Thu, Sat).")


def lines(block: str) -> list[str]:
    return block.splitlines()


def camp_header(line: str) -> tuple[str, str, str]:
    """"Villageois - Poirot - aIn" -> camp, name, kinds ("Souris - Souris -" has no kinds)."""
    match = re.fullmatch(r"(.+?) - (.+?) -\s*(.*)", line)
    assert match, line
    camp, name, kinds = match.groups()
    return camp, name, kinds


def specialty_header(line: str) -> tuple[list[str], str]:
    """"Voleur / Cambrioleur / Brigand - aPo" -> names, kinds."""
    match = re.fullmatch(r"(.+?)\s*- (a\w+.*)", line)
    assert match, line
    return [n.strip() for n in match.group(1).split(" / ")], match.group(2)


def fr_name(key: str) -> str:
    return str(OWN["fr"][f"role.{key}"])


def name_by_fr(text: str) -> C.Name:
    text = ALIASES.get(text, text)
    found = [n for n in C.NAMES if n.fr == text]
    assert len(found) == 1, f"{text!r} is not one name of the catalogue"
    return found[0]


# -- the quotes are the seed's ---------------------------------------------------------------------------------------
# Checked where the rule documents stand beside the repository (the developers' machines); a clone alone has only
# the quotes. Not collected at all otherwise: CI counts a skipped test as a failure.
def _the_quoted_lines_are_the_seeds() -> None:
    seed = set(SEED.read_text(encoding="utf-8").splitlines())
    quoted = [*lines(SEED_CAMP_HEADERS), SEED_REPTILIANS_HEADER, *lines(SEED_SPECIALTY_HEADERS), SEED_TOC_LINE,
              *lines(SEED_LONG_ACTIONS), *lines(SEED_CAMPS), *lines(SEED_PERSONAL), *lines(SEED_NIGHT_TABLES)]
    assert [line for line in quoted if line and line not in seed] == []
    text = SEED.read_text(encoding="utf-8")
    for card, conditions in SEED_VILLAGER_CONDITIONS.items():
        section = text.rsplit(f"Villageois - {card} -", 1)[1].split("\nVillageois - ", 1)[0].split("\n5 - ", 1)[0]
        assert [c for c in conditions if f"\n{c} : " not in section] == [], card


def _the_quoted_lines_are_the_notes() -> None:
    notes = NOTES.read_text(encoding="utf-8")
    for quote in [*lines(NOTES_TABLE), NOTES_OFFICES, NOTES_KIDNAPPER, NOTES_EVERY_NIGHT, NOTES_DREAM,
                  NOTES_OFFICE_DAYS]:
        assert quote in notes


if SEED.exists():
    test_the_quoted_lines_are_the_seeds = _the_quoted_lines_are_the_seeds
if NOTES.exists():
    test_the_quoted_lines_are_the_notes = _the_quoted_lines_are_the_notes


# -- cards ------------------------------------------------------------------------------------------------------
def test_every_camp_card_of_the_seed_with_its_camp_and_kinds() -> None:
    seen = []
    for line in lines(SEED_CAMP_HEADERS):
        camp, name, kinds = camp_header(line)
        card = C.CARD_OF_NAME[name_by_fr(name).key]
        seen.append(card.key)
        assert card.deck == "camp"
        assert OWN["fr"][f"camp.{card.camp}"] == camp
        expected = set(kinds.replace("/", " ").split())
        if card.reptilian:
            expected |= set(SEED_REPTILIANS_HEADER.split(" - ")[1].split())
        assert card.kinds == expected, card.key
    assert seen == [c.key for c in C.CAMP_CARDS]


def test_every_specialty_card_of_the_seed_with_all_its_names_and_kinds() -> None:
    seen = []
    for line in lines(SEED_SPECIALTY_HEADERS):
        names, kinds = specialty_header(line)
        found = [name_by_fr(n) for n in names]
        card = C.CARD_OF_NAME[found[0].key]
        seen.append(card.key)
        assert card.deck == "specialty"
        assert card.names == tuple(found), card.key  # every name, in the seed's order
        main, _, imposed = kinds.partition("(+")
        assert card.kinds == set(main.replace("/", " ").split()), card.key
        # "(+ aLo)": the long action falls on its targets. The seed does not mark the Marchand de sable's and
        # the Psychopathe's, which the §2 table names.
        if card.key not in {"rp-marchand-de-sable", "rp-kidnapper"}:
            assert bool(card.imposes) == ("aLo" in imposed), card.key
    assert seen == [c.key for c in C.SPECIALTY_CARDS]
    names, _ = specialty_header(SEED_TOC_LINE)
    assert {name_by_fr(n).key for n in names} == set(C.CARD_BY_KEY["rp-snoop"].name_keys)


def test_every_name_of_the_catalogue_is_written_in_the_seed() -> None:
    seed_names = set()
    for line in lines(SEED_CAMP_HEADERS):
        seed_names.add(camp_header(line)[1])
    for line in lines(SEED_SPECIALTY_HEADERS):
        seed_names |= set(specialty_header(line)[0])
    assert sorted(n.fr for n in C.NAMES if n.fr not in {ALIASES.get(s, s) for s in seed_names}) == []
    assert len(C.CARDS) == 34 and len(C.NAMES) == 51


def test_keys_are_stable_ascii_and_unique() -> None:
    keys = [c.key for c in C.CARDS] + [n.key for n in C.NAMES if n.key not in C.CARD_BY_KEY]
    assert len(keys) == len(set(keys))
    others = ([p.key for p in C.POWERS] + [a.key for a in C.LONG_ACTIONS] + [c.key for c in C.CAMPS]
              + [v.key for v in C.PERSONAL_VICTORIES] + [o.key for o in O.OFFICES] + list(C.ANNOUNCED))
    assert [k for k in keys + others if not re.fullmatch(r"rp-[a-z0-9]+(-[a-z0-9]+)*", k)] == []


def test_reptilians_uniqueness_and_dealing() -> None:
    assert {c.key for c in C.CARDS if c.reptilian} == set(C.REPTILIAN_CARDS) == set(K.REPTILIAN_NAMES)
    # "Seth ... Il est également un Reptilien"; "Fennec: Il n'est pas un Reptilien"
    assert C.CARD_BY_KEY["rp-seth"].camp == "rp-seths" and not C.CARD_BY_KEY["rp-fennec"].reptilian
    assert {c.key for c in C.CARDS if not c.unique} == {"rp-amoureux", "rp-souris", "rp-reptilien",
                                                        "rp-villageois", "rp-cupide"}
    assert [c.key for c in C.CARDS if not c.dealt] == ["rp-amoureux"]  # the MJ "joue le Cupidon"
    assert {c.key for c in C.CARDS if c.shown_to_camp} == {"rp-minus", "rp-cortex", "rp-reptilienne-alpha"}
    assert all(c.camp in C.CAMP_BY_KEY for c in C.CAMP_CARDS) and all(c.camp is None for c in C.SPECIALTY_CARDS)


def test_invoked_actions() -> None:
    invoked = {c.key: c.invoked for c in C.CARDS if c.invoked}
    assert invoked == {
        "rp-sheherazade": ("rp-conversion-radieuse",), "rp-prophete": ("rp-resurrection",),
        "rp-seth": ("rp-repticide",), "rp-fennec": ("rp-morsure",),
        "rp-reptilienne-noire": ("rp-conversion-noire",), "rp-reptilienne-rouge": ("rp-repticide",),
        "rp-poirot": ("rp-showman",), "rp-killer": ("rp-assassinat",),
    }
    powers = C.POWER_BY_KEY
    # "À tout moment mais une seule fois" for all but the Assassin, who pays instead.
    assert [k for c in invoked.values() for k in c if not powers[k].once] == ["rp-assassinat"]
    assert powers["rp-assassinat"].cost is not None
    # §2: a kill by Assassin/Meurtrier/Tueur, the Reptilienne rouge, Seth or the Fennec is announced alike.
    assert {k for k, p in powers.items() if p.announced_as == "rp-mise-a-mort"} == {
        "rp-assassinat", "rp-repticide", "rp-morsure"}
    assert {p.announced_as for p in C.POWERS if p.kind == "aIn"} == set(C.ANNOUNCED)
    assert [k for k, p in powers.items() if p.as_ghost] == ["rp-resurrection"]


def test_personal_victories_of_the_cards() -> None:
    picks = {c.key: c.personal_victories for c in C.CARDS if c.mj_picks_personal}
    expected = {name_by_fr(card).key: tuple(name_key(v) for v in conds)
                for card, conds in SEED_VILLAGER_CONDITIONS.items()}
    assert picks == expected
    assert C.CARD_BY_KEY["rp-cupide"].personal_victories == ("rp-cupide",)


def name_key(fr: str) -> str:
    fr = ALIASES.get(fr, fr)
    found = [v.key for v in C.PERSONAL_VICTORIES if OWN["fr"][f"victory.{v.key}"] == fr]
    assert len(found) == 1, fr
    return found[0]


# -- §2 and §3 tables ---------------------------------------------------------------------------------------------
def test_long_action_priority_table() -> None:
    seed = [line.split("\t")[0] for line in lines(SEED_LONG_ACTIONS)]
    assert [OWN["fr"][f"long.{key}"] for key in C.LONG_PRIORITY] == seed
    for action in C.LONG_ACTIONS:
        holders = {c.key for c in C.CARDS if c.long_action == action.key or action.key in c.imposes}
        assert holders == set(action.imposed_by), action.key
    assert C.LONG_PRIORITY[-1] == "rp-dormir-chez-soi"


def test_camps_in_dominance_order_with_consolations() -> None:
    seed = [line.split("\t") for line in lines(SEED_CAMPS)]
    assert [OWN["fr"][f"camp.{key}"] for key in C.DOMINANCE] == [row[0].removeprefix("<i>").removesuffix("</i>")
                                                                   for row in seed]
    assert [c.consolation or "" for c in C.CAMPS] == [row[2] for row in seed]
    # Only the Idéalistes' condition waits for the end (RULES-NOTES "End of the game").
    assert [c.key for c in C.CAMPS if not c.stops_game] == ["rp-idealistes"]
    assert C.CAMP_BY_KEY["rp-souris"].offices == (O.PRESIDENT, O.NOTAIRE, O.SENATEUR, O.CHEF_MILICE)


def test_personal_victories_table() -> None:
    seed = [line.split("\t")[0].removeprefix("<i>").removesuffix("</i>") for line in lines(SEED_PERSONAL)]
    assert [name_key(s) for s in seed] == [v.key for v in C.PERSONAL_VICTORIES]
    assert {v.key for v in C.PERSONAL_VICTORIES if v.stops_game} == {
        "rp-cupide", "rp-showman", "rp-detectives", "rp-mathematiciens"}
    assert C.VICTORY_BY_KEY["rp-detectives"].offices == (O.PRESIDENT, O.PROCUREUR, O.SENATEUR, O.CHEF_MILICE)
    assert C.VICTORY_BY_KEY["rp-mathematiciens"].offices == (O.PROCUREUR, O.NOTAIRE, O.SENATEUR, O.CHEF_MILICE)


# -- nights -------------------------------------------------------------------------------------------------------
def cell_actors(cell: str) -> frozenset[str]:
    """The name keys (or `group:` of seats) a cell of §12 calls."""
    if cell in GROUP_CELLS:
        return frozenset({f"group:{GROUP_CELLS[cell]}"})
    if cell in {"Reptiliens", "Attaque"}:
        return frozenset(c.key for c in C.CARDS if c.reptilian)
    if cell.startswith("<i>Aube"):
        return frozenset()
    names = sorted((n for n in C.NAMES), key=lambda n: -len(n.fr))
    rest, found = cell.removeprefix("L'"), set()
    while rest:
        name = next((n for n in names if rest.startswith(n.fr)), None)
        assert name is not None, f"{rest!r} of {cell!r} names no card"
        found.add(name.key)
        rest = rest[len(name.fr):].lstrip(" +")
    return frozenset(found)


def step_actors(step: Step) -> frozenset[str]:
    if step.actors:
        return frozenset(step.actors)
    return frozenset({f"group:{step.group}"} if step.group else set())


def seed_nights() -> dict[Weekday, list[tuple[str, frozenset[str], bool]]]:
    nights: dict[Weekday, list[tuple[str, frozenset[str], bool]]] = {}
    for block in SEED_NIGHT_TABLES.split("\n\n"):
        head, *rows = block.splitlines()
        first, second, _ = head.split("\t")
        days = (FR_WEEKDAY[first], FR_WEEKDAY[second])
        nights[days[0]], nights[days[1]] = [], []
        for row in rows:
            left, right, action = row.split("\t")
            for day, cell in zip(days, (left, right or left), strict=True):
                name = cell.removesuffix("*")
                key = OFFICE_STEP[name] if action.startswith("Exercent") else ACTION_STEP[action]
                nights[day].append((key, cell_actors(name), cell.endswith("*")))
    return nights


def test_night_tables_are_the_seeds() -> None:
    seed = seed_nights()
    for day in K.NIGHT_DAYS:
        assert [(s.key, step_actors(s), s.moves) for s in K.NIGHTS[day]] == seed[day], day
    assert K.NIGHTS[SUN] == ()


def notes_nights() -> dict[tuple[str, str | None], tuple[Weekday, ...]]:
    """(name key, power key or None for all its powers) -> nights, from the RULES-NOTES table."""
    out: dict[tuple[str, str | None], tuple[Weekday, ...]] = {}
    for row in lines(NOTES_TABLE):
        for column, cell in zip(NOTES_COLUMNS, row.strip("| ").split(" | "), strict=True):
            for entry, days in re.findall(r"\s*([^,(]+?)\s*(?:\(([^)]*)\))?\s*(?:,|$)", cell):
                nights = tuple(NOTES_DAYS[d.strip()] for d in days.split(",")) if days else column
                name = next(n for n in C.NAMES if entry == n.fr or entry.startswith(n.fr + " "))
                power = entry.removeprefix(name.fr).strip()
                power_key = next((p.key for p in C.POWERS if OWN["fr"][f"power.{p.key}"] == power), None)
                assert power_key or not power, entry
                out[(name.key, power_key)] = nights
    return out


def test_each_specialty_names_nights_match_rules_notes() -> None:
    expected = notes_nights()
    for (name_key_, power), nights in expected.items():
        name = C.NAME_BY_KEY[name_key_]
        got = dict(name.schedule)[power] if power else name.weekdays
        assert got == nights, name.fr
    # The table covers every family whose name decides its nights.
    families = [c for c in C.SPECIALTY_CARDS if len(c.names) > 1 and c.key not in {"rp-killer", "rp-kidnapper"}]
    assert {n.key for c in families for n in c.names} <= {k for k, _ in expected}
    # "Psychopathe acts Mon, Wed, Fri; Toqué Tue, Thu, Sat."
    assert C.NAME_BY_KEY["rp-psychopathe"].weekdays == (MON, WED, FRI)
    assert C.NAME_BY_KEY["rp-toque"].weekdays == (TUE, THU, SAT)
    # "Public-office effects: Mon Éris (Farce), Tue Minus+Cortex, Wed Freyja (Adoration), Thu Minus+Cortex,
    #  Fri Artiste (Caricature), Sat Minus+Cortex."
    offices = {MON: (("rp-eris",), "rp-farce"), TUE: (K.MINUS_CORTEX, "rp-echange-postes"),
               WED: (("rp-freyja",), "rp-adoration"), THU: (K.MINUS_CORTEX, "rp-echange-postes"),
               FRI: (("rp-artiste",), "rp-caricature"), SAT: (K.MINUS_CORTEX, "rp-echange-postes")}
    for day, (actors, power) in offices.items():
        assert [s.actors for s in K.NIGHTS[day] if s.powers == (power,)] == [actors], day
        assert all(day in dict(C.NAME_BY_KEY[a].schedule)[power] for a in actors)
    # "Spirits' village dream: Wed and Sat."
    assert [d for d in K.NIGHT_DAYS if K.SPIRITS in K.NIGHTS[d]] == [WED, SAT]


def test_every_name_is_scheduled_on_the_nights_the_tables_call_it() -> None:
    for name in C.NAMES:
        assert name.weekdays == K.nights_of(name.key), name.key
        for power, nights in name.schedule:
            assert power in C.CARD_OF_NAME[name.key].powers
            called = tuple(d for d in K.NIGHT_DAYS
                           if any(name.key in s.actors and power in s.powers for s in K.NIGHTS[d]))
            assert called == nights, (name.key, power)
    # A card that acts only by invocation, or not at all, is never called at night.
    assert K.nights_of("rp-assassin") == () and K.nights_of("rp-villageois") == ()


def test_every_night_steps() -> None:
    # "Every night: Fantômes, Reptiliens, Amoureux, Marchand de sable, Orphée and Sirène, Laura de la Riponne,
    #  the attack." (plus the dawn, a marker)
    every = {s.key for s in K.NIGHTS[MON] if s.every_night}
    assert every == {"rp-milice", "rp-concertation", "rp-amoureux-signes", "rp-retrouvailles", "rp-sommeil",
                     "rp-charme", "rp-squat", "rp-attaque", "rp-aube"}
    for day in K.NIGHT_DAYS:
        for step in K.NIGHTS[day]:
            same = all(step in K.NIGHTS[other] for other in K.NIGHT_DAYS)
            assert step.every_night == same, (day, step.key)


def test_steps_call_known_names_and_powers() -> None:
    steps = [s for d in K.NIGHT_DAYS for s in K.NIGHTS[d]] + list(K.OPENING)
    assert [a for s in steps for a in s.actors if a not in C.NAME_BY_KEY] == []
    assert [p for s in steps for p in s.powers if p not in C.POWER_BY_KEY] == []
    assert [p for c in C.CARDS for p in c.powers if p not in C.POWER_BY_KEY] == []


MONDAY_FIRST = [MON, TUE, WED, THU, FRI, SAT, MON, TUE, WED, THU, FRI, SAT, MON, TUE]
THURSDAY_FIRST = [THU, FRI, SAT, MON, TUE, WED, THU, FRI, SAT, MON, TUE, WED, THU, FRI]


@pytest.mark.parametrize(("first", "expected", "festivals"), [
    (MON, MONDAY_FIRST, [7, 13]),  # Sunday festival after Saturday's day 6 and 12
    (THU, THURSDAY_FIRST, [4, 10]),
])
def test_the_first_fourteen_nights(first: Weekday, expected: list[Weekday], festivals: list[int]) -> None:
    assert [K.weekday_of_night(n, first) for n in range(1, 15)] == expected
    assert [K.steps_for_night(n, first) for n in range(1, 15)] == [K.NIGHTS[d] for d in expected]
    assert [n for n in range(1, 15) if K.festival_before_night(n, first)] == festivals
    # Night 2 is Tuesday (Monday first) or Friday (Thursday first): the Brigand robs on both; the Curieux snoops
    # on Tuesday, the Voyeur on Friday.
    night2 = {a for s in K.steps_for_night(2, first) for a in s.actors}
    assert "rp-brigand" in night2 and "rp-voleur" not in night2
    assert ("rp-curieux" in night2) == (first == MON) and ("rp-voyeur" in night2) == (first == THU)


def test_default_first_night_and_bad_arguments() -> None:
    assert K.weekday_of_night(1) == MON and K.steps_for_night(8) == K.NIGHTS[TUE]
    with pytest.raises(ValueError):
        K.weekday_of_night(1, SUN)  # Sunday has no night
    with pytest.raises(ValueError):
        K.weekday_of_night(0)
    assert not any(K.acts_tonight(n.key, SUN) for n in C.NAMES)
    assert K.acts_tonight("rp-voyeur", FRI) and not K.acts_tonight("rp-voyeur", THU)


def test_days_and_offices_calendar() -> None:
    assert K.WEEK == (MON, TUE, WED, THU, FRI, SAT, SUN) and K.FESTIVAL == SUN
    # "Adjoint Randy and Pickpocket Mirko act on odd days (Mon, Wed, Fri), Armish and Mirka on even days"
    variants = {v.key: v.days for o in O.OFFICES for v in o.variants}
    assert variants["rp-adjoint-randy"] == variants["rp-pickpocket-mirko"] == (MON, WED, FRI)
    assert variants["rp-adjoint-armish"] == variants["rp-pickpocket-mirka"] == (TUE, THU, SAT)
    assert K.DAY_STEPS[0] == "rp-bilan-camera" and K.DAY_STEPS[-1] == "rp-plus-riche" and len(K.DAY_STEPS) == 13
    # "Héritage pécunier (Notaire / Époux) et éventuelle ré-attribution de poste": two parts, money then offices
    assert K.DAY_STEPS.index("rp-reattribution") == K.DAY_STEPS.index("rp-heritage") + 1


# -- catalogues ---------------------------------------------------------------------------------------------------
def placeholders(text: str) -> set[str]:
    return arguments(text)  # ICU MessageFormat: the names in plural and select branches too


def expected_keys() -> set[str]:
    keys = {"rp.name", "rp.consolation.R", "rp.consolation.V", *(f"rp.weekday.{d}" for d in K.WEEK)}
    for key in {c.key for c in C.CARDS} | {n.key for n in C.NAMES}:
        keys |= {f"role.{key}", f"role.{key}.desc"}
    for camp in C.CAMPS:
        keys |= {f"camp.{camp.key}", f"camp.{camp.key}.desc", f"end.win.{camp.key}"}
    for group, items in (("victory", C.PERSONAL_VICTORIES), ("long", C.LONG_ACTIONS), ("power", C.POWERS)):
        keys |= {f"{group}.{i.key}{suffix}" for i in items for suffix in ("", ".desc")}
    keys |= {f"announce.{k}" for k in C.ANNOUNCED}
    steps = [s.key for d in K.NIGHT_DAYS for s in K.NIGHTS[d]] + [s.key for s in K.OPENING]
    keys |= {f"step.{k}" for k in [*steps, *K.DAY_STEPS, *K.FESTIVAL_STEPS]}
    keys |= {f"office.{o.key}" for o in O.OFFICES} | {f"office.{v.key}" for o in O.OFFICES for v in o.variants}
    return keys | set(V.TEXT_KEYS) | set(X.TEXT_KEYS)  # the ruleset's own announcements, steps, causes


def test_fr_and_en_have_the_same_keys_and_placeholders() -> None:
    fr, en = OWN["fr"], OWN["en"]
    assert sorted(set(fr) ^ set(en)) == []
    assert [k for k in fr if placeholders(fr[k]) != placeholders(en[k])] == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_text_for_everything_and_nothing_else(lang: str) -> None:
    own = OWN[lang]
    # The page module's own texts (static/js/rulesets/reptiliens.js and reptiliens/), checked both ways by
    # tests/browser/test_reptiliens.py.
    page = {k for k in own if k.startswith(("ui.rp-", "page.rp-"))}
    assert sorted(expected_keys() - set(own)) == []
    assert sorted(set(own) - expected_keys() - page) == []
    assert [k for k, v in own.items() if not isinstance(v, str) or not v.strip()] == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_of_another_catalogue_replaced(lang: str) -> None:
    """The catalogues are merged into one dictionary (app/i18n.py): a shared key would silently win or lose."""
    others = [ROOT / "static" / "i18n" / f"{lang}.json",
              *(p for p in (ROOT / "static" / "i18n").glob(f"*/{lang}.json") if p.parent.name != "reptiliens")]
    for path in others:
        assert sorted(set(OWN[lang]) & set(json.loads(path.read_text(encoding="utf-8")))) == [], path


def test_french_names_are_the_seeds() -> None:
    assert [n.key for n in C.NAMES if fr_name(n.key) != n.fr] == []
    assert [n.key for n in C.NAMES if not OWN["en"][f"role.{n.key}.desc"].strip()] == []
    # A name's description says its nights (the phone shows the name the card was dealt under).
    for name in C.NAMES:
        if name.key not in C.CARD_BY_KEY and name.weekdays:
            text = OWN["fr"][f"role.{name.key}.desc"].lower()
            days = [OWN["fr"][f"rp.weekday.{d}"].lower() for d in name.weekdays]
            assert all(d in text for d in days), name.key
    assert [o.key for o in O.OFFICES if OWN["fr"][f"office.{o.key}"] != o.fr] == []
