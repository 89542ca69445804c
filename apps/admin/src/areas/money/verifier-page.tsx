import './money.css';
import type { ValueOf } from '@khela/contract';
import { operatorLedgerVerification, operatorLedgerVerify } from '@khela/contract/call-routes';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { FormAlert } from '../../shared/forms/fields.tsx';
import { errorText } from '../../shared/forms/api-errors.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { formatTime } from './format.ts';

type Check = ValueOf<typeof operatorLedgerVerification>['checks'][number];

/** The ledger verifier's last result (the hourly job's, or a run started here). */
export default function VerifierPage() {
  const last = useCall(operatorLedgerVerification);
  const run = useMutationCall(operatorLedgerVerify, { invalidates: [operatorLedgerVerification] });
  const value = last.data;
  return (
    <Page
      title={t('money_verifier_title')}
      actions={
        <button
          type="button"
          className="button button--primary"
          disabled={run.isPending}
          aria-busy={run.isPending || undefined}
          onClick={() => run.mutate({ body: {} })}
        >
          {run.isPending ? t('money_working') : t('money_verifier_run')}
        </button>
      }
    >
      <Section>
        {last.isLoading ? <Loading rows={2} /> : null}
        {last.error ? <ErrorState error={last.error} onRetry={() => void last.refetch()} /> : null}
        <FormAlert>{run.error ? errorText(run.error) : null}</FormAlert>
        {value ? (
          <p
            className={`money-verdict money-verdict--${value.ok === null ? 'none' : value.ok ? 'ok' : 'fail'}`}
            role="status"
          >
            {value.at === null
              ? t('money_verifier_never')
              : value.ok
                ? t('money_verifier_ok', { time: formatTime(value.at), ms: value.tookMs })
                : t('money_verifier_failed', { time: formatTime(value.at) })}
          </p>
        ) : null}
        {value && value.checks.length > 0 ? (
          <Table<Check>
            label={t('money_verifier_title')}
            rows={value.checks}
            rowKey={(check) => check.name}
            columns={[
              { key: 'check', header: t('money_verifier_check'), cell: (check) => check.description },
              {
                key: 'result',
                header: t('money_verifier_result'),
                cell: (check) => (check.ok ? t('money_verifier_pass') : t('money_verifier_fail')),
              },
            ]}
            expand={(check) =>
              check.problems.length ? (
                <ul className="money-problems">
                  {check.problems.map((problem, index) => (
                    <li key={index}>{problem}</li>
                  ))}
                </ul>
              ) : (
                <span>{check.name}</span>
              )
            }
          />
        ) : null}
      </Section>
    </Page>
  );
}
