// The profile editors over HTTP, as a browser without JavaScript posts them (decision 047):
// /user/people/profiles/edit/ — create, save (a refused field), publish, the public page; the
// organisation editors — who may (OWNER, ADMIN) and who is refused (USER, a stranger), fields,
// key people; projects with an uploaded image (served by the resizer) and a YouTube link, uploads
// refused by content and size, reorder, pin, publish to the public page.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../../modules/media/uploads.ts';
import { createTestApp } from '../../../../test/app.ts';
import { signIn } from '../../../../test/graphql.ts';
import * as kit from '../../../../test/organisations.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<typeof signIn>>;
let app: App;
const SITE = 'https://atelier.test';
const PERSON = '/user/people/profiles/edit/';
const LIST = '/user/organisations/profiles/';
const EDIT = '/user/organisations/profiles/edit/';
const PROJECTS = '/user/organisations/profiles/projects/edit/';

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
});
afterAll(async () => {
  await app.close();
});

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A multipart post with one file, as the project forms send an upload. */
function postFile(url: string, cookie: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----atelier${randomUUID()}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, accept: 'text/html', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 180, g: 60, b: 90 } } })
    .png()
    .toBuffer();

describe('/user/people/profiles/edit/', () => {
  it('sends someone signed out to sign in', async () => {
    const page = await get(PERSON);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toContain('/user/login/');
  });

  it('creates a draft, saves it (a bad year refused in place), previews and publishes it to the public page', async () => {
    const person = await signIn(app, { first: 'Petra', last: 'Profile' });
    expect(text((await get(PERSON, person.cookie)).body)).toContain('Create your profile');

    const created = await post(PERSON, person.cookie, { intent: 'create', firstName: 'Petra', lastName: 'Profile', category: 'DESIGNER' });
    expect(created.statusCode).toBe(302);
    let page = text((await get(PERSON, person.cookie)).body);
    expect(page).toContain('Draft, not published');
    const profileId = /profileId=([0-9a-f-]{36})/.exec(page)![1]!;
    expect(page).toContain(`/_preview/people/?profileId=${profileId}`);

    const bad = await post(PERSON, person.cookie, {
      intent: 'save',
      firstName: 'Petra',
      lastName: 'Profile',
      category: 'DESIGNER',
      yearBorn: '1750',
    });
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain('Use a year between 1800 and 2100');

    const saved = await post(PERSON, person.cookie, {
      intent: 'save',
      firstName: 'Petra',
      lastName: 'Profile',
      category: 'DESIGNER',
      summary: 'Designs coats that outlive their owners.',
      'careers.0.title': 'Head of Design',
      'careers.0.organisationName': 'Maison Test',
      'careers.0.startYear': '2019',
      'careers.1.title': '',
      'socialLinks.0.label': 'Website',
      'socialLinks.0.url': 'https://petra.example/',
    });
    expect(saved.statusCode).toBe(200);
    expect(text(saved.body)).toContain('Saved.');
    const preview = await get(`/_preview/people/?profileId=${profileId}`, person.cookie);
    expect(text(preview.body)).toContain('Designs coats that outlive their owners.');
    // Not public until published; another reader may not preview it.
    const slug = 'petra-profile';
    expect((await get(`/people/${slug}/`)).statusCode).toBe(404);
    const other = await signIn(app);
    expect((await get(`/_preview/people/?profileId=${profileId}`, other.cookie)).statusCode).toBe(404);

    expect((await post(PERSON, person.cookie, { intent: 'publish' })).statusCode).toBe(302);
    page = text((await get(`${PERSON}?done=published`, person.cookie)).body);
    expect(page).toContain('Published, version 1');
    const publicPage = await get(`/people/${slug}/`);
    expect(publicPage.statusCode).toBe(200);
    expect(text(publicPage.body)).toContain('Designs coats that outlive their owners.');
    expect(text(publicPage.body)).toContain('Head of Design');
  });
});

/** An organisation (OWNER, ADMIN, USER) owning an unpublished profile. */
async function organisationWithProfile() {
  const { owner, accountId } = await kit.newOrganisation(app);
  const [admin, user] = [await signIn(app, { first: 'Ada', last: 'Admin' }), await signIn(app, { first: 'Uma', last: 'User' })];
  await kit.add(app, owner.cookie, accountId, [admin.email], 'ADMIN');
  await kit.add(app, owner.cookie, accountId, [user.email], 'USER');
  const { profileId, slug } = await kit.organisationProfileFor(app, accountId);
  const fresh = async (who: Person) => ({ ...who, cookie: (await kit.tokensFor(app, who.identitySessionToken)).cookie });
  return { owner: await fresh(owner), admin: await fresh(admin), user: await fresh(user), profileId, slug };
}

const orgFields = {
  title: 'Maison Edit',
  summary: 'Coats and knitwear from Lyon.',
  city: 'Lyon',
  country: 'FR',
  organisationIndustry: 'LUXURY_FASHION',
  organisationSize: 'SIZE_11_50',
  organisationType: 'BRAND',
  ownershipType: 'PRIVATE',
  yearEstablished: '2001',
};

describe('organisation profile editors', () => {
  it('lists the profile for its OWNER and ADMIN; a USER and a stranger are refused with a clear page', async () => {
    const { owner, admin, user, profileId } = await organisationWithProfile();
    for (const who of [owner, admin]) {
      const list = await get(LIST, who.cookie);
      expect(list.statusCode).toBe(200);
      expect(text(list.body)).toContain('Draft, not published');
      expect(list.body).toContain(`profileId=${profileId}`);
    }
    const refused = await get(LIST, user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(text(refused.body)).toContain('Only an organisation’s owner and admins edit its profile.');
    const stranger = await signIn(app);
    expect((await get(LIST, stranger.cookie)).statusCode).toBe(403);
    for (const url of [`${EDIT}?profileId=${profileId}`, `${PROJECTS}?profileId=${profileId}`]) {
      const page = await get(url, user.cookie);
      expect(page.statusCode).toBe(403);
      expect(text(page.body)).toContain('Only the organisation’s owner and admins can edit its profile.');
    }
    const posted = await post(EDIT, user.cookie, { intent: 'save', profileId, ...orgFields, title: 'Taken over' });
    expect(posted.statusCode).toBe(403);
    const source = await app.services.profiles.organisationSource(
      { identityId: owner.identityId, userId: owner.userId, principal: { membershipLevel: 'Premium', isBofAdmin: false } as never },
      profileId,
    );
    expect(source.profile.title).toBe('Maison Edit');
  });

  it('saves the fields (a bad link refused), adds a key person by address name, publishes', async () => {
    const { admin, profileId, slug } = await organisationWithProfile();
    // Forms post to the page's own address, as the browser does.
    const EDIT_AT = `${EDIT}?profileId=${profileId}`;
    const bad = await post(EDIT_AT, admin.cookie, {
      intent: 'save',
      profileId,
      ...orgFields,
      'externalLinks.0.label': 'Site',
      'externalLinks.0.url': 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const saved = await post(EDIT_AT, admin.cookie, {
      intent: 'save',
      profileId,
      ...orgFields,
      'externalLinks.0.label': 'Site',
      'externalLinks.0.url': 'https://maison.example/',
    });
    expect(saved.statusCode).toBe(200);
    const added = await post(EDIT_AT, admin.cookie, { intent: 'key-add', profileId, slug: 'helene-castel', role: 'Adviser' });
    expect(added.statusCode).toBe(200);
    const unknown = await post(EDIT_AT, admin.cookie, { intent: 'key-add', profileId, slug: 'no-such-person', role: 'Adviser' });
    expect(unknown.statusCode).toBe(422);
    expect(text(unknown.body)).toContain('There is no person profile at that address');
    const search = text((await get(`${EDIT}?profileId=${profileId}&companies=verrier`, admin.cookie)).body);
    expect(search).toContain('Maison Verrier');

    expect((await post(EDIT_AT, admin.cookie, { intent: 'publish', profileId })).statusCode).toBe(302);
    const publicPage = text((await get(`/organisations/${slug}/`)).body);
    expect(publicPage).toContain('Coats and knitwear from Lyon.');
    expect(publicPage).toContain('href="/people/helene-castel/"');
  });

  it('adds projects with an uploaded image and a YouTube link, refuses bad uploads, reorders, pins and publishes', async () => {
    const { admin, user, profileId, slug } = await organisationWithProfile();
    const at = `${PROJECTS}?profileId=${profileId}`;
    const created = await postFile(
      at,
      admin.cookie,
      { intent: 'create', profileId, title: 'Autumn Show', description: 'The runway in Lyon.', assetDescription: 'The finale' },
      { name: 'finale.png', type: 'image/png', bytes: await png() },
    );
    expect(created.statusCode).toBe(200);
    expect(text(created.body)).toContain('Project added');
    const second = await post(at, admin.cookie, {
      intent: 'create',
      profileId,
      title: 'Atelier Film',
      video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(second.statusCode).toBe(200);
    const badVideo = await post(at, admin.cookie, { intent: 'create', profileId, title: 'Bad link', video: 'https://vimeo.example/123' });
    expect(badVideo.statusCode).toBe(400);

    let projects = (await app.services.profiles.projectsOf(profileId)).map((p) => p.title);
    expect(projects).toEqual(['Autumn Show', 'Atelier Film']);
    const [show, film] = await app.services.profiles.projectsOf(profileId);
    const imageKey = show!.assets[0]!.url;
    expect(imageKey).toMatch(/^upload-/);
    const image = await app.inject({ method: 'GET', url: `/img/${imageKey}/3x2/320.webp` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(320);

    // A text file named like an image, and an image over 5 MB: refused with a sentence, nothing added.
    const fake = await postFile(
      at,
      admin.cookie,
      { intent: 'add-asset', profileId, projectId: film!.projectId },
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    );
    expect(fake.statusCode).toBe(422);
    expect(text(fake.body)).toContain(UPLOAD_MESSAGES.wrongType);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await postFile(
      at,
      admin.cookie,
      { intent: 'add-asset', profileId, projectId: film!.projectId },
      { name: 'big.png', type: 'image/png', bytes: big },
    );
    expect(tooLarge.statusCode).toBe(422);
    expect(text(tooLarge.body)).toContain(UPLOAD_MESSAGES.tooLarge);
    expect((await app.services.profiles.projectsOf(profileId))[1]!.assets).toHaveLength(1);
    // A USER's upload is refused before anything is stored.
    const refused = await postFile(
      at,
      user.cookie,
      { intent: 'add-asset', profileId, projectId: film!.projectId },
      { name: 'a.png', type: 'image/png', bytes: await png() },
    );
    expect(refused.statusCode).toBe(403);

    // Move down (the keyboard's way, a plain form), then pin.
    expect((await post(at, admin.cookie, { intent: 'move', profileId, projectId: show!.projectId, position: '1' })).statusCode).toBe(200);
    projects = (await app.services.profiles.projectsOf(profileId)).map((p) => p.title);
    expect(projects).toEqual(['Atelier Film', 'Autumn Show']);
    expect((await post(at, admin.cookie, { intent: 'pin', profileId, projectId: show!.projectId })).statusCode).toBe(200);
    expect(text((await get(at, admin.cookie)).body)).toMatch(/2\. Autumn Show<span class="profile-edit__badge">Pinned/);

    // Not public before the publish; then the gallery shows both, the image through the resizer.
    expect((await get(`/organisations/${slug}/`)).statusCode).toBe(404);
    expect((await post(at, admin.cookie, { intent: 'publish', profileId })).statusCode).toBe(302);
    const publicPage = text((await get(`/organisations/${slug}/`)).body);
    expect(publicPage).toContain('Autumn Show');
    expect(publicPage).toContain('Atelier Film');
    expect(publicPage).toContain(`/img/${imageKey}/`);

    expect((await post(at, admin.cookie, { intent: 'delete', profileId, projectId: film!.projectId })).statusCode).toBe(200);
    expect((await app.services.profiles.projectsOf(profileId)).map((p) => p.title)).toEqual(['Autumn Show']);
  });
});

describe('a profile’s own pictures', () => {
  it('a person uploads a portrait and a cover, sees them in the draft and, once published, on their page; removes one', async () => {
    const person = await signIn(app, { first: 'Paula', last: 'Picture' });
    // No profile yet: nothing is stored for them.
    const early = await postFile(
      PERSON,
      person.cookie,
      { intent: 'image', slot: 'thumbnail' },
      { name: 'me.png', type: 'image/png', bytes: await png() },
    );
    expect(early.statusCode).toBe(403);
    await post(PERSON, person.cookie, { intent: 'create', firstName: 'Paula', lastName: 'Picture', category: 'DESIGNER' });

    const portrait = await postFile(
      PERSON,
      person.cookie,
      { intent: 'image', slot: 'thumbnail' },
      { name: 'me.png', type: 'image/png', bytes: await png() },
    );
    expect(portrait.statusCode).toBe(200);
    expect(text(portrait.body)).toContain('Portrait added to the draft: publish to show it on your public page.');
    const cover = await postFile(
      PERSON,
      person.cookie,
      { intent: 'image', slot: 'cover' },
      { name: 'cover.png', type: 'image/png', bytes: await png() },
    );
    expect(text(cover.body)).toContain('Cover image added to the draft');
    const profileId = (await app.services.profiles.ownPersonProfileId(person.identityId))!;
    const actor = {
      identityId: person.identityId,
      userId: person.userId,
      principal: { membershipLevel: 'None', isBofAdmin: false } as never,
    };
    const { profile } = await app.services.profiles.personSource(actor, profileId);
    expect(profile.thumbnailKey).toMatch(/^upload-/);
    expect(profile.details.coverKey).toMatch(/^upload-/);
    expect(text((await get(PERSON, person.cookie)).body)).toContain('Replace the portrait');

    const fake = await postFile(
      PERSON,
      person.cookie,
      { intent: 'image', slot: 'cover' },
      { name: 'cv.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7') },
    );
    expect(fake.statusCode).toBe(422);
    expect(text(fake.body)).toContain(UPLOAD_MESSAGES.wrongType);
    const nowhere = await post(PERSON, person.cookie, { intent: 'image', slot: 'banner' });
    expect(nowhere.statusCode).toBe(400);

    await post(PERSON, person.cookie, { intent: 'publish' });
    const publicPage = (await get(`/people/${profile.slug}/`)).body;
    expect(publicPage).toContain(`/img/${profile.thumbnailKey}/`);

    const removed = await post(PERSON, person.cookie, { intent: 'remove-image', slot: 'cover' });
    expect(text(removed.body)).toContain('Cover image removed from the draft');
    expect((await app.services.profiles.personSource(actor, profileId)).profile.details.coverKey).toBeNull();
  });

  it('an organisation’s admin uploads its logo; a USER is refused before anything is stored', async () => {
    const { admin, user, profileId } = await organisationWithProfile();
    const logo = await postFile(
      EDIT,
      admin.cookie,
      { intent: 'image', slot: 'thumbnail', profileId },
      { name: 'logo.png', type: 'image/png', bytes: await png() },
    );
    expect(text(logo.body)).toContain('Logo added to the draft');
    const refused = await postFile(
      EDIT,
      user.cookie,
      { intent: 'image', slot: 'thumbnail', profileId },
      { name: 'logo.png', type: 'image/png', bytes: await png() },
    );
    expect(refused.statusCode).toBe(403);
    const actor = {
      identityId: admin.identityId,
      userId: admin.userId,
      principal: { membershipLevel: 'Premium', isBofAdmin: false } as never,
    };
    const key = (await app.services.profiles.organisationSource(actor, profileId)).profile.thumbnailKey;
    expect(key).toMatch(/^upload-/);
    expect(text((await get(`${EDIT}?profileId=${profileId}`, admin.cookie)).body)).toContain('Replace the logo');
  });
});
