// @ts-check
// The phones' cues (issue 27, "phones stay discreet"). A buzz at the table must tell nobody whose phone it is, so:
// when the public step changes, every seated phone vibrates with the same pattern, whatever its owner holds, whether
// alive or dead, asked or not (the room's option: vibrate, the default, or off); by day, a player who has not answered
// a public vote gets a last call 30 s and 10 s before it closes (the vote is public: it tells nothing). No phone ever
// plays a sound. Never at night but the step's cue, the same for all.
import { h, icon } from "./dom.js";
import { t } from "./i18n.js";
import { waitingFor } from "./prompts.js";

const STEP_BUZZ = [200];
const LAST_CALL_BUZZ = [400];
/** Seconds before a public vote closes when its non-voters get a last call, latest last. */
export const LAST_CALLS = [30, 10];

const cue = {
  since: /** @type {number | null} */ (null), // the server's time when this page first heard the room
  seen: new Set(), // the steps already cued, by `key@started`
  /** The steps cued, in order (for tests: `window.veillee.cues`): the same list on every phone. */
  told: /** @type {string[]} */ ([]),
  left: new Map(), // per public vote waiting for me: the seconds left when last looked at
  timer: /** @type {ReturnType<typeof setTimeout> | null} */ (null),
};
export const cuesTold = cue.told;

/** Vibrate, unless the room chose no cue or the device cannot (iOS, a desktop). Never a sound. */
function vibrate(v, pattern) {
  // The default is not written in the room's options (app/engine/options.py): absent is "vibrate".
  if ((v.options || {}).phone_cues === "off") return;
  if (typeof navigator.vibrate !== "function") return;
  // Before the page's first tap the browser refuses (and Chromium logs it as an error): no phone at the table is
  // in that state for long, since joining takes taps.
  const activation = /** @type {any} */ (navigator).userActivation;
  if (activation && !activation.hasBeenActive) return;
  try {
    navigator.vibrate(pattern);
  } catch { /* refused: nothing to do */ }
}

/**
 * After each frame of the stream, on a seated player's page: one cue for each public step (a `step` event, named
 * by its key and start) that began after this page first heard the room. Steps are read from the events, not from
 * the view, so that every phone cues the same steps however its frames came: a reconnection's welcome, the whole
 * stream resent at a death (a sync), two steps in one frame. A step is cued once (`seen`); a load cues nothing.
 * @param {any} v the view
 * @param {{events: Array<{type: string, data: any}>, server_time: number}} frame
 * @param {boolean} seated a seat's page (not the join form, not a spectator)
 */
export function stepCue(v, frame, seated) {
  if (cue.since === null) cue.since = frame.server_time;
  const fresh = [];
  for (const e of frame.events) {
    const d = e.data || {};
    if (e.type !== "step" || !d.key || typeof d.started !== "number") continue;
    const id = `${d.key}@${d.started}`;
    if (cue.seen.has(id)) continue; // a step given a new deadline, or a stream resent
    cue.seen.add(id);
    if (d.started > cue.since) fresh.push(id);
  }
  if (!seated || !fresh.length) return;
  cue.told.push(...fresh);
  vibrate(v, STEP_BUZZ);
}

/** The public votes by day that wait for my answer, with a deadline, while the game is not paused. */
function openVotes(v) {
  if (v.phase !== "day" || v.paused) return [];
  return (v.prompts || []).filter((p) => p.visibility === "public" && p.deadline && waitingFor(v, p));
}

/**
 * On every render of a seated player's page: the last call's banner (null: none), its vibration when a last call's
 * moment has just passed (seen before it, then after it: loading the page late calls nobody), and a timer that
 * renders again at the next such moment (`rerender`), or when the vote closes.
 * @param {any} v the view
 * @param {{now: number, seated: boolean, rerender: () => void, go: (id: string) => void}} page
 */
export function lastCall(v, { now, seated, rerender, go }) {
  if (cue.timer) clearTimeout(cue.timer);
  cue.timer = null;
  const votes = seated ? openVotes(v) : [];
  const left = new Map(votes.map((p) => [p.id, p.deadline - now]));
  const crossed = votes.some((p) => {
    const before = cue.left.get(p.id);
    const after = left.get(p.id);
    return before !== undefined && after > 0 && LAST_CALLS.some((s) => before > s && after <= s);
  });
  cue.left = left;
  if (crossed) vibrate(v, LAST_CALL_BUZZ);
  // The next moment to look again: a last call to come, or a vote's end (its banner goes).
  const moments = votes.flatMap((p) => [...LAST_CALLS.map((s) => p.deadline - s), p.deadline]).filter((at) => at > now);
  if (moments.length) {
    const wait = (Math.min(...moments) - now) * 1000 + 50;
    cue.timer = setTimeout(rerender, Math.min(2 ** 31 - 1, wait));
  }
  const called = votes.filter((p) => left.get(p.id) > 0 && left.get(p.id) <= LAST_CALLS[0]);
  if (!called.length) return null;
  const first = called.reduce((a, b) => (a.deadline <= b.deadline ? a : b));
  // The last call passed, not a running count: the countdown above says the rest.
  const s = Math.min(...LAST_CALLS.filter((at) => left.get(first.id) <= at));
  return h("div", { class: "banner banner-last-call", role: "alert", "data-key": "last-call", "data-left": String(s),
    "data-vote": first.id },
  icon("bell"), h("b", {}, t("notify.last_call", { s })),
  h("button", { type: "button", class: "btn btn-primary btn-small", onclick: () => go(first.id) }, t("notify.last_call_go")));
}
