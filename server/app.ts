import express, { type Express } from 'express';
import helmet from 'helmet';
import { createAppContext } from './app-context';
import type { AppContext, AppDeps } from './app-deps';
import { notFound } from './lib/app-error';
import type { Readiness } from './lib/readiness';
import { compressResponses } from './middleware/compress-responses';
import { errorHandler } from './middleware/error-handler';
import { refuseCrossSiteRequests } from './middleware/refuse-cross-site-requests';
import { requestContext } from './middleware/request-context';
import { requireJsonBody } from './middleware/require-json-body';
import { getVoiceProvider } from './services/voice/get-voice-config';
import { createBookingRoutes } from './routes/bookings';
import { createSuggestionRoutes } from './routes/suggestions';
import { createConversationRoutes } from './routes/conversations';
import { createHealthRoutes } from './routes/health';
import { createOwnerRoutes } from './routes/owner';
import { createOwnerSessionRoutes } from './routes/owner-session';
import { createProfileRoutes } from './routes/profile';
import { createVoiceRoutes } from './routes/voice';
import { createAccessRoutes } from './routes/access';
import { createBillingRoutes } from './routes/billing';
import { createBrowserAccess } from './middleware/verified-email';
import { createWebhookRoutes } from './routes/webhooks';

export const JSON_BODY_LIMIT = '32kb';
/** PATCH /api/voice-sessions/:id carries a call's transcript, up to 200,000 characters. */
export const VOICE_SESSION_BODY_LIMIT = '512kb';

export interface CreateAppOptions {
  /** Installs the SPA (static files or Vite middleware) after the API and before errors. */
  serveClient?: (app: Express) => void;
  /** CSP sources for the inline scripts the served pages carry ('sha256-...'). */
  inlineScriptHashes?: string[];
  /** Whether the server is starting, ready or stopping (server/index.ts); health reports it. */
  readiness?: Readiness;
}

/**
 * Builds the Express app without listening, so tests drive it in-process with supertest. It
 * starts no timer: server/index.ts starts the background jobs (startBackgroundJobs).
 */
export function createApp(deps: AppDeps | AppContext, options: CreateAppOptions = {}): Express {
  const context = isAppContext(deps) ? deps : createAppContext(deps);

  const app = express();
  app.disable('x-powered-by');
  // A hop count: req.ip (the rate limits' key) is the socket address unless the owner says how
  // many proxies stand in front of the site.
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.use(requestContext);
  // Load balancers and container health checks call this often: it answers before the page
  // headers, compression and body parsing, which a JSON status line does not need.
  app.use(createHealthRoutes(context, options.readiness));
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(deps, options.inlineScriptHashes) },
    }),
  );
  app.use(compressResponses);

  // Webhooks verify signatures over the raw body, so they come before the JSON parser.
  app.use(createWebhookRoutes(context));
  // The site's own API below: called by its pages only, with JSON bodies.
  app.use(refuseCrossSiteRequests(deps.env));
  app.use(requireJsonBody);
  // Ending a call sends its whole transcript: this one route gets a larger body limit. The body
  // it reads is not read again by the global parser below.
  app.patch('/api/voice-sessions/:id', express.json({ limit: VOICE_SESSION_BODY_LIMIT }));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  app.use(createProfileRoutes(context));
  app.use(createConversationRoutes(context));
  app.use(createBookingRoutes(context));
  app.use(createSuggestionRoutes(context));
  const browserAccess = createBrowserAccess(context);
  app.use(createAccessRoutes(context, browserAccess));
  app.use(createBillingRoutes(context, browserAccess));
  app.use(createVoiceRoutes(context, browserAccess));
  app.use(createOwnerSessionRoutes(context));
  app.use(createOwnerRoutes(context));
  app.use('/api', (req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));

  options.serveClient?.(app);
  app.use(errorHandler);
  return app;
}

const isAppContext = (deps: AppDeps | AppContext): deps is AppContext => 'mail' in deps;

function contentSecurityPolicy(deps: AppDeps, inlineScriptHashes: string[] = []) {
  const isDev = deps.env.NODE_ENV === 'development';
  // With Vapi configured, /voice asks our own server for the call (POST /api/vapi/call/web: the
  // browser never talks to Vapi's API) and joins a Daily room: Daily's call bundle is a script
  // from c.daily.co (loaded as a script, avoidEval, so no 'unsafe-eval'), signalling and media
  // relays are on *.daily.co and *.pluot.blue (https and wss), audio plays from blob: URLs and its
  // audio worklets/workers start from blob:. Browser voice needs none of this.
  const isVapi = getVoiceProvider(deps.env) === 'vapi';
  const vapi = isVapi
    ? {
        connect: ['https://*.daily.co', 'wss://*.daily.co', 'https://*.pluot.blue', 'wss://*.pluot.blue'],
        script: ['https://c.daily.co'],
        worker: ['blob:'],
      }
    : { connect: [], script: [], worker: [] };
  return {
    defaultSrc: ["'self'"],
    // Vite's dev client injects an inline module preamble; production pages carry one inline
    // script, the module loader, allowed by its hash.
    scriptSrc: [
      ...(isDev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inlineScriptHashes]),
      ...vapi.script,
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: [...(isDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]), ...vapi.connect],
    mediaSrc: ["'self'", 'blob:', 'mediastream:'],
    workerSrc: ["'self'", ...vapi.worker],
    frameSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
