import type { WageKind } from '@khela/contract';
import { MyContractPanel, TeamContractsPanel } from '../contracts/contract-panels.tsx';
import { WageLines } from './wage-lines.tsx';
import '../reports/reports.css';

/**
 * One wage page per kind (spec 2: agentDailyWages2, agentHourSalary, agentRealtimeSalary,
 * agentDividendRecordCopy2): my contract and requests, the contracts I offered, then the wage lines.
 */
function WagePage({ kind }: { kind: WageKind }) {
  return (
    <div className="agent-page">
      <MyContractPanel kind={kind} />
      <TeamContractsPanel kind={kind} />
      <WageLines kind={kind} />
    </div>
  );
}

export function DividendPage() {
  return <WagePage kind="dividend" />;
}
export function DailyWagesPage() {
  return <WagePage kind="daily" />;
}
export function HourSalaryPage() {
  return <WagePage kind="hourly" />;
}
export function RealtimeSalaryPage() {
  return <WagePage kind="realtime" />;
}
