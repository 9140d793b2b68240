import type { Intent } from '../intents';
import type { Lexicon } from '../lexicon';
import { NUMBER_WORDS } from '../time-window';
import { words } from './words';

/** English: the engine's first language; its word sets are in text.ts and apply to every language. */

const INTENTS: ReadonlyArray<[Intent, RegExp]> = [
  [
    'latest',
    /\b(?:latest|most recent|newest|current(?:ly)?|right now|at the moment|these days|last (?:reading|result|value|measurement|test|check|one|time|recorded|lab|labs|number)|recent(?:ly)?|what (?:is|was|are|were) my|whats my|where (?:is|are) my)\b/,
  ],
  [
    'trend',
    /\b(?:trends?|trending|trend(?:ed|line)|chang(?:e|es|ed|ing)|what happened|happening|improv(?:e|ed|es|ing|ement)|getting (?:better|worse)|got (?:better|worse)|better|worse|worsen(?:ed|ing)?|progress(?:ed|ing|ion)?|over time|evolv(?:e|ed|ing)|evolution|(?:going|gone|went|go|come|came|moved|moving) (?:up|down)|ris(?:e|en|ing)|rose|fall(?:en|ing)?|fell|drop(?:ped|ping)?|increas(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|declin(?:e|ed|ing)|trajectory|over the (?:past|last)|history|historical|track(?:ed|ing)? over|chart|graph|plot|visuali[sz]e|steady|stable|fluctuat\w*)\b/,
  ],
  [
    'extremes',
    /\b(?:highest|lowest|peak(?:ed)?|max(?:imum)?|min(?:imum)?|best|worst|biggest|smallest|largest|record (?:high|low)|how (?:high|low))\b/,
  ],
  ['count', /\b(?:how many|how often|number of|count|counts|times)\b/],
  ['average', /\b(?:average|averages|avg|(?:the|my|a) mean|mean value|typical(?:ly)?|usual(?:ly)?|on average)\b/],
  [
    'compare',
    /\b(?:compare|compared|comparing|comparison|vs|versus|against|side by side|relat(?:e|ed|ion|ionship)|correlat\w*|differ\w*)\b/,
  ],
  [
    'abnormal',
    /\b(?:abnormal(?:ly|ities)?|out of (?:the )?(?:normal |reference )?range|outside (?:of )?(?:the )?(?:normal |reference |healthy )?range|in (?:the )?(?:normal |reference |healthy )?range|within (?:the )?(?:normal |reference |healthy )?range|flag(?:s|ged)?|high|low|too (?:high|low)|elevated|concerning|worr(?:y|ying|ied|isome)|alarming|red flags?|problems?|problematic|issues?|normal|ok|okay|healthy|unhealthy|good|bad|fine)\b/,
  ],
  [
    'list',
    /\b(?:list|every|each|individual|one by one|all (?:of )?(?:my |the )?(?:\w+ )?(?:readings|results|values|measurements|entries|tests)|show me (?:all )?(?:my |the )?(?:\w+ )?(?:readings|measurements|entries)|table)\b/,
  ],
  [
    'overview',
    /\b(?:overview|summar(?:y|ise|ize)|everything|what (?:data|records|information|info|results|tests|readings)|what do you (?:have|know|see)|what (?:kind|sort|types?) of|what (?:is|s|are) (?:in|tracked)|what have (?:i|you) got|tracked|all (?:of )?my (?:data|records|health|results|readings|tests|labs)|my health|health (?:data|summary|overview|records|status)|how am i doing|how healthy am i|my records|my data)\b/,
  ],
  [
    'files',
    /\b(?:files?|documents?|docs|reports?|pdfs?|uploads?|uploaded|scans?|scanned|attachments?|clinical records?|lab sheets?|paperwork)\b/,
  ],
  [
    'family',
    /\b(?:family|families|care ?circle|caregivers?|carers?|relatives?|household|dependents?|dependants?|(?:mom|mum|mother|dad|father|parent|wife|husband|spouse|partner|son|daughter|kid|child|brother|sister|sibling|grand(?:ma|pa|mother|father|parent|son|daughter))s?|children|childrens)\b/,
  ],
  [
    'advice',
    /\b(?:ideas?|suggest(?:ions?)?|recipes?|meal plans?|should i|do i need|shall i|ought i|recommend\w*|advi[cs]e|prescri\w*|medications?|medicines?|drugs?|statins?|pills?|treat(?:ment|ments|ed|ing)?|diagnos\w*|cure|dose|dosage|supplements?|is (?:it|this|that) (?:safe|dangerous|bad|serious)|what (?:should|can) i do|dangerous|serious|risk|risky|diet|exercise (?:more|less)|see a doctor|go to the doctor|explain\w*|interpret\w*|what (?:do|does) (?:it|this|that|they|my [\w ]+) mean|(?:do i have|have i got|am i) (?:an? )?(?:pre ?)?(?:diabet\w*|anemi\w*|anaemi\w*|hypertensi\w*|hypothyroid\w*|hyperthyroid\w*|cancer|diseases?|conditions?|infections?|deficien\w*|sick|ill))\b/,
  ],
];

/**
 * Verbs that ask to store a reading, at the start of a request (`log my weight 72 kg`, `please record …`); the value
 * is looked for by the record parser, which reports a request without one.
 */
const RECORD_VERB =
  /(?:^|[.!?]\s*)(?:please |pls |can you |could you |would you |kindly |hey |ok |okay |i want to |i wanna |id like to |i would like to |i need to |can i |let me |help me )*(?:record|log|add|save|enter|store|note down|write down|put in|insert)\b(?! (?:of|in|out|on|up)\b)/;

/** A question or a request: a question mark, or an opening that asks, orders or looks something up. */
const ASKS =
  /^(?:what|whats|how|hows|when|where|which|who|whose|why|is|are|was|were|am|do|does|did|can|could|would|will|should|shall|may|might|show|plot|chart|graph|draw|list|give|tell|compare|summar\w*|display|find|get|fetch|check|look|search|any|have|has|please|pls|explain|help|let)\b/;

/** Wishes that ask without a question mark: `I want to see my LDL`, `show me …` inside a sentence. */
const ASKS_ANYWHERE =
  /\b(?:i (?:want|wanna|would like|need|wonder|am wondering|was wondering)|id like|show me|tell me|give me|let me (?:see|know)|(?:want|like) to (?:see|know|check)|wondering)\b/;

/** How an entry reports: a first-person subject, or an opening verb in the past or the present continuous. */
const REPORTS =
  /^(?:slept|felt|feel|feeling|had|have been|ate|eaten|took|taken|started|stopped|quit|woke|ran|run|walked|went|did|finished|skipped|missed|drank|weighed|measured|got|been|today|yesterday|this morning|last night|tonight)\b|\b(?:i|im|ive|id|ill|we|weve)\b/;

const FOLLOW_UP_OPENING =
  /^(?:and|also|ok(?:ay)?,? and|then|now|same (?:for|with)|what about|how about|what of|and what about|and how about|vs|versus)\b/;

/** `last 3 results`, `latest five readings`, `past 2 ldl values`: a number of readings, not a period. */
const LAST_N =
  /\b(?:last|latest|recent|past|newest|previous) (\d{1,3}|two|three|four|five|six|seven|eight|nine|ten)(?! (?:hours?|hrs?|days?|weeks?|months?|years?)\b)\b/;

export const EN: Lexicon = {
  language: 'en',
  stopWords: new Set(),
  softWords: new Set(),
  panelNames: new Map(),
  names: new Map(),
  linkWords: new Set(),
  namesAfter: new Map(),
  intents: INTENTS,
  // "how high did it get" asks for a peak, not for flags.
  notAbnormal: /\bhow (?:high|low)\b/g,
  record: RECORD_VERB,
  journal: { asks: ASKS, asksAnywhere: ASKS_ANYWHERE, reports: REPORTS },
  followUp: FOLLOW_UP_OPENING,
  lastN: { pattern: LAST_N, numbers: NUMBER_WORDS },
  unelide: null,
  compoundTails: null,
  knowledge: {
    literature:
      /\b(?:stud(?:y|ies)|research(?:ers)?|evidence|papers?|articles?|literature|publications?|published|pubmed|science|scientific|meta ?analys[ie]s|systematic reviews?)\b/,
    trials: /\b(?:(?:clinical )?trials?)\b/,
    recruiting: /\b(?:recruiting|enrolling|open|accepting|join|sign up|take part)\b/,
    completed: /\b(?:completed|finished|ended)\b/,
    near: /\b(?:near|nearby|around|close to|in the area of)\s+([^?.!,;\n]+)/i,
    inPlace: /\b(?:in|at)\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      study studies research researchers evidence paper papers article articles literature publication publications
      published pubmed science scientific meta analysis analyses systematic review reviews say says said show shows
      suggest suggests tell tells known know find found search look current latest recent new any there regarding
      concerning trial trials clinical recruiting enrolling open accepting join sign take part completed finished ended
      near nearby around close area`),
    statistics: [
      ['sd', /\b(?:standard deviation|std ?dev|stdev)\b/],
      ['variance', /\bvariance\b/],
      ['median', /\bmedian\b/],
      ['percentile', /\b(?:(\d{1,2})(?:st|nd|rd|th)? percentile|percentile(?: (\d{1,2}))?)\b/],
      ['correlation', /\b(?:correlat\w*|pearson)\b/],
    ],
  },
};
