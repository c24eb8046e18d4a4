// /user/organisations/profiles/projects/edit/?profileId= (§2, issue 18): an organisation's OWNER
// or ADMIN adds, edits and deletes its projects, with images they upload (JPEG, PNG or WebP up to
// 5 MB, checked by their bytes) and YouTube links (§5's rule), orders them (Move up / Move down,
// forms that work from the keyboard and without JavaScript), pins one and publishes. The server half is organisation-edit.server.ts; the rules are the services'.
import { useState } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { AccountLayout } from '../../../components/account-layout.tsx';
import { TextField } from '../../../components/form-fields.tsx';
import { Picture } from '../../../components/picture.tsx';
import { organisationEditorMenu } from '../../../components/profiles/edit/editor-menu.ts';
import {
  AnswerNotice,
  DoneNotice,
  PublishPanel,
  TextArea,
  valueFrom,
  type Answer,
} from '../../../components/profiles/edit/edit-fields.tsx';
import { useHydrated } from '../../../lib/hydrated.ts';
import { userPageMeta } from '../user-meta.ts';
import type { Route } from './+types/projects-edit';
import { projectsAction, projectsLoader } from './organisation-edit.server.ts';
import { Refused } from './organisation-profiles.tsx';
import '../../../styles/profile-edit.css';

export const loader = (args: Route.LoaderArgs) => projectsLoader(args);
export const action = (args: Route.ActionArgs) => projectsAction(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  userPageMeta(matches, { title: 'Projects', description: 'Your organisation’s projects.', path: paths.organisationProfiles() });

type Data = Extract<Route.ComponentProps['loaderData'], { kind: 'projects' }>;
type ProjectView = Data['projects'][number];

export default function ProjectsEdit({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'refused') return <Refused reason={loaderData.reason} />;
  return <Projects data={loaderData} answer={actionData as Answer | undefined} />;
}

function Hidden({ intent, profileId, projectId }: { intent: string; profileId: string; projectId?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="profileId" value={profileId} />
      {projectId && <input type="hidden" name="projectId" value={projectId} />}
    </>
  );
}

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** An image file or a YouTube link, and what it shows (one form field set, for a new project and a new asset). */
function AssetFields({ idPrefix, answer, intent }: { idPrefix: string; answer: Answer | undefined; intent: string }) {
  const videoError = answer?.intent === intent && answer.status === 'error' ? answer.fieldErrors?.video : undefined;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-image`} className="field__label">
          Image<span className="field__optional"> (optional)</span>
        </label>
        <p id={`${idPrefix}-image-hint`} className="field__hint">
          A JPEG, PNG or WebP file of at most 5 MB.
        </p>
        <input
          id={`${idPrefix}-image`}
          name="image"
          type="file"
          accept={IMAGE_TYPES}
          className="field__input"
          aria-describedby={`${idPrefix}-image-hint`}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-video`} className="field__label">
          Or a YouTube link<span className="field__optional"> (optional)</span>
        </label>
        <input
          id={`${idPrefix}-video`}
          name="video"
          type="url"
          className="field__input"
          placeholder="https://www.youtube.com/watch?v=…"
          aria-invalid={videoError ? true : undefined}
          aria-describedby={videoError ? `${idPrefix}-video-error` : undefined}
        />
        {videoError && (
          <p id={`${idPrefix}-video-error`} className="field__message field__message--error">
            {videoError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-caption`} className="field__label">
          Caption<span className="field__optional"> (optional)</span>
        </label>
        <input id={`${idPrefix}-caption`} name="assetDescription" className="field__input" />
      </div>
    </>
  );
}

function Projects({ data, answer }: { data: Data; answer: Answer | undefined }) {
  const navigation = useNavigation();
  const creating = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create';
  const value = valueFrom(answer, 'create');
  const createError = (name: string) => (answer?.intent === 'create' ? answer.fieldErrors?.[name] : undefined);
  return (
    <AccountLayout
      title={`Projects of ${data.title}`}
      intro={<Link to={data.editUrl}>Edit the profile of {data.title}</Link>}
      menu={organisationEditorMenu()}
    >
      <DoneNotice notice={data.notice} answer={answer} />
      <div className="profile-edit__notice">
        <AnswerNotice answer={answer} intents={['publish', 'delete']} />
      </div>
      <PublishPanel state={data.state} previewUrl={data.previewUrl} publicUrl={data.publicUrl} hidden={{ profileId: data.profileId }} />

      <section className="account-section profile-edit" aria-labelledby="projects-heading">
        <h2 id="projects-heading" className="account-section__title">
          Projects
        </h2>
        <p className="account-section__intro">
          Shown as a gallery on the profile, in this order; a pinned project comes first. Changes show on the public page once you publish.
        </p>
        {data.projects.length === 0 ? <p>No projects yet: add the first below.</p> : <ProjectList data={data} answer={answer} />}
      </section>

      <section className="account-section profile-edit" aria-labelledby="new-project-heading">
        <h2 id="new-project-heading" className="account-section__title">
          Add a project
        </h2>
        <AnswerNotice answer={answer} intents={['create']} />
        {/* Keyed by the projects: a new project empties the form. */}
        <Form key={data.projects.length} method="post" encType="multipart/form-data" className="profile-edit__form">
          <Hidden intent="create" profileId={data.profileId} />
          <TextField name="title" label="Title" required defaultValue={value('title', '')} error={createError('title')} />
          <TextArea name="description" label="Description" defaultValue={value('description', '')} error={createError('description')} />
          <AssetFields idPrefix="new" answer={answer} intent="create" />
          <p className="cta-row">
            <button type="submit" className="button" disabled={creating}>
              {creating ? 'Adding…' : 'Add project'}
            </button>
          </p>
        </Form>
      </section>
    </AccountLayout>
  );
}

/**
 * The projects in order, each with its Move up / Move down buttons (plain forms: keyboard and no
 * JavaScript alike). Once the page runs, a project can also be dragged onto another's place: the
 * drop sends the same "move" form with the new position.
 */
/** What a dragged project carries: its id, under a type nothing else on the page drags. */
const PROJECT_DRAG_TYPE = 'application/x-atelier-project';

function ProjectList({ data, answer }: { data: Data; answer: Answer | undefined }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <>
      {hydrated && data.projects.length > 1 && (
        <p className="profile-edit__meta">Drag a project onto another’s place to move it there, or use Move up and Move down.</p>
      )}
      <ol className="profile-edit__list">
        {data.projects.map((project, index) => (
          <li
            key={project.projectId}
            className={over === index && dragged !== project.projectId ? 'project-edit project-edit--drop' : 'project-edit'}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(PROJECT_DRAG_TYPE)) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              const moving = event.dataTransfer.getData(PROJECT_DRAG_TYPE);
              end();
              if (!moving || moving === project.projectId) return;
              void submit({ intent: 'move', profileId: data.profileId, projectId: moving, position: String(index) }, { method: 'post' });
            }}
          >
            {hydrated && data.projects.length > 1 && (
              // Only the handle starts a drag, so text in the project's fields can still be selected.
              <span
                className="project-edit__handle"
                draggable
                aria-hidden="true"
                title={`Drag to move ${project.title}`}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData(PROJECT_DRAG_TYPE, project.projectId);
                  const item = event.currentTarget.parentElement;
                  if (item) event.dataTransfer.setDragImage(item, 16, 16);
                  setDragged(project.projectId);
                }}
                onDragEnd={end}
              >
                ⠿ Drag
              </span>
            )}
            <ProjectItem data={data} project={project} index={index} answer={answer} />
          </li>
        ))}
      </ol>
    </>
  );
}

function SmallForm({
  intent,
  data,
  project,
  label,
  children,
  extra,
}: {
  intent: string;
  data: Data;
  project: ProjectView;
  label: string;
  children?: React.ReactNode;
  extra?: Record<string, string>;
}) {
  return (
    <Form method="post">
      <Hidden intent={intent} profileId={data.profileId} projectId={project.projectId} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--small button--secondary" aria-label={`${label}: ${project.title}`}>
        {children ?? label}
      </button>
    </Form>
  );
}

function ProjectItem({ data, project, index, answer }: { data: Data; project: ProjectView; index: number; answer: Answer | undefined }) {
  const pinned = data.pinnedProjectId === project.projectId;
  const id = project.projectId.slice(0, 8);
  const mine = answer?.projectId === project.projectId ? answer : undefined;
  const value = valueFrom(mine, 'update');
  return (
    <article aria-labelledby={`project-${id}`}>
      <div className="project-edit__head">
        <h3 id={`project-${id}`} className="profile-edit__item-title">
          {index + 1}. {project.title}
          {pinned && <span className="profile-edit__badge">Pinned</span>}
        </h3>
      </div>
      <AnswerNotice
        answer={answer}
        intents={['update', 'add-asset', 'remove-asset', 'move', 'pin', 'unpin']}
        projectId={project.projectId}
      />
      <div className="profile-edit__actions">
        {index > 0 && <SmallForm intent="move" data={data} project={project} label="Move up" extra={{ position: String(index - 1) }} />}
        {index < data.projects.length - 1 && (
          <SmallForm intent="move" data={data} project={project} label="Move down" extra={{ position: String(index + 1) }} />
        )}
        {pinned ? (
          <SmallForm intent="unpin" data={data} project={project} label="Unpin" />
        ) : (
          <SmallForm intent="pin" data={data} project={project} label="Pin" />
        )}
        <details className="project-edit__delete">
          <summary>Delete…</summary>
          <p>Delete “{project.title}” and its images and videos from the draft?</p>
          <SmallForm intent="delete" data={data} project={project} label="Delete">
            Yes, delete
          </SmallForm>
        </details>
      </div>
      {project.assets.length > 0 && (
        <ul className="project-edit__assets">
          {project.assets.map((asset, assetIndex) => (
            <li key={`${asset.url}-${assetIndex}`} className="project-edit__asset">
              {asset.type === 'IMAGE' ? (
                <Picture imageKey={asset.url} alt={asset.description} ratio="3x2" width={320} sizes="96px" />
              ) : (
                <span className="project-edit__video">YouTube</span>
              )}
              <div className="profile-edit__inline">
                <span>{asset.description || (asset.type === 'IMAGE' ? 'Image' : asset.url)}</span>
                <SmallForm
                  intent="remove-asset"
                  data={data}
                  project={project}
                  label={`Remove ${asset.type === 'IMAGE' ? 'image' : 'video'} ${assetIndex + 1}`}
                  extra={{ assetIndex: String(assetIndex) }}
                >
                  Remove
                </SmallForm>
              </div>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Edit title and description</summary>
        <Form method="post" className="profile-edit__form">
          <Hidden intent="update" profileId={data.profileId} projectId={project.projectId} />
          <TextField name={`title-${id}`} label="Title" required defaultValue={value(`title-${id}`, project.title)} />
          <TextArea name={`description-${id}`} label="Description" defaultValue={value(`description-${id}`, project.description)} />
          <p className="cta-row">
            <button type="submit" className="button button--small">
              Save project
            </button>
          </p>
        </Form>
      </details>
      <details open={mine?.intent === 'add-asset' && mine.status === 'error'}>
        <summary>Add an image or a video</summary>
        <Form method="post" encType="multipart/form-data" className="profile-edit__form">
          <Hidden intent="add-asset" profileId={data.profileId} projectId={project.projectId} />
          <AssetFields idPrefix={`asset-${id}`} answer={mine} intent="add-asset" />
          <p className="cta-row">
            <button type="submit" className="button button--small">
              Add to project
            </button>
          </p>
        </Form>
      </details>
    </article>
  );
}
