// What the pages put on `window` for the curious and for the browser tests (shell/room.js, shell/console.js).
export {};
declare global {
  interface Window {
    veillee?: any; // the page's live state (`ui`): its connection, its view, its render
  }
}
