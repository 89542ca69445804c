import Download from 'lucide-react/icons/download';
import { z } from 'zod';
import { auditOutcomes, isoDay, type OperatorAuditEntry, type QueryOf } from '@khela/contract';
import { operatorAudit } from '@khela/contract/call-routes';
import { usePagedCall } from '../../shared/api/hooks.ts';
import { SelectField, TextField } from '../../shared/forms/fields.tsx';
import { useServerForm } from '../../shared/forms/use-server-form.ts';
import { t } from '../../shared/i18n/i18n.ts';
import { downloadCsv, toCsv } from '../../shared/lib/csv.ts';
import { formatTime, jsonText } from '../../shared/lib/format.ts';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { useSearchParams } from '../router.tsx';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

// The audit call's filters as typed in the form (an empty box is no filter), with the contract's rules.
const filterSchema = z.object({
  q: z.string().trim().max(100),
  operator: z.string().trim().max(64),
  outcome: optional(z.enum(auditOutcomes)),
  from: optional(isoDay),
  to: optional(isoDay),
});
type Filters = z.infer<typeof filterSchema>;
const filterNames = ['q', 'operator', 'outcome', 'from', 'to'] as const;

const pageSize = 50;

function filtersOf(params: URLSearchParams): Filters {
  const parsed = filterSchema.safeParse(
    Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])),
  );
  return parsed.success ? parsed.data : { q: '', operator: '', outcome: '', from: '', to: '' };
}

function queryOf(filters: Filters): QueryOf<typeof operatorAudit> {
  return {
    limit: pageSize,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.operator ? { operator: filters.operator } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

const outcomeBadge: Record<OperatorAuditEntry['outcome'], string> = {
  ok: 'badge--ok',
  refused: 'badge--danger',
  failed: 'badge--muted',
};

/** The audit trail: every operator action and refusal, searchable, with before and after, exported as CSV. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = usePagedCall(operatorAudit, queryOf(filters), {
    items: (value) => value.entries,
    next: (value) => value.next,
    cursorField: 'before',
  });
  const { form, submit, fieldError } = useServerForm<Filters>({
    schema: filterSchema,
    defaultValues: filters,
    fields: filterNames,
    action: async (values) => setParams(values),
  });

  const columns: Column<OperatorAuditEntry>[] = [
    {
      key: 'at',
      header: t('shell_audit_at'),
      cell: (row) => <span className="nowrap">{formatTime(row.at)}</span>,
    },
    {
      key: 'operator',
      header: t('shell_audit_operator'),
      cell: (row) => (
        <>
          {row.operator}
          {row.role ? <div className="muted">{row.role}</div> : null}
        </>
      ),
    },
    { key: 'action', header: t('shell_audit_action'), cell: (row) => <code>{row.action}</code> },
    {
      key: 'target',
      header: t('shell_audit_target'),
      wide: true,
      cell: (row) => (row.targetKind ? `${row.targetKind} ${row.targetId ?? ''}` : '—'),
    },
    {
      key: 'outcome',
      header: t('shell_audit_outcome'),
      cell: (row) => (
        <span className={`badge ${outcomeBadge[row.outcome]}`}>
          {t(`shell_audit_outcome_${row.outcome}`)}
          {row.errorCode ? ` · ${row.errorCode}` : ''}
        </span>
      ),
    },
    { key: 'ip', header: t('shell_audit_ip'), wide: true, cell: (row) => row.ip ?? '—' },
  ];

  const exportCsv = () => {
    const header = [
      'id',
      'at',
      'operator',
      'role',
      'ip',
      'user_agent',
      'action',
      'target_kind',
      'target_id',
      'outcome',
      'error_code',
      'reason',
      'before',
      'after',
    ];
    const rows = audit.rows.map((row) => [
      row.id,
      new Date(row.at).toISOString(),
      row.operator,
      row.role,
      row.ip,
      row.userAgent,
      row.action,
      row.targetKind,
      row.targetId,
      row.outcome,
      row.errorCode,
      row.reason,
      row.before === undefined || row.before === null ? '' : JSON.stringify(row.before),
      row.after === undefined || row.after === null ? '' : JSON.stringify(row.after),
    ]);
    downloadCsv(`audit-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(header, rows));
  };

  return (
    <Page
      title={t('shell_nav_audit')}
      actions={
        <button
          type="button"
          className="button button--ghost"
          onClick={exportCsv}
          disabled={audit.rows.length === 0}
          data-testid="audit-export"
        >
          <Download size={16} aria-hidden />
          {t('shell_audit_export', { count: audit.rows.length })}
        </button>
      }
    >
      <Section>
        <form className="form" role="search" noValidate onSubmit={(event) => void submit(event)}>
          <div className="form__grid">
            <TextField
              label={t('shell_audit_search')}
              type="search"
              maxLength={100}
              error={fieldError('q')}
              {...form.register('q')}
            />
            <TextField
              label={t('shell_audit_operator')}
              maxLength={64}
              autoCapitalize="none"
              error={fieldError('operator')}
              {...form.register('operator')}
            />
            <SelectField
              label={t('shell_audit_outcome')}
              emptyLabel={t('shell_audit_any')}
              options={auditOutcomes.map((outcome) => ({
                value: outcome,
                label: t(`shell_audit_outcome_${outcome}`),
              }))}
              error={fieldError('outcome')}
              {...form.register('outcome')}
            />
            <TextField
              label={t('shell_audit_from')}
              type="date"
              error={fieldError('from')}
              {...form.register('from')}
            />
            <TextField
              label={t('shell_audit_to')}
              type="date"
              error={fieldError('to')}
              {...form.register('to')}
            />
          </div>
          <div className="form__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                form.reset({ q: '', operator: '', outcome: '', from: '', to: '' });
                setParams({});
              }}
            >
              {t('shell_audit_clear')}
            </button>
            <button type="submit" className="button button--primary">
              {t('shell_audit_apply')}
            </button>
          </div>
        </form>
      </Section>
      <Section>
        <Table
          label={t('shell_nav_audit')}
          columns={columns}
          rows={audit.rows}
          rowKey={(row) => row.id}
          isLoading={audit.isPending}
          error={audit.error}
          onRetry={() => void audit.refetch()}
          emptyText={t('shell_audit_empty')}
          paging={audit}
          expand={(row) => <AuditDetails entry={row} />}
        />
      </Section>
    </Page>
  );
}

function AuditDetails({ entry }: { entry: OperatorAuditEntry }) {
  return (
    <div data-testid="audit-details">
      <dl className="meta-list">
        <dt>{t('shell_audit_target')}</dt>
        <dd>{entry.targetKind ? `${entry.targetKind} ${entry.targetId ?? ''}` : '—'}</dd>
        <dt>{t('shell_audit_reason')}</dt>
        <dd>{entry.reason ?? '—'}</dd>
        <dt>{t('shell_audit_ip')}</dt>
        <dd>{entry.ip ?? '—'}</dd>
        <dt>{t('shell_audit_user_agent')}</dt>
        <dd>{entry.userAgent ?? '—'}</dd>
      </dl>
      <div className="diff">
        <div className="diff__side">
          <h3>{t('shell_audit_before')}</h3>
          <pre data-testid="audit-before">{jsonText(entry.before)}</pre>
        </div>
        <div className="diff__side">
          <h3>{t('shell_audit_after')}</h3>
          <pre data-testid="audit-after">{jsonText(entry.after)}</pre>
        </div>
      </div>
    </div>
  );
}
