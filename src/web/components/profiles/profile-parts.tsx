// The pieces both profile pages share: the header (cover, portrait or logo, facts, follow), the
// linked profiles list, the stories that mention the profile, the projects gallery (images, and
// YouTube films behind the embeds consent), and the profile events (§3 Profile fields).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProfileLink } from '../../../modules/profiles/profiles-service.ts';
import type { Project } from '../../../modules/profiles/profile-types.ts';
import { trackEvent } from '../../analytics/analytics.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { ConsentGatedEmbed } from '../../consent/consent-gated-embed.tsx';
import { FollowButton, type PageFollowState } from '../follow-button.tsx';
import { Picture } from '../picture.tsx';
import { StoryCard, type CardView } from '../story-card.tsx';

export interface ProfileAnalytics {
  profileId: string;
  profileType: 'org' | 'people';
  profileLevel: 'premium' | 'basic';
}

/** §5 profile events: the view once shown, and each link followed out of the profile. */
export function useProfileView(analytics: ProfileAnalytics) {
  useTrackEvent('user_view_profile', analytics);
}

export function trackProfileLink(analytics: ProfileAnalytics, targetUrl: string) {
  trackEvent('user_click_profile_link', { ...analytics, targetUrl });
}

export function ProfileHeader({
  name,
  kicker,
  subtitle,
  imageKey,
  imageAlt,
  round,
  coverKey,
  facts,
  follow,
  preview,
  analytics,
  children,
}: {
  name: string;
  kicker: string;
  subtitle: string;
  imageKey: string | null;
  imageAlt: string;
  round: boolean;
  coverKey: string | null;
  facts: { label: string; value: ReactNode }[];
  follow: PageFollowState;
  preview: boolean;
  analytics: ProfileAnalytics;
  children?: ReactNode;
}) {
  return (
    <header className="profile-header">
      {coverKey && (
        <Picture
          className="profile-header__cover"
          imageKey={coverKey}
          alt=""
          ratio="16x9"
          width={1280}
          sizes="(min-width: 1300px) 1240px, 100vw"
          priority
        />
      )}
      <div className="profile-header__body">
        {imageKey && (
          <Picture
            className={round ? 'profile-header__image profile-header__image--round' : 'profile-header__image'}
            imageKey={imageKey}
            alt={imageAlt}
            ratio="1x1"
            width={320}
            sizes="160px"
            priority={!coverKey}
          />
        )}
        <div>
          <p className="kicker">{kicker}</p>
          <h1 className="display">{name}</h1>
          {subtitle && <p className="standfirst">{subtitle}</p>}
          {facts.length > 0 && (
            <dl className="profile-facts">
              {facts.map((fact) => (
                <div key={fact.label} className="profile-facts__item">
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="cta-row">
            {preview ? (
              <p className="profile-preview-note">Preview: this is the draft. Readers see the last published version.</p>
            ) : (
              <FollowButton follow={follow} name={name} profile={analytics} />
            )}
          </div>
          {children}
        </div>
      </div>
    </header>
  );
}

export function LinkedProfiles({
  title,
  links,
  to,
  analytics,
}: {
  title: string;
  links: ProfileLink[];
  to: (slug: string) => string;
  analytics: ProfileAnalytics;
}) {
  if (links.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby={`${slugOf(title)}-title`}>
      <h2 className="rail-title" id={`${slugOf(title)}-title`}>
        {title}
      </h2>
      <ul className="profile-links">
        {links.map((link) => (
          <li key={link.profileId} className="profile-links__item">
            {link.thumbnailKey && (
              <Picture className="profile-links__image" imageKey={link.thumbnailKey} alt="" ratio="1x1" width={160} sizes="48px" />
            )}
            <div>
              <Link to={to(link.slug)} className="profile-links__name" onClick={() => trackProfileLink(analytics, to(link.slug))}>
                {link.name}
              </Link>
              {link.role && <p className="profile-links__role">{roleWords(link.role)}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const RELATION_WORDS: Record<string, string> = { PARENT: 'Parent company', SUBSIDIARY: 'Subsidiary', PARTNER: 'Partner' };
const roleWords = (role: string) => RELATION_WORDS[role] ?? role;
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function ProfileStories({ name, stories }: { name: string; stories: CardView[] }) {
  if (stories.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-stories-title">
      <h2 className="rail-title" id="profile-stories-title">{`Stories about ${name}`}</h2>
      <div className="rail__grid listing__grid">
        {stories.map((story) => (
          <StoryCard key={story.slug} story={story} />
        ))}
      </div>
    </section>
  );
}

export function ProjectGallery({
  projects,
  pinnedProjectId,
  analytics,
}: {
  projects: Project[];
  pinnedProjectId: string | null;
  analytics: ProfileAnalytics;
}) {
  if (projects.length === 0) return null;
  const ordered = [...projects.filter((p) => p.projectId === pinnedProjectId), ...projects.filter((p) => p.projectId !== pinnedProjectId)];
  return (
    <section className="profile-section" aria-labelledby="profile-projects-title">
      <h2 className="rail-title" id="profile-projects-title">
        Projects
      </h2>
      <div className="project-grid">
        {ordered.map((project) => (
          <article key={project.projectId} className="project" id={`project-${project.slug}`}>
            <h3 className="project__title">
              {project.title}
              {project.projectId === pinnedProjectId && <span className="project__pinned">Pinned</span>}
            </h3>
            {project.description && <p className="project__description">{project.description}</p>}
            <div className="project__assets">
              {project.assets.map((asset, index) =>
                asset.type === 'IMAGE' ? (
                  <figure key={index} className="project__figure">
                    <Picture
                      imageKey={asset.url}
                      alt={asset.description || project.title}
                      ratio="3x2"
                      width={800}
                      sizes="(min-width: 900px) 40vw, 100vw"
                    />
                    {asset.description && <figcaption>{asset.description}</figcaption>}
                  </figure>
                ) : (
                  <div key={index} className="project__video" onClickCapture={() => trackProfileLink(analytics, asset.url)}>
                    <ConsentGatedEmbed url={asset.url} title={asset.description || project.title} />
                  </div>
                ),
              )}
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}

/** An outbound link (website, social, job) that reports the click. */
export function OutLink({ href, analytics, children }: { href: string; analytics: ProfileAnalytics; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank" onClick={() => trackProfileLink(analytics, href)}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
