import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-accounts';
import * as m0002 from './0002-settings';
import * as m0003 from './0003-invites';
import * as m0004 from './0004-results';
import * as m0005 from './0005-test-sessions';
import * as m0006 from './0006-socket-io-attachments';
import * as m0007 from './0007-login-failures';
import * as m0008 from './0008-results-tested-at';
import * as m0009 from './0009-controller-left-at';
import * as m0010 from './0010-session-crowding';
import * as m0011 from './0011-clinic-sharing';
import * as m0013 from './0013-share-links';
import * as m0014 from './0014-two-factor';
import * as m0015 from './0015-settings-auto-advance';
import * as m0016 from './0016-screen-profiles';
import * as m0017 from './0017-account-language';
import * as m0018 from './0018-settings-speak-instructions';

/**
 * Migrations are listed in code (not read from a folder) so that they run the same from source,
 * under tsx, in tests and in any bundle. Append new ones; never edit a released one.
 */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-settings': m0002,
  '0003-invites': m0003,
  '0004-results': m0004,
  '0005-test-sessions': m0005,
  '0006-socket-io-attachments': m0006,
  '0007-login-failures': m0007,
  '0008-results-tested-at': m0008,
  '0009-controller-left-at': m0009,
  '0010-session-crowding': m0010,
  '0011-clinic-sharing': m0011,
  '0013-share-links': m0013,
  '0014-two-factor': m0014,
  '0015-settings-auto-advance': m0015,
  '0016-screen-profiles': m0016,
  '0017-account-language': m0017,
  '0018-settings-speak-instructions': m0018,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
