// @ts-check
// Soupçons: create a table (your name, how many bots, how fast), seat yourself, the bots, and maybe start at once.
import { $, fill, h, toast } from "./shell/dom.js";
import { rejectionText, t } from "./shell/i18n.js";
import { api, mjKey, rulesetData, seatKey, store } from "./shell/net.js";
import { optionField, readOptions } from "./options_form.js";

const form = $("#sc-create-form");
const botsInput = $("#sc-bots");
// The table's size is the server's (the ruleset's player range, in the input's `max` and `data-table-min`): the
// creator takes one seat, the bots the others.
const MAX_BOTS = Number(botsInput.max);
const TABLE_MIN = Number(botsInput.dataset.tableMin);
// The options drawn from the schema into the form's `[data-section]` blocks (drawOptions), and the ruleset's info.
const drawn = { info: null, names: [] };

function bots() {
  const n = Math.round(Number(botsInput.value));
  return Number.isFinite(n) ? Math.min(MAX_BOTS, Math.max(0, n)) : 2;
}

/** Whether the creator and `n` bots make a table that may start. */
const enough = (n) => n + 1 >= TABLE_MIN;

function refresh() {
  const n = bots();
  botsInput.value = String(n);
  const canStart = enough(n);
  $("#sc-start-now-row").hidden = !canStart;
  fill("#sc-bots-hint", n === 0 ? t("sc.home.bots_none") : canStart ? t("sc.home.bots_solo", { n: n + 1 })
    : t("sc.home.bots_more", { n: n + 1 }));
}

for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-stepper=bots] [data-step]"))) {
  button.addEventListener("click", () => {
    botsInput.value = String(bots() + Number(button.dataset.step));
    refresh();
  });
}
botsInput.addEventListener("change", refresh);

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const name = $("#sc-name").value.trim();
  if (!name) {
    toast(t("error.bad_name"));
    $("#sc-name").focus();
    return;
  }
  const button = $("#sc-create");
  button.disabled = true;
  // Only the pace: the server derives the reply's time from it (app/engine/rulesets/soupcons/options.py).
  const pace = $("#sc-turn");
  const value = Number(pace.value);
  try {
    const room = await api("/api/rooms", { method: "POST", body: {
      ruleset: "soupcons", options: { ...(drawn.info ? readOptions(form, drawn.info, drawn.names) : {}),
        ...(pace.name && Number.isFinite(value) && value > 0 ? { [pace.name]: value } : {}) },
    } });
    store.set(mjKey(room.code), room.mj_token);
    const seat = await api(`/api/rooms/${room.code}/join`, { method: "POST", body: { name } });
    store.set(seatKey(room.code), seat.token);
    const n = bots();
    if (n > 0) {
      await api(`/api/rooms/${room.code}/bots`, { method: "POST", token: room.mj_token, body: { count: n } });
    }
    if (enough(n) && $("#sc-start-now").checked) {
      await api(`/api/rooms/${room.code}/commands`, { method: "POST", token: room.mj_token,
        body: { command: "start", args: {} } });
    }
    location.assign(`/r/${room.code}`);
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
    button.disabled = false;
  }
});

/** The paces the server offers: the option whose schema has the display hint `choices` (the giver's time), its
 * default chosen; the select takes the option's name. */
async function drawTurn() {
  const select = $("#sc-turn");
  try {
    const info = await rulesetData("soupcons");
    const [name, pace] = Object.entries(info.options_schema.properties).find(([, s]) => s.choices) || [];
    if (!name) return;
    select.name = name;
    const current = (info.options || {})[name] ?? pace.default;
    fill(select, Object.entries(pace.choices).map(([choice, value]) => h("option",
      { value: String(value), selected: value === current ? true : null }, t(`sc.home.turn_${choice}`))));
    drawOptions(info);
  } catch (err) {
    toast(rejectionText(err.code || "network", t("ui.conn.offline")));
  }
}

/** Every option the schema places in one of the form's blocks (its `section`), drawn by what it is. */
function drawOptions(info) {
  const props = info.options_schema.properties;
  drawn.info = info;
  drawn.names = [];
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll("[data-section]"))) {
    const names = Object.keys(props).filter((name) => props[name].section === box.dataset.section);
    drawn.names.push(...names);
    fill(box, names.map((name) => optionField(info, name, "opt.")));
  }
}

refresh();
drawTurn();
