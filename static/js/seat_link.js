// @ts-check
// A player's personal link (templates/_seat_link.html): the link and QR code that move their seat to another
// phone or browser. Fetched with the seat's own token when its owner opens the panel: nobody else can get it.
// "New link" moves the seat to a new token on this very device, so a link sent by mistake stops working.
import { call, el, errorText, linkBox, mjKey, notify, putSvg, seatKey, store, t } from "./links.js";

const section = document.getElementById("seat-link");
const refreshers = new WeakMap(); // a mounted panel → what shows or hides it

/**
 * Show the panel on the page of a seat's owner; `code` is the room's. Safe to call again (after a re-render, or
 * when the page itself seated this browser or forgot its seat, which no `storage` event tells): it then only
 * shows or hides the panel again.
 */
export function mountSeatLink(node = section) {
  if (!node) return;
  if (node.dataset.mounted) {
    if (refreshers.has(node)) refreshers.get(node)();
    return;
  }
  node.dataset.mounted = "1";
  const code = node.dataset.code;
  const details = node.querySelector("details");
  const body = node.querySelector("#seat-link-body");
  const renew = /** @type {HTMLButtonElement} */ (node.querySelector("#seat-link-renew"));
  let loaded = null; // the token whose link is shown

  const token = () => store.get(seatKey(code));
  // The panel belongs to a seated player only; the page's own module decides who that is, from the same storage.
  const refresh = () => { node.hidden = !token(); };
  refreshers.set(node, refresh);
  refresh();
  window.addEventListener("storage", (ev) => { if (ev.key === seatKey(code)) refresh(); });

  async function load() {
    const seatToken = token();
    if (!seatToken || loaded === seatToken) return;
    body.replaceChildren(el("p", { class: "muted small" }, t("ui.loading")));
    try {
      const hostToken = store.get(mjKey(code));
      const link = await call(`/api/rooms/${encodeURIComponent(code)}/seat-link`, {
        token: seatToken, body: hostToken ? { host_token: hostToken } : {} });
      const qr = el("div", { class: "qr seat-link-qr", role: "img", "aria-label": t("seatlink.qr_alt") });
      putSvg(qr, link.svg);
      body.replaceChildren(el("div", { class: "seat-link-row" }, qr,
        el("p", { class: "small seat-link-warn" }, t("seatlink.private"))), linkBox(link.url, t("seatlink.title")));
      loaded = seatToken;
    } catch (err) {
      if (err.code === "bad_token" || err.code === "not_a_seat") {
        node.hidden = true; // this browser's seat is gone (a substitute, a hand-over): nothing to move
        return;
      }
      body.replaceChildren(el("p", { class: "error small" }, t("seatlink.error"), " ", errorText(err)));
    }
  }

  details.addEventListener("toggle", () => { if (details.open) load(); });
  renew.addEventListener("click", async () => {
    const seatToken = token();
    if (!seatToken || !window.confirm(t("seatlink.renew_confirm"))) return;
    renew.disabled = true;
    try {
      const seat = await call(`/api/rooms/${encodeURIComponent(code)}/handover`, { token: seatToken });
      store.set(seatKey(seat.code), seat.token);
      // This page's socket was closed with the old token: open the room again with the new one.
      location.replace(`/r/${seat.code}`);
    } catch (err) {
      notify(errorText(err), "error");
      renew.disabled = false;
    }
  });
}

mountSeatLink();
