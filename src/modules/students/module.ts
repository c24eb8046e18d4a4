// The students module (issue 7): the academic email address and its code; billing asks it who may buy a student plan.
import type { AppModule, ModuleDeps } from '../../platform/module.ts';
import type { People } from '../identity/people.ts';
import type { MailService } from '../mail/mail-service.ts';
import { createStudentsService, type StudentsService } from './students-service.ts';

export interface StudentsModuleDeps extends Pick<ModuleDeps, 'db' | 'secret'> {
  mail: Pick<MailService, 'send'>;
  people: Pick<People, 'get'>;
}

export function createStudentsModule({ db, secret, mail, people }: StudentsModuleDeps): AppModule<StudentsService> {
  const students = createStudentsService({
    db,
    mail,
    pepper: secret,
    userIdOf: async (identityId) => (await people.get(identityId))?.userId ?? null,
  });
  return { name: 'students', service: students };
}
