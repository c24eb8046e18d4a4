// The personal details a member gives (SPEC §3 UserData): on the account page, where all but the
// name may be left out, and on /user/one-more-step/, which asks for every one of them.
import { SelectField, TextField, type Option } from './form-fields.tsx';

export type PersonalDetail = 'firstName' | 'lastName' | 'organisationTitle' | 'jobFunction' | 'jobIndustry' | 'jobLevel' | 'country';

export interface PersonalDetailOptions {
  jobFunctions: readonly Option[];
  jobIndustries: readonly Option[];
  jobLevels: readonly Option[];
  countries: readonly Option[];
}

export function PersonalDetailsFields({
  options,
  value,
  errors,
  allRequired,
}: {
  options: PersonalDetailOptions;
  value: (name: PersonalDetail) => string;
  errors: Partial<Record<string, string>>;
  /** Every detail must be given (one more step); otherwise only the name. */
  allRequired: boolean;
}) {
  const choice = (name: 'jobFunction' | 'jobIndustry' | 'jobLevel' | 'country', label: string, choices: readonly Option[], extra = {}) => (
    <SelectField
      name={name}
      label={label}
      options={choices}
      required={allRequired}
      placeholder={allRequired ? undefined : 'Not given'}
      defaultValue={value(name)}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <>
      <TextField
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
        defaultValue={value('firstName')}
        error={errors.firstName}
      />
      <TextField
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
        defaultValue={value('lastName')}
        error={errors.lastName}
      />
      <TextField
        name="organisationTitle"
        label="Organisation"
        hint={allRequired ? 'The company, brand or school you work for.' : undefined}
        autoComplete="organization"
        required={allRequired}
        defaultValue={value('organisationTitle')}
        error={errors.organisationTitle}
      />
      {choice('jobFunction', 'Job function', options.jobFunctions)}
      {choice('jobIndustry', 'Industry', options.jobIndustries)}
      {choice('jobLevel', 'Job level', options.jobLevels)}
      {choice('country', 'Country', options.countries, { autoComplete: 'country', hint: allRequired ? 'Where you are based.' : undefined })}
    </>
  );
}
