import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../../../shared/domain/extraction/chat-stamps';
import { readAs } from './support/read-fields';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'e25', name), 'utf8');
const dated = (name: string) => readAs(fixture(name), 'indicator', 'value', 'unit', 'measuredAt');

describe('chat exports: the stamp dates and times the message, the sender and greeting go (chat-stamps.ts)', () => {
  it('reads a WhatsApp iOS chat in Spanish on a 24-hour clock day-first, with the stamp time', () => {
    expect(dated('whatsapp-ios-es.txt')).toEqual([
      ['glucosa en ayunas', '118', 'mg/dl', '2026-03-05T08:10:02'],
      ['TA', '132/84', null, '2026-03-05T08:15:09'],
    ]);
  });

  it('reads an Android chat on a 12-hour clock with a day over 12 deciding the order', () => {
    expect(dated('whatsapp-android-in-12h.txt')).toEqual([
      ['Fasting sugar', '131', 'mg/dl', '2026-03-05T07:45:00'],
      ['Fasting sugar', '124', 'mg/dl', '2026-03-14T08:02:00'],
    ]);
  });

  it('reads a German Android chat with dotted dates and an emoji after the reading', () => {
    expect(dated('whatsapp-android-de.txt')).toEqual([['Blutzucker', '145', 'mg/dl', '2026-03-05T21:15:00']]);
  });

  it('keeps a US chat (12-hour AM/PM stamps) month-first', () => {
    expect(dated('whatsapp-us-12h.txt')).toEqual([['glucose', '104', 'mg/dL', '2026-03-05T07:42:00']]);
  });

  it('keeps the meal a sugar was timed by in its name, and reads no walk distance', () => {
    expect(dated('whatsapp-hinglish-meals.txt')).toEqual([
      ['PP sugar', '178', null, '2026-07-12T21:05:44'],
      ['Before breakfast sugar', '110', 'mg/dl', '2026-07-12T21:06:10'],
    ]);
  });

  it('reads nothing from a chat about payment and an appointment day and time', () => {
    expect(dated('chat-money-appointments.txt')).toEqual([]);
  });

  it('takes only app stamps: a bracket left open or a report line without the comma is no chat message', () => {
    expect(chatMessage('[03/10/2026, 07:42:15] Sunita Rao: Good morning 🙏 Fasting sugar 142 mg/dl 😟')).toEqual({
      date: '03/10/2026',
      time: '07:42:15',
      message: 'Fasting sugar 142 mg/dl',
    });
    expect(chatMessage('03/10/26, 7:45 am - Ravi: BP 130/80')?.message).toBe('BP 130/80');
    expect(chatMessage('[03/10/2026, 07:42:15 Sunita Rao: sugar 142')).toBeNull();
    expect(chatMessage('03/10/2026 07:42 Collected: glucose 5.4')).toBeNull();
    expect(chatMessage('03/10/2026, 07:42 Glucose: 5.4')).toBeNull();
  });
});

describe('discharge summaries: a sentence opening with its day, a name written twice (sentence-dates.ts, extract.ts)', () => {
  it('dates an `On 11/03 …` sentence by that day and the day-of-discharge readings by the discharge date', () => {
    expect(dated('discharge-uk.txt')).toEqual([
      ['Hb', '102', 'g/L', '2026-03-09'],
      ['CRP', '188', 'mg/L', '2026-03-09'],
      ['creatinine', '142', 'umol/L', '2026-03-09'],
      ['CRP', '97', 'mg/L', '2026-03-11'],
      ['Hb', '99', 'g/L', '2026-03-11'],
      ['CRP', '41', 'mg/L', '2026-03-13'],
      ['creatinine', '96', 'umol/L', '2026-03-13'],
    ]);
  });

  it('gives an opening day to no reading in a sentence looking ahead', () => {
    const text = 'Letter dated 02/03/2026.\nOn 20/03 repeat CRP 45 mg/L expected.\n';
    expect(readAs(text, 'indicator', 'measuredAt').filter(([, at]) => at === '2026-03-20')).toEqual([]);
  });
});
