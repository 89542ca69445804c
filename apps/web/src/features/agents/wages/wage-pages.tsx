import { ComingSoon } from '../../../shared/ui/coming-soon.tsx';

// Placeholders while issue 14's pages are written: one page per wage kind.
export function DividendPage() {
  return <ComingSoon />;
}
export function DailyWagesPage() {
  return <ComingSoon />;
}
export function HourSalaryPage() {
  return <ComingSoon />;
}
export function RealtimeSalaryPage() {
  return <ComingSoon />;
}
