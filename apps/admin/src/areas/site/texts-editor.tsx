import { useState } from 'react';
import { TextAreaField, TextField } from '../../shared/forms/fields.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { SafeHtml, editLanguages, type EditLanguage, type FieldErrors } from './site-kit.tsx';

/** One language's texts of an announcement, help article or promotion. */
export interface TextsDraft {
  title: string;
  summary?: string;
  content: string;
}
export type TextsByLanguage = Partial<Record<EditLanguage, TextsDraft>>;

/** The texts of the languages that have a title or content (an empty language is left out). */
export function filledTexts(texts: TextsByLanguage, withSummary: boolean) {
  const result: Record<string, TextsDraft> = {};
  for (const language of editLanguages) {
    const text = texts[language];
    if (!text || (!text.title.trim() && !text.content.trim() && !text.summary?.trim())) continue;
    result[language] = withSummary
      ? { title: text.title, summary: text.summary ?? '', content: text.content }
      : { title: text.title, content: text.content };
  }
  return result;
}

/**
 * Title (and summary), HTML content per language, with the preview as the member site shows it
 * (sanitised with DOMPurify). Field errors are keyed `texts.<LANG>.<field>`.
 */
export function TextsEditor({
  texts,
  onChange,
  errors,
  withSummary = false,
}: {
  texts: TextsByLanguage;
  onChange: (texts: TextsByLanguage) => void;
  errors: FieldErrors;
  withSummary?: boolean;
}) {
  const [language, setLanguage] = useState<EditLanguage>('EN');
  const text = texts[language] ?? { title: '', summary: '', content: '' };
  const set = (field: keyof TextsDraft, value: string) =>
    onChange({ ...texts, [language]: { ...text, [field]: value } });
  const error = (field: string) =>
    errors[`texts.${language}.${field}`] ?? (field === 'title' ? errors.texts : undefined);
  return (
    <div className="site-texts">
      <div className="site-tabs" role="tablist" aria-label={t('site_language')}>
        {editLanguages.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={code === language}
            className={`site-tabs__tab${code === language ? ' site-tabs__tab--on' : ''}`}
            onClick={() => setLanguage(code)}
          >
            {t(`site_language_${code}`)}
            {errors[`texts.${code}.title`] || errors[`texts.${code}.content`] ? ' ⚠' : ''}
          </button>
        ))}
      </div>
      <div className="site-texts__panes">
        <div>
          <TextField
            label={t('site_text_title')}
            name={`texts.${language}.title`}
            value={text.title}
            onChange={(event) => set('title', event.target.value)}
            error={error('title')}
          />
          {withSummary ? (
            <TextField
              label={t('site_text_summary')}
              name={`texts.${language}.summary`}
              value={text.summary ?? ''}
              onChange={(event) => set('summary', event.target.value)}
              error={error('summary')}
            />
          ) : null}
          <TextAreaField
            label={t('site_text_content')}
            name={`texts.${language}.content`}
            rows={10}
            value={text.content}
            hint={t('site_text_content_hint')}
            onChange={(event) => set('content', event.target.value)}
            error={error('content')}
          />
        </div>
        <div className="site-preview" aria-label={t('site_preview')}>
          <p className="site-preview__label">{t('site_preview')}</p>
          <h3 className="site-preview__title">{text.title || '—'}</h3>
          {withSummary && text.summary ? <p className="muted">{text.summary}</p> : null}
          <SafeHtml html={text.content} />
        </div>
      </div>
    </div>
  );
}

/** The title an operator list shows: English, then Bengali, then any. */
export function listTitle(texts: Partial<Record<string, { title: string }>>): string {
  return texts.EN?.title ?? texts.BN?.title ?? Object.values(texts).find(Boolean)?.title ?? '—';
}

/** A row's texts as an editor's draft: the languages the editors offer. */
export function textsOf(texts: Partial<Record<string, TextsDraft>> | undefined): TextsByLanguage {
  const result: TextsByLanguage = {};
  for (const language of editLanguages) {
    const text = texts?.[language];
    if (text) result[language] = text;
  }
  return result;
}
