import { useIntl } from 'react-intl';
import type { BrandToken } from '@brnd/contracts/api/brand-tokens';
import { Alert } from '../../components/Alert/Alert.tsx';
import { ControlField } from '../../components/TextField/ControlField.tsx';
import fieldStyles from '../../components/TextField/TextField.module.css';
import { serverFieldErrors } from '../shared/api-error.ts';
import { brandTokenErrorText } from '../shared/brand-token-errors.ts';
import type { ConsoleData } from './console-data.ts';

/** Pieces the console's forms share. */

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** The console's messages, under `brandTokens.`. */
export function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `brandTokens.${id}` }, values);
}

/** Shows a refusal the form cannot pin on a field, in the form, where the user is looking. */
export function FormError({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error || serverFieldErrors(error)) return null;
  return <Alert variant="danger">{brandTokenErrorText(error, intl)}</Alert>;
}

export function activeTokens(data: ConsoleData): BrandToken[] {
  return data.tokens.filter((token) => token.status === 'active');
}

/** Which of the brand's tokens a form works on: a choice only when there are several. */
export function TokenChoice({
  tokens,
  value,
  onChange,
}: {
  tokens: BrandToken[];
  value: string;
  onChange(id: string): void;
}) {
  const t = useT();
  if (tokens.length < 2) return null;
  return (
    <ControlField label={t('give.token')} error={undefined}>
      {(aria) => (
        <select
          {...aria}
          className={fieldStyles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {tokens.map((token) => (
            <option key={token.id} value={token.id}>
              {t('token.heading', { name: token.name, ticker: token.ticker })}
            </option>
          ))}
        </select>
      )}
    </ControlField>
  );
}
