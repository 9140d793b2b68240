import { boundMemories, type ExtractedMemory, type MemoryExtractor, type MemoryKind } from './types';

/**
 * The offline memory extractor: a conservative, rule-based reader of first-person durable statements, used when no
 * language model is configured. It keeps a clause only when it matches one of a few statement shapes and names a
 * known durable thing (a listed condition, drug or drug-name ending, diet, relative), and drops anything hedged,
 * negated, asked or transient. It misses far more than a model would; what it keeps, it keeps in the person's words.
 *
 * Caught (pronoun optional, as journals drop it): "I'm allergic to penicillin", "I have a peanut allergy",
 * "lactose intolerant"; "I'm vegetarian", "started a vegetarian diet", "went vegan", "I don't eat meat";
 * "I take metformin 500 mg", "started on atorvastatin", "on the pill", "stopped taking statins"; "I have type 2
 * diabetes", "was diagnosed with hypothyroidism", "I'm asthmatic"; "my mother had breast cancer", "heart disease
 * runs in my family"; "I'm training for a marathon", "I'm trying to lose weight", "my goal is 10k steps a day";
 * "I quit smoking", "I don't drink", "I work night shifts", "I run three times a week"; "I prefer metric units".
 */
export class OfflineMemoryExtractor implements MemoryExtractor {
  async extract(text: string): Promise<ExtractedMemory[]> {
    return extractMemoriesOffline(text);
  }
}

export function extractMemoriesOffline(text: string): ExtractedMemory[] {
  const out: ExtractedMemory[] = [];
  for (const sentence of sentences(text)) {
    const pieces = sentence.split(/\s*,\s*/).filter((p) => p.trim());
    for (let i = 0; i < pieces.length; i++) {
      const clause = tidy(pieces[i]!);
      const kind = classify(clause);
      if (!kind) continue;
      // "allergic to peanuts, shellfish and penicillin": a short list tail belongs to the clause it continues.
      const tail = LIST_KINDS.has(kind) ? listTail(pieces, i + 1) : 0;
      const words = [clause, ...pieces.slice(i + 1, i + 1 + tail).map((p) => p.trim())]
        .join(', ')
        .replace(/[.!]+$/, '');
      out.push({ text: sentenceCase(words), kind });
      i += tail;
    }
  }
  return boundMemories(out);
}

const LIST_KINDS = new Set<MemoryKind>(['allergy', 'medication', 'condition', 'family_history']);

/** Sentences that are statements: split at end punctuation, semicolons and line breaks; questions are dropped. */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/(?<=[.!?])\s+|[;\n\r]+/)) {
    const s = raw.trim();
    if (!s || s.endsWith('?')) continue;
    // "… and I take metformin": a conjunction before a new first-person subject starts a new clause.
    // ("my mother and my father both had …" stays whole.)
    out.push(s.replace(/(?<!\bmy\s+\S+)\s+(?:and|but|so|plus|also)\s+(?=(?:i|i'm|i’m|i've|i’ve|im|ive|my)\b)/gi, ', '));
  }
  return out;
}

/** How many following pieces form the tail of a list ("shellfish", "and penicillin"); 0 when they do not. */
function listTail(pieces: string[], from: number): number {
  for (let j = from; j < Math.min(pieces.length, from + 5); j++) {
    const p = pieces[j]!.trim();
    if (/\d/.test(p) || p.split(/\s+/).length > 4) return 0;
    if (/^(?:i|i'm|i’m|my|im)\b/i.test(p)) return 0;
    if (/\b(?:and|or)\b/i.test(p)) return j - from + 1;
  }
  return 0;
}

function tidy(clause: string): string {
  return clause
    .trim()
    .replace(/^(?:and|but|so|also|plus|oh|btw|well|ok|okay|anyway|then)\b[\s,]*/i, '')
    .replace(/[\s.!,:;–—-]+$/u, '');
}

function sentenceCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The clause as matched: lower case, straight apostrophes, common contractions spelled out. */
function expand(clause: string): string {
  return clause
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bi'm\b|\bim\b/g, 'i am')
    .replace(/\bi've\b|\bive\b/g, 'i have')
    .replace(/\bi'd\b/g, 'i would')
    .replace(/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n'?t\b/g, '$1 not')
    .replace(/\bcan'?t\b/g, 'cannot')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/\s+/g, ' ')
    .trim();
}

const QUESTION_START =
  /^(?:what|why|how|when|where|which|who|whom|should|could|would|can|shall|will|does|did|do(?! not)|if|whether|unless)\b/;
/** Hedged, hypothetical or second-hand: not a fact the person stated about themselves. */
const HEDGE =
  /\b(?:might|maybe|possibly|probably|perhaps|wonder|wondering|suspect|worried|afraid|unsure|think|thinking|guess|whether|if|considering|said|says|told|asked|used to|as a (?:child|kid|teenager))\b|\b(?:i|it|this|that) may\b/;
const NEGATION = /\b(?:not|never|no|none|cannot|without|nor)\b/;
const TRANSIENT =
  /\b(?:today|tonight|yesterday|this (?:morning|afternoon|evening|week)|last night|right now|at the moment|earlier|all day)\b/;
/** A leading time phrase, dropped before matching: "last year I was diagnosed with …". */
const LEADING_TIME =
  /^(?:(?:last|this) (?:year|month|week|spring|summer|autumn|fall|winter)|in (?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december)|(?:a|one|two|three|four|five|six|\d+|a few|several) (?:years?|months?|weeks?) ago|since \d{4}|recently|lately|just|now|also|still|currently|finally|these days|nowadays)\s+/;

function classify(clause: string): MemoryKind | null {
  if (clause.length < 6 || clause.length > 240) return null;
  let c = expand(clause);
  if (QUESTION_START.test(c) || HEDGE.test(c)) return null;
  for (let i = 0; i < 3; i++) c = c.replace(LEADING_TIME, '').replace(/^i\s+/, '');
  for (const rule of RULES) {
    if (!rule.test(c)) continue;
    if (!rule.negationAllowed && NEGATION.test(c)) return null;
    if (rule.kind === 'condition' && TRANSIENT.test(c)) return null;
    return rule.kind;
  }
  return null;
}

interface Rule {
  kind: MemoryKind;
  test(c: string): boolean;
  /** The rule's own shape is a negation ("I don't smoke"). */
  negationAllowed?: boolean;
}

const alt = (words: readonly string[]) => words.join('|');

const CONDITIONS = alt([
  'type ?[12] diabetes',
  'diabetes',
  'pre-?diabetes',
  'hypertension',
  'high blood pressure',
  'low blood pressure',
  'hypotension',
  'high cholesterol',
  'hypercholesterol(?:a)?emia',
  'asthma',
  'copd',
  'emphysema',
  'co?eliac(?: disease)?',
  "crohn'?s(?: disease)?",
  '(?:ulcerative )?colitis',
  'ibs',
  'irritable bowel(?: syndrome)?',
  'gerd',
  'acid reflux',
  'hypothyroidism',
  'hyperthyroidism',
  "hashimoto'?s(?: disease)?",
  "graves'? disease",
  'an? (?:underactive|overactive) thyroid',
  'a thyroid condition',
  'a heart condition',
  '(?:rheumatoid |psoriatic )?arthritis',
  'osteoarthritis',
  'osteoporosis',
  'osteopenia',
  'gout',
  'migraines',
  'chronic migraines?',
  'epilepsy',
  'depression',
  'anxiety',
  '(?:generali[sz]ed )?anxiety disorder',
  'panic disorder',
  'ptsd',
  'ocd',
  'adhd',
  'autism',
  'bipolar(?: disorder)?',
  'schizophrenia',
  'pcos',
  'polycystic ovary syndrome',
  'endometriosis',
  'sleep apno?ea',
  'sleep apnea',
  'insomnia',
  'narcolepsy',
  'atrial fibrillation',
  'a-?fib',
  'heart failure',
  '(?:coronary )?(?:heart|artery) disease',
  'an? (?:heart )?arrhythmia',
  'a heart murmur',
  'psoriasis',
  'eczema',
  'rosacea',
  'lupus',
  'multiple sclerosis',
  'fibromyalgia',
  'chronic fatigue(?: syndrome)?',
  'long covid',
  '(?:chronic )?kidney disease',
  'ckd',
  'fatty liver(?: disease)?',
  'cirrhosis',
  'hepatitis [abc]',
  'hiv',
  'an(?:a)?emia',
  'sickle cell(?: disease| anemia)?',
  'thalass(?:a)?emia',
  'ha?emochromatosis',
  'glaucoma',
  'macular degeneration',
  'tinnitus',
  'hearing loss',
  '(?:[a-z]+ )?cancer',
  'leuka?emia',
  'lymphoma',
  'melanoma',
  "parkinson'?s(?: disease)?",
  "alzheimer'?s(?: disease)?",
  'dementia',
  'a stroke',
  'a heart attack',
  'hay fever',
  'allergic rhinitis',
  'chronic (?:back |neck |joint )?pain',
  'a pacemaker',
  'ehlers[- ]danlos(?: syndrome)?',
  "raynaud'?s",
  'neuropathy',
  'diverticulitis',
  'obesity',
  'scoliosis',
]);

const CONDITION_ADJECTIVES = alt([
  '(?:a )?(?:type ?[12] )?diabetic',
  'pre-?diabetic',
  'asthmatic',
  'epileptic',
  'hypertensive',
  'an(?:a)?emic',
  'hypothyroid',
  'co?eliac',
  'pregnant',
  'autistic',
  'immunocompromised',
  'in remission',
  'a cancer survivor',
  '(?:post-?|peri-?)?menopausal',
  'colou?r-?blind',
]);

const DIETS = alt([
  'vegetarian',
  'vegan',
  'pesc[ae]tarian',
  'flexitarian',
  'keto(?:genic)?',
  'paleo',
  'carnivore',
  'plant[- ]based',
  'mediterranean',
  'gluten[- ]free',
  'dairy[- ]free',
  'lactose[- ]free',
  'sugar[- ]free',
  'low[- ](?:carb|fat|sodium|salt|fodmap|calorie|sugar)',
  'high[- ]protein',
  'whole30',
  'halal',
  'kosher',
  'intermittent fasting',
]);
const DIET_VERBS = alt([
  'am',
  'have',
  'has',
  'been',
  'become',
  'became',
  'went',
  'gone',
  'going',
  'turned',
  'switched',
  'started',
  'starting',
  'began',
  'begun',
  'on',
  'follow',
  'following',
  'eat',
  'eating',
  'do',
  'doing',
  'try',
  'trying',
  'stick',
  'sticking',
  'keep',
  'keeping',
  'now',
  'to',
  'a',
  'an',
  'the',
  'strict',
  'strictly',
  'fully',
  'mostly',
  'completely',
  'being',
]);
const FOODS = alt([
  '(?:red )?meat',
  'pork',
  'beef',
  'fish',
  'seafood',
  'shellfish',
  'dairy',
  'gluten',
  'eggs',
  'sugar',
  'carbs',
  'processed food',
  'fried food',
]);

const DRUGS = alt([
  'metformin',
  'insulin',
  'ozempic',
  'wegovy',
  'mounjaro',
  'zepbound',
  'semaglutide',
  'tirzepatide',
  'liraglutide',
  'januvia',
  'jardiance',
  'farxiga',
  'lipitor',
  'crestor',
  'aspirin',
  'clopidogrel',
  'plavix',
  'warfarin',
  'eliquis',
  'xarelto',
  'dabigatran',
  'levothyroxine',
  'synthroid',
  'euthyrox',
  'liothyronine',
  'ranitidine',
  'zoloft',
  'prozac',
  'lexapro',
  'paroxetine',
  'venlafaxine',
  'bupropion',
  'wellbutrin',
  'mirtazapine',
  'trazodone',
  'lithium',
  'lamotrigine',
  'quetiapine',
  'aripiprazole',
  'olanzapine',
  'risperidone',
  'methylphenidate',
  'ritalin',
  'adderall',
  'vyvanse',
  'lisdexamfetamine',
  'atomoxetine',
  'gabapentin',
  'pregabalin',
  'lyrica',
  'levetiracetam',
  'keppra',
  'valproate',
  'carbamazepine',
  'topiramate',
  'naproxen',
  'paracetamol',
  'acetaminophen',
  'tylenol',
  'advil',
  'tramadol',
  'codeine',
  'oxycodone',
  'morphine',
  'hydrocortisone',
  'methotrexate',
  'hydroxychloroquine',
  'humira',
  'infliximab',
  'etanercept',
  'enbrel',
  'allopurinol',
  'colchicine',
  'salbutamol',
  'albuterol',
  'ventolin',
  'symbicort',
  'seretide',
  'advair',
  'fluticasone',
  'budesonide',
  'singulair',
  'cetirizine',
  'loratadine',
  'fexofenadine',
  'tamoxifen',
  'letrozole',
  'anastrozole',
  'finasteride',
  'tamsulosin',
  'sildenafil',
  'tadalafil',
  'estradiol',
  'progesterone',
  'testosterone',
  'spironolactone',
  'furosemide',
  'hydrochlorothiazide',
  'isotretinoin',
  'accutane',
]);
const MEDICATION_WORDS = alt([
  'medications?',
  'meds',
  'medicines?',
  'pills?',
  'tablets?',
  'capsules?',
  'inhalers?',
  'statins?',
  'antidepressants?',
  'antihistamines?',
  'blood thinners?',
  'beta[- ]blockers?',
  'birth control',
  'the pill',
  'contraceptives?',
  'hrt',
  'hormone replacement(?: therapy)?',
  'supplements?',
  'vitamin [a-z0-9]+',
  'multivitamins?',
  'iron',
  'b12',
  'omega[- ]3',
  'fish oil',
  'melatonin',
  'magnesium',
  'folic acid',
  'creatine',
  'probiotics?',
  'an? epipen',
  'an? cpap(?: machine)?',
]);
/** Endings of generic drug names (atorvastatin, lisinopril, losartan, metoprolol, omeprazole, amlodipine, …). */
const DRUG_ENDINGS =
  '[a-z]{3,}(?:statin|pril|sartan|olol|prazole|dipine|formin|gliptin|gliflozin|glutide|oxetine|pramine|azepam|zolam|triptan|umab|imab|xaban|thyroxine|lukast|solone|isone|profen|tidine|setron)';
const DOSE = '\\d+(?:[.,]\\d+)?\\s?(?:mg|mcg|µg|ug|iu|units?)\\b';
const MEDICATION = new RegExp(`\\b(?:${DRUGS}|${MEDICATION_WORDS}|${DRUG_ENDINGS})\\b|${DOSE}`);
const MEDICATION_VERB = new RegExp(
  '^(?:(?:am|have|has|been|was|were|got|newly|again|daily)\\s+){0,3}' +
    '(?:taking|take|takes|on|prescribed|put on|using|use|injecting|inject|switched to|started taking|started on|started|starting|began taking|began|stopped taking|stopped|came off|quit taking|restarted)\\s+(.+)$',
);

const RELATIVES = alt([
  'mother',
  'mom',
  'mum',
  'father',
  'dad',
  'brother',
  'sister',
  'grandmother',
  'grandfather',
  'grandma',
  'grandpa',
  'granny',
  'nan',
  'aunt',
  'uncle',
  'parents',
  'son',
  'daughter',
  'cousin',
  'twin',
  'siblings?',
]);
const FAMILY = new RegExp(
  `^(?:both )?my (?:(?:late|older|younger|elder|big|little|maternal|paternal|biological|twin) )*(?:${RELATIVES})s?(?: and my (?:${RELATIVES})s?)?(?: both)? ` +
    '(has|had|have|was diagnosed with|were diagnosed with|is diagnosed with|died of|died from|passed away from|suffers from|suffered from|lives with|lived with|is|was|were)\\s+(.+)$',
);

const GOAL_ACTIONS = alt([
  'lose',
  'gain',
  'drop',
  'shed',
  'put on',
  'reach',
  'lower',
  'reduce',
  'bring down',
  'quit',
  'stop (?:smoking|drinking|vaping|snacking)',
  'cut (?:down|back)',
  'improve',
  'build',
  'control',
  'manage',
  'reverse',
  'run',
  'complete',
  'finish',
  'maintain',
  'get (?:down|fit|in shape|stronger|healthier|back into|my)',
  'eat (?:more|less|healthier|better|fewer|clean)',
  'sleep (?:more|better|earlier|longer)',
  'drink (?:more|less)',
  'walk (?:more|\\d)',
  'exercise (?:more|regularly|\\d)',
  'be (?:more active|healthier|fitter)',
]);

const RULES: Rule[] = [
  // Allergies and intolerances.
  {
    kind: 'allergy',
    test: (c) =>
      /^(?:am |have been |was found to be |been )?(?:(?:very|severely|highly|mildly|quite|extremely|deathly) )?(?:allergic|intolerant|hypersensitive) to \S/.test(
        c,
      ) ||
      /^(?:have|have got|got) (?:an? )?(?:(?:severe|mild|bad|serious) )?(?:[a-z'-]+ ){1,2}(?:allergy|allergies|intolerance)\b/.test(
        c,
      ) ||
      /^(?:am )?(?:lactose|gluten|fructose|histamine)[- ]intolerant\b/.test(c),
  },
  // Diagnoses and chronic conditions.
  {
    kind: 'condition',
    test: (c) =>
      /^(?:(?:was|have been|got|been|newly|officially) )*diagnosed with \S/.test(c) &&
      !/diagnosed with (?:a |the )?(?:cold|flu|covid|virus|infection|strep|food poisoning|sprain|sinusitis)/.test(c),
  },
  {
    kind: 'condition',
    test: (c) =>
      new RegExp(
        `^(?:have|have had|have got|got|had|suffer from|am suffering from|live with|am living with|struggle with|deal with|am dealing with)\\s+(?:(?:mild|severe|chronic|moderate|borderline|early|stage [1-4iv]+|well[- ]controlled|controlled|a history of) )*(?:${CONDITIONS})\\b(?! (?:about|over|of|before|after|for the)\\b)`,
      ).test(c),
  },
  {
    kind: 'condition',
    test: (c) => new RegExp(`^(?:am|have been|was) (?:${CONDITION_ADJECTIVES})\\b`).test(c),
  },
  // Family history.
  {
    kind: 'family_history',
    test: (c) => {
      const m = FAMILY.exec(c);
      if (!m) return false;
      const [, verb = '', rest = ''] = m;
      if (/diagnosed|died|passed/.test(verb)) return true;
      return new RegExp(
        `^(?:(?:mild|severe|chronic|early|late[- ]onset|a history of) )*(?:${CONDITIONS}|${CONDITION_ADJECTIVES})\\b`,
      ).test(rest);
    },
  },
  {
    kind: 'family_history',
    test: (c) => /\bfamily history of \S|\bruns? in (?:my|the|our) family\b/.test(c),
  },
  // Diet.
  {
    kind: 'diet',
    test: (c) => {
      const m = new RegExp(
        `^((?:(?:${DIET_VERBS}) ){0,5})(?:${DIETS})\\b(?! (?:meals?|dinner|lunch|breakfast|snacks?|recipes?|options?|restaurants?|dish(?:es)?|pizza|burgers?|friends?))( (?:diet|eater|lifestyle|eating|since|for|now))?`,
      ).exec(c);
      return Boolean(m && (m[1]?.trim() || m[2]));
    },
  },
  {
    kind: 'diet',
    negationAllowed: true,
    test: (c) =>
      new RegExp(`^(?:do not|never|no longer) eat (?:any )?(?:${FOODS})\\b`).test(c) ||
      new RegExp(
        `^(?:have )?(?:cut out|cut back on|gave up|given up|stopped eating|quit eating|avoid|am avoiding)\\s+(?:${FOODS})\\b`,
      ).test(c),
  },
  // Medication (a known drug, drug-name ending, kind of medication or dose must be named).
  {
    kind: 'medication',
    test: (c) => {
      const m = MEDICATION_VERB.exec(c);
      return Boolean(m && MEDICATION.test(m[1] ?? ''));
    },
  },
  // Goals.
  {
    kind: 'goal',
    test: (c) =>
      /^(?:am |have been |been )?training for (?:a|an|the|my|our) \S/.test(c) ||
      /^(?:am |have been )?(?:preparing|prepping) for (?:a|an|the|my) (?:(?:half |full )?marathon|triathlon|race|[0-9]+k|ironman|surgery|pregnancy|competition|hike|trek|climb)\b/.test(
        c,
      ) ||
      new RegExp(
        `^(?:(?:would like|want|am trying|trying|am aiming|aim|plan|am planning|planning|hope|have decided|decided|am working|intend|am determined|am going) to|(?:my |the )?(?:goal|aim|target|resolution) is(?: to)?) (?:${GOAL_ACTIONS}|\\d)`,
      ).test(c),
  },
  // Habits: smoking, drinking, shifts, regular exercise.
  {
    kind: 'lifestyle',
    test: (c) =>
      /^(?:(?:have|had|finally) )*(?:quit|stopped|gave up|given up) (?:smoking|vaping|drinking|alcohol|cigarettes|caffeine|coffee|nicotine|soda)\b/.test(
        c,
      ) ||
      /^(?:am |have been |been )?(?:a )?(?:(?:former|ex-?|heavy|light|social|daily|current) )?(?:smoker|non-?smoker|drinker|non-?drinker|teetotal(?:l?er)?|vaper)\b/.test(
        c,
      ) ||
      /^(?:am |have been |been )?sober (?:for|since)\b/.test(c) ||
      /^(?:smoke|vape) (?:a |about |around |half |one |two |three |daily|every|socially|occasionally|cigarettes|\d)/.test(
        c,
      ) ||
      /^work (?:night shifts?|nights|the night shift|rotating shifts|shifts|from home|remotely|12[- ]hour shifts)\b/.test(
        c,
      ) ||
      /^(?:run|jog|swim|cycle|bike|lift(?: weights)?|walk|do yoga|do pilates|go to the gym|go running|go swimming|work out|exercise|train|climb|row|play [a-z]+)\b(?: [a-z0-9]+){0,4}? (?:every (?:day|morning|evening|week|weekend)|daily|weekly|\d+ ?(?:x|times)|(?:once|twice|three times|four times|five times) (?:a|per) (?:day|week)|regularly|most days|on weekends)\b/.test(
        c,
      ),
  },
  {
    kind: 'lifestyle',
    negationAllowed: true,
    test: (c) => /^(?:do not|never|no longer) (?:smoke|drink(?: alcohol)?|vape)\b(?! (?:water|enough))/.test(c),
  },
  // Stated preferences about how to be answered or treated.
  {
    kind: 'preference',
    test: (c) => /^(?:would )?prefer (?:to |my |metric|imperial|short|brief|detailed|plain|[a-z]+ units)/.test(c),
  },
];
