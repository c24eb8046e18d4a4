// The careers module: the jobs readers save from organisation profiles (/careers/your-jobs/).
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { ProfilesService } from '../profiles/profiles-service.ts';
import { createCareersService, type CareersService } from './careers-service.ts';

export function createCareersModule({
  db,
  profiles,
}: Pick<ModuleDeps, 'db'> & { profiles: Pick<ProfilesService, 'jobsOf'> }): AppModule<CareersService> {
  return { name: 'careers', service: createCareersService({ db, profiles }) };
}
