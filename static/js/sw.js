// @ts-check
// The service worker (served at /sw.js by app/web/install.py, which puts its settings in front as self.VEILLEE_SW):
// a fast start and an offline page, and the server's pushes shown as notifications.
// - Pages: network first (never a stale page after an upgrade); when the network fails, the offline page, which
//   retries by itself (static/js/offline.js).
// - Static files: cache first, from a cache named after the server's static files' hash; a new version of the
//   server is a new /sw.js, whose worker fills its own cache and deletes the old ones. A page made by a newer server
//   than this worker (its X-Static-Version header) turns the cache off until the new worker takes over.
// - Everything else (the API, the websocket) goes to the network untouched.
// Worker globals are not in the pages' type library (DOM): the worker's scope is typed loosely.

const sw = /** @type {any} */ (self);
const CONFIG = sw.VEILLEE_SW || { version: "dev", precache: [], offline: "/offline" };
const PREFIX = "veillee-";
const CACHE = `${PREFIX}${CONFIG.version}`;
const ICON = "/static/icons/icon-192.png";
const BADGE = "/static/icons/badge-96.png";
let stale = false;

sw.addEventListener("install", (event) => {
  // `reload`: past the HTTP cache, whose copies may be an older server's (static files live five minutes there).
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(CONFIG.precache.map((url) => new Request(url, { cache: "reload" }))))
    .then(() => sw.skipWaiting()));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => sw.clients.claim()));
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(request));
});

/** A page from the network; the offline page when it cannot be reached. */
async function page(request) {
  try {
    const response = await fetch(request);
    const version = response.headers.get("X-Static-Version");
    if (version && version !== CONFIG.version && !stale) {
      stale = true;  // the server was upgraded: its files, not this cache's, until the new worker takes over
      sw.registration.update().catch(() => {});
    }
    return response;
  } catch {
    const offline = await caches.match(CONFIG.offline, { cacheName: CACHE });
    return offline || new Response("Veillée: offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}

/** A static file from this version's cache, else the network (kept for next time). */
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  if (!stale) {
    const hit = await cache.match(request);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok && !stale) await cache.put(request, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(request);
    if (hit) return hit;
    throw err;
  }
}

// -- Pushes (sent by the server: {"title", "body", "url", "tag"}) -----------------------------------------------
/** A path of this site, or "/": a push never sends a tap elsewhere. */
function ownPath(value) {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  try {
    const url = new URL(value, sw.location.origin);
    return url.origin === sw.location.origin ? url.pathname + url.search : "/";
  } catch {
    return "/";
  }
}

const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : "");

sw.addEventListener("push", (event) => {
  let data = {};
  try {
    data = (event.data && event.data.json()) || {};
  } catch {
    data = {};  // not JSON: the generic notification below
  }
  if (typeof data !== "object" || Array.isArray(data)) data = {};
  const options = { body: text(data.body, 500), data: { url: ownPath(data.url) }, icon: ICON, badge: BADGE };
  const tag = text(data.tag, 100);
  if (tag) options.tag = tag;
  event.waitUntil(sw.registration.showNotification(text(data.title, 120) || "Veillée", options));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(ownPath(event.notification.data && event.notification.data.url)));
});

/** Focus a window of this site already on `path`, else open one. */
async function openPage(path) {
  const target = new URL(path, sw.location.origin);
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    const at = new URL(client.url);
    if (at.origin === target.origin && at.pathname === target.pathname && "focus" in client) return client.focus();
  }
  return sw.clients.openWindow(target.href);
}
