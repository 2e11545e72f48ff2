import { describe, expect, it } from 'vitest';
import { detectLanguage as detectOpening, openingSentence } from '../../../../../eval/detect-language';
import { CAREER } from '../../../../../server/services/clone/offline/lexicon/career';
import { BOOKING } from '../../../../../server/services/clone/offline/lexicon/booking';
import { COMMERCE } from '../../../../../server/services/clone/offline/lexicon/commerce';
import { FRENCH } from '../../../../../server/services/clone/offline/lexicon/french';
import { GERMAN } from '../../../../../server/services/clone/offline/lexicon/german';
import { PERSONAL } from '../../../../../server/services/clone/offline/lexicon/personal';
import { PROJECTS } from '../../../../../server/services/clone/offline/lexicon/projects';
import { SPANISH } from '../../../../../server/services/clone/offline/lexicon/spanish';
import { TECH } from '../../../../../server/services/clone/offline/lexicon/tech';
import { WORKING } from '../../../../../server/services/clone/offline/lexicon/working';
import { COMPILED_LEXICON } from '../../../../../server/services/clone/offline/lexicon';
import {
  compileLexicon,
  foldAccents,
  splitCompound,
  translateWord,
} from '../../../../../server/services/clone/offline/lexicon/translate-word';
import {
  detectLanguage,
  translateToEnglish,
  untranslatedWords,
} from '../../../../../server/services/clone/offline/language';
import {
  openInLanguage,
  openingTopic,
  type OpeningTopic,
} from '../../../../../server/services/clone/offline/phrases';

describe('lexicon: one word', () => {
  const lexicon = compileLexicon(
    {
      datenbank: 'database',
      'vektor*': 'vector',
      gesprach: 'call',
      erst: 'intro',
      'such*': 'search',
      dienst: 'services',
      preis: 'price',
      'projekt*': 'projects',
      leiter: 'lead',
    },
    'de',
  );

  it('folds accents, case and ß', () => {
    expect(foldAccents('Größe Cuántos ÉTUDES')).toBe('grosse cuantos etudes');
  });

  it('reads a German compound through its parts, linking letters and endings included', () => {
    expect(splitCompound('vektordatenbanken', lexicon)).toEqual(['vector', 'database']);
    expect(splitCompound('erstgesprach', lexicon)).toEqual(['intro', 'call']);
    expect(splitCompound('suchdienste', lexicon)).toEqual(['search', 'services']);
  });

  it('keeps unknown leading letters of a compound as a cognate', () => {
    expect(splitCompound('fintechpreis', lexicon)).toEqual(['fintech', 'price']);
  });

  it('does not split a word without known parts', () => {
    expect(splitCompound('zusammenhang', lexicon)).toBeUndefined();
  });

  it('prefers a compound reading to a stem that leaves a long tail', () => {
    expect(translateWord('projektleiter', lexicon, 'de')).toBe('projects lead');
    expect(translateWord('projekte', lexicon, 'de')).toBe('projects');
  });

  it('reads German written without umlauts like the folded form', () => {
    expect(translateWord('erstgespraech', lexicon, 'de')).toBe('intro call');
  });

  it('finds a plural or inflected form of a listed word', () => {
    const spanish = compileLexicon({ herramienta: 'tools', 'estudi*': 'studied' }, 'es');
    expect(translateWord('herramientas', spanish, 'es')).toBe('tools');
    expect(translateWord('estudiaste', spanish, 'es')).toBe('studied');
  });
});

describe('lexicon: the whole table', () => {
  it('lists each word once per language, accents folded and lower case', () => {
    const topics = [CAREER, WORKING, COMMERCE, BOOKING, TECH, PROJECTS, PERSONAL];
    const bases = { es: SPANISH, de: GERMAN, fr: FRENCH };
    for (const language of ['es', 'de', 'fr'] as const) {
      const keys = [bases[language], ...topics.map((topic) => topic[language])].flatMap(Object.keys);
      const repeated = keys.filter((key, position) => keys.indexOf(key) !== position);
      expect(repeated, language).toEqual([]);
      expect(
        keys.filter((key) => key !== foldAccents(key)),
        language,
      ).toEqual([]);
    }
  });

  it.each([
    ['es', 'herramientas', /\btools\b/],
    ['es', 'iteraciones', /\biterations\b/],
    ['de', 'vektordatenbanken', /pgvector.*database|database.*pgvector/],
    ['de', 'erstgesprach', /\bintro call\b/],
    ['de', 'teamgrosse', /\bsize\b/],
    ['fr', 'creneaux', /\bslot\b/],
    ['fr', 'itérations', /\biterations\b/],
  ] as const)('%s "%s" reads as English the content uses', (language, word, english) => {
    expect(translateWord(foldAccents(word), COMPILED_LEXICON[language], language)).toMatch(english);
  });
});

describe('language: questions on every topic', () => {
  it.each([
    ['¿Dónde estudiaste la carrera?', 'es', /\beducation\b/],
    ['¿Qué hacías antes de trabajar por tu cuenta?', 'es', /\bbefore freelance\b/],
    ['¿Con qué herramientas haces la infraestructura como código?', 'es', /infrastructure as code/],
    ['Welche Vektordatenbanken oder Suchdienste nutzen Sie?', 'de', /pgvector.*search/],
    ['Wie lange dauert das kostenlose Erstgespräch?', 'de', /how long.*free intro call/],
    ['Est-ce que tu peux venir sur place chez nous ?', 'fr', /\bon site\b/],
    ['Quels sont les créneaux horaires pour un appel ?', 'fr', /\bslot\b.*\bcall\b/],
  ] as const)('%s', (question, language, english) => {
    expect(detectLanguage(question)).toBe(language);
    expect(translateToEnglish(question, language)).toMatch(english);
  });

  it('does not take English words the lexicon shares for another language', () => {
    expect(detectLanguage('Tell me about the mainframe migration')).toBe('en');
    expect(detectLanguage('what share of questions did it handle on its own?')).toBe('en');
  });

  it('reads a phrase as one piece, not word by word', () => {
    expect(translateToEnglish('Est-ce que tu peux venir de temps en temps ?', 'fr')).not.toMatch(/\blong\b/);
    expect(untranslatedWords('¿Trabajas por tu cuenta?', 'es')).toEqual([]);
  });
});

describe('opening sentence', () => {
  const profile = { name: 'Alex Morgan', experience: '20 years', location: 'Massachusetts, USA' } as never;

  it.each([
    [['Education and certifications'], 'education'],
    [['Career timeline'], 'career'],
    [['Which AI models and tools do you work with?'], 'tools'],
    [['Voice calls with my AI clone: plans and prices'], 'voicePlans'],
    [['How long does a typical project take?'], 'duration'],
    [['Do you work with startups and smaller companies?'], 'general'],
  ] as const)('names the topic of the sections answered: %s', (headings, topic) => {
    expect(openingTopic([...headings], 'anything', '')).toBe(topic);
  });

  it('is about languages spoken only when asked and answered', () => {
    expect(openingTopic(['Outside of work'], 'languages speak', 'I speak English natively')).toBe(
      'languages',
    );
    expect(openingTopic(['Outside of work'], 'sail hike', 'I sail')).toBe('personal');
  });

  const topics: OpeningTopic[] = [
    'experience',
    'career',
    'education',
    'industries',
    'location',
    'rates',
    'availability',
    'services',
    'process',
    'duration',
    'contracts',
    'security',
    'tools',
    'projects',
    'booking',
    'voicePlans',
    'responseTime',
    'personal',
    'languages',
    'clone',
    'general',
  ];
  it.each(['es', 'de', 'fr'] as const)('reads as %s for every topic', (language) => {
    for (const topic of topics) {
      const opening = openingSentence(`${openInLanguage(topic, language, profile)}\n\nDetails.`);
      expect(detectOpening(opening), topic).toBe(language);
    }
  });
});
