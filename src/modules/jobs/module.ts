// The jobs module: the durable job runner other modules register their handlers on while they are built.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';

export function createJobsModule({ db, log }: Pick<ModuleDeps, 'db' | 'log'>): AppModule<JobRunner> {
  const runner = createJobRunner({ db, log });
  // A no-op unless the server started the loop (app.ts, backgroundJobs).
  return { name: 'jobs', service: runner, onClose: () => runner.stop() };
}
