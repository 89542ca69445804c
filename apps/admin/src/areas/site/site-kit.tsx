import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { ApiError, guardNewTabLink, safeHtmlPurifyConfig, type SettingsDiffEntry } from '@khela/contract';
import type { z } from 'zod';
import {
  errorText,
  fieldIssueText,
  shownZodMessage,
  zodIssueText,
  type ShownIssue,
} from '../../shared/forms/api-errors.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { currentBrandZone, formatTime } from '../../shared/lib/format.ts';
import { formatWallTime, instantOfWall, zoneLabel } from '@khela/contract/business-day';
import './site.css';

/**
 * What the site's pages share: operator HTML previewed through DOMPurify (the server sanitised it on
 * write; the preview sanitises again, as the member site does), the form state of the content
 * editors (checked with the contract's schema, the server's field issues shown under their fields),
 * times, and the settings diff.
 */

DOMPurify.addHook('afterSanitizeAttributes', guardNewTabLink);

/** Operator HTML as the member site shows it, sanitised with the member site's DOMPurify rules. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  // Without a real DOM DOMPurify cannot clean (it would hand the HTML back): show it as text then.
  if (!DOMPurify.isSupported)
    return <div className={`site-rich-text${className ? ` ${className}` : ''}`}>{html}</div>;
  return <CleanHtml html={html} {...(className ? { className } : {})} />;
}

function CleanHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, safeHtmlPurifyConfig), [html]);
  return (
    <div
      className={`site-rich-text${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** The languages the editors offer (the brand's main two; others through the settings document). */
export const editLanguages = ['EN', 'BN'] as const;
export type EditLanguage = (typeof editLanguages)[number];

/**
 * An instant as the value of an `<input type="datetime-local">` on the brand's clock (whitelabel
 * timeZone, the zone every back-office time is shown in), or ''. Not the browser's zone: an
 * operator abroad schedules a banner for the brand's 09:00.
 */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return formatWallTime(ms, currentBrandZone()).replace(' ', 'T');
}

/** A datetime-local value, read on the brand's clock, as an ISO instant (UTC), or null when empty. */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const instant = instantOfWall(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
    currentBrandZone(),
  );
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** The hint under a date-time input: the zone it is read in ("Asia/Dhaka (GMT+6)"). */
export function zoneHint(): string {
  return t('site_time_zone_hint', { zone: zoneLabel(currentBrandZone(), Date.now()) });
}

/** Times on the site pages: the brand's clock with its offset, like every back-office time. */
export { formatTime };

/** A publication window: “Always” when open on both sides. */
export function windowText(from: number | null | undefined, until: number | null | undefined): string {
  if ((from === null || from === undefined) && (until === null || until === undefined))
    return t('site_always');
  return `${formatTime(from)} → ${formatTime(until)}`;
}

export type FieldErrors = Readonly<Record<string, string>>;

/** Client check with the contract's schema: the messages by dotted field, or null when valid. */
export function checkWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'request';
    // The rule in words ("At least 1"), never zod's own text ("Too small: expected number to be >=1");
    // a reason the contract wrote itself (a sentence) as it is.
    errors[field] ??= issue.code === 'custom' ? shownZodMessage(issue.message) : zodIssueText(issue as never);
  }
  return { ok: false, errors };
}

/**
 * A field issue as the form shows it: the rule in words when it is one, else the server's own
 * reason, a sentence for people ("banners 2 and 6 would hold position 1 of home at the same time"),
 * rather than a generic "check this field" that hides why.
 */
function shownIssue(issue: ShownIssue): string {
  const text = fieldIssueText(issue);
  if (text !== t('text_field_rule') || !issue.reason) return text;
  return `${issue.reason.charAt(0).toUpperCase()}${issue.reason.slice(1)}.`;
}

/** A failed call as field messages (the server's issues) and an alert for the rest. */
export function serverErrors(error: unknown): { errors: FieldErrors; alert: string | null } {
  if (error instanceof ApiError && error.issues.length > 0) {
    const errors: Record<string, string> = {};
    for (const issue of error.issues as ShownIssue[]) {
      errors[issue.field.replace(/^body\./, '')] ??= shownIssue(issue);
    }
    // The first reason in the alert too: a form may not show the field (a reorder has no sortOrder).
    const first = Object.values(errors)[0];
    return { errors, alert: first ? `${errorText(error)} ${first}` : errorText(error) };
  }
  return { errors: {}, alert: errorText(error) };
}

/** Form state for an editor: the draft, its field messages and the form's alert. */
export function useDraft<T>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  return { draft, setDraft, errors, setErrors, alert, setAlert, isBusy, setBusy };
}

/** Shows a JSON value of the diff compactly. */
export function jsonText(value: unknown): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The settings' changed paths, before and after, as a table (the diff shown before a save). */
export function DiffView({ diff }: { diff: readonly SettingsDiffEntry[] }) {
  if (diff.length === 0) return <p className="muted">{t('site_settings_no_changes')}</p>;
  return (
    <div className="table-frame">
      <div className="table-scroll">
        <table className="table site-diff" aria-label={t('site_settings_diff_title')}>
          <thead>
            <tr>
              <th scope="col">{t('site_settings_diff_path')}</th>
              <th scope="col">{t('site_settings_diff_before')}</th>
              <th scope="col">{t('site_settings_diff_after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.map((entry) => (
              <tr key={entry.path}>
                <td>
                  <code>{entry.path}</code>
                </td>
                <td className="site-diff__before">
                  <code>{jsonText(entry.before)}</code>
                </td>
                <td className="site-diff__after">
                  <code>{jsonText(entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** An on/off badge. */
export function OnOff({ on }: { on: boolean }) {
  return (
    <span className={`badge ${on ? 'badge--ok' : 'badge--muted'}`}>{on ? t('site_on') : t('site_off')}</span>
  );
}
