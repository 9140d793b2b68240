import type { Lexicon } from '../lexicon';
import { aliases, numbers, panelNames, words } from './words';

/**
 * Italian; elided articles split off first (`dell'anno` → `dell anno`, `com'è` → `com e`), then normalised
 * (`più` → `piu`).
 */

const NUMBERS = numbers('due tre quattro cinque sei sette otto nove dieci');
const N = `\\d{1,3}|${Object.keys(NUMBERS).join('|')}`;

export const IT: Lexicon = {
  language: 'it',
  stopWords: words(`
    il lo la i gli le l un uno una di d a da in con su per tra fra del dello della dei degli delle dell al allo alla ai
    agli alle all dal dallo dalla dai dagli dalle dall nel nello nella nei negli nelle nell sul sullo sulla sui sugli
    sulle sull e ed o oppure ma che chi cosa cos quale quali qual quanto quanta quanti quante come com dove dov quando
    perche se non si no mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra io tu lui lei noi voi loro mi
    ti ci vi ne me te sono sei era erano stato stata stati state essere ho hai ha abbiamo hanno avuto avevo aveva puoi
    puo potresti vorrei voglio mostra mostrami fammi vedere dimmi dammi fai vedi sapere ciao grazie favore questo
    questa questi queste quest quello quella quelli quelle quell molto molta molti molte poco piu meno tutto tutta
    tutti tutte altro altra anche gia ancora bene c
    oggi ieri domani stamattina stasera notte giorno giorni settimana settimane mese mesi anno anni ora adesso
    attualmente attuale ultimo ultima ultimi ultime recente recenti recentemente scorso scorsa precedente gennaio
    febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre lunedi martedi mercoledi
    giovedi venerdi sabato domenica ore minuti due tre quattro cinque sei sette otto nove dieci volte volta
    fatto fatti fatta fare faccio preso prendere camminato corso
    va vanno sta stanno sto stai andato andata`),
  softWords: words(`
    dato dati registrazione registrazioni risultato risultati lettura letture valore valori livello livelli
    misurazione misurazioni misura misure esame esami analisi laboratorio referto referti storico grafico grafici
    tabella riepilogo riassunto salute corpo sangue urina cuore vitamina vitamine andamento tendenza evoluzione
    cambiamento cambiamenti variazione aumento calo meglio peggio media massimo massima minimo minima picco alto alta
    alti alte basso bassa bassi basse normale normali anormale anormali intervallo range riferimento fuori dentro norma
    elevato elevata elevati problema problemi preoccupante totale generale file documento documenti elenco lista numero
    confronto medico visita stato andato andata cambiato
    elenca caricato caricati caricate famiglia fa parte familiari`),
  panelNames: panelNames({
    'blood pressure': ['pressione', 'pressione arteriosa', 'pressione sanguigna'],
    'lipid panel': ['profilo lipidico', 'assetto lipidico', 'colesterolo', 'lipidi'],
    'thyroid tests': ['tiroide', 'funzione tiroidea', 'esami della tiroide'],
    'kidney function tests': ['reni', 'rene', 'funzione renale', 'funzionalita renale'],
    'liver function tests': ['fegato', 'funzione epatica', 'funzionalita epatica', 'enzimi epatici'],
    'blood count': ['emocromo'],
    'iron studies': ['assetto marziale', 'profilo del ferro'],
    electrolytes: ['elettroliti'],
    'vital signs': ['parametri vitali', 'segni vitali'],
    sleep: ['sonno', 'dormo', 'dormito'],
    'diabetes markers': ['diabete', 'prediabete', 'diabetico', 'diabetica'],
  }),
  names: aliases({
    steps: ['passi'],
    'heart rate': ['battito', 'battiti', 'battiti cardiaci'],
    'resting heart rate': ['battito a riposo', 'battiti a riposo', 'frequenza a riposo'],
    glucose: ['zucchero', 'zucchero nel sangue', 'zuccheri nel sangue'],
    'oxygen saturation': ['ossigeno', 'ossigenazione'],
    'sleep duration': ['ore di sonno'],
  }),
  linkWords: words('di del della dei delle d'),
  namesAfter: new Map(),
  intents: [
    [
      'latest',
      /\b(?:ultim[oaie](?! \d)(?! (?:settimana|settimane|mese|mesi|anno|anni|giorno|giorni|ore?)\b)|piu recent[ei]|recent[ei]|attual\w*|adesso|ora|al momento|in questo momento|qual (?:e|era) (?:il|la|l|lo|mio|mia)|quali sono (?:i|le|gli|miei|mie)|quanto (?:e|era|peso|pesa))\b/,
    ],
    [
      'trend',
      /\b(?:andament\w*|evoluzion\w*|evolut\w*|tendenz\w*|trend|cambiat\w*|cambiament\w*|variat\w*|variazion\w*|aument\w*|diminu\w*|salit[oa]|sale|sces[oa]|scende\w*|calat[oa]|cala|migliorat\w*|peggiorat\w*|meglio|peggio|progress\w*|nel tempo|nel corso del tempo|storico|grafic\w*|diagramm\w*|curva|stabil\w*|oscill\w*|fluttu\w*|com e andat[oa]|come e andat[oa])\b/,
    ],
    [
      'extremes',
      /\b(?:piu alt[oaie]|piu bass[oaie]|massim[oaie]|minim[oaie]|picco|picchi|record|migliore|peggiore|maggiore|minore|quanto (?:in )?alt[oa])\b/,
    ],
    ['count', /\b(?:quant[ie]|numero di|quante volte|con che frequenza)\b/],
    ['average', /\b(?:media|medie|in media|valore medio|mediamente|di solito|solitamente)\b/],
    [
      'compare',
      /\b(?:confront\w*|compar\w*|paragon\w*|vs|versus|rispetto a|contro|relazione|correlazion\w*|differenz\w*)\b/,
    ],
    [
      'abnormal',
      /\b(?:anormal[ei]|anomal\w*|fuori|nella norma|nei limiti|entro (?:i limiti|la norma|il range|l intervallo)|normal[ei]|alterat[oaie]|elevat[oaie]|(?<!piu )alt[oaie]|(?<!piu )bass[oaie]|troppo (?:alt|bass)[oaie]|preoccup\w*|allarmant\w*|problem\w*|bene|male|buon[oaie]?|ok|okay|san[oaie]|segnalat[oaie]|sballat[oaie])\b/,
    ],
    [
      'list',
      /\b(?:elenc\w*|list\w*|ogni (?:singol[oa] )?(?:misurazione|valore|risultato|lettura)|tutt[ie] (?:i |le |gli )?(?:miei |mie )?(?:\w+ )?(?:misurazioni|risultati|valori|letture|dati|registrazioni|misure)|uno per uno|una per una|tabella|dettagli\w*)\b/,
    ],
    [
      'overview',
      /\b(?:riepilog\w*|riassun\w*|riassum\w*|panoramica|quadro generale|tutto|quali dati|che dati|quali informazioni|i miei dati|la mia salute|come sto|cosa (?:sai|hai)|stato di salute|tutti i miei (?:dati|risultati|esami))\b/,
    ],
    [
      'files',
      /\b(?:file|documenti|documento|referti|referto|rapport[oi]|relazion[ei]|pdfs?|caricat[oaie]|scansion\w*|scannerizzat\w*|allegat[oi]|cartella clinica)\b/,
    ],
    [
      'family',
      /\b(?:famiglia\w*|familiar[ei]|madre|padre|mamma|papa|genitori|figli[oa]?|figlie|moglie|marito|partner|compagn[oa]|fratell[oi]|sorell[ae]|nonn[oaie]|nipot[ei]|bambini|parenti|cerchia di cura|caregiver)\b/,
    ],
    [
      'advice',
      /\b(?:idee|idea|suggeriment\w*|ricett\w*|dovrei|devo|bisogna|raccomand\w*|consigl\w*|farmac[oi]|medicin\w*|medicament\w*|pastigli\w*|pillol\w*|statin\w*|terapi\w*|trattament\w*|curar\w*|diagnos\w*|dose|dosi|dosaggio|integrator[ei]|e pericoloso|e grave|cosa (?:devo|posso) fare|dieta|dal medico|spieg\w*|interpret\w*|cosa significa\w*|cosa vuol dire|significa|ho (?:il |l |la |un |una )?(?:diabete|prediabete|anemia|ipertensione|ipotiroidismo|cancro|tumore|malattia))\b/,
    ],
  ],
  notAbnormal: null,
  record:
    /^(?:(?:per favore|puoi|potresti|vorrei|voglio) )*(?:registra|registrare|annota|annotare|aggiungi|aggiungere|salva|salvare|inserisci|inserire|segna|segnare)\b/,
  journal: {
    asks: /^(?:che|cosa|cos|qual|quale|quali|quanto|quanta|quanti|quante|come|com|quando|dove|chi|perche|e|sono|c e|ci sono|puoi|potresti|mostr\w*|fammi|dimmi|dammi|elenc\w*|confront\w*|riassum\w*|cerca)\b/,
    asksAnywhere: /\b(?:vorrei (?:vedere|sapere)|voglio (?:vedere|sapere)|mostrami|fammi vedere|dimmi)\b/,
    reports:
      /^(?:ho dormito|dormito|mi sento|sentito|ho mangiato|mangiato|ho preso|preso|ho iniziato|iniziato|ho smesso|ho corso|corso|ho camminato|camminato|sono andat[oa]|ho fatto|ho bevuto|mi sono pesat[oa]|oggi|ieri|stamattina|stanotte|ieri sera)\b|\b(?:io|ho|mi sento)\b/,
  },
  followUp: /^(?:e|anche|poi|allora|ora|e invece|che mi dici di|lo stesso per)\b/,
  lastN: {
    pattern: new RegExp(`\\b(?:ultim[ie] (${N})|(${N}) ultim[ie])(?! (?:ore|giorni|settimane|mesi|anni)\\b)\\b`),
    numbers: NUMBERS,
  },
  unelide: (text) =>
    text.replace(
      /(?<!\p{L})(l|d|c|n|s|m|t|v|un|dell|dall|nell|sull|all|coll|quest|quell|com|cos|dov|anch|qual)['’](?=[\p{L}\p{N}])/giu,
      '$1 ',
    ),
  compoundTails: null,
  knowledge: {
    literature:
      /\b(?:stud(?:io|i)(?! clinic)|ricerc(?:a|he)|evidenz(?:a|e)|prove scientifiche|articol[io]|letteratura|pubblicazion[ei]|pubmed|scienza|scientific[aio]|scientifiche|metanalis[ie]|revision[ei] sistematich[ae])\b/,
    trials: /\b(?:sperimentazion[ei](?: clinich[ae])?|trial(?: clinici)?|stud(?:i|io) clinic[io])\b/,
    recruiting: /\b(?:reclut\w*|aperti|aperte|partecipare|arruol\w*)\b/,
    completed: /\b(?:conclus[ie]|complet(?:ati|ate)|terminat[ie])\b/,
    near: /\b(?:vicino a|nei pressi di|intorno a|nella zona di|nell'area di|in zona)\s+([^?.!,;\n]+)/iu,
    inPlace: /\b(?:a|in)\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      studio studi ricerca ricerche evidenza evidenze prove articolo articoli letteratura pubblicazione pubblicazioni
      pubmed scienza scientifica scientifico scientifici scientifiche metanalisi revisione revisioni sistematica
      sistematiche dice dicono mostra mostrano suggerisce suggeriscono indicano sa sappiamo su sul sulla sui sulle
      sullo riguardo merito sperimentazione sperimentazioni clinica cliniche clinici clinico trial reclutamento
      reclutano reclutando aperti aperte partecipare arruolamento conclusi concluse completati completate terminati
      terminate cerca cercare trova trovare vicino pressi intorno zona area attuali nuovi ci sono`),
    statistics: [
      ['sd', /\bdeviazione standard\b/],
      ['variance', /\bvarianza\b/],
      ['median', /\bmediana\b/],
      ['percentile', /\b(?:percentile(?: (\d{1,2}))?|(\d{1,2})(?:esimo|o)? percentile)\b/],
      ['correlation', /\b(?:correlazion[ei]|correlat\w*|pearson)\b/],
    ],
  },
};
