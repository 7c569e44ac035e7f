import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n/i18n';
import { ControllerHelp } from './controller-help';
import { ControllerPad } from './controller-pad';
import { ControllerPage } from './controller-page';
import { SpeechSwitch } from './controller-speech';
import { REALTIME_ERRORS } from '@visus/contracts/constants';
import { keyLabel, refusalText, testPlaceText } from './controller-texts';
import { CorrectionQuestion } from './correction-question';
import { PresbyopiaForm } from './presbyopia-form';

afterEach(async () => {
  await setLanguage('en');
});

describe('the phone in another language (issue 20)', () => {
  it('names the pads, the sent answers and the test in Spanish', async () => {
    await setLanguage('es', { areas: ['controller'] });
    render(<ControllerPad test="duoChrome" disabled={false} onKey={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Qué letras se ven más nítidas' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Las letras sobre rojo se ven más nítidas' }),
    ).toHaveTextContent('Rojo');
    expect(keyLabel('duoChrome', 'same')).toBe('Igual');
    expect(keyLabel('spokeCircle', 'increase')).toBe('Más grande');
    expect(testPlaceText('astigAxis')).toBe('Actividad tres · Rejillas');
  });

  it('asks the correction, takes the presbyopia answer and offers the voice switch in German', async () => {
    await setLanguage('de', { areas: ['controller'] });
    const user = userEvent.setup({ delay: null });
    render(<CorrectionQuestion previous={null} sending={false} error={null} onAnswer={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Was tragen Sie bei diesem Test?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Brille Ich trage meine Brille' })).toBeInTheDocument();
    const onSubmit = vi.fn();
    render(<PresbyopiaForm disabled={false} onSubmit={onSubmit} />);
    // Dioptres with the German decimal comma (core formatDioptres writes "0.00 D").
    expect(screen.getByText(/^Ihre Fernkorrektur \(Sphäre\): [+−]?\d+,\d\d D$/)).toBeInTheDocument();
    const field = screen.getByLabelText('Korrektur in Dioptrien');
    await user.clear(field);
    await user.type(field, '1,3');
    expect(screen.getByText('Verwenden Sie Schritte von 0,25 (z. B. 1,25 oder -2,5)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Zwischen 1,6 m und 1,9 m' })).toBeChecked();
    render(<SpeechSwitch speaking disabled={false} onChange={vi.fn()} />);
    expect(screen.getByTestId('controller-speech')).toHaveTextContent(
      'Bildschirm spricht: an (zum Stummschalten tippen)',
    );
  });

  it('words every refusal of the realtime server, the English being the server’s text (issue 20)', async () => {
    const refusals = Object.values(REALTIME_ERRORS);
    for (const text of [...refusals, 'socket has been disconnected', 'Server Error']) {
      expect(refusalText(text)).toBe(text);
    }
    await setLanguage('fr', { areas: ['controller'] });
    for (const text of refusals) expect(refusalText(text), text).not.toBe(text);
    expect(refusalText('Too many key presses')).toBe('Trop d’appuis sur les touches');
    expect(refusalText('operation has timed out')).toBe('délai d’attente dépassé');
    expect(refusalText('socket has been disconnected')).toBe('la connexion a été coupée');
    // A text it does not know (the server's check of a malformed event) stays as the server wrote it.
    expect(refusalText('Invalid controller-key: key: bad')).toBe('Invalid controller-key: key: bad');
  });

  it('gives the help in French', async () => {
    await setLanguage('fr', { areas: ['controller'] });
    const user = userEvent.setup({ delay: null });
    render(<ControllerHelp test="astigAxis" status="InTest" step="axis-pair" />);
    await user.click(screen.getByRole('button', { name: 'Aide' }));
    const help = screen.getByRole('dialog', { name: 'Aide : Axe de l’astigmatisme' });
    expect(help).toHaveTextContent('Activité trois · Réseaux');
    expect(help).toHaveTextContent('Comment répondre');
    expect(help).toHaveTextContent('Appuyez sur l’image de gauche ou de droite si elle est plus nette');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('titles the tab in the phone’s language', async () => {
    await setLanguage('fr', { areas: ['controller'] });
    render(<ControllerPage token="not a code" />);
    expect(document.title).toBe('Visus | Télécommande');
  });
});
