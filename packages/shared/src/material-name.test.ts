import { describe, expect, it } from 'vitest';
import { materialName } from './material-name';

describe('materialName', () => {
  it('names a material in Hindi for Hindi readers when it has a Hindi name', () => {
    expect(materialName({ name: 'Newspaper', name_hi: 'अख़बार' }, 'hi')).toBe('अख़बार');
    expect(materialName({ name: 'Newspaper', name_hi: 'अख़बार' }, 'en')).toBe('Newspaper');
  });

  it('falls back to the English name', () => {
    expect(materialName({ name: 'Tin', name_hi: null }, 'hi')).toBe('Tin');
    expect(materialName({ name: 'Tin', name_hi: '' }, 'hi')).toBe('Tin');
    expect(materialName({ name: 'Tin' }, 'hi')).toBe('Tin');
  });
});
