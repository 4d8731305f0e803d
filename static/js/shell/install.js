// @ts-check
// The installable app, on every page (templates/base.html): registers the service worker (/sw.js), reloads once
// when a new one takes over (a server upgrade), offers to install where the browser allows it
// (`beforeinstallprompt`), shows the room page's install hint (#install-hint) and lists on the home page the rooms
// this browser holds a seat in (#my-rooms), which is where the installed app starts (its start_url is "/").
// Self-contained, like links.js: it reads nothing of the page's other modules.
import { el, mjKey, seatKey, store, t } from "../links.js";

const DISMISSED = "veillee:install-hint";
const standalone = () => window.matchMedia("(display-mode: standalone)").matches
  || /** @type {any} */ (navigator).standalone === true;

function register() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  // Only an update reloads: the first worker to take a page over changes nothing it shows.
  const updating = Boolean(navigator.serviceWorker.controller);
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating || reloaded) return;
    reloaded = true;
    location.reload();
  });
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* the page works without it */ });
}

/** The room page's hint: how to install, and how to bring one's seat into the installed app (its own storage). */
function hint() {
  const box = /** @type {HTMLElement | null} */ (document.getElementById("install-hint"));
  if (!box || standalone() || store.get(DISMISSED)) return;
  box.hidden = false;
  const later = document.getElementById("install-later");
  if (later) later.addEventListener("click", () => { store.set(DISMISSED, "1"); box.hidden = true; });
}

/** The browser's own install prompt, behind the hint's button (Chromium; other browsers use their menu). */
function prompt() {
  /** @type {any} */
  let offered = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offered = event;
    for (const button of document.querySelectorAll(".install-button")) /** @type {HTMLElement} */ (button).hidden = false;
  });
  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest(".install-button") : null;
    if (!button || !offered) return;
    const asked = offered;
    offered = null;
    await asked.prompt();
    await asked.userChoice;
    for (const b of document.querySelectorAll(".install-button")) /** @type {HTMLElement} */ (b).hidden = true;
  });
  window.addEventListener("appinstalled", () => {
    const box = document.getElementById("install-hint");
    if (box) box.hidden = true;
  });
}

/** The codes of the rooms this browser holds a seat or a host's token in (the keys of links.js). */
function myRooms() {
  /** @type {{code: string, mj: boolean}[]} */
  const rooms = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) || "";
      const match = /^veillee:(seat|mj):([0-9A-Z]{4,16})$/.exec(key);
      if (!match) continue;
      const code = match[2];
      if (match[1] === "seat" && store.get(seatKey(code))) rooms.push({ code, mj: false });
      if (match[1] === "mj" && store.get(mjKey(code))) rooms.push({ code, mj: true });
    }
  } catch {
    return [];  // storage refused (private mode)
  }
  return rooms.sort((a, b) => a.code.localeCompare(b.code) || Number(a.mj) - Number(b.mj)).slice(0, 12);
}

/** What a room of the list is now, as any visitor may know it (GET /api/rooms/{code}): its game's name (the home
 * page's own card names it) and its phase. A room the server no longer has is taken off the list, and its key off
 * this browser: a wrong code costs a guess of the address's lookup budget at every visit. */
async function describe(item, code, key) {
  let answer;
  try {
    answer = await fetch(`/api/rooms/${code}`, { headers: { Accept: "application/json" } });
  } catch {
    return;  // offline: the code alone still opens it later
  }
  if (answer.status === 404) {
    store.del(key);
    item.remove();
    return;
  }
  if (!answer.ok) return;
  const room = await answer.json().catch(() => null);
  const line = item.querySelector(".my-room-what");
  if (!room || !line) return;
  const game = document.querySelector(`#game-${CSS.escape(String(room.ruleset))} .game-name`);
  const v = room.view || {};
  const phase = v.phase === "night" ? t("phase.night", { n: v.night }) : v.phase === "day" ? t("phase.day", { n: v.day })
    : ["lobby", "ended"].includes(v.phase) ? t(`phase.${v.phase}`) : "";
  line.textContent = [game ? game.textContent : "", phase].filter(Boolean).join(" · ");
}

function listRooms() {
  const box = /** @type {HTMLElement | null} */ (document.getElementById("my-rooms"));
  const list = document.getElementById("my-rooms-list");
  if (!box || !list) return;
  const rooms = myRooms();
  if (!rooms.length) return;
  const pretty = (code) => `${code.slice(0, 4)}-${code.slice(4)}`;
  list.replaceChildren(...rooms.map(({ code, mj }) => {
    const item = el("li", {},
      el("a", { class: "btn btn-ghost btn-block my-room", href: mj ? `/r/${code}/mj` : `/r/${code}` },
        el("span", { class: "my-room-code" }, mj ? t("install.as_mj", { code: pretty(code) }) : pretty(code)),
        el("span", { class: "my-room-what small muted" })));
    describe(item, code, mj ? mjKey(code) : seatKey(code));
    return item;
  }));
  box.hidden = false;
}

register();
prompt();
hint();
listRooms();
