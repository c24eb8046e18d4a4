// A person's and an organisation's profile page, laid out by §3 format: PREMIUM is the richest
// (cover, the editorial and premium descriptions), DEFAULT the usual page, SEO a
// lean one (the facts, the summary, the links and the stories). The same components render the
// preview of a draft (/_preview/…), without the follow button.
import type { OrganisationPageData, PersonPageData } from '../../routes/profiles/profile-page.server.ts';
import { BOF500_BADGE } from '../../../modules/profiles/bof500.ts';
import { SaveJobButton } from '../save-job-button.tsx';
import { paths } from '../../../shared/paths.ts';
import {
  LinkedProfiles,
  OutLink,
  ProfileHeader,
  ProfileStories,
  ProjectGallery,
  useProfileView,
  type ProfileAnalytics,
} from './profile-parts.tsx';
import { Link } from 'react-router';

const level = (format: string): ProfileAnalytics['profileLevel'] => (format === 'PREMIUM' ? 'premium' : 'basic');

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="prose profile-prose">
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </div>
  );
}

export function PersonPage({ data }: { data: PersonPageData }) {
  const { profile, titles, keyPersonAt, careerLinks, stories, follow, preview } = data;
  const name = `${profile.firstName} ${profile.lastName}`;
  const analytics: ProfileAnalytics = { profileId: profile.profileId, profileType: 'people', profileLevel: level(profile.format) };
  useProfileView(analytics);
  const lean = profile.format === 'SEO';
  const premium = profile.format === 'PREMIUM';
  const careers = profile.details.careers ?? [];
  const education = profile.details.education ?? [];
  const facts = [
    ...(titles.category ? [{ label: 'Category', value: titles.category }] : []),
    ...(profile.location ? [{ label: 'Based in', value: profile.location }] : []),
    ...(titles.nationalities?.length ? [{ label: 'Nationality', value: titles.nationalities.join(', ') }] : []),
    ...(profile.yearBorn ? [{ label: 'Born', value: String(profile.yearBorn) }] : []),
    ...(profile.details.memberSince ? [{ label: 'BoF 500 since', value: String(profile.details.memberSince) }] : []),
  ];
  return (
    <article className={`wrap profile profile--${profile.format.toLowerCase()}`}>
      <ProfileHeader
        name={name}
        kicker={profile.details.badges?.includes(BOF500_BADGE) ? 'The BoF 500' : 'People'}
        subtitle={profile.subtitle}
        imageKey={profile.thumbnailKey}
        imageAlt={`Portrait illustration for ${name}`}
        round
        coverKey={premium ? (profile.details.coverKey ?? null) : null}
        facts={facts}
        follow={follow}
        preview={preview}
        analytics={analytics}
      />
      <div className="profile-columns">
        <div className="profile-main">
          {profile.summary && <p className="profile-summary">{profile.summary}</p>}
          {!lean && profile.details.editorialDescription && <Paragraphs text={profile.details.editorialDescription} />}
          {!lean && careers.length > 0 && (
            <section className="profile-section" aria-labelledby="careers-title">
              <h2 className="rail-title" id="careers-title">
                Career
              </h2>
              <ul className="profile-timeline">
                {careers.map((career, index) => {
                  const slug = career.organisationProfileId ? careerLinks[career.organisationProfileId] : undefined;
                  return (
                    <li key={index}>
                      <strong>{career.title}</strong>,{' '}
                      {slug ? <Link to={paths.organisation(slug)}>{career.organisationName}</Link> : career.organisationName}
                      <span className="profile-timeline__years">
                        {' '}
                        {career.startYear ?? ''}
                        {career.startYear || career.endYear ? '–' : ''}
                        {career.endYear ?? (career.startYear ? 'present' : '')}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {!lean && education.length > 0 && (
            <section className="profile-section" aria-labelledby="education-title">
              <h2 className="rail-title" id="education-title">
                Education
              </h2>
              <ul className="profile-timeline">
                {education.map((entry, index) => (
                  <li key={index}>
                    <strong>{entry.institution}</strong>
                    {entry.qualification ? `, ${entry.qualification}` : ''}
                    {entry.endYear ? <span className="profile-timeline__years"> {entry.endYear}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {(profile.details.socialLinks ?? []).length > 0 && (
            <ul className="profile-outlinks">
              {profile.details.socialLinks!.map((link) => (
                <li key={link.url}>
                  <OutLink href={link.url} analytics={analytics}>
                    {link.label}
                  </OutLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside className="profile-aside">
          <LinkedProfiles title="Key person at" links={keyPersonAt} to={paths.organisation} analytics={analytics} />
        </aside>
      </div>
      <ProfileStories name={name} stories={lean ? stories.slice(0, 3) : stories} />
    </article>
  );
}

export function OrganisationPage({ data }: { data: OrganisationPageData }) {
  const { profile, titles, keyPeople, relatedCompanies, projects, stories, follow, preview } = data;
  const analytics: ProfileAnalytics = { profileId: profile.profileId, profileType: 'org', profileLevel: level(profile.format) };
  useProfileView(analytics);
  const lean = profile.format === 'SEO';
  const premium = profile.format === 'PREMIUM';
  const hq = profile.details.headquarters;
  const facts = [
    ...(titles.industry ? [{ label: 'Industry', value: titles.industry }] : []),
    { label: 'Headquarters', value: [profile.city, titles.country].filter(Boolean).join(', ') },
    ...(titles.size ? [{ label: 'Employees', value: titles.size }] : []),
    ...(titles.type ? [{ label: 'Type', value: titles.type }] : []),
    ...(titles.ownership ? [{ label: 'Ownership', value: titles.ownership }] : []),
    ...(profile.yearEstablished ? [{ label: 'Founded', value: String(profile.yearEstablished) }] : []),
  ];
  const links = [...(profile.details.externalLinks ?? []), ...(profile.details.socialLinks ?? []), ...(profile.details.programLinks ?? [])];
  const jobs = profile.details.jobs ?? [];
  const gallery = !lean && (
    <ProjectGallery projects={projects} pinnedProjectId={profile.details.pinnedProjectId ?? null} analytics={analytics} />
  );
  return (
    <article className={`wrap profile profile--${profile.format.toLowerCase()}`}>
      <ProfileHeader
        name={profile.title}
        kicker="Organisations"
        subtitle={premium ? (profile.details.premiumDescription ?? '') : ''}
        imageKey={profile.thumbnailKey}
        imageAlt={`Logo illustration for ${profile.title}`}
        round={false}
        coverKey={premium ? (profile.details.coverKey ?? null) : null}
        facts={facts}
        follow={follow}
        preview={preview}
        analytics={analytics}
      />
      <div className="profile-columns">
        <div className="profile-main">
          {profile.summary && <p className="profile-summary">{profile.summary}</p>}
          {!lean && profile.details.editorialDescription && <Paragraphs text={profile.details.editorialDescription} />}
          {!lean && hq && hq.addressLine1 && (
            <address className="profile-address">
              {[hq.addressLine1, hq.addressLine2, [hq.areaCode, hq.city].filter(Boolean).join(' '), hq.state, titles.country]
                .filter(Boolean)
                .join(', ')}
            </address>
          )}
          {links.length > 0 && (
            <ul className="profile-outlinks">
              {links.map((link) => (
                <li key={link.url}>
                  <OutLink href={link.url} analytics={analytics}>
                    {link.label}
                  </OutLink>
                </li>
              ))}
            </ul>
          )}
          {jobs.length > 0 && (
            <section className="profile-section" aria-labelledby="jobs-title">
              <h2 className="rail-title" id="jobs-title">
                Jobs
              </h2>
              <ul className="profile-jobs">
                {jobs.map((job) => (
                  <li key={job.jobId} className="profile-jobs__item">
                    <OutLink href={job.url} analytics={analytics}>
                      {job.title}
                    </OutLink>
                    <span className="profile-jobs__meta">
                      {job.location} · posted {job.postedOn}
                    </span>
                    {/* A draft's preview has no Save: its jobs may not be listed yet. */}
                    {!preview && <SaveJobButton profileId={profile.profileId} job={job} signedIn={follow.following !== null} />}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="profile-aside">
          <LinkedProfiles title="Key people" links={keyPeople} to={paths.person} analytics={analytics} />
          <LinkedProfiles title="Related companies" links={relatedCompanies} to={paths.organisation} analytics={analytics} />
        </aside>
      </div>
      {gallery}
      <ProfileStories name={profile.title} stories={lean ? stories.slice(0, 3) : stories} />
    </article>
  );
}
