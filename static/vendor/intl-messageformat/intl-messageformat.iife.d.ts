// Types for the vendored intl-messageformat.iife.js (only what static/js uses), so that `tsc` (make lint) checks the
// pages without checking the vendored file itself. Not part of the release; kept by hand.
export class IntlMessageFormat {
  constructor(message: string, locales?: string | string[], overrideFormats?: unknown, opts?: { ignoreTag?: boolean });
  format(values?: Record<string, unknown>): string | unknown[];
}
