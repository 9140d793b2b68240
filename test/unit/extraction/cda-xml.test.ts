import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readCdaDocument, readCdaObservations } from '../../../shared/domain/extraction/cda-xml';
import { readFhirXmlObservations } from '../../../shared/domain/extraction/fhir-xml';
import { attribute, child, parseXml, textOf } from '../../../shared/domain/extraction/xml-tree';

const LOINC = 'codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC"';

/** A CCD with the given sections in its structured body. */
const ccd = (...sections: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="CDA.xsl"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">
  <realmCode code="US"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/>
  <code code="34133-9" ${LOINC} displayName="Summarization of Episode Note"/>
  <title>Continuity of Care Document</title>
  <effectiveTime value="20260305120000-0500"/>
  <recordTarget><patientRole><patient><name><given>Jane</given><family>Doe</family></name>
    <birthTime value="19700412"/></patient></patientRole></recordTarget>
  <component><structuredBody>
${sections.join('\n')}
  </structuredBody></component>
</ClinicalDocument>`;

const section = (code: string, title: string, body: string, narrative = '') => `
    <component><section>
      <code code="${code}" ${LOINC}/>
      <title>${title}</title>
      <text>${narrative}</text>
      ${body}
    </section></component>`;

const observation = (inner: string, attributes = '') => `
      <observation classCode="OBS" moodCode="EVN"${attributes}>
        <templateId root="2.16.840.1.113883.10.20.22.4.2" extension="2015-08-01"/>
        ${inner}
      </observation>`;

const organizer = (effectiveTime: string, ...observations: string[]) => `
      <entry typeCode="DRIV"><organizer classCode="BATTERY" moodCode="EVN">
        <templateId root="2.16.840.1.113883.10.20.22.4.1" extension="2015-08-01"/>
        <code code="24323-8" ${LOINC} displayName="Comprehensive metabolic panel"/>
        <statusCode code="completed"/>
        ${effectiveTime}
        ${observations.map((o) => `<component>${o}</component>`).join('\n')}
      </organizer></entry>`;

const glucose = observation(`
        <code code="2345-7" ${LOINC} displayName="Glucose"/>
        <statusCode code="completed"/>
        <effectiveTime value="20260302141500-0500"/>
        <value xsi:type="PQ" value="104" unit="mg/dL"/>
        <interpretationCode code="H" codeSystem="2.16.840.1.113883.5.83"/>
        <referenceRange><observationRange><text>70-99 mg/dL</text></observationRange></referenceRange>`);

const results = (...entries: string[]) => section('30954-2', 'Results', entries.join('\n'));

describe('readCdaObservations', () => {
  it('is null for text that is no CDA document', () => {
    expect(readCdaObservations('Glucose 104 mg/dL (70-99) H')).toBeNull();
    expect(readCdaObservations('<html><body><p>Glucose</p></body></html>')).toBeNull();
  });

  it('reads a PQ result: display name, value, unit, written range, interpretation, effective time', () => {
    expect(readCdaObservations(ccd(results(organizer('', glucose))))).toEqual([
      {
        indicator: 'Glucose',
        value: '104',
        unit: 'mg/dL',
        referenceRange: '70-99 mg/dL',
        flag: 'H',
        measuredAt: '2026-03-02T14:15:00',
      },
    ]);
  });

  it('gives a PQ with the unity unit `1` no unit, and ranges from their bounds: low-high, <high, >=low when inclusive', () => {
    const ph = observation(`
        <code code="2756-5" ${LOINC} displayName="pH of Urine"/>
        <value xsi:type="PQ" value="6.0" unit="1"/>
        <referenceRange><observationRange><value xsi:type="IVL_PQ"><low value="5.0" unit="1"/><high value="8.0" unit="1"/></value></observationRange></referenceRange>`);
    const ldl = observation(`
        <code code="13457-7" ${LOINC} displayName="LDL Cholesterol"/>
        <value xsi:type="PQ" value="96" unit="mg/dL"/>
        <referenceRange><observationRange><text/><value xsi:type="IVL_PQ"><high value="100" unit="mg/dL"/></value></observationRange></referenceRange>`);
    const hdl = observation(`
        <code code="2085-9" ${LOINC} displayName="HDL Cholesterol"/>
        <value xsi:type="PQ" value="52" unit="mg/dL"/>
        <referenceRange><observationRange><value xsi:type="IVL_PQ"><low value="39" unit="mg/dL" inclusive="true"/><high nullFlavor="PINF"/></value></observationRange></referenceRange>`);
    const found = readCdaObservations(ccd(results(organizer('', ph, ldl, hdl))));
    expect(found?.map((r) => [r.indicator, r.value, r.unit, r.referenceRange])).toEqual([
      ['pH of Urine', '6.0', null, '5.0-8.0'],
      ['LDL Cholesterol', '96', 'mg/dL', '<100'],
      ['HDL Cholesterol', '52', 'mg/dL', '>=39'],
    ]);
  });

  it('reads ST, ED (not base64), CD (display name, else original text, also under nullFlavor OTH), INT, REAL, IVL_PQ and titre values', () => {
    const entries = [
      `<code code="5778-6" ${LOINC} displayName="Color of Urine"/><value xsi:type="ST">Yellow</value>`,
      `<code code="5802-4" ${LOINC} displayName="Nitrite"/><value xsi:type="CD" code="260385009" codeSystem="2.16.840.1.113883.6.96" displayName="Negative"/>`,
      `<code code="5797-4" ${LOINC} displayName="Ketones"/><value xsi:type="CE" nullFlavor="OTH"><originalText>Trace</originalText></value>`,
      `<code code="5799-0" ${LOINC} displayName="Specimen count"/><value xsi:type="INT" value="3"/>`,
      `<code code="2703-7" ${LOINC} displayName="Ratio"/><value xsi:type="REAL" value="1.25"/>`,
      `<code code="5821-4" ${LOINC} displayName="WBC, urine"/><value xsi:type="IVL_PQ"><low value="0" unit="/[HPF]"/><high value="2" unit="/[HPF]"/></value>`,
      `<code code="5370-2" ${LOINC} displayName="Rubella titer"/><value xsi:type="RTO_INT_INT"><numerator value="1"/><denominator value="40"/></value>`,
      `<code code="11526-1" ${LOINC} displayName="Pathology report"/><value xsi:type="ED" mediaType="application/pdf" representation="B64">JVBERi0xLjQK</value>`,
      `<code code="8251-1" ${LOINC} displayName="Comment"/><value xsi:type="ED">Specimen slightly hemolyzed</value>`,
    ].map((inner) => observation(inner));
    const found = readCdaObservations(ccd(results(organizer('<effectiveTime value="20260302"/>', ...entries))));
    expect(found?.map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Color of Urine', 'Yellow', null],
      ['Nitrite', 'Negative', null],
      ['Ketones', 'Trace', null],
      ['Specimen count', '3', null],
      ['Ratio', '1.25', null],
      ['WBC, urine', '0-2', '/[HPF]'],
      ['Rubella titer', '1:40', null],
      ['Comment', 'Specimen slightly hemolyzed', null],
    ]);
  });

  it('reads a coded value by its original text when it has no display name', () => {
    const ketones = observation(
      `<code code="5797-4" ${LOINC} displayName="Ketones"/><value xsi:type="CD" code="x"><originalText>Trace</originalText></value>`,
    );
    expect(readCdaObservations(ccd(results(organizer('', ketones))))?.[0]?.value).toBe('Trace');
  });

  it('names a test by its original text, resolving a reference into the narrative (a cell, or a row by its first cell)', () => {
    const narrative = `<table><thead><tr><th>Test</th><th>Result</th></tr></thead><tbody>
      <tr><td ID="lab1">Hemoglobin A1c</td><td>6.1 %</td></tr>
      <tr ID="lab2"><td>TSH, 3rd generation</td><td>2.1 mIU/L</td></tr></tbody></table>`;
    const a1c = observation(
      `<code code="4548-4" ${LOINC}><originalText><reference value="#lab1"/></originalText></code><value xsi:type="PQ" value="6.1" unit="%"/>`,
    );
    const tsh = observation(
      `<code code="3016-3" ${LOINC}><originalText><reference value="#lab2"/></originalText></code><value xsi:type="PQ" value="2.1" unit="m[IU]/L"/>`,
    );
    const withoutHash = observation(
      `<code code="3016-3" ${LOINC}><originalText><reference value="lab1"/></originalText></code><value xsi:type="PQ" value="6.2" unit="%"/>`,
    );
    const onlyCode = observation(`<code code="1234-5" ${LOINC}/><value xsi:type="PQ" value="7" unit="U/L"/>`);
    const doc = ccd(section('30954-2', 'Results', organizer('', a1c, tsh, withoutHash, onlyCode), narrative));
    expect(readCdaObservations(doc)?.map((r) => r.indicator)).toEqual([
      'Hemoglobin A1c',
      'TSH, 3rd generation',
      'Hemoglobin A1c',
      '1234-5',
    ]);
  });

  it('never reads the narrative table as readings as well as the entries', () => {
    const narrative = `<table><tbody><tr><td>Glucose</td><td>104 mg/dL</td><td>70-99</td><td>H</td></tr></tbody></table>`;
    const doc = ccd(section('30954-2', 'Results', organizer('', glucose), narrative));
    expect(extractReadingsOffline(doc)).toHaveLength(1);
  });

  it("dates an observation without its own effective time by its organizer's (value, else low)", () => {
    const undated = observation(
      `<code code="2160-0" ${LOINC} displayName="Creatinine"/><value xsi:type="PQ" value="0.9" unit="mg/dL"/>`,
    );
    const byValue = readCdaObservations(ccd(results(organizer('<effectiveTime value="202603020815"/>', undated))));
    expect(byValue?.[0]?.measuredAt).toBe('2026-03-02T08:15:00');
    const byLow = readCdaObservations(
      ccd(
        results(organizer('<effectiveTime><low value="20260302"/><high value="20260303"/></effectiveTime>', undated)),
      ),
    );
    expect(byLow?.[0]?.measuredAt).toBe('2026-03-02');
  });

  it('keeps interpretation codes as written (HH, LL, A, N)', () => {
    const flagged = ['HH', 'LL', 'A', 'N'].map((code, i) =>
      observation(
        `<code code="x${i}" displayName="Test ${i}"/><value xsi:type="PQ" value="${i}" unit="mg/dL"/><interpretationCode code="${code}"/>`,
      ),
    );
    expect(readCdaObservations(ccd(results(organizer('', ...flagged))))?.map((r) => r.flag)).toEqual([
      'HH',
      'LL',
      'A',
      'N',
    ]);
  });

  it('skips negated, null-flavoured and planned observations, and values that are null-flavoured', () => {
    const inner = `<code code="2345-7" ${LOINC} displayName="Glucose"/><value xsi:type="PQ" value="104" unit="mg/dL"/>`;
    const skipped = [
      observation(inner, ' negationInd="true"'),
      observation(inner, ' nullFlavor="NI"'),
      observation(inner).replace('moodCode="EVN"', 'moodCode="INT"'),
      observation(`<code code="2345-7" ${LOINC} displayName="Glucose"/><value xsi:type="PQ" nullFlavor="NA"/>`),
      observation(`<code code="2345-7" ${LOINC} displayName="Glucose"/>`),
    ];
    expect(readCdaObservations(ccd(results(organizer('', ...skipped))))).toEqual([]);
  });

  it('reads a Vital Signs section (observations without templateId inside its organizer too)', () => {
    const vital = (code: string, name: string, value: string, unit: string) =>
      `<observation classCode="OBS" moodCode="EVN"><code code="${code}" ${LOINC} displayName="${name}"/><value xsi:type="PQ" value="${value}" unit="${unit}"/></observation>`;
    const vitals = section(
      '8716-3',
      'Vital Signs',
      organizer(
        '<effectiveTime value="20260305093000-0500"/>',
        vital('8480-6', 'Systolic blood pressure', '128', 'mm[Hg]'),
        vital('8462-4', 'Diastolic blood pressure', '82', 'mm[Hg]'),
        vital('29463-7', 'Body weight', '72.5', 'kg'),
      ),
    );
    const found = readCdaObservations(ccd(vitals));
    expect(found?.map((r) => [r.indicator, r.value, r.unit, r.measuredAt])).toEqual([
      ['Systolic blood pressure', '128', 'mm[Hg]', '2026-03-05T09:30:00'],
      ['Diastolic blood pressure', '82', 'mm[Hg]', '2026-03-05T09:30:00'],
      ['Body weight', '72.5', 'kg', '2026-03-05T09:30:00'],
    ]);
  });

  it('finds a results section by its C-CDA template when its code is another', () => {
    const bySection = `<component><section><templateId root="2.16.840.1.113883.10.20.22.2.3.1"/><code code="X-RES"/>${organizer('', glucose)}</section></component>`;
    expect(readCdaObservations(ccd(bySection))).toHaveLength(1);
  });

  it('reads nothing from problems, allergies, medications or social history sections', () => {
    const problem = `<entry><act classCode="ACT" moodCode="EVN"><entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN">
      <templateId root="2.16.840.1.113883.10.20.22.4.4"/><code code="55607006" displayName="Problem"/>
      <effectiveTime><low value="20190101"/></effectiveTime>
      <value xsi:type="CD" code="44054006" displayName="Type 2 diabetes mellitus"/></observation></entryRelationship></act></entry>`;
    const smoking = `<entry><observation classCode="OBS" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.78"/>
      <code code="72166-2" displayName="Tobacco smoking status"/><value xsi:type="CD" code="8517006" displayName="Former smoker"/></observation></entry>`;
    const doc = ccd(section('11450-4', 'Problems', problem), section('29762-2', 'Social History', smoking));
    expect(readCdaObservations(doc)).toEqual([]);
  });

  it('reads a fragment without sections by template or organizer', () => {
    const fragment = `<organizer xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" classCode="BATTERY" moodCode="EVN">
      <effectiveTime value="20260302"/><component>${glucose}</component></organizer>`;
    expect(readCdaObservations(fragment)?.map((r) => r.indicator)).toEqual(['Glucose']);
    const problemAlone = `<observation xmlns="urn:hl7-org:v3" classCode="OBS" moodCode="EVN"><code code="55607006" displayName="Problem"/><value code="44054006" displayName="Diabetes"/></observation>`;
    expect(readCdaObservations(problemAlone)).toEqual([]);
  });

  it('reads prefixed element names (cda:observation) and entities in text', () => {
    const prefixed = `<cda:ClinicalDocument xmlns:cda="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cda:component><cda:structuredBody><cda:component><cda:section>
      <cda:code code="30954-2"/><cda:entry><cda:observation classCode="OBS" moodCode="EVN"><cda:code code="1" displayName="Albumin &amp; Globulin ratio"/>
      <cda:value xsi:type="PQ" value="1.4" unit="1"/><cda:referenceRange><cda:observationRange><cda:text>&gt;1.0</cda:text></cda:observationRange></cda:referenceRange>
      </cda:observation></cda:entry></cda:section></cda:component></cda:structuredBody></cda:component></cda:ClinicalDocument>`;
    expect(readCdaObservations(prefixed)).toEqual([
      {
        indicator: 'Albumin & Globulin ratio',
        value: '1.4',
        unit: null,
        referenceRange: '>1.0',
        flag: null,
        measuredAt: null,
      },
    ]);
  });

  it('never throws on truncated or garbled XML, and falls through to the line reader', () => {
    const whole = ccd(results(organizer('', glucose)));
    for (let cut = 0; cut < whole.length; cut += 97) {
      expect(() => extractReadingsOffline(whole.slice(0, cut))).not.toThrow();
    }
    const garbled = `<ClinicalDocument xmlns="urn:hl7-org:v3"><component><section <<code code="30954-2"/> &#99999999; &#x110000; <!-- unterminated
      Glucose 104 mg/dL (70-99) H`;
    expect(() => extractReadingsOffline(garbled)).not.toThrow();
    expect(readCdaObservations(garbled)).toEqual([]);
    // A CDA document whose observations give nothing is left to the line reader.
    const narrativeOnly = `<ClinicalDocument xmlns="urn:hl7-org:v3">\nGlucose: 104 mg/dL (70-99) H\n</ClinicalDocument>`;
    expect(extractReadingsOffline(narrativeOnly).map((r) => r.indicator)).toEqual(['Glucose']);
  });

  it('gives the line reader the result narrative when the document has no result entries (and only then)', () => {
    const narrative = `<table><thead><tr><th>Test</th><th>Result</th><th>Units</th><th>Reference Range</th><th>Flag</th></tr></thead>
      <tbody><tr><td>Glucose</td><td>104</td><td>mg/dL</td><td>70-99</td><td>H</td></tr>
      <tr><td>Creatinine</td><td>0.9</td><td>mg/dL</td><td>0.6-1.2</td><td></td></tr></tbody></table>`;
    const problems = section(
      '11450-4',
      'Problems',
      '',
      '<paragraph>Hypertension since 2017, BP 150/95 at diagnosis</paragraph>',
    );
    const doc = ccd(problems, section('30954-2', 'Results', '', narrative));
    expect(readCdaObservations(doc)).toEqual([]);
    expect(readCdaDocument(doc)?.narrative.split('\n')).toEqual([
      'Results',
      'Test\tResult\tUnits\tReference Range\tFlag',
      'Glucose\t104\tmg/dL\t70-99\tH',
      'Creatinine\t0.9\tmg/dL\t0.6-1.2',
    ]);
    expect(extractReadingsOffline(doc).map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag])).toEqual([
      ['Glucose', '104', 'mg/dL', '70-99', 'H'],
      ['Creatinine', '0.9', 'mg/dL', '0.6-1.2', null],
    ]);
  });

  it('survives pathological nesting', () => {
    const deep = `<ClinicalDocument>${'<component>'.repeat(50_000)}</ClinicalDocument>`;
    expect(readCdaObservations(deep)).toEqual([]);
  });
});

describe('parseXml', () => {
  it('keeps attributes, decodes entities and CDATA, closes unclosed elements and ignores stray closing tags', () => {
    const root = parseXml(`<a x='1' y="&lt;2"><b>one &amp; <![CDATA[<two>]]></b></c><d/>3 < 4</a`);
    const a = child(root, 'a');
    expect(attribute(a, 'y')).toBe('<2');
    expect(textOf(child(a, 'b'))).toBe('one & <two>');
    expect(child(a, 'd')).toBeDefined();
    expect(textOf(a)).toContain('3 < 4');
  });
});

describe('readFhirXmlObservations', () => {
  const bundle = `<?xml version="1.0" encoding="UTF-8"?>
<Bundle xmlns="http://hl7.org/fhir">
  <id value="b1"/>
  <type value="searchset"/>
  <entry>
    <fullUrl value="urn:uuid:dr1"/>
    <resource>
      <DiagnosticReport>
        <id value="dr1"/>
        <status value="final"/>
        <code><text value="Basic metabolic panel"/></code>
        <effectiveDateTime value="2026-02-17T14:05:00-06:00"/>
        <result><reference value="Observation/k"/></result>
      </DiagnosticReport>
    </resource>
  </entry>
  <entry>
    <fullUrl value="https://fhir.example.org/Observation/k"/>
    <resource>
      <Observation>
        <id value="k"/>
        <text><status value="generated"/><div xmlns="http://www.w3.org/1999/xhtml">Potassium 5.3 mmol/L</div></text>
        <status value="final"/>
        <code><coding><system value="http://loinc.org"/><code value="2823-3"/><display value="Potassium"/></coding></code>
        <valueQuantity><value value="5.30"/><unit value="mmol/L"/><system value="http://unitsofmeasure.org"/><code value="mmol/L"/></valueQuantity>
        <interpretation><coding><code value="H"/></coding></interpretation>
        <referenceRange><low><value value="3.5"/></low><high><value value="5.1"/></high></referenceRange>
      </Observation>
    </resource>
  </entry>
  <entry>
    <resource>
      <Observation>
        <status value="final"/>
        <code><text value="Blood pressure"/></code>
        <effectiveDateTime value="2026-02-18T09:30:00Z"/>
        <component><code><text value="Systolic"/></code><valueQuantity><value value="128"/><unit value="mmHg"/></valueQuantity></component>
        <component><code><text value="Diastolic"/></code><valueQuantity><value value="82"/><unit value="mmHg"/></valueQuantity></component>
      </Observation>
    </resource>
  </entry>
  <entry>
    <resource>
      <Observation>
        <status value="entered-in-error"/>
        <code><text value="Glucose"/></code>
        <valueQuantity><value value="999"/><unit value="mg/dL"/></valueQuantity>
      </Observation>
    </resource>
  </entry>
</Bundle>`;

  it('reads a Bundle like the JSON reader: precision kept, report date, components, status, narrative div skipped', () => {
    expect(extractReadingsOffline(bundle)).toEqual([
      {
        indicator: 'Potassium',
        value: '5.30',
        unit: 'mmol/L',
        referenceRange: '3.5-5.1',
        flag: 'H',
        measuredAt: '2026-02-17T14:05:00',
      },
      {
        indicator: 'Systolic',
        value: '128',
        unit: 'mmHg',
        referenceRange: null,
        flag: null,
        measuredAt: '2026-02-18T09:30:00',
      },
      {
        indicator: 'Diastolic',
        value: '82',
        unit: 'mmHg',
        referenceRange: null,
        flag: null,
        measuredAt: '2026-02-18T09:30:00',
      },
    ]);
  });

  it('reads a lone Observation with a string value and a contained one by #id', () => {
    const lone = `<Observation xmlns="http://hl7.org/fhir"><status value="final"/>
      <code><coding><display value="Urine colour"/></coding></code><valueString value="Yellow"/></Observation>`;
    expect(readFhirXmlObservations(lone)?.map((r) => [r.indicator, r.value])).toEqual([['Urine colour', 'Yellow']]);
    const report = `<DiagnosticReport xmlns="http://hl7.org/fhir"><contained><Observation><id value="a"/><code><text value="TSH"/></code>
      <valueQuantity><value value="2.1"/><unit value="mIU/L"/></valueQuantity></Observation></contained>
      <effectiveDateTime value="2026-03-01"/><result><reference value="#a"/></result></DiagnosticReport>`;
    expect(readFhirXmlObservations(report)).toEqual([
      { indicator: 'TSH', value: '2.1', unit: 'mIU/L', referenceRange: null, flag: null, measuredAt: '2026-03-01' },
    ]);
  });

  it('is null without the FHIR namespace or resources, and never throws on truncated or pathologically nested XML', () => {
    expect(readFhirXmlObservations('<Observation><code><text value="x"/></code></Observation>')).toBeNull();
    const deep = `<Bundle xmlns="http://hl7.org/fhir">${'<entry><resource><Bundle>'.repeat(20_000)}`;
    expect(readFhirXmlObservations(deep)).toBeNull();
    for (let cut = 0; cut < bundle.length; cut += 101) {
      expect(() => extractReadingsOffline(bundle.slice(0, cut))).not.toThrow();
    }
  });
});

describe('XML reader: hostile shapes', () => {
  it('parses deep unclosed markup followed by stray closing tags without walking every ancestor each time', () => {
    const text = `${'<a>'.repeat(20000)}${'</b>'.repeat(20000)}<c>text</c>`;
    const root = parseXml(text);
    expect(root.children.length).toBe(1);
  });
});
