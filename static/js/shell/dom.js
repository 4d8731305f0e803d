// @ts-check
// Building and updating the page. `h()` builds elements; `patch()` brings a live region of the page to what a
// render built, with morphdom (static/vendor/morphdom, pinned; docs/architecture.md says why): elements that stay
// are kept, so an open menu stays open, a button under the finger stays the same button, a field keeps its focus,
// its caret and its half-typed text, and a list keeps its scroll. Lists give their items a `data-key` so that an
// item moves with its key rather than taking its neighbour's place.
import morphdom from "../../vendor/morphdom/morphdom-esm.js";
import { t } from "./i18n.js";

// -- events survive a patch ------------------------------------------------------------------------------------
// An element built by h() holds its handlers in `__on` and listens with one shared dispatcher, so a patch that
// keeps the live element hands it the new handlers (which see the new render's data) without adding listeners.
function dispatch(ev) {
  const fn = this.__on && this.__on[ev.type];
  if (fn) return fn.call(this, ev);
  return undefined;
}

/** h("button", {class: "btn", onclick: fn, disabled: true, "data-x": 1}, "text", child, [more]) */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      const type = key.slice(2);
      (node.__on || (node.__on = {}))[type] = value;
      node.addEventListener(type, dispatch);
    } else if (key === "class") node.className = Array.isArray(value) ? value.flat().filter(Boolean).join(" ") : value;
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

const KEEP_OPEN = new Set(["DETAILS", "DIALOG"]);

/**
 * An element's key for morphdom: its `data-key` within the keys of its keyed ancestors (so `t3`, a target button,
 * is `p<prompt>/t3` in one question and `tally<prompt>/t3` in another), or its id, unique in the page anyway.
 */
function keyIn(root) {
  return (node) => {
    if (node.nodeType !== 1) return undefined;
    const own = node.getAttribute("data-key");
    if (!own) return node.id ? `#${node.id}` : undefined;
    let path = own;
    for (let up = node.parentElement; up && up !== root; up = up.parentElement) {
      const key = up.getAttribute("data-key");
      if (key) path = `${key}/${path}`;
    }
    return path;
  };
}

function onBeforeElUpdated(from, to) {
  // A region drawn by other code (the QR code's SVG) is left as it is.
  if (from.hasAttribute("data-patch-skip") && to.hasAttribute("data-patch-skip")) return false;
  // What the user opened stays open; what they typed stays typed.
  if (KEEP_OPEN.has(from.tagName) && from.tagName === to.tagName) to.open = from.open;
  if (from === document.activeElement && (from.tagName === "INPUT" || from.tagName === "TEXTAREA")) {
    to.value = from.value;
    if (to.hasAttribute("value")) to.setAttribute("value", from.value);
  }
  if (from.__on || to.__on) {
    from.__on = to.__on || null;
    for (const type of Object.keys(to.__on || {})) from.addEventListener(type, dispatch);
  }
  return true;
}

/** Bring the children of `node` (a selector or an element) to `children`, keeping what did not change. */
export function patch(node, ...children) {
  const target = typeof node === "string" ? $(node) : node;
  if (!target) return null;
  const next = document.createElement(target.tagName);
  append(next, children);
  const ofTarget = keyIn(target);
  const ofNext = keyIn(next);
  morphdom(target, next, {
    childrenOnly: true,
    getNodeKey: (el) => (target.contains(el) ? ofTarget(el) : ofNext(el)),
    onBeforeElUpdated,
  });
  return target;
}

/** Replace the children of `node` outright (a region that is drawn once, or whose old content must go). */
export function fill(node, ...children) {
  const target = typeof node === "string" ? $(node) : node;
  if (!target) return null;
  target.replaceChildren();
  append(target, children);
  return target;
}

export function show(selector, on) {
  const node = typeof selector === "string" ? $(selector) : selector;
  if (node) node.hidden = !on;
}

// -- icons: small inline SVG (the machine may have no emoji font) -------------------------------------------------
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
  card: '<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M10 9.5a2 2 0 1 1 3 1.7c-.6.4-1 .8-1 1.6M12 16h.01"/>',
  speaker: '<path d="M4 9v6h4l5 4V5L8 9z"/><path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"/>',
  mute: '<path d="M4 9v6h4l5 4V5L8 9z"/><path d="M17 9l5 6M22 9l-5 6"/>',
  expand: '<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>',
};

/** A ruleset adds the pictures of its cards and marks. */
export function addIcons(more) {
  Object.assign(ICONS, more);
}

/** A small inline SVG icon. */
export function icon(name, extra = "") {
  const span = document.createElement("span");
  span.className = `icon ${extra}`.trim();
  span.setAttribute("aria-hidden", "true");
  span.setAttribute("data-icon", name);
  span.innerHTML = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${ICONS[name] || ""}</svg>`;
  return span;
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

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("ui.copied"), "ok");
  } catch {
    window.prompt(t("ui.copy_manually"), text);
  }
}

// -- the join QR code --------------------------------------------------------------------------------------------
const qrCache = new Map();

/**
 * Put the room's join QR code inside `node` as inline SVG (the server's SVG scales with a viewBox added); `page`
 * "/ecran": the village screen's address instead.
 * @param {Element | null} node
 * @param {string} code
 * @param {string} [page]
 */
export function loadQr(node, code, page = "") {
  if (!node) return;
  node.setAttribute("data-patch-skip", "");
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
  const key = `${code}${page}`;
  let text = qrCache.get(key);
  if (typeof text === "string") {
    put(text);
    return;
  }
  if (!text) {
    text = fetch(`/r/${encodeURIComponent(code)}${page}/qr.svg`).then((r) => (r.ok ? r.text() : "")).catch(() => "");
    qrCache.set(key, text);
  }
  text.then((body) => {
    // The SVG may come after an XML declaration: keep the element only.
    const start = body.indexOf("<svg");
    if (start < 0) return;
    const svgText = body.slice(start);
    qrCache.set(key, svgText);
    put(svgText);
  });
}

/** The QR code element of a room (drawn once; a patch keeps it); `page` as in `loadQr`. */
export function qrNode(code, page = "") {
  const node = h("div", { class: "qr", role: "img", "aria-label": t(page ? "screen.qr_alt" : "ui.qr_alt"), "data-qr": `${code}${page}` });
  loadQr(node, code, page);
  return node;
}
