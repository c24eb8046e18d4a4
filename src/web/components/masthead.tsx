import { Link, NavLink } from 'react-router';
import { paths } from '../../shared/paths.ts';

interface NavItem {
  slug: string;
  name: string;
}

export function Masthead({ productName, sections, series }: { productName: string; sections: NavItem[]; series: NavItem[] }) {
  return (
    <header className="masthead">
      <div className="masthead__bar wrap">
        <nav className="masthead__utility" aria-label="Account">
          <Link to={paths.login()} className="masthead__signin">
            Sign in
          </Link>
          <Link to={paths.packages()} className="button button--small">
            Subscribe
          </Link>
        </nav>
      </div>
      <div className="masthead__brand wrap">
        <Link to="/" className="wordmark" aria-label={`${productName} home`}>
          {productName}
        </Link>
        <p className="masthead__tagline">The business of fashion, read closely</p>
      </div>
      <nav className="masthead__nav" aria-label="Sections">
        <ul className="wrap">
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          {sections.map((s) => (
            <li key={s.slug}>
              <NavLink to={paths.topic(s.slug)}>{s.name}</NavLink>
            </li>
          ))}
          {series.map((s) => (
            <li key={s.slug}>
              <NavLink to={paths.topic(s.slug)}>{s.name}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={paths.topic('case-studies')}>Case Studies</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
