import { useId, useState, type FormEvent } from 'react';
import Send from 'lucide-react/icons/send';
import {
  ApiError,
  applicationCommentMaxLength,
  applicationImagesMax,
  type BonusOffer,
  type ClaimPeriod,
} from '@khela/contract';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { useFormatOptions } from '../../../shared/hooks/use-format-options.ts';
import { useLoginCheck } from '../../../shared/hooks/use-login-check.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { isTrialAccount, useSessionStore } from '../../../shared/stores/session-store.ts';
import { ImagePicker, type PickedImage } from '../../wallet/index.ts';
import { useApplyBonus } from './bonus-api.ts';
import { reasonTextKey, refusalReason } from './bonus-labels.ts';

/** Where the promotion page's rules are (promo-detail-page.tsx): the terms the member agrees to. */
export const promotionRulesAnchor = 'promo-rules';

type Field = 'images' | 'comment' | 'terms';

/** The fields a refused application names (`images.0`, `comment`, `agreeTerms`), as the form's. */
function fieldsOf(error: unknown): Set<Field> {
  const fields = new Set<Field>();
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return fields;
  const issues = (error.value as { issues?: { field?: unknown }[] } | null | undefined)?.issues ?? [];
  for (const issue of issues) {
    const field = typeof issue.field === 'string' ? issue.field : '';
    if (field.startsWith('images')) fields.add('images');
    else if (field === 'comment') fields.add('comment');
    else if (field === 'agreeTerms') fields.add('terms');
  }
  return fields;
}

const fieldErrorKeys: Record<Field, string> = {
  images: 'bonus_apply_pictures_invalid',
  comment: 'bonus_apply_comment_plain',
  terms: 'bonus_apply_terms_required',
};

/**
 * `claim` of a bonus obtained by application (rule `obtain: 'apply'`; spec 4 and 5): one to three
 * pictures (png or jpg, 5 MB each, with previews that can be removed), an optional plain-text
 * comment of at most 140 characters and the terms agreed, checked here as the server checks them.
 * A visitor is asked to log in (and a trial account to register) before the form shows.
 */
export function ApplyAction({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  const token = useSessionStore((state) => state.token);
  const isAgent = useSessionStore((state) => state.isAgent);
  const loginCheck = useLoginCheck();
  if (token === null || isTrialAccount(isAgent)) {
    return (
      <>
        <p className="bonus-offer__status">{t('bonus_apply_text')}</p>
        <button
          type="button"
          className="button button--gold button--large"
          onClick={() => loginCheck(() => undefined)}
        >
          {t('bonus_apply_submit')}
        </button>
      </>
    );
  }
  return <ApplicationForm promotionId={offer.promotionId} />;
}

function ApplicationForm({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const apply = useApplyBonus(promotionId);
  const showToast = useOverlayStore((state) => state.showToast);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [comment, setComment] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const check = (): Partial<Record<Field, string>> => ({
    ...(images.length === 0 ? { images: t('bonus_apply_pictures_required') } : {}),
    ...(/[<>]/.test(comment) ? { comment: t('bonus_apply_comment_plain') } : {}),
    ...(agreed ? {} : { terms: t('bonus_apply_terms_required') }),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const text = comment.trim();
    try {
      await apply.mutateAsync({
        images: images.map((image) => ({ contentType: image.contentType, data: image.data })),
        ...(text ? { comment: text } : {}),
        agreeTerms: true,
      });
      showToast('bonus_applied_toast');
    } catch (error) {
      const fields = fieldsOf(error);
      if (fields.size > 0) {
        setErrors(Object.fromEntries([...fields].map((field) => [field, t(fieldErrorKeys[field])])));
        return;
      }
      const reason = refusalReason(error);
      setAlert(reason === null ? errorTextKey(error) : reasonTextKey(reason));
    }
  };

  const commentHintId = `${id}-comment-hint`;
  const termsErrorId = `${id}-terms-error`;
  return (
    <form
      className="form bonus-apply"
      noValidate
      aria-label={t('bonus_apply_title')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className="bonus-offer__status">{t('bonus_apply_text')}</p>
      <ImagePicker
        label={t('bonus_apply_pictures', { max: applicationImagesMax })}
        hint={t('bonus_apply_pictures_hint')}
        max={applicationImagesMax}
        images={images}
        onChange={(picked) => {
          setImages(picked);
          setErrors(({ images: _images, ...rest }) => rest);
        }}
        error={errors.images ?? null}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-comment`}>
          {t('bonus_apply_comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="field__input bonus-apply__comment"
          rows={3}
          maxLength={applicationCommentMaxLength}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${id}-comment-error ${commentHintId}` : commentHintId}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors(({ comment: _comment, ...rest }) => rest);
          }}
        />
        <p className="field__hint" id={commentHintId}>
          {t('bonus_apply_comment_hint', { used: comment.length, max: applicationCommentMaxLength })}
        </p>
        {errors.comment ? (
          <p className="field__error" id={`${id}-comment-error`} role="alert">
            {errors.comment}
          </p>
        ) : null}
      </div>
      <div className="bonus-apply__terms">
        <label className="form__check">
          <input
            type="checkbox"
            checked={agreed}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? termsErrorId : undefined}
            onChange={(event) => {
              setAgreed(event.target.checked);
              setErrors(({ terms: _terms, ...rest }) => rest);
            }}
          />
          {t('bonus_apply_terms')}
        </label>
        <a
          className="bonus-apply__rules-link"
          href={`#${promotionRulesAnchor}`}
          onClick={(event) => {
            // The rules are on this page, above: scroll to them rather than change the address.
            event.preventDefault();
            const rules = document.getElementById(promotionRulesAnchor);
            rules?.scrollIntoView({ block: 'start' });
            rules?.focus({ preventScroll: true });
          }}
        >
          {t('bonus_apply_read_rules')}
        </a>
        {errors.terms ? (
          <p className="field__error" id={termsErrorId} role="alert">
            {errors.terms}
          </p>
        ) : null}
      </div>
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton tone="gold" isLarge isBusy={apply.isPending} busyLabel={t('bonus_applying_busy')}>
          <Send size={18} aria-hidden="true" />
          {t('bonus_apply_submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

const applyAgainKeys: Record<ClaimPeriod, string | null> = {
  member: null,
  day: 'bonus_apply_again_day',
  week: 'bonus_apply_again_week',
};

/** `applying`: sent, waiting for the review; `rejected`: with the operator's reason. */
export function ApplicationStatus({ offer }: { offer: BonusOffer }) {
  const { t } = useTranslation();
  const formatOptions = useFormatOptions();
  const { application } = offer;
  if (offer.state === 'rejected') {
    const againKey = applyAgainKeys[offer.rule.claimPeriod];
    return (
      <>
        <p className="bonus-offer__status">{t('bonus_rejected_text')}</p>
        {application?.reason ? (
          <p className="bonus-offer__reason" data-testid="bonus-application-reason">
            {t('bonus_rejected_reason', { reason: application.reason })}
          </p>
        ) : null}
        {againKey ? <p className="bonus-offer__note">{t(againKey)}</p> : null}
      </>
    );
  }
  return (
    <>
      <p className="bonus-offer__status">{t('bonus_applying_text')}</p>
      {application ? (
        <p className="bonus-offer__note">
          {t('bonus_applying_note', {
            time: formatDateTime(application.submittedAt, formatOptions, false),
          })}
        </p>
      ) : null}
    </>
  );
}
