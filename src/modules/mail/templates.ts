// Transactional emails: one HTML and one plain-text version of each, in the site's look (BRAND:
// white, serif headline, one oxblood accent, product name as wordmark). Two families share one
// frame (templates/frame.ts): the code-and-link emails identity and students send, and the
// membership emails billing sends. The HTML is React Email, which escapes every value it prints;
// the copy is data, so no template can forget.
import {
  EVENT_TICKET_TEMPLATES,
  renderEventTicketsEmail,
  type EventSeatsBackEmailData,
  type EventTicketTemplate,
  type EventTicketsEmailData,
} from './templates/event-tickets.tsx';
import { CODE_AND_LINK_TEMPLATES, renderCodeOrLink, type CodeEmailData, type LinkEmailData } from './templates/code-and-link.tsx';
import {
  ENQUIRY_TEMPLATES,
  renderEnquiryEmail,
  type EnquiryAcknowledgementEmailData,
  type EnquiryReceivedEmailData,
  type EnquiryTemplate,
} from './templates/enquiry.tsx';
import type { RenderedEmail } from './templates/frame.tsx';
import {
  MEMBERSHIP_TEMPLATES,
  renderMembershipEmail,
  type CancellationEmailData,
  type MembershipNoticeEmailData,
  type MembershipTemplate,
  type ReceiptEmailData,
} from './templates/membership.tsx';
import { NEWSLETTER_TEMPLATES, renderNewsletterEmail, type NewsletterConfirmationEmailData } from './templates/newsletter.tsx';
import {
  ORGANISATION_TEMPLATES,
  renderOrganisationEmail,
  type OrganisationDomainCodeEmailData,
  type OrganisationSeatEmailData,
  type OrganisationTemplate,
} from './templates/organisation.tsx';

export type { CodeEmailData, LinkEmailData } from './templates/code-and-link.tsx';
export type { EnquiryAcknowledgementEmailData, EnquiryReceivedEmailData } from './templates/enquiry.tsx';
export type { RenderedEmail } from './templates/frame.tsx';
export {
  MEMBERSHIP_NOTICES,
  type CancellationEmailData,
  type MembershipNoticeEmailData,
  type ReceiptEmailData,
} from './templates/membership.tsx';

export type { OrganisationDomainCodeEmailData, OrganisationSeatEmailData } from './templates/organisation.tsx';
export type { NewsletterConfirmationEmailData } from './templates/newsletter.tsx';
// Newsletter issues are rendered by their sender (the newsletters module) and sent with deliverBulk.
export { RECIPIENT_PLACEHOLDER, renderNewsletterIssue, type NewsletterIssueEmailData } from './templates/newsletter-issue.tsx';

export { EVENT_TICKET_NOTICES, type EventTicketsEmailData } from './templates/event-tickets.tsx';

export const EMAIL_TEMPLATES = [
  ...CODE_AND_LINK_TEMPLATES,
  ...EVENT_TICKET_TEMPLATES,
  ...MEMBERSHIP_TEMPLATES,
  ...ENQUIRY_TEMPLATES,
  ...ORGANISATION_TEMPLATES,
  ...NEWSLETTER_TEMPLATES,
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface EmailData {
  login_code: CodeEmailData;
  registration_code: CodeEmailData;
  verification_code: CodeEmailData;
  verification_link: LinkEmailData;
  recovery_code: CodeEmailData;
  recovery_link: LinkEmailData;
  email_change_code: CodeEmailData;
  academic_email_code: CodeEmailData;
  receipt: ReceiptEmailData;
  cancellation: CancellationEmailData;
  membership_notice: MembershipNoticeEmailData;
  enquiry_received: EnquiryReceivedEmailData;
  enquiry_acknowledgement: EnquiryAcknowledgementEmailData;
  organisation_seat: OrganisationSeatEmailData;
  organisation_domain_code: OrganisationDomainCodeEmailData;
  newsletter_confirmation: NewsletterConfirmationEmailData;
  event_tickets: EventTicketsEmailData;
  event_seats_back: EventSeatsBackEmailData;
}

/** The variables a caller supplies; the mail service adds productName, siteUrl and email. */
export type TemplateVariables<T extends EmailTemplate> = Omit<EmailData[T], 'productName' | 'siteUrl' | 'email'>;

const MEMBERSHIP = new Set<EmailTemplate>(MEMBERSHIP_TEMPLATES);
const ORGANISATION = new Set<EmailTemplate>(ORGANISATION_TEMPLATES);
const ENQUIRY = new Set<EmailTemplate>(ENQUIRY_TEMPLATES);
const NEWSLETTER = new Set<EmailTemplate>(NEWSLETTER_TEMPLATES);

export async function renderEmail<T extends EmailTemplate>(template: T, data: EmailData[T]): Promise<RenderedEmail> {
  if (template === 'event_tickets' || template === 'event_seats_back') return renderEventTicketsEmail(template, data);
  if (MEMBERSHIP.has(template)) return renderMembershipEmail(template as MembershipTemplate, data);
  if (ENQUIRY.has(template)) return renderEnquiryEmail(template as EnquiryTemplate, data);
  if (ORGANISATION.has(template)) return renderOrganisationEmail(template as OrganisationTemplate, data);
  if (NEWSLETTER.has(template)) return renderNewsletterEmail('newsletter_confirmation', data);
  return renderCodeOrLink(
    template as Exclude<
      EmailTemplate,
      MembershipTemplate | EnquiryTemplate | OrganisationTemplate | EventTicketTemplate | (typeof NEWSLETTER_TEMPLATES)[number]
    >,
    data,
  );
}
