// @ts-check
// The offline page (templates/offline.html, shown by the service worker at the address that failed): keeps the
// player's language, and asks the server whether it is back — at once when the network returns, else after a
// growing wait — then reloads the page that was asked for.

const LANGS = ["fr", "en"];
const FIRST = 2, LAST = 30;  // seconds between tries: doubling from FIRST up to LAST

function language() {
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("lang="));
  const wanted = [cookie && cookie.slice(5), ...(navigator.languages || [navigator.language])];
  for (const lang of wanted) {
    const short = (lang || "").slice(0, 2).toLowerCase();
    if (LANGS.includes(short)) return short;
  }
  return LANGS[0];
}

const lang = language();
document.documentElement.lang = lang;
for (const section of document.querySelectorAll("section[data-lang]")) {
  /** @type {HTMLElement} */ (section).hidden = section.getAttribute("data-lang") !== lang;
}
const shown = document.querySelector(`section[data-lang="${lang}"]`);
const status = /** @type {HTMLElement | null} */ (shown && shown.querySelector(".offline-status"));

let wait = FIRST, timer = 0, countdown = 0, trying = false;

async function tryNow() {
  if (trying) return;
  trying = true;
  clearTimeout(timer);
  clearInterval(countdown);
  try {
    // Not a page nor a static file: the worker lets it through to the network.
    const response = await fetch("/healthz", { cache: "no-store" });
    if (response.ok) {
      location.reload();
      return;
    }
  } catch {
    // still unreachable
  } finally {
    trying = false;
  }
  schedule();
}

function schedule() {
  let left = wait;
  const show = () => {
    if (status) status.textContent = (status.dataset.waiting || "").replace("{seconds}", String(left));
  };
  show();
  countdown = window.setInterval(() => { left = Math.max(0, left - 1); show(); }, 1000);
  timer = window.setTimeout(tryNow, wait * 1000);
  wait = Math.min(LAST, wait * 2);
}

window.addEventListener("online", () => { wait = FIRST; tryNow(); });
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") tryNow(); });
for (const button of document.querySelectorAll(".offline-retry")) button.addEventListener("click", () => tryNow());
schedule();
