import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { t } from '../shared/i18n/i18n.ts';
import { toggleTheme, useTheme } from '../shared/theme/theme.ts';

export function ThemeToggle() {
  const theme = useTheme();
  const label = t(theme === 'dark' ? 'shell_theme_light' : 'shell_theme_dark');
  return (
    <button type="button" className="icon-button" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </button>
  );
}
