// @ts-check
// The links players are given (PUBLIC_URL when the server sets it), and the few helpers the host's panel, the
// personal link and the hand-over page share. Self-contained on purpose: these small modules run beside the page's
// own and depend on nothing of it but the catalogue (#i18n) and the storage keys below.

const CATALOGUE = (() => {
  try {
    return JSON.parse(document.getElementById("i18n").textContent);
  } catch {
    return {};
  }
})();

/** A text of the catalogue, `{name}` placeholders filled. */
export function t(key, params = {}) {
  const text = CATALOGUE[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export const has = (key) => key in CATALOGUE;

/** What a refusal says to a person: the catalogue's text for its code, else the server's message. */
export function errorText(err) {
  const code = err && err.code;
  return code && has(`error.${code}`) ? t(`error.${code}`, err.params || {}) : (err && err.message) || String(err);
}

/** `https://host` for links others open: the server's PUBLIC_URL (templates/_public_url.html), else this page's. */
export function publicBase() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="veillee-public-url"]'));
  return (meta && meta.content) || location.origin;
}

// The same keys as the pages' own modules: a seat's token, and the MJ's (the host's).
export const seatKey = (code) => `veillee:seat:${code}`;
export const mjKey = (code) => `veillee:mj:${code}`;

export const store = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode */ } },
  del(key) { try { localStorage.removeItem(key); } catch { /* private mode */ } },
};

export class RequestError extends Error {
  constructor(code, message, params) {
    super(message || code);
    this.code = code;
    this.params = params || {};
  }
}

/** A JSON request to the API, with a bearer token; the answer's JSON, or a RequestError. */
export async function call(path, { method = "POST", token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store", credentials: "same-origin" });
  } catch {
    throw new RequestError("network", t("ui.conn.offline"));
  }
  let data = null;
  try { data = await response.json(); } catch { /* no body */ }
  if (!response.ok) {
    const e = (data && data.error) || {};
    throw new RequestError(e.code || "http_error", e.message || response.statusText, e.params);
  }
  return data;
}

/** A small element: el("p", {class: "x"}, "text", child…). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Put a QR code (the server's SVG text) inside `node`, scaling with it. */
export function putSvg(node, svgText) {
  const start = svgText.indexOf("<svg");
  const doc = new DOMParser().parseFromString(start >= 0 ? svgText.slice(start) : "", "image/svg+xml");
  const svg = doc.documentElement;
  node.replaceChildren();
  if (!svg || svg.nodeName.toLowerCase() !== "svg") return;
  const w = svg.getAttribute("width"), h = svg.getAttribute("height");
  if (w && h && !svg.getAttribute("viewBox")) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("aria-hidden", "true");
  node.append(document.importNode(svg, true));
}

/** Copy a text (a link); true when it worked. */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A short message at the bottom of the page (the pages' #toasts box). */
export function notify(message, kind = "ok") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const node = el("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(node);
  setTimeout(() => node.classList.add("leaving"), 3800);
  setTimeout(() => node.remove(), 4300);
}

/** A read-only link with a copy button (the pages' .linkbox). */
export function linkBox(url, label) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
  input.addEventListener("focus", () => input.select());
  const button = el("button", { type: "button", class: "btn btn-small" }, t("ui.copy"));
  button.addEventListener("click", async () => {
    if (await copy(input.value)) notify(t("ui.copied"));
    else input.select();
  });
  return el("div", { class: "linkbox" }, input, button);
}
