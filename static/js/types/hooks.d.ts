// The hooks a ruleset's page module (static/js/rulesets/<key>.js) may give the shell (static/js/shell/rules.js).
// Every hook is optional: the shell calls it through `hook(name, fallback, ...args)` and draws its generic rendering
// when the module has none or it returns undefined. Written by hand; `make lint` (tsc) checks each module's default
// export against it. `ctx` is the page's context (its connection, its act/answer helpers): typed loosely (`any`)
// because the phone's and the console's differ and each hook uses a few of its members.
import type { MjView, PlayerView, PromptView, View as EngineView } from "./view";

/** A view as a ruleset's hooks read it: the engine's shape (generated) plus the ruleset's own keys (`Ruleset.view_extra`,
 * `Ruleset.mj_view`: Reptiliens' village, Soupçons' hands), which are the ruleset's and untyped here. */
export type View = EngineView & { [rulesetKey: string]: any; mj?: MjView & { [rulesetKey: string]: any } };

/** A node a hook returns for the shell to draw (shell/dom.js `h`), a list of them, or nothing. */
type Drawn = any; // h() returns plain DOM nodes or strings; several hooks return lists or null

/** The name of a seat as the page shows it (the shell gives it to hooks that name players). */
type SeatName = (seat: number) => string;

/** Hooks drawn on both the phone (shell/room.js) and the console (shell/console.js): the shared stage, chat, journal, prompts. */
export interface SharedHooks {
  init?(key: string): Promise<void> | void;
  theme?(v: View): "night" | "day" | undefined;
  running?(v: View): boolean | undefined;
  nextRenderAt?(v: View, events: any[], now: number): number | null | undefined;
  newGameHref?(v: View): string | undefined;
  phaseLabel?(v: View, ...rest: any[]): Drawn;
  stepLabel?(step: View["step"], v?: View): string | undefined;
  /** The values the village screen's spoken texts take (static/i18n/narration/: `say.*`), beyond `{n}`: e.g. the
   * weekday, whose turn it is. Pure: reads the view, draws nothing. */
  sayParams?(v: View): Record<string, any> | undefined;
  stage?(v: View, ctx: any): Drawn;
  lobby?(v: View, ctx: any): Drawn;
  lobbyExtra?(v: View, ctx: any): Drawn;
  villageExtra?(v: View, ctx: any): Drawn;
  statusExtra?(v: View, ctx: any): Drawn;
  history?(v: View, ctx: any): Drawn;
  marks?(v: View, p: PlayerView, ctx: any): Drawn;
  roleChipClass?(card: string): string | null | undefined;
  deadNote?(v: View, ...rest: any[]): Drawn;
  endTitle?(result: Record<string, any>, v?: View): string | undefined;
  endIcon?(camp: string, v?: View): string | undefined;
  endClass?(v: View): string | string[] | null | undefined;
  endDetails?(v: View, ctx: any, winners?: any): Drawn;
  endWhy?(v: View, ctx: any): Drawn;
  officeIcon?(key: string): string | undefined;
  roleIcon?(role: string, extra?: string): Drawn;
  describe?(event: Record<string, any>, ctx: any, mode?: string): Drawn;
  choiceLabel?(prompt: PromptView, option: any): string | undefined;
  promptTitle?(prompt: PromptView, name: SeatName): string | undefined;
  promptParams?(prompt: PromptView, name: SeatName): Record<string, any> | undefined;
  promptHelp?(prompt: PromptView, ...rest: any[]): string | undefined;
  optionDetail?(prompt: PromptView, target: any): Drawn;
  tallyBody?(view: View, prompt: PromptView, name: SeatName): Drawn;
  voteBonus?(...args: any[]): string | undefined;
  chatOrder?: string[];
  chatLabel?(name: string, ctx: any): string | null | undefined;
  chatHelp?(name: string, mj: boolean): string | undefined;
  chatReadonly?(name: string, view: View, ctx: any, channel: any, mj: boolean): string | null | undefined;
  chatActions?(msg: Record<string, any>, chat: any): Drawn;
  /** What the village screen (static/js/screen/screen.js) shows above the news: the ruleset's public table. */
  screen?(v: View, ctx: any): Drawn;
}

/** Hooks of the phone page only (shell/room.js). */
export interface PhoneHooks {
  table?(v: View, ctx: any): Drawn;
  cards?(v: View, ctx: any): Drawn;
  afterRender?(v: View, ctx: any): void;
  joinOpen?(v: View): boolean | undefined;
  promptAnchor?(id: string): string | undefined;
  teamChannel?(prompt: PromptView, v: View): string | null | undefined;
}

/** Hooks of the game master's console only (shell/console.js). */
export interface ConsoleHooks {
  consoleInit?(ctx: any): void;
  consoleLobby?(v: View, ctx: any): void;
  consoleGame?(v: View, ctx: any): boolean | undefined;
  beforeStart?(): boolean | Promise<boolean>;
  board?(v: View, ctx: any): Drawn;
  controlsExtra?(v: View, ctx: any): Drawn;
  lobbyCheck?(v: View, ctx: any): Drawn;
  lobbySeatExtra?(v: View, p: PlayerView, ctx: any): Drawn;
  promptInfo?(v: View, p: PromptView, ctx: any): Drawn;
  removeSeat?(v: View, p: PlayerView, ctx: any): Drawn;
  seatActions?(v: View, p: PlayerView, ctx: any): Drawn;
  seatBody?(v: View, p: PlayerView, ctx: any): Drawn;
  seatClasses?(v: View, p: PlayerView): Drawn;
  seatMarks?(v: View, p: PlayerView, ctx: any): Drawn;
}

/** What a ruleset's page module exports by default. `info` is GET /api/rulesets/<key>, which `init` may fetch. */
export type RulesetHooks = SharedHooks & PhoneHooks & ConsoleHooks & { info?: Record<string, any> | null };
