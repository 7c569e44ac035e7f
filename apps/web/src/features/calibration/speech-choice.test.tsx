import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { fakeVoice, installFakeSpeech } from '@/testing/fake-speech';
import { renderPage, signedInStore } from '@/testing/render';
import { SpeechChoice } from './speech-choice';

const DEFAULTS: Settings = { method: 'none', card: null, diagonal: null, gamma: 1, autoAdvance: true };
let restore = () => {};
afterEach(() => restore());

function renderChoice(settings: Settings, speechVoices = [fakeVoice('en-US')]) {
  ({ restore } = installFakeSpeech(speechVoices));
  const bodies: unknown[] = [];
  mockApi({
    'GET /tests': json(200, { success: true, data: { opticalHistory: null, settings } }),
    'PUT /tests/settings/speech': (request) =>
      request.json().then((body: { speakInstructions: boolean }) => {
        bodies.push(body);
        return json(200, { success: true, data: { settings: { ...settings, ...body } } });
      }),
  });
  const view = renderPage(<SpeechChoice />, '/user/setup', '/user/setup', { store: signedInStore('user') });
  return { ...view, bodies };
}

describe('SpeechChoice (Setup, issue 20 item 2)', () => {
  it('is off for a record without the field, and saves it on at once', async () => {
    const { user, bodies } = renderChoice(DEFAULTS);
    const toggle = await screen.findByRole('switch', { name: 'Speak instructions' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/never says what a chart shows/);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(bodies).toEqual([{ speakInstructions: true }]);
    expect(screen.queryByTestId('voice-notice')).toBeNull();
  });

  it('says when this browser has no voice for the language', async () => {
    renderChoice({ ...DEFAULTS, speakInstructions: true }, [fakeVoice('ja-JP')]);
    expect(await screen.findByTestId('voice-notice')).toHaveTextContent('no English voice');
  });
});
