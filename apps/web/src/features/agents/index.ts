// The agents feature's public face (issue 14): the agent centre's team pages, each its own chunk.
export { AgentCentrePage } from './agent-centre-pages.tsx';
