// /the-brain-of-fashion/ — The Brain of Fashion (issue 20 part 2, decision 052): ask a question,
// read an answer with numbered citations to the stories, case studies, reports, profiles and
// glossary entries it comes from, drawn only from text this reader may read.
//
// Without JavaScript the page is a GET form (`?q=…&consent=yes`) and the loader renders the whole
// answer. With it, the form's question is sent to /the-brain-of-fashion/answer/ and the answer is
// read from the stream as it is written. Before the first question the reader accepts a notice
// once (the `bof-brain-of-fashion-consent` storage key, §3). Never cached: the answer depends on the
// reader's access (`private, no-store`).
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnswerEvent, AnswerFailure, AnswerResult, AnswerSource, GatedSource } from '../../../modules/answers/answers-service.ts';
import { readEventStream } from '../../../modules/answers/event-stream.ts';
import { GLOSSARY } from '../../../modules/answers/glossary.ts';
import { LIMITS } from '../../../shared/analytics/limits.ts';
import { paths } from '../../../shared/paths.ts';
import { trackEvent } from '../../analytics/analytics.ts';
import { createExpiringStorage, STORAGE_KEYS } from '../../auth/storage.ts';
import { rootDataFromMatches } from '../../lib/root-data.ts';
import { socialMeta } from '../../lib/seo.ts';
import type { Route } from './+types/page';
import '../../styles/brain-of-fashion.css';

const STREAM_PATH = '/the-brain-of-fashion/answer/';
/** The notice is accepted once; the storage keeps it a year (every stored value expires, §3). */
const CONSENT_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const INTERRUPTED = 'The answer was interrupted before it was finished. Check your connection and ask again.';
const EXAMPLES = ['What is quiet luxury?', 'Why are brands near-shoring production?', 'What is clienteling?'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').slice(0, LIMITS.aiSearchTerm);
  // A question is answered on the server only once the notice was accepted in the form (no JavaScript).
  const result =
    q && params.get('consent') === 'yes'
      ? await context.services.answers.answer({ question: q, user: context.user, clientAddress: context.clientAddress })
      : null;
  return { q, result };
}

export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return [
    ...socialMeta({
      title: 'The Brain of Fashion',
      description:
        'Ask a question about the fashion business: an answer from our stories, case studies, reports, profiles and glossary, with its sources.',
      url: `${root.config.siteUrl}${paths.brainOfFashion()}`,
      productName: root.config.productName,
    }),
    ...(loaderData?.q ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

/** What the page shows of one answer, whole or as it streams in. */
interface View {
  question: string;
  sources: AnswerSource[];
  membersCanReadMore: GatedSource[];
  readMore: GatedSource[];
  text: string;
  result: AnswerResult | null;
  failure: AnswerFailure | null;
  streaming: boolean;
}

function viewOf(outcome: AnswerResult | AnswerFailure): View {
  return outcome.type === 'success'
    ? {
        question: outcome.question,
        sources: outcome.sources,
        membersCanReadMore: outcome.membersCanReadMore,
        readMore: outcome.readMore,
        text: outcome.answer,
        result: outcome,
        failure: null,
        streaming: false,
      }
    : {
        question: outcome.question,
        sources: [],
        membersCanReadMore: [],
        readMore: [],
        text: '',
        result: null,
        failure: outcome,
        streaming: false,
      };
}

function consentStorage() {
  return createExpiringStorage({ storage: window.localStorage, now: Date.now });
}

export default function BrainOfFashion({ loaderData }: Route.ComponentProps) {
  // A new address (an example followed, a question asked without JavaScript) starts the page afresh.
  return <Ask key={`${loaderData.q}\u0000${loaderData.result ? 'answered' : ''}`} q={loaderData.q} result={loaderData.result} />;
}

const noSubscription = () => () => {};
const consentGivenBefore = () => consentStorage().get(STORAGE_KEYS.brainOfFashionConsent) === 'accepted';

function Ask({ q, result }: { q: string; result: AnswerResult | AnswerFailure | null }) {
  // The answer being streamed; until one is asked here, the one the server rendered (if any).
  const [live, setLive] = useState<View | null>(null);
  const view = live ?? (result ? viewOf(result) : null);
  // Unknown on the server: the notice shows until the browser says it was accepted.
  const givenBefore = useSyncExternalStore(noSubscription, consentGivenBefore, () => false);
  const [givenNow, setGivenNow] = useState(false);
  const consented = givenBefore || givenNow;
  const running = useRef<AbortController | null>(null);

  async function ask(question: string) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLive({ question, sources: [], membersCanReadMore: [], readMore: [], text: '', result: null, failure: null, streaming: true });
    trackEvent('user_submit_ai_search', { searchTerm: question.slice(0, LIMITS.aiSearchTerm) });
    const fail = (failure: AnswerFailure) => {
      setLive((v) => (v ? { ...v, failure, streaming: false } : v));
      trackEvent('user_view_ai_search_result', failure.analytics);
    };
    try {
      const response = await fetch(`${STREAM_PATH}?q=${encodeURIComponent(question)}`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`the answer stream answered ${response.status}`);
      let finished = false;
      for await (const { data } of readEventStream(response.body)) {
        const event = JSON.parse(data) as AnswerEvent;
        if (event.type === 'sources')
          setLive((v) => v && { ...v, sources: event.sources, membersCanReadMore: event.membersCanReadMore, readMore: event.readMore });
        else if (event.type === 'text') setLive((v) => v && { ...v, text: v.text + event.text });
        else if (event.type === 'done') {
          finished = true;
          setLive(viewOf(event.result));
          trackEvent('user_view_ai_search_result', event.result.analytics);
        } else {
          finished = true;
          fail(event.failure);
        }
      }
      if (!finished) throw new Error('the answer stream ended early');
    } catch {
      if (controller.signal.aborted) return;
      fail({
        type: 'error',
        question,
        message: INTERRUPTED,
        analytics: { type: 'error', searchTerm: question.slice(0, LIMITS.aiSearchTerm) },
      });
    }
  }
  const askFromAddress = useEffectEvent((question: string) => void ask(question));

  useEffect(() => {
    // An answer the server rendered: its analytics go from here, once.
    if (result) trackEvent('user_view_ai_search_result', result.analytics);
    // A question in the address (a link from search, an example) is asked at once when the notice was accepted before.
    const timer = !result && q && consentGivenBefore() ? setTimeout(() => askFromAddress(q)) : undefined;
    return () => {
      clearTimeout(timer);
      running.current?.abort();
    };
  }, [q, result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const question = new FormData(event.currentTarget).get('q');
    if (typeof question !== 'string' || !question.trim()) return;
    event.preventDefault();
    consentStorage().set(STORAGE_KEYS.brainOfFashionConsent, 'accepted', CONSENT_TTL_MS);
    setGivenNow(true);
    // The address says what was asked: a reload answers it again, without JavaScript too.
    window.history.replaceState(window.history.state, '', `${paths.brainOfFashion(question.trim())}&consent=yes`);
    void ask(question.trim());
  }

  return (
    <div className="wrap brain">
      <header className="brain__header">
        <p className="kicker">
          <span>Ask a question</span>
        </p>
        <h1 className="display">The Brain of Fashion</h1>
        <p className="standfirst">
          Answers about the business of fashion from our stories, case studies, reports, profiles and glossary, with the sources they come
          from.
        </p>
        <form
          method="get"
          action={paths.brainOfFashion()}
          className="brain__form"
          onSubmit={onSubmit}
          aria-label="Ask The Brain of Fashion"
        >
          <div className="field">
            <label htmlFor="brain-q" className="field__label">
              Your question
            </label>
            <div className="brain__ask">
              <input
                className="field__input"
                id="brain-q"
                name="q"
                type="text"
                required
                minLength={3}
                maxLength={LIMITS.aiSearchTerm}
                defaultValue={view?.question ?? q}
                key={view?.question ?? q}
                placeholder="What is quiet luxury?"
                autoComplete="off"
              />
              <button type="submit" className="button">
                Ask
              </button>
            </div>
          </div>
          {consented ? (
            <input type="hidden" name="consent" value="yes" />
          ) : (
            <div className="field field--checkbox brain__consent">
              <input className="field__checkbox" type="checkbox" id="brain-consent" name="consent" value="yes" required />
              <label htmlFor="brain-consent">
                I understand that answers are put together automatically from the stories, profiles and glossary I may read here, can be
                incomplete or wrong, and that my question is recorded to improve the service. I will check the sources.
              </label>
            </div>
          )}
        </form>
        {!view && (
          <p className="brain__examples">
            Try:{' '}
            {EXAMPLES.map((example, i) => (
              <span key={example}>
                {i > 0 && ' · '}
                <Link to={paths.brainOfFashion(example)}>{example}</Link>
              </span>
            ))}
          </p>
        )}
      </header>
      {view && <Answer view={view} />}
      <Glossary />
    </div>
  );
}

const KIND_LABELS: Record<AnswerSource['kind'], string> = {
  story: 'Story',
  case_study: 'Case study',
  person: 'Person',
  organisation: 'Organisation',
  event: 'Event',
  glossary: 'Glossary',
};

function kindLabel(source: AnswerSource): string {
  return source.mediaType === 'report' ? 'Report' : KIND_LABELS[source.kind];
}

function Answer({ view }: { view: View }) {
  const { question, sources, text, result, failure, streaming, membersCanReadMore, readMore } = view;
  return (
    <section className="brain__answer" aria-labelledby="brain-answer-title" aria-busy={streaming}>
      <h2 id="brain-answer-title" className="brain__question">
        {question}
      </h2>
      {failure ? (
        <p className="brain__error" role="alert">
          {failure.message}
        </p>
      ) : (
        <div className="brain__text" aria-live="polite">
          {text ? (
            paragraphs(text).map((p, i) => <p key={i}>{withCitations(p, sources)}</p>)
          ) : (
            <p className="brain__pending">Reading the sources…</p>
          )}
        </div>
      )}
      {sources.length > 0 && (
        <div className="brain__group">
          <h3 className="brain__group-title">Sources</h3>
          <ol className="brain__sources">
            {sources.map((source) => (
              <li
                key={source.n}
                id={`source-${source.n}`}
                className={result && !result.cited.includes(source.n) ? 'brain__source--unused' : undefined}
              >
                <span className="brain__source-n">{source.n}</span>
                <span>
                  <a href={source.url}>{source.title}</a> <span className="brain__source-kind">{kindLabel(source)}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {result && result.people.length > 0 && (
        <div className="brain__group">
          <h3 className="brain__group-title">People and organisations</h3>
          <ul className="brain__names">
            {result.people.map((profile) => (
              <li key={profile.id}>
                <a href={profile.url}>{profile.name}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && result.caseStudiesReports.length > 0 && (
        <div className="brain__group">
          <h3 className="brain__group-title">Case studies and reports</h3>
          <ul className="brain__names">
            {result.caseStudiesReports.map((source) => (
              <li key={source.id}>
                <a href={source.url}>{source.title}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result && result.glossary.length > 0 && (
        <div className="brain__group">
          <h3 className="brain__group-title">Glossary</h3>
          <dl className="brain__terms">
            {result.glossary.map((term) => (
              <div key={term.slug}>
                <dt>
                  <a href={`#glossary-${term.slug}`}>{term.term}</a>
                </dt>
                <dd>{term.definition}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <MoreIn title="Read more in" stories={readMore} />
      <MoreIn title="Members can read more in" stories={membersCanReadMore} members />
    </section>
  );
}

/** Stories that matched whose text the answer could not use: their page says more (free ones), or a membership opens it. */
function MoreIn({ title, stories, members = false }: { title: string; stories: GatedSource[]; members?: boolean }) {
  if (stories.length === 0) return null;
  return (
    <div className="brain__group brain__more">
      <h3 className="brain__group-title">{title}</h3>
      <ul className="brain__names">
        {stories.map((story) => (
          <li key={story.id}>
            <a href={story.url}>{story.title}</a>
            {members && (
              <>
                {' '}
                <span className="badge">Members</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The answer's text with each [n] a link to source n (a number no source has stays text). */
function withCitations(text: string, sources: AnswerSource[]): ReactNode[] {
  return text.split(/(\[\d+(?:\s*,\s*\d+)*\])/g).map((part, i) => {
    const numbers = /^\[(\d+(?:\s*,\s*\d+)*)\]$/.exec(part)?.[1];
    if (!numbers) return <span key={i}>{part}</span>;
    return (
      <sup key={i} className="brain__cites">
        {numbers.split(',').map((raw) => {
          const n = Number(raw.trim());
          const source = sources[n - 1];
          return source ? (
            <a key={n} href={source.url} className="brain__cite" aria-label={`Source ${n}: ${source.title}`}>
              {n}
            </a>
          ) : (
            <span key={n}>{n}</span>
          );
        })}
      </sup>
    );
  });
}

function Glossary() {
  return (
    <section className="brain__glossary" aria-labelledby="brain-glossary-title">
      <h2 id="brain-glossary-title" className="brain__glossary-title">
        Fashion glossary
      </h2>
      <dl className="brain__terms brain__terms--all">
        {[...GLOSSARY]
          .sort((a, b) => a.term.localeCompare(b.term, 'en'))
          .map((term) => (
            <div key={term.slug} id={`glossary-${term.slug}`}>
              <dt>{term.term}</dt>
              <dd>{term.definition}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
