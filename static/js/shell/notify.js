// @ts-check
// Notifications while the page is in the background: a question for you, the next phase. And, per room, Web Push:
// notifications that reach the phone with the page or the app closed (docs/protocol.md, "Web Push").
import { ApiError, api } from "./net.js";
import { h, icon, toast } from "./dom.js";
import { LANG, rejectionText, t } from "./i18n.js";
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

/** One bell per page. Where Web Push works here, the room's switch ("notify me even when the app is closed") asks
 * the browser's permission too, and that permission serves the page's own notes: it stands alone. Where push cannot
 * work (plain HTTP, an old browser), "Alert me" asks for the page's notes, and the lobby says why push cannot. While
 * the server's answer is awaited neither shows, so no button changes under a finger. */
export function notifyButton(ui, extraClass = "") {
  if (ui.mode !== "play") return null;
  refresh(ui);
  const pushless = Boolean(push.why) || !(ui.conn && ui.conn.token);
  const ask = pushless && "Notification" in window && Notification.permission === "default"
    ? h("button", { type: "button", class: `btn btn-small btn-ghost notify-button ${extraClass}`.trim(),
      title: t("notify.enable_help"), "aria-label": t("notify.enable"), onclick: () => askNotifications(ui) },
    icon("bell"), h("span", { class: "notify-text" }, t("notify.enable")))
    : null;
  const toggle = extraClass ? pushBell(ui, extraClass) : pushToggle(ui);
  return ask && toggle ? h("span", { class: "button-row" }, ask, toggle) : ask || toggle;
}

// -- Web Push -------------------------------------------------------------------------------------------------------
/**
 * This page's push state: why push cannot work here (a catalogue key), whether this room pushes to this browser
 * (null: not known yet), whether the room sends personal pushes, a request under way.
 * @type {{why: string | null, on: boolean | null, personal: boolean, busy: boolean, asked: string | null}}
 */
const push = { why: null, on: null, personal: true, busy: false, asked: null };

/** Why this browser cannot get pushes with the app closed (a catalogue key), or null when it can. */
function pushBlocked() {
  if (!window.isSecureContext) return "push.insecure";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "push.unsupported";
  if (Notification.permission === "denied") return "push.denied";
  return null;
}

/** The service worker's registration once active (the shell registers /sw.js as the page loads), or null when
 * none comes: a page opened for the first time waits for its registration a little. */
async function registration() {
  if (!await navigator.serviceWorker.getRegistration("/")) {
    await new Promise((resolve) => { setTimeout(resolve, 10000); navigator.serviceWorker.ready.then(resolve); });
    if (!await navigator.serviceWorker.getRegistration("/")) return null;
  }
  return navigator.serviceWorker.ready;
}

/** @param {string} text base64url */
function bytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** @param {ArrayBuffer | null | undefined} a @param {Uint8Array} b */
function sameKey(a, b) {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

/** What the server says of this browser's subscription for the room (once a page, then after each change). */
async function readPushState(ui) {
  const conn = ui.conn;
  push.asked = conn.code;
  push.why = pushBlocked();
  if (push.why) return;
  const reg = await registration();
  if (!reg) {
    push.why = "push.no_worker";
    return;
  }
  const sub = await reg.pushManager.getSubscription();
  if (!sub) {
    push.on = false;
    return;
  }
  const state = await api(`/api/rooms/${conn.code}/push/state`, { method: "POST", body: { endpoint: sub.endpoint }, token: conn.token });
  push.on = Boolean(state.subscribed);
  push.personal = state.personal !== false;
}

function refresh(ui) {
  if (!ui.conn || !ui.conn.token || push.asked === ui.conn.code) return;
  readPushState(ui).catch(() => { push.on = null; }).finally(() => { if (ui.render) ui.render(); });
}

/** The browser's push service answers through the network: one that cannot be reached leaves `subscribe` pending
 * for good, so the switch gives up after a while and says why. @template T @param {Promise<T>} promise */
function answered(promise) {
  return Promise.race([promise, new Promise((_resolve, reject) => {
    setTimeout(() => reject(new Error(t("push.no_service"))), 30000);
  })]);
}

/** Turn the room's pushes on for this browser: permission, the subscription (with the server's key), then the room. */
async function turnOn(ui) {
  if (await Notification.requestPermission() !== "granted") throw new Error(t("push.denied"));
  const reg = await registration();
  if (!reg) throw new Error(t("push.no_worker"));
  const key = bytes((await api("/api/push/key")).key);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe(); // made for another key (another server at this address): useless here
    sub = null;
  }
  sub = sub || await answered(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const state = await api(`/api/rooms/${ui.conn.code}/push`, { method: "POST", body: { ...sub.toJSON(), lang: LANG }, token: ui.conn.token });
  push.personal = state.personal !== false;
}

/** Turn them off for this room only: the browser's subscription serves its other rooms too. */
async function turnOff(ui) {
  const reg = await registration();
  const sub = reg && await reg.pushManager.getSubscription();
  if (sub) await api(`/api/rooms/${ui.conn.code}/push`, { method: "DELETE", body: { endpoint: sub.endpoint }, token: ui.conn.token });
}

function flip(ui) {
  if (push.busy) return;
  const wanted = !push.on;
  push.busy = true;
  if (ui.render) ui.render();
  (wanted ? turnOn(ui) : turnOff(ui)).then(() => {
    push.on = wanted;
    toast(t(wanted ? "push.on" : "push.off"), "ok");
  }).catch((exc) => {
    const reason = exc instanceof ApiError ? rejectionText(exc.code, exc.message, exc.params)
      : exc && exc.message ? exc.message : String(exc);
    toast(t("push.failed", { reason }));
  }).finally(() => {
    push.busy = false;
    if (ui.render) ui.render();
  });
}

/** The lobby's switch "Notify me even when the app is closed", or why this browser cannot. */
function pushToggle(ui) {
  refresh(ui);
  if (push.why) return h("p", { class: "hint small push-why" }, t(push.why));
  if (push.on === null) return null;
  return h("span", { class: "push-toggle" },
    h("label", { class: "check", title: t("push.toggle_help") },
      h("input", { type: "checkbox", checked: push.on ? true : null, disabled: push.busy ? true : null,
        onchange: () => flip(ui) }),
      " ", t("push.toggle")),
    push.on && !push.personal ? h("p", { class: "hint small" }, t("push.personal_off")) : null);
}

/** The status bar's small bell: the same switch, for a page past the lobby (a forum game lasts days). */
function pushBell(ui, extraClass) {
  refresh(ui);
  if (push.why || push.on === null) return null;
  return h("button", { type: "button", class: `btn btn-small btn-ghost notify-button push-bell ${extraClass}`.trim(),
    "aria-pressed": push.on ? "true" : "false", title: t("push.toggle"), "aria-label": t("push.toggle"),
    disabled: push.busy ? true : null, onclick: () => flip(ui) },
  icon("bell"), h("span", { class: "notify-text" }, t("push.toggle")));
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
  if (v.phase === "night") return; // the night's note is nightNote's, the same on every phone
  const fresh = open.filter((p) => !known.has(p.id));
  if (fresh.length) notify(t("notify.prompt"), promptTitle(fresh[0], name), code);
  else if (previousPhase !== phase) notify(t("notify.phase"), phaseText(v), code);
}

const nights = { since: /** @type {number | null} */ (null), seen: new Set() };

/**
 * After each frame of a seated player's page: the same silent note on every phone in the background when a night
 * begins. Read from the stream's `phase` events, as the step cues are (cues.js), so that a page whose frames came
 * otherwise (the whole stream again at a death, a reconnection) notes the same nights; one begun before the page
 * opened is not noted.
 * @param {any} ui
 * @param {{events: Array<{type: string, data: any, at: number}>, server_time: number}} frame
 * @param {string} code
 */
export function nightNote(ui, frame, code) {
  if (nights.since === null) nights.since = frame.server_time;
  for (const e of frame.events) {
    const d = e.data || {};
    if (e.type !== "phase" || d.phase !== "night") continue;
    const id = `${d.night}@${e.at}`;
    if (nights.seen.has(id)) continue;
    nights.seen.add(id);
    if (e.at > nights.since && document.hidden && canNotify() && ui.mode === "play") {
      notify(t("notify.phase"), t("phase.night", { n: d.night }), code, true);
    }
  }
}
