// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceFilter, type ChoiceList } from './filters';

const CITIES = [
  { id: 1, label: 'Pune' },
  { id: 2, label: 'Nagpur' },
];

const cities = (): ChoiceList => ({ choices: CITIES, loading: false });

const field = () => screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;

describe('ChoiceFilter', () => {
  it("is MUI's Autocomplete: a combobox showing the chosen label, whose list opens at a click", async () => {
    const onChange = vi.fn();
    const { container } = render(<ChoiceFilter label="City" useChoices={cities} value={2} onChange={onChange} />);
    expect(container.querySelector('.MuiAutocomplete-root')).not.toBeNull();
    expect(field().value).toBe('Nagpur');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.mouseDown(field(), { button: 0 });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Pune' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('works from the keyboard: focus leaves the list closed, ArrowDown opens it, Enter chooses, Escape closes', () => {
    const onChange = vi.fn();
    render(<ChoiceFilter label="City" useChoices={cities} value={null} onChange={onChange} />);
    field().focus();
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Pune', 'Nagpur']);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(2);

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('narrows the options to the text typed', () => {
    render(<ChoiceFilter label="City" useChoices={cities} value={null} onChange={vi.fn()} />);
    field().focus();
    fireEvent.change(field(), { target: { value: 'nag' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Nagpur']);
  });

  it('clears the choice with its clear button', () => {
    const onChange = vi.fn();
    render(<ChoiceFilter label="City" useChoices={cities} value={1} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Clear'));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('asks for its options only once they can be seen: pointed at, focused, or a choice to name', () => {
    const wanted: boolean[] = [];
    const useChoices = (want: boolean): ChoiceList => {
      wanted.push(want);
      return { choices: want ? CITIES : [], loading: false };
    };
    const pointed = render(<ChoiceFilter label="City" useChoices={useChoices} value={null} onChange={vi.fn()} />);
    expect(wanted).not.toContain(true);
    fireEvent.pointerEnter(field().closest('.MuiAutocomplete-root')!);
    expect(wanted.at(-1)).toBe(true);
    pointed.unmount();

    wanted.length = 0;
    const focused = render(<ChoiceFilter label="City" useChoices={useChoices} value={null} onChange={vi.fn()} />);
    expect(wanted).not.toContain(true);
    fireEvent.focus(field());
    expect(wanted.at(-1)).toBe(true);
    focused.unmount();

    wanted.length = 0;
    render(<ChoiceFilter label="City" useChoices={useChoices} value={2} onChange={vi.fn()} />);
    expect(wanted).toEqual(expect.arrayContaining([true]));
    expect(field().value).toBe('Nagpur');
  });

  it('says "Loading…" while the options come, and that they failed (asking again at the next opening), rather than "No options"', async () => {
    const retry = vi.fn();
    let list: ChoiceList = { choices: [], loading: true };
    const { rerender } = render(<ChoiceFilter label="City" useChoices={() => list} value={null} onChange={vi.fn()} />);
    fireEvent.mouseDown(field(), { button: 0 });
    expect(screen.getByText('Loading…')).toBeTruthy();

    list = { choices: [], loading: false, failed: true, retry };
    rerender(<ChoiceFilter label="City" useChoices={() => list} value={null} onChange={vi.fn()} />);
    expect(screen.getByText('The choices could not be loaded. Close the list and open it again to retry.')).toBeTruthy();
    expect(screen.queryByText('No options')).toBeNull();
    expect(retry).not.toHaveBeenCalled();

    fireEvent.keyDown(field(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).toBeNull());
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
