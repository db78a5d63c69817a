import { describe, expect, it } from 'vitest';
import { outline } from '../../../src/output/outline.js';

describe('outline', () => {
  it('shows a checkList\'s rows and then the choices each row offers', () => {
    const text = outline({ title: 'Hotel', fields: [{ type: 'checkList', option: { label: 'Note', rowLabels: ['Accueil', 'Prix'], options: [{ name: '1' }, { name: '2' }] } }, { type: 'radio', option: { label: 'Meal', required: true, options: [{ name: 'Veg' }, { name: 'Fish' }] } }, { type: 'sheet', option: { label: 'Hours', rowLabels: ['Mon', 'Tue'] } }] });
    expect(text.split('\n').slice(1, 4)).toEqual([
      '   1. checkList           Note  (Accueil | Prix — 1 | 2)',
      '   2. radio               Meal *  (Veg | Fish)',
      '   3. sheet               Hours  (Mon | Tue)',
    ]);
  });
});
