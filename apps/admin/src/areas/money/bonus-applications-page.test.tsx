import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorSelf, renderAsOperator } from '../../test/operator-page.tsx';
import { setFetchForTests } from '../../shared/api/client.ts';
import { syncLocationForTests } from '../../app/router.tsx';
import BonusApplicationsPage from './bonus-applications-page.tsx';

/**
 * Money → Bonus applications (issue 39, spec 4 and 5): waiting applications first with member,
 * promotion, bonus, comment (text, never markup) and thumbnails that open the full picture; approve
 * and reject with a reason; "waiting for a second approver" with who approved first, and the first
 * approver not offered to approve again; the filters sent as the call's query; a reader without
 * money.adjust.approve gets no buttons.
 */
const finance = operatorSelf('finance', { id: 4, account: 'fin1', nickname: 'Finance' });
const support = operatorSelf('support', { id: 9, account: 'help1', nickname: 'Help' });

const png = {
  contentType: 'image/png',
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
};

const waiting = {
  id: 31,
  promotionId: 7,
  title: 'Share your big win',
  memberId: 120,
  username: 'rahim01',
  currency: 'BDT',
  amount: '50.00',
  comment: '<b>Golden Fruits</b> 40×',
  imageCount: 2,
  state: 'applying',
  submittedAt: Date.UTC(2026, 11, 7, 4, 0),
  needsSecondApprover: false,
  firstApprovedBy: null,
  firstApprovedAt: null,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  bonusClaimId: null,
};

const large = {
  ...waiting,
  id: 32,
  memberId: 121,
  username: 'nila02',
  amount: '1500.00',
  comment: null,
  imageCount: 1,
  needsSecondApprover: true,
  firstApprovedBy: 'owner1',
  firstApprovedAt: Date.UTC(2026, 11, 7, 5, 0),
};

const mine = { ...large, id: 33, username: 'sumi03', firstApprovedBy: 'fin1' };

const rejected = {
  ...waiting,
  id: 30,
  username: 'karim04',
  state: 'rejected',
  decidedBy: 'fin1',
  decidedAt: Date.UTC(2026, 11, 6, 8, 0),
  decisionReason: 'The picture shows no win',
};

const approved = {
  ...waiting,
  id: 29,
  username: 'jamal05',
  state: 'approved',
  decidedBy: 'owner1',
  bonusClaimId: 88,
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function serve(sent: Sent[], decided: (body: { id: number; decision: string }) => unknown = () => ({})) {
  setFetchForTests(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    sent.push({ method, path: `${url.pathname}${url.search}`, body });
    let value: unknown;
    if (url.pathname.endsWith('/application/image')) value = png;
    else if (url.pathname.endsWith('/application/decide')) value = decided(body);
    else {
      value = {
        items: [waiting, large, mine, rejected, approved],
        count: 5,
        applying: 3,
        secondApproverFrom: '1000.00',
        promotions: [{ promotionId: 7, title: 'Share your big win' }],
      };
    }
    return new Response(JSON.stringify({ success: true, value }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  syncLocationForTests();
});

describe('the bonus applications page', () => {
  it('lists waiting applications first with their pictures, the second approver, and sends the filters', async () => {
    const sent: Sent[] = [];
    serve(sent);
    const { container } = renderAsOperator(<BonusApplicationsPage />, finance);
    const table = await screen.findByRole('table', { name: 'Bonus applications' });
    const [, first, second, third, fourth, fifth] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('rahim01');
    expect(first!.textContent).toContain('#120');
    expect(first!.textContent).toContain('Share your big win');
    expect(first!.textContent).toContain('50.00 BDT');
    // The comment is text, never markup.
    expect(first!.textContent).toContain('<b>Golden Fruits</b> 40×');
    expect(container.querySelector('b')).toBeNull();
    expect(first!.textContent).toContain('Waiting for review');
    expect(within(first!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    // Thumbnails of a waiting application, loaded with the pictures; one opens the full picture.
    const thumbnails = within(first!).getAllByRole('button', { name: /^Picture [12]$/ });
    expect(thumbnails).toHaveLength(2);
    await waitFor(() => expect(first!.querySelectorAll('img')).toHaveLength(2));
    fireEvent.click(thumbnails[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Picture 2' });
    const full = await within(dialog).findByRole('img', { name: 'Picture 2' });
    expect(full.getAttribute('src')).toBe(`data:image/png;base64,${png.data}`);
    fireEvent.keyDown(dialog, { key: 'Escape' });

    // Four eyes: who approved first, and the first approver is not offered to approve again.
    expect(screen.getByTestId('second-approver-32').textContent).toMatch(
      /^Waiting for a second approver: approved first by owner1 at 2026-12-07/,
    );
    expect(within(second!).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(third!.textContent).toContain('You approved first: another operator must approve it.');
    expect(within(third!).queryByRole('button', { name: 'Approve' })).toBeNull();
    // Decided ones: who decided, the reason, the bonus, picture buttons rather than thumbnails.
    expect(fourth!.textContent).toContain('Rejected');
    expect(fourth!.textContent).toContain('Reason: The picture shows no win');
    expect(within(fourth!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(fourth!.querySelector('img')).toBeNull();
    expect(within(fifth!).getByRole('link', { name: 'Bonus claim 88' }).getAttribute('href')).toBe(
      '/admin/money/bonus-claims?promotionId=7',
    );
    expect(screen.getByTestId('bonus-applications-threshold').textContent).toContain('From 1,000.00');
    expect(screen.getByTestId('bonus-applications-sum').textContent).toBe(
      'Applications: 5 · waiting for review 3',
    );

    const lists = () => sent.filter((call) => call.path.startsWith('/api/operator/promotion/applications'));
    expect(lists()[0]!.path).toBe('/api/operator/promotion/applications?days=30');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'applying' } });
    await waitFor(() =>
      expect(lists().at(-1)!.path).toBe('/api/operator/promotion/applications?days=30&state=applying'),
    );
    fireEvent.change(screen.getByLabelText('Promotion'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: ' rahim01 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(lists().at(-1)!.path).toBe(
        '/api/operator/promotion/applications?days=30&state=applying&promotionId=7&username=rahim01',
      ),
    );
  });

  it('approves (once, or first of two) and rejects with a reason', async () => {
    const sent: Sent[] = [];
    serve(sent, (body) =>
      body.id === 31
        ? { ...waiting, state: body.decision === 'approve' ? 'approved' : 'rejected', decidedBy: 'fin1' }
        : { ...large, id: body.id, firstApprovedBy: 'fin1' },
    );
    window.history.replaceState(null, '', '/admin/money/bonus-applications?promotionId=7');
    syncLocationForTests();
    renderAsOperator(<BonusApplicationsPage />, finance);
    const table = await screen.findByRole('table', { name: 'Bonus applications' });
    expect(sent[0]!.path).toBe('/api/operator/promotion/applications?days=30&promotionId=7');
    const [, first, second] = within(table).getAllByRole('row');
    fireEvent.click(within(first!).getByRole('button', { name: 'Approve' }));
    await screen.findByText("Approved: 50.00 BDT credited to rahim01's bonus wallet.");
    fireEvent.click(within(second!).getByRole('button', { name: 'Approve' }));
    await screen.findByText(
      "First approval recorded: another operator must approve nila02's application before the bonus is credited.",
    );
    const decisions = () => sent.filter((call) => call.path.endsWith('/application/decide'));
    expect(decisions().map((call) => call.body)).toEqual([
      { id: 31, decision: 'approve' },
      { id: 32, decision: 'approve' },
    ]);

    fireEvent.click(within(first!).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the application of rahim01' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'The picture shows no win' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText("rahim01's application is rejected.");
    expect(decisions().at(-1)!.body).toEqual({
      id: 31,
      decision: 'reject',
      reason: 'The picture shows no win',
    });
  });

  it('shows no decision buttons to an operator who may only read', async () => {
    serve([]);
    renderAsOperator(<BonusApplicationsPage />, support);
    const table = await screen.findByRole('table', { name: 'Bonus applications' });
    expect(within(table).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Picture/ }).length).toBeGreaterThan(0);
  });
});
