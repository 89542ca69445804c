import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { adminApiToken, adminLogin, demoOwner } from '../support/admin.ts';
import { demoPlayerWithdrawal, enrolledOperator } from '../support/back-office.ts';
import { openPage, screenshot, viewports } from '../support/browser.ts';
import { useSite } from '../support/suite.ts';

/**
 * The insider controls seen by the owner (issue 35, item 1): a finance operator credits the demo
 * player three times just under the four-eyes threshold (the first posts; the member's daily limit
 * holds the others for a second operator), the player asks for a withdrawal, and the operator who
 * credited may not approve it. The owner's Money → Insider alerts page lists both patterns, on a
 * desktop and a phone, light and dark.
 */
const { server, browser } = useSite();

const financeAccount = 'fininsider';
let withdrawalId = 0;

async function adjust(token: string, key: string, amount: string) {
  const answer = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/wallet/adjust',
    token,
    body: { username: 'demoplayer', amount, reason: 'service credit', idempotencyKey: key },
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.value as { status: 'posted' | 'pending'; heldBecause?: string };
}

beforeAll(async () => {
  const owner = await adminApiToken(server.baseUrl);
  const finance = await enrolledOperator(server.baseUrl, owner, { account: financeAccount, role: 'finance' });
  const financeToken = await adminApiToken(server.baseUrl, finance);

  // 9,500.00 is 95 % of the 10,000.00 threshold: each alone posts without a second operator, but
  // the member's day allows 15,000.00 from one operator's credits, so the second and third wait.
  const states = [];
  for (const key of ['insider-1', 'insider-2', 'insider-3'])
    states.push(await adjust(financeToken, key, '9500'));
  expect(states.map((state) => state.status)).toEqual(['posted', 'pending', 'pending']);

  ({ withdrawalId } = await demoPlayerWithdrawal(server.baseUrl, owner, { amount: '500', key: 'insider' }));

  // The operator who credited the member within 72 hours may not approve that member's withdrawal.
  const refused = await callApi(server.baseUrl, {
    method: 'POST',
    path: '/api/operator/withdrawal/decide',
    token: financeToken,
    body: { withdrawalId, decision: 'approve' },
  });
  expect(refused.body, JSON.stringify(refused.body)).toMatchObject({
    success: false,
    code: 'SECOND_APPROVER_REQUIRED',
  });
}, 240_000);

describe('the back office: insider alerts', () => {
  it("the owner sees the finance operator's near-threshold credits and the credit followed by a withdrawal", async () => {
    const first = await openPage(browser, { viewport: viewports.desktop });
    expect(await adminLogin(first.page, server.baseUrl, demoOwner)).toBe('signedIn');
    const token = await first.page.evaluate(() => sessionStorage.getItem('operatorToken'));
    expect(token).toBeTruthy();
    await first.context.close();

    for (const theme of ['light', 'dark'] as const) {
      for (const [name, viewport] of Object.entries(viewports)) {
        const { page, context, errors } = await openPage(browser, { viewport, colorScheme: theme });
        await context.addInitScript(
          ({ session, value }) => {
            sessionStorage.setItem('operatorToken', session);
            localStorage.setItem('adminTheme', value);
          },
          { session: token!, value: theme },
        );
        await page.goto(`${server.baseUrl}/admin/money/alerts`);
        const table = page.getByRole('table', { name: 'Insider alerts' });
        const near = table
          .getByRole('row')
          .filter({ hasText: 'Adjustments just under the threshold' })
          .filter({ hasText: financeAccount });
        await near.waitFor();
        expect(await near.innerText()).toContain('28,500.00');
        const creditThenWithdraw = table
          .getByRole('row')
          .filter({ hasText: 'Credit, then a withdrawal within 72 h' })
          .filter({ hasText: financeAccount })
          .filter({ hasText: 'demoplayer' });
        await creditThenWithdraw.waitFor();
        expect(await creditThenWithdraw.innerText()).toContain(String(withdrawalId));
        await screenshot(page, `admin-insider-alerts-${name}-${theme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 180_000);
});
