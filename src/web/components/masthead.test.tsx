import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOGGED_OUT_USER, type SessionUser } from '../auth/session-user.ts';
import { Masthead } from './masthead.tsx';

const reader: SessionUser = { ...LOGGED_OUT_USER, isLoggedIn: true, id: '7', email: 'ada@example.com', isFirstLogin: false };

function render(user: SessionUser | null) {
  return renderToString(
    <MemoryRouter>
      <Masthead productName="Atelier" sections={[]} series={[]} user={user} />
    </MemoryRouter>,
  );
}

describe('Masthead account state (server render)', () => {
  it('offers Sign in and Subscribe to an anonymous reader', () => {
    const html = render(null);
    expect(html).toContain('href="/user/login/"');
    expect(html).toContain('>Subscribe</a>');
    expect(html).not.toContain('<details');
  });

  it('gives a signed-in reader a closed account disclosure with the account links and Sign out', () => {
    const html = render(reader);
    expect(html).not.toContain('>Sign in</a>');
    expect(html).toMatch(/<details class="account-menu"><summary class="account-menu__toggle">My account<\/summary>/);
    for (const href of ['/user/account/', '/user/membership/', '/user/newsletters/', '/user/logout/']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('ada@example.com');
    // Not a member yet: still offered a subscription, no badge.
    expect(html).toContain('>Subscribe</a>');
    expect(html).not.toContain('>Member</span>');
  });

  it('shows members their badge and no Subscribe button', () => {
    const html = render({ ...reader, isMember: true, membershipLevel: 'Premium', membershipType: 'Individual' });
    expect(html).toContain('<span class="badge account-menu__badge">Member</span>');
    expect(html).not.toContain('>Subscribe</a>');
  });
});
