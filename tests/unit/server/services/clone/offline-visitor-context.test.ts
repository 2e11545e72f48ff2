import { beforeAll, describe, expect, it } from 'vitest';
import { converseWith, loadOfflineClone } from '../../../../helpers/offline-clone';
import type { KnowledgeIndex } from '../../../../../server/services/clone/knowledge-index';
import { withoutVisitorContext } from '../../../../../server/services/clone/offline/visitor-context';
import type { OwnerContent } from '../../../../../server/services/content/load-content';

// Visitors say who they are before they ask. The role explains the question without being its
// subject; a company's kind, a count or a place is part of it.

let content: OwnerContent;
let index: KnowledgeIndex;
beforeAll(async () => {
  ({ content, index } = await loadOfflineClone());
});

const converse = (...questions: string[]) => converseWith({ content, index }, ...questions).reply;

describe('withoutVisitorContext', () => {
  it.each([
    [
      'Startup founder here. How long does a proof of concept take?',
      'How long does a proof of concept take?',
    ],
    ['Journalist here: how many solutions have you shipped?', 'how many solutions have you shipped?'],
    [
      "I'm a computer-science student deciding what to learn next. Which languages do you use for AI work?",
      'Which languages do you use for AI work?',
    ],
    [
      'As a hiring manager I want to know where your experience lies: which sectors have you worked in?',
      'which sectors have you worked in?',
    ],
    [
      'Journaliste ici, je prépare un article. Vous êtes basé où exactement ?',
      'Vous êtes basé où exactement ?',
    ],
    ['CMIO here. Which standard did the summaries use?', 'Which standard did the summaries use?'],
    ['Head of data at a regional bank. Do you know Kafka?', 'Do you know Kafka?'],
    ['Soy estudiante de informática. ¿Dónde estudiaste?', '¿Dónde estudiaste?'],
    [
      'Qué tal, llevo la selección de personal en una aseguradora. ¿Cuántos años de experiencia tienes?',
      '¿Cuántos años de experiencia tienes?',
    ],
  ])('takes the role out of %j', (message, question) => {
    expect(withoutVisitorContext(message)).toBe(question);
  });

  it.each([
    // A company's kind, a count, a place asked about, a question pointing back, a discount's reason.
    "We're a Microsoft shop top to bottom. Is that going to be a problem for you?",
    'We have 30 engineers. What would a workshop cost?',
    "I'm a developer in Berlin. What hours do you work?",
    "I'm a hiring manager and our RFP asks for cloud certifications. Which ones do you hold?",
    'Soy product owner en un banco mexicano con procesos batch en COBOL. ¿Has migrado algo así?',
    'Startup founder here. How much for a proof of concept?',
    "What's the weather here?",
  ])('keeps %j whole', (message) => {
    expect(withoutVisitorContext(message)).toBe(message);
  });
});

describe('offline clone: the visitor says who they are first', () => {
  it('answers the question, not the role', () => {
    expect(converse('Startup founder here. How long does a proof of concept take?').text).toMatch(
      /four to eight weeks/,
    );
    expect(converse('Platform engineer here. Which languages do you use most for AI work?').text).toMatch(
      /Python/,
    );
    expect(converse('Journaliste ici, je prépare un article. Vous êtes basé où exactement ?').text).toMatch(
      /Massachusetts/,
    );
  });
});
