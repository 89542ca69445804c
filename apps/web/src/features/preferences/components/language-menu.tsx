import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Globe from 'lucide-react/icons/globe';
import type { LanguageCode } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { catalogueOf, nativeLanguageNames, useLanguageStore } from '../../../shared/i18n/languages.ts';
import { Dropdown } from '../../../shared/ui/dropdown.tsx';

interface LanguageMenuProps {
  /** whitelabel.languages: the brand's offer. */
  languages: LanguageCode[];
  align?: 'start' | 'end';
}

/** Language dropdown: texts switch without a reload; the choice is remembered (spec 4). */
export function LanguageMenu({ languages, align = 'end' }: LanguageMenuProps) {
  const { t } = useTranslation();
  const current = useLanguageStore((state) => state.language);
  if (languages.length === 0) return null;

  return (
    <Dropdown
      align={align}
      ariaLabel={`${t('label_language')}: ${nativeLanguageNames[current]}`}
      buttonClassName="header-action"
      label={
        <>
          <Globe size={18} aria-hidden="true" />
          <span className="header-action__text">{nativeLanguageNames[current]}</span>
        </>
      }
    >
      {(close) => (
        <ul className="language-menu" role="menu" aria-label={t('label_language')}>
          {languages.map((language) => (
            <li key={language} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={language === current}
                className="dropdown__item"
                lang={catalogueOf(language)}
                onClick={() => {
                  close();
                  void changeLanguage(language);
                }}
              >
                {nativeLanguageNames[language]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
