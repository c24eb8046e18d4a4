import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { CookiePreferencesButton } from '../consent/cookie-preferences-button.tsx';
import { NewsletterSignup } from './newsletter-signup.tsx';
import { HydrateLater } from '../lib/hydrate-later.tsx';
import { Prerendered } from '../lib/prerendered.tsx';

export function Footer({ productName, sections }: { productName: string; sections: { slug: string; name: string }[] }) {
  return (
    // Hydrates in a task after the page's (decision 061): the sign-up form posts natively until then.
    <HydrateLater as="footer" className="footer">
      <div className="wrap footer__grid">
        <div className="footer__brand">
          <Link to="/" className="wordmark wordmark--small">
            {productName}
          </Link>
          <p>Independent reporting and analysis on the global fashion and beauty industries.</p>
          <NewsletterSignup
            placement="footer"
            title="Our newsletters"
            intro="The news that matters to the industry, in your inbox every weekday morning."
          />
        </div>
        <nav aria-label="Sections in the footer" className="footer__col">
          <h2 className="footer__heading">Sections</h2>
          {/* Lists of links: kept as the server wrote them when the page hydrates (decision 060). */}
          <Prerendered as="ul" keepWhile={sections}>
            {sections.map((s) => (
              <li key={s.slug}>
                <Link to={paths.topic(s.slug)}>{s.name}</Link>
              </li>
            ))}
          </Prerendered>
        </nav>
        <nav aria-label="About" className="footer__col">
          <h2 className="footer__heading">{productName}</h2>
          <Prerendered as="ul" keepWhile={productName}>
            <li>
              <Link to={paths.topic('bof-insights')}>BoF Insights</Link>
            </li>
            <li>
              <Link to={paths.topic('case-studies')}>Case Studies</Link>
            </li>
            <li>
              <Link to={paths.events()}>Events</Link>
            </li>
            <li>
              <Link to={paths.careers()}>Careers</Link>
            </li>
            <li>
              <Link to={paths.professional()}>Professional membership</Link>
            </li>
            <li>
              <Link to={paths.executive()}>Teams</Link>
            </li>
            <li>
              <Link to={paths.contact('student')}>Schools and universities</Link>
            </li>
            <li>
              <Link to={paths.contact('insights')}>Insights enquiries</Link>
            </li>
            <li>
              <Link to={paths.contact('media')}>Press enquiries</Link>
            </li>
            <li>
              <a href={paths.latestFeed()}>RSS</a>
            </li>
          </Prerendered>
        </nav>
        <nav aria-label="Legal" className="footer__col">
          <h2 className="footer__heading">Legal</h2>
          <ul>
            <li>
              <Link to={paths.legal('privacy')}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.legal('terms')}>Terms &amp; Conditions</Link>
            </li>
            <li>
              <CookiePreferencesButton />
            </li>
          </ul>
        </nav>
      </div>
      <div className="wrap footer__base">
        <p>
          © {new Date('2026-01-01').getUTCFullYear()} {productName}. All rights reserved.
        </p>
      </div>
    </HydrateLater>
  );
}
