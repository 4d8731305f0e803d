// @ts-check
// Where a personal link lands (/r/CODE/take#k=<seat token>[&h=<host token>]): take the seat on this device, keep
// its new token (the old device's page stops, told why), then open the room (the newest of the group, after a
// rematch). The fragment never reaches the server, and is wiped from the address at once.
import { call, errorText, mjKey, seatKey, store, t } from "./links.js";

const box = document.getElementById("take");
const code = box.dataset.code;
const params = new URLSearchParams(location.hash.replace(/^#/, ""));
const token = params.get("k");
const host = params.get("h");
history.replaceState(null, "", location.pathname + location.search);

function failed(text) {
  document.getElementById("take-title").textContent = t("take.failed_title");
  document.getElementById("take-text").textContent = text;
  document.getElementById("take-actions").hidden = false;
}

async function take() {
  if (!token) {
    failed(t("take.no_token"));
    return;
  }
  try {
    const seat = await call(`/api/rooms/${encodeURIComponent(code)}/handover`, { token });
    store.set(seatKey(seat.code), seat.token);
    if (host) {
      store.set(mjKey(code), host);
      store.set(mjKey(seat.code), host); // a rematch keeps the host's token
      store.set(`veillee:host-seat:${seat.code}`, String(seat.seat));
    }
    location.replace(`/r/${seat.code}`);
  } catch (err) {
    failed(err.code === "bad_token" ? t("take.failed_text") : errorText(err));
  }
}

take();
