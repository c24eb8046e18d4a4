// Editing profiles (decision 044): who may edit (a person their own profile; an organisation's
// OWNER and ADMINs, read from the organisations service at the call; site staff any), the source
// (a draft with a revision), publishing (the source copied over the public row, the version bumped,
// the pages told), projects, key people and related companies.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../../platform/change-bus.ts';
import { BaseError, InputError, parseInput, UnauthorizedError } from '../../shared/errors.ts';
import { paths } from '../../shared/paths.ts';
import { isOrganisationAdmin, isSignedIn, isSiteAdmin, type Principal } from '../session/permissions.ts';
import {
  childrenSchema,
  keyPeopleSchema,
  profileMessages,
  projectInputSchema,
  projectUpdateSchema,
  slugify,
  uuidSchema,
  type ProfileInputSchemas,
  type ProjectInput,
  type ProjectUpdate,
} from './profile-input.ts';
import {
  defined,
  documentOfOrganisation,
  documentOfPerson,
  organisationOf,
  personOf,
  projectOf,
  splitOrganisation,
  splitPerson,
  type OrganisationRow,
  type PersonRow,
} from './profile-rows.ts';
import type {
  KeyPerson,
  OrganisationProfile,
  PersonProfile,
  ProfileSourceDocument,
  Project,
  RelatedCompany,
  Source,
} from './profile-types.ts';
import { organisationProfiles, personProfiles, profileProjects, profileSources } from './schema.ts';

/** Who asks: their identity, public user number (§8 requesterUserId) and session level. */
export interface ProfileActor {
  identityId: string;
  userId: string;
  principal: Principal;
}

export interface EditingDeps {
  db: Db;
  schemas: ProfileInputSchemas;
  /** The person's role on an organisation account now (organisations' roleOf). */
  roleOf: (identityId: string, accountId: string) => Promise<string | null>;
  changes?: ChangeBus;
  now: () => Date;
}

/** A uuid-shaped id derived from text (sha1, as a version 5 uuid is). */
function uuidv5Like(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const noSuchProfile = () => new BaseError(profileMessages.profileId);

export function createProfileEditing({ db, schemas, roleOf, changes, now }: EditingDeps) {
  const isUuid = (value: string) => uuidSchema.safeParse(value).success;

  async function personRow(profileId: string): Promise<PersonRow | null> {
    if (!isUuid(profileId)) return null;
    const [row] = await db.select().from(personProfiles).where(eq(personProfiles.profileId, profileId));
    return row ?? null;
  }

  async function organisationRow(profileId: string): Promise<OrganisationRow | null> {
    if (!isUuid(profileId)) return null;
    const [row] = await db.select().from(organisationProfiles).where(eq(organisationProfiles.profileId, profileId));
    return row ?? null;
  }

  /** Whether the actor may edit the person profile: its own person, or site staff. */
  function mayEditPerson(actor: ProfileActor, row: PersonRow): boolean {
    return isSiteAdmin(actor.principal) || (isSignedIn(actor.principal) && row.identityId !== null && row.identityId === actor.identityId);
  }

  /** Whether the actor may edit the organisation profile: OWNER or ADMIN of its account (decision 042), or site staff. */
  async function mayEditOrganisation(actor: ProfileActor, row: OrganisationRow): Promise<boolean> {
    if (isSiteAdmin(actor.principal)) return true;
    const role = row.accountId ? await roleOf(actor.identityId, row.accountId) : null;
    return isOrganisationAdmin(actor.principal, role);
  }

  /**
   * The row, if the actor may edit it; otherwise §8 UnauthorizedError — also for a profile that
   * does not exist, so a stranger learns nothing. Site staff are told plainly that it does not exist.
   */
  async function editablePerson(actor: ProfileActor, profileId: string): Promise<PersonRow> {
    const row = await personRow(profileId);
    if (!row && isSiteAdmin(actor.principal)) throw noSuchProfile();
    if (!row || !mayEditPerson(actor, row)) throw new UnauthorizedError(actor.userId);
    return row;
  }

  async function editableOrganisation(actor: ProfileActor, profileId: string): Promise<OrganisationRow> {
    const row = await organisationRow(profileId);
    if (!row && isSiteAdmin(actor.principal)) throw noSuchProfile();
    if (!row || !(await mayEditOrganisation(actor, row))) throw new UnauthorizedError(actor.userId, row?.accountId ?? null);
    return row;
  }

  async function sourceRow(profileId: string) {
    const [row] = await db.select().from(profileSources).where(eq(profileSources.profileId, profileId));
    return row ?? null;
  }

  /** Writes the new source document, one revision on. */
  async function saveSource(profileId: string, document: ProfileSourceDocument, actor: ProfileActor) {
    const at = now();
    await db
      .insert(profileSources)
      .values({
        profileId,
        kind: document.kind,
        document,
        revision: 1,
        publishedRevision: 0,
        updatedAt: at,
        updatedByIdentityId: actor.identityId,
      })
      .onConflictDoUpdate({
        target: profileSources.profileId,
        set: { document, revision: sql`${profileSources.revision} + 1`, updatedAt: at, updatedByIdentityId: actor.identityId },
      });
  }

  async function personSourceOf(row: PersonRow): Promise<Source<PersonProfile>> {
    const stored = await sourceRow(row.profileId);
    const document = stored?.document.kind === 'person' ? stored.document : documentOfPerson(row);
    if (document.kind !== 'person') throw noSuchProfile();
    return {
      profile: { ...personOf(row), ...document.fields, details: document.details },
      hasUnpublishedChanges: row.version === 0 || (stored !== null && stored.revision > stored.publishedRevision),
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  async function projectsOf(profileId: string): Promise<Project[]> {
    const rows = await db
      .select()
      .from(profileProjects)
      .where(eq(profileProjects.profileId, profileId))
      .orderBy(asc(profileProjects.position));
    return rows.map(projectOf);
  }

  async function organisationSourceOf(row: OrganisationRow): Promise<Source<OrganisationProfile>> {
    const stored = await sourceRow(row.profileId);
    const document = stored?.document.kind === 'organisation' ? stored.document : documentOfOrganisation(row);
    if (document.kind !== 'organisation') throw noSuchProfile();
    return {
      profile: { ...organisationOf(row), ...document.fields, details: { ...document.details, projects: await projectsOf(row.profileId) } },
      hasUnpublishedChanges: row.version === 0 || (stored !== null && stored.revision > stored.publishedRevision),
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  /** Tells every process which cached pages changed (decision 032). */
  async function pagesChanged(list: string[]) {
    await changes?.publish('pages', { paths: [...new Set(list)] });
  }

  /** The newsroom alone sets a format (a person cannot make their own profile PREMIUM). */
  function checkFormat(actor: ProfileActor, format: unknown) {
    if (format !== undefined && !isSiteAdmin(actor.principal))
      throw new InputError([{ path: ['format'], code: 'custom', message: profileMessages.format }]);
  }

  async function uniqueSlug(table: typeof personProfiles | typeof organisationProfiles, base: string): Promise<string> {
    const taken = new Set(
      (
        await db
          .select({ slug: table.slug })
          .from(table)
          .where(sql`${table.slug} = ${base} or ${table.slug} like ${`${base}-%`}`)
      ).map((r) => r.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function publishedPeople(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: personProfiles.profileId })
      .from(personProfiles)
      .where(and(inArray(personProfiles.profileId, [...ids]), isNotNull(personProfiles.publishedAt)));
    return new Set(rows.map((r) => r.id));
  }

  async function publishedOrganisations(ids: readonly string[], except: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: organisationProfiles.profileId })
      .from(organisationProfiles)
      .where(
        and(
          inArray(organisationProfiles.profileId, [...ids]),
          isNotNull(organisationProfiles.publishedAt),
          ne(organisationProfiles.profileId, except),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }

  async function updateOrganisationDocument(
    actor: ProfileActor,
    profileId: string,
    change: (
      document: Extract<ProfileSourceDocument, { kind: 'organisation' }>,
    ) => Extract<ProfileSourceDocument, { kind: 'organisation' }>,
  ) {
    const row = await editableOrganisation(actor, profileId);
    const source = await organisationSourceOf(row);
    const { projects: _projects, ...details } = source.profile.details;
    const document = change({ kind: 'organisation', fields: splitOrganisation(source.profile).fields as never, details });
    await saveSource(profileId, document, actor);
    return organisationSourceOf(row);
  }

  async function editableProject(actor: ProfileActor, projectId: string) {
    if (!isUuid(projectId)) throw new BaseError(profileMessages.projectId);
    const [project] = await db.select().from(profileProjects).where(eq(profileProjects.projectId, projectId));
    if (!project) {
      if (isSiteAdmin(actor.principal)) throw new BaseError(profileMessages.projectId);
      throw new UnauthorizedError(actor.userId);
    }
    await editableOrganisation(actor, project.profileId);
    return project;
  }

  /** A project edit is a source edit: the profile shows unpublished changes until the next publish. */
  async function touchSource(actor: ProfileActor, profileId: string) {
    const row = await organisationRow(profileId);
    if (row) await saveSource(profileId, (await sourceRow(profileId))?.document ?? documentOfOrganisation(row), actor);
  }

  return {
    personRow,
    organisationRow,
    mayEditPerson,
    mayEditOrganisation,

    /** The source of a person profile, for those who may edit it. */
    async personSource(actor: ProfileActor, profileId: string): Promise<Source<PersonProfile>> {
      return personSourceOf(await editablePerson(actor, profileId));
    },

    async organisationSource(actor: ProfileActor, profileId: string): Promise<Source<OrganisationProfile>> {
      return organisationSourceOf(await editableOrganisation(actor, profileId));
    },

    /** The profile of the signed-in person, if they have one. */
    async ownPersonProfileId(identityId: string): Promise<string | null> {
      if (!isUuid(identityId)) return null;
      const [row] = await db.select({ id: personProfiles.profileId }).from(personProfiles).where(eq(personProfiles.identityId, identityId));
      return row?.id ?? null;
    },

    /** The organisation profiles of an account (its admins' profiles screen, the partner hub to come). */
    async organisationProfileIdsOf(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ id: organisationProfiles.profileId })
        .from(organisationProfiles)
        .where(eq(organisationProfiles.accountId, accountId));
      return rows.map((r) => r.id);
    },

    /** createPersonProfile: the signed-in person's own profile, unpublished until they publish it. */
    async createPerson(actor: ProfileActor, input: unknown): Promise<Source<PersonProfile>> {
      if (!isSignedIn(actor.principal)) throw new UnauthorizedError(actor.userId);
      const parsed = parseInput(schemas.createPerson, input);
      if (await this.ownPersonProfileId(actor.identityId)) throw new BaseError(profileMessages.ownProfileExists);
      const { fields, details } = splitPerson(parsed);
      const profileId = randomUUID();
      const slug = await uniqueSlug(personProfiles, slugify(`${parsed.firstName} ${parsed.lastName}`));
      const values = {
        profileId,
        slug,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        subtitle: fields.subtitle ?? '',
        summary: fields.summary ?? '',
        location: fields.location ?? '',
        nationalities: fields.nationalities ?? [],
        category: parsed.category,
        yearBorn: fields.yearBorn ?? null,
        thumbnailKey: fields.thumbnailKey ?? null,
        format: 'DEFAULT' as const,
        identityId: actor.identityId,
        version: 0,
        publishedAt: null,
        details,
      };
      try {
        await db.insert(personProfiles).values(values);
      } catch (error) {
        // A second create racing this one: the unique index on identity_id holds.
        if (await this.ownPersonProfileId(actor.identityId)) throw new BaseError(profileMessages.ownProfileExists);
        throw error;
      }
      const row = (await personRow(profileId))!;
      await saveSource(profileId, documentOfPerson(row), actor);
      return personSourceOf(row);
    },

    /** updatePersonProfile: changes the source only; the public page is unchanged until a publish. */
    async updatePerson(actor: ProfileActor, profileId: string, input: unknown): Promise<Source<PersonProfile>> {
      const row = await editablePerson(actor, profileId);
      const parsed = parseInput(schemas.updatePerson, input);
      checkFormat(actor, (input as { format?: unknown } | null)?.format);
      const source = await personSourceOf(row);
      const { fields, details } = splitPerson(parsed);
      const current = splitPerson(source.profile);
      await saveSource(
        profileId,
        {
          kind: 'person',
          fields: { ...(current.fields as Required<typeof current.fields>), ...fields },
          details: { ...source.profile.details, ...defined(details) },
        },
        actor,
      );
      return personSourceOf(row);
    },

    /** publishPersonProfile: the source becomes the public profile, one version on. */
    async publishPerson(actor: ProfileActor, profileId: string): Promise<PersonProfile> {
      const row = await editablePerson(actor, profileId);
      const stored = await sourceRow(profileId);
      const document = stored?.document.kind === 'person' ? stored.document : documentOfPerson(row);
      if (document.kind !== 'person') throw noSuchProfile();
      const [published] = await db
        .update(personProfiles)
        .set({ ...document.fields, details: document.details, version: sql`${personProfiles.version} + 1`, publishedAt: now() })
        .where(eq(personProfiles.profileId, profileId))
        .returning();
      if (stored)
        await db.update(profileSources).set({ publishedRevision: stored.revision }).where(eq(profileSources.profileId, profileId));
      await pagesChanged([paths.person(row.slug), paths.people()]);
      return personOf(published!);
    },

    async updateOrganisation(actor: ProfileActor, profileId: string, input: unknown): Promise<Source<OrganisationProfile>> {
      const parsed = parseInput(schemas.updateOrganisation, input);
      checkFormat(actor, (input as { format?: unknown } | null)?.format);
      // A job keeps its id while its address stays the same (saved jobs and clicks name it).
      const jobs = parsed.jobs?.map((job) => ({ jobId: uuidv5Like(`${profileId}:${job.url}`), ...job }));
      const { fields, details } = splitOrganisation({ ...parsed, jobs });
      if (details.pinnedProjectId) {
        const [pinned] = await db
          .select({ id: profileProjects.projectId })
          .from(profileProjects)
          .where(and(eq(profileProjects.projectId, details.pinnedProjectId), eq(profileProjects.profileId, profileId)));
        if (!pinned) throw new InputError([{ path: ['pinnedProjectId'], code: 'custom', message: profileMessages.pinned }]);
      }
      return updateOrganisationDocument(actor, profileId, (document) => ({
        kind: 'organisation',
        fields: { ...document.fields, ...defined(fields) },
        details: { ...document.details, ...defined(details) },
      }));
    },

    /** updateOrganisationKeyPeople: the people shown as the organisation's key people (published person profiles). */
    async updateKeyPeople(actor: ProfileActor, profileId: string, input: unknown): Promise<Source<OrganisationProfile>> {
      const keyPeople: KeyPerson[] = parseInput(keyPeopleSchema, input);
      await editableOrganisation(actor, profileId);
      const known = await publishedPeople(keyPeople.map((p) => p.profileId));
      const unknown = keyPeople.findIndex((p) => !known.has(p.profileId));
      if (unknown >= 0)
        throw new InputError([
          { path: ['keyPeople', String(unknown), 'profileId'], code: 'custom', message: profileMessages.notKeyPerson },
        ]);
      return updateOrganisationDocument(actor, profileId, (document) => ({ ...document, details: { ...document.details, keyPeople } }));
    },

    /** updateOrganisationChildren: the organisation's subsidiaries (other published organisation profiles). */
    async updateChildren(actor: ProfileActor, profileId: string, input: unknown): Promise<Source<OrganisationProfile>> {
      const children = parseInput(childrenSchema, input);
      await editableOrganisation(actor, profileId);
      const known = await publishedOrganisations(children, profileId);
      const unknown = children.findIndex((id) => !known.has(id));
      if (unknown >= 0)
        throw new InputError([{ path: ['childProfileIds', String(unknown)], code: 'custom', message: profileMessages.notCompany }]);
      return updateOrganisationDocument(actor, profileId, (document) => {
        const others: RelatedCompany[] = (document.details.relatedCompanies ?? []).filter((c) => c.relation !== 'SUBSIDIARY');
        return {
          ...document,
          details: {
            ...document.details,
            relatedCompanies: [...others, ...children.map((id) => ({ profileId: id, relation: 'SUBSIDIARY' as const }))],
          },
        };
      });
    },

    async publishOrganisation(actor: ProfileActor, profileId: string): Promise<OrganisationProfile> {
      const row = await editableOrganisation(actor, profileId);
      const stored = await sourceRow(profileId);
      const document = stored?.document.kind === 'organisation' ? stored.document : documentOfOrganisation(row);
      if (document.kind !== 'organisation') throw noSuchProfile();
      const projects = await projectsOf(profileId);
      const pinned = projects.some((p) => p.projectId === document.details.pinnedProjectId) ? document.details.pinnedProjectId : null;
      const [published] = await db
        .update(organisationProfiles)
        .set({
          ...document.fields,
          details: { ...document.details, pinnedProjectId: pinned ?? null, projects },
          version: sql`${organisationProfiles.version} + 1`,
          publishedAt: now(),
        })
        .where(eq(organisationProfiles.profileId, profileId))
        .returning();
      if (stored)
        await db.update(profileSources).set({ publishedRevision: stored.revision }).where(eq(profileSources.profileId, profileId));
      // Key people and related companies show this organisation on their pages too.
      const related = [
        ...(document.details.keyPeople ?? []).map((p) => p.profileId),
        ...(document.details.relatedCompanies ?? []).map((c) => c.profileId),
      ];
      const relatedSlugs = related.length
        ? [
            ...(await db.select({ slug: personProfiles.slug }).from(personProfiles).where(inArray(personProfiles.profileId, related))).map(
              (r) => paths.person(r.slug),
            ),
            ...(
              await db
                .select({ slug: organisationProfiles.slug })
                .from(organisationProfiles)
                .where(inArray(organisationProfiles.profileId, related))
            ).map((r) => paths.organisation(r.slug)),
          ]
        : [];
      // The home page shows featured organisations.
      await pagesChanged([paths.organisation(row.slug), paths.organisations(), paths.people(), paths.home(), ...relatedSlugs]);
      return organisationOf(published!);
    },

    // ---------- Projects (§3 Project): edited here, public from the next publish ----------

    async createProject(actor: ProfileActor, profileId: string, input: ProjectInput | unknown): Promise<Project> {
      const parsed = parseInput(projectInputSchema, input);
      await editableOrganisation(actor, profileId);
      const existing = await projectsOf(profileId);
      const base = parsed.slug ?? slugify(parsed.title);
      let slug = base;
      for (let n = 2; existing.some((p) => p.slug === slug); n++) slug = `${base}-${n}`;
      const projectId = randomUUID();
      await db.insert(profileProjects).values({
        projectId,
        profileId,
        slug,
        title: parsed.title,
        description: parsed.description,
        thumbnailKey: parsed.thumbnailKey ?? parsed.assets.find((a) => a.type === 'IMAGE')?.url ?? null,
        assets: parsed.assets,
        position: existing.length,
      });
      await touchSource(actor, profileId);
      const [row] = await db.select().from(profileProjects).where(eq(profileProjects.projectId, projectId));
      return projectOf(row!);
    },

    async updateProject(actor: ProfileActor, projectId: string, input: ProjectUpdate | unknown): Promise<Project> {
      const parsed = parseInput(projectUpdateSchema, input);
      const project = await editableProject(actor, projectId);
      const { slug, ...rest } = parsed;
      if (slug && slug !== project.slug) {
        const [clash] = await db
          .select({ id: profileProjects.projectId })
          .from(profileProjects)
          .where(and(eq(profileProjects.profileId, project.profileId), eq(profileProjects.slug, slug)));
        if (clash) throw new InputError([{ path: ['slug'], code: 'custom', message: profileMessages.slugTaken }]);
      }
      const set = Object.fromEntries(Object.entries({ ...rest, slug }).filter(([, v]) => v !== undefined));
      const [row] = await db
        .update(profileProjects)
        .set({ ...set, updatedAt: now() })
        .where(eq(profileProjects.projectId, projectId))
        .returning();
      await touchSource(actor, project.profileId);
      return projectOf(row!);
    },

    async deleteProject(actor: ProfileActor, projectId: string): Promise<Project> {
      const project = await editableProject(actor, projectId);
      await db.transaction(async (tx) => {
        await tx.delete(profileProjects).where(eq(profileProjects.projectId, projectId));
        await tx
          .update(profileProjects)
          .set({ position: sql`${profileProjects.position} - 1` })
          .where(and(eq(profileProjects.profileId, project.profileId), sql`${profileProjects.position} > ${project.position}`));
      });
      await touchSource(actor, project.profileId);
      return projectOf(project);
    },

    /** reorderProject: moves one project to `position` (0 first); the others keep their order. */
    async reorderProject(actor: ProfileActor, projectId: string, position: number): Promise<Project[]> {
      const project = await editableProject(actor, projectId);
      const list = await projectsOf(project.profileId);
      if (!Number.isInteger(position) || position < 0 || position >= list.length)
        throw new InputError([{ path: ['position'], code: 'too_big', message: `Choose a position from 0 to ${list.length - 1}` }]);
      const others = list.filter((p) => p.projectId !== projectId);
      const ordered = [...others.slice(0, position), projectOf(project), ...others.slice(position)];
      await db.transaction(async (tx) => {
        for (const [index, item] of ordered.entries())
          await tx.update(profileProjects).set({ position: index }).where(eq(profileProjects.projectId, item.projectId));
      });
      await touchSource(actor, project.profileId);
      return projectsOf(project.profileId);
    },

    projectsOf,
  };
}

export type ProfileEditing = ReturnType<typeof createProfileEditing>;
