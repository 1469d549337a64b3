import { Gauge, type Registry } from 'prom-client';
import type { PoolStats } from '../db/database';

/** The PostgreSQL pool of this process, read when scraped. */
export function registerPoolMetrics(registry: Registry, stats: () => PoolStats): void {
  new Gauge({
    name: 'kabadi_db_pool_connections',
    help: 'Database connections of this process, by state (active: running a query or transaction)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = stats();
      this.set({ state: 'active' }, now.total - now.idle);
      this.set({ state: 'idle' }, now.idle);
    },
  });
  new Gauge({
    name: 'kabadi_db_pool_waiting',
    help: 'Queries waiting for a free database connection: above 0 for long, the pool is too small or the database slow',
    registers: [registry],
    collect() {
      this.set(stats().waiting);
    },
  });
  new Gauge({
    name: 'kabadi_db_pool_max_connections',
    help: 'The most database connections this process opens',
    registers: [registry],
    collect() {
      this.set(stats().max);
    },
  });
}
