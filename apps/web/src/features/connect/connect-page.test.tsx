import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { ConnectPage } from './connect-page';
import { openControllerPage } from './open-controller';

// The controller is a page of its own (a full load, which jsdom cannot do): record where it would go.
vi.mock('./open-controller', () => ({ openControllerPage: vi.fn() }));
beforeEach(() => vi.mocked(openControllerPage).mockClear());

function renderConnect() {
  return renderPage(<ConnectPage />, '/connect');
}

describe('ConnectPage', () => {
  it('goes to the controller for a typed code, whatever the case and separators', async () => {
    const { user } = renderConnect();
    await user.type(screen.getByRole('textbox', { name: 'Code on your screen' }), 'abcd - 2345');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(openControllerPage).toHaveBeenCalledWith('ABCD2345'));
  });

  it('explains a wrong code and stays', async () => {
    const { user, router } = renderConnect();
    const field = screen.getByRole('textbox', { name: 'Code on your screen' });
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(screen.getByText('Enter the code shown on your screen.')).toBeInTheDocument();
    await user.type(field, 'ABCD1O45{Enter}');
    expect(screen.getByText(/Codes never contain "1", "O"/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'ABCD234{Enter}');
    expect(screen.getByText('The code has 8 characters; you typed 7.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect');
    expect(openControllerPage).not.toHaveBeenCalled();
  });

  it('says why the camera cannot scan on an insecure page', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: undefined }),
    );
    vi.stubGlobal('isSecureContext', false);
    const { user } = renderConnect();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(screen.getByText(/not on a secure \(https\) address/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'Code on your screen' })).toBeInTheDocument();
  });

  it('says so when camera access is denied', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
    );
    const { user } = renderConnect();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByText(/Camera access was denied/)).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  });

  it('goes to the controller when the camera sees a pairing code', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
      }),
    );
    // jsdom has no camera frames: the Shape Detection API stands in for the decoder.
    const seen = ['https://example.org/not-ours', 'http://192.168.1.20:5000/controller/WXYZ6789'];
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect() {
          const next = seen.shift();
          return Promise.resolve(next ? [{ rawValue: next }] : []);
        }
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = renderConnect();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByText(/not a Visus pairing code/)).toBeInTheDocument();
    await waitFor(() => expect(openControllerPage).toHaveBeenCalledWith('WXYZ6789'));
    expect(stop).toHaveBeenCalled();
  });

  it('switches the camera off when scanning stops while the camera is still starting', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    let grant: (value: MediaStream) => void = () => {};
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        mediaDevices: { getUserMedia: vi.fn(() => new Promise<MediaStream>((resolve) => (grant = resolve))) },
      }),
    );
    const { user } = renderConnect();
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    await user.click(screen.getByRole('button', { name: 'Stop scanning' }));
    grant(stream);
    await waitFor(() => expect(stop).toHaveBeenCalled());
  });
});
