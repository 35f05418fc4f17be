import { Trans, useLingui } from '@lingui/react/macro';
import { COMPANY, telHref } from '../../ui/company.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { CONTACT_TITLE, TERMS_SECTIONS, TERMS_TITLE } from './terms-content.ts';
import './terms.css';

/** `/terms`: the terms of sale and the return policy, public (the checkout's consent links here). */
export default function TermsPage() {
  const { i18n } = useLingui();
  const { name, idno, address, phone, email } = COMPANY;
  return (
    <article className="terms">
      <PageHeader title={i18n._(TERMS_TITLE)} />
      <p className="terms__intro">
        <Trans>
          These terms apply to orders placed on this portal with {name} (IDNO {idno}).
        </Trans>
      </p>
      <nav aria-labelledby="terms-contents">
        <h2 id="terms-contents" className="terms__contents-title">
          <Trans>Contents</Trans>
        </h2>
        <ol className="terms__contents">
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#terms-${section.id}`}>{i18n._(section.title)}</a>
            </li>
          ))}
          <li>
            <a href="#terms-contact">{i18n._(CONTACT_TITLE)}</a>
          </li>
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section) => (
        <section key={section.id} id={`terms-${section.id}`} aria-labelledby={`terms-${section.id}-title`}>
          <h2 id={`terms-${section.id}-title`}>{i18n._(section.title)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.id}>{i18n._(paragraph)}</p>
          ))}
        </section>
      ))}
      <section id="terms-contact" aria-labelledby="terms-contact-title">
        <h2 id="terms-contact-title">{i18n._(CONTACT_TITLE)}</h2>
        <address className="terms__contact">
          <span>{name}</span>
          <span>{address}</span>
          <a href={telHref(phone)}>{phone}</a>
          <a href={`mailto:${email}`}>{email}</a>
        </address>
        <p>
          <Trans>We answer within two working days.</Trans>
        </p>
      </section>
    </article>
  );
}
