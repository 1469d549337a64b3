// @vitest-environment happy-dom
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { changeLanguage } from '@/lib/language';
import { registerLanguagePacks } from './language-packs';
import { LocalizedDefaults } from '@/components/localized-defaults';

registerLanguagePacks();

const picker = (options: string[]) => (
  <LocalizedDefaults>
    <Autocomplete open options={options} renderInput={(params) => <TextField {...params} label="x" />} />
  </LocalizedDefaults>
);

describe('MUI\'s own texts', () => {
  afterAll(() => changeLanguage('en', { remember: false }));

  it('follow the language and keep the theme\'s defaults', async () => {
    const english = render(picker([]));
    expect(screen.getByText('No options')).toBeTruthy();
    english.unmount();
    await changeLanguage('hi', { remember: false });
    const hindi = render(picker([]));
    expect(screen.getByText('कोई विकल्प नहीं')).toBeTruthy();
    hindi.unmount();
    render(picker(['Copper', 'Iron']));
    expect(screen.getByRole('listbox').style.maxHeight).toBe(`${MENU_MAX_HEIGHT_PX}px`);
  });
});
