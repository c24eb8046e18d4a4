import { rootDataFromMatches, useRootData } from '../lib/root-data.ts';
import { socialMeta } from '../lib/seo.ts';
import type { Route } from './+types/legal';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Privacy and terms',
    description: `How ${root.config.productName} handles your data, and the terms of using the site.`,
    url: `${root.config.siteUrl}/legal/`,
    productName: root.config.productName,
  });
};

export default function Legal() {
  const name = useRootData()?.config.productName ?? 'Atelier';
  return (
    <div className="wrap wrap--narrow prose-page">
      <p className="kicker">Legal</p>
      <h1 className="display">Privacy and terms</h1>
      <p className="standfirst">
        The plain-language rules for reading {name}, holding a membership with us, and how we look after the information you give us.
      </p>
      <nav aria-label="On this page" className="toc">
        <ul>
          <li>
            <a href="#privacy">Privacy policy</a>
          </li>
          <li>
            <a href="#terms">Terms and conditions</a>
          </li>
        </ul>
      </nav>

      <section id="privacy" aria-labelledby="privacy-heading" className="prose">
        <h2 id="privacy-heading">Privacy policy</h2>
        <p>
          {name} is a publication for people who work in fashion and beauty. To run it we collect the information you give us when you
          register, subscribe, sign up to a newsletter or download a report, and information about how you use the site.
        </p>
        <h3>What we collect</h3>
        <ul>
          <li>
            Account details: your name, email address, and the professional details you choose to add (country, job function, industry,
            level and organisation).
          </li>
          <li>
            Membership and billing: the plan you hold and its history. Card details are held by our payment provider; we keep only the card
            type, expiry and last digits.
          </li>
          <li>
            Reading and usage: the pages you view and the features you use, so we can count readers, keep the site working and improve it.
          </li>
        </ul>
        <h3>Cookies and consent</h3>
        <p>
          Cookies that keep you signed in and remember your choices are essential and always on. Analytics and advertising cookies, and
          embedded content from other sites, are used only after you agree in the cookie banner, and you can change your mind at any time.
        </p>
        <h3>Your rights</h3>
        <p>
          You can see, correct, export or delete your personal data, and object to its use for marketing. Most of this can be done from your
          account page; for anything else, write to our data protection team and we will answer within one month.
        </p>
      </section>

      <section id="terms" aria-labelledby="terms-heading" className="prose">
        <h2 id="terms-heading">Terms and conditions</h2>
        <p>By using {name} you agree to these terms. They cover reading the site, holding an account and buying a membership.</p>
        <h3>Accounts</h3>
        <p>
          Your account is personal. Keep your sign-in details safe and tell us straight away if you think someone else has used them.
          Organisation memberships are shared through seats the organisation’s admins assign.
        </p>
        <h3>Memberships and payment</h3>
        <p>
          Memberships renew automatically at the end of each term until you cancel. You can cancel at any time from your membership page;
          you keep access until the end of the period you have paid for. Trials convert to paid memberships unless cancelled before they
          end, and each person can take one trial.
        </p>
        <h3>Using our content</h3>
        <p>
          Our journalism is protected by copyright. You may share links and short quotations with attribution, and members may send gift
          links within their monthly allowance. Copying whole stories, or systematic scraping, is not allowed.
        </p>
        <h3>Changes</h3>
        <p>We will tell members by email before any change to these terms that affects them takes effect.</p>
      </section>
    </div>
  );
}
