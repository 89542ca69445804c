import { useState } from 'react';
import { recordPeriodStart, type RecordPeriod } from '../lib/periods.ts';

/**
 * A record page's period and page number (account record, betting record). The period's start is
 * reckoned from when the page opened, so paging never shifts it; a new period or filter goes back to
 * the first page.
 */
export function useRecordPaging() {
  const [period, setPeriod] = useState<RecordPeriod>('week');
  const [pageNo, setPageNo] = useState(1);
  const [now] = useState(() => Date.now());
  return {
    period,
    pageNo,
    setPageNo,
    from: recordPeriodStart(period, now),
    /** A filter changed: back to the first page. */
    filterChanged: () => setPageNo(1),
    choosePeriod: (next: RecordPeriod) => {
      setPeriod(next);
      setPageNo(1);
    },
  };
}
