// SPEC §5 limits of analytics payloads, apart from the zod field schemas (fields.ts) so that the
// browser's page-view, scroll-depth and error code can cut strings without loading the validator.

/** SPEC §5 "Outgoing analytics payloads", plus the §8 cut lengths for application errors. */
export const LIMITS = {
  /** Most identifier and label strings. */
  identifier: 255,
  trialsJson: 4000,
  /** Zephr trials JSON on the generic wall events. */
  wallTrialsJson: 255,
  currencyVariant: 3,
  ticketQtyMin: 1,
  ticketQtyMax: 1000,
  wordsCopiedMax: 2_147_483_647,
  scrollStep: 10,
  pagePath: 4048,
  pageTitle: 1024,
  /** Page referrer, query and URL. */
  pageLong: 12048,
  utm: 1024,
  marketingPageQuery: 1024,
  /** Free-text strings of the generic article-context event. */
  articleContextText: 2048,
  aiSearchTerm: 1024,
  aiAnswer: 10000,
  errorMessage: 2048,
  errorStack: 8192,
} as const;
