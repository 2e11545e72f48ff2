// Here rather than in the clone's prompt builder: server/env.ts reads it as a default, and env
// imports nothing from services (imports run one way).

/** The prompt size below which every knowledge section is sent; also the env default. */
export const DEFAULT_PROMPT_BUDGET_TOKENS = 12_000;
