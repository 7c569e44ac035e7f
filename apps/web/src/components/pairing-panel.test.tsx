import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { PairingPanel } from './pairing-panel';

const health = (publicUrl: string) =>
  json(200, { success: true, data: { status: 'ok', database: 'pglite', publicUrl } });

describe('PairingPanel', () => {
  it("shows the pin and a QR code of the server's public address when this page is on localhost", async () => {
    mockApi({ 'GET /health': health('http://192.168.1.20:5000') });
    renderPage(<PairingPanel pin="ABCD2345" controllerConnected={false} />, '/user/test/ABCD2345');

    expect(screen.getByLabelText('Pairing code A B C D 2 3 4 5')).toHaveTextContent('ABCD 2345');
    expect(
      await screen.findByRole('img', {
        name: 'QR code that opens http://192.168.1.20:5000/controller/ABCD2345',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '192.168.1.20:5000/connect' })).toHaveAttribute(
      'href',
      'http://192.168.1.20:5000/connect',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your phone…');
    expect(screen.queryByText(/HOST=0.0.0.0/)).not.toBeInTheDocument();
  });

  it('explains how to let a phone in when nothing but localhost is known', async () => {
    mockApi({ 'GET /health': health('http://localhost:5000') });
    renderPage(<PairingPanel pin="ABCD2345" controllerConnected />, '/user/test/ABCD2345');
    expect(
      await screen.findByText(/HOST=0.0.0.0 and PUBLIC_URL=http:\/\/<this computer's network address>:3000/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code that opens http://localhost:3000/controller/ABCD2345' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Phone connected');
  });
});
