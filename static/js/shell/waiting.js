// @ts-check
// What waits for someone's answer, kept in sight: on the MJ console, the bar pinned at the top listing the questions
// put to the MJ (`to_mj`), how many and the nearest deadline, each one tap from its dialog; on a phone, the call on
// whatever tab is open when one of the player's own questions waits (room.js). The server says what is asked and
// until when; this module only finds it in the view and keeps it on screen.
import { countdown } from "./clock.js";
import { h, icon } from "./dom.js";
import { t } from "./i18n.js";
import { optionalPrompt, promptTitle } from "./prompts.js";

const MJ_SEAT = "-1"; // the key of the MJ's answer in a prompt's `answers`

/** When a question stops taking answers: its own deadline, else its step's. */
export function deadlineOf(v, p) {
  return p.deadline || (v.step && v.step.deadline) || null;
}

/** The questions put to the MJ that the MJ has not answered, the soonest due first (those with no deadline last). */
export function mjWaiting(v) {
  if (!v || v.phase === "lobby" || v.phase === "ended") return [];
  const open = (v.prompts || []).filter((p) => p.to_mj && !p.suspended && !(MJ_SEAT in (p.answers || {})));
  const due = (p) => deadlineOf(v, p) ?? Infinity;
  return open.sort((a, b) => due(a) - due(b));
}

/**
 * The console's pinned bar: "Questions for you: 2", the nearest deadline, one button a question (`onOpen(prompt)`
 * opens it). Null when nothing waits.
 */
export function mjWaitingBar(v, name, onOpen) {
  const waiting = mjWaiting(v);
  if (!waiting.length) return null;
  const deadlines = waiting.map((p) => deadlineOf(v, p)).filter(Boolean);
  const nearest = deadlines.length ? Math.min(...deadlines) : null;
  return h("div", { class: "mj-waiting-inner", "data-count": waiting.length },
    h("div", { class: "mj-waiting-head" },
      h("b", { class: "mj-waiting-title" }, icon("bell"), " ", t("mj.waiting_title", { n: waiting.length })),
      nearest ? h("span", { class: "mj-waiting-due" }, h("small", { class: "muted" }, t("mj.waiting_next")),
        countdown(nearest, v.step ? v.step.started : null, v.paused)) : null),
    h("ul", { class: "mj-waiting-list" }, waiting.map((p) => h("li", { "data-key": `w${p.id}` },
      h("button", { type: "button", class: "btn btn-small mj-waiting-item", "data-prompt": p.id,
        onclick: () => onOpen(p) }, promptTitle(p, name),
      optionalPrompt(p) ? h("small", { class: "muted" }, ` · ${t("mj.waiting_optional")}`) : null)))));
}
