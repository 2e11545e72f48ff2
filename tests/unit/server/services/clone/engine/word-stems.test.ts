import { beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, type Knowledge } from '../../../../../../server/services/clone/engine/knowledge';
import { fold, getLanguage } from '../../../../../../server/services/clone/engine/language-data';
import { translate } from '../../../../../../server/services/clone/engine/translate';
import { understand } from '../../../../../../server/services/clone/engine/understand';
import { withSiteKnowledge } from '../../../../../../server/services/clone/site-knowledge';
import { loadContent } from '../../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../../helpers/fixture-owners';

// A visitor's word that a language's data file does not list in that form is found by its stem,
// among the stems of the forms it lists.
const read = (code: string, word: string) => translate(getLanguage(code), fold(word));

describe('a word of another language in a form its data does not list', () => {
  it('is read as the listed word with the same stem', () => {
    expect(read('es', 'dirige')).toBe('lead manage');
    expect(read('fr', 'proposez')).toBe('offer');
    expect(read('de', 'vertraglich')).toBe('contract');
  });

  it('reads the head of a compound the same way', () => {
    expect(read('de', 'Kundenbetreuenden')).toBe('client customer support');
  });

  it('is left unread when it or its stem is too short to tell words apart', () => {
    // "parle" and "parlée" share the stem "parl", which "parler", "parlement"... share too.
    expect(read('fr', 'parle')).toBeUndefined();
    expect(read('es', 'madrid')).toBeUndefined();
  });

  it('is not looked for in English, whose words the content is written in', () => {
    expect(read('en', 'working')).toBeUndefined();
  });
});

describe('a word the content uses', () => {
  let knowledge: Knowledge;
  beforeAll(async () => {
    knowledge = buildKnowledge(withSiteKnowledge(await loadContent(fixtureOwnerDir('alex-morgan'))));
  });

  it('is read as written, not by its stem as another word of the language', () => {
    // French "assistant" shares its stem with "assister" (attend); the owner's notes say "assistant".
    const question = understand("Combien d'heures l'assistant a-t-il fait gagner ?", knowledge);
    const words = question.slots.map((slot) => slot.word);
    expect(words).toContain('assistant');
    expect(words).not.toContain('attend');
  });
});
