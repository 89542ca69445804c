import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { Withdrawal } from '@khela/contract';
import { formatTimeOfDay } from '../../../shared/lib/format.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { errorTextKey } from '../../../shared/forms/api-errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { SubmitButton } from '../../../shared/forms/submit-button.tsx';
import { compareAmounts, formatAmount, parseAmount } from '@khela/contract/money';
import { amountProblemText, checkAmount, errorCode, useMoney } from '../deposit/money.ts';
import { useConfirmWithdrawal } from './withdraw-api.ts';
import { ImagePicker, type PickedImage } from '../components/image-picker.tsx';

type Receipt = 'full' | 'partial' | 'none';
const receiptLabelKeys: Record<Receipt, string> = {
  full: 'label_received_full',
  partial: 'label_received_partly',
  none: 'label_received_none',
};

/**
 * Spec 4, withdrawal confirmation: a disbursed payment asks whether it arrived in full, partly (how
 * much; the remainder is shown) or not at all (a proof image); silence until `confirmBy` counts as
 * received.
 */
export function ReceiptConfirmation({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const { money, precision, formatOptions } = useMoney();
  const confirm = useConfirmWithdrawal();
  const id = useId();
  const [receipt, setReceipt] = useState<Receipt>('full');
  const [received, setReceived] = useState('');
  const [proofs, setProofs] = useState<PickedImage[]>([]);
  const proof = proofs[0] ?? null;
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const receivedProblem =
    received === ''
      ? null
      : (checkAmount(received, { precision }) ??
        (compareAmounts(received, withdrawal.amount) >= 0 ? 'less' : null));
  // Both amounts are good ones here (the server's, and the member's checked just above).
  const remainder =
    receipt === 'partial' && received !== '' && receivedProblem === null
      ? formatAmount(
          parseAmount(withdrawal.amount, { precision }) - parseAmount(received, { precision }),
          precision,
        )
      : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    setFieldError(null);
    if (receipt === 'partial') {
      const problem = checkAmount(received, { precision });
      if (problem) {
        setFieldError(amountProblemText(problem, t, money, { precision }));
        return;
      }
      if (compareAmounts(received, withdrawal.amount) >= 0) {
        setFieldError(t('text_received_less', { value: money(withdrawal.amount) }));
        return;
      }
    }
    if (receipt === 'none' && !proof) {
      setFieldError(t('text_proof_required'));
      return;
    }
    try {
      await confirm.mutateAsync({
        withdrawalId: withdrawal.withdrawalId,
        receipt,
        ...(receipt === 'partial' ? { receivedAmount: received } : {}),
        ...(receipt === 'none' && proof
          ? { proof: { contentType: proof.contentType, data: proof.data } }
          : {}),
      });
    } catch (error) {
      setAlert(errorCode(error) === 'CONFLICT' ? 'text_receipt_closed' : errorTextKey(error));
    }
  };

  return (
    <form
      className="form"
      noValidate
      aria-label={t('title_confirm_receipt')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className="form__notice">
        {withdrawal.confirmBy
          ? t('text_confirm_by', {
              time: formatTimeOfDay(withdrawal.confirmBy, formatOptions),
            })
          : t('title_confirm_receipt')}
      </p>
      <fieldset className="wallet-choice">
        <legend>{t('title_confirm_receipt')}</legend>
        {(Object.keys(receiptLabelKeys) as Receipt[]).map((option) => (
          <label key={option} className="form__check">
            <input
              type="radio"
              name={`${id}-receipt`}
              value={option}
              checked={receipt === option}
              onChange={() => {
                setReceipt(option);
                setFieldError(null);
              }}
            />
            {t(receiptLabelKeys[option])}
          </label>
        ))}
      </fieldset>
      {receipt === 'partial' ? (
        <TextField
          label={t('label_amount_received')}
          placeholder={t('label_amount_received')}
          isRequired
          inputMode="decimal"
          autoComplete="off"
          value={received}
          onChange={(event) => {
            setReceived(event.target.value);
            setFieldError(null);
          }}
          hint={remainder ? t('text_remainder', { value: money(remainder) }) : undefined}
          error={fieldError ?? undefined}
        />
      ) : null}
      {receipt === 'none' ? (
        <ImagePicker
          label={t('label_proof_image')}
          hint={t('text_proof_hint')}
          max={1}
          images={proofs}
          onChange={(images) => {
            setFieldError(null);
            setProofs(images);
          }}
          error={fieldError}
        />
      ) : null}
      <FormAlert textKey={alert} />
      <div className="form__actions">
        <SubmitButton isBusy={confirm.isPending} busyLabel={t('state_sending')}>
          {t('action_send_receipt')}
        </SubmitButton>
      </div>
    </form>
  );
}
