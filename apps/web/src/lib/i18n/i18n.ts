import { useEffect, useState, useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '@visus/core';
import type accountCatalog from '@/locales/en/account.json';
import type adminCatalog from '@/locales/en/admin.json';
import type clinicCatalog from '@/locales/en/clinic.json';
import type controllerCatalog from '@/locales/en/controller.json';
import type landingCatalog from '@/locales/en/landing.json';
import type previewCatalog from '@/locales/en/preview.json';
import type rangeCatalog from '@/locales/en/range.json';
import type setupCatalog from '@/locales/en/setup.json';
import type shellCatalog from '@/locales/en/shell.json';
import type signupCatalog from '@/locales/en/signup.json';
import type testRunCatalog from '@/locales/en/test-run.json';
import type testsCatalog from '@/locales/en/tests.json';
import type resultsCatalog from '@/locales/en/results.json';

/*
 * The app's languages (issue 20, docs/adr/0028): Lingui's runtime with explicit ids and catalogs
 * compiled at build time (vite.config.ts, compiledCatalogs). Each language's words are split by area
 * (src/locales/<language>/<area>.json), and a page downloads only the areas it shows, in its language.
 */

/**
 * The areas of the catalogs: the app shell with the login screen and the messages it may show; the
 * registration and password screens with theirs; the landing page; the phone; the display's test screen;
 * Setup, Calibrate Colour, Optical History, Connect and Info (`setup`); the range guidance Setup and the
 * Tests page both show (`range`); the signed-in account screens (dashboard, profile, two-step sign-in,
 * and the login's second step); the admin screens; the clinic's screens with the sharing card; the
 * Tests page (`tests`); the results screens (list, result, report, a patient's results: `results`); the
 * admin's preview pages for testers (`preview`). A new screen's words get an area of their own, loaded
 * with the screen (routes.tsx), so that no first screen downloads them.
 */
export type CatalogArea =
  | 'shell'
  | 'signup'
  | 'landing'
  | 'controller'
  | 'test-run'
  | 'setup'
  | 'range'
  | 'account'
  | 'admin'
  | 'clinic'
  | 'tests'
  | 'results'
  | 'preview';

/** Every message id; the English catalogs are the source, so an id they lack does not compile. */
export type MessageId =
  | keyof typeof shellCatalog
  | keyof typeof signupCatalog
  | keyof typeof landingCatalog
  | keyof typeof controllerCatalog
  | keyof typeof testRunCatalog
  | keyof typeof setupCatalog
  | keyof typeof rangeCatalog
  | keyof typeof accountCatalog
  | keyof typeof adminCatalog
  | keyof typeof clinicCatalog
  | keyof typeof testsCatalog
  | keyof typeof resultsCatalog
  | keyof typeof previewCatalog;

/** Values for a message's `{placeholders}`. */
export type MessageValues = Readonly<Record<string, string | number>>;

const CATALOGS = import.meta.glob<{ messages: Messages }>('/src/locales/*/*.json');

/** Where this device remembers the language chosen with a picker. */
export const LANGUAGE_STORAGE_KEY = 'visus.language';

const loaded = new Map<string, Promise<void>>();
/** The `language/area` catalogs whose words are in (their download is over). */
const arrived = new Set<string>();
/** The areas some page has asked for: a change of language loads them all before switching. */
const areasInUse = new Set<CatalogArea>();

/** Loads one area's catalog in one language (once; later calls share the first download). */
export function loadCatalog(language: Language, area: CatalogArea): Promise<void> {
  areasInUse.add(area);
  const key = `${language}/${area}`;
  let pending = loaded.get(key);
  if (!pending) {
    const load = CATALOGS[`/src/locales/${key}.json`];
    if (!load) return Promise.reject(new Error(`no catalog ${key}`));
    pending = load().then((module) => {
      i18n.load(language, module.messages);
      arrived.add(key);
    });
    // A failed download (offline) may be tried again.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

let wanted: Language | null = null;

/**
 * The language being shown or about to be (set as soon as a switch starts; before the first one, the
 * detected language): what a screen loading its words asks for, even while the entry is still starting.
 */
export function wantedLanguage(): Language {
  return (wanted ??= detectLanguage());
}

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The language this device remembers from a picker, if any. */
export function rememberedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language to start in: the account's (when known), else the one this device remembers, else
 * the browser's languages, else English (core's pickLanguage).
 */
export function detectLanguage(
  account: Language | null = null,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  return pickLanguage([account, rememberedLanguage(), ...browser]);
}

/**
 * Shows the app in `language`: loads the catalogs of the areas in use (and of `areas`), then switches,
 * and `<html lang>` follows. `remember`: a person chose it with a picker, so this device keeps it.
 */
export async function setLanguage(
  language: Language,
  { areas = [], remember = false }: { areas?: readonly CatalogArea[]; remember?: boolean } = {},
): Promise<void> {
  wanted = language;
  await Promise.all([...new Set([...areasInUse, ...areas])].map((area) => loadCatalog(language, area)));
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts until the page is closed.
    }
  }
  document.documentElement.lang = language;
  if (i18n.locale !== language) i18n.activate(language);
}

/** A message in the current language, its `{placeholders}` filled from `values`. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * The current language code ('en' | 'es' | 'de' | 'fr'); the component renders again when it changes.
 * Any component that shows words calls it (or {@link useT}), so a change of language reaches it.
 */
export function useLocale(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** {@link t}, in a component that renders again when the language changes. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/**
 * Whether the words of `area` are loaded in the language wanted now, loading them if not: for a component
 * shown on screens of other areas (the clinic sharing card on Results), which waits for its words.
 */
export function useAreaWords(area: CatalogArea): boolean {
  const language = useLocale();
  const key = `${language}/${area}`;
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // A failed download (offline) shows the component all the same rather than a skeleton for ever.
    const done = () => {
      if (live) setReady(key);
    };
    loadCatalog(language, area).then(done, done);
    return () => {
      live = false;
    };
  }, [area, key, language]);
  return ready === key || arrived.has(key);
}
