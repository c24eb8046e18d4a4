// The analytics event catalogue (SPEC §3, §5, §7; DESIGN §6): one strict zod schema per event. The
// browser validates a camelCase payload and sends its snake_case wire form as a Snowplow
// self-describing event under the event's iglu URI; the collector looks the event up by that URI
// and validates the wire form again. docs/analytics.md is generated from this file.
import { z } from 'zod';
import {
  accountSettingsFields,
  aiSearchResultFields,
  applicationErrorFields,
  articleActionFields,
  articleContextFields,
  cancellationFields,
  consentFields,
  consentViewFields,
  downloadCtaFields,
  eventRegistrationFields,
  experimentFields,
  genericArticleContextFields,
  marketingPageFields,
  nbaFields,
  newsletterFields,
  oneMoreStepFields,
  organisationMembershipFields,
  organisationPaymentViewFields,
  pageViewFields,
  paymentErrorFields,
  paymentViewFields,
  profileFields,
  purchaseFields,
  registrationFields,
  searchFields,
  sessionRefreshFields,
  ticketFields,
  upgradePurchaseFields,
  wallExperimentFields,
} from './fields.ts';

export const IGLU_VENDOR = 'com.atelier';

/** Iglu SchemaVer, MODEL-REVISION-ADDITION. */
export type SchemaVersion = `${number}-${number}-${number}`;

export type EventArea =
  | 'Pages and errors'
  | 'Stories and topics'
  | 'Walls'
  | 'Packages and payment'
  | 'Purchases'
  | 'Organisations'
  | 'Events'
  | 'Search'
  | 'Profiles'
  | 'Consent'
  | 'Newsletters'
  | 'Downloads'
  | 'Memberships and cancellation'
  | 'Next best action'
  | 'Sign-in and session'
  | 'Other screens';

type EventSpec = {
  area: EventArea;
  /** When the event fires, for docs/analytics.md. */
  fires: string;
  payload: z.ZodObject;
  /** Bump per SchemaVer when the payload changes; defaults to 1-0-0. */
  version?: SchemaVersion;
};

// Reused slices of the common fields.
const story = articleContextFields.pick({ articleId: true, topicId: true, topicLabel: true, giftId: true }).required({ articleId: true });
const storyId = articleContextFields.pick({ articleId: true }).required({ articleId: true });
/** Where a funnel step came from, so walls can be compared by variant up to the purchase. */
const attribution = articleContextFields.pick({
  articleId: true,
  wallVariant: true,
  offerVariant: true,
  designVariant: true,
  ctaVariant: true,
});
const offer = articleContextFields.pick({ offerVariant: true, designVariant: true, ctaVariant: true, currency: true });
const wall = articleContextFields
  .pick({
    articleId: true,
    topicId: true,
    wallVariant: true,
    designVariant: true,
    offerVariant: true,
    ctaVariant: true,
    currency: true,
    giftId: true,
  })
  .required({ wallVariant: true })
  .extend(wallExperimentFields.shape);
const noFields = z.strictObject({});

const CATALOGUE = {
  // Pages and errors
  page_view: {
    area: 'Pages and errors',
    fires: 'Every page load and client-side navigation. Sent as a page call (Snowplow `pv`), not a track call.',
    payload: pageViewFields,
  },
  application_error: {
    area: 'Pages and errors',
    fires: 'An uncaught or logged error in the browser that is not one of the known noisy script errors (SPEC §8).',
    payload: applicationErrorFields,
  },

  // Stories and topics
  user_view_article: {
    area: 'Stories and topics',
    fires: 'A story page is shown, walled or not (the wall itself also sends user_view_wall).',
    payload: articleContextFields.required({ articleId: true }).extend(experimentFields.shape),
  },
  user_view_article_scroll: {
    area: 'Stories and topics',
    fires: 'The reader scrolls past another 10 % of the story (0 when it opens, then 10, 20 … 100).',
    payload: storyId.extend(articleActionFields.pick({ percentage: true }).required().shape),
  },
  user_complete_article_copy: {
    area: 'Stories and topics',
    fires: 'The reader copies text from a story.',
    payload: storyId.extend(articleActionFields.pick({ wordsCopied: true }).required().shape),
  },
  user_click_article_share: {
    area: 'Stories and topics',
    fires: 'The reader shares a story through one of the share buttons.',
    payload: storyId.extend(articleActionFields.pick({ sharedPlatform: true }).required().shape),
  },
  user_complete_article_gift: {
    area: 'Stories and topics',
    fires: 'A member creates a gift link for a story.',
    payload: story.required({ giftId: true }),
  },
  user_click_article_context: {
    area: 'Stories and topics',
    fires: 'Any other interaction inside a story (embeds, galleries, in-story modules), described as subject, action and object.',
    payload: genericArticleContextFields,
  },
  user_view_topic: {
    area: 'Stories and topics',
    fires: 'A topic, series or section page is shown.',
    payload: articleContextFields.pick({ topicId: true, topicLabel: true }).required(),
  },
  user_click_topic_follow: {
    area: 'Stories and topics',
    fires: 'The user follows a topic.',
    payload: articleContextFields.pick({ topicId: true, topicLabel: true }).required({ topicId: true }),
  },
  user_click_topic_unfollow: {
    area: 'Stories and topics',
    fires: 'The user stops following a topic.',
    payload: articleContextFields.pick({ topicId: true, topicLabel: true }).required({ topicId: true }),
  },

  // Walls
  user_view_wall: {
    area: 'Walls',
    fires: 'A registration, pay or upgrade wall is shown (on a story or around gated content).',
    payload: wall,
  },
  user_click_wall_cta: {
    area: 'Walls',
    fires: 'The reader clicks the call to action on a wall.',
    payload: wall.extend(articleContextFields.pick({ ctaUrl: true }).shape),
  },

  // Packages and payment
  user_view_packages: {
    area: 'Packages and payment',
    fires:
      'A subscription packages page is shown (/subscriptions/packages/, its students and beauty variants, /subscriptions/executive/, /subscriptions/groups/).',
    payload: attribution.extend(offer.shape).extend(experimentFields.shape),
  },
  user_click_package: {
    area: 'Packages and payment',
    fires: 'The user chooses a package on a packages page.',
    payload: attribution
      .extend(offer.shape)
      .extend(paymentViewFields.pick({ planCode: true }).required().shape)
      .extend(articleContextFields.pick({ ctaUrl: true }).shape)
      .extend(experimentFields.shape),
  },
  user_view_payment_individual: {
    area: 'Packages and payment',
    fires: 'The individual payment page is shown (/subscriptions/individuals/payment/, with or without a plan query).',
    payload: paymentViewFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_view_payment_student: {
    area: 'Packages and payment',
    fires: 'The student payment page is shown (/subscriptions/students/payment/).',
    payload: paymentViewFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_view_payment_upgrade: {
    area: 'Packages and payment',
    fires: 'The upgrade payment page is shown (/subscriptions/upgrade/payment/).',
    payload: paymentViewFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_view_payment_organisation: {
    area: 'Packages and payment',
    fires: 'The organisation payment page is shown (/subscriptions/organisations/payment/).',
    payload: organisationPaymentViewFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_view_payment_error: {
    area: 'Packages and payment',
    fires: 'A payment page shows errors after a failed purchase attempt.',
    payload: paymentErrorFields.extend(paymentViewFields.pick({ planCode: true, currency: true }).shape),
  },

  // Purchases
  user_purchased_subscription: {
    area: 'Purchases',
    fires: 'An individual subscription purchase succeeds.',
    payload: purchaseFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_purchased_student_subscription: {
    area: 'Purchases',
    fires: 'A student subscription purchase succeeds.',
    payload: purchaseFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_purchased_organisation_subscription: {
    area: 'Purchases',
    fires: 'An organisation subscription purchase succeeds.',
    payload: purchaseFields
      .extend(organisationMembershipFields.pick({ accountId: true }).partial().shape)
      .extend(organisationPaymentViewFields.pick({ seatQuantity: true }).shape)
      .extend(attribution.shape)
      .extend(experimentFields.shape),
  },
  user_purchased_upgrade: {
    area: 'Purchases',
    fires: 'A subscription upgrade succeeds.',
    payload: upgradePurchaseFields.extend(attribution.shape).extend(experimentFields.shape),
  },
  user_purchased_ticket: {
    area: 'Purchases',
    fires: 'An event ticket order succeeds.',
    payload: ticketFields,
  },

  // Organisations
  user_complete_organisation_join: {
    area: 'Organisations',
    fires: 'A user becomes a member of an organisation account, added by an admin or automatically.',
    payload: organisationMembershipFields,
  },
  user_complete_organisation_leave: {
    area: 'Organisations',
    fires: 'A user is removed from an organisation account, by an admin or automatically.',
    payload: organisationMembershipFields,
  },

  // Events
  user_click_event_tickets: {
    area: 'Events',
    fires: 'The user clicks through to buy tickets for an event.',
    payload: ticketFields.pick({ eventId: true, ticketType: true }).partial({ ticketType: true }),
  },
  user_complete_event_registration: {
    area: 'Events',
    fires: 'The user registers for an event.',
    payload: eventRegistrationFields,
  },

  // Search
  user_submit_search: {
    area: 'Search',
    fires: 'A search is submitted (site search, people and organisations, BoF 500).',
    payload: searchFields.pick({ searchType: true, searchTerm: true, searchFilters: true, searchId: true }).required({ searchTerm: true }),
  },
  user_view_search_results: {
    area: 'Search',
    fires: 'Search results (or the empty state) are shown on the search page.',
    payload: searchFields
      .pick({ searchType: true, searchTerm: true, searchFilters: true, resultsCount: true, searchId: true })
      .required({ resultsCount: true }),
  },
  user_click_search_result: {
    area: 'Search',
    fires: 'The user opens one of the search results.',
    payload: searchFields
      .pick({ searchType: true, searchTerm: true, searchId: true, position: true })
      .required({ position: true })
      .extend(profileFields.pick({ targetUrl: true }).shape),
  },
  user_submit_ai_search: {
    area: 'Search',
    fires: 'A question is submitted to the AI answer search.',
    payload: aiSearchResultFields.pick({ searchTerm: true }),
  },
  user_view_ai_search_result: {
    area: 'Search',
    fires: 'The AI answer search shows its answer or its error.',
    payload: aiSearchResultFields,
  },

  // Profiles
  user_view_profile: {
    area: 'Profiles',
    fires: 'A person or organisation profile page is shown (also its preview).',
    payload: profileFields.omit({ targetUrl: true }),
  },
  user_click_profile_link: {
    area: 'Profiles',
    fires: 'The user follows a link on a profile (website, social, project, job, linked story).',
    payload: profileFields.required({ targetUrl: true }),
  },
  user_click_profile_follow: {
    area: 'Profiles',
    fires: 'The user follows a person or organisation.',
    payload: profileFields.pick({ profileId: true, profileType: true }),
  },
  user_click_profile_unfollow: {
    area: 'Profiles',
    fires: 'The user stops following a person or organisation.',
    payload: profileFields.pick({ profileId: true, profileType: true }),
  },

  // Consent
  user_view_consent: {
    area: 'Consent',
    fires: 'The cookie consent banner or popup is shown.',
    payload: consentViewFields,
  },
  user_submit_consent: {
    area: 'Consent',
    fires: 'The user accepts, refuses or changes cookie consent (sent only when nonessential is accepted).',
    payload: consentFields,
  },

  // Newsletters
  user_view_newsletter_prompt: {
    area: 'Newsletters',
    fires: 'The newsletter prompt modal is shown.',
    payload: newsletterFields
      .pick({ placementVariant: true })
      .extend(articleContextFields.pick({ articleId: true, designVariant: true }).shape),
  },
  user_submit_newsletter_signup: {
    area: 'Newsletters',
    fires: 'The user signs up to one or more newsletters from a prompt, a story or a newsletter page.',
    payload: newsletterFields.extend(articleContextFields.pick({ articleId: true }).shape),
  },
  user_submit_newsletter_preferences: {
    area: 'Newsletters',
    fires: 'Newsletter choices are saved on /user/newsletters/ or on the one-more-step page.',
    payload: newsletterFields.pick({ newsletterIds: true }),
  },

  // Downloads
  user_view_download_cta: {
    area: 'Downloads',
    fires: 'A gated download call to action (download embed) is shown.',
    payload: downloadCtaFields.extend(articleContextFields.pick({ articleId: true }).shape),
  },
  user_click_download_cta: {
    area: 'Downloads',
    fires: 'The user clicks a gated download call to action.',
    payload: downloadCtaFields.extend(articleContextFields.pick({ articleId: true }).shape),
  },
  user_submit_download_consent: {
    area: 'Downloads',
    fires: 'The consent form of a gated download is submitted.',
    payload: downloadCtaFields.pick({ downloadEmbedId: true, downloadEmbedType: true, campaignId: true, campaignType: true }),
  },

  // Memberships and cancellation
  user_view_memberships: {
    area: 'Memberships and cancellation',
    fires: 'The memberships page (/user/membership/), with its cancel option, is shown.',
    payload: purchaseFields.pick({ planCode: true }),
  },
  user_view_cancellation: {
    area: 'Memberships and cancellation',
    fires: 'The cancellation page (/subscriptions/cancel/) is shown.',
    payload: purchaseFields.pick({ subscriptionId: true, planCode: true }).extend(cancellationFields.pick({ discountOffered: true }).shape),
  },
  user_complete_cancellation: {
    area: 'Memberships and cancellation',
    fires: 'The cancellation flow ends: the subscription is cancelled or the retention discount accepted.',
    payload: cancellationFields.extend(purchaseFields.pick({ subscriptionId: true, planCode: true }).shape),
  },

  // Next best action
  user_view_nba_banner: {
    area: 'Next best action',
    fires: 'A next-best-action banner is shown.',
    payload: nbaFields.extend(articleContextFields.pick({ articleId: true }).shape),
  },
  user_click_nba_banner: {
    area: 'Next best action',
    fires: 'The user clicks a next-best-action banner.',
    payload: nbaFields.extend(articleContextFields.pick({ articleId: true, ctaUrl: true }).shape),
  },

  // Sign-in and session
  user_view_sign_in: {
    area: 'Sign-in and session',
    fires: 'The sign-in or registration page at the identity provider is shown.',
    payload: registrationFields.extend(attribution.shape),
  },
  user_complete_registration: {
    area: 'Sign-in and session',
    fires: 'A new account is registered.',
    payload: registrationFields.extend(attribution.shape),
  },
  user_complete_login: {
    area: 'Sign-in and session',
    fires: 'The user signs in.',
    payload: registrationFields,
  },
  user_complete_session_refresh: {
    area: 'Sign-in and session',
    fires: 'The session tokens are refreshed (SPEC §4 token refresh).',
    payload: sessionRefreshFields,
  },

  // Other screens
  user_view_marketing_professional: {
    area: 'Other screens',
    fires: 'The professional marketing page (/professional/) is shown.',
    payload: marketingPageFields.extend(offer.shape),
  },
  user_view_marketing_individuals: {
    area: 'Other screens',
    fires: 'The individuals marketing page is shown.',
    payload: marketingPageFields.extend(offer.shape),
  },
  user_view_enquiry_media: {
    area: 'Other screens',
    fires: 'The media enquiry page (/contact/media/) is shown.',
    payload: marketingPageFields,
  },
  user_view_enquiry_school: {
    area: 'Other screens',
    fires: 'The school enquiry page (/contact/student/) is shown.',
    payload: marketingPageFields,
  },
  user_view_enquiry_group: {
    area: 'Other screens',
    fires: 'The group enquiry page (/subscriptions/groups/ enquiry form) is shown.',
    payload: marketingPageFields,
  },
  user_view_welcome: {
    area: 'Other screens',
    fires: 'The welcome page (/user/welcome/) is shown after registration or purchase.',
    payload: noFields,
  },
  user_view_welcome_professional: {
    area: 'Other screens',
    fires: 'The professional welcome page (/user/welcome-pro/) is shown.',
    payload: noFields,
  },
  user_view_one_more_step: {
    area: 'Other screens',
    fires: 'The one-more-step page (/user/one-more-step/) asking for missing user data is shown.',
    payload: noFields,
  },
  user_submit_one_more_step: {
    area: 'Other screens',
    fires: 'The one-more-step form is sent with details that pass its checks.',
    payload: oneMoreStepFields,
  },
  user_submit_account_settings: {
    area: 'Other screens',
    fires:
      'A change is saved on the account page (/user/account/): personal details, the email address (code sent, change confirmed or cancelled), or a sign-in or security setting.',
    payload: accountSettingsFields,
  },
  user_view_login_policy_warning: {
    area: 'Other screens',
    fires: 'The login policy warning page (/user/login-policy-warning/) is shown.',
    payload: noFields,
  },
  user_view_mobile_app_screen: {
    area: 'Other screens',
    fires: 'The mobile app screen shown to non-members is shown.',
    payload: articleContextFields.pick({ designVariant: true, ctaVariant: true }),
  },
} as const satisfies Record<string, EventSpec>;

type Catalogue = typeof CATALOGUE;
export type EventName = keyof Catalogue;

/** camelCase → snake_case at the type level, matching `snakeCase` below. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;
export type WireObject<T> = { [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };

/** App-side (camelCase) payload of each event. */
export type EventPayloads = { [N in EventName]: z.output<Catalogue[N]['payload']> };
/** Wire (snake_case) payload of each event, as sent and as the collector receives it. */
export type WirePayloads = { [N in EventName]: WireObject<EventPayloads[N]> };

export type EventDefinition<N extends EventName> = {
  name: N;
  area: EventArea;
  fires: string;
  version: SchemaVersion;
  /** iglu:com.atelier/<name>/jsonschema/<version> */
  schema: string;
  payload: Catalogue[N]['payload'];
  wire: z.ZodType<WirePayloads[N]>;
  toWire: (payload: EventPayloads[N]) => WirePayloads[N];
};

export type EventIssue = z.core.$ZodIssue;
export type EventFailure = { ok: false; issues: EventIssue[] };
export type EventSuccess<N extends EventName> = { ok: true; name: N; schema: string; wire: WirePayloads[N] };
export type EventResult<N extends EventName> = EventSuccess<N> | EventFailure;
/** What parseWireEvent returns: narrow on `name` to get that event's wire type. */
export type AnyEventResult = { [N in EventName]: EventSuccess<N> }[EventName] | EventFailure;

export const EVENT_NAMES = Object.freeze(Object.keys(CATALOGUE) as EventName[]);

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Renames keys to snake_case; drops undefined so the wire form round-trips through JSON. */
function toWireObject(payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) if (value !== undefined) out[snakeCase(key)] = value;
  return out;
}

export function igluUri(name: string, version: SchemaVersion): string {
  return `iglu:${IGLU_VENDOR}/${name}/jsonschema/${version}`;
}

function define<N extends EventName>(name: N): EventDefinition<N> {
  const spec: EventSpec = CATALOGUE[name];
  const version = spec.version ?? '1-0-0';
  const wireShape = Object.fromEntries(Object.entries(spec.payload.shape).map(([key, field]) => [snakeCase(key), field]));
  return {
    name,
    area: spec.area,
    fires: spec.fires,
    version,
    schema: igluUri(name, version),
    payload: CATALOGUE[name].payload,
    // Same field schemas under snake_case keys, so both sides apply the same limits.
    wire: z.strictObject(wireShape) as unknown as z.ZodType<WirePayloads[N]>,
    toWire: (payload) => toWireObject(payload) as WirePayloads[N],
  };
}

export const EVENTS: { readonly [N in EventName]: EventDefinition<N> } = Object.freeze(
  Object.fromEntries(EVENT_NAMES.map((name) => [name, define(name)])) as { [N in EventName]: EventDefinition<N> },
);

const EVENTS_BY_SCHEMA: ReadonlyMap<string, EventDefinition<EventName>> = new Map(
  EVENT_NAMES.map((name) => [EVENTS[name].schema, EVENTS[name] as EventDefinition<EventName>]),
);

function failure(message: string, input: unknown): EventFailure {
  return { ok: false, issues: [{ code: 'custom', path: [], message, input }] };
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(CATALOGUE, name);
}

/** Validates an app-side payload; on success gives the snake_case wire form and its schema URI. */
export function validateEvent<N extends EventName>(name: N, payload: EventPayloads[N]): EventResult<N> {
  // Callers may be untyped (e.g. a tracker proxy); an own-key check keeps `toString` and such out.
  if (!isEventName(name)) return failure(`Unknown analytics event "${String(name)}"`, name);
  const event: EventDefinition<N> = EVENTS[name];
  const parsed = event.payload.safeParse(payload);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  return { ok: true, name, schema: event.schema, wire: event.toWire(parsed.data as EventPayloads[N]) };
}

/** For the collector: finds the event by its iglu URI and validates the snake_case data. */
export function parseWireEvent(schemaUri: string, data: unknown): AnyEventResult {
  const event = EVENTS_BY_SCHEMA.get(schemaUri);
  if (!event) return failure(`Unknown analytics schema "${schemaUri}"`, schemaUri);
  const parsed = event.wire.safeParse(data);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  return { ok: true, name: event.name, schema: event.schema, wire: parsed.data } as AnyEventResult;
}
