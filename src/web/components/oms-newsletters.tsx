// The newsletters offered on /user/one-more-step/?flow=newsletters: a checkbox each, with what it
// is and how often. Part of the page's form (it works without JavaScript).

export interface OmsNewsletter {
  id: string;
  title: string;
  description: string;
  frequency: string;
  checked: boolean;
}

export function OmsNewsletters({ newsletters }: { newsletters: readonly OmsNewsletter[] }) {
  if (newsletters.length === 0) return null;
  return (
    <fieldset className="oms-newsletters">
      <legend className="field__label">Your newsletters</legend>
      <ul className="list-plain">
        {newsletters.map((n) => (
          <li key={n.id} className="oms-newsletters__item">
            <input
              id={`oms-${n.id}`}
              type="checkbox"
              name="newsletterIds"
              value={n.id}
              defaultChecked={n.checked}
              aria-describedby={`oms-${n.id}-about`}
            />
            {/* The name is the title alone; what it is and how often is its description. */}
            <div>
              <label htmlFor={`oms-${n.id}`}>
                <strong>{n.title}</strong>
              </label>
              <span id={`oms-${n.id}-about`} className="oms-newsletters__about">
                {n.frequency}. {n.description}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
