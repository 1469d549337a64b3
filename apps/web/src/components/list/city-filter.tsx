import { useCities } from '@/data/catalog';
import { cityName } from '@/lib/city-name';
import { ChoiceFilter, choicesFrom } from './filters';

// Cities as people read them ("Pune, Maharashtra"), in the API's order (by state, then name).
const useCityChoices = choicesFrom(useCities, (city) => ({ id: city.id, label: cityName(city) }));

/** A list's city filter (the orders lists, the admin's stores and vendors): the kit's ChoiceFilter over GET /cities. */
export function CityFilter({ label, placeholder, value, onChange }: { label: string; placeholder?: string; value: number | null; onChange: (cityId: number | null) => void }) {
  return <ChoiceFilter label={label} placeholder={placeholder} useChoices={useCityChoices} value={value} onChange={onChange} />;
}
