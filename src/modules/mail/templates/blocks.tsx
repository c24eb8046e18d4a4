// The pieces every email is built from, as React Email components (@react-email/components):
// the palette and type, and the blocks inside one layout (paragraph, code, button, amounts).
// Table-based with inline styles, which React Email produces, because Outlook, Gmail and Yahoo
// drop or ignore most of <style>. React escapes every value it prints.
import { Button, Column, Link, Row, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/** A run of copy: plain words, or words set in bold (the address, the product). */
export type Segment = string | { strong: string };

// The palette and type: ink on white, grey for the quiet parts, oxblood as the single accent.
export const INK = '#111111';
export const BODY = '#333333';
export const MUTED = '#595959';
export const RULE = '#dddddd';
export const ACCENT = '#8c1c13';
export const SERIF = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

/** Small capitals over a thing: the kicker over the headline, the label over a code. */
export const LABEL: CSSProperties = {
  margin: 0,
  fontFamily: SANS,
  fontSize: 12,
  lineHeight: '16px',
  fontWeight: 600,
  letterSpacing: '1.5px',
  textTransform: 'uppercase',
};

/** Side padding of every block; the `px` class narrows it on phones (the layout's <style>). */
export const SIDE = 40;

export function Segments({ segments }: { segments: readonly Segment[] }) {
  return segments.map((segment, i) =>
    typeof segment === 'string' ? (
      segment
    ) : (
      <strong key={i} style={{ fontWeight: 600, color: INK }}>
        {segment.strong}
      </strong>
    ),
  );
}

/**
 * One block of the email's column: a one-cell row whose cell carries the padding (clients ignore
 * padding on a collapsed table), with the class the phone layout narrows.
 */
export function Block({ top, children, style }: { top: number; children: ReactNode; style?: CSSProperties }) {
  return (
    <Row>
      <Column className="px" style={{ padding: `${top}px ${SIDE}px 0`, ...style }}>
        {children}
      </Column>
    </Row>
  );
}

export function Paragraph({ children, top, small = false }: { children: ReactNode; top: number; small?: boolean }) {
  return (
    <Block top={top}>
      <Text
        style={{
          margin: 0,
          fontFamily: SANS,
          fontSize: small ? 14 : 16,
          lineHeight: small ? '22px' : '26px',
          color: small ? MUTED : BODY,
        }}
      >
        {children}
      </Text>
    </Block>
  );
}

export function CodeBlock({ label, code }: { label: string; code: string }) {
  const rule = `1px solid ${RULE}`;
  return (
    <Block top={28}>
      <Row>
        <Column align="center" style={{ borderTop: rule, borderBottom: rule, padding: '22px 12px 24px' }}>
          <Text style={{ ...LABEL, margin: '0 0 10px', color: MUTED }}>{label}</Text>
          {/* Letter-spacing, not spaces, so a copied code is exactly the code; user-select:all selects it in one tap. */}
          <Text
            className="code"
            style={{
              margin: 0,
              fontFamily: MONO,
              fontSize: 40,
              lineHeight: '48px',
              fontWeight: 700,
              letterSpacing: '8px',
              color: INK,
              WebkitUserSelect: 'all',
              userSelect: 'all',
            }}
          >
            {code}
          </Text>
        </Column>
      </Row>
    </Block>
  );
}

export function ActionButton({ label, href }: { label: string; href: string }) {
  return (
    <Block top={28}>
      {/* React Email's Button gives Outlook (which ignores padding on <a>) the same size of button. */}
      <Button
        href={href}
        target="_blank"
        rel="noopener"
        style={{
          backgroundColor: ACCENT,
          borderRadius: 2,
          padding: '14px 28px',
          fontFamily: SANS,
          fontSize: 16,
          lineHeight: '20px',
          fontWeight: 600,
          color: '#ffffff',
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
    </Block>
  );
}

export function FallbackLink({ href }: { href: string }) {
  return (
    <Paragraph top={16} small>
      If the button does not work, copy this address into your browser:
      <br />
      <Link href={href} target="_blank" rel="noopener" style={{ color: INK, textDecoration: 'underline', wordBreak: 'break-all' }}>
        {href}
      </Link>
    </Paragraph>
  );
}

/** Label and value rows (a receipt's Plan, Price, Total …), or nothing when there are none. */
export function AmountsTable({ lines }: { lines: readonly { label: string; value: string }[] }) {
  if (lines.length === 0) return null;
  const cell: CSSProperties = { padding: '10px 0', borderBottom: `1px solid ${RULE}`, fontFamily: SANS, fontSize: 15, lineHeight: '22px' };
  return (
    <Block top={28}>
      <Section style={{ borderTop: `1px solid ${RULE}` }}>
        {lines.map((line, i) => (
          <Row key={i}>
            <Column style={{ ...cell, color: MUTED }}>{line.label}</Column>
            <Column align="right" style={{ ...cell, color: INK }}>
              {line.value}
            </Column>
          </Row>
        ))}
      </Section>
    </Block>
  );
}
