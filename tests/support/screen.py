"""The village screen (/r/{code}/ecran, issue 27) beside the phones of a browser test: opened with the browser's
speech synthesis spied (every utterance handed to it recorded in the page), and what it said checked once the game
is over: said in order, as the public stream tells it, and nothing a spectator may not know."""

from __future__ import annotations

from typing import Any

from app.i18n import catalogue
from tests.support.browser import phone

# The page's speech synthesis, spied: each utterance's text in `window.__spoken`, in the order it was handed over
# (headless Chromium has no voice: nothing would be heard anyway).
SPY = """(() => {
  window.__spoken = [];
  const synth = window.speechSynthesis || { getVoices: () => [], addEventListener() {}, cancel() {} };
  synth.speak = (utterance) => { window.__spoken.push(utterance.text); };
  if (!window.speechSynthesis) Object.defineProperty(window, "speechSynthesis", { value: synth });
})();"""

# The steps whose words name whose turn it is (static/i18n/narration/: a public turn): said with the name of the
# moment, which the view at the end no longer holds.
TURNS = ("say.open.rp-vote", "say.open.sc-offer", "say.open.sc-reply")


async def open_screen(browser: Any, errors: list[str], url: str, lang: str, size: tuple[int, int]) -> Any:
    """The screen at `url` (/r/{code}/ecran) at `size`, started (the tap browsers ask before they speak), its speech
    spied."""
    page = await phone(browser, errors, f"screen {size[0]}", width=size[0], height=size[1])
    await page.context.add_init_script(SPY)
    await page.goto(f"{url}?lang={lang}")
    await page.click("#screen-start")
    await page.wait_for_function("() => window.veillee.conn && window.veillee.conn.view"
                                 " && window.veillee.narrator.started")
    return page


def calls(live: list[tuple[int, dict[str, Any]]], texts: dict[str, str]) -> list[str]:
    """The calls the public steps of these events make, in order (static/js/screen/lines.js says them): a step that
    opens, `say.open.<step>`, after the one before it closes, `say.close.<step>`; night falling, day breaking and
    the end close the step open; an invoked action that ends closes without calling the step it resumes."""
    out: list[str] = []
    step: str | None = None

    def close() -> None:
        nonlocal step
        if step and f"say.close.{step}" in texts:
            out.append(f"say.close.{step}")
        step = None

    for _, e in live:
        data = e.get("data") or {}
        if e["type"] == "phase" and data.get("phase") in ("night", "day"):
            close()
        elif e["type"] == "step" and data.get("key") != step:
            close()
            step = data.get("key")
            if step and f"say.open.{step}" in texts:
                out.append(f"say.open.{step}")
        elif e["type"] == "step_resumed":
            close()
            step = data.get("key")
        elif e["type"] == "ended":
            close()
    return out


async def check_narration(screen: Any, lang: str, cards_are_secret: bool = True) -> list[str]:
    """Once the game is over: the screen is a spectator; what it handed to the speech synthesis is what it says it
    said; every public step of the stream it heard live was called, in order, in the catalogue's words; every other
    line is one of those events' (a public event: the spectator's stream); no line names a living player with his
    card (`cards_are_secret`: in Soupçons a player's side shares its name with the cards everyone names aloud,
    "Serpent", and is told by no line). Returns the texts said."""
    state = await screen.evaluate("""() => ({ token: window.veillee.conn.token, viewer: window.veillee.conn.view.viewer,
      stored: Object.keys(localStorage).filter((k) => !k.startsWith("veillee:screen:")),
      spoken: window.__spoken, said: window.veillee.narrator.spoken, told: window.veillee.told,
      live: window.veillee.live, phase: window.veillee.conn.view.phase, players: window.veillee.conn.view.players })""")
    # A spectator's socket, and nothing of a seat or of the MJ in its storage.
    assert state["token"] is None and state["viewer"] == {"kind": "spectator"}, state["viewer"]
    assert state["stored"] == [], state["stored"]
    assert state["phase"] == "ended"
    spoken: list[str] = state["spoken"]
    told: list[str] = state["told"]
    assert spoken == state["said"] and len(spoken) == len(told) and len(spoken) >= 5, spoken
    live = [(int(i), e) for i, e in state["live"]]
    heard = dict(live)
    texts = catalogue(lang)
    # The steps: each called as it opened, closed as the next came, in the order of the stream.
    assert [key for key in told if key.startswith(("say.open.", "say.close."))] == calls(live, texts)
    assert any(key.startswith("say.open.") for key in told), told
    for key, text in zip(told, spoken, strict=True):
        if key.startswith("say."):
            assert key in texts, key
            if key not in TURNS:
                assert text == texts[key], (key, text)
        else:  # a journal line (or its words for the ear) of an event the screen heard live, not a step's
            assert key.startswith("event:") and int(key[6:]) in heard, key
            assert heard[int(key[6:])]["type"] not in ("step", "phase"), key
    # Secrets: a line naming a player with his card is the line of his death (his card turned), an announcement
    # (a card turned in public: a Reptiliens invocation), or the end's.
    deaths = {(e.get("data") or {}).get("seat") for _, e in live if e["type"] == "died"}
    roles = {p["seat"]: (p["name"], p["role"]) for p in state["players"] if p.get("role")}
    for key, text in zip(told, spoken, strict=True) if cards_are_secret else ():
        for seat, (name, role) in roles.items():
            if name in text and texts.get(f"role.{role}", role) in text:
                event = heard[int(key[6:])] if key.startswith("event:") else {"type": key}
                assert event["type"] in ("died", "ended", "announce") or seat in deaths, (text, event)
    return spoken
