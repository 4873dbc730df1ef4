import { useEffect, useState } from 'react';
import styles from './docs.module.css';

interface Token {
  name: string;
  value: string;
}

/** The custom properties of `:root` in the loaded stylesheets: the tokens as the browser sees them. */
function readTokens(): Token[] {
  const names = new Set<string>();
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // A cross-origin sheet keeps its rules to itself.
    }
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && rule.selectorText === ':root') {
        for (const property of Array.from(rule.style)) {
          if (property.startsWith('--')) names.add(property);
        }
      }
    }
  }
  const computed = getComputedStyle(document.documentElement);
  return [...names].map((name) => ({ name, value: computed.getPropertyValue(name).trim() }));
}

const GROUPS = [
  { prefix: '--color-', title: 'Colours', sample: 'colour' },
  { prefix: '--font-size-', title: 'Type scale', sample: 'type' },
  { prefix: '--space-', title: 'Spacing', sample: 'space' },
  { prefix: '--radius-', title: 'Radii', sample: 'radius' },
  { prefix: '--shadow-', title: 'Shadows', sample: 'shadow' },
] as const;

type Sample = (typeof GROUPS)[number]['sample'];

function TokenSample({ kind, name }: { kind: Sample; name: string }) {
  const value = `var(${name})`;
  switch (kind) {
    case 'colour':
      return <span aria-hidden="true" className={styles.swatch} style={{ background: value }} />;
    case 'type':
      return <span style={{ fontSize: value }}>Brand loyalty · Lojalność</span>;
    case 'space':
      return <span aria-hidden="true" className={styles.bar} style={{ width: value }} />;
    case 'radius':
      return <span aria-hidden="true" className={styles.swatch} style={{ borderRadius: value }} />;
    case 'shadow':
      return <span aria-hidden="true" className={styles.swatch} style={{ boxShadow: value }} />;
  }
}

/**
 * Every design token of `ui/src/styles.css`, shown live: a token added or changed there appears
 * here without editing the docs.
 */
export function DesignTokens() {
  const [tokens, setTokens] = useState<Token[]>([]);
  useEffect(() => setTokens(readTokens()), []);

  return (
    <div className={styles.docs}>
      {GROUPS.map((group) => {
        const rows = tokens.filter((token) => token.name.startsWith(group.prefix));
        return (
          <section key={group.prefix} aria-labelledby={`tokens-${group.sample}`}>
            <h2 id={`tokens-${group.sample}`}>{group.title}</h2>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Sample</th>
                  <th scope="col">Token</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((token) => (
                  <tr key={token.name}>
                    <td>
                      <TokenSample kind={group.sample} name={token.name} />
                    </td>
                    <td>
                      <code>{token.name}</code>
                    </td>
                    <td>
                      <code>{token.value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
