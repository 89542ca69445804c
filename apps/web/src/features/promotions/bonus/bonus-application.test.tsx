import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BonusApplication, BonusOffer, BonusRule } from '@khela/contract';
import { renderApp } from '../../../test/render-app.tsx';
import { answerCalls, failure } from '../../../test/test-answers.ts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';

const offerPath = '/wps/promotion/offer';
const applyPath = '/wps/promotion/apply';
const sentAt = Date.UTC(2026, 11, 7, 9, 30);

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
});

const detail = {
  id: 12,
  type: 'event',
  title: 'Share your big win: ৳50 bonus',
  summary: 'Send us a screenshot of your win.',
  imageUrl: null,
  startsAt: sentAt - 86_400_000,
  endsAt: null,
  status: 'claim',
  action: 'claim',
  content: '<h3>Rules</h3><ul><li>One application a week.</li></ul>',
};

const rule: BonusRule = {
  kind: 'fixed',
  percent: null,
  amount: '50.00',
  minDeposit: '0.00',
  firstDepositOnly: false,
  newMemberDays: null,
  claimPeriod: 'week',
  maxClaims: null,
  wageringMultiple: 60,
  weights: { RNG: 100 },
  maxBet: '200.00',
  expiryDays: 7,
  depositWithinDays: 7,
  obtain: 'apply',
};

function application(overrides: Partial<BonusApplication> = {}): BonusApplication {
  return {
    id: 5,
    promotionId: 12,
    state: 'applying',
    amount: '50.00',
    comment: null,
    imageCount: 1,
    submittedAt: sentAt,
    decidedAt: null,
    reason: null,
    ...overrides,
  };
}

function offer(overrides: Partial<BonusOffer> = {}): BonusOffer {
  return {
    promotionId: 12,
    rule,
    state: 'claim',
    reason: null,
    bonus: null,
    application: null,
    ...overrides,
  };
}

/** /promoDetail of the promotion with `value` as its offer, for a member (or a visitor). */
function showOffer(value: BonusOffer, { isMember = true } = {}) {
  const session = { token: 'token-1', isAgent: 0, username: 'nila02' };
  if (isMember) useSessionStore.getState().setSession(session);
  const answers = { [offerPath]: value, '/wps/promotion/detail': detail };
  return renderApp(`/promoDetail?id=${detail.id}`, { answers });
}

const pngBytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00];

async function pickPicture(name = 'win.png') {
  const file = new File([new Uint8Array(pngBytes)], name, { type: 'image/png' });
  fireEvent.change(screen.getByLabelText('Pictures (up to 3)'), { target: { files: [file] } });
  await screen.findByRole('img', { name });
}

describe('a bonus obtained by application on /promoDetail', () => {
  it('states the rule and shows the form instead of the claim button', async () => {
    showOffer(offer());
    const facts = await screen.findByTestId('bonus-rule');
    expect(facts.textContent).toContain('A bonus of ৳50.00');
    expect(facts.textContent).toContain(
      'By application: our team reviews each one before the bonus is credited',
    );
    expect(facts.textContent).toContain('One application a week');
    expect(facts.textContent).not.toContain('Once a week');
    expect(screen.getByRole('form', { name: 'Apply for the bonus' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    expect(screen.getByText('png or jpg, 5 MB each at most')).toBeTruthy();
    expect(screen.getByText('Plain text, 0/140 characters')).toBeTruthy();
    // The terms link to the promotion's rules, on the same page.
    expect(screen.getByRole('link', { name: 'Read the rules' }).getAttribute('href')).toBe('#promo-rules');
    expect(document.getElementById('promo-rules')?.textContent).toContain('One application a week.');
  });

  it('asks for a picture and the terms before sending anything', async () => {
    const view = showOffer(offer());
    const seen = answerCalls(view.fetchMock, () => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for the bonus' }));
    expect(await screen.findByText('Add at least one picture')).toBeTruthy();
    expect(screen.getByText('Tick the box to agree to the rules')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'a <b>big</b> win' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply for the bonus' }));
    expect(await screen.findByText('The comment is plain text: no < or >')).toBeTruthy();
    expect(seen.some((call) => call.path === applyPath)).toBe(false);
  });

  it('sends the pictures, the comment and the terms, then says the application is being reviewed', async () => {
    const view = showOffer(offer());
    let applied = false;
    const seen = answerCalls(view.fetchMock, (path) => {
      if (path === applyPath) {
        applied = true;
        return { body: application({ comment: 'Golden Fruits, 40×' }) };
      }
      if (path === offerPath && applied) {
        return {
          body: offer({ state: 'applying', application: application({ comment: 'Golden Fruits, 40×' }) }),
        };
      }
      return undefined;
    });
    await screen.findByRole('form', { name: 'Apply for the bonus' });
    await pickPicture();
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: ' Golden Fruits, 40× ' },
    });
    expect(screen.getByText('Plain text, 20/140 characters')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('checkbox', { name: "I have read this promotion's rules and agree to them" }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply for the bonus' }));
    expect(await screen.findByText('Your application is being reviewed.')).toBeTruthy();
    const sent = seen.find((call) => call.path === applyPath);
    expect(sent).toMatchObject({
      method: 'POST',
      body: {
        promotionId: 12,
        comment: 'Golden Fruits, 40×',
        agreeTerms: true,
        images: [{ contentType: 'image/png', data: btoa(String.fromCharCode(...pngBytes)) }],
      },
    });
    expect(Object.keys((sent!.body as { images: object[] }).images[0]!)).toEqual(['contentType', 'data']);
    expect(useOverlayStore.getState().toast?.textKey).toBe('bonus_applied_toast');
    expect(screen.queryByRole('form', { name: 'Apply for the bonus' })).toBeNull();
  });

  it("shows the server's refusal of a picture under the pictures, and a refusal's reason", async () => {
    const view = showOffer(offer());
    let refuseWith: 'picture' | 'reason' = 'picture';
    answerCalls(view.fetchMock, (path) => {
      if (path !== applyPath) return undefined;
      return refuseWith === 'picture'
        ? failure(400, 'VALIDATION_FAILED', 'err_validation_failed', {
            value: { issues: [{ field: 'images.0', reason: 'a png or jpg image up to 5 MB' }] },
          })
        : failure(409, 'PROMOTION_NOT_ELIGIBLE', 'err_promotion_not_eligible', {
            value: { reason: 'bonus_active' },
          });
    });
    await screen.findByRole('form', { name: 'Apply for the bonus' });
    await pickPicture();
    fireEvent.click(
      screen.getByRole('checkbox', { name: "I have read this promotion's rules and agree to them" }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply for the bonus' }));
    expect(await screen.findByText('Each picture must be a png or jpg of 5 MB at most')).toBeTruthy();
    refuseWith = 'reason';
    fireEvent.click(screen.getByRole('button', { name: 'Apply for the bonus' }));
    expect(
      await screen.findByText(
        'You already have a bonus being wagered. One bonus at a time: finish it first.',
      ),
    ).toBeTruthy();
  });

  it('asks a visitor to log in, without showing the form', async () => {
    const view = showOffer(offer(), { isMember: false });
    const seen = answerCalls(view.fetchMock, () => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for the bonus' }));
    expect(useOverlayStore.getState().openModals).toContain('loginPopupModal');
    expect(screen.queryByRole('form', { name: 'Apply for the bonus' })).toBeNull();
    expect(seen.some((call) => call.path === applyPath)).toBe(false);
  });

  it('says an application is being reviewed, and a rejected one why', async () => {
    showOffer(offer({ state: 'applying', application: application() }));
    expect(await screen.findByText('Your application is being reviewed.')).toBeTruthy();
    expect(screen.getByText(/^Sent .*as soon as it is approved\.$/)).toBeTruthy();
    expect(screen.getAllByText('Applying').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Apply for the bonus' })).toBeNull());
  });

  it('gives the reason of a rejected application and when to apply again', async () => {
    showOffer(
      offer({
        state: 'rejected',
        application: application({
          state: 'rejected',
          reason: 'The picture shows no win',
          decidedAt: sentAt,
        }),
      }),
    );
    expect(await screen.findByText('Your application was not approved.')).toBeTruthy();
    expect(screen.getByTestId('bonus-application-reason').textContent).toBe(
      'Reason: The picture shows no win',
    );
    expect(screen.getByText('You can apply again next week.')).toBeTruthy();
    expect(screen.getAllByText('Rejected').length).toBeGreaterThan(0);
  });

  it('says a claim-only promotion has nothing to apply for', async () => {
    showOffer(offer({ state: 'closed', reason: 'claim_only' }));
    expect(
      await screen.findByText(
        'This bonus is claimed with the button on its page: there is nothing to apply for.',
      ),
    ).toBeTruthy();
  });
});
