import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { formatAmount, type AmountOptions, type AmountValue } from '@brnd/locales/amounts';

/**
 * `amount('0.00123', 'BTC')` is "0,00123 BTC" in Polish: every amount of coins, tokens or money a
 * screen shows, in the page's language, exact to the last digit (locales/amounts.ts). Apart from
 * i18n.tsx, which every page loads first: no screen of the first page shows an amount, and a
 * bundle keeps a module whole.
 */
export function useAmount(): (
  amount: AmountValue,
  unit: string,
  options?: AmountOptions,
) => string {
  const intl = useIntl();
  return useCallback(
    (amount: AmountValue, unit: string, options?: AmountOptions) =>
      formatAmount(intl, amount, unit, options),
    [intl],
  );
}
