import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import { NOW, reading, runTurn, userTurn } from './helpers';

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

const world = {
  readings: [reading('CRP', 2.4, 'mg/L', '2026-11-01'), reading('Total protein', 7.1, 'g/dL', '2026-11-01')],
};

describe('requests for ideas are not questions about readings', () => {
  it.each([
    'Ideas for a protein-rich dinner?',
    'Any recipe suggestions with more protein?',
    '¿Ideas para una cena rica en proteínas?',
    'Ideen für ein proteinreiches Abendessen?',
  ])('%s: no lookup, and no C-reactive protein in the answer', async (question) => {
    const turn = await runTurn(userTurn(question), world);
    expect(turn.toolCalls).toEqual([]);
    expect(turn.answer).not.toMatch(/CRP|reactive|2\.4/);
  });

  it('a question that names the test still looks it up', async () => {
    const turn = await runTurn(userTurn('what is my total protein?'), world);
    expect(turn.answer).toContain('**7.1 g/dL**');
  });
});
