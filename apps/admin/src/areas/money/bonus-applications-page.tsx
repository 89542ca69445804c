import './money.css';
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { bonusApplicationStates, type BonusApplicationState, type ValueOf } from '@khela/contract';
import {
  operatorBonusApplicationDecide,
  operatorBonusApplicationImage,
  operatorBonusApplications,
  operatorBonusClaims,
} from '@khela/contract/call-routes';
import { useCan, useOperator } from '../../app/operator.ts';
import { Link, useSearchParams } from '../../app/router.tsx';
import { useCall, useMutationCall } from '../../shared/api/hooks.ts';
import { SelectField } from '../../shared/forms/fields.tsx';
import { addTexts, t } from '../../shared/i18n/i18n.ts';
import { ConfirmWithReason } from '../../shared/ui/confirm-with-reason.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { Table, type Column } from '../../shared/ui/table.tsx';
import { formatMoney, formatTime } from './format.ts';
import { ApproveReject, listState, MemberListFilters, useNotice } from './money-kit.tsx';
import { ImageDialog } from './proof-dialog.tsx';
import applicationTexts from './bonus-applications-texts.en.json';

// This page's texts come with its chunk, not with the back office's entry.
addTexts(applicationTexts);

type Applications = ValueOf<typeof operatorBonusApplications>;
type Application = Applications['items'][number];

const stateTone: Record<BonusApplicationState, string> = {
  applying: 'badge',
  approved: 'badge badge--ok',
  rejected: 'badge badge--danger',
};

function isApplicationState(value: string): value is BonusApplicationState {
  return (bonusApplicationStates as readonly string[]).includes(value);
}

/**
 * The waiting applications shown with thumbnails, oldest first: each picture is one call, so a long
 * queue's later rows show picture buttons until the first ones are decided (the per-address limit).
 */
const thumbnailedRows = 20;

/** Which picture of which application is open in the dialog. */
type Shown = { id: number; index: number };

/** A picture of a waiting application, small; it opens the full picture. Loaded when shown. */
function Thumbnail({ id, index, onOpen }: Shown & { onOpen: () => void }) {
  const picture = useCall(operatorBonusApplicationImage, { id, index });
  const value = picture.data;
  const label = t('money_applications_picture_n', { n: index + 1 });
  return (
    <button type="button" className="money-thumb" aria-label={label} onClick={onOpen}>
      {value ? (
        <img src={`data:${value.contentType};base64,${value.data}`} alt="" width={56} height={56} />
      ) : (
        <span aria-hidden="true">{index + 1}</span>
      )}
    </button>
  );
}

/** Where an application stands: waiting (for a second approver: who approved first), or decided. */
function StateCell({ application }: { application: Application }) {
  return (
    <span className="money-state">
      <span className={stateTone[application.state]}>
        {t(`money_applications_state_${application.state}`)}
      </span>
      {application.state === 'applying' && application.firstApprovedBy !== null ? (
        <span className="money-state__line money-pending" data-testid={`second-approver-${application.id}`}>
          {t('money_applications_waiting_second', {
            name: application.firstApprovedBy,
            at: formatTime(application.firstApprovedAt),
          })}
        </span>
      ) : null}
      {application.state === 'applying' &&
      application.firstApprovedBy === null &&
      application.needsSecondApprover ? (
        <span className="money-state__line">{t('money_applications_needs_two')}</span>
      ) : null}
      {application.decidedBy !== null ? (
        <span className="money-state__line">
          {t('money_applications_decided', {
            name: application.decidedBy,
            at: formatTime(application.decidedAt),
          })}
        </span>
      ) : null}
      {application.decisionReason ? (
        <span className="money-state__line">
          {t('money_applications_reason', { reason: application.decisionReason })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Bonus applications (issue 39, spec 4 and 5; docs/back-office-promotions.md): members' applications
 * for a bonus obtained by application, waiting ones first (oldest first), each with the member, the
 * promotion, the bonus, the comment (text, never markup) and the pictures (thumbnails of the first
 * waiting ones, each opening the full picture); approve, or reject with a reason the member reads. From the
 * brand's four-eyes threshold the first approval waits for a second operator, shown with who
 * approved first. Reading needs money.read, deciding money.adjust.approve.
 */
export default function BonusApplicationsPage() {
  const can = useCan();
  const operator = useOperator();
  const mayDecide = can('money.adjust.approve');
  const [days, setDays] = useState<number>(30);
  const [state, setState] = useState<BonusApplicationState | ''>('');
  // The promotion may come from the address (`?promotionId=`: Site → Bonus promotions links here).
  const [params] = useSearchParams();
  const promotionParam = params.get('promotionId') ?? '';
  const [promotionId, setPromotionId] = useState(
    /^[1-9][0-9]{0,9}$/.test(promotionParam) ? promotionParam : '',
  );
  const [username, setUsername] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const notice = useNotice();
  const applications = useCall(
    operatorBonusApplications,
    {
      days,
      ...(state ? { state } : {}),
      ...(promotionId ? { promotionId: Number(promotionId) } : {}),
      ...(username ? { username } : {}),
    },
    // The last answer stays while the next one loads: the filters' choices do not blink away.
    { placeholderData: keepPreviousData },
  );
  const decide = useMutationCall(operatorBonusApplicationDecide, {
    invalidates: [operatorBonusApplications, operatorBonusClaims],
  });
  const data = applications.data;
  const thumbnailed = new Set(
    (data?.items ?? [])
      .filter((application) => application.state === 'applying')
      .slice(0, thumbnailedRows)
      .map((application) => application.id),
  );

  const approve = (application: Application) =>
    notice.run(async () => {
      const decided = await decide.mutateAsync({ body: { id: application.id, decision: 'approve' } });
      return decided.state === 'approved'
        ? t('money_applications_approved', {
            amount: formatMoney(decided.amount, decided.currency),
            name: decided.username,
          })
        : t('money_applications_first_approval', { name: decided.username });
    });

  const actions = (application: Application) => {
    if (application.state !== 'applying' || !mayDecide) return null;
    if (application.firstApprovedBy === operator.account) {
      return <span className="money-note">{t('money_applications_own_first')}</span>;
    }
    return (
      <ApproveReject onApprove={() => void approve(application)} onReject={() => setRejecting(application)} />
    );
  };

  const columns: Column<Application>[] = [
    {
      key: 'sent',
      header: t('money_applications_sent'),
      cell: (application) => formatTime(application.submittedAt),
    },
    {
      key: 'member',
      header: t('money_applications_member'),
      cell: (application) => (
        <span className="money-account">
          {application.username} <span className="money-account__number">#{application.memberId}</span>
        </span>
      ),
    },
    {
      key: 'promotion',
      header: t('money_applications_promotion'),
      wide: true,
      cell: (application) => application.title,
    },
    {
      key: 'amount',
      header: t('money_applications_amount'),
      align: 'end',
      cell: (application) => formatMoney(application.amount, application.currency),
    },
    {
      key: 'comment',
      header: t('money_applications_comment'),
      cell: (application) =>
        application.comment === null ? (
          <span className="muted">—</span>
        ) : (
          <span className="money-comment">{application.comment}</span>
        ),
    },
    {
      key: 'pictures',
      header: t('money_applications_pictures'),
      cell: (application) => (
        <div className="money-actions">
          {Array.from({ length: application.imageCount }, (_, index) =>
            thumbnailed.has(application.id) ? (
              <Thumbnail
                key={index}
                id={application.id}
                index={index}
                onOpen={() => setShown({ id: application.id, index })}
              />
            ) : (
              <button
                key={index}
                type="button"
                className="button button--ghost button--small"
                onClick={() => setShown({ id: application.id, index })}
              >
                {t('money_applications_picture_n', { n: index + 1 })}
              </button>
            ),
          )}
        </div>
      ),
    },
    {
      key: 'state',
      header: t('money_applications_state'),
      cell: (application) => <StateCell application={application} />,
    },
    {
      key: 'bonus',
      header: t('money_applications_bonus'),
      wide: true,
      cell: (application) =>
        application.bonusClaimId === null ? (
          '—'
        ) : (
          <Link
            to={`/money/bonus-claims?promotionId=${application.promotionId}`}
            aria-label={t('money_applications_bonus_link', { id: application.bonusClaimId })}
          >
            #{application.bonusClaimId}
          </Link>
        ),
    },
    { key: 'actions', header: t('money_actions'), cell: actions },
  ];

  return (
    <Page title={t('money_applications_title')}>
      <Section>
        <p>{t('money_applications_intro')}</p>
        {data ? (
          <p className="money-note" data-testid="bonus-applications-threshold">
            {data.secondApproverFrom === null
              ? t('money_applications_one_approver')
              : t('money_applications_threshold', { amount: formatMoney(data.secondApproverFrom) })}
          </p>
        ) : null}
        <MemberListFilters
          days={days}
          onDays={setDays}
          memberLabel={t('money_applications_member')}
          searchLabel={t('money_applications_search')}
          onMember={setUsername}
        >
          <SelectField
            label={t('money_applications_state')}
            value={state}
            emptyLabel={t('money_applications_any')}
            onChange={(event) => setState(isApplicationState(event.target.value) ? event.target.value : '')}
            options={bonusApplicationStates.map((value) => ({
              value,
              label: t(`money_applications_state_${value}`),
            }))}
          />
          <SelectField
            label={t('money_applications_promotion')}
            value={promotionId}
            emptyLabel={t('money_applications_any')}
            onChange={(event) => setPromotionId(event.target.value)}
            options={(data?.promotions ?? []).map((promotion) => ({
              value: String(promotion.promotionId),
              label: promotion.title,
            }))}
          />
        </MemberListFilters>
        {data ? (
          <p role="status" data-testid="bonus-applications-sum">
            {t('money_applications_sum', { count: data.count, applying: data.applying })}
          </p>
        ) : null}
        {notice.alert}
        <Table<Application>
          label={t('money_applications_title')}
          rows={data?.items}
          rowKey={(application) => String(application.id)}
          columns={columns}
          {...listState(applications)}
          emptyText={t('money_applications_empty')}
        />
      </Section>
      <ConfirmWithReason
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={t('money_applications_reject_title', { name: rejecting?.username ?? '' })}
        message={t('money_applications_reject_message')}
        confirmLabel={t('money_reject')}
        tone="danger"
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({ body: { id: rejecting.id, decision: 'reject', reason } });
          notice.setNotice(t('money_applications_rejected', { name: rejecting.username }));
        }}
      />
      <ImageDialog
        call={operatorBonusApplicationImage}
        query={{ id: shown?.id ?? 1, index: shown?.index ?? 0 }}
        open={shown !== null}
        onOpenChange={(open) => !open && setShown(null)}
        title={t('money_applications_picture_n', { n: (shown?.index ?? 0) + 1 })}
      />
    </Page>
  );
}
