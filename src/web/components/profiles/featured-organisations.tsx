// The home page's featured organisations (§3 FeaturedOrganisationProfile, HOMEPAGE_COMPONENT):
// a rail of their logos and names, each linking to its profile, and one to the directory.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { Picture } from '../picture.tsx';

export interface FeaturedOrganisation {
  profileId: string;
  slug: string;
  title: string;
  city: string;
  thumbnailKey: string | null;
}

export function FeaturedOrganisations({ organisations }: { organisations: FeaturedOrganisation[] }) {
  if (organisations.length === 0) return null;
  return (
    <section className="rail" aria-labelledby="featured-organisations">
      <div className="rail__head">
        <h2 id="featured-organisations" className="rail-title">
          <Link to={paths.organisations()}>Organisations</Link>
        </h2>
        <Link to={paths.organisations()} className="rail__more">
          All organisations <span aria-hidden="true">→</span>
        </Link>
      </div>
      <ul className="directory-grid directory-grid--four">
        {organisations.map((organisation) => (
          <li key={organisation.profileId} className="directory-card">
            {organisation.thumbnailKey && (
              <Picture className="directory-card__image" imageKey={organisation.thumbnailKey} alt="" ratio="1x1" width={160} sizes="80px" />
            )}
            <div>
              <Link to={paths.organisation(organisation.slug)} className="directory-card__name">
                {organisation.title}
              </Link>
              <p className="directory-card__meta">{organisation.city}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
