import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styles from './LegalDocument.module.css';

/**
 * The text pages (terms of service, privacy policy, FAQ): a title, the spec's 'Last updated'
 * line, and numbered sections with a table of contents that links to each one.
 */

/**
 * When the texts last changed in substance. The spec's January 10, 2020 dated the original texts;
 * the terms, privacy policy and FAQ were rewritten for a Polish company on November 26, 2026 (#24),
 * and a reader relies on this line to know which version binds them. Move it with the next rewrite.
 */
const LAST_UPDATED = { iso: '2026-11-26', time: Date.UTC(2026, 10, 26) };

export interface DocumentSection {
  /** The anchor: `/privacypolicy#rights`. */
  id: string;
  title: string;
  content: ReactNode;
}

export function LegalDocument({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const date = intl.formatDate(LAST_UPDATED.time, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <article className={styles.document}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.updated}>
          {intl.formatMessage(
            { id: 'legal.lastUpdated' },
            { date: <time dateTime={LAST_UPDATED.iso}>{date}</time> },
          )}
        </p>
        {lead && <p className={styles.lead}>{lead}</p>}
      </header>
      {children}
    </article>
  );
}

export function NumberedSections({ sections }: { sections: DocumentSection[] }) {
  const intl = useIntl();
  const numbered = sections.map((section, index) => ({
    ...section,
    heading: intl.formatMessage(
      { id: 'legal.sectionTitle' },
      { number: index + 1, title: section.title },
    ),
  }));
  return (
    <>
      <nav className={styles.contents} aria-labelledby="document-contents">
        <h2 id="document-contents" className={styles.contentsTitle}>
          {intl.formatMessage({ id: 'legal.contents' })}
        </h2>
        <ol>
          {numbered.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {numbered.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className={styles.section}
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.content}
        </section>
      ))}
    </>
  );
}
