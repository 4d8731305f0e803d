// @ts-check
// The creator's choice on the home page (templates/_host_choice.html): in automatic mode, run the game from the
// console (every role shown) or play a seat (the ruleset's host_plays_option: the server seats them, and their host's
// token sees no more than a spectator). The choice shows while the options it needs (that option's schema hint
// `needs`: the automatic moderation) have their values; otherwise (a human MJ) the creator moderates.
import { mjKey, seatKey, store, t } from "./links.js";
import { $, toast } from "./shell/dom.js";
import { rejectionText } from "./shell/i18n.js";
import { api } from "./shell/net.js";

// The options "je joue aussi" needs, and their values (the schema's `needs` hint of the ruleset's host_plays_option).
let needs = {};

function parts(form) {
  const box = form.querySelector("#host-choice");
  const auto = Object.entries(needs).every(([name, value]) => {
    const control = form.elements.namedItem(name);
    return !control || control.value === value;
  });
  const role = form.querySelector('input[name="host_role"]:checked');
  const plays = Boolean(box) && auto && Boolean(role) && role.value === "play";
  return { box, auto, plays, name: form.elements.host_name ? form.elements.host_name.value.trim() : "" };
}

function refresh(form) {
  const { box, auto, plays } = parts(form);
  if (!box) return;
  box.querySelector("[data-host-auto]").hidden = !auto;
  box.querySelector("[data-host-mj]").hidden = auto;
  box.querySelector("[data-host-play]").hidden = !plays;
}

/** Show the part of the choice that applies, now and whenever an option it needs or the choice changes; `info`:
 * the ruleset's (GET /api/rulesets/<key>). */
export function bindHostChoice(form, info) {
  const option = info && info.host_plays_option;
  needs = (option && ((info.options_schema || {}).properties || {})[option] || {}).needs || {};
  form.addEventListener("change", (ev) => {
    const name = ev.target && ev.target.name;
    if (name in needs || name === "host_role") {
      refresh(form);
      if (name === "host_role" && parts(form).plays) form.elements.host_name.focus({ preventScroll: true });
    }
  });
  refresh(form);
}

/** What is missing for the choice, as a sentence, or null. */
export function hostProblem(form) {
  const { plays, name } = parts(form);
  return plays && !name ? t("host.name_missing") : null;
}

/** The fields the creation request adds: `play_as` for a host who plays. */
export function hostFields(form) {
  const { plays, name } = parts(form);
  return plays ? { play_as: name } : {};
}

/** Keep the tokens of a new room and say where its creator goes: their seat, or the console. */
export function afterCreate(room) {
  store.set(mjKey(room.code), room.mj_token);
  if (room.token) {
    store.set(seatKey(room.code), room.token);
    store.set(`veillee:host-seat:${room.code}`, String(room.seat));
    return `/r/${room.code}`;
  }
  return `/r/${room.code}/mj`;
}

/** Create the room of every set-up page: `body` and the host's fields. The creator goes to their seat or the
 * console; a refusal shows the server's reason and gives the button back. `problem`: what the page found first. */
export async function createRoom(form, body, problem = null) {
  const missing = problem || hostProblem(form);
  if (missing) {
    toast(missing);
    return;
  }
  const button = $("#create");
  button.disabled = true;
  try {
    const room = await api("/api/rooms", { method: "POST", body: { ...body, ...hostFields(form) } });
    location.assign(afterCreate(room));
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
    button.disabled = false;
  }
}
