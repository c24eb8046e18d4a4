// The enquiry emails the enquiries module sends: the inbox's copy of an enquiry (every field, and
// the address to reply to) and the acknowledgement to the sender. The acknowledgement repeats
// nothing the sender typed — not their name, not their message — so the form cannot be used to
// send someone else words of a stranger's choosing under our name (docs/decisions/041).
import { Link, Text } from '@react-email/components';
import { z } from 'zod';
import { ActionButton, AmountsTable, Block, BODY, INK, Paragraph, SANS } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const ENQUIRY_TEMPLATES = ['enquiry_received', 'enquiry_acknowledgement'] as const;
export type EnquiryTemplate = (typeof ENQUIRY_TEMPLATES)[number];

const line = z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(400) });

// To the enquiries inbox (ENQUIRIES_INBOX): what was asked, by whom, and where to see it.
const enquiryReceivedSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  /** What the enquiry is about, e.g. "Press and media". */
  kindLabel: z.string().trim().min(1).max(100),
  /** The sender's address: the one to reply to. */
  replyTo: z.string().trim().min(3).max(254),
  /** Name, company, job title, country … as the admin list shows them. */
  lines: z.array(line).min(1).max(20),
  /** The sender's words, line breaks kept; empty when the form did not ask or they left it blank. */
  message: z.string().max(5000).default(''),
  /** The admin list of enquiries. */
  link: httpUrl,
});
export type EnquiryReceivedEmailData = z.input<typeof enquiryReceivedSchema>;

// To the sender: we have it, and when we reply. Nothing they typed is repeated.
const enquiryAcknowledgementSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  kindLabel: z.string().trim().min(1).max(100),
  /** A page of the site to read meanwhile (the marketing page the enquiry is about). */
  link: httpUrl,
});
export type EnquiryAcknowledgementEmailData = z.input<typeof enquiryAcknowledgementSchema>;

const RECEIVED_COPY: FrameCopy<{ productName: string; kindLabel: string; replyTo: string }> = {
  subject: ({ kindLabel, replyTo }) => `New enquiry: ${kindLabel} from ${replyTo}`,
  preview: 'A new enquiry arrived through the website.',
  kicker: 'Enquiry',
  headline: 'A new enquiry',
  lead: ({ kindLabel, replyTo }) => ['An enquiry about ', { strong: kindLabel }, ' arrived from ', { strong: replyTo }, '.'],
};

const ACKNOWLEDGEMENT_COPY: FrameCopy<{ productName: string; kindLabel: string }> = {
  subject: ({ productName }) => `We have your enquiry · ${productName}`,
  preview: 'Thank you for getting in touch. We reply within two working days.',
  kicker: 'Enquiry received',
  headline: 'Thank you for getting in touch',
  lead: ({ productName, kindLabel }) => [
    'Your enquiry about ',
    { strong: kindLabel },
    ` has reached the ${productName} team. We reply within two working days.`,
  ],
};

export function renderEnquiryEmail(template: EnquiryTemplate, data: unknown): Promise<RenderedEmail> {
  if (template === 'enquiry_received') {
    const d = addressed(enquiryReceivedSchema.parse(data));
    const message = d.message.trim();
    const text = [
      ...d.lines.map((row) => `${row.label}: ${row.value}`),
      '',
      ...(message ? ['Message:', message, ''] : []),
      `Reply to: ${d.replyTo}`,
      '',
      `All enquiries: ${d.link}`,
      '',
    ];
    const html = (
      <>
        <AmountsTable lines={d.lines} />
        {message && (
          <Block top={24}>
            <Text style={{ margin: 0, fontFamily: SANS, fontSize: 16, lineHeight: '26px', color: BODY, whiteSpace: 'pre-wrap' }}>
              {message}
            </Text>
          </Block>
        )}
        <Paragraph top={20}>
          Reply to{' '}
          <Link href={`mailto:${d.replyTo}`} style={{ color: INK, textDecoration: 'underline' }}>
            {d.replyTo}
          </Link>
          , then mark the enquiry answered in the list.
        </Paragraph>
        <ActionButton label="Open the enquiries" href={d.link} />
      </>
    );
    return framedEmail(RECEIVED_COPY, d, { because: 'is the enquiries inbox of', text, html });
  }
  const d = addressed(enquiryAcknowledgementSchema.parse(data));
  const note = 'If you did not send an enquiry, someone may have typed your address by mistake: you can ignore this email.';
  const text = [note, '', `While you wait: ${d.link}`, ''];
  const html = (
    <>
      <Paragraph top={20}>{note}</Paragraph>
      <ActionButton label="Read while you wait" href={d.link} />
    </>
  );
  return framedEmail(ACKNOWLEDGEMENT_COPY, d, { because: 'was given in an enquiry on', text, html });
}
