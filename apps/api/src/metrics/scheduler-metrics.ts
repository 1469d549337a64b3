import { Counter, type Registry } from 'prom-client';

export interface SchedulerMetrics {
  /** Called by the scheduler (scheduler/scheduler.ts) after each job of a tick. */
  schedulerJobRan(job: string, failed: boolean): void;
}

export function createSchedulerMetrics(registry: Registry): SchedulerMetrics {
  const runs = new Counter({
    name: 'kabadi_scheduler_job_runs_total',
    help: 'Scheduled job runs in this process, failed ones included',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'kabadi_scheduler_job_failures_total',
    help: 'Scheduled job runs that threw (the job is retried on the next tick)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  return {
    schedulerJobRan(job, failed) {
      runs.inc({ job });
      // Touched on success too, so a job that never failed shows 0 rather than no series.
      failures.inc({ job }, failed ? 1 : 0);
    },
  };
}
