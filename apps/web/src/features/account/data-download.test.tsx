import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { ProfilePage } from './profile-page';

/** Files the page saved: name and Blob, captured from the object URL and the link click. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:visus/${++n}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

/** A Blob's text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const EXPORT: AccountExport = {
  exportedAt: '2026-11-26T10:00:00.000Z',
  account: testUser(),
  tests: { opticalHistory: null, settings: { method: 'none', card: null, diagonal: null, gamma: 1 } },
  results: [],
  sharing: { clinic: { shared: false, since: null }, history: [], accessLog: [] },
  reviews: [],
  screenProfiles: [],
  shareLinks: [],
};

afterEach(() => vi.restoreAllMocks());

describe('ProfilePage: download my data', { timeout: 30_000 }, () => {
  it('saves GET /auth/export as one JSON file', async () => {
    const files = captureDownloads();
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /auth/export': json(200, { success: true, data: EXPORT }),
    });
    const { user } = renderPage(<ProfilePage />, '/user/profile', '/user/profile', {
      store: signedInStore('user'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(seen.filter((r) => r.path === '/auth/export')).toHaveLength(1);
    expect(files[0]!.name).toBe('visus-my-data-2026-11-26.json');
    expect(JSON.parse(await readText(files[0]!.blob))).toEqual(EXPORT);
  });

  it('says why when the download fails, saving nothing', async () => {
    const files = captureDownloads();
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /auth/export': json(500, { success: false, error: 'Server Error' }),
    });
    const { user } = renderPage(<ProfilePage />, '/user/profile', '/user/profile', {
      store: signedInStore('user'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(files).toEqual([]);
  });
});
