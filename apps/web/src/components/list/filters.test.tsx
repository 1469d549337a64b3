// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceFilter } from './filters';

const CITIES = [
  { id: 1, label: 'Pune' },
  { id: 2, label: 'Nagpur' },
];

const cities = () => ({ choices: CITIES, loading: false });

const autocompleteOf = (container: HTMLElement) => container.querySelector('.MuiAutocomplete-root');

describe('ChoiceFilter', () => {
  it('draws a look-alike field with the chosen label, and the searchable one once the pointer comes to it', async () => {
    const { container } = render(<ChoiceFilter label="City" useChoices={cities} value={2} onChange={vi.fn()} />);
    const field = screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;
    expect(field.value).toBe('Nagpur');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(autocompleteOf(container)).toBeNull();

    fireEvent.pointerEnter(field);
    expect(autocompleteOf(container)).not.toBeNull();
    const live = screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;
    expect(live).not.toBe(field);
    expect(live.value).toBe('Nagpur');
    expect(document.activeElement).not.toBe(live);
  });

  it('becomes the searchable field at once when focused from the keyboard (no press before), keeps the focus and stays closed until asked', async () => {
    const onChange = vi.fn();
    const { container } = render(<ChoiceFilter label="City" useChoices={cities} value={null} onChange={onChange} />);
    act(() => screen.getByRole('combobox', { name: 'City' }).focus());
    expect(autocompleteOf(container)).not.toBeNull();
    const live = screen.getByRole('combobox', { name: 'City' });
    expect(document.activeElement).toBe(live);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(live, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Pune' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('opens its list at once when a press focused it (the press lands on the look-alike, so no click follows)', async () => {
    const onChange = vi.fn();
    render(<ChoiceFilter label="City" useChoices={cities} value={null} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'City' });
    fireEvent.pointerDown(field);
    act(() => field.focus());
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'City' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nagpur' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('asks for its options only once they can be seen: pointed at, focused, or a choice to name', () => {
    const wanted: boolean[] = [];
    const useChoices = (want: boolean) => {
      wanted.push(want);
      return { choices: want ? CITIES : [], loading: false };
    };
    const { unmount } = render(<ChoiceFilter label="City" useChoices={useChoices} value={null} onChange={vi.fn()} />);
    expect(wanted).not.toContain(true);
    fireEvent.pointerEnter(screen.getByRole('combobox', { name: 'City' }));
    expect(wanted.at(-1)).toBe(true);
    unmount();

    wanted.length = 0;
    render(<ChoiceFilter label="City" useChoices={useChoices} value={2} onChange={vi.fn()} />);
    expect(wanted).toEqual(expect.arrayContaining([true]));
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Nagpur');
  });
});
