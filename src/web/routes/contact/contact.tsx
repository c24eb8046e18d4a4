// /contact/professional/, /contact/student/, /contact/insights/ and /contact/media/ (§2 Contact):
// one page per audience, each a real enquiry form (enquiry-form.tsx) beside what the audience
// needs to know. The media and school pages are tracked views (§2, user_view_enquiry_media and
// user_view_enquiry_school). The page holds nothing personal, so it is shared like any page; the
// post and its answer are never stored (page-cache.ts keeps only GET renders).
import { data, Link } from 'react-router';
import type { EnquiryKind } from '../../../modules/enquiries/enquiry-input.ts';
import { paths } from '../../../shared/paths.ts';
import { useTrackEvent } from '../../analytics/use-track-event.ts';
import { rootDataFromMatches, useRootData } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/contact';
import { EnquiryForm, EnquirySent, type EnquiryProblem } from './enquiry-form.tsx';
import { enquiryAction, enquiryHeaders, enquiryPageData } from './enquiry-page.server.ts';

export type ContactKind = Exclude<EnquiryKind, 'group'>;
const CONTACT_KINDS: readonly ContactKind[] = ['professional', 'student', 'insights', 'media'];

/** The page's kind from its path; any other /contact/… is not a page. */
function kindOf(params: { kind?: string }): ContactKind {
  const kind = CONTACT_KINDS.find((known) => known === params.kind);
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

export function loader(args: Route.LoaderArgs) {
  return { kind: kindOf(args.params), ...enquiryPageData(args) };
}

export function action(args: Route.ActionArgs) {
  return enquiryAction(args, kindOf(args.params));
}

interface Copy {
  kicker: string;
  title: string;
  description: (productName: string) => string;
  standfirst: (productName: string) => string;
  formHeading: string;
  points: { title: string; text: string }[];
  elsewhere: { text: string; href: string; label: string };
}

const COPY: Record<ContactKind, Copy> = {
  professional: {
    kicker: 'Professional membership',
    title: 'Talk to us about a professional membership',
    description: (name) => `Ask about a ${name} professional membership for your work in fashion and beauty.`,
    standfirst: (name) =>
      `For people who work in fashion and beauty: the analysis, case studies and professional newsletters ${name} members use at work. Tell us about your role and we will find the right membership for you.`,
    formHeading: 'Tell us about your work',
    points: [
      { title: 'A reply in two working days', text: 'From our memberships team, not an automatic sequence.' },
      { title: 'The right plan for your role', text: 'Standard or Premium, yearly, in euros, pounds, rupees or dollars.' },
      { title: 'Buying for colleagues?', text: 'A team membership puts everyone on one invoice.' },
    ],
    elsewhere: { text: 'Read more about the professional membership first:', href: paths.professional(), label: 'Professional membership' },
  },
  student: {
    kicker: 'Schools and universities',
    title: 'Access for your students',
    description: (name) => `Campus access to ${name} for schools, colleges and universities.`,
    standfirst: (name) =>
      `Give your students and teaching staff the reporting, case studies and data the industry reads every day. Tell us about your school and we will put together access to ${name} for your campus.`,
    formHeading: 'Tell us about your school',
    points: [
      { title: 'For a course or a campus', text: 'Access for a class, a department or the whole institution.' },
      { title: 'An account for each reader', text: 'Every student and teacher reads with their own sign-in.' },
      { title: 'Teaching material', text: 'Case studies and reports that fit a semester’s reading list.' },
    ],
    elsewhere: { text: 'A student buying for yourself?', href: '/subscriptions/packages/students/', label: 'Student memberships' },
  },
  insights: {
    kicker: 'Insights',
    title: 'Ask our insights team',
    description: (name) => `Questions for the ${name} research and insights team: reports, data and briefings.`,
    standfirst: () =>
      'Our research team publishes reports on the fashion and beauty markets and briefs companies on questions of their own. Tell us what you are looking into.',
    formHeading: 'What are you looking into?',
    points: [
      { title: 'Reports', text: 'The markets, categories and consumers our team has studied.' },
      { title: 'Briefings', text: 'Our analysts present what they found to your leadership team.' },
      { title: 'Your own question', text: 'Research on a question your company needs answered.' },
    ],
    elsewhere: { text: 'Read the latest from the insights team:', href: paths.topic('bof-insights'), label: 'Insights series' },
  },
  media: {
    kicker: 'Press',
    title: 'Press and media enquiries',
    description: (name) => `Press enquiries for ${name}: comment, interviews, citations and images.`,
    standfirst: (name) =>
      `Journalists, producers and researchers: ask for comment from ${name} editors, an interview, permission to cite our reporting, or images.`,
    formHeading: 'Your press enquiry',
    points: [
      { title: 'Comment and interviews', text: 'Our editors and analysts on the stories they cover.' },
      { title: 'Citing our reporting', text: 'Quote us with a link to the story you cite.' },
      { title: 'Your deadline', text: 'Tell us when you file and we will answer in time where we can.' },
    ],
    elsewhere: { text: 'Reporting on the industry?', href: paths.home(), label: 'Read the latest stories' },
  },
};

export const headers: Route.HeadersFunction = enquiryHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const copy = COPY[loaderData.kind];
  return socialMeta({
    title: copy.title,
    description: copy.description(root.config.productName),
    url: `${root.config.siteUrl}${loaderData.path}`,
    productName: root.config.productName,
  });
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, countries, sourcePath, sent } = loaderData;
  const name = useRootData()?.config.productName ?? 'Atelier';
  useTrackEvent('user_view_enquiry_media', kind === 'media' ? {} : null);
  useTrackEvent('user_view_enquiry_school', kind === 'student' ? {} : null);
  const copy = COPY[kind];
  return (
    <div className="wrap contact">
      <header className="contact__header">
        <p className="kicker">{copy.kicker}</p>
        <h1 className="display">{copy.title}</h1>
        <p className="standfirst">{copy.standfirst(name)}</p>
      </header>
      <div className="contact__grid">
        <aside className="contact__aside" aria-label="What to expect">
          <ul className="contact__points">
            {copy.points.map((point) => (
              <li key={point.title}>
                <h2>{point.title}</h2>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
          <p className="contact__elsewhere">
            {copy.elsewhere.text} <Link to={copy.elsewhere.href}>{copy.elsewhere.label}</Link>
          </p>
        </aside>
        {sent ? (
          <EnquirySent>
            <p className="cta-row">
              <Link to={paths.home()} className="button">
                Read the latest stories
              </Link>
            </p>
          </EnquirySent>
        ) : (
          <EnquiryForm
            kind={kind}
            countries={countries}
            sourcePath={sourcePath}
            problem={actionData as EnquiryProblem | undefined}
            heading={copy.formHeading}
          />
        )}
      </div>
    </div>
  );
}
