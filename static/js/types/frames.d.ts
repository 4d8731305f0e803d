// The websocket's frames (docs/protocol.md, "Hello", "Server frames", "Client frames"), hand-written: the server
// builds them as dicts (app/realtime/hub.py, app/web/ws.py). tests/web/test_frame_types.py plays a game and checks
// every frame it receives against the interfaces below: one interface per frame, one `field: type;` a line.
import type { View } from "./view";

/** An event of the viewer's stream (app/engine/views.py `public_event`); `to` only in an `all` stream. */
export interface StreamEvent {
  type: string;
  data: Record<string, any>;
  at: number;
  to?: number[] | null;
}

/** Which stream a frame belongs to: the viewer's own events, or every event (the MJ, everyone after the end). */
export type StreamKind = "own" | "all";

// -- server frames ----------------------------------------------------------------------------------------------
/** The answer to hello: the events after `from` and the whole view. */
export interface WelcomeFrame {
  type: "welcome";
  n: number;
  from: number;
  stream: StreamKind;
  events: StreamEvent[];
  view: View;
  server_time: number;
}

/** The whole stream again (`from` = 0), when the viewer's right to see changed. */
export interface SyncFrame {
  type: "sync";
  n: number;
  from: number;
  stream: StreamKind;
  events: StreamEvent[];
  view: View;
  server_time: number;
}

/** New events and the view's changed parts: `patch` whole, `items` lists by item (an unchanged item by its id). */
export interface UpdateFrame {
  type: "update";
  n: number;
  from: number;
  stream: StreamKind;
  events: StreamEvent[];
  patch: Partial<View>;
  items?: { [key: string]: Array<string | Record<string, any>> };
  drop?: string[];
  server_time: number;
}

/** A command was taken (or was already: a resent `cid`). */
export interface AckFrame {
  type: "ack";
  cid: string | null;
}

/** A command was refused; nothing changed. */
export interface RejectedFrame {
  type: "rejected";
  cid: string | null;
  code: string;
  message: string;
  params: Record<string, any>;
}

/** A frame that could not be read, or why the socket closes (`bad_token`, `superseded`, `substituted`…). */
export interface ErrorFrame {
  type: "error";
  code: string;
  message?: string;
  params?: Record<string, any>;
}

/** The answer to a ping. */
export interface PongFrame {
  type: "pong";
}

export type ServerFrame = WelcomeFrame | SyncFrame | UpdateFrame | AckFrame | RejectedFrame | ErrorFrame | PongFrame;

/** The frames that carry the stream and the view. */
export type StreamFrame = WelcomeFrame | SyncFrame | UpdateFrame;

// -- client frames ----------------------------------------------------------------------------------------------
/** The first frame: a seat's or the MJ's token, or null for a spectator; `last`/`stream` to resume. */
export interface HelloFrame {
  type: "hello";
  token: string | null;
  last: number | null;
  stream: StreamKind | null;
}

/** A command (docs/protocol.md, "Client frames"), answered by `ack` or `rejected` under its `cid`. */
export interface CommandFrame {
  type: "command";
  cid: string;
  command: string;
  args: Record<string, any>;
}

/** Keeps the socket alive; answered by `pong`. */
export interface PingFrame {
  type: "ping";
}

export type ClientFrame = HelloFrame | CommandFrame | PingFrame;
