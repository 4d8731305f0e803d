// @ts-check
// Bots the server plays (issue 14; docs/protocol.md, "Bots"): the console's lobby seats and unseats them over HTTP
// with the host's token; the room option `bots` lists their seats (public, like every option).
import { h, toast } from "./shell/dom.js";
import { rejectionText, t } from "./shell/i18n.js";
import { api } from "./shell/net.js";

const botSeats = (v) => new Set((v.options && v.options.bots) || []);

async function call(ctx, path, method, body) {
  try {
    await api(path, { method, token: ctx.hostToken || ctx.token, body });
  } catch (err) {
    toast(rejectionText(err.code, err.message, err.params));
  }
}

/** The lobby's "add a bot" button (disabled once the table is full). */
export function addBotButton(v, ctx, max) {
  return h("button", { type: "button", class: "btn btn-block", id: "add-bot", disabled: v.players.length >= max ? true : null,
    onclick: () => call(ctx, `/api/rooms/${ctx.code}/bots`, "POST", { count: 1 }) }, t("mj.add_bot"));
}

/** A bot's badge beside its name. */
export function botBadge(v, p) {
  return botSeats(v).has(p.seat) ? h("span", { class: "badge seat-bot", title: t("mj.bot_help") }, t("mj.bot")) : null;
}

/** Removing a bot's seat also takes it off the list of bots; undefined for a person's (the console's own `leave`). */
export function removeBot(v, p, ctx) {
  return botSeats(v).has(p.seat) ? call(ctx, `/api/rooms/${ctx.code}/bots/${p.seat}`, "DELETE") : undefined;
}
