import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';
import { apiReferenceHtml, keyMetricLines, operationsOf } from './operations.ts';
import { periodProblem, presetPeriod } from './period.ts';
import { groupDigits } from './format.ts';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and keeps numbers as numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-130)).toBe('-130');
    expect(csvCell('-130.00')).toBe('-130.00');
    expect(csvCell(null)).toBe('');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // A line break first (issue 35, item 5f): the reports' cells use the shell's rule too.
    expect(csvCell('\n=cmd')).toBe(`"'\n=cmd"`);
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`);
  });

  it('writes a header and CRLF lines', () => {
    expect(toCsv(['Day', 'GGR'], [['2026-11-20', '12.50']])).toBe('Day,GGR\r\n2026-11-20,12.50\r\n');
  });
});

describe("report periods (the brand's days)", () => {
  const now = Date.UTC(2026, 2, 15, 12, 30); // 2026-03-15, 18:30 in Dhaka
  it('answers each preset', () => {
    const zone = 'Asia/Dhaka';
    expect(presetPeriod('today', zone, now)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(presetPeriod('yesterday', zone, now)).toEqual({ from: '2026-03-14', to: '2026-03-14' });
    expect(presetPeriod('last7', zone, now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetPeriod('last30', zone, now)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetPeriod('thisMonth', zone, now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetPeriod('lastMonth', zone, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', zone, Date.UTC(2026, 0, 10))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it("turns the day at the brand's midnight, not at UTC's", () => {
    const late = Date.UTC(2026, 2, 31, 19, 0); // 01:00 on 1 April in Dhaka, still 31 March in UTC
    expect(presetPeriod('today', 'Asia/Dhaka', late)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetPeriod('lastMonth', 'Asia/Dhaka', late)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetPeriod('today', 'UTC', late)).toEqual({ from: '2026-03-31', to: '2026-03-31' });
  });

  it('refuses a custom period that is not real, reversed or too long', () => {
    expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('reports_period_bad_day');
    expect(periodProblem({ from: '', to: '2026-03-01' })).toBe('reports_period_bad_day');
    expect(periodProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('reports_period_reversed');
    expect(periodProblem({ from: '2024-01-01', to: '2025-01-02' })).toBe('reports_period_too_long');
    expect(periodProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
  });
});

describe('amounts', () => {
  it('groups the digits of a decimal string without a float', () => {
    expect(groupDigits('1234567.50')).toBe('1,234,567.50');
    expect(groupDigits('-130.00')).toBe('-130.00');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('90071992547409931.25')).toBe('90,071,992,547,409,931.25');
  });
});

describe('operations pages', () => {
  it('picks the key metrics and sums their series', () => {
    const text = [
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      'process_resident_memory_bytes 104857600',
      'http_server_errors_total{route="/a"} 2',
      'http_server_errors_total{route="/b"} 3',
      'something_else 1',
    ].join('\n');
    expect(keyMetricLines(text)).toEqual([
      { name: 'process_resident_memory_bytes', labels: '', value: '100.0 MB' },
      { name: 'http_server_errors_total', labels: '2 series, summed', value: '5' },
    ]);
  });

  it('lists the API and escapes every text of the reference page', () => {
    const document = {
      info: { title: 'Khela API', version: '0.1.0' },
      paths: { '/api/x': { get: { summary: '<img src=x onerror=alert(1)>', tags: ['operator'] } } },
    };
    expect(operationsOf(document)).toEqual([
      { method: 'GET', path: '/api/x', summary: '<img src=x onerror=alert(1)>', tag: 'operator' },
    ]);
    const html = apiReferenceHtml(document, 'API');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});
