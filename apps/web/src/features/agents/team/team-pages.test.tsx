import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type Announcement, type Downline, type TeamOverviewValue } from '@khela/contract';
import type { AgentCentrePageKey } from '../../../shared/config/centre-pages.ts';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { useOverlayStore } from '../../../shared/stores/overlay-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { renderApp, whitelabelFixture } from '../../../test/render-app.tsx';
import { features } from '../../../test/fixtures.ts';
import { stubCalls, type CallHandler } from '../../../test/stub-calls.ts';

/** Every uPlot the chart made: its options and data (happy-dom has no canvas to draw on). */
const plots = vi.hoisted(() => [] as { title: string[]; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(options: { series: { label?: string }[] }, data: number[][]) {
      plots.push({ title: options.series.map((line) => line.label ?? ''), data });
    }
    setSize() {}
    destroy() {}
  },
}));

// ag-web2 writes the real dialog; its props are the agreement, so a stand-in shows what it was given.
vi.mock('../contracts/offer-contract-dialog.tsx', () => ({
  OfferContractDialog: (props: { username: string; kind: string; open: boolean }) =>
    props.open ? <p data-testid="offer">{`${props.kind} offer to ${props.username}`}</p> : null,
}));

beforeEach(async () => {
  await changeLanguage('EN', { remember: true });
  // The popup announcements would open over the agent centre.
  sessionStorage.setItem('noticePopupMember', '1');
  plots.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

function failure(
  code: string,
  message: string,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) {
  return () => {
    throw new ApiError({ code: code as never, message, status: 400, ...extra });
  };
}

/** The app logged in as an agent with the agent centre open on `page`; calls answered by route id. */
async function openAgentPage(
  page: AgentCentrePageKey,
  handlers: Record<string, CallHandler>,
  language: 'EN' | 'BN' = 'EN',
) {
  await changeLanguage(language, { remember: true });
  useSessionStore.getState().setSession({ token: 'token-1', isAgent: 1, username: 'demoagent' });
  const seen = stubCalls({
    walletBalance: () => ({
      sumBalance: '1000.00',
      gameWallets: '0.00',
      totalBalance: '1000.00',
      currency: 'BDT',
      held: '0.00',
      demo: false,
      wallets: [{ kind: 'main', vendor: null, balance: '1000.00' }],
    }),
    ...handlers,
  });
  const view = renderApp('/index', {
    whitelabel: whitelabelFixture({
      features: { ...features, salary: true, dividend: true, hourSalary: false, realTimeSalary: false },
    }),
  });
  act(() => useOverlayStore.getState().openAgentCentre(page));
  const panel = await screen.findByRole('dialog', {
    name: language === 'EN' ? 'Agent centre' : 'এজেন্ট সেন্টার',
  });
  return { ...view, panel, seen };
}

const zeroFigures = {
  newMembers: 0,
  activeMembers: 0,
  firstDeposits: 0,
  deposits: '0.00',
  withdrawals: '0.00',
  bet: '0.00',
  win: '0.00',
  profit: '0.00',
};

function overview(days: TeamOverviewValue['days']): TeamOverviewValue {
  return {
    teamSize: 12,
    agents: 3,
    directMembers: 5,
    teamBalance: '4520.50',
    totals: {
      newMembers: 4,
      activeMembers: 7,
      firstDeposits: 2,
      deposits: '900.00',
      withdrawals: '150.00',
      bet: '1200.00',
      win: '1000.00',
      profit: '-200.00',
    },
    days,
    from: Date.UTC(2026, 10, 20),
    to: Date.UTC(2026, 10, 27),
    currency: 'BDT',
  };
}

describe('team overview (agentTeamOverview)', () => {
  const days = [
    {
      ...zeroFigures,
      day: '2026-11-25',
      newMembers: 1,
      activeMembers: 3,
      bet: '200.00',
      win: '50.00',
      profit: '-150.00',
    },
    {
      ...zeroFigures,
      day: '2026-11-26',
      newMembers: 3,
      activeMembers: 4,
      bet: '1000.00',
      win: '950.00',
      profit: '-50.00',
    },
  ];

  it('shows skeletons, then the cards and both charts by day with their legends and a table for screen readers', async () => {
    let answer: (value: TeamOverviewValue) => void = () => undefined;
    const { panel, seen } = await openAgentPage('agentTeamOverview', {
      agentTeamOverview: () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(panel.querySelector('[aria-busy="true"] .skeleton')).not.toBeNull());
    act(() => answer(overview(days)));

    const cards = await within(panel).findByLabelText('Team summary');
    expect(cards.textContent).toContain('Team size12');
    expect(cards.textContent).toContain('Agents3');
    expect(cards.textContent).toContain('Team balance৳4,520.50');
    expect(cards.textContent).toContain('Active members7');
    expect(cards.textContent).toContain('Team profit/loss৳-200.00');

    const money = within(panel).getByRole('figure', { name: 'Bets, wins and profit/loss by day' });
    expect(money.querySelector('.chart__legend')?.textContent).toContain('Bets৳1,200.00');
    const table = within(money).getByRole('table');
    const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);
    expect([...table.querySelectorAll('tbody tr')].map(cells)).toEqual([
      ['2026-11-25', '200', '50', '-150'],
      ['2026-11-26', '1,000', '950', '-50'],
    ]);
    expect(within(panel).getByRole('figure', { name: 'New and active members by day' })).toBeTruthy();
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(plots[0]?.data).toEqual([
      [0, 1],
      [200, 1000],
      [50, 950],
      [-150, -50],
    ]);
    expect(plots[1]?.title).toEqual(['', 'New members', 'Active members']);

    // The default period is the last 7 UTC days; another preset asks again.
    const first = seen.find((call) => call.id === 'agentTeamOverview');
    expect(first).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(seen.filter((call) => call.id === 'agentTeamOverview')).toHaveLength(2));
  });

  it('speaks Bengali, with Bengali digits where the brand wants them', async () => {
    const { panel } = await openAgentPage(
      'agentTeamOverview',
      { agentTeamOverview: () => overview(days) },
      'BN',
    );
    const cards = await within(panel).findByLabelText('টিমের সারাংশ');
    expect(cards.textContent).toContain('টিমের আকার');
    expect(within(panel).getByRole('button', { name: 'গতকাল' })).toBeTruthy();
    expect(within(panel).getByRole('figure', { name: 'দিন অনুযায়ী বাজি, জয় ও লাভ/ক্ষতি' })).toBeTruthy();
  });

  it('says plainly when the period had no activity, and draws nothing', async () => {
    const { panel } = await openAgentPage('agentTeamOverview', {
      agentTeamOverview: () => ({
        ...overview([{ ...zeroFigures, day: '2026-11-26' }]),
        totals: zeroFigures,
      }),
    });
    expect(await within(panel).findAllByText('No team activity in this period')).toHaveLength(2);
    expect(plots).toHaveLength(0);
  });

  it('says so when the overview cannot be read', async () => {
    const { panel } = await openAgentPage('agentTeamOverview', {
      agentTeamOverview: failure('INTERNAL', 'err_unknown'),
    });
    expect((await within(panel).findByRole('alert')).textContent).toContain('Network link is abnormal');
  });
});

function link(id: number, kind: 'member' | 'agent') {
  return {
    id,
    code: `KHELA0${id}`,
    kind,
    url: `https://khela.local/register?affiliateCode=KHELA0${id}`,
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    registrations: id * 3,
    createdAt: Date.UTC(2026, 10, 1),
  };
}

function downline(overrides: Partial<Downline> = {}): Downline {
  return {
    id: 21,
    account: 'subagent1',
    nickname: 'Sub',
    type: 41,
    status: 'active',
    level: 1,
    upline: 'demoagent',
    directCount: 2,
    teamSize: 6,
    balance: '250.00',
    createdAt: Date.UTC(2026, 10, 2, 8, 0),
    lastLoginAt: null,
    ...overrides,
  };
}

describe('register centre (registerCenter)', () => {
  function fill(panel: HTMLElement, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values))
      fireEvent.input(within(panel).getByLabelText(label), { target: { value } });
  }

  it('opens an agent downline with its mobile, explains the kind in words, and says which account it opened', async () => {
    const { panel, seen } = await openAgentPage('registerCenter', {
      agentLinks: () => [],
      agentRegisterDownline: () => downline({ account: 'newagent', type: 41 }),
    });
    fireEvent.click(await within(panel).findByRole('radio', { name: 'Agent' }));
    // No bare type number to choose (issue 38): what an agent can do, in words, and the first login.
    expect(within(panel).queryByLabelText('Agent type')).toBeNull();
    expect(within(panel).getByText(/An agent can open players and agents under them/)).toBeTruthy();
    expect(
      within(panel).getByText(/must replace this password and set its own payment password/),
    ).toBeTruthy();
    fill(panel, {
      Username: 'newagent',
      Password: 'Secret123',
      'Confirm password': 'Secret123',
      Nickname: 'New',
      'Mobile number': '01712 345678',
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create account' }));
    expect(await within(panel).findByText('Account newagent is open (Agent).')).toBeTruthy();
    expect(panel.textContent).not.toMatch(/Type \d/);
    expect(seen.find((call) => call.id === 'agentRegisterDownline')?.body).toEqual({
      kind: 'agent',
      agentType: 1,
      username: 'newagent',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      nickname: 'New',
      mobileNum: '01712 345678',
      countryDialingCode: '+880',
    });
    expect((within(panel).getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });

  it('checks the passwords before sending, and puts a taken username under its field', async () => {
    const { panel, seen } = await openAgentPage('registerCenter', {
      agentLinks: () => [],
      agentRegisterDownline: failure('USERNAME_TAKEN', 'err_username_taken', { status: 409 }),
    });
    await within(panel).findByLabelText('Username');
    fill(panel, {
      Username: 'player7',
      Password: 'Secret123',
      'Confirm password': 'Secret124',
      'Mobile number': '01712345678',
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create account' }));
    expect(await within(panel).findByText('The passwords do not match.')).toBeTruthy();
    expect(seen.some((call) => call.id === 'agentRegisterDownline')).toBe(false);

    fill(panel, { 'Confirm password': 'Secret123' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Create account' }));
    const username = within(panel).getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText('This username is already taken.')).toBeTruthy();
    expect(seen.find((call) => call.id === 'agentRegisterDownline')?.body).toMatchObject({ kind: 'member' });
    expect(seen.find((call) => call.id === 'agentRegisterDownline')?.body).not.toHaveProperty('agentType');
  });

  it('lists the affiliate links with their QR codes, copies one, and makes a new agent link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let links = [link(1, 'member')];
    const { panel, seen } = await openAgentPage('registerCenter', {
      agentLinks: () => links,
      agentCreateLink: () => {
        links = [...links, link(2, 'agent')];
        return links[1];
      },
    });
    const qr = await within(panel).findByRole('img', { name: 'QR code of the link KHELA01' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(within(panel).getByText('3 registered')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Player link KHELA01' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('https://khela.local/register?affiliateCode=KHELA01'),
    );
    expect(await within(panel).findByText('Copied')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'New agent link' }));
    expect(await within(panel).findByRole('img', { name: 'QR code of the link KHELA02' })).toBeTruthy();
    expect(seen.find((call) => call.id === 'agentCreateLink')?.body).toEqual({ kind: 'agent' });
  });

  it('says plainly when there are no links yet', async () => {
    const { panel } = await openAgentPage('registerCenter', { agentLinks: () => [] });
    expect(await within(panel).findByText('No affiliate links yet')).toBeTruthy();
  });
});

describe('team management (downlineManagmentView)', () => {
  function list(rows: Downline[], path = ['demoagent']) {
    return { list: rows, path, total: rows.length, totalPages: 1, pageNo: 1, pageSize: 20 };
  }
  const player = downline({ id: 22, account: 'player9', nickname: '', type: 0, directCount: 0, teamSize: 0 });

  function detail(overrides: Partial<Downline> = {}) {
    return {
      downline: downline(overrides),
      path: ['demoagent', 'subagent1'],
      month: { ...zeroFigures, bet: '300.00', win: '120.00', profit: '-180.00' },
      contracts: [
        {
          id: 5,
          kind: 'daily' as const,
          member: 'subagent1',
          upline: 'demoagent',
          status: 'active' as const,
          terms: {
            kind: 'daily' as const,
            terms: { tiers: [{ teamBet: '1000', activeMembers: 1, rate: '0.5' }] },
          },
          maxRate: '0.50',
          createdAt: 0,
          startedAt: 0,
          endedAt: null,
          pendingRequest: null,
          awaitingMe: false,
        },
      ],
      currency: 'BDT',
    };
  }

  it('lists the direct downlines, drills into one with breadcrumbs, filters and searches the whole team', async () => {
    const queries: Record<string, unknown>[] = [];
    const { panel } = await openAgentPage('downlineManagmentView', {
      agentDownlines: (input) => {
        const query = (input as { query?: Record<string, unknown> } | undefined)?.query ?? {};
        queries.push(query);
        if (query.parent === 'subagent1') return list([player], ['demoagent', 'subagent1']);
        return list([downline(), player]);
      },
    });
    const rows = () => [...panel.querySelectorAll('.record-list > li')];
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]?.textContent).toContain('subagent1 (Sub)');
    expect(rows()[0]?.textContent).toContain('Agent · Level 1 · team 6');
    expect(rows()[0]?.textContent).toContain('৳250.00');
    expect(rows()[1]?.textContent).toContain('Player');
    expect(queries[0]).toEqual({ pageNo: 1, pageSize: 20 });

    fireEvent.click(within(panel).getByRole('button', { name: 'Team (2)' }));
    const crumbs = await within(panel).findByRole('navigation', { name: 'Team path' });
    await waitFor(() =>
      expect(within(crumbs).getByText('subagent1').getAttribute('aria-current')).toBe('page'),
    );
    expect(queries.at(-1)).toEqual({ parent: 'subagent1', pageNo: 1, pageSize: 20 });
    expect(rows()).toHaveLength(1);
    fireEvent.click(within(crumbs).getByRole('button', { name: 'demoagent' }));
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.change(within(panel).getByLabelText('Account kind'), { target: { value: 'agent' } });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ kind: 'agent' }));
    fireEvent.input(within(panel).getByRole('searchbox', { name: 'Username' }), { target: { value: 'pla' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByText(/Accounts of your whole team starting with “pla”/)).toBeTruthy();
    expect(queries.at(-1)).toEqual({ username: 'pla', kind: 'agent', pageNo: 1, pageSize: 20 });
  });

  it('says plainly when the team is empty', async () => {
    const { panel } = await openAgentPage('downlineManagmentView', { agentDownlines: () => list([]) });
    expect(await within(panel).findByText('No downlines here yet')).toBeTruthy();
  });

  it("shows a downline's detail, disables it after a confirmation, and offers only the contracts the brand has", async () => {
    let status: Downline['status'] = 'active';
    const { panel, seen } = await openAgentPage('downlineManagmentView', {
      agentDownlines: () => list([downline()]),
      agentDownlineDetail: () => detail({ status }),
      agentDownlineStatus: (input) => {
        status = (input?.body?.status as Downline['status']) ?? status;
        return downline({ status });
      },
    });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Details of subagent1' }));
    const title = await within(panel).findByRole('heading', { name: 'subagent1 (Sub)' });
    const card = title.closest('section')!;
    expect(card.textContent).toContain('Active');
    expect(within(panel).getByText('Daily wages · up to 0.50 %')).toBeTruthy();
    const month = within(panel).getByRole('heading', { name: 'This month' }).closest('section')!;
    expect(month.textContent).toContain('Bets৳300.00');

    // Daily wages and dividend are on for this brand; hourly and real-time are off.
    const offers = within(panel).getByRole('group', { name: 'Offer a contract' });
    expect(
      within(offers)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Offer Daily wages', 'Offer Dividend']);
    fireEvent.click(within(offers).getByRole('button', { name: 'Offer Dividend' }));
    expect(screen.getByTestId('offer').textContent).toBe('dividend offer to subagent1');

    fireEvent.click(within(panel).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Disable subagent1?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(seen.find((call) => call.id === 'agentDownlineStatus')?.body).toEqual({
        username: 'subagent1',
        status: 'disabled',
      }),
    );
    expect(await within(panel).findByRole('button', { name: 'Enable account' })).toBeTruthy();
  });

  it('offers no contract to a player', async () => {
    const { panel } = await openAgentPage('downlineManagmentView', {
      agentDownlines: () => list([player]),
      agentDownlineDetail: () => ({ ...detail({ ...player }), contracts: [] }),
    });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Details of player9' }));
    expect(await within(panel).findByText('No contracts yet.')).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'Offer a contract' })).toBeNull();
  });

  it('transfers to the downline with the payment password, a wrong one under its field', async () => {
    let calls = 0;
    const { panel, seen } = await openAgentPage('downlineManagmentView', {
      agentDownlines: () => list([downline()]),
      agentDownlineDetail: () => detail(),
      walletTransferDownline: () => {
        calls += 1;
        if (calls === 1) return failure('WRONG_PASSWORD', 'err_wrong_password')();
        return { entryId: 9, replayed: false, balance: '900.00', currency: 'BDT', to: 'subagent1' };
      },
    });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Details of subagent1' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to subagent1' });
    await within(dialog).findByText(/৳1,000.00/);
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Amount' }), {
      target: { value: '1000.01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('More than your available ৳1,000.00')).toBeTruthy();

    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '100' } });
    fireEvent.input(within(dialog).getByLabelText('Payment password'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('The password is wrong.')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Payment password'), { target: { value: '135790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(
      await within(dialog).findByText('৳100.00 sent to subagent1. Your balance is now ৳900.00.'),
    ).toBeTruthy();
    const bodies = seen.filter((call) => call.id === 'walletTransferDownline').map((call) => call.body);
    expect(bodies[1]).toMatchObject({ username: 'subagent1', amount: '100', paymentPassword: '135790' });
    // A new password is a new body, so a new request id; the server moves the money once per id.
    expect(bodies[0]?.requestId).not.toBe(bodies[1]?.requestId);
  });
});

describe('announcements (agentAnnouncement)', () => {
  const items: Announcement[] = Array.from({ length: 11 }, (_, index) => ({
    id: index + 1,
    type: 'B',
    title: `Notice ${index + 1}`,
    content: `<p>Body ${index + 1}</p>`,
    startDateStr: Date.UTC(2026, 10, 20 - index, 9, 0),
  }));

  it('shows 9 a page, one unfolded at a time', async () => {
    const { panel } = await openAgentPage('agentAnnouncement', {
      MCSFE_getListAnnouncements: () => ({ promotion: { content: items } }),
    });
    expect(await within(panel).findByText('Body 1')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { expanded: false })).toHaveLength(8);
    fireEvent.click(within(panel).getByRole('button', { name: /Notice 3/ }));
    expect(within(panel).queryByText('Body 1')).toBeNull();
    expect(within(panel).getByText('Body 3')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    expect(await within(panel).findByText('Body 10')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { expanded: false })).toHaveLength(1);
  });

  it('says plainly when there are none', async () => {
    const { panel } = await openAgentPage('agentAnnouncement', {
      MCSFE_getListAnnouncements: () => ({ promotion: { content: [] } }),
    });
    expect(await within(panel).findByText('No announcements right now')).toBeTruthy();
  });
});
