// Reusable field schemas for analytics payloads (SPEC §3 field groups, §5 limits). Isomorphic: the
// browser refuses an invalid payload before sending it and the collector checks it again
// (DESIGN §6). Field names here are the app-side camelCase ones; events.ts maps them to snake_case.
import { z } from 'zod';
import { LIMITS } from './limits.ts';

// The limits live in a module without zod, so the browser can cut strings without loading it.
export { LIMITS } from './limits.ts';

/** SPEC §9 currencies. */
export const CURRENCIES = ['EUR', 'GBP', 'INR', 'USD'] as const;

/** One Zephr AB group entry, `GROUP_ID#GROUP_NAME`: an id without spaces, one `#`, a name. */
export const AB_GROUP_PATTERN = /^[^#\s]+#[^#]+$/;

// Field builders. Each takes the description that docs/analytics.md prints.
export const text = (max: number, description: string) => z.string().max(max).describe(description);
export const identifier = (description: string) => text(LIMITS.identifier, description);
export const identifierList = (description: string) => z.array(z.string().max(LIMITS.identifier)).describe(description);
export const abGroup = () => z.string().max(LIMITS.identifier).regex(AB_GROUP_PATTERN);
export const currency = (description = 'Currency shown or charged') => z.enum(CURRENCIES).describe(description);
export const count = (description: string) => z.int().min(0).describe(description);

// §3 common fields. Every one optional here; an event that is about a story requires articleId
// with `.required({ articleId: true })`.
export const articleContextFields = z.strictObject({
  articleId: identifier('Story id').optional(),
  topicId: identifier('Topic id').optional(),
  topicLabel: identifier('Topic label as shown').optional(),
  wallVariant: identifier('Wall variant shown (registration, pay, upgrade and its test variant)').optional(),
  designVariant: identifier('Design variant of the component').optional(),
  offerVariant: identifier('Offer variant shown').optional(),
  ctaVariant: identifier('Call-to-action variant').optional(),
  ctaUrl: identifier('Where the call to action leads').optional(),
  currency: currency().optional(),
  giftId: identifier('Gift link id when the story was opened from a gift link').optional(),
});

export const experimentFields = z.strictObject({
  zephrAbGroups: z.array(abGroup()).describe('Zephr AB groups the reader is in, each GROUP_ID#GROUP_NAME').optional(),
  zephrExperimentId: identifier('Zephr experiment id').optional(),
  zephrOutcomeId: identifier('Zephr outcome id').optional(),
  zephrTrialsJson: text(LIMITS.trialsJson, 'Zephr trials, as JSON text').optional(),
  experimentId: identifier('Our own experiment id').optional(),
  experimentCohort: identifier('Cohort within our own experiment').optional(),
});

/** Generic wall events carry a shorter trials JSON (§5). */
export const wallExperimentFields = experimentFields.extend({
  zephrTrialsJson: text(LIMITS.wallTrialsJson, 'Zephr trials, as JSON text').optional(),
});

export const paymentViewFields = z.strictObject({
  planCode: identifier('Plan code on offer (from the plan query when given)').optional(),
  couponCode: identifier('Coupon code applied').optional(),
  currency: currency('Currency the prices are shown in').optional(),
  currencyVariant: text(LIMITS.currencyVariant, 'Currency test variant').optional(),
  frequencyPlans: identifierList('Billing-frequency plans offered').optional(),
  paymentMethods: identifierList('Payment methods offered').optional(),
  introOffers: identifierList('Introductory offers shown').optional(),
});

export const organisationPaymentViewFields = paymentViewFields.extend({
  seatSelectionVariant: identifier('Seat selector variant').optional(),
  seatQuantity: count('Seats selected').optional(),
});

export const purchaseFields = z.strictObject({
  subscriptionId: identifier('Subscription id'),
  planCode: identifier('Plan code of the subscription').optional(),
  couponCode: identifier('Coupon code applied').optional(),
  currency: currency('Currency charged').optional(),
});

export const upgradePurchaseFields = purchaseFields.extend({
  previousPlan: identifier('Plan code before the upgrade'),
  currentPlan: identifier('Plan code after the upgrade'),
});

export const organisationMembershipFields = z.strictObject({
  accountId: identifier('Organisation account id'),
  initiatorUserId: identifier('User who made the change; null when automatic (e.g. by email domain)').nullable(),
});

export const ticketFields = z.strictObject({
  ticketType: identifier('Ticket type'),
  eventId: identifier('Event id'),
  orderId: identifier('Ticket order id'),
  ticketQty: z.int().min(LIMITS.ticketQtyMin).max(LIMITS.ticketQtyMax).describe('Tickets bought'),
  currency: currency('Currency charged').optional(),
});

export const eventRegistrationFields = z.strictObject({
  eventId: identifier('Event id'),
  eventPlatform: identifier('Platform the event registration went through'),
});

export const searchFields = z.strictObject({
  searchType: identifier('Which search (site, people, organisations...)').optional(),
  searchTerm: identifier('What was searched for').optional(),
  searchFilters: z.array(identifierList('One filter: its name then its values')).describe('Filters applied, a list per filter').optional(),
  resultsCount: count('Results found').optional(),
  searchId: identifier('Id tying a search to its result clicks').optional(),
  position: count('Position of the clicked result in the list').optional(),
});

export const aiSearchResultFields = z.strictObject({
  type: z.enum(['error', 'success']).describe('Outcome of the AI search'),
  searchTerm: text(LIMITS.aiSearchTerm, 'Question asked'),
  peopleCompanyIds: identifierList('People and organisation profiles cited').optional(),
  answer: text(LIMITS.aiAnswer, 'Answer shown').optional(),
  sourcesIds: identifierList('Stories cited as sources').optional(),
  caseStudiesReportsIds: identifierList('Case studies and reports cited').optional(),
  fashionGlossary: identifierList('Glossary terms cited').optional(),
});

export const profileFields = z.strictObject({
  profileId: identifier('Profile id'),
  profileType: z.enum(['org', 'people']).describe('Organisation or person profile'),
  profileLevel: z.enum(['premium', 'basic']).describe('Profile level').optional(),
  targetUrl: identifier('Where the link leads').optional(),
});

export const consentViewFields = z.strictObject({
  consentVariant: identifier('Banner or popup variant').optional(),
  interactionMode: identifier('How the consent UI asks (e.g. blocking, non-blocking)').optional(),
  designVariant: identifier('Design variant of the consent UI').optional(),
});

export const consentFields = consentViewFields.extend({
  consentState: identifierList('Consent categories accepted (nonessential, embeds); empty when all refused'),
});

export const newsletterFields = z.strictObject({
  newsletterIds: identifierList('Newsletters chosen'),
  placementVariant: identifier('Where the sign-up was offered').optional(),
});

export const articleActionFields = z.strictObject({
  wordsCopied: z.int().min(0).max(LIMITS.wordsCopiedMax).describe('Words in the copied selection').optional(),
  percentage: z.int().min(0).max(100).multipleOf(LIMITS.scrollStep).describe('Scroll depth reached, in 10 % steps').optional(),
  sharedPlatform: identifier('Where the story was shared (e.g. linkedin, email, copy_link)').optional(),
});

export const downloadCtaFields = z.strictObject({
  ctaWallVariant: identifier('Wall variant around the download call to action').optional(),
  downloadType: identifier('Kind of download (e.g. report, white_paper)').optional(),
  campaignId: identifier('Campaign id').optional(),
  campaignType: z.enum(['internal', 'lead_gen']).describe('Campaign type').optional(),
  downloadEmbedType: z.enum(['internal', 'lead_gen']).describe('Download embed type').optional(),
  downloadEmbedId: identifier('Download embed id'),
});

export const cancellationFields = z.strictObject({
  action: z.enum(['cancelled', 'accepted_discount']).describe('How the cancellation flow ended'),
  discountOffered: z.boolean().describe('Whether a retention discount was offered').optional(),
  cancellationReason: identifier('Reason chosen').optional(),
  cancellationReasonOther: identifier('Reason typed when "other" was chosen').optional(),
});

export const pageViewFields = z.strictObject({
  pagePath: text(LIMITS.pagePath, 'Path of the page'),
  pageReferrer: text(LIMITS.pageLong, 'Referrer').optional(),
  pageTitle: text(LIMITS.pageTitle, 'Document title').optional(),
  utmMedium: text(LIMITS.utm, 'utm_medium of the landing URL').optional(),
  utmSource: text(LIMITS.utm, 'utm_source of the landing URL').optional(),
  utmTerm: text(LIMITS.utm, 'utm_term of the landing URL').optional(),
  utmContent: text(LIMITS.utm, 'utm_content of the landing URL').optional(),
  utmCampaign: text(LIMITS.utm, 'utm_campaign of the landing URL').optional(),
  pageQuery: text(LIMITS.pageLong, 'Query string of the page').optional(),
  pageUrl: text(LIMITS.pageLong, 'Full URL of the page'),
});

/** Marketing and enquiry pages keep a shorter query than the page view (§5). */
export const marketingPageFields = z.strictObject({
  pageQuery: text(LIMITS.marketingPageQuery, 'Query string of the marketing page').optional(),
});

export const nbaFields = z.strictObject({
  nbaVariant: identifier('Next-best-action banner variant'),
  actionPromoted: identifier('Action the banner promotes'),
});

export const paymentErrorFields = z.strictObject({
  errors: identifierList('Error codes shown to the buyer'),
});

export const registrationFields = z.strictObject({
  app: identifier('App that started the sign-in or registration').optional(),
  connection: identifier('Connection used (email, google, apple)').optional(),
  api: identifier('Identity API used').optional(),
});

/** Which one-more-step variant was filled in (its `flow` query; decision 009). */
export const oneMoreStepFields = z.strictObject({
  flow: z.enum(['default', 'professional', 'newsletters']).describe('One-more-step variant (the flow query; default when none)').optional(),
});

/** Which part of the account page a saved change belongs to. */
export const accountSettingsFields = z.strictObject({
  section: z
    .enum(['details', 'email', 'security'])
    .describe('Part of /user/account/ saved: personal details, email address, or sign-in and security'),
});

export const sessionRefreshFields = z.strictObject({
  sessionId: identifier('Identity session id'),
});

export const genericArticleContextFields = articleContextFields.extend({
  subject: text(LIMITS.articleContextText, 'Who or what acted'),
  action: text(LIMITS.articleContextText, 'What was done'),
  object: text(LIMITS.articleContextText, 'What it was done to'),
  category: text(LIMITS.articleContextText, 'Category of the interaction').optional(),
  eventCategory: text(LIMITS.articleContextText, 'Reporting category').optional(),
  eventVersion: text(LIMITS.articleContextText, 'Version of the interaction definition').optional(),
});

export const applicationErrorFields = z.strictObject({
  message: text(LIMITS.errorMessage, 'Error message, cut to 2048 characters before sending'),
  stack: text(LIMITS.errorStack, 'Stack trace, cut to 8192 characters before sending').optional(),
});
