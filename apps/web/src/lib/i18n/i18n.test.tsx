import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  currentLanguage,
  detectLanguage,
  rememberedLanguage,
  setLanguage,
  t,
  useLocale,
} from './i18n';
import { translateServerMessage } from './server-messages';
import './signup-messages';

afterEach(async () => {
  await setLanguage('en');
});

describe('detectLanguage', () => {
  it("takes the account's language first", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage('de', ['es-ES'])).toBe('de');
  });

  it('then the language this device remembers from a picker', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(detectLanguage(null, ['es-ES', 'en'])).toBe('fr');
  });

  it("then the first of the browser's languages Visus speaks", () => {
    expect(detectLanguage(null, ['pt-BR', 'de-CH', 'es'])).toBe('de');
    expect(detectLanguage(null, ['es-419'])).toBe('es');
  });

  it('else English', () => {
    expect(detectLanguage(null, ['ja', 'zh-TW'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('ignores a remembered value that is not a Visus language', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(rememberedLanguage()).toBeNull();
    expect(detectLanguage(null, ['fr-CA'])).toBe('fr');
  });
});

describe('setLanguage', () => {
  it('loads the catalogs in use, switches, and <html lang> follows', async () => {
    await setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(t('login.title')).toBe('Iniciar sesión');
    expect(t('prompt.letters')).toBe('¿Qué letra ve? Si no está seguro, intente adivinarla.');
    // Not remembered unless a person picked it.
    expect(rememberedLanguage()).toBeNull();
    await setLanguage('de', { remember: true });
    expect(document.documentElement.lang).toBe('de');
    expect(rememberedLanguage()).toBe('de');
  });

  it('fills placeholders from the compiled catalogs', async () => {
    await setLanguage('fr');
    expect(t('register.passwordHelp', { min: 8 })).toBe('Au moins 8\u00a0caractères.');
    expect(t('page.sent', { label: 'Gauche' })).toBe('Envoyé\u00a0: Gauche');
  });

  it('renders a component again in the new language (useLocale)', async () => {
    function Probe() {
      const language = useLocale();
      return <p>{`${language}: ${t('shell.logout')}`}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('en: Logout')).toBeInTheDocument();
    await act(() => setLanguage('de'));
    expect(screen.getByText('de: Abmelden')).toBeInTheDocument();
  });
});

describe('translateServerMessage', () => {
  it("shows the server's stable English texts in the current language, and unknown ones as sent", async () => {
    expect(translateServerMessage('Invalid Login')).toBe('Invalid Login');
    await setLanguage('es');
    expect(translateServerMessage('Invalid Login')).toBe('Inicio de sesión no válido');
    expect(translateServerMessage('Password must be at least 8 characters')).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
    expect(translateServerMessage('Something new from the server')).toBe('Something new from the server');
    expect(translateServerMessage(undefined)).toBeUndefined();
  });
});
