/**
 * The building blocks every e-mail is made of (React Email components, inline styles for mail clients): the
 * frame with the portal's name and the footer that says why the mail came and where to choose, a paragraph, the
 * one call to action, a table of facts and the handover code with its QR image.
 */
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement, ReactNode } from 'react';

/**
 * A value typed by a person (a name, an address, a warehouse's reason) for `<Trans values>`: as an element, so
 * Lingui places it as text and never reads `<...>` in it as markup of the translation.
 */
export function text(value: string): ReactElement {
  return <>{value}</>;
}

const INK = '#171717';
const MUTED = '#5c5c5c';
const FONT = "'Open Sans', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface FrameProps {
  lang: string;
  i18n: I18n;
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  /** Where the person chooses what they receive (Personal data). */
  manageUrl: string;
  children: ReactNode;
}

/** The whole e-mail: the portal's name, a heading, the content, and the footer. */
export function Frame({ lang, i18n, preview, heading, manageUrl, children }: FrameProps) {
  return (
    <Html lang={lang}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: '#f4f4f2', margin: 0, padding: '24px 0', fontFamily: FONT, color: INK }}
      >
        <Container style={{ maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '8px' }}>
          <Section style={{ backgroundColor: INK, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: '16px', fontWeight: 700, margin: 0 }}>
              {i18n._({ id: 'email.frame.brand', message: 'Distributor portal' })}
            </Text>
          </Section>
          <Section style={{ padding: '8px 24px 24px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', margin: '16px 0' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e5e5e5', margin: 0 }} />
          <Section style={{ padding: '16px 24px' }}>
            <Text style={{ color: MUTED, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
              <Trans
                id="email.frame.footer"
                message="You receive this e-mail because you have an account at the distributor portal. It was sent automatically: replies are not read."
              />
            </Text>
            <Text style={{ color: MUTED, fontSize: '12px', lineHeight: '18px', margin: '8px 0 0' }}>
              <Link href={manageUrl} style={{ color: MUTED, textDecoration: 'underline' }}>
                {i18n._({ id: 'email.frame.manage', message: 'Choose which messages you receive' })}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function P({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      style={{
        fontSize: muted ? '13px' : '15px',
        lineHeight: muted ? '20px' : '24px',
        color: muted ? MUTED : INK,
      }}
    >
      {children}
    </Text>
  );
}

/** The one thing to do, as a button (its link also shows in the text part). */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: INK,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Label–value rows (an order's total, where to pick it up, ...). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: '100%', borderCollapse: 'collapse', margin: '8px 0 16px' }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                padding: '6px 12px 6px 0',
                fontSize: '13px',
                color: MUTED,
                verticalAlign: 'top',
                width: '40%',
                borderBottom: '1px solid #eeeeee',
              }}
            >
              {label}
            </td>
            <td
              style={{
                padding: '6px 0',
                fontSize: '14px',
                color: INK,
                verticalAlign: 'top',
                borderBottom: '1px solid #eeeeee',
              }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pickup handover code, large, with its QR code as an inline image (`cid:`) for the scanner at the desk. */
export function HandoverCode({ code, qrCid, qrLabel }: { code: string; qrCid: string; qrLabel: string }) {
  return (
    <Section style={{ textAlign: 'center', margin: '16px 0', padding: '16px', border: '1px solid #e5e5e5' }}>
      <Text
        style={{
          fontSize: '32px',
          lineHeight: '40px',
          letterSpacing: '8px',
          fontWeight: 700,
          fontFamily: "'Courier New', monospace",
          margin: '0 0 12px',
        }}
      >
        {code}
      </Text>
      <Img
        src={`cid:${qrCid}`}
        alt={qrLabel}
        width="176"
        height="176"
        style={{ margin: '0 auto', imageRendering: 'pixelated' }}
      />
    </Section>
  );
}
