import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** Body and header fields that are never written to the log. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'newPassword',
  'currentPassword',
  'token',
];

/**
 * Secrets that travel in URLs (issue 9: tokens, reset codes, invite codes and pins are never logged):
 * the reset token (API route and the /reset-password/{token} screen), the invite code of the auth routes, a session's pin in the session API and in the
 * screens /{role}/test/{pin} and /controller/{pin}, a share link's token (the /shared/{token} page and its API), and `invite`/`token`/`code`/`pin` query values.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-?password\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/auth\/invite\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/tests\/session\/)(?!single(?:[/?#]|$))[^/?#]+/i, '$1[redacted]')
    .replace(/(\/controller\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/test\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/shared\/)[^/?#]+/i, '$1[redacted]')
    .replace(/([?&](?:invite|token|code|pin)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * The server's logger: readable lines for a person at a terminal, one JSON object per line for services
 * and CI (or with LOG_FORMAT=json), secrets redacted from bodies, headers and URLs.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const pretty = !destination && process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
