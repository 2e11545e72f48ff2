import { Router } from 'express';
import { OWNER_ANSWERS_FILE, ownerAnswerInputSchema } from '../../shared/owner-answers';
import { conversationSearchSchema, leadPageQuerySchema, mailListSchema } from '../../shared/owner-desk';
import type { AppContext } from '../app-deps';
import { sendPieces } from '../lib/send-pieces';
import { toContactRequestView } from '../services/booking/views';
import { listConversations, getConversationTranscript } from '../services/desk/browse-conversations';
import { completeContactRequest, confirmContactRequest } from '../services/desk/contact-request-actions';
import { streamContactRequestsCsv } from '../services/desk/contact-requests-csv';
import { groupUnansweredQuestions } from '../services/desk/group-unanswered-questions';
import { listLeadPage, listLeads } from '../services/desk/list-leads';
import { listSubscribers } from '../services/desk/list-subscribers';
import { listMail, retryMail } from '../services/desk/outbox';
import {
  createOwnerAnswer,
  editOwnerAnswer,
  exportOwnerAnswersMarkdown,
  listOwnerAnswers,
  removeOwnerAnswer,
} from '../services/desk/owner-answers';

// The owner's desk (/owner). Mounted inside createOwnerRoutes, behind its requireOwner:
// GET  /api/owner/leads, /api/owner/leads/calls?cursor=, /api/owner/leads/requests?cursor=,
//      /api/owner/contact-requests.csv
// POST /api/owner/contact-requests/:id/confirm, /api/owner/contact-requests/:id/done
// GET  /api/owner/conversations?q=&cursor=, /api/owner/conversations/:id
// GET  /api/owner/unanswered-question-groups, /api/owner/subscribers
// GET  /api/owner/mail?status=, POST /api/owner/mail/:id/retry
// GET  /api/owner/answers, /api/owner/answers.md, POST /api/owner/answers,
// PUT  /api/owner/answers/:id, DELETE /api/owner/answers/:id
export function createOwnerDeskRoutes(context: AppContext): Router {
  const router = Router();
  const db = () => context.database.db;

  router.get('/api/owner/leads', async (_req, res) => {
    res.json(await listLeads(db()));
  });

  router.get('/api/owner/leads/calls', async (req, res) => {
    res.json(await listLeadPage(db(), 'calls', leadPageQuerySchema.parse(req.query).cursor));
  });

  router.get('/api/owner/leads/requests', async (req, res) => {
    res.json(await listLeadPage(db(), 'requests', leadPageQuerySchema.parse(req.query).cursor));
  });

  router.get('/api/owner/contact-requests.csv', async (_req, res) => {
    await sendPieces(res, streamContactRequestsCsv(db(), context.env.OWNER_TIMEZONE), () => {
      res.type('text/csv; charset=utf-8');
      res.attachment(`contact-requests-${context.now().toISOString().slice(0, 10)}.csv`);
    });
  });

  router.post('/api/owner/contact-requests/:id/confirm', async (req, res) => {
    const confirmed = await confirmContactRequest(context, req.params.id);
    res.json(toContactRequestView(confirmed));
  });

  router.post('/api/owner/contact-requests/:id/done', async (req, res) => {
    const done = await completeContactRequest(context, req.params.id);
    res.json({ ...toContactRequestView(done), completedAt: done.completedAt?.toISOString() ?? null });
  });

  router.get('/api/owner/conversations', async (req, res) => {
    res.json(await listConversations(db(), conversationSearchSchema.parse(req.query)));
  });

  router.get('/api/owner/conversations/:id', async (req, res) => {
    res.json(await getConversationTranscript(db(), req.params.id));
  });

  router.get('/api/owner/unanswered-question-groups', async (_req, res) => {
    res.json(await groupUnansweredQuestions(db()));
  });

  router.get('/api/owner/subscribers', async (_req, res) => {
    res.json(await listSubscribers(db()));
  });

  router.get('/api/owner/mail', async (req, res) => {
    res.json(await listMail(context, mailListSchema.parse(req.query).status));
  });

  router.post('/api/owner/mail/:id/retry', async (req, res) => {
    res.json(await retryMail(context, req.params.id));
  });

  router.get('/api/owner/answers', async (_req, res) => {
    res.json(await listOwnerAnswers(db()));
  });

  router.get('/api/owner/answers.md', async (_req, res) => {
    const markdown = await exportOwnerAnswersMarkdown(db());
    res.type('text/markdown; charset=utf-8');
    res.attachment(OWNER_ANSWERS_FILE);
    res.send(markdown);
  });

  router.post('/api/owner/answers', async (req, res) => {
    res.status(201).json(await createOwnerAnswer(context, ownerAnswerInputSchema.parse(req.body ?? {})));
  });

  router.put('/api/owner/answers/:id', async (req, res) => {
    res.json(await editOwnerAnswer(context, req.params.id, ownerAnswerInputSchema.parse(req.body ?? {})));
  });

  router.delete('/api/owner/answers/:id', async (req, res) => {
    await removeOwnerAnswer(context, req.params.id);
    res.status(204).end();
  });

  return router;
}
