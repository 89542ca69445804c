import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bonus, Reward, RewardsValue } from '@khela/contract';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';

const rewardsPath = '/wps/promotion/rewards';
const claimPath = '/wps/promotion/rewards/claim';
const createdAt = Date.UTC(2026, 11, 6, 10, 0);
const day = 86_400_000;

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

function reward(overrides: Partial<Reward> = {}): Reward {
  return {
    id: 7,
    source: 'referral',
    promotionId: 12,
    title: 'Invite a friend',
    detail: 'ra****ix',
    amount: '100.00',
    state: 'waiting',
    wageringMultiple: 60,
    maxBet: '50.00',
    createdAt,
    expiresAt: createdAt + 30 * day,
    claimedAt: null,
    bonusId: null,
    ...overrides,
  };
}

const claimedBonus: Bonus = {
  id: 44,
  promotionId: 12,
  title: 'Invite a friend',
  kind: 'referral',
  state: 'active',
  amount: '100.00',
  balance: '100.00',
  wageringRequired: '6000.00',
  wageringDone: '0.00',
  wageringLeft: '6000.00',
  maxBet: '50.00',
  weights: { RNG: 100 },
  claimedAt: createdAt,
  activatedAt: createdAt,
  expiresAt: createdAt + 7 * day,
  endedAt: null,
};

function rewards(list: Reward[]): RewardsValue {
  return { waiting: list.filter((item) => item.state === 'waiting').length, rewards: list };
}

function openRewardCentre(
  answer: Parameters<typeof answerCalls>[1],
  {
    isAgent = 0,
    page = 'rewardCenter' as const,
  }: { isAgent?: number; page?: 'rewardCenter' | 'securityCenter' } = {},
) {
  useSessionStore.getState().setSession({ token: 'token-1', isAgent, username: 'rahim01' });
  const view = renderApp('/index');
  const seen = answerCalls(view.fetchMock, answer);
  useOverlayStore.getState().openMemberCentre(page);
  return { ...view, seen };
}

describe('reward centre (rewardCenter)', () => {
  it('lists the waiting rewards first with their wagering, then the claimed and expired ones', async () => {
    openRewardCentre((path) =>
      path === rewardsPath
        ? {
            body: rewards([
              reward({ id: 9, state: 'expired', detail: 'ka***la', expiresAt: createdAt + day }),
              reward({ id: 8, state: 'claimed', claimedAt: createdAt + day, bonusId: 44 }),
              reward({ id: 7, amount: '250.00' }),
            ]),
          }
        : undefined,
    );
    const cards = await screen.findAllByTestId('reward-card');
    expect(screen.getByTestId('rewards-waiting').textContent).toBe('1');
    expect(cards.map((card) => card.dataset.state)).toEqual(['waiting', 'expired', 'claimed']);
    const [waiting, expired, claimed] = cards;

    expect(within(waiting!).getByTestId('reward-amount').textContent).toBe('৳250.00');
    expect(waiting!.textContent).toContain('Invite a friend');
    expect(waiting!.textContent).toContain('Friend ra****ix deposited');
    expect(waiting!.textContent).toContain(
      'Once claimed it is a bonus: wager ৳15,000.00 (60× the reward), bets of at most ৳50.00, before it turns into cash.',
    );
    expect(waiting!.textContent).toContain('Claim by');
    expect(within(waiting!).getByText('Ready to claim')).toBeTruthy();
    expect(within(waiting!).getByRole('button', { name: 'Claim reward' })).toBeTruthy();

    expect(expired!.textContent).toContain('Expired unclaimed on');
    expect(within(expired!).queryByRole('button', { name: 'Claim reward' })).toBeNull();

    expect(claimed!.textContent).toContain('Became a bonus on');
    fireEvent.click(within(claimed!).getByRole('button', { name: 'My bonuses' }));
    expect(useOverlayStore.getState().memberCentre.page).toBe('bonusDetails');
  });

  it('says when there is no reward yet, and leads to Invite friends', async () => {
    openRewardCentre((path) => (path === rewardsPath ? { body: rewards([]) } : undefined));
    const empty = (await screen.findByText('No rewards yet')).closest('.empty-state') as HTMLElement;
    expect(screen.queryByTestId('reward-card')).toBeNull();
    fireEvent.click(within(empty).getByRole('button', { name: 'Invite friends' }));
    expect(useOverlayStore.getState().memberCentre.page).toBe('referral');
  });

  it('claims a reward: it becomes a bonus, and the list and the badge are read again', async () => {
    let claimed = false;
    const { seen } = openRewardCentre((path) => {
      if (path === claimPath) {
        claimed = true;
        return { body: claimedBonus };
      }
      if (path === rewardsPath) {
        return {
          body: rewards([
            claimed ? reward({ state: 'claimed', claimedAt: createdAt + day, bonusId: 44 }) : reward(),
          ]),
        };
      }
      return undefined;
    });
    const menuEntry = await screen.findByRole('button', { name: /Reward centre/ });
    await waitFor(() => expect(menuEntry.textContent).toContain('1'));

    fireEvent.click(await screen.findByRole('button', { name: 'Claim reward' }));
    expect(await screen.findByText(/Became a bonus on/)).toBeTruthy();
    expect(seen.find((call) => call.path === claimPath)).toMatchObject({ method: 'POST', body: { id: 7 } });
    expect(useOverlayStore.getState().toast?.textKey).toBe('reward_claimed_toast');
    expect(screen.getByTestId('rewards-waiting').textContent).toBe('0');
    expect(menuEntry.querySelector('.centre__badge')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim reward' })).toBeNull();
  });

  it('says why a claim was refused, and leads to the open bonus', async () => {
    openRewardCentre((path) => {
      if (path === claimPath) {
        return failure(409, 'PROMOTION_NOT_ELIGIBLE', 'err_promotion_not_eligible', {
          value: { reason: 'bonus_active' },
        });
      }
      return path === rewardsPath ? { body: rewards([reward()]) } : undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim reward' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Finish or forfeit your current bonus first: one bonus at a time.');
    fireEvent.click(within(alert).getByRole('button', { name: 'My bonuses' }));
    expect(useOverlayStore.getState().memberCentre.page).toBe('bonusDetails');
  });

  it.each([
    ['expired', 'This reward has expired: it can no longer be claimed.'],
    ['void', 'The operator voided this reward: it cannot be claimed.'],
  ])('says when a reward was refused as %s before its claim', async (reason, sentence) => {
    openRewardCentre((path) => {
      if (path === claimPath) {
        return failure(409, 'PROMOTION_NOT_ELIGIBLE', 'err_promotion_not_eligible', { value: { reason } });
      }
      return path === rewardsPath ? { body: rewards([reward()]) } : undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim reward' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });

  it('shows a reward the operator voided without a claim, in English and Bengali', async () => {
    openRewardCentre((path) =>
      path === rewardsPath ? { body: rewards([reward({ id: 10, state: 'void' })]) } : undefined,
    );
    const [card] = await screen.findAllByTestId('reward-card');
    expect(card!.dataset.state).toBe('void');
    expect(screen.getByTestId('rewards-waiting').textContent).toBe('0');
    expect(within(card!).getByText('Voided')).toBeTruthy();
    expect(card!.textContent).toContain('Voided by the operator');
    expect(within(card!).queryByRole('button', { name: 'Claim reward' })).toBeNull();
    await changeLanguage('BN', { remember: true });
    await waitFor(() => expect(card!.textContent).toContain('অপারেটর বাতিল করেছেন'));
  });

  it('shows a failure to load', async () => {
    openRewardCentre((path) => (path === rewardsPath ? failure(500, 'INTERNAL', 'err_unknown') : undefined));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('counts waiting rewards on the menu entry from any page of the member centre', async () => {
    openRewardCentre(
      (path) => (path === rewardsPath ? { body: rewards([reward(), reward({ id: 8 })]) } : undefined),
      { page: 'securityCenter' },
    );
    const menuEntry = await screen.findByRole('button', { name: /Reward centre/ });
    await waitFor(() =>
      expect(menuEntry.querySelector('.centre__badge')?.textContent).toBe('2 waiting to be claimed'),
    );
  });

  it('asks nothing for the badge of a trial account', async () => {
    const { seen } = openRewardCentre(
      (path) => (path === rewardsPath ? { body: rewards([reward()]) } : undefined),
      { isAgent: 4, page: 'securityCenter' },
    );
    const menuEntry = await screen.findByRole('button', { name: /Reward centre/ });
    await screen.findByRole('heading', { name: 'My account' });
    expect(seen.some((call) => call.path === rewardsPath)).toBe(false);
    expect(menuEntry.querySelector('.centre__badge')).toBeNull();
  });
});
