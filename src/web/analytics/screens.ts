// Which screen sends which catalogue event, and which events wait for a screen that is not built
// yet (issue 13 "every event sent"). docs/analytics.md prints both lists (scripts/analytics-doc.ts);
// screens.test.ts checks them against the catalogue and the code: every event is sent by a screen
// whose code names it, or waits for a named screen.
import type { EventName } from '../../shared/analytics/events.ts';

export interface ScreenEvents {
  /** The screen as a reader knows it, with its path. */
  screen: string;
  /** The files (from the repository root) that send these events; each event is named in one of them. */
  code: readonly string[];
  events: readonly EventName[];
}

export const SCREEN_EVENTS: readonly ScreenEvents[] = [
  {
    screen: 'Person and organisation profiles /people/{slug}/, /organisations/{slug}/ (and their previews)',
    code: ['src/web/components/profiles/profile-parts.tsx', 'src/web/components/follow-button.tsx'],
    events: ['user_view_profile', 'user_click_profile_link', 'user_click_profile_follow', 'user_click_profile_unfollow'],
  },
  {
    screen: 'Every page (each load and client-side navigation)',
    code: ['src/web/analytics/analytics-bootstrap.tsx', 'src/web/analytics/tracker-proxy.ts'],
    events: ['page_view'],
  },
  {
    screen: 'Every page: browser errors, the consent banner and its decision',
    code: ['src/web/analytics/analytics.ts'],
    events: ['application_error', 'user_view_consent', 'user_submit_consent'],
  },
  { screen: 'Every page, signed in: a token refresh', code: ['src/web/lib/session.ts'], events: ['user_complete_session_refresh'] },
  {
    screen: 'Story page /articles/{slug}/',
    code: ['src/web/analytics/story-analytics.tsx'],
    events: ['user_view_article', 'user_view_article_scroll', 'user_complete_article_copy'],
  },
  { screen: 'Story page: the wall', code: ['src/web/components/wall-panel.tsx'], events: ['user_view_wall', 'user_click_wall_cta'] },
  {
    screen: 'Story page: the next-best-action banner (the app screen on phones)',
    code: ['src/web/components/next-best-action.tsx'],
    events: ['user_view_nba_banner', 'user_click_nba_banner', 'user_view_mobile_app_screen'],
  },
  {
    screen: 'Story page: “Share” (copy the link, LinkedIn, X, WhatsApp, email; every reader)',
    code: ['src/web/components/share-links.tsx'],
    events: ['user_click_article_share'],
  },
  {
    screen: 'Story page: “Share this story” (gift link dialog)',
    code: ['src/web/components/gift-dialog.tsx'],
    events: ['user_complete_article_gift', 'user_click_article_share'],
  },
  {
    screen: 'Topic and series pages /topics/{slug}/, /series/bof-insights/, /case-studies/',
    code: ['src/web/routes/topic.tsx'],
    events: ['user_view_topic'],
  },
  {
    screen: 'Follow buttons of topics and series (topic pages, /user/following/)',
    code: ['src/web/components/follow-button.tsx'],
    events: ['user_click_topic_follow', 'user_click_topic_unfollow'],
  },
  {
    screen: 'Packages /subscriptions/packages/ (and ?packages=beauty)',
    code: ['src/web/routes/subscriptions/packages.tsx', 'src/web/routes/subscriptions/plan-cards.tsx'],
    events: ['user_view_packages', 'user_view_marketing_individuals', 'user_click_package'],
  },
  {
    screen: 'Student packages /subscriptions/packages/students/',
    code: ['src/web/routes/subscriptions/students.tsx', 'src/web/routes/subscriptions/plan-cards.tsx'],
    events: ['user_view_packages', 'user_click_package'],
  },
  {
    screen: 'Teams and executives /subscriptions/executive/',
    code: ['src/web/routes/subscriptions/executive.tsx'],
    events: ['user_view_packages', 'user_view_enquiry_group'],
  },
  {
    screen: 'Professional membership /professional/',
    code: ['src/web/routes/professional.tsx'],
    events: ['user_view_marketing_professional'],
  },
  {
    screen: 'Press and school enquiries /contact/media/, /contact/student/',
    code: ['src/web/routes/contact/contact.tsx'],
    events: ['user_view_enquiry_media', 'user_view_enquiry_school'],
  },
  {
    screen: 'Upgrade choices /subscriptions/upgrade/',
    code: ['src/web/routes/subscriptions/upgrade.tsx', 'src/web/routes/subscriptions/plan-cards.tsx'],
    events: ['user_view_packages', 'user_click_package'],
  },
  {
    screen: 'Individual payment /subscriptions/individuals/payment/',
    code: ['src/web/components/billing/payment-form.tsx'],
    events: ['user_view_payment_individual', 'user_view_payment_error', 'user_purchased_subscription'],
  },
  {
    screen: 'Team plans /subscriptions/groups/',
    code: ['src/web/routes/subscriptions/groups.tsx'],
    events: ['user_view_packages'],
  },
  {
    screen: 'Team payment /subscriptions/organisations/payment/',
    code: ['src/web/components/billing/team-payment-form.tsx'],
    events: ['user_view_payment_organisation', 'user_view_payment_error', 'user_purchased_organisation_subscription'],
  },
  {
    screen: 'Student payment /subscriptions/students/payment/',
    code: ['src/web/components/billing/payment-form.tsx'],
    events: ['user_view_payment_student', 'user_view_payment_error'],
  },
  {
    screen: 'Student confirmation /subscriptions/students/confirmation/ (once per subscription)',
    code: ['src/web/routes/subscriptions/students-confirmation.tsx'],
    events: ['user_purchased_student_subscription'],
  },
  {
    screen: 'Upgrade payment /subscriptions/upgrade/payment/',
    code: ['src/web/routes/subscriptions/upgrade-payment.tsx'],
    events: ['user_view_payment_upgrade', 'user_purchased_upgrade'],
  },
  { screen: 'Membership /user/membership/', code: ['src/web/routes/user/membership.tsx'], events: ['user_view_memberships'] },
  { screen: 'Cancellation /subscriptions/cancel/', code: ['src/web/routes/subscriptions/cancel.tsx'], events: ['user_view_cancellation'] },
  {
    screen: 'Cancellation confirmation /subscriptions/cancel/confirmation/ (once per outcome)',
    code: ['src/web/routes/subscriptions/cancel-confirmation.tsx'],
    events: ['user_complete_cancellation'],
  },
  { screen: 'Sign in /user/login/', code: ['src/web/routes/user/login.tsx'], events: ['user_view_sign_in'] },
  { screen: 'Create your account /user/register/', code: ['src/web/routes/user/register.tsx'], events: ['user_view_sign_in'] },
  {
    screen: 'The first page after a sign-in or registration',
    code: ['src/web/analytics/sign-in-completion.ts'],
    events: ['user_complete_login', 'user_complete_registration'],
  },
  {
    screen: 'One more step /user/one-more-step/',
    code: ['src/web/routes/user/one-more-step.tsx'],
    events: ['user_view_one_more_step', 'user_submit_one_more_step'],
  },
  {
    screen: 'Welcome /user/welcome/ and /user/welcome-pro/',
    code: ['src/web/routes/user/welcome.tsx'],
    events: ['user_view_welcome', 'user_view_welcome_professional'],
  },
  { screen: 'Account /user/account/', code: ['src/web/routes/user/account.tsx'], events: ['user_submit_account_settings'] },
  {
    screen: 'Login policy warning /user/login-policy-warning/',
    code: ['src/web/routes/user/login-policy-warning.tsx'],
    events: ['user_view_login_policy_warning'],
  },
  {
    screen: 'Newsletter sign-up: the end of a story, topic pages, the footer, /newsletters/signup/',
    code: ['src/web/components/newsletter-signup.tsx'],
    events: ['user_submit_newsletter_signup'],
  },
  {
    screen: 'Newsletters /user/newsletters/ (each switch) and /user/one-more-step/?flow=newsletters',
    code: ['src/web/routes/user/newsletters.tsx', 'src/web/routes/user/one-more-step.tsx'],
    events: ['user_submit_newsletter_preferences'],
  },
  {
    screen: 'Newsletter prompt: once per browser, halfway down a story a signed-out reader may read whole',
    code: ['src/web/components/newsletter-prompt.tsx'],
    events: ['user_view_newsletter_prompt'],
  },
  {
    screen: 'Ticket checkout /events/{slug}/tickets/ (on opening it; once per paid order)',
    code: ['src/web/routes/events/checkout.tsx'],
    events: ['user_click_event_tickets', 'user_purchased_ticket'],
  },
  {
    screen: 'Event page /events/{slug}/: “Register free” for an online event',
    code: ['src/web/routes/events/event.tsx'],
    events: ['user_complete_event_registration'],
  },
  {
    screen: 'Search: the masthead box, /search/ and /bof500/search/',
    code: ['src/web/components/masthead.tsx', 'src/web/routes/search.tsx', 'src/web/routes/profiles/bof500-search.tsx'],
    events: ['user_submit_search', 'user_view_search_results', 'user_click_search_result'],
  },
  {
    screen: 'The Brain of Fashion /the-brain-of-fashion/: a question asked, its answer or error shown',
    code: ['src/web/routes/the-brain-of-fashion/page.tsx'],
    events: ['user_submit_ai_search', 'user_view_ai_search_result'],
  },
];

/** Events no screen sends yet, each with the screen (SPEC §2) it waits for. */
export const WAITING_EVENTS: Readonly<Partial<Record<EventName, string>>> = {
  user_click_article_context: 'in-story embeds, galleries and modules (story bodies hold text, quotes and images only)',
  user_complete_organisation_join: 'organisation user area /user/organisations/users/',
  user_complete_organisation_leave: 'organisation user area /user/organisations/users/',
  user_view_download_cta: 'gated downloads (download embeds)',
  user_click_download_cta: 'gated downloads (download embeds)',
  user_submit_download_consent: 'gated downloads (download embeds)',
};
