import { describe, expect, it } from 'vitest';
import { hanSlipReadings } from '../../../shared/domain/standardization/cjk-slips';
import { englishQualifiers } from '../../../shared/domain/standardization/foreign-qualifiers';
import { rejoinedSpelling } from '../../../shared/domain/standardization/joined-spellings';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';

// Names of the common panels as lab reports and health apps print them in other languages and scripts (session 26,
// helper i26): one name per concept and language added to synonyms-i18n.json, read with the unit a report prints
// beside it, then the mechanisms (qualifier words, a Han OCR slip, a French `à` between joined words) with their
// variations, and the near misses that must stay null.
const code = (name: string, unit: string | null) => resolveIndicator(name, unit).loincCode;

/** [language, name, unit, expected code]. */
const NAMES: readonly (readonly [string, string, string | null, string])[] = [
  ['nl', 'witte bloedcellen', '10*3/uL', '26464-8'],
  ['tr', 'beyaz kan hücresi', '10*3/uL', '26464-8'],
  ['no', 'hvite blodlegemer', '10*3/uL', '26464-8'],
  ['da', 'hvide blodlegemer', '10*3/uL', '26464-8'],
  ['el', 'λευκοκύτταρα', '10*3/uL', '26464-8'],
  ['ru', 'количество лейкоцитов', '10*3/uL', '26464-8'],
  ['ko', '백혈구 수', '10*3/uL', '26464-8'],
  ['ar', 'عدد كريات الدم البيضاء', '10*3/uL', '26464-8'],
  ['fi', 'valkosolut', '10*3/uL', '26464-8'],
  ['nl', 'rode bloedcellen', '10*6/uL', '789-8'],
  ['tr', 'alyuvar', '10*6/uL', '789-8'],
  ['no', 'røde blodlegemer', '10*6/uL', '789-8'],
  ['da', 'røde blodlegemer', '10*6/uL', '789-8'],
  ['el', 'ερυθροκύτταρα', '10*6/uL', '789-8'],
  ['zh', '紅血球數', '10*6/uL', '789-8'],
  ['ko', '적혈구 수', '10*6/uL', '789-8'],
  ['ar', 'عدد كريات الدم الحمراء', '10*6/uL', '789-8'],
  ['fi', 'punasolut', '10*6/uL', '789-8'],
  ['zh', '血球比容', '%', '20570-8'],
  ['ko', '적혈구용적률', '%', '20570-8'],
  ['el', 'αιματοκρίτης', '%', '20570-8'],
  ['nl', 'bloedplaatjes', '10*3/uL', '26515-7'],
  ['ko', '혈소판 수', '10*3/uL', '26515-7'],
  ['fi', 'verihiutaleet', '10*3/uL', '26515-7'],
  ['tr', 'trombosit sayısı', '10*3/uL', '26515-7'],
  ['nl', 'gemiddeld celvolume', 'fL', '787-2'],
  ['pl', 'średnia objętość krwinki czerwonej', 'fL', '787-2'],
  ['tr', 'ortalama eritrosit hacmi', 'fL', '787-2'],
  ['el', 'μέσος όγκος ερυθρών', 'fL', '787-2'],
  ['ru', 'средний объем эритроцита', 'fL', '787-2'],
  ['zh', '平均紅血球容積', 'fL', '787-2'],
  ['ja', '平均赤血球容積', 'fL', '787-2'],
  ['ko', '평균 적혈구 용적', 'fL', '787-2'],
  ['ar', 'متوسط حجم الكرية', 'fL', '787-2'],
  ['ru', 'среднее содержание гемоглобина в эритроците', 'pg', '785-6'],
  ['zh', '平均血紅素量', 'pg', '785-6'],
  ['ja', '平均赤血球血色素量', 'pg', '785-6'],
  ['ko', '평균 적혈구 혈색소', 'pg', '785-6'],
  ['el', 'μέση περιεκτικότητα αιμοσφαιρίνης', 'pg', '785-6'],
  ['ru', 'средняя концентрация гемоглобина в эритроците', 'g/dL', '786-4'],
  ['zh', '平均血紅素濃度', 'g/dL', '786-4'],
  ['ja', '平均赤血球血色素濃度', 'g/dL', '786-4'],
  ['ko', '평균 적혈구 혈색소 농도', 'g/dL', '786-4'],
  ['el', 'μέση πυκνότητα αιμοσφαιρίνης', 'g/dL', '786-4'],
  ['it', 'ampiezza distribuzione eritrocitaria', '%', '30385-9'],
  ['zh', '红细胞分布宽度-CV', '%', '30385-9'],
  ['ja', '赤血球分布幅', '%', '30385-9'],
  ['ko', '적혈구 분포 폭', '%', '30385-9'],
  ['ko', '평균 혈소판 용적', 'fL', '28542-9'],
  ['el', 'ουδετερόφιλα', '%', '770-8'],
  ['zh', '中性球', '%', '770-8'],
  ['ar', 'العدلات', '%', '770-8'],
  ['el', 'ουδετερόφιλα', '10*3/uL', '751-8'],
  ['zh', '中性球', '10*3/uL', '751-8'],
  ['ar', 'العدلات', '10*3/uL', '751-8'],
  ['ja', '好中球数', '10*3/uL', '751-8'],
  ['ko', '호중구 수', '10*3/uL', '751-8'],
  ['ru', 'нейтрофилы абс.', '10*3/uL', '751-8'],
  ['el', 'λεμφοκύτταρα', '%', '26478-8'],
  ['zh', '淋巴球', '%', '26478-8'],
  ['ar', 'الخلايا الليمفاوية', '%', '26478-8'],
  ['el', 'λεμφοκύτταρα', '10*3/uL', '26474-7'],
  ['zh', '淋巴球', '10*3/uL', '26474-7'],
  ['ar', 'الخلايا الليمفاوية', '10*3/uL', '26474-7'],
  ['ja', 'リンパ球数', '10*3/uL', '26474-7'],
  ['ko', '림프구 수', '10*3/uL', '26474-7'],
  ['ru', 'лимфоциты абс.', '10*3/uL', '26474-7'],
  ['el', 'μονοκύτταρα', '%', '26485-3'],
  ['zh', '單核球', '%', '26485-3'],
  ['el', 'ηωσινόφιλα', '%', '26450-7'],
  ['zh', '嗜酸性球', '%', '26450-7'],
  ['el', 'βασεόφιλα', '%', '30180-4'],
  ['zh', '嗜鹼性球', '%', '30180-4'],
  ['zh', '血糖值', 'mg/dL', '2345-7'],
  ['no', 'urinsyre', 'mg/dL', '3084-1'],
  ['da', 'urinsyre', 'mg/dL', '3084-1'],
  ['sv', 'urinsyra', 'mg/dL', '3084-1'],
  ['el', 'χλώριο', 'mmol/L', '2075-0'],
  ['zh', '氯化物', 'mmol/L', '2075-0'],
  ['ko', '염소', 'mmol/L', '2075-0'],
  ['el', 'αλβουμίνη', 'g/dL', '1751-7'],
  ['ar', 'الألبومين', 'g/dL', '1751-7'],
  ['el', 'ολικά λευκώματα', 'g/dL', '2885-2'],
  ['el', 'χολερυθρίνη ολική', 'mg/dL', '1975-2'],
  ['el', 'χολερυθρίνη άμεση', 'mg/dL', '1968-7'],
  ['fr', 'bilirubine libre', 'mg/dL', '1971-1'],
  ['it', 'bilirubina indiretta', 'mg/dL', '1971-1'],
  ['pl', 'bilirubina pośrednia', 'mg/dL', '1971-1'],
  ['el', 'χολερυθρίνη έμμεση', 'mg/dL', '1971-1'],
  ['ru', 'билирубин непрямой', 'mg/dL', '1971-1'],
  ['ja', '間接ビリルビン', 'mg/dL', '1971-1'],
  ['ko', '간접빌리루빈', 'mg/dL', '1971-1'],
  ['nl', 'indirect bilirubine', 'mg/dL', '1971-1'],
  ['tr', 'indirekt bilirubin', 'mg/dL', '1971-1'],
  ['pl', 'aminotransferaza alaninowa', 'U/L', '1742-6'],
  ['ja', 'アラニンアミノトランスフェラーゼ', 'U/L', '1742-6'],
  ['ko', '알라닌아미노전이효소', 'U/L', '1742-6'],
  ['pl', 'aminotransferaza asparaginianowa', 'U/L', '1920-8'],
  ['zh', '天門冬胺酸轉胺酶', 'U/L', '1920-8'],
  ['ja', 'アスパラギン酸アミノトランスフェラーゼ', 'U/L', '1920-8'],
  ['ko', '아스파르테이트아미노전이효소', 'U/L', '1920-8'],
  ['el', 'αλκαλική φωσφατάση', 'U/L', '6768-6'],
  ['ko', '알칼리성 인산분해효소', 'U/L', '6768-6'],
  ['pl', 'gamma-glutamylotranspeptydaza', 'U/L', '2324-2'],
  ['ru', 'гамма-ГТ', 'U/L', '2324-2'],
  ['ja', 'γ-グルタミルトランスペプチダーゼ', 'U/L', '2324-2'],
  ['pl', 'dehydrogenaza mleczanowa', 'U/L', '2532-0'],
  ['tr', 'laktat dehidrogenaz', 'U/L', '2532-0'],
  ['el', 'γαλακτική αφυδρογονάση', 'U/L', '2532-0'],
  ['ru', 'ЛДГ', 'U/L', '2532-0'],
  ['ja', '乳酸脱水素酵素', 'U/L', '2532-0'],
  ['ko', '젖산탈수소효소', 'U/L', '2532-0'],
  ['sv', 'totalkolesterol', 'mg/dL', '2093-3'],
  ['no', 'totalkolesterol', 'mg/dL', '2093-3'],
  ['da', 'totalkolesterol', 'mg/dL', '2093-3'],
  ['pl', 'hormon tyreotropowy', 'mIU/L', '3016-3'],
  ['tr', 'tiroid uyarıcı hormon', 'mIU/L', '3016-3'],
  ['el', 'θυρεοειδοτρόπος ορμόνη', 'mIU/L', '3016-3'],
  ['el', 'ελεύθερη θυροξίνη', 'ng/dL', '3024-7'],
  ['zh', '遊離三碘甲狀腺素', 'pg/mL', '3051-0'],
  ['ar', 'الفيريتين', 'ng/mL', '2276-4'],
  ['ko', '혈청철', 'ug/dL', '2498-4'],
  ['ja', 'トランスフェリン', 'mg/dL', '3034-6'],
  ['it', 'capacità ferrolegante totale', 'ug/dL', '2500-7'],
  ['nl', 'totale ijzerbindingscapaciteit', 'ug/dL', '2500-7'],
  ['ru', 'общая железосвязывающая способность', 'ug/dL', '2500-7'],
  ['ja', '総鉄結合能', 'ug/dL', '2500-7'],
  ['nl', 'transferrineverzadiging', '%', '2502-3'],
  ['pl', 'wysycenie transferyny', '%', '2502-3'],
  ['tr', 'transferrin satürasyonu', '%', '2502-3'],
  ['ru', 'насыщение трансферрина', '%', '2502-3'],
  ['ja', 'トランスフェリン飽和度', '%', '2502-3'],
  ['es', 'coeficiente internacional normalizado', '{INR}', '6301-6'],
  ['ja', 'プロトロンビン時間国際標準比', '{INR}', '6301-6'],
  ['ko', '국제표준화비율', '{INR}', '6301-6'],
  ['ja', 'プロトロンビン時間', 's', '5902-2'],
  ['ko', '프로트롬빈 시간', 's', '5902-2'],
  ['ja', '活性化部分トロンボプラスチン時間', 's', '14979-9'],
  ['ja', 'フィブリノゲン', 'mg/dL', '3255-7'],
  ['ko', '피브리노겐', 'mg/dL', '3255-7'],
  ['sv', 'C-reaktivt protein', 'mg/L', '1988-5'],
  ['no', 'C-reaktivt protein', 'mg/L', '1988-5'],
  ['el', 'C-αντιδρώσα πρωτεΐνη', 'mg/L', '1988-5'],
  ['ja', 'C反応性蛋白', 'mg/L', '1988-5'],
  ['ko', 'C-반응성 단백', 'mg/L', '1988-5'],
  ['ar', 'البروتين التفاعلي سي', 'mg/L', '1988-5'],
  ['sv', 'sänka', 'mm/h', '30341-2'],
  ['zh', '紅血球沉降速率', 'mm/h', '30341-2'],
  ['tr', 'kalp atış hızı', '/min', '8867-4'],
  ['el', 'καρδιακός ρυθμός', '/min', '8867-4'],
  ['ar', 'معدل ضربات القلب', '/min', '8867-4'],
  ['nl', 'hartslag in rust', '/min', '40443-4'],
  ['pl', 'tętno spoczynkowe', '/min', '40443-4'],
  ['tr', 'dinlenme kalp atış hızı', '/min', '40443-4'],
  ['sv', 'vilopuls', '/min', '40443-4'],
  ['no', 'hvilepuls', '/min', '40443-4'],
  ['da', 'hvilepuls', '/min', '40443-4'],
  ['el', 'καρδιακοί παλμοί ηρεμίας', '/min', '40443-4'],
  ['ru', 'пульс в покое', '/min', '40443-4'],
  ['zh', '靜止心率', '/min', '40443-4'],
  ['ja', '安静時心拍数', '/min', '40443-4'],
  ['ko', '안정시 심박수', '/min', '40443-4'],
  ['ar', 'معدل ضربات القلب أثناء الراحة', '/min', '40443-4'],
  ['nl', 'stappen', '{steps}', '55423-8'],
  ['pl', 'kroki', '{steps}', '55423-8'],
  ['tr', 'adımlar', '{steps}', '55423-8'],
  ['sv', 'steg', '{steps}', '55423-8'],
  ['da', 'skridt', '{steps}', '55423-8'],
  ['no', 'skritt', '{steps}', '55423-8'],
  ['el', 'βήματα', '{steps}', '55423-8'],
  ['ru', 'шаги', '{steps}', '55423-8'],
  ['ja', '歩数', '{steps}', '55423-8'],
  ['ko', '걸음 수', '{steps}', '55423-8'],
  ['ar', 'الخطوات', '{steps}', '55423-8'],
  ['es', 'grasa corporal', '%', '41982-0'],
  ['pt', 'gordura corporal', '%', '41982-0'],
  ['fr', 'pourcentage de graisse corporelle', '%', '41982-0'],
  ['it', 'percentuale di grasso corporeo', '%', '41982-0'],
  ['nl', 'vetpercentage', '%', '41982-0'],
  ['pl', 'procent tkanki tłuszczowej', '%', '41982-0'],
  ['tr', 'vücut yağ oranı', '%', '41982-0'],
  ['sv', 'kroppsfett', '%', '41982-0'],
  ['no', 'fettprosent', '%', '41982-0'],
  ['el', 'λίπος σώματος', '%', '41982-0'],
  ['ru', 'процент жира', '%', '41982-0'],
  ['zh', '體脂肪率', '%', '41982-0'],
  ['ja', '体脂肪率', '%', '41982-0'],
  ['ko', '체지방률', '%', '41982-0'],
  ['ar', 'نسبة الدهون في الجسم', '%', '41982-0'],
  ['pl', 'waga', 'kg', '29463-7'],
  ['sv', 'vikt', 'kg', '29463-7'],
  ['no', 'vekt', 'kg', '29463-7'],
  ['el', 'βάρος', 'kg', '29463-7'],
  ['ru', 'вес', 'kg', '29463-7'],
  ['ko', '몸무게', 'kg', '29463-7'],
  ['ar', 'الوزن', 'kg', '29463-7'],
  ['nl', 'lengte', 'cm', '8302-2'],
  ['no', 'høyde', 'cm', '8302-2'],
  ['el', 'ύψος', 'cm', '8302-2'],
  ['ar', 'الطول', 'cm', '8302-2'],
  ['nl', 'queteletindex', 'kg/m2', '39156-5'],
  ['no', 'kroppsmasseindeks', 'kg/m2', '39156-5'],
  ['da', 'kropsmasseindeks', 'kg/m2', '39156-5'],
  ['el', 'δείκτης μάζας σώματος', 'kg/m2', '39156-5'],
  ['ja', '体格指数', 'kg/m2', '39156-5'],
  ['nl', 'zuurstofverzadiging', '%', '59408-5'],
  ['pl', 'saturacja', '%', '59408-5'],
  ['tr', 'kan oksijeni', '%', '59408-5'],
  ['sv', 'syremättnad', '%', '59408-5'],
  ['el', 'κορεσμός οξυγόνου', '%', '59408-5'],
  ['ru', 'сатурация', '%', '59408-5'],
  ['ja', '血中酸素濃度', '%', '59408-5'],
  ['ar', 'الأكسجين في الدم', '%', '59408-5'],
  ['el', 'θερμοκρασία σώματος', 'Cel', '8310-5'],
  ['ru', 'температура', 'Cel', '8310-5'],
  ['ar', 'درجة حرارة الجسم', 'Cel', '8310-5'],
  ['de', 'systolisch', 'mm[Hg]', '8480-6'],
  ['es', 'sistólica', 'mm[Hg]', '8480-6'],
  ['pt', 'sistólica', 'mm[Hg]', '8480-6'],
  ['fr', 'systolique', 'mm[Hg]', '8480-6'],
  ['it', 'sistolica', 'mm[Hg]', '8480-6'],
  ['el', 'συστολική πίεση', 'mm[Hg]', '8480-6'],
  ['sv', 'systoliskt', 'mm[Hg]', '8480-6'],
  ['tr', 'sistolik', 'mm[Hg]', '8480-6'],
  ['ru', 'систолическое', 'mm[Hg]', '8480-6'],
  ['de', 'diastolisch', 'mm[Hg]', '8462-4'],
  ['es', 'diastólica', 'mm[Hg]', '8462-4'],
  ['pt', 'diastólica', 'mm[Hg]', '8462-4'],
  ['fr', 'diastolique', 'mm[Hg]', '8462-4'],
  ['it', 'diastolica', 'mm[Hg]', '8462-4'],
  ['el', 'διαστολική πίεση', 'mm[Hg]', '8462-4'],
  ['sv', 'diastoliskt', 'mm[Hg]', '8462-4'],
  ['tr', 'diyastolik', 'mm[Hg]', '8462-4'],
  ['ru', 'диастолическое', 'mm[Hg]', '8462-4'],
  ['tr', 'solunum hızı', '/min', '9279-1'],
  ['el', 'αναπνευστική συχνότητα', '/min', '9279-1'],
  ['ar', 'معدل التنفس', '/min', '9279-1'],
  ['de', 'Aktivkalorien', 'kcal', '41981-2'],
  ['pl', 'aktywna energia', 'kcal', '41981-2'],
  ['tr', 'aktif enerji', 'kcal', '41981-2'],
  ['ru', 'активная энергия', 'kcal', '41981-2'],
  ['zh', '動態能量', 'kcal', '41981-2'],
  ['ja', 'アクティブエネルギー', 'kcal', '41981-2'],
  ['ko', '활동 에너지', 'kcal', '41981-2'],
  ['nl', 'slaapduur', 'h', '93832-4'],
  ['pl', 'czas snu', 'h', '93832-4'],
  ['tr', 'uyku süresi', 'h', '93832-4'],
  ['sv', 'sömntid', 'h', '93832-4'],
  ['no', 'søvnvarighet', 'h', '93832-4'],
  ['ru', 'длительность сна', 'h', '93832-4'],
  ['ko', '수면 시간', 'h', '93832-4'],
  ['ar', 'مدة النوم', 'h', '93832-4'],
  ['nl', 'soortelijk gewicht urine', null, '5811-5'],
  ['ko', '요비중', null, '5811-5'],
  ['pl', 'pH moczu', null, '5803-2'],
  ['ko', '요 pH', null, '5803-2'],
  ['ru', 'pH мочи', null, '5803-2'],
  ['zh', 'ABO血型', null, '883-9'],
  ['ja', 'ABO血液型', null, '883-9'],
  ['ko', 'ABO 혈액형', null, '883-9'],
  ['de', 'Blutgruppe ABO', null, '883-9'],
  ['es', 'grupo sanguíneo ABO', null, '883-9'],
  ['fr', 'groupe sanguin ABO', null, '883-9'],
  ['it', 'gruppo sanguigno ABO', null, '883-9'],
  ['pt', 'grupo sanguíneo ABO', null, '883-9'],
  ['ru', 'группа крови ABO', null, '883-9'],
  ['pl', 'grupa krwi ABO', null, '883-9'],
  ['zh', 'Rh(D)血型', null, '10331-7'],
  ['ja', 'Rh血液型', null, '10331-7'],
  ['ko', 'Rh 혈액형', null, '10331-7'],
  ['pt', 'fator Rh', null, '10331-7'],
  ['it', 'fattore Rh', null, '10331-7'],
  ['pl', 'czynnik Rh', null, '10331-7'],
  ['tr', 'Rh faktörü', null, '10331-7'],
  ['ru', 'резус-фактор', null, '10331-7'],
  ['es', 'factor Rh', null, '10331-7'],
];

describe('names of the common panels in other languages (synonyms-i18n.json)', () => {
  it.each(NAMES)('%s: %s [%s] → %s', (_language, name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('qualifier words in more languages (foreign-qualifiers.ts)', () => {
  it('reads calculated in Dutch, Polish, Swedish, Norwegian and Turkish', () => {
    expect(code('LDL-cholesterol (berekend)', 'mmol/L')).toBe('39469-2');
    expect(code('LDL-C berekend', 'mmol/L')).toBe('39469-2');
    expect(code('Cholesterol LDL obliczony', 'mg/dL')).toBe('13457-7');
    expect(code('LDL-kolesterol beräknad', 'mmol/L')).toBe('39469-2');
    expect(code('LDL-kolesterol beregnet', 'mmol/L')).toBe('39469-2');
    expect(code('LDL kolesterol hesaplanan', 'mg/dL')).toBe('13457-7');
  });

  it('reads indirect before direct, so `indiretta` is never the direct bilirubin', () => {
    expect(englishQualifiers('Bilirubina indiretta')).toBe('Bilirubina indirect');
    expect(englishQualifiers('Bilirubina diretta')).toBe('Bilirubina direct');
    expect(englishQualifiers('Билирубин непрямой')).toBe('Билирубин indirect');
    expect(code('Bilirubina indiretta', 'mg/dL')).toBe('1971-1');
    expect(code('Bilirubina pośrednia', 'mg/dL')).toBe('1971-1');
    expect(code('Bilirubina bezpośrednia', 'mg/dL')).toBe('1968-7');
    expect(code('Билирубин прямой', 'umol/L')).toBe('14629-0');
    expect(code('間接ビリルビン', 'mg/dL')).toBe('1971-1');
  });

  it('leaves a word that only contains a qualifier alone', () => {
    expect(englishQualifiers('Directorate')).toBe('Directorate');
    expect(englishQualifiers('Berekende waarde')).toBe('Berekende waarde');
  });
});

describe('a Han character OCR read as another (cjk-slips.ts)', () => {
  it('reads 自 for 白 in protein and leukocyte names', () => {
    expect(hanSlipReadings('血红蛋自')).toContain('血红蛋白');
    expect(code('血红蛋自', 'g/L')).toBe('718-7');
    expect(code('自细胞计数', '10^9/L')).toBe('26464-8');
    expect(code('自蛋白', 'g/L')).toBe('1751-7');
  });

  it('does not mend a single character, nor a word 自 belongs to', () => {
    expect(hanSlipReadings('自')).toEqual([]);
    expect(code('自动', null)).toBeNull();
  });
});

describe('French `à` between joined words (joined-spellings.ts)', () => {
  it('cuts the preposition out as a word', () => {
    expect(rejoinedSpelling('GlycémieàJeun')).toBe('Glycémie à Jeun');
    expect(code('GlycémieàJeun', 'g/L')).toBe('1558-6');
    expect(code('GlucoseàJeun', 'mmol/L')).toBe('14771-0');
  });

  it('leaves camelCase without `à` as before', () => {
    expect(rejoinedSpelling('totalSteps')).toBe('total Steps');
    expect(rejoinedSpelling('glucoseFasting')).toBe('glucose Fasting');
  });
});

describe('near misses that stay null', () => {
  it.each([
    ['Blutgruppe', null],
    ['血型', null],
    ['Groupe sanguin', null],
    ['Sauerstoff', 'L/min'],
    ['Oxygène', null],
    ['Neutrófilos', null],
    ['Ουδετερόφιλα', null],
    ['淋巴球', null],
    ['Pas', null],
    ['Kilo', null],
    ['Kalorien', null],
    ['Systolisch', 'L/min'],
    ['Hämoglobin', 'mg'],
    ['البوتاسيوم', 'mmol/L'],
  ] as const)('%s [%s] → null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });
});
