// Shared browser code: translations, DOM helpers, the websocket connection, readable event lines, prompts.
// Plain ES module, no build step. Every text comes from the catalogue the server embeds in the page.

const catalogueNode = document.getElementById("i18n");
export const catalogue = catalogueNode ? JSON.parse(catalogueNode.textContent || "{}") : {};
export const LANG = document.documentElement.lang || "fr";

/** The text of `key` with its {placeholders} filled; the key itself when the catalogue lacks it. */
export function t(key, params = {}) {
  const text = catalogue[key];
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]));
}

export const has = (key) => typeof catalogue[key] === "string";

// -- DOM --------------------------------------------------------------------------------------------------------
/** h("button", {class: "btn", onclick: fn, disabled: true, "data-x": 1}, "text", child, [more]) */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") node.textContent = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** Replace the children of `node` (a selector or an element). */
export function fill(node, ...children) {
  const target = typeof node === "string" ? $(node) : node;
  if (!target) return null;
  target.replaceChildren();
  append(target, children);
  return target;
}

/**
 * Run `render` (which replaces parts of the page) without losing the field being typed in: a focused element with
 * a `data-keep` key gets its focus and caret back in its replacement.
 */
export function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.keep : null;
  let caret = null;
  if (key) {
    try { caret = [active.selectionStart, active.selectionEnd]; } catch { caret = null; }
  }
  render();
  if (!key || document.activeElement === active && active.isConnected) return;
  const again = $$("[data-keep]").find((node) => node.dataset.keep === key);
  if (!again) return;
  again.focus({ preventScroll: true });
  if (caret && caret[0] !== null) {
    try { again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text field */ }
  }
}

const ICONS = {
  moon: '<path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z"/>',
  sun: '<circle cx="12" cy="12" r="4.2"/><path d="M12 2v2.5M12 19.5V22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M2 12h2.5M19.5 12H22M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"/>',
  star: '<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"/>',
  heart: '<path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10C19.5 15.4 12 20 12 20z"/>',
  eye: '<path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  eyeoff: '<path d="M3 3l18 18M10.6 5.6A10 10 0 0 1 12 5.5c6.4 0 10 6.5 10 6.5a17 17 0 0 1-3.2 3.9M6.6 6.6A17 17 0 0 0 2 12s3.6 6.5 10 6.5a9.7 9.7 0 0 0 4.4-1"/>',
  cross: '<path d="M12 3v18M6 8.5h12"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  users: '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5"/><path d="M16 4.8a3.3 3.3 0 0 1 0 6.4M18 14.8c2 .6 3.2 2.4 3.5 5.2"/>',
  wolf: '<path d="M4 3l4 5h8l4-5v9c0 5-4 9-8 9s-8-4-8-9z"/><path d="M9 12.5h.01M15 12.5h.01M10.5 16.5h3"/>',
  copy: '<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>',
  pause: '<path d="M8 5v14M16 5v14"/>',
  play: '<path d="M7 4.5v15l12-7.5z"/>',
  flag: '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>',
  check: '<path d="M4.5 12.5l5 5 10-11"/>',
  up: '<path d="M6 14l6-6 6 6"/>',
  down: '<path d="M6 10l6 6 6-6"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  minus: '<path d="M5 12h14"/>',
  undo: '<path d="M9 6L4 11l5 5"/><path d="M4 11h10a5 5 0 0 1 0 10h-2"/>',
  forward: '<path d="M5 5l7 7-7 7M13 5l7 7-7 7"/>',
  pencil: '<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="M13.5 6.5l4 4"/>',
  chat: '<path d="M4 5h16v11H9l-5 4z"/>',
  send: '<path d="M4 12l16-8-6 16-2.5-6.5z"/><path d="M11.5 13.5L20 4"/>',
  bell: '<path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z"/><path d="M10 20a2 2 0 0 0 4 0"/>',
  lock: '<rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/>',
  ghost: '<path d="M5 20V10a7 7 0 0 1 14 0v10l-2.5-2-2.3 2-2.2-2-2.2 2-2.3-2z"/><path d="M9.5 10.5h.01M14.5 10.5h.01"/>',
  relay: '<path d="M4 12h13M13 7l5 5-5 5"/>',
  repeat: '<path d="M17 2l3 3-3 3"/><path d="M4 11V9a4 4 0 0 1 4-4h12"/><path d="M7 22l-3-3 3-3"/><path d="M20 13v2a4 4 0 0 1-4 4H4"/>',
  // Role emblems and the village's public marks.
  home: '<path d="M4 11l8-7 8 7v9H4z"/><path d="M10 20v-5h4v5"/>',
  note: '<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>',
  frog: '<path d="M3 15c0-4 4-6.5 9-6.5s9 2.5 9 6.5-4 5-9 5-9-1-9-5z"/><circle cx="7.5" cy="7.5" r="2.5"/><circle cx="16.5" cy="7.5" r="2.5"/><path d="M8 15.5c2.2 1.3 5.8 1.3 8 0"/>',
  feather: '<path d="M20 4C12 4 6 10 6 18v2"/><path d="M6 18c7 0 13-5 14-14"/><path d="M9.5 14.5h5"/>',
  jester: '<path d="M4 18l2-10 6 5 6-5 2 10z"/><circle cx="6" cy="6" r="1.5"/><circle cx="18" cy="6" r="1.5"/>',
  shield: '<path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z"/>',
  potion: '<path d="M9 3h6M10 3v5L5 18a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-10V3"/><path d="M7.5 14h9"/>',
  target: '<circle cx="12" cy="12" r="8"/><circle cx="12" cy="12" r="3"/><path d="M12 2v4M12 18v4M2 12h4M18 12h4"/>',
  mask: '<path d="M2 9c3-1 6-1 10 1 4-2 7-2 10-1-1 5-3 7-6 7-2 0-3-2-4-2s-2 2-4 2c-3 0-5-2-6-7z"/><path d="M7 11.5h2M15 11.5h2"/>',
  sheep: '<path d="M6 10a3 3 0 0 1 4-3 3 3 0 0 1 5 0 3 3 0 0 1 3 4 3 3 0 0 1-2 5H8a3 3 0 0 1-2-6z"/><path d="M9 16v4M15 16v4"/>',
  wand: '<path d="M4 20L14 10"/><path d="M16 3l1 2.5 2.5 1-2.5 1L16 10l-1-2.5-2.5-1 2.5-1z"/>',
  dagger: '<path d="M20 4l-9.5 9.5"/><path d="M20 4v4l-8 8"/><path d="M8 11l5 5"/><path d="M9.5 14.5L4 20"/>',
  steps: '<path d="M7 16c-2 0-3-2-3-5s1-5 3-5 3 2 3 5-1 5-3 5z"/><path d="M17 20c-2 0-3-2-3-5s1-5 3-5 3 2 3 5-1 5-3 5z"/>',
  bat: '<path d="M2 8c2 0 3 1 4 3 1-2 3-3 6-3s5 1 6 3c1-2 2-3 4-3-1 4-3 8-6 9l-1-2-3 2-3-2-1 2c-3-1-5-5-6-9z"/>',
  hamster: '<circle cx="12" cy="13" r="7"/><circle cx="6.5" cy="6.5" r="2"/><circle cx="17.5" cy="6.5" r="2"/><path d="M9.5 12h.01M14.5 12h.01M11 15.5h2"/>',
  sleep: '<path d="M4 5h6l-6 7h6"/><path d="M13 11h5l-5 6h5"/>',
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 19V5"/><path d="M9 7h6"/>',
  hourglass: '<path d="M7 3h10v3l-5 6-5-6zM7 21h10v-3l-5-6-5 6z"/>',
  card: '<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M10 9.5a2 2 0 1 1 3 1.7c-.6.4-1 .8-1 1.6M12 16h.01"/>',
};

/** The emblem of each card (a neutral card for one that has none). */
const ROLE_ICONS = {
  villageois: "home", "loup-garou": "wolf", "loup-blanc": "wolf", "infect-pere-des-loups": "wolf", louveteau: "wolf",
  voyante: "eye", sorciere: "potion", chasseur: "target", cupidon: "heart", "petite-fille": "eyeoff", voleur: "mask",
  chaman: "ghost", salvateur: "shield", corbeau: "feather", ancien: "hourglass", "joueur-de-flute": "note",
  "franc-macon": "users", apprenti: "book", assassin: "dagger", tueur: "dagger", "marchand-de-sable": "sleep",
  somnambule: "steps", casanova: "heart", berger: "sheep", magicien: "wand", traitre: "mask", vampire: "bat",
  "hamster-garou": "hamster", confesseur: "eye", chatelain: "potion", protecteur: "shield",
};

export const roleIcon = (role, extra = "") => icon(ROLE_ICONS[role] || "card", extra);

/** The village's public marks on a seat (view.public): charmed, a frog today, the Raven's curse, the idiot, the
 * Protecteur's shield, and the face-up day card of Le Village (004). */
export function publicMarks(view, seat) {
  const pub = (view && view.public) || {};
  const dayCard = (pub.day_roles || {})[String(seat)];
  const mark = (cls, name, key) => h("span", { class: `badge mark ${cls}`, title: t(`${key}.help`), "data-mark": cls },
    icon(name), h("span", { class: "mark-text" }, t(key)));
  return [
    (pub.charmed || []).includes(seat) ? mark("mark-charmed", "note", "public.charmed") : null,
    (pub.frogs || []).includes(seat) ? mark("mark-frog", "frog", "public.frog") : null,
    pub.raven === seat ? mark("mark-raven", "feather", "public.raven") : null,
    pub.idiot === seat ? mark("mark-idiot", "jester", "public.idiot") : null,
    pub.shielded === seat ? mark("mark-shielded", "shield", "public.shielded") : null,
    dayCard ? h("span", { class: "badge mark mark-day-role", title: t("public.day_role.help"), "data-mark": "day-role" },
      roleIcon(dayCard), h("span", { class: "mark-text" }, roleName(dayCard))) : null,
  ];
}

const SOLO_CAMPS = new Set(["loup-blanc", "joueur-de-flute", "tueur", "assassin"]);

/**
 * A player's camp as app/engine/rulesets/thiercelieux/roles.camp_of decides it: a loner stays alone; a bitten
 * player is a vampire; a converted one (infected, a grown cub, a traitor turned) a wolf. `roles`: the ruleset's
 * roles ({key, camp}), `marks`: {wolf, vampire}.
 */
export function campOf(role, roles, marks = {}) {
  const info = (roles || []).find((r) => r.key === role);
  const camp = info ? info.camp : role === "loup-garou" ? "wolves" : "village";
  if (SOLO_CAMPS.has(camp)) return camp;
  if (marks.vampire || camp === "vampires") return "vampires";
  if (marks.wolf || camp === "wolves") return "wolves";
  return camp;
}

export const isSoloCamp = (camp) => SOLO_CAMPS.has(camp);

/** The CSS classes of a camp: its own, and "camp-solo" for a loner. */
export const campClasses = (camp) => [`camp-${camp}`, SOLO_CAMPS.has(camp) && "camp-solo"];

/** A small inline SVG icon (the machine may have no emoji font). */
export function icon(name, extra = "") {
  const span = document.createElement("span");
  span.className = `icon ${extra}`.trim();
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[name] || ""}</svg>`;
  return span;
}

// -- the join QR code --------------------------------------------------------------------------------------------
const qrCache = new Map();

/** Put the room's join QR code inside `node` as inline SVG (the server's SVG scales with a viewBox added). */
export function loadQr(node, code) {
  if (!node) return;
  let text = qrCache.get(code);
  const put = (svgText) => {
    node.innerHTML = svgText;
    const svg = node.querySelector("svg");
    if (!svg) return;
    const w = svg.getAttribute("width"), hgt = svg.getAttribute("height");
    if (w && hgt && !svg.getAttribute("viewBox")) svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-hidden", "true");
  };
  if (typeof text === "string") {
    put(text);
    return;
  }
  if (!text) {
    text = fetch(`/r/${encodeURIComponent(code)}/qr.svg`).then((r) => (r.ok ? r.text() : "")).catch(() => "");
    qrCache.set(code, text);
  }
  text.then((body) => {
    // The SVG may come after an XML declaration: keep the element only.
    const start = body.indexOf("<svg");
    if (start >= 0) {
      const svgText = body.slice(start);
      qrCache.set(code, svgText);
      put(svgText);
    }
  });
}

// -- toasts -----------------------------------------------------------------------------------------------------
export function toast(message, kind = "error") {
  const box = $("#toasts");
  if (!box) return;
  const node = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(node);
  setTimeout(() => node.classList.add("leaving"), 3800);
  setTimeout(() => node.remove(), 4300);
}

export function rejectionText(code, message, params = {}) {
  const shown = { ...(params || {}) };
  if (typeof shown.role === "string") shown.role = roleName(shown.role);
  if (typeof shown.seat === "number") shown.seat = shown.seat + 1;
  return has(`error.${code}`) ? t(`error.${code}`, shown) : message || code;
}

// -- storage ----------------------------------------------------------------------------------------------------
export const seatKey = (code) => `veillee:seat:${code}`;
export const mjKey = (code) => `veillee:mj:${code}`;

export const store = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode */ } },
  del(key) { try { localStorage.removeItem(key); } catch { /* private mode */ } },
};

/** Read `#name=value` from the address, then remove the fragment so the secret does not linger in it. */
export function takeFragment(name) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const value = params.get(name);
  if (value) history.replaceState(null, "", location.pathname + location.search);
  return value;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("ui.copied"), "ok");
  } catch {
    window.prompt(t("ui.copy_manually"), text);
  }
}

// -- HTTP -------------------------------------------------------------------------------------------------------
export class ApiError extends Error {
  constructor(code, message, params) {
    super(message);
    this.code = code;
    this.params = params || {};
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (exc) {
    throw new ApiError("network", String(exc));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const err = data.error || {};
    const detail = Array.isArray(data.detail) ? data.detail[0] : null;
    throw new ApiError(err.code || (detail ? "bad_request" : String(response.status)),
      err.message || (detail && detail.msg) || response.statusText, err.params);
  }
  return data;
}

// -- the websocket ----------------------------------------------------------------------------------------------
let cidCounter = 0;

/** Whether a view's viewer sees every event (the server's `omniscient`). */
function sees(view) {
  if (!view) return false;
  if (view.viewer && view.viewer.kind === "mj") return true;
  if (view.phase === "ended") return true;
  return Boolean(view.me && !view.me.alive && view.options && view.options.dead_see_all);
}
const FATAL_CLOSE = new Set([4001, 4003, 4004]);

/**
 * One viewer's live stream. Keeps the events of this viewer's stream (`events`, count `n`), the latest `view` and
 * the offset between the server's clock and ours. Reconnects with backoff, resuming from `n`.
 */
export class Connection {
  constructor(code, token, { onFrame, onStatus, onFatal } = {}) {
    this.code = code;
    this.token = token || null;
    this.onFrame = onFrame || (() => {});
    this.onStatus = onStatus || (() => {});
    this.onFatal = onFatal || (() => {});
    this.events = [];
    this.n = null;
    this.view = null;
    this.offset = 0;
    this.pending = new Map();
    this.attempt = 0;
    this.stopped = false;
    this.fatal = null;
    this.ws = null;
  }

  connect() {
    this.stopped = false;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, last: this.events.length ? this.n : null,
                               stream: this.events.length ? this.stream : null }));
      this.ping = setInterval(() => this.raw({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (msg) => {
      let frame;
      try { frame = JSON.parse(msg.data); } catch { return; }
      this.take(frame);
    });
    ws.addEventListener("close", (ev) => this.closed(ws, ev));
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.ws) this.ws.close(1000);
  }

  raw(data) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(data));
      return true;
    }
    return false;
  }

  take(frame) {
    const kind = frame.type;
    if (kind === "welcome" || kind === "update" || kind === "sync") {
      if (kind === "sync" || (kind === "welcome" && frame.from === 0)) this.events = [];
      if (kind === "welcome" && frame.from > 0 && this.view && sees(this.view) !== sees(frame.view)) {
        // While we were away this viewer's right to see changed (game over, death with dead_see_all): the
        // stream we hold is another list than the server's now, so take it again whole.
        this.events = [];
        this.n = null;
        this.view = null;
        this.ws.close(4000);
        return;
      }
      if (frame.from > this.events.length) {
        // A gap in the stream (should not happen): start again from scratch.
        this.events = [];
        this.n = null;
        this.ws.close(4000);
        return;
      }
      this.events.length = frame.from;
      this.events.push(...frame.events);
      this.n = frame.n;
      this.stream = frame.stream;
      if (frame.view) {
        this.view = frame.view;
      } else {
        // An update carries only the parts of the view that changed (and the names of those that are gone).
        const next = { ...this.view, ...frame.patch };
        for (const key of frame.drop || []) delete next[key];
        this.view = next;
      }
      this.offset = frame.server_time - Date.now() / 1000;
      this.attempt = 0;
      this.onStatus("online");
      this.onFrame(this, frame);
    } else if (kind === "ack" || kind === "rejected") {
      const waiter = this.pending.get(frame.cid);
      if (waiter) {
        this.pending.delete(frame.cid);
        clearTimeout(waiter.timer);
        if (kind === "ack") waiter.resolve(frame);
        else waiter.reject(new ApiError(frame.code, frame.message, frame.params));
      }
    } else if (kind === "error") {
      if (["bad_token", "no_such_room"].includes(frame.code)) {
        this.fatal = frame.code;
      } else if (frame.code !== "hello_expected") {
        toast(rejectionText(frame.code, frame.message));
      }
    }
  }

  closed(ws, ev) {
    if (ws !== this.ws) return;
    clearInterval(this.ping);
    for (const [cid, waiter] of this.pending) {
      clearTimeout(waiter.timer);
      waiter.reject(new ApiError("closed", "connection closed"));
      this.pending.delete(cid);
    }
    if (this.stopped) return;
    if (this.fatal || FATAL_CLOSE.has(ev.code)) {
      this.onStatus("offline");
      this.onFatal(this.fatal || (ev.code === 4004 ? "no_such_room" : "bad_token"), ev.reason);
      return;
    }
    this.attempt += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(this.attempt, 5)) * (0.75 + Math.random() * 0.5);
    this.onStatus("reconnecting");
    this.retry = setTimeout(() => this.connect(), delay);
  }

  /** Send a command; resolves on its ack, rejects (ApiError) on a rejection. A `busy` server (nothing was
   * changed) gets the same command again, under the same cid, after a growing pause. */
  async send(command, args = {}) {
    const cid = `c${Date.now().toString(36)}${(cidCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.sendOnce(cid, command, args);
      } catch (err) {
        if (err.code !== "busy" || attempt >= 8) throw err;
        await new Promise((r) => setTimeout(r, Math.min(4000, 100 * 2 ** attempt) * (0.5 + Math.random())));
      }
    }
  }

  sendOnce(cid, command, args) {
    return new Promise((resolve, reject) => {
      if (!this.raw({ type: "command", cid, command, args })) {
        reject(new ApiError("closed", "not connected"));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(cid);
        reject(new ApiError("timeout", "no answer from the server"));
      }, 15000);
      this.pending.set(cid, { resolve, reject, timer });
    });
  }

  /** Send and show a toast on rejection; resolves to true when accepted. */
  async act(command, args = {}) {
    try {
      await this.send(command, args);
      return true;
    } catch (err) {
      toast(rejectionText(err.code, err.message, err.params));
      return false;
    }
  }

  now() {
    return Date.now() / 1000 + this.offset;
  }
}

// -- time -------------------------------------------------------------------------------------------------------
export function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, "0");
  if (m >= 60) return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${rest}`;
  return `${m}:${rest}`;
}

let clockOffset = () => 0;

function tickCountdown(node, now) {
  const deadline = Number(node.dataset.deadline);
  const started = Number(node.dataset.started) || null;
  const left = deadline - now;
  const text = $(".countdown-text", node);
  if (text) text.textContent = node.dataset.paused ? t("ui.paused_short") : clock(left);
  node.classList.toggle("urgent", left <= 10 && !node.dataset.paused);
  const bar = $(".bar > span", node);
  if (bar && started && deadline > started) {
    const frac = Math.min(1, Math.max(0, left / (deadline - started)));
    bar.style.width = `${(frac * 100).toFixed(1)}%`;
  }
}

/** A countdown element: its text and bar follow `deadline` (server epoch seconds). */
export function countdown(deadline, started, paused) {
  if (!deadline) return null;
  const node = h("div", { class: "countdown", "data-deadline": deadline, "data-started": started || "",
    "data-paused": paused ? "1" : null },
  h("div", { class: "countdown-row" }, icon("clock"), h("span", { class: "countdown-text" }, "")),
  h("div", { class: "bar" }, h("span", {})));
  tickCountdown(node, Date.now() / 1000 + clockOffset()); // right away, not at the next tick
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

// -- names, roles, answers --------------------------------------------------------------------------------------
export const roleName = (key) => (key ? t(`role.${key}`) : "?");

/** Names of seats from the view, plus those of seats that left (from the stream). */
export function namer(view, events) {
  const names = new Map();
  for (const e of events || []) {
    if ((e.type === "joined" || e.type === "renamed") && e.data) names.set(e.data.seat, e.data.name);
  }
  for (const p of (view && view.players) || []) names.set(p.seat, p.name);
  return (seat) => {
    if (seat === null || seat === undefined) return t("ui.nobody");
    if (seat === -1) return t("ui.mj");
    return names.get(Number(seat)) ?? t("ui.seat_n", { n: Number(seat) + 1 });
  };
}

export function listNames(seats, name) {
  const items = (seats || []).map((s) => name(s));
  if (!items.length) return t("ui.nobody");
  return listOf(items);
}

/** "A, B et C": a list of words as the reader's language says it. */
export function listOf(items) {
  try {
    return new Intl.ListFormat(LANG, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

export function formatCounts(counts, name) {
  const entries = Object.entries(counts || {}).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return t("ui.no_votes");
  return entries.map(([seat, n]) => `${name(seat)} (${n})`).join(", ");
}

export function formatAnswer(prompt, answer, name) {
  if (answer === undefined) return "…";
  if (prompt.kind === "confirm") return answer ? t("ui.yes") : t("ui.no");
  if (prompt.kind === "choice") return choiceLabel(prompt, answer);
  if (Array.isArray(answer)) return answer.length ? listNames(answer, name) : t("ui.nobody");
  return String(answer);
}

export function choiceLabel(prompt, option) {
  if (prompt.step === "voleur") {
    if (option === "keep") return t("choice.voleur.keep");
    const cards = (prompt.info && prompt.info.cards) || [];
    const card = cards[Number(option)];
    return card ? t("choice.voleur.take", { role: roleName(card) }) : t("choice.voleur.card", { n: Number(option) + 1 });
  }
  return has(`choice.${prompt.step}.${option}`) ? t(`choice.${prompt.step}.${option}`) : String(option);
}

function announceParams(params, name) {
  const out = {};
  for (const [key, value] of Object.entries(params || {})) {
    if (["seat", "target", "partner", "by", "accused"].includes(key)) out[key] = name(value);
    else if (key === "seats") out[key] = listNames(value, name);
    else if (key === "role") out[key] = roleName(value);
    else if (key === "roles" && Array.isArray(value)) out[key] = listOf(value.map(roleName));
    else if (key === "counts") out[key] = formatCounts(value, name);
    else if (key.endsWith("_at") && typeof value === "number") out[key] = localTime(value);
    else out[key] = value;
  }
  return out;
}

/** The text of an announcement event's data ({key, params}). */
export function announceText(data, name, thirdPerson = false) {
  const params = data.params || {};
  let key = `announce.${data.key}`;
  // A private line ("your vision: …") told to someone else (the MJ, the end-of-game story) reads in the third person.
  if (thirdPerson && has(`${key}.3p`)) key = `${key}.3p`;
  const empty = (v) => v === null || v === undefined || (Array.isArray(v) && !v.length) ||
    (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
  for (const p of ["seat", "seats", "counts"]) {
    if (p in params && empty(params[p]) && has(`${key}.none`)) key = `${key}.none`;
  }
  return has(key) ? t(key, announceParams(params, name)) : data.key;
}

const QUIET = new Set(["pending", "timer", "step_timer", "rng", "queue", "prompts_cleared", "created", "tag",
  "step_deadline", "prompt_closed", "flag"]);

/**
 * A readable line for an event, or null when it says nothing worth reading.
 * mode "feed": what a player's journal shows; "full": the MJ's log and the end-of-game history.
 * ctx: {name, me (seat or null), thirdPerson (lines for someone else, e.g. the MJ), prompts: Map id → prompt}
 */
export function describe(e, ctx, mode = "feed") {
  const d = e.data || {};
  const { name } = ctx;
  const full = mode === "full";
  switch (e.type) {
    case "announce":
      return { text: announceText(d, name, Boolean(ctx.thirdPerson)), cls: `announce announce-${d.key}` };
    case "died":
      return { text: t(`event.died.${d.cause}`, { name: name(d.seat), role: roleName(d.role) }), cls: "death" };
    case "phase":
      return d.phase === "night"
        ? { text: t("event.phase.night", { n: d.night }), cls: "sep sep-night" }
        : { text: t("event.phase.day", { n: d.day }), cls: "sep sep-day" };
    case "captain":
      if (d.seat === null || d.seat === undefined) return full ? { text: t("event.captain.none"), cls: "info" } : null;
      return full ? { text: t("event.captain", { name: name(d.seat) }), cls: "info" } : null;
    case "joined":
      return { text: t("event.joined", { name: d.name }), cls: "info" };
    case "left":
      return { text: t("event.left", { name: name(d.seat) }), cls: "info" };
    case "renamed":
      return full ? { text: t("event.renamed", { seat: Number(d.seat) + 1, name: d.name }), cls: "info" } : null;
    case "role_set":
      if (full) return { text: t(d.original ? "event.role_dealt" : "event.role_set", { name: name(d.seat), role: roleName(d.role) }), cls: "secret" };
      if (ctx.me !== null && ctx.me !== undefined && d.seat === ctx.me && !d.original) {
        return { text: t("event.role_changed", { role: roleName(d.role) }), cls: "secret" };
      }
      return null;
    case "lovers":
      return { text: t("event.lovers", { names: listNames(d.seats, name) }), cls: "secret" };
    case "revived":
      return { text: t("event.revived", { name: name(d.seat) }), cls: "info" };
    case "paused":
      return { text: t("event.paused"), cls: "info" };
    case "resumed":
      return { text: t("event.resumed"), cls: "info" };
    case "ended":
      if (d.reason === "mj" || !d.camp) return { text: t("event.ended_mj"), cls: "end" };
      return { text: t("event.ended", { camp: t(`camp.${d.camp}`) }), cls: "end" };
    case "undone":
      return { text: t(`event.undone.${d.phase}`, { n: d.number }), cls: "override" };
    case "configured":
      return full ? { text: t("event.configured"), cls: "info" } : null;
    case "preassigned": {
      if (!full) return null;
      const entries = Object.entries(d.preassigned || {});
      return { text: entries.length
        ? t("event.preassigned", { list: entries.map(([seat, role]) => `${name(seat)} → ${roleName(role)}`).join(", ") })
        : t("event.preassigned_none"), cls: "secret" };
    }
    case "reordered":
      return full ? { text: t("event.reordered"), cls: "info" } : null;
    case "said":
    case "hidden":
      return null; // the chat shows them
    case "rematch":
      return { text: t("event.rematch", { code: prettyCode(d.code) }), cls: "end" };
    case "spare_cards":
      return full && d.cards && d.cards.length
        ? { text: t("event.spare_cards", { roles: d.cards.map(roleName).join(", ") }), cls: "secret" } : null;
    case "step":
      return full ? { text: t("event.step", { step: t(`step.${d.key}`) }), cls: "step" } : null;
    case "prompt_opened": {
      if (!full) return null;
      const p = d.prompt || {};
      return { text: t(p.to_mj ? "event.prompt_opened_mj" : "event.prompt_opened",
        { step: t(`pstep.${p.step}`), names: listNames(p.to, name) }), cls: "step" };
    }
    case "answered": {
      if (!full) return null;
      const p = (ctx.prompts && ctx.prompts.get(d.prompt)) || { kind: Array.isArray(d.answer) ? "pick" : "confirm" };
      return { text: t("event.answered", { name: name(d.seat), step: t(`pstep.${p.step}`),
        answer: formatAnswer(p, d.answer, name) }) + (d.reason ? ` — « ${d.reason} »` : ""), cls: "answer" };
    }
    case "prompt_dropped":
      return full ? { text: t("event.prompt_dropped", { name: name(d.seat) }), cls: "info" } : null;
    case "override": {
      const params = { ...d, name: d.seat !== undefined ? name(d.seat) : "",
        role: d.role ? roleName(d.role) : "",
        step: d.step ? (has(`step.${d.step}`) ? t(`step.${d.step}`) : t(`pstep.${d.step}`)) : "" };
      return { text: t(`override.${d.action}`, params), cls: "override" };
    }
    default:
      if (QUIET.has(e.type)) return null;
      return full ? { text: e.type, cls: "info" } : null;
  }
}

/** Prompt ids → their description, from the prompt_opened events of a stream (for readable answers). */
export function promptIndex(events) {
  const out = new Map();
  for (const e of events) {
    if (e.type === "prompt_opened" && e.data && e.data.prompt) out.set(e.data.prompt.id, e.data.prompt);
  }
  return out;
}

export function prettyCode(code) {
  const c = String(code || "");
  return c.length === 8 ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** The browser's own time zone (IANA name), or null. */
export function localZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const dayKey = (date, zone) => {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone || undefined, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  } catch {
    return date.toDateString();
  }
};

/**
 * An epoch time as the reader's local clock time ("20:30"), with the day when it is not today ("demain 20:30",
 * "sam. 20:30"). `zone` shows it in another time zone instead (the room's).
 */
export function localTime(epoch, zone = null, now = Date.now() / 1000) {
  const date = new Date(epoch * 1000);
  let hm;
  try {
    hm = date.toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit", timeZone: zone || undefined });
  } catch {
    hm = date.toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" });
  }
  const today = dayKey(new Date(now * 1000), zone);
  const that = dayKey(date, zone);
  if (that === today) return hm;
  if (that === dayKey(new Date((now + 86400) * 1000), zone)) return t("time.tomorrow", { time: hm });
  let day;
  try {
    day = date.toLocaleDateString(LANG, { weekday: "long", timeZone: zone || undefined });
  } catch {
    day = date.toLocaleDateString(LANG, { weekday: "long" });
  }
  return t("time.on_day", { day, time: hm });
}

export function timeOf(at) {
  try {
    return new Date(at * 1000).toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" });
  } catch {
    return "";
  }
}

/**
 * A list of readable lines (newest first when `reverse`). Lines of events at index `mark` or later (in the whole
 * stream: `offset` is the index of events[0]) are new since the reader's last visit: marked, with a separator.
 */
export function eventList(events, ctx, mode, { reverse = false, mark = Infinity, offset = 0 } = {}) {
  // Lines grouped by phase (a night, a day); newest first, the phase's title stays on top of its group.
  const groups = [[]];
  let fresh = 0;
  events.forEach((e, i) => {
    const line = describe(e, ctx, mode);
    if (!line) return;
    const isNew = offset + i >= mark;
    if (isNew) fresh += 1;
    const node = h("li", { class: ["line", line.cls, isNew && "is-new"] },
      h("time", { class: "at" }, timeOf(e.at)), h("span", { class: "txt" }, line.text));
    if (line.cls.startsWith("sep")) groups.push([node]);
    else groups[groups.length - 1].push(node);
  });
  let lines;
  if (reverse) {
    lines = groups.reverse().flatMap((group) => {
      const head = group.length && group[0].classList.contains("sep") ? [group[0]] : [];
      return [...head, ...group.slice(head.length).reverse()];
    });
  } else {
    lines = groups.flat();
  }
  if (fresh && fresh < lines.length) {
    // "New since your last visit": between the new lines and the old ones.
    const sep = h("li", { class: "line since-sep", role: "separator" }, h("span", {}, t("ui.new_since_visit", { n: fresh })));
    if (reverse) {
      let last = -1;
      lines.forEach((node, i) => { if (node.classList.contains("is-new")) last = i; });
      lines.splice(last + 1, 0, sep);
    } else {
      lines.splice(lines.findIndex((node) => node.classList.contains("is-new")), 0, sep);
    }
  }
  return lines.length ? h("ol", { class: ["log", reverse && "log-reverse"] }, lines)
    : h("p", { class: "muted" }, t("ui.nothing_yet"));
}

/** Tally of a public pick prompt: target → voters. */
export function tallyOf(prompt) {
  const out = new Map();
  for (const [seat, answer] of Object.entries(prompt.answers || {})) {
    for (const target of Array.isArray(answer) ? answer : []) {
      if (!out.has(target)) out.set(target, []);
      out.get(target).push(Number(seat));
    }
  }
  return out;
}

/** A prompt's question, with the seats its info names (the wolves' victim, the accused) filled in. */
export function promptTitle(prompt, name) {
  const info = prompt.info || {};
  const seat = (x) => (x !== undefined && x !== null ? name(x) : "");
  return t(`prompt.${prompt.step}`,
    { victim: seat(info.victim), accused: seat(info.accused), condemned: seat(info.condemned) });
}

/** "Yes: A, B · No: C" for a yes/no question several people answer (a pack's, the village's verdict). */
export function confirmTally(prompt, name) {
  const answers = Object.entries(prompt.answers || {});
  if (!answers.length || (prompt.to || []).length < 2) return null;
  const yes = answers.filter(([, a]) => a === true).map(([s]) => Number(s));
  const no = answers.filter(([, a]) => a === false).map(([s]) => Number(s));
  return h("p", { class: "confirm-tally small" },
    t("ui.answers_so_far", { yes: yes.length ? listNames(yes, name) : "—", no: no.length ? listNames(no, name) : "—" }));
}

/** The steps where a voter may say why ("je vote contre X parce que…"). */
export const REASON_STEPS = new Set(["vote", "revote", "election"]);
export const MAX_REASON = 280;

/** The reasons given with a vote's answers: "Alice → Bruno: « … »". */
export function reasonsList(prompt, name) {
  const entries = Object.entries(prompt.reasons || {}).filter(([, text]) => text);
  if (!entries.length) return null;
  return h("ul", { class: "reasons" }, entries.map(([seat, text]) => {
    const answer = (prompt.answers || {})[seat];
    const target = Array.isArray(answer) && answer.length ? name(answer[0]) : null;
    return h("li", { "data-seat": seat },
      h("b", {}, name(seat)), target ? h("span", { class: "muted" }, ` → ${target}`) : null,
      h("q", {}, text));
  }));
}

/** The vote's lock state in a forum day: "open" (votes may change), "late" (only first votes), or null. */
export function lockState(prompt, now, locksAt = null) {
  const at = prompt.locks_at ?? locksAt;
  if (!at) return null;
  return now >= at ? "late" : "open";
}

/**
 * A prompt, rendered for the one who answers it (a seat, or the MJ answering for a seat).
 * opts: {view, name, seat (who answers), submit(answer, reason) → Promise<bool>, selection: Map (kept across
 * renders), drafts: Map of reasons being typed (a reason field shows when given), now: server time, locksAt}
 */
export function renderPrompt(prompt, opts) {
  const { view, name, seat } = opts;
  const mine = prompt.answers ? prompt.answers[String(seat)] : undefined;
  const answered = mine !== undefined;
  const withReason = Boolean(opts.drafts) && prompt.kind === "pick" && REASON_STEPS.has(prompt.step);
  const draftKey = `reason:${prompt.id}`;
  const recorded = (prompt.reasons || {})[String(seat)] || "";
  const reasonText = () => {
    const text = withReason ? (opts.drafts.get(draftKey) ?? recorded) : "";
    return text.trim().slice(0, MAX_REASON);
  };
  const submit = (answer) => opts.submit(answer, reasonText() || undefined);
  const lock = lockState(prompt, opts.now || 0, opts.locksAt);
  const locksAt = prompt.locks_at ?? opts.locksAt;
  const frozen = lock === "late" && answered; // a vote cast before the lock can no longer change
  const info = prompt.info || {};
  const title = promptTitle(prompt, name);
  // A vote whose ballots only the MJ sees (the forum's first election) says so instead of "votes are public".
  const helpKey = prompt.visibility !== "public" && has(`prompt.${prompt.step}.secret.help`)
    ? `prompt.${prompt.step}.secret.help` : `prompt.${prompt.step}.help`;
  const help = has(helpKey) ? t(helpKey, { min: prompt.min, max: prompt.max }) : null;
  const body = [];
  const players = new Map(((view && view.players) || []).map((p) => [p.seat, p]));

  // The witch sees the wolves' victim once: on the healing question, or on the poison one when there is none.
  const healOpen = prompt.step === "sorciere-poison" && info.victim !== null && view && view.secrets &&
    view.secrets.potions && view.secrets.potions.heal;
  if ((prompt.step === "sorciere-heal" || prompt.step === "sorciere-poison") && !healOpen) {
    if (info.victim !== undefined) {
      body.push(h("p", { class: "victim" }, info.victim === null ? t("ui.witch_no_victim")
        : t("ui.witch_victim", { name: name(info.victim) })));
    }
  }

  if (prompt.step === "loups" && info.leader !== undefined) {
    body.push(h("p", { class: "leader" }, icon("wolf"), " ", t("ui.wolves_leader", { name: name(info.leader) })));
  }

  if (prompt.kind === "confirm") {
    body.push(h("div", { class: "confirm-row" },
      h("button", { class: ["btn", "btn-big", "btn-yes", mine === true && "selected"], "data-answer": "yes",
        type: "button", onclick: () => submit(true) }, icon("check"), has(`prompt.${prompt.step}.yes`) ? t(`prompt.${prompt.step}.yes`) : t("ui.yes")),
      h("button", { class: ["btn", "btn-big", "btn-no", mine === false && "selected"], "data-answer": "no",
        type: "button", onclick: () => submit(false) }, icon("close"), has(`prompt.${prompt.step}.no`) ? t(`prompt.${prompt.step}.no`) : t("ui.no"))));
    if (prompt.visibility !== "self") body.push(confirmTally(prompt, name));
  } else if (prompt.kind === "choice") {
    body.push(h("div", { class: "choices" }, (prompt.options || []).map((option) =>
      h("button", { class: ["btn", "btn-big", "choice", mine === option && "selected"], type: "button",
        "data-answer": option, onclick: () => submit(option) }, choiceLabel(prompt, option)))));
  } else {
    const tally = prompt.visibility !== "self" ? tallyOf(prompt) : new Map();
    // A player's answer that cannot be taken back (the Assassin's signal) is picked, then confirmed.
    const final = prompt.policy === "first" && !prompt.to_mj && !answered;
    const multi = prompt.max > 1 || final;
    const sel = opts.selection;
    const key = prompt.id;
    if (multi && !sel.has(key)) sel.set(key, new Set(Array.isArray(mine) ? mine : []));
    const chosen = multi ? sel.get(key) : new Set(Array.isArray(mine) ? mine : []);
    const forbidden = (target) => {
      if (!["vote", "revote"].includes(prompt.step)) return null;
      // Nor against one's own other character (two characters each, 004).
      const own = [view && view.me && view.me.seat, ...((view && view.characters) || []).map((c) => c.seat)];
      if (target === seat || own.includes(target)) return t("ui.not_yourself");
      const me = view && view.secrets;
      if (me && me.lover === target) return t("ui.not_your_lover");
      if (view && view.public && view.public.shielded === target) return t("error.shielded");
      return null;
    };
    const buttons = (prompt.options || []).map((target) => {
      const p = players.get(target);
      const voters = tally.get(target) || [];
      const why = forbidden(target);
      return h("button", {
        class: ["btn", "target", chosen.has(target) && "selected", why && "forbidden"], type: "button",
        "data-seat": target, disabled: why || frozen ? true : null, title: why,
        onclick: () => {
          if (multi) {
            if (chosen.has(target)) chosen.delete(target);
            else {
              if (prompt.max === 1) chosen.clear();
              if (chosen.size < prompt.max) chosen.add(target);
            }
            opts.rerender();
          } else {
            submit(chosen.has(target) && prompt.min === 0 ? [] : [target]);
          }
        },
      },
      h("span", { class: "target-name" }, p ? p.name : name(target),
        p && p.captain ? icon("star", "captain-mark") : null),
      why ? h("small", { class: "why" }, why) : null,
      voters.length ? h("span", { class: "votes" },
        h("b", {}, String(voters.length)), h("small", {}, listNames(voters, name))) : null);
    });
    body.push(h("div", { class: "targets" }, buttons));
    const actions = [];
    if (final) {
      actions.push(h("button", { class: "btn btn-primary btn-big submit", type: "button",
        disabled: chosen.size < Math.max(1, prompt.min) || chosen.size > prompt.max ? true : null,
        onclick: () => submit([...chosen]) },
      has(`prompt.${prompt.step}.submit`) ? t(`prompt.${prompt.step}.submit`) : t("ui.confirm_pick")));
    } else if (multi) {
      actions.push(h("button", { class: "btn btn-primary btn-big submit", type: "button",
        disabled: chosen.size < prompt.min || chosen.size > prompt.max ? true : null,
        onclick: () => submit([...chosen]) }, t("ui.validate_n", { n: chosen.size, max: prompt.max })));
    }
    if (prompt.min === 0 && !final) {
      const none = Array.isArray(mine) && mine.length === 0;
      actions.push(h("button", { class: ["btn", "btn-ghost", "btn-big", "nobody", none && "selected"], type: "button",
        disabled: frozen ? true : null, onclick: () => submit([]) }, has(`prompt.${prompt.step}.none`) ? t(`prompt.${prompt.step}.none`) : t("ui.pick_nobody")));
    }
    if (actions.length) body.push(h("div", { class: "prompt-actions" }, actions));
    if (withReason && !frozen) {
      const input = h("input", { type: "text", class: "reason-input", maxlength: MAX_REASON, "data-keep": draftKey,
        id: `reason-${prompt.id}`, placeholder: t("vote.reason_placeholder"), enterkeyhint: "send", autocomplete: "off",
        value: opts.drafts.get(draftKey) ?? recorded });
      input.addEventListener("input", () => opts.drafts.set(draftKey, input.value));
      const changed = () => answered && reasonText() !== recorded.trim();
      const resend = h("button", { type: "button", class: "btn btn-small reason-send",
        onclick: () => submit(mine) }, t("vote.reason_send"));
      resend.hidden = !changed();
      input.addEventListener("input", () => { resend.hidden = !changed(); });
      input.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" && changed()) {
          ev.preventDefault();
          submit(mine);
        }
      });
      body.push(h("div", { class: "reason-field" },
        h("label", { for: `reason-${prompt.id}` }, t("vote.reason_label")),
        h("div", { class: "inline" }, input, resend)));
    }
    if (prompt.visibility === "public") body.push(reasonsList(prompt, name));
  }

  let changeHint = null;
  if (prompt.policy !== "first") {
    if (frozen) changeHint = t("forum.vote_frozen");
    else if (lock === "open") changeHint = t("forum.can_change_until", { time: localTime(locksAt) });
    else changeHint = t("ui.can_change");
  }
  const status = answered
    ? h("p", { class: "answered" }, icon(frozen ? "lock" : "check"),
      t("ui.answer_recorded", { answer: formatAnswer(prompt, mine, name) }),
      recorded ? h("q", { class: "my-reason" }, recorded) : null,
      changeHint ? h("small", {}, " ", changeHint) : null)
    : lock === "late" ? h("p", { class: "late-note" }, icon("lock"), t("forum.late_vote_final")) : null;

  return h("section", { class: ["prompt", `prompt-${prompt.step}`, answered && "is-answered"], "data-prompt": prompt.id,
    "data-min": prompt.min, "data-max": prompt.max,
    "data-step": prompt.step },
  h("h2", { class: "prompt-title" }, title),
  opts.actingAs ? h("p", { class: "acting-as" }, icon("users"), " ", t("room.acting_as", { name: opts.actingAs })) : null,
  help ? h("p", { class: "prompt-help" }, help) : null,
  body, status,
  // The step's countdown is on screen already; a prompt shows its own only when it ends at another time.
  prompt.deadline && !(view && view.step && view.step.deadline === prompt.deadline)
    ? countdown(prompt.deadline, view && view.step ? view.step.started : null, view && view.paused) : null);
}

/** The connection badge (`#conn`): hidden while online, else what is happening. */
export function showStatus(status) {
  const node = $("#conn");
  if (!node) return;
  node.hidden = status === "online";
  node.className = `conn conn-${status}`;
  node.textContent = t(`ui.conn.${status}`);
}

/** The "take a seat" form of a room page: joins with the typed name, keeps the seat's token, then `onJoined`. */
export function bindJoinForm(code, { form, input, button }, onJoined) {
  $(form).addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $(input).value.trim();
    if (!name) {
      toast(t("error.bad_name"));
      return;
    }
    const submit = $(button);
    submit.disabled = true;
    try {
      const seat = await api(`/api/rooms/${code}/join`, { method: "POST", body: { name } });
      store.set(seatKey(code), seat.token);
      onJoined(seat);
    } catch (err) {
      toast(rejectionText(err.code, err.message, err.params));
    } finally {
      submit.disabled = false;
    }
  });
}

/** "New since your last visit" in a journal: the index from which its events are new, kept until the next visit. */
export class JournalMark {
  constructor() {
    this.reset();
  }

  reset() {
    this.index = Infinity;
    this.checked = false;
  }

  /** Back on the journal: what came meanwhile is the new part. */
  markFrom(seen, length) {
    if (seen && seen.journal() < length) this.index = seen.journal();
  }

  /** On each frame: the first time, mark what came since the last visit; while the journal is seen, it is read. */
  follow(seen, events, onScreen) {
    if (!seen) return;
    if (this.index === Infinity && !this.checked) {
      this.checked = true;
      this.markFrom(seen, events.length);
    }
    if (onScreen && !document.hidden) {
      seen.setJournal(events.length);
      if (seen.dirty) seen.save();
    }
  }
}

// -- forum days: the hours of the vote ----------------------------------------------------------------------------
/** The schedule announced this morning ({ends_at, locks_at, closes_at}) in a forum game's day, or null. */
export function daySchedule(v, events) {
  if (!v.options || v.options.schedule !== "forum" || v.phase !== "day") return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "phase") break;
    if (e.type === "announce" && e.data && e.data.key === "day_schedule") return e.data.params || null;
  }
  return null;
}
