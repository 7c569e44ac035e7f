import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** The app's helmet configuration: its Content-Security-Policy and the other headers. */
export function securityHeaderOptions(publicUrl: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense when the public URL is https.
    strictTransportSecurity: publicUrl.startsWith('https://') ? undefined : false,
    referrerPolicy: { policy: 'no-referrer' },
  };
}

/**
 * The headers @fastify/helmet sets with these options, worked out once by letting it answer one request
 * of a scratch server. They depend only on the options (no CSP nonces here), never on the request.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const scratch = Fastify({ logger: false });
  try {
    await scratch.register(helmet, options);
    // Headers present when the handler runs are exactly those helmet's onRequest hooks set.
    scratch.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
    const headers = (await scratch.inject('/')).json<Record<string, string | number | string[]>>();
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
  } finally {
    await scratch.close();
  }
}

/**
 * Security headers on every answer (API, web app, 404s): helmet's, with its options, computed once.
 * @fastify/helmet builds a new helmet middleware from the options on every request (parsing the CSP
 * directives each time): 3–6 % of the CPU of a small API answer under load (bench/load/README.md).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = Object.entries(await helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet does, so that routes may still override one (reply.header wins).
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
