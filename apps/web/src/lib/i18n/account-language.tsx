import { useEffect, useRef } from 'react';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useUpdateDetailsMutation } from '@/lib/auth/auth-api';
import { rememberedLanguage, setLanguage, useLocale } from './i18n';

/**
 * Keeps the signed-in account's language and the app's in step (issue 20): when an account is first
 * seen, its stored language wins (and this device remembers it); an account without one takes the
 * language this device remembers from a picker. After that, a change of language is stored on the
 * account (PUT /auth/updatedetails). Runs with the other signed-in services (a lazy module).
 */
export function AccountLanguage() {
  const { data: user } = useCurrentUser();
  const locale = useLocale();
  const [updateDetails] = useUpdateDetailsMutation();
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (!user) return;
    if (seen.current !== user._id) {
      seen.current = user._id;
      if (user.language !== null) {
        if (user.language !== locale) void setLanguage(user.language, { remember: true });
        return;
      }
      const remembered = rememberedLanguage();
      if (remembered !== null) void updateDetails({ language: remembered });
      return;
    }
    if (user.language !== locale) void updateDetails({ language: locale });
  }, [user, locale, updateDetails]);

  return null;
}
