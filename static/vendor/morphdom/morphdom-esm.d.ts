// Types for the vendored morphdom-esm.js (only what static/js uses), so that `tsc` (make lint) checks the pages
// without checking the vendored file itself. Not part of the release; kept by hand.
export interface MorphdomOptions {
  getNodeKey?: (node: Node) => any;
  onBeforeNodeAdded?: (node: Node) => Node | false;
  onNodeAdded?: (node: Node) => void;
  onBeforeElUpdated?: (fromEl: HTMLElement, toEl: HTMLElement) => boolean;
  onElUpdated?: (el: HTMLElement) => void;
  onBeforeNodeDiscarded?: (node: Node) => boolean;
  onNodeDiscarded?: (node: Node) => void;
  onBeforeElChildrenUpdated?: (fromEl: HTMLElement, toEl: HTMLElement) => boolean;
  childrenOnly?: boolean;
}
export default function morphdom(fromNode: Node, toNode: Node | string, options?: MorphdomOptions): Node;
