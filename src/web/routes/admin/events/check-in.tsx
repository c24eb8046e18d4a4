// /admin/events/<slug>/check-in/ (issue 21): the door. Staff type a ticket's code, or scan its QR
// code with the camera where the browser has BarcodeDetector (the scan fills the code and sends
// it). The first check-in of a valid ticket lets its holder in; a second is refused, saying when
// the first was. Works as a plain form without JavaScript. Site admins only.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Link, useActionData, useNavigation, type MetaFunction } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import { AdminForbidden, AdminNav } from '../admin-nav.tsx';
import type { Route } from './+types/check-in';
import { checkInAction, checkInPage } from './event-staff.server.ts';
import '../../../styles/events.css';

export function loader(args: Route.LoaderArgs) {
  return checkInPage(args);
}

export function action(args: Route.ActionArgs) {
  return checkInAction(args);
}

export const meta: MetaFunction = () => [{ title: 'Check-in · Admin' }, { name: 'robots', content: 'noindex' }];

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The camera, where the browser can read QR codes itself: each code read is sent as if typed. */
function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const Detector = hydrated ? (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector : undefined;

  useEffect(() => {
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        let last = '';
        while (!stopped) {
          const [found] = await detector.detect(video.current);
          if (found && found.rawValue !== last) {
            last = found.rawValue;
            onCode(found.rawValue);
          }
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } catch {
        setProblem('The camera could not be opened. Type the code instead.');
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, Detector, onCode]);

  if (!Detector) return null;
  return (
    <div className="check-in__camera">
      <button type="button" className="button button--secondary" onClick={() => setOn(!on)} aria-pressed={on}>
        {on ? 'Stop the camera' : 'Scan with the camera'}
      </button>
      {problem && <p className="field__message field__message--error">{problem}</p>}
      {on && <video ref={video} className="check-in__video" muted playsInline aria-label="Camera: hold a ticket’s QR code in view" />}
    </div>
  );
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  const { event, total, checkedIn } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  // After each answer the field is empty (set while rendering the new answer) and focused for the next ticket.
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    setCode('');
  }
  useEffect(() => {
    if (answer) input.current?.focus();
  }, [answer]);

  const scanned = useCallback((value: string) => {
    setCode(value);
    queueMicrotask(() => form.current?.requestSubmit());
  }, []);

  return (
    <div className="wrap admin-page check-in">
      <AdminNav current="events" />
      <p className="kicker">
        <Link to={paths.adminEventAttendees(event.slug)}>{event.title}</Link>
      </p>
      <h1 className="display">Check-in</h1>
      <p className="standfirst">
        {checkedIn} of {total} in.
      </p>
      <div aria-live="polite" className="check-in__answer">
        {answer && (
          <p className={`check-in__result check-in__result--${answer.outcome === 'checked_in' ? 'in' : 'refused'}`} role="status">
            {answer.message}
          </p>
        )}
      </div>
      <Form method="post" ref={form} className="check-in__form">
        <div className="field">
          <label htmlFor="code" className="field__label">
            Ticket code
          </label>
          <input
            ref={input}
            id="code"
            name="code"
            className="field__input check-in__code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={navigation.state !== 'idle'}>
          Check in
        </button>
      </Form>
      <CameraScan onCode={scanned} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminForbidden what="the check-in" />;
}
