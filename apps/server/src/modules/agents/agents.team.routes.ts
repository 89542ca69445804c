import type { FastifyInstance } from 'fastify';

/**
 * The agent's team calls (issue 14): team overview, downline registration and affiliate links, team
 * management, team betting, profit and loss, income, account details. Every answer is scoped to
 * the caller's own team (agents.team.ts).
 */
export async function agentTeamRoutes(app: FastifyInstance) {
  void app;
}
