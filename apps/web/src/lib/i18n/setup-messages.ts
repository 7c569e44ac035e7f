import { addServerMessages } from './server-messages';

/*
 * The server's texts Setup may show (their ids are in the `setup` catalog area); imported by Setup's
 * screens, so that no first screen downloads them. The other texts of the settings routes are the
 * contracts' checks of a body the form has already checked (a name too long cannot be typed).
 */
/** apps/server screen-profiles.service: a screen forgotten meanwhile (another tab or device). */
export const SCREEN_PROFILE_NOT_FOUND = 'Screen profile not found';

addServerMessages({
  [SCREEN_PROFILE_NOT_FOUND]: ['setup.error.profileNotFound'],
});
