import Share2 from 'lucide-react/icons/share-2';
import Users from 'lucide-react/icons/users';
import type { ReferralFriend, ReferralValue } from '@khela/contract';
import { useBrand } from '../../../shared/api/get-whitelabel.ts';
import { paths } from '../../../shared/config/paths.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatDate, formatNumber } from '../../../shared/lib/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { AppQrCode } from '../../../shared/ui/app-qr-code.tsx';
import { Badge } from '../../../shared/ui/badge.tsx';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useMoney } from '../../wallet/index.ts';
import { BonusRuleFacts } from '../bonus/bonus-rule.tsx';
import { useReferral } from './referral-api.ts';
import { referralErrorKey, rewardStateLabels } from './referral-labels.ts';
import '../bonus/bonus.css';
import './referral.css';

/** The address a friend registers with: the register form reads `referralCode` on load. */
function invitationLink(code: string): string {
  return `${window.location.origin}${paths.register}?${new URLSearchParams({ referralCode: code }).toString()}`;
}

/** The code in large type, the link, Copy and Share, and a QR code of the link for a friend beside you. */
function InviteCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const link = invitationLink(code);
  // The system share sheet (phones): absent on most desktops, where Copy does the job.
  const canShare = typeof navigator.share === 'function';
  const share = () => {
    // A dismissed share sheet rejects: nothing to say.
    navigator
      .share({
        title: t('ref_share_title', { brand: brand.brandName }),
        text: t('ref_share_text'),
        url: link,
      })
      .catch(() => undefined);
  };
  return (
    <section className="bonus-wallet referral-invite" aria-labelledby="referral-code-label">
      <div className="referral-invite__main">
        <div className="referral-invite__block">
          <h3 id="referral-code-label" className="referral-invite__label">
            {t('ref_code_title')}
          </h3>
          <div className="referral-invite__row">
            <p className="referral-invite__code" data-testid="referral-code">
              {code}
            </p>
            <CopyButton
              text={code}
              label={t('ref_code_name')}
              className="button button--ghost button--small"
              iconSize={16}
            />
          </div>
        </div>
        <div className="referral-invite__block">
          <h3 className="referral-invite__label">{t('ref_link_title')}</h3>
          <p className="referral-invite__link" data-testid="referral-link">
            {link}
          </p>
          <div className="referral-invite__actions">
            <CopyButton
              text={link}
              label={t('ref_link_name')}
              className="button button--primary button--small"
              iconSize={16}
            />
            {canShare ? (
              <button type="button" className="button button--outline button--small" onClick={share}>
                <Share2 size={16} aria-hidden="true" />
                {t('ref_share')}
              </button>
            ) : null}
          </div>
        </div>
        <p className="referral__note">{t('ref_invite_note')}</p>
      </div>
      <figure className="referral-invite__qr">
        <AppQrCode url={link} label={t('ref_qr_label')} />
        <figcaption className="referral__note">{t('ref_qr_caption')}</figcaption>
      </figure>
    </section>
  );
}

/** The running rule in plain words, or that none runs (friends can still register with the link). */
function RuleSection({ value }: { value: ReferralValue }) {
  const { t } = useTranslation();
  return (
    <section className="referral-section" aria-labelledby="referral-rule-title">
      <h3 id="referral-rule-title" className="referral-section__title">
        {t('ref_rule_title')}
      </h3>
      {value.rule ? (
        <>
          <BonusRuleFacts rule={value.rule} />
          {value.promotionId !== null ? (
            <Link className="referral-section__link" to={`${paths.promoDetail}?id=${value.promotionId}`}>
              {t('ref_see_promotion')}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="referral__note" data-testid="referral-no-rule">
          {t('ref_rule_none')}
        </p>
      )}
    </section>
  );
}

function FriendItem({ friend }: { friend: ReferralFriend }) {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const state = friend.rewardState ? rewardStateLabels[friend.rewardState] : null;
  return (
    <li className="referral-friend" data-testid="referral-friend">
      <div className="referral-friend__who">
        <strong className="referral-friend__name">{friend.username}</strong>
        <span className="referral-friend__date">
          {t('ref_friend_registered', { date: formatDate(friend.registeredAt, formatOptions) })}
        </span>
      </div>
      {friend.reward !== null && state ? (
        <div className="referral-friend__reward">
          <strong className="referral-friend__amount">{money(friend.reward)}</strong>
          <Badge tone={state.tone}>{t(state.labelKey)}</Badge>
        </div>
      ) : (
        <span className="referral-friend__none">{t('ref_friend_no_deposit')}</span>
      )}
    </li>
  );
}

/**
 * referral (spec 2 member centre "Invite friends", issue 39): the member's invitation code and link
 * (copy, share, QR code), the running referral rule in words, the friends who registered with it and
 * what each earned. Rewards are claimed in the reward centre.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const { money, formatOptions } = useMoney();
  const openMemberCentre = useOverlayStore((state) => state.openMemberCentre);
  const referral = useReferral();

  if (referral.isPending) {
    return (
      <div className="referral" aria-busy="true">
        <Skeleton rows={1} height="9rem" />
        <Skeleton rows={1} height="6rem" />
        <Skeleton rows={3} height="3rem" />
      </div>
    );
  }
  if (referral.isError) return <FormAlert textKey={referralErrorKey(referral.error)} />;
  const value = referral.data;

  return (
    <div className="referral">
      <InviteCard code={value.code} />
      <RuleSection value={value} />

      <section className="referral-section" aria-labelledby="referral-friends-title">
        <h3 id="referral-friends-title" className="referral-section__title">
          {t('ref_friends_title')}
        </h3>
        <div className="referral-stats">
          <dl className="referral-stats__figures">
            <div className="referral-stats__figure">
              <dt>{t('ref_friends_count')}</dt>
              <dd data-testid="referral-friends-count">{formatNumber(value.friendsCount, formatOptions)}</dd>
            </div>
            <div className="referral-stats__figure">
              <dt>{t('ref_earned')}</dt>
              <dd data-testid="referral-earned">{money(value.earned)}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => openMemberCentre('rewardCenter')}
          >
            {t('ref_open_rewards')}
          </button>
        </div>
        {value.friends.length === 0 ? (
          <EmptyState icon={Users} title={t('ref_friends_empty_title')} text={t('ref_friends_empty_text')} />
        ) : (
          <>
            <ul className="referral-friends">
              {value.friends.map((friend, index) => (
                // Masked names may repeat: the list's order (newest first) is stable between reads.
                <FriendItem key={`${index}-${friend.registeredAt}`} friend={friend} />
              ))}
            </ul>
            {value.friendsCount > value.friends.length ? (
              <p className="referral__note">{t('ref_friends_newest', { count: value.friends.length })}</p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
