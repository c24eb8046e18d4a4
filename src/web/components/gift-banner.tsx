// The banner on a story opened with a valid gift link (modules/gifts): who shared it, until when it
// is open, and a modest invitation to subscribe. The giver, opening their own link, is told what
// the link does instead.
import { Link } from 'react-router';
import type { GiftOnPage } from '../../modules/gifts/gift-rules.ts';
import { paths } from '../../shared/paths.ts';
import { formatDate } from '../lib/format.ts';

export function GiftBanner({ gift }: { gift: GiftOnPage }) {
  const until = <time dateTime={gift.expiresAt}>{formatDate(gift.expiresAt)}</time>;
  if (gift.isGiver) {
    return (
      <div className="gift-banner">
        <p className="gift-banner__title">You shared this story</p>
        <p className="gift-banner__text">
          Anyone with your gift link can read it in full until {until}. <Link to={paths.gifts()}>See your gift links</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="gift-banner">
      <p className="gift-banner__title">
        <strong>{gift.giverName}</strong> shared this story with you
      </p>
      <p className="gift-banner__text">
        It is yours to read in full until {until}. For every story, our analysis and the archive,{' '}
        <Link to={paths.packages()}>become a member</Link>.
      </p>
    </div>
  );
}
