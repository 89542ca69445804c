import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';

/** Dark or light (spec 4), remembered in localStorage `theme`. */
export function ThemeSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const isDark = theme === 'dark';
  const label = t('label_dark_theme');

  return (
    <button
      type="button"
      role="switch"
      aria-checked={isDark}
      aria-label={showLabel ? undefined : label}
      className="header-action theme-switch"
      onClick={toggleTheme}
    >
      {isDark ? <Moon size={18} aria-hidden="true" /> : <Sun size={18} aria-hidden="true" />}
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
