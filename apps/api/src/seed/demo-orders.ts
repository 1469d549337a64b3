import type { Database } from '../db/database';
import type { DemoIds } from './demo-accounts';

/** Demo orders across the life cycle; filled in by the orders feature. */
export async function ensureDemoOrders(_db: Database, _ids: DemoIds): Promise<void> {}
