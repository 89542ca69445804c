import { useTranslation } from '../i18n/use-translation.ts';
import { useFormatOptions } from '../hooks/use-format-options.ts';
import { formatZone } from '../lib/format.ts';
import './zone-note.css';

/**
 * Names the one zone a page's times and days are in: the brand's (whitelabel timeZone), e.g.
 * "Times in Asia/Dhaka (GMT+6)". Every time the format helpers show is on that clock, so a page
 * never mixes it with the browser's zone.
 */
export function ZoneNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  return (
    <p className={className ? `zone-note ${className}` : 'zone-note'} data-testid="zone-note">
      {t('times_in_zone', { zone: formatZone(formatOptions) })}
    </p>
  );
}
