// /subscriptions/faq/ (§2): membership questions — billing, trials, tax, cancelling, students, teams.
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return socialMeta({
    title: 'Membership questions',
    description: `Billing, free trials, tax, cancelling and student memberships at ${root.config.productName}.`,
    url: `${root.config.siteUrl}/subscriptions/faq/`,
    productName: root.config.productName,
  });
};

interface Question {
  id: string;
  question: string;
  answer: React.ReactNode;
}

function sections(name: string): { id: string; title: string; questions: Question[] }[] {
  return [
    {
      id: 'billing',
      title: 'Plans and billing',
      questions: [
        {
          id: 'plans',
          question: 'Which membership should I choose?',
          answer: (
            <p>
              Standard gives you every story, analysis and newsletter, the archive and member events. Premium adds insights reports, courses
              and priority booking. The Beauty package covers only the business of beauty. All are on the{' '}
              <a href="/subscriptions/packages/">membership page</a>.
            </p>
          ),
        },
        {
          id: 'currencies',
          question: 'Which currencies can I pay in?',
          answer: (
            <p>
              Euros, pounds sterling, Indian rupees and US dollars. We show the currency of your country; you can switch on the membership
              page before you buy.
            </p>
          ),
        },
        {
          id: 'payment',
          question: 'How do I pay?',
          answer: (
            <p>
              By card. Your card details go straight to our payment provider; {name} keeps only the card type, expiry date and last four
              digits. Some banks ask you to confirm the payment in their app (3-D Secure).
            </p>
          ),
        },
        {
          id: 'renewal',
          question: 'When will I be charged again?',
          answer: (
            <p>
              Memberships renew automatically at the end of each month or year until you cancel. We email you a receipt each time, and
              before a yearly renewal.
            </p>
          ),
        },
      ],
    },
    {
      id: 'trials',
      title: 'Free trials',
      questions: [
        {
          id: 'trial',
          question: 'How does the free trial work?',
          answer: (
            <p>
              You enter a card and read everything straight away. We email you before the trial ends; if you cancel before then you pay
              nothing, otherwise the membership starts and the first year is charged. Each person can take one free trial.
            </p>
          ),
        },
      ],
    },
    {
      id: 'tax',
      title: 'Tax',
      questions: [
        {
          id: 'tax-included',
          question: 'Do prices include tax?',
          answer: (
            <p>
              Yes. The prices we show include the tax of your country: VAT in the United Kingdom and the European Union (at your country’s
              rate), GST in India. No sales tax is added for readers in the United States. At checkout, tax follows the billing country you
              enter.
            </p>
          ),
        },
        {
          id: 'vat-number',
          question: 'I’m buying for an EU business. Can I pay without VAT?',
          answer: (
            <p>
              Yes, if your business is registered for VAT in an EU country other than Ireland: enter its VAT number at checkout. We check
              the number, charge the price without VAT and your business accounts for the VAT itself (reverse charge). Your invoice shows
              the VAT number.
            </p>
          ),
        },
      ],
    },
    {
      id: 'cancelling',
      title: 'Changing or cancelling',
      questions: [
        {
          id: 'upgrade',
          question: 'Can I upgrade to Premium?',
          answer: (
            <p>Yes, from your membership page. We show what you’ll pay today for the rest of your current term before you confirm.</p>
          ),
        },
        {
          id: 'cancel',
          question: 'How do I cancel?',
          answer: (
            <p>
              From <a href="/user/membership/">your membership page</a>, at any time. You keep reading until the end of the period you’ve
              paid for, and you won’t be charged again.
            </p>
          ),
        },
      ],
    },
    {
      id: 'students',
      title: 'Students and teams',
      questions: [
        {
          id: 'student',
          question: 'Who can have a student membership?',
          answer: (
            <p>
              Anyone studying at a university or college with an academic email address. We send a code to that address to confirm it. See{' '}
              <a href="/subscriptions/packages/students/">student memberships</a>.
            </p>
          ),
        },
        {
          id: 'groups',
          question: 'Can my company buy memberships for a team?',
          answer: (
            <p>
              Yes: group memberships give each colleague their own account, with one invoice and seats your administrators assign. See{' '}
              <a href="/subscriptions/executive/">memberships for teams</a>.
            </p>
          ),
        },
      ],
    },
  ];
}

export default function Faq() {
  const name = useRootData()?.config.productName ?? 'Atelier';
  const all = sections(name);
  return (
    <div className="wrap wrap--narrow prose-page faq">
      <p className="kicker">Membership</p>
      <h1 className="display">Membership questions</h1>
      <p className="standfirst">Billing, trials, tax and cancelling, in plain words.</p>
      <nav aria-label="On this page" className="toc">
        <ul>
          {all.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {all.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="prose faq__section">
          <h2 id={`${section.id}-heading`}>{section.title}</h2>
          {section.questions.map((item) => (
            <div key={item.id} id={item.id} className="faq__item">
              <h3>{item.question}</h3>
              {item.answer}
            </div>
          ))}
        </section>
      ))}
      <p className="cta-row">
        <a className="button" href="/subscriptions/packages/">
          See memberships
        </a>
      </p>
    </div>
  );
}
