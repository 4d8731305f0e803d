// @ts-check
// The console's street as a picture (SVG): the ring of houses, where everyone slept, the attack, the animals and
// cameras; its legend and the same facts as words.
import { h, icon } from "../../shell/dom.js";
import { has, listNames, t } from "../../shell/i18n.js";
import { byseat, failureText, rt, village, weekdayName } from "./common.js";

// -- the console: the street of houses as a picture ------------------------------------------------------------------
// The colour of a night's whereabouts in the street picture: the long action (long.<key>) that put someone there.
const ACTIONS = ["rp-attaquer", "rp-squatter", "rp-dormir-ensemble", "rp-enlevement", "rp-se-battre", "rp-copuler",
  "rp-sculpter"];
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element (h() makes HTML ones). */
function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const W = 580;
const H = 500;
const CX = W / 2;
const CY = H / 2;

/**
 * The street as a ring of houses, clockwise from the top, each named by its owner with his fortune; inside, where
 * everyone spent the night when it was not at home (an arrow from his house to the one he slept in, coloured by the
 * long action that put him there), the attacked houses and the victims, the defended and the protected houses, and
 * the cameras and animals when the view has them.
 */
export function streetPicture(v, ctx) {
  const vil = village(v);
  const street = vil.street || [];
  const n = street.length;
  if (!n) return null;
  const mj = (v.mj && v.mj.reptiliens) || {};
  const night = mj.night || {};
  const players = byseat(v);
  const coins = vil.coins || {};
  const places = night.places || {};
  const attack = night.attack || null;
  const R = n > 16 ? 185 : 168;
  const angle = (i) => -Math.PI / 2 + (2 * Math.PI * i) / n;
  const at = (i, r) => [CX + r * Math.cos(angle(i)), CY + r * Math.sin(angle(i))];
  const index = new Map(street.map((owner, i) => [owner, i]));
  const attacked = new Map(((attack && attack.houses) || []).map((a) => [a.house, a]));
  const victims = new Set((attack && attack.victims) || []);
  const dying = new Set((night.dying || []).map((x) => Number(x)));
  // Asleep now, or slept heavily last night (the places say so once the attack is over).
  const asleep = new Set([...(night.asleep || []), ...Object.entries(places).filter(([, place]) => place[2]).map(([seat]) => Number(seat))]);
  const occupants = new Map();
  for (const [seat, place] of Object.entries(places)) {
    const house = place[0];
    if (!occupants.has(house)) occupants.set(house, []);
    occupants.get(house).push(Number(seat));
  }
  const size = n > 24 ? 0.7 : n > 14 ? 0.85 : 1;
  const fmt = (x) => x.toFixed(1);

  // Arrows: from one's own house to the house one slept in.
  const moves = Object.entries(places).filter(([seat, place]) => index.has(place[0]) && Number(seat) !== place[0] && index.has(Number(seat)))
    .map(([seat, place]) => {
      const from = at(index.get(Number(seat)), R - 22 * size);
      const to = at(index.get(place[0]), R - 22 * size);
      const mid = [(from[0] + to[0]) / 2 * 0.55 + CX * 0.45, (from[1] + to[1]) / 2 * 0.55 + CY * 0.45];
      const action = ACTIONS.includes(place[1]) ? place[1] : "other";
      return s("path", { class: ["rp-move", `rp-move-${action}`].join(" "), "data-seat": seat, "data-key": `m${seat}`,
        d: `M${fmt(from[0])},${fmt(from[1])} Q${fmt(mid[0])},${fmt(mid[1])} ${fmt(to[0])},${fmt(to[1])}`, "marker-end": `url(#rp-arrow-${action})` },
      s("title", {}, rt("ui.rp-slept-at", { name: ctx.name(seat), owner: ctx.name(place[0]), action: has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1] })));
    });

  const houses = street.map((owner, i) => {
    const p = players.get(owner) || { name: ctx.name(owner), alive: true };
    const [x, y] = at(i, R);
    const a = attacked.get(owner);
    const cls = ["rp-svg-house", !p.alive && "dead", a && "attacked", a && a.victim !== null && a.victim !== undefined && "struck",
      night.militia === owner && "defended", mj.richest === owner && "protected"].filter(Boolean).join(" ");
    const k = 15 * size;
    const [lx, ly] = at(i, R + 34 * size);
    const cos = Math.cos(angle(i));
    const anchor = Math.abs(cos) < 0.3 ? "middle" : cos > 0 ? "start" : "end";
    const dy = Math.abs(cos) < 0.3 ? (Math.sin(angle(i)) < 0 ? -8 : 14) : 0;
    const inside = occupants.get(owner) || [];
    const here = inside.filter((seat) => seat !== owner);
    const [ox, oy] = at(i, R - 42 * size);
    const watching = observers(night).filter((o) => o.house === owner);
    return s("g", { class: cls, "data-house": owner, "data-key": `house${owner}` },
      s("title", {}, [rt("ui.rp-house-of", { name: p.name }),
        inside.length ? rt("ui.rp-slept-here", { names: listNames(inside, ctx.name) }) : rt("ui.rp-nobody-here"),
        a ? (a.victim !== null && a.victim !== undefined ? rt("ui.rp-attack-victim", { name: ctx.name(a.victim) }) : rt("ui.rp-attack-failed", { why: failureText(a.failure) })) : ""]
        .filter(Boolean).join(" · ")),
      a ? s("circle", { class: "rp-attack-ring", cx: fmt(x), cy: fmt(y), r: fmt(27 * size) }) : null,
      s("path", { class: "rp-house-shape", d: `M${fmt(x - k)},${fmt(y + k * 0.8)} V${fmt(y - k * 0.15)} L${fmt(x)},${fmt(y - k)} L${fmt(x + k)},${fmt(y - k * 0.15)} V${fmt(y + k * 0.8)} Z` }),
      s("text", { class: "rp-svg-no", x: fmt(x), y: fmt(y + k * 0.55), "text-anchor": "middle" }, String(i + 1)),
      s("text", { class: ["rp-owner", !p.alive && "dead", (victims.has(owner) || dying.has(owner)) && "victim"].filter(Boolean).join(" "),
        x: fmt(lx), y: fmt(ly + dy), "text-anchor": anchor },
      (victims.has(owner) || dying.has(owner)) ? "✝ " : "", p.name,
      asleep.has(owner) ? s("tspan", { class: "rp-zz" }, " zZ") : null),
      s("text", { class: "rp-owner-coins", x: fmt(lx), y: fmt(ly + dy + 15 * size), "text-anchor": anchor },
        coins[String(owner)] !== undefined ? rt("ui.rp-coins-short", { n: coins[String(owner)] }) : "",
        night.militia === owner ? ` · ${rt("ui.rp-defended")}` : "", mj.richest === owner ? ` · ${rt("ui.rp-protected")}` : ""),
      here.length ? s("g", { class: "rp-guests" },
        s("circle", { cx: fmt(ox), cy: fmt(oy), r: fmt(11 * size) }),
        s("text", { x: fmt(ox), y: fmt(oy + 4 * size), "text-anchor": "middle" }, `+${here.length}`)) : null,
      a && (a.victim === null || a.victim === undefined) && a.failure
        ? s("text", { class: "rp-attack-why", x: fmt(ox), y: fmt(oy + (here.length ? 24 : 4) * size), "text-anchor": "middle" }, failureText(a.failure)) : null,
      watching.map((o, j) => s("g", { class: `rp-observer rp-observer-${o.kind}`, "data-key": `o${j}`,
        transform: `translate(${fmt(x + k * 0.6 + 16 * j)},${fmt(y - k * 1.9)}) scale(0.62)` },
      s("title", {}, rt(`ui.rp-observer.${o.kind}`, { name: ctx.name(o.owner) })),
      s("circle", { class: "rp-observer-disc", cx: 12, cy: 12, r: 13 }),
      o.kind === "camera"
        ? [s("rect", { x: 4, y: 8, width: 11, height: 8, rx: 1.5 }), s("path", { d: "M15 10.5l5-2.5v8l-5-2.5z" })]
        : [s("circle", { cx: 7, cy: 10, r: 1.8 }), s("circle", { cx: 10.5, cy: 6.5, r: 1.8 }), s("circle", { cx: 14, cy: 6.5, r: 1.8 }),
          s("circle", { cx: 17, cy: 10, r: 1.8 }), s("path", { d: "M8.5 17c0-2.6 1.6-4.4 3.5-4.4s3.5 1.8 3.5 4.4c0 1.6-1.8 1.6-3.5 1.1-1.7.5-3.5.5-3.5-1.1z" })])));
  });

  // An arrowhead per long action, in its colour.
  const head = s("defs", {}, [...ACTIONS, "other"].map((action) => s("marker", { id: `rp-arrow-${action}`, viewBox: "0 0 10 10",
    refX: "9", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" },
  s("path", { d: "M0,0 L10,5 L0,10 z", class: `rp-arrow-head rp-head-${action}` }))));
  return s("svg", { class: "rp-street-svg", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": rt("ui.rp-street-picture"), "data-houses": n },
    head,
    s("circle", { class: "rp-ring", cx: CX, cy: CY, r: R }),
    s("g", { class: "rp-moves" }, moves),
    s("g", { class: "rp-houses" }, houses),
    s("text", { class: "rp-ring-label", x: 8, y: 24 }, weekdayName((vil.week || {}).festival ? "sun" : (vil.week || {}).weekday)),
    s("text", { class: "rp-ring-sub", x: 8, y: 44 },
      v.phase === "night" ? rt("ui.rp-night-n", { n: v.night }) : rt("ui.rp-day-n", { n: v.day })));
}

/** The trainers' animals (`night.animals`: before a house, or at the morgue before a corpse) and the thermal
 * cameras (`night.cameras`, same shape, once the offices bring them), as the picture marks them. */
export function observers(night) {
  return [...(night.animals || []).map((a) => ({ ...a, kind: "animal" })), ...(night.cameras || []).map((c) => ({ ...c, kind: "camera" }))];
}

export function legend(v) {
  const night = ((v.mj && v.mj.reptiliens) || {}).night || {};
  const used = new Set(Object.values(night.places || {}).map((p) => p[1]));
  const kinds = new Set(observers(night).filter((o) => o.house !== null && o.house !== undefined).map((o) => o.kind));
  const swatch = (cls, text, key) => h("li", { "data-key": key }, h("span", { class: `rp-swatch ${cls}` }), text);
  return h("ul", { class: "rp-legend small" },
    ACTIONS.filter((a) => used.has(a)).map((a) => swatch(`rp-move-${a}`, t(`long.${a}`), a)),
    night.attack ? swatch("rp-swatch-attack", rt("ui.rp-legend-attack"), "attack") : null,
    kinds.has("animal") ? h("li", { "data-key": "animal" }, icon("paw"), rt("ui.rp-legend-animal")) : null,
    kinds.has("camera") ? h("li", { "data-key": "camera" }, icon("camera"), rt("ui.rp-legend-camera")) : null,
    h("li", { "data-key": "guests" }, h("span", { class: "rp-swatch rp-swatch-guests" }, "+1"), rt("ui.rp-legend-guests")));
}

/** Where each player spent the night, as words: the picture's arrows for whoever reads the list. */
export function whereabouts(v, ctx) {
  const night = ((v.mj && v.mj.reptiliens) || {}).night || {};
  const places = Object.entries(night.places || {});
  if (!places.length) return h("p", { class: "muted small", "data-key": "no-places" }, rt("ui.rp-no-places"));
  const attack = night.attack || {};
  return h("details", { class: "rp-whereabouts more", "data-key": "whereabouts", open: true },
    h("summary", {}, rt("ui.rp-where-slept")),
    h("ul", { class: "small" }, places.map(([seat, place]) => h("li", { "data-key": `w${seat}`, "data-seat": seat },
      h("b", {}, ctx.name(seat)), " — ",
      Number(seat) === place[0] ? rt("ui.rp-at-home") : rt("ui.rp-at-house", { name: ctx.name(place[0]) }),
      " · ", has(`long.${place[1]}`) ? t(`long.${place[1]}`) : place[1],
      place[2] ? [" · ", rt("ui.rp-heavy-sleep")] : null))),
    (attack.houses || []).length ? h("ul", { class: "small rp-attacks" }, attack.houses.map((a, i) => h("li", { "data-key": `a${i}` },
      rt("ui.rp-attack-line", { house: ctx.name(a.house), attackers: listNames(a.attackers, ctx.name) }), " ",
      a.victim !== null && a.victim !== undefined ? rt("ui.rp-attack-victim", { name: ctx.name(a.victim) }) : rt("ui.rp-attack-failed", { why: failureText(a.failure) })))) : null);
}
