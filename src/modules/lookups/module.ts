// The lookups module: the fixed lists forms choose from (countries, job functions, company sizes …).
import type { AppModule } from '../../platform/module.ts';
import { createLookupsService, type LookupsService } from './lookups-service.ts';

export function createLookupsModule(): AppModule<LookupsService> {
  return { name: 'lookups', service: createLookupsService() };
}
