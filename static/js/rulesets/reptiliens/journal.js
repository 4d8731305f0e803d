// @ts-check
// The journal: the ruleset's own events and announcements made words, and the words of its questions.
import { has, listNames, listOf, roleName, t } from "../../shell/i18n.js";
import { announceLine, factAnnouncement, readableParams } from "../../shell/journal.js";
import { officeName } from "../../shell/offices.js";
import {
  campName, causeText, failureText, groupName, lawLabel, powerName, rt, sessionLabel, village,
} from "./common.js";

// -- the journal: the ruleset's own events ---------------------------------------------------------------------------
// The params of the ruleset's announcements the journal's generic reading (readableParams: seat, seats, target,
// partner, by, victim, role, roles, counts…) leaves raw, made words; the generic ones stay for it to read.
const SEAT_PARAMS = ["receiver", "heir", "after", "priest", "chief", "donor", "from", "requester"];

/** An announcement's `house` (its owner's seat) as the house's number in the view's street and its owner. */
function houseText(seat, ctx) {
  const street = (ctx.v && village(ctx.v).street) || [];
  const at = street.indexOf(Number(seat));
  return at >= 0 ? rt("ui.rp-house-param", { n: at + 1, name: ctx.name(seat) }) : rt("ui.rp-house-of", { name: ctx.name(seat) });
}

export function announceParams(params, ctx) {
  const { name } = ctx;
  const out = { ...params };
  for (const key of SEAT_PARAMS) if (key in out && typeof out[key] === "number") out[key] = name(out[key]);
  if (out.house !== undefined && out.house !== null) out.house = houseText(out.house, ctx);
  if (out.office !== undefined) out.office = officeName(out.office);
  if (Array.isArray(out.offices)) out.offices = out.offices.length ? listOf(out.offices.map(officeName)) : rt("ui.rp-no-office");
  if (out.law !== undefined) out.law = lawLabel(out.law, out.text);
  if (out.kind !== undefined) out.kind = sessionLabel(out.kind);
  if (out.fact !== undefined) out.fact = has(`dream.${out.fact}`) ? t(`dream.${out.fact}`) : out.fact;
  if (out.signs && typeof out.signs === "object") {
    const signs = Object.entries(out.signs);
    out.signs = signs.length ? listOf(signs.map(([seat, sign]) => rt("ui.rp-sign", { name: name(Number(seat)), sign }))) : rt("ui.rp-no-sign");
  }
  if (Array.isArray(out.street)) out.street = listNames(out.street, name);
  if (out.direction !== undefined) out.direction = has(`choice.rp-sens.${out.direction}`) ? t(`choice.rp-sens.${out.direction}`) : out.direction;
  if (Array.isArray(out.ballots)) {
    out.ballots = out.ballots.map(([seat, ballot]) => `${name(seat)} → ${listNames(ballot || [], name)}`).join(" · ");
  }
  if (out.failure !== undefined) out.failure = failureText(out.failure);
  if (out.cause !== undefined) out.cause = causeText(out.cause);
  if (out.power !== undefined) out.power = powerName(out.power);
  return out;
}

// Logs written before typed facts set the same state through `rp-set` (reptiliens/facts.py: upgrade_set): the
// setter a fact with a line replaced reads as that fact, where it stands, so that its announcement reads once.
const OLD_SETTERS = { invocation: "rp-invocation", "night.attack": "rp-attack" };

function oldSetter(e) {
  const d = e.data || {};
  const value = d.value;
  if (!OLD_SETTERS[d.field] || !value || (d.field === "invocation" && value.stage !== "target")) return null;
  return factAnnouncement({ ...e, type: OLD_SETTERS[d.field], data: value });
}

export function describe(e, ctx, mode) {
  const d = e.data || {};
  const full = mode === "full";
  const { name } = ctx;
  const mine = (seat) => ctx.me !== null && ctx.me !== undefined && seat === ctx.me;
  // A fact that reads as an announcement (its line) reads as that announcement did, its params made words here too.
  const told = e.type === "rp-set" ? oldSetter(e) : factAnnouncement(e);
  if (told) return announceLine({ ...told, params: announceParams(told.params, ctx) }, e, ctx);
  switch (e.type) {
    // The driver's bookkeeping (reptiliens/facts.py) is silent like any event the journal does not know; these
    // have their own announcement, which says what happened.
    case "rp-outcome":
    case "rp-executed":
    case "rp-show":
    case "rp-application": // its announcement (`rp-candidature`) says it
      return null;
    case "announce":
      if (typeof d.key === "string" && d.key.startsWith("rp-")) {
        return announceLine({ ...d, params: announceParams(d.params || {}, ctx) }, e, ctx);
      }
      return undefined;
    case "revealed": {
      // §9: the card the dead chose to turn, by its slot; an inheritance turns them all in one event, which its
      // announcement (rp-devient-heritage) already tells.
      if (!d.slot) return null;
      const who = { name: name(d.seat), role: roleName(d.card) };
      const text = d.slot === "specialty" ? rt("ui.rp-ev-revealed-specialty", who)
        : d.slot === "specialty2" ? rt("ui.rp-ev-revealed-specialty2", who) : rt("ui.rp-ev-revealed", who);
      return { text, cls: "info" };
    }
    case "rp-learn":
      if (!full && !(d.viewers || []).includes(ctx.me)) return null;
      return { text: full ? rt("ui.rp-ev-learn-mj", { names: listNames(d.viewers || [], name), n: (d.viewers || []).length, name: name(d.seat), role: roleName(d.card) })
        : rt("ui.rp-ev-learn", { name: name(d.seat), role: roleName(d.card) }), cls: "secret" };
    case "rp-fellows":
      return { text: rt("ui.rp-ev-fellows", { group: groupName(d.group), names: listNames(d.seats || [], name) }), cls: "secret" };
    case "rp-personal":
      return { text: (mine(d.seat) && !full ? rt("ui.rp-ev-personal", { conditions: listOf((d.conditions || []).map((c) => t(`victory.${c}`))) })
        : rt("ui.rp-ev-personal-mj", { name: name(d.seat), conditions: listOf((d.conditions || []).map((c) => t(`victory.${c}`))) })), cls: "secret" };
    case "rp-converted":
      return full ? { text: rt("ui.rp-ev-converted", { name: name(d.seat), camp: campName(d.camp) }), cls: "secret" } : null;
    case "rp-lovers":
      return { text: rt("ui.rp-ev-lovers", { names: listNames(d.seats || [], name) }), cls: "secret" };
    case "rp-coins":
      return full ? { text: rt("ui.rp-ev-coins", { name: name(d.seat), n: d.coins }), cls: "info" } : null;
    case "rp-charmed":
      return { text: mine(d.seat) && !full ? rt("ui.rp-charmed") : rt("ui.rp-ev-charmed", { name: name(d.seat) }), cls: "secret" };
    case "rp-used":
      return full ? { text: rt("ui.rp-ev-used", { name: name(d.seat), power: powerName(d.power) }), cls: "secret" } : null;
    case "rp-radiant":
      return { text: rt("ui.rp-ev-radiant", { name: name(d.seat), target: name(d.target) }), cls: "secret" };
    case "rp-conversation":
      return { text: rt("ui.rp-ev-conversation", { names: listNames(d.seats || [], name) }), cls: "info" };
    default:
      return undefined;
  }
}

// -- the questions' words --------------------------------------------------------------------------------------------
export function promptParams(prompt, name) {
  const info = prompt.info || {};
  const params = readableParams(info, name);
  if (info.alpha !== undefined) params.alpha = name(info.alpha);
  if (info.guess !== undefined) params.guess = roleName(info.guess);
  if (info.slot !== undefined) params.slot = info.slot === "camp" ? rt("ui.rp-card-camp") : rt("ui.rp-card-specialty");
  if (info.draw !== undefined) params.draw = Number(info.draw) + 1;
  if (info.office !== undefined) params.office = officeName(info.office);
  if (info.card !== undefined) params.card = roleName(info.card);
  if (info.from !== undefined) params.from = name(info.from);
  if (info.fact !== undefined) params.fact = has(`dream.${info.fact}`) ? t(`dream.${info.fact}`) : info.fact;
  if (info.slot !== undefined && info.slot === "specialty2") params.slot = rt("ui.rp-card-specialty2");
  if (info.law !== undefined) params.law = lawLabel(info.law, info.text);  // the Sénateur's, the MJ's tick
  return params;
}
