import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Invoice } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { materials } from '../../db/tables/materials.table';

/**
 * The Hindi names of an invoice's materials, keyed by the English name the invoice was
 * issued with. An invoice keeps its lines as issued (names, not ids), so a material renamed
 * since then is not found and its line prints the issued English name.
 */
export async function hindiMaterialNames(db: DbOrTx, invoice: Invoice): Promise<Record<string, string>> {
  const names = [...new Set(invoice.lines.map((line) => line.material))];
  if (names.length === 0) return {};
  const rows = await db
    .select({ name: materials.name, nameHi: materials.nameHi })
    .from(materials)
    .where(and(inArray(materials.name, names), isNotNull(materials.nameHi)));
  return Object.fromEntries(rows.flatMap((row) => (row.nameHi ? [[row.name, row.nameHi]] : [])));
}
