// /user/people/profiles/edit/ (§2, issue 18): a signed-in person's own profile. Someone with none
// creates it (names and category); then they edit the draft, see whether it is published and at
// which version, preview it and publish. Plain forms posted to this route's action: no JavaScript
// needed. The server half is person-edit.server.ts; the rules are the profiles service's.
import { Form, Link, useNavigation } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import {
  AnswerNotice,
  DoneNotice,
  errorFrom,
  PublishPanel,
  RowInput,
  Rows,
  TextArea,
  valueFrom,
  type Answer,
} from '../../../components/profiles/edit/edit-fields.tsx';
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

function SubmitButton({ intent, label, busyLabel }: { intent: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className="button" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

function CreateProfile({ data, answer }: { data: Extract<Data, { kind: 'create' }>; answer: Answer | undefined }) {
  const value = valueFrom(answer, 'create');
  const error = errorFrom(answer, 'create');
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
          <TextField
            name="firstName"
            label="First name"
            required
            autoComplete="given-name"
            defaultValue={value('firstName', '')}
            error={error('firstName')}
          />
          <TextField
            name="lastName"
            label="Last name"
            required
            autoComplete="family-name"
            defaultValue={value('lastName', '')}
            error={error('lastName')}
          />
          <SelectField
            name="category"
            label="What you do"
            required
            options={data.options.personCategories}
            defaultValue={value('category', '')}
            error={error('category')}
          />
          <p className="cta-row">
            <SubmitButton intent="create" label="Create my profile" busyLabel="Creating…" />
          </p>
        </Form>
      </section>
    </AccountLayout>
  );
}

function EditProfile({ data, answer }: { data: Extract<Data, { kind: 'edit' }>; answer: Answer | undefined }) {
  const { profile, options } = data;
  const value = valueFrom(answer, 'save');
  const error = errorFrom(answer, 'save');
  return (
    <AccountLayout title="Your profile" intro={<>{`${profile.firstName} ${profile.lastName}`}</>} menu={menu}>
      <DoneNotice notice={data.notice} answer={answer} />
      <div className="profile-edit__notice">
        <AnswerNotice answer={answer} intents={['publish']} />
      </div>
      <PublishPanel state={data.state} previewUrl={data.previewUrl} publicUrl={data.publicUrl} />

      <section className="account-section profile-edit" aria-labelledby="edit-heading">
        <h2 id="edit-heading" className="account-section__title">
          Your details
        </h2>
        <AnswerNotice answer={answer} intents={['save']} />
        <Form method="post" className="profile-edit__form">
          <input type="hidden" name="intent" value="save" />
          <div className="profile-edit__pair">
            <TextField
              name="firstName"
              label="First name"
              required
              defaultValue={value('firstName', profile.firstName)}
              error={error('firstName')}
            />
            <TextField
              name="lastName"
              label="Last name"
              required
              defaultValue={value('lastName', profile.lastName)}
              error={error('lastName')}
            />
          </div>
          <TextField
            name="title"
            label="Job title"
            defaultValue={value('title', profile.title)}
            error={error('title')}
            hint="For example: Creative Director, Maison Verrier"
          />
          <TextField
            name="subtitle"
            label="One line about you"
            defaultValue={value('subtitle', profile.subtitle)}
            error={error('subtitle')}
          />
          <SelectField
            name="category"
            label="What you do"
            required
            options={options.personCategories}
            defaultValue={value('category', profile.category)}
            error={error('category')}
          />
          <div className="profile-edit__pair">
            <TextField
              name="location"
              label="Where you are based"
              defaultValue={value('location', profile.location)}
              error={error('location')}
            />
            <TextField
              name="yearBorn"
              label="Year born"
              inputMode="numeric"
              defaultValue={value('yearBorn', profile.yearBorn)}
              error={error('yearBorn')}
            />
          </div>
          <div className="profile-edit__pair">
            <SelectField
              name="nationality1"
              label="Nationality"
              placeholder="None"
              options={options.countries}
              defaultValue={value('nationality1', profile.nationalities[0])}
              error={error('nationality1')}
            />
            <SelectField
              name="nationality2"
              label="Second nationality"
              placeholder="None"
              options={options.countries}
              defaultValue={value('nationality2', profile.nationalities[1])}
              error={error('nationality2')}
            />
          </div>
          <TextArea
            name="summary"
            label="Summary"
            rows={3}
            defaultValue={value('summary', profile.summary)}
            error={error('summary')}
            hint="A few sentences shown at the top of your page and in the directory."
          />
          <TextArea
            name="editorialDescription"
            label="About you"
            rows={6}
            defaultValue={value('editorialDescription', profile.editorialDescription)}
            error={error('editorialDescription')}
          />

          <Rows
            legend="Career"
            hint="Your roles, most recent first. Leave a row empty to skip it; clear a row to remove it."
            items={profile.careers.map((career) => ({
              title: career.title,
              organisationName: career.organisationName,
              startYear: career.startYear ?? '',
              endYear: career.endYear ?? '',
            }))}
            empty={{ title: '', organisationName: '', startYear: '', endYear: '' }}
            render={(row, index) => (
              <>
                <RowInput
                  prefix="careers"
                  index={index}
                  name="title"
                  label="Role"
                  value={value(`careers.${index}.title`, row.title)}
                  error={error(`careers.${index}.title`)}
                />
                <RowInput
                  prefix="careers"
                  index={index}
                  name="organisationName"
                  label="Organisation"
                  value={value(`careers.${index}.organisationName`, row.organisationName)}
                  error={error(`careers.${index}.organisationName`)}
                />
                <RowInput
                  prefix="careers"
                  index={index}
                  name="startYear"
                  label="From (year)"
                  value={value(`careers.${index}.startYear`, row.startYear)}
                  error={error(`careers.${index}.startYear`)}
                />
                <RowInput
                  prefix="careers"
                  index={index}
                  name="endYear"
                  label="Until (year)"
                  value={value(`careers.${index}.endYear`, row.endYear)}
                  error={error(`careers.${index}.endYear`)}
                />
              </>
            )}
          />
          <Rows
            legend="Education"
            hint="Schools and qualifications. Leave a row empty to skip it."
            items={profile.education.map((item) => ({ ...item, endYear: item.endYear ?? '' }))}
            empty={{ institution: '', qualification: '', endYear: '' }}
            render={(row, index) => (
              <>
                <RowInput
                  prefix="education"
                  index={index}
                  name="institution"
                  label="School"
                  value={value(`education.${index}.institution`, row.institution)}
                  error={error(`education.${index}.institution`)}
                />
                <RowInput
                  prefix="education"
                  index={index}
                  name="qualification"
                  label="Qualification"
                  value={value(`education.${index}.qualification`, row.qualification)}
                  error={error(`education.${index}.qualification`)}
                />
                <RowInput
                  prefix="education"
                  index={index}
                  name="endYear"
                  label="Year"
                  value={value(`education.${index}.endYear`, row.endYear)}
                  error={error(`education.${index}.endYear`)}
                />
              </>
            )}
          />
          <Rows
            legend="Links"
            hint="Your website or social profiles, each an https:// address."
            items={profile.socialLinks}
            empty={{ label: '', url: '' }}
            render={(row, index) => (
              <>
                <RowInput
                  prefix="socialLinks"
                  index={index}
                  name="label"
                  label="Name"
                  value={value(`socialLinks.${index}.label`, row.label)}
                  error={error(`socialLinks.${index}.label`)}
                  placeholder="Instagram"
                />
                <RowInput
                  prefix="socialLinks"
                  index={index}
                  name="url"
                  label="Address"
                  type="url"
                  value={value(`socialLinks.${index}.url`, row.url)}
                  error={error(`socialLinks.${index}.url`)}
                  placeholder="https://"
                />
              </>
            )}
          />
          <p className="cta-row">
            <SubmitButton intent="save" label="Save draft" busyLabel="Saving…" />
          </p>
        </Form>
      </section>
    </AccountLayout>
  );
}
