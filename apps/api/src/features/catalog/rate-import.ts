import { RATE_TYPES, type RateType } from '@app/shared/constants';
import { parseRate, RATE_CSV_COLUMNS, type RateImportResponse } from '@app/shared/schemas/catalog';
import type { Database, DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { materials } from '../../db/tables/materials.table';
import { badRequest } from '../../http/http-error';
import { parseCsv } from './csv';
import { keysFilter, lockCells, writeCells, type CellChange } from './rate-cells';

export interface ImportRow {
  line: number;
  cityId: number;
  materialId: number;
  ratePaise: Record<RateType, number>;
}

type Problems = Map<number, string[]>;

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function note(problems: Problems, line: number, message: string): void {
  const list = problems.get(line) ?? [];
  list.push(message);
  problems.set(line, list);
}

/** The 400 of a bad file: every problem under "line N", in file order, and nothing changed. */
function refusal(problems: Problems): Error {
  const lines = [...problems.keys()].sort((a, b) => a - b);
  const errors: Record<string, string[]> = {};
  for (const line of lines) errors[`line ${line}`] = problems.get(line)!;
  const first = lines[0]!;
  return badRequest(
    `The file has problems on ${lines.length} line(s), first on line ${first}: ${problems.get(first)![0]}. Nothing was changed.`,
    errors,
  );
}

/** Everything the rows refer to, read once: names matched without regard to case or extra spaces. */
async function loadNames(db: DbOrTx) {
  const stateRows = await db.select({ id: states.id, name: states.name }).from(states);
  const cityRows = await db.select({ id: cities.id, name: cities.name, stateId: cities.stateId }).from(cities);
  const materialRows = await db.select({ id: materials.id, name: materials.name, retiredAt: materials.retiredAt }).from(materials);
  return {
    states: new Map(stateRows.map((s) => [normal(s.name), s])),
    cities: new Map(cityRows.map((c) => [`${c.stateId}:${normal(c.name)}`, c])),
    materials: new Map(materialRows.map((m) => [normal(m.name), m])),
  };
}

/**
 * Reads and checks the whole file before anything is written. Every problem is collected
 * with its line number (line 1 is the header), so the admin fixes the file in one go.
 */
export async function validateRateImport(db: DbOrTx, text: string): Promise<ImportRow[]> {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw refusal(new Map([[parsed.line, [parsed.message]]]));
  const [header, ...records] = parsed.records;
  if (!header) throw badRequest(`The file is empty: the first line names the columns ${RATE_CSV_COLUMNS.join(', ')}`);

  const problems: Problems = new Map();
  const column = new Map<string, number>();
  header.fields.forEach((name, index) => {
    const key = normal(name);
    if (key === '') return;
    if (!(RATE_CSV_COLUMNS as readonly string[]).includes(key)) note(problems, header.line, `unknown column "${name.trim()}"`);
    else if (column.has(key)) note(problems, header.line, `column "${key}" appears twice`);
    else column.set(key, index);
  });
  const missing = RATE_CSV_COLUMNS.filter((c) => !column.has(c));
  if (missing.length > 0) note(problems, header.line, `missing column(s): ${missing.join(', ')}`);
  if (problems.size > 0) throw refusal(problems);
  if (records.length === 0) throw badRequest('The file has no rate rows below its header line');

  const names = await loadNames(db);
  const cell = (fields: string[], name: (typeof RATE_CSV_COLUMNS)[number]) => fields[column.get(name)!] ?? '';
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];

  for (const { line, fields } of records) {
    const extra = fields.slice(header.fields.length).filter((f) => f.trim() !== '');
    if (extra.length > 0) note(problems, line, `has ${fields.length} fields but the header has ${header.fields.length}`);

    const stateName = cell(fields, 'state').trim();
    const cityName = cell(fields, 'city').trim();
    const materialName = cell(fields, 'material').trim();
    const state = names.states.get(normal(stateName));
    if (!stateName) note(problems, line, 'state is empty');
    else if (!state) note(problems, line, `unknown state "${stateName}"`);
    const city = state ? names.cities.get(`${state.id}:${normal(cityName)}`) : undefined;
    if (!cityName) note(problems, line, 'city is empty');
    else if (state && !city) note(problems, line, `unknown city "${cityName}" in ${state.name}`);
    const material = names.materials.get(normal(materialName));
    if (!materialName) note(problems, line, 'material is empty');
    else if (!material) note(problems, line, `unknown material "${materialName}"`);
    else if (material.retiredAt) note(problems, line, `material "${material.name}" is retired; restore it before importing its rates`);

    const ratePaise: Partial<Record<RateType, number>> = {};
    for (const type of RATE_TYPES) {
      const columnName = `${type}_rate` as const;
      const value = cell(fields, columnName).trim();
      const rate = parseRate(value);
      if (rate.ok) ratePaise[type] = rate.value;
      else note(problems, line, `${columnName}: ${rate.message}${value ? ` ("${value}")` : ''}`);
    }

    if (city && material) {
      const key = `${city.id}:${material.id}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) note(problems, line, `repeats line ${earlier} (${city.name}, ${material.name})`);
      else seen.set(key, line);
      if (!problems.has(line)) rows.push({ line, cityId: city.id, materialId: material.id, ratePaise: ratePaise as Record<RateType, number> });
    }
  }
  if (problems.size > 0) throw refusal(problems);
  return rows;
}

/** Applies checked rows in one transaction: every changed rate with its history row, or nothing. */
export async function applyRateImport(db: Database, rows: readonly ImportRow[], actorId: number): Promise<RateImportResponse> {
  const updated = await db.transaction(async (tx) => {
    const locked = await lockCells(tx, keysFilter(rows));
    const current = new Map(locked.map((c) => [`${c.cityId}:${c.materialId}:${c.rateType}`, c.ratePaise]));
    const changes: CellChange[] = rows.flatMap((row) =>
      RATE_TYPES.map((rateType) => ({
        cityId: row.cityId,
        materialId: row.materialId,
        rateType,
        previousPaise: current.get(`${row.cityId}:${row.materialId}:${rateType}`) ?? null,
        ratePaise: row.ratePaise[rateType],
      })),
    );
    return writeCells(tx, changes, actorId);
  });
  return { rows: rows.length, updated };
}

export async function importRates(db: Database, text: string, actorId: number): Promise<RateImportResponse> {
  const rows = await validateRateImport(db, text);
  return applyRateImport(db, rows, actorId);
}
