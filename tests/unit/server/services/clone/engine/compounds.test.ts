import { describe, expect, it } from 'vitest';
import { fold, getLanguage } from '../../../../../../server/services/clone/engine/language-data';
import { headOfCompound } from '../../../../../../server/services/clone/engine/terms';
import { translate } from '../../../../../../server/services/clone/engine/translate';

// German and Dutch join words into one ("Vertragsanalyse", "klantgegevens"): a word the language data
// does not list is read as a modifier and a head, each found in the data, and given in English.
const read = (code: string, word: string) => translate(getLanguage(code), fold(word));

describe('a compound of a language that joins words', () => {
  it('is read as its modifier and its head, the link letter dropped', () => {
    expect(read('de', 'Vertragsanalyse')).toBe('contract analysis');
    expect(read('de', 'Schadenstriage')).toBe('claim damage triage');
    expect(read('de', 'Kundenzufriedenheit')).toBe('client customer satisfaction');
    expect(read('nl', 'klantgegevens')).toBe('client customer data');
    expect(read('nl', 'fraudedetectie')).toBe('fraud detection');
    expect(read('nl', 'klantentevredenheid')).toBe('client customer satisfaction');
  });

  it('finds the head by its ending, and a modifier that is itself a compound', () => {
    expect(read('de', 'Rechnungsadressen')).toBe('invoice address');
    expect(read('de', 'Projektkostenschätzung')).toBe('project costs estimate');
  });

  it('prefers the longest head', () => {
    // "Zeitplan" (schedule) rather than "Projektzeit" + "plan".
    expect(read('de', 'Projektzeitplan')).toBe('project schedule timeline');
  });

  it('keeps an English loanword as it is when the other part is the language own', () => {
    expect(read('de', 'Softwarearchitektur')).toBe('software architecture');
    expect(read('nl', 'softwareanalyse')).toBe('software analysis');
  });

  it('reads two English loanwords when the modifier is long enough to be a word of its own', () => {
    expect(read('de', 'Regionalbank')).toBe('regional bank');
    expect(read('nl', 'regionalbank')).toBe('regional bank');
  });

  it('leaves alone a listed word, an English word, a word of two short English parts and a head under four letters', () => {
    expect(read('de', 'Lebenslauf')).toBe('cv resume');
    expect(read('de', 'Workshop')).toBeUndefined();
    expect(read('de', 'Frontend')).toBeUndefined();
    expect(read('de', 'Projekttag')).toBeUndefined();
    expect(read('de', 'Landschaft')).toBeUndefined();
  });

  it('is not read in a language whose data sets no compound links', () => {
    expect(read('es', 'contractanalyse')).toBeUndefined();
    expect(read('en', 'contractanalysis')).toBeUndefined();
  });
});

describe('a name built on an everyday English word', () => {
  it('is read as that word too, so a visitor who names the kind of thing finds it', () => {
    expect(['pgvector', 'elasticsearch', 'opensearch', 'lakehouse'].map(headOfCompound)).toEqual([
      ['vector'],
      ['search'],
      ['search'],
      ['house'],
    ]);
  });

  it('leaves alone an everyday word, its plural, and a word after a mere prefix or a short word', () => {
    for (const word of ['together', 'integrations', 'confluent', 'england', 'kubernetes', 'bigquery'])
      expect(headOfCompound(word), word).toEqual([]);
  });
});
