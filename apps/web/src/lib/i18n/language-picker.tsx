import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '@visus/core';
import { setLanguage, useLocale, useT } from './i18n';

/**
 * The language picker (issue 20): a native select, light enough for the guest screens' and the
 * phone's JS budgets, and spoken and operated as every platform's own select. Each language is listed
 * in its own words (with `lang`, so a screen reader says it right). The choice is remembered on this
 * device; `onPicked` lets the caller keep it elsewhere too (the signed-in app stores it on the account).
 */
export function LanguagePicker({
  className,
  style,
  onPicked,
}: {
  className?: string;
  style?: React.CSSProperties;
  onPicked?: (language: Language) => void;
}) {
  const language = useLocale();
  const t = useT();
  return (
    <select
      className={className}
      style={style}
      aria-label={t('language.label')}
      value={language}
      data-testid="language-picker"
      onChange={(event) => {
        const picked = event.target.value;
        if (!isLanguage(picked)) return;
        void setLanguage(picked, { remember: true }).then(() => onPicked?.(picked));
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
