// The demo's profiles (issue 18): the catalogue's people and organisations (the ones stories name),
// made whole — careers, education, key people, subsidiaries, jobs, projects, a BoF 500 class — and a
// few hundred more generated the same way, so the directories have something to filter. Pure and
// deterministic (its own seed: the story catalogue is not disturbed); ids are stable.
import { stableUuid } from '../../db/stable-id.ts';
import type { ArtSpec } from '../../modules/media/art/art-spec.ts';
import type { OrganisationDetails, PersonDetails, Project, ProjectAsset } from '../../modules/profiles/profile-types.ts';
import { ORGANISATIONS } from '../catalogue/organisations.ts';
import { PALETTES } from '../catalogue/palettes.ts';
import { PEOPLE } from '../catalogue/people.ts';
import { at, createRng, type Rng } from '../catalogue/random.ts';
import { slugify } from '../catalogue/text.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { demoKey } from './lookup-keys.ts';
import { bof500ClassKey, BOF500_BADGE } from '../../modules/profiles/bof500.ts';

const SEED = 0x9f0f_1e18;
/** The BoF 500 classes (profile collections) the demo's people belong to, newest first. */
const DEMO_CLASS_YEARS = [2026, 2025, 2024, 2023, 2022];

type Format = 'DEFAULT' | 'PREMIUM' | 'SEO';

export interface DemoPersonRow {
  profileId: string;
  slug: string;
  firstName: string;
  lastName: string;
  subtitle: string;
  summary: string;
  location: string;
  nationalities: string[];
  category: string;
  yearBorn: number | null;
  thumbnailKey: string;
  format: Format;
  details: PersonDetails;
}

export interface DemoOrganisationRow {
  profileId: string;
  slug: string;
  title: string;
  summary: string;
  city: string;
  country: string;
  organisationIndustry: string;
  organisationSize: string;
  organisationType: string;
  ownershipType: string;
  yearEstablished: number | null;
  thumbnailKey: string;
  format: Format;
  accountId: string | null;
  details: OrganisationDetails;
}

export interface DemoProfiles {
  people: DemoPersonRow[];
  organisations: DemoOrganisationRow[];
  projects: (Project & { position: number })[];
  featured: { profileId: string; category: 'HOMEPAGE_COMPONENT' | 'ORGANISATION_INDEX'; daysAgo: number }[];
  /** New images to register with the media module (projects, covers, generated portraits and logos). */
  art: ArtSpec[];
}

const FIRST = [
  'Amara',
  'Bastien',
  'Chiara',
  'Dario',
  'Elin',
  'Farah',
  'Gideon',
  'Hana',
  'Ines',
  'Jonas',
  'Kemi',
  'Luca',
  'Mei',
  'Nadia',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sami',
  'Tove',
  'Umberto',
  'Vera',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zofia',
  'Adele',
  'Bruno',
  'Camille',
  'Dev',
  'Esme',
  'Felix',
  'Greta',
  'Hugo',
  'Ida',
  'Jun',
  'Kofi',
  'Lena',
  'Mateo',
  'Noor',
];
const LAST = [
  'Achterberg',
  'Baptiste',
  'Castellano',
  'Dahl',
  'Eze',
  'Fontaine',
  'Grieve',
  'Haddad',
  'Iwata',
  'Jansen',
  'Kowalczyk',
  'Lindqvist',
  'Moretti',
  'Nakamura',
  'Okonkwo',
  'Pereira',
  'Quist',
  'Rahman',
  'Sørensen',
  'Takeda',
  'Ueda',
  'Valente',
  'Whitlock',
  'Xu',
  'Yilmaz',
  'Zanetti',
  'Abernethy',
  'Brandt',
  'Cruz',
  'Delacroix',
];
const CITIES: readonly [string, string][] = [
  ['Paris', 'France'],
  ['London', 'United Kingdom'],
  ['Milan', 'Italy'],
  ['New York', 'United States'],
  ['Los Angeles', 'United States'],
  ['Copenhagen', 'Denmark'],
  ['Stockholm', 'Sweden'],
  ['Tokyo', 'Japan'],
  ['Seoul', 'South Korea'],
  ['Shanghai', 'China'],
  ['Lagos', 'Nigeria'],
  ['São Paulo', 'Brazil'],
  ['Antwerp', 'Belgium'],
  ['Berlin', 'Germany'],
  ['Mumbai', 'India'],
  ['Dubai', 'United Arab Emirates'],
];
const CATEGORIES = [
  'Designer',
  'Creative Director',
  'Executive',
  'Founder',
  'Investor',
  'Editor',
  'Journalist',
  'Photographer',
  'Stylist',
  'Model',
  'Creator',
  'Retailer',
  'Educator',
] as const;
const ROLE_OF: Record<(typeof CATEGORIES)[number], readonly string[]> = {
  Designer: ['Head of Design', 'Senior Designer', 'Womenswear Designer', 'Menswear Designer'],
  'Creative Director': ['Creative Director', 'Artistic Director'],
  Executive: ['Chief Executive', 'Chief Operating Officer', 'Chief Financial Officer', 'Chief Marketing Officer'],
  Founder: ['Founder', 'Co-founder'],
  Investor: ['Partner', 'Managing Director'],
  Editor: ['Editor-in-Chief', 'Fashion Director'],
  Journalist: ['Senior Correspondent', 'Contributing Writer'],
  Photographer: ['Photographer'],
  Stylist: ['Stylist', 'Fashion Editor'],
  Model: ['Model'],
  Creator: ['Creator', 'Host'],
  Retailer: ['Buying Director', 'Head of Retail'],
  Educator: ['Course Director', 'Professor of Fashion'],
};
const SCHOOLS = [
  'Central Saint Martins',
  'Parsons School of Design',
  'Institut Français de la Mode',
  'Royal Academy of Fine Arts Antwerp',
  'Istituto Marangoni',
  'Bunka Fashion College',
  'London College of Fashion',
  'Fashion Institute of Technology',
  'ESSEC Business School',
  'INSEAD',
];
const QUALIFICATIONS = [
  'BA Fashion Design',
  'MA Fashion',
  'BA Womenswear',
  'MBA',
  'BA Fashion Communication',
  'MA Menswear',
  'BSc Economics',
];
const ORG_FIRST = ['Atelier', 'Maison', 'Studio', 'House of', 'Casa', 'Workshop'];
const ORG_NAMES = [
  'Lumen',
  'Fjord',
  'Serac',
  'Ondine',
  'Tessel',
  'Corvo',
  'Amber',
  'Halvard',
  'Meridian',
  'Sable',
  'Linnea',
  'Orrin',
  'Pavo',
  'Quill',
  'Rune',
  'Solace',
  'Thorn',
  'Umbra',
  'Velour',
  'Wren',
  'Yarrow',
  'Zephyr',
  'Auden',
  'Bellweather',
  'Calder',
  'Dune',
];
const ORG_KINDS: readonly { suffix: string; type: string; industries: readonly string[]; noun: string }[] = [
  {
    suffix: '',
    type: 'Brand',
    industries: ['Designer Fashion', 'Contemporary Fashion', 'Luxury Fashion', 'Footwear', 'Accessories and Leather Goods'],
    noun: 'label',
  },
  { suffix: ' Knitwear', type: 'Manufacturer', industries: ['Textile Manufacturing', 'Garment Manufacturing'], noun: 'manufacturer' },
  { suffix: ' Stores', type: 'Retailer', industries: ['Multi-brand Retail', 'Department Stores', 'E-commerce'], noun: 'retailer' },
  { suffix: ' Beauty', type: 'Brand', industries: ['Beauty', 'Fragrance'], noun: 'beauty brand' },
  {
    suffix: ' Agency',
    type: 'Agency',
    industries: ['Creative and Advertising Agencies', 'Public Relations', 'Model and Talent Management'],
    noun: 'agency',
  },
  { suffix: ' Labs', type: 'Technology', industries: ['Software and Technology', 'Resale and Rental'], noun: 'company' },
];
const SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000'] as const;
const OWNERSHIP = ['Private', 'Family-owned', 'Venture-backed', 'Private equity-backed', 'Public'] as const;
const PROJECT_NAMES = [
  'Spring/Summer Show',
  'Autumn/Winter Collection',
  'Flagship Opening',
  'Archive Exhibition',
  'Repair Programme',
  'Capsule Collaboration',
  'Craft Residency',
  'Campaign Film',
];
/**
 * Video links (§5 video-link rule) for the demo's campaign films. They are of the right form and
 * are shown only as privacy-enhanced embeds after embeds consent.
 */
const VIDEO_IDS = ['M7lc1UVf-VE', 'aqz-KE-bpKQ', 'ScMzIvxBSi4', 'jNQXAC9IVRw'];
const JOB_TITLES = [
  'Senior Womenswear Designer',
  'Merchandising Manager',
  'Retail Store Manager',
  'E-commerce Director',
  'Sustainability Lead',
  'Production Coordinator',
  'Head of Communications',
  'Data Analyst',
];

function art(rng: Rng, key: string, style: ArtSpec['style']): ArtSpec {
  const colours = at(PALETTES, rng.int(0, PALETTES.length - 1)).colours;
  const offset = rng.int(0, colours.length - 1);
  return { key, style, palette: colours.map((_, i) => at(colours, (i + offset) % colours.length)[0]), seed: rng.int(1, 2_147_483_646) };
}

const orgId = (slug: string) => stableUuid('organisation', slug);
const personId = (slug: string) => stableUuid('person', slug);

export function buildDemoProfiles(
  catalogue: Pick<DemoCatalogue, 'people' | 'organisations'>,
  options: { lindGroupAccountId?: string } = {},
): DemoProfiles {
  const rng = createRng(SEED);
  const newArt: ArtSpec[] = [];

  // ---- Organisations: the catalogue's, then generated ones ----
  const organisations: DemoOrganisationRow[] = catalogue.organisations.map((o) => ({
    profileId: orgId(o.slug),
    slug: o.slug,
    title: o.title,
    summary: o.summary,
    city: o.city,
    country: demoKey('country', o.country),
    organisationIndustry: demoKey('industry', o.industry),
    organisationSize: demoKey('size', o.size),
    organisationType: demoKey('type', o.type),
    ownershipType: demoKey('ownership', o.ownership),
    yearEstablished: o.yearEstablished,
    thumbnailKey: o.logo.key,
    format: 'DEFAULT',
    accountId: null,
    details: {},
  }));
  const usedOrgSlugs = new Set(organisations.map((o) => o.slug));
  for (let i = 0; organisations.length < 150; i++) {
    const kind = at(ORG_KINDS, i % ORG_KINDS.length);
    const title = `${i % 3 === 0 ? `${rng.pick(ORG_FIRST)} ` : ''}${at(ORG_NAMES, (i * 7) % ORG_NAMES.length)}${i >= ORG_NAMES.length ? ` ${at(ORG_NAMES, (i * 3 + 5) % ORG_NAMES.length)}` : ''}${kind.suffix}`;
    const slug = slugify(title);
    if (usedOrgSlugs.has(slug)) continue;
    usedOrgSlugs.add(slug);
    const [city, country] = rng.pick(CITIES);
    const industry = rng.pick(kind.industries);
    const year = rng.int(1950, 2022);
    const logo = art(rng, `org-${slug}`, i % 2 === 0 ? 'grid' : 'fields');
    newArt.push(logo);
    organisations.push({
      profileId: orgId(slug),
      slug,
      title,
      summary: `${title} is a ${city}-based ${kind.noun} founded in ${year}, working in ${industry.toLowerCase()}.`,
      city,
      country: demoKey('country', country),
      organisationIndustry: demoKey('industry', industry),
      organisationSize: demoKey('size', rng.pick(SIZES)),
      organisationType: demoKey('type', kind.type),
      ownershipType: demoKey('ownership', rng.pick(OWNERSHIP)),
      yearEstablished: year,
      thumbnailKey: logo.key,
      format: 'DEFAULT',
      accountId: null,
      details: {},
    });
  }
  // Lind Group, the demo organisation account (src/demo/organisation.ts): its OWNER and ADMIN edit this profile.
  if (options.lindGroupAccountId) {
    const logo = art(rng, 'org-lind-group', 'grid');
    newArt.push(logo);
    organisations.push({
      profileId: orgId('lind-group'),
      slug: 'lind-group',
      title: 'Lind Group',
      summary:
        'Lind Group is a Stockholm fashion group of three contemporary labels, known for outerwear and a repair service in every store.',
      city: 'Stockholm',
      country: 'SE',
      organisationIndustry: 'CONTEMPORARY_FASHION',
      organisationSize: 'SIZE_201_1000',
      organisationType: 'BRAND',
      ownershipType: 'FAMILY_OWNED',
      yearEstablished: 1994,
      thumbnailKey: logo.key,
      format: 'PREMIUM',
      accountId: options.lindGroupAccountId,
      details: {},
    });
  }

  // ---- People: the catalogue's (with their organisations), then generated ones ----
  const seedOrg = new Map(PEOPLE.map((p) => [slugify(`${p.first} ${p.last}`), p.org]));
  const people: (DemoPersonRow & { org: string | null; role: string })[] = catalogue.people.map((p) => ({
    profileId: personId(p.slug),
    slug: p.slug,
    firstName: p.firstName,
    lastName: p.lastName,
    subtitle: p.subtitle,
    summary: p.summary,
    location: p.location,
    nationalities: p.nationalities.map((n) => demoKey('country', n)),
    category: demoKey('category', p.category),
    yearBorn: p.yearBorn,
    thumbnailKey: p.portrait.key,
    format: 'DEFAULT',
    details: {},
    org: seedOrg.get(p.slug) ?? null,
    role: p.subtitle.split(',')[0] ?? p.subtitle,
  }));
  const usedPeople = new Set(people.map((p) => p.slug));
  const generatedOrgs = organisations.slice(catalogue.organisations.length);
  for (let i = 0; people.length < 320; i++) {
    const firstName = at(FIRST, (i * 11) % FIRST.length);
    const lastName = at(LAST, (i * 7 + Math.floor(i / FIRST.length)) % LAST.length);
    const slug = slugify(`${firstName} ${lastName}`);
    if (usedPeople.has(slug)) continue;
    usedPeople.add(slug);
    const category = at(CATEGORIES, i % CATEGORIES.length);
    const org = category === 'Journalist' || category === 'Model' || category === 'Photographer' ? null : rng.pick(generatedOrgs);
    const role = rng.pick(ROLE_OF[category]);
    const [city, country] = org ? [org.city, org.country] : (([c, n]) => [c, demoKey('country', n)])(rng.pick(CITIES));
    const portrait = art(rng, `person-${slug}`, 'silhouette');
    newArt.push(portrait);
    const subtitle = org ? `${role}, ${org.title}` : `${role}, ${city}`;
    people.push({
      profileId: personId(slug),
      slug,
      firstName,
      lastName,
      subtitle,
      summary: org
        ? `${firstName} ${lastName} is ${role.toLowerCase()} of ${org.title}, based in ${city}.`
        : `${firstName} ${lastName} is a ${city}-based ${role.toLowerCase()} whose work appears across the industry.`,
      location: city,
      nationalities: [country],
      category: demoKey('category', category),
      yearBorn: rng.int(1955, 2001),
      thumbnailKey: portrait.key,
      format: 'DEFAULT',
      details: {},
      org: org?.slug ?? null,
      role,
    });
  }

  const orgBySlug = new Map(organisations.map((o) => [o.slug, o]));

  // ---- Details: careers, education, the BoF 500 class; formats ----
  for (const [i, person] of people.entries()) {
    const org = person.org ? orgBySlug.get(person.org) : undefined;
    const start = rng.int(2014, 2024);
    const previous = rng.pick(organisations);
    // Every third person is in the BoF 500, the classes taking turns.
    const classYear = i % 3 === 0 ? DEMO_CLASS_YEARS[(i / 3) % DEMO_CLASS_YEARS.length]! : null;
    person.format = i % 11 === 0 ? 'PREMIUM' : i % 13 === 5 ? 'SEO' : 'DEFAULT';
    person.details = {
      editorialDescription: `${person.firstName} ${person.lastName} is known in the industry for ${rng.pick(['a clear point of view on craft', 'building teams that last', 'turning archives into new work', 'work on sustainable materials', 'a sharp eye for talent'])}. Colleagues describe ${rng.pick(['a patient, exacting', 'a quick, collaborative', 'a quiet, decisive', 'a curious, hands-on'])} way of working.`,
      careers: [
        ...(org
          ? [{ title: person.role, organisationName: org.title, organisationProfileId: org.profileId, startYear: start, endYear: null }]
          : []),
        ...(previous.slug !== org?.slug
          ? [
              {
                title: rng.pick(['Director', 'Senior Manager', 'Designer', 'Head of Studio']),
                organisationName: previous.title,
                organisationProfileId: previous.profileId,
                startYear: start - rng.int(4, 9),
                endYear: start,
              },
            ]
          : []),
      ],
      education: [{ institution: rng.pick(SCHOOLS), qualification: rng.pick(QUALIFICATIONS), endYear: (person.yearBorn ?? 1980) + 22 }],
      collections: classYear ? [bof500ClassKey(classYear)] : [],
      memberSince: classYear,
      badges: classYear ? [BOF500_BADGE] : [],
      isLinkable: true,
    };
    if (person.format === 'PREMIUM') {
      const cover = art(rng, `cover-${person.slug}`, 'folds');
      newArt.push(cover);
      person.details.coverKey = cover.key;
    }
  }

  // ---- Organisations: key people, subsidiaries, jobs, projects ----
  const peopleByOrg = new Map<string, typeof people>();
  for (const p of people) if (p.org) peopleByOrg.set(p.org, [...(peopleByOrg.get(p.org) ?? []), p]);
  const groups = ORGANISATIONS.filter((o) => o.kinds.includes('group')).map((o) => o.slug);
  const brands = ORGANISATIONS.filter((o) => o.kinds.includes('lux') || o.kinds.includes('brand')).map((o) => o.slug);
  const projects: DemoProfiles['projects'] = [];
  const featured: DemoProfiles['featured'] = [];
  for (const [i, org] of organisations.entries()) {
    const premium = org.format === 'PREMIUM' || i % 6 === 0;
    org.format = premium ? 'PREMIUM' : i % 9 === 4 ? 'SEO' : 'DEFAULT';
    const groupIndex = groups.indexOf(org.slug);
    const children = groupIndex >= 0 ? brands.filter((_, b) => b % groups.length === groupIndex).slice(0, 3) : [];
    const jobs = Array.from({ length: i % 4 }, (_, j) => {
      const title = at(JOB_TITLES, (i + j * 3) % JOB_TITLES.length);
      const url = `https://careers.${org.slug}.example/jobs/${slugify(title)}`;
      return {
        jobId: stableUuid('job', url),
        title,
        location: org.city,
        url,
        postedOn: `2026-11-${String(1 + ((i + j) % 19)).padStart(2, '0')}`,
      };
    });
    const own: Project[] = [];
    if (premium || i % 4 === 1) {
      for (let n = 0; n < (premium ? 4 : 2); n++) {
        const name = at(PROJECT_NAMES, (i + n) % PROJECT_NAMES.length);
        const slug = slugify(name);
        const images = [
          art(rng, `project-${org.slug}-${slug}-1`, rng.pick(['folds', 'swatches', 'arcs'] as const)),
          art(rng, `project-${org.slug}-${slug}-2`, 'fields'),
        ];
        newArt.push(...images);
        const assets: ProjectAsset[] = images.map((image, k) => ({
          type: 'IMAGE',
          url: image.key,
          description: `${name}, ${k === 0 ? 'the collection' : 'in the studio'}`,
        }));
        if (n === 0)
          assets.push({
            type: 'YOUTUBE',
            url: `https://www.youtube.com/watch?v=${at(VIDEO_IDS, i % VIDEO_IDS.length)}`,
            description: `${name}: the film`,
          });
        own.push({
          projectId: stableUuid('project', `${org.slug}/${slug}`),
          profileId: org.profileId,
          slug,
          title: name,
          description: `${org.title}’s ${name.toLowerCase()}: ${rng.pick(['made with the ateliers it has worked with for decades', 'shown to buyers and press in ' + org.city, 'a study in materials and cut', 'made to last and to be repaired'])}.`,
          thumbnailKey: images[0]!.key,
          assets,
        });
      }
      projects.push(...own.map((p, position) => ({ ...p, position })));
    }
    org.details = {
      editorialDescription: `Founded in ${org.yearEstablished ?? 'the last century'} in ${org.city}, ${org.title} employs ${org.organisationSize.replace('SIZE_', '').replace('_PLUS', '+').replace('_', '–')} people. ${rng.pick(['Its studio and ateliers work side by side.', 'It sells through its own stores and a few chosen partners.', 'Much of its making stays within a day’s drive of its headquarters.', 'It publishes what its products are made of, and where.'])}`,
      premiumDescription: premium
        ? `${org.title} opens its studio to the industry: its projects, its people and its open roles, in its own words.`
        : '',
      headquarters: {
        addressLine1: `${rng.int(2, 120)} ${rng.pick(['Rue', 'Via', 'Street', 'Gatan', 'Avenue'])} ${rng.pick(ORG_NAMES)}`,
        addressLine2: '',
        areaCode: String(rng.int(10000, 99999)),
        city: org.city,
        country: org.country,
        state: '',
      },
      externalLinks: [{ label: 'Website', url: `https://www.${org.slug}.example/` }],
      keyPeople: (peopleByOrg.get(org.slug) ?? []).slice(0, 5).map((p) => ({ profileId: p.profileId, role: p.role })),
      relatedCompanies: children.map((slug) => ({ profileId: orgId(slug), relation: 'SUBSIDIARY' as const })),
      jobs,
      projects: own,
      pinnedProjectId: own[0]?.projectId ?? null,
      isLinkable: true,
    };
    if (premium) {
      const cover = art(rng, `cover-${org.slug}`, 'folds');
      newArt.push(cover);
      org.details.coverKey = cover.key;
    }
    if (premium && featured.length < 8)
      featured.push({ profileId: org.profileId, category: 'ORGANISATION_INDEX', daysAgo: featured.length * 3 });
    if (premium && i % 2 === 0 && featured.filter((f) => f.category === 'HOMEPAGE_COMPONENT').length < 4)
      featured.push({ profileId: org.profileId, category: 'HOMEPAGE_COMPONENT', daysAgo: i % 10 });
  }

  return {
    people: people.map(({ org: _org, role: _role, ...row }) => row),
    organisations,
    projects,
    featured,
    art: newArt,
  };
}
