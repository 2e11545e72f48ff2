/**
 * Whether this server should receive visitors, as `GET /api/health` reports it: `starting` until
 * its pages are rendered (a load balancer would otherwise send the first visitors to a server
 * still rendering them), `ready`, then `stopping` from SIGTERM while it drains the requests it has.
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export interface Readiness {
  readonly state: ReadinessState;
  markReady(): void;
  markStopping(): void;
}

export function createReadiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial;
  return {
    get state() {
      return state;
    },
    markReady() {
      // A stop that began while the pages were rendering is not undone.
      if (state === 'starting') state = 'ready';
    },
    markStopping() {
      state = 'stopping';
    },
  };
}
