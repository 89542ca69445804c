// The agents feature's public face (issue 14): the agent centre's team pages, each its own chunk.
export { AgentCentrePage } from './agent-centre-pages.tsx';
// The agent centre menu's badges: contract requests waiting for the agent's answer.
export { useAgentRequestBadges } from './contracts/request-badges.ts';
