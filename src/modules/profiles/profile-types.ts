// The shapes of a profile (§3 PersonProfile, OrganisationProfile, Project), shared by the tables'
// jsonb columns, the service, GraphQL and the pages. Isomorphic: types only.

export type ProfileKind = 'person' | 'organisation';
export type Format = 'DEFAULT' | 'PREMIUM' | 'SEO';

export interface Link {
  label: string;
  url: string;
}

export interface Career {
  title: string;
  organisationName: string;
  /** The organisation's profile, when it has one: the page links to it. */
  organisationProfileId: string | null;
  startYear: number | null;
  endYear: number | null;
}

export interface Education {
  institution: string;
  qualification: string;
  endYear: number | null;
}

export interface Headquarters {
  addressLine1: string;
  addressLine2: string;
  areaCode: string;
  city: string;
  /** A country key (lookups). */
  country: string;
  state: string;
}

export interface KeyPerson {
  profileId: string;
  role: string;
}

export const RELATIONS = ['PARENT', 'SUBSIDIARY', 'PARTNER'] as const;
export type Relation = (typeof RELATIONS)[number];

export interface RelatedCompany {
  profileId: string;
  /** What the related company is to this one. */
  relation: Relation;
}

export interface Job {
  jobId: string;
  title: string;
  location: string;
  url: string;
  postedOn: string;
}

export const ASSET_TYPES = ['IMAGE', 'YOUTUBE'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** §3 Project asset: an image (a media key, drawn by the resizer) or a YouTube link (§5 video rule). */
export interface ProjectAsset {
  type: AssetType;
  /** IMAGE: the media key; YOUTUBE: the link as given. */
  url: string;
  description: string;
}

export interface Project {
  projectId: string;
  profileId: string;
  slug: string;
  title: string;
  description: string;
  thumbnailKey: string | null;
  assets: ProjectAsset[];
}

export interface PersonFields {
  firstName: string;
  lastName: string;
  subtitle: string;
  summary: string;
  location: string;
  nationalities: string[];
  category: string;
  yearBorn: number | null;
  thumbnailKey: string | null;
  format: Format;
}

export interface PersonDetails {
  title?: string;
  editorialDescription?: string;
  yearPassed?: number | null;
  memberSince?: number | null;
  careers?: Career[];
  education?: Education[];
  /** profileCollections keys (e.g. a BoF 500 class). */
  collections?: string[];
  socialLinks?: Link[];
  badges?: string[];
  coverKey?: string | null;
  condensedHeader?: boolean;
  isLinkable?: boolean;
}

export interface OrganisationFields {
  title: string;
  summary: string;
  city: string;
  country: string;
  organisationIndustry: string;
  organisationSize: string;
  organisationType: string;
  ownershipType: string;
  yearEstablished: number | null;
  thumbnailKey: string | null;
  format: Format;
}

export interface OrganisationDetails {
  editorialDescription?: string;
  premiumDescription?: string;
  headquarters?: Headquarters | null;
  externalLinks?: Link[];
  socialLinks?: Link[];
  programLinks?: Link[];
  keyPeople?: KeyPerson[];
  relatedCompanies?: RelatedCompany[];
  jobs?: Job[];
  badges?: string[];
  coverKey?: string | null;
  isLinkable?: boolean;
  pinnedProjectId?: string | null;
  /** The projects as they were at the last publish (the public copy). */
  projects?: Project[];
}

export type ProfileSourceDocument =
  | { kind: 'person'; fields: PersonFields; details: PersonDetails }
  | { kind: 'organisation'; fields: OrganisationFields; details: Omit<OrganisationDetails, 'projects'> };

/** A profile as a page or the API shows it: public, or the source for its editors. */
export interface PersonProfile extends PersonFields {
  profileId: string;
  slug: string;
  version: number;
  publishedAt: Date | null;
  details: PersonDetails;
}

export interface OrganisationProfile extends OrganisationFields {
  profileId: string;
  slug: string;
  version: number;
  publishedAt: Date | null;
  accountId: string | null;
  details: OrganisationDetails;
}

export interface Source<P> {
  profile: P;
  /** Edits since the last publish. */
  hasUnpublishedChanges: boolean;
  updatedAt: Date | null;
}
