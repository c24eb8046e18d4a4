// Account pages: a left-hand menu of the account's sections beside the section being shown.
// Other account sections (personal details, newsletters, membership) add themselves to the menu.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface AccountMenuItem {
  label: string;
  href: string;
  current?: boolean;
}

export function AccountLayout({
  title,
  intro,
  menu,
  children,
}: {
  title: string;
  intro?: ReactNode;
  menu: AccountMenuItem[];
  children: ReactNode;
}) {
  return (
    <div className="wrap account">
      <header className="account__header">
        <h1 className="display">{title}</h1>
        {intro && <p className="account__intro">{intro}</p>}
      </header>
      <div className="account__layout">
        <nav className="account-nav" aria-label="Your account">
          <ul className="list-plain">
            {menu.map((item) => (
              <li key={item.href}>
                <Link to={item.href} className="account-nav__link" aria-current={item.current ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account__content">{children}</div>
      </div>
    </div>
  );
}
