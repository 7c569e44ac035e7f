import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SHARE_LINK_UNAVAILABLE, type SharedResult } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { storedResult } from './results-fixtures';

const TOKEN = 'Tk_'.repeat(14) + 'x';

const SHARED: SharedResult = {
  result: storedResult({ day: '2026-11-20' }),
  person: { name: 'Grace Hopper', dob: '1960-02-03' },
  expiresAt: '2026-12-01T10:00:00.000Z',
};

/** /shared/:token, signed out (issue 19 item 5). */
/** The page is a lazy screen: its first render waits for its file. */
const LAZY = { timeout: 15_000 };

describe('SharedPage', { timeout: 30_000 }, () => {
  it("shows that one result's report with the person it names, print and the FHIR/CSV files", async () => {
    const seen = mockApi({ [`GET /shared/${TOKEN}`]: json(200, { success: true, data: SHARED }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderApp(`/shared/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: /Test of/ }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/Grace Hopper shared this one result with you/)).toBeInTheDocument();
    const details = screen.getByTestId('report-details');
    expect(within(details).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(details).getByText(/1960/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'In short' })).toBeInTheDocument();
    expect(screen.getByTestId('report-footer')).toBeInTheDocument();
    // the owner's own controls are not offered to the reader
    expect(screen.queryByRole('region', { name: 'Share with an optometrist' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'FHIR R4 Bundle' })).toHaveAttribute(
      'href',
      `/api/v1/shared/${TOKEN}/export?format=fhir`,
    );
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      `/api/v1/shared/${TOKEN}/export?format=csv`,
    );
    await user.click(screen.getByRole('button', { name: 'Print report' }));
    expect(print).toHaveBeenCalledOnce();
    // signed out: nothing but the shared result was asked for, without credentials
    expect(seen.filter((r) => r.path !== '/vitals').map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /shared/${TOKEN}`,
    ]);
    expect(seen[0]!.authorization).toBeNull();
  });

  it('shows the one clear message when the link does not work', async () => {
    mockApi({ [`GET /shared/${TOKEN}`]: json(404, { success: false, error: SHARE_LINK_UNAVAILABLE }) });
    renderApp(`/shared/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This share link does not work' }, LAZY),
    ).toBeInTheDocument();
    expect(
      screen.getByText('It has expired, was revoked by the person who made it, or never existed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print report' })).not.toBeInTheDocument();
  });

  it('says when too many requests came from here, with a retry', async () => {
    mockApi({
      [`GET /shared/${TOKEN}`]: json(429, {
        success: false,
        error: 'Too many requests, please try again in 15 minutes',
      }),
    });
    renderApp(`/shared/${TOKEN}`);
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(/Too many requests/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
