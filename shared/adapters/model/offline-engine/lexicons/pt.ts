import type { Lexicon } from '../lexicon';
import { aliases, numbers, panelNames, words } from './words';

/** Portuguese, Brazilian and European; normalised (`pressão` → `pressao`, `médio` → `medio`). */

const NUMBERS = numbers('dois|duas tres quatro cinco seis sete oito nove dez');
const N = `\\d{1,3}|${Object.keys(NUMBERS).join('|')}`;

export const PT: Lexicon = {
  language: 'pt',
  stopWords: words(`
    o a os as um uma uns umas de do da dos das em no na nos nas num numa ao aos pelo pela pelos pelas por para com sem
    sobre entre ate desde e ou mas nem que qual quais quem onde quando como quanto quanta quantos quantas porque se nao
    sim ja tambem muito muita muitos muitas pouco mais menos todo toda todos todas outro outra este esta estes estas
    esse essa esses essas isso isto aquele aquela aquilo meu minha meus minhas teu tua seu sua seus suas nosso nossa eu
    tu ele ela nos voce voces me te lhe mim e sao foi foram era eram ser sido sou estao estava estavam estive esteve
    estou tem tenho teve tinha tive ha houve pode posso podes poderia gostaria quero queria preciso mostre mostra
    mostrar diga diz dizer ver saber ola obrigado obrigada favor
    hoje ontem amanha manha noite dia dias semana semanas mes meses ano anos agora atualmente atual ultimo ultima ultimos
    ultimas recente recentes recentemente passado passada anterior janeiro fevereiro marco abril maio junho julho agosto
    setembro outubro novembro dezembro segunda terca quarta quinta sexta sabado domingo feira hora horas minuto minutos
    dois duas tres quatro cinco seis sete oito nove dez vezes vez
    dei deu fiz fez faco tomar tomei tomo andei caminhei corri feito
    vai vao anda andam andou`),
  softWords: words(`
    dado dados registro registros resultado resultados leitura leituras valor valores nivel niveis medicao medicoes
    medida medidas exame exames analise analises laboratorio relatorio relatorios historico grafico graficos tabela
    resumo saude corpo sangue urina coracao vitamina vitaminas tendencia evolucao mudanca mudancas variacao aumento
    queda melhor pior media maximo maxima minimo minima pico alto alta altos altas baixo baixa baixos baixas normal
    normais anormal anormais faixa intervalo referencia fora dentro elevado elevada problema problemas preocupante tudo
    total geral arquivo arquivos documento documentos lista numero comparar comparacao medico consulta estado
    evoluiu mudou
    liste laudos laudo enviei enviou enviados familia familiares`),
  panelNames: panelNames({
    'blood pressure': ['pressao arterial', 'pressao', 'pressao sanguinea', 'tensao arterial', 'tensao'],
    'lipid panel': ['perfil lipidico', 'lipidograma', 'colesterol', 'lipidios', 'lipideos'],
    'thyroid tests': ['tireoide', 'tiroide', 'funcao tireoidiana', 'exames da tireoide'],
    'kidney function tests': ['rins', 'rim', 'funcao renal'],
    'liver function tests': ['figado', 'funcao hepatica', 'enzimas hepaticas'],
    'blood count': ['hemograma'],
    'iron studies': ['perfil de ferro', 'cinetica do ferro'],
    electrolytes: ['eletrolitos', 'electrolitos'],
    'vital signs': ['sinais vitais'],
    sleep: ['sono', 'durmo', 'dormindo'],
    'diabetes markers': ['diabetes', 'pre diabetes', 'prediabetes', 'diabetico', 'diabetica'],
  }),
  names: aliases({
    steps: ['passos'],
    'daily steps': ['passos diarios', 'passos por dia'],
    'resting heart rate': ['pulso em repouso', 'frequencia em repouso', 'batimentos em repouso'],
    'heart rate': ['batimentos', 'batimentos cardiacos', 'ritmo cardiaco'],
    glucose: ['acucar', 'acucar no sangue', 'glicose no sangue'],
    'oxygen saturation': ['oxigenio', 'saturacao', 'oxigenacao'],
    'sleep duration': ['horas de sono'],
  }),
  linkWords: words('de do da dos das'),
  namesAfter: new Map(),
  intents: [
    [
      'latest',
      /\b(?:ultim[oa]s?(?! \d)(?! (?:semana|semanas|mes|meses|ano|anos|dia|dias|horas?)\b)|mais recentes?|atual(?:is|mente)?|agora|neste momento|qual (?:e|era|foi) (?:o|a|meu|minha)|quais (?:sao|eram|foram) (?:os|as|meus|minhas)|quanto (?:e|esta|foi|peso|pesa))\b/,
    ],
    [
      'trend',
      /\b(?:evolu\w*|tendencias?|mud(?:ou|aram|ando|anca|ancas)|varia(?:cao|coes|ou|ndo)|aument\w*|diminu\w*|subi\w*|sobe|caiu|cai|cair|baix(?:ou|ando)|melhor\w*|pior\w*|progress\w*|ao longo do tempo|com o tempo|historico|grafic\w*|diagrama|curva|estavel|oscil\w*|flutu\w*)\b/,
    ],
    [
      'extremes',
      /\b(?:mais alt[oa]s?|mais baix[oa]s?|maxim[oa]s?|minim[oa]s?|picos?|maior|menor|recorde|o melhor|a melhor|o pior|a pior)\b/,
    ],
    ['count', /\b(?:quant[oa]s|numero de|quantidade de|quantas vezes|com que frequencia)\b/],
    ['average', /\b(?:media|medias|em media|valor medio|normalmente)\b/],
    ['compare', /\b(?:compar\w*|vs|versus|em relacao|contra|relacao|correlac\w*|diferenc\w*)\b/],
    [
      'abnormal',
      /\b(?:anormal|anormais|anormalidade\w*|fora d[oa] (?:faixa|intervalo|normal|normalidade|referencia|limites?)|dentro d[oa] (?:faixa|normal|normalidade|intervalo|limites?)|normal|normais|alterad[oa]s?|elevad[oa]s?|(?<!mais )alt[oa]s?|(?<!mais )baix[oa]s?|preocup\w*|alarmante|problemas?|bem|mal|bom|boa|ruim|saudave(?:l|is)|ok|okay|sinalizad[oa]s?|marcad[oa]s?)\b/,
    ],
    [
      'list',
      /\b(?:list\w*|cada (?:uma|um|leitura|medicao|valor|resultado)|tod[oa]s (?:os |as )?(?:meus |minhas )?(?:\w+ )?(?:leituras|medicoes|resultados|valores|registros|dados|medidas)|um por um|uma por uma|tabela|detalh\w*)\b/,
    ],
    [
      'overview',
      /\b(?:resumo|resum\w*|visao geral|panorama|tudo|que dados|quais dados|que informac\w*|meus dados|meus registros|minha saude|como estou|o que (?:voce )?(?:tem|sabe)|estado de saude|todos os meus (?:dados|resultados|exames))\b/,
    ],
    [
      'files',
      /\b(?:arquivos?|ficheiros?|documentos?|relatorios?|laudos?|pdfs?|enviad[oa]s|carregad[oa]s|digitaliz\w*|anexos?|prontuario)\b/,
    ],
    [
      'family',
      /\b(?:familia\w*|familiares?|mae|pai|pais|filh[oa]s?|espos[oa]|marido|mulher|parceir[oa]|irm(?:a|ao|as|aos)|avos?|netos?|criancas|cuidador\w*|circulo de cuidados?)\b/,
    ],
    [
      'advice',
      /\b(?:ideias?|sugest\w*|receitas?|deveria|devo|tenho que|preciso (?:tomar|ir|ver)|recomend\w*|conselh\w*|aconselh\w*|medicament\w*|remedios?|comprimidos?|pilulas?|estatinas?|tratamento\w*|tratar|diagnostic\w*|dose|doses|dosagem|suplementos?|e perigoso|e grave|o que (?:devo|posso) fazer|dieta|ir ao medico|procurar um medico|explic\w*|interpret\w*|o que significa\w*|significa|tenho (?:diabetes|pre diabetes|prediabetes|anemia|hipertensao|hipotireoidismo|cancer|uma doenca|alguma doenca))\b/,
    ],
  ],
  notAbnormal: null,
  record:
    /^(?:(?:por favor|pode|podes|quero|queria|gostaria de) )*(?:registra|registre|registrar|regista|registe|anota|anote|anotar|adiciona|adicione|adicionar|salva|salve|salvar|guarda|guarde|insere|insira)\b/,
  journal: {
    asks: /^(?:o que|que|qual|quais|quanto|quanta|quantos|quantas|como|quando|onde|quem|por que|porque|e|sao|esta|estao|foi|tenho|tem|ha|pode|podes|mostr\w*|diga|diz|list\w*|compar\w*|resum\w*|procur\w*|me (?:mostre|mostra|diga|de))\b/,
    asksAnywhere: /\b(?:quero (?:ver|saber)|gostaria de (?:ver|saber)|me mostre|me mostra|me diga)\b/,
    reports:
      /^(?:dormi|senti|sinto|me sinto|tive|comi|tomei|comecei|parei|corri|caminhei|andei|fui|fiz|terminei|bebi|pesei|medi|hoje|ontem|esta manha|hoje de manha|ontem a noite)\b|\b(?:eu|estou|me sinto)\b/,
  },
  followUp: /^(?:e|tambem|entao|agora|e quanto a|e sobre|o mesmo para)\b/,
  lastN: {
    pattern: new RegExp(`\\b(?:ultim[oa]s (${N})|(${N}) ultim[oa]s)(?! (?:horas|dias|semanas|meses|anos)\\b)\\b`),
    numbers: NUMBERS,
  },
  unelide: null,
  compoundTails: null,
  knowledge: {
    literature:
      /\b(?:estudos?|pesquisas?|investigac(?:ao|oes)|evidencias?|artigos?|literatura|publicac(?:ao|oes)|pubmed|ciencia|cientific[oa]s?|metanalises?|meta analises?|revis(?:ao|oes) sistematicas?)\b/,
    trials: /\b(?:ensaios?(?: clinicos?)?)\b/,
    recruiting: /\b(?:recrutando|recrutam|recrutamento|abertos?|participar|inscrever)\b/,
    completed: /\b(?:concluidos?|finalizados?|terminados?)\b/,
    near: /\b(?:perto de|próximo a|proximo a|próximo de|proximo de|nos arredores de|na região de|na regiao de)\s+([^?.!,;\n]+)/iu,
    inPlace: /\bem\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      estudo estudos pesquisa pesquisas investigacao investigacoes evidencia evidencias artigo artigos literatura
      publicacao publicacoes pubmed ciencia cientifica cientifico cientificas cientificos metanalise metanalises meta
      analise analises revisao revisoes sistematica sistematicas diz dizem mostram mostra sugerem indicam sabe sabemos
      sobre acerca respeito ensaio ensaios clinico clinicos recrutando recrutam recrutamento aberto abertos participar
      inscrever concluidos finalizados terminados procura procurar busca buscar encontra encontrar perto proximo
      arredores regiao atuais novos`),
    statistics: [
      ['sd', /\bdesvio padrao\b/],
      ['variance', /\bvariancia\b/],
      ['median', /\bmediana\b/],
      ['percentile', /\b(?:percentil(?: (\d{1,2}))?|(\d{1,2}) percentil)\b/],
      ['correlation', /\b(?:correlac(?:ao|oes)|correlaciona\w*|pearson)\b/],
    ],
  },
};
