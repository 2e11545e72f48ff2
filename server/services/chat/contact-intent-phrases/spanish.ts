import { pattern, type IntentRules } from './rules';

// The owner: "contigo", "con usted", or a name the visitor capitalises ("con Alex").
const NAME = String.raw`(?<name>\p{L}[\p{L}-]*)`;
const WITH_OWNER = String.raw`(?:contigo|con usted|con el|con ella|con ${NAME})`;
// The person rather than the clone: "la persona real", "un humano", "el verdadero Alex".
const HUMAN = String.raw`(?:(?:la|una) persona(?: real)?|(?:un|el) (?:ser )?humano|alguien|(?:el|la) (?:verdader[oa]|autentic[oa]|real))\b`;
const MEETING = String.raw`(?:llamada|reunión|cita|videollamada|consulta|charla|conversación|videoconferencia|sesión|entrevista)\b`;
const WANT = String.raw`(?:quiero|queremos|quisiera|quisiéramos|me gustaría|nos gustaría|necesito|necesitamos|me encantaría)`;
// "¿Podemos hablar en inglés?" asks about the language, not for a call.
const NOT_A_LANGUAGE = String.raw`(?!\s+(?:en\s+)?(?:español|castellano|inglés|alemán|francés|catalán|portugués|italiano)\b)`;
const PRODUCT = String.raw`(?:asistentes?|agentes?|bots?|chatbots?|clon(?:es)?|ia|sistemas?|aplicación|aplicaciones|apps?|herramientas?|plataformas?|soluciones?|modelos?)`;

const INTENTS = [
  // Hiring the owner.
  pattern`\bcontratar(?:te|le|lo|la|les|los)\b`,
  pattern`\bcontratar\s+(?:a\s+(?:ti|usted|${NAME})|(?:tus|sus)\s+servicios)\b`,
  pattern`\b(?:te|le|lo|la)\s+(?:\p{L}+\s+)?contratar\b`,
  pattern`\b(?:trabajar|colaborar|empezar)\s+(?:juntos|${WITH_OWNER})\b`,
  pattern`\b(?:estás|está|estáis)\s+(?:\p{L}+\s+)?disponible\s+(?:para|a)\s+(?:un|una|nuevos?|algún)\s+(?:nuevo\s+)?(?:proyecto|trabajo|encargo|contrato)`,
  // New work now, not a policy ("¿Aceptas proyectos en remoto desde España?" asks how the owner works).
  pattern`\b(?:aceptas|acepta|tomas|toma)\s+(?:(?:ahora|todavía|aún|actualmente)\s+)?nuevos\s+(?:clientes|proyectos|encargos)\b`,
  pattern`\b(?:aceptas|acepta|tomas|toma)\s+(?:clientes|proyectos|encargos)\s+(?:ahora|ahora mismo|en este momento|actualmente|todavía)\b`,
  pattern`\btenemos\s+un\s+proyecto\s+para\s+(?:ti|usted)\b`,
  pattern`\b${WANT}\s+(?:tu|su)\s+ayuda\b`,
  // Going ahead: "¿Cómo seguimos?", "¿Cuál es el siguiente paso?", "¿Dónde firmo?"
  pattern`\bcómo\s+(?:seguimos|continuamos|procedemos|empezamos|comenzamos|avanzamos|arrancamos)\b(?=\s*(?:$|desde aquí|a partir de aquí|ahora|entonces|adelante|con esto|contigo))`,
  pattern`\b(?:siguientes?|próximos?)\s+pasos?\b|\bpasos?\s+(?:siguientes?|a seguir)\b`,
  pattern`\bdónde\s+firmo\b|\b(?:apúntame|apúntanos|inscríbeme|cuenta conmigo|hagámoslo|manos a la obra)\b`,
  pattern`\b(?:estoy|estamos)\s+(?:convencid[oa]s?|list[oa]s? para empezar)\s*$`,
  // Committing: ready to sign, a start on the calendar, who to talk to about the contract, sent by
  // someone to make contact, a problem like one the owner solved.
  pattern`\b(?:estoy|estamos)\s+(?:list[oa]s?|preparad[oa]s?)\s+para\s+(?:firmar|empezar|comenzar|arrancar|avanzar|seguir)\b`,
  // "Queremos empezar cuanto antes" (not "empezar con una pregunta", "empezar a usar IA").
  pattern`\b${WANT}\s+(?:empezar|comenzar|arrancar|avanzar|iniciar)\b(?!\s+(?:con|por)\s+(?:una|un|la|el|unas)\s+(?:pregunta|duda|consulta)|\s+a\s+\p{L}+r\b)`,
  pattern`\bcon\s+qui[eé]n\s+(?:hablo|hablamos|tengo que hablar|tenemos que hablar|debo hablar|puedo hablar)\b(?:\s*$|\s+(?:para|sobre|de)\s+(?:\p{L}+\s+){0,2}?(?:contrato|propuesta|presupuesto|proyecto|acuerdo|nda|arranque|inicio))`,
  pattern`\b(?:me|nos)\s+(?:pidi[oó]|pidieron|dijo|dijeron|sugiri[oó])\s+que\s+(?:te|le|os)\s+(?:contactara|contactase|escribiera|escribiese|llamara|llamase)\b`,
  pattern`\b(?:tenemos|tengo|necesitamos|queremos)\s+(?:\p{L}+\s+){0,5}?(?:parecid[oa]|similar|igual|como)\s+(?:a|al)?\s*(?:el|la|los|las|tu|su|tus|sus)?\s*(?:\p{L}+\s+)?(?:de\s+)?(?:tu|su|tus|sus)\b`,
  pattern`\b(?:poner|ponerlo|ponerla|agendar|fijar)\s+(?:\p{L}+\s+){0,2}?(?:en\s+(?:el|tu|nuestro)\s+calendario|fecha de inicio|el arranque|el kick-?off)\b`,
  // A call or a meeting: "quiero agendar una llamada", "¿podemos hablar por teléfono?\"
  pattern`\b(?:agendar|programar|reservar|concertar|organizar|coordinar|fijar|pedir|solicitar|tener|hacer|tengamos|hagamos|agendemos|programemos|agenda|programa|reserva)\s+(?:una|un)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\b${WANT}\s+(?:una|un)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\b(?:podemos|podríamos|puedo|podría|${WANT})\s+(?:hablar|conversar|charlar|llamarte|llamarle|llamarnos|reunirnos|vernos|conocernos|hablarlo)\b${NOT_A_LANGUAGE}`,
  pattern`\b(?:qué tal|y si hacemos|por qué no)\s+(?:una|un)\s+(?:\p{L}+\s+)?${MEETING}`,
  pattern`\b(?:hablar|hablamos|hablemos)\s+por\s+(?:teléfono|videollamada|zoom|teams|meet)\b`,
  pattern`\b(?:hablar|conversar|charlar)\s+(?:directamente\s+)?(?:con\s+${HUMAN}|${WITH_OWNER})`,
  pattern`\b(?:llámame|llámeme|llámanos)\b|\b(?:me|nos)\s+(?:puedes|puede|podrías|podría)\s+llamar\b`,
  pattern`\buna\s+(?:llamada|reunión|videollamada|consulta)\s+(?:gratuita|inicial|rápida|breve|de (?:introducción|descubrimiento|presentación))\b`,
  // A quote: "un presupuesto", "¿cuánto costaría?"
  pattern`\b(?:pedir|solicitar|recibir|enviar|mandar|dar|hacer|preparar|${WANT}|podrías|puedes|podría|puede|envíame|mándame|dame|hazme)\s+(?:me\s+|nos\s+)?(?:\p{L}+\s+)?(?:un|una)\s+(?:presupuesto|cotización|propuesta|estimación)\b`,
  pattern`\b(?:presupuesto|cotización|propuesta)\s+para\s+(?:mi|nuestro|nuestra|un|una|el|la|este|esta)\b`,
  pattern`\bcuánto\s+(?:me\s+|nos\s+)?(?:costaría|cobrarías|cobraría|saldría)\b`,
  // Contact: "¿cómo puedo contactarte?", "tu correo"
  pattern`\b(?:cómo|dónde)\s+(?:puedo|podemos|podría)\s+(?:contactarte|contactarle|contactar|localizarte|ponerme en contacto|escribirte|llamarte)\b`,
  pattern`\bponer(?:me|nos)\s+en\s+contacto\b|\b(?:contáctame|contáctanos|escríbeme)\b`,
  pattern`\b(?:tu|su)\s+(?:correo|email|e-mail|teléfono|número de teléfono|datos de contacto)\b`,
  pattern`\b(?:dejarte|dejarle|te dejo|le dejo|dejar)\s+(?:mis|mi)\s+(?:datos|número|correo|teléfono|email)\b`,
];

const ABOUT_THE_SERVICE = [
  // "¿Se puede reservar una llamada un sábado?": how booking works.
  pattern`\b(?:reservar|agendar|programar)\b.*\b(?:un|el|este)\s+(?:sábado|domingo|fin de semana|festivo)\b.*`,
  // "¿Pueden tus asistentes agendar reuniones?", "Tus bots pueden..."
  pattern`\b(?:pueden|puede|podrían|podría|saben|sabe)\s+(?:tus|sus|los|las|el|la|tu|su)\s+(?:\p{L}+\s+)?${PRODUCT}\b.*`,
  pattern`\b(?:tus|sus|los|las|el|la|tu|su)\s+${PRODUCT}\s+(?:\p{L}+\s+)?(?:pueden|puede|podrían|podría|saben|sabe)\b.*`,
  // "¿Qué incluye la llamada?", "¿Cuánto dura la reunión?"
  pattern`\b(?:qué|cuánto|cuánta|quién)\s+(?:\p{L}+\s+){0,3}?(?:la|tu|su|esta|esa)\s+(?:\p{L}+\s+)?${MEETING}`,
  // "¿En qué horarios / franjas / días puedo reservar una llamada?": how booking works.
  pattern`\b(?:en\s+)?qu[ée]\s+(?:franjas?|horarios?|d[íi]as?|horas?)\b.*`,
  // "¿Cómo sería trabajar contigo, paso a paso?" asks what it is like.
  pattern`\bc[óo]mo\s+(?:ser[íi]a|es|funciona)\s+(?:el\s+)?trabaj\p{L}*\b.*`,
];

export const SPANISH: IntentRules = {
  intents: INTENTS,
  aboutTheService: ABOUT_THE_SERVICE,
  negation: /\b(no|nunca|jamas|sin|ni|tampoco|nadie)\b/,
  notANegation: /\b(por ?que no|no (hay )?problema|sin problema|no dudes?)\b/,
};
