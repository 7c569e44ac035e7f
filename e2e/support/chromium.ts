/*
 * The Chromium every journey and web benchmark drives: Debian's (never a downloaded one), started with
 * the project's flags. Used by playwright.config.ts, the fake camera's own launches and bench/web.
 */

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every headless Chromium of the project starts with. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
