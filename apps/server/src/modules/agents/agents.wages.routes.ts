import type { FastifyInstance } from 'fastify';

/**
 * The contract and wage calls (issue 14; spec 7 MCS2_processDailySalContract,
 * MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract, MCS2_processDividendReq,
 * /wps/member/info/funds/consolidated) and the settlement jobs on the job queue.
 */
export async function agentWageRoutes(app: FastifyInstance) {
  void app;
}
