import { useId, useMemo, useState } from 'react';
import { messages } from '@brnd/locales/messages';
import styles from './docs.module.css';

export type CopyFlag = 'missing-en' | 'missing-pl' | 'identical';

export interface CopyRow {
  key: string;
  en: string | undefined;
  pl: string | undefined;
  flag: CopyFlag | undefined;
}

/** Text with no words to translate once its placeholders are out (`{value} %`) is not a finding. */
function hasWords(text: string): boolean {
  let stripped = text;
  for (let previous = ''; previous !== stripped;) {
    previous = stripped;
    stripped = stripped.replace(/\{[^{}]*\}/g, '');
  }
  return /\p{L}{2,}/u.test(stripped);
}

/** Every message key with its English and Polish text, flagging what a reviewer must look at. */
export function copyRows(en: Record<string, string>, pl: Record<string, string>): CopyRow[] {
  const keys = [...new Set([...Object.keys(en), ...Object.keys(pl)])].sort();
  return keys.map((key) => {
    const english = en[key];
    const polish = pl[key];
    const flag: CopyFlag | undefined =
      english === undefined
        ? 'missing-en'
        : polish === undefined
          ? 'missing-pl'
          : english === polish && hasWords(english)
            ? 'identical'
            : undefined;
    return { key, en: english, pl: polish, flag };
  });
}

const FLAG_TEXT: Record<CopyFlag, string> = {
  'missing-en': 'No English',
  'missing-pl': 'No Polish',
  identical: 'Same in both',
};

/**
 * The copy deck: every message of `locales/` side by side, searchable, with the keys missing in
 * one language or identical in both flagged (a product name may rightly be identical).
 */
export function CopyDeck({
  en = messages.en,
  pl = messages.pl,
}: {
  en?: Record<string, string>;
  pl?: Record<string, string>;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const rows = useMemo(() => copyRows(en, pl), [en, pl]);
  const flagged = rows.filter((row) => row.flag).length;
  const needle = query.trim().toLowerCase();
  const shown = rows.filter(
    (row) =>
      (!flaggedOnly || row.flag) &&
      (needle === '' ||
        [row.key, row.en, row.pl].some((text) => text?.toLowerCase().includes(needle))),
  );

  return (
    <div className={styles.docs}>
      <p>
        {rows.length} keys, {flagged} flagged.
      </p>
      <div className={styles.controls}>
        <label htmlFor={searchId}>Find a key or text</label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <label>
          <input
            type="checkbox"
            checked={flaggedOnly}
            onChange={(event) => setFlaggedOnly(event.target.checked)}
          />{' '}
          Only flagged keys
        </label>
      </div>
      <table className={styles.table}>
        <caption className="visually-hidden">Messages in English and Polish</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">English</th>
            <th scope="col">Polish</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key} className={row.flag ? styles.flagged : undefined}>
              <th scope="row">
                <code>{row.key}</code>
              </th>
              <td lang="en">{row.en}</td>
              <td lang="pl">{row.pl}</td>
              <td>{row.flag ? FLAG_TEXT[row.flag] : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
