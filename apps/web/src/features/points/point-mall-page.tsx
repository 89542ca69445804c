import { useMemo, useState } from 'react';
import Coins from 'lucide-react/icons/coins';
import Gift from 'lucide-react/icons/gift';
import { z } from 'zod';
import type { GameCategory, PointConfigValue, PointDetailLine } from '@khela/contract';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { FormAlert } from '../../shared/forms/form-alert.tsx';
import { errorTextKey, wrongPasswordText } from '../../shared/forms/api-errors.ts';
import { SubmitButton } from '../../shared/forms/submit-button.tsx';
import { TextField } from '../../shared/forms/text-field.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { useLoginCheck } from '../../shared/hooks/use-login-check.ts';
import { formatAmountText, formatDateTime } from '../../shared/lib/format.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { Pager } from '../../shared/ui/pager.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { categoryInfo } from '../games/index.ts';
import { errorCode, useMoney, useRequestId } from '../wallet/index.ts';
import {
  cashOfPoints,
  useCanHavePoints,
  useConvertPoints,
  usePointBalance,
  usePointConfig,
  usePointDetail,
} from './points-api.ts';
import './points.css';
import '../../shared/ui/card.css';

/** Whole points in the page's digits and grouping ("12,500"). */
function usePointsText() {
  const { formatOptions } = useMoney();
  return (points: string) => formatAmountText(points.replace('-', ''), formatOptions, 0);
}

interface ConvertValues {
  points: string;
  paymentPassword: string;
}

/** The conversion form: points (whole steps, at least the minimum, at most the balance), the cash they make, the payment password. */
function ConvertForm({ config, balance }: { config: PointConfigValue; balance: string }) {
  const { t } = useTranslation();
  const { money, precision } = useMoney();
  const pointsText = usePointsText();
  const convert = useConvertPoints();
  const requestId = useRequestId();
  const [notice, setNotice] = useState<string | null>(null);
  const perCash = BigInt(config.pointsPerCash);
  const minimum = BigInt(config.minimumConversion);
  const step = BigInt(config.conversionStep);

  const schema = useMemo(
    () =>
      z.object({
        points: z.string().superRefine((value, context) => {
          const problem = (message: string) => context.addIssue({ code: 'custom', message });
          if (value.trim() === '') return problem(t('pt_points_required'));
          if (!/^[1-9][0-9]{0,14}$/.test(value.trim())) return problem(t('pt_points_format'));
          const points = BigInt(value.trim());
          if (points < minimum)
            return problem(t('pt_minimum', { points: pointsText(config.minimumConversion) }));
          if (points % step !== 0n)
            return problem(t('pt_step', { points: pointsText(config.conversionStep) }));
          if (points > BigInt(balance))
            return problem(t('pt_more_than_balance', { points: pointsText(balance) }));
          return undefined;
        }),
        paymentPassword: z.string().min(1, t('text_payment_password_required')).max(64),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language, config or balance changes
    [t, balance, config],
  );
  const { form, alert, setAlert, submit, fieldError } = useServerForm<ConvertValues>({
    schema,
    defaultValues: { points: '', paymentPassword: '' },
    fields: ['points', 'paymentPassword'],
    action: async (values) => {
      setNotice(null);
      const body = { points: values.points.trim(), paymentPassword: values.paymentPassword };
      const result = await convert.mutateAsync({ ...body, requestId: requestId.idFor(body) });
      requestId.settle();
      form.reset({ points: '', paymentPassword: '' });
      setNotice(t('pt_converted', { points: pointsText(result.points), amount: money(result.cash) }));
    },
    onError: (error) => {
      switch (errorCode(error)) {
        case 'WRONG_PASSWORD':
          form.setError('paymentPassword', { type: 'server', message: wrongPasswordText(error, t) });
          return true;
        case 'PAYMENT_PASSWORD_NOT_SET':
          setAlert('text_no_payment_password');
          return true;
        case 'INSUFFICIENT_POINTS':
          form.setError('points', { type: 'server', message: t('err_insufficient_points') });
          return true;
        case 'POINTS_BELOW_MINIMUM':
          form.setError('points', { type: 'server', message: t('err_points_below_minimum') });
          return true;
        default:
          return false;
      }
    },
  });
  const typed = form.watch('points').trim();
  const cash = /^[1-9][0-9]{0,14}$/.test(typed) ? cashOfPoints(BigInt(typed), perCash, precision) : null;

  return (
    <section
      className="card card--compact points-section points-convert"
      aria-labelledby="points-convert-title"
    >
      <h2 className="points-section__title" id="points-convert-title">
        {t('pt_convert_title')}
      </h2>
      <p className="card-note">
        {t('pt_ratio', {
          points: pointsText(config.pointsPerCash),
          amount: money(cashOfPoints(perCash, perCash, precision)),
        })}
        {' · '}
        {t('pt_minimum', { points: pointsText(config.minimumConversion) })}
        {step > 1n ? ` · ${t('pt_step', { points: pointsText(config.conversionStep) })}` : null}
      </p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('pt_label_points')}
          placeholder={t('pt_label_points')}
          isRequired
          inputMode="numeric"
          autoComplete="off"
          error={fieldError('points')}
          {...form.register('points')}
        />
        <p className="points-convert__cash" aria-live="polite" data-testid="points-cash">
          {cash === null ? t('pt_cash_hint') : t('pt_cash_value', { amount: money(cash) })}
        </p>
        <TextField
          label={t('label_payment_password')}
          placeholder={t('label_payment_password')}
          type="password"
          isRequired
          autoComplete="off"
          error={fieldError('paymentPassword')}
          {...form.register('paymentPassword')}
        />
        <FormAlert textKey={alert} />
        <FormAlert tone="notice">{notice}</FormAlert>
        <div className="form__actions">
          <SubmitButton tone="gold" isBusy={form.formState.isSubmitting} busyLabel={t('pt_converting')}>
            {t('pt_action_convert')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

function DetailLine({ line }: { line: PointDetailLine }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const pointsText = usePointsText();
  const cash = /^([0-9]+(?:\.[0-9]+)?) [A-Z]{3}$/.exec(line.remark)?.[1];
  const remark =
    line.type === 'earn'
      ? t('pt_remark_day', { day: line.remark })
      : cash !== undefined
        ? t('pt_remark_cash', { amount: money(cash) })
        : line.remark;
  const isGain = !line.amount.startsWith('-');
  return (
    <li className="card-line points-line" data-testid="points-line">
      <div className="points-line__row">
        <strong>{t(line.type === 'earn' ? 'pt_type_earn' : 'pt_type_convert')}</strong>
        <strong className={isGain ? 'points-line__amount--gain' : undefined}>
          {`${isGain ? '+' : '-'}${pointsText(line.amount)}`}
        </strong>
      </div>
      <div className="points-line__row points-line__row--meta">
        <span>{formatDateTime(line.time, formatOptions, false)}</span>
        <span>{t('pt_balance_after', { points: pointsText(line.balanceAfter) })}</span>
      </div>
      <div className="points-line__row points-line__row--meta">
        <span>{remark}</span>
        <span>{line.reference}</span>
      </div>
    </li>
  );
}

function PointsDetail() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const detail = usePointDetail(pageNo);
  return (
    <section className="card card--compact points-section" aria-labelledby="points-detail-title">
      <h2 className="points-section__title" id="points-detail-title">
        {t('pt_detail_title')}
      </h2>
      {detail.isPending ? (
        <div aria-busy="true">
          <Skeleton rows={3} height="3.5rem" />
        </div>
      ) : detail.isError ? (
        <FormAlert textKey={errorTextKey(detail.error)} />
      ) : detail.data.list.length === 0 ? (
        <EmptyState icon={Coins} title={t('pt_detail_empty_title')} text={t('pt_detail_empty_text')} />
      ) : (
        <>
          <ul className="points-list">
            {detail.data.list.map((line) => (
              <DetailLine key={line.reference} line={line} />
            ))}
          </ul>
          <Pager pageNo={detail.data.pageNo} totalPages={detail.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}

function Rates({ config }: { config: PointConfigValue }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const pointsText = usePointsText();
  const categoryName = (gameType: GameCategory) => t(categoryInfo[gameType].labelKey);
  return (
    <section className="card card--compact points-section" aria-labelledby="points-rates-title">
      <h2 className="points-section__title" id="points-rates-title">
        {t('pt_rates_title')}
      </h2>
      {config.rates.length === 0 ? (
        <p className="card-note">{t('pt_rates_none')}</p>
      ) : (
        <ul className="points-list points-list--rates">
          {config.rates.map((entry) => (
            <li key={entry.gameType} className="card-line">
              <span>{categoryName(entry.gameType)}</span>
              <strong>{t('pt_rate_line', { points: pointsText(entry.rate), amount: money('100') })}</strong>
            </li>
          ))}
        </ul>
      )}
      <p className="card-note">{t('pt_rates_note')}</p>
    </section>
  );
}

/**
 * /pointMall (spec 1, 2; issue 40 item 2): the member's points, converting them to cash with the
 * payment password, how points are earned, and the points detail. The mall's rewards (item 3) will
 * take the place kept for them at the end.
 */
export function PointMallPage() {
  const { t } = useTranslation();
  const pointsText = usePointsText();
  const { canHavePoints, token } = useCanHavePoints();
  const loginCheck = useLoginCheck();
  const config = usePointConfig();
  const balance = usePointBalance();

  let body;
  if (config.isPending || (canHavePoints && balance.isPending)) {
    body = (
      <div className="points" aria-busy="true">
        <Skeleton rows={1} height="6rem" />
        <Skeleton rows={3} height="3rem" />
      </div>
    );
  } else if (config.isError) {
    body = <FormAlert textKey={errorTextKey(config.error)} />;
  } else if (!config.data.enabled) {
    body = <EmptyState icon={Coins} title={t('pt_off_title')} text={t('pt_off_text')} />;
  } else {
    const value = balance.data?.balance ?? null;
    body = (
      <div className="points">
        <section className="card card--gold points-summary" aria-labelledby="points-balance-title">
          <div>
            <h2 id="points-balance-title" className="points-summary__label">
              {t('pt_balance_title')}
            </h2>
            {canHavePoints && value !== null ? (
              <p className="points-summary__total" data-testid="points-balance">
                {pointsText(value)}
              </p>
            ) : (
              <p className="card-note">{t(token === null ? 'pt_guest_text' : 'pt_players_only')}</p>
            )}
          </div>
          {token === null ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => loginCheck(() => undefined)}
            >
              {t('action_login')}
            </button>
          ) : null}
        </section>
        {balance.isError ? <FormAlert textKey={errorTextKey(balance.error)} /> : null}
        {canHavePoints && value !== null ? <ConvertForm config={config.data} balance={value} /> : null}
        <Rates config={config.data} />
        {canHavePoints ? <PointsDetail /> : null}
        <section
          className="card card--compact points-section points-rewards"
          aria-labelledby="points-rewards-title"
        >
          <h2 className="points-section__title" id="points-rewards-title">
            <Gift aria-hidden="true" size={18} /> {t('pt_rewards_title')}
          </h2>
          <p className="card-note">{t('pt_rewards_soon')}</p>
        </section>
      </div>
    );
  }
  return <Page title={t('page_point_mall')}>{body}</Page>;
}
