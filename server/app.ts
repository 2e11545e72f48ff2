import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext, AppDeps } from './app-deps';
import { notFound } from './lib/app-error';
import { errorHandler } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { createChatModel } from './services/clone/chat-model';
import { createMailDelivery } from './services/mail/mail-delivery';
import { createBookingRoutes } from './routes/bookings';
import { createConversationRoutes } from './routes/conversations';
import { createHealthRoutes } from './routes/health';
import { createProfileRoutes } from './routes/profile';
import { createVoiceRoutes } from './routes/voice';
import { createWebhookRoutes } from './routes/webhooks';

export const JSON_BODY_LIMIT = '32kb';

export interface CreateAppOptions {
  /** Installs the SPA (static files or Vite middleware) after the API and before errors. */
  serveClient?: (app: Express) => void;
}

/** Builds the Express app without listening, so tests drive it in-process with supertest. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const context: AppContext = {
    ...deps,
    chatModel: deps.chatModel ?? createChatModel(deps.env, deps.content),
    mail: createMailDelivery(deps.env, deps.database.db, deps.now),
  };
  deps.lifecycle.onStop(context.mail.start());

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestContext);
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(deps) } }));

  // Webhooks verify signatures over the raw body, so they come before the JSON parser.
  app.use(createWebhookRoutes(context));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  app.use(createHealthRoutes(context));
  app.use(createProfileRoutes(context));
  app.use(createConversationRoutes(context));
  app.use(createBookingRoutes(context));
  app.use(createVoiceRoutes(context));
  app.use('/api', (req, _res, next) => next(notFound(`No API route for ${req.method} ${req.path}`)));

  options.serveClient?.(app);
  app.use(errorHandler);
  return app;
}

function contentSecurityPolicy(deps: AppDeps) {
  const isDev = deps.env.NODE_ENV === 'development';
  return {
    defaultSrc: ["'self'"],
    // Vite's dev client injects an inline module preamble; production serves only bundled files.
    scriptSrc: isDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: isDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
