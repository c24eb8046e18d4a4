import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // The site search (issue 20, decision 049).
  route('search', 'routes/search.tsx'),
  // The Brain of Fashion (issue 20 part 2, decision 052): the page and its answer stream.
  route('the-brain-of-fashion', 'routes/the-brain-of-fashion/page.tsx'),
  route('the-brain-of-fashion/answer', 'routes/the-brain-of-fashion/answer.ts'),
  route('articles/:slug', 'routes/story.tsx'),
  route('topics/:slug', 'routes/topic.tsx', { id: 'topic' }),
  route('series/bof-insights', 'routes/topic.tsx', { id: 'series-bof-insights' }),
  route('case-studies', 'routes/topic.tsx', { id: 'case-studies' }),
  route('authors/:slug', 'routes/author.tsx'),
  // Profiles (issue 18, decision 044): the directories, published profiles, drafts for their editors.
  route('people', 'routes/profiles/people.tsx'),
  route('people/:slug', 'routes/profiles/person.tsx'),
  route('organisations', 'routes/profiles/organisations.tsx'),
  route('organisations/:slug', 'routes/profiles/organisation.tsx'),
  route('bof500', 'routes/profiles/bof500.tsx'),
  route('bof500/search', 'routes/profiles/bof500-search.tsx'),
  route('_preview/people', 'routes/profiles/preview-person.tsx'),
  route('_preview/organisations', 'routes/profiles/preview-organisation.tsx'),
  // Events (issue 21, decision 050): the listing and each event's page.
  route('events', 'routes/events/events.tsx'),
  route('events/:slug', 'routes/events/event.tsx'),
  route('events/:slug/tickets', 'routes/events/checkout.tsx'),
  route('legal', 'routes/legal.tsx'),
  route('careers', 'routes/careers.tsx'),
  route('careers/your-jobs', 'routes/careers/your-jobs.tsx'),
  route('my-bof/partner', 'routes/my-bof/partner.tsx'),
  route('professional', 'routes/professional.tsx'),
  // Enquiries (modules/enquiries): /contact/professional|student|insights|media/, one page per audience; others 404.
  route('contact/:kind', 'routes/contact/contact.tsx'),
  // Identity screens (the provider's UI URLs, src/modules/identity/module.ts identityUiUrls).
  route('user/login', 'routes/user/login.tsx'),
  route('user/register', 'routes/user/register.tsx'),
  route('user/recovery', 'routes/user/recovery.tsx'),
  route('user/confirm-email', 'routes/user/confirm-email.tsx'),
  route('user/account', 'routes/user/account.tsx'),
  route('user/following', 'routes/user/following.tsx'),
  // Newsletters (issue 19): the preference centre, the double opt-in's confirmation, the sign-up forms' action.
  route('user/newsletters', 'routes/user/newsletters.tsx'),
  route('user/newsletters/confirm', 'routes/user/newsletters-confirm.tsx'),
  route('user/newsletters/unsubscribe', 'routes/user/newsletters-unsubscribe.tsx'),
  route('newsletters/signup', 'routes/newsletters-signup.tsx'),
  route('user/gifts', 'routes/user/gifts.tsx'),
  // Event tickets (issue 21): the reader's tickets and each one's calendar file.
  route('user/tickets', 'routes/user/tickets.tsx'),
  route('user/tickets/:ticketId/calendar.ics', 'routes/user/ticket-calendar.ts'),
  route('user/membership', 'routes/user/membership.tsx'),
  // The team admin's pages (issue 17): people, invitations and domains; the plan, invoices and card.
  route('user/organisations/users', 'routes/user/organisation-users.tsx'),
  route('user/organisations/memberships', 'routes/user/organisation-memberships.tsx'),
  // Profile editors (issue 18, decision 047): a person's own profile; an organisation's profiles, fields and projects.
  route('user/people/profiles/edit', 'routes/user/profiles/person-edit.tsx'),
  route('user/organisations/profiles', 'routes/user/profiles/organisation-profiles.tsx'),
  route('user/organisations/profiles/edit', 'routes/user/profiles/organisation-edit.tsx'),
  route('user/organisations/profiles/projects/edit', 'routes/user/profiles/projects-edit.tsx'),
  route('user/one-more-step', 'routes/user/one-more-step.tsx'),
  route('user/welcome', 'routes/user/welcome.tsx', { id: 'welcome' }),
  route('user/welcome-pro', 'routes/user/welcome.tsx', { id: 'welcome-pro' }),
  route('user/logout', 'routes/user/logout.tsx'),
  route('user/login-policy-warning', 'routes/user/login-policy-warning.tsx'),
  route('user/error', 'routes/user/error.tsx'),
  route('admin/analytics', 'routes/admin/analytics.tsx'),
  route('admin/enquiries', 'routes/admin/enquiries.tsx'),
  route('admin/profiles', 'routes/admin/featured-profiles.tsx'),
  // Events' staff pages (issue 21): attendee lists with CSV and refunds, the door's check-in.
  route('admin/events', 'routes/admin/events/events.tsx'),
  route('admin/events/:slug/attendees', 'routes/admin/events/attendees.tsx'),
  route('admin/events/:slug/attendees.csv', 'routes/admin/events/attendees-csv.ts'),
  route('admin/events/:slug/check-in', 'routes/admin/events/check-in.tsx'),
  route('admin/events/:slug/ticket-types', 'routes/admin/events/ticket-types.tsx'),
  route('admin/events/:slug/ticket-types/:ticketTypeId', 'routes/admin/events/ticket-type.tsx'),
  route('admin/events/:slug/orders/:orderId', 'routes/admin/events/order.tsx'),
  // Newsletter issues (issue 19, decision 048): compose, preview, test, schedule, send; numbers.
  route('admin/newsletters', 'routes/admin/newsletters.tsx'),
  route('admin/newsletters/:issueId', 'routes/admin/newsletter-issue.tsx'),
  route('admin/newsletters/:issueId/preview', 'routes/admin/newsletter-preview.ts'),
  // Subscriptions: packages (issue 7 catalogue and prices).
  route('subscriptions/packages', 'routes/subscriptions/packages.tsx'),
  route('subscriptions/packages/students', 'routes/subscriptions/students.tsx'),
  route('subscriptions/faq', 'routes/subscriptions/faq.tsx'),
  route('subscriptions/executive', 'routes/subscriptions/executive.tsx'),
  // Team plans (issue 17): the seat tiers and calculator, then checkout for an organisation.
  route('subscriptions/groups', 'routes/subscriptions/groups.tsx'),
  route('subscriptions/organisations/payment', 'routes/subscriptions/organisation-payment.tsx'),
  route('subscriptions/individuals/payment', 'routes/subscriptions/payment.tsx'),
  // Student memberships (issue 7 "Students"): verify the academic address, pay, the confirmation.
  route('subscriptions/students/validation', 'routes/subscriptions/students-validation.tsx'),
  route('subscriptions/students/payment', 'routes/subscriptions/students-payment.tsx'),
  route('subscriptions/students/confirmation', 'routes/subscriptions/students-confirmation.tsx'),
  // Cancellation with a retention offer (modules/billing/cancellation.ts).
  route('subscriptions/upgrade', 'routes/subscriptions/upgrade.tsx'),
  route('subscriptions/upgrade/payment', 'routes/subscriptions/upgrade-payment.tsx'),
  route('subscriptions/cancel', 'routes/subscriptions/cancel.tsx'),
  route('subscriptions/cancel/confirmation', 'routes/subscriptions/cancel-confirmation.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
