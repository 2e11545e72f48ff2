import { franc } from 'franc-min';

// The offline clone answers from English content, but visitors also ask in Spanish, German and
// French. For those, a small lexicon maps the words of the headline topics (experience, location,
// rates, availability, services, projects, booking, languages...) to the English words the
// content uses, and the reply opens with a sentence in the visitor's language.

export type Language = 'en' | 'es' | 'de' | 'fr';

/** Words that mark a language: its function words plus the lexicon's own entries. */
const FUNCTION_WORDS: Record<Exclude<Language, 'en'>, string> = {
  es: `el la los las un una de del que y en es son eres estas esta estás tienes tiene tengo puedes puede
    cuanto cuanta cuantos cuantas cual cuales como donde cuando por para con mi mis tu tus su sus usted hay
    hola gracias sobre trabajas trabajar haces hace qué quién pero muy también algo alguna algún ofreces`,
  de: `der die das den dem des ein eine einen einem ist sind bist du sie ich wir ihr und oder mit für von
    wie wo was wann welche welcher welches wieviel wieviele viel viele kannst können haben hast habe auch
    nicht noch schon hallo danke bitte über arbeitest arbeiten machst gibt es mir mich dich dir`,
  fr: `le la les un une des du de et est es êtes suis vous tu je nous il elle avec pour dans sur quel quelle
    quels quelles combien comment où quand pourquoi qui que quoi votre vos ton ta tes mon ma mes avez as ai
    bonjour salut merci aussi très faites fais pouvez peux travaillez travailler proposez`,
};

/**
 * Foreign words (accents folded, lower case) and the English words the content uses for them.
 * A word ending in "*" matches any word starting with it.
 */
const LEXICON: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  es: {
    'experiencia*': 'experience',
    anos: 'years',
    ano: 'years',
    trayectoria: 'career background',
    carrera: 'career',
    donde: 'based location',
    vives: 'live based',
    'ubicad*': 'based location',
    'basad*': 'based',
    ciudad: 'city based',
    pais: 'country based',
    'tarifa*': 'rates',
    'precio*': 'price rates',
    'cobr*': 'charge rates',
    'cuesta*': 'cost rates',
    'costo*': 'cost rates',
    honorarios: 'fees rates',
    'presupuesto*': 'quote price',
    hora: 'hour hourly',
    'disponib*': 'availability',
    empezar: 'start availability',
    comenzar: 'start availability',
    'servicio*': 'services offer',
    'ofrec*': 'offer services',
    'proyecto*': 'projects',
    produccion: 'production',
    'sistema*': 'system',
    'prueba*': 'proof concept pilot',
    piloto: 'pilot',
    evaluacion: 'assessment',
    arquitectura: 'architecture',
    'tard*': 'long take',
    nombre: 'name',
    'cliente*': 'clients',
    'llamada*': 'call book',
    'reunion*': 'meeting call',
    agendar: 'book call',
    reservar: 'book call',
    cita: 'appointment call',
    'idioma*': 'languages speak',
    'habl*': 'speak',
    espanol: 'spanish',
    ingles: 'english',
    'empresa*': 'your company llc',
    'industria*': 'industries',
    'sector*': 'industries',
    'equipo*': 'team',
    solo: 'alone team',
    'descuento*': 'discount',
    'remot*': 'remote remotely',
    zona: 'zone',
    horaria: 'time zone',
    'certifica*': 'certifications',
    'estudi*': 'education studied',
    universidad: 'university education',
    seguridad: 'security',
    privacidad: 'privacy',
    datos: 'data',
    plan: 'plan plans',
    planes: 'plans',
    voz: 'voice',
    minutos: 'minutes',
    'contratar*': 'hire work together',
    trabajar: 'work',
    duracion: 'long take',
    dura: 'long take',
    salud: 'healthcare',
    'hospital*': 'hospital',
    'banco*': 'bank',
    banca: 'banking',
    seguros: 'insurance',
    'aseguradora*': 'insurer insurance',
    ia: 'ai',
    inteligencia: 'ai',
    nube: 'cloud',
    agentes: 'agents',
    'taller*': 'workshops',
    'workshop*': 'workshops',
    'startup*': 'startups',
    formacion: 'training workshops',
    respuesta: 'response',
    'responde*': 'respond',
    clon: 'clone',
    humano: 'human real',
    'pago*': 'payment invoices',
    'factura*': 'invoices',
  },
  de: {
    'erfahrung*': 'experience',
    'jahre*': 'years',
    werdegang: 'career background',
    laufbahn: 'career',
    wo: 'based location',
    'wohn*': 'live based',
    'sitz*': 'based',
    ansassig: 'based',
    basiert: 'based',
    standort: 'location based',
    stadt: 'city based',
    'preis*': 'price rates',
    stundensatz: 'hourly rates',
    tagessatz: 'rates',
    kostet: 'cost rates',
    'stunde*': 'hour hourly',
    kosten: 'cost rates',
    'honorar*': 'fees rates',
    verlangst: 'charge rates',
    angebot: 'quote',
    'verfugbar*': 'availability',
    'kapazitat*': 'capacity availability',
    anfangen: 'start availability',
    starten: 'start availability',
    beginnen: 'start availability',
    'dienstleistung*': 'services offer',
    leistungen: 'services offer',
    'biete*': 'offer services',
    'anbiete*': 'offer services',
    'projekt*': 'projects',
    'produktion*': 'production',
    'system*': 'system',
    'pilot*': 'pilot proof concept',
    bewertung: 'assessment',
    'architektur*': 'architecture',
    heisst: 'name',
    name: 'name',
    kunden: 'clients',
    referenzen: 'projects',
    'anruf*': 'call',
    telefonat: 'call',
    telefonieren: 'call',
    'termin*': 'appointment call',
    'gesprach*': 'call',
    buchen: 'book call',
    vereinbaren: 'book call',
    sprachen: 'languages speak',
    sprichst: 'speak',
    sprechen: 'speak',
    spanisch: 'spanish',
    englisch: 'english',
    deutsch: 'german',
    firma: 'your company llc',
    unternehmen: 'your company llc',
    'branche*': 'industries',
    team: 'team',
    remote: 'remote remotely',
    'workshop*': 'workshops',
    'startup*': 'startups',
    cloud: 'cloud',
    allein: 'alone team',
    'rabatt*': 'discount',
    zeitzone: 'time zone',
    'zertifi*': 'certifications',
    studium: 'education studied',
    studiert: 'studied education',
    ausbildung: 'education',
    sicherheit: 'security',
    datenschutz: 'privacy security',
    daten: 'data',
    'sprachanruf*': 'voice calls',
    'abo*': 'plans subscription',
    'tarif*': 'plans rates',
    minuten: 'minutes',
    beauftragen: 'hire work together',
    arbeiten: 'work',
    dauert: 'long take',
    dauer: 'long take',
    'versicherung*': 'insurance',
    'bank*': 'bank',
    'krankenhaus*': 'hospital',
    'gesundheit*': 'healthcare',
    'schulung*': 'training workshops',
    ki: 'ai',
    kunstliche: 'ai',
    agenten: 'agents',
    'antwort*': 'response',
    klon: 'clone',
    mensch: 'human real',
    'zahlung*': 'payment invoices',
    'rechnung*': 'invoices',
  },
  fr: {
    'experience*': 'experience',
    ans: 'years',
    annees: 'years',
    parcours: 'career background',
    carriere: 'career',
    'base*': 'based',
    'situe*': 'based location',
    'habit*': 'live based',
    vivez: 'live based',
    ville: 'city based',
    pays: 'country based',
    'tarif*': 'rates',
    prix: 'price rates',
    'coute*': 'cost rates',
    'cout*': 'cost rates',
    'factur*': 'charge rates invoices',
    honoraires: 'fees rates',
    devis: 'quote price',
    horaire: 'hourly',
    'disponib*': 'availability',
    commencer: 'start availability',
    demarrer: 'start availability',
    services: 'services offer',
    'propos*': 'offer services',
    'offre*': 'offer services',
    'projet*': 'projects',
    production: 'production',
    'systeme*': 'system',
    preuve: 'proof concept pilot',
    pilote: 'pilot',
    evaluation: 'assessment',
    architecture: 'architecture',
    appelle: 'name',
    nom: 'name',
    clients: 'clients',
    references: 'projects',
    'appel*': 'call',
    'telephone*': 'call phone',
    rendez: 'appointment call',
    reunion: 'meeting call',
    reserver: 'book call',
    planifier: 'book call',
    langues: 'languages speak',
    espagnol: 'spanish',
    anglais: 'english',
    francais: 'french',
    'entreprise*': 'your company llc',
    societe: 'your company llc',
    'secteur*': 'industries',
    industries: 'industries',
    equipe: 'team',
    seul: 'alone team',
    reduction: 'discount',
    remise: 'discount',
    distance: 'remote remotely',
    teletravail: 'remote remotely',
    fuseau: 'time zone',
    'certifi*': 'certifications',
    etudes: 'education studied',
    etudie: 'studied education',
    'diplome*': 'education degree',
    universite: 'university education',
    securite: 'security',
    confidentialite: 'privacy',
    donnees: 'data',
    'forfait*': 'plans',
    'abonnement*': 'plans subscription',
    voix: 'voice',
    'vocal*': 'voice',
    minutes: 'minutes',
    engager: 'hire work together',
    embaucher: 'hire work together',
    travailler: 'work',
    duree: 'long take',
    dure: 'long take',
    'assurance*': 'insurance',
    assureur: 'insurer insurance',
    'banque*': 'bank',
    'hopita*': 'hospital',
    sante: 'healthcare',
    'formation*': 'training workshops',
    'atelier*': 'workshops',
    'workshop*': 'workshops',
    'startup*': 'startups',
    ia: 'ai',
    nuage: 'cloud',
    agents: 'agents',
    'reponse*': 'response',
    'repond*': 'respond',
    clone: 'clone',
    humain: 'human real',
    'paiement*': 'payment invoices',
  },
};

/** Folds accents and case: "Cuántos" -> "cuantos", "verfügbar" -> "verfugbar". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Words, with French and Spanish elisions ("d'années", "s'appelle") and hyphenated parts split. */
function words(text: string): string[] {
  return (foldAccents(text).match(/[\p{L}][\p{L}'-]*/gu) ?? [])
    .flatMap((word) => word.split(/[-']/))
    .filter((word) => word.length > 1 || word === 'y' || word === 'a');
}

const FOREIGN = ['es', 'de', 'fr'] as const;
const FUNCTION_WORD_SETS = Object.fromEntries(
  FOREIGN.map((language) => [language, new Set(words(FUNCTION_WORDS[language]))]),
) as Record<(typeof FOREIGN)[number], Set<string>>;
// English words that are also function words elsewhere ("a", "die", "me") do not count.
const ENGLISH = new Set(
  words(`a i in on the to is are do does you your me my we our of and or for with what how
  much many where when who can could would will be have has die son as an at it de`),
);

/** The lexicon's translation of one word, if it has one. */
function translateWord(word: string, language: Exclude<Language, 'en'>): string | undefined {
  const lexicon = LEXICON[language];
  const exact = lexicon[word];
  if (exact !== undefined) return exact;
  for (const [entry, english] of Object.entries(lexicon)) {
    if (entry.endsWith('*') && word.startsWith(entry.slice(0, -1))) return english;
  }
  return undefined;
}

/**
 * The language of a visitor message: Spanish, German or French when their function words and
 * topic words outweigh English ones; franc (a trigram detector) settles longer messages that the
 * word lists leave open. Short or unclear messages count as English.
 */
export function detectLanguage(text: string): Language {
  const tokens = words(text);
  if (tokens.length === 0) return 'en';
  if (/[¿¡ñ]/.test(text)) return 'es';
  const english = tokens.filter((word) => ENGLISH.has(word)).length;
  const scores = FOREIGN.map((language) => ({
    language,
    score: tokens.filter(
      (word) =>
        !ENGLISH.has(word) &&
        (FUNCTION_WORD_SETS[language].has(word) || translateWord(word, language) !== undefined),
    ).length,
  })).sort((a, b) => b.score - a.score);
  const best = scores[0]!;
  const runnerUp = scores[1]!;
  if (best.score >= 2 && best.score > runnerUp.score && best.score > english) return best.language;
  if (text.length >= 25 && best.score >= 1 && best.score > english) {
    const guess = franc(text, { only: ['eng', 'spa', 'deu', 'fra'] });
    const byFranc = ({ spa: 'es', deu: 'de', fra: 'fr' } as const)[guess as 'spa' | 'deu' | 'fra'];
    if (byFranc && scores.find((entry) => entry.language === byFranc)!.score >= 1) return byFranc;
  }
  return 'en';
}

/** The message's topic words in English, for searching English content. Empty for English. */
export function translateToEnglish(text: string, language: Language): string {
  if (language === 'en') return '';
  // French "où" (where) folds into "ou" (or), so it is read before folding.
  const where = language === 'fr' && /\boù\b/i.test(text) ? ['based location'] : [];
  return words(text)
    .map((word) => translateWord(word, language))
    .filter((english): english is string => english !== undefined)
    .concat(where)
    .join(' ');
}
