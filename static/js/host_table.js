// @ts-check
// The controls of a host who plays (templates/_host_bar.html, option host_plays), on their player page: start,
// pause and resume, remove a player before the start, replace one during the game, stop, rematch. They use the
// host's token on a socket of their own (the pages' connection, static/js/shell/net.js), which the server answers
// with what a spectator sees: the host plays with the secrets of their seat only, which the page's own socket shows.
import { call, el, errorText, linkBox, mjKey, notify, publicBase, seatKey, store, t } from "./links.js";
import { Connection } from "./shell/net.js";

const bar = document.getElementById("host-bar");
const CODE = bar ? bar.dataset.code : null;
const TOKEN = CODE ? store.get(mjKey(CODE)) : null;
const hostSeat = () => {
  const seat = CODE ? store.get(`veillee:host-seat:${CODE}`) : null;
  return seat === null ? null : Number(seat);
};

/** Keep the host's token (and their seat's number) for the group's next room. */
function follow(code) {
  store.set(mjKey(code), TOKEN);
  if (hostSeat() !== null) store.set(`veillee:host-seat:${code}`, String(hostSeat()));
}

function show(selector, on) {
  const node = bar.querySelector(selector);
  if (node) node.hidden = !on;
}

async function act(socket, command, args = {}) {
  try {
    await socket.send(command, args);
    return true;
  } catch (err) {
    notify(errorText(err), "error");
    return false;
  }
}

function people(view) {
  // A second character (004) has no link of its own: its player is the one seated, removed or replaced.
  return (view.players || []).filter((p) => p.controller === null || p.controller === undefined);
}

function renderLobby(socket, view) {
  const list = bar.querySelector("#host-seats");
  const mine = hostSeat();
  list.replaceChildren(...people(view).map((p) => el("li", { class: "host-seat" },
    el("span", { class: "host-seat-name" }, p.name, p.seat === mine ? el("small", { class: "muted" }, ` · ${t("host.you")}`) : null),
    p.seat === mine ? null : el("button", { type: "button", class: "btn btn-small btn-danger-ghost", onclick: async () => {
      if (window.confirm(t("host.remove_confirm", { name: p.name }))) await act(socket, "leave", { seat: p.seat });
    } }, t("host.remove")))));
  const n = people(view).length;
  // The ruleset's own minimum (Reptiliens plays from 6, Thiercelieux from 3): said once the server has told it.
  bar.querySelector("#host-start-need").textContent = minPlayers ? t("host.seated_n", { n, min: minPlayers }) : "";
}

let minPlayers = null;
let asked = false; // one request a page

async function loadMinimum(socket, ruleset) {
  if (asked || !ruleset) return;
  asked = true;
  try {
    minPlayers = (await call(`/api/rulesets/${encodeURIComponent(ruleset)}`, { method: "GET" })).min_players || null;
  } catch {
    return; // the sentence stays unsaid; the start's own refusal names the minimum
  }
  if (socket.view && socket.view.phase === "lobby") renderLobby(socket, socket.view);
}

function renderReplace(view) {
  const select = /** @type {HTMLSelectElement} */ (bar.querySelector("#host-replace-seat"));
  const wanted = select.value;
  const options = people(view).filter((p) => p.seat !== hostSeat());
  const key = options.map((p) => `${p.seat}:${p.name}`).join("|");
  if (select.dataset.key === key) return; // do not disturb a choice being made
  select.dataset.key = key;
  select.replaceChildren(...options.map((p) => el("option", { value: String(p.seat) }, p.name)));
  if (options.some((p) => String(p.seat) === wanted)) select.value = wanted;
}

function render(socket, view) {
  bar.hidden = false;
  const phase = view.phase;
  const playing = phase === "night" || phase === "day";
  show("[data-host-lobby]", phase === "lobby");
  show("[data-host-game]", playing);
  show("[data-host-ended]", phase === "ended");
  // During the game the page's own status bar says whether it is paused: the bar does not say it again.
  const state = /** @type {HTMLElement} */ (bar.querySelector("#host-state"));
  state.textContent = phase === "lobby" ? t("host.state.lobby") : phase === "ended" ? t("host.state.ended") : "";
  state.className = "host-state badge";
  state.hidden = playing;
  if (phase === "lobby") {
    renderLobby(socket, view);
    loadMinimum(socket, view.ruleset);
  }
  if (playing) {
    show("#host-pause", !view.paused);
    show("#host-resume", Boolean(view.paused));
    renderReplace(view);
  }
}

function bind(socket) {
  const start = /** @type {HTMLButtonElement} */ (bar.querySelector("#host-start"));
  start.addEventListener("click", async () => {
    start.disabled = true;
    await act(socket, "start");
    start.disabled = false;
  });
  bar.querySelector("#host-pause").addEventListener("click", () => act(socket, "pause"));
  bar.querySelector("#host-resume").addEventListener("click", () => act(socket, "resume"));
  bar.querySelector("#host-end").addEventListener("click", async () => {
    if (window.confirm(t("host.end_confirm"))) await act(socket, "end");
  });
  bar.querySelector("#host-replace").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = /** @type {any} */ (ev.currentTarget); // its named controls (form.elements.seat…)
    const seat = Number(form.elements.seat.value);
    const name = form.elements.name.value.trim();
    const player = (socket.view.players || []).find((p) => p.seat === seat);
    if (!player || !window.confirm(t("host.replace_confirm", { name: player.name }))) return;
    const result = bar.querySelector("#host-replace-result");
    try {
      const sub = await call(`/api/rooms/${encodeURIComponent(CODE)}/substitute`, {
        token: TOKEN, body: name ? { seat, name } : { seat } });
      form.elements.name.value = "";
      result.replaceChildren(el("p", { class: "small" }, t("host.replace_link", { name: name || player.name })),
        linkBox(`${publicBase()}/r/${CODE}#t=${sub.token}`, t("host.replace_link", { name: name || player.name })));
    } catch (err) {
      notify(errorText(err), "error");
    }
  });
  const rematch = /** @type {HTMLButtonElement} */ (bar.querySelector("#host-rematch"));
  rematch.addEventListener("click", async () => {
    rematch.disabled = true;
    try {
      const next = await call(`/api/rooms/${encodeURIComponent(CODE)}/rematch`, { token: TOKEN });
      follow(next.code); // the same host, the same links
      const seatToken = store.get(seatKey(CODE));
      if (seatToken) store.set(seatKey(next.code), seatToken);
      location.assign(`/r/${next.code}`);
    } catch (err) {
      notify(errorText(err), "error");
      rematch.disabled = false;
    }
  });
}

if (bar && TOKEN) {
  const socket = new Connection(CODE, TOKEN, {
    onFrame: (conn, frame) => {
      // A rematch, wherever it was asked for: the host's token opens the new room too.
      for (const e of frame.events || []) if (e.type === "rematch" && e.data && e.data.code) follow(e.data.code);
      render(conn, conn.view);
    },
    onFatal: () => { bar.hidden = true; },
  });
  bind(socket);
  socket.connect();
  // The host's seat was taken on another device (their personal link, which carries the host's key): the controls
  // are there now, and this page stops.
  window.addEventListener("veillee:handed-over", () => {
    socket.stop();
    bar.hidden = true;
  });
}
