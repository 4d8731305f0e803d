"""A push's payload, in its subscriber's language: exactly {"title", "body", "url", "tag"} (docs/protocol.md).

The texts name the room and what happened, never a step's name nor a card: "a question is waiting for you" says the
same to a Voyante and to a villager voting. The MJ's own words are the only free text, and only those the subscriber
receives in the room anyway (a public message, or one written to them)."""

from __future__ import annotations

from typing import Any

from app.i18n import LANGS, translate
from app.push.kinds import Push


def reminder_words(lang: str, lead: float) -> str:
    minutes = max(1, round(lead / 60))
    if minutes % 60 == 0:
        return translate(lang, "push.in_hours", hours=minutes // 60)
    return translate(lang, "push.in_minutes", minutes=minutes)


def payload(push: Push, lang: str, code: str, lead: float) -> dict[str, str]:
    lang = lang if lang in LANGS else LANGS[0]
    params: dict[str, Any] = dict(push.params)
    if push.kind == "vote_closing":
        params["in"] = reminder_words(lang, lead)
    kind = "mj_private" if push.kind == "mj" and push.personal else push.kind
    body = translate(lang, f"push.{kind}.body", code=code, **params)
    return {"title": translate(lang, f"push.{kind}.title", code=code),
            "body": body,
            "url": f"/r/{code}",
            "tag": f"veillee-{code}-{kind}"}
