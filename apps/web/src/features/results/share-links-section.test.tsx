import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShareLink } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { storedResult } from './results-fixtures';

const RESULT = storedResult({ day: '2026-11-20' });
const LINKS = `/tests/results/${RESULT._id}/share-links`;
const DAY_MS = 86_400_000;

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: 'link-1',
    createdAt: new Date(Date.now() - DAY_MS).toISOString(),
    expiresAt: new Date(Date.now() + 6 * DAY_MS).toISOString(),
    revokedAt: null,
    lastOpenedAt: null,
    opens: 0,
    ...overrides,
  };
}

/** "Share with an optometrist" on a result page (issue 19 item 5). */
describe('ShareLinksSection', { timeout: 30_000 }, () => {
  it('makes a link for the chosen days, shows its URL once with Copy, and lists it', async () => {
    let links: ShareLink[] = [];
    const url = `http://localhost/shared/${'T'.repeat(43)}`;
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${RESULT._id}`]: json(200, { success: true, data: RESULT }),
      [`GET ${LINKS}`]: () => json(200, { success: true, data: { links } }),
      [`POST ${LINKS}`]: () => {
        links = [link({ id: 'link-9', expiresAt: new Date(Date.now() + 14 * DAY_MS).toISOString() })];
        return json(201, { success: true, data: { id: 'link-9', url, expiresAt: links[0]!.expiresAt } });
      },
    });
    const { user } = renderApp(`/user/results?id=${RESULT._id}`, { store: signedInStore('user') });

    // the section is a file of its own, fetched once the result is open
    const section = await screen.findByRole(
      'region',
      { name: 'Share with an optometrist' },
      { timeout: 10_000 },
    );
    expect(await within(section).findByText('No share links for this result.')).toBeInTheDocument();
    const days = within(section).getByRole('combobox', { name: 'Link works for' });
    expect(days).toHaveValue('7');
    expect(within(days).getAllByRole('option')).toHaveLength(30);
    await user.selectOptions(days, '14');
    await user.click(within(section).getByRole('button', { name: 'Create share link' }));

    expect(await within(section).findByRole('textbox', { name: 'Share link' })).toHaveValue(url);
    expect(seen.find((r) => r.method === 'POST' && r.path === LINKS)?.body).toEqual({ days: 14 });
    await user.click(within(section).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await within(section).findByText('Link copied to the clipboard.')).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Share links' });
    expect(within(list).getByText(/Works until/)).toBeInTheDocument();
    expect(within(list).getByText(/not opened yet/)).toBeInTheDocument();
  });

  it('shows openings, expired and revoked links, and revokes an active one', async () => {
    let links: ShareLink[] = [
      link({ id: 'a', opens: 3, lastOpenedAt: new Date(Date.now() - 3_600_000).toISOString() }),
      link({ id: 'b', expiresAt: new Date(Date.now() - DAY_MS).toISOString() }),
      link({ id: 'c', revokedAt: new Date(Date.now() - 2 * DAY_MS).toISOString() }),
    ];
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${RESULT._id}`]: json(200, { success: true, data: RESULT }),
      [`GET ${LINKS}`]: () => json(200, { success: true, data: { links } }),
      [`DELETE ${LINKS}/a`]: () => {
        links = links.map((l) => (l.id === 'a' ? { ...l, revokedAt: new Date().toISOString() } : l));
        return json(200, { success: true, data: links[0] });
      },
    });
    const { user } = renderApp(`/user/results?id=${RESULT._id}`, { store: signedInStore('user') });
    const list = await screen.findByRole('list', { name: 'Share links' }, { timeout: 10_000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset.state)).toEqual(['active', 'expired', 'revoked']);
    expect(rows[0]).toHaveTextContent(/opened 3 times, last/);
    expect(rows[1]).toHaveTextContent(/^Expired/);
    expect(rows[2]).toHaveTextContent(/^Revoked/);
    // only a working link can be revoked
    expect(within(list).getAllByRole('button', { name: /Revoke/ })).toHaveLength(1);

    await user.click(within(rows[0]!).getByRole('button', { name: /Revoke the link made/ }));
    expect(seen.some((r) => r.method === 'DELETE' && r.path === `${LINKS}/a`)).toBe(true);
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Share links' }))
          .getAllByRole('listitem')
          .map((row) => row.dataset.state),
      ).toEqual(['revoked', 'expired', 'revoked']),
    );
  });

  it("shows the server's refusal when a link cannot be made", async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${RESULT._id}`]: json(200, { success: true, data: RESULT }),
      [`POST ${LINKS}`]: json(400, { success: false, error: 'days must be a whole number from 1 to 30' }),
    });
    const { user } = renderApp(`/user/results?id=${RESULT._id}`, { store: signedInStore('user') });
    const section = await screen.findByRole(
      'region',
      { name: 'Share with an optometrist' },
      { timeout: 10_000 },
    );
    await user.click(within(section).getByRole('button', { name: 'Create share link' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'days must be a whole number from 1 to 30',
    );
    expect(within(section).queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
  });
});
