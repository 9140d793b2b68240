import type { Lexicon } from '../lexicon';
import { aliases, numbers, panelNames, words } from './words';

/**
 * French; elided articles split off first (`l'année` → `l annee`, `qu'est-ce` → `qu est ce`), then normalised
 * (`évolution` → `evolution`).
 */

const NUMBERS = numbers('deux trois quatre cinq six sept huit neuf dix');
const N = `\\d{1,3}|${Object.keys(NUMBERS).join('|')}`;

export const FR: Lexicon = {
  language: 'fr',
  stopWords: words(`
    le la les l un une des du de d au aux a et ou mais donc ni car que qu quoi qui quel quelle quels quelles lequel
    laquelle ce cet cette ces c ca cela mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs je j tu il elle
    on nous vous ils elles me m moi te t toi se s lui y en ne n plus moins tres trop peu beaucoup tout tous toute toutes
    est sont etait etaient ete etre suis es sommes etes ai as avons avez ont avait avaient eu avoir fait faire peux peut
    pouvez pourrais pourriez voudrais veux voulez montre montrez donne donnez dis dites affiche affichez voir savoir
    merci bonjour salut svp sil plait oui non avec sans pour par dans sur sous chez vers entre depuis pendant avant
    apres jusqu jusque comme comment combien pourquoi quand est-ce voici voila aussi encore deja bien
    aujourd hui aujourdhui hier demain matin soir nuit jour jours journee semaine semaines mois an ans annee annees
    maintenant actuellement actuel actuelle actuels dernier derniere derniers dernieres passe passee recent recente
    recents recemment precedent janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
    lundi mardi mercredi jeudi vendredi samedi dimanche heure heures minute minutes deux trois quatre cinq six sept huit
    neuf dix fois
    fait faits faire pris prendre marche couru
    va vont vais allez aller est-ce`),
  softWords: words(`
    donnee donnees mesure mesures valeur valeurs resultat resultats releve releves taux niveau niveaux analyse analyses
    examen examens bilan labo laboratoire test tests historique evolution tendance changement changements hausse baisse
    augmentation diminution mieux pire moyenne moyen maximum minimum max min pic haut haute bas basse eleve elevee
    elevees eleves normal normale normaux normales anormal anormale anormaux plage intervalle reference norme normes
    signale signales probleme problemes inquietant sante corps sang urine coeur vitamine vitamines graphique graphe
    courbe tableau resume apercu liste nombre comparaison fichier fichiers document documents rapport rapports compte
    rendu medecin docteur consultation etat general total pas evolue change
    comptes compte rendus rendu importes importe importees famille partie fait proches`),
  panelNames: panelNames({
    'blood pressure': ['tension', 'tension arterielle', 'pression arterielle', 'pression sanguine'],
    'lipid panel': ['bilan lipidique', 'lipides', 'profil lipidique'],
    'thyroid tests': ['thyroide', 'bilan thyroidien', 'fonction thyroidienne'],
    'kidney function tests': ['rein', 'reins', 'fonction renale', 'bilan renal'],
    'liver function tests': ['foie', 'bilan hepatique', 'fonction hepatique', 'enzymes hepatiques'],
    'blood count': ['hemogramme', 'nfs', 'numeration formule sanguine', 'formule sanguine'],
    'iron studies': ['bilan martial'],
    electrolytes: ['electrolytes', 'ionogramme'],
    'vital signs': ['signes vitaux', 'constantes vitales', 'constantes'],
    sleep: ['sommeil', 'dors', 'dormi'],
    'diabetes markers': ['diabete', 'prediabete', 'diabetique'],
  }),
  names: aliases({
    'resting heart rate': ['pouls au repos', 'frequence cardiaque de repos', 'frequence de repos'],
    'heart rate': ['rythme cardiaque', 'battements cardiaques'],
    glucose: ['sucre', 'taux de sucre', 'sucre dans le sang', 'glycemie a jeun'],
    'oxygen saturation': ['oxygene', 'saturation', 'saturation en oxygene'],
    steps: ['pas'],
    'daily steps': ['pas quotidiens', 'pas par jour'],
    'sleep duration': ['duree de sommeil', 'duree du sommeil'],
  }),
  // `pas` is "not" unless it counts steps: "mes pas", "combien de pas".
  linkWords: words('de du des d'),
  namesAfter: new Map([['pas', /^(?:mes|les|de|des|vos|tes|nombre)$/]]),
  intents: [
    [
      'latest',
      /\b(?:(?<!(?:mois|semaine|annee|an|\d) )derni(?:er|ere)s?(?! \d)(?! (?:jours?|semaines?|mois|annees?|ans|heures?)\b)|plus recent\w*|recent\w*|actuel\w*|maintenant|en ce moment|quel(?:le)?s? (?:est|etait|sont|etaient) (?:mon|ma|mes|le|la|les|l)|combien (?:je )?pese)\b/,
    ],
    [
      'trend',
      /\b(?:evolu\w*|tendance\w*|chang\w*|varie|variation\w*|augment\w*|diminu\w*|baiss\w*|hausse|mont(?:e|ee|es|ees|er|ent)|descendu\w*|ameliore\w*|amelioration\w*|empire|aggrav\w*|degrad\w*|mieux|pire|progress\w*|au fil du temps|dans le temps|historique|graphique\w*|graphe|courbe\w*|diagramme|trace\w*|stable\w*|fluctu\w*)\b/,
    ],
    [
      'extremes',
      /\b(?:plus (?:haut|bas|elev|faibl)\w*|maximum|minimum|maximale?s?|minimale?s?|max|min|pic|record|meilleur\w*|pire|jusqu ou)\b/,
    ],
    [
      'count',
      /\b(?:combien(?! (?:je |j )?(?:pese|pesais|mesure|vaut|fait)\b)|nombre de (?:mesures|valeurs|resultats|releves|fois|analyses)|a quelle frequence)\b/,
    ],
    ['average', /\b(?:moyenne\w*|en moyenne|moyen|habituellement|normalement|typique\w*)\b/],
    ['compare', /\b(?:compar\w*|vs|versus|par rapport|contre|relation|lien|correl\w*|differen\w*|face a)\b/],
    [
      'abnormal',
      /\b(?:anorma(?:l|le|les|ux)|anomalie\w*|hors (?:des |de la |de l |du )?(?:norme|normes|plage|valeurs?|intervalle|limites?)|en dehors|dans (?:la|les) norme\w*|dans l intervalle|norma(?:l|le|les|ux)|elev(?:e|ee|es|ees)|(?<!plus )haut\w*|(?<!plus )bas(?:se|ses)?|trop (?:haut|bas|elev|faible)\w*|inquiet\w*|preoccup\w*|alarm\w*|probleme\w*|bon(?:ne)?s?|mauvais\w*|correct\w*|ok|okay|sain\w*|signale\w*|limite)\b/,
    ],
    [
      'list',
      /\b(?:list\w*|chaque|tou(?:te)?s (?:mes |les )?(?:\w+ )?(?:mesures|resultats|valeurs|releves|donnees|entrees)|un par un|une par une|tableau|detail\w*)\b/,
    ],
    [
      'overview',
      /\b(?:resume\w*|resumer|apercu|vue d ensemble|bilan de sante|tout|quelles (?:donnees|informations)|quels (?:resultats|examens)|mes donnees|ma sante|mon etat de sante|comment je vais|qu est ce que (?:tu as|vous avez)|que (?:sais|savez) (?:tu|vous)|toutes mes (?:donnees|analyses))\b/,
    ],
    [
      'files',
      /\b(?:fichiers?|documents?|rapports?(?<!par rapport)|comptes? rendus?|pdfs?|televers\w*|importe(?:s|es)?|scann\w*|pieces? jointes?|dossier medical|ordonnances?)\b/,
    ],
    [
      'family',
      /\b(?:famille\w*|familial\w*|mere|pere|maman|papa|parents|enfants?|fils|filles?|epoux|epouse|mari|ma femme|conjoint\w*|freres?|soeurs?|sœurs?|grand (?:mere|pere|parents)|grands parents|proches|cercle de soins|aidants?)\b/,
    ],
    [
      'advice',
      /\b(?:idees?|suggestions?|recettes?|devrais|dois je|faut il|recommand\w*|conseil\w*|medicament\w*|traitement\w*|traiter|diagnost\w*|dose|doses|posologie|complement\w*|statine\w*|pilule\w*|comprime\w*|dangereux|dangereuse|grave|que (?:dois|puis) je faire|regime|voir un medecin|aller chez le medecin|consulter|expliqu\w*|interpret\w*|qu est ce que (?:ca|cela) (?:veut dire|signifie)|que (?:veut dire|signifie)|signifie|ai je (?:du |un |une |le |la )?(?:diabete|prediabete|anemie|hypertension|hypothyroidie|cancer|maladie))\b/,
    ],
  ],
  notAbnormal: null,
  record:
    /^(?:(?:s il (?:te|vous) plait|peux tu|pouvez vous|je veux|je voudrais|merci de) )*(?:enregistre|enregistrez|enregistrer|note|notez|noter|ajoute|ajoutez|ajouter|saisis|saisissez|saisir|consigne)\b/,
  journal: {
    asks: /^(?:que|quel|quelle|quels|quelles|qu|quoi|comment|combien|quand|ou|qui|pourquoi|est|sont|ai je|avez|as tu|y a|montre\w*|affiche\w*|donne\w*|dis|dites|liste\w*|compare\w*|resume\w*|cherche\w*|peux|pouvez|puis|et)\b/,
    asksAnywhere:
      /\b(?:je (?:veux|voudrais|souhaite|souhaiterais) (?:voir|savoir|connaitre)|montre moi|montrez moi|dis moi|dites moi|donne moi|donnez moi)\b/,
    reports:
      /^(?:j ai|je suis|je me sens|je me suis|dormi|mal dormi|bien dormi|mange|couru|marche|commence|arrete|pris|aujourd hui|hier|ce matin|cette nuit|hier soir)\b|\b(?:je|j)\b/,
  },
  followUp: /^(?:et|aussi|puis|alors|qu en est il|pareil pour|meme chose pour)\b/,
  lastN: {
    pattern: new RegExp(`\\b(${N}) derni(?:ers|eres)(?! (?:heures|jours|semaines|mois|annees|ans)\\b)\\b`),
    numbers: NUMBERS,
  },
  unelide: (text) => text.replace(/(?<!\p{L})(l|d|j|qu|c|s|n|m|t|jusqu|lorsqu|puisqu)['’](?=[\p{L}\p{N}])/giu, '$1 '),
  compoundTails: null,
  knowledge: {
    literature:
      /\b(?:etudes?|recherches?|preuves?|donnees probantes|articles?|publications?|litterature|pubmed|science|scientifiques?|meta ?analyses?|revues? systematiques?)\b/,
    trials: /\b(?:essais?(?: cliniques?)?)\b/,
    recruiting: /\b(?:recrut\w*|ouverts?|participer|inclusion)\b/,
    completed: /\b(?:termine[se]*|acheve[se]*|clos)\b/,
    near: /\b(?:près de|pres de|autour de|aux alentours de|dans la région de|dans la region de)\s+([^?.!,;\n]+)/iu,
    inPlace: /(?:^|\s)(?:à|a|en)\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      etude etudes recherche recherches preuve preuves donnees probantes article articles publication publications
      litterature pubmed science scientifique scientifiques meta analyse analyses revue revues systematique
      systematiques disent dit montrent montre suggerent indiquent sait savons sur concernant propos essai essais
      clinique cliniques recrutement recrutent recrutant ouvert ouverts participer inclusion termine termines
      acheves clos cherche chercher trouve trouver pres autour alentours region actuels nouveaux quoi`),
    statistics: [
      ['sd', /\b(?:ecart type|ecarttype)\b/],
      ['variance', /\bvariance\b/],
      ['median', /\bmediane\b/],
      ['percentile', /\b(?:(?:per)?centile(?: (\d{1,2}))?|(\d{1,2})e? (?:per)?centile)\b/],
      ['correlation', /\b(?:correlation\w*|correle\w*|pearson)\b/],
    ],
  },
};
