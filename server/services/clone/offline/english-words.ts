// Everyday English words a visitor may type that the owner's content never uses ("qualify",
// "bandwagon"): the speller leaves them as written. One list for both offline clones.
export { isCommonEnglishWord } from '../engine/common-words';
