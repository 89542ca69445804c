import { useState } from 'react';
import {
  recordPeriodLabelKeys,
  recordPeriods,
  recordPeriodStart,
  type RecordPeriod,
} from '../lib/periods.ts';
import { useBrand } from '../api/get-whitelabel.ts';

/**
 * A record page's period and page number (account record, betting record). The period's start is
 * reckoned from when the page opened, so paging never shifts it; a new period or filter goes back to
 * the first page.
 */
export function useRecordPaging() {
  const [period, setPeriod] = useState<RecordPeriod>('week');
  const [pageNo, setPageNo] = useState(1);
  const [now] = useState(() => Date.now());
  const { timeZone } = useBrand();
  return {
    pageNo,
    setPageNo,
    from: recordPeriodStart(period, now, timeZone),
    /** A filter changed: back to the first page. */
    filterChanged: () => setPageNo(1),
    /** The props of the filter row's `PeriodButtons`. */
    periodButtons: {
      periods: recordPeriods,
      labelKeys: recordPeriodLabelKeys,
      value: period,
      onChange: (next: RecordPeriod) => {
        setPeriod(next);
        setPageNo(1);
      },
    },
  };
}
