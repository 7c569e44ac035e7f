import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { setLanguage } from '@/lib/i18n/i18n';
import { boundResult, listReply, shownRows } from './results-fixtures';

// This file's findBy/waitFor wait up to 4 s (vitest isolates files, so others keep the default).
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00.000Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});

describe('the results screens in the reader’s language (issue 20)', { timeout: 20_000 }, () => {
  it('lists a bound in German: "oder besser", a decimal comma, Snellen as it is', async () => {
    await setLanguage('de');
    const result = boundResult();
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': listReply([result]) });
    renderApp('/user/results', { store: signedInStore('user') });
    expect(await screen.findByRole('heading', { name: 'Ihre Testergebnisse' })).toBeInTheDocument();
    const rows = await shownRows('Ergebnisse');
    expect(rows[0]).toHaveTextContent('Wichtigste Werte');
    expect(rows[1]).toHaveTextContent('R 6/19 oder besser (0,50 logMAR oder besser)');
    expect(rows[1]).toHaveTextContent('L 6/7.5 (0,10 logMAR)');
    expect(rows[1]).toHaveTextContent('Rechtes Auge 6/19 oder besser');
    expect(rows[1]).toHaveTextContent(/21\. Nov\. 2026/);
  });

  it('shows a result in French: the bound, why it is one, its decimal and the verdict', async () => {
    await setLanguage('fr');
    const result = boundResult();
    mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${result._id}`]: json(200, { success: true, data: result }),
    });
    renderApp(`/user/results?id=${result._id}`, { store: signedInStore('user') });
    const landolt = await screen.findByRole('table', { name: 'Anneau de Landolt' });
    const decimal = within(landolt).getByRole('row', { name: /^Décimale/ });
    expect(decimal).toHaveTextContent('0,32 ou mieux');
    expect(decimal).toHaveTextContent('0,79');
    expect(within(landolt).getByRole('row', { name: /^Pourquoi une borne/ })).toHaveTextContent(
      '0,50 logMAR est la plus petite ligne que cet écran peut afficher à 0,6 m',
    );
    expect(screen.getByRole('heading', { name: 'En bref' })).toBeInTheDocument();
    expect(screen.getByText(/« Ou mieux » signifie/)).toBeInTheDocument();
  });
});
