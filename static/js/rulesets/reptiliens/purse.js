// @ts-check
// The phone's purse: the player's fortune, offices and spouse, the gift of coins, the offices he may apply to.
// The gift being put together lives in the page's state (ctx.ui.state.rpGift): a re-render never closes it.
import { h, icon } from "../../shell/dom.js";
import { rejectionText, t } from "../../shell/i18n.js";
import { officeBadges } from "../../shell/offices.js";
import { byseat, officeLabel, rt, village } from "./common.js";

const QUICK_GIFT_NAMES = 12; // up to this many possible receivers, their names stand in the purse itself
/** The gift being made on this phone, in the page's state (kept across renders: a re-render never closes it). */
function giftOf(ctx) {
  const state = ctx.ui.state;
  if (!state.rpGift) state.rpGift = { open: false, to: null, coins: 1, error: "", sending: false };
  return state.rpGift;
}

/** "Donner": a name of `secrets.may_give`, then 1 to `secrets.coins` coins, then send `rp-give`. */
function giftForm(v, ctx) {
  const gift = giftOf(ctx);
  const s = v.secrets || {};
  const may = s.may_give || [];
  const coins = Number(s.coins) || 0;
  if (!may.length || coins < 1) {
    gift.open = false;
    return null;
  }
  if (!gift.open) {
    // Two taps: a name here, then "give" (one coin unless the player says more). A big village gets a button that
    // opens the same list, so the purse stays short.
    if (may.length > QUICK_GIFT_NAMES) {
      return h("button", { type: "button", class: "btn rp-give-open", "data-action": "give", "data-key": "give-open",
        onclick: () => {
          Object.assign(gift, { open: true, to: null, coins: 1, error: "" });
          ctx.rerender();
        } }, icon("coin"), rt("ui.rp-give"));
    }
    return h("div", { class: "rp-give-quick", "data-key": "give-quick" },
      h("span", { class: "rp-give-quick-label" }, icon("coin"), rt("ui.rp-give-to-quick")),
      may.map((seat) => h("button", { type: "button", class: "btn btn-small rp-give-name", "data-give-to": seat,
        "data-key": `q${seat}`, onclick: () => {
          Object.assign(gift, { open: true, to: seat, coins: 1, error: "" });
          ctx.rerender();
        } }, ctx.name(seat))));
  }
  if (gift.to !== null && !may.includes(gift.to)) gift.to = null;
  gift.coins = Math.min(coins, Math.max(1, gift.coins));
  const send = async () => {
    if (gift.to === null || gift.sending) return;
    gift.sending = true;
    gift.error = "";
    try {
      await ctx.conn.send("rp-give", { to: gift.to, coins: gift.coins });
      Object.assign(gift, { open: false, to: null, coins: 1 });
    } catch (err) {
      gift.error = rejectionText(err.code, err.message, err.params);
    }
    gift.sending = false;
    ctx.rerender();
  };
  const setCoins = (n) => {
    gift.coins = Math.min(coins, Math.max(1, n));
    ctx.rerender();
  };
  return h("div", { class: "rp-give-form", "data-key": "give-form" },
    h("p", { class: "rp-give-step" }, rt("ui.rp-give-to")),
    h("div", { class: "rp-give-names" }, may.map((seat) => h("button", { type: "button",
      class: ["btn", "rp-give-name", gift.to === seat && "selected"], "data-give-to": seat, "data-key": `g${seat}`,
      "aria-pressed": gift.to === seat ? "true" : "false", onclick: () => {
        gift.to = seat;
        gift.error = "";
        ctx.rerender();
      } }, ctx.name(seat)))),
    gift.to !== null ? [
      h("p", { class: "rp-give-step", "data-key": "how-many" }, rt("ui.rp-give-how-many", { max: coins })),
      h("div", { class: "number-row rp-give-amount", "data-key": "amount" },
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.number_minus"), disabled: gift.coins <= 1 ? true : null,
          onclick: () => setCoins(gift.coins - 1) }, "−"),
        h("input", { type: "number", class: "number-input rp-give-coins", inputmode: "numeric", min: 1, max: coins, step: 1,
          value: gift.coins, "aria-label": rt("ui.rp-give-how-many", { max: coins }), oninput: (ev) => {
            const n = Number.parseInt(ev.target.value, 10);
            if (Number.isFinite(n)) gift.coins = Math.min(coins, Math.max(1, n));
          } }),
        h("button", { type: "button", class: "btn btn-round", "aria-label": t("ui.number_plus"), disabled: gift.coins >= coins ? true : null,
          onclick: () => setCoins(gift.coins + 1) }, "+")),
      h("button", { type: "button", class: "btn btn-primary btn-block rp-give-send", "data-key": "send", disabled: gift.sending ? true : null,
        onclick: send }, icon("coin"), rt("ui.rp-give-send", { n: gift.coins, name: ctx.name(gift.to) })),
    ] : null,
    gift.error ? h("p", { class: "rp-give-error error-line", role: "alert", "data-key": "error" }, gift.error) : null,
    h("button", { type: "button", class: "btn btn-ghost rp-give-cancel", "data-key": "cancel", onclick: () => {
      Object.assign(gift, { open: false, to: null, coins: 1, error: "" });
      ctx.rerender();
    } }, rt("ui.rp-give-cancel")));
}

/** The player's purse and offices: his fortune, the gift form, his offices, the vacant offices he may apply to. */
export function purseBox(v, ctx) {
  const s = v.secrets;
  if (!s || !v.me || v.phase === "lobby" || v.phase === "ended") return null;
  const me = byseat(v).get(v.me.seat) || {};
  const apply = s.may_apply || [];
  const offices = me.offices || [];
  const spouse = (village(v).spouses || {})[String(v.me.seat)];
  return h("section", { class: "card rp-purse", "data-key": "purse" },
    h("div", { class: "rp-purse-head", "data-key": "purse-head" },
      typeof s.coins === "number" ? h("p", { class: "rp-purse-coins" }, icon("coin"), h("b", {}, rt("ui.rp-coins", { n: s.coins }))) : null,
      offices.length ? h("p", { class: "rp-my-offices" }, rt("ui.rp-my-offices"), " ", officeBadges(me)) : null,
      spouse !== undefined && spouse !== null ? h("p", { class: "rp-my-spouse" }, icon("heart"), " ", rt("ui.rp-my-spouse", { name: ctx.name(spouse) })) : null),
    giftForm(v, ctx),
    apply.length ? h("div", { class: "rp-apply", "data-key": "apply" },
      h("p", { class: "small" }, rt("ui.rp-may-apply")),
      apply.map((office) => h("button", { type: "button", class: "btn rp-apply-button", "data-office": office, "data-key": `ap${office}`,
        onclick: () => ctx.send("rp-postuler", { office }) }, icon("star"), rt("ui.rp-apply", { office: officeLabel(v, office) })))) : null);
}
