// /user/people/profiles/edit/ (§2, issue 18): a signed-in person's own profile. Someone with none
// creates it (names and category); then they edit the draft, see whether it is published and at
// which version, preview it and publish. Plain forms posted to this route's action: no JavaScript
// needed. The server half is person-edit.server.ts; the rules are the profiles service's.
import { Form, Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import {
  AnswerNotice,
  DoneNotice,
  FieldRows,
  ImagesPanel,
  IntentButton,
  PublishPanel,
  TextArea,
  formOf,
  type Answer,
} from '../../../components/profiles/edit/edit-fields.tsx';
import { PERSON_IMAGES } from '../../../components/profiles/edit/image-labels.ts';
import { userPageMeta } from '../user-meta.ts';
import type { Route } from './+types/person-edit';
import { personEditAction, personEditLoader } from './person-edit.server.ts';
import '../../../styles/profile-edit.css';

export const loader = (args: Route.LoaderArgs) => personEditLoader(args);
export const action = (args: Route.ActionArgs) => personEditAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Your profile', description: 'Edit and publish your profile.', path: paths.personProfileEditor() });

const menu = [
  { label: 'Personal details', href: `${paths.account()}#details` },
  { label: 'Your profile', href: paths.personProfileEditor(), current: true },
  { label: 'Following', href: paths.following() },
  { label: 'Sign out', href: paths.logout() },
];

type Data = Route.ComponentProps['loaderData'];

export default function PersonEdit({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  if (loaderData.kind === 'create') return <CreateProfile data={loaderData} answer={answer} />;
  return <EditProfile data={loaderData} answer={answer} />;
}

function CreateProfile({ data, answer }: { data: Extract<Data, { kind: 'create' }>; answer: Answer | undefined }) {
  const { field } = formOf(answer, 'create');
  return (
    <AccountLayout title="Your profile" menu={menu}>
      <section className="account-section profile-edit" aria-labelledby="create-heading">
        <h2 id="create-heading" className="account-section__title">
          Create your profile
        </h2>
        <p className="account-section__intro">
          A profile is your page in the <Link to={paths.people()}>people directory</Link>: what you do, where you have worked and studied.
          It stays a draft, seen only by you, until you publish it.
        </p>
        <AnswerNotice answer={answer} intents={['create']} />
        <Form method="post" className="profile-edit__form">
          <input type="hidden" name="intent" value="create" />
          <TextField {...field('firstName', '')} label="First name" required autoComplete="given-name" />
          <TextField {...field('lastName', '')} label="Last name" required autoComplete="family-name" />
          <SelectField {...field('category', '')} label="What you do" required options={data.options.personCategories} />
          <p className="cta-row">
            <IntentButton intent="create" label="Create my profile" busyLabel="Creating…" />
          </p>
        </Form>
      </section>
    </AccountLayout>
  );
}

function EditProfile({ data, answer }: { data: Extract<Data, { kind: 'edit' }>; answer: Answer | undefined }) {
  const { profile, options } = data;
  const form = formOf(answer, 'save');
  const { field } = form;
  return (
    <AccountLayout title="Your profile" intro={<>{`${profile.firstName} ${profile.lastName}`}</>} menu={menu}>
      <DoneNotice notice={data.notice} answer={answer} />
      <div className="profile-edit__notice">
        <AnswerNotice answer={answer} intents={['publish']} />
      </div>
      <PublishPanel state={data.state} previewUrl={data.previewUrl} publicUrl={data.publicUrl} />
      <ImagesPanel images={data.images} labels={PERSON_IMAGES} answer={answer} />

      <section className="account-section profile-edit" aria-labelledby="edit-heading">
        <h2 id="edit-heading" className="account-section__title">
          Your details
        </h2>
        <AnswerNotice answer={answer} intents={['save']} />
        <Form method="post" className="profile-edit__form">
          <input type="hidden" name="intent" value="save" />
          <div className="profile-edit__pair">
            <TextField {...field('firstName', profile.firstName)} label="First name" required />
            <TextField {...field('lastName', profile.lastName)} label="Last name" required />
          </div>
          <TextField
            {...field('title', profile.title)}
            label="Job title"

            hint="For example: Creative Director, Maison Verrier"
          />
          <TextField {...field('subtitle', profile.subtitle)} label="One line about you" />
          <SelectField {...field('category', profile.category)} label="What you do" required options={options.personCategories} />
          <div className="profile-edit__pair">
            <TextField {...field('location', profile.location)} label="Where you are based" />
            <TextField {...field('yearBorn', profile.yearBorn)} label="Year born" inputMode="numeric" />
          </div>
          <div className="profile-edit__pair">
            <SelectField
              {...field('nationality1', profile.nationalities[0])}
              label="Nationality"
              placeholder="None"
              options={options.countries}
            />
            <SelectField
              {...field('nationality2', profile.nationalities[1])}
              label="Second nationality"
              placeholder="None"
              options={options.countries}
            />
          </div>
          <TextArea
            {...field('summary', profile.summary)}
            label="Summary"
            rows={3}

            hint="A few sentences shown at the top of your page and in the directory."
          />
          <TextArea {...field('editorialDescription', profile.editorialDescription)} label="About you" rows={6} />

          <FieldRows
            legend="Career"
            hint="Your roles, most recent first. Leave a row empty to skip it; clear a row to remove it."
            prefix="careers"
            columns={[
              { name: 'title', label: 'Role' },
              { name: 'organisationName', label: 'Organisation' },
              { name: 'startYear', label: 'From (year)' },
              { name: 'endYear', label: 'Until (year)' },
            ]}
            items={profile.careers}
            form={form}
          />
          <FieldRows
            legend="Education"
            hint="Schools and qualifications. Leave a row empty to skip it."
            prefix="education"
            columns={[
              { name: 'institution', label: 'School' },
              { name: 'qualification', label: 'Qualification' },
              { name: 'endYear', label: 'Year' },
            ]}
            items={profile.education}
            form={form}
          />
          <FieldRows
            legend="Links"
            hint="Your website or social profiles, each an https:// address."
            prefix="socialLinks"
            columns={[
              { name: 'label', label: 'Name', placeholder: 'Instagram' },
              { name: 'url', label: 'Address', type: 'url', placeholder: 'https://' },
            ]}
            items={profile.socialLinks}
            form={form}
          />
          <p className="cta-row">
            <IntentButton intent="save" label="Save draft" busyLabel="Saving…" />
          </p>
        </Form>
      </section>
    </AccountLayout>
  );
}
