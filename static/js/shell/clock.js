// @ts-check
// Countdowns (server time), and the screen kept awake during a game.
import { $, $$, h, icon } from "./dom.js";
import { clock } from "./i18n.js";

let clockOffset = () => 0;
let pauseStart = null; // the server time the game was paused at, while it is paused

/**
 * Follow the pause: while `view.paused`, the moment it began (the stream's last `paused` event, else the moment
 * this page first saw it paused), which countdowns stop on; null while the game runs. Called on every render.
 */
export function followPause(view, events, now) {
  if (!view || !view.paused) {
    pauseStart = null;
    return null;
  }
  let at = null;
  for (let i = (events || []).length - 1; i >= 0; i--) {
    if (events[i].type === "paused") {
      at = Number(events[i].data && events[i].data.at) || null;
      break;
    }
  }
  pauseStart = at ?? pauseStart ?? now;
  return pauseStart;
}

function tickCountdown(node, now) {
  const deadline = Number(node.dataset.deadline);
  const started = Number(node.dataset.started) || null;
  // Paused: the clock stands still on the time that was left when the pause began.
  const paused = node.dataset.paused ? Number(node.dataset.paused) : null;
  const left = deadline - (paused ?? now);
  const text = $(".countdown-text", node);
  if (text) text.textContent = clock(left);
  node.classList.toggle("urgent", left <= 10 && paused === null);
  const bar = $(".bar > span", node);
  if (bar && started && deadline > started) {
    const frac = Math.min(1, Math.max(0, left / (deadline - started)));
    bar.style.width = `${(frac * 100).toFixed(1)}%`;
  }
}

/** A countdown element: its text and bar follow `deadline` (server epoch seconds); still while `paused`. */
export function countdown(deadline, started, paused) {
  if (!deadline) return null;
  const now = Date.now() / 1000 + clockOffset();
  const node = h("div", { class: ["countdown", paused && "is-paused"], "data-deadline": deadline,
    "data-started": started || "", "data-paused": paused ? String(pauseStart ?? now) : null },
  h("div", { class: "countdown-row" }, icon(paused ? "pause" : "clock"), h("span", { class: "countdown-text" }, "")),
  h("div", { class: "bar" }, h("span", {})));
  tickCountdown(node, now); // right away, not at the next tick
  return node;
}

/** Refresh every countdown on the page, four times a second. */
export function startClock(getOffset) {
  clockOffset = getOffset;
  const tick = () => {
    const now = Date.now() / 1000 + getOffset();
    for (const node of $$("[data-deadline]")) tickCountdown(node, now);
  };
  tick();
  // A hidden page's timers are throttled (to once a minute after a while, in Chrome): a phone woken up, or a console
  // brought back to the front, would show a countdown that stood still meanwhile. Tick the moment it shows again.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) tick(); });
  window.addEventListener("pageshow", tick);
  window.addEventListener("focus", tick);
  return setInterval(tick, 250);
}

// -- the screen stays awake during a game -----------------------------------------------------------------------
let wakeLock = null;
let wakeAsked = false;
let wantAwake = false;

export async function keepAwake(on) {
  wantAwake = on;
  if (!("wakeLock" in navigator) || wakeAsked) return;
  try {
    if (on && !wakeLock && document.visibilityState === "visible") {
      wakeAsked = true;
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      const lock = wakeLock;
      wakeLock = null;
      await lock.release();
    }
  } catch { /* refused (battery saver, hidden tab): not important */ } finally {
    wakeAsked = false;
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wantAwake) keepAwake(true);
});
