import { api } from '@/lib/api/api';

/** GET /health's data (the part the pairing panel reads). */
interface HealthData {
  status: 'ok';
  /** The server's PUBLIC_URL (absent on older servers). */
  publicUrl?: string;
}

const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<HealthData, void>({
      query: () => '/health',
      transformResponse: (response: { data: HealthData }) => response.data,
    }),
  }),
});

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True when `origin` names this computer only (a phone cannot reach it). */
export function isLocalOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * Which origin a phone should open: the page's own, unless the page is open at localhost and the
 * server says its PUBLIC_URL is an address others can reach (HOST=0.0.0.0, README). `local` is true
 * when the phone would get a localhost address (the panel then explains what to do).
 */
export function choosePairingOrigin(
  pageOrigin: string,
  publicUrl: string | undefined,
): { origin: string; local: boolean } {
  if (!isLocalOrigin(pageOrigin)) return { origin: pageOrigin, local: false };
  if (publicUrl && !isLocalOrigin(publicUrl)) {
    try {
      return { origin: new URL(publicUrl).origin, local: false };
    } catch {
      // A malformed PUBLIC_URL cannot help: keep the page's origin.
    }
  }
  return { origin: pageOrigin, local: true };
}

/** The origin for the pairing QR code and the /connect hint, see {@link choosePairingOrigin}. */
export function usePairingOrigin(): { origin: string; local: boolean } {
  const pageOrigin = window.location.origin;
  const local = isLocalOrigin(pageOrigin);
  // Only a localhost page needs to ask the server where it can be reached from elsewhere.
  const { data } = healthApi.useGetHealthQuery(undefined, { skip: !local });
  return choosePairingOrigin(pageOrigin, data?.publicUrl);
}
