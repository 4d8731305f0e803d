// @ts-check
// Talking to the server: JSON over HTTP, and one websocket per page that keeps this viewer's stream and view,
// reconnects by itself and resumes where it stopped (docs/protocol.md).
import { $, toast } from "./dom.js";
import { rejectionText, t } from "./i18n.js";

// The address links and QR codes are built from (PUBLIC_URL when the server sets it: templates/_public_url.html),
// and where a seat's and the MJ's tokens are kept: one definition, in links.js, which the small pages use too.
export { mjKey, publicBase, seatKey, store } from "../links.js";

/** The connection badge (`#conn`): hidden while online, else what is happening. */
export function showStatus(status) {
  const node = $("#conn");
  if (!node) return;
  node.hidden = status === "online";
  node.className = `conn conn-${status}`;
  node.textContent = t(`ui.conn.${status}`);
}

/** Read `#name=value` from the address, then remove the fragment so the secret does not linger in it. */
export function takeFragment(name) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const value = params.get(name);
  if (value) history.replaceState(null, "", location.pathname + location.search);
  return value;
}

// -- HTTP -------------------------------------------------------------------------------------------------------
export class ApiError extends Error {
  constructor(code, message, params) {
    super(message);
    this.code = code;
    this.params = params || {};
  }
}

/**
 * A call to the server's HTTP API; rejects with an ApiError carrying the server's code.
 * @param {string} path
 * @param {{method?: string, body?: any, token?: string | null}} [init]
 * @returns {Promise<any>} the decoded JSON answer
 */
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

const rulesetInfo = new Map();

/** What the server says of a ruleset (`GET /api/rulesets/{key}`: its cards, options, night orders…), once. */
export function rulesetData(key) {
  if (!rulesetInfo.has(key)) {
    const asked = api(`/api/rulesets/${encodeURIComponent(key)}`);
    asked.catch(() => rulesetInfo.delete(key));
    rulesetInfo.set(key, asked);
  }
  return rulesetInfo.get(key);
}

// -- the websocket ----------------------------------------------------------------------------------------------
let cidCounter = 0;

// The view after an update (docs/protocol.md): the parts in `patch` replaced, the lists in `items` rebuilt (an item
// given by its id is the very object held under that id, so what shows it need not change), the `drop` keys gone.
// Null when an item is named that this view does not hold.
/**
 * @param {import("../types/view").View | null} view
 * @param {import("../types/frames").UpdateFrame} frame
 * @returns {import("../types/view").View | null}
 */
export function updated(view, frame) {
  const next = { ...view, ...frame.patch };
  for (const [key, listed] of Object.entries(frame.items || {})) {
    const had = new Map(((view && view[key]) || []).map((item) => [item.id, item]));
    const items = listed.map((item) => (typeof item === "string" ? had.get(item) : item));
    if (items.includes(undefined)) return null;
    next[key] = items;
  }
  for (const key of frame.drop || []) delete next[key];
  return next;
}

const FATAL_CLOSE = new Set([4001, 4003, 4004]);
// A token holds a few sockets (docs/protocol.md, "Sockets"): past them the server closes its oldest with 4009. That
// page waits rather than take the seat back at once, which would close another of the user's pages in turn: it
// reconnects when it is shown again, or when its badge is tapped.
const SUPERSEDED = 4009;
// Why a socket is closed for good: the error frame's code, which the close's reason repeats. A seat handed over to
// another device (its personal link), given to a substitute or that left the table (by itself or taken off it by
// the host) is gone from this page: no reconnection, no toast.
const FATAL_CODES = new Set(["bad_token", "no_such_room", "handed_over", "substituted", "left"]);

/**
 * One viewer's live stream. Keeps the events of this viewer's stream (`events`, count `n`), the latest `view` and
 * the offset between the server's clock and ours. Reconnects with backoff, resuming from `n`.
 */
export class Connection {
  /**
   * @param {string} code
   * @param {string | null} token
   * @param {{onFrame?: (conn: Connection, frame: import("../types/frames").StreamFrame) => void, onStatus?: (status: string) => void, onFatal?: (code: string, reason?: string) => void}} [handlers]
   */
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
    /** @type {ReturnType<typeof setTimeout> | null} the back-off's timer, while one runs */
    this.retry = null;
    // Back at once: a phone brought to the front again, or its network back, reconnects now rather than after
    // the back-off it was waiting out (issue 28, item 3), and resumes from its last frame like any reconnection.
    const wake = () => this.wake();
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
  }

  /**
   * Reconnect now if a retry is waiting out its back-off: only then, so that a socket whose close is not heard yet
   * (it may be a refusal for good, or a newer page taking the seat) and a stopped or parked page stay as they are.
   */
  wake() {
    if (this.retry === null || this.stopped) return;
    clearTimeout(this.retry);
    this.retry = null;
    this.connect();
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
      clearInterval(this.ping); // a socket replaced before its close was heard (wake) leaves no timer behind
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
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    if (this.ws) this.ws.close(1000);
  }

  /** @param {import("../types/frames").ClientFrame} data */
  raw(data) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(data));
      return true;
    }
    return false;
  }

  /** @param {import("../types/frames").ServerFrame} frame */
  take(frame) {
    const kind = frame.type;
    if (kind === "welcome" || kind === "update" || kind === "sync") {
      if (kind === "sync" || (kind === "welcome" && frame.from === 0)) this.events = [];
      if (kind === "welcome" && frame.from > 0 && this.view && frame.stream !== this.stream) {
        // Every frame names its stream (`own` or `all`), and the server resends it whole when the one we named in
        // our hello is no longer ours (the game ended, a death…): a welcome that goes on from our count in another
        // stream would mix two lists, so take it again whole. (Which stream is the server's rule, not the page's.)
        this.events = [];
        this.n = null;
        this.view = null;
        this.ws.close(4000);
        return;
      }
      const view = frame.type === "update" ? updated(this.view, frame) : frame.view;
      if (frame.from > this.events.length || !view) {
        // A gap in the stream, or an item named that we do not hold (should not happen): start again from scratch.
        this.events = [];
        this.n = null;
        this.ws.close(4000);
        return;
      }
      this.events.length = frame.from;
      this.events.push(...frame.events);
      this.n = frame.n;
      this.stream = frame.stream;
      this.view = view;
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
      if (FATAL_CODES.has(frame.code)) {
        this.fatal = frame.code;
      } else if (frame.code !== "hello_expected") {
        toast(rejectionText(frame.code, frame.message, frame.params));
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
    if (ev.code === SUPERSEDED) {
      this.park(ws);
      return;
    }
    if (this.fatal || FATAL_CLOSE.has(ev.code)) {
      this.onStatus("offline");
      const said = FATAL_CODES.has(ev.reason) ? ev.reason : null;
      this.onFatal(this.fatal || said || (ev.code === 4004 ? "no_such_room" : "bad_token"), ev.reason);
      return;
    }
    this.attempt += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(this.attempt, 5)) * (0.75 + Math.random() * 0.5);
    this.onStatus("reconnecting");
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, delay);
  }

  /** Wait, after `ws` was closed for a newer socket of the same token, until the user comes back to this page. */
  park(ws) {
    this.onStatus("superseded");
    const badge = $("#conn");
    const resume = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", resume);
      if (badge) badge.removeEventListener("click", resume);
      if (this.stopped || this.ws !== ws) return;
      this.attempt = 0;
      this.connect();
    };
    document.addEventListener("visibilitychange", resume);
    if (badge) badge.addEventListener("click", resume);
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
