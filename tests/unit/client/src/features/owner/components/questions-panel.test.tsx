// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnerAnswerView } from '@shared/owner-answers';
import type { UnansweredQuestionGroup } from '@shared/owner-desk';
import { QuestionsPanel } from '@/features/owner/components/questions-panel';
import { installFakeApi } from '../../../../../../helpers/fake-chat-api';
import { json } from '../../../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../../../helpers/render';

// The Unanswered tab as the owner uses it: answer a question, edit or remove an answer, export.

const QUESTION = 'Do you have a dog?';
const GROUP: UnansweredQuestionGroup = {
  question: QUESTION,
  count: 2,
  lastAskedAt: '2026-03-09T15:00:00.000Z',
  conversationIds: ['c1', 'c2'],
};
const saved = (answer: string): OwnerAnswerView => ({
  id: '5b0c8a4e-8d0f-4a63-9a53-3f1d2f4c6b11',
  question: QUESTION,
  answer,
  createdAt: '2026-03-09T16:00:00.000Z',
  updatedAt: '2026-03-09T16:00:00.000Z',
});
const ANSWER_URL = `/api/owner/answers/${saved('').id}`;

let api: ReturnType<typeof installFakeApi>;
let groups: UnansweredQuestionGroup[];
let answers: OwnerAnswerView[];

beforeEach(() => {
  api = installFakeApi();
  groups = [GROUP];
  answers = [];
  api.on('GET /api/owner/unanswered-question-groups', () => json(200, groups));
  api.on('GET /api/owner/answers', () => json(200, answers));
  api.on('GET /api/bookings/config', () => json(200, { ownerTimeZone: 'America/New_York' }));
});

resetAfterEachTest();

const renderPanel = () => renderWithToaster(<QuestionsPanel onOpenChat={() => undefined} />);
const bodyOf = (key: string, call = 0) => JSON.parse(String(api.calls(key)[call]?.[1]?.body)) as unknown;

describe('QuestionsPanel: the owner answers a question', () => {
  it('opens an editor on the answer field, refuses an empty answer, saves, and lists the answer', async () => {
    renderPanel();
    const answerButton = await screen.findByRole('button', { name: `Answer: ${QUESTION}` });
    expect(answerButton.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('No answers yet. Answer a question above and the clone knows it.')).toBeTruthy();
    // Nothing to export yet.
    expect(screen.queryByRole('link', { name: /Export for content/ })).toBeNull();

    fireEvent.click(answerButton);
    const field = screen.getByLabelText('Your answer') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(answerButton.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Write the answer.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST /api/owner/answers')).toHaveLength(0);

    api.on('POST /api/owner/answers', () => {
      groups = [];
      answers = [saved('Yes, a beagle called Biscuit.')];
      return json(201, answers[0]);
    });
    fireEvent.change(field, { target: { value: '  Yes, a beagle called Biscuit.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Nothing unanswered. The clone had an answer for everything.');
    expect(bodyOf('POST /api/owner/answers')).toEqual({
      question: QUESTION,
      answer: 'Yes, a beagle called Biscuit.',
    });
    const list = (await screen.findByText('Yes, a beagle called Biscuit.')).closest('li')!;
    expect(within(list).getByRole('heading', { name: QUESTION })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your answers' }));
    expect(await screen.findByText('Answer saved. The clone uses it from its next reply.')).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: /Export for content/ });
    expect(exportLink.getAttribute('href')).toBe('/api/owner/answers.md');
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('shows the server refusal, and Cancel (or Escape) closes the editor and returns the focus', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: `Answer: ${QUESTION}` }));
    api.on('POST /api/owner/answers', () =>
      json(409, { message: 'This question already has an answer: edit that one instead.' }),
    );
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'Yes.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This question already has an answer: edit that one instead.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Your answer')).toBeNull();
    const answerButton = screen.getByRole('button', { name: `Answer: ${QUESTION}` });
    await waitFor(() => expect(document.activeElement).toBe(answerButton));

    fireEvent.click(answerButton);
    fireEvent.keyDown(screen.getByLabelText('Your answer'), { key: 'Escape' });
    expect(screen.queryByLabelText('Your answer')).toBeNull();
  });

  it('edits an answer in place and removes one after a confirmation', async () => {
    groups = [];
    answers = [saved('Yes, a beagle.')];
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: `Edit the answer to: ${QUESTION}` }));
    const field = screen.getByLabelText('Your answer') as HTMLTextAreaElement;
    expect(field.value).toBe('Yes, a beagle.');
    expect(document.activeElement).toBe(field);

    api.on(`PUT ${ANSWER_URL}`, () => {
      answers = [saved('Yes, a beagle called Pretzel.')];
      return json(200, answers[0]);
    });
    fireEvent.change(field, { target: { value: 'Yes, a beagle called Pretzel.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Yes, a beagle called Pretzel.')).toBeTruthy();
    expect(bodyOf(`PUT ${ANSWER_URL}`)).toEqual({
      question: QUESTION,
      answer: 'Yes, a beagle called Pretzel.',
    });

    fireEvent.click(screen.getByRole('button', { name: `Remove the answer to: ${QUESTION}` }));
    expect(api.calls(`DELETE ${ANSWER_URL}`)).toHaveLength(0);
    // The safe choice has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
    api.on(`DELETE ${ANSWER_URL}`, () => {
      answers = [];
      return new Response(null, { status: 204 });
    });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Remove this answer?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await screen.findByText('No answers yet. Answer a question above and the clone knows it.');
    expect(api.calls(`DELETE ${ANSWER_URL}`)).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your answers' }));
  });
});
