// The billing details the payment form submits with the token: name, country (which decides the
// tax), postcode, and the currency to pay in. Changing the country or currency reloads the price.
import { TextField } from '../form-fields.tsx';
import type { PaymentView } from './payment-types.ts';

export type BillingChoice = 'country' | 'currency';

/** The payer's first and last name (prefilled from their account). */
export function PayerNames({
  firstName,
  lastName,
  fieldErrors,
}: {
  firstName: string;
  lastName: string;
  fieldErrors: Record<string, string>;
}) {
  return (
    <>
      <TextField
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
        defaultValue={firstName}
        error={fieldErrors.firstName}
      />
      <TextField
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
        defaultValue={lastName}
        error={fieldErrors.lastName}
      />
    </>
  );
}

/** The billing country: it decides the tax, so choosing another reloads the price. */
export function CountryChoice({
  value,
  countries,
  hint,
  onChange,
}: {
  value: string;
  countries: { key: string; title: string }[];
  hint: string;
  onChange: (country: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="countryCode" className="field__label">
        Country
      </label>
      <p id="countryCode-hint" className="field__hint">
        {hint}
      </p>
      <select
        id="countryCode"
        name="countryCode"
        className="field__input field__select"
        value={value}
        autoComplete="country"
        aria-describedby="countryCode-hint"
        onChange={(event) => onChange(event.target.value)}
      >
        {countries.map((option) => (
          <option key={option.key} value={option.key}>
            {option.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The currency to pay in (not submitted: the form carries the one the price was shown in). */
export function CurrencyChoice({
  value,
  currencies,
  onChange,
}: {
  value: string | undefined;
  currencies: string[];
  onChange: (currency: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor="currency-choice" className="field__label">
        Currency
      </label>
      <select id="currency-choice" className="field__input field__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BillingDetails({
  view,
  fieldErrors,
  onChoice,
}: {
  view: PaymentView;
  fieldErrors: Record<string, string>;
  onChoice: (name: BillingChoice, value: string) => void;
}) {
  return (
    <fieldset className="payment__fieldset">
      <legend className="payment__legend">Billing details</legend>
      <PayerNames firstName={view.billing.firstName} lastName={view.billing.lastName} fieldErrors={fieldErrors} />
      <CountryChoice
        value={view.countryCode}
        countries={view.countries}
        hint="Decides the tax on your membership."
        onChange={(country) => onChoice('country', country)}
      />
      <TextField name="postalCode" label="Postcode" autoComplete="postal-code" error={fieldErrors.postalCode} />
      <CurrencyChoice value={view.price.currency} currencies={view.currencies} onChange={(currency) => onChoice('currency', currency)} />
    </fieldset>
  );
}
