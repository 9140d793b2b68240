import type { Lexicon } from '../lexicon';
import { aliases, numbers, panelNames, words } from './words';

/** Spanish, as written in Spain and Latin America; normalised (`últimos` → `ultimos`, `año` → `ano`). */

const NUMBERS = numbers('dos tres cuatro cinco seis siete ocho nueve diez');
const N = `\\d{1,3}|${Object.keys(NUMBERS).join('|')}`;

export const ES: Lexicon = {
  language: 'es',
  stopWords: words(`
    a al ante bajo con contra de del desde durante en entre hacia hasta para por segun sin sobre tras el la lo los las
    un una unos unas y e o u ni que cual cuales quien quienes donde cuando como cuanto cuanta cuantos cuantas porque
    pues si no ya tambien tampoco mas menos muy mucho mucha muchos muchas poco poca pocos pocas todo toda todos todas
    otro otra otros otras mismo misma este esta esto estos estas ese esa eso esos esas aquel aquella mi mis tu tus su sus
    nuestro nuestra nuestros nuestras yo me te se nos le les usted ustedes es son era eran fue fueron ser sido soy eres
    somos estan estaba estaban estado estuvo estoy estas estamos ha han he has hemos habia hubo hay tengo tiene tienes
    tenemos tienen tenia tuve tuvo puedo puede puedes podria podrias quiero quieres quisiera gustaria necesito dame
    dime muestrame muestra mostrar ensename ver mira mirar saber sabes decir hola gracias favor porfa vale bien algo
    alguno alguna algunos algunas nada ninguno ninguna cada hacer hace hizo dar va van ir sea
    hoy ayer manana anoche semana semanas mes meses ano anos dia dias diario diaria semanal mensual anual ahora
    actualmente actual ultimo ultima ultimos ultimas reciente recientes recientemente pasado pasada anterior proximo
    enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre lunes martes
    miercoles jueves viernes sabado domingo hora horas minuto minutos dos tres cuatro cinco seis siete ocho nueve diez
    vez veces
    tomar tomo tome di dio hice hizo hago camine corri hecho
    vas vamos anda andan`),
  softWords: words(`
    dato datos registro registros resultado resultados lectura lecturas valor valores nivel niveles medicion mediciones
    medida medidas prueba pruebas analisis examen examenes laboratorio informe informes historial grafico graficos
    grafica tabla resumen salud cuerpo sangre orina corazon vitamina vitaminas tendencia tendencias evolucion cambio
    cambios cambiado subido bajado aumento disminucion mejorado empeorado mejor peor promedio media maximo maxima minimo
    minima pico alto alta altos altas bajo baja bajos bajas normal normales anormal anormales rango rangos intervalo
    referencia fuera dentro elevado elevada elevados elevadas marcado marcados problema problemas preocupante total
    general archivo archivos documento documentos lista listado numero cantidad comparar compara comparacion frente
    estado medico medica doctor consulta chequeo revision perfil panel evoluciona evolucionado
    familia familiares familiar circulo cuidado cuidadores subido subidos subidas cargado cargados`),
  panelNames: panelNames({
    'blood pressure': ['presion arterial', 'presion', 'presion sanguinea', 'tension arterial', 'tension'],
    'lipid panel': ['perfil lipidico', 'lipidos', 'colesterol', 'perfil de colesterol', 'niveles de colesterol'],
    'thyroid tests': ['tiroides', 'funcion tiroidea', 'pruebas de tiroides', 'hormonas tiroideas'],
    'kidney function tests': ['rinon', 'rinones', 'funcion renal', 'pruebas renales'],
    'liver function tests': ['higado', 'funcion hepatica', 'pruebas hepaticas', 'enzimas hepaticas', 'perfil hepatico'],
    'blood count': ['hemograma', 'biometria hematica', 'recuento sanguineo', 'conteo sanguineo'],
    'iron studies': ['perfil de hierro', 'estudios de hierro', 'perfil ferrico'],
    electrolytes: ['electrolitos'],
    'vital signs': ['signos vitales', 'constantes vitales'],
    sleep: ['sueno', 'dormir', 'duermo', 'dormido'],
    'diabetes markers': ['diabetes', 'prediabetes', 'diabetico', 'diabetica'],
  }),
  names: aliases({
    'resting heart rate': ['pulso en reposo', 'pulso de reposo', 'frecuencia en reposo'],
    'heart rate': ['ritmo cardiaco', 'latidos', 'pulsaciones'],
    glucose: ['azucar', 'azucar en sangre', 'glucosa en sangre'],
    'oxygen saturation': ['oxigeno', 'oxigeno en sangre', 'saturacion'],
    'daily steps': ['pasos diarios', 'pasos al dia'],
    'sleep duration': ['horas de sueno', 'horas de dormir'],
  }),
  linkWords: words('de del'),
  namesAfter: new Map(),
  intents: [
    [
      'latest',
      /\b(?:ultim[oa]s?(?! \d)(?! (?:semana|semanas|mes|meses|ano|anos|dia|dias|horas?)\b)|mas recientes?|actual(?:es|mente)?|ahora|en este momento|hoy en dia|cual (?:es|era|fue) (?:mi|mis|el|la)|cuales (?:son|eran|fueron) (?:mis|los|las)|cuanto (?:es|fue|tengo|mide|pesa|marca)|que (?:valor|nivel) tengo)\b/,
    ],
    [
      'trend',
      /\b(?:evolucion\w*|evoluciona\w*|tendencias?|cambi\w*|ha (?:subido|bajado|mejorado|empeorado|aumentado|disminuido)|subiendo|sube|subio|bajando|bajado|mejor(?:ado|ando|a|o|ia)?|empeor\w*|peor|progres\w*|a lo largo del tiempo|con el tiempo|historial|historico|grafic\w*|diagrama|curva|estable|fluctu\w*|aument\w*|disminu\w*|descend\w*|variacion\w*|ha ido)\b/,
    ],
    [
      'extremes',
      /\b(?:mas alt[oa]s?|mas baj[oa]s?|maxim[oa]s?|minim[oa]s?|picos?|record|el mejor|la mejor|el peor|la peor|mayor|menor|que tan (?:alt|baj)[oa]|cuan (?:alt|baj)[oa])\b/,
    ],
    ['count', /\b(?:cuant[oa]s|numero de|cantidad de|cuantas veces|con que frecuencia)\b/],
    ['average', /\b(?:promedios?|media|medias|en promedio|de media|valor medio|por termino medio|normalmente)\b/],
    ['compare', /\b(?:compar\w*|vs|versus|frente a|contra|en relacion con|relacion\w*|correlacion\w*|diferencia\w*)\b/],
    [
      'abnormal',
      /\b(?:anormal(?:es|idad\w*)?|fuera de(?:l)? (?:rango|intervalo|lo normal|los valores|la referencia|referencia|limites?)|dentro de(?:l)? (?:rango|intervalo|lo normal|los valores|limites?)|en (?:el )?rango|normal(?:es)?|alterad[oa]s?|elevad[oa]s?|(?<!mas )alt[oa]s?|(?<!mas )baj[oa]s?|demasiado (?:alt|baj)[oa]|preocupa\w*|alarmante|problemas?|problematic[oa]s?|bien|mal|sano|saludable|marcad[oa]s?|senalad[oa]s?|ok|okay|correct[oa]s?)\b/,
    ],
    [
      'list',
      /\b(?:lista\w*|listado|cada (?:una|uno|lectura|medicion|valor|resultado)|tod[oa]s (?:mis |las |los )?(?:\w+ )?(?:lecturas|mediciones|resultados|valores|registros|datos|medidas)|una por una|uno por uno|tabla|detalle\w*)\b/,
    ],
    [
      'overview',
      /\b(?:resumen|resum\w*|todo|que datos|que informacion|que registros|que (?:tienes|sabes)|mis datos|mis registros|mi salud|como estoy|panorama|vision general|estado de salud|todos mis (?:datos|resultados|registros|analisis))\b/,
    ],
    [
      'files',
      /\b(?:archivos?|documentos?|informes?|reportes?|pdfs?|subid[oa]s?|cargad[oa]s?|escane\w*|adjunt\w*|historia clinica|expediente)\b/,
    ],
    [
      'family',
      /\b(?:familia\w*|familiares?|madre|padre|mama|papa|padres|hij[oa]s?|espos[oa]|marido|mujer|pareja|herman[oa]s?|abuel[oa]s?|nin[oa]s|nietos?|cuidador\w*|circulo de cuidado)\b/,
    ],
    [
      'advice',
      /\b(?:ideas?|sugerencias?|recetas?|deberia|debo|tengo que|necesito (?:tomar|ir|ver)|recomiend\w*|recomendacion\w*|consejos?|aconsej\w*|medicament\w*|medicinas?|pastillas?|farmacos?|estatinas?|tratamiento\w*|tratar(?:me|lo|la)?|diagnostic\w*|dosis|suplementos?|es (?:peligroso|grave|malo)|que (?:debo|puedo) hacer|dieta|ver (?:a )?un medico|ir al medico|explica\w*|interpret\w*|que significa\w*|significa|tengo (?:diabetes|prediabetes|anemia|hipertension|hipotiroidismo|hipertiroidismo|cancer|una enfermedad|alguna enfermedad|una infeccion))\b/,
    ],
  ],
  notAbnormal: null,
  record:
    /^(?:(?:por favor|puedes|podrias|quiero|quisiera|me gustaria|necesito) )*(?:registra|registrar|registre|anota|anotar|anote|apunta|apuntar|apunte|guarda|guardar|guarde|agrega|agregar|agregue|anade|anadir|introduce|introducir)\b/,
  journal: {
    asks: /^(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas|como|cuando|donde|quien|por que|es|son|esta|estan|fue|fueron|tengo|tiene|hay|ha|han|puedes|podrias|puede|muestra|muestrame|ensename|dame|dime|lista|compara|resume|grafica|busca|mira|revisa|explica|ayudame|y)\b/,
    asksAnywhere:
      /\b(?:quiero (?:ver|saber|conocer)|quisiera (?:ver|saber)|me gustaria (?:ver|saber)|muestrame|dime|dame|ensename)\b/,
    reports:
      /^(?:dormi|duermo|me senti|me siento|tuve|comi|cene|desayune|tome|empece|comence|deje|corri|camine|nade|fui|hice|termine|bebi|pese|medi|hoy|ayer|esta manana|anoche|esta noche)\b|\b(?:yo|me siento|estoy|he (?:dormido|comido|empezado|tomado|caminado|corrido|dejado))\b/,
  },
  followUp: /^(?:y|tambien|entonces|ahora|que tal|lo mismo (?:para|con))\b/,
  lastN: {
    pattern: new RegExp(
      `\\b(?:ultim[oa]s (${N})|(${N}) ultim[oa]s)(?! (?:horas?|dias?|semanas?|mes|meses|anos?)\\b)\\b`,
    ),
    numbers: NUMBERS,
  },
  unelide: null,
  compoundTails: null,
  knowledge: {
    literature:
      /\b(?:estudios?|investigacion(?:es)?|evidencias?|articulos?|literatura|publicaciones?|pubmed|ciencia|cientific[oa]s?|metaanalisis|revision(?:es)? sistematicas?)\b/,
    trials: /\b(?:ensayos?(?: clinicos?)?)\b/,
    recruiting: /\b(?:reclutando|reclutan|reclutamiento|abiertos?|inscribirme|participar)\b/,
    completed: /\b(?:completados?|terminados?|finalizados?|concluidos?)\b/,
    near: /\b(?:cerca de|alrededor de|en los alrededores de|en la zona de)\s+([^?.!,;\n]+)/iu,
    inPlace: /\ben\s+(\p{Lu}[^?.!,;\n]*)/u,
    cueWords: words(`
      estudio estudios investigacion investigaciones evidencia evidencias articulo articulos literatura publicacion
      publicaciones pubmed ciencia cientifica cientifico cientificas cientificos metaanalisis revision revisiones
      sistematica sistematicas dice dicen dijo muestran muestra sugieren indica indican sabe sabemos sobre acerca
      respecto relacion ensayo ensayos clinico clinicos reclutando reclutan reclutamiento abierto abiertos inscribirme
      participar completados terminados finalizados concluidos busca buscar busque encuentra encontrar cerca alrededor
      alrededores zona actuales nuevos`),
    statistics: [
      ['sd', /\b(?:desviacion (?:estandar|tipica))\b/],
      ['variance', /\bvarianza\b/],
      ['median', /\bmediana\b/],
      ['percentile', /\b(?:percentil(?: (\d{1,2}))?|(\d{1,2}) percentil)\b/],
      ['correlation', /\b(?:correlacion\w*|correlaciona\w*|pearson)\b/],
    ],
  },
};
