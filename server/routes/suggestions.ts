import cookieParser from 'cookie-parser';
import { Router } from 'express';
import type { AppContext } from '../app-deps';
import { readBrowserKeyHash } from '../services/access/browser-key';
import { getSuggestedQuestions } from '../services/chat/suggest-questions';

// GET /api/conversations/:id/suggestions: questions to ask next, for the browser that owns the chat.
export function createSuggestionRoutes(context: AppContext): Router {
  const router = Router();
  router.use('/api/conversations/:id/suggestions', cookieParser());
  router.get('/api/conversations/:id/suggestions', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const questions = await getSuggestedQuestions(
      context.database.db,
      context.content,
      req.params.id,
      readBrowserKeyHash(req),
    );
    res.json({ questions });
  });
  return router;
}
