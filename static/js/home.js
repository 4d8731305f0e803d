// @ts-check
// Home page: the games are links (server-rendered from the server's list); the code field accepts "abcd efgh",
// "ABCD-EFGH"… and shows it the way it is printed.
import { $ } from "./shell/dom.js";

$("#code-input").addEventListener("input", (ev) => {
  const raw = ev.target.value.toUpperCase().replace(/[^0-9A-Z]/g, "").slice(0, 8);
  ev.target.value = raw.length > 4 ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
});
