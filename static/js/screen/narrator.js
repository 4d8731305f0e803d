// @ts-check
// The village screen's voice: what it is told to say, said in order with the browser's speech synthesis (no server,
// no download), in the page's language, with the voice, rate and volume chosen on this screen (kept in its
// localStorage), a mute button, and an optional ambience made with Web Audio (a wind at nightfall, a bell at dawn).
// Browsers speak and play only after a tap on the page: `start()` is called from one.
import { LANG } from "../shell/i18n.js";

const SETTINGS_KEY = "veillee:screen:voice";
const DEFAULTS = { voice: "", rate: 0.95, volume: 1, muted: false, ambience: false };

/** @typedef {{voice: string, rate: number, volume: number, muted: boolean, ambience: boolean}} VoiceSettings */

/** @returns {VoiceSettings} */
function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    const out = { ...DEFAULTS };
    if (typeof saved.voice === "string") out.voice = saved.voice;
    if (Number.isFinite(saved.rate)) out.rate = Math.min(1.6, Math.max(0.6, saved.rate));
    if (Number.isFinite(saved.volume)) out.volume = Math.min(1, Math.max(0, saved.volume));
    if (typeof saved.muted === "boolean") out.muted = saved.muted;
    if (typeof saved.ambience === "boolean") out.ambience = saved.ambience;
    return out;
  } catch {
    return { ...DEFAULTS };
  }
}

export class Narrator {
  constructor() {
    this.settings = loadSettings();
    this.started = false; // the page was tapped: the browser lets it speak and play
    /** Every text the screen was told to say, in order (muted or not): what a test reads, with `spoken`. */
    this.said = [];
    /** The texts handed to the speech synthesis, in order. */
    this.spoken = [];
    this.synth = "speechSynthesis" in window ? window.speechSynthesis : null;
    this.audio = null;
  }

  /** The voices of the page's language (the browser's own list; it may fill in late). */
  voices() {
    if (!this.synth) return [];
    return this.synth.getVoices().filter((voice) => voice.lang.toLowerCase().startsWith(LANG));
  }

  /** Called from a tap: from now on the browser lets the page speak. */
  start() {
    this.started = true;
    if (this.settings.ambience) this.context();
  }

  /** @param {Partial<VoiceSettings>} change */
  set(change) {
    Object.assign(this.settings, change);
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(this.settings));
    if (this.settings.muted && this.synth) this.synth.cancel();
  }

  /** Say these texts after those already queued (the speech synthesis keeps its own queue, in order). */
  say(texts) {
    for (const text of texts) {
      if (!text) continue;
      this.said.push(text);
      if (!this.started || this.settings.muted || !this.synth) continue;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = LANG === "fr" ? "fr-FR" : "en-GB";
      const voice = this.voices().find((v) => v.name === this.settings.voice);
      if (voice) utterance.voice = voice;
      utterance.rate = this.settings.rate;
      utterance.volume = this.settings.volume;
      this.spoken.push(text);
      this.synth.speak(utterance);
    }
  }

  /** Say this text now, whatever is queued (the settings' "try the voice"). */
  sample(text) {
    if (this.synth) this.synth.cancel();
    const muted = this.settings.muted;
    this.settings.muted = false;
    this.say([text]);
    this.settings.muted = muted;
  }

  // -- ambience -------------------------------------------------------------------------------------------------
  context() {
    if (!this.audio) {
      const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
      if (!Ctx) return null;
      this.audio = new Ctx();
    }
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** A sound for night falling ("night") or day breaking ("day"), when the ambience is on. */
  ambience(kind) {
    if (!this.started || this.settings.muted || !this.settings.ambience) return;
    const audio = this.context();
    if (!audio) return;
    const out = audio.createGain();
    out.gain.value = this.settings.volume * 0.5;
    out.connect(audio.destination);
    if (kind === "day") bell(audio, out);
    else wind(audio, out);
  }
}

/** A village bell: three struck partials that fade, twice. */
function bell(audio, out) {
  for (const [delay, base] of [[0, 392], [1.4, 330]]) {
    const at = audio.currentTime + delay;
    for (const [ratio, level] of [[1, 0.5], [2.76, 0.2], [5.4, 0.08]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = base * ratio;
      gain.gain.setValueAtTime(level, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 2.5);
      osc.connect(gain).connect(out);
      osc.start(at);
      osc.stop(at + 2.6);
    }
  }
}

/** Night wind: filtered noise that swells and dies away over six seconds. */
function wind(audio, out) {
  const seconds = 6;
  const buffer = audio.createBuffer(1, audio.sampleRate * seconds, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  const noise = audio.createBufferSource();
  noise.buffer = buffer;
  const filter = audio.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 420;
  filter.Q.value = 0.7;
  const gain = audio.createGain();
  const at = audio.currentTime;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.25, at + 2.5);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  noise.connect(filter).connect(gain).connect(out);
  noise.start(at);
}
