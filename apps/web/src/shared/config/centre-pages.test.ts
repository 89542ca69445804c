import { describe, expect, it } from 'vitest';
import { features } from '../../test/fixtures.ts';
import { visibleAgentCentreMenu, visibleMemberCentrePages } from './centre-pages.ts';

describe('member centre pages', () => {
  it('shows referral to members when referral is on, and manual rebate only when enabled', () => {
    const pages = visibleMemberCentrePages({
      features: { ...features, referral: true, manualRebate: false },
      isAgent: null,
    });
    expect(pages[0]).toBe('securityCenter');
    expect(pages).toContain('referral');
    expect(pages).not.toContain('manualRebate');
    expect(
      visibleMemberCentrePages({ features: { ...features, manualRebate: true }, isAgent: null }),
    ).toContain('manualRebate');
  });

  it('hides referral from agents and when it is off', () => {
    for (const isAgent of [1, 2, 41, 42]) {
      expect(visibleMemberCentrePages({ features, isAgent })).not.toContain('referral');
    }
    expect(
      visibleMemberCentrePages({ features: { ...features, referral: false }, isAgent: null }),
    ).not.toContain('referral');
  });
});

describe('agent centre menu', () => {
  it('shows each conditional entry only with its feature', () => {
    const none = visibleAgentCentreMenu({
      features: { ...features, dividend: false, salary: false, hourSalary: false, realTimeSalary: false },
    }).map((entry) => entry.page);
    expect(none).toEqual([
      'securityCenter',
      'agentAnnouncement',
      'agentTeamOverview',
      'depositv2',
      'withdraw',
      'transferUpline',
      'transactionHistory',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
    ]);
    const all = visibleAgentCentreMenu({
      features: { ...features, dividend: true, salary: true, hourSalary: true, realTimeSalary: true },
    }).map((entry) => entry.page);
    expect(all.slice(-4)).toEqual([
      'agentDividendRecordCopy2',
      'agentDailyWages2',
      'agentHourSalary',
      'agentRealtimeSalary',
    ]);
  });
});
