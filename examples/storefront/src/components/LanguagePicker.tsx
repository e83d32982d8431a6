// The header's language picker: a native <select>, so it works with a keyboard, a screen reader
// and a phone's own picker. Every locale the checkout speaks, each named in its own language.
import { useId } from 'react';
import { SUPPORTED_LOCALES } from 'service-checkout';
import { useLanguage } from '../language.js';

/** A locale's name in its own language: "español (México)", "العربية". */
function nativeName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const OPTIONS = SUPPORTED_LOCALES.map((tag) => ({ tag, name: nativeName(tag) }));

export function LanguagePicker() {
  const { locale, setLocale, text } = useLanguage();
  const id = useId();
  return (
    <div className="language">
      <label htmlFor={id} className="language-label">
        <GlobeIcon />
        <span className="language-label-text">{text.language}</span>
      </label>
      <select
        id={id}
        className="language-select"
        value={locale}
        onChange={(event) => setLocale(event.target.value)}
      >
        {OPTIONS.map(({ tag, name }) => (
          // Each name is read in its own language.
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3.5 12h17M12 3.5c2.5 2.6 3.6 5.4 3.6 8.5s-1.1 5.9-3.6 8.5c-2.5-2.6-3.6-5.4-3.6-8.5S9.5 6.1 12 3.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
