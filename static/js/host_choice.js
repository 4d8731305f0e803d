// @ts-check
// The creator's choice on the home page (templates/_host_choice.html): in automatic mode, run the game from the
// console (every role shown) or play a seat (option host_plays: the server seats them, and their host's token sees
// no more than a spectator). With a human MJ the creator moderates: the choice is hidden.
import { mjKey, seatKey, store, t } from "./links.js";
import { $, toast } from "./shell/dom.js";
import { rejectionText } from "./shell/i18n.js";
import { api } from "./shell/net.js";

function parts(form) {
  const box = form.querySelector("#host-choice");
  const mod = form.querySelector('input[name="moderation"]:checked');
  const auto = !mod || mod.value === "auto";
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

/** Show the part of the choice that applies, now and whenever the moderation or the choice changes. */
export function bindHostChoice(form) {
  form.addEventListener("change", (ev) => {
    const name = ev.target && ev.target.name;
    if (name === "moderation" || name === "host_role") {
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
