"""The text keys the ruleset's engine emits beyond the data's (cards, steps of the calendar, victory): its
announcements, the causes of death its `died` events carry, the steps and prompts of its own, the labels of its
choices. static/i18n/reptiliens/{fr,en}.json holds them; tests/reptiliens/test_catalogue.py checks both ways."""

from __future__ import annotations

from app.engine.rulesets.reptiliens.calendar import NIGHT_DAYS
from app.engine.rulesets.reptiliens.cards import ANNOUNCED
from app.engine.rulesets.reptiliens.fates import PUBLIC_CAUSES
from app.engine.rulesets.reptiliens.setup import NO_SPECIALTY, SPECIALTY_CAMP
from app.engine.rulesets.reptiliens.society import TEXT_KEYS as SOCIETY_TEXT_KEYS
from app.engine.rulesets.reptiliens.specialties import TEXT_KEYS as SPECIALTY_TEXT_KEYS
from app.engine.rulesets.reptiliens.stalemate import TEXT_KEYS as STALEMATE_TEXT_KEYS

CONDITIONS = ("rp-detectives", "rp-melomane", "rp-pentaphile", "rp-showman", "rp-mathematiciens",
              "rp-perfect-matcheur", "rp-58-ard", "rp-romantique", "rp-les-deux")
ANNOUNCES = (
    *(f"rp-nuit-{d}" for d in NIGHT_DAYS), *(f"rp-jour-{d}" for d in NIGHT_DAYS), "rp-fete", "rp-cause",
    "rp-faux-mort", "rp-pas-de-cible", "rp-cible", "rp-cible-squat", "rp-sommeil-lourd", "rp-attaque-mj",
    "rp-attaque-mj.none", "rp-converti-ouverture", "rp-amoureux", "rp-rappel",
    *(f"rp-invoque-{k.removeprefix('rp-')}{v}" for k in ANNOUNCED for v in ("", ".none")),
    "rp-invoque-mj", "rp-invocation-vaine", "rp-invocation-sans-effet", "rp-repticide-refuse", "rp-converti-noir",
    "rp-converti-radieux",
    "rp-show-devine", "rp-show-win", "rp-show-continue", "rp-show-shame", "rp-charmes", "rp-pas-de-mort",
    "rp-resultat-vote", "rp-pas-d-execution", "rp-egalite", "rp-condamne", "rp-dernier-message", "rp-plus-riche",
    "rp-plus-riche-aucun", "rp-carnage-on", "rp-carnage-off",
)
# Refusals of the ruleset's own (the engine's are in the main catalogue).
ERRORS = ("no_reptilian", "wrong_deck", "cannot_act", "power_used", "cannot_afford", "festival", "no_target",
          "illegal_answer", "already_open")
CHANNELS = ("rp-reptiliens", "rp-amoureux", "rp-fete")  # rp-fete: the festival's rp-fete-<a>-<b>
STEPS = ("rp-donne", "rp-debat", "rp-vote", "rp-condamne", *ANNOUNCED, "rp-show-reponses", "rp-concertation-squat",
         "rp-tirage", "rp-ouverture-romantique-connu", "rp-mj-suite", "rp-repticide", "rp-morsure", "rp-assassinat")
# The questions whose addressee is told why he is asked (`ask.<step>`, issue 24): the others' help says it.
ASKED = ("rp-camera", "rp-clore-debat", "rp-consentement", "rp-demande", "rp-demande-forcee", "rp-dressage-morgue",
         "rp-foyer", "rp-heritier", "rp-larcin-don", "rp-larcin-receveur", "rp-legs", "rp-loi", "rp-loi-senat",
         "rp-paiement", "rp-querelle-lieu", "rp-scrutateur-choix", "rp-scrutateur-remplacement", "rp-sens",
         "rp-session-speciale", "rp-tarif", "rp-tribunal", "rp-tribunal-procureur", "rp-loi-aval", "rp-loi-votants",
         "rp-loi-texte", "rp-allumeuse-lieu", "rp-bourreau-grace", "rp-pickpocket", "rp-renoncement", "rp-temoins",
         "rp-adoration-echange",
         # the MJ's own questions (issue 24: every prompt says why its addressee is asked)
         "rp-donne", "rp-ouverture-conditions", "rp-ouverture-conversion", "rp-ouverture-romantique-connu",
         "rp-postes-depart", "rp-mj-suite", "rp-reve-info")
TEXT_KEYS: tuple[str, ...] = (
    f"camp.{SPECIALTY_CAMP}",
    *(f"event.died.{cause}" for cause in PUBLIC_CAUSES),
    *(f"announce.{key}" for key in ANNOUNCES),
    *(f"step.{key}" for key in STEPS),
    *(f"ask.{step}" for step in ASKED),
    *(f"choice.rp-show-reponses.{a}" for a in ("ok", "erreur", "grosse-erreur")),
    *(f"choice.rp-ouverture-conditions.{c}" for c in CONDITIONS),
    f"choice.rp-donne.{NO_SPECIALTY}",
    *(f"comp.warn.{code}" for code in ("rp-no-spare", "rp-few-specialties", "rp-small-table", "rp-vacant-offices",
                                        "rp-idealistes-sure", "rp-many-reptilians")),
    "prompt.rp-ouverture-amoureux.none",  # §4: the MJ's plan may have no lovers ("Personne")
    *(f"error.{code}" for code in ERRORS),
    *(f"chat.{kind}.{channel}" for kind in ("channel", "help") for channel in CHANNELS),
    *SPECIALTY_TEXT_KEYS,
    *SOCIETY_TEXT_KEYS,
    *STALEMATE_TEXT_KEYS,
)
