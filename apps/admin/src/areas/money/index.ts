import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import BookOpen from 'lucide-react/icons/book-open';
import Download from 'lucide-react/icons/download';
import GitCompare from 'lucide-react/icons/git-compare';
import HandCoins from 'lucide-react/icons/hand-coins';
// The pictures an application brings (the same icon as Site → Banners: one icon in the entry).
import Image from 'lucide-react/icons/image';
import Smartphone from 'lucide-react/icons/smartphone';
import Scale from 'lucide-react/icons/scale';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Siren from 'lucide-react/icons/siren';
import TicketPercent from 'lucide-react/icons/ticket-percent';
import Upload from 'lucide-react/icons/upload';
import UserPlus from 'lucide-react/icons/user-plus';
import { lazyPage, type AdminArea } from '../../app/area.ts';

/**
 * Money (issue 15, item 4): the queues, four-eyes adjustments, the ledger, the verifier, vendor
 * transfers; the promotions' claims (rebates, bonuses, bonus applications, referral rewards: issue 39).
 */
export const moneyArea: AdminArea = {
  id: 'money',
  labelKey: 'money_nav_group',
  navEntries: [
    {
      path: '/money/withdrawals',
      labelKey: 'money_nav_withdrawals',
      permission: 'money.read',
      icon: Upload,
      page: lazyPage(() => import('./withdrawals-page.tsx')),
    },
    {
      path: '/money/deposits',
      labelKey: 'money_nav_deposits',
      permission: 'money.read',
      icon: Download,
      page: lazyPage(() => import('./deposits-page.tsx')),
    },
    {
      path: '/money/receiving-numbers',
      labelKey: 'money_nav_numbers',
      permission: 'money.read',
      icon: Smartphone,
      page: lazyPage(() => import('./receiving-numbers-page.tsx')),
    },
    {
      path: '/money/reconciliation',
      labelKey: 'money_nav_reconciliation',
      permission: 'money.read',
      icon: GitCompare,
      page: lazyPage(() => import('./reconciliation-page.tsx')),
    },
    {
      path: '/money/adjustments',
      labelKey: 'money_nav_adjustments',
      permission: 'money.read',
      icon: Scale,
      page: lazyPage(() => import('./adjustments-page.tsx')),
    },
    {
      path: '/money/rebates',
      labelKey: 'money_nav_rebates',
      permission: 'money.read',
      icon: HandCoins,
      page: lazyPage(() => import('./rebates-page.tsx')),
    },
    {
      path: '/money/bonus-claims',
      labelKey: 'money_nav_bonus_claims',
      permission: 'money.read',
      icon: TicketPercent,
      page: lazyPage(() => import('./bonus-claims-page.tsx')),
    },
    {
      path: '/money/bonus-applications',
      labelKey: 'money_nav_bonus_applications',
      permission: 'money.read',
      icon: Image,
      page: lazyPage(() => import('./bonus-applications-page.tsx')),
    },
    {
      path: '/money/referral-rewards',
      labelKey: 'money_nav_referral_rewards',
      permission: 'money.read',
      icon: UserPlus,
      page: lazyPage(() => import('./referral-rewards-page.tsx')),
    },
    {
      path: '/money/alerts',
      labelKey: 'money_nav_alerts',
      permission: 'audit.read',
      icon: Siren,
      page: lazyPage(() => import('./alerts-page.tsx')),
    },
    {
      path: '/money/ledger',
      labelKey: 'money_nav_ledger',
      permission: 'ledger.read',
      icon: BookOpen,
      page: lazyPage(() => import('./ledger-page.tsx')),
    },
    {
      path: '/money/verifier',
      labelKey: 'money_nav_verifier',
      permission: 'ledger.read',
      icon: ShieldCheck,
      page: lazyPage(() => import('./verifier-page.tsx')),
    },
    {
      path: '/money/vendor-transfers',
      labelKey: 'money_nav_vendor_transfers',
      permission: 'money.read',
      icon: ArrowLeftRight,
      page: lazyPage(() => import('./vendor-transfers-page.tsx')),
    },
  ],
};
