// @ts-check
// Notifications while the page is in the background: a question for you, the next phase.
import { h, icon, toast } from "./dom.js";
import { t } from "./i18n.js";
import { promptTitle, waitingFor } from "./prompts.js";

const notes = { prompts: null, phase: null };

function canNotify() {
  return "Notification" in window && Notification.permission === "granted";
}

function askNotifications(ui) {
  if (!("Notification" in window)) return;
  Promise.resolve(Notification.requestPermission()).then((answer) => {
    if (answer === "granted") toast(t("notify.enabled"), "ok");
    else if (answer === "denied") toast(t("notify.denied"));
    if (ui.render) ui.render();
  }).catch(() => {});
}

/** "Alert me": shown to a seated player while the browser has not been asked yet. */
export function notifyButton(ui, extraClass = "") {
  if (!("Notification" in window) || Notification.permission !== "default" || ui.mode !== "play") return null;
  return h("button", { type: "button", class: `btn btn-small btn-ghost notify-button ${extraClass}`.trim(),
    title: t("notify.enable_help"), "aria-label": t("notify.enable"), onclick: () => askNotifications(ui) },
  icon("bell"), h("span", { class: "notify-text" }, t("notify.enable")));
}

function notify(title, body, code, silent = false) {
  try {
    const note = new Notification(title, { body, tag: `veillee-${code}`, icon: "/static/img/icon.svg", silent });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch { /* phones want a service worker for this: the title and the badges still tell */ }
}

function phaseText(v) {
  if (v.phase === "night") return t("phase.night", { n: v.night });
  if (v.phase === "day") return t("phase.day", { n: v.day });
  return t(`phase.${v.phase}`);
}

/**
 * After each frame: tell a player whose page is hidden that a question waits, or that the phase changed.
 * At night (issue 27) a question notifies nobody: only the called player would get it, and a phone that buzzes or
 * rings under the table says whose turn it is. Every phone gets the same note instead, silent, when night falls
 * (the phase change every page sees); the step's vibration (cues.js) is the same for all too. By day, unchanged:
 * a question (most are the village's) and the phase change notify as before.
 */
export function notifyIfAway(ui, v, name, code) {
  const phase = `${v.phase}:${v.night}:${v.day}`;
  const open = (v.prompts || []).filter((p) => waitingFor(v, p));
  const first = notes.prompts === null;
  const known = notes.prompts || new Set();
  notes.prompts = new Set(open.map((p) => p.id));
  const previousPhase = notes.phase;
  notes.phase = phase;
  if (first || !document.hidden || !canNotify() || ui.mode !== "play") return;
  const night = v.phase === "night";
  const fresh = night ? [] : open.filter((p) => !known.has(p.id));
  if (fresh.length) notify(t("notify.prompt"), promptTitle(fresh[0], name), code);
  else if (previousPhase !== phase) notify(t("notify.phase"), phaseText(v), code, night);
}
