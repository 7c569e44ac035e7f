import { CONTROLLER_KEY_PATTERN } from '@visus/contracts/constants';
import type { Correction } from '@visus/core';
import { isCorrection } from './controller-state';

/*
 * What this phone remembers per session pin: its controllerKey (docs/realtime.md: the first phone binds
 * the session to its key, and only the same key can reconnect) and the correction it gave. Kept in
 * sessionStorage (this tab) and localStorage (survives the tab being discarded while the phone is
 * locked), so a reload or a relock reconnects as the same phone without asking again.
 */

interface Remembered {
  controllerKey: string;
  correction?: Correction;
}

const storageKey = (pin: string) => `visus.controller.${pin}`;

function stores(): Storage[] {
  const found: Storage[] = [];
  for (const pick of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      const storage = pick();
      if (storage) found.push(storage);
    } catch {
      // Storage disabled (private mode, blocked cookies): this page still works, it just forgets.
    }
  }
  return found;
}

function read(pin: string): Remembered | null {
  for (const storage of stores()) {
    try {
      const raw = storage.getItem(storageKey(pin));
      if (!raw) continue;
      const value = JSON.parse(raw) as Partial<Remembered>;
      if (typeof value.controllerKey !== 'string' || !CONTROLLER_KEY_PATTERN.test(value.controllerKey))
        continue;
      return {
        controllerKey: value.controllerKey as string,
        ...(isCorrection(value.correction) ? { correction: value.correction } : {}),
      };
    } catch {
      // Unreadable entry: try the next storage.
    }
  }
  return null;
}

function write(pin: string, value: Remembered): void {
  for (const storage of stores()) {
    try {
      storage.setItem(storageKey(pin), JSON.stringify(value));
    } catch {
      // Full or refused: the key still lives in memory for this page.
    }
  }
}

/** 24 random bytes (192 bits) as base64url: 32 characters of [A-Za-z0-9_-]. */
export function newControllerKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This phone's key for `pin`: the remembered one, or a new one that is remembered from now on. */
export function controllerKeyFor(pin: string): string {
  const remembered = read(pin);
  if (remembered) {
    write(pin, remembered); // copy to whichever storage lost it
    return remembered.controllerKey;
  }
  const controllerKey = newControllerKey();
  write(pin, { controllerKey });
  return controllerKey;
}

/** The correction this phone gave for `pin`, if any. */
export function rememberedCorrection(pin: string): Correction | null {
  return read(pin)?.correction ?? null;
}

/** Remembers the correction next to the key (after the display accepted it). */
export function rememberCorrection(pin: string, correction: Correction): void {
  write(pin, { controllerKey: controllerKeyFor(pin), correction });
}
