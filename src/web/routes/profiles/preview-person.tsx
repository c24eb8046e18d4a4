// /_preview/people/?profileId= — the draft of a person profile, for those who may edit it (the
// person it belongs to, site staff); anyone else gets a 404, someone signed out the sign-in page.
// A private path (page-cache.ts): never stored or shared.
import { PersonPage } from '../../components/profiles/profile-pages.tsx';
import { personPageData, previewActor, profileId, sourceOr404 } from './profile-page.server.ts';
import type { Route } from './+types/preview-person';
import '../../styles/profiles.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await previewActor(context, request);
  const profile = await sourceOr404(() => context.services.profiles.personSource(actor, profileId(request)));
  return personPageData(context, profile, true);
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function PersonPreview({ loaderData }: Route.ComponentProps) {
  return <PersonPage data={loaderData} />;
}
