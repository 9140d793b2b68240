import type { Lexicon } from '../lexicon';
import { aliases, numbers, panelNames, words } from './words';

/** German; normalised (`Schilddrüse` → `schilddruse`, `fünf` → `funf`; `ß` stays). */

const NUMBERS = numbers('zwei drei vier funf sechs sieben acht neun zehn');
const N = `\\d{1,3}|${Object.keys(NUMBERS).join('|')}`;

export const DE: Lexicon = {
  language: 'de',
  stopWords: words(`
    der die das den dem des ein eine einen einem einer eines kein keine keinen mein meine meinen meinem meiner meines
    dein deine deinen deinem deiner sein seine ihr ihre unser unsere ich du er sie es wir mir mich dir dich uns sich
    ist sind war waren bin bist gewesen wird werden wurde wurden hat haben habe hast hatte hatten kann kannst konnen
    konnte konntest mochte mochtest will willst soll sollte muss musste darf und oder aber auch noch schon nur sehr mehr
    weniger viel viele wenig nicht nichts was wer wie wo wann warum welche welcher welches welchen wieviel wieviele
    wieso weshalb ob dass wenn als an auf aus bei bis durch fur gegen in im ins mit nach ohne seit uber um unter von vom
    vor zu zum zur zwischen am beim bitte danke hallo ja nein zeig zeige zeigen zeigt gib gibt geben sag sage sagen
    nenn nenne mal doch denn so also da hier dort alle alles jede jeder jedes diese dieser diesen diesem dieses liegt
    liegen steht stehen geht
    heute gestern morgen vorgestern nacht abend tag tage tagen woche wochen monat monate monaten jahr jahre jahren jetzt
    aktuell aktuelle aktuellen derzeit zurzeit momentan gerade letzte letzten letzter letztes letztem vergangene vergangenen
    vorige vorigen januar februar marz april mai juni juli august september oktober november dezember montag dienstag
    mittwoch donnerstag freitag samstag sonntag stunde stunden minute minuten zwei drei vier funf sechs sieben acht neun
    zehn
    gemacht gelaufen gegangen genommen nehme nehmen gehe`),
  softWords: words(`
    daten wert werte werten messwert messwerte messung messungen ergebnis ergebnisse befund befunde labor laborwerte
    test tests eintrag eintrage verlauf entwicklung trend trends anderung veranderung gestiegen gesunken besser
    schlechter durchschnitt durchschnittlich mittelwert hochste hochster hochsten niedrigste niedrigster niedrigsten
    maximum minimum hoch hoher niedrig niedriger normal normalbereich referenzbereich bereich auffallig erhoht
    gesundheit korper blut urin herz vitamin vitamine diagramm grafik tabelle ubersicht zusammenfassung anzahl vergleich
    arzt arztin bericht berichte dokument dokumente datei dateien status zustand insgesamt gesamt spiegel kurve ok gut
    schlecht entwickelt verandert geandert liste
    hochgeladen laborberichte laborbericht familie gehort gehoren durchschnittlicher durchschnittliche durchschnittlichen angehorige`),
  panelNames: panelNames({
    'blood pressure': ['blutdruck'],
    'lipid panel': ['blutfette', 'blutfett', 'lipidwerte', 'lipidprofil', 'cholesterin', 'fettwerte'],
    'thyroid tests': ['schilddruse', 'schilddrusenwerte', 'schilddrusenfunktion'],
    'kidney function tests': ['niere', 'nieren', 'nierenwerte', 'nierenfunktion'],
    'liver function tests': ['leber', 'leberwerte', 'leberfunktion'],
    'blood count': ['blutbild', 'grosses blutbild', 'großes blutbild', 'kleines blutbild'],
    'iron studies': ['eisenwerte', 'eisenstatus', 'eisenstoffwechsel'],
    electrolytes: ['elektrolyte'],
    'vital signs': ['vitalwerte', 'vitalzeichen', 'vitalparameter'],
    sleep: ['schlaf', 'schlafe', 'geschlafen'],
    'diabetes markers': ['diabetes', 'diabeteswerte', 'zuckerkrankheit', 'prediabetes', 'diabetiker'],
  }),
  names: aliases({
    hba1c: ['langzeitzucker', 'langzeitblutzucker', 'langzeitwert'],
    glucose: ['zucker', 'zuckerspiegel', 'blutzuckerspiegel', 'glukosewert'],
    'oxygen saturation': ['sauerstoff', 'sauerstoffwert'],
    'sleep duration': ['schlafdauer'],
    'heart rate': ['herzschlag'],
    steps: ['schrittzahl'],
    'body temperature': ['fieber'],
  }),
  linkWords: words('von der des'),
  namesAfter: new Map(),
  intents: [
    [
      'latest',
      /\b(?:letzte[rsnm]?(?! \d)(?! (?:woche|wochen|monat|monate|monaten|jahr|jahre|jahren|tag|tage|tagen|stunden?|nacht)\b)|neueste[rsnm]?|aktuell(?:e[rsnm]?)?|jetzt|derzeit|zurzeit|momentan|gerade|wie (?:hoch|niedrig|viel) (?:ist|sind|liegt|liegen)|was (?:ist|sind|war|waren) (?:mein|meine)|wo (?:liegt|liegen|steht|stehen) (?:mein|meine))\b/,
    ],
    [
      'trend',
      /\b(?:verlauf\w*|entwick\w*|trend\w*|veranderung\w*|verander\w*|anderung\w*|geandert|gestiegen|gesunken|steig\w*|sink\w*|gefallen|fallend|zugenommen|abgenommen|zunahme|abnahme|besser|schlechter|verbesser\w*|verschlechter\w*|uber die zeit|im laufe der zeit|historie|diagramm\w*|grafik\w*|graph\w*|chart|kurve|plot\w*|stabil\w*|schwank\w*)\b/,
    ],
    [
      'extremes',
      /\b(?:hochste[rsnm]?|niedrigste[rsnm]?|tiefste[rsnm]?|maximum|minimum|maximal\w*|minimal\w*|max|min|spitzenwert\w*|hochstwert\w*|tiefstwert\w*|bestwert\w*|am hochsten|am niedrigsten|am besten|am schlechtesten|beste[rsnm]?|schlechteste[rsnm]?|rekord\w*|wie hoch war)\b/,
    ],
    ['count', /\b(?:wie viele|wieviele|wie oft|anzahl|wie viel mal)\b/],
    [
      'average',
      /\b(?:durchschnitt\w*|mittelwert\w*|im schnitt|im mittel|mittlere[rsnm]?|typischerweise|normalerweise)\b/,
    ],
    ['compare', /\b(?:vergleich\w*|vs|versus|gegenuber|im verhaltnis|zusammenhang|korrelation\w*|unterschied\w*)\b/],
    [
      'abnormal',
      /\b(?:abnormal\w*|anormal\w*|auffallig\w*|ausserhalb|außerhalb|innerhalb|im normbereich|normbereich\w*|referenzbereich\w*|normwert\w*|normal(?:e[rsnm]?)?|erhoht\w*|zu hoch|zu niedrig|hoch|niedrig|bedenklich\w*|besorgniserregend\w*|sorgen|problem\w*|in ordnung|ok|okay|gut|schlecht|gesund|markiert\w*|grenzwertig\w*)\b/,
    ],
    [
      'list',
      /\b(?:liste\w*|auflist\w*|einzeln\w*|jede[rsnm]? (?:einzelne[rnm]? )?(?:wert|messung|messwert|ergebnis|eintrag)|alle (?:meine[n]? )?(?:\w+ )?(?:werte|messungen|messwerte|ergebnisse|eintrage|daten)|tabelle)\b/,
    ],
    [
      'overview',
      /\b(?:uberblick|ubersicht|zusammenfass\w*|fass\w* (?:\w+ )*zusammen|alles|welche daten|was (?:hast|weisst|weißt|kennst) du|meine daten|meine gesundheit|wie geht es mir|gesundheitszustand|alle (?:meine )?(?:daten|werte|ergebnisse))\b/,
    ],
    [
      'files',
      /\b(?:datei\w*|dokument\w*|bericht\w*|befund\w*|laborbericht\w*|arztbrief\w*|pdfs?|hochgeladen\w*|unterlagen|scans?|gescannt\w*|anhang|anhange|krankenakte|akte)\b/,
    ],
    [
      'family',
      /\b(?:familie\w*|mutter|vater|mama|papa|eltern|kind|kinder|sohn|sohne|tochter|tochtern|ehefrau|ehemann|meine frau|mein mann|partner\w*|bruder|bruders|schwester\w*|geschwister|oma|opa|grosseltern|großeltern|angehorige\w*|pflegekreis|betreuungskreis)\b/,
    ],
    [
      'advice',
      /\b(?:ideen?|vorschlag\w*|rezept\w*|sollte ich|soll ich|muss ich|brauche ich|empfehl\w*|rat|ratschlag\w*|beratung|medikament\w*|arznei\w*|tabletten?|pillen?|statin\w*|behandl\w*|therapie\w*|diagnos\w*|dosis|dosierung|nahrungserganzung\w*|erganzungsmittel\w*|gefahrlich|ist das (?:schlimm|gefahrlich|ernst|bedenklich)|was (?:soll|kann|sollte) ich tun|diat|ernahrung|zum arzt|arzt aufsuchen|erklar\w*|interpretier\w*|was bedeute\w*|was heisst das|was heißt das|habe ich (?:diabetes|prediabetes|anamie|bluthochdruck|eine schilddrusenunterfunktion|krebs|eine krankheit))\b/,
    ],
  ],
  // "wie hoch ist mein Puls" asks for the value, not whether it is high.
  notAbnormal: /\bwie (?:hoch|niedrig)\b/g,
  record:
    /^(?:(?:bitte|kannst du|konntest du|ich mochte|ich will) )*(?:trag|trage|notier|notiere|notieren|speicher|speichere|speichern|erfass|erfasse|erfassen|protokollier|protokolliere|fug|fuge)\b/,
  journal: {
    asks: /^(?:was|wie|wann|wo|welche[rsnm]?|wer|warum|wieso|ist|sind|war|waren|hat|gibt|kann|kannst|konntest|zeig\w*|gib|nenn\w*|liste|vergleich\w*|fass\w*|such\w*|prufe|bitte|hast|und)\b/,
    asksAnywhere: /\b(?:ich (?:mochte|will|wurde gerne?) (?:\w+ )*(?:sehen|wissen)|zeig mir|sag mir|gib mir)\b/,
    reports:
      /^(?:habe|hab|bin|war|fuhle|fuhlte|schlief|geschlafen|gegessen|getrunken|genommen|angefangen|gelaufen|gegangen|heute|gestern|heute morgen|letzte nacht)\b|\bich\b/,
  },
  followUp: /^(?:und|auch|dann|jetzt|was ist mit|wie ist es mit|wie sieht es mit|dasselbe fur|genauso fur)\b/,
  lastN: {
    pattern: new RegExp(`\\bletzten (${N})(?! (?:stunden|tage|tagen|wochen|monate|monaten|jahre|jahren)\\b)\\b`),
    numbers: NUMBERS,
  },
  unelide: null,
  // Blutzuckerwerte, Gewichtsverlauf, Cholesterinspiegel: a name, a linking s, then a word about readings.
  compoundTails: /^(\p{L}{3,}?)(s?)(werte|wert|werten|verlauf|spiegel|messungen|messung|kurve|entwicklung|trend)$/u,
  knowledge: {
    literature:
      /\b(?:(?<!klinische[nr]? )studie[n]?|forschung\w*|evidenz|belege?|fachartikel|artikel|literatur|publikation\w*|veroffentlichung\w*|pubmed|wissenschaft\w*|metaanalyse\w*|ubersichtsarbeit\w*)\b/,
    trials: /\b(?:klinische[nr]? (?:studie[n]?|prufung(?:en)?)|trials?|studienteilnahme)\b/,
    recruiting: /\b(?:rekrutier\w*|offen\w*|teilnehm\w*|mitmachen|aufnehm\w*)\b/,
    completed: /\b(?:abgeschlossen\w*|beendet\w*)\b/,
    near: /\b(?:in der Nähe von|in der Naehe von|nahe|rund um|im Raum|im Großraum)\s+([^?.!,;\n]+)/iu,
    inPlace: /\b(?:in|bei)\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      studie studien forschung forschungen forschungsergebnisse evidenz beleg belege fachartikel artikel literatur
      publikation publikationen veroffentlichung veroffentlichungen pubmed wissenschaft wissenschaftlich
      wissenschaftliche wissenschaftlichen metaanalyse metaanalysen ubersichtsarbeit sagt sagen zeigt zeigen belegt
      weiss wissen uber zu zum zur dazu klinische klinischen klinischer prufung prufungen trial trials
      studienteilnahme rekrutierend rekrutieren rekrutierende offene offen offenen teilnehmen mitmachen abgeschlossen
      abgeschlossene beendet beendete gibt es such suche finde finden nahe naehe raum grossraum rund aktuelle neue`),
    statistics: [
      ['sd', /\bstandardabweichung\b/],
      ['variance', /\bvarianz\b/],
      ['median', /\bmedian\b/],
      ['percentile', /\b(?:(\d{1,2}) perzentil|perzentil(?: (\d{1,2}))?)\b/],
      ['correlation', /\b(?:korrelation\w*|korreliert\w*|pearson)\b/],
    ],
  },
};
