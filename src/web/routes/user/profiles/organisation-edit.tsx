// /user/organisations/profiles/edit/?profileId= (§2, issue 18): an organisation's OWNER or ADMIN
// edits its profile's draft — the fields, headquarters, links and jobs; its key people and its
// subsidiaries, found by a search (GET) or by their address name — and publishes it. Plain forms
// posted to this route's action; the profiles service decides who may (anyone else: 403).
import { Form, Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { organisationEditorMenu } from '../../../components/profiles/edit/editor-menu.ts';
import {
  AnswerNotice,
  DoneNotice,
  errorFrom,
  FieldRows,
  ImagesPanel,
  IntentButton,
  PublishPanel,
  TextArea,
  formOf,
  type Answer,
  type RowColumn,
} from '../../../components/profiles/edit/edit-fields.tsx';
import { ORGANISATION_IMAGES } from '../../../components/profiles/edit/image-labels.ts';
import { userPageMeta } from '../user-meta.ts';
import type { Route } from './+types/organisation-edit';
import { organisationEditAction, organisationEditLoader } from './organisation-edit.server.ts';
import { Refused } from './organisation-profiles.tsx';
import '../../../styles/profile-edit.css';

export const loader = (args: Route.LoaderArgs) => organisationEditLoader(args);
export const action = (args: Route.ActionArgs) => organisationEditAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, {
    title: 'Edit organisation profile',
    description: 'Edit and publish your organisation’s profile.',
    path: paths.organisationProfiles(),
  });

type Data = Extract<Route.ComponentProps['loaderData'], { kind: 'edit' }>;

export default function OrganisationEdit({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'refused') return <Refused reason={loaderData.reason} />;
  return <Editor data={loaderData} answer={actionData as Answer | undefined} />;
}

function Hidden({ intent, profileId }: { intent: string; profileId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="profileId" value={profileId} />
    </>
  );
}

function Editor({ data, answer }: { data: Data; answer: Answer | undefined }) {
  const { profile, options } = data;
  const form = formOf(answer, 'save');
  const { field } = form;
  const id = profile.profileId;
  const here = paths.organisationProfileEditor(id);
  return (
    <AccountLayout
      title={profile.title}
      intro={<Link to={data.projectsUrl}>Projects of {profile.title}</Link>}
      menu={organisationEditorMenu()}
    >
      <DoneNotice notice={data.notice} answer={answer} />
      <div className="profile-edit__notice">
        <AnswerNotice answer={answer} intents={['publish']} />
      </div>
      <PublishPanel state={data.state} previewUrl={data.previewUrl} publicUrl={data.publicUrl} hidden={{ profileId: id }} />
      <ImagesPanel images={data.images} labels={ORGANISATION_IMAGES} answer={answer} hidden={{ profileId: id }} />

      <section className="account-section profile-edit" aria-labelledby="fields-heading">
        <h2 id="fields-heading" className="account-section__title">
          Profile
        </h2>
        <AnswerNotice answer={answer} intents={['save']} />
        <Form method="post" className="profile-edit__form">
          <Hidden intent="save" profileId={id} />
          <TextField {...field('title', profile.title)} label="Name" required />
          <TextArea
            {...field('summary', profile.summary)}
            label="Summary"
            rows={3}

            hint="A few sentences shown at the top of the page and in the directory."
          />
          <div className="profile-edit__pair">
            <TextField {...field('city', profile.city)} label="City" />
            <SelectField {...field('country', profile.country)} label="Country" required options={options.countries} />
          </div>
          <div className="profile-edit__pair">
            <SelectField
              {...field('organisationIndustry', profile.organisationIndustry)}
              label="Industry"
              required
              options={options.industries}
            />
            <SelectField {...field('organisationType', profile.organisationType)} label="Type" required options={options.types} />
          </div>
          <div className="profile-edit__pair">
            <SelectField {...field('organisationSize', profile.organisationSize)} label="Size" required options={options.sizes} />
            <SelectField {...field('ownershipType', profile.ownershipType)} label="Ownership" required options={options.ownership} />
          </div>
          <TextField {...field('yearEstablished', profile.yearEstablished)} label="Year established" inputMode="numeric" />
          <TextArea {...field('editorialDescription', profile.editorialDescription)} label="About the organisation" rows={6} />
          <TextArea {...field('premiumDescription', profile.premiumDescription)} label="Longer description (premium profiles)" rows={6} />

          <fieldset className="profile-edit__rows">
            <legend className="field__label">Headquarters</legend>
            <div className="profile-edit__pair">
              <TextField {...field('headquarters.addressLine1', profile.headquarters.addressLine1)} label="Address" />
              <TextField {...field('headquarters.addressLine2', profile.headquarters.addressLine2)} label="Address, second line" />
            </div>
            <div className="profile-edit__pair">
              <TextField {...field('headquarters.areaCode', profile.headquarters.areaCode)} label="Postcode" />
              <TextField {...field('headquarters.city', profile.headquarters.city)} label="City" />
            </div>
            <div className="profile-edit__pair">
              <TextField {...field('headquarters.state', profile.headquarters.state)} label="State or region" />
              <SelectField
                {...field('headquarters.country', profile.headquarters.country)}
                label="Country"
                placeholder="None"
                options={options.countries}
              />
            </div>
          </fieldset>

          <FieldRows
            legend="Website and links"
            hint={LINK_HINT}
            prefix="externalLinks"
            columns={LINK_COLUMNS}
            items={profile.externalLinks}
            form={form}
          />
          <FieldRows
            legend="Social profiles"
            hint={LINK_HINT}
            prefix="socialLinks"
            columns={LINK_COLUMNS}
            items={profile.socialLinks}
            form={form}
          />
          <FieldRows
            legend="Jobs"
            hint="Open positions shown on the profile; each links to where people apply."
            prefix="jobs"
            columns={[
              { name: 'title', label: 'Job title' },
              { name: 'location', label: 'Location' },
              { name: 'url', label: 'Apply at', type: 'url', placeholder: 'https://' },
              { name: 'postedOn', label: 'Posted on', type: 'date' },
            ]}
            items={profile.jobs}
            form={form}
          />
          <p className="cta-row">
            <IntentButton intent="save" label="Save draft" busyLabel="Saving…" />
          </p>
        </Form>
      </section>

      <KeyPeople data={data} answer={answer} here={here} />
      <Subsidiaries data={data} answer={answer} here={here} />
    </AccountLayout>
  );
}

const LINK_COLUMNS: RowColumn[] = [
  { name: 'label', label: 'Name' },
  { name: 'url', label: 'Address', type: 'url', placeholder: 'https://' },
];
const LINK_HINT = 'Each an https:// address. Leave a row empty to skip it; clear a row to remove it.';

/** A GET search form that keeps the profile in the address. */
function SearchForm({ name, label, value, profileId }: { name: string; label: string; value: string; profileId: string }) {
  return (
    <Form method="get" className="profile-edit__inline" role="search" aria-label={label}>
      <input type="hidden" name="profileId" value={profileId} />
      <div className="field">
        <label htmlFor={`search-${name}`} className="field__label">
          {label}
        </label>
        <input id={`search-${name}`} name={name} type="search" className="field__input" defaultValue={value} />
      </div>
      <button type="submit" className="button button--small button--secondary">
        Search
      </button>
    </Form>
  );
}

function KeyPeople({ data, answer, here }: { data: Data; answer: Answer | undefined; here: string }) {
  const id = data.profile.profileId;
  const error = errorFrom(answer, 'key-add');
  return (
    <section className="account-section profile-edit" aria-labelledby="key-people-heading" id="key-people">
      <h2 id="key-people-heading" className="account-section__title">
        Key people
      </h2>
      <p className="account-section__intro">
        People with a published profile, shown on this profile with their role and linked from theirs.
      </p>
      <AnswerNotice answer={answer} intents={['key-add', 'key-roles', 'key-remove']} />
      {data.keyPeople.length > 0 && (
        <>
          <Form method="post" className="profile-edit__form" id="key-roles-form">
            <Hidden intent="key-roles" profileId={id} />
          </Form>
          <ul className="profile-edit__list">
            {data.keyPeople.map((person, index) => (
              <li key={person.profileId} className="profile-edit__item">
                <div className="profile-edit__inline">
                  <div className="field">
                    <label htmlFor={`keyPeople.${index}.role`} className="field__label">
                      <Link to={paths.person(person.slug)}>{person.name}</Link>: role
                    </label>
                    <input
                      id={`keyPeople.${index}.role`}
                      name={`keyPeople.${index}.role`}
                      form="key-roles-form"
                      className="field__input"
                      defaultValue={person.role}
                    />
                  </div>
                  <Form method="post">
                    <Hidden intent="key-remove" profileId={id} />
                    <input type="hidden" name="pickId" value={person.profileId} />
                    <button type="submit" className="button button--small button--secondary" aria-label={`Remove ${person.name}`}>
                      Remove
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
          <p className="cta-row">
            <button type="submit" form="key-roles-form" className="button button--small">
              Save roles
            </button>
          </p>
        </>
      )}
      <h3 className="profile-edit__item-title">Add a key person</h3>
      <SearchForm name="people" label="Find a person by name" value={data.search.people} profileId={id} />
      {data.search.people && data.search.peopleFound.length === 0 && (
        <p className="profile-edit__meta">No published person profile matches “{data.search.people}”.</p>
      )}
      <ul className="profile-edit__list">
        {data.search.peopleFound.map((person) => (
          <li key={person.profileId} className="profile-edit__item">
            <Form method="post" className="profile-edit__inline" action={`${here}#key-people`}>
              <Hidden intent="key-add" profileId={id} />
              <input type="hidden" name="pickId" value={person.profileId} />
              <div className="field">
                <label htmlFor={`role-${person.profileId}`} className="field__label">
                  {person.name}
                  {person.detail ? `, ${person.detail}` : ''}: role
                </label>
                <input id={`role-${person.profileId}`} name="role" className="field__input" required placeholder="Chief Executive" />
              </div>
              <button type="submit" className="button button--small">
                Add
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="profile-edit__inline">
        <Hidden intent="key-add" profileId={id} />
        <SlugField
          id="key-person-slug"
          label="Or their address name"
          hint="The part after /people/, e.g. helene-castel"
          error={answer?.intent === 'key-add' && answer.status === 'error' && !answer.fieldErrors?.role ? answer.message : undefined}
        />
        <TextField name="role" label="Role" required error={error('role')} />
        <IntentButton intent="key-add" label="Add" busyLabel="Adding…" small />
      </Form>
    </section>
  );
}

function Subsidiaries({ data, answer, here }: { data: Data; answer: Answer | undefined; here: string }) {
  const id = data.profile.profileId;
  return (
    <section className="account-section profile-edit" aria-labelledby="children-heading" id="subsidiaries">
      <h2 id="children-heading" className="account-section__title">
        Subsidiaries
      </h2>
      <p className="account-section__intro">
        Organisations with a published profile that belong to {data.profile.title}; their pages link back here.
      </p>
      <AnswerNotice answer={answer} intents={['child-add', 'child-remove']} />
      {data.subsidiaries.length > 0 && (
        <ul className="profile-edit__list">
          {data.subsidiaries.map((company) => (
            <li key={company.profileId} className="profile-edit__item profile-edit__inline">
              <Link to={paths.organisation(company.slug)}>{company.name}</Link>
              <Form method="post">
                <Hidden intent="child-remove" profileId={id} />
                <input type="hidden" name="pickId" value={company.profileId} />
                <button type="submit" className="button button--small button--secondary" aria-label={`Remove ${company.name}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <SearchForm name="companies" label="Find an organisation by name" value={data.search.companies} profileId={id} />
      {data.search.companies && data.search.companiesFound.length === 0 && (
        <p className="profile-edit__meta">No other published organisation matches “{data.search.companies}”.</p>
      )}
      <ul className="profile-edit__list">
        {data.search.companiesFound.map((company) => (
          <li key={company.profileId} className="profile-edit__item">
            <Form method="post" className="profile-edit__inline" action={`${here}#subsidiaries`}>
              <Hidden intent="child-add" profileId={id} />
              <input type="hidden" name="pickId" value={company.profileId} />
              <span>
                {company.name}
                {company.detail ? `, ${company.detail}` : ''}
              </span>
              <button type="submit" className="button button--small" aria-label={`Add ${company.name} as a subsidiary`}>
                Add
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className="profile-edit__inline">
        <Hidden intent="child-add" profileId={id} />
        <SlugField
          id="subsidiary-slug"
          label="Or its address name"
          hint="The part after /organisations/, e.g. maison-verrier"
          error={answer?.intent === 'child-add' && answer.status === 'error' ? answer.message : undefined}
        />
        <IntentButton intent="child-add" label="Add" busyLabel="Adding…" small />
      </Form>
    </section>
  );
}

/** The address-name field of an "add" form (two on the page, so each has its own id). */
function SlugField({ id, label, hint, error }: { id: string; label: string; hint: string; error?: string }) {
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <input id={id} name="slug" className="field__input" aria-invalid={error ? true : undefined} aria-describedby={described} />
      {error && (
        <p id={`${id}-error`} className="field__message field__message--error">
          {error}
        </p>
      )}
    </div>
  );
}
