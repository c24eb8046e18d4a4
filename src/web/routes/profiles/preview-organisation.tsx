// /_preview/organisations/?profileId= — the draft of an organisation profile with its projects,
// for its OWNER and ADMINs and site staff; anyone else gets a 404. A private path (never cached).
import { OrganisationPage } from '../../components/profiles/profile-pages.tsx';
import { organisationPageData, previewActor, profileId, sourceOr404 } from './profile-page.server.ts';
import type { Route } from './+types/preview-organisation';
import '../../styles/profiles.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await previewActor(context, request);
  const profile = await sourceOr404(() => context.services.profiles.organisationSource(actor, profileId(request)));
  return organisationPageData(context, profile, true);
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function OrganisationPreview({ loaderData }: Route.ComponentProps) {
  return <OrganisationPage data={loaderData} />;
}
