// The HTML every email is built from: the palette and type, and the table rows (paragraph, code,
// button, amounts) inside one layout. Table-based with inline styles because Outlook, Gmail and
// Yahoo drop or ignore most of <style>. Every interpolated value goes through escapeHtml.
/** A run of copy: plain words, or words set in bold (the address, the product). */
export type Segment = string | { strong: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML content and double- or single-quoted attributes (&#39;, as HTML 4 clients lack &apos;). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

export function segmentsHtml(segments: Segment[]): string {
  return segments
    .map((s) => (typeof s === 'string' ? escapeHtml(s) : `<strong style="font-weight:600;color:${INK};">${escapeHtml(s.strong)}</strong>`))
    .join('');
}

// The palette and type: ink on white, grey for the quiet parts, oxblood as the single accent.
const INK = '#111111';
const BODY = '#333333';
const MUTED = '#595959';
const RULE = '#dddddd';
const ACCENT = '#8c1c13';
const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

export function paragraph(text: string, { top, small = false }: { top: number; small?: boolean }): string {
  const size = small ? 'font-size:14px;line-height:22px;' : 'font-size:16px;line-height:26px;';
  return `<tr><td class="px" style="padding:${top}px 40px 0;font-family:${SANS};${size}color:${small ? MUTED : BODY};">${escapeHtml(text)}</td></tr>`;
}

export function codeBlock(label: string, code: string): string {
  // Letter-spacing, not spaces, so a copied code is exactly the code; user-select:all selects it in one tap where supported.
  return `<tr><td class="px" style="padding:28px 40px 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr><td align="center" style="padding:22px 12px 24px;border-top:1px solid ${RULE};border-bottom:1px solid ${RULE};">
<p style="margin:0 0 10px;font-family:${SANS};font-size:12px;line-height:16px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${MUTED};">${escapeHtml(label)}</p>
<p class="code" style="margin:0;font-family:${MONO};font-size:40px;line-height:48px;font-weight:700;letter-spacing:8px;color:${INK};-webkit-user-select:all;user-select:all;">${escapeHtml(code)}</p>
</td></tr>
</table>
</td></tr>`;
}

export function button(label: string, link: string): string {
  // mso-padding-alt gives Outlook (which ignores padding on <a>) the same size of button.
  return `<tr><td class="px" style="padding:28px 40px 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr><td align="center" bgcolor="${ACCENT}" style="background-color:${ACCENT};border-radius:2px;mso-padding-alt:14px 28px;">
<a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;line-height:20px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:2px;">${escapeHtml(label)}</a>
</td></tr>
</table>
</td></tr>`;
}

export function fallbackLink(link: string): string {
  return `<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:14px;line-height:22px;color:${MUTED};">If the button does not work, copy this address into your browser:<br>
<a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="color:${INK};text-decoration:underline;word-break:break-all;">${escapeHtml(link)}</a></td></tr>`;
}

/** Label and value rows (a receipt's Plan, Price, Total …), or nothing when there are none. */
export function amountsTable(lines: readonly { label: string; value: string }[]): string[] {
  if (lines.length === 0) return [];
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${MUTED};">${escapeHtml(line.label)}</td><td align="right" style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${INK};">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('\n');
  return [
    `<tr><td class="px" style="padding:28px 40px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border-top:1px solid ${RULE};">\n${rows}\n</table></td></tr>`,
  ];
}

export function layout(p: {
  subject: string;
  preview: string;
  productName: string;
  siteUrl: string;
  siteLabel: string;
  kicker: string;
  headline: string;
  lead: string;
  body: string;
  footer: string;
}): string {
  // The hidden preview text is padded with zero-width joiners so clients do not fill the preview with body text.
  const previewPadding = '&#847;&zwnj;&nbsp;'.repeat(60);
  return `<!DOCTYPE html>
<html lang="en" dir="ltr" xmlns="http://www.w3.org/1999/xhtml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(p.subject)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table, td { border-collapse: collapse; mso-table-lspace: 0pt; mso-table-rspace: 0pt; }
a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important; }
@media only screen and (max-width: 600px) {
  .container { width: 100% !important; }
  .px { padding-left: 24px !important; padding-right: 24px !important; }
  .headline { font-size: 28px !important; line-height: 34px !important; }
  .code { font-size: 34px !important; letter-spacing: 6px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background-color:#ffffff;">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(p.preview)}${previewPadding}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;">
<tr><td align="center" style="padding:40px 12px 48px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td><![endif]-->
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:600px;">
<tr><td class="px" style="padding:0 40px 18px;border-bottom:1px solid ${INK};font-family:${SERIF};font-size:28px;line-height:34px;letter-spacing:0.5px;color:${INK};">
<a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="color:${INK};text-decoration:none;">${escapeHtml(p.productName)}</a>
</td></tr>
<tr><td class="px" style="padding:40px 40px 0;font-family:${SANS};font-size:12px;line-height:16px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${ACCENT};">${escapeHtml(p.kicker)}</td></tr>
<tr><td class="px" style="padding:10px 40px 0;">
<h1 class="headline" style="margin:0;font-family:${SERIF};font-size:34px;line-height:40px;font-weight:400;color:${INK};">${escapeHtml(p.headline)}</h1>
</td></tr>
<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:16px;line-height:26px;color:${BODY};">${p.lead}</td></tr>
${p.body}
<tr><td class="px" style="padding:40px 40px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;"><tr><td style="border-top:1px solid ${RULE};font-size:0;line-height:0;">&nbsp;</td></tr></table></td></tr>
<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:12px;line-height:18px;color:${MUTED};">
<a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="font-family:${SERIF};font-size:15px;color:${INK};text-decoration:none;">${escapeHtml(p.productName)}</a> &middot; <a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="color:${MUTED};text-decoration:underline;">${escapeHtml(p.siteLabel)}</a><br>
${escapeHtml(p.footer)}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
